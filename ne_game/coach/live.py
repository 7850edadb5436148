"""Coach while I play (Settings, off by default): a person's finished turn judged in the
background, one decision at a time, and at that person's next turn the costliest decision that
was clearly beaten (or none). No pygame.

    coach = LiveCoach(budget=0.5)
    coach.observe(session, people)     # after every action: queues people's finished turns
    coach.allowed = not computer_needs_the_machine    # read by the worker between rollouts
    coach.work()                       # each frame: starts the next decision when free
    d = coach.finding_for(seat)        # at the seat's next turn: (the decision, its state) or None

Each decision gets the hard player's budget (review.py, `_review_decision`, the coach's own
judgement, the Hint's moves known). The worker stops within one rollout when `allowed` turns
False (a computer is on turn, or a hint is asked): the decision goes back to the queue and is
judged again from the start when the machine is free. One worker thread at a time.
"""
from __future__ import annotations

import logging
import threading
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ne_game import rules
from ne_game.rules import Action, State

from .review import Decision, _review_decision

if TYPE_CHECKING:  # pragma: no cover
    from ne_game.game.session import GameSession

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class _Job:
    index: int
    seat: int
    state: State
    action: Action
    hint: Action | None


class _Stop(Exception):
    """The machine is needed elsewhere: this decision is judged again later."""


class LiveCoach:
    def __init__(self, budget: float, seed: int = 1, threaded: bool = True) -> None:
        self.budget, self.seed, self.threaded = float(budget), int(seed), threaded
        self.allowed = False
        self._lock = threading.Lock()
        self._queue: list[_Job] = []
        self._judged: dict[int, list[tuple[Decision, State]]] = {}
        self._seen = 0
        self._thread: threading.Thread | None = None
        self._running: _Job | None = None

    # ---- what to judge ------------------------------------------------------------------
    def observe(self, session: GameSession, people: set[int]) -> None:
        """Queue the people's decisions of every turn that is over (a turn still under way may
        be undone); an undo back past what was seen forgets the judgements after it."""
        n = len(session.actions)
        with self._lock:
            if n < self._seen:
                self._queue = [j for j in self._queue if j.index < n]
                for who in self._judged:
                    self._judged[who] = [(d, s) for d, s in self._judged[who] if d.index < n]
                self._seen = n
            # the turn under way (the seat on turn's last actions) may still be undone: not yet
            on_turn, limit = session.current_seat, n
            while limit > self._seen and session.actor_of(limit - 1) == on_turn:
                limit -= 1
            while self._seen < limit:
                k = self._seen
                actor = session.actor_of(k)
                state = session.state_before(k)
                if actor is not None and actor in people and len(rules.legal_actions(state)) > 1:
                    self._queue.append(_Job(k, actor, state, session.actions[k], session.hints.get(k)))
                self._seen += 1

    @property
    def idle(self) -> bool:
        with self._lock:
            return self._running is None and not self._queue

    # ---- judging --------------------------------------------------------------------------
    def work(self) -> None:
        """Start the next decision when the machine is free (the worker thread, or at once)."""
        with self._lock:
            if not self.allowed or self._running is not None or not self._queue:
                return
            job = self._running = self._queue.pop(0)
        if self.threaded:
            self._thread = threading.Thread(target=self._judge, args=(job,), daemon=True, name="ne-live-coach")
            self._thread.start()
        else:
            self._judge(job)

    def _judge(self, job: _Job) -> None:
        def check(_share: float) -> None:
            if not self.allowed:
                raise _Stop

        try:
            d = _review_decision(job.state, job.action, job.seat, job.index, self.budget, self.seed, None,
                                 check, job.hint)
        except _Stop:
            with self._lock:
                self._queue.insert(0, job)      # judged again, whole, when the machine is free
                self._running = None
            return
        except Exception:  # noqa: BLE001 - a failed judgement must never stop the game
            log.exception("the live coach could not judge decision %d", job.index)
            with self._lock:
                self._running = None
            return
        with self._lock:
            self._judged.setdefault(job.seat, []).append((d, job.state))
            self._running = None

    def finding_for(self, seat: int) -> tuple[Decision, State] | None:
        """The costliest decision of the seat's judged turns that a clearly better move beat
        (None: none did), the judgements taken: each is said once."""
        with self._lock:
            judged = self._judged.pop(seat, [])
        clear = [(d, s) for d, s in judged if d.flaggable and d.clearly]
        return max(clear, key=lambda ds: ds[0].loss) if clear else None

    def judged(self, seat: int) -> int:
        with self._lock:
            return len(self._judged.get(seat, []))

    def stop(self) -> None:
        """Leaving the table: the running decision stops at its next rollout."""
        self.allowed = False
        with self._lock:
            self._queue.clear()
