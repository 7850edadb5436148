"""Playtest 3a (issue 35): the table's findings."""
from __future__ import annotations

import pytest

from ne_game import i18n
from ne_game.game import gamedata
from ne_game.game.session import GameSession
from ne_game.storage.settings import Settings
from ne_game.ui.scenes.table.draw import gfx
from ne_game.ui.text.words import figure_title, land_title
from tests.history.games import play
from tests.ui.harness import Harness, words_drawn


def _drawn_words(size, lang, stop, monkeypatch):
    drawn: list[str] = []
    real = gfx.Style.text

    def text(style, s, role, px, color):
        drawn.append(str(s))
        return real(style, s, role, px, color)
    h = Harness(size=size, settings=Settings(animation="off", sofa="on", language=lang, handover=False))
    try:
        i18n.set_language(lang)
        h.app.go("table", session=GameSession.from_save(play(("human",) * 4, seed=3, stop=stop)))
        h.step(3)
        monkeypatch.setattr(gfx.Style, "text", text)
        h.app.relayout()
        h.step(2)
        offer = h.top.session.position.offer
        rs = gamedata.default_ruleset()
        names = []
        for o in offer:
            if o.kind == "land":
                names.append(land_title(o.land))
            else:
                spec = rs.cards[o.card]
                names.append(land_title(spec.land) if spec.land else figure_title(spec.figure))
        return names, drawn
    finally:
        monkeypatch.undo()
        h.close()
        i18n.set_language("en")


# ------------------------------------------------ (a)1: the offer's names read at the sofa's floor
@pytest.mark.parametrize("lang", ["en", "nl", "fr"])
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)], ids=["720p", "1080p"])
def test_every_offer_item_is_named_at_sofa_distance(size, lang, monkeypatch):
    """Sofa distance took the names off the offer (blank ribbons, tiles without "Field"): each
    item's name is drawn whole, on its card's banner or under its tile, in one line or broken
    once with a hyphen ("Neder-zetting"), never cut with "…" and never left out."""
    names, drawn = _drawn_words(size, lang, 20, monkeypatch)
    assert names
    joined = {w.rstrip("-") for w in drawn}
    for name in names:
        whole = name in joined
        split = any(a.endswith("-") and a[:-1] + b == name for a, b in zip(drawn, drawn[1:]))
        assert whole or split, (lang, size, name)
    assert not any(w.endswith("…") for w in drawn if len(w) > 1), [w for w in drawn if w.endswith("…")]


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (1440, 1080)], ids=["720p", "1080p", "4:3"])
def test_sofa_panels_say_who_is_a_computer(size, monkeypatch):
    """Sofa distance dropped "· computer" from the panels (their compact header had no room for
    the family line): a line under it says it for each computer seat, at the sofa's floor."""
    drawn: list[str] = []
    real = gfx.Style.text

    def text(style, s, role, px, color):
        drawn.append(str(s))
        return real(style, s, role, px, color)
    h = Harness(size=size, settings=Settings(animation="off", sofa="on", handover=False))
    try:
        h.app.go("table", session=GameSession.from_save(play(("human", "easy", "easy", "easy"), seed=3, stop=20)))
        h.step(3)
        monkeypatch.setattr(gfx.Style, "text", text)
        h.app.relayout()
        h.step(2)
        said = [w for w in drawn if "computer" in w]
        assert len(said) >= 3, drawn
    finally:
        monkeypatch.undo()
        h.close()


# ------------------------------------------------ (b)2: a start tile that fits only the other way
def _start_state():
    from ne_game import rules
    save = play(("human",) * 4, seed=9, stop=12)
    return save, rules.replay(save["players"], save["seed"], save["variant"] or None, save["actions"][:9])


def test_a_start_tile_that_fits_only_the_other_way_turns_by_itself():
    """Seed 9, the tenth start tile: no parcel takes a field across, twelve take it down. The
    bar said "Glowing parcels fit" and nothing glowed until R: the tile turns by itself."""
    from ne_game.ui.scenes.table.model.interaction import Interaction
    _save, state = _start_state()
    inter = Interaction(state)
    assert "field" in inter.start_lands()
    inter.choose_start_land("field")
    assert inter.start_targets(), "the field start tile shows where it fits at once"
    assert inter.orient == 1


def test_a_start_tile_turned_where_nothing_takes_it_says_so():
    from tests.ui.table.driver import DT, make_app
    save, _state = _start_state()
    save = dict(save, actions=save["actions"][:9])
    app = make_app((1280, 720))
    app.go("table", session=GameSession.from_save(save))
    app.step(DT)
    scene = app.top
    scene.inter.choose_start_land("field")
    scene.inter.rotate()          # by hand, back across: nothing fits
    scene.refresh_interaction()
    app.step(DT)
    assert not scene.inter.start_targets()
    assert "No parcel fits it this way" in scene.view.prompt.sub
    assert "Glowing" not in scene.view.prompt.sub
    # keys and pad see the main line (their Turn input in the bar's row of controls)
    assert "this way: turn it" in scene.view.prompt.main


# ------------------------------------------------ (b)1: the recap shows a whole round
def _recap_turn(size, sofa, lang="en"):
    from ne_game import rules
    from ne_game.ai import make_player
    from ne_game.ui.shell.ai_runner import SyncRunner
    h = Harness(size=size, settings=Settings(animation="off", sofa="on" if sofa else "off", language=lang,
                                             handover=False, ai_pace="fast"))
    i18n.set_language(lang)
    h.app.go("table", session=GameSession.from_save(play(("human", "easy", "easy", "easy"), seed=3, stop=30)))
    h.step(3)
    h.app.ai_runner = SyncRunner()
    table, me, seen = h.top, make_player("easy", seed=7), 0
    for _ in range(6000):
        feed = table.view.log.recap
        if table.human_turn and feed is not None and table.facts.phase == "buying" and not table.anim.busy:
            seen += 1
            if seen > 2 and len(feed.lines) >= 10:
                break
        if table.human_turn and not table.anim.busy:
            table.session.apply(me.choose(rules.observe(table.session.state, 0), table.session.legal_actions()))
        h.step()
    return h


def test_the_recap_shows_a_whole_round_of_three_opponents_at_1080p(recap):
    """The recap showed the last one to three moves and "... and 9 more moves": a player's
    moves are one paragraph under the name, each in a few words, so a round of three computer
    players' moves (bids, buys, majorities, end of turn) shows whole at 1920x1080."""
    from ne_game.ui.scenes.table.draw import recap_strip
    h = _recap_turn((1920, 1080), False)
    try:
        table = h.top
        feed = table.view.log.recap
        assert feed is not None
        moves = [line for line in feed.lines if line.family is not None]
        assert len(moves) >= 10
        _head, _placed, left, _note = recap_strip.recap_layout(table.lay, table.style, feed)
        assert left == 0, f"{left} moves left out of {len(moves)}"
        assert all(line.short for line in moves)       # every move said in a few words
    finally:
        h.close()
        i18n.set_language("en")


@pytest.mark.parametrize("sofa", [False, True], ids=["desk", "sofa"])
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)], ids=["720p", "1080p"])
def test_the_focus_words_leave_the_log_and_the_recap_in_sight(size, sofa):
    """Keys-only, the focused item's words took the log's place: the recap was never seen.
    They stand above the log now (over the panels), never over the ring's item, the board,
    the offer or the action bar."""
    import pygame

    from ne_game.ui.scenes.table.draw import chrome
    h = Harness(size=size, settings=Settings(animation="off", sofa="on" if sofa else "off", handover=False))
    try:
        h.app.go("table", session=GameSession.from_save(play(("human",) * 4, seed=3, stop=20)))
        h.step(3)
        lay, st = h.top.lay, h.top.style
        surf = pygame.Surface(lay.size)
        words = "Pasture land tile: one parcel. Its buyer places it at once next to their own pasture. "
        r = chrome.draw_focus_words(surf, lay, st, words)
        assert r is not None and not r.colliderect(lay.log_rect)
        for k in (lay.board_rect, lay.offer_rect, lay.action_bar):
            assert not r.colliderect(k)
        ring = lay.panels[-1]          # the ring on the lowest panel (a barn): the words go elsewhere
        r2 = chrome.draw_focus_words(surf, lay, st, words, ring)
        assert r2 is not None and not r2.colliderect(ring) and not r2.colliderect(lay.log_rect)
    finally:
        h.close()


# ------------------------------------------------ (b)4: the end's round, said alike
def test_the_game_over_status_and_the_log_name_the_same_round():
    """The final header said "After 12 rounds" while the log said "Round 13 begins": the engine
    ends the game at the offer of a round that cannot be filled (that round began). Both say
    the game ended at the offer of that round."""
    import re

    from ne_game import rules
    from ne_game.ui.scenes.table.model.log import GameLog
    save = play(("easy",) * 4, seed=3)
    session = GameSession.from_save(save)
    pos = rules.position(session.state)
    assert pos.phase == "game_over"
    log = GameLog(session, tuple(f"P{i}" for i in range(pos.n)), session.state.rs)
    began = [int(m.group(1)) for e in log.entries for m in [re.search(r"Round (\d+) begins", e.text)] if m]
    assert began and began[-1] == pos.round
    assert any(f"the game ends at the offer of round {pos.round}" in e.text for e in log.entries[-3:])
    h = Harness(size=(1280, 720), settings=Settings(animation="off", handover=False))
    try:
        h.app.go("table", session=GameSession.from_save(save))
        h.step(3)
        table = next(s for s in h.app.stack if type(s).__name__ == "TableScene")
        assert table.view.status.line1 == f"Ended at the offer of round {pos.round}"
    finally:
        h.close()


# ------------------------------------------------ (b)3: tooltips beside, in free space
@pytest.mark.parametrize("sofa", [False, True], ids=["desk", "sofa"])
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)], ids=["720p", "1080p"])
def test_an_offer_items_tooltip_leaves_the_counts_and_the_price_in_sight(size, sofa):
    """The offer item's tooltip hid the bag's and deck's counts and the offer's price; a
    parcel's tooltip covered the tile it spoke of (the row below). Neither happens now."""
    import pygame

    from ne_game.ui.scenes.table.draw import chrome
    from ne_game.ui.scenes.table.draw.offer_view import slot_rects
    h = Harness(size=size, settings=Settings(animation="off", sofa="on" if sofa else "off", handover=False))
    try:
        h.app.go("table", session=GameSession.from_save(play(("human",) * 4, seed=3, stop=20)))
        h.step(3)
        lay, st = h.top.lay, h.top.style
        surf = pygame.Surface(lay.size)
        words = ("Pasture land tile: one parcel. Its buyer places it at once next to their own pasture, "
                 "never next to another family's pasture (corners are fine). Price now: 3 shillings.")
        for slot, cell in slot_rects(lay, list(range(9))).items():
            for pos in (cell.midtop, cell.center):
                r = chrome.draw_tooltip(surf, lay, st, words, pos, target=cell)
                assert r is not None and not r.colliderect(cell), (slot, pos)
                for k in chrome.stock_and_price(lay):
                    assert not r.colliderect(k), (slot, pos, r, k)
        g = lay.grid_rect
        for cx, cy in ((6, 8), (0, 0), (10, 8), (5, 4)):       # G9 (playtest 3a), corners, middle
            cell = lay.cell_rect(cx, cy)
            r = chrome.draw_tooltip(surf, lay, st, "G9 touches a start tile of Mercy (Palmer): start tiles "
                                    "may not touch.", cell.center, target=cell)
            near = cell.inflate(2 * lay.cell, 2 * lay.cell).clip(g)
            assert r is not None and not r.colliderect(near), ((cx, cy), r, near)
    finally:
        h.close()


# ------------------------------------------------ (a) glow: as strong at sofa distance as at the desk
@pytest.mark.parametrize("sofa", [False, True], ids=["desk", "sofa"])
def test_the_legal_parcels_glow_never_fades_to_faint(sofa):
    """79_afterR (sofa distance): the legal parcels' glow read faint. At the pulse's weakest
    the glow's edge still stands out from the sand as at its strongest half."""
    import math

    import pygame

    from ne_game.ui.scenes.table.draw import board_view, layout
    from ne_game.ui.scenes.table.draw.gfx import Style
    from ne_game.ui.scenes.table.model.view_model import BoardOverlayView, TargetGlow
    h = Harness(size=(1536, 864), settings=Settings(animation="off", sofa="on" if sofa else "off", handover=False))
    try:
        lay = layout.compute((1536, 864), sofa=sofa)
        st = Style(h.app.theme)
        view = BoardOverlayView(targets=(TargetGlow("highlight_legal", "fill", (((3, 3), (3, 4)),)),))
        sand = (222, 200, 150)
        r = lay.cells_rect(((3, 3), (3, 4)))

        def contrast(t_now: float) -> int:
            surf = pygame.Surface(lay.size)
            surf.fill(sand)
            board_view.draw_overlay(surf, lay, st, view, t_now)
            return max(sum(abs(a - b) for a, b in zip(surf.get_at((x, y))[:3], sand))
                       for x in range(r.x, r.right, 2) for y in (r.centery,))
        weakest = contrast(3 * math.pi / 8)          # sin(4 t) = -1
        strongest = contrast(math.pi / 8)            # sin(4 t) = 1
        assert weakest >= strongest // 2, (weakest, strongest)
    finally:
        h.close()


# ------------------------------------------------ (a)3: land names on a plate, off the painted sea
@pytest.mark.parametrize("sofa", [False, True], ids=["desk", "sofa"])
def test_a_land_tiles_name_sits_on_a_plate_not_on_the_waves(sofa):
    """"Pasture" read on the sea's wave strokes: under its tile the name has a plate of its
    own, so around the words no pixel of the sea (here a loud stand-in) shows."""
    import pygame

    from ne_game.ui.scenes.table.draw import layout
    from ne_game.ui.scenes.table.draw.gfx import Style
    from ne_game.ui.scenes.table.draw.offer_view import _land_item, card_rect, item_image_rect, tab_height
    h = Harness(size=(1920, 1080), settings=Settings(animation="off", handover=False))
    try:
        lay = layout.compute((1920, 1080), sofa=sofa)
        st = Style(h.app.theme)
        rs = gamedata.default_ruleset()
        from ne_game.ui.scenes.table.draw.offer_view import slot_rects
        cell = slot_rects(lay, list(range(9)))[0]
        ir, cr = item_image_rect(lay, cell, "land"), card_rect(cell, tab_height(lay))
        loud = (255, 0, 255)
        surf = pygame.Surface(lay.size)
        surf.fill(loud)
        floor = max(12, lay.text_min)
        _land_item(surf, lay, st, ir, cr, "pasture", rs.lands, floor, lifted=False, cell=cell)
        edge = max(2, ir.width // 22)
        # the name's row under the tile: where words are, the plate is around them
        row_y = range(ir.bottom + edge + lay.px(4), cr.bottom - lay.px(6))
        inked = [(x, y) for y in row_y for x in range(cell.x, cell.right)
                 if surf.get_at((x, y))[:3] != loud]
        assert inked, "no name under the tile"
        xs = [x for x, _y in inked]
        words = pygame.Rect(min(xs), row_y.start, max(xs) - min(xs), len(row_y))
        mid_y = words.centery
        # across the name's middle line, between its first and last inked pixel: no sea
        assert all(surf.get_at((x, mid_y))[:3] != loud for x in range(words.x + 1, words.right - 1))
    finally:
        h.close()



def test_an_extra_land_tile_too_narrow_for_its_name_is_never_cut(monkeypatch):
    """Playtest 4b: an extra item in the replay's crowded row showed "F…" (its name cut, no
    hover). A name that does not fit even in halves is left to the tile's art and tooltip."""
    import pygame

    from ne_game.ui.look.theme import load_theme
    from ne_game.ui.scenes.table.draw import layout, offer_view

    pygame.init()
    drawn = words_drawn(monkeypatch)
    lay = layout.compute((1920, 1080))
    st = gfx.Style(load_theme("default"))
    surf = pygame.Surface((400, 300), pygame.SRCALPHA)
    ir = pygame.Rect(100, 60, 40, 40)                     # a half-size extra card's tile
    cr = pygame.Rect(98, 40, 44, 80)
    lands = gamedata.default_ruleset().lands
    for land in lands:
        offer_view._land_item(surf, lay, st, ir, cr, land, lands, 12, lifted=False)
    assert not any(s.endswith("…") for s in drawn), drawn


@pytest.mark.parametrize("size,sofa", [((1920, 1080), True), ((1280, 720), False), ((1536, 864), True)])
def test_the_recaps_heading_is_never_cut_in_french(size, sofa, monkeypatch):
    """Playtest 5a: "Sam, depuis votre tour…": a heading too wide at the floor drops the name."""
    import pygame

    from ne_game.ui.look.theme import load_theme
    from ne_game.ui.scenes.table.draw import layout, recap_strip, text_floor
    from ne_game.ui.scenes.table.model.view_model import RecapView

    pygame.init()
    cut: list[str] = []
    monkeypatch.setattr(text_floor, "note_text", lambda kind, s: cut.append(s) if kind == "cut" else None)
    i18n.set_language("fr")
    try:
        lay = layout.compute(size, sofa=sofa)
        view = RecapView(i18n.fmt("{name}, since your last turn:", name="Marguerite-Henriette"), ())
        recap_strip.recap_layout(lay, gfx.Style(load_theme("default")), view)
        assert cut == []
    finally:
        i18n.set_language("en")


def test_an_extra_card_too_narrow_for_its_name_is_never_cut(monkeypatch):
    """Playtest 5a: the extra card a ship's majority revealed showed "B…" in a crowded row."""
    import pygame

    from ne_game.ui.look.theme import load_theme
    from ne_game.ui.scenes.table.draw import layout, offer_view

    pygame.init()
    drawn = words_drawn(monkeypatch)
    lay = layout.compute((1920, 1080), sofa=True)
    st = gfx.Style(load_theme("default"))
    surf = pygame.Surface((400, 300), pygame.SRCALPHA)
    rs = gamedata.default_ruleset()
    ir = pygame.Rect(100, 60, 36, 50)
    for card in rs.card_ids:
        lines = offer_view._banner_lines(lay, st, ir, ir.inflate(4, 4), card, rs, lay.text_min)
        if lines:
            offer_view._name_banner(surf, lay, st, ir, ir.inflate(4, 4), card, rs, lay.text_min, lines)
    assert not any(s.endswith("…") for s in drawn), drawn
