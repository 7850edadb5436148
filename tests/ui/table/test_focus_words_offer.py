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
