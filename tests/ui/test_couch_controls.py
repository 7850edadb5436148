"""Couch controls (issue 13): whole games with the keyboard alone, and with a gamepad alone.

Only keyboard or controller events are posted (never a mouse event). The tests read the
scenes' focus to decide which key a person would press next, as a person reads the ring.
The controller module may be missing under the dummy video driver: pad events are
posted with an `instance_id` and the input map takes them without a real device.
"""
from __future__ import annotations

import pygame
import pytest

from ne_game import rules
from ne_game.settings import Settings
from ne_game.ui import input_map as im
from tests.ui.harness import Harness

PAD = 7      # the instance id of our pretend controller


class FastComputers(Settings):
    @property
    def ai_delay(self) -> float:  # type: ignore[override]
        return 0.0


_KEYS = {im.CONFIRM: (pygame.K_RETURN, 0), im.CANCEL: (pygame.K_ESCAPE, 0),
         im.UP: (pygame.K_UP, 0), im.DOWN: (pygame.K_DOWN, 0), im.LEFT: (pygame.K_LEFT, 0),
         im.RIGHT: (pygame.K_RIGHT, 0), im.NEXT_TARGET: (pygame.K_TAB, 0),
         im.PREV_TARGET: (pygame.K_TAB, pygame.KMOD_LSHIFT), im.ROTATE: (pygame.K_r, 0),
         im.HINT: (pygame.K_h, 0), im.UNDO: (pygame.K_u, 0), im.NEXT: (pygame.K_n, 0)}
_PAD = {name: button for button, name in im.PAD_BUTTONS.items()}
_STICK = {im.LEFT: (pygame.CONTROLLER_AXIS_LEFTX, -32000), im.RIGHT: (pygame.CONTROLLER_AXIS_LEFTX, 32000),
          im.UP: (pygame.CONTROLLER_AXIS_LEFTY, -32000), im.DOWN: (pygame.CONTROLLER_AXIS_LEFTY, 32000)}


class Keyboard:
    """Presses commands on the keyboard."""

    device = "keyboard"

    def __init__(self, h: Harness) -> None:
        self.h = h

    def press(self, name: str) -> None:
        key, mod = _KEYS[name]
        self.h.post(pygame.KEYDOWN, key=key, mod=mod, unicode="\r" if key == pygame.K_RETURN else "",
                    scancode=0)
        self.h.post(pygame.KEYUP, key=key, mod=mod, unicode="", scancode=0)
        self.h.step()


class Gamepad(Keyboard):
    """Presses commands on a pad: buttons, and every other direction with the left stick."""

    device = "pad"

    def __init__(self, h: Harness) -> None:
        super().__init__(h)
        self.turn = 0

    def press(self, name: str) -> None:
        self.turn += 1
        if name in _STICK and self.turn % 2:
            axis, value = _STICK[name]
            self.h.post(pygame.CONTROLLERAXISMOTION, instance_id=PAD, axis=axis, value=value)
            self.h.step()
            self.h.post(pygame.CONTROLLERAXISMOTION, instance_id=PAD, axis=axis, value=0)
            self.h.step()
            return
        button = _PAD[name]
        self.h.post(pygame.CONTROLLERBUTTONDOWN, instance_id=PAD, button=button)
        self.h.post(pygame.CONTROLLERBUTTONUP, instance_id=PAD, button=button)
        self.h.step()


def _until(dev: Keyboard, name: str, done, limit: int = 30) -> None:
    for _ in range(limit):
        if done():
            return
        dev.press(name)
    assert done(), f"{name} x{limit} did not get there"


def set_up_by_focus(h: Harness, dev: Keyboard, kinds=("human", "easy", "easy")) -> None:
    """Title -> New game -> three seats (kinds) -> Start -> the draw -> the table."""
    assert h.showing("title")
    dev.press(im.DOWN)                          # the ring appears on "New game"
    dev.press(im.CONFIRM)
    assert h.showing("setup")
    setup = h.top
    dev.press(im.DOWN)                          # the ring appears on "3 players"
    _until(dev, im.RIGHT, lambda: setup.focus.key == ("count", 3))
    dev.press(im.CONFIRM)
    assert setup.count == 3
    for i, kind in enumerate(kinds):
        _until(dev, im.DOWN, lambda i=i: setup.focus.key[0] != "count" and setup.focus.key[1:2] == (i,))
        _until(dev, im.RIGHT, lambda i=i, kind=kind: setup.focus.key == ("kind", i, kind))
        dev.press(im.CONFIRM)
    _until(dev, im.DOWN, lambda: setup.focus.key in (("back",), ("start",)))
    _until(dev, im.RIGHT, lambda: setup.focus.key == ("start",))
    dev.press(im.CONFIRM)
    assert h.showing("who_starts")
    assert [s.kind for s in h.top.session.seats] == list(kinds)
    dev.press(im.CONFIRM)
    h.step(2)
    assert h.showing("table"), type(h.top)


def _goto(dev: Keyboard, scene, region: str, want) -> None:
    if not scene.focus.active:
        dev.press(im.DOWN)                      # the first arrow shows the ring where it is
    _until(dev, im.NEXT_TARGET, lambda: scene.focus.region == region, limit=6)
    _until(dev, im.RIGHT, lambda: want(scene.focus.current(scene.focus_items)[0]), limit=40)


def play_human_turn(dev: Keyboard, scene) -> None:
    """One decision of the human seat, by the focus alone."""
    session = scene.session
    n = len(session.actions)
    phase = scene.facts.phase
    if phase == "start_tiles":
        _goto(dev, scene, "board", lambda hit: True)
    elif phase == "offer":
        _goto(dev, scene, "buttons", lambda hit: str(hit[1]).startswith("announce_"))
    elif phase == "bids":
        _goto(dev, scene, "bids", lambda hit: True)
    else:
        _goto(dev, scene, "buttons", lambda hit: hit == ("button", "end_turn"))
    dev.press(im.CONFIRM)
    assert len(session.actions) == n + 1, (phase, scene.focus, scene.focus.current(scene.focus_items))


def play_whole_game(h: Harness, dev: Keyboard) -> None:
    set_up_by_focus(h, dev)
    scene = h.top
    session = scene.session
    for _ in range(20000):
        if session.is_over():
            break
        if scene.human_turn and not scene.anim.busy:
            play_human_turn(dev, scene)
        else:
            h.step()
    assert session.is_over()
    assert h.run_until(lambda: h.showing("final_scoring"), max_frames=600)
    assert len(rules.final_scores(session.state)) == 3


def test_keyboard_whole_three_player_game_from_title_to_final_scoring():
    h = Harness(size=(1280, 720), settings=FastComputers(animation="off"))
    try:
        play_whole_game(h, Keyboard(h))
        assert h.app.pads.last_device == "keyboard"
    finally:
        h.close()


def test_gamepad_whole_game_from_title_to_final_scoring():
    h = Harness(size=(1920, 1080), settings=FastComputers(animation="off"))
    try:
        h.post(pygame.CONTROLLERDEVICEADDED, device_index=0)   # no real pad: nothing opens, no crash
        h.step()
        play_whole_game(h, Gamepad(h))
        assert h.app.pads.last_device == "pad"
    finally:
        h.close()
