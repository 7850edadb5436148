"""Playtest 10e: with the keyboard focus on "End turn", its words ("Return your bid marker ...")
stood just above the action bar, over the board's last row. A focused bar button's words go
where they cover nothing of the board: in the prompt's second line under its question, or the
fixed place by the log; never over the ring's button or the question. Every bar button: Hint,
Undo, End turn, and the land choices of the start rounds."""
from __future__ import annotations

import pygame
import pytest

from ne_game import i18n
from ne_game.ui.scenes.table.draw import chrome, offer_view
from tests.ui.table.test_playtest1_table import _table_at


@pytest.mark.parametrize("stop", [2, 17], ids=["start", "buying"])
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)], ids=["720p", "1080p"])
@pytest.mark.parametrize("sofa", [False, True], ids=["desk", "sofa"])
@pytest.mark.parametrize("lang", ["en", "nl"])
def test_a_bar_buttons_focus_words_cover_nothing_of_the_board(stop, size, sofa, lang, monkeypatch):
    i18n.set_language(lang)
    h = _table_at(stop, size, sofa)
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
        plan = chrome.prompt_plan(lay, t.style, t.view.prompt, t.button_rects, t.prompt_above)
        question = pygame.Rect(plan.x, lay.action_bar.y, plan.w, chrome.prompt_room(
            lay, t.style, t.view.prompt, t.button_rects, t.prompt_above).y - lay.action_bar.y)
        h.key(pygame.K_TAB)         # the keyboard in use: its prompt and its ring
        cells = list(offer_view.slot_rects(lay, t.view.offer.slots).values())
        seen = 0
        for b, ring in zip(t.buttons, t.button_rects):
            t.focus.point_at(("button", b.id), t.focus_items)
            t.tooltip = t.tooltip or "Return your bid marker and take 4 shillings income"
            boxes.clear()
            t.draw_after_ui(pygame.Surface(lay.size))
            if not boxes:
                continue
            r = boxes[-1]
            seen += 1
            assert not r.colliderect(lay.grid_rect), (b.id, r, lay.grid_rect)
            # the offer's column only under its last item (playtest 11a: not over the panels)
            assert not any(r.colliderect(c) for c in cells + chrome.stock_and_price(lay)), (b.id, r)
            assert not r.colliderect(ring) and not any(r.colliderect(o) for o in t.button_rects), (b.id, r)
            assert not r.colliderect(question), (b.id, r, question)
        assert seen
    finally:
        i18n.set_language("en")
        h.close()


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)], ids=["720p", "1080p"])
@pytest.mark.parametrize("sofa", [False, True], ids=["desk", "sofa"])
def test_a_bar_buttons_words_under_the_pointer_cover_nothing_of_the_board(size, sofa, monkeypatch):
    """Playtest 10g: the mouse resting on End turn drew its words (a floating tooltip) over the
    board's row 9: they go where the keyboard's go."""
    h = _table_at(17, size, sofa)
    try:
        t = h.top
        lay = t.lay
        boxes: list[pygame.Rect] = []
        floating: list[str] = []
        real_focus, real_tip = chrome.draw_focus_words, chrome.draw_tooltip

        def spy_focus(*a, **k):
            r = real_focus(*a, **k)
            if r is not None:
                boxes.append(r)
            return r

        def spy_tip(surf, lay_, st, text, *a, **k):
            if text:
                floating.append(text)
            return real_tip(surf, lay_, st, text, *a, **k)
        monkeypatch.setattr(chrome, "draw_focus_words", spy_focus)
        monkeypatch.setattr(chrome, "draw_tooltip", spy_tip)
        seen = 0
        for b, r in zip(t.buttons, t.button_rects):
            h.move(r.center)
            t.tooltip = t.tooltip or "Return your bid marker and take 4 shillings income"
            t.tip_stale = False
            boxes.clear()
            floating.clear()
            t.draw_after_ui(pygame.Surface(lay.size))
            assert not floating, (b.id, floating)
            if not boxes:
                continue
            seen += 1
            assert not boxes[-1].colliderect(lay.grid_rect), (b.id, boxes[-1], lay.grid_rect)
            assert not boxes[-1].colliderect(r), (b.id, boxes[-1])
        assert seen
    finally:
        h.close()


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (3840, 2160)], ids=["720p", "1080p", "4k"])
def test_focus_words_under_the_keys_keep_to_their_box(size):
    # playtest 18a: "Parcel D4: free." under the keys lost the foot of its letters below its box
    from ne_game.ui.look.theme import load_theme
    from ne_game.ui.scenes.table.draw import layout
    from ne_game.ui.scenes.table.draw.gfx import Style
    from ne_game.ui.scenes.table.draw.text_floor import floor_px

    pygame.display.set_mode((64, 64))
    lay = layout.compute(size)
    st = Style(load_theme("default"))
    px = max(floor_px(lay), lay.fs(13))
    tall = st.font("body", px).get_height()
    bar = lay.action_bar
    free = pygame.Rect(bar.x + lay.px(8), bar.y + bar.height // 2, bar.width // 2, tall + lay.px(2))
    room = free.inflate(0, tall)
    ring = lay.cell_rect(3, 3)
    magenta = (255, 0, 255)
    surf = pygame.Surface(lay.size)
    surf.fill(magenta)
    r = chrome.draw_focus_words(surf, lay, st, "Parcel D4: free, so you may place it (gjpqy).", ring, room=room, free=free)
    assert r is not None and free.contains(r)
    spill = [(x, y) for x in range(r.x, r.right) for y in range(r.bottom, r.bottom + lay.px(8))
             if tuple(surf.get_at((x, y)))[:3] != magenta]
    assert not spill, spill[:5]


def test_a_parcels_tooltip_leaves_the_other_lit_parcels_in_sight():
    # playtest 18a: "Parcel C9: free." covered the neighbouring parcel the tile might go to
    from ne_game.ui.look.theme import load_theme
    from ne_game.ui.scenes.table.draw import layout
    from ne_game.ui.scenes.table.draw.gfx import Style

    pygame.display.set_mode((64, 64))
    lay = layout.compute((1920, 1080))
    st = Style(load_theme("default"))
    surf = pygame.Surface(lay.size)
    here = lay.cell_rect(4, 4)
    # a lit parcel two rows up, where the words would go to leave the parcel's neighbours in sight
    glow = [lay.cell_rect(4, 2)]
    r = chrome.draw_tooltip(surf, lay, st, "Parcel E5: free. On the coast: ships may stand here.",
                            here.center, target=here, glow=glow)
    assert r is not None and not any(r.colliderect(g) for g in glow), r


def test_a_parcels_tooltip_stays_by_the_pointer():
    # playtest 19b: with places to choose from on the board, A9's words went to the top of the
    # screen, over the round track, to keep clear of them
    from ne_game.ui.look.theme import load_theme
    from ne_game.ui.scenes.table.draw import layout
    from ne_game.ui.scenes.table.draw.gfx import Style

    pygame.display.set_mode((64, 64))
    lay = layout.compute((1920, 1080))
    st = Style(load_theme("default"))
    surf = pygame.Surface(lay.size)
    here = lay.cells_rect([(0, 8), (1, 8)])            # a start tile's two parcels under the pointer
    glow = [lay.cell_rect(x, y) for x in range(11) for y in range(9)
            if (x <= 1 and y <= 1) or (x >= 8 and y >= 7) or (2 <= x <= 4 and y == 8)]
    r = chrome.draw_tooltip(surf, lay, st, "Parcel A9: free.", lay.cell_rect(0, 8).center, target=here, glow=glow)
    assert r is not None and r.colliderect(lay.grid_rect) and abs(r.centery - here.centery) < 4 * lay.cell, r
