"""Medium follows the game's end: rounds left from the stock sizes, money spent in the last
round, barns only for cards it expects to play. The old medium stays as "medium_v1"."""
from __future__ import annotations

import pytest

import ne_game.rules as rules
from ne_game.ai import BASELINE_KINDS, PLAYER_KINDS, make_player
from ne_game.ai.evaluation import BASELINE, HORIZON, parcels_missing, rounds_for
from ne_game.ai.model import Model, expected_rounds


def test_expected_rounds_follows_the_stock():
    # No announcement of 3..6 land tiles can be filled: no round is left, exactly.
    assert expected_rounds(2, 30) == 0.0
    assert expected_rounds(30, 2) == 0.0
    assert expected_rounds(5, 3) == 0.0          # 5 + 3 < 9
    # Exactly one more round whatever is announced (and no one can stop it early).
    assert expected_rounds(8, 6) == 1.0
    # More stock never means fewer rounds, and a full game has about a dozen.
    assert expected_rounds(20, 20) <= expected_rounds(30, 30) <= expected_rounds(60, 58, False)
    assert 10 <= expected_rounds(60, 58, False) <= 13


def test_medium_v1_is_a_named_baseline():
    assert "medium_v1" in BASELINE_KINDS and "medium_v1" not in PLAYER_KINDS
    old, new = make_player("medium_v1", seed=1), make_player("medium", seed=1)
    assert old.kind == "medium_v1" and old.style == BASELINE
    assert new.kind == "medium" and new.style == HORIZON


def _play(kinds: list[str], seed: int, watch):
    """A whole game; watch(state, obs, legal, action) sees every decision."""
    players = [make_player(k, seed=seed * 16 + i) for i, k in enumerate(kinds)]
    state = rules.new_game(players=len(kinds), seed=seed)
    while True:
        legal = rules.legal_actions(state)
        if not legal:
            return state
        seat = state.current
        obs = rules.observe(state, seat)
        action = players[seat].choose(obs, legal)
        watch(state, obs, legal, action)
        state = rules.apply_action(state, action)


@pytest.fixture(scope="module")
def medium_games():
    """Three 4-medium games, every decision kept: (obs, legal, action) per step."""
    games = []
    for seed in (41, 42, 43):
        steps = []
        _play(["medium"] * 4, seed, lambda s, o, legal, a, kept=steps: kept.append((o, legal, a)))
        games.append(steps)
    return games


def _decisions(games, action_type: str | None = None):
    """Every kept decision (obs, legal, action) of the games, or only those of one type."""
    for steps in games:
        for obs, legal, action in steps:
            if action_type is None or action["type"] == action_type:
                yield obs, legal, action


def test_medium_never_stores_a_card_it_cannot_play(medium_games):
    stores = 0
    for obs, _legal, action in _decisions(medium_games, "buy_card"):
        if "store_in_barn" in action["use"]:
            m = Model.from_observation(obs)
            card = m.offer[action["slot"]][1]
            seat = obs["current_player"]
            assert rounds_for(m, HORIZON) > 0, "stored a card in the last round: it is lost"
            # Not usable now (then it would use it) and at most one land tile short.
            assert parcels_missing(m, seat, card) == 1, (card, action)
            stores += 1
    assert stores > 0, "the games should show some storing"


def test_medium_plays_most_of_what_it_stores(medium_games):
    stored = played = 0
    for _obs, _legal, action in _decisions(medium_games):
        stored += action["type"] == "buy_card" and "store_in_barn" in action["use"]
        played += action["type"] == "play_stored"
    assert stored and played / stored >= 0.6, (played, stored)


def test_medium_plays_a_stored_card_as_soon_as_it_can(medium_games):
    for _obs, legal, action in _decisions(medium_games):
        if any(a["type"] == "play_stored" for a in legal):
            assert action["type"] == "play_stored"


def test_medium_spends_in_the_last_round_when_a_card_scores(medium_games):
    """In the certain last round, a card that scores at once and is affordable is bought:
    the money would be worth nothing afterwards."""
    checked = 0
    for obs, legal, action in _decisions(medium_games):
        if obs["phase"] != "buying":
            continue
        m = Model.from_observation(obs)
        if rounds_for(m, HORIZON) > 0:
            continue
        # A land-use card developing parcels, or a figure card: VP at once, for sure.
        scoring = [a for a in legal if a["type"] == "buy_card"
                   and ("develop" in a["use"] or "figure_on" in a["use"])]
        if scoring:
            checked += 1
            assert action["type"] in ("buy_card", "buy_land", "play_stored", "reveal_extra"), action
            assert action["type"] != "end_turn"
    assert checked > 0


def test_last_round_offer_holds_as_many_cards_as_it_can(medium_games):
    checked = 0
    for obs, legal, action in _decisions(medium_games, "announce_offer"):
        m = Model.from_observation(obs)
        going = [a["land_tiles"] for a in legal
                 if m.bag >= a["land_tiles"] and m.deck >= m.data.offer_slots - a["land_tiles"]]
        last = [n for n in going if expected_rounds(m.bag - n, m.deck - (m.data.offer_slots - n)) == 0]
        if going and last == going and action["land_tiles"] in going:
            assert action["land_tiles"] == min(going)
            checked += 1
    assert checked > 0


def test_simulate_takes_the_baseline_and_passes_the_budget(capsys, monkeypatch):
    import json

    import ne_game.ai as ai
    from ne_game.cli import main

    budgets = []
    real = ai.make_player

    def spy(kind, seed=0, time_budget=None, **kw):
        budgets.append((kind, time_budget))
        return real(kind, seed=seed, time_budget=time_budget, **kw)

    monkeypatch.setattr(ai, "make_player", spy)
    assert main(["simulate", "--games", "1", "--seats", "hard,medium_v1,medium", "--budget", "0.01", "--json"]) == 0
    game = json.loads(capsys.readouterr().out)
    assert game["seats"] == ["hard", "medium_v1", "medium"] and game["winners"]
    assert ("hard", 0.01) in budgets and any(k == "medium_v1" for k, _ in budgets)


def test_idle_money_is_worth_little_in_the_horizon_style():
    """A shilling beyond what the rounds left can turn into items is nearly idle: with many
    shillings and few rounds, one more adds far less than the baseline's flat rate."""
    from ne_game.ai.evaluation import H_MONEY_IDLE_VP, purse

    rounds = 3.0
    rich_gain = purse(25, rounds, HORIZON) - purse(24, rounds, HORIZON)
    poor_gain = purse(2, rounds, HORIZON) - purse(1, rounds, HORIZON)
    assert rich_gain <= H_MONEY_IDLE_VP + 1e-9
    assert poor_gain > 3 * rich_gain
    assert purse(25, rounds, BASELINE) - purse(24, rounds, BASELINE) > rich_gain
    # In the certain last round money only breaks ties.
    assert purse(30, 0.0, HORIZON) < 0.5


def test_probable_last_round_takes_the_highest_of_the_best_markers(medium_games):
    from ne_game.ai.medium import LAST_ROUND_BID_SLACK, LAST_ROUND_LIKELY, MediumPlayer

    judge = MediumPlayer(0)
    checked = 0
    for obs, legal, action in _decisions(medium_games, "take_bid"):
        m = Model.from_observation(obs)
        if m.rounds_ahead() > LAST_ROUND_LIKELY:
            continue
        scored = judge.bid_scores(m, obs["current_player"], legal)
        best = max(v for _, v in scored)
        close = [a["value"] for a, v in scored if v >= best - LAST_ROUND_BID_SLACK]
        assert action["value"] == max(close), (action, scored)
        checked += 1
    assert checked > 0


def test_medium_ends_with_little_money_unspent(medium_games):
    """Money held at each seat's last end of turn: what it could still have spent. The old
    medium left about 10 shillings a seat on average, the horizon medium about 4."""
    unspent: dict[tuple[int, int], int] = {}
    for g, steps in enumerate(medium_games):
        for obs, _legal, action in steps:
            if action["type"] == "end_turn":
                seat = obs["current_player"]
                unspent[(g, seat)] = obs["players"][seat]["money"]
    assert len(unspent) == 12
    assert sum(unspent.values()) / len(unspent) <= 7.0, unspent
