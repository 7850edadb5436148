"""The table's read-only face for the shell, the tutorial and tests: its buttons by id,
where the pointer is, where messages may stand, the tooltip (with a card shown large).

A mixin of TableScene (like focus_controls.FocusControls): these read the scene's
state and never change the game.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

import ne_game.ui.scenes.table.draw.chrome as chrome
import ne_game.ui.scenes.table.model.view_model as vm
from ne_game.rules import Ruleset

if TYPE_CHECKING:  # pragma: no cover
    from ne_game.ui.scenes.table.controls.hit import Hit
    from ne_game.ui.scenes.table.draw.gfx import Style
    from ne_game.ui.scenes.table.draw.layout import Layout


class TableFace:
    """Read-only helpers over a TableScene's buttons, layout and pointer."""

    buttons: tuple[vm.Button, ...]
    button_rects: list[pygame.Rect]
    lay: Layout
    style: Style
    tooltip: str
    hover: Hit | None
    hover_pos: tuple[int, int]
    overlay: vm.OverlayView
    rs: Ruleset

    def button(self, bid: str) -> vm.Button | None:
        return next((b for b in self.buttons if b.id == bid), None)

    def button_rect(self, bid: str) -> pygame.Rect | None:
        for b, r in zip(self.buttons, self.button_rects):
            if b.id == bid:
                return r
        return None

    @property
    def toast_floor(self) -> int:
        """Messages stand above the action bar, never over its buttons."""
        return int(self.lay.action_bar.top - self.lay.px(6))

    def draw_tooltip(self, surface: pygame.Surface, avoid: pygame.Rect | None = None) -> None:
        chrome.draw_tooltip(surface, self.lay, self.style, self.tooltip, self.hover_pos,
                            zoom=self.overlay.zoom, rs=self.rs, avoid=avoid)

    def _pointed(self) -> tuple[int, int] | None:
        """The board cell under the pointer, if any (R and the wheel choose a fit there)."""
        return self.hover[1] if self.hover and self.hover[0] == "cell" else None
