""""Since your last turn": what the others did between two turns of a person (pure).

The table asks `recap_for(log, session, seat)` when a person's turn begins. The recap is
the log's sentences of every action taken since that seat last acted, by the others (and
the game's own events, such as a new round), oldest first. It is only worth a card when
something changed hands or the board: bids alone (a round's bidding) are not news enough to
stop the game for.
"""
from __future__ import annotations

from dataclasses import dataclass

from ne_game.rules import ActionType
from ne_game.session import GameSession

from .log import GameLog

#: actions that change the board or what a seat holds: these make a recap worth showing
NEWS: frozenset[ActionType] = frozenset({"place_start_tile", "buy_land", "buy_card", "play_stored", "move_figure"})
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
    if not any(session.actor_of(i) != seat and session.actions[i]["type"] in NEWS for i in others):
        return None
    lines = [(e.seat, e.text) for e in log.entries if e.index > since and e.seat != seat
             and not (e.seat is None and e.index == log.resumed_at)]     # not the "game goes on" line
    return Recap(seat, since, tuple(lines[-SHOWN:]), max(0, len(lines) - SHOWN))
