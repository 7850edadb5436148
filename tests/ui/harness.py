"""Drive the real app headless: a fixed dt, real pygame events, screenshots.

    h = Harness(size=(1280, 720))
    h.click(h.layout()["button_new"].center)
    h.type_text("Alice"); h.key(pygame.K_RETURN)
    h.screenshot(tmp_path / "setup.png")

Events are posted to pygame's queue and consumed by `App.step`, exactly as a
player's mouse and keyboard would be. The dummy video driver does not move the
"real" mouse, so the harness keeps the last posted position and answers
`pygame.mouse.get_pos()` with it (pygame-gui asks it for hover states).
"""
from __future__ import annotations

import contextlib
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from collections.abc import Callable, Iterator  # noqa: E402
from pathlib import Path  # noqa: E402
from typing import Any

import pygame  # noqa: E402

from ne_game.storage.settings import Settings  # noqa: E402
from ne_game.ui.shell.app import App  # noqa: E402

DT = 1 / 60


def _center(target: Any) -> tuple[int, int]:
    if isinstance(target, pygame.Rect):
        return target.center
    if hasattr(target, "rect"):
        return target.rect.center
    x, y = target
    return int(x), int(y)


class Harness:
    """One app instance driven frame by frame."""

    def __init__(self, size: tuple[int, int] = (1280, 720), settings: Settings | None = None,
                 title: bool = True, theme: str | None = None) -> None:
        self.mouse_pos = (0, 0)
        self._real_get_pos = pygame.mouse.get_pos
        pygame.mouse.get_pos = lambda: self.mouse_pos  # type: ignore[assignment]
        self.app = App(size=size, settings=settings, theme=theme)
        if title:
            self.app.go("title")
        self.step()

    # ------------------------------------------------------------ time
    def step(self, frames: int = 1, dt: float = DT) -> None:
        for _ in range(frames):
            if not self.app.running:
                return
            self.app.step(dt)

    def wait(self, seconds: float, dt: float = DT) -> None:
        self.step(max(1, int(round(seconds / dt))), dt)

    def run_until(self, predicate: Callable[[], bool], max_frames: int = 2000, dt: float = DT) -> bool:
        for _ in range(max_frames):
            if predicate():
                return True
            self.step(1, dt)
        return predicate()

    # ------------------------------------------------------------ input
    def post(self, type_: int, **attrs: Any) -> None:
        pygame.event.post(pygame.event.Event(type_, **attrs))

    def move(self, target: Any) -> None:
        pos = _center(target)
        rel = (pos[0] - self.mouse_pos[0], pos[1] - self.mouse_pos[1])
        self.mouse_pos = pos
        self.post(pygame.MOUSEMOTION, pos=pos, rel=rel, buttons=(0, 0, 0), touch=False)
        self.step()

    def click(self, target: Any, button: int = 1, frames_after: int = 2) -> None:
        """Move there, press, release — one frame apart, like a hand would — then let events settle."""
        pos = _center(target)
        self.move(pos)
        self.post(pygame.MOUSEBUTTONDOWN, pos=pos, button=button, touch=False)
        self.step()
        self.post(pygame.MOUSEBUTTONUP, pos=pos, button=button, touch=False)
        self.step(frames_after)

    def drag(self, start: Any, end: Any, steps: int = 5, button: int = 1) -> None:
        a, b = _center(start), _center(end)
        self.move(a)
        self.post(pygame.MOUSEBUTTONDOWN, pos=a, button=button, touch=False)
        self.step()
        for i in range(1, steps + 1):
            p = (a[0] + (b[0] - a[0]) * i // steps, a[1] + (b[1] - a[1]) * i // steps)
            rel = (p[0] - self.mouse_pos[0], p[1] - self.mouse_pos[1])
            self.mouse_pos = p
            self.post(pygame.MOUSEMOTION, pos=p, rel=rel, buttons=(1, 0, 0), touch=False)
            self.step()
        self.post(pygame.MOUSEBUTTONUP, pos=b, button=button, touch=False)
        self.step(2)

    def wheel(self, dy: int) -> None:
        self.post(pygame.MOUSEWHEEL, x=0, y=dy, flipped=False, precise_x=0.0, precise_y=float(dy), touch=False)
        self.step()

    def key(self, key: int, mod: int = 0, unicode: str = "", frames_after: int = 2) -> None:
        self.post(pygame.KEYDOWN, key=key, mod=mod, unicode=unicode, scancode=0)
        self.step()
        self.post(pygame.KEYUP, key=key, mod=mod, unicode=unicode, scancode=0)
        self.step(frames_after)

    def pad(self, button: int, instance: int = 0, frames_after: int = 2) -> None:
        """A pad button pressed and released (SDL GameController button names)."""
        self.post(pygame.CONTROLLERBUTTONDOWN, instance_id=instance, button=button)
        self.post(pygame.CONTROLLERBUTTONUP, instance_id=instance, button=button)
        self.step(frames_after)

    def type_text(self, text: str) -> None:
        for ch in text:
            self.post(pygame.TEXTINPUT, text=ch)
        self.step(2)

    def clear_text_field(self, length: int = 32) -> None:
        """Select-all is not universal; backspace as many times as the field can hold."""
        for _ in range(length):
            self.post(pygame.KEYDOWN, key=pygame.K_BACKSPACE, mod=0, unicode="\b", scancode=0)
        self.step(2)

    # ------------------------------------------------------------ looking
    @property
    def top(self):
        return self.app.top

    def showing(self, name: str) -> bool:
        """The top scene is the screen registered as `name` (ne_game/ui/shell/screens.py)."""
        return self.app.top is not None and type(self.app.top) is self.app.screens[name]

    def layout(self) -> dict:
        return self.app.top.layout() if self.app.top else {}

    def screenshot(self, path: Path | str) -> pygame.Surface:
        """Draw the current frame again (draw never changes state) and save it as PNG."""
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        self.app.draw(self.app.screen)
        pygame.image.save(self.app.screen, str(path))
        return self.app.screen.copy()

    def resize(self, size: tuple[int, int]) -> None:
        self.app.resize(size)
        self.step()

    def close(self) -> None:
        try:
            if pygame.display.get_init():
                pygame.event.clear()
            self.app.shutdown()
        finally:
            pygame.mouse.get_pos = self._real_get_pos  # type: ignore[assignment]



def _record_texts(monkeypatch: Any, keep: Callable[[str, int], Any]) -> list[Any]:
    """What `keep` makes of every text the Style draws from now on (the list fills as they are
    drawn): what the tests of words cut, dropped or too small read."""
    from ne_game.ui.scenes.table.draw import gfx

    drawn: list[Any] = []
    real = gfx.Style.text

    def text(style: gfx.Style, s: str, role: str, px: int, color: Any) -> pygame.Surface:
        drawn.append(keep(str(s), px))
        return real(style, s, role, px, color)
    monkeypatch.setattr(gfx.Style, "text", text)
    return drawn


def words_drawn(monkeypatch: Any) -> list[str]:
    """Every text the Style draws from now on."""
    return _record_texts(monkeypatch, lambda s, px: s)


def texts_drawn(monkeypatch: Any) -> list[tuple[str, int]]:
    """Every text the Style draws from now on, with its size in px."""
    return _record_texts(monkeypatch, lambda s, px: (s, px))


@contextlib.contextmanager
def table_at(stop: int, size: tuple[int, int], sofa: str = "off", lang: str = "en",
             steps: int = 2) -> Iterator[Harness]:
    """A four-person table (seed 3) after `stop` actions, in `lang`, at `size` and sofa
    distance `sofa`; the language and the window are put back after."""
    from ne_game import i18n
    from ne_game.game.session import GameSession
    from tests.history.games import play

    i18n.set_language(lang)
    h = Harness(size=size, settings=Settings(animation="off", handover=False, sofa=sofa, language=lang))
    try:
        h.app.go("table", session=GameSession.from_save(play(("human",) * 4, seed=3, stop=stop)))
        h.step(steps)
        yield h
    finally:
        h.close()
        i18n.set_language("en")
