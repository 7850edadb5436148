"""Input as commands: one map from raw pygame events to named commands.

Scenes handle commands, not key codes, so a gamepad, rebinding and on-screen key
glyphs only touch this module. `commands(event)` is pure: it reads the event and
returns the commands it means (usually one, often none); it never changes state.

The command set (name, and what it carries):

    point(pos)        the pointer moved to `pos` (hover, drag)
    press(pos)        the main button went down at `pos` (pick, place, click a button)
    release(pos)      the main button came up at `pos` (drop a dragged figure)
    secondary(pos)    the other button at `pos`: put back what is picked, turn a start
                      tile, or go on with a computer move
    scroll(step)      wheel or stick: +1 up / away, -1 down / towards (the scene decides:
                      read back the log under the pointer, or turn the shape)
    confirm           Enter: the main choice (End turn on the table)
    cancel            Esc: put back what is picked; with nothing picked the app pauses
    clear             Backspace / Delete: put back what is picked
    rotate            R: turn the picked shape or tile
    rotate_back       Shift+R: turn it the other way
    undo              U or Ctrl+Z
    skip              Space: show a computer move now, finish the animations
    hint              H: show me a good move (when hints are on)
    next_target       Tab: point at the next glowing target
    prev_target       Shift+Tab: point at the previous one
    next              N: the next lesson (tutorial)
    context_help      F1: say what is under the pointer
    fullscreen        F11

A gamepad maps onto the same names later (SDL GameController: A -> press at the
focus, B -> cancel, X -> rotate, Y -> hint, shoulders -> prev/next_target, Start ->
pause, stick -> point): add its events to `commands` and no scene changes.
"""
from __future__ import annotations

from dataclasses import dataclass

import pygame

CONFIRM, CANCEL, CLEAR, ROTATE, ROTATE_BACK = "confirm", "cancel", "clear", "rotate", "rotate_back"
UNDO, SKIP, HINT, NEXT_TARGET, PREV_TARGET = "undo", "skip", "hint", "next_target", "prev_target"
NEXT, CONTEXT_HELP, FULLSCREEN = "next", "context_help", "fullscreen"
POINT, PRESS, RELEASE, SECONDARY, SCROLL = "point", "press", "release", "secondary", "scroll"


@dataclass(frozen=True)
class Command:
    name: str
    pos: tuple[int, int] | None = None     # point, press, release, secondary
    step: int = 0                          # scroll: +1 up, -1 down

    def __str__(self) -> str:
        return self.name


# Plain keys (no modifier needed): key code -> command name.
KEYS: dict[int, str] = {
    pygame.K_RETURN: CONFIRM, pygame.K_KP_ENTER: CONFIRM,
    pygame.K_ESCAPE: CANCEL,
    pygame.K_BACKSPACE: CLEAR, pygame.K_DELETE: CLEAR,
    pygame.K_u: UNDO,
    pygame.K_SPACE: SKIP,
    pygame.K_h: HINT,
    pygame.K_n: NEXT,
    pygame.K_F1: CONTEXT_HELP,
    pygame.K_F11: FULLSCREEN,
}


def commands(event: pygame.event.Event) -> tuple[Command, ...]:
    """The commands one raw event means (empty: none of ours)."""
    et = event.type
    if et == pygame.MOUSEMOTION:
        return (Command(POINT, tuple(event.pos)),)
    if et == pygame.MOUSEBUTTONDOWN:
        if event.button == 1:
            return (Command(PRESS, tuple(event.pos)),)
        if event.button == 3:
            return (Command(SECONDARY, tuple(event.pos)),)
        return ()
    if et == pygame.MOUSEBUTTONUP:
        return (Command(RELEASE, tuple(event.pos)),) if event.button == 1 else ()
    if et == pygame.MOUSEWHEEL:
        return (Command(SCROLL, step=int(event.y)),) if event.y else ()
    if et == pygame.KEYDOWN:
        return _key(event.key, getattr(event, "mod", 0))
    return ()


def _key(key: int, mod: int) -> tuple[Command, ...]:
    shift = bool(mod & pygame.KMOD_SHIFT)
    if key == pygame.K_r:
        return (Command(ROTATE_BACK if shift else ROTATE),)
    if key == pygame.K_z and mod & pygame.KMOD_CTRL:
        return (Command(UNDO),)
    if key == pygame.K_TAB:
        return (Command(PREV_TARGET if shift else NEXT_TARGET),)
    name = KEYS.get(key)
    return (Command(name),) if name else ()
