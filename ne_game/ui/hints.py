"""Hints in normal games: "show me a good move" asks the medium computer player.

It thinks in a worker thread (never blocking the window) on the seat's own observation,
then the table highlights its choice the way it shows a computer's move, and a short
sentence says it. Only when the hints setting is on, and never in the tutorial.
"""
from __future__ import annotations

import logging
import threading
from typing import Any

from ne_game import rules

log = logging.getLogger(__name__)

HINT_KIND = "medium"


def enabled(settings: Any, session: Any, human_turn: bool) -> bool:
    """A hint button belongs on the table now (a person's turn, hints on, not the tutorial)."""
    if not getattr(settings, "hints", False) or not human_turn:
        return False
    return getattr(session, "controller", None) is None


class HintAsker:
    """One question at a time; an answer for a position that has passed is dropped."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._answer: tuple[int, dict] | None = None
        self._asked: int | None = None
        self.thread: threading.Thread | None = None

    def ask(self, session: Any) -> None:
        state = session.state
        seat = rules.to_json(state).get("current_player")
        if seat is None:
            return
        position = len(session.actions)
        with self._lock:
            if self._asked == position:
                return
            self._asked, self._answer = position, None
        observation, legal = rules.observe(state, seat), rules.legal_actions(state)

        def work() -> None:
            from ne_game.ai import make_player

            try:
                action = make_player(HINT_KIND, seed=position).choose(observation, legal)
            except Exception:   # noqa: BLE001 - a broken player gives no hint, never a crash
                log.exception("the hint player failed")
                action = None
            with self._lock:
                if self._asked == position and action is not None:
                    self._answer = (position, action)

        self.thread = threading.Thread(target=work, daemon=True, name="ne-hint")
        self.thread.start()

    def take(self, session: Any) -> dict | None:
        """The answer for the current position, once."""
        with self._lock:
            answer, self._answer = self._answer, None
            if answer is None:
                return None
            self._asked = None
            return answer[1] if answer[0] == len(session.actions) else None


def advice(sentence: str) -> str:
    """The move on show, as the log says it in the present tense ("Ann buys a field tile …"),
    already in the player's language: a whole translated sentence, never re-worded here."""
    return sentence.strip()
