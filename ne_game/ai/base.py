"""The one small interface every computer (or scripted, or network) player shares.

    action = player.choose(observation, legal)

`observation` is `rules.observe(state, seat)` (no hidden information), `legal` is
`rules.legal_actions(state)`; the answer is one element of `legal`. Players keep no
memory between calls and draw their randomness from a generator seeded by their own
seed and the observation, so they are deterministic given seed and inputs, and safe
to call from a worker thread.
"""
from __future__ import annotations

import json
import random
import zlib
from typing import TYPE_CHECKING, Protocol, runtime_checkable

from ne_game.rules.snapshot import SnapshotOrView

if TYPE_CHECKING:
    from ne_game.rules import Action  # for annotations only

# What `rules.observe(state, seat)` returns (or, inside a rollout, `rules.to_json(state)`).
Observation = SnapshotOrView


@runtime_checkable
class Player(Protocol):
    kind: str

    def choose(self, observation: Observation, legal: list[Action]) -> Action:
        """One element of `legal`. Must not change its inputs."""
        ...


def observation_digest(observation: Observation) -> int:
    """A stable 32-bit digest of an observation (same on every run and platform)."""
    text = json.dumps(observation, sort_keys=True, separators=(",", ":"), default=str)
    return zlib.crc32(text.encode("utf-8"))


class BasePlayer:
    """Shared plumbing: per-call random generator, safe fallbacks."""

    kind = "base"

    def __init__(self, seed: int = 0) -> None:
        self.seed = int(seed)

    def rng_for(self, observation: Observation) -> random.Random:
        # Mixing in the observation makes each decision reproducible on its own,
        # whatever was asked before, and keeps the player stateless.
        return random.Random((self.seed * 1_000_003) ^ observation_digest(observation))

    def choose(self, observation: Observation, legal: list[Action]) -> Action:
        if not legal:
            raise ValueError("no legal action: the game is over")
        if len(legal) == 1:
            return legal[0]
        seat = observation["current_player"]
        if seat is None:
            seat = observation["observer"] if "observer" in observation else 0
        if seat is None:
            raise TypeError("a public view has no seat to decide for")
        return self.decide(observation, legal, seat)

    def decide(self, observation: Observation, legal: list[Action], seat: int) -> Action:  # pragma: no cover
        raise NotImplementedError


def of_type(legal: list[Action], *kinds: str) -> list[Action]:
    return [a for a in legal if a["type"] in kinds]


END_TURN: Action = {"type": "end_turn"}


def end_turn_from(legal: list[Action]) -> Action | None:
    for a in legal:
        if a["type"] == "end_turn":
            return a
    return None
