"""The table's frame, drawn from its views: the static layer (redrawn when its view's
value changes), then what moves or pulses every frame (money, glows, buttons, tweens)."""
from __future__ import annotations

import math

import pygame

import ne_game.ui.scenes.table.draw.board_view as board_view
import ne_game.ui.scenes.table.draw.chrome as chrome
import ne_game.ui.scenes.table.draw.panels as panels
from ne_game.rules import Ruleset
from ne_game.ui.scenes.table.draw.bid_track import draw_bid_overlay
from ne_game.ui.scenes.table.draw.gfx import Style
from ne_game.ui.scenes.table.draw.layout import Layout
from ne_game.ui.scenes.table.draw.offer_view import draw_offer_overlay, draw_reveal_overlay
from ne_game.ui.scenes.table.model.geometry import Cell
from ne_game.ui.scenes.table.model.view_model import Button, MoneyView, OverlayView, StaticView
from ne_game.ui.scenes.table.motion.tweens import Animator


class TableRenderer:
    """Keeps the two cached layers: the board's base (layout and style) and the static layer."""

    def __init__(self, coast: frozenset[Cell], rs: Ruleset) -> None:
        self.coast = coast
        self.rs = rs
        self._static: pygame.Surface | None = None
        self._static_key: tuple[StaticView, Layout, Style, tuple[tuple[int, ...], ...]] | None = None
        self._base: pygame.Surface | None = None
        self._base_key: tuple[Layout, Style] | None = None

    def invalidate(self) -> None:
        """A new layout or style: both layers are drawn again."""
        self._static = self._base = None

    def base(self, lay: Layout, st: Style) -> pygame.Surface:
        """Sea, parcels and coordinates: drawn again only for a new layout or style."""
        key = (lay, st)             # compared by identity first: no redraw for the same ones
        if self._base is None or self._base_key != key:
            self._base = board_view.draw_base(lay, st, self.coast)
            self._base_key = key
        return self._base

    def frame(self, surface: pygame.Surface, lay: Layout, st: Style, view: StaticView,
              overlay: OverlayView, buttons: tuple[Button, ...], button_rects: list[pygame.Rect],
              prompt_above: bool, money: list[MoneyView], anim: Animator, clock: float) -> None:
        key = (view, lay, st, tuple(map(tuple, button_rects)))
        if self._static is None or self._static_key != key:
            self._static = chrome.draw_static(surface, lay, st, view, self.base(lay, st),
                                              button_rects, prompt_above, self.rs)
            self._static_key = key
        surface.blit(self._static, (0, 0))
        pulse = 0.65 + 0.35 * math.sin(clock * 4.0)
        for pv, mv in zip(view.panels, money):
            geo = panels.geometry(lay, pv.seat, pv.barn_cells)
            drawn = panels.draw_money(surface, lay, st, mv, geo, pv)
            panels.draw_vp_parts(surface, lay, st, pv, drawn, geo)
        if overlay.barn_seat is not None:
            panels.draw_barn_glow(surface, lay, st, overlay, view.panels[overlay.barn_seat], pulse)
        board_view.draw_overlay(surface, lay, st, overlay.board, clock)
        draw_offer_overlay(surface, lay, st, overlay, view.offer.slots, pulse)
        draw_bid_overlay(surface, lay, st, overlay, pulse)
        draw_reveal_overlay(surface, lay, st, overlay, pulse)
        chrome.draw_buttons(surface, lay, st, buttons, button_rects, overlay.hot_button,
                            overlay.ai_button, pulse)
        chrome.draw_menu_button(surface, lay, st, view.menu, overlay.hot_button == "menu")
        anim.draw(surface)
