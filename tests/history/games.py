"""Whole games played by computer players, synchronously, as saves (the save format).

Seats marked "human" are played by the easy player (the records only read the kind); the
hard player thinks 0.02 s a decision.
Games are cached per process: the tests read them, never change them (they get copies).
"""
from __future__ import annotations

import copy
from functools import cache
from typing import Any

from ne_game import rules
from ne_game.ai import make_player
from ne_game.game.session import GameSession, Seat, family_order

NAMES = ("Anne", "Bram", "Cleo", "Dirk")


def _stores(action: dict[str, Any]) -> bool:
    return action["type"] == "buy_card" and "store_in_barn" in action["use"]


@cache
def _played(kinds: tuple[str, ...], seed: int, names: tuple[str, ...] | None, stop: int | None,
            store: bool) -> dict[str, Any]:
    families = family_order()
    names = names or tuple(NAMES[i] if k == "human" else f"{k.title()} {i}" for i, k in enumerate(kinds))
    seats = [Seat(names[i], families[i], k) for i, k in enumerate(kinds)]
    session = GameSession(seats, seed)
    players = [make_player("easy" if k == "human" else k, seed=seed * 16 + i, time_budget=0.02)
               for i, k in enumerate(kinds)]
    while not session.is_over() and (stop is None or len(session.actions) < stop):
        seat = session.current_seat
        assert seat is not None
        legal = session.legal_actions()
        storing = [a for a in legal if _stores(a)] if store else []
        if storing:        # the first chance to store a card in a barn is taken (once)
            store = False
            session.apply(storing[0])
            continue
        session.apply(players[seat].choose(rules.observe(session.state, seat), legal))
    return session.to_save()


def play(kinds: tuple[str, ...] = ("human", "easy", "easy", "easy"), seed: int = 1, *,
         names: tuple[str, ...] | None = None, stop: int | None = None, store: bool = False) -> dict[str, Any]:
    """A save of a game by computer players; `stop`: leave it unfinished after that many actions;
    `store`: the first card that can be stored in a barn is bought for that."""
    return copy.deepcopy(_played(tuple(kinds), seed, names, stop, store))


def engine_state(save: dict[str, Any], upto: int | None = None) -> Any:
    """The engine's own replay of a save's first `upto` actions (all by default)."""
    actions = save["actions"] if upto is None else save["actions"][:upto]
    return rules.replay(save["players"], save["seed"], save["variant"] or None, actions)
