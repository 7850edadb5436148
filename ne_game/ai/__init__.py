"""Computer players for New England.

    from ne_game.ai import make_player, PLAYER_KINDS
    player = make_player("medium", seed=123)        # "hard" also takes time_budget=1.0
    action = player.choose(rules.observe(state, seat), rules.legal_actions(state))

Every player sees only its seat's observation (no bag or deck order, no rivals' barn
contents), returns one element of `legal`, never changes its inputs, keeps no state
between calls and is safe to call from a worker thread. No pygame here.
"""
from __future__ import annotations

from typing import Any

from ne_game.ai.base import BasePlayer, Player
from ne_game.ai.easy import EasyPlayer
from ne_game.ai.hard import DEFAULT_BUDGET, HardPlayer
from ne_game.ai.medium import MediumPlayer, MediumV1Player

PLAYER_KINDS: tuple[str, ...] = ("easy", "medium", "hard")
# Also accepted by make_player, for measuring (benchmarks, `ne-game simulate --seats`), not
# offered in the game's menus: the medium player before it followed the game's end.
BASELINE_KINDS: tuple[str, ...] = ("medium_v1",)

__all__ = ["PLAYER_KINDS", "BASELINE_KINDS", "Player", "BasePlayer", "EasyPlayer", "MediumPlayer",
           "MediumV1Player", "HardPlayer", "DEFAULT_BUDGET", "make_player"]


def make_player(kind: str, seed: int = 0, time_budget: float | None = None, **options: Any) -> Player:
    """A computer player of the given strength ("easy", "medium" or "hard").

    `time_budget` (seconds per decision) applies to "hard" only; None means its default.
    """
    kind = str(kind).strip().lower()
    if kind == "easy":
        return EasyPlayer(seed)
    if kind == "medium":
        return MediumPlayer(seed)
    if kind == "medium_v1":
        return MediumV1Player(seed)
    if kind == "hard":
        budget = DEFAULT_BUDGET if time_budget is None else time_budget
        return HardPlayer(seed, time_budget=budget, **options)
    raise ValueError(f"unknown player kind {kind!r}; choose one of {', '.join(PLAYER_KINDS + BASELINE_KINDS)}")
