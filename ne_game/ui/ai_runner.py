"""Computer players think in a worker thread, so the window never blocks.

    runner.request(session)   # start thinking for the seat on turn (no-op if a human's turn)
    action = runner.poll()    # the chosen action once ready, else None; each answer given once
    runner.cancel()           # forget the request (undo, quit, load): a late answer is dropped

The worker gets only what the engine contract allows a player to see:
`rules.observe(state, seat)` and `rules.legal_actions(state)`. The answer is checked
against the legal list before it is handed out; a crash or a wrong answer in a
computer player falls back to a legal action (and is recorded in `last_error`),
so a buggy player can never stop a game.
"""
from __future__ import annotations

import threading
import traceback
from typing import Any, Callable

from ne_game import rules

PlayerFactory = Callable[..., Any]


def default_factory(kind: str, seed: int, time_budget: float) -> Any:
    from ne_game.ai import make_player

    if kind == "hard":
        return make_player(kind, seed=seed, time_budget=time_budget)
    return make_player(kind, seed=seed)


class AIRunner:
    """One request at a time; newer requests and `cancel` make older answers stale."""

    def __init__(self, app: Any = None, factory: PlayerFactory | None = None) -> None:
        self.app = app
        self.factory = factory or default_factory
        self._lock = threading.Lock()
        self._token = 0
        self._result: dict | None = None
        self._thread: threading.Thread | None = None
        self._players: dict[tuple[int, str, float], Any] = {}
        self.last_error: str | None = None
        self.requested_for: tuple[int, int] | None = None   # (seat, number of actions) of the request

    # ------------------------------------------------------------ settings
    def _budget(self) -> float:
        settings = getattr(self.app, "settings", self.app)
        return float(getattr(settings, "ai_budget", 1.0) or 1.0)

    def _player(self, seat: int, kind: str, seed: int) -> Any:
        budget = self._budget()
        key = (seat, kind, budget)   # a new thinking-time setting takes effect at once
        player = self._players.get(key)
        if player is None:
            player = self.factory(kind, seed=seed, time_budget=budget)
            self._players[key] = player
        return player

    # ------------------------------------------------------------ API
    @property
    def busy(self) -> bool:
        """A request is being worked on (its answer not yet polled)."""
        with self._lock:
            return self.requested_for is not None and self._result is None

    def request(self, session: Any) -> bool:
        """Start thinking for the computer seat on turn. False when it is nobody's or a human's turn.

        A repeated request for the same position while one is pending is ignored, so a
        scene may call this every frame."""
        state = session.state
        snap = rules.to_json(state)
        seat = snap.get("current_player")
        if seat is None:
            return False
        kind = session.seats[seat].kind
        if kind == "human":
            return False
        position = (seat, len(session.actions))
        with self._lock:
            if self.requested_for == position:
                return True
            self._token += 1
            token = self._token
            self._result = None
            self.requested_for = position
        seed = (int(session.seed) * 31 + seat) & 0x7FFFFFFF
        try:
            player = self._player(seat, kind, seed)
        except Exception:  # a missing or broken AI module must not stop the game
            self.last_error = traceback.format_exc()
            player = None
        observation = rules.observe(state, seat)
        legal = rules.legal_actions(state)

        def work() -> None:
            action = None
            try:
                if player is not None:
                    action = player.choose(observation, legal)
            except Exception:
                self.last_error = traceback.format_exc()
            if action is None or rules.action_key(action) not in {rules.action_key(a) for a in legal}:
                if action is not None:
                    self.last_error = f"computer player chose an action not in legal_actions: {action!r}"
                action = legal[0] if legal else None
            with self._lock:
                if token == self._token:
                    self._result = action

        self._thread = threading.Thread(target=work, daemon=True, name=f"ne-ai-seat{seat}")
        self._thread.start()
        return True

    def busy(self) -> bool:
        """True while a worker thread is thinking."""
        thread = self._thread
        return thread is not None and thread.is_alive()

    def poll(self) -> dict | None:
        """The answer to the current request, once; None while thinking (or nothing asked)."""
        with self._lock:
            result, self._result = self._result, None
            if result is not None:
                self.requested_for = None
            return result

    def cancel(self) -> None:
        """Drop the current request; the thread finishes on its own and its answer is ignored."""
        with self._lock:
            self._token += 1
            self._result = None
            self.requested_for = None

    def wait(self, timeout: float = 30.0) -> None:
        """Block until the worker finishes (tests only; the UI polls instead)."""
        thread = self._thread
        if thread is not None:
            thread.join(timeout)
