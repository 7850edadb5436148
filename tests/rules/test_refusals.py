"""Structured refusals: every raise site names its rule with a documented code, and no
English message shows a raw coordinate such as "(3, 4)" or "[-1, 2]"."""
from __future__ import annotations

import ast
import copy
import random
import re
from pathlib import Path

import pytest

from ne_game import rules
from ne_game.rules.errors import REFUSAL_CODES, brief, cell_label
from ne_game.sim import RandomPlayer

RULES_DIR = Path(rules.__file__).parent
RAW_COORD = re.compile(r"[\(\[]\s*-?\d+\s*,\s*-?\d+\s*[\)\]]")


def test_every_raise_site_passes_a_documented_code():
    """Static: each IllegalAction(...) built in ne_game/rules passes code= with a code from the table."""
    sites = 0
    for path in sorted(RULES_DIR.glob("*.py")):
        if path.name == "errors.py":
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", None) == "IllegalAction":
                sites += 1
                codes = [k.value for k in node.keywords if k.arg == "code"]
                assert codes, f"{path.name}:{node.lineno}: IllegalAction without code="
                assert isinstance(codes[0], ast.Constant), f"{path.name}:{node.lineno}: code must be a literal"
                assert codes[0].value in REFUSAL_CODES, f"{path.name}:{node.lineno}: undocumented {codes[0].value!r}"
    assert sites >= 50


def _mutations(rng: random.Random, action: dict, width: int, height: int):
    """Illegal-looking variants of a legal action: other values, off-board cells, wrong types."""
    junk = [None, True, -1, 99, 2 ** 80, "x" * 200, [], {}, [[[]]], 1.5, [-1, 2], [width, 0], [0, height],
            [0, -3], [[-1, 0], [0, 0]]]
    for key in action:
        if key == "type":
            continue
        for value in rng.sample(junk, 5):
            yield {**action, key: value}
    for key, value in action.items():
        if isinstance(value, list) and value and isinstance(value[0], int):
            x, y = value
            for dx, dy in ((1, 0), (0, 1), (-1, 0), (0, -1), (5, 5), (-20, 0), (0, 20)):
                yield {**action, key: [x + dx, y + dy]}
        if isinstance(value, dict):
            (use, where), = value.items()
            for other in ("develop", "figure_on", "store_in_barn", "burn"):
                yield {**action, key: {other: where}}
            if use == "develop":
                cells = copy.deepcopy(where)
                cells[0] = [cells[0][0] + rng.choice((-1, 1, 2)), cells[0][1]]
                yield {**action, key: {use: cells}}
                yield {**action, key: {use: where + where[:1]}}
                yield {**action, key: {use: where[:-1]}}
    yield {**action, "extra": 1}
    yield {k: v for k, v in action.items() if k != list(action)[-1]} if len(action) > 1 else {"type": "fly"}


def _illegal_tries(seeds=range(6), players=(3, 4), every=3):
    """(state, action) pairs from seeded games at many points, most of them illegal."""
    every_kind = [{"type": t, **{f: 0 for f in fields}} for t, fields in rules.engine.FIELDS.items()]
    for seed in seeds:
        for n in players:
            rng = random.Random(seed * 10 + n)
            state, player = rules.new_game(players=n, seed=seed), RandomPlayer(seed, 0.8)
            rs = state.rs
            step = 0
            while True:
                legal = rules.legal_actions(state)
                if not legal:
                    for a in every_kind:
                        yield state, a
                    break
                if step % every == 0:
                    for a in rng.sample(legal, min(3, len(legal))):
                        for bad in _mutations(rng, a, rs.width, rs.height):
                            yield state, bad
                    for a in rng.sample(every_kind, 3):
                        yield state, a
                    yield state, "end_turn"
                    yield state, {"type": ["deep"] * 3}
                state = rules.apply_action(state, player.choose(None, legal))
                step += 1


def test_fuzzed_illegal_actions_are_refused_with_a_code_cells_and_no_raw_coordinates():
    seen = set()
    refused = 0
    for state, action in _illegal_tries():
        try:
            rules.apply_action(state, action)
        except rules.IllegalAction as err:
            refused += 1
            message = str(err)
            assert err.code != "illegal" and err.code in REFUSAL_CODES, (err.code, message, action)
            assert not RAW_COORD.search(message), (message, action)
            assert len(message) < 300, message
            for cell in err.cells:
                assert len(cell) == 2 and all(type(v) is int for v in cell), (err.code, err.cells)
                assert rules.on_board(state, list(cell)), (err.code, err.cells, message)
            for value in err.params.values():
                assert not isinstance(value, (dict, set)), (err.code, err.params)
            seen.add(err.code)
    assert refused > 3000
    # the fuzzer reaches most rules; the rarer ones have targeted tests in the other files
    assert len(seen) >= 35, sorted(REFUSAL_CODES - seen)


def test_off_board_cells_say_which_edge_they_pass():
    state = rules.new_game(players=3, seed=1)
    rs = state.rs
    cases = {(-1, 2): ("west", "column A"), (rs.width, 0): ("east", f"column {cell_label(rs.width - 1, 0)[:-1]}"),
             (2, -1): ("north", "row 1"), (0, rs.height): ("south", f"row {rs.height}")}
    for (x, y), (edge, words) in cases.items():
        action = {"type": "place_start_tile", "land": rs.lands[0], "cells": [[x, y], [x, y + 1]]}
        with pytest.raises(rules.IllegalAction) as info:
            rules.apply_action(state, action)
        assert info.value.code == "off_board"
        assert info.value.params["edge"] == edge
        assert f"would reach past {words}" in str(info.value)


def test_refusals_name_cells_as_the_board_labels_them():
    from tests.rules.helpers import buying_position, tile
    state = buying_position([tile(0, "field", [(3, 4), (3, 5)], start=True),
                             tile(1, "field", [(5, 4), (5, 5)], start=True)],
                            {0: {"kind": "land", "land": "field"}})
    with pytest.raises(rules.IllegalAction) as info:
        rules.apply_action(state, {"type": "buy_land", "slot": 0, "cell": [4, 4]})
    err = info.value
    assert err.code == "rival_contact"
    assert str(err) == "cell E5 touches Palmer's field"
    assert err.cells == ((4, 4), (5, 4))
    assert err.params == {"cell": "E5", "touching": "F5", "owner": 1, "owner_name": "Palmer", "land": "field"}
    with pytest.raises(rules.IllegalAction) as info:
        rules.apply_action(state, {"type": "buy_land", "slot": 4, "cell": [2, 4]})
    assert info.value.code == "slot_empty" and info.value.params["slot_label"] == "5"
    assert str(info.value) == "there is nothing in slot 5"


def test_too_poor_and_bid_taken_carry_their_numbers():
    from tests.rules.helpers import buying_position, tile
    state = buying_position([tile(0, "field", [(3, 4), (3, 5)], start=True)],
                            {0: {"kind": "land", "land": "field"}}, money=[5, 12, 12, 12])
    with pytest.raises(rules.IllegalAction) as info:
        rules.apply_action(state, {"type": "buy_land", "slot": 0, "cell": [2, 4]})
    assert info.value.code == "too_poor" and info.value.params == {"money": 5, "cost": 10}


def test_messages_never_recurse_or_explode_on_hostile_values():
    state = rules.new_game(players=3, seed=0)
    deep: list = []
    for _ in range(5000):
        deep = [deep]
    for action in ({"type": deep}, {"type": "place_start_tile", "land": deep, "cells": deep},
                   {"type": "place_start_tile", "land": "field", "cells": [deep, deep]},
                   {"type": "x" * 100_000}, {"type": "take_bid", "value": 10 ** 5000}):
        with pytest.raises(rules.IllegalAction) as info:
            rules.apply_action(state, action)
        assert len(str(info.value)) < 300
    assert brief(deep) == "a list" and brief(10 ** 5000) == "a very large number"


def test_replay_keeps_the_refusals_structure():
    with pytest.raises(rules.IllegalAction) as info:
        rules.replay(4, 77, None, [{"type": "end_turn"}])
    assert info.value.code == "replay_failed"
    assert info.value.params["refusal"] == "wrong_phase" and info.value.params["step"] == 1
