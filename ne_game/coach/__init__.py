"""The coach: one seat's decisions in a saved game, reviewed with the hard player's machinery
(sampled worlds, common random numbers, rollouts with medium's judgement). No pygame.

    review.py   SeatReview / review_seat: each decision's estimated loss and its standard
                error, the costliest ones flagged, as JSON for Records and `ne-game review`;
                a decision that followed the Hint is known (`followed_hint`) and flagged only
                when clearly worse
    reasons.py  why: what differs between the sampled futures after the move taken and after
                the better one (cards, majorities, money, land), as structured facts
    bids.py     the lessons about the bid: paid, bought, lower markers that bought the same,
                markers the review found better, the habit
    live.py     Coach while I play: a person's finished turns judged in the background
"""
from __future__ import annotations

from .review import (
    DEFAULT_BUDGET,
    KINDS,
    Cancelled,
    Decision,
    Review,
    SeatReview,
    kind_of,
    review_seat,
)

__all__ = ["DEFAULT_BUDGET", "KINDS", "Cancelled", "Decision", "Review", "SeatReview", "kind_of", "review_seat"]
