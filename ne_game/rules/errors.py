"""Errors raised by the rules core."""
from __future__ import annotations


class IllegalAction(ValueError):
    """An action that the rules do not allow now; the message says why, in words a player reads."""


class DataError(ValueError):
    """Game data (board level, cards, families) that cannot be used; the message names the file and key."""

    def __init__(self, source: str, key: str, problem: str):
        self.source, self.key, self.problem = source, key, problem
        super().__init__(f"{source}: key '{key}': {problem}")
