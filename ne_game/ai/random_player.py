"""The random player: legal, not clever. It mostly buys while it can, seldom shuffles figures,
then ends its turn. For `ne-game simulate` and the rules' own tests; not in the menus."""
from __future__ import annotations

import random
from collections.abc import Sequence

from ne_game.ai.base import Observation
from ne_game.rules import Action

DOING = ("buy_land", "buy_card", "play_stored", "reveal_extra")


class RandomPlayer:
    kind = "random"
    wants_observation = False     # it chooses without looking: simulate does not build one

    def __init__(self, seed: int = 0, buy_bias: float = 0.7) -> None:
        self.rng = random.Random(seed)
        self.buy_bias = buy_bias

    def choose(self, observation: Observation | None, legal: Sequence[Action]) -> Action:
        rng = self.rng
        if legal[-1]["type"] != "end_turn":
            return rng.choice(legal)
        busy = [a for a in legal if a["type"] in DOING]
        if busy and rng.random() < self.buy_bias:
            return rng.choice(busy)
        moves = [a for a in legal if a["type"] == "move_figure"]
        if moves and rng.random() < 0.1:
            return rng.choice(moves)
        return legal[-1]
