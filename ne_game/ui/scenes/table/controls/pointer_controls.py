"""The table's pointer controls: moving, pressing, dragging, the wheel and the second button.

Owned by TableScene (`scene.pointer`), through scene_face.SceneFace.
A press asks the scene what the thing under the pointer means (`intent_of`, intents.py) and
carries that out (`perform`): the same path as the focus ring and a pad. What is left here is
what only a pointer has: dragging a figure, the wheel over the log, the second button.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from ne_game.ui.scenes.table.controls.hit import Hit
from ne_game.ui.scenes.table.controls.intents import NOTHING
from ne_game.ui.scenes.table.draw import panels
from ne_game.ui.scenes.table.model.table_words import stored_card_words

if TYPE_CHECKING:  # pragma: no cover
    from ne_game.ui.scenes.table.scene_face import SceneFace

class PointerControls:
    """The pointer's controls, owned by TableScene (`scene.pointer`): `point`, `scroll`,
    `right_click`, `left_down`, `left_up`; what it uses of the scene is declared in scene_face.SceneFace."""

    def __init__(self, table: SceneFace) -> None:
        self.table = table
        #: the offer item just picked with a press: its words wait until the pointer leaves it
        #: (playtest 10e: they stayed over the glowing parcel to click next)
        self.picked_under: Hit | None = None

    def point(self, pos: tuple[int, int]) -> bool:
        t = self.table
        if t.drag is not None:
            t.drag["pos"] = pos
            fx, fy = t.drag["start"]
            if not t.drag["moved"] and abs(pos[0] - fx) + abs(pos[1] - fy) > t.lay.px(6):
                t.drag["moved"] = True          # the static layer hides the lifted figure
        t.update_hover(pos)
        if self.picked_under is not None:
            if t.hover == self.picked_under:
                t.tip_stale = True              # still on the item picked: its words wait
            else:
                self.picked_under = None        # off it: the words of what is under it now
        return True

    def read_log(self, step: int) -> bool:
        """Read `step` entries back in the log (negative: towards the newest); at the newest
        the recap shows again."""
        t = self.table
        was = t.log_scroll
        t.log_scroll = max(0, min(len(t.log) - 1, t.log_scroll + step))
        t.update_hover(t.hover_pos)
        return t.log_scroll != was

    def scroll(self, step: int) -> bool:
        t = self.table
        if t.lay.log_rect.collidepoint(t.hover_pos):
            # The wheel over the log reads back through older sentences, an entry a notch
            self.read_log(step)
            return True
        if t.inter and t.human_turn and t.inter.n_orients() > 1:
            t.inter.rotate(1 if step > 0 else -1, t.face.pointed())
            t.refresh_interaction()
            return True
        return False

    def right_click(self) -> bool:
        t = self.table
        if not (t.inter and t.human_turn):
            t.skip()
            return True
        if t.facts.phase == "start_tiles":
            t.inter.rotate(1)
        elif t.inter.sel is not None:
            t.inter.cancel()
        t.drag = None
        t.refresh_interaction()
        return True

    def left_down(self, pos: tuple[int, int]) -> bool:
        """A press of the main button: the intent of what is under the pointer."""
        t = self.table
        t.tip_stale = False     # a press wakes the pointer's words (a move it makes hides them again)
        intent = t.commands.intent_of(t.hover)
        barn = self._barn_at(pos) if intent is NOTHING and t.human_turn else None
        if barn is not None:
            # a stored card that cannot be played now (or another's): never a silent click; it
            # says whose it is and when and how it is played (its owner sees it large beside)
            words = stored_card_words(t.facts, barn)
            if words:
                t.tooltip = words
                t.app.sound.cue("refused")
                return True
        if intent is NOTHING and t.human_turn:
            return False
        done = t.commands.perform(intent)
        if done and intent.pick is not None and intent.pick[0] == "slot":
            # an offer item picked: its place is chosen next on the board, where its words
            # would stand; they wait until the pointer moves off the item
            self.picked_under = t.hover
            t.tip_stale = True
        if done and intent.pick is not None and intent.pick[0] == "figure":
            # the mouse can drag what it picked up: the release on a target moves it there
            t.drag = {"from": intent.pick[1], "start": pos, "pos": pos, "moved": False}
        if intent.kind == "arm":
            t.update_hover(pos)        # the marker's words: a second press takes it
        return True

    def _barn_at(self, pos: tuple[int, int]) -> tuple[int, int] | None:
        """The barn (its cell) whose card slot in a panel is under `pos`: one's own (the hit
        says so) or another player's (the hit names only his panel)."""
        t = self.table
        hover = t.hover
        if hover is not None and hover[0] == "barn":
            return (int(hover[1][0]), int(hover[1][1]))
        if hover is None or hover[0] != "panel":
            return None
        pv = t.view.panels[int(hover[1])]
        for cell, r in panels.geometry(t.lay, pv.seat, pv.barn_cells)["barns"]:
            if r.collidepoint(pos):
                return (int(cell[0]), int(cell[1]))
        return None

    def left_up(self, pos: tuple[int, int]) -> bool:
        t = self.table
        drag = t.drag
        if drag is None:
            return False
        t.drag = None
        if drag.get("moved"):
            cell = t.lay.cell_at(pos)
            pv = t.inter.preview(cell) if (t.inter and cell) else None
            if pv is not None and pv.action is not None:
                t.act(pv.action)
                return True
        # A plain click (or a drop on no target) leaves the figure picked: click a target next.
        t.refresh_interaction()
        return True
