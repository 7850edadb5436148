"""The Records screen's words: its buttons, a game's date, a player's totals (no drawing)."""
from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from ne_game import i18n
from ne_game.history import PlayerTotals
from ne_game.i18n import _, nfmt, pgettext

if TYPE_CHECKING:
    from ne_game.ui.look.theme import Theme

log = logging.getLogger(__name__)

ACTS = ("replay", "story", "review", "export", "import", "close")     # the buttons at the foot, left to right
GAME_ACTS = frozenset({"replay", "story", "review", "export"})   # the acts on the chosen game


def act_label(act: str) -> str:
    return {"replay": pgettext("game replay", "Replay"), "story": _("Story"), "review": _("Review"),
            "export": _("Export game"), "import": _("Import games"), "close": _("Close")}[act]


def act_row(theme: Theme, px: int, room: int, gap: int, width: int) -> tuple[int, list[int]]:
    """The text size of the button row and each button's width (in ACTS order) for `room`
    pixels: every label at the same size, `px` when the row can hold them all at it, each
    button as wide as its words and a margin on both sides, and no narrower than its share
    of an even row (at most `width`). Only when the words of the row do not fit side by side
    at `px` does the whole row take the largest smaller size at which they do (one size
    still: a row that mixes sizes reads as a mistake)."""
    labels = [act_label(a) for a in ACTS]
    room -= gap * len(ACTS)         # the gap between the buttons, and the wider one before Close
    size = max(4, int(px))
    while True:
        font = theme.font("bold", size)
        need = [font.size(label)[0] + 2 * gap for label in labels]
        if sum(need) <= room or size <= 4:
            break
        size -= 1
    # the even share, lowered until the row holds it together with the wider words
    share = min(width, room // len(ACTS))
    while share > 0 and sum(max(n, share) for n in need) > room:
        share -= 1
    return size, [max(n, share) for n in need]


def percent(rate: float | None) -> str:
    return "–" if rate is None else i18n.number(round(rate * 100), percent=True)


def totals_line(t: PlayerTotals) -> str:
    return nfmt("{n} game, {wins} won ({rate}); best {best}, average {avg} VP",
                "{n} games, {wins} won ({rate}); best {best}, average {avg} VP", t.games,
                wins=t.wins, rate=percent(t.win_rate), best="–" if t.best is None else t.best,
                avg="–" if t.average is None else i18n.number(round(t.average, 1)))


def level_word(kind: str) -> str:
    """Who a player's games were against: a computer level's name, or "people"."""
    from ne_game.ui.text.words import level_name

    return level_name(kind) if kind != "human" else _("people")
