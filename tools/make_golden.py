"""Write the rules' golden file: legal-action counts along seeded games, in the manner of
chess perft. A change to any rule that alters what is legal anywhere along these games
changes a count, and tests/rules/test_golden.py fails until the change is confirmed.

Run:  uv run python tools/make_golden.py          (rewrites tests/rules/golden/legal_counts.json)
      uv run python tools/make_golden.py --check  (exit 1 when the file is out of date)

Each playout is deterministic and independent of the order `legal_actions` lists actions
in: at step k of the game with seed s, the legal actions are sorted by their normal form (`rules.normalize_action`) as JSON text
and the one at index (k * 7919 + s) % count is played.
"""
from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from ne_game import rules  # noqa: E402

GOLDEN = Path(__file__).resolve().parent.parent / "tests" / "rules" / "golden" / "legal_counts.json"
SEEDS = (1, 2, 3, 4)
PLAYERS = (3, 4)


def playout(seed: int, players: int) -> dict:
    """The legal-action count at every decision of one deterministic game, and how it ended."""
    state = rules.new_game(players=players, seed=seed)
    counts = []
    while True:
        legal = rules.legal_actions(state)
        if not legal:
            break
        counts.append(len(legal))
        # the contract's normal form as text: the order the golden file was written in
        ordered = sorted(legal, key=lambda a: json.dumps(rules.normalize_action(a), sort_keys=True))
        state = rules.apply_action(state, ordered[(len(counts) * 7919 + seed) % len(ordered)])
    totals = [row["total"] for row in sorted(rules.final_scores(state), key=lambda r: r["seat"])]
    return {"seed": seed, "players": players, "steps": len(counts), "rounds": rules.to_json(state)["round"],
            "totals": totals, "counts": counts}


def golden() -> dict:
    return {"about": "legal-action counts along seeded deterministic games; regenerate with "
                     "`uv run python tools/make_golden.py`",
            "games": [playout(seed, players) for players in PLAYERS for seed in SEEDS]}


def dumps(data: dict) -> str:
    """One game per line: small, and a diff shows which game changed."""
    games = ",\n".join("  " + json.dumps(g, separators=(",", ":")) for g in data["games"])
    return f'{{"about": {json.dumps(data["about"])},\n "games": [\n{games}\n]}}\n'


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="only compare; exit 1 when out of date")
    args = parser.parse_args()
    text = dumps(golden())
    if args.check:
        same = GOLDEN.is_file() and GOLDEN.read_text(encoding="utf-8") == text
        print("up to date" if same else f"{GOLDEN} is out of date")
        return 0 if same else 1
    GOLDEN.write_text(text, encoding="utf-8")
    print(f"wrote {GOLDEN} ({len(text.encode())} bytes)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
