"""The hard player's rollout recorder (the coach's `trace`) changes nothing the rollout decides."""
from __future__ import annotations

import pytest

import ne_game.rules as rules
from ne_game.ai import hard as hard_mod
from ne_game.ai import make_player


def _position(seed: int, steps: int) -> rules.State:
    """A game of medium players, `steps` actions in."""
    players = [make_player("medium", seed=seed + i) for i in range(4)]
    state = rules.new_game(players=4, seed=seed)
    for _ in range(steps):
        legal = rules.legal_actions(state)
        seat = state.current
        state = rules.apply_action(state, players[seat].choose(rules.observe(state, seat), legal))
    return state


@pytest.mark.parametrize(("seed", "steps", "offers"), [(3, 30, 1), (4, 60, 2), (5, 90, 1_000)])
def test_the_trace_leaves_the_value_and_the_end_bit_identical(seed, steps, offers):
    state = _position(seed, steps)
    seat = state.current
    obs = rules.observe(state, seat)
    player = hard_mod.HardPlayer(seed=1, time_budget=None, forecast=False)
    for action in rules.legal_actions(state)[:3]:
        base = rules.determinize(obs, 11)
        plain: list[rules.Snapshot] = []
        traced: list[rules.Snapshot] = []
        trace: list[tuple[rules.Snapshot, rules.Action]] = []
        value = player._rollout(rules, base, action, seat, 11, offers, ends=plain)
        again = player._rollout(rules, base, action, seat, 11, offers, ends=traced, trace=trace)
        assert repr(value) == repr(again)       # bit-identical, not only close
        assert plain == traced
        # the trace is the play itself: replayed from the move, it reaches the same end
        s = rules.apply_action(base, action)
        for snap, step in trace:
            assert rules.to_json(s) == snap
            s = rules.apply_action(s, step)
        assert rules.to_json(s) == traced[0]
        assert trace, "a rollout to the next offer plays at least one step"
