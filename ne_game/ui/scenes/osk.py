"""The on-screen keyboard: a name typed with the d-pad (or the arrows) and A (Enter).

Pushed over setup with the current text and a callback; the letters sit in a grid the
focus ring walks (FocusGrid); "Done" (or Start/Esc... B cancels) hands the text back.
A real keyboard still types into it, so nobody is forced to walk the grid.
"""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pygame

from ne_game.i18n import _
from ne_game.ui.look.widgets import FocusGrid, fit_render
from ne_game.ui.shell import input_map as im
from ne_game.ui.shell.overlay import PanelOverlay

if TYPE_CHECKING:  # pragma: no cover
    from ne_game.ui.shell.app import App

ROWS = ("ABCDEFGHIJ", "KLMNOPQRST", "UVWXYZ-'.&", "abcdefghij", "klmnopqrst", "uvwxyz0123")
SPACE, DELETE, DONE = "space", "delete", "done"


class OnScreenKeyboard(PanelOverlay):
    """`OnScreenKeyboard(app, text=..., limit=16, on_done=fn)`: fn(text) is called with the
    new text when the player chooses Done (not when he backs out with B / Esc)."""

    ref_content = (760, 460)

    def __init__(self, app: App, text: str = "", limit: int = 16, title: str = "",
                 on_done: Callable[[str], None] | None = None) -> None:
        super().__init__(app)
        self.text = text
        self.limit = limit
        self.title = title or _("Name")
        self.on_done = on_done
        self.grid = FocusGrid(wrap=True)
        self.keys: dict[Any, pygame.Rect] = {}
        self.build()
        self.grid.focus(("char", ROWS[0][0]))

    def build(self) -> None:
        W, H = self.app.screen_size
        key = self.px("button_height")
        gap = self.px("gap") // 2 + 1
        pad = self.px("panel_padding") * 2
        cols = max(len(r) for r in ROWS)
        w = cols * (key + gap) - gap + pad * 2
        h = pad * 2 + key * 2 + (len(ROWS) + 1) * (key + gap)
        self.panel_rect = pygame.Rect(0, 0, w, h)
        self.panel_rect.center = (W // 2, H // 2)
        x0, y = self.panel_rect.x + pad, self.panel_rect.y + pad + key * 2
        rows: list[list[tuple[Any, pygame.Rect]]] = []
        self.keys = {}
        for chars in ROWS:
            row: list[tuple[Any, pygame.Rect]] = []
            for i, ch in enumerate(chars):
                r = pygame.Rect(x0 + i * (key + gap), y, key, key)
                row.append((("char", ch), r))
            rows.append(row)
            y += key + gap
        third = (w - pad * 2 - gap * 2) // 3
        last: list[tuple[Any, pygame.Rect]] = [(SPACE, pygame.Rect(x0, y, third, key)),
                (DELETE, pygame.Rect(x0 + third + gap, y, third, key)),
                (DONE, pygame.Rect(x0 + 2 * (third + gap), y, third, key))]
        rows.append(last)
        for row in rows:
            self.keys.update(dict(row))
        self.grid.set_rows(rows)

    def on_resize(self, size: tuple[int, int]) -> None:
        self.build()

    def press(self, key: object) -> None:
        if key == DONE:
            self.app.pop()
            if self.on_done is not None:
                self.on_done(self.text)
        elif key == DELETE:
            self.text = self.text[:-1]
        elif key == SPACE:
            self._type(" ")
        elif isinstance(key, tuple):
            self._type(key[1])

    def _type(self, ch: str) -> None:
        if len(self.text) < self.limit:
            self.text += ch

    def process_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for key, r in self.keys.items():
                if r.collidepoint(event.pos):
                    self.grid.focus(key)
                    self.press(key)
        for cmd in im.commands(event):
            if cmd.name in im.DIRECTIONS:
                self.grid.move(cmd.name)
            elif cmd.name == im.CONFIRM:
                self.press(self.grid.key if self.grid.key is not None else DONE)
            elif cmd.name == im.CANCEL:
                self.app.pop()
            elif cmd.name == im.CLEAR:
                self.press(DELETE)
            elif cmd.name == im.PAUSE:
                self.press(DONE)
        if (event.type == pygame.KEYDOWN and not getattr(event, "from_pad", False)
                and event.unicode and event.unicode.isprintable() and event.key not in (pygame.K_SPACE,)
                and not im.commands(event)):
            self._type(event.unicode)       # a real keyboard types straight in
        return True   # modal

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        theme, scale = self.app.theme, self.gui_scale()
        pad = self.px("panel_padding") * 2
        key_h = self.px("button_height")
        # what is asked, in the heading face; the answer on a light field as the setup's name boxes
        img = fit_render(theme, "heading", self.px("font_body", 1.2), self.title, theme.color("title_text"),
                         self.panel_rect.w - pad * 2)
        surface.blit(img, (self.panel_rect.x + pad, self.panel_rect.y + pad // 2 - self.px("gap") // 2))
        field = pygame.Rect(self.panel_rect.x + pad, self.panel_rect.y + pad // 2 + img.get_height(),
                            self.panel_rect.w - pad * 2, key_h)
        pygame.draw.rect(surface, theme.color("input_bg"), field, border_radius=self.px("corner_radius"))
        pygame.draw.rect(surface, theme.color("gold"), field, max(1, self.px("border_width")),
                         border_radius=self.px("corner_radius"))
        text = theme.font("body", self.px("font_body")).render(self.text + "|", True, theme.color("input_text"))
        surface.blit(text, text.get_rect(midleft=(field.x + pad // 2, field.centery)))
        font = theme.font("bold", self.px("font_body"))
        labels = {SPACE: _("Space"), DELETE: _("Delete"), DONE: _("Done")}
        for key, r in self.keys.items():
            pygame.draw.rect(surface, theme.color("button" if key != DONE else "gold"), r,
                             border_radius=self.px("corner_radius"))
            pygame.draw.rect(surface, theme.color("button_border"), r, max(1, self.px("border_width")),
                             border_radius=self.px("corner_radius"))     # keys edged as the menus' buttons
            label = labels.get(key) if not isinstance(key, tuple) else key[1]
            colour = theme.color("button_text" if key != DONE else "background")
            cap = font.render(label, True, colour)
            surface.blit(cap, cap.get_rect(center=r.center))
        self.grid.draw(surface, theme, scale)

    def layout(self) -> dict[str, object]:
        return {"keys": dict(self.keys), "text": self.text}
