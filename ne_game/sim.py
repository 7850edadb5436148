"""Headless games between players, for watching the rules run and for measuring players.

A player is anything with `choose(observation, legal) -> action` (the interface the
computer players share); the random player here needs no observation.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import Protocol, TypedDict

from ne_game import rules
from ne_game.ai.random_player import RandomPlayer
from ne_game.rules import Action, Observation

__all__ = ["RandomPlayer", "SeatPlayer", "make_seat_player", "play_game", "describe"]


class GameResult(TypedDict):
    """One game's record, as `ne-game simulate --json` prints it."""
    seed: int
    seats: list[str]
    families: list[str]
    totals: list[int]
    cards_vp: list[int]
    majority_vp: list[int]
    money: list[int]
    winners: list[int]
    rounds: int
    actions: int


class SeatPlayer(Protocol):
    """Who plays a seat here: a computer player (`ne_game.ai.Player`) or the random player.

    `observation` is None for a player whose `wants_observation` is False (the random
    player); the others always get `rules.observe(state, seat)`."""

    def choose(self, observation: Observation, legal: list[Action]) -> Action: ...


def make_seat_player(kind: str, seed: int, budget: float | None = None) -> SeatPlayer:
    from ne_game.ai import make_player  # the computer players; imported only when asked for

    return make_player(kind, seed=seed, time_budget=budget)   # the budget binds levels that take one


def play_game(kinds: list[str], seed: int, variant: dict[str, bool] | None = None,
              make: Callable[[str, int], SeatPlayer] = make_seat_player, max_actions: int = 20000) -> GameResult:
    """One whole game; returns the result record printed by `ne-game simulate --json`."""
    state = rules.new_game(players=len(kinds), seed=seed, variant=variant)
    players = [make(kind, seed * 31 + seat) for seat, kind in enumerate(kinds)]
    actions = 0
    while True:
        legal = rules.legal_actions(state)
        if not legal:
            break
        if actions >= max_actions:
            raise RuntimeError(f"game with seed {seed} did not end within {max_actions} actions")
        seat = state.current
        if seat is None:   # not while there are legal actions: they always have a decision-maker
            raise RuntimeError(f"game with seed {seed}: legal actions but no current player")
        player = players[seat]
        if isinstance(player, RandomPlayer) and not player.wants_observation:
            action = player.choose(None, legal)      # it chooses without looking: no observation built
        else:
            action = player.choose(rules.observe(state, seat), legal)
        state = rules.apply_action(state, action)
        actions += 1
    scores = rules.final_scores(state)
    return {
        "seed": seed,
        "seats": list(kinds),
        "families": [r["family"] for r in scores],
        "totals": [r["total"] for r in scores],
        "cards_vp": [r["cards_vp"] for r in scores],
        "majority_vp": [r["majority_vp"] for r in scores],
        "money": [r["money"] for r in scores],
        "winners": [r["seat"] for r in scores if r["rank"] == 1],
        # the game ends at the offer of a round that cannot be filled: that round is not played
        "rounds": state.round - 1,
        "actions": actions,
    }


def describe(result: GameResult) -> str:
    """One readable line for a finished game."""
    names = [f.capitalize() for f in result["families"]]
    won = " and ".join(f"{names[w]} (seat {w}, {result['seats'][w]})" for w in result["winners"])
    vp = " / ".join(f"{names[i][0]} {t}" for i, t in enumerate(result["totals"]))
    money = " / ".join(str(m) for m in result["money"])
    tie = " (money tie-break)" if _tie_broken(result) else ""
    return (f"seed {result['seed']}: winner {won}{tie}; VP {vp}; shillings {money}; "
            f"{result['rounds']} rounds, {result['actions']} actions")


def _tie_broken(result: GameResult) -> bool:
    totals = result["totals"]
    top = max(totals)
    return sum(t == top for t in totals) > len(result["winners"])
