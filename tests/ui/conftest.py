"""UI tests run headless: dummy video/audio drivers and a throw-away user data folder.

The environment is set at import time, before any test module imports pygame.
"""
from __future__ import annotations

import os
import tempfile

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# A fallback home for anything imported before the fixture runs; every test gets its own.
os.environ.setdefault("NE_GAME_HOME", tempfile.mkdtemp(prefix="ne_game_home_"))

import pytest  # noqa: E402


@pytest.fixture(autouse=True)
def ne_game_home(tmp_path, monkeypatch):
    """Every UI test gets an empty user data folder (saves, settings)."""
    home = tmp_path / "ne_home"
    home.mkdir()
    monkeypatch.setenv("NE_GAME_HOME", str(home))
    return home
