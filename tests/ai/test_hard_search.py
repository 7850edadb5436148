"""The hard player's search: start tiles searched, passes and rollouts counted, the budget
kept by a simulated clock (no wall-clock assertion)."""
from __future__ import annotations

import pytest

import ne_game.ai.hard as hard_mod
import ne_game.rules as rules
from ne_game.ai import make_player
from ne_game.ai.common import start_tile_scorer
from ne_game.ai.medium import MediumPlayer
from ne_game.ai.model import Model


@pytest.fixture(autouse=True)
def strict(monkeypatch):
    monkeypatch.setattr(hard_mod.HardPlayer, "strict", True)


def _advance(seed: int, until) -> object:
    state = rules.new_game(players=4, seed=seed)
    driver = make_player("medium", seed=0)
    while not until(state):
        legal = rules.legal_actions(state)
        state = rules.apply_action(state, driver.choose(rules.observe(state, state.current), legal))
    return state


def test_start_tile_comes_from_the_search(monkeypatch):
    state = rules.new_game(players=4, seed=12)
    seat = state.current
    obs, legal = rules.observe(state, seat), rules.legal_actions(state)
    score = start_tile_scorer(Model.from_observation(obs), seat)
    hard = make_player("hard", seed=3, time_budget=None, samples=2)
    cands, first = hard.candidates(Model.from_observation(obs), seat, legal, hard.rng_for(obs))
    assert len(cands) == hard_mod.START_CANDIDATES and first == cands[0]
    # The room score ranks the candidates; rollouts that prefer the last-ranked one must win.
    favourite = cands[-1]
    assert score(favourite) <= score(cands[0])

    def rollout(self, rules_, state_, action, seat_, sample_seed, offers, deadline=None):
        return 10.0 if action == favourite else 0.0

    monkeypatch.setattr(hard_mod.HardPlayer, "_rollout", rollout)
    assert hard.choose(obs, legal) == favourite
    assert hard.last_search.rollouts > 0


def test_start_tile_rollouts_run_for_real():
    state = rules.new_game(players=4, seed=13)
    obs, legal = rules.observe(state, state.current), rules.legal_actions(state)
    hard = make_player("hard", seed=3, time_budget=None, samples=1)
    action = hard.choose(obs, legal)
    assert action in legal
    stats = hard.last_search
    assert (stats.passes, stats.rollouts, stats.candidates) == (1, hard_mod.START_CANDIDATES, hard_mod.START_CANDIDATES)


def test_fixed_passes_and_halving_are_counted(monkeypatch):
    state = _advance(3, lambda s: rules.to_json(s)["phase"] == "bids")
    obs, legal = rules.observe(state, state.current), rules.legal_actions(state)
    calls = []
    monkeypatch.setattr(hard_mod.HardPlayer, "_rollout",
                        lambda self, r, st, a, seat, ss, off, dl=None: calls.append(a["value"]) or float(a["value"] % 3))
    hard = make_player("hard", seed=4, time_budget=None, samples=4)
    hard.choose(obs, legal)
    k = hard.last_search.candidates
    assert k >= 4
    # passes 1-2 try every candidate, then half of them (at least two) survive.
    survivors = max(2, (k + 1) // 2)
    assert hard.last_search.passes == 4
    assert hard.last_search.rollouts == len(calls) == 2 * k + 2 * survivors


class FakeClock:
    """perf_counter for the hard module: every reading costs `tick` simulated seconds."""

    def __init__(self, tick: float) -> None:
        self.now, self.tick = 0.0, tick

    def __call__(self) -> float:
        self.now += self.tick
        return self.now


@pytest.mark.parametrize("tick", [0.001, 0.02, 0.3])
def test_budget_is_kept_on_a_simulated_clock(monkeypatch, tick):
    state = _advance(5, lambda s: rules.to_json(s)["phase"] == "bids")
    obs, legal = rules.observe(state, state.current), rules.legal_actions(state)
    clock = FakeClock(tick)
    monkeypatch.setattr(hard_mod.time, "perf_counter", clock)
    # Rollouts cost no real time here: each reads the clock once more, like a slow one.
    # Their values are noisy (by the sample), so that no early settling cuts the search short.
    monkeypatch.setattr(hard_mod.HardPlayer, "_rollout",
                        lambda self, r, st, a, seat, ss, off, dl=None: clock() * 0 + float(a["value"]) + (ss * (a["value"] + 3)) % 97)
    budget = 0.5
    hard = make_player("hard", seed=2, time_budget=budget)
    action = hard.choose(obs, legal)
    assert action in legal
    assert clock.now <= budget * hard_mod.HARD_STOP + 3 * tick
    assert hard.last_search.rollouts >= 1
    if tick <= 0.001:
        assert hard.last_search.passes > 10     # a fast clock: the budget buys many passes


def test_hard_plays_a_whole_game_with_counted_searches():
    from ne_game.ai.tournament import play_game

    r = play_game(["hard", "medium", "medium"], seed=17, players_budget=0.02)
    assert r["winners"] and r["decisions"][0] > 0


def test_a_rollout_stops_at_its_deadline(monkeypatch):
    """A long rollout (to the game's end) past the deadline stops and is judged where it is."""
    state = _advance(5, lambda s: rules.to_json(s)["phase"] == "bids")
    obs = rules.observe(state, state.current)
    legal = rules.legal_actions(state)
    clock = FakeClock(1.0)
    monkeypatch.setattr(hard_mod.time, "perf_counter", clock)
    hard = make_player("hard", seed=2, time_budget=None, samples=1)
    base = rules.determinize(obs, 1)
    steps = []
    real = hard_mod.RolloutPolicy.choose
    monkeypatch.setattr(hard_mod.RolloutPolicy, "choose", lambda self, snap, lg: steps.append(1) or real(self, snap, lg))
    value = hard._rollout(rules, base, legal[0], state.current, 1, 1_000, deadline=clock.now + 3.5)
    assert isinstance(value, float) and len(steps) <= 3


def test_start_tile_search_is_blind_to_the_bag_and_deck_order():
    import random

    rng = random.Random(5)
    state = rules.new_game(players=4, seed=21)
    d = rules.to_json(state)
    rng.shuffle(d["bag"])
    rng.shuffle(d["deck"])
    other = rules.from_json(d)
    seat = state.current
    obs_a, obs_b = rules.observe(state, seat), rules.observe(other, seat)
    assert obs_a == obs_b and rules.to_json(state)["deck"] != rules.to_json(other)["deck"]
    hard = make_player("hard", seed=9, time_budget=None, samples=1)
    assert hard.choose(obs_a, rules.legal_actions(state)) == hard.choose(obs_b, rules.legal_actions(other))


def test_a_clear_decision_settles_before_the_budget(monkeypatch):
    """When the last two candidates are many standard errors apart over the same samples,
    the search stops early; when they are close it uses its budget."""
    state = _advance(5, lambda s: rules.to_json(s)["phase"] == "bids")
    obs, legal = rules.observe(state, state.current), rules.legal_actions(state)
    clock = FakeClock(0.001)
    monkeypatch.setattr(hard_mod.time, "perf_counter", clock)
    top = max(a["value"] for a in legal)

    def clear(self, r, st, a, seat, ss, off, dl=None):
        return (5.0 if a["value"] == top else 0.0) + (ss % 7) / 10

    monkeypatch.setattr(hard_mod.HardPlayer, "_rollout", clear)
    hard = make_player("hard", seed=2, time_budget=0.5)
    hard.choose(obs, legal)
    stats = hard.last_search
    assert stats.settled and stats.passes < 100
    assert clock.now < 0.5 * hard_mod.SAFETY

    def close(self, r, st, a, seat, ss, off, dl=None):
        return float((ss * (a["value"] + 3)) % 13)   # noise only: nothing settles

    monkeypatch.setattr(hard_mod.HardPlayer, "_rollout", close)
    clock.now = 0.0
    hard.choose(obs, legal)
    assert not hard.last_search.settled and hard.last_search.passes > 10


def test_settled_needs_enough_paired_samples():
    assert not hard_mod.settled([1.0] * (hard_mod.SETTLE_MIN_PASSES - 1))
    assert hard_mod.settled([1.0, 1.1, 0.9, 1.0, 1.05, 0.95, 1.0, 1.0])
    assert not hard_mod.settled([1.0, -1.0] * 6)
    # Exactly the same in every sample (two purchases in either order): nothing left to learn.
    assert hard_mod.settled([0.0] * hard_mod.SETTLE_MIN_PASSES)
    assert hard_mod.settled([0.5] * hard_mod.SETTLE_MIN_PASSES)


def _first(seed: int, kind: str):
    """Advance a seeded game with medium players to the first decision of `kind`."""
    return _advance(seed, lambda s: [a["type"] for a in rules.legal_actions(s)[:1]] == [kind])


@pytest.mark.parametrize("kind", ["take_bid", "buy_land"])
def test_rollouts_judge_every_seat_as_the_medium_player_does(kind):
    """The rivals hard meets are medium players: inside a rollout every seat bids and buys
    by medium's own judgement (the rivals' values included), not by a cheaper stand-in."""
    state = _first(21, kind)
    seat = state.current
    obs, legal = rules.observe(state, seat), rules.legal_actions(state)
    m = Model.from_observation(obs)
    medium = make_player("medium", seed=5)
    inside = hard_mod.RolloutPolicy(5).medium
    if kind == "take_bid":
        assert inside.bid_scores(m, seat, legal) == medium.bid_scores(m, seat, legal)
        # The rivals' wants differ from this seat's: a stand-in copying them would differ.
        items = [it for _, it in sorted(m.offer.items())]
        gains = inside.offer_gains(m, seat, items)
        assert any(gains[s] != gains[seat] for s in range(m.n))
    else:
        assert inside.score_buying(m, seat, legal) == medium.score_buying(m, seat, legal)


class _UncachedRolloutMedium(hard_mod._RolloutMedium):
    """The rollout policy without its offer-gains cache: medium's gains computed afresh."""

    def offer_gains(self, m, seat, items):
        return MediumPlayer.offer_gains(self, m, seat, items)


def _rollout_game(policy, seed: int) -> list:
    """A whole game, every seat played by `policy` on full snapshots (as inside a rollout)."""
    state = rules.new_game(players=4, seed=seed)
    actions = []
    while legal := rules.legal_actions(state):
        action = legal[0] if len(legal) == 1 else policy.choose(rules.to_json(state), legal)
        actions.append(action)
        state = rules.apply_action(state, action)
    return actions


@pytest.mark.parametrize("seed", [31, 32])
def test_the_rollouts_gains_cache_changes_no_choice(seed):
    """The rollout remembers the offer gains of a bidding round (they do not depend on the
    bids): every seat's every choice over a whole game is the same as without it."""
    assert _rollout_game(hard_mod._RolloutMedium(seed), seed) == _rollout_game(_UncachedRolloutMedium(seed), seed)


def test_the_gains_cache_is_keyed_by_the_position():
    state = _first(22, "take_bid")
    m = Model.from_observation(rules.to_json(state))
    items = [it for _, it in sorted(m.offer.items())]
    inside = hard_mod._RolloutMedium(1)
    first = inside.offer_gains(m, state.current, items)
    bid = m.copy()
    bid.bids[state.current] = 3   # a bid changes nothing the gains read: the same numbers
    assert inside.offer_gains(bid, (state.current + 1) % 4, items) is first
    richer = m.copy()
    richer.money[0] += 5          # money does: computed afresh
    assert inside.offer_gains(richer, state.current, items) == MediumPlayer.offer_gains(inside, richer, 0, items)
    assert inside.offer_gains(richer, state.current, items) is not first
