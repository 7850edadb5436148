"""benchmarks/ai_strength.py: a long run can stop and resume from its results file, and a
file written by other code is never mixed in."""
from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def bench():
    spec = importlib.util.spec_from_file_location("ai_strength", ROOT / "benchmarks" / "ai_strength.py")
    assert spec and spec.loader
    mod = importlib.util.module_from_spec(spec)
    sys.modules["ai_strength"] = mod
    spec.loader.exec_module(mod)
    return mod


def _quiet(*args, **kwargs):
    pass


def test_a_run_resumes_from_its_results_file(bench, tmp_path):
    results = tmp_path / "r.jsonl"
    first = bench.run("medium", "easy", 4, None, 1, 77, out=_quiet, results_file=results)
    lines = results.read_text(encoding="utf-8").splitlines()
    assert first["games"] == 4 and len(lines) == 4
    keys = {json.loads(line)["key"] for line in lines}
    assert keys == {f"medium|easy|77|{seat}|None" for seat in range(4)}
    # Asked again for 8 games: the 4 in the file are read, only the 4 new ones are played.
    second = bench.run("medium", "easy", 8, None, 1, 77, out=_quiet, results_file=results)
    assert second["games"] == 8 and len(results.read_text(encoding="utf-8").splitlines()) == 8
    assert second["wins"] >= first["wins"]
    assert "| 8 |" in bench.table([second])


def test_other_code_or_a_bad_line_is_not_mixed_in(bench, tmp_path, monkeypatch, capsys):
    results = tmp_path / "r.jsonl"
    bench.run("medium", "easy", 4, None, 1, 78, out=_quiet, results_file=results)
    with results.open("a", encoding="utf-8") as fh:
        fh.write("{not json\n")
    code = bench.fingerprint(("medium", "easy"))
    assert len(bench.load_results(results, code)) == 4
    assert "not a result line" in capsys.readouterr().err
    # Changed players (another fingerprint): nothing in the file counts for them.
    assert bench.load_results(results, "0" * 16) == {}


def test_a_time_limit_reached_before_any_game_says_so(bench, tmp_path):
    with pytest.raises(SystemExit, match="no game finished"):
        bench.run("medium", "easy", 4, None, 1, 79, out=_quiet, results_file=tmp_path / "r.jsonl", hours=-1.0)


def test_the_code_hash_ignores_comments_and_docstrings_but_not_code(bench):
    base = '"""Doc."""\nX = 1\n\n\ndef f():\n    """Says."""\n    return X  # why\n'
    reworded = '"""Other doc."""\n# a note\nX = 1\n\n\ndef f():\n    """Says more."""\n    return X\n'
    changed = '"""Doc."""\nX = 2\n\n\ndef f():\n    """Says."""\n    return X\n'
    only_doc = 'def g():\n    """Only a docstring."""\n'
    assert bench._code_text(base) == bench._code_text(reworded)
    assert bench._code_text(base) != bench._code_text(changed)
    assert "Pass" in bench._code_text(only_doc)


def test_the_hard_player_alone_is_hashed_only_for_a_pairing_with_hard(bench, tmp_path):
    """Changing the hard player keeps medium's results valid; changing medium does not."""
    ai = tmp_path / "ne_game" / "ai"
    ai.mkdir(parents=True)
    (ai / "hard.py").write_text("BUDGET = 1.0\n", encoding="utf-8")
    (ai / "medium.py").write_text("MARGIN = 0.3\n", encoding="utf-8")
    before = {lv: bench.fingerprint(lv, tmp_path) for lv in [("medium", "easy"), ("hard", "medium")]}
    (ai / "hard.py").write_text("BUDGET = 2.0\n", encoding="utf-8")
    assert bench.fingerprint(("medium", "easy"), tmp_path) == before[("medium", "easy")]
    assert bench.fingerprint(("hard", "medium"), tmp_path) != before[("hard", "medium")]
    (ai / "medium.py").write_text("MARGIN = 0.5\n", encoding="utf-8")
    assert bench.fingerprint(("medium", "easy"), tmp_path) != before[("medium", "easy")]


def test_the_tested_players_own_results_are_reported(bench, tmp_path, capsys):
    """Pairing "easy-vs-medium" (one easy, three medium): the table gives the tested player's
    mean VP, mean final money and max final money, taken from the games in the file."""
    assert bench.PAIRINGS["easy-vs-medium"] == ("easy", "medium")
    results = tmp_path / "r.jsonl"
    assert bench.main(["--pairing", "easy-vs-medium", "--games", "4", "--procs", "1", "--seed", "80",
                       "--results", str(results)]) == 0
    games = [json.loads(line)["result"] for line in results.read_text(encoding="utf-8").splitlines()]
    assert [g["seats"][g["hero_seat"]] for g in games] == ["easy"] * 4
    assert sorted(g["hero_seat"] for g in games) == [0, 1, 2, 3]
    vp = [g["totals"][g["hero_seat"]] for g in games]
    money = [g["money"][g["hero_seat"]] for g in games]
    out = capsys.readouterr().out
    assert "| easy vs 3 medium | 4 |" in out
    assert f"| easy (vs 3 medium) | 4 | {sum(vp) / 4:.1f} | {sum(money) / 4:.1f} | {max(money)} |" in out
    row = bench.run("easy", "medium", 4, None, 1, 80, out=_quiet, results_file=results)
    assert (row["vp"], row["money"], row["max_money"]) == (sum(vp) / 4, sum(money) / 4, max(money))


def test_check_names_the_files_todays_code_did_not_play(bench, tmp_path):
    """--check: a file whose games carry today's code hash is current; one with games by other
    code (the players changed since) is stale, and the exit status says so."""
    now = bench.fingerprint(("medium", "easy"))
    line = {"key": "medium|easy|1|0|None", "result": {}}
    (tmp_path / "fresh.jsonl").write_text(json.dumps({**line, "code": now}) + "\n", encoding="utf-8")
    (tmp_path / "old.jsonl").write_text(json.dumps({**line, "code": "0" * 16}) + "\n" + "{bad\n", encoding="utf-8")
    said: list[str] = []
    assert bench.check(tmp_path, out=said.append) == 1
    assert said == [f"fresh.jsonl: current (1 games, code {now})",
                    f"old.jsonl: STALE (1 games by other code, 0 by today's {now})"]
