"""The press guard: input that a person did not mean as a new act is not taken as one.

A turn lost by accident is the worst thing a table can do to a group of friends. Three
moments make it happen, and the guard answers each with a short grace (seconds of the
table's own clock, so tests stay deterministic):

- **the turn changed hands**: the second click of a double click on End turn (or a second
  Enter) would act for the next seat. For `HANDOVER` seconds after the turn passes, no
  press acts.
- **a button changed under the pointer**: a click meant for Hint lands on End turn when
  the bar changed between the look and the click. A button that appeared, or now stands
  where it did not stand a moment ago, takes no press for `MOVED` seconds.
- **a second, deliberate press**: a choice that asks twice (a bid marker that cannot be
  paid for, ending a turn with purchases left) is not confirmed by the second click of
  the same double click: the confirming press must come `DOUBLE` seconds after the first.

`SCALE` multiplies every grace (0 turns the guard off: the tests that drive whole games
post a person's presses faster than a person can, and set it in tests/conftest.py; the sofa
tests keep it). Pure: no pygame, no drawing.
"""
from __future__ import annotations

from collections.abc import Hashable, Iterable

Box = tuple[int, int, int, int]      # x, y, w, h

HANDOVER = 0.5
MOVED = 0.6
DOUBLE = 0.35
SCALE = 1.0


def _overlap(a: Box, b: Box) -> bool:
    return a[0] < b[0] + b[2] and b[0] < a[0] + a[2] and a[1] < b[1] + b[3] and b[1] < a[1] + a[3]


class PressGuard:
    def __init__(self, scale: float | None = None) -> None:
        self.scale = max(0.0, float(SCALE if scale is None else scale))
        self.now = 0.0
        self._quiet_until = float("-inf")
        self._fresh: dict[str, float] = {}          # button id -> no press before this time
        self._placed: tuple[tuple[str, Box], ...] = ()
        self._armed: dict[Hashable, float] = {}     # an armed choice -> when it was armed

    def tick(self, dt: float) -> None:
        self.now += max(0.0, dt)

    # ---- what changed ----------------------------------------------------------------
    def turn_passed(self) -> None:
        """The turn went to another seat (or a new phase began): a moment of quiet."""
        self._quiet_until = max(self._quiet_until, self.now + HANDOVER * self.scale)
        self._armed.clear()

    def buttons_placed(self, placed: Iterable[tuple[str, Box]]) -> None:
        """The action bar's buttons as they stand now; one that was not there a moment ago is
        fresh (a label that changes its width in place is not)."""
        new = tuple(placed)
        if new == self._placed:
            return
        for bid, box in new:
            if not any(old == bid and _overlap(box, obox) for old, obox in self._placed):
                self._fresh[bid] = self.now + MOVED * self.scale
        self._placed = new

    def armed(self, key: Hashable) -> None:
        """A choice that asks twice was pressed once."""
        self._armed[key] = self.now

    def waiting(self) -> bool:
        """A grace is still running. The guard's clock moves only with the table's frames, so
        the table does not rest until every grace is over (a press would stay refused)."""
        now = self.now
        if now < self._quiet_until or any(now < until for until in self._fresh.values()):
            return True
        return any(now - at < DOUBLE * self.scale for at in self._armed.values())

    # ---- may a press act? -------------------------------------------------------------
    def quiet(self) -> bool:
        return self.now < self._quiet_until

    def allows_button(self, bid: str) -> bool:
        return not self.quiet() and self.now >= self._fresh.get(bid, float("-inf"))

    def allows_confirm(self, key: Hashable) -> bool:
        """The second press of a choice that asks twice: not the same double click."""
        at = self._armed.get(key)
        return at is None or self.now - at >= DOUBLE * self.scale
