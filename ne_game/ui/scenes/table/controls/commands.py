"""The table's commands: what each input command does (ne_game.ui.shell.input_map), and the one
path every device shares: what a target means now (`intent_of`, intents.py) and carrying
that out (`perform`), after the tutorial's gate when a lesson runs.

Owned by TableScene (`scene.commands`); it uses the scene's state and session through
scene_face.SceneFace and decides no rule.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import ne_game.ui.scenes.table.controls.hit as hit
from ne_game.i18n import _
from ne_game.ui.scenes.table.controls.intents import Intent, intent_for
from ne_game.ui.shell import input_map as im
from ne_game.ui.text import help as context_help

#: PgUp / PgDn read the log this many entries at a time (a few lines: most entries are one or two)
LOG_PAGE = 3

if TYPE_CHECKING:  # pragma: no cover
    from ne_game.ui.scenes.table.scene_face import SceneFace

#: commands that only look (the pointer moving, the log read): they do not land a piece in flight
LOOKING = frozenset({im.POINT, im.RELEASE, im.SCROLL, im.LOG_BACK, im.LOG_FORWARD})

#: commands that cannot cost a turn: a press that arrives too soon may still do them
HARMLESS = frozenset({"hint", "rotate", "cancel", "skip"})


class TableCommands:
    """The table's commands, owned by TableScene (`scene.commands`): what each input command does, and
    the one path every device shares (`intent_of`, `perform`). What it uses of the scene is declared,
    with its types, in scene_face.SceneFace."""

    def __init__(self, table: SceneFace) -> None:
        self.table = table

    def handle(self, cmd: im.Command) -> bool:
        """Carry out one command; True when the table used it."""
        t = self.table
        name = cmd.name
        if t.keys.waiting() and name not in LOOKING:
            # a press while another's piece still lands: it lands now and the press goes on (never
            # lost). Enter only shows the ring: the person has not seen where it stands yet.
            t.keys.land()
            if name == im.CONFIRM:
                t.focus.active = True
                t.refresh_interaction()
                t.app.sound.cue("click")
                return True
        if name in (im.POINT, im.PRESS):
            t.focus.active = False          # the mouse took over: no ring
            t.focus.aimed = t.focus.aimed and name == im.PRESS and cmd.pos == t.hover_pos
        elif t.human_turn and not t.focus.active and name in (*im.DIRECTIONS, im.CONFIRM) \
                and not self.asking_end_turn() and (name != im.CONFIRM or self._pointer_on_item()):
            # the keys after the mouse: never a dead key. The ring comes where the pointer is
            # (or on the first target); an arrow then moves it at once, Enter shows it there.
            # (Enter with the pointer on nothing keeps its meaning: End turn, asked once.)
            on_item = not t.focus.aimed and t.focus.pointer_item(t.hover, t.focus_items)
            t.focus.active = True
            if name != im.CONFIRM and on_item:
                return t.keys.command(name)
            t.refresh_interaction()
            t.app.sound.cue("click")
            return True
        elif t.human_turn and (name in (*im.DIRECTIONS, im.NEXT_TARGET, im.PREV_TARGET)
                                  or (name == im.CONFIRM and t.focus.active and not self.asking_end_turn())):
            if name != im.CONFIRM and t.inter is not None and t.inter.armed is not None:
                # moving the focus takes back a question ("End turn?", a costly bid marker):
                # the next Enter means the item the ring is on, never the question
                t.inter.armed = None
            return t.keys.command(name)
        if name == im.POINT:
            assert cmd.pos is not None      # pointer commands carry where they happened
            return t.pointer.point(cmd.pos)
        if name == im.PRESS:
            assert cmd.pos is not None
            t.update_hover(cmd.pos)
            if t.hover is not None and t.hover[0] == "menu":
                t.app.push("pause", session=t.session)     # the top bar's menu button: as Escape
                return True
            return t.pointer.left_down(cmd.pos)
        if name == im.SECONDARY:
            assert cmd.pos is not None
            t.update_hover(cmd.pos)
            return t.pointer.right_click()
        if name == im.RELEASE:
            assert cmd.pos is not None
            return t.pointer.left_up(cmd.pos)
        if name == im.SCROLL:
            return t.pointer.scroll(cmd.step)
        if name in (im.LOG_BACK, im.LOG_FORWARD):
            # PgUp / PgDn, the pad's right stick: the log a page at a time, wherever the pointer is
            return t.pointer.read_log(LOG_PAGE if name == im.LOG_BACK else -LOG_PAGE)
        if name == im.CANCEL:
            # Escape puts a picked item back; with nothing picked the shell pauses.
            if t.inter is not None and (t.inter.sel is not None or t.drag):
                self.command("cancel")
                t.drag = None
                t.update_hover(t.hover_pos)
                return True
            return False
        if name == im.CONTEXT_HELP:
            # F1 (L3 on a pad): what the focused item (or what is under the pointer) is and does
            item = t.focus.current(t.focus_items) if t.focus.active else None
            pos = item[1].center if item is not None else t.hover_pos
            words = context_help.explain(t.facts, t.lay, pos) if pos[0] >= 0 else ""
            if words:
                t.tooltip = words
            return bool(words)
        if name == im.SKIP or (name == im.CONFIRM and not t.human_turn):
            t.skip()          # Space, or A / Enter while a computer plays: its move now
            return True
        if name == im.HINT and not t.human_turn and t.facts.phase != "game_over":
            # heard, not ignored (playtest 3b): the Hint is asked on a person's own turn
            # a toast, not a tooltip: the computer's next move would clear a tooltip at once
            t.app.toast(_("The Hint is for your own turn: ask again when it is yours."))
            t.app.sound.cue("refused")
            return True
        if not (t.inter and t.human_turn):
            return False
        if name == im.BID:
            return self.bid(cmd.value)
        if name in (im.ROTATE, im.ROTATE_BACK):
            t.inter.rotate(-1 if name == im.ROTATE_BACK else 1, t.face.pointed())
            t.refresh_interaction()
            return True
        if name == im.CLEAR:
            self.command("cancel")
            return True
        if name == im.UNDO:
            self.command("undo")
            return True
        if name in (im.CONFIRM, im.END_TURN):
            # Enter with no target focused, E, or the pad's Y: End turn, on the same path as a
            # press on its button (it asks once when purchases are left)
            if t.face.button("end_turn") is not None:
                self.perform(self.intent_of(("button", "end_turn")))
            elif name == im.CONFIRM:
                # no turn to end (the start rounds): Enter after the mouse shows the ring on the
                # first target, as an arrow does, and the next Enter takes it (playtest 17a: it
                # did nothing with the pointer over the board)
                t.focus.active = True
                t.refresh_interaction()
                t.app.sound.cue("click")
            return True
        if name == im.HINT:
            b = t.face.button("hint")
            if b is not None:
                self.command("hint")
            return b is not None
        return False

    def bid(self, value: int) -> bool:
        """1-9 and 0 (= 10) during bids: that bid marker, as a click on it (a costly one asks
        first; a taken one says why, and the ring goes to it when it can be taken)."""
        t = self.table
        if t.facts.phase != "bids" or not 1 <= value <= len(t.lay.bid_slots):
            return False
        target: hit.Hit = ("bid", value)
        # a marker that can be taken gets the ring; a taken one's words stand at it, not
        # beside a ring on another marker
        t.focus.active = value in t.legal_bids
        t.focus.point_at(target, t.focus_items)
        t.update_hover(t.lay.bid_slots[value - 1].center)     # its words, as under the pointer
        t.tip_stale = False
        intent = self.intent_of(target)
        if intent.kind == "nothing":
            t.app.sound.cue("refused")
            return True
        if self.perform(intent) and t.inter is not None and t.inter.armed == target:
            t.update_hover(t.hover_pos)      # "press again to take it" beside the marker
        return True

    def intent_of(self, target: hit.Hit | None) -> Intent:
        """What acting on `target` (under the pointer or focused) would do now."""
        t = self.table
        preview = None
        if target is not None and target[0] == "cell" and t.inter is not None and t.human_turn:
            inter = t.inter
            if inter.sel is not None or inter.phase == "start_tiles":
                preview = inter.preview(target[1])
        return intent_for(target, facts=t.facts, inter=t.inter, human_turn=t.human_turn,
                          buttons=t.buttons, legal_bids=t.legal_bids, preview=preview,
                          hint=t.hint_action)

    def _pointer_on_item(self) -> bool:
        """The pointer rests on something the keys can focus (not aimed elsewhere by a hint)."""
        t = self.table
        return not t.focus.aimed and t.hover is not None and \
            any(h == t.hover for row in t.focus_items.values() for h, _rect in row)

    def asking_end_turn(self) -> bool:
        """"End turn?" is asked: the next Enter answers it, whatever the ring shows."""
        t = self.table
        inter = t.inter
        return inter is not None and inter.armed == ("button", "end_turn")

    def perform(self, intent: Intent) -> bool:
        """Carry out an intent, once the gate (the tutorial, when one runs) lets it through.
        True when it was carried out."""
        t = self.table
        if not self.guard_allows(intent):
            return False
        if t.gate is not None and not t.gate(intent):
            return False
        inter = t.inter
        if inter is not None and inter.armed is not None and intent.target != inter.armed:
            inter.armed = None            # any other act takes back a question ("End turn?")
        if intent.kind == "act" and intent.action is not None:
            t.act(intent.action)
        elif intent.kind == "command" and intent.command:
            self.command(intent.command)
        elif inter is not None and intent.kind == "arm" and intent.target is not None:
            inter.second_click(intent.target)
            t.guard.armed(intent.target)
            t.app.sound.cue("refused")       # a choice that asks: heard as well as read
            t.refresh_interaction()
        elif inter is not None and intent.kind == "unpick":
            inter.cancel()
            t.refresh_interaction()
        elif inter is not None and intent.kind == "pick" and intent.pick is not None:
            what, where = intent.pick
            picked = (inter.pick_slot(where) if what == "slot" else
                      inter.pick_figure(where) if what == "figure" else inter.pick_stored(where))
            if picked:
                t.refresh_interaction()
        return True

    def guard_allows(self, intent: Intent) -> bool:
        """Not a press a person meant as a new act (guard.py): right after the turn changed
        hands, on a button that just took another's place, or the second click of the double
        click that armed a choice that asks twice."""
        t = self.table
        if not t.human_turn or intent.kind == "nothing":
            return True
        if intent.kind == "command" and intent.command in HARMLESS:
            return True
        # A press held back says why, where it was made (playtest 17a: at 4K a click on a marked
        # parcel, made as a computer's tile still landed, placed nothing and said nothing)
        target = intent.target
        if target is not None and target[0] == "button":
            if not t.guard.allows_button(str(target[1])):
                return self._held(_("Not done: your turn had only just begun. Do it again to go ahead.")
                                  if t.guard.quiet() else
                                  _("Not done: this button had only just appeared there. Do it again to go ahead."))
        elif t.guard.quiet():
            return self._held(_("Not done: your turn had only just begun. Do it again to go ahead."))
        inter = t.inter
        if intent.kind == "act" and target is not None and inter is not None and inter.armed == target:
            if not t.guard.allows_confirm(target):
                return self._held(_("Not done: that was the same double click. Do it again to confirm."))
        return True

    def _held(self, words: str) -> bool:
        """A press the guard held back: its words where it was made, and the refusal's sound."""
        t = self.table
        t.tooltip = words
        t.tip_stale = False
        t.app.sound.cue("refused")
        return False

    def command(self, cmd: str) -> None:
        t = self.table
        inter = t.inter
        if inter is None:
            return
        if cmd == "rotate":
            inter.rotate(1)
        elif cmd == "cancel":
            inter.cancel()
        elif cmd == "store":
            stores = inter.store_actions()
            if stores:
                t.act(stores[0])
                return
        elif cmd == "undo":
            if t.session.can_undo():
                t.anim.finish()
                t.session.undo()       # the listeners log it and re-read the position
                return
        elif cmd.startswith("land:"):
            land = cmd.split(":", 1)[1]
            if land in inter.start_lands():
                inter.choose_start_land(land)
        elif cmd == "skip":
            t.skip()
            return
        elif cmd == "hint":
            t.pacer.ask_hint(t.session)   # the answer comes in a moment (update()); meanwhile
                                          # the Hint button says it is thinking (below)
        t.refresh_interaction()
