from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def ne_game_home(tmp_path, monkeypatch):
    """Saves and settings go to a fresh folder for every test."""
    home = tmp_path / "ne_home"
    home.mkdir()
    monkeypatch.setenv("NE_GAME_HOME", str(home))
    return home
