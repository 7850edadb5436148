""""Since your last turn": what the others did between two turns of a person (pure).

The table asks `recap_for(log, session, seat)` when a person's turn begins. The recap is
the log's sentences of every action taken since that seat last acted, by the others (and
the game's own events, such as a new round), oldest first: whenever another seat acted
(bids too). The card stands in nobody's way (see ne_game/ui/scenes/recap.py).
"""
from __future__ import annotations

from dataclasses import dataclass

from ne_game.game.session import GameSession
from ne_game.ui.scenes.table.model.log import GameLog

SHOWN = 10      # the card lists this many lines at most (the newest); the log keeps the rest


@dataclass(frozen=True)
class Recap:
    seat: int
    since: int                                     # actions taken when the seat last acted
    lines: tuple[tuple[int | None, str], ...]      # (who acted, sentence), oldest first
    more: int                                      # earlier lines left to the log


def recap_for(log: GameLog, session: GameSession, seat: int) -> Recap | None:
    """The recap for `seat` now, or None: the seat has not acted yet in this game (or session),
    or no other seat's action since then changed the board or a hand."""
    since = log.last_turn.get(seat)
    if since is None:
        return None
    others = range(since, len(session.actions))
    if not any(session.actor_of(i) != seat for i in others):
        return None
    lines = [(e.seat, e.text) for e in log.entries if e.index > since and e.seat != seat
             and not e.taken_back                                        # a move undone is no news
             and not (e.seat is None and e.index == log.resumed_at)]     # not the "game goes on" line
    return Recap(seat, since, tuple(lines[-SHOWN:]), max(0, len(lines) - SHOWN))
