"""Start-up time to the first drawn frame: median of five runs of the real command.

Run: uv run python benchmarks/startup.py [--exe dist/new-england/new-england]
Without --exe it times `python -m ne_game`; with it, a built executable. Headless
(SDL dummy driver) with a throw-away user data folder. Prints numbers; asserts nothing.
"""
from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--exe", help="a built executable (default: this Python, -m ne_game)")
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    cmd = [args.exe] if args.exe else [sys.executable, "-m", "ne_game"]
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", NE_GAME_HOME=tempfile.mkdtemp())
    times = []
    for _ in range(args.runs):
        t = time.perf_counter()
        subprocess.run(cmd + ["--max-frames", "1"], env=env, check=True, capture_output=True)
        times.append(time.perf_counter() - t)
    label = args.exe or "python -m ne_game"
    print(f"{label}: start-up to first frame (process start to exit after frame 1), "
          f"median {statistics.median(times):.2f} s over {args.runs} runs "
          f"(min {min(times):.2f}, max {max(times):.2f})")


if __name__ == "__main__":
    main()
