"""Review one seat's decisions in a saved game with the hard player's machinery (no pygame).

    review = review_seat(save, seat=0, budget=0.5, seed=1)      # seconds per decision
    review.flagged                 # the costliest decisions, clearly beyond the noise
    review.to_json()               # what `ne-game review --json` prints and Records keeps

For each decision the seat took with a real choice (more than one legal action), the coach
looks at it as the seat saw it: `rules.observe` from that seat, then worlds sampled
consistent with it (`rules.determinize`: the bag and deck orders and the rivals' barns are
guessed, never read from the save). The candidates are the action taken and the hard player's
own short list of alternatives (medium's best-scored moves; for a start tile the placements
with most room). In each sampled world every candidate is played and the game rolled on with
the medium player's judgement for every seat, to the next offer (to the end of the game near
its end), and judged by the hard player's evaluation: the seat's expected final VP margin
over its best rival. The same worlds serve every candidate (common random numbers), so a
candidate's *loss* is the mean of paired differences (best alternative minus the move taken)
with its standard error over the worlds.

A decision is flagged only when its loss is at least FLAG_VP and at least FLAG_Z standard
errors: a close call is never flagged. One judge with the Hint: the Hint is the hard player at
the table's thinking time, and a decision where the player followed it (the session keeps the
hints shown, `GameSession.hints`) is flagged only when the coach's own samples show it clearly
worse (HINT_FLAG_VP and HINT_Z); a hint not followed is one of the candidates weighed. Each
finding carries its reason (`why`, reasons.py): what differed between the sampled futures after
the move taken and after the better one. The estimates are estimates: the README says how far
they can be trusted (benchmarks/coach.py measures it).
"""
from __future__ import annotations

import copy
import logging
import math
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass, field, replace
from typing import Protocol, cast, get_args

from ne_game import rules
from ne_game.ai.forecast import shipped_forecast
from ne_game.ai.hard import RIVAL_WEIGHT as HARD_RIVAL_WEIGHT
from ne_game.ai.hard import HardPlayer
from ne_game.ai.model import Model
from ne_game.rules import Action, ActionType, Snapshot, State
from ne_game.rules.errors import cell_label

from .bids import Bids, bid_lessons
from .reasons import Step, Why, explain, sheet, steps_of, why_from_json

log = logging.getLogger(__name__)

DEFAULT_BUDGET = 1.0     # seconds per decision
WHOLE_REVIEW = 45.0      # the screen's review of one seat spreads at most this many seconds over its
                         # decisions (the promise: a whole game's seat within a minute)
MIN_WORLDS = 3           # at least this many sampled worlds per decision, whatever the budget
MAX_WORLDS = 40          # ... and at most this many (a clear decision needs no more)
MAX_CANDIDATES = 4       # the move taken and up to three alternatives
FLAG_VP = 0.75           # a flagged decision loses at least this much ...
FLAG_Z = 2.5             # ... and this many standard errors
SE_FLOOR = 1.0           # no estimate is surer than this spread (VP) over sqrt(worlds): a few
                         # worlds that happen to agree prove little
TOP = 5                  # at most this many decisions are flagged
HINT_FLAG_VP = 1.5       # a decision that followed the Hint is flagged only at this loss ...
HINT_Z = 4.0             # ... and this many standard errors: clearly worse by the coach's own samples
CLEAR_Z = 4.0            # a finding beyond this many standard errors is "clearly" better, else "probably"
CLEAR_WORLDS = 8         # ... and only on this many sampled games: 3 games' spread says little (playtest 10j)

KNOWN_TYPES = frozenset(get_args(ActionType))
#: which kind of decision an action is (the summary names where most was lost)
KINDS = ("start", "offer", "bids", "buying", "developing", "moving")


def kind_of(action: Action) -> str:
    t = action["type"]
    if t == "place_start_tile":
        return "start"
    if t == "announce_offer":
        return "offer"
    if t == "take_bid":
        return "bids"
    if t == "move_figure":
        return "moving"
    if (action["type"] == "buy_card" or action["type"] == "play_stored") and "develop" in action["use"]:
        return "developing"
    return "buying"


@dataclass(frozen=True)
class Decision:
    index: int                 # the action's index in the save (the replay shows it at position index + 1)
    round: int
    kind: str                  # one of KINDS
    taken: Action
    best: Action               # the best candidate (the action taken when nothing was better)
    loss: float                # estimated VP margin the best alternative would have gained (>= 0)
    se: float                  # its standard error over the sampled worlds
    value: float               # the expected margin of the move taken (the game graph)
    worlds: int
    candidates: int
    followed_hint: bool | None = None   # the Hint was shown here: followed or not (None: no hint known)
    hint: Action | None = None          # the Hint's move shown here
    why: tuple[Why, ...] = ()           # what differed between the futures (reasons.py)
    # a followed hint: the same loss over the same futures judged as the Hint judges them (the
    # hard player's forecast where a rollout stops at an offer); None when not asked
    hint_loss: float | None = None
    hint_se: float | None = None

    @property
    def flaggable(self) -> bool:
        if self.followed_hint:
            # One judge: the Hint's own move only when clearly worse by the coach's samples,
            # judged both the coach's way and the Hint's (a disagreement between the two
            # judgements is no lesson for the player who followed the game's advice).
            hint_agrees = self.hint_loss is None or (
                self.hint_loss >= FLAG_VP and self.hint_loss >= FLAG_Z * (self.hint_se or 0.0))
            return self.loss >= HINT_FLAG_VP and self.loss >= HINT_Z * self.se and hint_agrees
        return self.loss >= FLAG_VP and self.loss >= FLAG_Z * self.se

    @property
    def clearly(self) -> bool:
        """Far beyond the noise ("clearly better"), on enough games to know the noise; else only
        "probably" (playtest 10j: "Clearly better" on 3 games read as more certain than it was)."""
        return self.worlds >= CLEAR_WORLDS and self.loss >= CLEAR_Z * self.se


@dataclass(frozen=True)
class Review:
    seat: int
    decisions: tuple[Decision, ...]
    budget: float
    seed: int
    complete: bool = True      # False: cancelled before every decision was reviewed
    seconds: float = 0.0
    flagged: tuple[Decision, ...] = field(default=())
    planned: int = 0           # the decisions a whole review covers
    bids: Bids | None = None   # the lessons about the bid (bids.py; made again from the replay when read back)

    @property
    def total_loss(self) -> float:
        return sum(d.loss for d in self.decisions)

    @property
    def mean_loss(self) -> float:
        return self.total_loss / len(self.decisions) if self.decisions else 0.0

    @property
    def clear_loss(self) -> float:
        """The VP lost in the decisions clearly beyond the noise, a loss two findings share counted
        once (`same_loss`) at the larger estimate, a folded decision's (`part_of`) included."""
        return distinct_loss([d for d in self.decisions if d.flaggable])

    @property
    def listed_losses(self) -> tuple[float, ...]:
        """The losses the list of findings shows, each counted once: what the summary adds up
        (playtest 15b: "Mercy's 3 costly decisions add up to about 6.3 VP" over findings of 3.8,
        1.0 and 1.3, the folded bid's own estimate of 3.9 counted instead of the 3.8 shown). A
        finding that is the same loss as an earlier one (`same_as`) counts once, at the larger of
        the two sizes shown; a folded decision's estimate (`part_of`) is not shown, so not counted."""
        counted: dict[int, float] = {}
        for d in self.costly:
            earlier = self.same_as(d)
            if earlier is not None and earlier.index in counted:
                counted[earlier.index] = max(counted[earlier.index], d.loss)
            else:
                counted[d.index] = d.loss
        return tuple(counted.values())

    def same_as(self, d: Decision) -> Decision | None:
        """The earlier finding whose loss `d`'s is (`same_loss`), None when its own (or a later one's)."""
        other = same_loss([x for x in self.decisions if x.flaggable]).get(d.index)
        return other if other is not None and other.index < d.index else None

    def part_of(self, d: Decision) -> Decision | None:
        """The later finding whose loss `d`'s is, where the two games really part (`same_loss`):
        `d` is then no finding of its own (playtest 8b: a reveal flagged for a placement's loss)."""
        other = same_loss([x for x in self.decisions if x.flaggable]).get(d.index)
        return other if other is not None and other.index > d.index else None

    def folded_into(self, d: Decision) -> tuple[Decision, ...]:
        """The earlier decisions whose loss is `d`'s (`part_of`): said with `d`'s finding."""
        found = [x for x in self.decisions if x.flaggable]
        same = same_loss(found)
        return tuple(x for x in found if x.index < d.index and x.index in same and same[x.index].index == d.index)

    @property
    def costly(self) -> tuple[Decision, ...]:
        """The costly decisions (beyond the noise), each loss once where it really is: a decision
        whose loss is a later one's (`part_of`) is no finding of its own."""
        return _findings([d for d in self.decisions if d.flaggable])

    @property
    def own_losses(self) -> tuple[Decision, ...]:
        """The decisions less those whose loss is a later finding's (`part_of`): what the bid
        lessons weigh (a bid whose loss was the unspent shillings after it teaches no marker)."""
        return tuple(d for d in self.decisions if self.part_of(d) is None)

    @property
    def habits(self) -> tuple[Habit, ...]:
        """The mistakes made again and again (`habits_of` the findings): said once, at the head."""
        return habits_of(self.costly)

    def loss_by_kind(self, clear: bool = False) -> dict[str, float]:
        out = {k: 0.0 for k in KINDS}
        for d in self.decisions:
            if d.flaggable or not clear:
                out[d.kind] += d.loss
        return out

    @property
    def worst_kind(self) -> str | None:
        """The kind of decision where most was clearly lost (None: nothing clearly was)."""
        by = self.loss_by_kind(clear=True)
        kind = max(KINDS, key=lambda k: by[k])
        return kind if by[kind] > 0 else None

    def to_json(self) -> dict[str, object]:
        """The headless output (and what Records keeps): the issue's fields first."""
        return {"seat": self.seat, "mean_loss": round(self.mean_loss, 4), "total_loss": round(self.total_loss, 4),
                "decisions": [_decision_json(d) for d in self.decisions],
                "flagged": [d.index for d in self.flagged], "budget": self.budget, "seed": self.seed,
                "complete": self.complete, "seconds": round(self.seconds, 2), "planned": self.planned,
                "bids": None if self.bids is None else self.bids.to_json(),
                "habits": [h.to_json() for h in self.habits]}

    @classmethod
    def from_json(cls, data: object, game: Game | None = None) -> Review:
        """A stored review back (ValueError when it is not one, or not one of `game`).

        Every field is checked for its type and range: a review kept by another version of the
        game or damaged in the records must never reach the screen. A decision's kind is the
        one its action has here (a kind written by a newer version is not one this version
        knows). With `game` (the replay of the reviewed game), each decision must be one of the
        seat's own moves in it, at its round, and each flagged decision's better move a legal
        one there: a review that does not fit is no review of this game, and is made again."""
        try:
            return cls._from_json(data, game)
        except (KeyError, TypeError, ValueError, AttributeError, IndexError, OverflowError) as exc:
            raise ValueError(f"not a review: {str(exc)[:200]}") from None

    @classmethod
    def _from_json(cls, data: object, game: Game | None) -> Review:
        if not isinstance(data, dict):
            raise ValueError(f"a table, not {type(data).__name__}")
        players = game.players if game is not None else MAX_SEATS
        seat = _int(data["seat"], "seat", 0, players - 1)
        rows = data["decisions"]
        if not isinstance(rows, list):
            raise ValueError("decisions: a list is needed")
        last = len(game.actions) - 1 if game is not None else MAX_INDEX
        decisions = sorted((_decision(row, last) for row in rows), key=lambda d: d.index)
        by_index = {d.index: d for d in decisions}
        if len(by_index) != len(decisions):
            raise ValueError("a decision is there twice")
        flagged_rows = data.get("flagged", [])
        if not isinstance(flagged_rows, list):
            raise ValueError("flagged: a list is needed")
        wanted = {i for i in flagged_rows if isinstance(i, int) and not isinstance(i, bool) and i in by_index}
        if len(wanted) != len(flagged_rows):
            log.warning("a stored review flags decisions it does not have (left out): %s", str(flagged_rows)[:80])
        # a decision whose loss is a later finding's is none of its own (a review stored before this)
        kept = {d.index for d in _findings([d for d in decisions if d.flaggable])} | {
            d.index for d in decisions if not d.flaggable}
        flagged = tuple(by_index[i] for i in sorted(wanted) if i in kept)[:TOP]
        if game is not None:
            _fits(game, seat, decisions, flagged)
        complete = data.get("complete", True)
        if not isinstance(complete, bool):
            raise ValueError("complete: true or false is needed")
        planned = _int(data.get("planned", len(decisions)), "planned", len(decisions), MAX_INDEX + 1)
        return cls(seat, tuple(decisions), _real(data["budget"], "budget", 0.0, MAX_SECONDS),
                   _int(data["seed"], "seed", -MAX_SEED, MAX_SEED), complete,
                   _real(data.get("seconds", 0.0), "seconds", 0.0, MAX_SECONDS), flagged, planned)


#: the kinds of loss a habit groups (`habit_kind`)
HABIT_KINDS = ("bid_lower", "bid_higher", "unspent", "placement", "purchase", "offer", "moving")
HABIT_MIN = 3        # a habit is said only when at least this many findings share its kind


@dataclass(frozen=True)
class Habit:
    """A kind of loss shared by `count` of the `of` findings (playtest 9b: the same bid habit
    told in four findings, one by one, with no word that it was one habit)."""

    kind: str                    # one of HABIT_KINDS
    count: int
    of: int
    indices: tuple[int, ...]     # the findings' decisions (the save's indices)

    def to_json(self) -> dict[str, object]:
        return {"kind": self.kind, "count": self.count, "of": self.of, "indices": list(self.indices)}


def habit_kind(d: Decision) -> str | None:
    """What kind of loss a finding is, by the move taken and the better one: a bid where the
    coach found a lower (or a higher) marker better, a turn ended with shillings a purchase could
    use, a land tile or the same card placed elsewhere, another item bought, an offer announced, a figure moved."""
    t, b = d.taken, d.best
    if t["type"] == "take_bid" and b["type"] == "take_bid":
        return "bid_lower" if b["value"] < t["value"] else "bid_higher"
    if t["type"] == "end_turn" and b["type"] in ("buy_land", "buy_card"):
        return "unspent"
    if t["type"] in ("buy_land", "buy_card") and b["type"] in ("buy_land", "buy_card"):
        # a land tile for a land tile (the offer holds several of a land: the slot does not tell the
        # item) or the same card placed elsewhere; else another item bought
        same = t["type"] == b["type"] == "buy_land" or (t["type"] == b["type"] and t["slot"] == b["slot"])
        return "placement" if same else "purchase"
    if t["type"] == "announce_offer":
        return "offer"
    if t["type"] == "move_figure":
        return "moving"
    return None


def habits_of(found: Sequence[Decision]) -> tuple[Habit, ...]:
    """The kinds of loss at least HABIT_MIN of the findings share, the most shared first."""
    by: dict[str, list[int]] = {}
    for d in found:
        kind = habit_kind(d)
        if kind is not None:
            by.setdefault(kind, []).append(d.index)
    return tuple(Habit(k, len(v), len(found), tuple(v))
                 for k, v in sorted(by.items(), key=lambda kv: (-len(kv[1]), HABIT_KINDS.index(kv[0])))
                 if len(v) >= HABIT_MIN)


def same_loss(found: Sequence[Decision]) -> dict[int, Decision]:
    """Findings whose loss is an earlier finding's, by index (playtest 3b (a)4: the bid of round
    3 and "before ending your turn, buy a settlement tile", both about 3.8 VP, added up). A
    decision's futures are rolled on to the next offer with the medium player's judgement for the
    seat too, so when that judgement makes the same choice the seat made later in the round, the
    earlier decision's loss holds the later one's: the same round, and the same first difference
    between the futures (the same card, majority, land or money) and a loss of the same size within
    the noise, is the same loss counted twice."""
    out: dict[int, Decision] = {}
    ordered = sorted(found, key=lambda d: d.index)
    for i, later in enumerate(ordered):
        for earlier in ordered[:i]:
            if earlier.round == later.round and earlier.index not in out and (
                    _same_better(earlier, later) or _same_first_difference(earlier, later)):
                targets = {d.index for d in out.values()}
                if _parts_later(earlier, later) and earlier.index not in targets:
                    # the loss is the later decision's, where the games really part (playtest 8b:
                    # the reveal flagged for where the revealed tile was then placed)
                    out[earlier.index] = later
                else:
                    out[later.index] = earlier
                break
    return out


def _findings(found: Sequence[Decision]) -> tuple[Decision, ...]:
    """The costly decisions each shown as a finding: those whose loss is a later one's left out."""
    same = same_loss(found)
    return tuple(d for d in found if not (d.index in same and same[d.index].index > d.index))


def _parts_later(earlier: Decision, later: Decision) -> bool:
    """The two games part at the later decision, not at the earlier: both recommend the same move
    (`_same_better`), the earlier move taken is of another kind (a reveal, a bid: it did not choose
    what the better move chooses), and the later move taken is the very choice the better move makes
    otherwise (the same kind of move: a purchase placed elsewhere, or of the offer's other copy).
    Josiah's round 7 (playtest 8b): reveal a field tile, then buy it and place it at H3; better, a
    field tile at G1: the placement was the mistake, not the reveal."""
    return (_same_better(earlier, later) and earlier.taken["type"] != earlier.best["type"]
            and later.taken["type"] == later.best["type"]) or _spent_later(earlier, later)


def _spent_later(earlier: Decision, later: Decision) -> bool:
    """A bid whose loss is the end of the same round's buying turn (playtest 9b: Mercy's round 3,
    marker 4 flagged for "marker 2 buys 2 settlement tiles", then "you ended your turn with 8
    shillings; better, buy a settlement tile for 4", the same first difference and the same size
    within the noise). The later finding's better move is a purchase legal with the marker she
    took, so the marker did not stop it: after the bid the coach's games end the turn unspent, as
    she did, and that is where the two futures part. The loss is the later decision's."""
    return (earlier.taken["type"] == "take_bid" and later.taken["type"] == "end_turn"
            and later.best["type"] in ("buy_land", "buy_card") and _same_first_difference(earlier, later))


def _same_better(earlier: Decision, later: Decision) -> bool:
    """Both findings recommend the very same move (playtest 4b: Josiah's round 7, "use the ship
    majority to reveal a field tile" and "buy a field tile for 3 at H3", both about 1.9 VP, both
    "better: buy a field tile for 3 at G1"): the earlier decision's futures already played that
    move, so the later loss is the same one, whatever the estimates' noise. A better move that only
    ends the turn says nothing about what was lost, so it never joins two findings."""
    return (earlier.best["type"] != "end_turn"
            and rules.action_key(earlier.best) == rules.action_key(later.best))


def _same_first_difference(earlier: Decision, later: Decision) -> bool:
    """The same first difference between the futures (the same card, majority, land or money)
    and a loss of the same size within the noise: one loss, estimated twice."""
    return bool(earlier.why and later.why and earlier.why[0].kind != "ahead"
                and (earlier.why[0].kind, earlier.why[0].item) == (later.why[0].kind, later.why[0].item)
                and abs(earlier.loss - later.loss) <= 2.0 * math.hypot(earlier.se, later.se))


def distinct_loss(found: Sequence[Decision]) -> float:
    """What findings add up to, a loss two of them share counted once (the larger estimate)."""
    same = same_loss(found)
    total = {d.index: d.loss for d in found if d.index not in same}
    for later, earlier in same.items():
        loss = next(d.loss for d in found if d.index == later)
        total[earlier.index] = max(total[earlier.index], loss)
    return sum(total.values())


class Game(Protocol):
    """What `Review.from_json` checks a stored review against (a history.Replay is one)."""

    @property
    def actions(self) -> Sequence[Action]: ...

    @property
    def players(self) -> int: ...

    def engine_state(self, position: int | None = None) -> State: ...


#: the bounds of a stored review's numbers (far beyond any real one; a value past them is damage)
MAX_SEATS = 8
MAX_INDEX = 100_000        # a decision's index in the save
MAX_ROUND = 1_000
MAX_VP = 10_000.0          # a loss, its standard error, a margin
MAX_COUNT = 100_000        # worlds, candidates
MAX_SECONDS = 1e7
MAX_SEED = 2 ** 63


def _int(value: object, name: str, low: int, high: int) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise ValueError(f"{name}: a whole number is needed, not {str(value)[:40]}")
    if not low <= value <= high:
        raise ValueError(f"{name}: {str(value)[:40]} is not from {low} to {high}")
    return value


def _real(value: object, name: str, low: float, high: float) -> float:
    if not isinstance(value, (int, float)) or isinstance(value, bool):
        raise ValueError(f"{name}: a number is needed, not {str(value)[:40]}")
    number = float(value)
    if not (math.isfinite(number) and low <= number <= high):
        raise ValueError(f"{name}: {str(value)[:40]} is not from {low:g} to {high:g}")
    return number


def _decision(row: object, last: int) -> Decision:
    if not isinstance(row, dict):
        raise ValueError(f"a decision is a table, not {type(row).__name__}")
    taken = _action(row["taken"])
    try:
        kind = kind_of(taken)
    except (KeyError, TypeError) as exc:
        raise ValueError(f"not an action: {str(taken)[:80]} ({exc!r})") from None
    if row.get("kind") != kind:
        log.info("a stored decision of kind %r is of kind %r here", str(row.get("kind"))[:40], kind)
    followed = row.get("followed_hint")
    if followed is not None and not isinstance(followed, bool):
        raise ValueError("followed_hint: true, false or null is needed")
    hint = row.get("hint")
    whys = row.get("why", [])
    if not isinstance(whys, list):
        raise ValueError("why: a list is needed")
    hint_loss, hint_se = row.get("hint_loss"), row.get("hint_se")
    return Decision(_int(row["index"], "index", 0, last), _int(row["round"], "round", 0, MAX_ROUND), kind, taken,
                    _action(row["best"]), _real(row["loss"], "loss", 0.0, MAX_VP), _real(row["se"], "se", 0.0, MAX_VP),
                    _real(row["value"], "value", -MAX_VP, MAX_VP), _int(row["worlds"], "worlds", 0, MAX_COUNT),
                    _int(row["candidates"], "candidates", 0, MAX_COUNT), followed,
                    None if hint is None else _action(hint), tuple(why_from_json(w) for w in whys[:8]),
                    None if hint_loss is None else _real(hint_loss, "hint_loss", -MAX_VP, MAX_VP),
                    None if hint_se is None else _real(hint_se, "hint_se", 0.0, MAX_VP))


def _fits(game: Game, seat: int, decisions: Sequence[Decision], flagged: Sequence[Decision]) -> None:
    """ValueError unless every decision is the seat's own move in `game`, at its round, and each
    flagged one's better move is legal there (the replay shows it as a ghost)."""
    for d in decisions:
        state = game.engine_state(d.index)
        if rules.action_key(d.taken) != rules.action_key(game.actions[d.index]):
            raise ValueError(f"decision {d.index} is not the move made there")
        if rules.current_player(state) != seat or state.round != d.round:
            raise ValueError(f"decision {d.index} is not seat {seat}'s in round {d.round}")
    for d in flagged:
        legal = {rules.action_key(a) for a in rules.legal_actions(game.engine_state(d.index))}
        if rules.action_key(d.best) not in legal:
            raise ValueError(f"decision {d.index}: the better move is not a legal one")


def _action(value: object) -> Action:
    """An action copied, or read back from a stored review (a table with a known type)."""
    if not isinstance(value, dict) or value.get("type") not in KNOWN_TYPES:
        raise ValueError(f"not an action: {str(value)[:80]}")
    return cast(Action, copy.deepcopy(value))


def _decision_json(d: Decision) -> dict[str, object]:
    out: dict[str, object] = asdict(d)
    out["loss"], out["se"], out["value"] = round(d.loss, 4), round(d.se, 4), round(d.value, 4)
    out["why"] = [w.to_json() for w in d.why]
    return out


class Cancelled(Exception):
    """The review was asked to stop (its partial result is on the exception)."""

    def __init__(self, partial: Review) -> None:
        super().__init__("review cancelled")
        self.partial = partial


Progress = Callable[[int, int], None]      # (decisions reviewed, decisions to review)


class SeatReview:
    """One seat's review, a decision at a time: `step()` reviews the next one (a worker thread
    calls it until `done`; a frame-by-frame caller, one per frame). `result()` at any time.
    `whole`: seconds for the whole review, spread over its decisions (each gets at most `budget`)."""

    def __init__(self, save: object, seat: int, *, budget: float = DEFAULT_BUDGET, seed: int = 1,
                 worlds: int | None = None, whole: float | None = None) -> None:
        from ne_game.game.session import GameSession

        session = GameSession.from_save(save, "review")
        if not 0 <= seat < len(session.seats):
            raise ValueError(f"seat must be 0 to {len(session.seats) - 1}, not {seat}")
        if worlds is not None and worlds < 2:
            raise ValueError("a review samples at least 2 worlds per decision")
        self.seat, self.budget, self.seed, self.worlds = seat, float(budget), int(seed), worlds
        self.actions = list(session.actions)
        self.hints = dict(session.hints)     # the Hint's moves shown, by position
        n = len(self.actions)
        self.states = [session.state_before(k) for k in range(n)] + [session.state]
        self.todo = [k for k in range(n)
                     if rules.current_player(self.states[k]) == seat and len(rules.legal_actions(self.states[k])) > 1]
        if whole is not None and self.todo:   # the whole review within `whole` seconds
            self.budget = min(self.budget, whole / len(self.todo))
        self.reviewed: list[Decision] = []
        self.seconds = 0.0
        self.partial = 0.0       # how far the decision under review is (0..1): the progress bar moves within it

    @property
    def total(self) -> int:
        return len(self.todo)

    @property
    def done(self) -> bool:
        return len(self.reviewed) >= len(self.todo)

    def step(self) -> bool:
        """Review the next decision; False once every decision is reviewed."""
        if self.done:
            return False
        t0 = time.perf_counter()
        k = self.todo[len(self.reviewed)]
        self.partial = 0.0
        self.reviewed.append(_review_decision(self.states[k], self.actions[k], self.seat, k, self.budget, self.seed,
                                              self.worlds, self._advance, self.hints.get(k)))
        self.partial = 0.0
        self.seconds += time.perf_counter() - t0
        return True

    def _advance(self, share: float) -> None:
        self.partial = share

    @property
    def progress(self) -> float:
        """Decisions reviewed, counting the one under way by its share done."""
        return len(self.reviewed) + (self.partial if not self.done else 0.0)

    def result(self) -> Review:
        review = _finish(self.seat, self.reviewed, self.budget, self.seed, self.done, self.seconds, self.total)
        return replace(review, bids=bid_lessons(self.actions, self.states.__getitem__, self.seat, review.own_losses))


def review_seat(save: object, seat: int, *, budget: float = DEFAULT_BUDGET, seed: int = 1,
                worlds: int | None = None, progress: Progress | None = None,
                cancel: Callable[[], bool] | None = None) -> Review:
    """Review every real decision of `seat` (see the module text). `worlds`: a fixed number of
    sampled worlds per decision (tests; deterministic), else the time `budget` per decision
    decides (between MIN_WORLDS and MAX_WORLDS). `progress(done, total)` after each decision;
    `cancel()` true stops the review (Cancelled carries what was done)."""
    job = SeatReview(save, seat, budget=budget, seed=seed, worlds=worlds)
    while not job.done:
        if cancel is not None and cancel():
            raise Cancelled(job.result())
        job.step()
        if progress is not None:
            progress(len(job.reviewed), job.total)
    return job.result()


def _finish(seat: int, done: list[Decision], budget: float, seed: int, complete: bool, seconds: float,
            planned: int) -> Review:
    flagged = sorted(_findings([d for d in done if d.flaggable]), key=lambda d: (-d.loss, d.index))[:TOP]
    return Review(seat, tuple(done), budget, seed, complete, seconds, tuple(sorted(flagged, key=lambda d: d.index)),
                  planned)


def _review_decision(state: State, taken: Action, seat: int, index: int, budget: float, seed: int,
                     worlds: int | None, on_world: Callable[[float], None] | None = None,
                     hint: Action | None = None) -> Decision:
    observation = rules.observe(state, seat)
    legal = rules.legal_actions(state)
    rng = random.Random(seed * 1_000_003 + index)
    # The coach judges by the hand-written evaluation, not by the forecast hard plays with: with
    # the forecast its losses told easy from medium less well (easy's loss higher than the
    # medium seat's in 5 of 8 games instead of 8 of 8; README, "The coach").
    hard = HardPlayer(seed=seed, time_budget=None, forecast=False)
    m = Model.from_observation(observation)
    cands, _ = hard.candidates(m, seat, legal, rng)
    key = rules.action_key(taken)
    followed = None if hint is None else rules.action_key(hint) == key
    # the Hint's move, when not followed, is always weighed (right after the move taken)
    first = [taken] + ([hint] if hint is not None and not followed else [])
    firsts = {rules.action_key(a) for a in first}
    ordered = (first + [a for a in cands if rules.action_key(a) not in firsts])[:MAX_CANDIDATES]
    horizon = max(hard.horizon(m, a) for a in ordered)
    values: list[list[float]] = [[] for _ in ordered]
    ends: list[list[Snapshot]] = [[] for _ in ordered]     # the futures reached (the reasons)
    steps: list[list[tuple[Step, ...]]] = [[] for _ in ordered]   # the decisions made in them (the causes)
    t0 = time.perf_counter()
    limit = worlds if worlds is not None else MAX_WORLDS
    passes = 0
    while passes < limit:
        if worlds is None and passes >= MIN_WORLDS and time.perf_counter() - t0 > budget:
            break
        sample_seed = rng.randrange(1 << 30)
        base = rules.determinize(observation, sample_seed)
        for i, action in enumerate(ordered):
            trace: list[tuple[Snapshot, Action]] = []
            values[i].append(hard._rollout(rules, base, action, seat, sample_seed, horizon, ends=ends[i], trace=trace))
            steps[i].append(steps_of(trace))    # kept small: the purchases and moves, not the positions
            if on_world is not None:     # how far this decision is, after every rollout (the bar
                done = passes + (i + 1) / len(ordered)      # moves more than once a second)
                share = done / limit if worlds is not None else (time.perf_counter() - t0) / max(budget, 1e-6)
                on_world(min(0.99, max(done / MAX_WORLDS, share)))
        passes += 1
    means = [sum(v) / len(v) for v in values]
    best = max(range(len(ordered)), key=lambda i: (means[i], -i))
    diffs = [b - t for b, t in zip(values[best], values[0])]
    loss = max(0.0, means[best] - means[0])
    se = max(_se(diffs), SE_FLOOR / math.sqrt(len(diffs))) if best != 0 else 0.0
    why: tuple[Why, ...] = ()
    hint_loss = hint_se = None
    if best != 0:
        data = m.data
        why = explain([sheet(s, seat, m, st) for s, st in zip(ends[0], steps[0])],
                      [sheet(s, seat, m, st) for s, st in zip(ends[best], steps[best])],
                      {c: spec.vp for c, spec in data.cards.items()}, dict(data.majority_vp),
                      _parcels_of(taken) + _parcels_of(ordered[best]),
                      move=cast(dict[str, object], ordered[best]), coastal_only=data.coastal_figures,
                      card_land={c: spec.land for c, spec in data.cards.items() if spec.land}, start=m,
                      taken_move=cast(dict[str, object], taken))
        if followed:
            judged = _as_the_hint_judges(ends[0], values[0], seat), _as_the_hint_judges(ends[best], values[best], seat)
            hint_diffs = [b - t for b, t in zip(judged[1], judged[0])]
            if hint_diffs:
                hint_loss = sum(hint_diffs) / len(hint_diffs)
                hint_se = max(_se(hint_diffs), SE_FLOOR / math.sqrt(len(hint_diffs)))
    return Decision(index, int(state.round), kind_of(taken), _action(taken), _action(ordered[best]), loss, se,
                    means[0], passes, len(ordered), followed, None if hint is None else _action(hint), why,
                    hint_loss, hint_se)


def _parcels_of(action: Action) -> tuple[str, ...]:
    """The parcels a move uses (board labels): where it lays a tile, puts or moves a figure,
    develops or stores; what the reasons compare first."""
    raw = cast(dict[str, object], action)
    found: list[object] = [raw.get(k) for k in ("cell", "from", "to")]
    use = raw.get("use")
    if isinstance(use, dict):
        for v in use.values():
            found += v if isinstance(v, list) and v and isinstance(v[0], list) else [v]
    return tuple(cell_label(int(c[0]), int(c[1])) for c in found
                 if isinstance(c, (list, tuple)) and len(c) == 2 and all(isinstance(x, int) for x in c))


def _as_the_hint_judges(ends: Sequence[Snapshot], values: Sequence[float], seat: int) -> list[float]:
    """The futures' values as the Hint (the hard player) judges them: its forecast where a
    rollout stopped at an offer, the coach's own value (the final score) elsewhere."""
    forecast = shipped_forecast()
    out = []
    for snap, value in zip(ends, values):
        if forecast is not None and snap["phase"] == "offer":
            out.append(forecast.margin(Model.from_observation(snap), seat, HARD_RIVAL_WEIGHT))
        else:
            out.append(value)
    return out


def _se(diffs: list[float]) -> float:
    n = len(diffs)
    if n < 2:
        return float("inf")
    mean = sum(diffs) / n
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    return math.sqrt(var / n)
