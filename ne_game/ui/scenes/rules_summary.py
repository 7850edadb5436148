"""A scrollable page with the rules summary, from assets/data/rules_summary.toml."""
from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from ne_game.game.gamedata import read_toml
from ne_game.i18n import _, data_text, fmt
from ne_game.rules import DataError
from ne_game.storage.paths import resource_path
from ne_game.ui.shell.overlay import PanelOverlay

if TYPE_CHECKING:  # pragma: no cover
    from ne_game.ui.shell.app import App

SUMMARY_FILE = ("assets", "data", "rules_summary.toml")

log = logging.getLogger(__name__)


def _esc(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


def load_summary(heading: str = "<b>{}</b>") -> tuple[str, str]:
    """(title, html for a pygame-gui text box). A broken file gives a readable note, not a crash.

    `heading` formats each section title (the scene passes a font tag at its scale)."""
    path = resource_path(*SUMMARY_FILE)
    try:
        data = read_toml(path, path.name)
    except DataError as err:
        log.warning("rules summary: %s", err)
        return _("Rules summary"), _esc(fmt("The rules summary cannot be read: {file}", file=path.name))
    parts = []
    for section in data.get("section", []):
        parts.append(heading.format(_esc(data_text(str(section.get("title", ""))))) + "<br>")
        paragraphs = data_text(str(section.get("text", ""))).strip().split("\n\n")
        for para in paragraphs:
            lines = para.splitlines()
            out: list[str] = []
            for line in lines:
                line = line.strip()
                if line.startswith("- "):
                    out.append("<br>• " + _esc(line[2:]))
                elif out and out[-1]:
                    out.append(" " + _esc(line))
                else:
                    out.append(_esc(line))
            parts.append("".join(out).removeprefix("<br>") + "<br><br>")
    title = data.get("title")
    return (data_text(str(title)) if title else _("Rules summary")), "".join(parts)


class RulesSummaryScene(PanelOverlay):
    ref_content = (940, 600)

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.title, self.html = load_summary()   # rebuilt at the scene's scale in build()
        self.panel_rect = pygame.Rect(0, 0, 0, 0)
        self.text_box: pygame_gui.elements.UITextBox | None = None
        self.close: pygame_gui.elements.UIButton | None = None
        self.build()

    def build(self) -> None:
        self.reset_ui_manager()
        app, mgr = self.app, self.ui_manager
        # Section titles in the theme's heading face at this scene's scale (pygame-gui's
        # html "size=" steps are fixed pixel sizes that would not follow the UI scale).
        face = f"ne_{app.theme.name}_heading"
        head_px = self.px("font_heading", 0.8)
        mgr.preload_fonts([{"name": face, "point_size": head_px, "style": "regular"}])
        self.title, self.html = load_summary(f"<font face={face} pixel_size={head_px}>{{}}</font>")
        w, h = app.screen_size
        m = self.px("margin") * 2
        pw = min(int(self.px("dialog_width") * 1.6), w - 2 * m)
        self.panel_rect = pygame.Rect(0, 0, pw, h - 2 * m)
        self.panel_rect.center = (w // 2, h // 2)
        pad = self.px("panel_padding") * 2
        head = self.px("font_heading", 1.7)
        bh = self.px("button_height")
        pygame_gui.elements.UILabel(pygame.Rect(self.panel_rect.x, self.panel_rect.y + pad // 2,
                                                self.panel_rect.w, head), self.title, mgr,
                                    object_id=pygame_gui.core.ObjectID(class_id="@heading"))
        box = pygame.Rect(self.panel_rect.x + pad, self.panel_rect.y + pad // 2 + head,
                          self.panel_rect.w - 2 * pad, self.panel_rect.h - head - bh - pad * 2)
        self.text_box = pygame_gui.elements.UITextBox(self.html, box, mgr)
        self.close = pygame_gui.elements.UIButton(
            pygame.Rect(self.panel_rect.centerx - self.px("button_width") // 2,
                        self.panel_rect.bottom - pad // 2 - bh - pad // 4, self.px("button_width"), bh),
            _("Close"), mgr)

    def on_resize(self, size: tuple[int, int]) -> None:
        self.build()

    def scroll(self, lines: int) -> None:
        bar = self.text_box.scroll_bar if self.text_box is not None else None
        if bar is not None:
            bar.set_scroll_from_start_percentage(
                min(1.0, max(0.0, bar.start_percentage + lines * 0.05)))

    def process_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED and event.ui_element is self.close:
            self.app.pop()
            return True
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_ESCAPE, pygame.K_RETURN):
                self.app.pop()
            elif event.key in (pygame.K_DOWN, pygame.K_PAGEDOWN):
                self.scroll(1 if event.key == pygame.K_DOWN else 5)
            elif event.key in (pygame.K_UP, pygame.K_PAGEUP):
                self.scroll(-1 if event.key == pygame.K_UP else -5)
        return True

    def layout(self) -> dict[str, object]:
        return {"panel": self.panel_rect.copy(),
                "text": self.text_box.rect.copy() if self.text_box else None,
                "button_close": self.close.rect.copy() if self.close else None}
