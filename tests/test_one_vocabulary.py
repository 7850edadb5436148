"""One place for the seat range and the families: a game data file that seats 2 to 5 players
and adds a fifth family (Alden, initial D) is played as it says by every module — sessions and
saves, `simulate`, the setup screen, the remembered seats, the table's colours and initials —
and no module outside the rules names a family."""
from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import pygame
import pytest

from ne_game.game import data_caches, gamedata
from ne_game.storage.paths import resource_path

ROOT = Path(__file__).resolve().parent.parent

FIFTH = '''
[[families]]
id = "alden"
name = "Alden"
initial = "D"
'''


@pytest.fixture
def five_data(tmp_path, monkeypatch):
    """The shipped game data with players_min = 2, players_max = 5 and a fifth family, read as
    the game's data (the shipped themes have no colours for it)."""
    text = resource_path("assets", "data", "game.toml").read_text(encoding="utf-8")
    assert "players_min = 3\n" in text and "players_max = 4\n" in text
    text = text.replace("players_min = 3\n", "players_min = 2\n").replace("players_max = 4\n", "players_max = 5\n")
    path = tmp_path / "game.toml"
    path.write_text(text + FIFTH, encoding="utf-8")
    monkeypatch.setenv(gamedata.GAME_FILE_ENV, str(path))
    # everything read from the data once per process, in every layer
    data_caches.reset()
    yield path
    monkeypatch.delenv(gamedata.GAME_FILE_ENV)
    data_caches.reset()


def _seats(n: int):
    from ne_game.game.session import Seat, family_order

    return [Seat(f"P{k + 1}", fam, "easy" if k else "human") for k, fam in enumerate(family_order()[:n])]


def test_the_data_copy_has_the_new_range(five_data):
    rs = gamedata.default_ruleset()
    assert (rs.players_min, rs.players_max) == (2, 5) and rs.family_ids[-1] == "alden"
    assert list(gamedata.seat_counts()) == [2, 3, 4, 5] and gamedata.seat_counts_text() == "2 to 5"


def test_sessions_and_saves_take_the_data_s_seat_range(five_data):
    from ne_game.game.session import GameSession
    from ne_game.storage import saves

    for n in (2, 5):
        session = GameSession.new(_seats(n), seed=3)
        assert session.position.n == n
        session.apply(session.legal_actions()[0])
        data = json.loads(json.dumps(session.to_save()))
        saves.check_envelope(data, "save")
        again = GameSession.from_save(data)
        assert [s.family for s in again.seats] == [s.family for s in session.seats]
        assert again.actions == session.actions
    with pytest.raises(ValueError, match="2 to 5"):
        GameSession.new(_seats(5) + _seats(1), seed=3)


def test_simulate_takes_the_data_s_player_counts(five_data, capsys):
    from ne_game.cli import build_parser, main

    assert main(["simulate", "--games", "1", "--players", "5", "--seed", "2", "--json"]) == 0
    result = json.loads(capsys.readouterr().out.splitlines()[-1])
    assert len(result["seats"]) == 5
    assert build_parser().parse_args(["simulate", "--players", "2"]).players == 2
    assert build_parser().parse_args(["simulate", "--seats", "easy,easy"]).seats == ["easy", "easy"]
    with pytest.raises(SystemExit):
        build_parser().parse_args(["simulate", "--players", "6"])


def test_setup_offers_the_data_s_counts_and_settings_keep_them(five_data):
    from ne_game.storage.settings import Settings, load_settings
    from tests.ui.harness import Harness

    h = Harness(size=(1280, 720))
    try:
        h.step(2)                                   # the title, with five badges and its backdrop
        h.click(h.layout()["button_new"])
        assert h.showing("setup")
        lay = h.layout()
        assert {k for k in lay if k.startswith("count_")} == {"count_2", "count_3", "count_4", "count_5"}
        assert len(lay["rows"]) == 5 and "alden" in lay["families"][0]
        h.click(lay["count_2"])
        assert len(h.layout()["rows"]) == 2
        h.click(h.layout()["count_5"])
        h.click(h.layout()["button_start"])
        assert h.showing("who_starts")
        session = h.top.session
        assert [s.family for s in session.seats] == ["winslow", "palmer", "howland", "annable", "alden"]
        assert len(h.app.settings.last_seats) == 5
        assert len(load_settings()[0].last_seats) == 5     # saved and read back whole
    finally:
        h.close()
    five = [{"name": f"P{k}", "family": fam, "kind": "human"} for k, fam in enumerate(gamedata.default_ruleset().family_ids)]
    assert Settings(last_seats=five).normalized().last_seats == five


def test_the_table_draws_a_new_family_in_a_colour_of_its_own_with_its_initial(five_data):
    from ne_game.ui.look.theme import load_theme
    from ne_game.ui.scenes.table.draw import gfx

    assert gfx.family_initial("alden") == "D" and gfx.family_initial("winslow") == "W"
    pygame.display.init()
    try:
        pygame.display.set_mode((64, 64))
        for name in ("default", "high_contrast"):
            theme = load_theme(name)
            for colorblind in (False, True):
                style = gfx.Style(theme, colorblind)
                colours = [tuple(style.family(f)) for f in gamedata.default_ruleset().family_ids]
                assert len(set(colours)) == 5, (name, colorblind, colours)
                assert tuple(theme.family_color("alden", colorblind)) == colours[-1]   # the same everywhere
                assert gfx.badge(style, "alden", 32).get_bounding_rect().width > 20
    finally:
        pygame.display.quit()


def _shipped_families() -> list[dict[str, str]]:
    return list(gamedata.read_toml(resource_path("assets", "data", "game.toml"))["families"])


def test_no_module_outside_the_rules_names_a_family():
    """Family ids, names and initials come from the ruleset. An id appears nowhere in the code
    outside ne_game/rules (art goes by the id the data gives: f"badge_{family}"), and a name in
    no text the code shows (docstrings may tell an example)."""
    fams = _shipped_families()
    ids = re.compile("|".join(rf"(?<![A-Za-z]){re.escape(f['id'])}(?![A-Za-z])" for f in fams))
    names = {f["name"] for f in fams}
    found = []
    for path in sorted((ROOT / "ne_game").rglob("*.py")):
        rel = path.relative_to(ROOT).as_posix()
        if rel.startswith("ne_game/rules/"):
            continue
        text = path.read_text(encoding="utf-8")
        found += [f"{rel}:{text.count(chr(10), 0, m.start()) + 1}: {m.group(0)}" for m in ids.finditer(text)]
        tree = ast.parse(text)
        docs = {id(node.body[0].value) for node in ast.walk(tree)
                if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef))
                and node.body and isinstance(node.body[0], ast.Expr) and isinstance(node.body[0].value, ast.Constant)}
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docs:
                hit = sorted(n for n in names if re.search(rf"\b{n}\b", node.value))
                if hit:
                    found.append(f"{rel}:{node.lineno}: {hit}")
    assert found == [], f"families named outside the ruleset: {found}"
