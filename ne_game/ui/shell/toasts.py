"""Toasts: short messages over everything (saved, could not save, a file set aside...).

A notice (ne_game.storage.safe_io.Notice) is said in the language of the moment it is drawn; a text
from a file is made displayable first. A scene with a bar of buttons (`toast_floor`) keeps
them clear: toasts stand above it.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ne_game.storage import safe_io

if TYPE_CHECKING:
    from ne_game.ui.shell.app import App

KEEP = 3          # toasts on screen at once; the oldest gives way


class Toasts:
    def __init__(self) -> None:
        self.items: list[tuple[str | safe_io.Notice, float]] = []   # (text, expires at the clock)

    def add(self, text: str | safe_io.Notice, now: float, seconds: float = 3.0) -> None:
        self.items.append((text, now + seconds))
        self.items = self.items[-KEEP:]

    def showing(self, now: float) -> bool:
        """A toast is on screen at `now`: it expires on the app's clock, which runs only
        while frames are made, so the app does not rest while one shows."""
        return any(until > now for _text, until in self.items)

    def clear(self) -> None:
        self.items.clear()

    def texts(self) -> list[str]:
        return [str(text) for text, _until in self.items]

    def draw(self, surface: pygame.Surface, now: float, app: App, floor: int | None) -> None:
        self.items = [(t, until) for t, until in self.items if until > now]
        if not self.items:
            return
        font = app.font("bold", "font_body")
        pad = app.px("panel_padding")
        w, h = surface.get_size()
        y = h - app.px("margin")
        y = min(y, floor) if isinstance(floor, int) else y
        for text, _until in reversed(self.items):
            img = font.render(safe_io.displayable(str(text)), True, app.theme.color("tooltip_text"))
            box = img.get_rect()
            box.inflate_ip(pad * 2, pad)
            box.midbottom = (w // 2, y)
            bg = pygame.Surface(box.size, pygame.SRCALPHA)
            bg.fill(app.theme.color("tooltip_bg"))
            surface.blit(bg, box)
            pygame.draw.rect(surface, app.theme.color("gold"), box, max(1, app.px("border_width") // 2),
                             border_radius=app.px("corner_radius"))
            surface.blit(img, img.get_rect(center=box.center))
            y = box.top - app.px("gap")
