"""Small tools for rules tests: crafting positions through snapshots, playing seeded games."""
from __future__ import annotations

import copy
import random

from ne_game import rules
from ne_game.sim import RandomPlayer

FAMILIES = ("winslow", "palmer", "howland", "annable")


def snap(state) -> dict:
    return rules.to_json(state)


def play_until(state, phase: str, seed: int = 0, bias: float = 0.7):
    player = RandomPlayer(seed, bias)
    while snap(state)["phase"] != phase:
        legal = rules.legal_actions(state)
        assert legal, f"the game ended before reaching {phase}"
        state = rules.apply_action(state, player.choose(None, legal))
    return state


def after_start(players: int = 4, seed: int = 0):
    return play_until(rules.new_game(players=players, seed=seed), "offer", seed)


def to_buying(players: int = 4, seed: int = 0, land_tiles: int = 4, bids=(10, 7, 4, 2)):
    state = rules.apply_action(after_start(players, seed), {"type": "announce_offer", "land_tiles": land_tiles})
    for value in bids[:players]:
        state = rules.apply_action(state, {"type": "take_bid", "value": value})
    return state


def edit(state, change) -> rules.State:
    """A new state from a snapshot edited by `change(d)`: how tests set up exact positions."""
    d = copy.deepcopy(snap(state))
    change(d)
    return rules.from_json(d)


def tile(owner, land, cells, start=False, developed=False, figure=None) -> dict:
    return {"owner": owner, "land": land, "cells": [list(c) for c in cells], "start": start,
            "developed": developed, "figure": figure}


def buying_position(tiles, offer, current=0, money=None, bids=None, players=4, barns=None, cards=None, **extra):
    """A buying-phase state with exactly these tiles and offer items (slot -> item dict)."""
    base = to_buying(players=players, seed=0)

    def change(d):
        d["tiles"] = tiles
        d["offer"] = [{"slot": s, "item": item} for s, item in sorted(offer.items())]
        d["current_player"] = current
        for seat, p in enumerate(d["players"]):
            p["money"] = (money or [12] * players)[seat]
            p["bid"] = (bids or [10, 7, 4, 2][:players])[seat]
            p["barns"] = (barns or {}).get(seat, [])
            p["cards"] = (cards or {}).get(seat, [])
        order = sorted(range(players), key=lambda s: -d["players"][s]["bid"])
        d["order"] = order
        d["order_pos"] = order.index(current)
        for seat in order[:d["order_pos"]]:       # who bought before has ended the turn
            d["players"][seat]["bid"] = None
        d["purchases"], d["revealed"] = 0, False
        figures = {"pilgrim": 13, "barn": 11, "ship": 10}
        for t in tiles:
            if t["figure"]:
                figures[t["figure"]] -= 1
        d["supply"] = figures
        # derived again from the position: the ships at the turn's start, and a bag and deck
        # holding exactly what the position leaves (so the stock is conserved)
        for key in ("turn_ships", "bag", "deck", "discarded"):
            d.pop(key, None)
        d.update(extra)

    return edit(base, change)


def land(kind):
    return {"kind": "land", "land": kind}


def card(cid):
    return {"kind": "card", "card": cid}


def of_type(state, kind):
    return [a for a in rules.legal_actions(state) if a["type"] == kind]


def cellset(cells):
    return frozenset(tuple(c) for c in cells)


def random_game(players: int, seed: int, bias: float = 0.8, variant=None):
    """Yield (state, action) along one seeded random game, then the final state with None."""
    state = rules.new_game(players=players, seed=seed, variant=variant)
    player = RandomPlayer(seed, bias)
    rng = random.Random(seed)
    while True:
        legal = rules.legal_actions(state)
        if not legal:
            yield state, None
            return
        action = player.choose(None, legal)
        if rng.random() < 0.02:
            moves = [a for a in legal if a["type"] == "move_figure"]
            action = rng.choice(moves) if moves else action
        yield state, action
        state = rules.apply_action(state, action)
