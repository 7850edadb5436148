"""Pick a manual save to load (newest first)."""
from __future__ import annotations

import functools
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from ne_game.i18n import _, fmt
from ne_game.storage import saves
from ne_game.ui.look.widgets import MenuFocus, draw_parchment, ellipsize_button
from ne_game.ui.shell import flow
from ne_game.ui.shell.overlay import PanelOverlay
from ne_game.ui.text.dates import when as when_words

if TYPE_CHECKING:  # pragma: no cover
    from ne_game.ui.shell.app import App

MAX_ROWS = 8


class LoadScene(PanelOverlay):
    ref_content = (780, 660)

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.rows: list[tuple[pygame_gui.elements.UIButton, saves.SaveInfo]] = []
        self.back: pygame_gui.elements.UIButton | None = None
        self.panel_rect = pygame.Rect(0, 0, 0, 0)
        self.rule_at: tuple[int, int, int] | None = None
        self.sheet = pygame.Rect(0, 0, 0, 0)
        self.focus = MenuFocus()
        self.build()

    def build(self) -> None:
        self.reset_ui_manager()
        app, mgr = self.app, self.ui_manager
        slots = saves.list_slots()[:MAX_ROWS]
        bh, gap, pad = self.px("button_height"), self.px("gap"), self.px("panel_padding") * 2
        w = min(self.px("dialog_width") * 1.3, app.screen_size[0] - 2 * self.px("margin"))
        head = self.px("font_heading", 1.7)
        h = pad + head + (max(1, len(slots)) + 1) * (bh + gap) + gap * 2
        self.panel_rect = pygame.Rect(0, 0, int(w), min(h, app.screen_size[1] - 2 * self.px("margin")))
        self.panel_rect.center = (app.screen_size[0] // 2, app.screen_size[1] // 2)
        pygame_gui.elements.UILabel(pygame.Rect(self.panel_rect.x, self.panel_rect.y + pad // 2,
                                                self.panel_rect.w, head), _("Load a saved game"), mgr,
                                    object_id=pygame_gui.core.ObjectID(class_id="@heading"))
        y = self.panel_rect.y + pad // 2 + head + gap
        self.rule_at = (self.panel_rect.centerx, self.panel_rect.y + pad // 2 + head - gap // 2,
                        min(self.panel_rect.w // 2, self.px("button_width", 0.8)))
        # the saved games listed on a parchment card, each a light row in ink, read from the left
        self.sheet = pygame.Rect(self.panel_rect.x + pad // 2, y - gap // 2, self.panel_rect.w - pad,
                                 max(1, len(slots)) * (bh + gap) + gap)
        y += gap // 2
        self.rows = []
        for info in slots:
            # as the language writes a date and time (playtest 10a: "2026-11-27 19:41" read as one
            # number in the bold face); any file time: never raises
            when = when_words(info.saved_at)
            if info.damaged:     # the player can tell which file
                label = fmt("{when} — {file} (damaged)", when=when, file=info.name)
            else:
                label = fmt("{when} — {summary}", when=when, summary=info.summary or info.name)
            btn = pygame_gui.elements.UIButton(pygame.Rect(self.panel_rect.x + pad, y, self.panel_rect.w - 2 * pad, bh),
                                               label, mgr, object_id=pygame_gui.core.ObjectID(
                                                   class_id="@paper_row", object_id="#left"))
            ellipsize_button(btn, label)      # a long summary ends in "…", not mid-word
            self.rows.append((btn, info))
            y += bh + gap
        if not slots:
            pygame_gui.elements.UILabel(pygame.Rect(self.panel_rect.x, y, self.panel_rect.w, bh),
                                        _("No saved games yet."), mgr,
                                        object_id=pygame_gui.core.ObjectID(class_id="@ink"))
            y += bh + gap
        self.back = pygame_gui.elements.UIButton(
            pygame.Rect(self.panel_rect.centerx - self.px("button_width") // 2, y, self.px("button_width"), bh),
            _("Back"), mgr)
        self.focus.set_buttons([b for b, _ in self.rows] + [self.back], show=self.app.pads.last_device != "mouse")

    def on_resize(self, size: tuple[int, int]) -> None:
        self.build()

    def process_event(self, event: pygame.event.Event) -> bool:
        pressed = self.focus.handle_key(event)
        if pressed is not None and pressed is not True:
            event = pygame.event.Event(pygame_gui.UI_BUTTON_PRESSED, ui_element=pressed)
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.back:
                self.app.pop()
                return True
            for btn, info in self.rows:
                if event.ui_element is btn:
                    self.app.pop()
                    path = info.path
                    flow.confirm_replacing_game(self.app, functools.partial(flow.open_save, self.app, path), _("Load this game"))
                    return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
        return True

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)            # the panel and its title's rule
        draw_parchment(surface, self.sheet, self.app.theme, self.gui_scale())

    def draw_after_ui(self, surface: pygame.Surface) -> None:
        self.focus.draw(surface, self.app.theme, self.gui_scale())

    def layout(self) -> dict[str, object]:
        out: dict[str, object] = {"panel": self.panel_rect.copy(), "rows": [b.rect.copy() for b, _ in self.rows]}
        if self.back is not None:
            out["button_back"] = self.back.rect.copy()
        return out
