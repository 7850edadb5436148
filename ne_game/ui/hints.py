"""Hints in normal games: "show me a good move" asks the medium computer player.

It thinks in a worker thread (never blocking the window) on the seat's own observation,
then the table highlights its choice the way it shows a computer's move, and a short
sentence says it. Only when the hints setting is on, and never in the tutorial.
"""
from __future__ import annotations

import threading
from typing import Any

from ne_game import rules

HINT_KIND = "medium"


def enabled(table: Any) -> bool:
    """A hint button belongs on the table now (a person's turn, hints on, not the tutorial)."""
    settings = getattr(table.app, "settings", None)
    if not getattr(settings, "hints", False) or not table.human_turn or table.inter is None:
        return False
    return getattr(table.session, "controller", None) is None


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
            except Exception:   # a broken player gives no hint, never a crash
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


def asker(table: Any) -> HintAsker:
    a = getattr(table, "_hint_asker", None)
    if a is None:
        a = HintAsker()
        table._hint_asker = a
    return a


def request(table: Any) -> None:
    """The hint button was pressed: start thinking."""
    asker(table).ask(table.session)   # the answer comes in a moment: poll() shows it


def poll(table: Any) -> None:
    """Every frame: when the answer is in, show it like a computer's move (glow + words)."""
    a = getattr(table, "_hint_asker", None)
    if a is None:
        return
    action = a.take(table.session)
    if action is None:
        return
    table._show_ai(action)               # the table's own highlight of a chosen move
    table.hint_action = action
    words = advice(table.ai_words, table.seat_name(table.snap.get("current_player"))) \
        or action.get("type", "").replace("_", " ")
    table.hint_words = words
    toast = getattr(table.app, "toast", None)
    if toast:
        toast(f"Hint: {words}", seconds=4.5)


_VERBS = {"placed": "place", "announced": "announce", "took": "take", "used": "use",
          "bought": "buy", "moved": "move", "ended": "end", "played": "play", "stored": "store",
          "developed": "develop", "put": "put", "revealed": "reveal"}


def advice(sentence: str, name: str) -> str:
    """The log's past-tense sentence ("Ann bought a field tile …") as advice ("Buy a field tile …")."""
    text = sentence.strip()
    if name and text.startswith(name + " "):
        text = text[len(name) + 1:]
    words = [(_VERBS.get(w, w)) for w in text.split(" ")]
    text = " ".join(words)
    return text[:1].upper() + text[1:]
