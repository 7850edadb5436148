"""Fit the hard player's forecast (ne_game/ai/forecast.py) and write assets/data/forecast.toml.

    uv run python benchmarks/fit_forecast.py --games 1200 --procs 2

Plays seeded games between four medium players. At every offer it notes each seat's facts
(`forecast.facts`) and the stage (rounds ahead, rounded); when the game ends, each seat's
final VP is the value to predict. A quarter of the games (the last seeds) are held out: the
fit is made on the rest and printed against them, next to the hand-written evaluation
(how well each one's margin over the best rival follows the final one, and how often its
leader is the winner). Then the weights are fitted on all the games and written.

Deterministic for given games, seed and penalty. The forecast changes how the hard player
plays: measure it afterwards (benchmarks/ai_strength.py, pairing hard-vs-medium).
"""
from __future__ import annotations

import argparse
import json
import math
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from ne_game.ai import forecast as fc  # noqa: E402

STAGES = 11          # rounds ahead 0..9, and 10 for "10 or more"
PENALTY = 3.0        # ridge penalty (a few thousand rows per stage: it only tames rare facts)
Row = tuple[int, list[list[float]], list[float]]     # stage, facts per seat, hand values per seat


def play(seed: int) -> tuple[list[Row], list[int]]:
    """One medium game: the rows at its offers and the final VP per seat."""
    import ne_game.rules as rules
    from ne_game.ai import make_player
    from ne_game.ai.evaluation import values
    from ne_game.ai.model import Model

    players = [make_player("medium", seed=seed * 16 + i + 1) for i in range(4)]
    state = rules.new_game(players=4, seed=seed)
    rows: list[Row] = []
    while legal := rules.legal_actions(state):
        snap = rules.to_json(state)
        if snap["phase"] == "offer":
            m = Model.from_observation(snap)
            rows.append((fc.stage_of(m, STAGES), fc.facts(m), values(m)))
        seat = state.current
        state = rules.apply_action(state, players[seat].choose(rules.observe(state, seat), legal))
    return rows, [sc["total"] for sc in rules.final_scores(state)]


def fit(games: list[tuple[list[Row], list[int]]], penalty: float) -> fc.Forecast:
    stages = []
    for st in range(STAGES):
        xs = [f for rows, _ in games for stage, facts, _ in rows if stage == st for f in facts]
        ys = [float(t) for rows, totals in games for stage, _, _ in rows if stage == st for t in totals]
        if not xs:
            raise SystemExit(f"no position at stage {st}: play more games")
        stages.append(tuple(fc.ridge(xs, ys, penalty)))
    return fc.Forecast(fc.fact_names(), tuple(stages))


def _margins(values: list[float]) -> list[float]:
    return [v - max(w for t, w in enumerate(values) if t != s) for s, v in enumerate(values)]


def _corr(a: list[float], b: list[float]) -> float:
    ma, mb = sum(a) / len(a), sum(b) / len(b)
    cov = sum((x - ma) * (y - mb) for x, y in zip(a, b))
    va = sum((x - ma) ** 2 for x in a)
    vb = sum((y - mb) ** 2 for y in b)
    return cov / math.sqrt(va * vb) if va and vb else 0.0


def held_out(model: fc.Forecast, games: list[tuple[list[Row], list[int]]]) -> list[str]:
    """Per stage: margin correlation and winner hits of the forecast and of the hand evaluation."""
    out = ["stage  positions  margin corr (forecast / hand)  leader wins (forecast / hand)"]
    for st in range(STAGES):
        w = model.stages[st]
        true: list[float] = []
        mine: list[float] = []
        hand: list[float] = []
        hits = [0, 0]
        n = 0
        for rows, totals in games:
            for stage, facts, vals in rows:
                if stage != st:
                    continue
                pred = [sum(x * y for x, y in zip(f, w)) + w[-1] for f in facts]
                n += 1
                best = max(totals)
                hits[0] += totals[max(range(len(pred)), key=pred.__getitem__)] == best
                hits[1] += totals[max(range(len(vals)), key=vals.__getitem__)] == best
                true += _margins([float(t) for t in totals])
                mine += _margins(pred)
                hand += _margins(vals)
        if n:
            out.append(f"{st:5d}  {n:9d}  {_corr(mine, true):14.3f} / {_corr(hand, true):.3f}"
                       f"  {hits[0] / n:17.3f} / {hits[1] / n:.3f}")
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--games", type=int, default=1200)
    ap.add_argument("--seed", type=int, default=50_000, help="first game seed")
    ap.add_argument("--procs", type=int, default=2)
    ap.add_argument("--penalty", type=float, default=PENALTY)
    ap.add_argument("--out", type=Path, default=Path(__file__).resolve().parent.parent.joinpath(*fc.FORECAST_FILE))
    ap.add_argument("--dump", type=Path, default=None, help="also write the positions (JSON lines)")
    args = ap.parse_args(argv)
    seeds = range(args.seed, args.seed + args.games)
    if args.procs > 1:
        with ProcessPoolExecutor(args.procs) as ex:
            games = list(ex.map(play, seeds, chunksize=4))
    else:
        games = [play(s) for s in seeds]
    if args.dump:
        args.dump.write_text("".join(json.dumps({"rows": r, "totals": t}) + "\n" for r, t in games), encoding="utf-8")
    split = len(games) * 3 // 4
    report = held_out(fit(games[:split], args.penalty), games[split:])
    print(f"fitted on {split} games, held out {len(games) - split}:")
    print("\n".join(report))
    model = fit(games, args.penalty)
    comment = [f"The hard player's forecast: written by benchmarks/fit_forecast.py --games {args.games} "
               f"--seed {args.seed} --penalty {args.penalty:g}",
               "(four medium players; weights per stage, one per fact and then the constant). Do not edit",
               "by hand: refit. Held out (the last quarter of the games, fitted on the rest):", "",
               *(f"  {line}" for line in report)]
    args.out.write_text(fc.to_toml(model, comment), encoding="utf-8")
    fc.load_forecast(args.out)    # what was written reads back
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
