"""Issue 35's smaller points at the table, each held by a test: the recap beside the board
(never over it), the menu button, the money change beside the VP, the focus ring's reach, where
tooltips go, the "taken" preview, and the hand-over curtain only where it hides something."""
from __future__ import annotations

import pygame
import pytest

from ne_game import rules
from ne_game.game.session import GameSession
from ne_game.storage.settings import Settings
from ne_game.ui.scenes.table.draw import chrome, panels
from ne_game.ui.scenes.table.model.view_model import LogLine, MoneyView
from tests.history.games import play
from tests.ui.harness import Harness


def _harness(stop: int, kinds=("human", "easy", "easy", "easy"), size=(1280, 720), **settings) -> Harness:
    h = Harness(size=size, settings=Settings(animation="off", handover=False, **settings))
    h.app.go("table", session=GameSession.from_save(play(kinds, seed=3, stop=stop)))
    h.step(3)
    return h


# ---------------------------------------------------------------- the recap feed
def test_recap_feed_keeps_the_newest_lines_and_says_how_many_oldest_it_left_out():
    from ne_game.ui.scenes.table.draw import recap_strip
    from ne_game.ui.scenes.table.model.view_model import RecapView

    h = _harness(14)
    try:
        table = h.top
        lay, st = table.lay, table.style
        fams = ("palmer", "howland", "annable")
        # thirty players' turns, one move each: far more rows than the log's box holds
        lines = tuple(LogLine(fams[i % 3], f"Player {i} took bid marker 2.", True, name=f"Player {i}")
                      for i in range(30))
        _head, placed, left, note_top = recap_strip.recap_layout(lay, st, RecapView("Anne, since your last turn:", lines))
        assert placed and left == len(lines) - len(placed) > 0 and note_top > 0
        assert placed[-1].row.name == "Player 29"                  # the newest is never the one dropped
        assert [p.row.name for p in placed] == [f"Player {i}" for i in range(30 - len(placed), 30)]
        _head, placed, left, note_top = recap_strip.recap_layout(lay, st, RecapView("Anne:", lines[-1:]))
        assert left == 0 and note_top == 0 and len(placed) == 1
    finally:
        h.close()


def test_recap_feed_shows_in_the_logs_place_for_the_turn_and_a_board_click_goes_to_the_board(recap):
    from ne_game.ui.shell.ai_runner import SyncRunner

    h = _harness(12, ("human", "easy", "easy", "easy"), ai_pace="fast")
    try:
        h.app.ai_runner = SyncRunner()
        table = h.top
        session = table.session
        from ne_game.ai import make_player
        me = make_player("easy", seed=7)
        for _ in range(3000):                   # on to the person's next bids, after the others acted
            if table.human_turn and table.view.log.recap is not None and table.facts.phase == "bids":
                break
            if table.human_turn and not table.anim.busy:
                session.apply(me.choose(rules.observe(session.state, 0), session.legal_actions()))
            h.step()
        feed = table.view.log.recap
        assert feed is not None and h.showing("table")          # no card, no scene over the table
        from ne_game.ui.scenes.table.model.recap import recap_for

        expected = recap_for(table.game_log, session, 0)       # at the turn's start: what the model says
        assert expected is not None and [line.text for line in feed.lines] == [t for _s, t in expected.lines]
        assert all(line.new for line in feed.lines)
        # a click on the board's bid marker is taken at once: nothing lies over it
        value = min(table.legal_bids)
        n = len(session.actions)
        h.click(table.lay.bid_slots[value - 1])
        assert len(session.actions) == n + 1 and session.actions[-1] == {"type": "take_bid", "value": value}
    finally:
        h.close()


def test_recap_feed_is_off_with_the_setting(recap):
    h = _harness(14, ("human",) * 4, recap=False)
    try:
        table = h.top
        table.recap_since = 0
        table.update_hover(table.hover_pos)
        assert table.view.log.recap is None
        h.app.settings.recap = True
        table.update_hover(table.hover_pos)
        assert table.view.log.recap is not None
    finally:
        h.close()


def test_no_recap_scene_is_left():
    from ne_game.ui.shell import screens

    assert "recap" not in screens.SCREENS
    with pytest.raises(ImportError):
        __import__("ne_game.ui.scenes.recap")


# ---------------------------------------------------------------- the menu button
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_menu_button_in_the_top_bar_opens_the_pause_menu_and_names_its_key(size):
    h = _harness(14, size=size)
    try:
        table = h.top
        r = chrome.menu_rect(table.lay, table.style, table.view.menu)
        assert r.w > 0 and table.lay.top_bar.contains(r)
        assert not r.colliderect(table.lay.bid_track) and not r.colliderect(table.lay.status_rect)
        assert table.view.menu.keys == ()                 # the mouse: the words alone
        h.move(r.center)
        h.step(2)
        assert "menu" in table.tooltip.lower()
        h.click(r.center)
        assert type(h.top).__name__ == "PauseScene"
        h.key(pygame.K_ESCAPE)
        assert h.top is table
        h.key(pygame.K_TAB)                               # the keyboard: "Esc" on the button
        assert table.view.menu.keys == ("Esc",)
        from ne_game.ui.look import glyphs
        from ne_game.ui.scenes.table.model.view_model import menu_view
        from ne_game.ui.shell import input_map as im

        pad = menu_view(glyphs.labels_for(im.PAUSE, "pad"), "pad")      # a pad: its Start button
        assert pad.keys == ("Start",)
        # the button keeps its size and place (and its word) whatever the device: only the key changes
        rects = {tuple(chrome.menu_rect(table.lay, table.style, m))
                 for m in (menu_view((), "mouse"), menu_view(("Esc",), "keyboard"), pad)}
        assert len(rects) == 1, rects
        assert {chrome._menu_words(table.lay, table.style, m)
                for m in (menu_view((), "mouse"), menu_view(("Esc",), "keyboard"), pad)} == {True}
    finally:
        h.close()


# ---------------------------------------------------------------- money and VP
@pytest.mark.parametrize("size,sofa", [((1920, 1080), "off"), ((1920, 1080), "on"), ((1280, 720), "off")])
def test_the_money_change_sits_with_the_coin_never_beside_the_vp(size, sofa):
    h = _harness(14, size=size, sofa=sofa)
    try:
        table = h.top
        lay, st = table.lay, table.style
        surf = pygame.Surface(lay.size)
        pv = table.view.panels[0]
        got = panels.draw_money(surf, lay, st, MoneyView(0, 19, 13, 6), panels.geometry(lay, 0, pv.barn_cells))
        delta, coin = got["delta"], got["coin"]
        vp = got["vp"]      # never hidden while the change shows (playtest 9a)
        if delta.centery > coin.bottom:
            # no room on the line: it hangs just under the purse, clear of the VP
            assert delta.left <= coin.centerx <= delta.right and not delta.colliderect(vp)
            return
        # touching the purse's coin, on its row, and not between it and the VP on the VP's row
        assert 0 <= coin.left - delta.right <= lay.px(8)
        assert delta.top < coin.centery < delta.bottom
        if vp.centery > delta.bottom or vp.centery < delta.top:
            return                                        # the VP on its own row under the money
        assert vp.right <= delta.left - lay.px(8)         # "13 VP" clearly apart, then "+6 (coin)"
    finally:
        h.close()


# ---------------------------------------------------------------- the focus ring
@pytest.mark.parametrize("scale", [1.0, 1.5, 3.0])
def test_focus_ring_stays_out_of_the_gap_to_the_next_button(scale):
    from ne_game.ui.look.theme import load_theme
    from ne_game.ui.look.widgets import draw_focus_ring, ring_reach

    theme = load_theme("default")
    gap = int(round(8 * scale))                          # the table's buttons stand px(8) apart
    surf = pygame.Surface((600, 300), pygame.SRCALPHA)
    item = pygame.Rect(200, 100, int(100 * scale) // 2, int(46 * scale) // 2)
    draw_focus_ring(surf, item, theme, scale)
    ink = surf.get_bounding_rect()
    assert ink.left >= item.left - ring_reach(scale) and ink.right <= item.right + ring_reach(scale)
    assert ring_reach(scale) < gap                       # the neighbour's edge is never covered
    band = _band_width(surf, item)
    assert band >= 2                                     # still a visible band of gold
    inside = pygame.Surface((600, 300), pygame.SRCALPHA)
    draw_focus_ring(inside, item, theme, scale, inside=True)
    assert item.contains(inside.get_bounding_rect())


def _band_width(surf: pygame.Surface, item: pygame.Rect) -> int:
    y = item.centery
    return sum(1 for x in range(item.right, item.right + 20) if surf.get_at((x, y)).a)


# ---------------------------------------------------------------- tooltips
def test_tooltips_keep_clear_of_what_they_explain_and_of_the_prompt():
    h = _harness(14, ("human",) * 4)
    try:
        table = h.top
        lay, st = table.lay, table.style
        surf = pygame.Surface(lay.size)
        hint = table.face.button_rect("hint")
        assert hint is not None
        r = chrome.draw_tooltip(surf, lay, st, "Ask for a hint: a good move glows and the prompt says it.",
                                hint.center, target=hint)
        assert r is not None and not r.colliderect(lay.action_bar) and not r.colliderect(hint)
        # an offer row's words stay clear of the lesson's card (the tutorial) and of the row itself
        row = lay.offer_slots_rect.copy()
        row.height = lay.px(40)
        card = pygame.Rect(lay.board_area.x, lay.offer_slots_rect.y, lay.board_area.width, lay.px(200))
        r = chrome.draw_tooltip(surf, lay, st, "Field: a land tile. " * 4, row.center, target=row, avoid=card)
        assert r is not None and not r.colliderect(row) and not r.colliderect(card)
        # the table passes what is under the pointer
        h.move(hint.center)
        h.step(2)
        assert table.hover_rect == hint
    finally:
        h.close()


# ---------------------------------------------------------------- "taken" without a new colour
def test_a_refused_spot_shows_a_ring_and_never_paints_over_the_tile():
    from ne_game.ui.scenes.table.draw import board_view
    from ne_game.ui.scenes.table.model.view_model import BoardOverlayView, PreviewView

    h = _harness(3, kinds=("human", "human", "human", "human"))
    try:
        table = h.top
        lay, st = table.lay, table.style
        cells = ((2, 2), (3, 2))
        rect = lay.cells_rect(cells)
        surf = pygame.Surface(lay.size)
        surf.fill((10, 200, 10))
        board_view.draw_overlay(surf, lay, st, BoardOverlayView(preview=PreviewView(False, "place", (cells,), None)), 0.0)
        # the tile's own colour round the middle, where a small "no entry" sign stands (21b)
        first = lay.cell_rect(*cells[0])
        assert surf.get_at(first.center)[:3] == (10, 200, 10)
        assert surf.get_at(rect.center)[:3] != (10, 200, 10)
        assert surf.get_at((rect.x + lay.px(3), rect.centery))[:3] != (10, 200, 10)   # a ring at the edge
    finally:
        h.close()


# ---------------------------------------------------------------- the hand-over curtain
def _hot_seat(sofa_guard: bool = False) -> Harness:
    h = Harness(size=(1280, 720), settings=Settings(animation="off", handover=True))
    return h


def test_no_hand_over_in_the_start_rounds_nor_where_nothing_is_hidden(monkeypatch):
    from ne_game.ui.scenes.table.scene import TableScene

    monkeypatch.setattr(TableScene, "curtain", True)
    h = _hot_seat()
    try:
        session = GameSession.from_save(play(("human",) * 4, seed=3, stop=0))
        h.app.go("table", session=session)
        h.step(2)
        table = h.top
        curtains = 0
        while len(session.actions) < 40:
            if h.showing("handover"):
                curtains += 1
                seat = session.current_seat
                assert table.facts.phase != "start_tiles"
                assert any(b.card is not None for b in table.facts.pos.players[seat].barns)
                h.app.pop()
                continue
            legal = session.legal_actions()
            stores = [a for a in legal if a["type"] == "buy_card" and "store_in_barn" in a["use"]]
            table.act(stores[0] if stores else next((a for a in legal if a["type"] == "end_turn"), legal[0]))
            h.step(2)
        # the start rounds (every placement) and the turns with no stored card passed without one
        assert table.facts.phase != "start_tiles"
    finally:
        h.close()


def test_a_hand_over_hides_a_stored_card():
    from ne_game.ui.scenes.table.model.facts import Facts
    from ne_game.ui.scenes.table.model.handover import hides_something

    facts = None
    for stop in range(30, 120, 6):
        facts = Facts.of(GameSession.from_save(play(("human",) * 4, seed=3, stop=stop, store=True)))
        if any(hides_something(facts, s) for s in range(4)):
            break
    assert facts is not None and any(hides_something(facts, s) for s in range(4))
    start = Facts.of(GameSession.from_save(play(("human",) * 4, seed=3, stop=3)))
    assert not any(hides_something(start, s) for s in range(4))


def test_the_action_bar_keeps_the_floor_and_its_tooltip_says_the_whole_instruction():
    from ne_game import i18n

    i18n.set_language("fr")
    h = Harness(size=(1280, 720), settings=Settings(animation="off", handover=False, language="fr"))
    try:
        h.app.go("table", session=GameSession.from_save(play(("human",) * 4, seed=3, stop=14)))
        h.step(3)
        table = h.top
        assert table.view.prompt.sub
        bar = table.lay.action_bar
        h.move((bar.x + table.lay.px(40), bar.bottom - table.lay.px(6)))
        h.step(2)
        assert table.hover == ("prompt", None) and table.tooltip == table.view.prompt.sub
        words = chrome._whole_sentences(table.style, "Une phrase. Une autre phrase bien plus longue.", 12, 10_000, 1)
        assert words == ["Une phrase."]
        assert chrome._whole_sentences(table.style, "Une phrase bien trop longue.", 12, 40, 1) is None
    finally:
        h.close()
        i18n.set_language("en")


@pytest.mark.parametrize("sofa", [False, True], ids=["desk", "sofa"])
@pytest.mark.parametrize("lang", ["en", "nl", "fr"])
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)], ids=["720p", "1080p"])
def test_the_action_bar_buttons_words_fit_with_every_button_up(lang, size, sofa):
    """Hint, Store in barn, Put back, Undo and End turn at once (a card picked that a barn can
    take): each button's words fit it at the floor or larger, in its short form where the bar
    needs it (playtest: Dutch showed 'In schuur…', 'Terugleg…', 'Beurt…')."""
    from ne_game import i18n
    from ne_game.ui.scenes.table.draw.gfx import Style
    from ne_game.ui.scenes.table.draw.layout import compute
    from ne_game.ui.scenes.table.model import view_model as vm
    from ne_game.ui.scenes.table.model.view_model import Button

    app_size = size
    try:
        i18n.set_language(lang)
        buttons = (Button("hint", i18n._("Hint")), Button("store", i18n._("Store in barn"),
                   short=i18n.pgettext("short button: store in barn", "Store")),
                   Button("cancel", i18n.pgettext("put back what is picked", "Cancel"),
                          short=i18n.pgettext("short button: put back", "Back")),
                   Button("undo", i18n._("Undo"), short=i18n.pgettext("short button: undo", "Undo")),
                   Button("end_turn", i18n._("End turn"), sub=vm.income_words(5),
                          short=i18n.pgettext("short button: end turn", "Done"),
                          short_sub=i18n.nfmt("+{n} shilling", "+{n} shillings", 5)))
        h = Harness(size=app_size, settings=Settings(animation="off", sofa="off", language=lang))
        try:
            st = Style(h.app.theme, False)
            lay = compute(app_size, 4, 11, 9, frozenset({(10, 0)}), sofa=sofa)
            rects, _above = chrome.place_buttons(lay, st, buttons)
            floor = chrome.floor_px(lay)
            for b, r in zip(buttons, rects):
                fits = [w for w in (b.label, b.short) if w and st.font("bold", floor).size(w)[0] <= r.width - lay.px(8)]
                assert fits, (lang, size, b.id, b.label, b.short, r.width)
        finally:
            h.close()
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("size,sofa", [((1920, 1080), "on"), ((1280, 720), "on"), ((3840, 2160), "on")])
def test_the_vp_is_never_cut_while_the_money_changes(size, sofa, monkeypatch):
    """Playtest 7a: while Prudence's "+5" showed, her VP read "12 …". The VP shows whole, or
    waits the moment the change of money shows."""
    from tests.ui.harness import words_drawn
    h = _harness(14, size=size, sofa=sofa)
    try:
        table = h.top
        lay, st = table.lay, table.style
        surf = pygame.Surface(lay.size)
        drawn = words_drawn(monkeypatch)
        for seat, pv in enumerate(table.view.panels):
            geo = panels.geometry(lay, seat, pv.barn_cells)
            for money, vp, delta in ((14, 12, 5), (114, 112, -25), (9, 8, 0)):
                got = panels.draw_money(surf, lay, st, MoneyView(seat, money, vp, delta), geo)
                assert "vp" in got or delta, "the VP only waits while a change of money shows"
        assert drawn and not any(w.endswith("…") for w in drawn), [w for w in drawn if w.endswith("…")]
    finally:
        h.close()


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (3840, 2160)])
def test_a_panels_note_grows_with_the_window(size, monkeypatch):
    """Playtest 7a: at 4K (sofa distance off) "no cards yet" was drawn at 12 px, about 10 px tall."""
    from tests.ui.harness import texts_drawn
    h = _harness(14, size=size, sofa="off")
    try:
        table = h.top
        seen = texts_drawn(monkeypatch)
        import dataclasses
        pv = dataclasses.replace(table.view.panels[0], cards=(), start_phase=False)
        panels.draw_panel(pygame.Surface(table.lay.size), table.lay, table.style, pv, table.facts.rs)
        notes = [px for s, px in seen if s in ("no cards yet", "all start tiles placed")]
        assert notes and min(notes) >= table.lay.fs(12) * 0.9, (notes, table.lay.fs(12))
    finally:
        h.close()


def test_a_move_on_show_is_said_again_in_a_new_language():
    """Playtest 8a: after switching Dutch to French mid-game, the computer's move on show stayed
    in Dutch ("Josiah beëindigt de beurt ...") under a French prompt."""
    from ne_game import i18n, rules
    from ne_game.ui.scenes.table.model import view_model as vm
    h = _harness(14, size=(1280, 720), sofa="off")
    try:
        table = h.top
        action = rules.legal_actions(table.session.state)[0]
        table._show_ai(action)
        english = table.shown.words
        assert english
        i18n.set_language("fr")
        table.on_resize(table.lay.size)
        assert table.shown.words and table.shown.words != english
        assert table.shown.words == vm.shown_move(table.facts, action).words
    finally:
        i18n.set_language("en")
        h.close()
