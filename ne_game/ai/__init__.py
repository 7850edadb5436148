"""Computer players for New England.

    from ne_game.ai import make_player, LEVELS
    player = make_player("medium", seed=123)        # "hard" also takes time_budget=1.0

The levels are a registry (ne_game/ai/levels.py, `LEVELS`): a new level is its module plus
one entry there.
    action = player.choose(rules.observe(state, seat), rules.legal_actions(state))

Every player sees only its seat's observation (no bag or deck order, no rivals' barn
contents), returns one element of `legal`, never changes its inputs, keeps no state
between calls and is safe to call from a worker thread. No pygame here.
"""
from __future__ import annotations

from ne_game.ai.base import BasePlayer, Player
from ne_game.ai.easy import EasyPlayer
from ne_game.ai.hard import DEFAULT_BUDGET, HardPlayer
from ne_game.ai.levels import LEVELS, Level, menu_levels
from ne_game.ai.medium import MediumPlayer, MediumV1Player

# The levels offered in the game's menus; the others (LEVELS) are for measuring.
PLAYER_KINDS: tuple[str, ...] = menu_levels()
BASELINE_KINDS: tuple[str, ...] = tuple(k for k in LEVELS if k not in PLAYER_KINDS)

__all__ = ["PLAYER_KINDS", "BASELINE_KINDS", "LEVELS", "Level", "menu_levels", "Player", "BasePlayer",
           "EasyPlayer", "MediumPlayer", "MediumV1Player", "HardPlayer", "DEFAULT_BUDGET", "make_player"]


def make_player(kind: str, seed: int = 0, time_budget: float | None = None, **options: object) -> Player:
    """A computer player of a registered level (`LEVELS`: "easy", "medium", "hard", ...).

    `time_budget` (seconds per decision) binds the levels that take one; None means its default.
    """
    level = LEVELS.get(str(kind).strip().lower())
    if level is None:
        raise ValueError(f"unknown player kind {kind!r}; choose one of {', '.join(LEVELS)}")
    return level.make(seed, time_budget, **options)
