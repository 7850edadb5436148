"""Easy: legal, plausible moves with some randomness.

It places start tiles where there is some room, takes cheap bids, buys what it can
use (developing land-use patterns first), never shuffles figures around and never
ends the game on purpose.
"""
from __future__ import annotations

import random
from typing import TYPE_CHECKING

from ne_game.ai.base import BasePlayer, Observation, end_turn_from, of_type
from ne_game.ai.common import announce_ends_game, start_tile_scorer
from ne_game.ai.model import Model

if TYPE_CHECKING:
    from ne_game.rules import Action  # for annotations only

BUY_CHANCE = 0.8          # chance to buy again while it can
REVEAL_CHANCE = 0.5
CHEAP_BIDS = 3            # picks among this many of the lowest free bid markers


class EasyPlayer(BasePlayer):
    kind = "easy"

    def decide(self, observation: Observation, legal: list[Action], seat: int) -> Action:
        rng = self.rng_for(observation)
        kind = legal[0]["type"]
        if kind == "place_start_tile":
            m = Model.from_observation(observation)
            score = start_tile_scorer(m, seat)
            scored = sorted(legal, key=lambda a: -score(a))
            return rng.choice(scored[: max(1, len(scored) // 4)])
        if kind == "announce_offer":
            m = Model.from_observation(observation)
            safe = [a for a in legal if not announce_ends_game(m, a["land_tiles"])]
            pool = [a for a in safe if a["land_tiles"] in (4, 5)] or safe or legal
            return rng.choice(pool)
        if kind == "take_bid":
            money = observation["players"][seat]["money"]
            cheap = sorted(legal, key=lambda a: a["value"])[:CHEAP_BIDS]
            cheap = [a for a in cheap if a["value"] <= max(1, money)] or cheap
            return rng.choice(cheap)
        return self._buying(legal, rng)

    def _buying(self, legal: list[Action], rng: random.Random) -> Action:
        stop = end_turn_from(legal)
        stored = of_type(legal, "play_stored")
        if stored:
            return rng.choice(stored)
        reveal = of_type(legal, "reveal_extra")
        if reveal and rng.random() < REVEAL_CHANCE:
            return rng.choice(reveal)
        buys = [a for a in of_type(legal, "buy_land", "buy_card") if a["type"] == "buy_land"
                or "store_in_barn" not in a["use"]]
        if buys and (stop is None or rng.random() < BUY_CHANCE):
            develop = [a for a in buys if a["type"] == "buy_card" and "develop" in a["use"]]
            if develop and rng.random() < 0.7:
                return rng.choice(develop)
            # Pick an item first, then where it goes, so items with many placements
            # are not favoured.
            slots = sorted({a["slot"] for a in buys})
            slot = rng.choice(slots)
            return rng.choice([a for a in buys if a["slot"] == slot])
        if stop is not None:
            return stop
        # No end_turn offered (should not happen in buying): anything legal but a move.
        rest = [a for a in legal if a["type"] != "move_figure"] or legal
        return rng.choice(rest)
