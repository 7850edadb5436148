"""Every file under levels/ loads and validates; a broken lesson or scenario names its file and key."""
from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from ne_game import rules
from ne_game.game.gamedata import load_ruleset
from ne_game.rules.errors import DataError
from ne_game.storage.paths import resource_path
from ne_game.tutorial import TutorialController, load_lesson, load_scenario, load_tutorial, matches
from ne_game.tutorial.lessons import INDEX

LEVELS = resource_path("levels")
TUTORIAL = LEVELS / "tutorial"


def test_every_file_under_levels_loads():
    files = sorted(LEVELS.rglob("*.toml"))
    assert files
    tutorial = load_tutorial()      # the index, every lesson and every scenario it names
    listed = {TUTORIAL / name for name in _index_names()}
    for path in files:
        if path.parent == LEVELS:
            load_ruleset(path.stem)                          # a board level
        elif path.parent in (TUTORIAL / "scenarios", LEVELS / "pictures"):
            state = load_scenario(path)                      # through rules.from_json
            assert rules.legal_actions(state), path          # (the title's picture is one too)
        elif path.name == INDEX:
            continue
        else:
            assert path in listed, f"{path} is not listed in {INDEX}"
            load_lesson(path, TUTORIAL)
    assert len(tutorial.lessons) >= 12


def _index_names():
    from ne_game.game.gamedata import read_toml

    return read_toml(TUTORIAL / INDEX)["lessons"]


def test_every_lesson_can_be_done_in_order():
    """Pure walk: each lesson starts on the learner's decision, and its taught action is legal there."""
    ctl = TutorialController(save_progress=False)
    ctl.begin(0)
    for k in range(ctl.count):
        lesson = ctl.lesson
        state = ctl.session.state
        assert rules.to_json(state)["current_player"] == ctl.learner, lesson.source
        if not lesson.is_reading:
            assert any(matches(lesson.expect, a) for a in rules.legal_actions(state)), lesson.source
        if k + 1 < ctl.count:
            ctl.skip()
    assert ctl.index == ctl.count - 1


@pytest.fixture
def tut_copy(tmp_path):
    dst = tmp_path / "tutorial"
    shutil.copytree(TUTORIAL, dst)
    return dst


def _break(folder: Path, name: str, old: str, new: str) -> None:
    path = folder / name
    text = path.read_text(encoding="utf-8")
    assert old in text, (name, old)
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


@pytest.mark.parametrize("name, old, new, key", [
    ("05_bid.toml", 'type = "take_bid"', 'type = "take_bids"', "expect.type"),
    ("05_bid.toml", 'then = "computers"', 'then = "robots"', "then"),
    ("06_buy_land.toml", "slot = 1\nhint", "slott = 1\nhint", "expect.slott"),
    ("06_buy_land.toml", 'title = "Buy a land tile"\n', "", "title"),
    ("07_develop.toml", 'scenario = "scenarios/develop.toml"', 'scenario = "scenarios/nope.toml"', "scenario"),
    ("13_ship_reveal.toml", 'regions = ["bag", "deck"]', 'regions = ["bagg"]', "highlight.regions"),
    ("01_goal.toml", 'type = "next"', 'type = "next"\nvalue = 3', "expect.value"),
    ("10_income.toml", '{ type = "end_turn" }]', '{ type = "end_turn", slot = 1 }]', "then[1]"),
    ("10_income.toml", '{ type = "end_turn" }]', '{ type = "dance" }]', "then[1]"),
    # expectations that can never be met fail at load, not by leaving the learner stuck
    ("06_buy_land.toml", "slot = 1\nhint", "slot = 99\nhint", "expect.slot"),
    ("06_buy_land.toml", "slot = 1\nhint", "slot = 7\nhint", "expect"),            # nothing in slot 7 fits
    ("13_ship_reveal.toml", 'type = "reveal_extra"', 'type = "announce_offer"', "expect.type"),   # wrong phase
    ("07_develop.toml", 'use = "develop"', 'use = "burn"', "expect.use"),
    # unhashable values: a DataError naming the key, never a TypeError
    ("10_income.toml", '{ type = "end_turn" }]', '{ type = ["end_turn"] }]', "then[1]"),
    ("10_income.toml", '{ type = "end_turn" }]', '{ type = { a = 1 } }]', "then[1]"),
    ("scenarios/ships.toml", 'cards = ["ship"]', 'cards = [["ship"]]', "player[0].cards"),
    ("scenarios/ships.toml", "[scenario]\n", "[scenario]\nbag_top = [[\"field\"]]\n", "scenario.bag_top"),
    ("scenarios/ships.toml", "[scenario]\n", "[scenario]\ndeck_top = [{ card = \"F2\" }]\n", "scenario.deck_top"),
])
def test_broken_lesson_names_file_and_key(tut_copy, name, old, new, key):
    _break(tut_copy, name, old, new)
    with pytest.raises(DataError) as err:
        load_tutorial(tut_copy)
    assert err.value.source.endswith(name), str(err.value)
    assert err.value.key == key, str(err.value)
    assert name in str(err.value) and key in str(err.value)


def test_a_script_that_does_not_fit_names_the_lesson(tut_copy):
    """A scripted computer action the rules refuse: loading reports the lesson file, and so
    does the pure walk of a tutorial loaded without that check."""
    _break(tut_copy, "10_income.toml", '{ type = "end_turn" }]', '{ type = "take_bid", value = 3 }]')
    with pytest.raises(DataError) as err:
        load_tutorial(tut_copy)
    assert "10_income.toml" in str(err.value) and err.value.key == "then[1]"
    ctl = TutorialController(load_tutorial(tut_copy, check_scenarios=False), save_progress=False)
    ctl.begin(0)
    with pytest.raises(DataError) as err:
        for _ in range(ctl.count - 1):
            ctl.skip()
    assert "10_income.toml" in str(err.value) and err.value.key == "then[1]"


def test_toml_syntax_error_names_file_and_line(tut_copy):
    _break(tut_copy, "03_offer.toml", 'id = "offer"', 'id = "offer')
    with pytest.raises(DataError) as err:
        load_tutorial(tut_copy)
    assert "03_offer.toml" in str(err.value) and "line 1" in str(err.value)


def test_index_problems_name_the_index(tut_copy):
    _break(tut_copy, INDEX, '"02_start_tiles.toml",', '"02_start_tiles.toml", "99_missing.toml",')
    with pytest.raises(DataError) as err:
        load_tutorial(tut_copy)
    assert "99_missing.toml" in str(err.value)


@pytest.mark.parametrize("old, new, key", [
    ("cells = [[6, 6], [6, 7]]", "cells = [[6, 6], [6, 8]]", "tile[1].cells"),        # not adjacent
    ("cells = [[6, 6], [6, 7]]", "cells = [[6, 6], [10, 0]]", "tile[1].cells"),       # off the board
    ('land = "field"\ncells = [[1, 6]', 'land = "meadow"\ncells = [[1, 6]', "tile[3].land"),
    ('phase = "start_tiles"', 'phase = "auction"', "scenario.phase"),
    ("start_player = 0", "start_player = 1", "tile"),                                 # placing order
    ("start_player = 0", "start_player = 0\ncurrent_player = 2", "scenario.current_player"),
])
def test_broken_scenario_names_file_and_key(tut_copy, old, new, key):
    _break(tut_copy, "scenarios/start.toml", old, new)
    with pytest.raises(DataError) as err:
        load_tutorial(tut_copy)
    assert "scenarios/start.toml" in str(err.value)
    assert err.value.key == key, str(err.value)


def test_scenarios_conserve_tiles_and_cards():
    for path in sorted((TUTORIAL / "scenarios").glob("*.toml")):
        snap = rules.to_json(load_scenario(path))
        lands = [t["land"] for t in snap["tiles"] if not t["start"]] + snap["bag"] + snap["discarded"]["lands"]
        lands += [o["item"]["land"] for o in snap["offer"] if o["item"]["kind"] == "land"]
        assert len(lands) == 60, path
        cards = [c for p in snap["players"] for c in p["cards"]] + snap["deck"] + snap["discarded"]["cards"]
        cards += [b["card"] for p in snap["players"] for b in p["barns"] if b["card"]]
        cards += [o["item"]["card"] for o in snap["offer"] if o["item"]["kind"] == "card"]
        assert len(cards) == 58, path
        on_board = sum(1 for t in snap["tiles"] if t["figure"])
        assert on_board + sum(snap["supply"].values()) == 34, path


def test_the_pure_layer_needs_no_pygame():
    import subprocess
    import sys

    code = ("import sys; from ne_game.tutorial import TutorialController; "
            "c = TutorialController(save_progress=False); c.begin(0); c.skip(); "
            "c.explain_illegal('cell (1, 2) is taken'); assert 'pygame' not in sys.modules")
    subprocess.run([sys.executable, "-c", code], check=True)
