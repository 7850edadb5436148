"""Lessons about the bid, the heart of the game (no pygame): for one seat, round by round, the
marker it took, what it bought and paid, where a lower marker would have bought the same items
(money thrown away), where another (often a higher one) was worth more by the coach's own
samples (and why),
and the seat's habit.

    bids = bid_lessons(actions, state_at, seat, decisions)    # state_at(k): the state before action k

"A lower marker would have bought the same": in hindsight, with every other seat bidding as it
did (the bids that followed: the words say so), a marker free when the seat chose, below the one taken with no other seat's marker between the two keeps the
seat's place in the buying order, so it buys the same items for less: an exact statement, not
an estimate. "A better marker": the coach's review of that bid (review.py) found another marker
better beyond the noise; its reason is the review's (reasons.py).
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol, cast

from ne_game import rules
from ne_game.rules import Action, State

from .reasons import Why

#: the habit's bands of markers (low, middle, high) and the share of rounds that makes a habit
BANDS = ((1, 3), (4, 7), (8, 10))
HABIT_SHARE = 0.6
HABIT_ROUNDS = 4       # fewer rounds than this say nothing about a habit
ADVICE_ROUNDS = 2      # the habit gets advice only when the review found a better marker on one side
                       # of it in at least this many rounds


@dataclass(frozen=True)
class BidRound:
    round: int
    index: int                              # the take_bid's index in the save (the replay opens there)
    marker: int
    bought: tuple[tuple[str, str], ...]     # ("land", land) or ("card", card id), in the order bought
    paid: int
    lower: int | None = None                # a lower marker that would have bought the same items
    saved: int = 0                          # ... for this many shillings less
    better: int | None = None               # another marker the review found better beyond the noise
    better_loss: float = 0.0
    why: tuple[Why, ...] = ()
    hinted: bool = False                    # the marker was the Hint's pick (the player followed it)
    sure: bool = True                       # the better marker is "clearly" better (else a rival is hedged)

    def to_json(self) -> dict[str, object]:
        return {"hinted": self.hinted, "round": self.round, "index": self.index, "marker": self.marker,
                "bought": [list(b) for b in self.bought], "paid": self.paid, "lower": self.lower,
                "saved": self.saved, "better": self.better, "better_loss": round(self.better_loss, 4),
                "why": [w.to_json() for w in self.why]}


@dataclass(frozen=True)
class Habit:
    low: int
    high: int
    count: int
    rounds: int
    # the rounds where the coach's samples found another marker clearly better, above the band and
    # below it: advice about the habit only when these support it (ADVICE_ROUNDS, one direction)
    higher: int = 0
    lower: int = 0

    @property
    def advice(self) -> str | None:
        """"higher" or "lower" when the coach's own samples say so, else None (the habit is only stated)."""
        if self.higher >= ADVICE_ROUNDS and self.higher > self.lower:
            return "higher"
        if self.lower >= ADVICE_ROUNDS and self.lower > self.higher:
            return "lower"
        return None


@dataclass(frozen=True)
class Bids:
    seat: int
    rounds: tuple[BidRound, ...]
    habit: Habit | None

    @property
    def paid(self) -> int:
        return sum(r.paid for r in self.rounds)

    @property
    def thrown_away(self) -> int:
        return sum(r.saved for r in self.rounds)

    def to_json(self) -> dict[str, object]:
        habit = None if self.habit is None else {"low": self.habit.low, "high": self.habit.high,
                                                 "count": self.habit.count, "rounds": self.habit.rounds,
                                                 "higher": self.habit.higher, "lower": self.habit.lower}
        return {"seat": self.seat, "paid": self.paid, "thrown_away": self.thrown_away,
                "rounds": [r.to_json() for r in self.rounds], "habit": habit}


class Decided(Protocol):
    """What bid_lessons reads of a reviewed decision (a review.Decision is one)."""

    @property
    def index(self) -> int: ...

    @property
    def best(self) -> Action: ...

    @property
    def loss(self) -> float: ...

    @property
    def why(self) -> tuple[Why, ...]: ...

    @property
    def flaggable(self) -> bool: ...

    @property
    def clearly(self) -> bool: ...

    @property
    def followed_hint(self) -> bool | None: ...


def bid_lessons(actions: Sequence[Action], state_at: Callable[[int], State], seat: int,
                decisions: Sequence[Decided] = ()) -> Bids:
    """The seat's bid rounds (see the module text); `decisions`: the review's, for the markers it found better."""
    reviewed = {d.index: d for d in decisions}
    out: list[BidRound] = []
    n = len(actions)
    for k, action in enumerate(actions):
        if action["type"] != "take_bid" or rules.current_player(state_at(k)) != seat:
            continue
        before = state_at(k)
        rnd, marker = int(before.round), action["value"]
        free = sorted(a["value"] for a in rules.of_kind(rules.legal_actions(before), "take_bid"))
        bought: list[tuple[str, str]] = []
        others: set[int] = set()
        for j in range(k + 1, n + 1):
            state = state_at(j)
            if state.round != rnd:
                break
            pos = rules.position(state)
            if pos.phase == "buying" and not others:
                others = {p.bid for i, p in enumerate(pos.players) if i != seat and p.bid is not None}
            if j == n:
                break
            a = actions[j]
            if (a["type"] == "buy_land" or a["type"] == "buy_card") and rules.current_player(state) == seat:
                item = next((o for o in pos.offer if o.slot == a["slot"]), None)
                if item is not None:
                    bought.append((item.kind, item.what))
        lower = None
        if bought:
            # the lowest free marker below with no other seat's marker between: the same place in the order
            for m in free:
                if m < marker and m not in others and not any(m < b < marker for b in others):
                    lower = m
                    break
        d = reviewed.get(k)
        better: int | None = None
        loss, why = 0.0, cast("tuple[Why, ...]", ())
        if d is not None and d.flaggable and d.best["type"] == "take_bid" and d.best["value"] != marker:
            better, loss, why = d.best["value"], d.loss, d.why
        out.append(BidRound(rnd, k, marker, tuple(bought), marker * len(bought), lower,
                            (marker - lower) * len(bought) if lower is not None else 0, better, loss, why,
                            bool(d is not None and d.followed_hint), bool(d is None or d.clearly)))
    habit = habit_of([r.marker for r in out])
    if habit is not None:
        higher = sum(1 for r in out if r.better is not None and r.better > habit.high)
        below = sum(1 for r in out if r.better is not None and r.better < habit.low)
        habit = Habit(habit.low, habit.high, habit.count, habit.rounds, higher, below)
    return Bids(seat, tuple(out), habit)


def habit_of(markers: Sequence[int]) -> Habit | None:
    """"Markers 1 to 3 in 9 of 12 rounds": the band most taken, when it is most of the rounds."""
    if len(markers) < HABIT_ROUNDS:
        return None
    low, high = max(BANDS, key=lambda b: (sum(b[0] <= m <= b[1] for m in markers), -b[0]))
    count = sum(low <= m <= high for m in markers)
    return Habit(low, high, count, len(markers)) if count >= HABIT_SHARE * len(markers) else None
