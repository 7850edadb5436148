"""Render the README's pictures (docs/screenshots/) from the real game, headless.

    uv run python tools/make_screenshots.py [--out docs/screenshots] [--size 1920x1080]

Each picture is the real App at the size asked, driven to its moment through the engine (a
seeded game, computer players on the synchronous runner), then saved as PNG. Run it after a
change to the look and commit the pictures with it.
"""
from __future__ import annotations

import argparse
import os
import random
import sys
from collections.abc import Callable
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

import pygame

from ne_game import i18n, rules
from ne_game.game.session import GameSession, Seat
from ne_game.storage.settings import Settings
from ne_game.ui.shell.ai_runner import SyncRunner
from ne_game.ui.shell.app import App

DT = 1 / 60
SEATS = [("Anne", "winslow", "human"), ("Bram", "palmer", "medium"), ("Cécile", "howland", "hard"),
         ("Dirk", "annable", "easy")]


def _app(size: tuple[int, int], lang: str = "en") -> App:
    i18n.set_language(lang)
    app = App(size=size, settings=Settings(animation="off", language=lang, handover=False))
    app.ai_runner = SyncRunner(budget=lambda: 0.05)
    return app


def _settle(app: App, frames: int = 20) -> None:
    for _ in range(frames):
        app.request_frame()
        app.step(DT)


def _session(seed: int, until: Callable[[GameSession], bool]) -> GameSession:
    """A seeded game with every seat played by a random legal move, until `until` holds."""
    seats = [Seat(n, f, "human" if k == "human" else k) for n, f, k in SEATS]
    session = GameSession(seats, seed=seed)
    rng = random.Random(seed)
    while not until(session) and rules.legal_actions(session.state):
        session.apply(rng.choice(rules.legal_actions(session.state)))
    return session


def _phase(session: GameSession) -> str:
    return str(session.snapshot()["phase"])


def title(size: tuple[int, int], out: Path) -> None:
    app = _app(size)
    app.go("title")
    _settle(app)
    pygame.image.save(app.screen, out / "title.png")


def setup(size: tuple[int, int], out: Path) -> None:
    app = _app(size)
    app.go("title")
    app.push("setup")
    _settle(app)
    pygame.image.save(app.screen, out / "setup.png")


def table(size: tuple[int, int], out: Path, name: str, lang: str, seed: int,
          until: Callable[[GameSession], bool], pick: bool = False) -> bool:
    app = _app(size, lang)
    session = _session(seed, until)
    scene = app.push("table", session=session)
    _settle(app)
    inter = getattr(scene, "inter", None)
    picked = False
    if pick and inter is not None:
        # a land-use card picked, its pattern under the pointer where it fits
        slots = sorted(inter.selectable_slots())
        for slot in slots:
            if inter.pick_slot(slot) and inter.targets():
                scene.refresh_interaction()
                cells = sorted({c for cs in inter.targets().values() for c in cs})
                card = inter.sel.card if inter.sel is not None else None
                if cells and card and scene.rs.cards[card].land is not None:
                    scene.update_hover(scene.lay.cell_rect(*cells[len(cells) // 2]).center)
                    picked = True
                    break
            inter.cancel()
    if pick and not picked:
        return False
    _settle(app)
    pygame.image.save(app.screen, out / name)
    return True


def final(size: tuple[int, int], out: Path) -> None:
    app = _app(size)
    session = _session(5, lambda s: not rules.legal_actions(s.state))
    app.push("table", session=session)          # the final scores stand over the table, dimmed
    _settle(app, 5)
    if not isinstance(app.top, type(app.stack[0])) or app.top is app.stack[0]:
        app.push("final_scoring", session=session)
    _settle(app, 30)
    pygame.image.save(app.screen, out / "final-scoring.png")


def tutorial(size: tuple[int, int], out: Path, name: str, lang: str, lesson: int) -> None:
    from ne_game.tutorial.controller import TutorialController

    app = _app(size, lang)
    ctl = TutorialController()
    app.go("tutorial", resume=False, controller=ctl)
    if lesson:
        ctl.begin(lesson)            # the screen follows its controller (a listener)
        for fn in list(ctl.listeners):
            fn(ctl)
    _settle(app, 40)
    pygame.image.save(app.screen, out / name)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default="docs/screenshots")
    ap.add_argument("--size", default="1920x1080")
    args = ap.parse_args()
    size = tuple(int(v) for v in args.size.split("x"))
    assert len(size) == 2
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    home = Path(os.environ.get("NE_GAME_HOME") or "/tmp/ne-screenshots-home")
    os.environ["NE_GAME_HOME"] = str(home)
    w_h = (size[0], size[1])
    title(w_h, out)
    setup(w_h, out)
    table(w_h, out, "start-rounds.png", "en", 3, lambda s: len(s.actions) >= 5)
    def buying(s: GameSession) -> bool:
        snap = s.snapshot()
        return (snap["phase"] == "buying" and int(snap.get("round", 0)) >= 4 and s.current_seat == 0
                and any(a["type"] == "buy_card" and "develop" in a.get("use", "") for a in rules.legal_actions(s.state)))
    seed = next(k for k in range(1, 60) if table(w_h, out, "buying.png", "en", k, buying, pick=True))
    table(w_h, out, "buying-nl.png", "nl", seed, buying, pick=True)
    final(w_h, out)
    tutorial(w_h, out, "tutorial.png", "en", 6)
    tutorial(w_h, out, "tutorial-fr.png", "fr", 0)
    i18n.set_language("en")
    print(f"wrote {len(list(out.glob('*.png')))} pictures to {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
