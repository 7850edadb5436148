"""Computer players, asked one move at a time, with the same face in the game and in tests.

    runner.request(session)   # start thinking for the seat on turn (False on a human's turn)
    runner.request(session, kind="medium")   # a hint: that level's choice for whoever is on turn
    action = runner.poll()    # the chosen action once ready, else None; each answer given once
    runner.cancel()           # forget the request (undo, quit, load): a late answer is dropped
    runner.busy               # True while a requested move is still being thought about

`AIRunner` thinks in a worker thread, so the window never blocks. `SyncRunner` thinks
at once inside `request` (or, when `hold()`, only when `release()` is called): tests
and `--smoke-test` drive computer players with it, without threads, sleeps or clocks.

The player sees only what the engine contract allows: `rules.observe(state, seat)` and
`rules.legal_actions(state)`. The answer is checked against the legal list before it is
handed out; a crash or a wrong answer in a computer player falls back to a legal action
(recorded in `last_error`), so a buggy player can never stop a game.
"""
from __future__ import annotations

import logging
import threading
import traceback
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Protocol

from ne_game import rules
from ne_game.rules import Action, Observation

if TYPE_CHECKING:
    from ne_game.ai.base import Player
    from ne_game.game.session import GameSession

log = logging.getLogger(__name__)

#: factory(kind, seed=..., time_budget=...) -> a player of that level
PlayerFactory = Callable[..., "Player"]


class Runner(Protocol):
    """What the table needs from a computer-player runner."""

    last_error: str | None

    @property
    def busy(self) -> bool: ...

    def request(self, session: GameSession, kind: str | None = None) -> bool: ...

    def poll(self) -> Action | None: ...

    def cancel(self) -> None: ...


def default_factory(kind: str, seed: int, time_budget: float) -> Player:
    """A player of a registered level; the Settings' time budget binds the levels that take one."""
    from ne_game.ai import LEVELS, make_player

    takes = LEVELS[kind].takes_budget if kind in LEVELS else False
    return make_player(kind, seed=seed, time_budget=time_budget if takes else None)


class _Job:
    """One request: what the computer may see, and whom to ask."""

    def __init__(self, token: int, player: Player | None, observation: Observation, legal: list[Action]) -> None:
        self.token, self.player, self.observation, self.legal = token, player, observation, legal


class _RunnerBase:
    """Request bookkeeping shared by both runners; subclasses decide when `_think` runs."""

    def __init__(self, factory: PlayerFactory | None = None, budget: Callable[[], float] | None = None) -> None:
        self.factory = factory or default_factory
        self._budget = budget or (lambda: 1.0)
        self._lock = threading.Lock()
        self._token = 0
        self._result: Action | None = None
        self._thinking = False
        self._players: dict[tuple[int, str, float], Player] = {}
        self.last_error: str | None = None
        # (seat, number of actions, level) of the request still open
        self.requested_for: tuple[int, int, str] | None = None

    def _player(self, seat: int, kind: str, seed: int) -> Player:
        budget = float(self._budget() or 1.0)
        key = (seat, kind, budget)   # a new thinking-time setting takes effect at once
        player = self._players.get(key)
        if player is None:
            player = self.factory(kind, seed=seed, time_budget=budget)
            self._players[key] = player
        return player

    @property
    def busy(self) -> bool:
        """A requested move is still being thought about (not yet ready, not cancelled)."""
        with self._lock:
            return self._thinking

    def request(self, session: GameSession, kind: str | None = None) -> bool:
        """Ask for a move for the computer seat on turn. False when it is nobody's or a human's turn.

        With `kind`, that computer level chooses for whoever is on turn, a person too: a hint.
        A repeated request for the same position while one is pending is ignored, so a
        scene may call this every frame."""
        state = session.state
        seat = rules.current_player(state)
        if seat is None:
            return False
        kind = kind or session.seats[seat].kind
        if kind == "human":
            return False
        position = (seat, len(session.actions), kind)
        with self._lock:
            if self.requested_for == position:
                return True
            self._token += 1
            token = self._token
            self._result = None
            self._thinking = True
            self.requested_for = position
        seed = (int(session.seed) * 31 + seat) & 0x7FFFFFFF
        try:
            player = self._player(seat, kind, seed)
        except (ImportError, ValueError, TypeError, RuntimeError):
            # a missing or broken AI module must not stop the game: a legal action stands in
            self.last_error = traceback.format_exc()
            log.exception("computer player %r for seat %d could not be made", kind, seat)
            player = None
        self._start(_Job(token, player, rules.observe(state, seat), rules.legal_actions(state)))
        return True

    def _start(self, job: _Job) -> None:
        raise NotImplementedError

    def _think(self, job: _Job) -> None:
        """Ask the player; keep its answer if it is legal and still wanted."""
        answer: Action | None = None
        try:
            if job.player is not None:
                answer = job.player.choose(job.observation, job.legal)
        except Exception:  # noqa: BLE001 - any bug in a computer player: log it, play a legal move
            self.last_error = traceback.format_exc()
            log.exception("computer player failed; a legal action stands in")
        # what is handed out is the legal action itself (the engine's, typed), never the answer
        legal = {rules.action_key(a): a for a in job.legal}
        action = legal.get(rules.action_key(answer)) if isinstance(answer, Mapping) else None
        if action is None:
            if answer is not None:
                self.last_error = f"computer player chose an action not in legal_actions: {answer!r}"
                log.error("%s", self.last_error)
            action = job.legal[0] if job.legal else None
        with self._lock:
            if job.token == self._token:
                self._result = action
                self._thinking = False

    def poll(self) -> Action | None:
        """The answer to the current request, once; None while thinking (or nothing asked)."""
        with self._lock:
            result, self._result = self._result, None
            if result is not None:
                self.requested_for = None
            return result

    def cancel(self) -> None:
        """Drop the current request; a late answer is ignored."""
        with self._lock:
            self._token += 1
            self._result = None
            self._thinking = False
            self.requested_for = None


class AIRunner(_RunnerBase):
    """Thinks in a worker thread; one request at a time, newer requests make older answers stale."""

    def __init__(self, factory: PlayerFactory | None = None, budget: Callable[[], float] | None = None) -> None:
        super().__init__(factory, budget)
        self._thread: threading.Thread | None = None

    def _start(self, job: _Job) -> None:
        self._thread = threading.Thread(target=self._think, args=(job,), daemon=True,
                                        name="ne-ai-worker")
        self._thread.start()

    def join(self, timeout: float | None = None) -> None:
        """Wait for the worker to finish (shutdown and tests; the UI polls instead)."""
        thread = self._thread
        if thread is not None:
            thread.join(timeout)


class SyncRunner(_RunnerBase):
    """Thinks inside `request`, on the caller's thread: deterministic, for tests and the smoke test.

    `hold()` makes requests wait (busy) until `release()`, so a test can act while a
    computer "is thinking" without any thread or clock."""

    def __init__(self, factory: PlayerFactory | None = None, budget: Callable[[], float] | None = None) -> None:
        super().__init__(factory, budget)
        self._held = False
        self._waiting: _Job | None = None

    def _start(self, job: _Job) -> None:
        if self._held:
            self._waiting = job
        else:
            self._think(job)

    def hold(self) -> None:
        self._held = True

    def release(self) -> None:
        """Stop holding; a request made meanwhile is thought about now."""
        self._held = False
        job, self._waiting = self._waiting, None
        if job is not None:
            self._think(job)
