"""Playtest 10e: after the mouse picked an offer item (a land tile to place), the item's words
stayed, drawn beside the offer's column over the glowing parcel to click next. Once an item is
picked its words wait until the pointer moves off it, and an offer item's tooltip never covers
a parcel that glows as a place to click."""
from __future__ import annotations

import pygame
import pytest

from ne_game.ui.look.theme import load_theme
from ne_game.ui.scenes.table.draw import chrome, gfx, layout, offer_view
from tests.ui.table.test_playtest1_table import _table_at

WORDS = ("Pasture land tile: one parcel. Its buyer places it at once next to their own pasture, "
         "never next to another family's pasture (corners are fine). Price now: 4 shillings. "
         "Pick this item, then choose where it goes.")


def _spy(monkeypatch) -> list[str]:
    drawn: list[str] = []
    real = chrome.draw_tooltip

    def spy(surf, lay, st, text, *a, **k):
        if text:
            drawn.append(text)
        return real(surf, lay, st, text, *a, **k)
    monkeypatch.setattr(chrome, "draw_tooltip", spy)
    return drawn


def test_a_picked_items_words_wait_until_the_pointer_leaves_it(monkeypatch):
    h = _table_at(17, (1920, 1080))
    try:
        table = h.top
        drawn = _spy(monkeypatch)
        cells = offer_view.slot_rects(table.lay, table.view.offer.slots)
        slot = next(s for s in table.selectable_slots if s in cells)
        cell = cells[slot]
        h.move(cell.center)
        h.step(2)
        assert drawn, "the pointer's item has its words before it is picked"
        h.click(cell.center)
        assert table.inter.sel is not None, "the item is picked"
        for pos in (cell.center, (cell.centerx + 3, cell.centery + 2)):
            h.move(pos)         # resting on the item, or moving a little on it
            h.step(2)
            drawn.clear()
            table.draw_after_ui(pygame.Surface(table.lay.size))
            assert drawn == [], drawn
        h.move((cell.right + table.lay.px(40), cell.bottom + table.lay.px(40)))
        h.step(2)
        h.move(cell.center)     # back on it after leaving: its words again
        h.step(2)
        drawn.clear()
        table.draw_after_ui(pygame.Surface(table.lay.size))
        assert (drawn != []) == bool(table.tooltip)
    finally:
        h.close()


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (3840, 2160)])
@pytest.mark.parametrize("sofa", [False, True], ids=["desk", "sofa"])
def test_an_offer_items_tooltip_covers_no_glowing_parcel(size, sofa):
    pygame.init()
    lay = layout.compute(size, sofa=sofa)
    st = gfx.Style(load_theme("default"))
    surf = pygame.Surface(size)
    cells = offer_view.slot_rects(lay, list(range(9)))
    # every parcel glows: wherever the words go off the offer, they must not be on the board
    glow = [lay.cell_rect(x, y) for x in range(lay.cols) for y in range(lay.rows)]
    for slot, cell in cells.items():
        for pos in (cell.center, cell.topleft, (cell.right - 2, cell.bottom - 2)):
            r = chrome.draw_tooltip(surf, lay, st, WORDS, pos, target=cell, offer=list(cells.values()),
                                    glow=glow)
            assert r is not None
            assert not any(r.colliderect(g) for g in glow), (slot, pos, r)
            for other, oc in cells.items():
                assert other == slot or not r.colliderect(oc), (slot, pos, r, other, oc)
