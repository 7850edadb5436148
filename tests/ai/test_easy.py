"""The easy player is a beginner who really plays: it spends its money, buys whenever it
can use an item, bids more than the cheapest markers, and stays seeded and fast.

Every test here plays a few seeded games of one easy player against three medium ones
(the benchmark's pairing "easy-vs-medium"); the old, passive easy (cheapest markers only,
buying nothing once the cheap leftovers were of no use) fails the first three.
"""
from __future__ import annotations

import statistics

import ne_game.rules as rules
from ne_game.ai import make_player
from ne_game.ai.tournament import play_game, player_seed

# (seed, easy's seat): easy sits in a different seat in each game
GAMES = [(1000, 0), (1001, 1), (1002, 2), (1003, 3)]
USES = ("develop", "figure_on")


def _kinds(seat: int) -> list[str]:
    kinds = ["medium"] * 4
    kinds[seat] = "easy"
    return kinds


def _easy_decisions(seed: int, seat: int):
    """Play one game (as play_game does); yield (observation, legal, action) of easy's
    decisions that had a choice."""
    kinds = _kinds(seat)
    players = [make_player(k, seed=player_seed(seed, i)) for i, k in enumerate(kinds)]
    state = rules.new_game(players=4, seed=seed)
    while legal := rules.legal_actions(state):
        current = state.current
        obs = rules.observe(state, current)
        action = players[current].choose(obs, legal)
        if current == seat and len(legal) > 1:
            yield obs, legal, action
        state = rules.apply_action(state, action)


def _usable(action: dict) -> bool:
    """A purchase easy can put to use at once: a land tile, a land-use card it develops, a
    figure it places (storing a card in a barn does not count)."""
    return action["type"] == "buy_land" or (action["type"] == "buy_card" and any(k in action["use"] for k in USES))


def test_easy_spends_its_money_and_scores():
    """The old easy ended these games with 16, 9 and 21 shillings and 15, 17 and 11 VP."""
    results = [play_game(_kinds(seat), seed) for seed, seat in GAMES[:3]]
    money = [r["money"][seat] for r, (_, seat) in zip(results, GAMES)]
    vp = [r["totals"][seat] for r, (_, seat) in zip(results, GAMES)]
    assert statistics.mean(money) <= 11, money
    assert max(money) <= 20, money
    assert statistics.mean(vp) >= 17, vp


def test_easy_buys_whenever_it_can_use_an_item_and_plays_stored_cards():
    buying_turns = bought = 0
    for seed, seat in GAMES[:2]:
        for _obs, legal, action in _easy_decisions(seed, seat):
            if any(a["type"] == "play_stored" for a in legal):
                assert action["type"] == "play_stored", "a stored card it can play comes first"
            if any(_usable(a) for a in legal):
                buying_turns += 1
                # it may reveal an extra item first, never ends its turn or moves a figure
                assert action["type"] in ("buy_land", "buy_card", "reveal_extra", "play_stored"), action
                bought += action["type"] in ("buy_land", "buy_card")
    assert buying_turns > 20 and bought > 20


def test_easy_bids_are_not_only_the_cheapest_and_it_can_pay_them():
    values, cheapest, unpaid = [], 0, 0
    for seed, seat in GAMES[:2]:
        for obs, legal, action in _easy_decisions(seed, seat):
            if action["type"] != "take_bid":
                continue
            free = sorted(a["value"] for a in legal)
            money = obs["players"][seat]["money"]
            values.append(action["value"])
            cheapest += action["value"] in free[:3]
            # a marker above its money only when it can pay none (or wants nothing)
            unpaid += action["value"] > money and free[0] <= money and action["value"] != free[0]
    assert unpaid == 0
    assert len(values) > 15
    # it often takes a marker above the three cheapest free ones (the old easy: never)
    assert len(values) - cheapest >= 3, values


def test_easy_is_deterministic_from_its_seed():
    a = play_game(_kinds(1), 1004)
    b = play_game(_kinds(1), 1004)
    assert a == b
    # ... and its choices do depend on its seed: other seeds, other moves somewhere
    decisions = list(_easy_decisions(1004, 1))
    differs = 0
    for obs, legal, action in decisions:
        again = make_player("easy", seed=player_seed(1004, 1)).choose(obs, legal)
        assert again == action
        other = make_player("easy", seed=12345).choose(obs, legal)
        differs += other != action
    assert differs > 0


def test_easy_never_looks_ahead(monkeypatch):
    """What keeps easy fast (0.2 ms a decision, 4 ms at most: benchmarks/ai_strength.py prints
    it) is that it never plays a move forward: no engine step, no search, no evaluation of a
    position. Measured by what it calls, not by a clock, so a busy machine cannot fail it."""
    import ne_game.ai.evaluation as evaluation
    import ne_game.ai.model as model
    import ne_game.rules as rules_pkg

    decisions = list(_easy_decisions(1005, 2))

    def forbidden(*_args, **_kwargs):
        raise AssertionError("easy looked ahead")

    for owner, name in ((rules_pkg, "apply_action"), (rules_pkg, "determinize"), (model.Model, "apply"),
                        (evaluation, "player_value"), (evaluation, "best_packing")):
        monkeypatch.setattr(owner, name, forbidden)
    player = make_player("easy", seed=3)
    for obs, legal, _action in decisions:
        assert player.choose(obs, legal) in legal
