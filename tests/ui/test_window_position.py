"""Fullscreen starts at the display's origin and leaving it puts the window back where it was
(playtest 3a (c)1: under a bare X server with no window manager the window kept its offset,
+192+108, and the table ran off the right and bottom edges)."""
from __future__ import annotations

import pygame
import pytest

from ne_game.ui.shell import window as window_mod
from ne_game.ui.shell.window import Window


class FakeSDLWindow:
    """Records moves and when they happen relative to the display mode being set."""

    def __init__(self, log: list[tuple[str, object]]) -> None:
        self.log = log
        self._position = (192, 108)
        self.minimum_size = (0, 0)

    @property
    def position(self) -> tuple[int, int]:
        return self._position

    @position.setter
    def position(self, value: tuple[int, int]) -> None:
        self._position = value
        self.log.append(("move", value))


@pytest.fixture()
def recorded(monkeypatch: pytest.MonkeyPatch) -> tuple[Window, FakeSDLWindow, list[tuple[str, object]]]:
    pygame.display.init()
    log: list[tuple[str, object]] = []
    fake = FakeSDLWindow(log)
    monkeypatch.setattr(Window, "_window", staticmethod(lambda: fake))
    real_set_mode = pygame.display.set_mode

    def set_mode(size: tuple[int, int], flags: int = 0) -> pygame.Surface:
        log.append(("set_mode", "fullscreen" if flags & pygame.FULLSCREEN else "window"))
        return real_set_mode(size, flags)

    monkeypatch.setattr(window_mod.pygame.display, "set_mode", set_mode)
    win = Window((1280, 720), fullscreen=False)
    log.clear()
    return win, fake, log


def test_fullscreen_goes_to_the_origin_first_and_back_after(
        recorded: tuple[Window, FakeSDLWindow, list[tuple[str, object]]]) -> None:
    win, fake, log = recorded
    assert win.set_fullscreen(True)
    # SDL does not move a window that is already fullscreen: the move comes before the mode
    assert log == [("move", (0, 0)), ("set_mode", "fullscreen")]
    log.clear()
    assert win.set_fullscreen(False)
    assert log == [("set_mode", "window"), ("move", (192, 108))]
    assert fake.position == (192, 108)


def test_no_move_when_nothing_changes(
        recorded: tuple[Window, FakeSDLWindow, list[tuple[str, object]]]) -> None:
    win, _fake, log = recorded
    assert not win.set_fullscreen(False)
    assert log == []


def test_a_window_on_another_display_is_not_pulled_to_the_first(
        recorded: tuple[Window, FakeSDLWindow, list[tuple[str, object]]], monkeypatch: pytest.MonkeyPatch) -> None:
    """A second screen right of a 1920-wide first one: fullscreen stays where the window is."""
    win, fake, log = recorded
    monkeypatch.setattr(window_mod.pygame.display, "get_desktop_sizes", lambda: [(1920, 1080), (1920, 1080)])
    fake._position = (1920 + 192, 108)
    assert win.set_fullscreen(True)
    assert log == [("set_mode", "fullscreen")]
