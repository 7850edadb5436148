"""Phones as controllers, measured on loopback (numbers, not a test).

    uv run python benchmarks/phones.py [--games 3] [--seed 1]

1. From a phone's action to the other three phones' views: a host with four phone seats on
   127.0.0.1, its game thread pumping as the headless host does (`host.pump`), four
   WebSocket clients playing whole games with random legal choices. Per action: the time
   from sending `act` until the last of the other three phones holds the new view (the
   slowest phone counts). Median and p95. (The TV's next frame comes with the window part.)
2. The page: its size (index.html, phone.css, phone.js and words.json) and its load time on
   loopback (four cold HTTP requests; and in Debian's chromium, when installed, from
   navigation to the first view drawn).
3. Memory of this process (host and clients) before the first game and after each game.

    uv run python benchmarks/phones.py --tv [--actions 300]

4. From a phone's action to the TV's next frame, with the real window loop (App.step with
   its rest between frames, as `App.run` does; SDL's dummy video driver unless a display is
   set): a table with four phone seats, one WebSocket client per seat in a thread acting
   for the seat on turn (the first legal action). Per action: the time from sending `act`
   until the first `pygame.display.flip` that shows the session with that action.
"""
from __future__ import annotations

import argparse
import gc
import http.client
import json
import random
import shutil
import statistics
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from websockets.sync.client import connect

from ne_game.game.session import GameSession, Seat, family_order
from ne_game.net import Limits, PhoneHost


def rss_mb() -> float:
    """Resident memory now (Linux /proc), in MB."""
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def one_game(seed: int, latencies: list[float]) -> int:
    order = family_order()
    session = GameSession.new([Seat(order[i].capitalize(), order[i]) for i in range(4)], seed)
    # the benchmark's phones act faster than thumbs: the rate limit is not what is measured
    host = PhoneHost(session, range(4), bind="127.0.0.1", port=0, limits=Limits(rate=10_000, burst=10_000))
    host.start()
    running = True

    def game_thread() -> None:     # the game's thread, as in `ne-game host`: it applies every action
        while running:
            host.pump(0.05)

    worker = threading.Thread(target=game_thread, name="game")
    worker.start()
    rng = random.Random(seed)
    phones = []
    views: list[dict] = [{} for _ in range(4)]
    try:
        for seat in range(4):
            ws = connect(f"ws://127.0.0.1:{host.port}/ws", max_size=2**22, legacy=True)
            ws.send(json.dumps({"type": "hello", "token": host.tokens[seat]}))
            phones.append(ws)

        def read_view(seat: int, seq: int | None) -> None:
            while True:
                msg = json.loads(phones[seat].recv(timeout=10))
                if msg["type"] == "ping":
                    phones[seat].send('{"type":"pong"}')
                if msg["type"] == "view" and (seq is None or msg["seq"] == seq):
                    views[seat] = msg
                    return

        for seat in range(4):
            read_view(seat, None)
        actions = 0
        while views[0]["view"]["phase"] != "game_over":
            seq = views[0]["seq"]
            seat = next(s for s in range(4) if views[s]["legal"])
            legal = views[seat]["legal"]
            # end a buying turn now and then, or random moves of figures go on for ever
            ends = [a for a in legal if a["type"] == "end_turn"]
            action = ends[0] if ends and rng.random() < 0.4 else rng.choice(legal)
            t0 = time.perf_counter()
            phones[seat].send(json.dumps({"type": "act", "seq": seq, "action": action}))
            for other in range(4):
                if other != seat:
                    read_view(other, seq + 1)
            latencies.append(time.perf_counter() - t0)
            read_view(seat, seq + 1)
            actions += 1
        return actions
    finally:
        for ws in phones:
            ws.close()
        running = False
        worker.join()
        host.stop()


def page_numbers() -> None:
    order = family_order()
    session = GameSession.new([Seat(order[i].capitalize(), order[i]) for i in range(4)], 1)
    host = PhoneHost(session, [0], bind="127.0.0.1", port=0)
    seats = host.start()
    try:
        sizes = {}
        t0 = time.perf_counter()
        for path in ("/", "/phone.css", "/phone.js", "/words.json"):
            conn = http.client.HTTPConnection("127.0.0.1", host.port, timeout=10)
            conn.request("GET", path)
            sizes[path] = len(conn.getresponse().read())
            conn.close()
        cold = time.perf_counter() - t0
        total = sum(sizes.values())
        print(f"page: {total / 1024:.1f} KB ({', '.join(f'{p} {n / 1024:.1f} KB' for p, n in sizes.items())}); "
              f"four cold requests on loopback {cold * 1000:.1f} ms")
        chromium = shutil.which("chromium")
        if chromium is None:
            print("page in a browser: chromium is not installed (apt-get install -y chromium)")
            return
        from playwright.sync_api import sync_playwright

        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=chromium, headless=True)
            page = browser.new_page(viewport={"width": 360, "height": 640})
            times = []
            for _ in range(5):
                t0 = time.perf_counter()
                page.goto(seats[0].url)
                page.wait_for_selector("body[data-seq]", state="attached")
                times.append(time.perf_counter() - t0)
            browser.close()
        print(f"page in chromium, navigation to the first view drawn: median {statistics.median(times) * 1000:.0f} ms, "
              f"worst {max(times) * 1000:.0f} ms (5 loads)")
    finally:
        host.stop()


def tv_frames(actions: int, seed: int) -> None:
    """Phone action -> the TV's next frame, with the real App loop (see the docstring, 4.)."""
    import os

    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    import pygame

    from ne_game.storage.settings import Settings
    from ne_game.ui.scenes.table.phones import PhoneSeats
    from ne_game.ui.shell.app import TARGET_FPS, App

    PhoneSeats.bind, PhoneSeats.port = "127.0.0.1", 0
    app = App(size=(1280, 720), settings=Settings(animation="fast", handover=False), muted=True)
    order = family_order()
    session = GameSession([Seat(f.capitalize(), f, "human", phone=True) for f in order[:4]], seed=seed)
    app.go("table", session=session)
    part = app.top.phones
    sent: dict[int, float] = {}        # the count of actions before it -> when the phone sent it
    shown: dict[int, float] = {}       # a count of actions -> the first flip showing it
    real_flip = pygame.display.flip

    def flip() -> None:
        real_flip()
        shown.setdefault(len(session.actions), time.perf_counter())

    pygame.display.flip = flip
    done = threading.Event()

    def phones() -> None:
        socks = {}
        try:
            for seat in range(4):
                ws = connect(f"ws://127.0.0.1:{part.host.port}/ws", open_timeout=10, legacy=True)
                ws.send(json.dumps({"type": "hello", "token": part.host.tokens[seat]}))
                socks[seat] = ws
            views: dict[int, dict] = {}
            for k in range(actions):       # k: the seq (no undo here: the count of actions)
                for seat, ws in socks.items():      # every phone's view of change k
                    while seat not in views or views[seat]["seq"] < k:
                        msg = json.loads(ws.recv(timeout=10))
                        if msg.get("type") == "view":
                            views[seat] = msg
                        elif msg.get("type") == "refused":
                            raise RuntimeError(f"refused: {msg}")
                mine = [(s, v) for s, v in views.items() if v["legal"]]
                if not mine:
                    break               # the game is over
                seat, view = mine[0]
                # a thumb's pace (and within the server's rate limit): the TV comes to rest
                # between actions, so the wake from rest is measured too
                time.sleep(0.15)
                sent[k] = time.perf_counter()
                socks[seat].send(json.dumps({"type": "act", "seq": k, "action": view["legal"][0]}))
        finally:
            for ws in socks.values():
                ws.close()
            done.set()

    worker = threading.Thread(target=phones, daemon=True)
    worker.start()
    while not done.is_set():
        if app.wake != 0.0:
            app._rest()
        app.step(app.clock.tick(TARGET_FPS) / 1000.0)
    for _ in range(10):
        app.step(1 / 60)
    app.go("title")
    lat = sorted((shown[n + 1] - t) * 1000 for n, t in sent.items() if n + 1 in shown)
    p95 = lat[int(0.95 * (len(lat) - 1))]
    print(f"phone action -> the TV's next frame (real App loop), {len(lat)} actions: "
          f"median {statistics.median(lat):.1f} ms, p95 {p95:.1f} ms, worst {lat[-1]:.1f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", type=int, default=3)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--tv", action="store_true", help="phone action -> the TV's next frame")
    parser.add_argument("--actions", type=int, default=300)
    args = parser.parse_args()
    if args.tv:
        tv_frames(args.actions, args.seed)
        return
    gc.collect()
    print(f"memory before the first game: {rss_mb():.1f} MB")
    latencies: list[float] = []
    for g in range(args.games):
        n = one_game(args.seed + g, latencies)
        gc.collect()
        print(f"game {g + 1}: {n} actions; memory after it: {rss_mb():.1f} MB")
    ms = sorted(x * 1000 for x in latencies)
    p95 = ms[int(0.95 * (len(ms) - 1))]
    print(f"action -> the other three phones' views, loopback, {len(ms)} actions: "
          f"median {statistics.median(ms):.1f} ms, p95 {p95:.1f} ms, worst {ms[-1]:.1f} ms")
    page_numbers()


if __name__ == "__main__":
    main()
