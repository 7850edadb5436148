"""A light, private model of one observation that the players can change cheaply.

The medium and hard players look one step ahead over their own choices. Asking the
engine for that would mean rebuilding a full state from an observation for every
candidate, so instead the players apply their own action dicts to this small model
(only the effects the evaluation cares about: money, tiles, figures, cards, barns,
offer). The engine remains the judge of legality: the model only ever applies
actions taken from `legal_actions`.
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, Any, cast

from ne_game.ai.data import Cell, GameData, game_data
from ne_game.rules.ruleset import BARN, PILGRIM

if TYPE_CHECKING:
    from ne_game.ai.base import Observation
    from ne_game.rules import Action
    from ne_game.rules.actions import BuyCard, BuyLand, CardUse, MoveFigure, PlayStored

# (seat, land) -> the cells where seat may lay that land; land -> {cell: seats owning that land next to it}
FrontierCache = dict["tuple[int, str] | str", "set[Cell] | dict[Cell, set[int]]"]
# what `evaluation.values` keeps per style: (rounds, blocked cards, (shares, counts), values per seat)
Evaluated = tuple[float, frozenset[str], tuple[list[dict[str, float]], list[dict[str, int]]], tuple[float, ...]]


def cell(c: Iterable[int]) -> Cell:
    x, y = c
    return (int(x), int(y))


def orth(c: Cell) -> tuple[Cell, Cell, Cell, Cell]:
    x, y = c
    return ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1))


@dataclass
class Tile:
    owner: int
    land: str
    cells: tuple[Cell, ...]
    start: bool
    developed: bool
    figure: str | None

    def copy(self) -> Tile:
        return Tile(self.owner, self.land, self.cells, self.start, self.developed, self.figure)


@dataclass
class Model:
    """What a seat can see, in a form that is cheap to copy and change."""

    data: GameData
    phase: str
    round: int
    n: int
    start_player: int
    current: int | None
    money: list[int]
    bids: list[int | None]
    cards: list[list[str]]
    barns: list[list[list[Any]]]          # per seat: [[cell, card or None or "hidden"], ...]
    tiles: list[Tile]
    occ: dict[Cell, int]                  # cell -> index into tiles
    offer: dict[int, tuple[str, str]]     # slot -> ("land", land) | ("card", card id)
    supply: dict[str, int]
    bag: int
    deck: int
    deck_counts: dict[str, int]
    bag_counts: dict[str, int]
    purchases: int
    revealed: bool
    observer: int | None = None
    buy_order: list[int] = field(default_factory=list)
    # (seat, land) -> frontier; valid while no tile is added (figures and development
    # do not change where land may go), so copies share it until a land tile arrives.
    # Keys: (seat, land) -> set of cells; land -> {cell: seats owning that land next to it}.
    fcache: FrontierCache = field(default_factory=dict)
    # (seat, land) -> (open cells, start pairs among them): built in one pass over the tiles
    # when first asked, shared by copies until a tile changes (then None: built again).
    ocache: dict[tuple[int, str], tuple[frozenset[Cell], frozenset[tuple[Cell, ...]]]] | None = None
    # Set by `apply`: the model this one was made from, whose seat acted, and the land tile
    # it laid (parcel, land), so that the evaluation can reuse the rivals' values it had.
    parent: Model | None = None
    actor: int | None = None
    placed: tuple[Cell, str] | None = None
    # The evaluation's numbers for this model, by style (see `evaluation.values`); a model
    # is not changed once evaluated: `apply` and `copy` make new ones.
    vcache: dict[object, Evaluated] = field(default_factory=dict)

    # ---- building ----------------------------------------------------
    @classmethod
    def from_observation(cls, obs: Observation) -> Model:
        data = game_data()
        tiles: list[Tile] = []
        occ: dict[Cell, int] = {}
        for t in obs["tiles"]:
            cells = tuple(sorted(cell(c) for c in t["cells"]))
            occ.update((c, len(tiles)) for c in cells)
            tiles.append(Tile(t["owner"], t["land"], cells, bool(t["start"]), bool(t["developed"]), t["figure"]))
        players = obs["players"]
        offer: dict[int, tuple[str, str]] = {}
        for o in obs["offer"]:
            item = o["item"]
            offer[o["slot"]] = ("land", item["land"]) if item["kind"] == "land" else ("card", item["card"])
        observer: int | None = None
        if "observer" in obs:
            # The engine's observation merges the deck with rivals' barns (their split is
            # unknown); as a composition of what a reveal may bring it is close enough.
            bag = dict(obs["bag_counts"])
            deck_counts = dict(obs["unseen_cards"])
            observer = obs["observer"]
        else:
            # A full snapshot (to_json, e.g. inside a determinised rollout) has the bag and
            # the deck themselves; their composition is what an observation would show.
            bag, deck_counts = {}, {}
            for c in obs["deck"]:
                deck_counts[c] = deck_counts.get(c, 0) + 1
            for land in obs["bag"]:
                bag[land] = bag.get(land, 0) + 1
        return cls(
            data=data,
            phase=obs["phase"],
            round=obs["round"],
            n=len(players),
            start_player=obs["start_player"],
            current=obs["current_player"],
            money=[p["money"] for p in players],
            bids=[p["bid"] for p in players],
            cards=[list(p["cards"]) for p in players],
            barns=[[[cell(b["cell"]), b["card"]] for b in p["barns"]] for p in players],
            tiles=tiles,
            occ=occ,
            offer=offer,
            supply=dict(obs["supply"]),
            bag=obs["bag_count"],
            deck=obs["deck_count"],
            deck_counts=deck_counts,
            bag_counts=bag,
            purchases=obs["purchases"],
            revealed=obs["revealed"],
            observer=observer,
            buy_order=list(obs["buy_order"]),
        )

    def copy(self) -> Model:
        """Shallow where the appliers replace rather than mutate (tiles are copied on write)."""
        return Model(
            data=self.data, phase=self.phase, round=self.round, n=self.n,
            start_player=self.start_player, current=self.current,
            money=list(self.money), bids=list(self.bids),
            cards=[list(c) for c in self.cards],
            barns=[[list(b) for b in bs] for bs in self.barns],
            tiles=list(self.tiles), occ=self.occ, offer=dict(self.offer),
            supply=dict(self.supply), bag=self.bag, deck=self.deck,
            deck_counts=self.deck_counts, bag_counts=self.bag_counts, purchases=self.purchases, revealed=self.revealed,
            observer=self.observer, buy_order=self.buy_order, fcache=self.fcache, ocache=self.ocache,
        )

    # ---- queries -----------------------------------------------------
    def tile_at(self, c: Cell) -> Tile | None:
        i = self.occ.get(c)
        return None if i is None else self.tiles[i]

    def price(self, seat: int) -> int:
        b = self.bids[seat]
        return int(b) if b is not None else 0

    def figure_counts(self) -> list[dict[str, int]]:
        per = [dict.fromkeys(self.data.figures, 0) for _ in range(self.n)]
        for t in self.tiles:
            if t.figure in per[t.owner]:
                per[t.owner][t.figure] += 1
        return per

    def open_cells(self, seat: int, land: str) -> tuple[frozenset[Cell], frozenset[tuple[Cell, ...]]]:
        """Parcels a land-use card could develop now, and the start tiles (pairs) among them."""
        index = self.ocache
        if index is None:
            index = self.ocache = self._open_index()
        return index.get((seat, land), _NOTHING_OPEN)

    def _open_index(self) -> dict[tuple[int, str], tuple[frozenset[Cell], frozenset[tuple[Cell, ...]]]]:
        # Every seat's open parcels of every land in one pass: the evaluation asks for all of them.
        cells: dict[tuple[int, str], set[Cell]] = {}
        pairs: dict[tuple[int, str], set[tuple[Cell, ...]]] = {}
        for t in self.tiles:
            if not t.developed and t.figure is None:
                key = (t.owner, t.land)
                cells.setdefault(key, set()).update(t.cells)
                if len(t.cells) > 1:
                    pairs.setdefault(key, set()).add(t.cells)
        return {key: (frozenset(cs), frozenset(pairs.get(key, ()))) for key, cs in cells.items()}

    def frontier(self, seat: int, land: str) -> set[Cell]:
        """Free parcels where seat may place a land tile of that type (rules §4.4)."""
        key = (seat, land)
        hit = self.fcache.get(key)
        if hit is not None:
            return cast("set[Cell]", hit)
        near = self.fcache.get(land)
        if near is None:
            # parcel -> the seats owning a parcel of this land type next to it, for every
            # land type in one pass over the tiles
            lands: dict[str, dict[Cell, set[int]]] = {}
            for t in self.tiles:
                around = lands.setdefault(t.land, {})
                for c in t.cells:
                    for d in orth(c):
                        around.setdefault(d, set()).add(t.owner)
            for name in self.data.lands:
                self.fcache.setdefault(name, lands.get(name, {}))
            near = self.fcache.get(land)
            if near is None:
                near = self.fcache[land] = lands.get(land, {})
        # Next to one of seat's parcels of the type and to no rival's (rules §4.4).
        cells, occ, only = self.data.cells, self.occ, {seat}
        near_map = cast("dict[Cell, set[int]]", near)      # a land's entry (see FrontierCache)
        out = {d for d, owners in near_map.items() if owners == only and d in cells and d not in occ}
        self.fcache[key] = out
        return out

    def cards_taken(self) -> dict[str, int]:
        """Cards face up in front of anyone (public), by id."""
        out: dict[str, int] = {}
        for cs in self.cards:
            for c in cs:
                out[c] = out.get(c, 0) + 1
        return out

    def future_rounds(self) -> float:
        """A rough count of the full rounds still to come after the current one.

        Each round uses about nine items (3..6 land tiles, the rest cards); the game
        ends when either stock cannot fill an offer.
        """
        b: float = self.bag
        d: float = self.deck
        if self.phase == "start_tiles":
            pass
        elif self.phase == "offer":
            # The offer about to be made is this round's; count it as current.
            b, d = b - 4.5, d - 4.5
        r = min((b + d) / 9.3, b / 3.5, d / 3.5)
        return max(0.0, r)

    def rounds_ahead(self) -> float:
        """Expected number of rounds still to be bought in after the current one, from the
        public stock sizes (bag and deck counts): exact when the stock rules out another
        offer, which makes the last round certain. See `expected_rounds`."""
        b, d = self.bag, self.deck
        if self.phase == "offer":
            # The offer about to be announced is this round's.
            return max(0.0, expected_rounds(b, d, may_stop=False) - 1.0)
        if self.phase == "start_tiles":
            return expected_rounds(b, d, may_stop=False)
        return expected_rounds(b, d)

    def income(self, seat: int) -> int:
        pilgrims = sum(1 for t in self.tiles if t.owner == seat and t.figure == PILGRIM)
        return self.data.income + self.data.income_per_pilgrim * pilgrims

    # ---- applying own actions ----------------------------------------
    def _replace_tile(self, i: int, **changes: bool | str | None) -> None:
        t = self.tiles[i].copy()
        for k, v in changes.items():
            setattr(t, k, v)
        self.tiles[i] = t
        self.ocache = None

    def _use(self, seat: int, card: str, use: CardUse) -> None:
        if "develop" in use:
            done: set[int] = set()
            for xy in use["develop"]:
                i = self.occ.get(cell(xy))
                if i is not None and i not in done:
                    done.add(i)
                    self._replace_tile(i, developed=True)
            self.cards[seat].append(card)
        elif "figure_on" in use:
            i = self.occ.get(cell(use["figure_on"]))
            if i is not None:
                self._replace_tile(i, figure=card)
                if card == BARN:
                    self.barns[seat].append([self.tiles[i].cells[0], None])
            self.cards[seat].append(card)
            if card in self.supply:
                self.supply[card] = self.supply[card] - 1
        elif "store_in_barn" in use:
            c = cell(use["store_in_barn"])
            i = self.occ.get(c)
            first = self.tiles[i].cells[0] if i is not None else c
            for b in self.barns[seat]:
                if b[0] == first or b[0] == c:
                    b[1] = card
                    break

    def apply(self, action: Action, seat: int | None = None) -> Model:
        """A new model after one of `seat`'s own buying-phase actions (others: unchanged copy)."""
        seat = self.current if seat is None else seat
        m = self.copy()
        m.parent, m.actor = self, seat
        kind = action["type"]     # the type checker does not narrow `action` by `kind`: each branch casts
        if kind == "buy_land":
            slot = int(cast("BuyLand", action)["slot"])
            item = m.offer.pop(slot, ("land", "settlement"))
            c = cell(cast("BuyLand", action)["cell"])
            seat = _acting(seat)
            m.money[seat] -= m.price(seat)
            m.purchases += 1
            m.occ = dict(m.occ)
            m.fcache = _frontiers_after_land(m.fcache, c, seat, item[1])
            m.ocache = None
            m.occ[c] = len(m.tiles)
            m.tiles.append(Tile(seat, item[1], (c,), False, False, None))
            m.placed = (c, item[1])
        elif kind == "buy_card":
            slot = int(cast("BuyCard", action)["slot"])
            item = m.offer.pop(slot, ("card", PILGRIM))
            seat = _acting(seat)
            m.money[seat] -= m.price(seat)
            m.purchases += 1
            m._use(seat, item[1], cast("BuyCard", action)["use"])
        elif kind == "play_stored":
            b = cell(cast("PlayStored", action)["barn"])
            i = m.occ.get(b)
            first = m.tiles[i].cells[0] if i is not None else b
            seat = _acting(seat)
            for entry in m.barns[seat]:
                if entry[0] in (first, b) and entry[1] not in (None, "hidden"):
                    card = entry[1]
                    entry[1] = None
                    m._use(seat, card, cast("PlayStored", action)["use"])
                    break
        elif kind == "move_figure":
            a, z = (m.occ.get(cell(cast("MoveFigure", action)["from"])),
                    m.occ.get(cell(cast("MoveFigure", action)["to"])))
            if a is not None and z is not None:
                fig = m.tiles[a].figure
                m._replace_tile(a, figure=None)
                m._replace_tile(z, figure=fig)
        elif kind == "reveal_extra":
            m.revealed = True
        return m

    # ---- generating uses (for look-ahead beyond the legal list) -------
    def develop_options(self, seat: int, card: str) -> list[tuple[Cell, ...]]:
        info = self.data.cards[card]
        if info.land is None:
            return []
        cells, pairs = self.open_cells(seat, info.land)
        return placements(cells, pairs, info.shapes)


_NOTHING_OPEN: tuple[frozenset[Cell], frozenset[tuple[Cell, ...]]] = (frozenset(), frozenset())


def _frontiers_after_land(old: FrontierCache, c: Cell, seat: int, land: str) -> FrontierCache:
    """The frontier cache once seat has laid a tile of `land` on parcel c, from the one before.

    The same sets `frontier` would build afresh, without another pass over the tiles: the
    parcels next to a land type gain seat around c; every other frontier loses c (now
    taken); the frontiers of `land` itself are left to be built again from the new map."""
    new: FrontierCache = {}
    for key, val in old.items():
        if isinstance(key, str):
            if key == land:
                near = dict(cast("dict[Cell, set[int]]", val))
                for d in orth(c):
                    owners = near.get(d)
                    near[d] = {seat} if owners is None else owners | {seat}
                val = near
            new[key] = val
        elif key[1] != land:
            cells = cast("set[Cell]", val)
            new[key] = cells - {c} if c in cells else cells
    return new


def _acting(seat: int | None) -> int:
    # Buying needs a seat; with none (the game is over) indexing by None raised TypeError before too.
    if seat is None:
        raise TypeError("no seat to apply a buying action for")
    return seat


def placements(cells: frozenset[Cell], pairs: frozenset[tuple[Cell, ...]],
               shapes: tuple[tuple[Cell, ...], ...]) -> list[tuple[Cell, ...]]:
    """Every way to lay one of `shapes` on `cells`, keeping start tiles whole."""
    partner: dict[Cell, Cell] = {}
    for p in pairs:
        a, b = p[0], p[1]
        partner[a], partner[b] = b, a
    out: list[tuple[Cell, ...]] = []
    seen: set[tuple[Cell, ...]] = set()
    for shape in shapes:
        ox, oy = shape[0]
        for (ax, ay) in cells:
            pl = tuple(sorted((ax + x - ox, ay + y - oy) for x, y in shape))
            if pl in seen:
                continue
            s = set(pl)
            if all(c in cells for c in pl) and all(partner[c] in s for c in pl if c in partner):
                seen.add(pl)
                out.append(pl)
    return out


# Announcements a start player usually makes while the game can go on; a start player who
# may end the game (some announcement cannot be filled) ends it with this chance, e.g.
# because he leads (the medium player does exactly that).
USUAL_ANNOUNCEMENTS = (4, 5)
CHANCE_TO_STOP = 0.35


@lru_cache(maxsize=8192)
def expected_rounds(bag: int, deck: int, may_stop: bool = True, slots: int = 9,
                    low: int = 3, high: int = 6) -> float:
    """Expected number of rounds still played from an offer with `bag` land tiles and `deck`
    cards left (rules §4.1: the game ends at an offer that cannot be filled).

    0 exactly when no announcement can be filled. Extra reveals by ships are ignored (they
    are rare and only ever make the game shorter).
    """
    fits = [n for n in range(low, high + 1) if bag >= n and deck >= slots - n]
    if not fits:
        return 0.0
    usual = [n for n in fits if n in USUAL_ANNOUNCEMENTS] or fits
    go_on = sum(1.0 + expected_rounds(bag - n, deck - (slots - n), True, slots, low, high)
                for n in usual) / len(usual)
    can_stop = may_stop and len(fits) < high - low + 1
    return (1.0 - CHANCE_TO_STOP) * go_on if can_stop else go_on
