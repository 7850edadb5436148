"""Derived facts of one game position, for the views, the help and the hints.

Pure (no pygame): `Facts.of(session)` reads the engine state once and answers the
questions every part of the table asks: who sits where, what a seat is called,
who may see a barn, the current price, the start tiles still to place, the figures
on the board. Rules questions (is this parcel coastal?) are asked of the engine.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import ne_game.ui.table.data as data
from ne_game import rules
from ne_game.i18n import _, fmt
from ne_game.ui.words import level_name

from .model import TileIndex

START_LANDS = ("settlement", "field", "pasture")


@dataclass(frozen=True, eq=False)
class Facts:
    """One position of the game, as the table shows it. Compared by identity: two reads of
    the session are two positions (an undo and another move may reach the same count)."""
    state: Any = field(compare=False, repr=False)
    snap: dict = field(compare=False, repr=False)
    position: int                      # how many actions the session holds
    names: tuple[str, ...]             # seat -> name
    kinds: tuple[str, ...]             # seat -> "human" | a computer level
    families: tuple[str, ...]          # seat -> family id
    vp: tuple[int, ...]                # seat -> running VP estimate (engine's final_scores)
    cards: dict = field(compare=False, repr=False)
    tiles: TileIndex = field(compare=False, repr=False)

    @classmethod
    def of(cls, session: Any, cards: dict | None = None) -> Facts:
        state = session.state
        snap = rules.to_json(state)
        players = snap["players"]
        fam_names = data.family_names()
        seats = list(session.seats)
        names, kinds = [], []
        for i, p in enumerate(players):
            seat = seats[i] if i < len(seats) else None
            name = seat.name if seat is not None and seat.name else ""
            names.append(name or fam_names.get(p["family"], f"Seat {i + 1}"))
            kinds.append(seat.kind if seat is not None else "human")
        vp = {s["seat"]: s["total"] for s in rules.final_scores(state)}
        return cls(state, snap, len(session.actions), tuple(names), tuple(kinds),
                   tuple(p["family"] for p in players),
                   tuple(vp.get(i, 0) for i in range(len(players))),
                   cards if cards is not None else data.cards(), TileIndex(snap))

    # ---- seats -------------------------------------------------------------------
    @property
    def seat(self) -> int | None:
        """Whose decision it is (None: the game is over)."""
        return self.snap.get("current_player")

    @property
    def phase(self) -> str:
        return self.snap.get("phase", "")

    def family(self, seat: int) -> str:
        return self.families[seat]

    def seat_name(self, seat: int | None) -> str:
        return "" if seat is None else self.names[seat]

    def seat_kind(self, seat: int) -> str:
        return self.kinds[seat]

    def is_human(self, seat: int | None) -> bool:
        return seat is not None and self.kinds[seat] == "human"

    def seat_sub(self, seat: int) -> str:
        """The small line under a name: family and computer level (the start player has the
        marker beside the name)."""
        return self.seat_subs(seat)[0]

    def seat_subs(self, seat: int) -> tuple[str, ...]:
        """The sub line, longest first: a narrow panel shows the first that fits whole."""
        fam = data.family_names().get(self.family(seat), "")
        kind = self.seat_kind(seat)
        same = not fam or fam == self.names[seat]
        if kind == "human":
            return (_("player"),) if same else (fmt("family {family}", family=fam), fam)
        level = level_name(kind)
        if same:
            return (fmt("computer ({level})", level=level), _("computer"))
        return (fmt("family {family} · computer ({level})", family=fam, level=level),
                fmt("{family} · computer ({level})", family=fam, level=level),
                fmt("{family} · computer", family=fam), fam)

    def may_see_barn(self, seat: int) -> bool:
        """Hotseat privacy: barn contents show only to their owner on his own turn."""
        return self.seat == seat and self.is_human(seat)

    # ---- counts and prices ----------------------------------------------------------
    def remaining_start_lands(self, seat: int) -> list[str]:
        placed = {t["land"] for t in self.snap.get("tiles", [])
                  if t["owner"] == seat and t.get("start")}
        return [land for land in START_LANDS if land not in placed]

    def figure_counts(self, seat: int) -> dict[str, int]:
        out: dict[str, int] = {}
        for t in self.snap.get("tiles", []):
            if t["owner"] == seat and t.get("figure"):
                out[t["figure"]] = out.get(t["figure"], 0) + 1
        return out

    def current_price(self) -> int | None:
        """What one item costs the buyer now (his bid), outside buying None."""
        if self.phase != "buying":
            return None
        seat = self.seat
        return None if seat is None else self.snap["players"][seat].get("bid")

    def offer_item(self, slot: int) -> dict | None:
        for o in self.snap.get("offer", []):
            if o["slot"] == slot:
                return o["item"]
        return None

    # ---- the board (asked of the engine) -------------------------------------------------
    def is_coast(self, cell: tuple[int, int]) -> bool:
        return rules.is_coast(self.state, list(cell))

    def on_board(self, cell: tuple[int, int]) -> bool:
        return rules.on_board(self.state, list(cell))

    def coast(self, cols: int, rows: int) -> frozenset[tuple[int, int]]:
        """Every coastal parcel of a cols x rows board (drawn with the coast's parcels)."""
        return frozenset((x, y) for x in range(cols) for y in range(rows) if self.is_coast((x, y)))
