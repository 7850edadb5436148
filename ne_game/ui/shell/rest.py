"""The loop at rest: when the top scene and its widgets next need a frame, and the sleep
between events while nothing moves (a game at rest costs nothing; see app.py)."""
from __future__ import annotations

import time
from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:  # pragma: no cover
    from ne_game.ui.shell.scene_base import Scene

# pygame.event.wait(timeout) looks at the queue every millisecond: measured under X at 1.7 %
# of a core and a thousand wake-ups a second while waiting. A sleep between looks costs
# 0.25 %; every 1/120 s, an event waits no longer than it did for the next frame of the
# 60 fps loop.
REST_POLL = 1 / 120
REST_TICK = 0.25       # at rest, the top scene is still updated this often (no draw unless it moves)


def widgets_wake(top: Scene) -> float | None:
    manager = top.ui_manager
    wake_in = getattr(manager, "wake_in", None)    # a plain pygame-gui manager tells nothing
    return wake_in() if callable(wake_in) else None


def timed_wake(top: Scene | None) -> float | None:
    """Seconds until the top scene or its widgets need their next frame while nothing moves
    (a text cursor's blink), None when only an event brings one."""
    if top is None:
        return None
    wakes = [w for w in (top.wake_in(), widgets_wake(top)) if w is not None]
    return max(0.0, min(wakes)) if wakes else None


def sleep_until_needed(wake_at: float | None) -> bool:
    """Sleep while nothing moves: until an event is queued, the timed wake comes (True: its
    frame is to be drawn) or REST_TICK passes (a step that draws only if something moves)."""
    start = time.perf_counter()
    while not pygame.event.peek():      # peek pumps the window's events into the queue
        now = time.perf_counter()
        if wake_at is not None and now >= wake_at:
            return True
        until = start + REST_TICK if wake_at is None else min(start + REST_TICK, wake_at)
        if now >= until:
            return False
        time.sleep(min(REST_POLL, until - now))
    return False
