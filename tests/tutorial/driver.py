"""Drive the tutorial through the real app and event loop (posted mouse and key events)."""
from __future__ import annotations

from ne_game import rules
from ne_game.storage.settings import Settings
from ne_game.tutorial import matches
from tests.ui.harness import Harness
from tests.ui.table.driver import click_plan, post_plan


def open_tutorial(size=(1280, 720)) -> Harness:
    """The app on the title screen; the Tutorial button clicked like a person would."""
    h = Harness(size=size, settings=Settings(animation="off", ai_pace="fast"))
    h.click(h.layout()["button_tutorial"])
    h.step(3)
    return h


def scene(h: Harness):
    from ne_game.ui.scenes.tutorial.scene import TutorialScene

    return h.app.find_scene(TutorialScene)


def plan_points(plan) -> list:
    pts = []
    for kind, what in plan:
        if kind in ("move", "click", "rclick"):
            pts.append(what)
        elif kind == "drag":
            pts.extend(what)
    return pts


def clear_of_card(sc, plan) -> bool:
    return all(not sc.card.rect.collidepoint(p) for p in plan_points(plan))


def take_taught_action(h: Harness) -> dict:
    """Take a legal action that fits the step, clicking where the card does not cover."""
    sc = scene(h)
    ctl = sc.ctl
    fits = [a for a in rules.legal_actions(ctl.session.state) if matches(ctl.lesson.expect, a)]
    assert fits, ctl.lesson.source
    for a in fits:
        plan = click_plan(sc.table, a)
        if plan and clear_of_card(sc, plan):
            post_plan(plan)
            h.step(4)
            return a
    raise AssertionError(f"{ctl.lesson.id}: every fitting action is under the lesson card")


def press_next(h: Harness) -> None:
    h.click(scene(h).layout()["button_next"])
    h.step(2)


def wait_next(h: Harness, frames: int = 4000) -> None:
    ctl = scene(h).ctl
    assert h.run_until(lambda: ctl.can_next() or ctl.stage == "finished", frames), ctl.lesson.id


def key(h: Harness, k: int) -> None:
    h.key(k)
