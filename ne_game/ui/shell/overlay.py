"""The look every modal menu shares: the scene below dimmed, one panel on top."""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui

from ne_game.ui.look.widgets import MenuFocus, dim, draw_heading_rule, draw_panel
from ne_game.ui.shell.scene_base import Scene

if TYPE_CHECKING:  # pragma: no cover
    from ne_game.ui.shell.app import App


class PanelOverlay(Scene):
    """A modal overlay drawn as a themed panel at `self.panel_rect` over the dimmed scene below,
    with the gold ornament under its title where `rule_at` places one (centre x, y, width)."""

    is_overlay = True
    panel_rect = pygame.Rect(0, 0, 0, 0)
    rule_at: tuple[int, int, int] | None = None

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface, self.app.theme)
        draw_panel(surface, self.panel_rect, self.app.theme, self.gui_scale())
        if self.rule_at is not None:     # the gold ornament under the title, as on every panel
            x, y, w = self.rule_at
            draw_heading_rule(surface, (x, y), w, self.app.theme, self.gui_scale())


class MenuPanel(PanelOverlay):
    """A modal menu of named buttons on a panel (the pause menu, Who plays): the mouse, keys and a
    pad press them through one MenuFocus, Escape presses `escape_key`, and the panel draws its
    title's gold rule and the focus ring. A menu builds its widgets in `build` (again at every
    resize) and answers a pressed button's name in `activate`."""

    escape_key = ""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.buttons: dict[str, pygame_gui.elements.UIButton] = {}
        self.focus = MenuFocus()

    def build(self) -> None:
        raise NotImplementedError

    def activate(self, key: str) -> None:
        raise NotImplementedError

    def on_resize(self, size: tuple[int, int]) -> None:
        self.build()

    def process_event(self, event: pygame.event.Event) -> bool:
        choice = self.focus.chosen(event, self.buttons)
        if isinstance(choice, str):
            self.activate(choice)
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.activate(self.escape_key)
        return True  # modal

    def draw_after_ui(self, surface: pygame.Surface) -> None:
        self.focus.draw(surface, self.app.theme, self.gui_scale())

    def layout(self) -> dict[str, object]:
        return {"panel": self.panel_rect.copy(), **{f"button_{k}": b.rect.copy() for k, b in self.buttons.items()}}
