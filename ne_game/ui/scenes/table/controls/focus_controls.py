"""The table's keyboard and pad controls: the focus (focus.py) kept in step with the
table, moved by arrows and Tab, and pressed by Enter as a click on its item would be.

A mixin of TableScene (kept apart so the scene stays small); it uses the scene's own
state and its click path, and decides no rule.
"""
from __future__ import annotations

import dataclasses
from collections.abc import Callable

import pygame

from ne_game.ui.look.widgets import draw_focus_ring
from ne_game.ui.scenes.table.controls.hit import Hit
from ne_game.ui.scenes.table.model.focus import Item, prompt_controls
from ne_game.ui.scenes.table.model.focus import regions as focus_regions
from ne_game.ui.scenes.table.model.view_model import StaticView
from ne_game.ui.scenes.table.scene_face import SceneFace
from ne_game.ui.shell import input_map as im


class FocusControls(SceneFace):
    """Mixed into TableScene: `_settle_focus`, `_focus_command`, `draw_focus`;
    what it uses of the scene is declared, with its types, in scene_face.SceneFace."""

    #: items of a card over the table that Tab reaches too (the tutorial's lesson card: its
    #: buttons), as ("lesson", id) hits; the card's owner presses them
    lesson_items: Callable[[], list[Item]] | None = None

    def _settle_focus(self) -> None:
        """The focus's items after any change; with the focus on, the pointer is at its item."""
        self.view = self._build_static()
        inter, facts = self.inter, self.facts
        self.focus_items = focus_regions(self.lay, self.view, facts, inter, self.human_turn, self.buttons,
                                         self.button_rects, self.targets, self.legal_bids,
                                         self.selectable_slots)
        if self.lesson_items is not None and self.human_turn:
            self.focus_items["lesson"] = self.lesson_items()
        picked = bool(inter and inter.sel is not None)
        self.focus.settle(self.focus_items, (facts.seat, facts.phase, facts.pos.round),
                          facts.phase, picked)
        if self.human_turn and self.app.pads.last_device != "mouse":
            # keyboard or pad play: the ring is on the likely first item from the turn's first
            # frame (Enter then presses what the ring shows, never an unseen End turn)
            self.focus.active = True
        item = self.focus.current(self.focus_items)
        if item is not None:
            self.hover_pos = item[1].center

    def focus_on(self, hits: list[Hit]) -> bool:
        """Put the focus on the first of `hits` that can be focused now (the tutorial: the item
        its lesson points at). True when one could."""
        for hit in hits:
            if any(h == hit for row in self.focus_items.values() for h, _rect in row):
                self.focus.point_at(hit, self.focus_items)
                item = self.focus.current(self.focus_items)
                if item is not None:
                    self.hover_pos = item[1].center
                return True
        return False

    def _focus_command(self, name: str) -> bool:
        """Arrows, Tab and Enter with the focus: move it, or do what a click on its item does."""
        inter = self.inter
        if name in (im.NEXT_TARGET, im.PREV_TARGET) and inter is not None and inter.fits():
            # a land-use card picked: Tab / Shift+Tab (LB / RB) step through its fitting places
            cell = inter.step_fit(1 if name == im.NEXT_TARGET else -1)
            if cell is not None:
                self.focus.active = True
                self.focus.point_at(("cell", cell), self.focus_items)
                self._update_hover(self.lay.cell_rect(*cell).center)
            return cell is not None
        if name == im.CONFIRM:
            item = self.focus.current(self.focus_items)
            if item is None:
                return False
            self._update_hover(item[1].center)      # the words beside the ring
            self.perform(self.intent_of(item[0]))   # what the focused item means: no pixels
        elif name in im.DIRECTIONS:
            self.focus.move(name, self.focus_items)
        else:
            self.focus.switch(1 if name == im.NEXT_TARGET else -1, self.focus_items)
        self._refresh_interaction()
        return True

    def with_controls(self, view: StaticView) -> StaticView:
        """The view whose prompt shows the glyphs of the device used last (the mouse keeps
        the words)."""
        device = self.app.pads.last_device
        if device == "mouse" or not self.human_turn or self.inter is None:
            return view
        item = self.focus.current(self.focus_items)
        end, undo = self.button("end_turn"), self.button("undo")
        controls = prompt_controls(self.focus.region, item[0] if item else None, self.inter.sel is not None,
                                   self.inter.n_orients() > 1, self.button("hint") is not None,
                                   can_end=bool(end and end.enabled), can_undo=bool(undo and undo.enabled))
        prompt = dataclasses.replace(view.prompt, controls=controls, device=device,
                                     pad_layout=self.app.pads.layout)
        return dataclasses.replace(view, prompt=prompt)

    def focus_inputs(self) -> tuple[str, str, bool]:
        """What the prompt's glyphs depend on (for the static layer's cache)."""
        return (self.app.pads.last_device, self.focus.region, self.focus.active)

    def draw_focus(self, surface: pygame.Surface) -> pygame.Rect | None:
        """The focus ring over the table (only once a key or pad moved the focus); around
        the whole preview when the item is a board cell. Its rect, or None."""
        item = self.focus.current(self.focus_items) if self.human_turn else None
        if item is None:
            return None
        rect = item[1]
        pv = self.preview
        if item[0][0] == "cell" and pv is not None and pv.cells:
            rect = self.lay.cells_rect(pv.cells)
        return draw_focus_ring(surface, rect, self.app.theme, self.lay.base, round_=item[0][0] == "bid",
                               inside=item[0][0] == "slot")      # the offer's header stays readable
