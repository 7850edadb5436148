"""Tutorial tests: headless drivers and an empty user data folder per test (progress file)."""
from __future__ import annotations

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def ne_game_home(tmp_path, monkeypatch):
    home = tmp_path / "ne_home"
    home.mkdir()
    monkeypatch.setenv("NE_GAME_HOME", str(home))
    return home
