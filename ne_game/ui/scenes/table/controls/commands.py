"""The table's commands: what each input command does (ne_game.ui.shell.input_map), and the one
path every device shares: what a target means now (`intent_of`, intents.py) and carrying
that out (`perform`), after the tutorial's gate when a lesson runs.

A mixin of TableScene (like focus_controls.FocusControls, kept apart so the scene stays
small); it uses the scene's state and session and decides no rule.
"""
from __future__ import annotations

import pygame

import ne_game.ui.scenes.table.controls.hit as hit
from ne_game.ui.scenes.table.controls.intents import Intent, intent_for
from ne_game.ui.scenes.table.scene_face import SceneFace
from ne_game.ui.shell import input_map as im
from ne_game.ui.text import help as context_help

#: commands that cannot cost a turn: a press that arrives too soon may still do them
HARMLESS = frozenset({"hint", "rotate", "cancel", "skip"})


class TableCommands(SceneFace):
    """Mixed into TableScene: `process_event`, `handle`, `intent_of`, `perform`, `_command`;
    what it uses of the scene is declared, with its types, in scene_face.SceneFace."""

    def process_event(self, event: pygame.event.Event) -> bool:
        consumed = False
        for cmd in im.commands(event):
            consumed = self.handle(cmd) or consumed
        return consumed

    def handle(self, cmd: im.Command) -> bool:
        """Carry out one command; True when the table used it."""
        name = cmd.name
        if name in (im.POINT, im.PRESS):
            self.focus.active = False          # the mouse took over: no ring
        elif self.human_turn and (name in (*im.DIRECTIONS, im.NEXT_TARGET, im.PREV_TARGET)
                                  or (name == im.CONFIRM and self.focus.active and not self._asking_end_turn())):
            if name != im.CONFIRM and self.inter is not None and self.inter.armed is not None:
                # moving the focus takes back a question ("End turn?", a costly bid marker):
                # the next Enter means the item the ring is on, never the question
                self.inter.armed = None
            return self._focus_command(name)
        if name == im.POINT:
            assert cmd.pos is not None      # pointer commands carry where they happened
            return self._point(cmd.pos)
        if name == im.PRESS:
            assert cmd.pos is not None
            self._update_hover(cmd.pos)
            return self._left_down(cmd.pos)
        if name == im.SECONDARY:
            assert cmd.pos is not None
            self._update_hover(cmd.pos)
            return self._right_click()
        if name == im.RELEASE:
            assert cmd.pos is not None
            return self._left_up(cmd.pos)
        if name == im.SCROLL:
            return self._scroll(cmd.step)
        if name == im.CANCEL:
            # Escape puts a picked item back; with nothing picked the shell pauses.
            if self.inter is not None and (self.inter.sel is not None or self.drag):
                self._command("cancel")
                self.drag = None
                self._update_hover(self.hover_pos)
                return True
            return False
        if name == im.CONTEXT_HELP:
            # F1 (L3 on a pad): what the focused item (or what is under the pointer) is and does
            item = self.focus.current(self.focus_items) if self.focus.active else None
            pos = item[1].center if item is not None else self.hover_pos
            words = context_help.explain(self.facts, self.lay, pos) if pos[0] >= 0 else ""
            if words:
                self.tooltip = words
            return bool(words)
        if name == im.SKIP or (name == im.CONFIRM and not self.human_turn):
            self._skip()          # Space, or A / Enter while a computer plays: its move now
            return True
        if not (self.inter and self.human_turn):
            return False
        if name in (im.ROTATE, im.ROTATE_BACK):
            self.inter.rotate(-1 if name == im.ROTATE_BACK else 1, self._pointed())
            self._refresh_interaction()
            return True
        if name == im.CLEAR:
            self._command("cancel")
            return True
        if name == im.UNDO:
            self._command("undo")
            return True
        if name in (im.CONFIRM, im.END_TURN):
            # Enter with no target focused, E, or the pad's Y: End turn, on the same path as a
            # press on its button (it asks once when purchases are left)
            if self.button("end_turn") is not None:
                self.perform(self.intent_of(("button", "end_turn")))
            return True
        if name == im.HINT:
            b = self.button("hint")
            if b is not None:
                self._command("hint")
            return b is not None
        return False

    def intent_of(self, target: hit.Hit | None) -> Intent:
        """What acting on `target` (under the pointer or focused) would do now."""
        preview = None
        if target is not None and target[0] == "cell" and self.inter is not None and self.human_turn:
            inter = self.inter
            if inter.sel is not None or inter.phase == "start_tiles":
                preview = inter.preview(target[1])
        return intent_for(target, facts=self.facts, inter=self.inter, human_turn=self.human_turn,
                          buttons=self.buttons, legal_bids=self.legal_bids, preview=preview)

    def _asking_end_turn(self) -> bool:
        """"End turn?" is asked: the next Enter answers it, whatever the ring shows."""
        inter = self.inter
        return inter is not None and inter.armed == ("button", "end_turn")

    def perform(self, intent: Intent) -> bool:
        """Carry out an intent, once the gate (the tutorial, when one runs) lets it through.
        True when it was carried out."""
        if not self._guard_allows(intent):
            return False
        if self.gate is not None and not self.gate(intent):
            return False
        inter = self.inter
        if inter is not None and inter.armed is not None and intent.target != inter.armed:
            inter.armed = None            # any other act takes back a question ("End turn?")
        if intent.kind == "act" and intent.action is not None:
            self._act(intent.action)
        elif intent.kind == "command" and intent.command:
            self._command(intent.command)
        elif inter is not None and intent.kind == "arm" and intent.target is not None:
            inter.second_click(intent.target)
            self.guard.armed(intent.target)
            self.app.sound.cue("refused")       # a choice that asks: heard as well as read
            self._refresh_interaction()
        elif inter is not None and intent.kind == "unpick":
            inter.cancel()
            self._refresh_interaction()
        elif inter is not None and intent.kind == "pick" and intent.pick is not None:
            what, where = intent.pick
            picked = (inter.pick_slot(where) if what == "slot" else
                      inter.pick_figure(where) if what == "figure" else inter.pick_stored(where))
            if picked:
                self._refresh_interaction()
        return True

    def _guard_allows(self, intent: Intent) -> bool:
        """Not a press a person meant as a new act (guard.py): right after the turn changed
        hands, on a button that just took another's place, or the second click of the double
        click that armed a choice that asks twice."""
        if not self.human_turn or intent.kind == "nothing":
            return True
        if intent.kind == "command" and intent.command in HARMLESS:
            return True
        target = intent.target
        if target is not None and target[0] == "button":
            if not self.guard.allows_button(str(target[1])):
                return False
        elif self.guard.quiet():
            return False
        inter = self.inter
        if intent.kind == "act" and target is not None and inter is not None and inter.armed == target:
            return self.guard.allows_confirm(target)
        return True

    def _command(self, cmd: str) -> None:
        inter = self.inter
        if inter is None:
            return
        if cmd == "rotate":
            inter.rotate(1)
        elif cmd == "cancel":
            inter.cancel()
        elif cmd == "store":
            stores = inter.store_actions()
            if stores:
                self._act(stores[0])
                return
        elif cmd == "undo":
            if self.session.can_undo():
                self.anim.finish()
                self.session.undo()       # the listeners log it and re-read the position
                return
        elif cmd.startswith("land:"):
            land = cmd.split(":", 1)[1]
            if land in inter.start_lands():
                inter.start_land = land
        elif cmd == "skip":
            self._skip()
            return
        elif cmd == "hint":
            self.pacer.ask_hint(self.session)   # the answer comes in a moment: see update()
            return
        self._refresh_interaction()
