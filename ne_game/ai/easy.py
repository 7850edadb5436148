"""Easy: a beginner who really plays.

It wants things and spends its money, but it thinks no further than the items in front of
it, and it makes a newcomer's mistakes:
- Start tiles: it looks at a few places and takes one of those with most room, at random.
- Announcement: 4 or 5 land tiles; it never ends the game on purpose.
- Bids: when the offer holds something it can use, a marker it can afford. It counts its
  money, not its rivals: a quarter to a half of its purse, so that it can buy two items.
  Often it falls for an item it likes (a land-use card it could develop) and grabs one of
  the highest markers it can afford to be first for it: it overpays.
- Buying: whenever an item it can use is affordable it buys, up to the two purchases: a
  land-use card it can develop first (the one worth most); a land tile that completes a
  card's pattern when it sees both in the offer; else an item at random, land tiles far
  more often than figures. A land tile goes where it looks nice (beside most of its free
  land of that type), a figure often on a tile standing alone, else anywhere (it may block
  a pattern); a land-use card one land tile short goes into an empty barn. A stored card
  is played as soon as it can be. It sometimes reveals an extra item when it may and never
  moves figures.
It never looks ahead and ignores majorities, the game's end and what its rivals want.
"""
from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING, cast

from ne_game.ai.base import BasePlayer, Observation, end_turn_from, of_type
from ne_game.ai.common import announce_ends_game, start_tile_scorer
from ne_game.ai.data import Cell
from ne_game.ai.model import Model, Tile, cell, orth, placements
from ne_game.rules.ruleset import PILGRIM

if TYPE_CHECKING:
    from ne_game.rules import Action  # for annotations only
    from ne_game.rules.actions import AnnounceOffer, BuyCard, BuyLand, FigureUse, PlaceStartTile, PlayStored, TakeBid

REVEAL_CHANCE = 0.5
START_LOOKS = 40              # start tiles: the places it looks at (a random few)
# Bids: when the offer holds a land-use card it could develop (at once, or with a land tile
# from the offer), the chance that it grabs one of the GRAB_TOP highest markers it can pay to
# be first for it; otherwise a marker near a share of its purse.
GRAB_CHANCE = 0.5
GRAB_TOP = 3
PURSE_SHARE = (0.25, 0.5)     # the share of its money it means to pay per item, drawn at random
# Buying: how much it likes each kind of item it can use (relative weights of a random pick).
DEVELOP_FIRST = 0.85          # chance that a land-use card it can develop comes before all else
LIKE_DEVELOP = 6.0
LIKE_FIGURE = 0.25
LIKE_FIGURES = {PILGRIM: 0.5}   # figures matter less to it than land; pilgrims a little more (money)
LIKE_LAND = 2.0
LIKE_STORE = 1.0
LONELY_FIGURE = 0.5           # chance that a figure goes on a tile standing alone, not anywhere
NICE_TOP = 2                  # a land tile goes to one of the this many nicest parcels


class EasyPlayer(BasePlayer):
    kind = "easy"

    def decide(self, observation: Observation, legal: list[Action], seat: int) -> Action:
        rng = self.rng_for(observation)
        kind = legal[0]["type"]     # one phase, one kind: every legal action is of this kind (the casts)
        if kind == "place_start_tile":
            # It looks at a handful of places, not at every one, and takes one with room.
            m = Model.from_observation(observation)
            score = start_tile_scorer(m, seat)
            seen = rng.sample(cast("list[PlaceStartTile]", legal), min(len(legal), START_LOOKS))
            scored = sorted(seen, key=lambda a: -score(a))
            return rng.choice(scored[: max(1, len(scored) // 4)])
        if kind == "announce_offer":
            m = Model.from_observation(observation)
            safe = [a for a in cast("list[AnnounceOffer]", legal) if not announce_ends_game(m, a["land_tiles"])]
            pool = [a for a in safe if a["land_tiles"] in (4, 5)] or safe or legal
            return rng.choice(pool)
        if kind == "take_bid":
            return self._bid(Model.from_observation(observation), seat, cast("list[TakeBid]", legal), rng)
        return self._buying(Model.from_observation(observation), seat, legal, rng)

    # ---- bids ------------------------------------------------------------------
    def _bid(self, m: Model, seat: int, legal: list[TakeBid], rng: random.Random) -> TakeBid:
        money = m.money[seat]
        by_value = sorted(legal, key=lambda a: a["value"])
        affordable = [a for a in by_value if a["value"] <= money]
        usable, liked = _wants(m, seat)
        if not usable or not affordable:
            # Nothing to buy (or no money): the cheapest marker, it pays nothing anyway.
            return by_value[0]
        if liked and rng.random() < GRAB_CHANCE:
            # It wants that item and means to be first: one of the highest it can pay.
            return rng.choice(affordable[-GRAB_TOP:])
        target = money * rng.uniform(*PURSE_SHARE)
        return min(affordable, key=lambda a: (abs(a["value"] - target), rng.random()))

    # ---- buying ----------------------------------------------------------------
    def _buying(self, m: Model, seat: int, legal: list[Action], rng: random.Random) -> Action:
        stop = end_turn_from(legal)
        stored = cast("list[PlayStored]", of_type(legal, "play_stored"))
        if stored:
            develop = [a for a in stored if "develop" in a["use"]]
            return rng.choice(develop or stored)
        buys = cast("list[BuyLand | BuyCard]", of_type(legal, "buy_land", "buy_card"))
        reveal = of_type(legal, "reveal_extra")
        if reveal and buys and rng.random() < REVEAL_CHANCE:
            return rng.choice(reveal)
        pick = self._pick_buy(m, seat, buys, rng)
        if pick is not None:
            return pick
        if stop is not None:
            return stop
        # No end_turn offered (should not happen in buying): anything legal but a move.
        rest = [a for a in legal if a["type"] != "move_figure"] or legal
        return rng.choice(rest)

    def _pick_buy(self, m: Model, seat: int, buys: list[BuyLand | BuyCard],
                  rng: random.Random) -> BuyLand | BuyCard | None:
        develop: list[BuyCard] = [a for a in buys if a["type"] == "buy_card" and "develop" in a["use"]]
        if develop and (rng.random() < DEVELOP_FIRST or len(develop) == len(buys)):
            # The card worth most among those it can develop (an item first, then where).
            best = max(m.data.cards[_card(m, a)].vp for a in develop)
            top = [a for a in develop if m.data.cards[_card(m, a)].vp == best]
            slot = rng.choice(sorted({int(a["slot"]) for a in top}))
            return rng.choice([a for a in top if int(a["slot"]) == slot])
        combo = _completing_land(m, seat, buys)
        if combo:
            # It sees a land-use card one land tile short and that tile in the offer: both.
            return rng.choice(combo)
        # Per offered item (slot) the ways it can use it; then a random item by how it likes it.
        per_slot: dict[int, list[BuyLand | BuyCard]] = {}
        weight: dict[int, float] = {}
        for action in buys:
            slot = int(action["slot"])
            if action["type"] == "buy_land":
                w = LIKE_LAND
            elif "develop" in action["use"]:
                w = LIKE_DEVELOP
            elif "figure_on" in action["use"]:
                w = LIKE_FIGURES.get(_card(m, action), LIKE_FIGURE)
            elif _one_short(m, seat, _card(m, action)):
                w = LIKE_STORE   # into a barn: only a land-use card one land tile short
            else:
                continue
            per_slot.setdefault(slot, []).append(action)
            weight[slot] = max(weight.get(slot, 0.0), w)
        if not per_slot:
            return None
        slots = sorted(per_slot)
        options = per_slot[rng.choices(slots, weights=[weight[s] for s in slots])[0]]
        # The best use of the item it picked: develop, else place a figure, else store.
        for key in ("develop", "figure_on"):
            uses = [a for a in options if a["type"] == "buy_card" and key in a["use"]]
            if uses:
                return _figure_spot(m, seat, uses, rng) if key == "figure_on" else rng.choice(uses)
        lands = [a for a in options if a["type"] == "buy_land"]
        if lands:
            return _nice_land(m, seat, lands, rng)
        return rng.choice(options)


def _card(m: Model, action: BuyLand | BuyCard) -> str:
    item = m.offer.get(int(action["slot"]))
    return item[1] if item is not None else ""


def _one_short(m: Model, seat: int, card: str) -> bool:
    """True when `card` is a land-use card that one more land tile of its type would let
    seat develop."""
    info = m.data.cards.get(card)
    if info is None or info.land is None:
        return False
    cells, pairs = m.open_cells(seat, info.land)
    if len(cells) + 1 < info.size:
        return False
    return any(placements(cells | {f}, pairs, info.shapes) for f in m.frontier(seat, info.land))


def _completing_land(m: Model, seat: int, buys: list[BuyLand | BuyCard]) -> list[BuyLand]:
    """Land tiles from `buys` that let seat develop a land-use card of the offer right after
    (only when it can pay for both and has a purchase left for the card)."""
    if m.purchases + 2 > m.data.max_purchases or m.money[seat] < 2 * m.price(seat):
        return []
    lands = [a for a in buys if a["type"] == "buy_land"]
    if not lands:
        return []
    out: list[BuyLand] = []
    for _, (kind, what) in sorted(m.offer.items()):
        info = m.data.cards[what] if kind == "card" else None
        if info is None or info.land is None or m.develop_options(seat, what):
            continue
        cells, pairs = m.open_cells(seat, info.land)
        if len(cells) + 1 < info.size:
            continue
        for a in lands:
            if m.offer.get(int(a["slot"])) != ("land", info.land):
                continue
            if placements(cells | {cell(a["cell"])}, pairs, info.shapes):
                out.append(a)
    return out


def _nice_land(m: Model, seat: int, lands: Sequence[BuyLand], rng: random.Random) -> BuyLand:
    """Where a land tile goes: beside as much of its own free land of that type as it can
    (it looks nice), one of the nicest few at random."""
    land = m.offer.get(int(lands[0]["slot"]), ("land", ""))[1]
    cells, _ = m.open_cells(seat, land)

    def nice(a: BuyLand) -> int:
        c: Cell = cell(a["cell"])
        return sum(1 for n in orth(c) if n in cells)

    ranked = sorted(lands, key=lambda a: (nice(a), rng.random()), reverse=True)
    return rng.choice(ranked[:NICE_TOP])


def _figure_spot(m: Model, seat: int, figures: Sequence[BuyCard], rng: random.Random) -> BuyCard:
    """Where a figure goes: often on a tile standing alone (it looks tidy, and by luck it
    blocks no pattern), otherwise on any free tile."""
    if rng.random() >= LONELY_FIGURE:
        return rng.choice(figures)
    free = {c: t.land for t in m.tiles if t.owner == seat and not t.developed and t.figure is None
            for c in t.cells}

    def company(a: BuyCard) -> int:
        t = m.tile_at(cell(cast("FigureUse", a["use"])["figure_on"]))
        if t is None:
            return 0
        return sum(1 for c in t.cells for n in orth(c) if n not in t.cells and free.get(n) == t.land)

    return min(figures, key=lambda a: (company(a), rng.random()))


def _wants(m: Model, seat: int) -> tuple[bool, bool]:
    """(the offer holds an item seat can use, it holds one seat likes: a land-use card it can
    develop, at once or with a land tile from the offer)."""
    usable = liked = False
    free_tiles: list[Tile] = [t for t in m.tiles if t.owner == seat and not t.developed and t.figure is None]
    offered_lands = {what for kind, what in m.offer.values() if kind == "land"}
    for _, (kind, what) in sorted(m.offer.items()):
        if kind == "land":
            usable = usable or bool(m.frontier(seat, what))
            continue
        info = m.data.cards[what]
        if info.land is not None:
            if m.develop_options(seat, what):
                usable = liked = True
            elif _one_short(m, seat, what):
                if info.land in offered_lands:
                    usable = liked = True
                elif any(b[1] is None for b in m.barns[seat]):
                    usable = True
        elif m.supply.get(what, 0) > 0 and any(
                info.figure not in m.data.coastal_figures or any(c in m.data.coastal for c in t.cells)
                for t in free_tiles):
            usable = True
    return usable, liked
