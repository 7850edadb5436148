"""Pacing the computer seats (and the hints): one chosen move at a time, on show for the
player's chosen delay before it is taken, so people can follow it.

No drawing and no engine changes here: `Pacer.tick` says when a move is ready to be
shown and when its time is up; the table shows and takes it.
"""
from __future__ import annotations

from typing import Any

from ne_game.ui import hints


class Pacer:
    """Asks the runner for the computer seat's move, holds it on show, hands it back."""

    def __init__(self, runner: Any) -> None:
        self.runner = runner
        self.pending: dict | None = None      # the chosen move on show, not yet taken
        self.timer = 0.0
        self.requested = False
        self.hint_asker = hints.HintAsker()

    def reset(self) -> None:
        """A new position: ask again when a computer is on turn."""
        self.requested = False
        self.pending = None

    def tick(self, session: Any, dt: float, delay: float, animating: bool) -> tuple[str, dict] | None:
        """("show", move) when a move has just been chosen, ("take", move) when its time on
        show is over (never while pieces still fly), else None. Call on a computer's turn."""
        if self.runner is None:
            return None
        if self.pending is None:
            if not self.requested:
                self.runner.request(session)
                self.requested = True
            action = self.runner.poll()
            if action is None:
                return None
            self.pending, self.timer = action, delay
            return ("show", action)
        if animating:
            return None
        self.timer -= dt
        return self.take() if self.timer <= 0 else None

    def take(self) -> tuple[str, dict] | None:
        """The move on show, at once (Space, a click)."""
        action, self.pending, self.timer = self.pending, None, 0.0
        return ("take", action) if action is not None else None

    def hint(self, session: Any) -> dict | None:
        """The hint's answer for this position, once it is in."""
        return self.hint_asker.take(session)

    def cancel(self) -> None:
        if self.runner is not None:
            self.runner.cancel()
