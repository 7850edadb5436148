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
    confirm           Enter: press the focused item (End turn on the table when nothing is focused)
    end_turn          E: End turn (it asks once while purchases are left)
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
    log_back          PgUp (a pad's right stick up): read back the game log a page
    log_forward       PgDn (right stick down): the log's newer lines again
    bid(value)        1-9 and 0 (= 10), keyboard only: that bid marker, as a click on it

    up, down, left, right   arrows: move the focus ring (menus) or the board cursor
    pause             Start on a pad: the pause menu (Esc does it from the keyboard)

Gamepads (SDL GameController mapping through pygame._sdl2.controller, so Xbox,
PlayStation and Switch pads name their buttons alike) map onto the same names:
A -> confirm, B -> cancel, X -> hint, Y -> end_turn, LB/RB -> prev/next_target,
RT/LT -> rotate/rotate_back (and the right stick's click -> rotate), Back -> undo,
Start -> pause, d-pad and left stick -> up/down/left/right (the stick with a dead zone;
held directions repeat). `Pads` (below) is the one stateful part:
it opens and closes controllers as they come and go, turns stick motion and held
buttons into repeated commands, and remembers which device was used last so that
prompts can show its glyphs. A pad belongs to no seat: its commands go to whoever
is on turn, like the keyboard's.

Scenes that still read keys (the menus, dialogs and setup) get a pad's command as
its key equivalent (`key_event`), so a command has one meaning everywhere.
"""
from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any

import pygame

log = logging.getLogger(__name__)

CONFIRM, CANCEL, CLEAR, ROTATE, ROTATE_BACK = "confirm", "cancel", "clear", "rotate", "rotate_back"
UNDO, SKIP, HINT, NEXT_TARGET, PREV_TARGET = "undo", "skip", "hint", "next_target", "prev_target"
NEXT, CONTEXT_HELP, FULLSCREEN, END_TURN = "next", "context_help", "fullscreen", "end_turn"
POINT, PRESS, RELEASE, SECONDARY, SCROLL = "point", "press", "release", "secondary", "scroll"
UP, DOWN, LEFT, RIGHT, PAUSE = "up", "down", "left", "right", "pause"
LOG_BACK, LOG_FORWARD = "log_back", "log_forward"
BID = "bid"
DIRECTIONS = (UP, DOWN, LEFT, RIGHT)


@dataclass(frozen=True)
class Command:
    name: str
    pos: tuple[int, int] | None = None     # point, press, release, secondary
    step: int = 0                          # scroll: +1 up, -1 down
    value: int = 0                         # bid: the marker's number (1-10)

    def __str__(self) -> str:
        return self.name


# Plain keys (no modifier needed): key code -> command name.
KEYS: dict[int, str] = {
    pygame.K_RETURN: CONFIRM, pygame.K_KP_ENTER: CONFIRM,
    pygame.K_ESCAPE: CANCEL,
    pygame.K_BACKSPACE: CLEAR, pygame.K_DELETE: CLEAR,
    pygame.K_u: UNDO,
    pygame.K_e: END_TURN,
    pygame.K_r: ROTATE,            # Shift turns the other way
    pygame.K_TAB: NEXT_TARGET,     # Shift goes back
    pygame.K_SPACE: SKIP,
    pygame.K_h: HINT,
    pygame.K_n: NEXT,
    pygame.K_F1: CONTEXT_HELP,
    pygame.K_F11: FULLSCREEN,
    # the game log read by keys (playtest 4a: a keys-only player could not reach it)
    pygame.K_PAGEUP: LOG_BACK, pygame.K_PAGEDOWN: LOG_FORWARD,
    pygame.K_UP: UP, pygame.K_DOWN: DOWN, pygame.K_LEFT: LEFT, pygame.K_RIGHT: RIGHT,
}

#: the digit keys (top row and keypad) -> the bid marker they take (0 is 10); not rebindable: a
#: number means its marker
DIGITS: dict[int, int] = {
    **{getattr(pygame, f"K_{n}"): n or 10 for n in range(10)},
    **{getattr(pygame, f"K_KP_{n}"): n or 10 for n in range(10)},
}

# Pad buttons (SDL GameController names) -> command name.
PAD_BUTTONS: dict[int, str] = {
    pygame.CONTROLLER_BUTTON_A: CONFIRM,
    pygame.CONTROLLER_BUTTON_B: CANCEL,
    pygame.CONTROLLER_BUTTON_X: HINT,
    pygame.CONTROLLER_BUTTON_Y: END_TURN,
    pygame.CONTROLLER_BUTTON_RIGHTSTICK: ROTATE,
    pygame.CONTROLLER_BUTTON_LEFTSTICK: CONTEXT_HELP,
    pygame.CONTROLLER_BUTTON_LEFTSHOULDER: PREV_TARGET,
    pygame.CONTROLLER_BUTTON_RIGHTSHOULDER: NEXT_TARGET,
    pygame.CONTROLLER_BUTTON_BACK: UNDO,
    pygame.CONTROLLER_BUTTON_START: PAUSE,
    pygame.CONTROLLER_BUTTON_DPAD_UP: UP,
    pygame.CONTROLLER_BUTTON_DPAD_DOWN: DOWN,
    pygame.CONTROLLER_BUTTON_DPAD_LEFT: LEFT,
    pygame.CONTROLLER_BUTTON_DPAD_RIGHT: RIGHT,
}

#: the glyph drawn for a pad button (a small labelled disc)
PAD_GLYPHS: dict[int, str] = {
    pygame.CONTROLLER_BUTTON_A: "A", pygame.CONTROLLER_BUTTON_B: "B", pygame.CONTROLLER_BUTTON_X: "X",
    pygame.CONTROLLER_BUTTON_Y: "Y", pygame.CONTROLLER_BUTTON_LEFTSHOULDER: "LB",
    pygame.CONTROLLER_BUTTON_RIGHTSHOULDER: "RB", pygame.CONTROLLER_BUTTON_BACK: "Back",
    pygame.CONTROLLER_BUTTON_START: "Start", pygame.CONTROLLER_BUTTON_DPAD_UP: "\u2191",
    pygame.CONTROLLER_BUTTON_DPAD_DOWN: "\u2193", pygame.CONTROLLER_BUTTON_DPAD_LEFT: "\u2190",
    pygame.CONTROLLER_BUTTON_DPAD_RIGHT: "\u2192", pygame.CONTROLLER_BUTTON_RIGHTSTICK: "R3",
    pygame.CONTROLLER_BUTTON_LEFTSTICK: "L3",
}
#: the pad's triggers (axes): pulled past TRIGGER_PULL, each gives its command once
TRIGGERS: dict[int, str] = {pygame.CONTROLLER_AXIS_TRIGGERRIGHT: ROTATE, pygame.CONTROLLER_AXIS_TRIGGERLEFT: ROTATE_BACK}
TRIGGER_GLYPHS: dict[str, str] = {ROTATE: "RT", ROTATE_BACK: "LT"}
TRIGGER_PULL = 0.5
#: the right stick's up and down read the game log (the left one moves the focus)
LOG_STICK: dict[bool, str] = {True: LOG_BACK, False: LOG_FORWARD}
LOG_STICK_GLYPHS: dict[str, str] = {LOG_BACK: "Right stick ↑", LOG_FORWARD: "Right stick ↓"}

# A command's key on the keyboard: what a pad's command is handed to scenes that read keys.
_KEY_OF: dict[str, tuple[int, int]] = {
    CONFIRM: (pygame.K_RETURN, 0), CANCEL: (pygame.K_ESCAPE, 0), HINT: (pygame.K_h, 0),
    ROTATE: (pygame.K_r, 0), ROTATE_BACK: (pygame.K_r, pygame.KMOD_LSHIFT), UNDO: (pygame.K_u, 0),
    NEXT_TARGET: (pygame.K_TAB, 0), PREV_TARGET: (pygame.K_TAB, pygame.KMOD_LSHIFT),
    UP: (pygame.K_UP, 0), DOWN: (pygame.K_DOWN, 0), LEFT: (pygame.K_LEFT, 0), RIGHT: (pygame.K_RIGHT, 0),
    SKIP: (pygame.K_SPACE, 0), CLEAR: (pygame.K_BACKSPACE, 0), NEXT: (pygame.K_n, 0),
    END_TURN: (pygame.K_e, 0), CONTEXT_HELP: (pygame.K_F1, 0),
    LOG_BACK: (pygame.K_PAGEUP, 0), LOG_FORWARD: (pygame.K_PAGEDOWN, 0),
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
    if et == pygame.CONTROLLERBUTTONDOWN:
        name = PAD_BUTTONS.get(getattr(event, "button", -1))
        return (Command(name),) if name else ()
    return ()


def key_event(cmd: Command, pad: int = -1) -> pygame.event.Event | None:
    """The KEYDOWN a command stands for (None: it has no key), for scenes that read keys;
    `from_pad` is the instance id of the pad that gave it."""
    # the key the command has now (a player may have moved it in Settings → Controls)
    base = {ROTATE_BACK: ROTATE, PREV_TARGET: NEXT_TARGET}.get(cmd.name, cmd.name)
    bound = next((k for k, n in KEYS.items() if n == base), None)
    key = ((bound, pygame.KMOD_LSHIFT if base != cmd.name else 0) if bound is not None
           else _KEY_OF.get(cmd.name))
    if key is None:
        return None
    code, mod = key
    char = {pygame.K_RETURN: "\r", pygame.K_TAB: "\t", pygame.K_SPACE: " "}.get(code, "")
    return pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode=char, scancode=0,
                              from_pad=True, pad=pad)


def keys_of(name: str) -> list[str]:
    """The keyboard keys bound to a command, as key-cap labels (for Settings -> Controls)."""
    out = [pygame.key.name(k).title() for k, n in KEYS.items() if n == name]
    shifted = [f"Shift+{pygame.key.name(k).title()}" for k, n in KEYS.items() if _SHIFTED.get(n) == name]
    extra = {UNDO: ["Ctrl+Z"], PAUSE: ["Escape"], BID: ["1-9, 0"]}
    return out + shifted + extra.get(name, [])


def pad_buttons_of(name: str) -> list[str]:
    """The pad buttons bound to a command, as glyph labels."""
    out = [PAD_GLYPHS[b] for b, n in PAD_BUTTONS.items() if n == name]
    out += [TRIGGER_GLYPHS[name]] if name in TRIGGER_GLYPHS else []
    out += [LOG_STICK_GLYPHS[name]] if name in LOG_STICK_GLYPHS else []
    out += ["A"] if name == SKIP else []       # A goes on with a computer's move at the table
    return out + (["Left stick"] if name in DIRECTIONS else [])


#: commands a player can use, in the order Settings -> Controls lists them
BINDABLE = (CONFIRM, END_TURN, CANCEL, UP, DOWN, LEFT, RIGHT, NEXT_TARGET, PREV_TARGET, ROTATE,
            ROTATE_BACK, UNDO, HINT, SKIP, CLEAR, PAUSE, NEXT, CONTEXT_HELP, LOG_BACK, LOG_FORWARD, FULLSCREEN)


def pad_layout(name: str) -> str:
    """Which labels a pad's buttons wear, from its name: "playstation" (✕ ○ □ △), "nintendo"
    (A B X Y in other places, L R ZL ZR) or "xbox" (also the default for any other pad)."""
    n = name.lower()
    if any(k in n for k in ("playstation", "ps3", "ps4", "ps5", "dualshock", "dualsense", "sony")):
        return "playstation"
    if any(k in n for k in ("nintendo", "switch", "joy-con", "joycon", "pro controller")):
        return "nintendo"
    return "xbox"


DEAD_ZONE = 0.45          # of the stick's full travel: a resting or worn stick says nothing
REPEAT_DELAY = 0.40       # seconds before a held direction repeats
REPEAT_EVERY = 0.12       # seconds between repeats


class Pads:
    """The game controllers: opened when plugged in, closed when pulled out, at any time.

    `commands(event)` gives the commands of one pad event (device events open and close
    pads and give none); `tick(dt)` gives the repeats of held directions. Works without
    a real device (tests post events; the controller module may be missing under the
    dummy driver). `last_device` is "keyboard", "mouse" or "pad"."""

    def __init__(self) -> None:
        self.open: dict[int, Any] = {}        # instance id -> pygame._sdl2.controller.Controller
        self.names: dict[int, str] = {}
        self.last_device = "mouse"
        self.last_pad = -1                       # the instance id of the pad used last
        # family -> instance id: a pad bound to a seat in setup (unbound pads play any seat)
        self.bound: dict[str, int] = {}
        self._stick: dict[tuple[int, object], str | None] = {}   # (pad, axis) -> direction held
        self._held: dict[tuple[int, object], float] = {}      # (pad, button or axis) -> time to repeat
        self._held_cmd: dict[tuple[int, object], str] = {}
        self._module = None
        try:
            from pygame._sdl2 import controller
            controller.init()
            self._module = controller
        except (ImportError, pygame.error, AttributeError) as err:   # no SDL controller support here
            log.info("game controllers unavailable: %s", err)

    def seen(self, event: pygame.event.Event) -> None:
        """Remember the device of a player's event (for the prompts' glyphs)."""
        et = event.type
        if et == pygame.KEYDOWN and not getattr(event, "from_pad", False):
            self.last_device = "keyboard"
        elif et in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEWHEEL):
            self.last_device = "mouse"
        elif et in (pygame.CONTROLLERBUTTONDOWN, pygame.CONTROLLERAXISMOTION):
            if et == pygame.CONTROLLERBUTTONDOWN or abs(getattr(event, "value", 0)) > DEAD_ZONE * 32767:
                self.last_device = "pad"
                self.last_pad = getattr(event, "instance_id", -1)

    @property
    def layout(self) -> str:
        """The button labels of the pad used last (pad_layout)."""
        return pad_layout(self.names.get(self.last_pad, ""))

    def may_play(self, pad: int, family: str | None) -> bool:
        """A bound pad plays only its own seat; an unbound pad plays any seat."""
        bound = {p for f, p in self.bound.items() if f != family}
        return family is None or self.bound.get(family) == pad or pad not in bound

    def commands(self, event: pygame.event.Event) -> tuple[Command, ...]:
        et = event.type
        if et == pygame.CONTROLLERDEVICEADDED:
            self._add(getattr(event, "device_index", 0))
            return ()
        if et == pygame.CONTROLLERDEVICEREMOVED:
            self._remove(getattr(event, "instance_id", -1))
            return ()
        pad = getattr(event, "instance_id", -1)
        if et == pygame.CONTROLLERBUTTONDOWN:
            cmds = commands(event)
            if cmds and cmds[0].name in DIRECTIONS:
                self._held[(pad, event.button)] = REPEAT_DELAY
                self._held_cmd[(pad, event.button)] = cmds[0].name
            return cmds
        if et == pygame.CONTROLLERBUTTONUP:
            self._held.pop((pad, getattr(event, "button", -1)), None)
            return ()
        if et == pygame.CONTROLLERAXISMOTION:
            return self._axis(pad, getattr(event, "axis", -1), getattr(event, "value", 0))
        return ()

    def _axis(self, pad: int, axis: int, value: int) -> tuple[Command, ...]:
        if axis in TRIGGERS:
            pulled = value / 32767 >= TRIGGER_PULL
            key = (pad, ("trigger", axis))
            was = self._stick.get(key) is not None
            self._stick[key] = TRIGGERS[axis] if pulled else None
            return (Command(TRIGGERS[axis]),) if pulled and not was else ()
        if axis == pygame.CONTROLLER_AXIS_RIGHTY:
            # pushed past the dead zone, once a push (a page of the log each)
            v = value / 32767
            pushed: str | None = LOG_STICK[v < 0] if abs(v) >= DEAD_ZONE else None
            key = (pad, ("log", axis))
            before_log = self._stick.get(key)
            self._stick[key] = pushed
            return (Command(pushed),) if pushed is not None and pushed != before_log else ()
        if axis not in (pygame.CONTROLLER_AXIS_LEFTX, pygame.CONTROLLER_AXIS_LEFTY):
            return ()
        t = max(-1.0, min(1.0, value / 32767))
        direction = None
        if abs(t) >= DEAD_ZONE:
            if axis == pygame.CONTROLLER_AXIS_LEFTX:
                direction = RIGHT if t > 0 else LEFT
            else:
                direction = DOWN if t > 0 else UP
        key = (pad, ("axis", axis))
        before = self._stick.get(key)
        self._stick[key] = direction
        if direction == before:
            return ()
        self._held.pop(key, None)
        if direction is None:
            return ()
        self._held[key] = REPEAT_DELAY
        self._held_cmd[key] = direction
        return (Command(direction),)

    @property
    def repeating(self) -> bool:
        """A direction is held (d-pad or stick): `tick` must be called every frame for its
        repeats, so the app does not rest while it is held."""
        return bool(self._held)

    def tick(self, dt: float) -> tuple[tuple[int, Command], ...]:
        """(pad, command) repeats of held directions (d-pad or stick) after `dt` seconds."""
        out = []
        for key in list(self._held):
            left = self._held[key] - dt
            if left <= 0:
                out.append((key[0], Command(self._held_cmd[key])))
                left += REPEAT_EVERY
                left = max(left, REPEAT_EVERY / 2)
            self._held[key] = left
        return tuple(out)

    def _add(self, index: int) -> None:
        if self._module is None:
            return
        try:
            pad = self._module.Controller(index)
            instance = pad.as_joystick().get_instance_id()
        except (pygame.error, AttributeError, ValueError, IndexError) as err:
            log.warning("a game controller could not be opened: %s", err)
            return
        self.open[instance] = pad
        self.names[instance] = getattr(pad, "name", "") or "Controller"
        log.info("controller %s connected: %s", instance, self.names[instance])

    def _remove(self, instance: int) -> None:
        for key in [k for k in self._held if k[0] == instance]:
            self._held.pop(key, None)
        for key in [k for k in self._stick if k[0] == instance]:
            self._stick.pop(key, None)
        pad = self.open.pop(instance, None)
        self.names.pop(instance, None)
        self.bound = {f: p for f, p in self.bound.items() if p != instance}   # its seat is free again
        if pad is not None:
            try:
                pad.quit()
            except pygame.error:
                pass


_SHIFTED = {ROTATE: ROTATE_BACK, NEXT_TARGET: PREV_TARGET}


def _key(key: int, mod: int) -> tuple[Command, ...]:
    shift = bool(mod & pygame.KMOD_SHIFT)
    if key == pygame.K_z and mod & pygame.KMOD_CTRL:
        return (Command(UNDO),)
    name = KEYS.get(key)
    if name is None and key in DIGITS and not mod & (pygame.KMOD_CTRL | pygame.KMOD_ALT):
        return (Command(BID, value=DIGITS[key]),)
    if name in _SHIFTED and shift:
        name = _SHIFTED[name]
    return (Command(name),) if name else ()


# ---------------------------------------------------------------- rebinding
# The commands a player may move to another key or pad button (Settings → Controls). The
# menus' keys (Enter, Escape, the arrows), F11 and M stay where they are, and so do a pad's
# A, B, Start and d-pad: every screen reads those the same way.
REBINDABLE_KEYS = (END_TURN, ROTATE, UNDO, HINT, SKIP, CLEAR, NEXT, NEXT_TARGET, CONTEXT_HELP)
REBINDABLE_PAD = (END_TURN, HINT, UNDO, ROTATE, NEXT_TARGET, PREV_TARGET, CONTEXT_HELP)
#: the pad buttons a command may move to (the others keep their meaning on every screen)
FREE_PAD_BUTTONS = (pygame.CONTROLLER_BUTTON_X, pygame.CONTROLLER_BUTTON_Y, pygame.CONTROLLER_BUTTON_LEFTSHOULDER,
                    pygame.CONTROLLER_BUTTON_RIGHTSHOULDER, pygame.CONTROLLER_BUTTON_BACK,
                    pygame.CONTROLLER_BUTTON_LEFTSTICK, pygame.CONTROLLER_BUTTON_RIGHTSTICK)
#: keys no command may take: they mean the same on every screen
RESERVED_KEYS = frozenset({pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE, pygame.K_UP, pygame.K_DOWN,
                           pygame.K_LEFT, pygame.K_RIGHT, pygame.K_F11, pygame.K_m, pygame.K_LSHIFT,
                           pygame.K_RSHIFT, pygame.K_LCTRL, pygame.K_RCTRL, pygame.K_LALT, pygame.K_RALT})
DEFAULT_KEYS: dict[int, str] = dict(KEYS)
DEFAULT_PAD_BUTTONS: dict[int, str] = dict(PAD_BUTTONS)


class BindingRefused(ValueError):
    """A key or button that cannot take a command; `taken_by` names the command that has it."""

    def __init__(self, taken_by: str | None) -> None:
        super().__init__(taken_by or "reserved")
        self.taken_by = taken_by


def rebound(bindings: dict[int, str], command: str, code: int, rebindable: tuple[str, ...],
            reserved: frozenset[int] | None = None, free: tuple[int, ...] | None = None,
            swap: bool = False) -> dict[int, str]:
    """`bindings` with `command` moved to `code` (its other codes dropped). Refused: a command
    that cannot move, a reserved code, or a code another command has (duplicates). With
    `swap` (a pad, whose few buttons are all in use), a movable command that had `code` takes
    `command`'s old place instead."""
    if command not in rebindable:
        raise BindingRefused(None)
    if (reserved is not None and code in reserved) or (free is not None and code not in free):
        raise BindingRefused(None)
    other = bindings.get(code)
    old = [k for k, v in bindings.items() if v == command]
    if other is not None and other != command and not (swap and other in rebindable and old):
        raise BindingRefused(other)
    out = {k: v for k, v in bindings.items() if v != command}
    if other is not None and other != command:
        out[old[0]] = other                # the swap
    out[code] = command
    return out


def moves(bindings: dict[int, str], defaults: dict[int, str], rebindable: tuple[str, ...]) -> dict[str, int]:
    """The commands whose code differs from their default, command -> code (what is saved)."""
    out: dict[str, int] = {}
    for command in rebindable:
        now = [k for k, v in bindings.items() if v == command]
        was = [k for k, v in defaults.items() if v == command]
        if now and now != was:
            out[command] = now[0]
    return out


def apply_bindings(keys: dict[str, int], pads: dict[str, int]) -> list[str]:
    """Set the key and pad maps to the defaults with the player's moves (command -> code);
    a move that is refused now (a newer default took its key) is skipped. The skipped
    commands, for a log line."""
    key_map, pad_map, skipped = dict(DEFAULT_KEYS), dict(DEFAULT_PAD_BUTTONS), []
    for command, code in keys.items():
        try:
            key_map = rebound(key_map, command, int(code), REBINDABLE_KEYS, reserved=RESERVED_KEYS)
        except (BindingRefused, TypeError, ValueError):
            skipped.append(command)
    for command, code in pads.items():
        try:
            pad_map = rebound(pad_map, command, int(code), REBINDABLE_PAD, free=FREE_PAD_BUTTONS, swap=True)
        except (BindingRefused, TypeError, ValueError):
            skipped.append(command)
    KEYS.clear()
    KEYS.update(key_map)
    PAD_BUTTONS.clear()
    PAD_BUTTONS.update(pad_map)
    return skipped
