"""Frame time of a busy mid-game buying scene at 1920x1080, and start-up to the first frame;
with `--real-window`, the CPU the game uses at rest in a real X window.

Run: uv run python benchmarks/ui_frame.py [--frames 600] [--size 1920x1080]
     uv run python benchmarks/ui_frame.py --real-window [--seconds 20] [--display :99]

Headless (SDL dummy driver), throw-away user data folder. A seeded game is played
to a buying turn late in the game (many tiles, figures and cards on the table), the
real TableScene is shown through the real App loop, and the mouse sweeps the board
and the offer so hover highlights and tooltips are redrawn. Each frame is the full
App.step: events, update, draw, flip. Targets: p95 < 8 ms, start-up < 1.5 s.

`--real-window` runs the real `App.run()` loop in a child process with the X11 video driver,
fullscreen at `--size`, on an X display (DISPLAY, or `--display`; with neither, an Xvfb is
started for the run). The dummy driver hides the cost of a flip, so only a real window shows
what a game at rest costs. It measures the child's own CPU time (os.times: user + system, all
threads) over `--seconds` after an 8 s warm-up, in three places: the title screen, the table
waiting for a person (a late buying turn, four people at the table, no hand-over curtain or
recap card), and computer players playing (tweens and paced moves), where it also counts
flips per second. Sound is mixed by SDL's disk driver into a throw-away file (`--audio dummy`:
silent), so the music's cost is counted. Target: at most 5 % of one core at rest; 60 flips/s
while things move.
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
from typing import Any

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
    code = ("import time; t=time.perf_counter(); from ne_game.ui.shell import app as a; "
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
    from ne_game.game.session import GameSession, Seat

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

    from ne_game.storage.settings import Settings
    from ne_game.ui.shell.app import App

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
    from ne_game.game.session import GameSession, Seat
    from ne_game.storage.settings import Settings
    from ne_game.ui.shell.ai_runner import AIRunner
    from ne_game.ui.shell.app import App

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


REAL_PLACES = ("title", "table", "animation")
# Seconds in the place before the measured window opens: caches, the sound loading, and the
# table's glows, which pulse for tweens.PULSE_SECONDS (4 s) after the last thing that
# happened and then come to rest at their next crest (up to 1.6 s later).
WARM_UP = 8.0


def real_window_child(place: str, size: tuple[int, int], seconds: float) -> None:
    """In the child: open the real window at `place`, run the real loop, print one JSON line.

    A timer thread reads the process's CPU times after the warm-up and again `seconds` later,
    then posts QUIT (pygame.event.post is safe from another thread); flips are counted by a
    wrapper around pygame.display.flip, the only way the loop shows a frame."""
    import json
    import threading

    import pygame

    from ne_game.game.session import GameSession, Seat
    from ne_game.storage.settings import Settings
    from ne_game.ui.shell.app import App
    from ne_game.ui.shell.screens import SCREENS

    flips: list[float] = []
    real_flip = pygame.display.flip

    def counting_flip() -> None:
        real_flip()
        flips.append(time.perf_counter())

    pygame.display.flip = counting_flip   # type: ignore[assignment]
    settings = Settings(fullscreen=True, handover=False, recap=False, ai_budget=0.25)
    app = App(size=size, fullscreen=True, settings=settings, screens=SCREENS)
    app.go("title")
    if place == "table":
        session = busy_session()
        for seat in session.seats:      # people in every seat: the table waits for the one on turn
            seat.kind = "human"
        app.push("table", session=session)
    elif place == "animation":
        seats = [Seat("Hana", "winslow", "easy"), Seat("Ivo", "palmer", "easy"),
                 Seat("Jo", "howland", "easy"), Seat("Kit", "annable", "easy")]
        app.push("table", session=GameSession.new(seats, seed=5))
    window: dict[str, Any] = {}

    def measure() -> None:
        time.sleep(WARM_UP)
        window["t0"], window["cpu0"], window["f0"] = time.perf_counter(), os.times(), len(flips)
        time.sleep(seconds)
        window["t1"], window["cpu1"], window["f1"] = time.perf_counter(), os.times(), len(flips)
        pygame.event.post(pygame.event.Event(pygame.QUIT))

    threading.Thread(target=measure, daemon=True, name="bench-measure").start()
    audio_backend = app.sound.backend.name
    app.run()
    music = app.sound._music_now     # what was playing when the window closed (read after the loop)
    cpu0, cpu1 = window["cpu0"], window["cpu1"]
    cpu = (cpu1.user - cpu0.user) + (cpu1.system - cpu0.system)
    wall = window["t1"] - window["t0"]
    shown = flips[window["f0"]:window["f1"]]
    gaps = sorted(b - a for a, b in zip(shown, shown[1:])) or [0.0]
    print(json.dumps({"place": place, "wall": wall, "cpu": cpu, "flips": window["f1"] - window["f0"],
                      "gap_p50": gaps[len(gaps) // 2], "gap_p95": gaps[int(0.95 * (len(gaps) - 1))],
                      "driver": pygame.display.get_driver() if pygame.display.get_init() else "x11",
                      "sound": f"{audio_backend}, music {music or 'none'}"}))


def _start_xvfb(size: tuple[int, int]) -> tuple[subprocess.Popen[bytes], str]:
    """An Xvfb on the first free display number from :99 up (its lock file says taken)."""
    for n in range(99, 140):
        if not Path(f"/tmp/.X{n}-lock").exists():
            proc = subprocess.Popen(["Xvfb", f":{n}", "-screen", "0", f"{size[0]}x{size[1]}x24", "-nolisten", "tcp"],
                                    stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            for _ in range(50):      # up to 5 s for its socket to appear
                if Path(f"/tmp/.X11-unix/X{n}").exists():
                    return proc, f":{n}"
                time.sleep(0.1)
            proc.kill()
            raise RuntimeError(f"Xvfb :{n} did not start")
    raise RuntimeError("no free X display number between :99 and :139")


def real_window(size: tuple[int, int], seconds: float, display: str | None, places: list[str],
                audio: str = "disk") -> None:
    """The CPU share of the real game loop in each place, one child process each."""
    import json

    xvfb = None
    display = display or os.environ.get("DISPLAY")
    if not display:
        xvfb, display = _start_xvfb(size)
    try:
        for place in places:
            home = tempfile.mkdtemp(prefix="ne-bench-real-")
            # SDL's disk driver mixes the music and cues in its audio thread as a sound card
            # would (into a file), so their cost is in the process's CPU time; "dummy" is silent.
            env = dict(os.environ, DISPLAY=display, SDL_VIDEODRIVER="x11", SDL_AUDIODRIVER=audio,
                       SDL_DISKAUDIOFILE=str(Path(home) / "audio.raw"), NE_GAME_HOME=home)
            cmd = [sys.executable, __file__, "--child", place, "--size", f"{size[0]}x{size[1]}",
                   "--seconds", str(seconds)]
            out = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=seconds + 120)
            (Path(home) / "audio.raw").unlink(missing_ok=True)
            if out.returncode != 0:
                print(out.stderr[-3000:], file=sys.stderr)
                raise SystemExit(f"the {place} child failed ({out.returncode})")
            line = [ln for ln in out.stdout.splitlines() if ln.startswith("{")][-1]
            r = json.loads(line)
            share = 100.0 * r["cpu"] / r["wall"]
            fps = r["flips"] / r["wall"]
            label = {"title": "at rest on the title screen",
                     "table": "at rest at the table, waiting for a person",
                     "animation": "computer players playing (tweens, paced moves)"}[place]
            print(f"real window {size[0]}x{size[1]} fullscreen on {display} ({r['driver']}, sound: {r['sound']}), "
                  f"{label}: "
                  f"CPU {share:.1f} % of one core ({r['cpu']:.2f} s CPU in {r['wall']:.1f} s), "
                  f"{fps:.1f} flips/s" + (f" (between flips: median {1000 * r['gap_p50']:.1f} ms, "
                                          f"p95 {1000 * r['gap_p95']:.1f} ms)" if r["flips"] > 1 else ""))
    finally:
        if xvfb is not None:
            xvfb.terminate()
            xvfb.wait(10)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--frames", type=int, default=600)
    parser.add_argument("--size", default="1920x1080")
    parser.add_argument("--real-window", action="store_true",
                        help="CPU share of the real loop in a real X window (no frame-time benchmark)")
    parser.add_argument("--seconds", type=float, default=20.0, help="--real-window: measured seconds per place")
    parser.add_argument("--display", default=None, help="--real-window: X display (default $DISPLAY, else an Xvfb)")
    parser.add_argument("--places", default=",".join(REAL_PLACES), help="--real-window: comma-separated places")
    parser.add_argument("--audio", default="disk", choices=("disk", "dummy"),
                        help="--real-window: SDL audio driver (disk: music and cues mixed into a file; dummy: silent)")
    parser.add_argument("--child", choices=REAL_PLACES, help=argparse.SUPPRESS)
    args = parser.parse_args()
    size = tuple(int(v) for v in args.size.split("x"))
    if args.child:
        real_window_child(args.child, size, args.seconds)
        return
    if args.real_window:
        real_window(size, args.seconds, args.display, [p for p in args.places.split(",") if p], args.audio)
        return
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
