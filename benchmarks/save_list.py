"""The title screen's save list: time and peak memory of saves.list_slots() over 50 saves.

Run: uv run python benchmarks/save_list.py [--saves 50] [--actions 300] [--runs 20]
Each save is a real game's replay record (random players, `--actions` actions), written to a
throw-away user data folder. Prints numbers; asserts nothing.
"""
from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
import tracemalloc


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--saves", type=int, default=50)
    parser.add_argument("--actions", type=int, default=300)
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--huge-summary", action="store_true",
                        help="one of the saves carries a 1 MB summary (once 1.8 GB of memory at the title)")
    args = parser.parse_args()
    os.environ["NE_GAME_HOME"] = tempfile.mkdtemp(prefix="ne-bench-saves-")
    from ne_game import rules
    from ne_game.ai import make_player
    from ne_game.game.session import GameSession, Seat, families
    from ne_game.storage import saves

    fams = [f["id"] for f in families()][:4]
    seats = [Seat(name=f"Player {i + 1}", family=fams[i], kind="human") for i in range(4)]
    session = GameSession(seats, 7)
    bots = [make_player("easy", seed=i) for i in range(4)]
    while len(session.actions) < args.actions and not session.is_over():
        seat = rules.to_json(session.state)["current_player"]
        session.apply(bots[seat].choose(rules.observe(session.state, seat), rules.legal_actions(session.state)))
    data = session.to_save()
    for k in range(args.saves):
        saves.write_slot(data, name=f"bench-{k:03d}")
    if args.huge_summary:
        saves.write_slot(dict(data, summary="x" * 1_000_000), name="bench-000")
    size = sum(p.stat().st_size for p in saves.saves_dir().glob("*.json"))
    saves.list_slots()  # warm the OS cache
    times = []
    for _ in range(args.runs):
        t = time.perf_counter()
        rows = saves.list_slots()
        times.append(time.perf_counter() - t)
    tracemalloc.start()
    saves.list_slots()
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    longest = max(len(r.summary) for r in rows)
    print(f"list_slots: {len(rows)} saves (longest summary {longest:,} characters), {len(session.actions)} actions each, {size / 1e6:.2f} MB on disk")
    print(f"  median {statistics.median(times) * 1000:.1f} ms, max {max(times) * 1000:.1f} ms "
          f"over {args.runs} runs; peak Python memory {peak / 1e6:.2f} MB")


if __name__ == "__main__":
    main()
