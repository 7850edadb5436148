"""The game's window: its size, fullscreen or not, and the scale the layout is drawn at.

Scale: `window_scale` = min(w/1280, h/720) (the layout's reference window); the app's
`ui_scale` multiplies it by the player's UI-scale setting (100-200 %).
"""
from __future__ import annotations

import logging
import warnings

import pygame

log = logging.getLogger(__name__)

REFERENCE_SIZE = (1280, 720)
MIN_WINDOW = (960, 540)


class Window:
    def __init__(self, size: tuple[int, int] | None, fullscreen: bool) -> None:
        self.fullscreen = bool(fullscreen)
        self.windowed_size = self.initial_size(size)
        # where the window sat before fullscreen, to put it back on leaving (None: not known)
        self.windowed_position: tuple[int, int] | None = None
        self.screen: pygame.Surface = self._set_mode()

    @staticmethod
    def initial_size(size: tuple[int, int] | None) -> tuple[int, int]:
        if size:
            return int(size[0]), int(size[1])
        try:
            dw, dh = pygame.display.get_desktop_sizes()[0]
        except (pygame.error, IndexError):
            return REFERENCE_SIZE
        # 80 % of the desktop, 16:9, never below the reference window unless the desktop is.
        w = int(dw * 0.8)
        h = int(w * 9 / 16)
        if h > dh * 0.8:
            h = int(dh * 0.8)
            w = int(h * 16 / 9)
        if w < REFERENCE_SIZE[0]:
            w, h = min(REFERENCE_SIZE[0], dw), min(REFERENCE_SIZE[1], dh)
        return max(w, 320), max(h, 240)

    def _set_mode(self) -> pygame.Surface:
        if self.fullscreen:
            try:
                desk = pygame.display.get_desktop_sizes()[0]
            except (pygame.error, IndexError):
                desk = self.windowed_size
            return pygame.display.set_mode(desk, pygame.FULLSCREEN)
        screen = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
        self._set_minimum_size()
        return screen

    @staticmethod
    def _window() -> pygame.Window | None:
        """The display module's window as a `pygame.Window` (None where there is none)."""
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore", DeprecationWarning)
                return pygame.Window.from_display_module()
        except (AttributeError, pygame.error, ValueError) as err:
            log.debug("no window object here: %s", err)     # older SDL, no display mode yet
            return None

    def _set_minimum_size(self) -> None:
        window = self._window()
        if window is None:
            return
        try:
            window.minimum_size = MIN_WINDOW
        except (AttributeError, pygame.error, ValueError) as err:
            log.debug("no minimum window size here: %s", err)    # only a nicety (older SDL, dummy driver)

    def _position(self) -> tuple[int, int] | None:
        window = self._window()
        if window is None:
            return None
        x, y = window.position
        return int(x), int(y)

    @staticmethod
    def _on_first_display(position: tuple[int, int] | None) -> bool:
        if position is None:
            return False
        try:
            w, h = pygame.display.get_desktop_sizes()[0]
        except (pygame.error, IndexError) as err:
            log.debug("no desktop size here: %s", err)
            return False
        return 0 <= position[0] < w and 0 <= position[1] < h

    def _move_to(self, position: tuple[int, int]) -> None:
        window = self._window()
        if window is None:
            return
        try:
            window.position = position
        except (pygame.error, ValueError, TypeError) as err:
            log.warning("the window could not be moved to %s: %s", position, err)

    def set_icon(self, icon: pygame.Surface) -> None:
        pygame.display.set_icon(icon)

    @property
    def size(self) -> tuple[int, int]:
        return self.screen.get_size()

    @property
    def scale(self) -> float:
        w, h = self.size
        return max(0.25, min(w / REFERENCE_SIZE[0], h / REFERENCE_SIZE[1]))

    def set_fullscreen(self, on: bool) -> bool:
        """Switch; True when it changed."""
        if on == self.fullscreen:
            return False
        if on:
            self.windowed_size = self.size
            self.windowed_position = self._position()
            # Without a window manager (a bare X server, a kiosk) SDL makes the window the
            # display's size where it stood, so a window that sat at +192+108 runs off the right
            # and bottom edges: it goes to the display's origin first (SDL does not move a window
            # that is already fullscreen), and leaving fullscreen puts it back. Only on the first
            # display: a window on another screen stays there (its origin is not known here).
            if self._on_first_display(self.windowed_position):
                self._move_to((0, 0))
        self.fullscreen = on
        self.screen = self._set_mode()
        if not on and self.windowed_position is not None:
            self._move_to(self.windowed_position)
        return True

    def resize(self, size: tuple[int, int]) -> bool:
        """A new windowed size (tests; players drag the window's edge). False in fullscreen."""
        if self.fullscreen:
            return False
        self.windowed_size = (max(320, int(size[0])), max(240, int(size[1])))
        self.screen = pygame.display.set_mode(self.windowed_size, pygame.RESIZABLE)
        return True

    def resized(self, size: tuple[int, int]) -> None:
        """The window system resized the window (a VIDEORESIZE)."""
        if not self.fullscreen:
            self.windowed_size = size

    def refresh(self) -> None:
        """Take the display's surface again after a resize."""
        surf = pygame.display.get_surface()
        if surf is not None:
            self.screen = surf
