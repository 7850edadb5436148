"""Playtest 17a (a real window at 3840x2160): in the start rounds a click on a marked parcel,
made while a computer's tile still landed, placed nothing and said nothing (the press guard
held it: the turn had only just come), and Return with the mouse last used, the pointer over
the board, did nothing. Every press either acts or says why."""
from __future__ import annotations

import pygame

from tests.ui.table.driver import DT, make_app, make_session, post_plan

SEATS = [("Alice", "winslow", "human"), ("Bob", "palmer", "easy"), ("Cleo", "howland", "easy"),
         ("Dan", "annable", "easy")]


def _at_first_start_tile():
    app = make_app(size=(1280, 720), animation="normal")
    app.go("table", session=make_session(SEATS, seed=1))
    scene = app.top
    for _ in range(3000):
        app.step(DT)
        if scene.human_turn and scene.facts.phase == "start_tiles":
            return app, scene
    raise AssertionError("Alice's start tile never came")


def test_a_click_as_the_turn_comes_says_why_it_placed_nothing(sofa, monkeypatch):
    app, scene = _at_first_start_tile()
    cues: list[str] = []
    real = app.sound.cue
    monkeypatch.setattr(app.sound, "cue", lambda name, *a, **kw: (cues.append(name), real(name, *a, **kw))[1])
    assert scene.keys.waiting() and scene.guard.quiet(), "the click must come as the computer's tile lands"
    n = len(scene.session.actions)
    cell = sorted(scene.inter.start_targets())[0]
    post_plan([("click", scene.lay.cell_rect(*cell).center)])
    for _ in range(3):
        app.step(DT)
    assert len(scene.session.actions) == n          # held back (start tiles cannot be undone) ...
    assert "only just begun" in scene.tooltip and "again" in scene.tooltip    # ... and it says why
    assert "refused" in cues
    for _ in range(60):                             # the grace over, the same click places it
        app.step(DT)
    post_plan([("click", scene.lay.cell_rect(*cell).center)])
    app.step(DT)
    assert len(scene.session.actions) == n + 1


def test_return_after_the_mouse_in_the_start_rounds_shows_the_ring_then_places(sofa):
    app, scene = _at_first_start_tile()
    for _ in range(60):
        app.step(DT)
    targets = scene.inter.start_targets()
    off = next((x, y) for y in range(scene.lay.rows) for x in range(scene.lay.cols) if (x, y) not in targets)
    post_plan([("move", scene.lay.cell_rect(*off).center)])
    app.step(DT)
    assert not scene.focus.active
    n = len(scene.session.actions)
    post_plan([("key", pygame.K_RETURN)])
    app.step(DT)
    item = scene.focus.current(scene.focus_items)
    assert scene.focus.active and item is not None and item[0][0] == "cell"    # the ring, on a target
    post_plan([("key", pygame.K_RETURN)])
    app.step(DT)
    assert len(scene.session.actions) == n + 1
