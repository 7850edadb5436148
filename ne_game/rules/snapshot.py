"""Snapshots: the JSON-compatible face of a state (engine contract), observations for one
seat with hidden information removed, and determinisation (a full state sampled from one)."""
from __future__ import annotations

import random
from collections import Counter

from .engine import check_variant
from .ruleset import Ruleset
from .state import CELLS, DEVELOPED, FIGURE, LAND, OWNER, PHASES, START, State

VERSION = 1
HIDDEN = "hidden"


def to_json(s: State) -> dict:
    rs = s.rs
    xy = rs.xy
    tiles = s.tiles

    def cell(i):
        return list(xy[i])

    players = []
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
        "offer": [{"slot": slot, "item": {"kind": "land", "land": what} if kind == "land" else {"kind": "card", "card": what}}
                  for slot, kind, what in s.offer],
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


def from_json(d: dict, rs: Ruleset) -> State:
    try:
        return _from_json(_with_defaults(d, rs), rs)
    except (KeyError, TypeError, IndexError, AttributeError) as err:
        raise ValueError(f"not a valid New England snapshot: {type(err).__name__}: {err}") from None


def _with_defaults(d: dict, rs: Ruleset) -> dict:
    """A snapshot with only the contract's keys (a position set up by hand) gets the rest
    derived: the turn order from the phase and bids, and a bag and deck holding what is not
    elsewhere, shuffled from the seed. A full snapshot passes through unchanged."""
    if not isinstance(d, dict) or d.get("observer") is not None:
        return d
    extras = ("seed", "variant", "bag", "deck", "order", "order_pos", "purchases", "revealed", "next_slot", "discarded")
    if all(k in d for k in extras):
        return d
    d = dict(d)
    d.setdefault("seed", 0)
    d.setdefault("variant", {})
    d.setdefault("discarded", {"lands": [], "cards": []})
    d.setdefault("purchases", 0)
    d.setdefault("revealed", False)
    slots = [e["slot"] for e in d.get("offer", [])]
    d.setdefault("next_slot", max([rs.offer_slots - 1, *slots]) + 1)
    rng = random.Random(d["seed"])

    def rest(total: dict, *used) -> list:
        """What of `total` is not used elsewhere, shuffled from the seed."""
        left = Counter(total)
        for items in used:
            left.subtract(items)
        out = sorted(Counter({k: v for k, v in left.items() if v > 0}).elements())
        rng.shuffle(out)
        return out

    offered = [e["item"] for e in d["offer"]]
    if "bag" not in d:
        d["bag"] = rest({land: rs.tiles_per_land for land in rs.lands},
                        [t["land"] for t in d["tiles"] if not t["start"]],
                        [i["land"] for i in offered if i["kind"] == "land"], d["discarded"]["lands"])
    if "deck" not in d:
        d["deck"] = rest({cid: c.copies for cid, c in rs.cards.items()},
                         [c for p in d["players"] for c in p["cards"]],
                         [b["card"] for p in d["players"] for b in p["barns"] if b["card"]],
                         [i["card"] for i in offered if i["kind"] == "card"], d["discarded"]["cards"])
    if "order" not in d:
        n, start, current = len(d["players"]), d["start_player"], d["current_player"]
        bids = [p["bid"] for p in d["players"]]
        if d["phase"] == "start_tiles":
            order = [(start - k) % n for k in range(1, n + 1)] * rs.start_rounds
            pos = sum(1 for t in d["tiles"] if t["start"])
        elif d["phase"] == "bids":
            order = [(start + k) % n for k in range(n)]
            pos = sum(b is not None for b in bids)
        elif d["phase"] == "buying":
            # players who ended their turn gave their marker back; the rest buy in bid order
            order = sorted((s for s in range(n) if bids[s] is not None), key=lambda s: -bids[s])
            pos = order.index(current) if current in order else 0
        else:
            order, pos = [], 0
        d["order"], d["order_pos"] = order, pos
    d.setdefault("order_pos", 0)
    return d


def _need(cond: bool, key: str, problem: str) -> None:
    if not cond:
        raise ValueError(f"snapshot: key '{key}': {problem}")


def _from_json(d: dict, rs: Ruleset) -> State:
    _need(isinstance(d, dict), "(top)", "expected an object")
    _need(d.get("version") == VERSION, "version", f"this game reads version {VERSION}, found {d.get('version')!r}")
    _need("observer" not in d, "observer",
          "this is one seat's observation, with hidden parts left out; use determinize() to play it on")
    _need(d["phase"] in PHASES, "phase", f"unknown phase {d['phase']!r}")
    n = len(d["players"])
    _need(rs.players_min <= n <= rs.players_max, "players", f"{n} players; this game takes {rs.players_min} to {rs.players_max}")

    def idx(cell, key):
        i = rs.index(cell)
        _need(i is not None, key, f"{cell!r} is not a parcel of the board")
        return i

    s = State.__new__(State)
    s.rs, s.seed, s.n = rs, d["seed"], n
    s.variant = check_variant(d["variant"])
    s.phase, s.round, s.start_player, s.current = d["phase"], d["round"], d["start_player"], d["current_player"]
    seats = range(n)
    _need(s.start_player in seats, "start_player", f"no seat {s.start_player!r} in a {n}-player game")
    if s.phase == "game_over":
        _need(s.current is None, "current_player", "nobody decides once the game is over")
    else:
        _need(s.current in seats, "current_player", f"no seat {s.current!r} in a {n}-player game")
    _need(all(seat in seats for seat in d["order"]), "order", f"names a seat outside 0..{n - 1}")
    for k, p in enumerate(d["players"]):
        _need(type(p["money"]) is int and p["money"] >= 0, f"players[{k}].money", "expected a whole number of shillings, 0 or more")
    ct = [-1] * rs.size
    tiles = []
    for k, t in enumerate(d["tiles"]):
        _need(t["owner"] in seats, f"tiles[{k}].owner", f"no seat {t['owner']!r} in a {n}-player game")
        _need(t["land"] in rs.lands, f"tiles[{k}].land", f"unknown land {t['land']!r}")
        _need(t["figure"] is None or t["figure"] in rs.figures, f"tiles[{k}].figure", f"unknown figure {t['figure']!r}")
        cells = tuple(sorted(idx(c, f"tiles[{k}].cells") for c in t["cells"]))
        for c in cells:
            _need(ct[c] < 0, f"tiles[{k}].cells", f"cell {list(rs.xy[c])} is covered twice")
            ct[c] = k
        tiles.append((t["owner"], t["land"], cells, bool(t["start"]), bool(t["developed"]), t["figure"]))
    s.tiles, s.cell_tile = tuple(tiles), tuple(ct)
    s.money = tuple(p["money"] for p in d["players"])
    s.bid = tuple(p["bid"] for p in d["players"])
    for seat, p in enumerate(d["players"]):
        _need(p["family"] == rs.family_ids[seat], f"players[{seat}].family", f"seat {seat} plays {rs.family_ids[seat]}")
        for c in p["cards"]:
            _need(c in rs.cards, f"players[{seat}].cards", f"unknown card {c!r}")
    s.cards = tuple(tuple(p["cards"]) for p in d["players"])
    barns = []
    for seat, p in enumerate(d["players"]):
        mine = []
        for b in p["barns"]:
            ti = ct[idx(b["cell"], f"players[{seat}].barns")]
            _need(ti >= 0 and tiles[ti][FIGURE] == "barn", f"players[{seat}].barns", f"no barn stands at {b['cell']}")
            _need(b["card"] is None or b["card"] in rs.cards, f"players[{seat}].barns", f"unknown card {b['card']!r}")
            mine.append((ti, b["card"]))
        barns.append(tuple(mine))
    s.barns = tuple(barns)
    offer = []
    for e in d["offer"]:
        item = e["item"]
        offer.append((e["slot"], "land", item["land"]) if item["kind"] == "land" else (e["slot"], "card", item["card"]))
    s.offer = tuple(sorted(offer))
    s.next_slot = d["next_slot"]
    s.bag, s.bag_pos = tuple(d["bag"]), 0
    s.deck, s.deck_pos = tuple(d["deck"]), 0
    s.supply = tuple(d["supply"][f] for f in rs.figure_order)
    s.order, s.order_pos = tuple(d["order"]), d["order_pos"]
    s.purchases, s.revealed = d["purchases"], bool(d["revealed"])
    s.turn_ships = d.get("turn_ships", s.figure_counts("ship")[s.current] if s.phase == "buying" else 0)
    s.discarded_lands = tuple(d["discarded"]["lands"])
    s.discarded_cards = tuple(d["discarded"]["cards"])
    return s


def observe(s: State, seat: int) -> dict:
    """What the player in `seat` may know: the snapshot without the bag and deck order, the
    seed (it would give the order away), or other players' barn contents."""
    rs = s.rs
    if type(seat) is not int or not 0 <= seat < s.n:
        raise ValueError(f"seat must be 0 to {s.n - 1}, got {seat!r}")
    d = to_json(s)
    hidden_cards = Counter(d.pop("deck"))
    d["bag_counts"] = {land: 0 for land in rs.lands} | dict(Counter(d.pop("bag")))
    for other, p in enumerate(d["players"]):
        if other != seat:
            for b in p["barns"]:
                if b["card"] is not None:
                    hidden_cards[b["card"]] += 1
                    b["card"] = HIDDEN
    # the cards this seat cannot see: the deck and rivals' barns together (their split is unknown)
    d["unseen_cards"] = {cid: hidden_cards.get(cid, 0) for cid in rs.card_ids}
    del d["seed"]
    d["observer"] = seat
    return d


def determinize(obs: dict, seed, rs: Ruleset) -> State:
    """A full state consistent with an observation, its hidden parts drawn at random."""
    rng = random.Random(seed)
    d = {k: v for k, v in obs.items() if k not in ("bag_counts", "unseen_cards", "observer")}
    d["players"] = [dict(p, barns=[dict(b) for b in p["barns"]]) for p in obs["players"]]
    bag = [land for land, k in obs["bag_counts"].items() for _ in range(k)]
    pool = [cid for cid, k in obs["unseen_cards"].items() for _ in range(k)]
    rng.shuffle(bag)
    rng.shuffle(pool)
    for p in d["players"]:
        for b in p["barns"]:
            if b["card"] == HIDDEN:
                b["card"] = pool.pop()
    d["bag"], d["deck"] = bag, pool
    d["seed"] = seed
    return from_json(d, rs)
