"""Hard: information-set search over determinised samples, within a time budget.

For a decision it keeps the few most promising actions (by the medium player's own
scores; for a start tile, by the room around it), then runs passes until the budget is
spent. A pass samples one full state consistent with what the player sees
(`rules.determinize`: the bag and deck orders and the other players' barn contents are
guessed, never read), plays every remaining candidate in that same sample (common random
numbers make the comparison fair), lets every seat continue with the medium player's
policy, and scores the outcome. Each candidate's mean over the samples is its value for
the whole information set, not for one guessed world. After every two passes the weaker
half of the candidates is dropped (successive halving), so the samples go to the close
calls. Once two are left and their paired differences over at least SETTLE_MIN_PASSES
shared samples put them SETTLE_Z standard errors apart, the choice is clear and the rest
of the budget is not spent.

How far a rollout looks: a start tile, to the first offer (every start tile placed);
otherwise to the next round's offer, or to the end of the game once the stock sizes say
that at most LOOKAHEAD_TO_END rounds are left (then the true final score decides, with a
bonus for winning).

A rollout that stops at an offer is judged by a forecast of every seat's final VP fitted to
games between medium players (`forecast.py`): hard's lead over the best rival's forecast.
With it hard wins 80.8 % of 200 games against three medium players at 0.5 s a decision; the
same search judged by the hand-written evaluation won 63.7 % of them (README, "Strength,
measured").

Deterministic given seed, inputs and the number of passes it managed; pass `samples=`
for a fixed number of passes (tests), otherwise the time budget decides. `last_search`
tells how many passes and rollouts the last decision ran (for tests and benchmarks; it
never feeds a decision).
"""
from __future__ import annotations

import logging
import math
import random
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol, cast

from ne_game.ai.base import BasePlayer, Observation, end_turn_from
from ne_game.ai.common import announce_ends_game, leads_now, start_tile_scorer
from ne_game.ai.evaluation import evaluate, final_estimate
from ne_game.ai.forecast import Forecast, shipped_forecast
from ne_game.ai.medium import MediumPlayer
from ne_game.ai.model import Model

if TYPE_CHECKING:
    from collections.abc import Sequence

    from ne_game.rules import Action, Ruleset, Snapshot, State
    from ne_game.rules.actions import AnnounceOffer, PlaceStartTile, TakeBid

log = logging.getLogger(__name__)

DEFAULT_BUDGET = 0.5        # seconds per decision (settings may override)
MAX_CANDIDATES = 4
BID_CANDIDATES = 4
START_CANDIDATES = 6        # start tile placements searched (of those with most room)
CANDIDATE_MARGIN = 3.0      # drop candidates this far (VP) below medium's best score
LOOKAHEAD_TO_END = 1.0      # roll out to the game's end when at most this many rounds are left
HALVE_EVERY = 2             # passes between two halvings of the candidate list
SAFETY = 0.85               # no new pass or rollout past this share of the budget
HARD_STOP = 1.6             # the promise: no decision runs past this multiple of the budget
WIN_BONUS = 3.0             # a finished game: winning matters beyond the margin
# Where a rollout ends, the best rival's value counts in full (medium's own buying weighs it
# at half): one seat wins, so hard plays for its lead over the best rival, not for its
# score. Measured in `benchmarks/results/` (README, "Strength, measured").
RIVAL_WEIGHT = 1.0
UNTIMED_PASSES = 8          # passes when neither a budget nor a sample count is given
MAX_ROLLOUT_ACTIONS = 2000  # a rollout is a guess, not a proof: never spin
ROLLOUT_START_TILES = 20    # placements a rollout's start tile is chosen among
SETTLE_MIN_PASSES = 8       # the last two candidates: at least this many shared samples before
SETTLE_Z = 3.0              # ... the search may stop early, at this many standard errors apart


class Engine(Protocol):
    """What a search asks of the rules core: the module `ne_game.rules` itself fits this."""

    def determinize(self, observation: Observation, seed: int = ...,
                    ruleset: Ruleset | None = ...) -> State: ...

    def apply_action(self, state: State, action: Action) -> State: ...

    def legal_actions(self, state: State) -> list[Action]: ...

    def to_json(self, state: State) -> Snapshot: ...


def _rules() -> Engine:
    # Imported late: the players must import cleanly where only observations are used.
    import ne_game.rules as rules

    return rules


@dataclass
class SearchStats:
    """What the last search did (read by tests and benchmarks, never by a decision)."""

    candidates: int = 0
    passes: int = 0
    rollouts: int = 0
    settled: bool = False   # stopped before the budget: the last two were clearly apart


def settled(duel: list[float]) -> bool:
    """True when the paired differences between the last two candidates (same sampled
    worlds) leave no real doubt which is better, or show that the two are worth exactly the
    same (the search then keeps the first, the best guess): more passes would not change the
    choice, so the rest of the budget is not spent (a clear decision takes less time)."""
    n = len(duel)
    if n < SETTLE_MIN_PASSES:
        return False
    mean = sum(duel) / n
    var = sum((d - mean) ** 2 for d in duel) / (n - 1)
    if var == 0.0:
        # The same difference in every sampled world (often none at all: two purchases in
        # either order end in the same position): more samples cannot change it.
        return True
    return abs(mean) > SETTLE_Z * math.sqrt(var / n)


class HardPlayer(BasePlayer):
    kind = "hard"
    strict = False   # tests set True so that a failing search raises instead of falling back

    def __init__(self, seed: int = 0, time_budget: float | None = DEFAULT_BUDGET,
                 samples: int | None = None, rollout_rounds: int = 1,
                 forecast: Forecast | None | bool = True) -> None:
        super().__init__(seed)
        # How a rollout that stops at an offer is judged: the fitted forecast (True: the
        # shipped one, None when its file cannot be read), or False: the hand-written evaluation.
        self.forecast: Forecast | None = shipped_forecast() if forecast is True else (forecast or None)
        self.time_budget = None if time_budget is None else float(time_budget)
        self.samples = samples
        self.rollout_rounds = rollout_rounds
        self.medium = MediumPlayer(seed)
        self.last_search = SearchStats()

    # ---- decision ----------------------------------------------------------
    def decide(self, observation: Observation, legal: list[Action], seat: int) -> Action:
        start = time.perf_counter()
        self.last_search = SearchStats()
        m = Model.from_observation(observation)
        rng = self.rng_for(observation)
        cands, fallback = self.candidates(m, seat, legal, rng)
        if len(cands) <= 1:
            return fallback
        if self.strict:
            return self._search(observation, m, seat, cands, fallback, rng, start)
        try:
            return self._search(observation, m, seat, cands, fallback, rng, start)
        except Exception:  # noqa: BLE001 - a failed search must not stop a game
            # The search leans on the engine (determinize, apply_action); should a
            # position ever trip it, medium's choice is still a sound, legal move.
            log.exception("hard player's search failed; playing medium's choice")
            return fallback

    def candidates(self, m: Model, seat: int, legal: list[Action],
                   rng: random.Random) -> tuple[Sequence[Action], Action]:
        """The actions worth searching, best guess first, and the move to fall back on."""
        kind = legal[0]["type"]     # one phase, one kind: every legal action is of this kind (the casts)
        if kind == "place_start_tile":
            score = start_tile_scorer(m, seat)
            ranked = sorted(cast("list[PlaceStartTile]", legal), key=lambda a: (-score(a), rng.random()))
            return ranked[:START_CANDIDATES], ranked[0]
        if kind == "announce_offer":
            ending = [a for a in cast("list[AnnounceOffer]", legal) if announce_ends_game(m, a["land_tiles"])]
            going = [a for a in legal if a not in ending]
            if ending and (not going or leads_now(m, seat)):
                return [ending[0]], ending[0]
            return going, self.medium.announce(m, seat, cast("list[AnnounceOffer]", legal), rng)
        if kind == "take_bid":
            # Declared apart from its value so that it narrows: the bids' scores here, the buying ones below.
            scored: list[tuple[TakeBid, float]] | list[tuple[Action, float]]
            scored = self.medium.bid_scores(m, seat, cast("list[TakeBid]", legal))
            scored.sort(key=lambda av: (-av[1], av[0]["value"]))
            cands: list[Action] = [a for a, _ in scored[:BID_CANDIDATES]]
            # Always weigh the cheapest marker too: it is often the quiet winner.
            cheapest = min(cast("list[TakeBid]", legal), key=lambda a: a["value"])
            if cheapest not in cands:
                cands.append(cheapest)
            return cands, cands[0]
        scored = self.medium.score_buying(m, seat, legal)
        if not scored:
            only = end_turn_from(legal) or legal[0]
            return [only], only
        scored.sort(key=lambda av: -av[1])
        top = scored[0][1]
        cands = [a for a, v in scored[:MAX_CANDIDATES] if v >= top - CANDIDATE_MARGIN]
        stop = end_turn_from(legal)
        if stop is not None and stop not in cands and any(a is stop for a, _ in scored):
            cands.append(stop)
        return cands, cands[0]

    def _search(self, observation: Observation, m: Model, seat: int, cands: Sequence[Action], fallback: Action,
                rng: random.Random, start: float) -> Action:
        """Common-random-number passes with successive halving until the budget is spent."""
        rules = _rules()
        stats = self.last_search
        stats.candidates = len(cands)
        totals = [0.0] * len(cands)
        counts = [0] * len(cands)
        alive = list(range(len(cands)))
        last = [0.0] * len(cands)     # each candidate's value in the latest pass
        duel: list[float] = []        # the last two survivors' differences, pass by pass
        timed = self.samples is None and self.time_budget is not None
        budget = self.time_budget or 0.0
        limit = self.samples if self.samples is not None else (10_000 if timed else UNTIMED_PASSES)
        horizon = self.horizon(m, cands[0])
        pass_time = 0.0
        # A rollout still running at the budget's end is cut there and judged where it is,
        # and no rollout starts past SAFETY of the budget: what is left of HARD_STOP is for
        # that last judgement and for reading the position (a busy machine is slow).
        deadline = start + budget if timed else None
        soft_stop = start + budget * SAFETY
        while stats.passes < limit:
            t0 = time.perf_counter()
            if timed and stats.passes > 0 and (t0 - start) + pass_time > budget * SAFETY:
                break
            sample_seed = rng.randrange(1 << 30)
            base = rules.determinize(observation, sample_seed)
            finished = True
            for i in alive:
                if timed and stats.rollouts and time.perf_counter() > soft_stop:
                    # A slow pass (long rounds, a busy machine): stop now rather than run
                    # past the budget; the candidates come best guess first.
                    finished = False
                    break
                last[i] = self._rollout(rules, base, cands[i], seat, sample_seed, horizon, deadline)
                totals[i] += last[i]
                counts[i] += 1
                stats.rollouts += 1
            if not finished:
                break
            stats.passes += 1
            pass_time = time.perf_counter() - t0
            if len(alive) == 2:
                a, b = alive
                duel.append(last[a] - last[b])
                if timed and settled(duel):
                    stats.settled = True
                    break
            if stats.passes % HALVE_EVERY == 0 and len(alive) > 2:
                alive.sort(key=lambda i: (-totals[i] / counts[i], i))
                alive = sorted(alive[: max(2, (len(alive) + 1) // 2)])
                duel = []
        tried = [i for i in range(len(cands)) if counts[i]]
        if not tried:
            return fallback
        # Compare on the samples every survivor saw: means over the same worlds.
        best = max(tried, key=lambda i: (i in alive, totals[i] / counts[i], -i))
        return cands[best]

    def horizon(self, m: Model, action: Action) -> int:
        """How many offers a rollout plays through (see the module text)."""
        if action["type"] == "place_start_tile":
            return 1
        if m.rounds_ahead() <= LOOKAHEAD_TO_END:
            return 1_000
        return self.rollout_rounds

    # ---- rollouts ----------------------------------------------------------
    def _rollout(self, rules: Engine, state: State, action: Action, seat: int, sample_seed: int, offers: int,
                 deadline: float | None = None, ends: list[Snapshot] | None = None,
                 trace: list[tuple[Snapshot, Action]] | None = None) -> float:
        """Play on until `offers` later offers were reached (or the end) and judge it: at an
        offer by the forecast of every seat's final VP (`forecast.py`), at the end by the score.

        Past `deadline` (perf_counter seconds) the rollout stops where it is and the
        evaluation judges that position: one decision never runs far past its budget.
        `ends` (the coach's): the position judged is appended to it, so that the coach can say
        what differs between two futures (it never changes the value). `trace` (the coach's too):
        each step the rollout plays after `action`, as (the position it was chosen in, the
        action), so that the coach can name the decisions that made two futures differ; it
        only receives what the rollout computes anyway (the value and every choice are the same
        with it or without it: tests/ai/test_rollout_trace.py)."""
        s = rules.apply_action(state, action)
        policy = RolloutPolicy(sample_seed)
        offers_left = offers
        snap = rules.to_json(s)
        for _ in range(MAX_ROLLOUT_ACTIONS):
            if deadline is not None and time.perf_counter() > deadline:
                break
            if snap["phase"] == "game_over":
                if ends is not None:
                    ends.append(snap)
                return self._final_value(snap, seat)
            if snap["phase"] == "offer":
                offers_left -= 1
                if offers_left <= 0:
                    break
            legal = rules.legal_actions(s)
            if not legal:
                if ends is not None:
                    ends.append(snap)
                return self._final_value(snap, seat)
            chosen = policy.choose(snap, legal)
            if trace is not None:
                trace.append((snap, chosen))
            s = rules.apply_action(s, chosen)
            snap = rules.to_json(s)
        if ends is not None:
            ends.append(snap)
        m = Model.from_observation(snap)
        if self.forecast is not None and snap["phase"] == "offer":
            return self.forecast.margin(m, seat, RIVAL_WEIGHT)
        return evaluate(m, seat, rival_weight=RIVAL_WEIGHT)   # cut short by the deadline

    @staticmethod
    def _final_value(snap: Snapshot, seat: int) -> float:
        m = Model.from_observation(snap)
        est = final_estimate(m)
        mine = est[seat]
        rival = max(est[s] for s in range(m.n) if s != seat)
        v = mine[0] - RIVAL_WEIGHT * rival[0]
        if mine > rival:
            v += WIN_BONUS
        elif mine == rival:
            v += WIN_BONUS / 2
        return v


class _RolloutMedium(MediumPlayer):
    """The medium player inside a search: its judgement in full, for every seat.

    The rivals a hard player meets play medium's judgement, so the rollouts let every seat
    judge by it too: buying weighs the best rival's value, bidding asks what each seat
    wants from the offer. (A cheaper policy that judged its own value only and assumed
    every rival wanted what it wanted was measured weaker: see the README.) Only two
    things are cut for speed: one generator for the whole rollout (no hashing of
    snapshots), and a start tile goes on the best of a random few placements.
    """

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self._rng = random.Random(seed)
        self._gains: tuple[tuple[object, ...], list[list[float]]] | None = None

    def rng_for(self, observation: Observation) -> random.Random:
        return self._rng

    def decide(self, observation: Observation, legal: list[Action], seat: int) -> Action:
        if legal[0]["type"] == "place_start_tile" and len(legal) > ROLLOUT_START_TILES:
            # A start tile among a random few placements: the room scorer reads a lot.
            legal = self._rng.sample(legal, ROLLOUT_START_TILES)
        return super().decide(observation, legal, seat)

    def offer_gains(self, m: Model, seat: int, items: list[tuple[str, str]]) -> list[list[float]]:
        """Medium's own offer gains, computed once per bidding round instead of once per seat.

        What every seat would gain from each offered item does not depend on the bids (nor
        on who asks): the four bid decisions of one round read the same numbers, so the
        rollout keeps the last ones, keyed by everything the gains read, bids aside."""
        key = _gains_key(m, items)
        if self._gains is not None and self._gains[0] == key:
            return self._gains[1]
        gains = super().offer_gains(m, seat, items)
        self._gains = (key, gains)
        return gains


def _gains_key(m: Model, items: list[tuple[str, str]]) -> tuple[object, ...]:
    """Everything `MediumPlayer.offer_gains` reads from a model except the bids."""
    return (m.round, m.phase, m.bag, m.deck, m.purchases, m.revealed, tuple(items), tuple(m.money),
            tuple(tuple(c) for c in m.cards), tuple(tuple(tuple(b) for b in bs) for bs in m.barns),
            tuple((t.owner, t.land, t.cells, t.start, t.developed, t.figure) for t in m.tiles),
            tuple(sorted(m.offer.items())), tuple(sorted(m.supply.items())),
            tuple(sorted(m.deck_counts.items())), tuple(sorted(m.bag_counts.items())))


class RolloutPolicy:
    """The play used for every seat inside a rollout: the medium player's judgement.

    Inside a determinised sample the full snapshot is the sampled world, so reading it
    is no leak. One policy object lives for one rollout only (it is not shared between
    threads).
    """

    def __init__(self, seed: int) -> None:
        self.medium = _RolloutMedium(seed)

    def choose(self, snap: Snapshot, legal: list[Action]) -> Action:
        if len(legal) == 1:
            return legal[0]
        return self.medium.choose(snap, legal)
