"""A read-only, typed view of a game position: what listeners and views read.

`rules.position(state)` gives the whole position (every barn's card: the table decides who
may see one); `Position.from_snapshot(d)` reads a snapshot or an observation (a replay
of an unfinished game shows only what was public: a hidden card is `HIDDEN`). `to_json`
stays what saves hold; nothing on screen needs to re-serialise a state to read it.

Cells are (x, y) tuples. The view of a state is built once and kept with the state
(states never change once a client holds them).
"""
from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from .actions import Cell, Phase
from .state import CELLS, DEVELOPED, FIGURE, LAND, OWNER, START, State

if TYPE_CHECKING:
    from .snapshot import SnapshotOrView

HIDDEN = "hidden"          # a barn's card that this view may not show


@dataclass(frozen=True, slots=True)
class TileView:
    owner: int
    land: str
    cells: tuple[Cell, ...]
    start: bool
    developed: bool
    figure: str | None

    @property
    def first(self) -> Cell:
        """The cell that names the tile (actions may name it by any of its cells)."""
        return min(self.cells)


@dataclass(frozen=True, slots=True)
class BarnView:
    cell: Cell                 # the barn tile's first cell
    card: str | None           # the stored card, None when empty, HIDDEN when not ours to see


@dataclass(frozen=True, slots=True)
class PlayerView:
    family: str
    money: int
    bid: int | None
    cards: tuple[str, ...]     # face up, in the order gained
    barns: tuple[BarnView, ...]


@dataclass(frozen=True, slots=True)
class OfferItem:
    slot: int
    kind: str                  # "land" | "card"
    land: str | None = None
    card: str | None = None

    @property
    def what(self) -> str:
        """The land or card id."""
        return (self.land if self.kind == "land" else self.card) or ""


@dataclass(frozen=True)
class Position:
    phase: Phase
    round: int
    start_player: int
    current_player: int | None
    players: tuple[PlayerView, ...]
    tiles: tuple[TileView, ...]
    offer: tuple[OfferItem, ...]
    bag_count: int
    deck_count: int
    supply: Mapping[str, int]
    purchases: int = 0                 # of the buyer on turn, this buying turn
    buy_order: tuple[int, ...] = ()    # the buying phase's order of seats (highest bid first)
    level: str = "classic"
    _by_cell: dict[Cell, int] = field(default_factory=dict, repr=False, compare=False)

    def __post_init__(self) -> None:
        for i, t in enumerate(self.tiles):
            for c in t.cells:
                self._by_cell[c] = i

    # ---- looking things up ---------------------------------------------------------
    @property
    def n(self) -> int:
        return len(self.players)

    def tile_at(self, cell: Cell | None) -> TileView | None:
        i = self.tile_index(cell)
        return None if i is None else self.tiles[i]

    def tile_index(self, cell: Cell | None) -> int | None:
        return None if cell is None else self._by_cell.get((int(cell[0]), int(cell[1])))

    def tile_cells(self, cell: Cell) -> tuple[Cell, ...]:
        """The cells of the tile at `cell` (the cell alone when no tile lies there)."""
        t = self.tile_at(cell)
        return t.cells if t is not None else ((int(cell[0]), int(cell[1])),)

    def tiles_of(self, seat: int) -> Iterator[TileView]:
        return (t for t in self.tiles if t.owner == seat)

    def figure_counts(self, seat: int) -> dict[str, int]:
        """Per figure kind standing on the seat's tiles (kinds with none left out)."""
        out: dict[str, int] = {}
        for t in self.tiles:
            if t.owner == seat and t.figure is not None:
                out[t.figure] = out.get(t.figure, 0) + 1
        return out

    def offer_item(self, slot: int) -> OfferItem | None:
        for o in self.offer:
            if o.slot == slot:
                return o
        return None

    def barn_card(self, seat: int, cell: Cell) -> str | None:
        """The card stored in the seat's barn at (any cell of) `cell`."""
        i = self.tile_index(cell)
        for b in self.players[seat].barns:
            if self.tile_index(b.cell) == i:
                return b.card
        return None

    # ---- reading snapshots ------------------------------------------------------------
    @classmethod
    def from_snapshot(cls, d: SnapshotOrView) -> Position:
        """The view of a snapshot (`to_json`) or an observation (`observe`, a replay's public
        view): a barn card it does not show reads as HIDDEN."""
        def cell(c: list[int]) -> Cell:
            return int(c[0]), int(c[1])

        players = tuple(
            PlayerView(str(p["family"]), int(p["money"]), p.get("bid"), tuple(p.get("cards", ())),
                       tuple(BarnView(cell(b["cell"]), b.get("card", HIDDEN)) for b in p.get("barns", ())))
            for p in d["players"])
        tiles = tuple(TileView(int(t["owner"]), str(t["land"]), tuple(cell(c) for c in t["cells"]),
                               bool(t.get("start")), bool(t.get("developed")), t.get("figure"))
                      for t in d.get("tiles", ()))
        offer = tuple(OfferItem(o["slot"], "land", land=item["land"]) if item["kind"] == "land"
                      else OfferItem(o["slot"], "card", card=item["card"])
                      for o in d["offer"] for item in (o["item"],))
        return cls(d["phase"], int(d.get("round", 0)), int(d.get("start_player", 0)), d.get("current_player"),
                   players, tiles, offer, int(d.get("bag_count", 0)), int(d.get("deck_count", 0)),
                   dict(d.get("supply", {})), int(d.get("purchases", 0)), tuple(d.get("buy_order", ())),
                   str(d.get("level", "classic")))


def position(s: State) -> Position:
    """The view of an engine state, built once per state."""
    cached = s.view
    if isinstance(cached, Position):
        return cached
    rs = s.rs
    xy = rs.xy

    def cells(indices: tuple[int, ...]) -> tuple[Cell, ...]:
        return tuple(xy[i] for i in indices)

    tiles = tuple(TileView(t[OWNER], t[LAND], cells(t[CELLS]), t[START], t[DEVELOPED], t[FIGURE]) for t in s.tiles)
    players = tuple(
        PlayerView(rs.family_ids[seat], s.money[seat], s.bid[seat], s.cards[seat],
                   tuple(BarnView(xy[s.tiles[ti][CELLS][0]], card) for ti, card in s.barns[seat]))
        for seat in range(s.n))
    offer = tuple(OfferItem(slot, kind, what if kind == "land" else None, what if kind == "card" else None)
                  for slot, kind, what in s.offer)
    view = Position(s.phase, s.round, s.start_player, s.current, players, tiles, offer, s.bag_left, s.deck_left,
                    dict(zip(rs.figure_order, s.supply)), s.purchases,
                    tuple(s.order) if s.phase == "buying" else (), rs.level_id)
    s.view = view
    return view
