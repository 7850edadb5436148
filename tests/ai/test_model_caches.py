"""The model's caches (open parcels, frontiers carried over a laid tile, rivals' values
reused after an action) give exactly the numbers a fresh model computes."""
from __future__ import annotations

import dataclasses

import ne_game.ai.evaluation as evaluation
import ne_game.rules as rules
from ne_game.ai import make_player
from ne_game.ai.evaluation import BASELINE, HORIZON, values
from ne_game.ai.model import Model


def _fresh(m: Model) -> Model:
    """The same position with every cache empty and no parent."""
    return dataclasses.replace(m, parent=None, actor=None, placed=None, fcache={}, ocache=None, vcache={})


def _buying_positions(seed: int, limit: int = 40):
    state = rules.new_game(players=4, seed=seed)
    driver = make_player("medium", seed=seed)
    found = 0
    while found < limit:
        legal = rules.legal_actions(state)
        if not legal:
            return
        seat = state.current
        obs = rules.observe(state, seat)
        if legal[0]["type"] in ("buy_land", "buy_card", "move_figure", "play_stored", "end_turn"):
            found += 1
            yield obs, legal, seat
        state = rules.apply_action(state, driver.choose(obs, legal))


def test_applied_models_read_like_fresh_ones(monkeypatch):
    computed = 0
    real = evaluation.player_value

    def counting(*args, **kwargs):
        nonlocal computed
        computed += 1
        return real(*args, **kwargs)

    monkeypatch.setattr(evaluation, "player_value", counting)
    checked = asked = 0
    for seed in (3, 8):
        for obs, legal, seat in _buying_positions(seed):
            m = Model.from_observation(obs)
            for style in (HORIZON, BASELINE):
                values(m, style)
            for lands in m.data.lands:
                for s in range(m.n):
                    m.frontier(s, lands)
            for a in legal:
                after = m.apply(a, seat)
                fresh = _fresh(after)
                for style in (HORIZON, BASELINE):
                    before = computed
                    got = values(after, style)
                    asked += computed - before
                    assert got == values(fresh, style), a
                for land in m.data.lands:
                    for s in range(m.n):
                        assert after.frontier(s, land) == fresh.frontier(s, land), (a, s, land)
                        assert after.open_cells(s, land) == fresh.open_cells(s, land), (a, s, land)
                checked += 1
    # Most rivals' values are read from the position before the action, not worked out again.
    assert checked > 200 and asked < 0.6 * checked * 2 * m.n
