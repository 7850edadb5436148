"""Playtest 9a: the words of an offer item under the keyboard's or pad's focus covered the next
row of the offer; 10c: beside the offer, they covered the board's east columns. They stand
under the offer's last item (else in the panels' column): over no item of the offer, nor its
heading, the bag or the deck, nor the action bar, nor the board."""
from __future__ import annotations

import pygame
import pytest

from ne_game.ui.look.theme import load_theme
from ne_game.ui.scenes.table.draw import chrome, gfx, layout, offer_view

WORDS = ("Settlement card: a straight row of three settlement parcels. 6 VP once developed; "
         "you may also develop the parcels shown on it now.")


@pytest.mark.parametrize("size", [(1280, 720), (1280, 800), (1920, 1080), (3840, 2160)])
@pytest.mark.parametrize("sofa", [False, True], ids=["desk", "sofa"])
def test_an_offer_items_focus_words_cover_no_other_item(size, sofa):
    pygame.init()
    lay = layout.compute(size, sofa=sofa)
    st = gfx.Style(load_theme("default"))
    surf = pygame.Surface(size)
    grid = offer_view.offer_grid(lay, list(range(9)))
    for slot, cell in grid.cells.items():
        r = chrome.draw_focus_words(surf, lay, st, WORDS, cell)
        assert r is not None
        for other in grid.cells.values():
            assert not r.colliderect(other), (slot, r, other)
        for k in chrome.stock_and_price(lay) + [lay.action_bar, lay.board_rect]:
            assert not r.colliderect(k), (slot, r, k)
        assert pygame.Rect((0, 0), size).contains(r)


@pytest.mark.parametrize("size", [(1280, 720), (1280, 800), (1920, 1080), (3840, 2160)],
                         ids=["720p", "800p", "1080p", "4k"])
@pytest.mark.parametrize("sofa", [False, True], ids=["desk", "sofa"])
def test_an_offer_items_or_bid_markers_focus_words_cover_no_panel(size, sofa, monkeypatch):
    """Playtest 10i: at 1920x1080 at sofa distance, with no room under the offer, the words of
    the offer item in the ring stood over the lower panels, hiding the other players' money
    and cards while the player chose. Under the offer where there is room, else in the
    prompt under its question, else over the log: over no panel, nor the board, the offer,
    the bag, the deck, the price, the question or the bar's buttons."""
    from tests.ui.table.test_playtest1_table import _table_at

    h = _table_at(17, size, sofa)
    try:
        t = h.top
        lay = t.lay
        boxes: list[pygame.Rect] = []
        real = chrome.draw_focus_words

        def spy(*a, **k):
            r = real(*a, **k)
            if r is not None:
                boxes.append(r)
            return r
        monkeypatch.setattr(chrome, "draw_focus_words", spy)
        h.key(pygame.K_TAB)
        plan = chrome.prompt_plan(lay, t.style, t.view.prompt, t.button_rects, t.prompt_above)
        question = pygame.Rect(plan.x, lay.action_bar.y, plan.w, chrome.prompt_room(
            lay, t.style, t.view.prompt, t.button_rects, t.prompt_above).y - lay.action_bar.y)
        cells = list(offer_view.slot_rects(lay, t.view.offer.slots).values())
        seen = 0
        for region in ("offer", "bids"):
            for hit, ring in t.focus_items[region]:
                t.focus.point_at(hit, t.focus_items)
                t.tooltip = WORDS if region == "offer" else "Take marker 2: the higher your marker, the earlier you buy."
                boxes.clear()
                t.draw_after_ui(pygame.Surface(lay.size))
                assert boxes, (region, hit)
                r = boxes[-1]
                seen += 1
                keep = ([ring, lay.board_rect, question, *t.button_rects, *lay.panels, *chrome.stock_and_price(lay)]
                        + cells)
                for k in keep:
                    assert not r.colliderect(k), (region, hit, r, k)
                assert pygame.Rect((0, 0), size).contains(r)
        assert seen
    finally:
        h.close()
