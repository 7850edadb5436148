"""Headless games between computer players (the simulator and the benchmark use this).

    play_game(["hard", "medium", "medium", "medium"], seed=7) -> {
        "seed", "seats", "totals", "money", "unspent", "stored", "stored_played", "winners",
        "rounds", "decisions", "times"}

"unspent" is the money each seat held when it ended its last buying turn: what it could
still have spent. "money" (the tie-break) is that plus the last round's income, which
no one can spend.
"""
from __future__ import annotations

import time
from collections.abc import Sequence
from typing import TYPE_CHECKING, TypedDict, cast

from ne_game.ai import make_player

if TYPE_CHECKING:
    from ne_game.rules.actions import BuyCard

MAX_ACTIONS = 20_000   # a safety net against a player that never ends a turn


class _TournamentFields(TypedDict):
    seed: int
    seats: list[str]
    totals: list[int]
    money: list[int]
    unspent: list[int]
    stored: list[int]
    stored_played: list[int]
    winners: list[int]
    rounds: int
    decisions: list[int]


class TournamentGame(_TournamentFields, total=False):
    """One game of a tournament (see play_game)."""
    times: list[list[float]]


def player_seed(seed: int, seat: int) -> int:
    return seed * 16 + seat + 1


def play_game(kinds: Sequence[str], seed: int, players_budget: float | None = None,
              variant: dict[str, bool] | None = None, collect_times: bool = False) -> TournamentGame:
    """Play one whole game, seat i played by a computer player of kind kinds[i].

    `players_budget` is the hard players' time per decision in seconds (None: default).
    Returns seed, seats (kinds per seat), totals (VP per seat), money, winners (seats
    that win after the money tie-break), rounds, decisions (count per seat) and, with
    collect_times, times (seconds per decision, per seat).
    """
    import ne_game.rules as rules
    from ne_game.game.gamedata import seat_counts, seat_counts_text  # the range of the ruleset rules.new_game plays

    kinds = [str(k) for k in kinds]
    if len(kinds) not in seat_counts():
        raise ValueError(f"New England takes {seat_counts_text()} players")
    players = [make_player(k, seed=player_seed(seed, i), time_budget=players_budget) for i, k in enumerate(kinds)]
    state = rules.new_game(players=len(kinds), seed=seed, variant=variant)
    decisions = [0] * len(kinds)
    unspent = [0] * len(kinds)
    stored = [0] * len(kinds)
    stored_played = [0] * len(kinds)
    times: list[list[float]] = [[] for _ in kinds]
    for _ in range(MAX_ACTIONS):
        legal = rules.legal_actions(state)
        if not legal:
            break
        seat = state.current
        if seat is None:   # not while there are legal actions: they always have a decision-maker
            raise RuntimeError(f"game {seed}: legal actions but no current player")
        obs = rules.observe(state, seat)
        t0 = time.perf_counter()
        action = players[seat].choose(obs, legal)
        if collect_times:
            times[seat].append(time.perf_counter() - t0)
        decisions[seat] += 1
        kind = action["type"]
        if kind == "end_turn":
            unspent[seat] = obs["players"][seat]["money"]
        elif kind == "play_stored":
            stored_played[seat] += 1
        elif kind == "buy_card" and "store_in_barn" in cast("BuyCard", action)["use"]:
            stored[seat] += 1
        state = rules.apply_action(state, action)
    else:
        raise RuntimeError(f"game {seed} did not end within {MAX_ACTIONS} actions")
    scores = rules.final_scores(state)
    snap = rules.to_json(state)
    result: TournamentGame = {
        "seed": seed,
        "seats": kinds,
        "totals": [sc["total"] for sc in scores],
        "money": [sc["money"] for sc in scores],
        "unspent": unspent,
        "stored": stored,
        "stored_played": stored_played,
        "winners": list(rules.winners(state)),
        # the game ends at the offer of a round that cannot be filled: that round is not played
        "rounds": max(0, snap["round"] - 1),
        "decisions": decisions,
    }
    if collect_times:
        result["times"] = times
    return result
