"""How an event reaches the game: the app's own keys (F11 fullscreen, M mute), the pads and
their commands, a resize, and then the scenes, from the top down. The App's `handle_event`
and `pad_command` come here, so the loop (app.py) stays about the loop.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui

from ne_game.ui.shell import input_map
from ne_game.ui.shell.scene_base import typing_in

if TYPE_CHECKING:  # pragma: no cover
    from ne_game.ui.shell.app import App

# Events that change nothing on screen by themselves: the joystick twins of the controller
# events (input_map.Pads reads those) and a stick's drift; what a pad event does (a
# command, another device's glyphs) asks for its frame itself.
QUIET_EVENTS = frozenset((pygame.JOYAXISMOTION, pygame.JOYBALLMOTION, pygame.JOYHATMOTION,
                          pygame.JOYBUTTONDOWN, pygame.JOYBUTTONUP, pygame.CONTROLLERAXISMOTION))
HELD_BUTTONS = (1, 2, 3)   # mouse buttons a widget may act on while held (a scroll bar's arrow)
PAD_EVENTS = (pygame.CONTROLLERBUTTONDOWN, pygame.CONTROLLERBUTTONUP, pygame.CONTROLLERAXISMOTION,
              pygame.CONTROLLERDEVICEADDED, pygame.CONTROLLERDEVICEREMOVED)


def route(app: App, event: pygame.event.Event) -> None:
    """One event: the app's own keys (F11, M), the pads, a resize, then the scenes from the top
    (an overlay that lets events through passes them down); Escape at a game opens the pause menu."""
    for hook in app.event_hooks:
        hook(event)
    if event.type == pygame.QUIT:
        app.quit(0)
        return
    if event.type not in QUIET_EVENTS:
        app.request_frame()
    if event.type == pygame.MOUSEBUTTONDOWN and event.button in HELD_BUTTONS:
        app.buttons_held.add(event.button)
    elif event.type == pygame.MOUSEBUTTONUP:
        app.buttons_held.discard(getattr(event, "button", 0))
    device = app.pads.last_device
    app.pads.seen(event)
    if app.pads.last_device != device:
        app.request_frame()            # the prompts show the other device's keys or buttons
    if event.type in PAD_EVENTS:
        top = app.top
        if event.type == pygame.CONTROLLERBUTTONDOWN and top is not None and getattr(top, "capture_pad", False):
            top.process_event(event)           # Settings → Controls waits for a button
            return
        for cmd in app.pads.commands(event):
            route_pad(app, cmd, getattr(event, "instance_id", -1))
        return
    if event.type == pygame.VIDEORESIZE:
        app.window.resized((event.w, event.h))
        app.relayout_pending = True   # coalesce a drag's many resize events into one
        return
    if event.type in (pygame.WINDOWSIZECHANGED,):
        app.relayout_pending = True
        return
    if event.type == pygame.KEYDOWN and event.key == pygame.K_F11:
        app.toggle_fullscreen()
        return
    if (event.type == pygame.KEYDOWN and event.key == pygame.K_m
            and not event.mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META) and not typing_in(app.top)):
        app.set_mute(not app.sound.muted)
        return
    if event.type == pygame_gui.UI_BUTTON_PRESSED:
        app.sound.cue("click")
    consumed = False
    for scene in reversed(list(app.stack)):
        if scene.handle_event(event):
            consumed = True
            break
        if not scene.pass_through_events:
            break
    top = app.top
    session = getattr(top, "session", None)   # only game scenes (table, tutorial) have one
    if (not consumed and event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE
            and top is not None and session is not None and not top.is_overlay):
        # Escape at any game scene that did not use it opens the pause menu.
        app.push("pause", session=session)


def route_pad(app: App, cmd: input_map.Command, pad: int = -1) -> None:
    """A pad's command: Start pauses a game; the rest reach the scenes as their key. A pad
    bound to a seat in setup moves nothing at the table while another seat is on turn."""
    top = app.top
    session = getattr(top, "session", None)
    at_table = top is not None and session is not None and not top.is_overlay
    if session is not None and at_table and cmd.name != input_map.PAUSE and not session.is_over():
        seat = session.current_seat
        family = session.seats[seat].family if seat is not None else None
        if not app.pads.may_play(pad, family):
            return
    if cmd.name == input_map.PAUSE:
        if at_table:
            app.push("pause", session=session)
            return
        cmd = input_map.Command(input_map.CANCEL)     # Start again closes the pause menu
    event = input_map.key_event(cmd, pad)
    if event is not None:
        route(app, event)
