"""Scenario files: any position of the game, written by hand in TOML, built through the rules core.

A scenario lists what matters for a lesson (tiles, figures, money, bids, cards, barns,
offer, the first items of bag and deck, phase, whose turn it is); everything not listed
is filled in so that land tiles, cards and figures stay conserved (the bag and the deck
hold the rest, shuffled by the scenario's seed). The result goes through
`rules.from_json`, so the engine itself validates it; our own checks come first so that
a mistake is reported by file and key, never as a crash. No pygame here.

    [scenario]
    players = 3              # 3 or 4
    seed = 7                 # shuffles the unlisted bag and deck
    phase = "buying"         # start_tiles | offer | bids | buying
    round = 2                # 0 in the start rounds, else 1 or more
    start_player = 0
    current_player = 0       # optional: by default whoever acts next in this phase
    bag_top = ["field"]      # optional: drawn first, in this order
    deck_top = ["S4O"]
    bag_size = 4             # optional: keep only this many tiles in the bag (the rest were
    deck_size = 5            #   removed from the game earlier) - for the end of the game
    purchases = 0            # optional, buying phase: items the current buyer has bought
    revealed = false

    [[player]]               # one per seat, in seat order (seat 0 = the first family of the game data, ...)
    money = 12
    bid = 5                  # optional
    cards = ["pilgrim"]      # optional: cards face up in front of the player
    barns = [{ cell = [3, 4], card = "F2" }]   # optional: stored cards (barn figures are tiles)

    [[tile]]
    owner = 0
    land = "settlement"
    cells = [[2, 3], [3, 3]] # two cells: a start tile
    developed = false        # optional
    figure = "pilgrim"       # optional

    [[offer]]
    slot = 0
    land = "field"           # or: card = "F2"
"""
from __future__ import annotations

import random
from collections import Counter
from collections.abc import Mapping
from pathlib import Path
from typing import NoReturn, TypedDict, TypeVar, overload

from ne_game import rules
from ne_game.game.gamedata import default_ruleset, read_toml
from ne_game.rules import Ruleset, State
from ne_game.rules.errors import DataError, brief
from ne_game.rules.snapshot import PlayerJSON, TileJSON

PHASES = ("start_tiles", "offer", "bids", "buying")
_TOP_KEYS = {"scenario", "player", "tile", "offer"}
_SCENARIO_KEYS = {"players", "seed", "phase", "round", "start_player", "current_player", "bag_top",
                  "deck_top", "bag_size", "deck_size", "purchases", "revealed", "variant", "title"}
_PLAYER_KEYS = {"money", "bid", "cards", "barns"}
_TILE_KEYS = {"owner", "land", "cells", "developed", "figure", "start"}
_OFFER_KEYS = {"slot", "land", "card"}

T = TypeVar("T")
U = TypeVar("U")
D = TypeVar("D")


# The parts of the engine snapshot (rules.to_json form) a scenario builds: players, barns and
# tiles are the snapshot's own types (rules.snapshot); an offered item is checked here.
class _Offered(TypedDict):
    slot: int
    item: dict[str, str]


class _Check:
    """Small typed getters that raise DataError naming the file and the key."""

    def __init__(self, source: str) -> None:
        self.source = source

    def fail(self, key: str, problem: str) -> NoReturn:
        raise DataError(self.source, key, problem)

    def need(self, cond: bool, key: str, problem: str) -> None:
        if not cond:
            self.fail(key, problem)

    # table[key], which must be of `kind` (a type or two); `default` when the key is missing,
    # which is an error when no default is given
    @overload
    def get(self, table: Mapping[str, object], key: str, path: str, kind: type[T]) -> T: ...
    @overload
    def get(self, table: Mapping[str, object], key: str, path: str, kind: type[T], default: D) -> T | D: ...
    @overload
    def get(self, table: Mapping[str, object], key: str, path: str,
            kind: tuple[type[T], type[U]], default: D) -> T | U | D: ...

    def get(self, table: Mapping[str, object], key: str, path: str,
            kind: type[object] | tuple[type[object], ...], default: object = ...) -> object:
        if key not in table:
            if default is ...:
                self.fail(path, "missing")
            return default
        value = table[key]
        kinds = kind if isinstance(kind, tuple) else (kind,)
        # bool is an int in Python; a scenario never means True when it says 1
        if (bool not in kinds and isinstance(value, bool)) or not isinstance(value, kinds):
            names = " or ".join(k.__name__ for k in kinds)
            self.fail(path, f"expected {names}, found {brief(value)}")
        return value

    def unknown(self, table: Mapping[str, object], allowed: set[str], path: str) -> None:
        extra = sorted(set(table) - allowed)
        if extra:
            where = f"{path}." if path else ""
            self.fail(f"{where}{extra[0]}", f"unknown key (known: {', '.join(sorted(allowed))})")

    def cell(self, value: object, path: str, rs: Ruleset) -> list[int]:
        if not (isinstance(value, list) and len(value) == 2
                and all(isinstance(v, int) and not isinstance(v, bool) for v in value)):
            self.fail(path, f"a cell is [x, y], found {brief(value)}")
        self.need(rs.index(value) is not None, path, f"{brief(value)} is not a parcel of the board")
        return [int(value[0]), int(value[1])]


def load_scenario(path: Path, shown: str | None = None, ruleset: Ruleset | None = None) -> State:
    """The engine state a scenario file describes; DataError names the file and key."""
    shown = shown or str(path)
    return build_scenario(read_toml(Path(path), shown), shown, ruleset)


def scenario_snapshot(data: Mapping[str, object], source: str = "scenario",
                      ruleset: Ruleset | None = None) -> dict[str, object]:
    """The engine snapshot (rules.to_json form) a parsed scenario describes, checked."""
    rs = ruleset or default_ruleset()
    c = _Check(source)
    c.need(isinstance(data, dict), "(top)", "expected a table")
    c.unknown(data, _TOP_KEYS, "")
    sc = c.get(data, "scenario", "scenario", dict)
    c.unknown(sc, _SCENARIO_KEYS, "scenario")
    n = c.get(sc, "players", "scenario.players", int, 3)
    c.need(rs.players_min <= n <= rs.players_max, "scenario.players",
           f"{n} players; the game takes {rs.players_min} to {rs.players_max}")
    seed = c.get(sc, "seed", "scenario.seed", int, 1)
    phase = c.get(sc, "phase", "scenario.phase", str)
    c.need(phase in PHASES, "scenario.phase", f"unknown phase {brief(phase)}; one of {', '.join(PHASES)}")
    rnd = c.get(sc, "round", "scenario.round", int, 0 if phase == "start_tiles" else 1)
    c.need((rnd == 0) == (phase == "start_tiles"), "scenario.round",
           "round 0 is the start rounds; a game round is 1 or more")
    start = c.get(sc, "start_player", "scenario.start_player", int, 0)
    c.need(0 <= start < n, "scenario.start_player", f"no seat {start} in a {n}-player game")
    variant = c.get(sc, "variant", "scenario.variant", dict, {})

    # ---- players ------------------------------------------------------------------
    plist: list[object] = c.get(data, "player", "player", list, [{} for _ in range(n)])
    c.need(len(plist) == n, "player", f"{len(plist)} [[player]] tables for {n} players")
    players: list[PlayerJSON] = []
    card_use: Counter[str] = Counter()
    barn_cells: list[tuple[int, list[int], str | None]] = []
    for k, p in enumerate(plist):
        path = f"player[{k}]"
        if not isinstance(p, dict):
            c.fail(path, "expected a table")
        c.unknown(p, _PLAYER_KEYS, path)
        money = c.get(p, "money", f"{path}.money", int, rs.start_money)
        c.need(money >= 0, f"{path}.money", "shillings cannot be negative")
        bid = c.get(p, "bid", f"{path}.bid", int, None)
        c.need(bid is None or bid in rs.bid_values, f"{path}.bid", f"there is no bid marker {bid}")
        cards = c.get(p, "cards", f"{path}.cards", list, [])
        for cid in cards:
            c.need(isinstance(cid, str) and cid in rs.cards, f"{path}.cards",
                   f"unknown card {brief(cid)}; cards: {', '.join(rs.card_ids)}")
        card_use.update(cards)
        for b, barn in enumerate(c.get(p, "barns", f"{path}.barns", list, [])):
            bpath = f"{path}.barns[{b}]"
            c.need(isinstance(barn, dict), bpath, "expected { cell = [x, y], card = \"F2\" }")
            cell = c.cell(barn.get("cell"), f"{bpath}.cell", rs)
            card = c.get(barn, "card", f"{bpath}.card", str, None)
            c.need(card is None or card in rs.cards, f"{bpath}.card", f"unknown card {brief(card)}")
            if card:
                card_use[card] += 1
            barn_cells.append((k, cell, card))
        players.append({"family": rs.family_ids[k], "money": money, "bid": bid,
                        "cards": list(cards), "barns": []})
    bids = [p["bid"] for p in players if p["bid"] is not None]
    c.need(len(bids) == len(set(bids)), "player", "two players hold the same bid marker")

    # ---- tiles --------------------------------------------------------------------
    tiles: list[TileJSON] = []
    taken: dict[tuple[int, ...], int] = {}
    lands_used: Counter[str] = Counter()
    figures_used: Counter[str] = Counter()
    for k, t in enumerate(c.get(data, "tile", "tile", list, [])):
        path = f"tile[{k}]"
        c.need(isinstance(t, dict), path, "expected a table")
        c.unknown(t, _TILE_KEYS, path)
        owner = c.get(t, "owner", f"{path}.owner", int)
        c.need(0 <= owner < n, f"{path}.owner", f"no seat {owner} in a {n}-player game")
        land = c.get(t, "land", f"{path}.land", str)
        c.need(land in rs.lands, f"{path}.land", f"unknown land {brief(land)}; lands: {', '.join(rs.lands)}")
        cells = [c.cell(v, f"{path}.cells", rs) for v in c.get(t, "cells", f"{path}.cells", list)]
        c.need(len(cells) in (1, 2), f"{path}.cells", "a land tile covers 1 cell, a start tile 2")
        start_tile = c.get(t, "start", f"{path}.start", bool, len(cells) == 2)
        c.need(start_tile == (len(cells) == 2), f"{path}.start", "start tiles cover 2 cells, land tiles 1")
        if len(cells) == 2:
            one, other = cells
            c.need(abs(one[0] - other[0]) + abs(one[1] - other[1]) == 1, f"{path}.cells",
                   "the two cells of a start tile must be orthogonally adjacent")
        for cell in cells:
            c.need(tuple(cell) not in taken, f"{path}.cells",
                   f"cell {cell} is also covered by tile[{taken.get(tuple(cell))}]")
            taken[tuple(cell)] = k
        developed = c.get(t, "developed", f"{path}.developed", bool, False)
        figure = c.get(t, "figure", f"{path}.figure", str, None)
        c.need(figure is None or figure in rs.figures, f"{path}.figure",
               f"unknown figure {brief(figure)}; figures: {', '.join(rs.figure_order)}")
        c.need(not (figure and developed), f"{path}.figure", "figures stand on undeveloped land only")
        if figure == "ship":
            c.need(any(rs.is_coast(cell) for cell in cells), f"{path}.figure",
                   "a ship stands on a coastal tile")
        if start_tile:
            same = [u for u in tiles if u["owner"] == owner and u["start"] and u["land"] == land]
            c.need(not same, f"{path}", f"seat {owner} has two {land} start tiles")
        else:
            lands_used[land] += 1
        if figure:
            figures_used[figure] += 1
        tiles.append({"owner": owner, "land": land, "cells": cells, "start": start_tile,
                      "developed": developed, "figure": figure})
    for seat, cell, card in barn_cells:
        ti = taken.get(tuple(cell), -1)
        c.need(ti >= 0 and tiles[ti]["figure"] == "barn" and tiles[ti]["owner"] == seat,
               f"player[{seat}].barns", f"no barn of this player stands at {cell}")
        players[seat]["barns"].append({"cell": sorted(tiles[ti]["cells"])[0], "card": card})
    for t in tiles:   # every barn figure is a barn the engine knows about
        if t["figure"] == "barn":
            have = any(b["cell"] == sorted(t["cells"])[0] for b in players[t["owner"]]["barns"])
            if not have:
                players[t["owner"]]["barns"].append({"cell": sorted(t["cells"])[0], "card": None})

    # ---- offer --------------------------------------------------------------------
    offer: list[_Offered] = []
    slots_seen: set[int] = set()
    for k, o in enumerate(c.get(data, "offer", "offer", list, [])):
        path = f"offer[{k}]"
        c.need(isinstance(o, dict), path, "expected a table")
        c.unknown(o, _OFFER_KEYS, path)
        slot = c.get(o, "slot", f"{path}.slot", int)
        c.need(slot >= 0 and slot not in slots_seen, f"{path}.slot", f"slot {slot} is used twice or negative")
        slots_seen.add(slot)
        c.need(("land" in o) != ("card" in o), path, "an offer item has either land = … or card = …")
        if "land" in o:
            land = c.get(o, "land", f"{path}.land", str)
            c.need(land in rs.lands, f"{path}.land", f"unknown land {brief(land)}")
            c.need(slot < rs.offer_slots - rs.card_only_slots or slot >= rs.offer_slots, f"{path}.slot",
                   f"slot {slot} takes cards only")
            lands_used[land] += 1
            offer.append({"slot": slot, "item": {"kind": "land", "land": land}})
        else:
            card = c.get(o, "card", f"{path}.card", str)
            c.need(card in rs.cards, f"{path}.card", f"unknown card {brief(card)}")
            c.need(slot >= rs.land_only_slots, f"{path}.slot", f"slot {slot} takes land tiles only")
            card_use[card] += 1
            offer.append({"slot": slot, "item": {"kind": "card", "card": card}})
    c.need(not offer or phase in ("bids", "buying"), "offer", "the offer is out only in bids and buying")

    # ---- conservation: what is not listed is in the bag and the deck ------------------
    rng = random.Random(seed)
    bag_left: Counter[str] = Counter({land: rs.tiles_per_land for land in rs.lands})
    for land, k in lands_used.items():
        c.need(k <= bag_left[land], "tile", f"{k} {land} tiles used; the game has {rs.tiles_per_land}")
        bag_left[land] -= k
    deck_left: Counter[str] = Counter(dict(rs.deck_composition))
    for card, k in card_use.items():
        c.need(k <= deck_left[card], "player", f"{k} {card} cards used; the game has {deck_left[card]}")
        deck_left[card] -= k
    supply: dict[str, int] = {}
    for fig in rs.figure_order:
        left = rs.figures[fig].count - figures_used[fig]
        c.need(left >= 0, "tile", f"{figures_used[fig]} {fig}s on the board; the game has {rs.figures[fig].count}")
        supply[fig] = left
    bag = _stack(c, "scenario.bag_top", c.get(sc, "bag_top", "scenario.bag_top", list, []), bag_left, rng)
    deck = _stack(c, "scenario.deck_top", c.get(sc, "deck_top", "scenario.deck_top", list, []), deck_left, rng)
    discarded_lands: list[str] = []
    discarded_cards: list[str] = []
    bag_size = c.get(sc, "bag_size", "scenario.bag_size", int, None)
    if bag_size is not None:
        c.need(0 <= bag_size <= len(bag), "scenario.bag_size", f"the bag can hold 0 to {len(bag)} here")
        bag, discarded_lands = bag[:bag_size], bag[bag_size:]
    deck_size = c.get(sc, "deck_size", "scenario.deck_size", int, None)
    if deck_size is not None:
        c.need(0 <= deck_size <= len(deck), "scenario.deck_size", f"the deck can hold 0 to {len(deck)} here")
        deck, discarded_cards = deck[:deck_size], deck[deck_size:]

    # ---- whose turn: the order of this phase --------------------------------------------
    order, pos = _order(c, phase, n, start, players, tiles, rs)
    current = c.get(sc, "current_player", "scenario.current_player", int, order[pos] if order else start)
    expected = order[pos] if order else start
    c.need(current == expected, "scenario.current_player",
           f"in this position seat {expected} acts next, not seat {current}")
    purchases = c.get(sc, "purchases", "scenario.purchases", int, 0)
    c.need(0 <= purchases <= rs.max_purchases and (purchases == 0 or phase == "buying"),
           "scenario.purchases", f"0 to {rs.max_purchases}, and only while buying")
    revealed = c.get(sc, "revealed", "scenario.revealed", bool, False)
    next_slot = max([rs.offer_slots] + [o["slot"] + 1 for o in offer])
    return {
        "version": 1, "level": rs.level_id, "seed": seed, "variant": variant, "phase": phase,
        "round": rnd, "start_player": start, "current_player": current, "players": players,
        "tiles": tiles, "offer": offer, "bag_count": len(bag), "deck_count": len(deck),
        "supply": supply, "bag": bag, "deck": deck, "order": order, "order_pos": pos,
        "buy_order": order if phase == "buying" else [], "purchases": purchases,
        "revealed": revealed, "next_slot": next_slot,
        "discarded": {"lands": discarded_lands, "cards": discarded_cards},
    }


def build_scenario(data: Mapping[str, object], source: str = "scenario", ruleset: Ruleset | None = None) -> State:
    """The engine state of a parsed scenario; the engine validates it (rules.from_json)."""
    snap = scenario_snapshot(data, source, ruleset)
    try:
        state = rules.from_json(snap, ruleset)
    except ValueError as err:
        raise DataError(source, "(position)", f"the rules refuse this position: {err}") from None
    if not rules.legal_actions(state):
        raise DataError(source, "scenario.phase", "nobody can act in this position")
    return state


def _stack(c: _Check, key: str, top: list[str], left: Counter[str], rng: random.Random) -> list[str]:
    """`top` first (in order), then everything else left, shuffled."""
    left = Counter(left)
    for item in top:
        c.need(isinstance(item, str) and left[item] > 0, key, f"{brief(item)}: none of these are left for the stack")
        left[item] -= 1
    rest = [item for item in sorted(left) for _ in range(left[item])]
    rng.shuffle(rest)
    return list(top) + rest


def _order(c: _Check, phase: str, n: int, start: int, players: list[PlayerJSON], tiles: list[TileJSON],
           rs: Ruleset) -> tuple[list[int], int]:
    """The engine's `order` and `order_pos` for a position, derived as the engine builds them."""
    if phase == "start_tiles":
        placed = sum(1 for t in tiles if t["start"])
        c.need(placed < rs.start_rounds * n, "tile", "every start tile is placed: use phase = \"offer\"")
        per_seat = Counter(t["owner"] for t in tiles if t["start"])
        order = [(start - k) % n for k in range(1, n + 1)] * rs.start_rounds
        c.need(Counter(order[:placed]) == per_seat, "tile",
               "start tiles are placed in turn: the seats' counts do not fit the order")
        return order, placed
    if phase == "offer":
        return [], 0
    if phase == "bids":
        order = [(start + k) % n for k in range(n)]
        held = [seat for seat in order if players[seat]["bid"] is not None]
        pos = len(held)
        c.need(order[:pos] == held and pos < n, "player",
               "in the bids, the first players from the start player (clockwise) hold markers")
        return order, pos
    # buying: who already ended the turn has returned the marker; the rest go highest first
    bid_of = {s: bid for s in range(n) if (bid := players[s]["bid"]) is not None}
    waiting = sorted(bid_of, key=lambda s: -bid_of[s])
    c.need(bool(waiting), "player", "in the buying phase someone still holds a bid marker")
    done = [s for s in range(n) if players[s]["bid"] is None]
    return done + waiting, len(done)
