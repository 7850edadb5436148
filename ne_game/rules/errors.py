"""Errors raised by the rules core."""
from __future__ import annotations


class IllegalAction(ValueError):
    """An action that the rules do not allow now.

    `str(err)` says why in English words a player reads. For every other language, and
    for any UI logic, the error is structured: `code` names the rule that refused (a
    stable snake_case id such as "rival_contact" or "too_poor"), `cells` are the board
    cells ([x, y] tuples) the refusal is about, and `params` holds the named values a
    translated sentence needs (e.g. {"cost": 7, "money": 5, "owner": 2}). The UI never
    parses the English text.
    """

    def __init__(self, message: str = "", *, code: str = "illegal",
                 cells: tuple[tuple[int, int], ...] | list = (),
                 params: dict | None = None) -> None:
        super().__init__(message)
        self.code: str = code
        self.cells: tuple[tuple[int, int], ...] = tuple(tuple(c) for c in cells)  # type: ignore[misc]
        self.params: dict = dict(params or {})


class DataError(ValueError):
    """Game data (board level, cards, families) that cannot be used; the message names the file and key."""

    def __init__(self, source: str, key: str, problem: str):
        self.source, self.key, self.problem = source, key, problem
        super().__init__(f"{source}: key '{key}': {problem}")
