"""One vocabulary: a new plain figure kind and a new land-use card, added in the game data file
alone, are bought, placed, scored, drawn, described in help and heard, and the computer
players use them (a full simulated game, the smoke test and a screenshot of the table)."""
from __future__ import annotations

import ast
import os
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from ne_game import rules
from ne_game.game import data_caches, gamedata
from ne_game.storage.paths import resource_path

ROOT = Path(__file__).resolve().parent.parent

EXTRA = '''
[figures.mill]
count = 8
majority_vp = 3
coastal_only = false
movable = false
name = "mill"
plural = "mills"
title = "Mill"
with_article = "a mill"
card_with_article = "a mill card"

[[cards]]
id = "mill"
figure = "mill"
copies = 8
vp = 1

[[cards]]
id = "P4T"
land = "pasture"
pattern = "XXX/.X."
copies = 3
vp = 9
'''


@pytest.fixture
def mill_data(tmp_path, monkeypatch):
    """The shipped game data plus a mill (a plain figure) and card P4T, read as the game's data."""
    path = tmp_path / "game.toml"
    path.write_text(resource_path("assets", "data", "game.toml").read_text(encoding="utf-8") + EXTRA,
                    encoding="utf-8")
    monkeypatch.setenv(gamedata.GAME_FILE_ENV, str(path))
    # everything read from the data once per process, the hard player's forecast too (fitted
    # for the shipped figures, it is refused for these and hard judges by hand, logged)
    data_caches.reset()
    yield path
    monkeypatch.delenv(gamedata.GAME_FILE_ENV)
    data_caches.reset()


def _play(kinds, seed):
    from ne_game.ai import make_player

    state = rules.new_game(len(kinds), seed)
    players = [make_player(k, seed=seed * 10 + i, time_budget=0.05) for i, k in enumerate(kinds)]
    actions = []
    while rules.legal_actions(state):
        seat = rules.current_player(state)
        action = players[seat].choose(rules.observe(state, seat), rules.legal_actions(state))
        actions.append(action)
        state = rules.apply_action(state, action)
    return state, actions


def test_a_new_figure_and_card_are_bought_placed_and_scored_by_computer_players(mill_data):
    rs = gamedata.default_ruleset()
    assert "mill" in rs.figure_order and rs.cards["P4T"].parcels == 4
    mills = develops = 0
    for seed in range(1, 7):
        state, actions = _play(["medium", "easy", "medium", "hard"], seed)
        pos = rules.position(state)
        scores = rules.final_scores(state)
        placed = sum(pos.figure_counts(s).get("mill", 0) for s in range(pos.n))
        mills += placed
        develops += sum(1 for a in actions if a["type"] in ("buy_card", "play_stored")
                        and "develop" in a["use"] and _card_of(a, state) == "P4T")
        if placed:
            top = max(pos.figure_counts(s).get("mill", 0) for s in range(pos.n))
            holders = [s for s in range(pos.n) if pos.figure_counts(s).get("mill", 0) == top]
            assert all(scores[s]["majorities"]["mill"] == 3 for s in holders)     # scored
        if mills and develops:
            break
    assert mills > 0, "the computer players never placed a mill"
    assert develops > 0, "the computer players never developed with card P4T"


def _card_of(action, final_state) -> str:
    """The card an action used (P4T is the only one of its shape: four parcels in a T)."""
    cells = action["use"]["develop"]
    return "P4T" if len(cells) == 4 and len({c[0] for c in cells}) == 3 else "?"


def test_the_new_nouns_are_named_drawn_described_and_heard(mill_data):
    from ne_game.audio.cues import figure_cue
    from ne_game.ui.scenes.table.draw import card_face, pieces
    from ne_game.ui.scenes.table.draw.gfx import Style
    from ne_game.ui.text.help import say
    from ne_game.ui.text.words import a_figure, figure_name, figure_title

    assert (figure_name("mill", 2), a_figure("mill"), figure_title("mill")) == ("mills", "a mill", "Mill")
    assert figure_cue("mill") == "figure" and figure_cue("ship") == "ship"
    assert "Mill" in say("slot_figure", title="Mill", vp=1, a_figure="a mill", figures="mills", majority=3,
                         coast="", price="")
    pygame.display.init()
    try:
        pygame.display.set_mode((64, 64))
        from ne_game.ui.look.theme import load_theme

        style = Style(load_theme("default"))
        art = pieces.figure(style, "mill", 48)
        assert art.get_bounding_rect().width > 20            # a stand-in, not nothing
        card = card_face.card(style, "P4T", (72, 100), gamedata.default_ruleset())
        assert card.get_size() == (72, 100)
    finally:
        pygame.display.quit()


def test_the_table_shows_the_new_figure_in_panels_help_and_final_scoring(mill_data, tmp_path):
    from ne_game.game.session import GameSession, Seat, family_order
    from ne_game.ui.scenes.table.final_scoring import FinalScene
    from ne_game.ui.text.help import explain
    from tests.ui.harness import Harness

    state, actions = None, None
    for seed in range(1, 10):
        state, actions = _play(["medium", "medium", "medium"], seed)
        if any(rules.position(state).figure_counts(s).get("mill") for s in range(3)):
            break
    fams = family_order()
    session = GameSession([Seat(f"P{k}", fams[k], "human") for k in range(3)], seed, actions=actions[:-1])
    h = Harness(size=(1280, 720))
    try:
        h.app.go("table", session=session)
        h.step(3)
        table = h.top
        pv = table.view.panels[0]
        assert [k for k, _n in pv.figures] == ["pilgrim", "barn", "ship", "mill"]
        h.screenshot(tmp_path / "table_with_mills.png")
        mill_tile = next(t for t in table.position.tiles if t.figure == "mill")
        cell = table.lay.cell_rect(*mill_tile.cells[0]).center
        assert "a mill" in explain(table.facts, table.lay, cell)
        session.apply(rules.legal_actions(session.state)[-1])     # the last action ends the game
        final = FinalScene(h.app, session)
        assert "most mills 3 VP" in final.majority_note
    finally:
        h.close()


@pytest.mark.slow
def test_the_smoke_test_plays_with_the_new_data(mill_data, tmp_path):
    shot = tmp_path / "smoke.png"
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", NE_GAME_DATA=str(mill_data))
    result = subprocess.run([sys.executable, "-m", "ne_game", "--smoke-test", "--smoke-screenshot", str(shot)],
                            cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stdout + result.stderr
    assert shot.exists()


def test_no_module_outside_the_ruleset_lists_the_figures_or_lands():
    """Figures and lands come from the ruleset; a figure is named in code only where it has a
    rule of its own (rules.ruleset's PILGRIM, BARN, SHIP) or a picture of its own (the art)."""
    allowed = {"ne_game/rules/ruleset.py", "ne_game/ui/scenes/table/draw/pieces.py", "ne_game/ui/scenes/table/draw/gfx.py",
               "ne_game/ui/look/widgets.py"}     # art: sprites and the title's decorative board
    names = {"pilgrim", "barn", "ship", "settlement", "field", "pasture"}
    found = []
    for path in sorted((ROOT / "ne_game").rglob("*.py")):
        rel = path.relative_to(ROOT).as_posix()
        if rel in allowed:
            continue
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
                words = [e.value for e in node.elts if isinstance(e, ast.Constant) and isinstance(e.value, str)]
                if len(names.intersection(words)) >= 2:
                    found.append(f"{rel}:{node.lineno}")
    assert found == [], f"nouns listed outside the ruleset: {found}"
