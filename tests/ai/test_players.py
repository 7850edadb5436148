"""Computer players: legal across whole games, deterministic, blind to hidden information."""
from __future__ import annotations

import copy
import random

import pytest

import ne_game.rules as rules
from ne_game.ai import PLAYER_KINDS, make_player
from ne_game.ai.tournament import play_game


def _canon(a: dict) -> str:
    import json

    def norm(v):
        if isinstance(v, dict):
            return {k: norm(w) for k, w in sorted(v.items())}
        if isinstance(v, list):
            items = [norm(w) for w in v]
            if items and all(isinstance(w, list) for w in items):
                return sorted(items)
            return items
        return v

    return json.dumps(norm(a), sort_keys=True)


def play_checked(kinds: list[str], seed: int, check_mutation_every: int = 0, **kw) -> tuple:
    """Play a whole game, asserting every choice is legal; return (state, actions)."""
    players = [make_player(k, seed=seed * 10 + i, **kw) for i, k in enumerate(kinds)]
    state = rules.new_game(players=len(kinds), seed=seed)
    actions = []
    for step in range(5000):
        legal = rules.legal_actions(state)
        if not legal:
            break
        seat = state.current
        obs = rules.observe(state, seat)
        if check_mutation_every and step % check_mutation_every == 0:
            obs_copy, legal_copy = copy.deepcopy(obs), copy.deepcopy(legal)
        action = players[seat].choose(obs, legal)
        assert _canon(action) in {_canon(a) for a in legal}, action
        if check_mutation_every and step % check_mutation_every == 0:
            assert obs == obs_copy and legal == legal_copy, "a player changed its inputs"
        actions.append(action)
        state = rules.apply_action(state, action)
    else:
        pytest.fail("the game did not end")
    assert rules.to_json(state)["phase"] == "game_over"
    return state, actions


def test_kinds():
    assert PLAYER_KINDS == ("easy", "medium", "hard")
    for k in PLAYER_KINDS:
        assert make_player(k, seed=1).kind == k
    with pytest.raises(ValueError):
        make_player("grandmaster")


@pytest.mark.parametrize("kind", ["easy", "medium"])
@pytest.mark.parametrize("n", [3, 4])
def test_whole_games_are_legal(kind, n):
    for seed in (1, 2):
        play_checked([kind] * n, seed, check_mutation_every=7)


@pytest.fixture
def strict_hard(monkeypatch):
    from ne_game.ai.hard import HardPlayer

    monkeypatch.setattr(HardPlayer, "strict", True)


def test_mixed_table_with_hard(strict_hard):
    # A tiny budget keeps the test fast; the search still runs for real.
    play_checked(["hard", "medium", "easy"], 5, check_mutation_every=11, time_budget=0.03)


def test_four_hard_players_with_variant(strict_hard):
    r = play_game(["hard"] * 4, seed=6, players_budget=0.01, variant={"start_tiles_touch_diagonally": True})
    assert r["winners"]


@pytest.mark.parametrize("kind", ["easy", "medium"])
def test_deterministic_by_seed(kind):
    a = play_game([kind, "easy", "medium", kind], seed=11)
    b = play_game([kind, "easy", "medium", kind], seed=11)
    assert a == b


def test_hard_deterministic_with_fixed_samples(strict_hard):
    state = rules.new_game(players=4, seed=3)
    easy = make_player("easy", seed=0)
    while rules.to_json(state)["phase"] != "bids":
        legal = rules.legal_actions(state)
        state = rules.apply_action(state, easy.choose(rules.observe(state, state.current), legal))
    obs, legal = rules.observe(state, state.current), rules.legal_actions(state)
    p1 = make_player("hard", seed=4, time_budget=None, samples=2)
    p2 = make_player("hard", seed=4, time_budget=None, samples=2)
    assert p1.choose(obs, legal) == p2.choose(obs, legal)


def test_hard_respects_tiny_budget(strict_hard):
    state = rules.new_game(players=4, seed=8)
    medium = make_player("medium", seed=0)
    hard = make_player("hard", seed=1, time_budget=0.05)
    seen = set()
    for _ in range(400):
        legal = rules.legal_actions(state)
        if not legal:
            break
        obs = rules.observe(state, state.current)
        kind = legal[0]["type"]
        if kind not in seen and kind in ("announce_offer", "take_bid", "buy_land", "buy_card", "end_turn",
                                          "reveal_extra"):
            seen.add(kind)
            a = hard.choose(obs, legal)
            assert _canon(a) in {_canon(x) for x in legal}
        state = rules.apply_action(state, medium.choose(obs, legal))
    assert "take_bid" in seen


# ---- hidden information -------------------------------------------------------------

def _perturbed(state, seat: int, rng: random.Random):
    """A state that differs from `state` only in what `seat` cannot see."""
    d = rules.to_json(state)
    rng.shuffle(d["bag"])
    rng.shuffle(d["deck"])
    # Swap the contents of rivals' barns with cards from the deck: the observation
    # merges deck and rival barns into one count, so it cannot tell.
    for other, p in enumerate(d["players"]):
        if other == seat:
            continue
        for b in p["barns"]:
            if b["card"] is not None and d["deck"]:
                k = rng.randrange(len(d["deck"]))
                b["card"], d["deck"][k] = d["deck"][k], b["card"]
    return rules.from_json(d)


def _seed_barn(state, rng: random.Random):
    """Put a card from the deck into every rival's empty barns (a legal-looking position)."""
    d = rules.to_json(state)
    for p in d["players"]:
        for b in p["barns"]:
            if b["card"] is None and d["deck"]:
                b["card"] = d["deck"].pop(rng.randrange(len(d["deck"])))
    d["deck_count"] = len(d["deck"])
    return rules.from_json(d)


@pytest.mark.parametrize("kind", ["easy", "medium"])
def test_hidden_information_never_changes_a_decision(kind):
    rng = random.Random(99)
    driver = make_player("medium", seed=5)
    checked = 0
    for seed in (21, 22):
        state = rules.new_game(players=4, seed=seed)
        player = make_player(kind, seed=7)
        for step in range(2000):
            legal = rules.legal_actions(state)
            if not legal:
                break
            seat = state.current
            if step % 3 == 0 and rules.to_json(state)["phase"] != "start_tiles":
                probe = _seed_barn(state, rng) if step % 2 else state
                other = _perturbed(probe, seat, rng)
                obs_a, obs_b = rules.observe(probe, seat), rules.observe(other, seat)
                assert obs_a == obs_b, "observe() leaks hidden information"
                hidden_a, hidden_b = rules.to_json(probe), rules.to_json(other)
                # A short deck of repeated cards may shuffle into the same order: such a
                # probe tests nothing and is not counted.
                if hidden_a != hidden_b:
                    la, lb = rules.legal_actions(probe), rules.legal_actions(other)
                    assert player.choose(obs_a, la) == player.choose(obs_b, lb)
                    checked += 1
            state = rules.apply_action(state, driver.choose(rules.observe(state, seat), legal))
    assert checked > 50


def test_play_game_record():
    r = play_game(["medium", "easy", "easy"], seed=4)
    assert r["seed"] == 4 and r["seats"] == ["medium", "easy", "easy"]
    assert len(r["totals"]) == 3 and r["winners"] and all(0 <= w < 3 for w in r["winners"])
    best = max(r["totals"])
    assert all(r["totals"][w] == best for w in r["winners"])
    assert 8 <= r["rounds"] <= 20


def test_hard_blind_to_hidden_information(strict_hard):
    """With a fixed sample count the hard player depends on the observation alone."""
    rng = random.Random(3)
    driver = make_player("medium", seed=2)
    hard = make_player("hard", seed=9, time_budget=None, samples=1)
    state = rules.new_game(players=4, seed=31)
    checked = 0
    for step in range(2000):
        legal = rules.legal_actions(state)
        if not legal or checked >= 4:
            break
        seat = state.current
        kind = legal[0]["type"]
        if kind in ("take_bid", "buy_land", "buy_card") and step % 5 == 0:
            probe = _seed_barn(state, rng)
            other = _perturbed(probe, seat, rng)
            obs_a, obs_b = rules.observe(probe, seat), rules.observe(other, seat)
            assert obs_a == obs_b
            assert hard.choose(obs_a, rules.legal_actions(probe)) == hard.choose(obs_b, rules.legal_actions(other))
            checked += 1
        state = rules.apply_action(state, driver.choose(rules.observe(state, seat), legal))
    assert checked >= 3
