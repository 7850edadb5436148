"""NE_GAME_DATA naming a file that is not game data (issue 33, finding 9): a folder, binary junk,
TOML with wrong fields or a syntax error, a missing file, a huge file. `ne-game simulate` and
`review` stop with one clear line naming the file (and the key, or the line) and exit 2, never
a traceback; the game starts with the shipped data and says so in a notice."""
from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ne_game import cli
from ne_game.game import data_caches, gamedata
from ne_game.rules.errors import DataError
from ne_game.storage import safe_io
from ne_game.storage.paths import resource_path

SHIPPED = resource_path(*gamedata.GAME_FILE)


@pytest.fixture(autouse=True)
def own_data_is_not_refused(monkeypatch):
    """Whatever a test sets aside is used again by the next one (and the caches forget it)."""
    monkeypatch.setattr(gamedata, "refused", None, raising=False)
    yield
    data_caches.reset()


def _shipped_with(old: str, new: str) -> str:
    text = SHIPPED.read_text(encoding="utf-8")
    assert old in text
    return text.replace(old, new, 1)


def bad_file(tmp_path: Path, case: str) -> Path:
    path = tmp_path / f"{case}.toml"
    if case == "folder":
        path.mkdir()
    elif case == "junk":
        path.write_bytes(bytes(range(256)) * 40)
    elif case == "wrong fields":
        path.write_text('title = "mine"\nfamilies = 3\n')
    elif case == "wrong type":
        path.write_text(_shipped_with("\nvp = 3", "\nvp = \"many\""))
    elif case == "huge count":
        path.write_text(_shipped_with("copies = 2", "copies = 1000000000000000000000000000000"))
    elif case == "syntax":
        path.write_text("[rules]\nplayers_min = 3\nplayers_max = = 4\nincome = 1\n")
    elif case == "huge":
        path.write_text("# " + "x" * (2 * safe_io.MB) + "\n")
    return path                     # "missing": never made


CASES = {
    # case: what the one line must name besides the file
    "folder": "not a regular file",
    "junk": "not text",
    "wrong fields": "key rules: missing",
    "wrong type": "cards[0].vp",
    "huge count": ".copies",
    "syntax": "line 3",
    "missing": "file not found",
    "huge": "too large",
}


@pytest.mark.parametrize("case", list(CASES))
@pytest.mark.parametrize("command", [["simulate", "--games", "1"], ["review", "x.json", "--seat", "0"]])
def test_a_command_stops_with_one_clear_line_and_code_2(tmp_path, monkeypatch, capsys, case, command):
    path = bad_file(tmp_path, case)
    monkeypatch.setenv(gamedata.GAME_FILE_ENV, str(path))
    assert cli.main(command) == 2
    out, err = capsys.readouterr()
    assert out == ""
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert str(path) in lines[0] and CASES[case] in lines[0] and "NE_GAME_DATA" in lines[0]
    assert "Traceback" not in err


def test_the_command_line_is_said_in_the_chosen_language(tmp_path, monkeypatch, capsys):
    from ne_game import i18n

    monkeypatch.setenv(gamedata.GAME_FILE_ENV, str(bad_file(tmp_path, "wrong type")))
    try:
        assert cli.main(["--lang", "nl", "simulate", "--games", "1"]) == 2
    finally:
        i18n.configure_startup(None, follow_system=False)
        i18n.set_language("en")
    err = capsys.readouterr().err
    assert "spelgegevensbestand" in err and "cards[0].vp" in err


def test_good_own_data_is_used(monkeypatch):
    monkeypatch.setenv(gamedata.GAME_FILE_ENV, str(SHIPPED))
    assert gamedata.own_data_problem() is None
    assert gamedata.game_data_path() == SHIPPED


@pytest.mark.parametrize("case", ["junk", "wrong fields", "syntax"])
def test_the_game_starts_with_the_shipped_data_and_says_which_file_could_not_be_used(tmp_path, monkeypatch, case):
    from tests.ui.harness import Harness

    path = bad_file(tmp_path, case)
    monkeypatch.setenv(gamedata.GAME_FILE_ENV, str(path))
    data_caches.reset()
    h = Harness()
    try:
        assert h.showing("title")
        assert gamedata.refused is not None and gamedata.game_data_path() == SHIPPED
        assert gamedata.default_ruleset().width == 11            # the shipped data plays
        said = [t for t in h.app.toasts.texts() if str(path) in t]
        assert said and "shipped data" in said[0] and CASES[case] in said[0], h.app.toasts.texts()
        h.click(h.layout()["button_new"])                        # and a game can be set up
        assert h.showing("setup")
    finally:
        h.close()


# ---------------------------------------------------------------- any value in any field
def _paths(value: Any, path: tuple = ()) -> list[tuple]:
    out = [path] if path else []
    if isinstance(value, dict):
        for k, v in value.items():
            out += _paths(v, path + (k,))
    elif isinstance(value, list):
        for i, v in enumerate(value[:3]):
            out += _paths(v, path + (i,))
    return out


GAME = gamedata.read_toml(SHIPPED)
LEVEL = gamedata.read_toml(gamedata.level_path("classic"))
PATHS = _paths(GAME)
VALUES = st.recursive(st.none() | st.booleans() | st.integers(-10, 10) | st.sampled_from([10**6, 10**9, 10**30])
                      | st.floats() | st.text(max_size=6),
                      lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner,
                                                                                 max_size=3),
                      max_leaves=6)


@given(st.lists(st.tuples(st.sampled_from(PATHS), VALUES), min_size=1, max_size=3))
def test_any_value_in_any_field_is_a_data_error_naming_the_file(edits):
    game = copy.deepcopy(GAME)
    for path, value in edits:
        table: Any = game
        try:
            for key in path[:-1]:
                table = table[key]
            table[path[-1]] = value
        except (KeyError, IndexError, TypeError):
            continue          # an earlier edit changed the way there
    try:
        gamedata.build_ruleset(game, LEVEL, "mine.toml", "levels/classic.toml")
    except DataError as err:
        assert err.source in ("mine.toml", "levels/classic.toml")
