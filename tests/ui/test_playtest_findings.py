"""Regression tests for what a first-time group hit at the table (issue 11), one or more per
item, driven by posted pygame events through the real app (tests/ui/harness.py)."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pygame
import pytest

from ne_game import rules, saves
from ne_game.session import GameSession, Seat, family_order
from ne_game.settings import Settings
from ne_game.ui.seat_names import COMPUTER_NAMES
from tests.ui.harness import Harness

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture
def harness():
    made: list[Harness] = []

    def build(**kw) -> Harness:
        kw.setdefault("settings", Settings(animation="off"))
        h = Harness(**kw)
        made.append(h)
        return h

    yield build
    for h in made:
        h.close()


def open_setup(h: Harness) -> None:
    h.click(h.layout()["button_new"])
    assert h.showing("setup")


# ---------------------------------------------------------------- item 9
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_item09_setup_rows_stay_put_when_switching_from_4_to_3_players(harness, size):
    h = harness(size=size)
    open_setup(h)
    before = h.layout()
    assert len(before["rows"]) == 4
    h.click(before["count_3"])
    after = h.layout()
    assert len(after["rows"]) == 3
    assert after["rows"] == before["rows"][:3]          # not a pixel of jump: the next click lands
    assert after["names"] == before["names"][:3]
    assert after["count_4"] == before["count_4"] and after["panel"] == before["panel"]
    # the click a player makes right after switching hits what it aimed at
    h.click(before["kinds"][2]["easy"])
    assert h.top.people[2]["kind"] == "easy"
    h.click(after["count_4"])
    assert h.layout()["rows"] == before["rows"]


# ---------------------------------------------------------------- item 10
def test_item10_computer_seats_get_distinct_colonial_names(harness):
    h = harness()
    open_setup(h)
    for i, kind in ((1, "easy"), (2, "medium"), (3, "hard")):
        h.click(h.layout()["kinds"][i][kind])
    names = [box.get_text() for box in h.top.name_boxes]
    computers = names[1:]
    assert all(n in COMPUTER_NAMES for n in computers), names
    assert len(set(computers)) == 3 and not any(n.startswith("Player") for n in computers)
    assert max(len(n) for n in COMPUTER_NAMES) <= 10          # short enough for every panel
    h.click(h.layout()["kinds"][2]["human"])                   # a person takes the seat again
    assert h.top.name_boxes[2].get_text() == "Player 3"
    h.click(h.layout()["button_start"])
    assert h.showing("who_starts")
    seat_names = [s.name for s in h.top.session.seats]
    assert seat_names[0] == "Player 1" and seat_names[2] == "Player 3"
    assert {seat_names[1], seat_names[3]} <= set(COMPUTER_NAMES)


def test_item10_a_name_the_player_typed_is_kept_for_a_computer_seat(harness):
    h = harness()
    open_setup(h)
    box = h.layout()["names"][1]
    h.click(box)
    h.key(pygame.K_END)
    h.clear_text_field()
    h.type_text("Bradford")
    h.click(h.layout()["kinds"][1]["medium"])
    assert h.top.name_boxes[1].get_text() == "Bradford"


def test_item10_remembered_computer_seats_called_player_n_are_named(harness):
    last = [{"name": "Ann", "family": "winslow", "kind": "human"},
            {"name": "Player 2", "family": "palmer", "kind": "easy"},
            {"name": "", "family": "howland", "kind": "easy"}]
    h = harness(settings=Settings(animation="off", last_seats=last))
    open_setup(h)
    names = [box.get_text() for box in h.top.name_boxes]
    assert names[0] == "Ann" and names[1] in COMPUTER_NAMES and names[2] in COMPUTER_NAMES
    assert names[1] != names[2]


# ---------------------------------------------------------------- item 11
def finished_game() -> GameSession:
    seats = [Seat("Ada", family_order()[0]), Seat("Bo", family_order()[1]), Seat("Cy", family_order()[2])]
    s = GameSession.new(seats, seed=3)
    while not s.is_over():
        legal = rules.legal_actions(s.state)
        s.apply(next((a for a in legal if a["type"] != "move_figure"), legal[0]))
    return s


def test_item11_after_a_finished_game_the_title_focuses_new_game_and_shows_the_result(harness):
    game = finished_game()
    saves.write_autosave(game.to_save())
    h = harness()
    lay = h.layout()
    assert lay["primary"] == "new"
    assert not h.top.buttons["continue"].is_enabled            # nothing to continue
    assert lay["button_new"].top < lay["button_continue"].top
    winner = game.seats[rules.winners(game.state)[0]].name
    assert "won" in lay["info"] or "tied" in lay["info"]
    assert winner in lay["info"] and "game over" not in lay["info"]
    h.key(pygame.K_RETURN)                                      # Enter takes the focused button
    assert h.showing("setup")


def test_item11_an_unfinished_game_is_still_offered_to_continue(harness):
    s = GameSession.new([Seat("Ada", "winslow"), Seat("Bo", "palmer"), Seat("Cy", "howland")], seed=4)
    s.apply(rules.legal_actions(s.state)[0])
    saves.write_autosave(s.to_save())
    h = harness()
    assert h.layout()["primary"] == "continue" and h.top.buttons["continue"].is_enabled
    assert h.layout()["info"] == s.summary()


# ---------------------------------------------------------------- item 13
def test_item13_docs_rules_md_is_generated_from_the_game_data_and_up_to_date():
    result = subprocess.run([sys.executable, str(ROOT / "docs" / "make_rules_md.py"), "--check"],
                            capture_output=True, text=True, cwd=ROOT)
    assert result.returncode == 0, result.stderr
    text = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    for card in ("F2", "F3L", "S2", "S3I", "S4O", "P2", "P3L", "pilgrim", "barn", "ship"):
        assert f"| {card} |" in text
    assert "reconstructed" in text


def test_item13_readme_stands_on_its_own():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "docs/rules.md" in readme
    assert "../shared/rules" not in readme                      # no rules outside this repository
    assert "conformance" in readme and ".ci/run" in readme


def test_item13_ci_fails_when_the_conformance_suite_is_missing(tmp_path):
    uv = shutil.which("uv")
    if uv is None:
        pytest.skip("uv is not on PATH")
    repo = tmp_path / "project"
    (repo / ".ci").mkdir(parents=True)
    shutil.copy(ROOT / ".ci" / "run", repo / ".ci" / "run")
    env = dict(os.environ, PATH=f"{Path(uv).parent}{os.pathsep}{os.environ.get('PATH', '')}")
    result = subprocess.run(["bash", str(repo / ".ci" / "run")], capture_output=True, text=True, env=env)
    assert result.returncode != 0
    assert "conformance" in result.stderr
