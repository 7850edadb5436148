"""How strong are the computer players? Seeded 4-player games, seats rotated.

    uv run python benchmarks/ai_strength.py --pairing medium-vs-easy --games 400 --procs 2
    uv run python benchmarks/ai_strength.py --pairing medium-vs-medium_v1 --games 200 --procs 2
    uv run python benchmarks/ai_strength.py --pairing hard-vs-medium --games 200 --budget 1.0

For a pairing "A-vs-B" one A plays three B's; game g uses seed base+g//4... and puts A in
seat g % 4, so A sits in each seat equally often. A win counts 1/k when k seats share it.
Prints win rate with a 95% Wilson interval, mean VP margin (A's VP minus the best
other seat's), time per decision (median and max) of each level, and per level how it
used its means: mean unspent money (held when it ended its last buying turn; the last
round's income, which no one can spend, is not counted: "final money" is the total with
it) and the share of the cards it stored in barns that it later played.
"medium_v1" is the medium player before it followed the game's end (the baseline).
"""
from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ne_game.ai.tournament import play_game  # noqa: E402

PAIRINGS = {"medium-vs-easy": ("medium", "easy"), "hard-vs-medium": ("hard", "medium"),
            "hard-vs-easy": ("hard", "easy"), "medium-vs-medium": ("medium", "medium"),
            "medium-vs-medium_v1": ("medium", "medium_v1"), "medium_v1-vs-easy": ("medium_v1", "easy"),
            "hard-vs-medium_v1": ("hard", "medium_v1")}
LEVELS = ("easy", "medium_v1", "medium", "hard")


def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    if n == 0:
        return 0.0, 0.0
    p = wins / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return max(0.0, c - h), min(1.0, c + h)


def _one(job: tuple[str, str, int, int, float | None]) -> dict:
    hero, other, seed, seat, budget = job
    kinds = [other] * 4
    kinds[seat] = hero
    r = play_game(kinds, seed, players_budget=budget, collect_times=True)
    r["hero_seat"] = seat
    return r


def run(hero: str, other: str, games: int, budget: float | None, procs: int, base_seed: int,
        out=print) -> dict:
    jobs = [(hero, other, base_seed + g // 4, g % 4, budget) for g in range(games)]
    t0 = time.time()
    results = []
    with ProcessPoolExecutor(max_workers=procs) as pool:
        for k, r in enumerate(pool.map(_one, jobs, chunksize=1)):
            results.append(r)
            if (k + 1) % max(1, games // 10) == 0:
                out(f"  {hero}-vs-{other}: {k + 1}/{games} games, {time.time() - t0:.0f} s", file=sys.stderr)
    wins = 0.0
    margins = []
    times = {hero: [], other: []}
    use = {k: {"unspent": [], "money": [], "stored": 0, "played": 0} for k in (hero, other)}
    for r in results:
        s = r["hero_seat"]
        if s in r["winners"]:
            wins += 1.0 / len(r["winners"])
        best_other = max(v for i, v in enumerate(r["totals"]) if i != s)
        margins.append(r["totals"][s] - best_other)
        for i, ts in enumerate(r["times"]):
            k = r["seats"][i]
            times[k].extend(ts)
            use[k]["unspent"].append(r["unspent"][i])
            use[k]["money"].append(r["money"][i])
            use[k]["stored"] += r["stored"][i]
            use[k]["played"] += r["stored_played"][i]
    lo, hi = wilson(wins, len(results))
    return {"hero": hero, "other": other, "games": len(results), "wins": wins, "rate": wins / len(results),
            "lo": lo, "hi": hi, "margin": statistics.mean(margins), "times": times, "use": use,
            "budget": budget, "seconds": time.time() - t0}


def table(rows: list[dict]) -> str:
    lines = ["| pairing | games | win rate | 95% CI | mean VP margin | baseline |",
             "|---|---|---|---|---|---|"]
    for r in rows:
        name = f"{r['hero']} vs 3 {r['other']}" + (f" (budget {r['budget']} s)" if r["hero"] == "hard" else "")
        lines.append(f"| {name} | {r['games']} | {r['rate']:.1%} | {r['lo']:.1%} – {r['hi']:.1%} | "
                     f"{r['margin']:+.2f} | 25% |")
    lines += ["", "| level | decisions | median s/decision | max s/decision |", "|---|---|---|---|"]
    seen = {}
    for r in rows:
        for k, ts in r["times"].items():
            seen.setdefault(k, []).extend(ts)
    for k in LEVELS:
        if seen.get(k):
            ts = seen[k]
            lines.append(f"| {k} | {len(ts)} | {statistics.median(ts):.4f} | {max(ts):.3f} |")
    lines += ["", "| level | player-games | mean unspent money | mean final money | stored per game "
              "| stored cards played |", "|---|---|---|---|---|---|"]
    used: dict[str, dict] = {}
    for r in rows:
        for k, u in r["use"].items():
            acc = used.setdefault(k, {"unspent": [], "money": [], "stored": 0, "played": 0})
            acc["unspent"] += u["unspent"]
            acc["money"] += u["money"]
            acc["stored"] += u["stored"]
            acc["played"] += u["played"]
    for k in LEVELS:
        u = used.get(k)
        if u and u["unspent"]:
            n = len(u["unspent"])
            share = f"{u['played'] / u['stored']:.0%} ({u['played']}/{u['stored']})" if u["stored"] else "–"
            lines.append(f"| {k} | {n} | {statistics.mean(u['unspent']):.1f} | {statistics.mean(u['money']):.1f} | "
                         f"{u['stored'] / n:.2f} | {share} |")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--games", type=int, default=None, help="games per pairing (default 400, 200 for hard)")
    ap.add_argument("--pairing", default="medium-vs-easy", choices=[*PAIRINGS, "all"])
    ap.add_argument("--budget", type=float, default=None, help="hard's seconds per decision (default 1.0)")
    ap.add_argument("--procs", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1000, help="first game seed")
    args = ap.parse_args(argv)
    names = ["medium-vs-easy", "medium-vs-medium_v1", "hard-vs-medium"] if args.pairing == "all" else [args.pairing]
    rows = []
    for name in names:
        hero, other = PAIRINGS[name]
        games = args.games or (200 if hero == "hard" else 400)
        games -= games % 4  # whole rotations only
        rows.append(run(hero, other, games, args.budget, args.procs, args.seed))
        print(table(rows[-1:]), flush=True)
    if len(rows) > 1:
        print("\n" + table(rows))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
