"""The whole tutorial, headless, through the real event loop: only the taught actions."""
from __future__ import annotations

import os
from pathlib import Path

from ne_game.ui.scenes.table.final_scoring import FinalScene
from tests.tutorial.driver import open_tutorial, press_next, scene, take_taught_action, wait_next


def _shot(h, name):
    out = os.environ.get("NE_SHOTS")
    if out:
        h.screenshot(Path(out) / f"tutorial_{name}.png")


def test_walk_the_whole_tutorial_through_events():
    h = open_tutorial()
    try:
        sc = scene(h)
        ctl = sc.ctl
        assert ctl.index == 0 and ctl.count >= 12
        seen = []
        while True:
            k = ctl.index
            seen.append(ctl.lesson.id)
            _shot(h, f"{k + 1:02d}_{ctl.lesson.id}")
            if ctl.lesson.is_reading:
                assert ctl.can_next()
            else:
                assert not ctl.can_next()            # the step waits for its action
                n = len(ctl.session.actions)
                take_taught_action(h)
                assert len(ctl.session.actions) == n + 1, (ctl.lesson.id, ctl.message)
                if ctl.stage == "finished":
                    break
                assert ctl.stage == "done"
                wait_next(h)
            press_next(h)
            assert ctl.index == k + 1, (ctl.lesson.id, ctl.index)
            assert scene(h) is sc and h.app.top is sc and sc.table is not None
        assert len(seen) == ctl.count
        # the game ended: final scores come up, and the progress says finished
        assert h.run_until(lambda: isinstance(h.app.top, FinalScene), 600)
        from ne_game.tutorial import read_progress
        assert read_progress()["stage"] == "finished"
    finally:
        h.close()


def test_leave_and_resume(ne_game_home):
    h = open_tutorial()
    try:
        ctl = scene(h).ctl
        press_next(h)                                 # 1: goal (reading)
        take_taught_action(h)                         # 2: start tile
        press_next(h)
        assert ctl.index == 2
        take_taught_action(h)                         # 3: announce the offer
        press_next(h)
        assert ctl.index == 3 and ctl.lesson.scenario == "previous"
        h.click(scene(h).layout()["button_leave"])
        from ne_game.ui.scenes.title import TitleScene
        assert isinstance(h.app.top, TitleScene)
        assert h.app.top.buttons["tutorial"].text == "Continue tutorial"
        h.click(h.layout()["button_tutorial"])
        h.step(3)
        again = scene(h).ctl
        assert again.index == 3                       # back where the learner left
        # the position the previous lessons built: the bids, the learner first
        snap = again.session.snapshot()
        assert snap["phase"] == "bids" and snap["current_player"] == 0
    finally:
        h.close()


def test_replay_and_skip():
    h = open_tutorial()
    try:
        sc = scene(h)
        ctl = sc.ctl
        for _ in range(5):                            # skip to lesson 6 (buy land)
            h.click(sc.layout()["button_skip"])
            h.step(3)
        assert ctl.lesson.id == "buy_land", ctl.lesson.id
        take_taught_action(h)
        assert ctl.stage == "done" and len(ctl.session.actions) == 1
        h.click(sc.layout()["button_replay"])
        h.step(3)
        assert ctl.lesson.id == "buy_land" and ctl.stage == "doing"
        assert len(ctl.session.actions) == 0 and ctl.session.snapshot()["purchases"] == 0
    finally:
        h.close()


def test_progress_dots_open_any_lesson():
    h = open_tutorial()
    try:
        sc = scene(h)
        ctl = sc.ctl
        k, hit = sc.card.dots[8]                            # lesson 9 continues lesson 8's position
        h.click(hit.center)
        assert ctl.index == 8 and ctl.stage == "doing"
        snap = ctl.session.snapshot()
        assert snap["phase"] == "buying" and snap["current_player"] == 0
        assert len(snap["players"][0]["cards"]) == 2   # the F3L and the pilgrim were bought for you
        h.click(sc.card.dots[0][1].center)                  # and back to the start
        assert ctl.index == 0
    finally:
        h.close()
