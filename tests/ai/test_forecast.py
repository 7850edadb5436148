"""The hard player's forecast (ne_game/ai/forecast.py) and its weights file."""
from __future__ import annotations

import importlib.util
import logging
import sys
from pathlib import Path

import pytest

import ne_game.rules as rules
from ne_game.ai import forecast as fc
from ne_game.ai import hard as hard_mod
from ne_game.ai.model import Model
from ne_game.rules.errors import DataError

ROOT = Path(__file__).resolve().parents[2]


def _shipped_text() -> str:
    return ROOT.joinpath(*fc.FORECAST_FILE).read_text(encoding="utf-8")


def _at_phase(seed: int, phase: str, skip: int = 0) -> rules.State:
    """The first state of that phase (after `skip` earlier ones) in a game of medium players."""
    from ne_game.ai import make_player

    players = [make_player("medium", seed=seed + i) for i in range(4)]
    state = rules.new_game(players=4, seed=seed)
    while legal := rules.legal_actions(state):
        if rules.to_json(state)["phase"] == phase:
            if skip == 0:
                return state
            skip -= 1
            while rules.to_json(state)["phase"] == phase:
                state = rules.apply_action(state, players[state.current].choose(rules.observe(state, state.current),
                                                                                rules.legal_actions(state)))
            continue
        state = rules.apply_action(state, players[state.current].choose(rules.observe(state, state.current), legal))
    raise AssertionError(f"no {phase} phase")


def test_the_shipped_forecast_reads_and_names_this_rulesets_facts():
    model = fc.load_forecast()
    assert model.names == fc.fact_names()
    assert "figures.pilgrim" in model.names and "figures.ship" in model.names
    assert len(model.stages) == 11
    # A VP already scored is worth about a VP at the end, and never less than nothing.
    assert all(0.2 < w[model.names.index("cards_vp")] < 1.3 for w in model.stages)
    assert fc.shipped_forecast() == model


def test_facts_and_the_forecast_follow_the_position():
    state = _at_phase(3, "offer", skip=4)
    m = Model.from_observation(rules.to_json(state))
    facts = fc.facts(m)
    assert len(facts) == 4 and all(len(f) == len(fc.fact_names()) for f in facts)
    snap = rules.to_json(state)
    for s, f in enumerate(facts):
        assert f[fc.fact_names().index("money")] == snap["players"][s]["money"]
    model = fc.load_forecast()
    pred = model.predict(m)
    assert model.margin(m, 0) == pytest.approx(pred[0] - max(pred[1:]))
    assert model.margin(m, 0, 0.5) == pytest.approx(pred[0] - 0.5 * max(pred[1:]))
    # The stage is the rounds ahead, rounded; each seat's forecast is its facts weighed.
    stage = fc.stage_of(m, len(model.stages))
    assert stage == min(10, round(m.rounds_ahead()))
    w = model.stages[stage]
    assert pred == pytest.approx([sum(x * y for x, y in zip(f, w)) + w[-1] for f in facts])
    assert fc.stage_of(m, 1) == 0


def test_ridge_finds_the_weights_that_made_the_data():
    rows = [[float(i % 7), float((i * 3) % 5), float(i % 2)] for i in range(60)]
    ys = [2.0 * a - 3.0 * b + 0.5 * c + 5.0 for a, b, c in rows]
    w = fc.ridge(rows, ys, 1e-9)
    assert w == pytest.approx([2.0, -3.0, 0.5, 5.0], abs=1e-6)
    # The penalty pulls the weights (not the constant) towards nothing.
    shrunk = fc.ridge(rows, ys, 1000.0)
    assert abs(shrunk[0]) < 2.0 and abs(shrunk[1]) < 3.0
    with pytest.raises(ValueError):
        fc.ridge([[1.0, 1.0]] * 5, [1.0] * 5, 0.0)   # one column copies the other: no single answer


def test_the_weights_file_reads_back_what_was_written(tmp_path):
    model = fc.load_forecast()
    path = tmp_path / "forecast.toml"
    path.write_text(fc.to_toml(model, ["a note"]), encoding="utf-8")
    again = fc.load_forecast(path)
    assert again.names == model.names
    assert len(again.stages) == len(model.stages)
    assert all(a == pytest.approx(b, abs=1e-5) for a, b in zip(again.stages, model.stages))


def _first_weight(text: str, token: str) -> str:
    """The text with stage 0's first weight replaced by `token`."""
    at = text.index("weights = [") + len("weights = [")
    return text[:at] + token + text[text.index(",", at):]


@pytest.mark.parametrize(("change", "key"), [
    (lambda t: t.replace('"money", ', ""), "facts"),
    (lambda t: t.replace("rounds_ahead = 1\n", "rounds_ahead = 2\n", 1), "stage[1].rounds_ahead"),
    (lambda t: t.replace("rounds_ahead = 0\n", "rounds_ahead = true\n", 1), "stage[0].rounds_ahead"),
    (lambda t: t.replace("weights = [", "weights = [1.0, ", 1), "stage[0].weights"),
    (lambda t: _first_weight(t, "inf"), "stage[0].weights[0]"),
    (lambda t: _first_weight(t, "1e9"), "stage[0].weights[0]"),
    (lambda t: _first_weight(t, "true"), "stage[0].weights[0]"),
    (lambda t: t.split("[[stage]]")[0], "stage"),
])
def test_a_bad_weights_file_is_refused_naming_the_key(tmp_path, change, key):
    path = tmp_path / "forecast.toml"
    path.write_text(change(_shipped_text()), encoding="utf-8")
    with pytest.raises(DataError) as err:
        fc.load_forecast(path)
    assert err.value.key == key and str(path) in str(err.value)


def test_a_damaged_shipped_file_leaves_the_hard_player_on_its_hand_written_judgement(tmp_path, monkeypatch, caplog):
    bad = tmp_path / "assets" / "data"
    bad.mkdir(parents=True)
    (bad / "forecast.toml").write_text("facts = [\n", encoding="utf-8")
    monkeypatch.setattr(fc, "resource_path", lambda *parts: tmp_path.joinpath(*parts))
    fc.shipped_forecast.cache_clear()
    try:
        with caplog.at_level(logging.ERROR, logger="ne_game.ai.forecast"):
            assert fc.shipped_forecast() is None
            player = hard_mod.HardPlayer(seed=1, time_budget=None, samples=1)
        assert player.forecast is None
        assert "forecast" in caplog.text and "syntax" in caplog.text
        state = _at_phase(5, "bids")
        obs, legal = rules.observe(state, state.current), rules.legal_actions(state)
        assert player.choose(obs, legal) in legal
    finally:
        fc.shipped_forecast.cache_clear()


class _Fixed(fc.Forecast):
    def margin(self, m, seat, rival_weight=1.0):
        return 42.0


def test_a_rollout_that_stops_at_an_offer_is_judged_by_the_forecast():
    state = _at_phase(5, "bids", skip=2)
    seat = state.current
    obs = rules.observe(state, seat)
    action = rules.legal_actions(state)[0]
    fixed = _Fixed(fc.fact_names(), ((0.0,) * (len(fc.fact_names()) + 1),))
    player = hard_mod.HardPlayer(seed=1, time_budget=None, samples=1, forecast=fixed)
    base = rules.determinize(obs, 7)
    assert player._rollout(rules, base, action, seat, 7, 1) == 42.0
    hand = hard_mod.HardPlayer(seed=1, time_budget=None, samples=1, forecast=False)
    assert hand.forecast is None
    assert hand._rollout(rules, base, action, seat, 7, 1) != 42.0


@pytest.mark.slow
def test_the_fitting_tool_writes_a_file_the_game_reads(tmp_path, capsys):
    spec = importlib.util.spec_from_file_location("fit_forecast", ROOT / "benchmarks" / "fit_forecast.py")
    assert spec and spec.loader
    tool = importlib.util.module_from_spec(spec)
    sys.modules["fit_forecast"] = tool
    spec.loader.exec_module(tool)
    out = tmp_path / "forecast.toml"
    assert tool.main(["--games", "16", "--procs", "1", "--out", str(out)]) == 0
    model = fc.load_forecast(out)
    assert model.names == fc.fact_names() and len(model.stages) == tool.STAGES
    printed = capsys.readouterr().out
    assert "held out 4" in printed and "margin corr" in printed
