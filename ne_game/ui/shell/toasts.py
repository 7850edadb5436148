"""Toasts: short messages over everything (saved, could not save, a file set aside...).

A notice (ne_game.storage.safe_io.Notice) is said in the language of the moment it is drawn; a text
from a file is made displayable first. A scene with a bar of buttons (`toast_floor`) keeps
them clear: toasts stand above it.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ne_game.storage import safe_io
from ne_game.ui.look.widgets import wrap_words

if TYPE_CHECKING:
    from ne_game.ui.shell.app import App

KEEP = 3          # toasts on screen at once; the oldest gives way
MAX_WIDTH = 0.7   # of the window: a toast wider than this wraps
MAX_LINES = 4


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
        max_w = int(w * MAX_WIDTH)
        color = app.theme.color("tooltip_text")
        for text, _until in reversed(self.items):
            # a long line (the coach's, a Dutch or French sentence) wraps instead of running
            # off the window; each line at the body size, never smaller
            lines = wrap_words(app.theme, "bold", app.px("font_body"), safe_io.displayable(str(text)), max_w,
                               max_lines=MAX_LINES)
            imgs = [font.render(line, True, color) for line in lines]
            box = pygame.Rect(0, 0, max(i.get_width() for i in imgs), sum(i.get_height() for i in imgs))
            box.inflate_ip(pad * 2, pad)
            box.midbottom = (w // 2, y)
            bg = pygame.Surface(box.size, pygame.SRCALPHA)
            bg.fill(app.theme.color("tooltip_bg"))
            surface.blit(bg, box)
            pygame.draw.rect(surface, app.theme.color("gold"), box, max(1, app.px("border_width") // 2),
                             border_radius=app.px("corner_radius"))
            ty = box.top + pad // 2
            for img in imgs:
                surface.blit(img, img.get_rect(midtop=(box.centerx, ty)))
                ty += img.get_height()
            y = box.top - app.px("gap")
