"""The game state: flat tuples and small lists so that copying one is cheap.

A state is never changed once a client holds it: `apply_action` copies it (shallowly)
and replaces the parts that change. Tiles are tuples indexed by the constants below.
"""
from __future__ import annotations

from typing import Final

from .actions import Action, Phase
from .errors import cell_label
from .ruleset import Ruleset

# tile tuple fields; Final literals so that the type checker knows each field's type
OWNER: Final = 0
LAND: Final = 1
CELLS: Final = 2
START: Final = 3
DEVELOPED: Final = 4
FIGURE: Final = 5

# (owner seat, land, cell indices, is a start tile, developed, figure standing on it or None)
Tile = tuple[int, str, tuple[int, ...], bool, bool, "str | None"]
OfferEntry = tuple[int, str, str]         # (slot, "land" | "card", land or card id)
Barn = tuple[int, "str | None"]           # (tile index, stored card id or None)
__all__ = ["Action", "Phase", "PHASES", "State", "Tile", "OfferEntry", "Barn"]

PHASES: tuple[Phase, ...] = ("start_tiles", "offer", "bids", "buying", "game_over")


class State:
    __slots__ = (
        "rs", "seed", "variant", "n", "phase", "round", "start_player", "current",
        "money", "bid", "cards", "barns",
        "cell_tile", "tiles", "offer", "next_slot",
        "bag", "bag_pos", "deck", "deck_pos", "supply",
        "order", "order_pos", "purchases", "revealed", "turn_ships",
        "discarded_lands", "discarded_cards",
        "view",     # the read-only Position of this state, made on first request (position.py)
    )

    rs: Ruleset
    seed: int | str | None      # whatever random.Random was seeded with (a snapshot may carry a text)
    variant: dict[str, bool]
    n: int
    phase: Phase
    round: int
    start_player: int
    current: int | None
    money: tuple[int, ...]  # shillings per seat
    bid: tuple[int | None, ...]  # bid value per seat, or None
    cards: tuple[tuple[str, ...], ...]  # per seat: tuple of face-up card ids, in the order gained
    barns: tuple[tuple[Barn, ...], ...]  # per seat: tuple of (tile index, stored card id or None)
    cell_tile: tuple[int, ...]  # per cell index: tile index or -1
    tiles: tuple[Tile, ...]  # tile tuples (OWNER, LAND, CELLS, START, DEVELOPED, FIGURE)
    offer: tuple[OfferEntry, ...]  # (slot, "land" | "card", land or card id), sorted by slot
    next_slot: int          # the slot number the next extra item takes
    bag: tuple[str, ...]  # land tiles in draw order; bag[bag_pos:] is still in the bag
    bag_pos: int
    deck: tuple[str, ...]  # cards in draw order; deck[deck_pos:] is still in the deck
    deck_pos: int
    supply: tuple[int, ...]  # figures left, in rs.figure_order
    order: tuple[int, ...]  # who acts, in turn, in this phase (start rounds, bids, buying)
    order_pos: int
    purchases: int          # purchases made by the current buyer this turn
    revealed: bool          # the current buyer has revealed an extra item
    turn_ships: int         # ships the current buyer had when his buying turn began (the majority is
                            # judged then: a ship played from a barn during the turn does not count)
    discarded_lands: tuple[str, ...]  # land tiles removed from the game (offer leftovers)
    discarded_cards: tuple[str, ...]  # cards removed from the game (offer leftovers, barns at the end)
    view: object                      # the Position, once asked for (None until then)

    def copy(self) -> State:
        """A copy to change (the view of this state is not the copy's)."""
        new = State.__new__(State)
        for name in State.__slots__:
            setattr(new, name, getattr(self, name))
        new.view = None
        return new

    # ---- small derived facts, used by several rules ------------------------

    @property
    def bag_left(self) -> int:
        return len(self.bag) - self.bag_pos

    @property
    def deck_left(self) -> int:
        return len(self.deck) - self.deck_pos

    def figure_counts(self, figure: str) -> list[int]:
        counts = [0] * self.n
        for t in self.tiles:
            if t[FIGURE] == figure:
                counts[t[OWNER]] += 1
        return counts

    def family_name(self, seat: int) -> str:
        return self.rs.families[seat].name

    def cell_text(self, index: int) -> str:
        """A cell as the board labels it (column letter, row from 1): index of (3, 3) -> "D4"."""
        return cell_label(*self.rs.xy[index])
