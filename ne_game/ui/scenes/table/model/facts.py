"""Derived facts of one game position, for the views, the help and the hints.

Pure (no pygame): `Facts.of(session)` reads the position once (`rules.position`, typed and
read-only) and answers the questions every part of the table asks: who sits where, what a
seat is called, who may see a barn, the current price, the start tiles still to place, the
figures on the board. Rules questions (is this parcel coastal?) are asked of the engine; the
game's nouns (lands, figures, cards) come from its ruleset.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Protocol

from ne_game import rules
from ne_game.game.session import GameSession
from ne_game.i18n import _, fmt
from ne_game.rules import Cell, OfferItem, Phase, Position, Ruleset, State
from ne_game.ui.text.words import level_name


class SeatLike(Protocol):
    """A seat as the table names it: a session's Seat or a replay's SeatInfo."""

    @property
    def name(self) -> str: ...

    @property
    def kind(self) -> str: ...



def coast_of(rs: Ruleset) -> frozenset[Cell]:
    """The board's coastal parcels as (x, y): what a map draws as shore (the table, the title)."""
    return frozenset(rs.xy[i] for i in rs.cells if rs.coastal[i])


@dataclass(frozen=True, eq=False)
class Facts:
    """One position of the game, as the table shows it. Compared by identity: two reads of
    the session are two positions (an undo and another move may reach the same count)."""
    state: State = field(compare=False, repr=False)
    pos: Position = field(compare=False, repr=False)
    position: int                      # how many actions the session holds
    names: tuple[str, ...]             # seat -> name
    kinds: tuple[str, ...]             # seat -> "human" | a computer level
    families: tuple[str, ...]          # seat -> family id
    vp: tuple[int, ...]                # seat -> running VP estimate (engine's final_scores)
    # whose barns show their cards: "owner" (at the table: the seat on turn, if human),
    # "all" (a finished game's replay) or "none" (an unfinished game's replay: public only)
    barns: str = "owner"
    # seat -> the running VP's parts: from cards, and per figure from a (provisional) majority
    vp_cards: tuple[int, ...] = ()
    vp_majorities: tuple[tuple[tuple[str, int], ...], ...] = ()
    # the seats played on a phone: their barns stay hidden on the TV, even on their turn
    phones: frozenset[int] = frozenset()

    @classmethod
    def of(cls, session: GameSession) -> Facts:
        return cls.at(session.state, list(session.seats), len(session.actions))

    @classmethod
    def at(cls, state: State, seats: Sequence[SeatLike], position: int, barns: str = "owner") -> Facts:
        """The facts of any state (a replay's position): `seats` name each seat and its kind."""
        pos = rules.position(state)
        rs = state.rs
        names, kinds = [], []
        for i, p in enumerate(pos.players):
            seat = seats[i] if i < len(seats) else None
            name = seat.name if seat is not None and seat.name else ""
            names.append(name or rs.family_names.get(p.family, fmt("Seat {n}", n=i + 1)))
            kinds.append(seat.kind if seat is not None else "human")
        scores = {s["seat"]: s for s in rules.final_scores(state)}
        vp = tuple(scores[i]["total"] if i in scores else 0 for i in range(pos.n))
        cards = tuple(scores[i]["cards_vp"] if i in scores else 0 for i in range(pos.n))
        most = tuple(tuple((f, v) for f, v in scores[i]["majorities"].items() if v) if i in scores else ()
                     for i in range(pos.n))
        phones = frozenset(i for i, s in enumerate(seats[:pos.n]) if getattr(s, "phone", False) is True)
        return cls(state, pos, position, tuple(names), tuple(kinds),
                   tuple(p.family for p in pos.players), vp, barns, cards, most, phones)

    @property
    def rs(self) -> Ruleset:
        """The game's data: its lands, figures, cards and families."""
        return self.state.rs

    # ---- seats -------------------------------------------------------------------
    @property
    def seat(self) -> int | None:
        """Whose decision it is (None: the game is over)."""
        return self.pos.current_player

    @property
    def phase(self) -> Phase:
        return self.pos.phase

    def family(self, seat: int) -> str:
        return self.families[seat]

    def seat_name(self, seat: int | None) -> str:
        return "" if seat is None else self.names[seat]

    def seat_kind(self, seat: int) -> str:
        return self.kinds[seat]

    def is_human(self, seat: int | None) -> bool:
        return seat is not None and self.kinds[seat] == "human"

    def money(self, seat: int) -> int:
        return self.pos.players[seat].money

    def seat_sub(self, seat: int) -> str:
        """The small line under a name: family and computer level (the start player has the
        marker beside the name)."""
        return self.seat_subs(seat)[0]

    def seat_subs(self, seat: int) -> tuple[str, ...]:
        """The sub line, longest first: a narrow panel shows the first that fits whole."""
        fam = self.rs.family_names.get(self.family(seat), "")
        kind = self.seat_kind(seat)
        same = not fam or fam == self.names[seat]
        if kind == "human":
            return (_("player"),) if same else (fmt("family {family}", family=fam), fam)
        level = level_name(kind)
        if same:
            return (fmt("computer ({level})", level=level), _("computer"))
        # the last, shortest form still says "computer": who is a computer stays in sight
        return (fmt("family {family} · computer ({level})", family=fam, level=level),
                fmt("{family} · computer ({level})", family=fam, level=level),
                fmt("{family} · computer", family=fam), _("computer"))

    def may_see_barn(self, seat: int) -> bool:
        """Hotseat privacy: barn contents show only to their owner on his own turn (a replay
        shows all of them once the game is over, none while it is not)."""
        if self.barns != "owner":
            return self.barns == "all"
        return self.seat == seat and self.is_human(seat) and seat not in self.phones

    def is_phone(self, seat: int | None) -> bool:
        """A person plays this seat on a phone (its private view is there, not on the TV)."""
        return seat is not None and seat in self.phones

    # ---- counts and prices ----------------------------------------------------------
    def remaining_start_lands(self, seat: int) -> list[str]:
        """The lands of the ruleset whose start tile `seat` has not placed yet."""
        placed = {t.land for t in self.pos.tiles_of(seat) if t.start}
        return [land for land in self.rs.lands if land not in placed]

    def figure_counts(self, seat: int) -> dict[str, int]:
        return self.pos.figure_counts(seat)

    def current_price(self) -> int | None:
        """What one item costs the buyer now (his bid), outside buying None."""
        if self.phase != "buying":
            return None
        seat = self.seat
        return None if seat is None else self.pos.players[seat].bid

    def offer_item(self, slot: int) -> OfferItem | None:
        return self.pos.offer_item(slot)

    def tile_cells(self, cell: Cell) -> tuple[Cell, ...]:
        return self.pos.tile_cells(cell)

    # ---- the board (asked of the engine) -------------------------------------------------
    def is_coast(self, cell: Cell) -> bool:
        return rules.is_coast(self.state, list(cell))

    def on_board(self, cell: Cell) -> bool:
        return rules.on_board(self.state, list(cell))

    def coast(self) -> frozenset[Cell]:
        """Every coastal parcel of the board (drawn with the coast's parcels)."""
        return coast_of(self.rs)

    def board_shape(self) -> tuple[int, int, frozenset[Cell]]:
        """Columns, rows and the cells missing from the rectangle."""
        rs = self.rs
        return rs.width, rs.height, frozenset(rs.missing)
