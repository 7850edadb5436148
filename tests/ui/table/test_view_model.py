"""The table's view-model without a window: prompts, buttons, warnings, views as values.

Everything here runs without pygame (checked in a fresh interpreter below).
"""
from __future__ import annotations

import random
import subprocess
import sys

from ne_game import rules
from ne_game.game.gamedata import default_ruleset
from ne_game.game.session import GameSession, Seat
from ne_game.ui.scenes.table.model import view_model as vm
from ne_game.ui.scenes.table.model.facts import Facts
from ne_game.ui.scenes.table.model.interaction import Interaction
from ne_game.ui.scenes.table.model.log import GameLog

SEATS = [Seat("Ann", "winslow"), Seat("Bob", "palmer", "easy"), Seat("Cleo", "howland")]
RS = default_ruleset()


def _play_until(session, until, seed=1, limit=3000):
    rng = random.Random(seed)
    for _ in range(limit):
        if until(session):
            return True
        legal = rules.legal_actions(session.state)
        if not legal:
            return False
        buys = [a for a in legal if a["type"] in ("buy_land", "buy_card")]
        session.apply(rng.choice(buys) if buys and rng.random() < 0.7 else rng.choice(legal))
    return until(session)


def _at(session):
    facts = Facts.of(session)
    inter = Interaction(facts.state, facts.names) if facts.seat is not None else None
    return facts, inter


def test_the_view_model_needs_no_pygame():
    code = ("import sys; import ne_game.ui.scenes.table.model.view_model, ne_game.ui.scenes.table.model.facts, "
            "ne_game.ui.scenes.table.model.log, ne_game.ui.scenes.table.model.interaction; "
            "assert 'pygame' not in sys.modules, 'pygame imported'")
    subprocess.run([sys.executable, "-c", code], check=True)


def test_start_rounds_prompt_and_land_buttons():
    s = GameSession.new(SEATS, seed=5)
    facts, inter = _at(s)
    main, sub = vm.prompt_lines(facts, inter, True, False, "", {})
    assert main == f"Ann: place a start tile ({inter.start_land})."
    assert "R or the right button" in sub
    buttons = vm.buttons(facts, inter, True, {}, None, False, hints=False)
    assert [b.id for b in buttons] == ["land_settlement", "land_field", "land_pasture", "rotate"]
    assert [b for b in buttons if b.selected][0].id == f"land_{inter.start_land}"
    # a computer's turn: one button, and the prompt says what is on show
    assert [b.id for b in vm.buttons(facts, inter, False, {}, None, False, True)] == ["skip"]
    assert vm.prompt_lines(facts, inter, False, True, "Ann places a tile.", {})[0] == "Ann places a tile."
    assert vm.prompt_lines(facts, inter, False, False, "", {})[0] == "Ann (computer) is thinking…"


def test_offer_buttons_warn_when_a_choice_ends_the_game():
    s = GameSession.new(SEATS, seed=5)
    assert _play_until(s, lambda x: x.snapshot()["phase"] == "offer")
    facts, inter = _at(s)
    ends = {5: True, 6: True}
    buttons = {b.id: b for b in vm.buttons(facts, inter, True, ends, None, False, False)}
    assert buttons["announce_6"].warn == "ends game" and "ENDS THE GAME" in buttons["announce_6"].reason
    assert buttons["announce_3"].warn == "" and buttons["announce_3"].sub == "+6 cards"
    legal_n = {a["land_tiles"] for a in inter.by_type("announce_offer")}
    sub = vm.prompt_lines(facts, inter, True, False, "", ends)[1]
    if legal_n <= {5, 6}:
        assert "any choice ends the game" in sub
    else:
        assert "Careful: 5, 6 end the game." in sub
    # the engine is asked: at the start of a game no announcement ends it
    assert vm.announce_endings(facts, inter) == {}
    assert not vm.build_static(facts, inter, human_turn=True, hidden=frozenset(), lifted_from=None,
                               log=vm.LogView((), False), prompt=("", ""),
                               announce_ends={}).offer.stock_low


def test_buying_buttons_undo_reason_hint_and_end_turn_income():
    s = GameSession.new(SEATS, seed=7)
    assert _play_until(s, lambda x: x.snapshot()["phase"] == "buying"
                       and x.current() is not None and x.current().kind == "human")
    facts, inter = _at(s)
    gain = vm.end_turn_gain(facts, inter)
    assert isinstance(gain, int) and gain >= 0
    ids = [b.id for b in vm.buttons(facts, inter, True, {}, gain, False, hints=True)]
    assert ids == ["hint", "undo", "end_turn"]
    undo = vm.buttons(facts, inter, True, {}, gain, False, False)[0]
    assert not undo.enabled and undo.reason.startswith("nothing to undo")
    end = vm.buttons(facts, inter, True, {}, gain, True, False)[-1]
    assert end.label == "End turn" and f"take {gain} shillings" in end.reason
    # what "+n" is, said without hovering (playtest 9a): shillings of income
    assert end.sub == f"+{gain} shillings income" and end.short_sub == f"+{gain} shillings"
    price = facts.current_price()
    main, _ = vm.prompt_lines(facts, inter, True, False, "", {})
    assert main.startswith(f"{facts.seat_name(facts.seat)}: buy up to 2 items, {price} each")
    # pick an item: Cancel appears, and the prompt says what to do with it
    slot = min(inter.selectable_slots())
    inter.pick_slot(slot)
    ids = [b.id for b in vm.buttons(facts, inter, True, {}, gain, False, False)]
    assert "cancel" in ids
    assert vm.prompt_lines(facts, inter, True, False, "", {})[1].endswith(
        ("Right button cancels.", "Click when it glows."))


def test_views_are_values_equal_views_for_equal_positions():
    s = GameSession.new(SEATS, seed=3)
    assert _play_until(s, lambda x: len(x.actions) > 40)
    log = GameLog(s, Facts.of(s).names, RS)

    def static():
        facts, inter = _at(s)
        logv = vm.build_log(log.entries, facts, 0, 10 ** 9)
        return vm.build_static(facts, inter, human_turn=True, hidden=frozenset(), lifted_from=None,
                               log=logv, prompt=vm.prompt_lines(facts, inter, True, False, "", {}),
                               announce_ends={})

    a, b = static(), static()
    assert a == b and a is not b and hash(a.panels) == hash(b.panels)
    # a flying piece is not in the static layer: a different value, so a redraw
    facts, inter = _at(s)
    hidden = vm.build_static(facts, inter, human_turn=True, hidden=frozenset({("tile", 0)}),
                             lifted_from=None, log=a.log, prompt=("", ""),
                             announce_ends={})
    assert hidden.board != a.board and 0 in hidden.board.hidden_tiles


def test_log_listener_and_changed_since_last_turn():
    s = GameSession.new(SEATS, seed=2)
    log = GameLog(s, Facts.of(s).names, RS)
    s.add_listener(log)
    assert log.entries[0].text.startswith("A game for 3 begins.")
    assert _play_until(s, lambda x: len(x.actions) >= 9)     # three start rounds
    assert log.last_turn == {s.actor_of(i): i + 1 for i in range(9)}
    texts = [e.text for e in log.entries]
    assert sum("placed the start" in t for t in texts) == 9
    seat = s.actor_of(6)                     # the first to act in the last start round
    since = log.since_last_turn(seat)
    assert [actor for actor, _, _ in since] == [s.actor_of(7), s.actor_of(8)]
    changed = vm.changed_cells(since, seat)
    rivals = {tuple(c) for t in s.snapshot()["tiles"][-2:] for c in t["cells"]}
    assert changed == rivals and log.since_last_turn(s.actor_of(8)) == []
    # a continued game gets the same log back from the session's kept states
    again = GameLog(s, Facts.of(s).names, RS)
    # (the last move began round 1: its line says so, no "goes on in round 1" after it: playtest 1)
    assert [e.text for e in again.entries] == texts[1:]
    assert texts[-1].startswith("Round 1 begins")
    assert again.last_turn == log.last_turn


def test_shown_move_glows_and_says_it_in_the_present():
    s = GameSession.new(SEATS, seed=5)
    facts, _ = _at(s)
    a = rules.legal_actions(s.state)[0]
    shown = vm.shown_move(facts, a)
    assert set(shown.cells) == {tuple(c) for c in a["cells"]}
    assert shown.words.startswith("Ann places the start")
