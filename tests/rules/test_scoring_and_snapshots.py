"""Final scoring (rules §5), snapshots, observations, determinisation and replays."""
import json

import pytest

from ne_game import rules

from .helpers import buying_position, play_until, random_game, snap, tile, to_buying


def scored(tiles, cards, money=None, barns=None):
    state = buying_position(tiles, {}, cards=cards, money=money, barns=barns)
    return {r["seat"]: r for r in rules.final_scores(state)}


def test_cards_score_their_printed_vp():
    rows = scored([], {0: ["S4O", "F2", "pilgrim"], 1: ["P3L"], 2: [], 3: ["ship", "barn"]})
    assert [rows[k]["cards_vp"] for k in range(4)] == [14, 6, 0, 2]


def test_majorities_score_in_full_for_every_tied_leader_and_need_one_figure():
    tiles = [tile(0, "field", [(7, 0)], figure="pilgrim"), tile(1, "field", [(0, 7)], figure="pilgrim"),
             tile(2, "field", [(2, 7)], figure="barn"), tile(3, "field", [(2, 0)], figure="ship"),
             tile(3, "field", [(3, 0)], figure="ship"), tile(0, "field", [(8, 0)], figure="ship")]
    rows = scored(tiles, {}, barns={2: [{"cell": [2, 7], "card": None}]})
    assert [rows[k]["majority_vp"] for k in range(4)] == [4, 4, 3, 2]
    assert rows[0]["majorities"] == {"pilgrim": 4, "barn": 0, "ship": 0}
    assert rows[3]["majorities"] == {"pilgrim": 0, "barn": 0, "ship": 2}
    assert rows[3]["figures"] == {"pilgrim": 0, "barn": 0, "ship": 2}
    assert scored([], {})[0]["majority_vp"] == 0


def test_ranks_follow_vp_then_money_and_full_ties_share():
    rows = scored([], {0: ["F2"], 1: ["F2"], 2: ["S2"], 3: []}, money=[5, 9, 5, 40])
    assert [rows[k]["rank"] for k in range(4)] == [3, 1, 2, 4] or [rows[k]["rank"] for k in range(4)] == [2, 1, 2, 4]
    assert rows[1]["rank"] == 1 and rows[3]["rank"] == 4 and rows[0]["rank"] == rows[2]["rank"] == 2


def test_final_scores_work_at_any_time_as_an_estimate():
    rows = rules.final_scores(rules.new_game(seed=1))
    assert all(r["total"] == 0 and r["rank"] == 1 for r in rows)


def test_a_snapshot_round_trips_through_json_and_plays_on_identically():
    state = to_buying(seed=8)
    again = rules.from_json(json.loads(json.dumps(snap(state))))
    assert snap(again) == snap(state)
    assert rules.legal_actions(again) == rules.legal_actions(state)


@pytest.mark.parametrize("bad,message", [
    (lambda d: d.update(version=99), "version"),
    (lambda d: d.update(phase="lunch"), "phase"),
    (lambda d: d["tiles"].append(dict(d["tiles"][0])), "covered twice"),
    (lambda d: d.update(observer=0), "observation"),
    (lambda d: d["players"].pop(), "owner"),
    (lambda d: d.pop("players"), "'players': missing"),
])
def test_a_broken_snapshot_is_refused_with_a_reason(bad, message):
    d = snap(to_buying(seed=8))
    bad(d)
    with pytest.raises(ValueError, match=message):
        rules.from_json(d)


def test_an_observation_hides_the_draw_order_the_seed_and_rivals_barns():
    state = to_buying(seed=9)
    obs = rules.observe(state, 2)
    assert "bag" not in obs and "deck" not in obs and "seed" not in obs and obs["observer"] == 2
    s = snap(state)
    assert sum(obs["bag_counts"].values()) == s["bag_count"]
    assert sum(obs["unseen_cards"].values()) == s["deck_count"]
    json.dumps(obs)


def test_determinize_keeps_everything_visible_and_samples_the_rest():
    state = play_until(to_buying(seed=10), "offer", 10)
    obs = rules.observe(state, 1)
    a, b = rules.determinize(obs, seed=1), rules.determinize(obs, seed=2)
    for sample in (a, b):
        s = snap(sample)
        for key in ("tiles", "offer", "phase", "current_player", "supply", "bag_count", "deck_count", "round"):
            assert s[key] == obs[key]
        assert sorted(s["bag"]) == sorted(snap(state)["bag"])
        assert rules.legal_actions(sample) == rules.legal_actions(state)
    assert snap(a)["deck"] != snap(b)["deck"]


def test_replaying_a_games_actions_gives_the_same_state():
    actions, final = [], None
    for state, action in random_game(4, seed=77):
        if action is None:
            final = state
            break
        actions.append(action)
    assert snap(rules.replay(4, 77, None, actions)) == snap(final)
    with pytest.raises(rules.IllegalAction, match=r"action 1 of 1 \(end_turn\) cannot be replayed"):
        rules.replay(4, 77, None, [{"type": "end_turn"}])


CONTRACT_KEYS = ("version", "phase", "round", "start_player", "current_player", "players", "tiles", "offer",
                 "bag_count", "deck_count", "supply")


@pytest.mark.parametrize("seed,phase", [(3, "start_tiles"), (4, "offer"), (5, "bids"), (6, "buying")])
def test_a_position_written_with_only_the_contract_keys_can_be_played(seed, phase):
    state = rules.new_game(seed=seed)
    for s, action in random_game(4, seed):
        state = s
        if snap(s)["phase"] == phase and snap(s)["round"] >= (2 if phase != "start_tiles" else 0) and action:
            break
    full = snap(state)
    bare = {k: full[k] for k in CONTRACT_KEYS}
    for p in bare["players"]:
        p.pop("extra", None)
    again = rules.from_json(bare)
    s = snap(again)
    assert {k: s[k] for k in CONTRACT_KEYS if k not in ("bag_count", "deck_count")} == \
        {k: full[k] for k in CONTRACT_KEYS if k not in ("bag_count", "deck_count")}
    assert s["bag_count"] == full["bag_count"] + len(full["discarded"]["lands"])
    assert rules.legal_actions(again) == rules.legal_actions(state) or phase == "buying"
    # and it plays on to the end
    from ne_game.sim import RandomPlayer
    player = RandomPlayer(seed)
    while rules.legal_actions(again):
        again = rules.apply_action(again, player.choose(None, rules.legal_actions(again)))


def test_the_same_action_has_one_key_whatever_the_order_of_its_cells():
    a = {"type": "buy_card", "slot": 7, "use": {"develop": [[3, 4], [2, 3], [2, 4]]}}
    b = {"use": {"develop": [[2, 3], [2, 4], [3, 4]]}, "slot": 7, "type": "buy_card"}
    assert rules.action_key(a) == rules.action_key(b)
    assert rules.action_key(a) != rules.action_key(dict(b, slot=8))
    assert rules.normalize_action(a)["use"]["develop"] == [[2, 3], [2, 4], [3, 4]]
