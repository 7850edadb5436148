"""The lesson card never covers a player's panel (issue 35: at sofa distance it sat over the
third player's name, which the lessons talk about), in any lesson, at the desk and the sofa."""
from __future__ import annotations

import pytest

from ne_game.storage.settings import Settings
from tests.ui.harness import Harness


@pytest.mark.parametrize("size,sofa", [((1280, 720), "auto"), ((1920, 1080), "on")], ids=["720p", "1080p_sofa"])
def test_the_lesson_card_covers_no_player_panel(size, sofa):
    h = Harness(size=size, settings=Settings(animation="off", sofa=sofa))
    try:
        h.app.go("tutorial", resume=False)
        h.step(3)
        scene = h.app.top
        covered = []
        for _ in range(scene.ctl.count):
            h.step(2)
            panels = scene._table.lay.panels
            hit = [k for k, r in enumerate(panels) if scene.card.rect.colliderect(r)]
            if hit:
                covered.append((scene.ctl.index, hit))
            scene.command("skip")
        assert covered == [], f"lesson card over panels (lesson, seats): {covered}"
    finally:
        h.close()
