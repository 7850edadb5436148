"""What the TV shows about the phone seats, and when it asks (pure: no pygame, no clock of its
own; the part gives it the time).

A phone seat's card (family, name, QR code, address) stands on the TV while its phone is
away; once the phone joined it shrinks to a line. `NOBODY_AFTER` seconds after the start with
no phone joined the TV explains the usual causes; a phone away `AWAY_AFTER` seconds on its
seat's turn makes the TV offer to wait, to play the seat here or to let a computer play it."""
from __future__ import annotations

from dataclasses import dataclass, field

NOBODY_AFTER = 30.0
AWAY_AFTER = 60.0


@dataclass(frozen=True)
class PhoneCard:
    """One phone seat as the TV shows it."""
    seat: int
    family: str
    name: str
    url: str
    joined: bool


@dataclass
class Presence:
    """The phones' comings and goings, timed by the caller's clock (seconds)."""
    seats: tuple[int, ...]
    started: float
    joined: set[int] = field(default_factory=set)
    away_since: dict[int, float] = field(default_factory=dict)
    ever_joined: bool = False
    nobody_told: bool = False
    away_asked: dict[int, float] = field(default_factory=dict)   # seat -> when "wait" was chosen

    def __post_init__(self) -> None:
        self.away_since = {s: self.started for s in self.seats}

    def seen(self, seat: int, here: bool, now: float) -> None:
        if here:
            self.joined.add(seat)
            self.away_since.pop(seat, None)
            self.ever_joined = True
        else:
            self.joined.discard(seat)
            self.away_since[seat] = now

    def drop(self, seat: int) -> None:
        """The seat is no longer a phone's (played here, or by a computer)."""
        self.seats = tuple(s for s in self.seats if s != seat)
        self.joined.discard(seat)
        self.away_since.pop(seat, None)
        self.away_asked.pop(seat, None)

    def nobody_due(self, now: float) -> bool:
        """No phone has joined NOBODY_AFTER seconds after the start (asked once)."""
        return bool(self.seats) and not self.ever_joined and not self.nobody_told \
            and now - self.started >= NOBODY_AFTER

    def away_due(self, seat_on_turn: int | None, now: float) -> bool:
        """The seat on turn is a phone's, and its phone has been away AWAY_AFTER seconds (again
        AWAY_AFTER seconds after each "wait")."""
        if seat_on_turn is None or seat_on_turn not in self.seats or seat_on_turn in self.joined:
            return False
        since = max(self.away_since.get(seat_on_turn, now), self.away_asked.get(seat_on_turn, -1e18))
        return now - since >= AWAY_AFTER

    def next_due(self, seat_on_turn: int | None, now: float) -> float | None:
        """Seconds until the next question is due (the scene's timed wake), None: none."""
        times = []
        if self.seats and not self.ever_joined and not self.nobody_told:
            times.append(self.started + NOBODY_AFTER - now)
        if seat_on_turn is not None and seat_on_turn in self.seats and seat_on_turn not in self.joined:
            since = max(self.away_since.get(seat_on_turn, now), self.away_asked.get(seat_on_turn, -1e18))
            times.append(since + AWAY_AFTER - now)
        return max(0.0, min(times)) if times else None


def cards(seats: list[tuple[int, str, str, str]], joined: set[int]) -> list[PhoneCard]:
    """The cards of the panel, in seat order: (seat, family, name, url) and who joined."""
    return [PhoneCard(s, fam, name, url, s in joined) for s, fam, name, url in sorted(seats)]
