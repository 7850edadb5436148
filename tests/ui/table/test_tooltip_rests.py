"""Playtest 10c: a mouse tooltip left over covered an offer card. A tooltip shows only for what
is under the pointer now: when the game moves on under a resting pointer (a computer plays, the
offer is dealt, a click was taken) it goes until the pointer moves; and an item's tooltip never
covers another item of the offer."""
from __future__ import annotations

import pygame
import pytest

from ne_game.ui.look.theme import load_theme
from ne_game.ui.scenes.table.draw import chrome, gfx, layout, offer_view
from tests.ui.table.test_playtest1_table import _table_at

WORDS = ("Pasture land tile: one parcel. Its buyer places it at once next to their own pasture, "
         "never next to another family's pasture (corners are fine). Price now: 10 shillings.")


def test_the_game_moving_on_under_a_resting_pointer_takes_its_tooltip_away(monkeypatch):
    h = _table_at(17, (1920, 1080))
    try:
        table = h.top
        drawn: list[str] = []
        real = chrome.draw_tooltip

        def spy(surf, lay, st, text, *a, **k):
            if text:
                drawn.append(text)
            return real(surf, lay, st, text, *a, **k)
        monkeypatch.setattr(chrome, "draw_tooltip", spy)
        cell = offer_view.slot_rects(table.lay, table.view.offer.slots)[4]
        h.move(cell.center)
        h.step(2)
        assert drawn, "the pointer's item has its words"
        # the game moves on (another seat's move, the offer dealt): the pointer has not moved
        action = next(a for a in table.inter.legal if a["type"] == "end_turn")
        table.session.apply(action)
        h.step(2)
        drawn.clear()
        table.draw_after_ui(pygame.Surface(table.lay.size))
        assert drawn == [], drawn
        # the pointer moves: the words of what is under it now
        h.move((cell.centerx + 2, cell.centery + 2))
        h.step(2)
        drawn.clear()
        table.draw_after_ui(pygame.Surface(table.lay.size))
        assert (drawn != []) == bool(table.tooltip)
    finally:
        h.close()


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (3840, 2160)])
@pytest.mark.parametrize("sofa", [False, True], ids=["desk", "sofa"])
def test_an_offer_items_tooltip_covers_no_other_item(size, sofa):
    pygame.init()
    lay = layout.compute(size, sofa=sofa)
    st = gfx.Style(load_theme("default"))
    surf = pygame.Surface(size)
    cells = offer_view.slot_rects(lay, list(range(9)))
    for slot, cell in cells.items():
        for pos in (cell.center, cell.topleft, (cell.right - 2, cell.bottom - 2)):
            r = chrome.draw_tooltip(surf, lay, st, WORDS, pos, target=cell, offer=list(cells.values()))
            assert r is not None
            for other, oc in cells.items():
                assert other == slot or not r.colliderect(oc), (slot, pos, r, other, oc)


def test_a_parcel_s_words_keep_off_a_figure_where_they_can():
    # playtest 21a: "Parcel C3: free." went over the player's ship on B1
    from ne_game.ui.scenes.table.draw.gfx import Style

    pygame.display.set_mode((64, 64))
    lay = layout.compute((1920, 1080), 4, missing={(10, 0)})
    st = Style(load_theme("default"))
    surf = pygame.Surface(lay.size)
    cell = lay.cell_rect(2, 2)
    words = "Parcel C3: free."
    plain = chrome.draw_tooltip(surf, lay, st, words, cell.center, target=cell)
    assert plain is not None
    # a figure just where the words went without one
    near = cell.inflate(2 * lay.cell, 2 * lay.cell)
    ship = next(lay.cell_rect(x, y) for y in range(lay.rows) for x in range(lay.cols)
                if lay.cell_rect(x, y).colliderect(plain) and not lay.cell_rect(x, y).colliderect(near))
    placed = chrome.draw_tooltip(surf, lay, st, words, cell.center, target=cell, figures=[ship])
    assert placed is not None and not placed.colliderect(ship), (placed, ship)
    assert not placed.colliderect(cell)
