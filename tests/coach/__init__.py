"""Tests of the coach. NAMES: the seats of the stored games the reading rounds used; ROOT: the
repository; a start position and Mercy's round-5 chain, which two rounds' tests read."""
from __future__ import annotations

from pathlib import Path

import ne_game.rules as rules
from ne_game.ai.model import Model
from ne_game.coach.reasons import Step, Why, _chain

NAMES = ["Player 1", "Mercy", "Josiah", "Prudence"]
ROOT = Path(__file__).resolve().parents[2]


def start_model() -> Model:
    """Seat 0's view of a new 4-player game (seed 1)."""
    return Model.from_observation(rules.observe(rules.new_game(players=4, seed=1), 0))


def pilgrim_chain() -> tuple[Why, ...]:
    """Mercy's round 5 (playtests 10d-10j): the better move places a pilgrim on J3 and buys the
    offer's other one (A7), the move taken a pasture tile instead; the rival buys that pilgrim.
    The facts as reasons._chain leaves them: the majority, the chain, the cause."""
    start = start_model()
    data = start.data
    card_land = {c: spec.land for c, spec in data.cards.items() if spec.land}
    start.offer = {7: ("card", "pilgrim")}
    r = start.round
    steps = (Step(0, r, "buy", "pilgrim", 3, "A7", use="place"),
             Step(2, r, "buy", "pilgrim", 2, "B6", use="place", role="instead"),
             Step(0, r, "buy", "pasture", 3, "", use="place", role="own", cells=("K4", "J4"), count=12))
    whys = (Why("majority", "pilgrim", 12, 0, 12, 4, counts=(4, 3, 3, 4)),
            Why("cause", "pilgrim", 12, 0, 12, amount=12, detail="better", steps=steps, seat=0))
    move = {"type": "buy_card", "slot": 7, "use": {"figure_on": [9, 2]}}
    return _chain(whys, start, move, data.coastal_figures, card_land)
