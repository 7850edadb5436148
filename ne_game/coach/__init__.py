"""The coach: one seat's decisions in a saved game, reviewed with the hard player's machinery
(sampled worlds, common random numbers, rollouts with medium's judgement). No pygame.

    review.py   SeatReview / review_seat: each decision's estimated loss and its standard
                error, the costliest ones flagged, as JSON for Records and `ne-game review`
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
