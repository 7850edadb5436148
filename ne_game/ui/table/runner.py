"""Which computer-player runner the table uses.

The shell's `ne_game.ui.ai_runner` (a worker thread) is preferred; until it
exists, a small thread-based stand-in with the same request/poll/cancel face.
"""
from __future__ import annotations

import threading
from typing import Any


class ThreadRunner:
    """Think in a worker thread so the window never blocks."""

    def __init__(self) -> None:
        self._result: dict | None = None
        self._token = 0
        self._lock = threading.Lock()

    def request(self, session: Any) -> None:
        from ne_game import rules
        from ne_game.ai import make_player

        state = session.state
        seat = rules.to_json(state).get("current_player")
        if seat is None:
            return
        kind = session.seats[seat].kind
        with self._lock:
            self._token += 1
            token = self._token
            self._result = None

        def work() -> None:
            try:
                player = make_player(kind if kind != "human" else "easy",
                                     seed=len(getattr(session, "actions", [])))
                action = player.choose(rules.observe(state, seat), rules.legal_actions(state))
            except Exception:
                legal = rules.legal_actions(state)
                action = legal[0] if legal else None
            with self._lock:
                if token == self._token:
                    self._result = action

        threading.Thread(target=work, daemon=True, name="ne-ai").start()

    def poll(self) -> dict | None:
        with self._lock:
            r, self._result = self._result, None
            return r

    def cancel(self) -> None:
        with self._lock:
            self._token += 1
            self._result = None


def resolve_runner(app: Any) -> Any:
    runner = getattr(app, "ai_runner", None)
    if runner is not None:
        return runner
    try:
        from ne_game.ui import ai_runner as mod  # the shell's, when it lands
    except Exception:
        return ThreadRunner()
    for name in ("AIRunner", "AiRunner", "Runner"):
        cls = getattr(mod, name, None)
        if cls is None:
            continue
        for args in ((app,), (), (getattr(app, "settings", None),)):
            try:
                return cls(*args)
            except TypeError:
                continue
    return ThreadRunner()
