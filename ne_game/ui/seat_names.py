"""Names for computer seats: short given names of 17th-century New England colonists,
so a table reads "Mercy is bidding", not "Player 2 is bidding"."""
from __future__ import annotations

import re
from collections.abc import Iterable

COMPUTER_NAMES = ("Mercy", "Josiah", "Prudence", "Ezekiel", "Thankful", "Increase", "Patience",
                  "Obadiah", "Temperance", "Jonathan")

_DEFAULT = re.compile(r"^(Player \d+)?$")


def is_placeholder(name: str) -> bool:
    """An empty name or the setup's "Player N": a name nobody chose."""
    return bool(_DEFAULT.match(name.strip()))


def computer_name(taken: Iterable[str]) -> str:
    """The first computer name not already at the table (compared without case)."""
    used = {t.strip().casefold() for t in taken}
    for name in COMPUTER_NAMES:
        if name.casefold() not in used:
            return name
    return COMPUTER_NAMES[0]   # ten names for at most three computer seats: never reached
