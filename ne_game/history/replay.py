"""A saved game as a replay: every position, stepped by action, turn or round (no pygame).

    replay = Replay.from_save(save)          # checks and replays it (SaveError if it cannot)
    frame = replay.goto(40)                  # the position after 40 actions
    frame = replay.next_turn()               # ... or step: next/prev action, turn, round
    frame.snapshot                           # what the board shows there (see "What is shown")
    frame.action, frame.actor                # the action that led here, and who took it

Positions are counted in actions taken: position 0 is the new game, position `replay.last`
the game as saved. The engine never changes a state, so every state is kept (a few hundred
small tuples) and stepping anywhere costs one snapshot (tens of microseconds), made once and
then cached; after `precompute()` (a few ms for a whole game) every step is a look-up.

Turns and rounds
    A *turn* is a seat's run of consecutive decisions within one phase of one round: a start
    tile, the offer announcement, a bid, or a whole buying turn (reveals, purchases, moves and
    the end_turn). The start player's announcement and bid are two turns.
    A *round* holds the actions taken while the engine's `round` was that number: round 0 is
    the start rounds; round r >= 1 runs from its offer announcement to the end_turn of its last
    buyer. The game ends at the offer of a round that cannot be filled: that announcement forms
    a round of its own (`RoundSpan.ends_game`), which is not played (`complete` is False).
    Stepping by turn or round moves between the *boundaries*: the positions where a turn (or
    round) begins, plus the last position.

What is shown
    A finished game shows everything: `rules.to_json` of each state (all barns, bag and deck).
    An unfinished game shows only what every player at the table knows (`public_view`): the
    `rules.observe` view with every seat's barn contents hidden as well, no bag or deck order
    and no seed; or, with `viewer=seat`, exactly `rules.observe(state, seat)`.
"""
from __future__ import annotations

import bisect
import copy
import logging
from collections.abc import Sequence
from dataclasses import dataclass

from ne_game import rules
from ne_game.rules import Action, Observation, ScoreRow, SnapshotOrView, State
from ne_game.storage.saves import SaveError

from .texts import clean_label, clean_name

log = logging.getLogger(__name__)

HIDDEN = "hidden"     # how rules.observe marks a barn card the viewer cannot see


@dataclass(frozen=True)
class SeatInfo:
    """A seat as the save names it (name cleaned for showing)."""

    seat: int
    name: str
    family: str
    kind: str             # "human" | "easy" | "medium" | "hard"

    @property
    def is_human(self) -> bool:
        return self.kind == "human"


@dataclass(frozen=True)
class Turn:
    """A seat's consecutive decisions in one phase of one round: actions[start:stop]."""

    index: int            # its place in Replay.turns
    seat: int
    round: int
    phase: str            # "start_tiles" | "offer" | "bids" | "buying"
    start: int            # the position before its first action
    stop: int             # the position after its last action


@dataclass(frozen=True)
class RoundSpan:
    """The actions taken in one round: actions[start:stop] (round 0: the start rounds)."""

    number: int
    start: int
    stop: int
    complete: bool        # its last buying turn ended: `stop` is the end of the round
    ends_game: bool       # the game ended in this round (the offer could not be filled)


@dataclass(frozen=True)
class Frame:
    """One position of the replay."""

    position: int                     # actions taken, 0..replay.last
    snapshot: SnapshotOrView          # the board there (full or public: see the module's notes);
                                      # shared with the replay's cache: read it, do not change it
    action: Action | None    # the action that led here (None at position 0)
    actor: int | None                 # the seat that took it
    round: int                        # the engine's round number at this position
    phase: str                        # the engine's phase at this position
    turn: Turn | None                 # the turn the action belongs to (None at position 0)


def public_view(state: State) -> Observation:
    """What every player knows: `rules.observe` with the observer's own barns hidden too
    (counted among the unseen cards, like the rivals' barns), and no observer."""
    view = rules.observe(state, 0)
    unseen = view["unseen_cards"]
    for barn in view["players"][0]["barns"]:
        card = barn["card"]
        if card is not None and card != HIDDEN:
            unseen[card] = unseen.get(card, 0) + 1
            barn["card"] = HIDDEN
    view["observer"] = None
    return view


class Replay:
    """A saved game's every position, with a cursor (`position`) and steps between them.

    What to show comes from `frame` / `view` only: `seed` and `engine_state` hold the hidden
    order of bag and deck (for the story and the coach), never to be shown while unfinished."""

    def __init__(self, seats: list[SeatInfo], seed: int, variant: dict[str, bool],
                 actions: Sequence[Action], states: list[State], actors: list[int | None],
                 viewer: int | None = None) -> None:
        if len(states) != len(actions) + 1 or len(actors) != len(actions):
            raise ValueError("a replay has one state per position and one actor per action")
        if viewer is not None and not 0 <= viewer < len(seats):
            raise ValueError(f"viewer must be a seat from 0 to {len(seats) - 1}, got {viewer!r}")
        self.seats: tuple[SeatInfo, ...] = tuple(seats)
        self.seed = seed
        self.variant = dict(variant)
        self.actions: tuple[Action, ...] = tuple(actions)
        self._states = states
        self._actors = actors
        self.viewer = viewer
        self.finished: bool = states[-1].phase == "game_over"
        self.position = 0
        self._frames: dict[int, Frame] = {}
        self.turns, self.rounds = self._spans()
        # where each action's turn and round are (an index into turns / rounds)
        self._turn_of: list[int] = [0] * len(actions)
        for turn in self.turns:
            for k in range(turn.start, turn.stop):
                self._turn_of[k] = turn.index
        self._turn_marks = sorted({t.start for t in self.turns} | {self.last})
        self._round_marks = sorted({r.start for r in self.rounds} | {self.last})

    # ------------------------------------------------------------ construction
    @classmethod
    def from_save(cls, save: object, *, source: str = "save", viewer: int | None = None,
                  precompute: bool = False) -> Replay:
        """Check a save (the save format) and replay it; SaveError naming `source` if it cannot.
        With `precompute`, every frame is made now (see `precompute`)."""
        from ne_game.game.session import GameSession

        session = GameSession.from_save(save, source)
        n = len(session.actions)
        states = [session.state_before(k) for k in range(n)] + [session.state]
        actors = [session.actor_of(k) for k in range(n)]
        seats = [SeatInfo(k, clean_name(s.name), clean_label(s.family), clean_label(s.kind))
                 for k, s in enumerate(session.seats)]
        replay = cls(seats, session.seed, session.variant, session.actions, states, actors, viewer)
        if precompute:
            replay.precompute()
        return replay

    def _spans(self) -> tuple[tuple[Turn, ...], tuple[RoundSpan, ...]]:
        states, actors = self._states, self._actors
        turns: list[Turn] = []
        rounds: list[RoundSpan] = []
        n = len(self.actions)
        k = 0
        while k < n:
            seat, rnd, phase = actors[k], states[k].round, states[k].phase
            stop = k + 1
            while (stop < n and actors[stop] == seat and states[stop].round == rnd
                   and states[stop].phase == phase):
                stop += 1
            if seat is None:   # an action always has a decision-maker; guard the type
                raise SaveError(f"action {k + 1} has no player to take it")
            turns.append(Turn(len(turns), seat, rnd, phase, k, stop))
            k = stop
        k = 0
        while k < n:
            rnd = states[k].round
            stop = k + 1
            while stop < n and states[stop].round == rnd:
                stop += 1
            after = states[stop]
            ends = after.phase == "game_over"
            complete = rnd > 0 and not ends and after.round == rnd + 1
            rounds.append(RoundSpan(rnd, k, stop, complete, ends))
            k = stop
        return tuple(turns), tuple(rounds)

    # ------------------------------------------------------------ facts about positions
    @property
    def last(self) -> int:
        """The last position: the game as saved."""
        return len(self.actions)

    @property
    def players(self) -> int:
        return len(self.seats)

    def actor(self, index: int) -> int | None:
        """The seat that took actions[index]."""
        return self._actors[index]

    def turn_at(self, position: int) -> Turn | None:
        """The turn of the action that led to `position` (None at position 0)."""
        self._check(position)
        return self.turns[self._turn_of[position - 1]] if position else None

    def round_at(self, position: int) -> int:
        """The engine's round number at `position`."""
        self._check(position)
        return self._states[position].round

    def engine_state(self, position: int | None = None) -> State:
        """The engine's own state at a position, hidden parts and all (for the story and the
        coach, which only derive public numbers from it): never show it for an unfinished game."""
        return self._states[self._pos(position)]

    def scores(self, position: int | None = None) -> list[ScoreRow]:
        """`rules.final_scores` at a position (a running score before the end; all of it public)."""
        return rules.final_scores(self._states[self._pos(position)])

    def round_end(self, number: int) -> int | None:
        """The position at the end of round `number` (>= 1): the state right after its last
        buyer's end_turn, where the next round's offer is due. None if it never ended."""
        for span in self.rounds:
            if span.number == number and span.complete:
                return span.stop
        return None

    def recap_span(self, seat: int, position: int | None = None) -> tuple[int, int]:
        """(start, stop) of the actions the others took since `seat`'s last turn before
        `position` (default: the cursor): what a recap at a handover tells that seat."""
        stop = self._pos(position)
        start = 0
        for turn in self.turns:
            if turn.stop > stop:
                break
            if turn.seat == seat:
                start = turn.stop
        return start, stop

    def _pos(self, position: int | None) -> int:
        if position is None:
            return self.position
        self._check(position)
        return position

    def _check(self, position: int) -> None:
        if type(position) is not int or not 0 <= position <= self.last:
            raise IndexError(f"position {position!r} is not 0 to {self.last}")

    # ------------------------------------------------------------ what is shown
    def view(self, position: int | None = None) -> SnapshotOrView:
        """The board at a position: the full snapshot (finished), else the public view
        (or the viewer's own `rules.observe`)."""
        return self.frame(position).snapshot

    def frame(self, position: int | None = None) -> Frame:
        p = self._pos(position)
        frame = self._frames.get(p)
        if frame is None:
            state = self._states[p]
            snapshot: SnapshotOrView
            if self.finished:
                snapshot = rules.to_json(state)
            elif self.viewer is not None:
                snapshot = rules.observe(state, self.viewer)
            else:
                snapshot = public_view(state)
            frame = Frame(p, snapshot, copy.deepcopy(self.actions[p - 1]) if p else None,
                          self._actors[p - 1] if p else None, state.round, state.phase,
                          self.turns[self._turn_of[p - 1]] if p else None)
            self._frames[p] = frame
        return frame

    def precompute(self) -> None:
        """Make every position's frame now (a few ms for a whole game; a worker thread may do
        it), so that every later step is a look-up."""
        for p in range(self.last + 1):
            self.frame(p)

    # ------------------------------------------------------------ stepping
    def goto(self, position: int) -> Frame:
        """Move the cursor to `position` (clamped to 0..last) and return its frame."""
        if type(position) is not int:
            raise TypeError(f"a position is a whole number, not {type(position).__name__}")
        self.position = max(0, min(self.last, position))
        return self.frame()

    def first(self) -> Frame:
        return self.goto(0)

    def last_frame(self) -> Frame:
        return self.goto(self.last)

    def next_action(self) -> Frame:
        return self.goto(self.position + 1)

    def prev_action(self) -> Frame:
        return self.goto(self.position - 1)

    def next_turn(self) -> Frame:
        """To the next turn boundary: the end of the turn under way (or of the next one)."""
        return self.goto(_after(self._turn_marks, self.position, self.last))

    def prev_turn(self) -> Frame:
        """To the previous turn boundary: the start of the turn that led here."""
        return self.goto(_before(self._turn_marks, self.position))

    def next_round(self) -> Frame:
        return self.goto(_after(self._round_marks, self.position, self.last))

    def prev_round(self) -> Frame:
        return self.goto(_before(self._round_marks, self.position))

    def goto_turn(self, index: int) -> Frame:
        """To the end of turns[index] (the turn's move is then the frame's action)."""
        return self.goto(self.turns[index].stop)

    def goto_round(self, number: int) -> Frame:
        """To the start of round `number` (the position before its first action)."""
        for span in self.rounds:
            if span.number == number:
                return self.goto(span.start)
        raise IndexError(f"round {number!r} was not played in this game")


def _after(marks: list[int], position: int, last: int) -> int:
    k = bisect.bisect_right(marks, position)
    return marks[k] if k < len(marks) else last


def _before(marks: list[int], position: int) -> int:
    k = bisect.bisect_left(marks, position)
    return marks[k - 1] if k > 0 else 0
