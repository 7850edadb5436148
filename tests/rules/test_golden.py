"""Golden legal-action counts (perft-style): for seeds 1-4 and 3 and 4 players, the number of
legal actions at every step of a deterministic playout, with each game's length, last round
and final totals, must equal tests/rules/golden/legal_counts.json.

When a rule changes on purpose, regenerate the file and review its diff:

    uv run python tools/make_golden.py

(`--check` only compares). The playout sorts the legal actions by their normal form as text, so the
order in which `legal_actions` lists them does not matter; what is legal does.
"""
from __future__ import annotations

import importlib.util
import json
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _maker():
    spec = importlib.util.spec_from_file_location("make_golden", ROOT / "tools" / "make_golden.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_legal_action_counts_match_the_golden_file():
    maker = _maker()
    stored = json.loads(maker.GOLDEN.read_text(encoding="utf-8"))
    assert maker.GOLDEN.stat().st_size < 50_000
    assert len(stored["games"]) == len(maker.SEEDS) * len(maker.PLAYERS)
    for want in stored["games"]:
        got = maker.playout(want["seed"], want["players"])
        where = f"seed {want['seed']}, {want['players']} players"
        first = next((k for k, (a, b) in enumerate(zip(got["counts"], want["counts"])) if a != b), None)
        assert first is None, (f"{where}: step {first} has {got['counts'][first]} legal actions, the golden "
                               f"file {want['counts'][first]} (regenerate: uv run python tools/make_golden.py)")
        assert got == want, f"{where}: the game's length, rounds or totals differ from the golden file"
        assert want["steps"] > 50 and want["rounds"] >= 5, f"{where}: a playout should be a whole game"


def test_the_golden_file_is_what_the_tool_writes():
    """The stored text is exactly the tool's output (so a regeneration diff is only real changes)."""
    maker = _maker()
    stored = json.loads(maker.GOLDEN.read_text(encoding="utf-8"))
    assert maker.GOLDEN.read_text(encoding="utf-8") == maker.dumps(stored)
