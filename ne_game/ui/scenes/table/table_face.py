"""The table's read-only face for the shell, the tutorial and tests: its buttons by id,
the board cell under the pointer, the tooltip (with a card shown large).

Owned by TableScene (`scene.face`); it reads the scene's state and never changes the game.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

import ne_game.ui.scenes.table.draw.chrome as chrome
import ne_game.ui.scenes.table.model.view_model as vm
from ne_game.ui.scenes.table.controls.hit import Hit, hit_test
from ne_game.ui.scenes.table.draw import board_view
from ne_game.ui.scenes.table.draw.offer_view import slot_rects

if TYPE_CHECKING:  # pragma: no cover
    from ne_game.ui.scenes.table.scene_face import SceneFace


#: the kinds of glowing targets that are where a picked item (or a start tile) goes next: a
#: tooltip from off the board never covers them (the figures and barns that may be picked are not)
PLACES = frozenset({"place", "develop", "figure", "store", "move"})


class TableFace:
    """Read-only helpers over a TableScene's buttons, layout and pointer."""

    def __init__(self, table: SceneFace) -> None:
        self.table = table

    def button(self, bid: str) -> vm.Button | None:
        return next((b for b in self.table.buttons if b.id == bid), None)

    def button_rect(self, bid: str) -> pygame.Rect | None:
        t = self.table
        for b, r in zip(t.buttons, t.button_rects):
            if b.id == bid:
                return r
        return None

    def draw_tooltip(self, surface: pygame.Surface, avoid: pygame.Rect | None = None) -> None:
        t = self.table
        if t.tip_stale:
            return      # the game moved on under a resting pointer: words of what was there
        chrome.draw_tooltip(surface, t.lay, t.style, t.tooltip, t.hover_pos, zoom=t.overlay.zoom, rs=t.rs,
                            avoid=avoid, target=t.hover_rect,
                            offer=list(slot_rects(t.lay, t.view.offer.slots).values()),
                            glow=[t.lay.cell_rect(*c) for kind, cells in t.targets.items()
                                  if kind in PLACES for c in cells],
                            figures=[board_view.figure_rect(t.lay, tile, t.lay.cells_rect(tile.cells))
                                     for tile in t.view.board.tiles if tile.figure])

    def draw_focus_words(self, surface: pygame.Surface, ring: pygame.Rect, keep_prompt: bool,
                         above: bool) -> None:
        """The words of the item in the keyboard's or pad's ring, never over the play: a bar
        button's in the prompt's second line (`above`: the prompt above the buttons), unless
        the Hint's move is said there (`keep_prompt`)."""
        t = self.table
        chrome.draw_focus_words(surface, t.lay, t.style, t.tooltip, ring, keep_prompt=keep_prompt,
                                offer=list(slot_rects(t.lay, t.view.offer.slots).values()),
                                room=chrome.prompt_room(t.lay, t.style, t.view.prompt, t.button_rects, above),
                                free=chrome.prompt_free_room(t.lay, t.style, t.view.prompt, t.button_rects, above))

    def pointed(self) -> tuple[int, int] | None:
        """The board cell under the pointer, if any (R and the wheel choose a fit there)."""
        hover = self.table.hover
        return hover[1] if hover and hover[0] == "cell" else None

    def hit_at(self, pos: tuple[int, int]) -> Hit | None:
        """What a click at `pos` would touch."""
        t = self.table
        return hit_test(pos, t.lay, t.style, t.view, t.facts, t.buttons, t.button_rects)

    def holding(self) -> bool:
        """Something is picked up or dragged (Escape puts it back; a drag goes on under overlays)."""
        t = self.table
        return t.inter is not None and (t.inter.sel is not None or t.drag is not None)
