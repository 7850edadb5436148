""""Since your last turn": what the others did between two turns of a person (pure).

When a person's turn begins the table notes how many actions had been taken when that seat
last acted (`since`), and for the whole turn its game log shows, in its own place beside the
board, `recap_for(log, session, seat, since)`: the log's sentences of every action taken since
then by the others (and the game's own events, such as a new round), oldest first: whenever
another seat acted (bids too). Nothing covers the board, so nothing stands in the way of a
click; the moves listed glow on the board (view_model.changed_cells).
"""
from __future__ import annotations

from dataclasses import dataclass

from ne_game.game.session import GameSession
from ne_game.ui.scenes.table.model.log import GameLog


@dataclass(frozen=True)
class Recap:
    seat: int
    since: int                                     # actions taken when the seat last acted
    lines: tuple[tuple[int | None, str], ...]      # (who acted, sentence), oldest first: all of them
    shorts: tuple[str, ...] = ()                   # each line's move in a few words without the name, or ""
    glyphs: tuple[tuple[str, ...], ...] = ()       # each line's move as a little picture (log.move_glyph), or ()


def recap_for(log: GameLog, session: GameSession, seat: int, since: int | None = None) -> Recap | None:
    """The recap for `seat`, or None: the seat has not acted yet in this game (or session),
    or no other seat's action since then changed the board or a hand. `since` (default: the
    seat's last action in the log) keeps the recap of a turn while the seat acts in it."""
    since = log.last_turn.get(seat) if since is None else since
    if since is None:
        return None
    others = range(since, len(session.actions))
    if not any(session.actor_of(i) != seat for i in others):
        return None
    shown = [e for e in log.entries if e.index > since and e.seat != seat
             and not e.taken_back                                        # a move undone is no news
             and not (e.seat is None and e.index == log.resumed_at)]     # not the "game goes on" line
    return (Recap(seat, since, tuple((e.seat, e.text) for e in shown), tuple(e.short for e in shown),
                  tuple(e.glyph for e in shown))
            if shown else None)
