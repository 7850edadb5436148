"""How far the coach can be trusted, and how long it takes. Prints numbers; asserts nothing.

Run: uv run python benchmarks/coach.py [--games 20] [--hard-games 6] [--budget 1.0] [--hard-budget 0.3]

1. Validity: games with seats [easy, medium, medium, medium], the easy seat rotated; the coach
   reviews the easy seat and the medium seat after it. Its mean loss per decision should be
   clearly higher for easy. Then games with one hard, one medium and one easy seat (rotated,
   plus a second medium): hard's mean loss should be the lowest of the three levels.
   Means over games with a 95 % interval (normal approximation over the per-game means).
2. Stability: the easy seat of each game reviewed again with another seed: how many of the
   first review's top three flagged decisions (by loss) the second one also flags among its
   top three; the share of games where at least two agree (of those with three flagged).
3. Speed: seconds to review one seat of a whole game at `--budget`, and the longest wait
   between two progress reports.
"""
from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def _play(kinds: list[str], seed: int, hard_budget: float) -> dict:
    from ne_game import rules
    from ne_game.ai import make_player
    from ne_game.game.session import GameSession, Seat, family_order

    families = family_order()
    seats = [Seat(f"{k} {i}", families[i], k) for i, k in enumerate(kinds)]
    session = GameSession(seats, seed)
    players = [make_player(k, seed=seed * 16 + i, time_budget=hard_budget) for i, k in enumerate(kinds)]
    while not session.is_over():
        seat = session.current_seat
        assert seat is not None
        session.apply(players[seat].choose(rules.observe(session.state, seat), session.legal_actions()))
    return session.to_save()


def _interval(values: list[float]) -> str:
    if len(values) < 2:
        return f"{values[0]:.2f}" if values else "–"
    mean = statistics.fmean(values)
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values))
    return f"{mean:.2f} ({mean - half:.2f} – {mean + half:.2f})"


def _review(save: dict, seat: int, budget: float, seed: int):
    from ne_game.coach import SeatReview
    from ne_game.coach.review import WHOLE_REVIEW

    # as the screen runs it: the whole review spread over WHOLE_REVIEW seconds at most, and the
    # progress bar's moves (within a decision too) timed
    job = SeatReview(save, seat, budget=budget, seed=seed, whole=WHOLE_REVIEW)
    marks: list[float] = []
    moved = job._advance

    def advance(share: float) -> None:
        moved(share)
        marks.append(time.perf_counter())

    job._advance = advance   # type: ignore[method-assign]
    t0 = time.perf_counter()
    while job.step():
        marks.append(time.perf_counter())
    gaps = [b - a for a, b in zip([t0] + marks, marks)]
    return job.result(), time.perf_counter() - t0, max(gaps) if gaps else 0.0


def _top3(review) -> list[int]:
    return [d.index for d in sorted(review.flagged, key=lambda d: -d.loss)[:3]]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--hard-games", type=int, default=6)
    parser.add_argument("--budget", type=float, default=1.0, help="the coach's seconds per decision")
    parser.add_argument("--hard-budget", type=float, default=0.3, help="the hard player's seconds per decision")
    args = parser.parse_args()

    easy, medium, agree, compared, times, waits = [], [], 0, 0, [], []
    for g in range(args.games):
        seat = g % 4
        kinds = ["medium"] * 4
        kinds[seat] = "easy"
        save = _play(kinds, 100 + g, args.hard_budget)
        r_easy, secs, wait = _review(save, seat, args.budget, seed=1)
        r_med, secs2, wait2 = _review(save, (seat + 1) % 4, args.budget, seed=1)
        again, _, _ = _review(save, seat, args.budget, seed=2)
        easy.append(r_easy.mean_loss)
        medium.append(r_med.mean_loss)
        times += [secs, secs2]
        waits += [wait, wait2]
        first, second = _top3(r_easy), _top3(again)
        if len(first) == 3:
            compared += 1
            agree += len(set(first) & set(second)) >= 2
        print(f"game {g + 1}: easy seat {seat} mean loss {r_easy.mean_loss:.2f} ({len(r_easy.decisions)} decisions, "
              f"{len(r_easy.flagged)} flagged), medium {r_med.mean_loss:.2f}; top 3 {first} / again {second}; "
              f"{secs:.1f} s", flush=True)
    print(f"validity: mean loss a decision over {args.games} games: easy {_interval(easy)}, medium {_interval(medium)}; "
          f"easy above medium in {sum(e > m for e, m in zip(easy, medium))} of {args.games} games")
    print(f"stability: at least 2 of the top 3 agree in {agree} of {compared} games with 3 flagged "
          f"({100 * agree / compared if compared else 0:.0f} %)")
    print(f"speed: one seat reviewed in {statistics.median(times):.1f} s median, {max(times):.1f} s at most "
          f"(budget {args.budget} s a decision); longest wait between two progress reports {max(waits):.2f} s")

    by_level: dict[str, list[float]] = {"hard": [], "medium": [], "easy": []}
    for g in range(args.hard_games):
        kinds = ["hard", "medium", "easy", "medium"]
        shift = g % 4
        kinds = kinds[-shift:] + kinds[:-shift] if shift else kinds
        save = _play(kinds, 200 + g, args.hard_budget)
        line = []
        for level in ("hard", "medium", "easy"):
            seat = kinds.index(level)
            review, _, _ = _review(save, seat, args.budget, seed=1)
            by_level[level].append(review.mean_loss)
            line.append(f"{level} {review.mean_loss:.2f}")
        print(f"hard game {g + 1}: " + ", ".join(line), flush=True)
    if args.hard_games:
        print("validity with a hard seat: mean loss a decision over "
              f"{args.hard_games} games: " + ", ".join(f"{k} {_interval(v)}" for k, v in by_level.items()))


if __name__ == "__main__":
    main()
