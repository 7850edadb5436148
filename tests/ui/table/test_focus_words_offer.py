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


def _every_focus_words(h, monkeypatch):
    """(region, hit, words' rect, ring) for every item the keyboard's ring reaches now, with
    the words the game itself gives it."""
    t = h.top
    boxes: list[pygame.Rect] = []
    real = chrome.draw_focus_words

    def spy(*a, **k):
        r = real(*a, **k)
        if r is not None:
            boxes.append(r)
        return r
    monkeypatch.setattr(chrome, "draw_focus_words", spy)
    h.key(pygame.K_TAB)
    out = []
    for region, items in list(t.focus_items.items()):
        for hit, ring in items:
            t.focus.point_at(hit, t.focus_items)
            t.update_hover(ring.center)
            boxes.clear()
            t.draw_after_ui(pygame.Surface(t.lay.size))
            if boxes:
                out.append((region, hit, boxes[-1], ring))
    return out


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("stop", [2, 17], ids=["start", "buying"])
@pytest.mark.parametrize("size", [(1280, 720), (1280, 800), (1920, 1080), (3840, 2160)],
                         ids=["720p", "800p", "1080p", "4k"])
@pytest.mark.parametrize("sofa", [False, True], ids=["desk", "sofa"])
def test_no_focus_words_over_the_panels_or_the_recap(size, sofa, stop, lang, monkeypatch):
    """Playtest 11a: the words of a focused parcel ("Parcel B8: free.") covered the last
    panel (1080p, and 720p in French), an offer item's the log where the recap of the others'
    moves stands (1080p sofa), so the player could not read it while choosing. Every focus
    target's words (parcel, offer item, bid marker, bar button, panel) go into the prompt's
    room under its question, else under the offer, else their leading whole sentences there:
    over no panel, nor the log, nor the board, nor the ring."""
    from ne_game import i18n
    from tests.ui.table.test_playtest1_table import _table_at

    if lang != "en" and (size, sofa) not in (((1280, 720), False), ((1920, 1080), True)):
        pytest.skip("the languages at the narrowest room and at the sofa's 1080p")
    i18n.set_language(lang)
    h = _table_at(stop, size, sofa)
    try:
        lay = h.top.lay
        seen = _every_focus_words(h, monkeypatch)
        assert seen
        for region, hit, r, ring in seen:
            for k in [lay.log_rect, lay.grid_rect, ring, *lay.panels]:
                assert not r.colliderect(k), (region, hit, r, k)
            assert pygame.Rect((0, 0), size).contains(r), (region, hit, r)
    finally:
        i18n.set_language("en")
        h.close()


def test_a_parcels_focus_words_leave_the_prompts_keys_in_sight_where_there_is_room(monkeypatch):
    """At 1920x1080 at sofa distance the prompt has room under its row of keys: a focused
    parcel's words stand there, the keys to press (Enter, Esc, Tab...) still in sight."""
    from tests.ui.table.test_playtest1_table import _table_at

    h = _table_at(2, (1920, 1080), True)
    try:
        t = h.top
        seen = [(hit, r) for region, hit, r, _ring in _every_focus_words(h, monkeypatch) if region == "board"]
        assert seen
        room = chrome.prompt_room(t.lay, t.style, t.view.prompt, t.button_rects, t.prompt_above)
        keys = [pygame.Rect(x, cy - gh // 2, w, gh)
                for _items, (x, cy), gh, w in chrome.key_rows(t.lay, t.style, t.view.prompt, t.button_rects,
                                                             t.prompt_above, room.y)]
        assert keys
        for hit, r in seen:
            assert not any(r.colliderect(k) for k in keys), (hit, r, keys)
    finally:
        h.close()
