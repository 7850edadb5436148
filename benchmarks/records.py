"""The game records and the replay: how long the Records screen's queries and a replay's steps take.

Run: uv run python benchmarks/records.py [--games 20000] [--base 40] [--runs 30]

1. Records: `--base` real games (easy computer players) are played and prepared once; the
   database is then filled with `--games` records made from them (each with its own seed key,
   seat names from a pool of 40 players, "Anne" at half the tables, computer levels mixed),
   through the store's own write path (one transaction per game; synchronous=OFF while filling
   only). A fresh store then times, as the Records screen would ask them: the first page,
   the first page filtered by a frequent and by a rare name, the per-player totals; plus the
   first open (quick_check), one game's detail, reading a save back and recording a game.
2. Replay: a long four-player game; every position is visited in a random order with an empty
   cache, and by next action / turn / round: the time of each step (the model's part: the
   snapshot or public view the screen draws).
3. The screens (headless, 1920 x 1080): the replay viewer's step as a player sees it (the
   table's views of the position made with an empty cache, and the whole frame drawn), and
   the Records screen over the filled database, driven through `App.step` with the game's
   own threaded records worker: opened and drawn (the first visit of the process, whose
   database check runs on the worker, and later visits), a filter and a page (each read and
   the frame drawn), an import of 50 game files (the longest frame and the whole import), a
   finished game recorded at its final scores (the UI thread's part, the longest frame while
   the worker writes it), and 100 games waiting in history-pending/ taken in on opening.
   Times are medians of `--runs` (at least 5) unless said; "frame" is one App.step.
Prints numbers; asserts nothing.
"""
from __future__ import annotations

import argparse
import dataclasses
import os
import random
import sqlite3
import statistics
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

NAMES = ["Anne", "Bram", "Cleo", "Dirk", "Eva", "Femke", "Gijs", "Hanna", "Ivo", "Joke", "Kees", "Lotte",
         "Maarten", "Noor", "Otto", "Pien", "Quinten", "Roos", "Sem", "Tess", "Uma", "Victor", "Wim", "Xander",
         "Yara", "Zoë", "Ada", "Ben", "Cas", "Dewi", "Elin", "Finn", "Guus", "Hugo", "Iris", "Jip", "Kim", "Lin",
         "Mees", "Nina"]
COMPUTER = ["Mercy", "Josiah", "Prudence"]


def _play(seed: int, players: int) -> dict:
    from ne_game import rules
    from ne_game.ai import make_player
    from ne_game.game.session import GameSession, Seat, family_order

    fams = family_order()
    session = GameSession([Seat(f"P{i}", fams[i], "human") for i in range(players)], seed)
    bots = [make_player("easy", seed=seed * 16 + i) for i in range(players)]
    while not session.is_over():
        seat = session.current_seat
        assert seat is not None
        session.apply(bots[seat].choose(rules.observe(session.state, seat), session.legal_actions()))
    return session.to_save()


def _timed(fn: Callable[[], object], runs: int) -> tuple[float, float]:
    """(median, max) milliseconds over `runs` calls."""
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        fn()
        times.append((time.perf_counter() - t) * 1000)
    return statistics.median(times), max(times)


def bench_records(games: int, base: int, runs: int) -> None:
    from ne_game.history import HistoryStore, Replay
    from ne_game.history.recording import prepare
    from ne_game.history.schema import KIND_BITS
    from ne_game.history.texts import name_key

    rng = random.Random(1)
    t = time.perf_counter()
    bases = [_play(seed, 3 + seed % 2) for seed in range(1, base + 1)]
    prepared = [prepare(save, played_at=0.0, language="en") for save in bases]
    print(f"played and prepared {base} base games in {time.perf_counter() - t:.1f} s "
          f"({sum(len(s['actions']) for s in bases) / base:.0f} actions on average)")

    store = HistoryStore()
    store.games()
    assert store._conn is not None      # the benchmark fills through the store's connection
    store._conn.execute("PRAGMA synchronous = OFF")
    t = time.perf_counter()
    start = 1_600_000_000.0
    for k in range(games):
        game = prepared[k % base]
        humans = 1 + (k % 3 == 0)
        names = (["Anne"] if k % 2 == 0 else [rng.choice(NAMES[1:])])
        names += rng.sample(NAMES[1:], humans - 1) if humans > 1 else []
        kinds = ["human"] * humans + [rng.choice(["easy", "medium", "hard"]) for _ in range(game.players - humans)]
        names += COMPUTER[:game.players - humans]
        seats = []
        for row, name, kind in zip(game.seats, names, kinds):
            rivals = 0
            for other, other_kind in enumerate(kinds):
                if other != row[0]:
                    rivals |= KIND_BITS[other_kind]
            seats.append((row[0], name, name_key(name), row[3], kind, rivals, *row[6:]))
        store.record_prepared(dataclasses.replace(game, key=f"bench-{k}", seats=seats,
                                                  played_at=start + k * 3600 + rng.random()))
    fill = time.perf_counter() - t
    store.close()
    size = sum(p.stat().st_size for p in store.path.parent.glob("history.sqlite3*"))
    print(f"filled {games:,} games in {fill:.1f} s; database {size / 1e6:.1f} MB")

    from ne_game.history import store as store_module

    store_module._CHECKED.clear()        # as in a new process
    fresh = HistoryStore()
    t = time.perf_counter()
    fresh.count_games()
    print(f"first open of the process (quick_check, WAL, schema check): {(time.perf_counter() - t) * 1000:.1f} ms")
    again = HistoryStore()
    t = time.perf_counter()
    again.count_games()
    again.close()
    print(f"a later open (checked already in this process): {(time.perf_counter() - t) * 1000:.1f} ms")
    with sqlite3.connect(fresh.path) as raw:
        t = time.perf_counter()
        raw.execute("PRAGMA integrity_check").fetchall()
        print(f"  (PRAGMA integrity_check instead would take {(time.perf_counter() - t) * 1000:.1f} ms)")
    rare = next(t.key for t in reversed(fresh.player_totals()))
    queries = {
        "first page (20 newest)": lambda: fresh.games(limit=20),
        "first page filtered: Anne (half the games)": lambda: fresh.games(player="Anne", limit=20),
        f"first page filtered: {rare} (a rare name)": lambda: fresh.games(player=rare, limit=20),
        "per-player totals": lambda: fresh.player_totals(),
        "page 100 (offset 1980)": lambda: fresh.games(limit=20, offset=1980),
        "count of Anne's games": lambda: fresh.count_games(player="Anne"),
    }
    medians = {}
    for label, fn in queries.items():
        median, worst = _timed(fn, runs)
        medians[label] = median
        print(f"  {label:45s} median {median:7.2f} ms   max {worst:7.2f} ms")
    screen = sum(medians[k] for k in list(queries)[:4])
    print(f"  the Records screen's queries together (first page, two filtered, totals): {screen:.1f} ms")
    totals = fresh.player_totals()
    anne = next(t for t in totals if t.key == "anne")
    print(f"  ({len(totals)} players; Anne: {anne.games} games, {anne.wins} wins, "
          f"{ {k: v.games for k, v in anne.against.items()} })")
    game_id = fresh.games(limit=1)[0].id
    for label, fn in {"one game's detail (rounds)": lambda: fresh.game(game_id),
                      "one game's save read back (checked)": lambda: fresh.load_save(game_id),
                      "open a stored game as a Replay": lambda: Replay.from_save(fresh.load_save(game_id) or {}),
                      "... with every frame made (store.replay)": lambda: fresh.replay(game_id)}.items():
        median, worst = _timed(fn, runs)
        print(f"  {label:45s} median {median:7.2f} ms   max {worst:7.2f} ms")
    new_game = _play(base + 1, 4)
    t = time.perf_counter()
    fresh.record(new_game, duration_s=1.0, language="en")
    print(f"  record a finished game (replay, story, one transaction, fsync): "
          f"{(time.perf_counter() - t) * 1000:.1f} ms")
    fresh.close()
    bench_records_screen(runs, bases)


def _app(size: tuple[int, int] = (1920, 1080)):
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    from ne_game.storage.settings import Settings
    from ne_game.ui.shell.app import App
    from ne_game.ui.shell.screens import SCREENS

    return App(size=size, settings=Settings(animation="off"), screens=SCREENS)


def _step_ms(app, dt: float = 1 / 60) -> float:
    t = time.perf_counter()
    app.step(dt)
    return (time.perf_counter() - t) * 1000


def _until(app, done: Callable[[], bool], limit_s: float = 120.0) -> tuple[float, float, int]:
    """Steps frames until `done`, paced at 60 per second as App.run paces them (the rest of each
    1/60 s asleep, which leaves the interpreter to the records worker): (wall ms, longest
    frame ms, frames)."""
    start = time.perf_counter()
    longest, frames = 0.0, 0
    while not done():
        took = _step_ms(app)
        longest = max(longest, took)
        frames += 1
        time.sleep(max(0.0, 1 / 60 - took / 1000))
        if time.perf_counter() - start > limit_s:
            break
    return (time.perf_counter() - start) * 1000, longest, frames


def bench_records_screen(runs: int, bases: list[dict]) -> None:
    import json

    from ne_game.game.session import GameSession
    from ne_game.history import HistoryStore
    from ne_game.history import pending as pending_module
    from ne_game.history import store as store_module
    from ne_game.ui.scenes.records import PAGE, RecordsScene, imports_dir
    from ne_game.ui.shell import flow

    runs = max(5, runs)
    app = _app()
    app.go("title")
    app.step(1 / 60)

    def visit() -> tuple[RecordsScene, float, float, float]:
        """(scene, ms of the frame that opened it, ms until its games are drawn, longest frame ms)."""
        t = time.perf_counter()
        scene = app.push("records")
        assert isinstance(scene, RecordsScene)
        first = _step_ms(app)
        opened = (time.perf_counter() - t) * 1000
        wall, longest, _ = _until(app, lambda: not scene.loading and not scene.busy)
        return scene, opened, opened + wall, max(first, longest)

    store_module._CHECKED.clear()        # the first visit of a process: the check runs on the worker
    scene, opened, shown, longest = visit()
    print(f"  Records, first visit of the process ({scene.count:,} games): the opening frame {opened:.1f} ms, "
          f"games drawn after {shown:.1f} ms (check on the worker), longest frame {longest:.1f} ms")
    app.pop()
    app.step(1 / 60)
    opens, draws = [], []
    for _ in range(runs):
        scene, opened, shown, longest = visit()
        opens.append(opened)
        draws.append(shown)
        app.pop()
        app.step(1 / 60)
    print(f"  Records opened and drawn (later visits): opening frame median {statistics.median(opens):.1f} ms, "
          f"games drawn after median {statistics.median(draws):.1f} ms, max {max(draws):.1f} ms")
    scene, *_ = visit()
    filters, pages = [], []
    for _ in range(runs):
        t = time.perf_counter()
        scene.move_filter(1)
        app.step(1 / 60)
        filters.append((time.perf_counter() - t) * 1000)
    scene.move_filter(-scene.filter)
    app.step(1 / 60)
    for _ in range(runs):
        t = time.perf_counter()
        scene.move_selection(PAGE)
        app.step(1 / 60)
        pages.append((time.perf_counter() - t) * 1000)
    print(f"  a filter (next player: count, page, frame): median {statistics.median(filters):.1f} ms, "
          f"max {max(filters):.1f} ms")
    print(f"  a page (8 games further: read and frame): median {statistics.median(pages):.1f} ms, "
          f"max {max(pages):.1f} ms")

    # an import of 50 game files
    folder = imports_dir()
    folder.mkdir(parents=True, exist_ok=True)
    for k in range(50):
        save = json.loads(json.dumps(bases[k % len(bases)]))
        save["seats"][0]["name"] = f"Friend {k}"
        (folder / f"shared-{k:02}.json").write_text(json.dumps(save), encoding="utf-8")
    scene.import_games()
    wall, longest, frames = _until(app, lambda: scene.importing is None and scene._importer is None)
    print(f"  import of 50 game files: {wall:.0f} ms in {frames} frames, longest frame {longest:.1f} ms "
          f"({scene.message})")
    app.pop()
    app.step(1 / 60)

    # a finished game recorded at its final scores
    uis, longs, walls = [], [], []
    for k in range(runs):
        save = json.loads(json.dumps(bases[k % len(bases)]))
        save["seats"][0]["name"] = f"Ending {k}"
        session = GameSession.from_save(save)
        t = time.perf_counter()
        job = flow.record_game_later(app, session)
        uis.append((time.perf_counter() - t) * 1000)
        wall, longest, _ = _until(app, lambda job=job: job.done)
        longs.append(longest)
        walls.append(wall + uis[-1])
    print(f"  record a finished game: UI thread median {statistics.median(uis):.1f} ms (max {max(uis):.1f}); "
          f"longest frame while the worker writes it median {statistics.median(longs):.1f} ms "
          f"(max {max(longs):.1f}); in the records after median {statistics.median(walls):.0f} ms")

    # 100 games waiting in history-pending/
    with HistoryStore() as store:
        store.pending_dir.mkdir(parents=True, exist_ok=True)
        for k in range(100):
            save = json.loads(json.dumps(bases[k % len(bases)]))
            save["seats"][0]["name"] = f"Waiting {k}"
            entry = {"format": pending_module.PENDING_FORMAT, "version": 1, "save": save,
                     "played_at": 1_700_000_000.0 + k, "duration_s": None, "language": "en", "source": "play"}
            (store.pending_dir / f"game-{k:03}-bench.json").write_text(json.dumps(entry), encoding="utf-8")
    scene, opened, shown, longest = visit()
    print(f"  Records with 100 games in history-pending/: opening frame {opened:.1f} ms, all taken in and "
          f"drawn after {shown:.0f} ms, longest frame {longest:.1f} ms ({scene.count:,} games)")
    app.shutdown()


def bench_replay_screen(save: dict, runs: int) -> None:
    from ne_game.history import Replay
    from ne_game.ui.scenes.replay import ReplayScene

    app = _app()
    rng = random.Random(3)
    t = time.perf_counter()
    scene = ReplayScene(app, Replay.from_save(save), start=0)
    opened = (time.perf_counter() - t) * 1000
    steps: list[float] = []
    for _ in range(runs):
        scene.model.frame.cache_clear()
        scene.model.facts.cache_clear()
        order = list(range(scene.replay.last + 1))
        rng.shuffle(order)
        for p in order:
            t = time.perf_counter()
            scene.replay.goto(p)
            scene.draw(app.screen)
            steps.append((time.perf_counter() - t) * 1000)
    for control in ("next", "next_turn", "next_round"):
        scene.model.frame.cache_clear()
        scene.do("first")
        while scene.position < scene.replay.last:
            t = time.perf_counter()
            scene.do(control)
            scene.draw(app.screen)
            steps.append((time.perf_counter() - t) * 1000)
    steps.sort()
    print(f"  the replay viewer (1920 x 1080): opened in {opened:.1f} ms; {len(steps):,} steps drawn, "
          f"views made afresh: median {statistics.median(steps):.2f} ms, p99 {steps[int(len(steps) * 0.99)]:.2f} ms, "
          f"max {steps[-1]:.2f} ms")
    app.shutdown()


def bench_replay(runs: int) -> None:
    from ne_game.history import Replay, story_of

    save = max((_play(seed, 4) for seed in range(1, 6)), key=lambda s: len(s["actions"]))
    t = time.perf_counter()
    replay = Replay.from_save(save)
    build = (time.perf_counter() - t) * 1000
    t = time.perf_counter()
    story_of(replay)
    story = (time.perf_counter() - t) * 1000
    print(f"replay of a {replay.last}-action game: built in {build:.1f} ms, story in {story:.1f} ms")
    rng = random.Random(2)
    for label, unfinished in (("finished game (full snapshots)", False), ("unfinished game (public view)", True)):
        model = Replay.from_save(dict(save, actions=save["actions"][:-1])) if unfinished else replay
        steps: list[float] = []
        for _ in range(runs):
            model._frames.clear()              # an empty cache: every step makes its view
            order = list(range(model.last + 1))
            rng.shuffle(order)
            for p in order:
                t = time.perf_counter()
                model.goto(p)
                steps.append((time.perf_counter() - t) * 1000)
        for mover in ("next_action", "next_turn", "next_round"):
            model._frames.clear()
            model.first()
            while model.position < model.last:
                t = time.perf_counter()
                getattr(model, mover)()
                steps.append((time.perf_counter() - t) * 1000)
        model._frames.clear()
        t = time.perf_counter()
        model.precompute()
        every = (time.perf_counter() - t) * 1000
        steps.sort()
        print(f"  {label:32s} {len(steps):,} steps: median {statistics.median(steps):.3f} ms, "
              f"p99 {steps[int(len(steps) * 0.99)]:.3f} ms, max {steps[-1]:.3f} ms; cached step "
              f"{_timed(lambda m=model: m.goto(m.last // 2), 1000)[0] * 1000:.1f} µs; precompute() of all "
              f"{model.last + 1} positions {every:.1f} ms")
    bench_replay_screen(save, max(1, runs))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--games", type=int, default=20_000)
    parser.add_argument("--base", type=int, default=40)
    parser.add_argument("--runs", type=int, default=30)
    args = parser.parse_args()
    os.environ["NE_GAME_HOME"] = tempfile.mkdtemp(prefix="ne-bench-records-")
    bench_replay(max(1, args.runs // 10))
    bench_records(args.games, args.base, args.runs)


if __name__ == "__main__":
    main()
