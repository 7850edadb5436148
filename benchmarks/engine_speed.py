"""Rules-engine speed: the numbers the computer players' strength depends on.

Run: uv run python benchmarks/engine_speed.py [--games 200]
Prints the median legal_actions time in a busy mid-game buying position (target < 1 ms),
complete random 4-player games per second on one core (target >= 50) and the median
apply_action time. Measures only; asserts nothing.
"""
from __future__ import annotations

import argparse
import os
import statistics
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from ne_game import rules  # noqa: E402
from ne_game.sim import RandomPlayer  # noqa: E402


def busy_buying_positions(count: int = 20) -> list:
    """Mid-game buying positions (round 6 or later) with the most legal actions, from seeded games."""
    found = []
    for seed in range(60):
        state, player = rules.new_game(players=4, seed=seed), RandomPlayer(seed, 0.9)
        while True:
            legal = rules.legal_actions(state)
            if not legal:
                break
            if state.phase == "buying" and state.round >= 6:
                found.append((len(legal), seed, state))
            state = rules.apply_action(state, player.choose(None, legal))
    found.sort(key=lambda item: -item[0])
    return found[:count]


def time_calls(fn, arg, repeat: int) -> list:
    out = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn(arg)
        out.append(time.perf_counter() - t)
    return out


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=200)
    args = parser.parse_args()

    positions = busy_buying_positions()
    times = []
    for _, _, state in positions:
        times += time_calls(rules.legal_actions, state, 200)
    sizes = [n for n, _, _ in positions]
    print(f"legal_actions, busy mid-game buying ({len(positions)} positions, {min(sizes)}-{max(sizes)} actions): "
          f"median {statistics.median(times) * 1e3:.3f} ms, p95 {sorted(times)[int(len(times) * 0.95)] * 1e3:.3f} ms "
          f"(target < 1 ms median)")

    apply_times = []
    actions = 0
    t0 = time.perf_counter()
    for seed in range(args.games):
        state, player = rules.new_game(players=4, seed=seed), RandomPlayer(seed)
        while True:
            legal = rules.legal_actions(state)
            if not legal:
                break
            action = player.choose(None, legal)
            t = time.perf_counter()
            state = rules.apply_action(state, action)
            apply_times.append(time.perf_counter() - t)
            actions += 1
    elapsed = time.perf_counter() - t0
    print(f"random 4-player games: {args.games / elapsed:.1f} games/s on one core "
          f"({actions / args.games:.0f} actions a game; target >= 50 games/s)")
    print(f"apply_action: median {statistics.median(apply_times) * 1e6:.1f} us, "
          f"p95 {sorted(apply_times)[int(len(apply_times) * 0.95)] * 1e6:.1f} us")


if __name__ == "__main__":
    main()
