"""Names for computer seats: short given names of 17th-century New England colonists,
so a table reads "Mercy is bidding", not "Player 2 is bidding"."""
from __future__ import annotations

import re
from collections.abc import Iterable

from ne_game.i18n import fmt, translations_of

COMPUTER_NAMES = ("Mercy", "Josiah", "Prudence", "Ezekiel", "Thankful", "Increase", "Patience",
                  "Obadiah", "Temperance", "Jonathan")

_DEFAULT = re.compile(r"^(Player \d+)?$")


def default_name(number: int) -> str:
    """The setup's name for a seat nobody named: "Player 2", "Speler 2", "Joueur 2"."""
    return fmt("Player {number}", number=number)


def is_placeholder(name: str) -> bool:
    """An empty name or the setup's "Player N" (in any of the game's languages): a name
    nobody chose."""
    text = name.strip()
    if _DEFAULT.match(text):
        return True
    m = re.search(r"\d+", text)
    if not m:
        return False
    number = int(m.group(0))
    return text in _default_names(number)


def _default_names(number: int) -> set[str]:
    return {t.replace("{number}", str(number)) for t in translations_of("Player {number}")} | {default_name(number)}


def computer_name(taken: Iterable[str]) -> str:
    """The first computer name not already at the table (compared without case)."""
    used = {t.strip().casefold() for t in taken}
    for name in COMPUTER_NAMES:
        if name.casefold() not in used:
            return name
    return COMPUTER_NAMES[0]   # ten names, more than the computer seats of any table the data allows
