"""Playtest 4a: the table's findings (brief 42a)."""
from __future__ import annotations

import pytest

from ne_game import i18n
from tests.ui.table.test_playtest3a_table import _recap_turn


@pytest.mark.parametrize("size,sofa", [((1920, 1080), True), ((1280, 720), False)], ids=["1080p-sofa", "720p-desk"])
def test_the_recap_shows_every_opponents_round_as_pictures(recap, size, sofa):
    """(b)1: the recap showed one to three sentences and "... and 8 more moves": as a row of
    pictures a player, a round of three opponents fits the log's box, every move drawn, and each
    row's tooltip says the row in words. (Since playtest 9a the newest row has words beside its
    pictures; since 10e at sofa distance the older rows keep their latest moves.)"""
    from ne_game.ui.scenes.table.controls import hit
    from ne_game.ui.scenes.table.draw import recap_strip
    h = _recap_turn(size, sofa)
    try:
        table = h.top
        feed = table.view.log.recap
        assert feed is not None
        moves = [line for line in feed.lines if line.family is not None]
        assert len(moves) >= 10
        assert all(line.glyph for line in moves), "every move has its picture"
        _head, placed, left, _note = recap_strip.recap_layout(table.lay, table.style, feed)
        # playtest 9a: the newest row is in words a newcomer reads, the older ones as pictures
        # where the words leave no room; at sofa distance (playtest 10e) every opponent still
        # keeps a line: the older ones their latest moves, led by how many they leave out
        assert not placed[-1].row.terse
        assert left == 0, f"{left} moves left out of {len(moves)}"
        assert len(placed) == 3
        for p in placed:
            assert table.lay.log_rect.contains(p.rect)
            got = hit.hit_test(p.rect.center, table.lay, table.style, table.view, table.facts, (), [])
            assert got == ("recap", p.row.words)
            assert p.row.name in p.row.words
    finally:
        h.close()
        i18n.set_language("en")


def test_keys_and_the_pad_reach_the_log(recap):
    """(b)1: keys only, nothing reached the log (PgUp, L, F1 did nothing; Controls listed no
    log key): PgUp reads back a page, PgDn comes back to the newest (and the recap), the pad's
    right stick does the same, and Controls lists both."""
    import pygame

    from ne_game.ui.scenes import controls
    from ne_game.ui.shell import input_map as im
    from tests.ui.table.driver import post_plan
    h = _recap_turn((1280, 720), False)
    try:
        table = h.top
        assert table.view.log.recap is not None
        post_plan([("key", pygame.K_PAGEUP)])
        h.step(2)
        assert table.log_scroll > 0 and table.view.log.recap is None and table.view.log.scrolled
        post_plan([("key", pygame.K_PAGEDOWN)])
        h.step(2)
        assert table.log_scroll == 0 and table.view.log.recap is not None
        pads = im.Pads()
        ev = pygame.event.Event(pygame.CONTROLLERAXISMOTION, instance_id=0, axis=pygame.CONTROLLER_AXIS_RIGHTY, value=-32000)
        assert [c.name for c in pads._axis(0, ev.axis, ev.value)] == [im.LOG_BACK]
        assert pads._axis(0, ev.axis, -31000) == ()          # held: once a push
        listed = {c: (keys, pad) for c, _w, keys, pad in controls.bindings()}
        assert listed[im.LOG_BACK][0] and listed[im.LOG_BACK][1]
        assert listed[im.LOG_FORWARD][0] and listed[im.LOG_FORWARD][1]
    finally:
        h.close()


def test_the_new_since_your_turn_mark_lies_outside_the_tile_in_no_family_colour():
    """(a)2: the gold frame lay over a new tile's owner badge, and its gold was near Palmer's
    yellow: the mark is wholly outside the tile (clear over it), white on a dark edge; playtest
    10c: a dashed ring read as Annable's dotted boundary, so it is four corner brackets, a shape
    no estate's boundary has: along each side it stops, where a boundary runs on."""
    import pygame

    from ne_game.ui.scenes.table.draw import changed_halo
    pygame.init()
    for cell in (40, 67, 90, 180):
        size = (2 * cell, cell)
        s = changed_halo.halo(cell, size)
        m = changed_halo.margin(cell)
        assert s.get_size() == (size[0] + 2 * m, size[1] + 2 * m)
        inner = pygame.Rect(m, m, *size)
        assert all(s.get_at((x, y)).a == 0 for x in range(inner.left, inner.right, 3)
                   for y in range(inner.top, inner.bottom, 3)), "nothing over the tile"
        seen = {tuple(s.get_at((x, y)))[:3] for x in range(0, s.get_width()) for y in range(0, m)}
        assert changed_halo.WHITE[:3] in seen and changed_halo.DARK[:3] in seen, "white on a dark edge"
        # the top edge is marked at both corners and clear in the middle
        top = [max(s.get_at((x, y)).a for y in range(m)) > 0 for x in range(s.get_width())]
        assert top[m] and top[-m - 1] and not top[s.get_width() // 2]


@pytest.mark.parametrize("sofa", [False, True], ids=["desk", "sofa"])
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)], ids=["720p", "1080p"])
def test_the_focused_buttons_words_stand_next_to_it(size, sofa):
    """(b)2: the Hint button's words stood over Prudence's panel across the screen: a button
    of the action bar has them just above the bar over it, an offer item under the offer
    (playtest 10c: beside the offer's column they covered the board's east columns); never
    over the item itself."""
    import pygame

    from ne_game.ui.scenes.table.draw import chrome
    from ne_game.ui.scenes.table.draw.offer_view import slot_rects
    from tests.ui.table.test_playtest1_table import _table_at
    h = _table_at(10, size, sofa)
    try:
        table = h.top
        lay, st = table.lay, table.style
        surf = pygame.Surface(lay.size)
        words = "Show me a good move: the hard computer player's choice glows"
        room = chrome.prompt_room(lay, st, table.view.prompt, table.button_rects, table.prompt_above)
        for b, ring in zip(table.buttons, table.button_rects):
            r = chrome.draw_focus_words(surf, lay, st, words, ring, room=room)
            # in the prompt's second line under its question, else the fixed place by the log
            # (playtest 10e: just above the bar they covered the board's last row)
            assert r is not None and not r.colliderect(ring) and not r.colliderect(lay.grid_rect), (b.id, r, ring)
            assert room.contains(r) or not r.colliderect(lay.action_bar), (b.id, r, room)
        cells = slot_rects(lay, table.view.offer.slots)
        ring = next(iter(cells.values()))
        r = chrome.draw_focus_words(surf, lay, st, "Offer slot 1: a land tile.", ring)
        # under the offer's last item (playtest 9a: under the item they covered the next row
        # of the offer; 10c: beside the column, the board's east columns)
        assert r is not None and not r.colliderect(lay.board_rect) and lay.offer_rect.contains(r)
        assert not any(r.colliderect(c) for c in cells.values())
    finally:
        h.close()


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (3840, 2160)], ids=["720p", "1080p", "4k"])
@pytest.mark.parametrize("lang", ["en", "fr", "nl"])
def test_a_computers_level_shows_on_every_computer_panel_or_on_none(size, lang):
    """(a)7: only Mercy's panel showed "(Moyen)": the panel whose family name was short kept
    the level. The sub lines go equally far down their lists on every panel."""
    import dataclasses

    from ne_game.game.session import GameSession
    from ne_game.storage.settings import Settings
    from ne_game.ui.scenes.table.draw import panels
    from ne_game.ui.text.words import level_name
    from tests.history.games import play
    from tests.ui.harness import Harness
    i18n.set_language(lang)
    h = Harness(size=size, settings=Settings(animation="off", handover=False, language=lang))
    try:
        h.app.go("table", session=GameSession.from_save(play(("human", "medium", "medium", "medium"), seed=3, stop=20)))
        h.step(3)
        table = h.top
        lay, st, views = table.lay, table.style, table.view.panels
        level = level_name("medium")
        # a family of a short name beside the shipped ones (the data may add families): it
        # would keep its level where the others lose theirs
        long = "Ox"
        views = views[:3] + (dataclasses.replace(views[3], subs=(
            f"family {long} · computer ({level})", f"{long} · computer ({level})", f"{long} · computer", "computer")),)
        depth = panels.sub_depth(lay, st, views)
        shown = []
        for v in views[1:]:
            font, width = panels._sub_room(lay, st, v)
            shown.append(level in panels._sub_at(v, depth, font, width))
        assert len(set(shown)) == 1, shown
    finally:
        h.close()
        i18n.set_language("en")


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (3840, 2160)], ids=["720p", "1080p", "4k"])
@pytest.mark.parametrize("sofa", [False, True], ids=["desk", "sofa"])
def test_a_bid_markers_words_cover_neither_the_track_nor_the_board(size, sofa):
    """Playtest 5a: the words of a focused bid marker stood by the log, across the screen from
    the track; 10c: hung under it, they covered the board's first row. They stand under the
    offer (its last item), clear of every marker and of the board."""
    import pygame

    from ne_game.ui.scenes.table.draw import chrome
    from tests.ui.table.test_playtest1_table import _table_at
    h = _table_at(10, size, sofa)
    try:
        table = h.top
        lay, st = table.lay, table.style
        surf = pygame.Surface(lay.size)
        from ne_game.ui.look.widgets import draw_focus_ring
        for slot in (lay.bid_slots[0], lay.bid_slots[4], lay.bid_slots[-1]):
            # the ring as the table draws it: it reaches out of the track's band (playtest 7a)
            ring = draw_focus_ring(surf, slot, table.app.theme, lay.base, round_=True)
            r = chrome.draw_focus_words(surf, lay, st, "Bid marker 5: you pay 5 for each item you buy. " * 2, ring)
            assert r is not None and not r.colliderect(ring)
            assert not r.colliderect(lay.board_rect) and not r.colliderect(lay.bid_track), (r, ring)
            assert pygame.Rect((0, 0), lay.size).contains(r)
    finally:
        h.close()


def test_a_two_line_name_banner_never_covers_the_cards_picture():
    """Playtest 5a: in Dutch at sofa distance "Neder-zetting" on two lines covered a settlement
    card's pattern. The card is drawn shorter, its picture ending where the banner starts; as wide
    as before (playtest 10c: a narrower card left the banner sticking out on both sides)."""
    import pygame

    from ne_game.ui.scenes.table.draw import card_face, offer_view
    ir = pygame.Rect(100, 50, 120, 170)
    one = card_face.card_geometry(ir.size)["ribbon"].move(ir.topleft)
    banner = pygame.Rect(ir.x - 6, one.bottom - one.height * 2, ir.width + 12, one.height * 2)
    card = offer_view._above_banner(ir, banner)
    ribbon = card_face.card_geometry(card.size)["ribbon"].move(card.topleft)
    assert card.top == ir.top and card.centerx == ir.centerx and card.height < ir.height
    assert abs(ribbon.top - banner.top) <= 2        # the picture ends where the banner starts
    assert ribbon.bottom <= banner.bottom + 1       # and the card's own ribbon is under the banner
    assert card.width == ir.width and card.x == ir.x


@pytest.mark.parametrize("size", [(1920, 1080), (1280, 720)], ids=["1080p", "720p"])
@pytest.mark.parametrize("lang", ["en", "nl", "fr"])
def test_every_offer_name_keeps_to_one_line_at_sofa_distance(size, lang):
    """Playtest 7a: in Dutch at sofa distance "Neder-zetting" and "Pelgrim-vader" broke over two
    lines that covered the items' pictures (and a smaller card made the offer uneven). A name a
    little wider than its room is set a little condensed, at the floor's height. Playtest 9a then
    held every name to its card's width: English and French names keep to one line there; the
    Dutch "Nederzetting" and "Pelgrimvader", too wide even condensed, break once (never cut)."""
    from ne_game import i18n
    from ne_game.ui.scenes.table.draw import card_face, offer_view
    from ne_game.ui.scenes.table.draw.card_face import TEXT_FLOOR
    from ne_game.ui.text.words import land_title
    from tests.ui.table.test_playtest1_table import _table_at
    i18n.set_language(lang)
    h = _table_at(14, size, True)
    most = 2 if lang == "nl" else 1
    try:
        table = h.top
        lay, st, rs = table.lay, table.style, table.facts.rs
        floor = max(TEXT_FLOOR, lay.text_min)
        grid = offer_view.offer_grid(lay, table.view.offer.slots)
        cell = grid.cells[1]
        ir = offer_view.item_image_rect(lay, cell, "card")
        for card in rs.card_ids:
            assert 1 <= len(offer_view._banner_lines(lay, st, ir, cell, card, rs, floor)) <= most, \
                card_face.ribbon_title(st, card, rs)
        tile = offer_view.item_image_rect(lay, cell, "land")
        under = offer_view.land_label_room(lay, tile, offer_view.card_rect(cell, grid.tab_h),
                                           max(2, tile.width // 22), cell)
        room = under.width - 2 * lay.px(offer_view.OFFER_NAME_PAD)
        for land in rs.lands:
            lines = offer_view.name_lines(st, land_title(land), "heading", floor, room)
            assert len(lines) <= most and offer_view._lines_fit(st, lines, floor, room), land
    finally:
        h.close()
        i18n.set_language("en")


def test_a_bar_buttons_words_leave_the_prompt_whole():
    """Playtest 7a: the focused offer-size button's words ("3 land tiles and 6 cards") covered the
    bar's question ("how many land tiles in the offer?"); playtest 8a: moved under the question,
    they covered the keys' line; playtest 10e: above the bar they covered the board's last row.
    They stand in the prompt's second line (the keys'), under the question, or in their fixed
    place while the Hint's move is said there: never over the question or the board."""
    import pygame

    from ne_game.ui.scenes.table.draw import chrome
    from tests.ui.table.test_playtest1_table import _table_at
    for stop in range(9, 60):
        h = _table_at(stop, (1920, 1080), True)
        if h.top.facts.phase == "offer" and h.top.human_turn and len(h.top.buttons) >= 3:
            break
        h.close()
    try:
        table = h.top
        lay, st = table.lay, table.style
        room = chrome.prompt_room(lay, st, table.view.prompt, table.button_rects, table.prompt_above)
        for ring in table.button_rects:
            for keep in (False, True):          # the Hint's move in the prompt, or not
                r = chrome.draw_focus_words(pygame.Surface(lay.size), lay, st, "4 land tiles and 5 cards", ring,
                                            keep_prompt=keep, room=room)
                assert r is not None and not r.colliderect(lay.grid_rect), r
                assert (room.contains(r) and not keep) or not r.colliderect(lay.action_bar), (r, keep)
    finally:
        h.close()


@pytest.mark.parametrize("lang", ["en", "fr"])     # (the Dutch "3 terreinkaartjes" needs the short words)
def test_the_offer_size_buttons_keep_their_whole_words_where_they_fit_a_little_smaller(lang, monkeypatch):
    """Playtest 8a: at 4K (sofa distance off) the French offer-size buttons read "3 / +6" where
    "3 tuiles / +6 cartes" had room a little smaller."""
    import pygame

    from ne_game import i18n
    from ne_game.ui.scenes.table.draw import chrome
    from tests.ui.harness import words_drawn
    from tests.ui.table.test_playtest1_table import _table_at
    i18n.set_language(lang)
    h = _table_at(12, (3840, 2160), False)
    try:
        table = h.top
        announce = [b for b in table.buttons if b.id.startswith("announce")]
        assert announce
        drawn = words_drawn(monkeypatch)
        chrome.draw_buttons(pygame.Surface(table.lay.size), table.lay, table.style, table.buttons, table.button_rects,
                            None)
        for b in announce:
            assert chrome._button_words(b, False)[0] in drawn, (b.label, drawn)
    finally:
        h.close()
        i18n.set_language("en")
