"""Frame time of a busy mid-game buying scene at 1920x1080, and start-up to the first frame.

Run: uv run python benchmarks/ui_frame.py [--frames 600] [--size 1920x1080]

Headless (SDL dummy driver), throw-away user data folder. A seeded game is played
to a buying turn late in the game (many tiles, figures and cards on the table), the
real TableScene is shown through the real App loop, and the mouse sweeps the board
and the offer so hover highlights and tooltips are redrawn. Each frame is the full
App.step: events, update, draw, flip. Targets: p95 < 8 ms, start-up < 1.5 s.
"""
from __future__ import annotations

import argparse
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
os.environ.setdefault("NE_GAME_HOME", tempfile.mkdtemp(prefix="ne-bench-"))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def startup_seconds(bytecode_dir: str | None = None) -> tuple[float, float]:
    """A fresh process: import, window, theme, title scene, first flip (what a player waits for).

    With `bytecode_dir`, Python may cache compiled modules there (as an installed game
    or a frozen build has them); without it the environment decides (this dev box sets
    PYTHONDONTWRITEBYTECODE, so every start compiles pygame-gui from source)."""
    code = ("import time; t=time.perf_counter(); from ne_game.ui import app as a; "
            "from ne_game.ui.scenes.title import TitleScene; "
            "x=a.App(size=(1920,1080)); x.go('title'); x.step(0.016); "
            "print(time.perf_counter()-t, x.first_frame_time)")
    env = dict(os.environ, NE_GAME_HOME=tempfile.mkdtemp(prefix="ne-bench-start-"))
    if bytecode_dir:
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        env["PYTHONPYCACHEPREFIX"] = bytecode_dir
    t0 = time.perf_counter()
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True)
    wall = time.perf_counter() - t0
    in_process = float(out.stdout.split()[0])
    return wall, in_process


def busy_session(seed: int = 21):
    """A 4-player game played (seeded, game-like choices) to a late buying turn: 38+ tiles
    on the board, 8+ cards played, a nearly full offer still on the table."""
    from ne_game import rules
    from ne_game.session import GameSession, Seat

    rng = random.Random(seed)
    seats = [Seat("Alice", "winslow"), Seat("Bob", "palmer", "easy"), Seat("Cleo", "howland", "medium"),
             Seat("Dan", "annable")]
    s = GameSession.new(seats, seed=seed)
    while True:
        snap = s.snapshot()
        if (snap["phase"] == "buying" and len(snap["tiles"]) >= 38 and len(snap["offer"]) >= 7
                and sum(len(p["cards"]) for p in snap["players"]) >= 8
                and not s.actions[-1]["type"].startswith("buy")):
            return s
        legal = s.legal_actions()
        if not legal:       # the game ended early: play the next seed
            return busy_session(seed + 1)
        buys = [a for a in legal if a["type"] in ("buy_land", "buy_card")]
        offer = [a for a in legal if a["type"] == "announce_offer"]
        if offer:
            action = max(offer, key=lambda a: a["land_tiles"])   # long games: bigger offers
        elif buys and rng.random() < 0.8:
            action = rng.choice(buys)
        else:
            action = next((a for a in legal if a["type"] == "end_turn"), None) or rng.choice(
                [a for a in legal if a["type"] != "move_figure"] or legal)
        s.apply(action)
        assert rules.to_json(s.state)


def frame_times(size: tuple[int, int], frames: int) -> list[float]:
    import pygame

    from ne_game.settings import Settings
    from ne_game.ui.app import App

    session = busy_session()
    app = App(size=size, settings=Settings(animation="normal"))
    app.push("table", session=session)
    for _ in range(30):          # warm caches (fonts, sprites, board base)
        app.step(1 / 60)
    w, h = size
    times = []
    for i in range(frames):
        # Sweep the mouse over the whole table: hovers change most frames.
        x = int((i * 37) % w)
        y = int((i * 53) % h)
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y), rel=(1, 1), buttons=(0, 0, 0)))
        t = time.perf_counter()
        app.step(1 / 60)
        times.append(time.perf_counter() - t)
    snap = session.snapshot()
    print(f"scene: round {snap['round']}, {len(snap['tiles'])} tiles on the board, "
          f"{len(snap['offer'])} items in the offer, {sum(len(p['cards']) for p in snap['players'])} cards played")
    app.shutdown()
    return times


def computer_turn_frames(size: tuple[int, int], actions: int = 40) -> list[float]:
    """Frames of the real loop while computer seats (two hard, one medium) think in the worker
    thread and their moves are paced: the window must never block (was a test's assertion)."""
    from ne_game.session import GameSession, Seat
    from ne_game.settings import Settings
    from ne_game.ui.ai_runner import AIRunner
    from ne_game.ui.app import App

    seats = [Seat("Hana", "winslow", "hard"), Seat("Ivo", "palmer", "medium"), Seat("Jo", "howland", "hard")]
    session = GameSession.new(seats, seed=3)
    app = App(size=size, settings=Settings(animation="fast", ai_pace="fast", ai_budget=0.25),
              ai_runner=AIRunner(budget=lambda: 0.25))
    app.push("table", session=session)
    times = []
    start = len(session.actions)
    while len(session.actions) - start < actions and not session.is_over():
        t = time.perf_counter()
        app.step(1 / 60)
        times.append(time.perf_counter() - t)
        time.sleep(max(0.0, 1 / 60 - (time.perf_counter() - t)))
    app.shutdown()
    return times


def pct(values: list[float], p: float) -> float:
    v = sorted(values)
    return v[min(len(v) - 1, int(round(p / 100 * (len(v) - 1))))]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--frames", type=int, default=600)
    parser.add_argument("--size", default="1920x1080")
    args = parser.parse_args()
    size = tuple(int(v) for v in args.size.split("x"))
    times = frame_times(size, args.frames)
    ms = [t * 1000 for t in times]
    print(f"frame time at {size[0]}x{size[1]} over {len(ms)} frames: p50 {pct(ms, 50):.2f} ms, "
          f"p95 {pct(ms, 95):.2f} ms, p99 {pct(ms, 99):.2f} ms, max {max(ms):.2f} ms, "
          f"mean {statistics.mean(ms):.2f} ms  (target p95 < 8 ms)")
    busy = [t * 1000 for t in computer_turn_frames(size)]
    print(f"frames while computers think and play ({len(busy)} frames): p95 {pct(busy, 95):.2f} ms, "
          f"worst {max(busy):.2f} ms  (target: worst < 250 ms, the window never blocks)")
    cache = tempfile.mkdtemp(prefix="ne-bench-pyc-")
    startup_seconds(cache)   # warm the bytecode cache once
    for label, where in (("as this environment runs it", None), ("with a bytecode cache (installed)", cache)):
        walls, inproc = [], []
        for _ in range(3):
            wall, first = startup_seconds(where)
            walls.append(wall)
            inproc.append(first)
        print(f"start-up to first drawn frame, {label}: median {statistics.median(inproc):.2f} s in process "
              f"(import to first flip), {statistics.median(walls):.2f} s with interpreter start  (target < 1.5 s)")


if __name__ == "__main__":
    main()
