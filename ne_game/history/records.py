"""What the records hand back: plain frozen values, names and labels already cleaned."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from ne_game.rules import JSON

ProblemKind = Literal["damaged", "busy", "full", "unavailable", "newer", "invalid"]


@dataclass(frozen=True)
class HistoryProblem:
    """Why the records could not be used just now. `kind`: "damaged" (set aside, a new one
    started), "busy" (another window held the lock too long), "full" (the disk is full), "unavailable" (the disk or the
    file refused), "newer" (written by a newer version: left alone), "invalid" (a save that
    cannot be replayed). `detail` is English, for the log."""

    kind: ProblemKind
    detail: str


@dataclass(frozen=True)
class SeatRecord:
    seat: int
    name: str
    family: str
    kind: str                         # "human" | "easy" | "medium" | "hard"
    total: int
    land_cards_vp: int
    figure_cards_vp: int
    majority_vp: int
    majorities: dict[str, int]        # VP per figure majority
    figures: dict[str, int]           # figures on the board per kind
    money: int
    rank: int
    winner: bool

    @property
    def cards_vp(self) -> int:
        return self.land_cards_vp + self.figure_cards_vp


@dataclass(frozen=True)
class GameRecord:
    id: int
    played_at: float                  # Unix time
    duration_s: float | None
    language: str
    finished: bool
    players: int
    rounds: int
    actions: int
    source: str                       # "play" | "import"
    seats: tuple[SeatRecord, ...]

    @property
    def winners(self) -> tuple[int, ...]:
        return tuple(s.seat for s in self.seats if s.winner)


@dataclass(frozen=True)
class GameDetail:
    """One game with its rounds: the numbers a records page shows without replaying."""

    game: GameRecord
    vp_by_round: tuple[tuple[int, ...], ...]      # per seat: VP at the end of rounds 1..rounds
    money_by_round: tuple[tuple[int, ...], ...]   # per seat


@dataclass(frozen=True)
class LevelRecord:
    games: int
    wins: int

    @property
    def win_rate(self) -> float | None:
        return self.wins / self.games if self.games else None


@dataclass(frozen=True)
class PlayerTotals:
    """A player's record over the finished games (unfinished ones are only counted)."""

    name: str                         # as written in the newest game
    key: str                          # what to pass as `player=` to filter the games
    games: int
    wins: int
    unfinished: int
    best: int | None                  # the best score, VP
    average: float | None
    against: dict[str, LevelRecord] = field(default_factory=dict)   # per kind of rival seat

    @property
    def win_rate(self) -> float | None:
        return self.wins / self.games if self.games else None


@dataclass(frozen=True)
class Recorded:
    """What recording a game did: `outcome` "new" (a new record), "updated" (it continued a
    recorded game: that record now holds it) or "known" (already recorded, nothing changed)."""

    game_id: int
    outcome: Literal["new", "updated", "known"]


@dataclass(frozen=True)
class StoredReview:
    seat: int
    settings: dict[str, JSON]
    created_at: float
    review: JSON


class HistoryUnavailable(Exception):
    """The records could not be written (import, record_prepared); `kind` as HistoryProblem's."""

    def __init__(self, kind: str, detail: str) -> None:
        super().__init__(detail)
        self.kind = kind
