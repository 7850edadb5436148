"""Playtest 10a: Sofa distance "On" at a fullscreen 1080p "changed nothing I could see" (Auto had
already chosen it). The Auto choice says what it chose."""
from __future__ import annotations

import pytest

from ne_game.storage.settings import Settings
from tests.ui.harness import Harness


@pytest.mark.parametrize("sofa, said", [("on", "Auto (on now)"), ("off", "Auto (off now)")])
def test_auto_says_what_it_chose(sofa, said):
    h = Harness(size=(1920, 1080), settings=Settings(sofa=sofa))
    try:
        h.app.go("settings")
        h.step(2)
        row = next(r for r in h.top._rows() if r[0] == "sofa")
        assert dict(row[2])["auto"] == said
    finally:
        h.close()
