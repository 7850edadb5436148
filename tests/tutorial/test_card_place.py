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


@pytest.mark.parametrize("size", [(1536, 864), (1280, 720), (1920, 1080)])
def test_at_sofa_distance_the_card_leaves_the_bid_markers_and_most_of_the_board(size):
    """Playtest 1 (a)1: at sofa distance in a 1536x864 window the lesson card covered the
    bid-marker row and most of the board. It stays between the top bar and the action bar, off
    the offer and the panels, no taller than SOFA_CARD_SHARE of that room (a long lesson is
    read a page at a time, and its pages show every paragraph)."""
    from ne_game.ui.scenes.tutorial import card as card_module

    h = Harness(size=size, settings=Settings(animation="off", sofa="on"))
    try:
        h.app.go("tutorial", resume=False)
        h.step(3)
        scene = h.app.top
        paged = 0
        for _ in range(scene.ctl.count):
            h.step(2)
            lay, card = scene._table.lay, scene.card
            r = card.rect
            for name, keep in (("top bar", lay.top_bar), ("action bar", lay.action_bar), ("offer", lay.offer_rect)):
                assert not r.colliderect(keep), (scene.ctl.index, name, r, keep)
            room = card.room()
            assert r.h <= room.h * card_module.SOFA_CARD_SHARE + lay.px(2) or card.brief is False and \
                card.pages is not None and all(len(p) == 1 for p in card.pages), (scene.ctl.index, r, room)
            if card.pages is not None and len(card.pages) > 1:
                paged += 1
                _title, paras = card._texts()
                assert sorted(k for page in card.pages for k in page) == list(range(len(paras)))
                assert "page" in {bid for bid, _label, _on, _r in card.buttons}
                scene.command("page")
                h.step()
                assert card.page == 1
            scene.command("skip")
        assert paged > 0
    finally:
        h.close()
