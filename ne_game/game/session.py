"""A game being played: seats, the engine state, and the action record that is the save.

No pygame here. Every change goes through `apply`, which asks the engine (the one
judge of legality), records the action, and tells its listeners (`add_listener`): the
UI's autosave is one of them, so a game is never lost.
"""
from __future__ import annotations

import copy
import logging
import secrets
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Literal, TypedDict, cast

from ne_game import rules
from ne_game.game import gamedata
from ne_game.rules import Action, Position, Snapshot, State
from ne_game.storage.saves import SAVE_FORMAT, SAVE_VERSION, SaveData, SaveError, SeatData, check_envelope

log = logging.getLogger(__name__)


def seat_kinds() -> tuple[str, ...]:
    """Who may sit at a seat: a person, or any registered computer level (ne_game.ai.LEVELS;
    setup offers the levels marked for the menus, a save may hold any of them)."""
    from ne_game.ai.levels import LEVELS

    return ("human", *LEVELS)


# Undo is for misclicks within one's own buying turn: these reveal nothing new.
UNDOABLE = frozenset({"buy_land", "buy_card", "move_figure"})


class FamilyRow(TypedDict):
    id: str
    name: str
    initial: str


def families() -> list[FamilyRow]:
    """The families in seat order (seat 0 is the first in game.toml): id, name, initial."""
    return [{"id": f.id, "name": f.name, "initial": f.initial} for f in gamedata.default_ruleset().families]


def family_order() -> list[str]:
    return [f["id"] for f in families()]


@dataclass(frozen=True)
class SessionEvent:
    """What a session tells its listeners after each change.

    kind "applied": `seat` took `action`, which turned `before` into `after`.
    kind "undone": `action` (taken by `seat`) was taken back: `before` is the state it had
    left (now gone) and `after` the state the game is back to.
    States are engine states; listeners read them through `rules.position` (the
    `was` and `now` properties), never through the save format. `index` is the action's
    position in `session.actions` (for "undone": the position it had).
    """
    kind: Literal["applied", "undone"]
    seat: int | None
    before: State
    action: Action
    after: State
    index: int

    @property
    def was(self) -> Position:
        """The position before the change."""
        return rules.position(self.before)

    @property
    def now(self) -> Position:
        """The position after it."""
        return rules.position(self.after)


SessionListener = Callable[[SessionEvent], None]


@dataclass
class Seat:
    name: str
    family: str
    kind: str = "human"   # "human" | "easy" | "medium" | "hard"
    # a person's seat played on a phone (ne_game.net): the TV hides its barns and needs no
    # hand-over for it; the TV may take the seat back (phone False) or give it to a computer
    phone: bool = False

    @property
    def is_human(self) -> bool:
        return self.kind == "human"


class GameSession:
    """Seats + seed + variant + actions; `state` is always replay(seed, variant, actions)."""

    def __init__(self, seats: list[Seat], seed: int, variant: Mapping[str, bool] | None = None,
                 actions: Sequence[Mapping[str, object]] | None = None, *, source: str = "game") -> None:
        if len(seats) not in gamedata.seat_counts():   # the range of the ruleset the engine plays
            raise ValueError(f"a game has {gamedata.seat_counts_text()} seats, not {len(seats)}")
        self.seats: list[Seat] = list(seats)
        self.seed: int = int(seed)
        self.variant: dict[str, bool] = dict(variant or {})
        self.actions: list[Action] = []
        self._listeners: list[SessionListener] = []
        self.started_at: float = time.time()
        # states[i] is the state before actions[i]; states[-1] is the current one.
        # The engine never mutates a state, so keeping them is safe and makes undo cheap.
        self._states: list[State] = [rules.new_game(len(self.seats), self.seed, self.variant)]
        self._actors: list[int | None] = []
        # the Hint's move shown at a position (index: the number of actions taken then), kept
        # with the game so the coach knows which decisions followed the Hint after a reload
        self.hints: dict[int, Action] = {}
        for k, action in enumerate(actions or []):
            try:
                self._push(action)
            except rules.IllegalAction as err:
                raise SaveError(f"{source}: action {k + 1} of {len(actions or [])} "
                                f"({action.get('type')}) cannot be replayed: {err}") from None

    # ------------------------------------------------------------ construction
    @classmethod
    def new(cls, seats: list[Seat], seed: int | None = None, variant: Mapping[str, bool] | None = None) -> GameSession:
        if seed is None:
            seed = secrets.randbits(31)
        return cls(seats, seed, variant)

    # ------------------------------------------------------------ state
    @property
    def state(self) -> State:
        return self._states[-1]

    @property
    def position(self) -> Position:
        """The current position, read-only and typed (what screens and listeners read)."""
        return rules.position(self.state)

    def snapshot(self) -> Snapshot:
        """The engine's JSON snapshot of the current state (the save format: for saving and
        tests; screens read `position`)."""
        return rules.to_json(self.state)

    def legal_actions(self) -> list[Action]:
        return rules.legal_actions(self.state)

    @property
    def current_seat(self) -> int | None:
        return rules.current_player(self.state)

    def current(self) -> Seat | None:
        seat = self.current_seat
        return None if seat is None else self.seats[seat]

    def is_over(self) -> bool:
        return rules.phase(self.state) == "game_over"

    def seat_of_family(self, family: str) -> int:
        for i, s in enumerate(self.seats):
            if s.family == family:
                return i
        raise KeyError(family)

    # ------------------------------------------------------------ acting
    def _push(self, action: Mapping[str, object]) -> None:
        before = self._states[-1]
        actor = rules.current_player(before)
        after = rules.apply_action(before, action)   # raises IllegalAction, state untouched
        self._states.append(after)
        # the engine took it: it is one of the actions it lists (a contract dict)
        self.actions.append(cast(Action, copy.deepcopy(dict(action))))
        self._actors.append(actor)

    # ------------------------------------------------------------ listeners
    def add_listener(self, listener: SessionListener) -> None:
        """Call `listener(event)` after every applied or undone action (autosave, log,
        animations, tutorial, sound): the session is the one source of game events."""
        if listener not in self._listeners:
            self._listeners.append(listener)

    def remove_listener(self, listener: SessionListener) -> None:
        if listener in self._listeners:
            self._listeners.remove(listener)

    def _notify(self, event: SessionEvent) -> None:
        for listener in list(self._listeners):
            listener(event)

    def apply(self, action: Mapping[str, object]) -> None:
        """Apply a legal action (IllegalAction otherwise), record it, then notify the listeners."""
        self._push(action)
        index = len(self.actions) - 1
        self._notify(SessionEvent("applied", self._actors[-1], self._states[-2], self.actions[-1],
                                  self._states[-1], index))

    def can_undo(self) -> bool:
        """The last action was a purchase or a move by the seat still on turn, in this buying turn.

        Never across a draw, a reveal, a stored card played, or another player's action
        (BGA's rule: undo is for misclicks, not for peeking).
        """
        if not self.actions:
            return False
        if self.actions[-1]["type"] not in UNDOABLE:
            return False
        state = self.state
        return rules.phase(state) == "buying" and self._actors[-1] == rules.current_player(state)

    def note_hint(self, action: Action) -> None:
        """The Hint showed `action` in the position now (the last hint there counts)."""
        self.hints[len(self.actions)] = cast(Action, copy.deepcopy(dict(action)))

    def undo(self) -> None:
        if not self.can_undo():
            raise ValueError("nothing to undo")
        gone = self._states.pop()
        action = self.actions.pop()
        seat = self._actors.pop()
        self.hints.pop(len(self.actions) + 1, None)    # a hint for a position no longer reached
        self._notify(SessionEvent("undone", seat, gone, action, self._states[-1], len(self.actions)))

    def actor_of(self, index: int) -> int | None:
        """The seat that took actions[index]."""
        return self._actors[index]

    def state_before(self, index: int) -> State:
        """The engine state just before actions[index] (for animations and the log)."""
        return self._states[index]

    # ------------------------------------------------------------ saving
    def summary(self) -> str:
        names = ", ".join(s.name for s in self.seats)
        phase = rules.phase(self.state)
        # in the player's language: the title and Load game show it as written
        from ne_game.i18n import fmt

        if phase == "game_over":
            return fmt("{names} — game over", names=names)
        if phase == "start_tiles":
            return fmt("{names} — start rounds", names=names)
        return fmt("{names} — round {round}", names=names, round=self.state.round)

    def to_save(self) -> SaveData:
        from ne_game import __version__

        return {
            "format": SAVE_FORMAT,
            "version": SAVE_VERSION,
            "game_version": __version__,
            "saved_at": time.strftime("%Y-%m-%dT%H:%M:%S"),
            "summary": self.summary(),
            "players": len(self.seats),
            "seed": self.seed,
            "variant": dict(self.variant),
            "seats": [_seat_data(s) for s in self.seats],
            "actions": copy.deepcopy(self.actions),
            "hints": [{"index": k, "action": copy.deepcopy(a)} for k, a in sorted(self.hints.items())],
        }

    @classmethod
    def from_save(cls, data: object, source: str = "save") -> GameSession:
        """Rebuild a session by replaying; raises SaveError naming `source` and the problem."""
        d = check_envelope(data, source)
        seats = []
        for i, s in enumerate(d["seats"]):
            if s["kind"] not in seat_kinds():
                raise SaveError(f"{source}: seat {i + 1} has an unknown kind {s['kind']!r}")
            # "phone" is written only for a phone seat (older games' readers never see it)
            phone = cast("Mapping[str, object]", s).get("phone") is True and s["kind"] == "human"
            seats.append(Seat(name=s["name"], family=s["family"], kind=s["kind"], phone=phone))
        if len(seats) not in gamedata.seat_counts():
            raise SaveError(f"{source}: damaged ({len(seats)} seats; a game has {gamedata.seat_counts_text()})")
        try:
            # a variant's whole numbers (the envelope admits them) are refused by the engine here
            session = cls(seats, d["seed"], cast("dict[str, bool]", d["variant"]), d["actions"], source=source)
        except SaveError:
            raise
        except (rules.IllegalAction, ValueError, TypeError, KeyError) as err:
            raise SaveError(f"{source}: damaged ({err})") from None
        session.hints = read_hints(d.get("hints"), session)
        return session


def read_hints(rows: object, session: GameSession) -> dict[int, Action]:
    """The hints a save keeps, each one a legal move where it was shown; a damaged or stale
    entry is left out (logged): the coach then says it does not know, nothing worse."""
    out: dict[int, Action] = {}
    if rows is None:
        return out
    if not isinstance(rows, list):
        log.warning("a save's hints are not a list (left out)")
        return out
    for row in rows[:100_000]:
        try:
            k, action = row["index"], row["action"]
            if not isinstance(k, int) or isinstance(k, bool) or not 0 <= k <= len(session.actions):
                raise ValueError(f"index {str(k)[:20]}")
            state = session.state_before(k) if k < len(session.actions) else session.state
            legal = {rules.action_key(a): a for a in rules.legal_actions(state)}
            found = legal.get(rules.action_key(action))
            if found is None:
                raise ValueError("not a legal move there")
            out[k] = found
        except (KeyError, TypeError, ValueError, AttributeError) as err:
            log.warning("a save's hint is left out: %s", str(err)[:120])
    return out


def _seat_data(seat: Seat) -> SeatData:
    row: dict[str, object] = {"name": seat.name, "family": seat.family, "kind": seat.kind}
    if seat.phone:
        row["phone"] = True
    return cast(SeatData, row)
