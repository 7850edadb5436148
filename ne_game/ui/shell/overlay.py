"""The look every modal menu shares: the scene below dimmed, one panel on top."""
from __future__ import annotations

import pygame

from ne_game.ui.look.widgets import dim, draw_panel
from ne_game.ui.shell.scene_base import Scene


class PanelOverlay(Scene):
    """A modal overlay drawn as a themed panel at `self.panel_rect` over the dimmed scene below."""

    is_overlay = True
    panel_rect = pygame.Rect(0, 0, 0, 0)

    def draw(self, surface: pygame.Surface) -> None:
        dim(surface, self.app.theme)
        draw_panel(surface, self.panel_rect, self.app.theme, self.gui_scale())
