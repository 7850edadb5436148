"""`ne-game --smoke-test`: start the real game headless, let computer players play a few
seeded rounds through the real scenes, draw every frame, and exit 0 — a check that a build
(frozen or not) has everything it needs.

The computer players think synchronously (SyncRunner), so frames stepped as fast as the
machine allows never starve a worker thread and the run is the same on every machine.
"""
from __future__ import annotations

import os
import shutil
import sys
import tempfile
import time


def smoke_test(rounds: int = 2, seed: int = 1, screenshot: str | None = None, max_seconds: float = 240.0) -> int:
    os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    # never touch the player's own saves and settings; the folder goes when the test ends
    home = tempfile.mkdtemp(prefix="ne-game-smoke-")
    os.environ["NE_GAME_HOME"] = home
    try:
        return _run(rounds, seed, screenshot, max_seconds)
    finally:
        from ne_game.storage import instance_lock

        instance_lock.release()
        shutil.rmtree(home, ignore_errors=True)


def _run(rounds: int, seed: int, screenshot: str | None, max_seconds: float) -> int:
    t0 = time.perf_counter()

    import pygame

    from ne_game.game.gamedata import default_ruleset
    from ne_game.game.session import GameSession, Seat, family_order
    from ne_game.storage.settings import Settings
    from ne_game.ui.shell import flow
    from ne_game.ui.shell.ai_runner import SyncRunner
    from ne_game.ui.shell.app import App
    from ne_game.ui.shell.screens import SCREENS

    app = App(size=(1280, 720), settings=Settings(animation="fast", ai_pace="fast"), screens=SCREENS,
              ai_runner=SyncRunner())
    sound_since = time.perf_counter()   # the mixer opened with the window
    # a full table: as many seats as the game data allows, in its family order
    families = family_order()[:default_ruleset().players_max]
    seats = [Seat(name=f"Computer {k + 1}", family=fam, kind="easy") for k, fam in enumerate(families)]
    session = GameSession.new(seats, seed=seed)
    flow.start_session(app, session)
    frames = 0
    while app.running and session.state.round <= rounds and not session.is_over():
        app.step(0.05)
        frames += 1
        if time.perf_counter() - t0 > max_seconds:
            print(f"smoke test: FAILED — {rounds} rounds not played within {max_seconds:.0f} s "
                  f"(round {session.state.round}, {len(session.actions)} actions)", file=sys.stderr)
            return 1
    if screenshot:
        pygame.image.save(app.screen, screenshot)
    _let_sound_play_out(sound_since)
    first = app.first_frame_time
    print(f"smoke test: OK — {len(session.actions)} actions, round {session.state.round}, {frames} frames drawn, "
          f"first frame after {first:.2f} s, {time.perf_counter() - t0:.1f} s in all")
    app.shutdown()
    return 0


def _let_sound_play_out(since: float, least_seconds: float = 2.0) -> None:
    """A real audio driver (SDL's disk driver in the sound test) plays in real time: on a fast
    machine the seeded rounds end before the last cue and a bar of music are heard, and a
    check of what reached the speakers would depend on the machine's speed. Keep the mixer
    open for a fixed minimum instead; the dummy driver needs no wait."""
    import pygame

    if os.environ.get("SDL_AUDIODRIVER", "dummy") == "dummy" or not pygame.mixer.get_init():
        return
    time.sleep(max(0.0, least_seconds - (time.perf_counter() - since)))
