"""Modal dialogs over any scene: a message (errors, confirmations) with one or two buttons."""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from ne_game.i18n import _
from ne_game.storage import safe_io
from ne_game.ui.look.widgets import MenuFocus, wrap_words
from ne_game.ui.shell.overlay import PanelOverlay

if TYPE_CHECKING:  # pragma: no cover
    from ne_game.ui.shell.app import App


class MessageDialog(PanelOverlay):
    """Title, text, and buttons; Enter takes the default (first) button, Escape the last."""

    ref_content = (600, 380)

    def __init__(self, app: App, title: str, text: str, on_close: Callable[[], None] | None = None,
                 buttons: list[tuple[str, Callable[[], None] | None]] | None = None) -> None:
        super().__init__(app)
        # made fit to show: a dialog often names a file, whose name may not be valid UTF-8
        self.title = safe_io.displayable(title)
        self.text = safe_io.displayable(text, multiline=True)
        self.choices = buttons or [(_("OK"), on_close)]
        self.panel_rect = pygame.Rect(0, 0, 0, 0)
        self.rule_at: tuple[int, int, int] | None = None
        self.buttons: list[pygame_gui.elements.UIButton] = []
        self.focus = MenuFocus()          # keyboard and pad: the ring starts on the default button
        self.build()
        if getattr(getattr(app, "pads", None), "last_device", "mouse") != "mouse":
            self.focus.index = 0

    def build(self) -> None:
        app = self.app
        pad = self.px("panel_padding") * 2
        title_w = app.theme.font("heading", self.px("font_heading")).size(self.title)[0]
        w = min(max(self.px("dialog_width"), title_w + 3 * pad), app.screen_size[0] - 2 * self.px("margin"))
        h = min(self.px("dialog_height"), app.screen_size[1] - 2 * self.px("margin"))
        # as tall as its words need (a short message leaves no empty box), never taller than
        # the theme's dialog; the text box's own line pitch is about 1.4 lines of its font
        pad0 = self.px("panel_padding") * 2
        font = app.theme.font("body", self.px("font_body"))
        lines = sum(len(wrap_words(app.theme, "body", self.px("font_body"), para, w - 2 * pad0 - self.px("gap") * 4,
                                   max_lines=99)) for para in self.text.split("\n"))
        text_need = int(lines * font.get_linesize() * 1.45) + self.px("gap") * 6
        need = pad0 * 2 + self.px("font_heading", 1.8) + text_need + self.px("button_height")
        h = max(min(h, need), min(h, self.px("dialog_height", 0.6)))
        self.panel_rect = pygame.Rect(0, 0, w, h)
        self.panel_rect.center = (app.screen_size[0] // 2, app.screen_size[1] // 2)
        pad = self.px("panel_padding") * 2
        mgr = self.ui_manager
        title_h = self.px("font_heading", 1.8)   # room for the descenders above the ornament (playtest 8a: "partie ?")
        body = self._html(self.text)
        title_fits = title_w <= w - 2 * pad
        self.rule_at = None
        if title_fits:
            self.rule_at = (self.panel_rect.centerx, self.panel_rect.y + pad // 2 + title_h - self.px("gap") // 2,
                            min(w // 2, self.px("button_width", 0.8)))
            pygame_gui.elements.UILabel(pygame.Rect(self.panel_rect.x + pad, self.panel_rect.y + pad // 2,
                                                    w - 2 * pad, title_h), self.title, mgr,
                                        object_id=pygame_gui.core.ObjectID(class_id="@heading"))
        else:
            # A title wider than the screen allows (a long language at a large UI scale): it
            # leads the text, in bold, where it can wrap, rather than be cut.
            body = f"<b>{self._html(self.title)}</b><br><br>{body}"
        bh = self.px("button_height")
        text_rect = pygame.Rect(self.panel_rect.x + pad, self.panel_rect.y + pad // 2 + title_h,
                                w - 2 * pad, h - title_h - bh - pad * 2)
        if not title_fits:     # the text takes the heading's room too
            text_rect.y, text_rect.h = self.panel_rect.y + pad // 2, text_rect.h + title_h
        pygame_gui.elements.UITextBox(body, text_rect, mgr)
        n = len(self.choices)
        gap = self.px("gap")
        bw = min(self.px("button_width") * 0.7, (w - 2 * pad - gap * (n - 1)) / n)
        total = bw * n + gap * (n - 1)
        x = self.panel_rect.centerx - total / 2
        self.buttons = []
        for i, (label, _action) in enumerate(self.choices):
            r = pygame.Rect(int(x + i * (bw + gap)), self.panel_rect.bottom - pad // 2 - bh - pad // 2, int(bw), bh)
            self.buttons.append(pygame_gui.elements.UIButton(r, label, mgr))
        self.focus.set_buttons(self.buttons, show=self.app.pads.last_device != "mouse")

    @staticmethod
    def _html(text: str) -> str:
        safe = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
        return safe.replace("\n", "<br>")

    def _choose(self, index: int) -> None:
        self.app.pop()
        callback = self.choices[index][1]
        if callback is not None:
            callback()

    def process_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element in self.buttons:
            self._choose(self.buttons.index(event.ui_element))
            return True
        if event.type == pygame.KEYDOWN and event.key in (*MenuFocus.NEXT, *MenuFocus.PREV):
            self.focus.handle_key(event)
        elif event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
                self._choose(self.focus.index or 0)
            elif event.key == pygame.K_ESCAPE:
                self._choose(len(self.choices) - 1)
        return True  # modal: nothing reaches the scene below

    def on_resize(self, size: tuple[int, int]) -> None:
        self.build()

    def draw_after_ui(self, surface: pygame.Surface) -> None:
        self.focus.draw(surface, self.app.theme, self.gui_scale())

    def layout(self) -> dict[str, object]:
        return {"panel": self.panel_rect.copy(), "buttons": [b.rect.copy() for b in self.buttons]}
