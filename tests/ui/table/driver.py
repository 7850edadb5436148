"""Drive the table through posted pygame events only (as a person would)."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from ne_game import rules  # noqa: E402
from ne_game.ui.table.model import canon  # noqa: E402

DT = 1 / 60


def make_app(size=(1280, 720), animation="fast", **settings):
    from ne_game.settings import Settings
    from ne_game.ui.app import App

    s = Settings(animation=animation, **settings)
    return App(size=size, settings=s)


def make_session(seats, seed=0):
    from ne_game.session import GameSession, Seat

    return GameSession([Seat(n, f, k) for n, f, k in seats], seed=seed)


FOUR = [("Alice", "winslow", "human"), ("Bob", "palmer", "human"),
        ("Cleo", "howland", "human"), ("Dan", "annable", "human")]
THREE = FOUR[:3]


def post_plan(plan) -> None:
    for kind, what in plan:
        if kind == "move":
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=what, rel=(0, 0),
                                                 buttons=(0, 0, 0)))
        elif kind in ("click", "rclick"):
            b = 1 if kind == "click" else 3
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=what, rel=(0, 0),
                                                 buttons=(0, 0, 0)))
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=what, button=b))
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=what, button=b))
        elif kind == "key":
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=what, mod=0, unicode="",
                                                 scancode=0))
            pygame.event.post(pygame.event.Event(pygame.KEYUP, key=what, mod=0, unicode="",
                                                 scancode=0))
        elif kind == "drag":
            a, b = what
            mid = ((a[0] + b[0]) // 2, (a[1] + b[1]) // 2)
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=a, rel=(0, 0),
                                                 buttons=(0, 0, 0)))
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=a, button=1))
            for p in (mid, b):
                pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(0, 0),
                                                     buttons=(1, 0, 0)))
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=b, button=1))
        else:
            raise ValueError(kind)


def perform(app, scene, action, steps: int = 1) -> None:
    """Take `action` through the events a person would make; check the engine took it."""
    session = scene.session
    n = len(session.actions)
    plan = scene.click_plan(action)
    assert plan, f"no click plan for {action}"
    post_plan(plan)
    for _ in range(steps):
        app.step(DT)
    assert len(session.actions) == n + 1, f"{action} not taken by plan {plan}"
    assert canon(session.actions[-1]) == canon(action), (session.actions[-1], action)


def choose(rng, legal):
    """A random but game-like policy: prefer doing something over ending the turn."""
    reveals = [a for a in legal if a["type"] == "reveal_extra"]
    if reveals and rng.random() < 0.5:
        return rng.choice(reveals)
    non_end = [a for a in legal if a["type"] != "end_turn"]
    if non_end and rng.random() < 0.6:
        # purchases and moves first; moves only now and then so turns end
        buys = [a for a in non_end if a["type"] != "move_figure"]
        if buys and rng.random() < 0.85:
            return rng.choice(buys)
        return rng.choice(non_end)
    ends = [a for a in legal if a["type"] == "end_turn"]
    return ends[0] if ends else rng.choice(legal)
