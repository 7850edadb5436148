"""The table's pointer controls: moving, pressing, dragging, the wheel and the second button.

A mixin of TableScene (like focus_controls.FocusControls, kept apart so the scene stays small).
A press asks the scene what the thing under the pointer means (`intent_of`, intents.py) and
carries that out (`perform`): the same path as the focus ring and a pad. What is left here is
what only a pointer has: dragging a figure, the wheel over the log, the second button.
"""
from __future__ import annotations

from ne_game.ui.scenes.table.controls.intents import NOTHING
from ne_game.ui.scenes.table.scene_face import SceneFace


class PointerControls(SceneFace):
    """Mixed into TableScene: `_point`, `_scroll`, `_right_click`, `_left_down`, `_left_up`;
    what it uses of the scene is declared, with its types, in scene_face.SceneFace."""

    def _point(self, pos: tuple[int, int]) -> bool:
        if self.drag is not None:
            self.drag["pos"] = pos
            fx, fy = self.drag["start"]
            if not self.drag["moved"] and abs(pos[0] - fx) + abs(pos[1] - fy) > self.lay.px(6):
                self.drag["moved"] = True          # the static layer hides the lifted figure
        self._update_hover(pos)
        return True

    def _scroll(self, step: int) -> bool:
        if self.lay.log_rect.collidepoint(self.hover_pos):
            # The wheel over the log reads back through older sentences.
            self.log_scroll = max(0, min(len(self.log) - 1, self.log_scroll + step))
            self._update_hover(self.hover_pos)
            return True
        if self.inter and self.human_turn and self.inter.n_orients() > 1:
            self.inter.rotate(1 if step > 0 else -1, self._pointed())
            self._refresh_interaction()
            return True
        return False

    def _right_click(self) -> bool:
        if not (self.inter and self.human_turn):
            self._skip()
            return True
        if self.facts.phase == "start_tiles":
            self.inter.rotate(1)
        elif self.inter.sel is not None:
            self.inter.cancel()
        self.drag = None
        self._refresh_interaction()
        return True

    def _left_down(self, pos: tuple[int, int]) -> bool:
        """A press of the main button: the intent of what is under the pointer."""
        intent = self.intent_of(self.hover)
        if intent is NOTHING and self.human_turn:
            return False
        done = self.perform(intent)
        if done and intent.pick is not None and intent.pick[0] == "figure":
            # the mouse can drag what it picked up: the release on a target moves it there
            self.drag = {"from": intent.pick[1], "start": pos, "pos": pos, "moved": False}
        if intent.kind == "arm":
            self._update_hover(pos)        # the marker's words: a second press takes it
        return True

    def _left_up(self, pos: tuple[int, int]) -> bool:
        drag = self.drag
        if drag is None:
            return False
        self.drag = None
        if drag.get("moved"):
            cell = self.lay.cell_at(pos)
            pv = self.inter.preview(cell) if (self.inter and cell) else None
            if pv is not None and pv.action is not None:
                self._act(pv.action)
                return True
        # A plain click (or a drop on no target) leaves the figure picked: click a target next.
        self._refresh_interaction()
        return True
