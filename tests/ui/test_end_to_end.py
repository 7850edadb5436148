"""Whole games from the title screen, by posted mouse and key events only.

The shell part (title, setup, the draw) is clicked through with the harness; at the
table, `tests.ui.table.driver.click_plan(scene, action)` (read from the table's view and layout) says where
a person would click for an action, and those events are posted.
"""
from __future__ import annotations

import json
import random

import pygame

from ne_game import rules
from ne_game.storage import saves
from ne_game.storage.settings import Settings
from tests.ui.harness import Harness
from tests.ui.table import driver  # a plain import: an import error must fail, not skip
from tests.ui.test_shell_flow import start_game


class FastComputers(Settings):
    """Computer moves shown for no time at all: the test is about flow, not pacing."""

    @property
    def ai_delay(self) -> float:  # type: ignore[override]
        return 0.0


def finish_by_events(h: Harness, rng: random.Random, max_actions: int = 3000):
    scene = h.top
    session = scene.session
    for _ in range(max_actions):
        if session.is_over():
            break
        seat = session.current_seat
        if session.seats[seat].kind != "human":
            h.step()                      # the computer (synchronous in tests) moves when the table asks
            continue
        action = driver.choose(rng, rules.legal_actions(session.state))
        n = len(session.actions)
        driver.post_plan(driver.click_plan(scene, action))
        h.step()
        assert len(session.actions) == n + 1, f"{action} was not taken"
    assert session.is_over()
    assert h.run_until(lambda: h.showing("final_scoring"), max_frames=600)
    return session


def test_four_player_game_from_title_to_final_scoring(tmp_path):
    h = Harness(size=(1280, 720), settings=Settings(animation="off"))
    try:
        start_game(h, names=("Ann", "Ben", "Cat", "Dov"), players=4)
        session = finish_by_events(h, random.Random(7))
        scores = rules.final_scores(session.state)
        assert len(scores) == 4 and sorted(s["rank"] for s in scores)[0] == 1
        # The autosave holds the finished game, action for action.
        data = json.loads(saves.autosave_path().read_text())
        assert data["actions"] == session.actions
        h.screenshot(tmp_path / "final_4p.png")
    finally:
        h.close()


def test_three_computer_players_from_title_to_final_scoring():
    """Three computer seats (easy) play a whole game while the loop keeps drawing frames."""
    h = Harness(size=(1920, 1080), settings=FastComputers(animation="off"))
    try:
        start_game(h, names=("Ada", "Bo", "Cy"), players=3, kinds=["easy", "easy", "easy"])
        session = h.top.session
        assert [s.kind for s in session.seats] == ["easy"] * 3
        frames = 0
        while not h.showing("final_scoring") and frames < 20000:
            h.step(dt=0.05)
            frames += 1
        assert session.is_over() and h.showing("final_scoring")
        assert rules.to_json(session.state)["phase"] == "game_over"
    finally:
        h.close()


def test_pause_menu_works_while_a_computer_thinks():
    """The pause menu opens and answers while a computer is thinking; its move waits for the table."""
    h = Harness(size=(1280, 720), settings=FastComputers(animation="off"))
    try:
        runner = h.app.ai_runner
        runner.hold()                        # the computer "thinks" until released: no thread, no clock
        start_game(h, names=("Ada", "Bo", "Cy"), players=3, kinds=["easy", "easy", "easy"])
        session = h.top.session
        h.step(5)
        assert runner.busy and len(session.actions) == 0
        h.key(pygame.K_ESCAPE)
        assert h.showing("pause")
        h.click(h.layout()["button_rules"])
        h.key(pygame.K_ESCAPE)
        runner.release()                     # the computer decides while the menu is open…
        assert not runner.busy
        h.step(10)
        assert len(session.actions) == 0     # …but nothing happens under the menu
        h.click(h.layout()["button_resume"])
        assert h.run_until(lambda: len(session.actions) >= 1, max_frames=200)
    finally:
        h.close()
