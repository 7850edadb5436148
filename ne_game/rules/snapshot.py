"""Snapshots: the JSON-compatible face of a state (engine contract), observations for one
seat with hidden information removed, and determinisation (a full state sampled from one)."""
from __future__ import annotations

import random
from collections import Counter
from typing import Any, Literal, NoReturn, TypedDict, TypeVar, final, overload

from .actions import Phase
from .engine import check_variant
from .errors import brief, cell_label
from .ruleset import Ruleset
from .state import CELLS, DEVELOPED, FIGURE, LAND, OWNER, PHASES, START, Barn, OfferEntry, State, Tile

VERSION = 1
HIDDEN = "hidden"
_T = TypeVar("_T")


# ---------------------------------------------------------------- the snapshot's JSON, typed

class BarnJSON(TypedDict):
    cell: list[int]
    card: str | None            # in an observation, a rival's stored card is HIDDEN


class PlayerJSON(TypedDict):
    family: str
    money: int
    bid: int | None
    cards: list[str]
    barns: list[BarnJSON]


class TileJSON(TypedDict):
    owner: int
    land: str
    cells: list[list[int]]
    start: bool
    developed: bool
    figure: str | None


class LandItemJSON(TypedDict):
    kind: Literal["land"]
    land: str


class CardItemJSON(TypedDict):
    kind: Literal["card"]
    card: str


class OfferJSON(TypedDict):
    slot: int
    item: LandItemJSON | CardItemJSON


class DiscardedJSON(TypedDict):
    lands: list[str]
    cards: list[str]


class _Position(TypedDict):
    version: int
    level: str
    variant: dict[str, bool]
    phase: Phase
    round: int
    start_player: int
    current_player: int | None
    players: list[PlayerJSON]
    tiles: list[TileJSON]
    offer: list[OfferJSON]
    bag_count: int
    deck_count: int
    supply: dict[str, int]
    order: list[int]
    order_pos: int
    buy_order: list[int]
    purchases: int
    revealed: bool
    turn_ships: int
    next_slot: int
    discarded: DiscardedJSON


@final
class Snapshot(_Position):
    """What `to_json` gives: the whole position (engine contract, and what playing on needs)."""
    seed: int | str | None
    bag: list[str]
    deck: list[str]


@final
class Observation(_Position):
    """What `observe` gives: one seat's view, without the bag and deck order or the seed."""
    bag_counts: dict[str, int]
    unseen_cards: dict[str, int]
    observer: int | None        # None in a replay's public view (history.replay)


SnapshotOrView = Snapshot | Observation


def to_json(s: State) -> Snapshot:
    rs = s.rs
    xy = rs.xy
    tiles = s.tiles

    def cell(i: int) -> list[int]:
        return list(xy[i])

    players: list[PlayerJSON] = []
    for seat in range(s.n):
        players.append({
            "family": rs.family_ids[seat],
            "money": s.money[seat],
            "bid": s.bid[seat],
            "cards": list(s.cards[seat]),
            "barns": [{"cell": cell(tiles[ti][CELLS][0]), "card": card} for ti, card in s.barns[seat]],
        })
    return {
        "version": VERSION,
        "level": rs.level_id,
        "seed": s.seed,
        "variant": dict(s.variant),
        "phase": s.phase,
        "round": s.round,
        "start_player": s.start_player,
        "current_player": s.current,
        "players": players,
        "tiles": [{"owner": t[OWNER], "land": t[LAND], "cells": [cell(c) for c in t[CELLS]], "start": t[START],
                   "developed": t[DEVELOPED], "figure": t[FIGURE]} for t in tiles],
        "offer": [{"slot": slot, "item": _item(kind, what)} for slot, kind, what in s.offer],
        "bag_count": s.bag_left,
        "deck_count": s.deck_left,
        "supply": dict(zip(rs.figure_order, s.supply)),
        # beyond the contract: what a saved position needs to play on exactly
        "bag": list(s.bag[s.bag_pos:]),
        "deck": list(s.deck[s.deck_pos:]),
        "order": list(s.order),
        "order_pos": s.order_pos,
        "buy_order": list(s.order) if s.phase == "buying" else [],
        "purchases": s.purchases,
        "revealed": s.revealed,
        "turn_ships": s.turn_ships,
        "next_slot": s.next_slot,
        "discarded": {"lands": list(s.discarded_lands), "cards": list(s.discarded_cards)},
    }


def _item(kind: str, what: str) -> LandItemJSON | CardItemJSON:
    if kind == "land":
        return {"kind": "land", "land": what}
    return {"kind": "card", "card": what}


def from_json(d: object, rs: Ruleset) -> State:
    """The state a snapshot describes, once it is proven a position a real game could reach;
    otherwise a ValueError naming the key. Never another exception, and never deep recursion:
    every value's type is checked before it is used, and messages describe values briefly."""
    try:
        return _from_json(_with_defaults(d, rs), rs)
    except (KeyError, TypeError, IndexError, AttributeError, RecursionError, OverflowError) as err:
        raise ValueError(f"not a valid New England snapshot: {type(err).__name__}") from None


def _with_defaults(d: object, rs: Ruleset) -> object:
    """A snapshot with only the contract's keys (a position set up by hand) gets the rest
    derived: the turn order from the phase and bids, and a bag and deck holding what is not
    elsewhere, shuffled from the seed. A full snapshot passes through unchanged. Anything
    malformed is left as it is, for the checks to name."""
    if not isinstance(d, dict) or d.get("observer") is not None:
        return d
    extras = ("seed", "variant", "bag", "deck", "order", "order_pos", "purchases", "revealed", "next_slot",
              "discarded", "turn_ships")
    if all(k in d for k in extras):
        return d
    try:
        return _derive_missing(dict(d), rs)
    except (KeyError, TypeError, IndexError, AttributeError, ValueError, RecursionError):
        return d


def _derive_missing(d: dict[str, Any], rs: Ruleset) -> dict[str, Any]:
    d.setdefault("seed", 0)
    d.setdefault("variant", {})
    d.setdefault("discarded", {"lands": [], "cards": []})
    d.setdefault("purchases", 0)
    d.setdefault("revealed", False)
    slots = [e["slot"] for e in d.get("offer", [])]
    d.setdefault("next_slot", max([rs.offer_slots - 1, *slots]) + 1)
    if "turn_ships" not in d:
        current = d["current_player"]
        d["turn_ships"] = (sum(1 for t in d["tiles"] if t["figure"] == "ship" and t["owner"] == current)
                           if d["phase"] == "buying" else 0)
    rng = random.Random(d["seed"])

    def rest(total: dict[str, int], *used: list[str]) -> list[str]:
        """What of `total` is not used elsewhere, shuffled from the seed."""
        left = Counter(total)
        for items in used:
            left.subtract(items)
        out = sorted(Counter({k: v for k, v in left.items() if v > 0}).elements())
        rng.shuffle(out)
        return out

    offered = [e["item"] for e in d["offer"]]
    if "bag" not in d:
        d.pop("bag_count", None)
        d["bag"] = rest({land: rs.tiles_per_land for land in rs.lands},
                        [t["land"] for t in d["tiles"] if not t["start"]],
                        [i["land"] for i in offered if i["kind"] == "land"], d["discarded"]["lands"])
    if "deck" not in d:
        d.pop("deck_count", None)
        d["deck"] = rest({cid: c.copies for cid, c in rs.cards.items()},
                         [c for p in d["players"] for c in p["cards"]],
                         [b["card"] for p in d["players"] for b in p["barns"] if b["card"]],
                         [i["card"] for i in offered if i["kind"] == "card"], d["discarded"]["cards"])
    if "order" not in d:
        n, start, current = len(d["players"]), d["start_player"], d["current_player"]
        bids = [p["bid"] for p in d["players"]]
        if d["phase"] == "start_tiles":
            order: list[int] = [(start - k) % n for k in range(1, n + 1)] * rs.start_rounds
            pos = sum(1 for t in d["tiles"] if t["start"])
        elif d["phase"] == "bids":
            order = [(start + k) % n for k in range(n)]
            pos = sum(b is not None for b in bids)
        elif d["phase"] == "buying":
            # players who ended their turn gave their marker back; the rest buy in bid order
            done = [s for s in range(n) if bids[s] is None]
            order = done + sorted((s for s in range(n) if bids[s] is not None), key=lambda s: -bids[s])
            pos = order.index(current) if current in order else 0
        else:
            order, pos = [], 0
        d["order"], d["order_pos"] = order, pos
    d.setdefault("order_pos", 0)
    return d


def _need(cond: bool, key: str, problem: str) -> None:
    if not cond:
        raise ValueError(f"snapshot: key '{key}': {problem}")


def _fail(key: str, problem: str) -> NoReturn:
    raise ValueError(f"snapshot: key '{key}': {problem}")


@overload
def _get(d: dict[str, object], key: str, kind: type[_T], where: str = "", *, none: Literal[False] = False) -> _T: ...
@overload
def _get(d: dict[str, object], key: str, kind: type[_T], where: str = "", *, none: bool) -> _T | None: ...
def _get(d: dict[str, object], key: str, kind: type[_T], where: str = "",  # noqa: E302 - overloads above
         *, none: bool = False) -> _T | None:
    """d[key], of this type (bool is no int here); a ValueError naming the key otherwise.
    (Messages are built only on failure: from_json is on the AI's determinize path.)"""
    try:
        value = d[key]
    except KeyError:
        _fail(f"{where}.{key}" if where else key, "missing")
    if value is None and none:
        return None
    if type(value) is int if kind is int else isinstance(value, kind):
        return value  # type: ignore[return-value]  # checked just now (an int of type int exactly)
    _fail(f"{where}.{key}" if where else key, f"expected {getattr(kind, '__name__', 'a value')}, got {brief(value)}")


@overload
def _int(d: dict[str, object], key: str, low: int, high: int, where: str = "", *,
         none: Literal[False] = False) -> int: ...
@overload
def _int(d: dict[str, object], key: str, low: int, high: int, where: str = "", *, none: bool) -> int | None: ...
def _int(d: dict[str, object], key: str, low: int, high: int, where: str = "", *, none: bool = False) -> int | None:
    value: int | None = _get(d, key, int, where, none=none)
    if value is not None and not low <= value <= high:
        _fail(f"{where}.{key}" if where else key, f"expected {low} to {high}, got {brief(value)}")
    return value


def _names(value: object, known: frozenset[str], key: str) -> list[str]:
    """A list of known ids (lands or cards)."""
    if not isinstance(value, list):
        _fail(key, f"expected a list, got {brief(value)}")
    for k, item in enumerate(value):
        if type(item) is not str or item not in known:
            _fail(f"{key}[{k}]", f"unknown id {brief(item)}")
    return value


def _from_json(d: object, rs: Ruleset) -> State:
    if not isinstance(d, dict):
        _fail("(top)", "expected an object")
    if not (d.get("version") == VERSION and type(d.get("version")) is int):
        _fail("version", f"this game reads version {VERSION}, found {brief(d.get('version'))}")
    _need("observer" not in d, "observer",
          "this is one seat's observation, with hidden parts left out; use determinize() to play it on")
    phase = _get(d, "phase", str)
    if phase not in PHASES:
        _fail("phase", f"unknown phase {brief(phase)}")
    players = _get(d, "players", list)
    n = len(players)
    if not rs.players_min <= n <= rs.players_max:
        _fail("players", f"{n} players; this game takes {rs.players_min} to {rs.players_max}")
    seats = range(n)
    seed = d.get("seed")
    if not (seed is None or (type(seed) is int and seed.bit_length() <= 1024) or (isinstance(seed, str) and len(seed) <= 200)):
        _fail("seed", f"expected a whole number or a short text, got {brief(seed)}")
    if not isinstance(d.get("variant"), dict):
        _fail("variant", f"expected an object, got {brief(d.get('variant'))}")
    try:
        variant = check_variant(d["variant"])
    except ValueError as err:
        raise ValueError(f"snapshot: key 'variant': {err}") from None
    start_player = _int(d, "start_player", 0, n - 1)
    current = _int(d, "current_player", 0, n - 1, none=True)
    _need((current is None) == (phase == "game_over"), "current_player",
          "nobody decides once the game is over" if phase == "game_over" else "someone decides until the game is over")
    rnd = _int(d, "round", 0, 10_000)
    _need((rnd == 0) == (phase == "start_tiles"), "round", "round 0 is the start rounds; a game round is 1 or more")

    land_ids, card_ids = frozenset(rs.lands), frozenset(rs.cards)
    # ---- players: family, money, bid, cards, barns (cells checked with the tiles) ----------
    money: list[int] = []
    bids: list[int | None] = []
    hands: list[tuple[str, ...]] = []
    barn_specs: list[list[tuple[object, str | None]]] = []
    for seat, p in enumerate(players):
        where = f"players[{seat}]"
        _need(isinstance(p, dict), where, "expected an object")
        if not (p.get("family") == rs.family_ids[seat] and isinstance(p.get("family"), str)):
            _fail(f"{where}.family", f"seat {seat} plays {rs.family_ids[seat]}")
        money.append(_int(p, "money", 0, 1_000_000, where))
        bid = _get(p, "bid", int, where, none=True)
        if not (bid is None or bid in rs.bid_values):
            _fail(f"{where}.bid", f"there is no bid marker {brief(bid)}")
        bids.append(bid)
        hands.append(tuple(_names(_get(p, "cards", list, where), card_ids, f"{where}.cards")))
        barn_list: list[tuple[object, str | None]] = []
        for k, b in enumerate(_get(p, "barns", list, where)):
            if not (isinstance(b, dict) and set(b) == {"cell", "card"}):
                _fail(f"{where}.barns[{k}]", "expected an object with a cell and a card")
            card = b["card"]
            if not (card is None or (isinstance(card, str) and card in rs.cards)):
                _fail(f"{where}.barns[{k}].card", f"unknown card {brief(card)}")
            barn_list.append((b["cell"], card))
        barn_specs.append(barn_list)
    held = [b for b in bids if b is not None]
    _need(len(held) == len(set(held)), "players", "two players hold the same bid marker")

    # ---- tiles: shapes, overlaps, figures -----------------------------------------------
    raw_tiles = _get(d, "tiles", list)
    _need(len(raw_tiles) <= rs.size, "tiles", "more tiles than parcels")
    ct = [-1] * rs.size
    parsed: list[Tile] = []
    coastal = rs.coastal
    for k, t in enumerate(raw_tiles):
        where = f"tiles[{k}]"
        _need(isinstance(t, dict), where, "expected an object")
        owner = _int(t, "owner", 0, n - 1, where)
        land = _get(t, "land", str, where)
        if land not in rs.lands:
            _fail(f"{where}.land", f"unknown land {brief(land)}")
        start = _get(t, "start", bool, where)
        developed = _get(t, "developed", bool, where)
        figure = _get(t, "figure", str, where, none=True)
        if not (figure is None or figure in rs.figures):
            _fail(f"{where}.figure", f"unknown figure {brief(figure)}")
        raw_cells = _get(t, "cells", list, where)
        if len(raw_cells) != (2 if start else 1):
            _fail(f"{where}.cells", "a start tile covers two parcels, a land tile one")
        found: list[int] = []
        for c in raw_cells:
            i = rs.index(c)
            if i is None:
                _fail(f"{where}.cells", "names a cell that is not a parcel of the board")
            if ct[i] >= 0:
                _fail(f"{where}.cells", f"parcel {cell_label(*rs.xy[i])} is covered twice")
            ct[i] = k
            found.append(i)
        cells = tuple(sorted(found))
        if start and cells[1] not in rs.orth[cells[0]]:
            _fail(f"{where}.cells", "a start tile's two parcels are orthogonally adjacent")
        if figure and developed:
            _fail(f"{where}.figure", "figures stand on undeveloped land only")
        if figure is not None and rs.figures[figure].coastal_only and not any(coastal[c] for c in cells):
            _fail(f"{where}.figure", f"a {figure} stands only on the coast")
        parsed.append((owner, land, cells, start, developed, figure))
    # the engine keeps the start tiles first (they are placed before any other)
    if any(not a[START] and b[START] for a, b in zip(parsed, parsed[1:])):
        parsed = [t for t in parsed if t[START]] + [t for t in parsed if not t[START]]
        ct = [-1] * rs.size
        for k, t in enumerate(parsed):
            for c in t[CELLS]:
                ct[c] = k
    tiles = tuple(parsed)
    _check_land(tiles, ct, rs, variant, n)

    # ---- barns: every barn figure is one barn entry of its owner --------------------------
    barns: list[tuple[Barn, ...]] = []
    for seat, barn_list in enumerate(barn_specs):
        mine: list[Barn] = []
        for k, (barn_cell, barn_card) in enumerate(barn_list):
            i = rs.index(barn_cell)
            ti = ct[i] if i is not None else -1
            if not (ti >= 0 and tiles[ti][FIGURE] == "barn" and tiles[ti][OWNER] == seat):
                _fail(f"players[{seat}].barns[{k}].cell", "no barn of this player stands there")
            if not all(ti != other for other, _ in mine):
                _fail(f"players[{seat}].barns[{k}].cell", "a barn listed twice")
            if not (barn_card is None or phase != "game_over"):
                _fail(f"players[{seat}].barns[{k}].card", "stored cards leave the game at its end")
            mine.append((ti, barn_card))
        standing = sum(1 for t in tiles if t[FIGURE] == "barn" and t[OWNER] == seat)
        if not standing == len(mine):
            _fail(f"players[{seat}].barns", "every barn of this player is listed once")
        barns.append(tuple(mine))

    # ---- the offer --------------------------------------------------------------------
    raw_offer = _get(d, "offer", list)
    next_slot = _int(d, "next_slot", rs.offer_slots, rs.offer_slots + n)
    offer: list[OfferEntry] = []
    for k, e in enumerate(raw_offer):
        where = f"offer[{k}]"
        _need(isinstance(e, dict), where, "expected an object")
        slot = _int(e, "slot", 0, next_slot - 1, where)
        item = _get(e, "item", dict, where)
        kind = item.get("kind")
        if kind == "land":
            if not (set(item) == {"kind", "land"} and isinstance(item["land"], str) and item["land"] in rs.lands):
                _fail(f"{where}.item", "a land item names a known land")
            offer.append((slot, "land", item["land"]))
        else:
            if not kind == "card":
                _fail(f"{where}.item.kind", f"expected land or card, got {brief(kind)}")
            if not (set(item) == {"kind", "card"} and isinstance(item["card"], str) and item["card"] in rs.cards):
                _fail(f"{where}.item", "a card item names a known card")
            offer.append((slot, "card", item["card"]))
    offer.sort()
    slots = [e[0] for e in offer]
    _need(len(set(slots)) == len(slots), "offer", "a slot is used twice")
    base_lands = [sl for sl, kind, _ in offer if sl < rs.offer_slots and kind == "land"]
    base_cards = [sl for sl, kind, _ in offer if sl < rs.offer_slots and kind == "card"]
    # the announced number of land tiles fills slots 0.. with land, the rest with cards
    _need(any(all(sl < k for sl in base_lands) and all(sl >= k for sl in base_cards)
              for k in range(rs.offer_land_min, rs.offer_land_max + 1)), "offer",
          "land tiles lie in the first slots and cards after them, as announced")
    if phase == "bids":
        _need(slots == list(range(rs.offer_slots)) and next_slot == rs.offer_slots, "offer",
              "during the bids the whole offer is out")
    elif phase != "buying":
        _need(not offer, "offer", "the offer is out only in the bids and the buying phase")
    if phase != "buying":
        if not next_slot == rs.offer_slots:
            _fail("next_slot", f"is {rs.offer_slots} outside the buying phase")

    # ---- turn order, bids, purchases ------------------------------------------------------
    order = _get(d, "order", list)
    order_pos = _get(d, "order_pos", int)
    if not (all(type(x) is int and 0 <= x < n for x in order)):
        _fail("order", f"names a seat outside 0..{n - 1}")
    purchases = _int(d, "purchases", 0, rs.max_purchases)
    revealed = _get(d, "revealed", bool)
    turn_ships = _int(d, "turn_ships", 0, rs.figures["ship"].count)
    if phase == "start_tiles":
        expected = [(start_player - k) % n for k in range(1, n + 1)] * rs.start_rounds
        _need(order == expected, "order", "the start rounds go counter-clockwise from the start player's right")
        if not 0 <= order_pos < len(order):
            _fail("order_pos", f"expected 0 to {len(order) - 1}")
        placed = Counter(t[OWNER] for t in tiles if t[START])
        _need(placed == Counter(order[:order_pos]) and len(tiles) == order_pos, "tiles",
              "in the start rounds each seat has placed one start tile per turn it had, and nothing else")
    elif phase == "bids":
        expected = [(start_player + k) % n for k in range(n)]
        _need(order == expected, "order", "the bids go clockwise from the start player")
        if not 0 <= order_pos < n:
            _fail("order_pos", f"expected 0 to {n - 1}")
        _need(all((bids[seat] is not None) == (k < order_pos) for k, seat in enumerate(order)), "players",
              "the players before the current one hold bid markers, the others none")
    elif phase == "buying":
        _need(sorted(order) == list(seats), "order", "every seat once")
        if not 0 <= order_pos < n:
            _fail("order_pos", f"expected 0 to {n - 1}")
        waiting = order[order_pos:]
        _need(all((bids[seat] is None) == (k < order_pos) for k, seat in enumerate(order)), "players",
              "who has ended the turn returned the bid marker; every other buyer holds one")
        _need(all(bids[a] > bids[b] for a, b in zip(waiting, waiting[1:])), "order",
              "the buyers go from the highest bid to the lowest")
    else:
        _need(order == [] and order_pos == 0, "order", "no turn order between the phases")
    if phase in ("start_tiles", "offer", "game_over"):
        _need(all(b is None for b in bids), "players", "bid markers are held only in the bids and buying")
    if phase != "game_over":
        _need(current == (order[order_pos] if order else start_player), "current_player",
              "is not the seat whose turn it is")
    if phase != "buying":
        _need(purchases == 0 and not revealed and turn_ships == 0, "purchases",
              "purchases and reveals happen only in the buying phase")
    else:
        ships_now = sum(1 for t in tiles if t[FIGURE] == "ship" and t[OWNER] == current)
        _need(turn_ships <= ships_now, "turn_ships", "more ships than the buyer has now")
        if revealed:
            rivals = max(sum(1 for t in tiles if t[FIGURE] == "ship" and t[OWNER] == seat)
                         for seat in seats if seat != current)
            _need(turn_ships >= max(1, rivals), "revealed", "only the ship majority reveals an extra item")
        _need(next_slot - rs.offer_slots <= order_pos + revealed, "next_slot",
              "more extra items than buyers who could reveal one")
        _need(not revealed or next_slot > rs.offer_slots, "revealed", "no extra item was revealed this round")

    # ---- conservation: every land tile, card and figure is somewhere, once -------------------
    bag = tuple(_names(_get(d, "bag", list), land_ids, "bag"))
    deck = tuple(_names(_get(d, "deck", list), card_ids, "deck"))
    discarded = _get(d, "discarded", dict)
    lost_lands = tuple(_names(_get(discarded, "lands", list, "discarded"), land_ids, "discarded.lands"))
    lost_cards = tuple(_names(_get(discarded, "cards", list, "discarded"), card_ids, "discarded.cards"))
    for key, count in (("bag_count", len(bag)), ("deck_count", len(deck))):
        if key in d:
            if not (d[key] == count and type(d[key]) is int):
                _fail(key, f"expected {count}")
    lands = Counter(t[LAND] for t in tiles if not t[START])
    lands.update(bag)
    lands.update(lost_lands)
    lands.update(w for _, kind, w in offer if kind == "land")
    for land in rs.lands:
        if not lands[land] == rs.tiles_per_land:
            _fail("bag", f"{lands[land]} {land} tiles in the game (board, offer, bag, discarded); it has {rs.tiles_per_land}")
    cards = Counter(deck)
    cards.update(lost_cards)
    cards.update(w for _, kind, w in offer if kind == "card")
    for hand in hands:
        cards.update(hand)
    for entries in barns:
        cards.update(card for _, card in entries if card is not None)
    for cid, copies in rs.deck_composition:
        if not cards[cid] == copies:
            _fail("deck", f"{cards[cid]} {cid} cards in the game (hands, barns, offer, deck, "
                                           f"discarded); it has {copies}")
    supply = _get(d, "supply", dict)
    if not set(supply) == set(rs.figure_order):
        _fail("supply", f"expected the figures {', '.join(rs.figure_order)}")
    for f in rs.figure_order:
        on_board = sum(1 for t in tiles if t[FIGURE] == f)
        _int(supply, f, rs.figures[f].count - on_board, rs.figures[f].count - on_board, "supply")

    s = State.__new__(State)
    s.rs, s.seed, s.variant, s.n = rs, seed, variant, n
    s.phase, s.round, s.start_player, s.current = phase, rnd, start_player, current
    s.money, s.bid, s.cards, s.barns = tuple(money), tuple(bids), tuple(hands), tuple(barns)
    s.tiles, s.cell_tile = tiles, tuple(ct)
    s.offer, s.next_slot = tuple(offer), next_slot
    s.bag, s.bag_pos, s.deck, s.deck_pos = bag, 0, deck, 0
    s.supply = tuple(supply[f] for f in rs.figure_order)
    s.order, s.order_pos = tuple(order), order_pos
    s.purchases, s.revealed, s.turn_ships = purchases, revealed, turn_ships
    s.discarded_lands, s.discarded_cards = lost_lands, lost_cards
    s.view = None
    return s


def _check_land(tiles: tuple[Tile, ...], ct: list[int], rs: Ruleset, variant: dict[str, bool], n: int) -> None:
    """Each player's land of one type is connected; rivals' land of one type never shares an
    edge; start tiles never touch (not even at a corner unless the variant allows it), except
    where no place was left when one was placed (rules §3: then diagonal, then any contact)."""
    orth = rs.orth
    groups: dict[tuple[int, str], list[int]] = {}
    for k, t in enumerate(tiles):
        groups.setdefault((t[OWNER], t[LAND]), []).append(k)
        for c in t[CELLS]:
            for nb in orth[c]:
                u = ct[nb]
                if u < 0 or u == k:
                    continue
                other = tiles[u]
                if other[LAND] == t[LAND] and other[OWNER] != t[OWNER] and not (t[START] and other[START]):
                    if not False:
                        _fail(f"tiles[{k}].cells", f"{cell_label(*rs.xy[c])} shares an edge with a rival's "
                                                      f"{t[LAND]} at {cell_label(*rs.xy[nb])}")
    for (owner, land), members in groups.items():
        cells = {c for k in members for c in tiles[k][CELLS]}
        todo = [next(iter(cells))]
        seen = {todo[0]}
        while todo:
            c = todo.pop()
            for nb in orth[c]:
                if nb in cells and nb not in seen:
                    seen.add(nb)
                    todo.append(nb)
        if not len(seen) == len(cells):
            _fail(f"tiles[{members[0]}]", f"seat {owner}'s {land} is in more than one piece; land is bought next to one's own")
    start_count = Counter((t[OWNER], t[LAND]) for t in tiles if t[START])
    _need(all(v == 1 for v in start_count.values()), "tiles", "a family has one start tile per land type")
    # start tiles, in the order placed: each touches no earlier one, unless nothing else was free
    diagonal = variant["start_tiles_touch_diagonally"]
    near = orth if diagonal else rs.ring
    start_tiles = [t for t in tiles if t[START]]
    for k, t in enumerate(start_tiles):
        earlier = {c for u in start_tiles[:k] for c in u[CELLS]}
        touch = next(((c, nb) for c in t[CELLS] for nb in near[c] if nb in earlier), None)
        if touch is not None:
            if not _start_fallback_allowed(start_tiles[:k], t, rs, diagonal):
                _fail(f"tiles[{k}].cells", f"start tile parcel {cell_label(*rs.xy[touch[0]])} touches the start tile at "
                                           f"{cell_label(*rs.xy[touch[1]])}; start tiles may not touch"
                                           + (" orthogonally" if diagonal else ", not even at a corner"))


def _start_fallback_allowed(earlier: list[Tile], tile: Tile, rs: Ruleset, diagonal: bool) -> bool:
    """True when, with `earlier` start tiles placed, no placement without contact was free,
    so that this touching one was legal (the engine's start_tile_options levels)."""
    taken = {c for u in earlier for c in u[CELLS]}
    for level in range(3):
        diagonal_ok, anywhere = diagonal or level >= 1, level >= 2
        blocked = set(taken)
        if not anywhere:
            near = rs.orth if diagonal_ok else rs.ring
            for c in taken:
                blocked.update(near[c])
        free = [(i, j) for i, j in rs.dominoes if i not in blocked and j not in blocked and i not in taken
                and j not in taken]
        if free:
            return tile[CELLS] in free
    return False


def observe(s: State, seat: int) -> Observation:
    """What the player in `seat` may know: the snapshot without the bag and deck order, the
    seed (it would give the order away), or other players' barn contents."""
    rs = s.rs
    if type(seat) is not int or not 0 <= seat < s.n:
        raise ValueError(f"seat must be 0 to {s.n - 1}, got {seat!r}")
    d = to_json(s)
    hidden_cards = Counter(d["deck"])
    for other, p in enumerate(d["players"]):
        if other != seat:
            for b in p["barns"]:
                if b["card"] is not None:
                    hidden_cards[b["card"]] += 1
                    b["card"] = HIDDEN
    # the keys in the snapshot's order, without its seed, bag and deck
    return {
        "version": d["version"], "level": d["level"], "variant": d["variant"], "phase": d["phase"],
        "round": d["round"], "start_player": d["start_player"], "current_player": d["current_player"],
        "players": d["players"], "tiles": d["tiles"], "offer": d["offer"], "bag_count": d["bag_count"],
        "deck_count": d["deck_count"], "supply": d["supply"], "order": d["order"], "order_pos": d["order_pos"],
        "buy_order": d["buy_order"], "purchases": d["purchases"], "revealed": d["revealed"],
        "turn_ships": d["turn_ships"], "next_slot": d["next_slot"], "discarded": d["discarded"],
        "bag_counts": {land: 0 for land in rs.lands} | dict(Counter(d["bag"])),
        # the cards this seat cannot see: the deck and rivals' barns together (their split is unknown)
        "unseen_cards": {cid: hidden_cards.get(cid, 0) for cid in rs.card_ids},
        "observer": seat,
    }


def determinize(obs: object, seed: int | str | None, rs: Ruleset) -> State:
    """A full state consistent with an observation, its hidden parts drawn at random.
    A malformed observation gives a ValueError naming the key, never another exception."""
    if not isinstance(obs, dict):
        _fail("(top)", "expected an observation object")
    _need(type(obs.get("observer")) is int, "observer", "this is not an observation")
    bag_counts, unseen = obs.get("bag_counts"), obs.get("unseen_cards")
    if not (isinstance(bag_counts, dict) and set(bag_counts) <= set(rs.lands)):
        _fail("bag_counts", "expected a count per land")
    _need(all(type(k) is int and 0 <= k <= rs.tiles_per_land for k in bag_counts.values()), "bag_counts",
          f"expected counts from 0 to {rs.tiles_per_land}")
    if not (isinstance(unseen, dict) and set(unseen) <= set(rs.cards)):
        _fail("unseen_cards", "expected a count per card")
    _need(all(type(k) is int and 0 <= k <= rs.cards[cid].copies for cid, k in unseen.items()), "unseen_cards",
          "expected counts from 0 to each card's copies")
    players = obs.get("players")
    if not (isinstance(players, list) and all(isinstance(p, dict) and isinstance(p.get("barns"), list)
                                              and all(isinstance(b, dict) for b in p["barns"]) for p in players)):
        _fail("players", "expected a list of players with their barns")
    rng = random.Random(seed)
    d = {k: v for k, v in obs.items() if k not in ("bag_counts", "unseen_cards", "observer")}
    d["players"] = [dict(p, barns=[dict(b) for b in p["barns"]]) for p in players]
    bag = [land for land, k in bag_counts.items() for _ in range(k)]
    pool = [cid for cid, k in unseen.items() for _ in range(k)]
    rng.shuffle(bag)
    rng.shuffle(pool)
    for p in d["players"]:
        for b in p["barns"]:
            if b.get("card") == HIDDEN:
                _need(bool(pool), "unseen_cards", "fewer unseen cards than hidden barn cards")
                b["card"] = pool.pop()
    d["bag"], d["deck"] = bag, pool
    d["seed"] = seed
    return from_json(d, rs)
