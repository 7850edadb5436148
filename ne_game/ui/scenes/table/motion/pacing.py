"""Pacing the computer seats (and the hints): one chosen move at a time, on show for the
player's chosen delay before it is taken, so people can follow it.

No drawing and no engine changes here: `Pacer.tick` says when a move is ready to be
shown and when its time is up; the table shows and takes it. A hint is a request on the
same runner (a computer level choosing for the person on turn); `hint` hands its answer
back once, for the position it was asked in.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    from ne_game.game.session import GameSession
    from ne_game.ui.shell.ai_runner import Runner

from ne_game.rules import Action
from ne_game.ui.scenes.table.model import hints


class Pacer:
    """Asks the runner for the computer seat's move, holds it on show, hands it back."""

    def __init__(self, runner: Runner | None) -> None:
        self.runner = runner
        self.pending: Action | None = None    # the chosen move on show, not yet taken
        self.chosen: Action | None = None     # the runner's answer, held until the pieces land
        self.timer = 0.0
        self.requested = False
        self.hint_for: int | None = None       # the position (number of actions) a hint was asked in

    def reset(self) -> None:
        """A new position: ask again when a computer is on turn (an open hint is dropped)."""
        if self.hint_for is not None and self.runner is not None:
            self.runner.cancel()
        self.requested = False
        self.pending = None
        self.chosen = None
        self.hint_for = None

    def ask_hint(self, session: GameSession) -> None:
        """Ask the hint level's choice for the person on turn; the answer comes through `hint`."""
        if self.runner is None or self.hint_for == len(session.actions):
            return
        if self.runner.request(session, kind=hints.HINT_KIND):
            self.hint_for = len(session.actions)

    def tick(self, session: GameSession, dt: float, delay: float, animating: bool) -> tuple[str, Action] | None:
        """("show", move) when a chosen move goes on show, ("take", move) when its time on
        show is over, else None; neither while pieces still fly. Call on a computer's turn."""
        if self.runner is None:
            return None
        if self.pending is None:
            if self.chosen is None:
                if not self.requested:
                    self.runner.request(session)
                    self.requested = True
                self.chosen = self.runner.poll()
                if self.chosen is None:
                    return None
            if animating:
                # the move waits for the deal to end (playtest 13a: "Mercy takes bid marker 6"
                # stood in the bar while offer slot 7 still turned over and 8, 9 lay face down)
                return None
            self.pending, self.chosen, self.timer = self.chosen, None, delay
            return ("show", self.pending)
        if animating:
            return None
        self.timer -= dt
        return self.take() if self.timer <= 0 else None

    def take(self) -> tuple[str, Action] | None:
        """The move on show, at once (Space, a click)."""
        action, self.pending, self.timer = self.pending, None, 0.0
        return ("take", action) if action is not None else None

    def hint(self, session: GameSession) -> Action | None:
        """The hint's answer for this position, once it is in."""
        if self.runner is None or self.hint_for is None:
            return None
        if self.hint_for != len(session.actions):
            self.hint_for = None
            return None
        action = self.runner.poll()
        if action is not None:
            self.hint_for = None
        return action

    def cancel(self) -> None:
        if self.runner is not None:
            self.runner.cancel()
