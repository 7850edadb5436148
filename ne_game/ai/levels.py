"""The computer levels: one registry that every menu, command line and loader reads.

    LEVELS["hard"].make(seed, 0.5)      # a player; `takes_budget` levels think for that long
    menu_levels()                       # the levels a player can choose in the game's menus

A new level is one module with its player class plus one entry here: setup offers it (when
`in_menus`), saves accept it, `ne-game simulate --seats` and the benchmarks play it, and its
`label` is shown in the player's language (context "seat kind" of the catalogue).
"""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ne_game.ai.base import Player
from ne_game.ai.easy import EasyPlayer
from ne_game.ai.hard import DEFAULT_BUDGET, HardPlayer
from ne_game.ai.medium import MediumPlayer, MediumV1Player
from ne_game.ai.random_player import RandomPlayer

if TYPE_CHECKING:
    from ne_game.ai.forecast import Forecast


def NP_(context: str, message: str) -> str:   # noqa: N802 - the catalogue's marker, like N_
    """Marks `message` (with its context) for the catalogue; it is looked up where shown."""
    return message


@dataclass(frozen=True)
class Level:
    id: str
    label: str                                    # English, context "seat kind"
    make: Callable[..., Player]                   # make(seed, time_budget, **options)
    takes_budget: bool = False                    # thinks for the time budget of Settings
    in_menus: bool = True                         # offered in setup (else: benchmarks, simulate)


def _hard(seed: int, time_budget: float | None = None, samples: int | None = None, rollout_rounds: int = 1,
          forecast: Forecast | None | bool = True) -> Player:
    return HardPlayer(seed, time_budget=DEFAULT_BUDGET if time_budget is None else time_budget, samples=samples,
                      rollout_rounds=rollout_rounds, forecast=forecast)


LEVELS: dict[str, Level] = {
    "easy": Level("easy", NP_("seat kind", "Easy"), lambda seed, time_budget=None: EasyPlayer(seed)),
    "medium": Level("medium", NP_("seat kind", "Medium"), lambda seed, time_budget=None: MediumPlayer(seed)),
    "hard": Level("hard", NP_("seat kind", "Hard"), _hard, takes_budget=True),
    # for measuring only: the medium player before it followed the game's end, and a random one
    "medium_v1": Level("medium_v1", NP_("seat kind", "Medium (old)"),
                       lambda seed, time_budget=None: MediumV1Player(seed), in_menus=False),
    "random": Level("random", NP_("seat kind", "Random"),
                    lambda seed, time_budget=None: RandomPlayer(seed), in_menus=False),
}


def menu_levels() -> tuple[str, ...]:
    """The levels the game's menus offer, easiest first."""
    return tuple(k for k, level in LEVELS.items() if level.in_menus)
