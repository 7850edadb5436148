"""Hints in normal games: "show me a good move" asks the hard computer player at the table's
thinking time, the same player whose candidates and sampled futures the coach judges with
(one judge: a move the Hint suggested is one the coach weighs, and it is flagged only when the
coach's own samples show it clearly worse; ne_game/coach/review.py).

The question is a request on the table's computer-player runner (ne_game/ui/shell/ai_runner.py),
like a computer seat's move: it thinks in the runner's worker thread in the game and at once
in tests, on the seat's own observation; while it thinks the Hint button says so, and a new
position cancels it. The hint shown is kept in the session (`GameSession.hints`, saved with
the game) so that the coach knows which decisions followed it. The table then highlights its choice the way it
shows a computer's move, and a short sentence says it. Only when the hints setting is on,
and never in the tutorial.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # pragma: no cover
    from ne_game.rules import Action
    from ne_game.ui.scenes.table.model.interaction import Interaction

HINT_KIND = "hard"


def enabled(settings: Any, session: Any, human_turn: bool) -> bool:
    """A hint button belongs on the table now (a person's turn, hints on, not the tutorial)."""
    if not getattr(settings, "hints", False) or not human_turn:
        return False
    return getattr(session, "controller", None) is None


def advice(sentence: str) -> str:
    """The move on show, as the log says it in the present tense ("Ann buys a field tile …"),
    already in the player's language: a whole translated sentence, never re-worded here."""
    return sentence.strip()


def pick_like(inter: Interaction, action: Action) -> None:
    """A start tile hinted is the one chosen, turned as the hint lays it (the player's next
    click on a glowing place takes it as shown)."""
    if action["type"] == "place_start_tile":
        inter.start_land = action["land"]
        (x0, _y0), (x1, _y1) = action["cells"][0], action["cells"][1]
        inter.orient = 0 if x0 != x1 else 1
