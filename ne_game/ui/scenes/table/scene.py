"""TableScene: the game table during play (start rounds, offer, bids, buying).

Screens render, the core decides: every highlight, greyed item and target comes
from `rules.legal_actions`, every "why not" from the engine's structured refusal
(see interaction.py). The scene turns input into commands (ne_game.ui.shell.input_map),
commands into engine actions through the session, and the session's state into a
view (view_model.py) that the drawing functions render. The session is the one
source of events: the game log (log.GameLog) and the animations
(animations.AnimationBuilder) listen to it, and so does the scene, to re-read the
position after any change.
"""
from __future__ import annotations

import dataclasses
import logging
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

import pygame

import ne_game.ui.scenes.table.controls.hit as hit
import ne_game.ui.scenes.table.draw.chrome as chrome
import ne_game.ui.scenes.table.draw.layout as layout
import ne_game.ui.scenes.table.model.view_model as vm
from ne_game import i18n, rules
from ne_game.i18n import _
from ne_game.rules import Action
from ne_game.ui.look import glyphs
from ne_game.ui.scenes.table.controls.commands import TableCommands
from ne_game.ui.scenes.table.controls.focus_controls import FocusControls
from ne_game.ui.scenes.table.controls.guard import PressGuard
from ne_game.ui.scenes.table.controls.intents import Intent
from ne_game.ui.scenes.table.controls.pointer_controls import PointerControls
from ne_game.ui.scenes.table.draw.gfx import Style
from ne_game.ui.scenes.table.draw.render import TableRenderer
from ne_game.ui.scenes.table.model import hints
from ne_game.ui.scenes.table.model.facts import Facts
from ne_game.ui.scenes.table.model.focus import Item, TableFocus
from ne_game.ui.scenes.table.model.handover import curtain_wanted
from ne_game.ui.scenes.table.model.interaction import Interaction, Preview
from ne_game.ui.scenes.table.model.log import Entry, GameLog
from ne_game.ui.scenes.table.model.recap import Recap, recap_for
from ne_game.ui.scenes.table.model.table_words import refusal_text
from ne_game.ui.scenes.table.motion.animations import AnimationBuilder
from ne_game.ui.scenes.table.motion.live_coach import LiveLine
from ne_game.ui.scenes.table.motion.pacing import Pacer
from ne_game.ui.scenes.table.motion.tweens import Animator, Pulse
from ne_game.ui.scenes.table.phones import PhoneSeats
from ne_game.ui.scenes.table.table_face import TableFace
from ne_game.ui.shell import flow
from ne_game.ui.shell import input_map as im
from ne_game.ui.shell.input_map import Command
from ne_game.ui.shell.input_map import commands as commands_of
from ne_game.ui.shell.scene_base import Scene

if TYPE_CHECKING:  # pragma: no cover
    from ne_game.game.session import GameSession, SessionEvent
    from ne_game.ui.shell.ai_runner import Runner
    from ne_game.ui.shell.app import App

log = logging.getLogger(__name__)


class TableScene(Scene):
    """The table. `TableScene(app, session)`; the session holds the engine state.

    It owns its parts: `commands` (what each input means), `keys` (the keyboard and pad
    focus), `pointer` (mouse), `face` (its read-only face); each sees the scene through
    scene_face.SceneFace."""

    #: the hand-over curtain between two people in a hot-seat game (Settings → handover); the
    #: tests that drive whole hot-seat games turn it off (tests/conftest.py), the sofa tests on
    curtain = True
    #: the "since your last turn" feed in the log's place (Settings → recap); off in the tests
    #: that drive whole games
    recap = True
    #: open the phones' host for a session with phone seats (tests that build a table with
    #: their own host turn it off)
    phones_wanted = True

    def __init__(self, app: App, session: GameSession, runner: Runner | None = None) -> None:
        super().__init__(app)
        self.session = session
        self.facts = Facts.of(session)
        self.rs = self.facts.rs
        self.cols, self.rows, self.missing = self.facts.board_shape()
        settings = app.settings
        self.style = Style(app.theme, bool(settings.colorblind))
        self.anim = Animator(float(settings.animation_factor))
        self.pacer = Pacer(runner if runner is not None else app.ai_runner)
        self.live = LiveLine()                 # Settings → Coach while I play (off by default)
        self.log_scroll = 0
        self.clock = 0.0
        # the glows' clock: pulsing while things happen, still at their brightest while a
        # person thinks, so the app can rest (tweens.Pulse)
        self.glow = Pulse(4.0)
        self.hover: hit.Hit | None = None
        self.hover_pos: tuple[int, int] = (-1, -1)
        self.hover_rect: pygame.Rect | None = None     # what the pointer is on (its tooltip stays clear)
        self.preview: Preview | None = None
        self.tooltip: str = ""
        # the pointer's tooltip waits for the pointer to move once the game moved on under it
        # (playtest 10c: words about what was there before stayed over the new offer's cards)
        self.tip_stale = False
        self.drag: dict[str, Any] | None = None
        self.shown = vm.ShownMove()            # a computer's move (or a hint) on show
        self.hint_action: Action | None = None
        self.hint_words = ""
        # the tutorial's say on every intent before the table carries it out (None: no tutorial)
        self.gate: Callable[[Intent], bool] | None = None
        self.final_pushed = False
        self.game_over_timer = 0.0
        self.inter: Interaction | None = None
        self.guard = PressGuard()   # no turn lost to a double click (guard.py)
        # the table just appeared: a press meant for the screen before it (the start player's
        # "Click or press a key to begin") is not a move on the board
        self.guard.turn_passed()
        self._turn: tuple[int | None, str] | None = None
        # the seat the last hand-over was shown for: a continued game asks the seat on turn first
        self._curtain_seat: int | None = session.current_seat if not session.actions else None
        self._curtain_due = False
        # "since your last turn": the actions taken when the seat on turn last acted, noted as
        # its turn begins; the log's place shows what the others did since, for the whole turn
        self.recap_since: int | None = None
        self.focus = TableFocus()              # keyboard and pad play (focus.py)
        self.focus_items: dict[str, list[Item]] = {}
        self.commands = TableCommands(self)
        self.keys = FocusControls(self)
        self.pointer = PointerControls(self)
        self.face = TableFace(self)
        self.renderer = TableRenderer(self.facts.coast(), self.rs)
        self.lay = self._compute_layout(app.screen_size)
        # The session's listeners: the log, the animations, and this scene (re-read the
        # position). A continued game's log comes from the session's kept states.
        self.game_log = GameLog(session, self.facts.names, self.rs)
        self._told_in = i18n.current_language()
        self.animations = AnimationBuilder(self.anim, self.rs, self.lay, self.style)
        self._listeners = (self.game_log, self.animations, self._on_session)
        for fn in self._listeners:
            session.add_listener(fn)
        # phone seats: the host listens while this table is open (phones/part.py)
        self.phones = PhoneSeats.open(app, session) if self.phones_wanted else None
        if self.phones is not None:
            self.phones.on_change = self._sync
        self._sync()

    # ---- public face (tests, the tutorial overlay, the help) -------------------------------
    @property
    def position(self) -> rules.Position:
        """The position on the table (read-only)."""
        return self.facts.pos

    @property
    def log(self) -> list[Entry]:
        return self.game_log.entries

    @property
    def ai_pending(self) -> Action | None:
        return self.pacer.pending

    @property
    def offer_slots(self) -> tuple[int, ...]:
        return self.view.offer.slots

    def point(self, pos: tuple[int, int]) -> None:
        """Move the table's idea of the pointer (an overlay that covers it passes (-1, -1))."""
        self.update_hover(pos)

    def reload(self) -> None:
        """Re-read the position (a tutorial lesson that goes on in the same game)."""
        self._sync()

    # ---- helpers ------------------------------------------------------------------------
    def _compute_layout(self, size: tuple[int, int]) -> layout.Layout:
        n = len(self.session.seats)
        scale = self.app.settings.ui_scale_factor   # the table keeps the player's scale (Settings.scale_factor)
        return layout.compute(size, n, self.cols, self.rows, self.missing, ui_scale=scale, sofa=self.app.sofa)

    def handle(self, cmd: Command) -> bool:
        """A command (commands.py); any input makes the glows pulse again for a while."""
        self.glow.stir()
        return self.commands.handle(cmd)

    def process_event(self, event: pygame.event.Event) -> bool:
        if self.phones is not None and self.phones.process_event(event):
            return True
        consumed = False
        for cmd in commands_of(event):
            consumed = self.handle(cmd) or consumed
        return consumed

    @property
    def toast_floor(self) -> int:
        """Messages stand above the action bar, never over its buttons."""
        return int(self.lay.action_bar.top - self.lay.px(6))

    def _on_session(self, event: SessionEvent) -> None:
        self.log_scroll = 0 if event.kind == "applied" else self.log_scroll
        self.drag = None
        self.tip_stale = True
        self._sync()

    # ---- state sync ---------------------------------------------------------------
    def _sync(self) -> None:
        """Re-read the engine state after any change (action, undo, load)."""
        self.facts = facts = Facts.of(self.session)
        seat = facts.seat
        keep = self.inter
        self.inter = Interaction(facts.state, facts.names) if seat is not None else None
        if keep and self.inter and keep.phase == self.inter.phase == "start_tiles":
            self.inter.orient = keep.orient
        self.human_turn = facts.is_human(seat)
        turn = (seat, facts.phase)
        if self._turn is not None and turn != self._turn:
            self.guard.turn_passed()
            self.recap_since = self.game_log.last_turn.get(seat) \
                if self.human_turn and seat is not None else None
        self._turn = turn
        self._curtain_due = self._wants_curtain(seat)
        if not self._curtain_due and self.human_turn:
            self._curtain_seat = seat     # this person is at the screen: no curtain until another
        self.legal_bids = frozenset(a["value"] for a in rules.of_kind(self.inter.legal, "take_bid")) \
            if self.inter else frozenset()
        self.selectable_slots = self.inter.selectable_slots() if self.inter else set()
        for i, p in enumerate(facts.pos.players):
            self.anim.counter(("money", i), p.money)
        self.announce_ends = vm.announce_endings(facts, self.inter)
        self.end_turn_gain = vm.end_turn_gain(facts, self.inter)
        self.changed_cells = vm.changed_cells(self.game_log.since_last_turn(seat), seat) \
            if self.human_turn else set()
        self.pacer.reset()
        self.shown = vm.ShownMove()
        self.glow.stir()
        self.refresh_interaction()

    def refresh_interaction(self) -> None:
        """Targets, buttons and preview after a selection or orientation change."""
        mine = self.keys.mine()     # the person's controls wait for another's piece in flight
        self.targets = self.inter.targets() if (self.inter and mine) else {}
        self.glows = vm.build_glows(self.facts, self.inter, human_turn=mine,
                                    targets=self.targets, changed=self.changed_cells)
        self.buttons = vm.buttons(
            self.facts, self.inter, mine, self.announce_ends, self.end_turn_gain,
            bool(self.session.can_undo()),
            hints.enabled(self.app.settings, self.session, self.human_turn),
            thinking=self.pacer.hint_for is not None, hint_key=self.keys.hint_key())
        self.button_rects, self.prompt_above = chrome.place_buttons(self.lay, self.style, self.buttons)
        self.guard.buttons_placed((b.id, (r.x, r.y, r.w, r.h)) for b, r in zip(self.buttons, self.button_rects))
        self.keys.settle()
        self.update_hover(self.hover_pos)

    def build_static(self) -> vm.StaticView:
        """The static layer's view; built again only when one of its inputs changed (the
        pointer moving over the table is not one of them)."""
        inter = self.inter
        sel = inter.sel if inter else None
        entries = self.game_log.entries
        inputs = (self.facts, inter, inter.orient if inter else None,   # the objects: compared by identity
                  inter.start_land if inter else None,
                  (sel.kind, sel.slot, sel.cell, sel.card, sel.land) if sel else None,
                  self.human_turn, frozenset(self.anim.hidden),
                  self.drag["from"] if self.drag and self.drag.get("moved") else None,
                  len(entries), entries[-1] if entries else None, self.log_scroll,
                  self.ai_pending is not None, self.shown.words, self.keys.inputs(), inter.armed if inter else None,
                  self.recap_since, bool(self.app.settings.recap))
        if getattr(self, "_static_inputs", None) != inputs:
            self._static_inputs = inputs
            self._static_view = self._make_static()
        return self._static_view

    def _make_static(self) -> vm.StaticView:
        facts = self.facts
        seat = facts.seat
        since = self.game_log.last_turn.get(seat, 10 ** 9) if self.human_turn and seat is not None else 10 ** 9
        entries = self.game_log.entries
        if self.anim.hidden and entries:
            # a piece still in flight: its move joins the log as it lands (playtest 10g/10i: "placed
            # at C7, D7" while the tile was still over A6)
            entries = [e for e in entries if e.index < entries[-1].index]
        logv = vm.build_log(entries, facts, self.log_scroll, since)
        recap = self._recap()
        if recap is not None and not self.log_scroll:      # the wheel over it reads the log back
            logv = dataclasses.replace(logv, recap=vm.recap_view(recap, facts))
        prompt = vm.prompt_lines(facts, self.inter, self.human_turn, self.ai_pending is not None,
                                 self.shown.words, self.announce_ends)
        lifted = self.drag["from"] if self.drag and self.drag.get("moved") else None
        view = self.keys.with_controls(vm.build_static(facts, self.inter, human_turn=self.keys.mine(),
                                                       hidden=frozenset(self.anim.hidden), lifted_from=lifted,
                                                       log=logv, prompt=prompt,
                                                       announce_ends=self.announce_ends))
        held = getattr(self, "_static_view", None)
        if self.anim.hidden and held is not None:
            # a piece still in flight: the turn's words wait for it as the log does (playtest
            # 12a: "Turn: Tess" stood in the top bar while Mercy's start tile still slid in)
            # (and the panels' ring of whose turn it is, which says the same)
            was = {p.seat: p.active for p in held.panels}
            view = dataclasses.replace(
                view, status=held.status,
                prompt=vm.in_flight_prompt(view.prompt, held.prompt, facts),
                panels=tuple(dataclasses.replace(p, active=was.get(p.seat, p.active)) for p in view.panels))
        device = self.app.pads.last_device
        keys = glyphs.labels_for(im.PAUSE, device, self.app.pads.layout)
        return dataclasses.replace(view, menu=vm.menu_view(keys, device))


    def _build_overlay(self) -> vm.OverlayView:
        return vm.build_overlay(self.facts, self.inter, self.glows, human_turn=self.keys.mine(),
                                preview=self.preview, shown=self.shown, hover=self.hover,
                                drag=self.drag, legal_bids=self.legal_bids)

    def update_hover(self, pos: tuple[int, int]) -> None:
        self.view = self.build_static()
        self.tip_stale = self.tip_stale and pos == self.hover_pos
        self.hover_pos = pos
        self.hover = self.face.hit_at(pos) if pos[0] >= 0 else None
        self.preview = None
        inter = self.inter
        if self.hover and self.hover[0] == "cell" and inter is not None and self.keys.mine():
            cell = self.hover[1]
            if (self.drag and self.drag.get("moved")) or inter.sel is not None \
                    or inter.phase == "start_tiles":
                pv = inter.preview(cell)    # a refusal waits for the pointer to move (16a: a red ghost
                self.preview = None if pv is not None and pv.action is None and self.tip_stale else pv   # at turn start)
        # over the action bar, its details in full only where the bar shows less of them (the
        # same sentence twice, over the offer, at every bid: playtest 1)
        prompt = ""
        if self.hover is not None and self.hover[0] == "prompt" and self.view.prompt.sub:
            whole = chrome.prompt_plan(self.lay, self.style, self.view.prompt, self.button_rects,
                                       self.prompt_above).whole
            prompt = "" if whole else self.view.prompt.sub
        self.tooltip = hit.tooltip(self.hover, pos, self.lay, self.facts, inter, self.human_turn,
                                   self.preview, self.buttons, self.targets, self.drag is not None,
                                   prompt=prompt)
        self.hover_rect = hit.hit_rect(self.hover, self.lay, self.style, self.view, self.buttons,
                                       self.button_rects, tuple(self.preview.cells) if self.preview else ())
        self.overlay = self._build_overlay()

    # ---- input: events become commands (commands.py, pointer_controls.py, focus_controls.py)
    def skip(self) -> None:
        if self.pacer.pending is not None:
            taken = self.pacer.take()
            assert taken is not None        # a pending move is always taken
            self._apply_ai(taken[1])
        self.anim.finish()
        self.update_hover(self.hover_pos)

    # ---- acting ---------------------------------------------------------------------
    def act(self, action: Mapping[str, object]) -> None:
        """Apply an engine action through the session; its listeners log and animate it."""
        self.anim.finish()
        try:
            self.session.apply(action)
        except rules.IllegalAction as err:   # the tutorial's gate, or a stale choice
            self.tooltip = refusal_text(err, self.facts.names)
            self.tip_stale = False      # the refusal answers this click
            self.app.sound.cue("refused")

    # ---- computer seats ------------------------------------------------------------
    def _show_ai(self, action: Action, own: bool = False) -> None:
        """Highlight what the computer chose (or the Hint, `own`: for the mover's eyes), so
        people can follow it."""
        self.shown = vm.shown_move(self.facts, action, own)
        self.refresh_interaction()
        self.tooltip = ""

    def _apply_ai(self, action: Action) -> None:
        if self.inter and self.inter.legal_match(action):
            self.act(action)
        else:   # the state moved on (undo, load): ask again
            self._sync()

    def _poll_hint(self) -> None:
        """When the hint's answer is in, show it like a computer's move (glow + words)."""
        action = self.pacer.hint(self.session)
        if action is None:
            return
        action = vm.hint_within_warnings(self.facts, action, self.legal_bids)
        self.session.note_hint(action)     # the coach knows later whether this decision followed it
        if self.inter is not None:
            hints.pick_like(self.inter, action)
        self._show_ai(action, own=True)
        self.hint_action = action
        words = hints.advice(self.shown.words) or _("a good move glows on the table")
        self.hint_words = words
        # In the action bar (not a toast over its buttons) until the position changes.
        self.shown = dataclasses.replace(self.shown, words=words)
        # the keyboard cursor goes to the Hint's place even while the mouse was in use: the
        # next Enter (A) or R acts there, never where the cursor stood before
        self.keys.point_at_shown(self.shown)
        self.update_hover(self.hover_pos)

    # ---- frame -------------------------------------------------------------------------
    def _wants_curtain(self, seat: int | None) -> bool:
        enabled = self.curtain and self.app.settings.handover and self.gate is None
        return curtain_wanted(self.facts, seat, self._curtain_seat, enabled=enabled)

    def _show_curtain(self) -> None:
        seat = self.facts.seat
        self._curtain_due = False
        self._curtain_seat = seat
        self.anim.finish()              # the last move lands now: it is on the table when the curtain lifts
        self.app.push("handover", session=self.session, seat=seat)

    def _recap(self) -> Recap | None:
        """What the others did since this person's last turn (it also glows on the board), for
        the log's place during the whole turn; None when Settings → recap is off."""
        seat = self.facts.seat
        if not (self.recap and self.app.settings.recap and self.gate is None and seat is not None
                and self.human_turn and self.recap_since is not None):
            return None
        return recap_for(self.game_log, self.session, seat, self.recap_since)

    def on_cover(self) -> None:
        """A menu (the pause menu, a question) or a curtain over the table: every piece in
        flight lands first, so the table below shows the position, not a card frozen mid-air
        (playtest 10c: a card in flight stood still behind the pause menu)."""
        super().on_cover()
        hidden = self.anim.hidden if self.anim.tweens else None
        self.anim.finish()
        if hidden is not None:
            self.view = self.build_static()     # the landed pieces join the static layer

    def on_uncover(self) -> None:
        """Back on top (a curtain, a menu lifted): draw the position as it is now; a piece that
        landed meanwhile joins the static layer."""
        super().on_uncover()
        self.anim.finish()
        if self.facts.kinds != tuple(s.kind for s in self.session.seats):    # "Who plays" (seats.py)
            if self.phones is not None:
                self.phones.seats_changed()
            self._sync()
        # the focus as a turn's start sets it: back from the pause menu with keys, the ring is on
        # an item at once (playtest 5a: nothing had the focus and Enter did nothing)
        self.refresh_interaction()
        self.update_hover(self.hover_pos)

    def update(self, dt: float) -> None:
        self.clock += dt
        self.guard.tick(dt)
        if self._curtain_due and self.app.top is self and self.facts.phase != "game_over":
            self._show_curtain()
            return
        settings = self.app.settings
        self.anim.factor = float(settings.animation_factor)
        self._sync_style()
        hidden_before = self.anim.hidden if self.anim.tweens else None
        self.anim.update(dt)
        if self.facts.seat is not None and not self.human_turn:
            self.glow.stir()            # a computer's turn: its move on show pulses until taken
        self.glow.update(dt)
        self.keys.after_frame(hidden_before)    # a piece landed: the static layer, the person's controls
        if self.facts.phase == "game_over":
            self.game_over_timer += dt
            if not self.final_pushed and (not self.anim.busy or self.game_over_timer > 3.0):
                self.final_pushed = True
                self._show_final()
            return
        if self.facts.seat is not None and not self.human_turn:
            step = self.pacer.tick(self.session, dt, float(self.app.settings.ai_delay), self.anim.busy)
            if step is not None:
                (self._show_ai if step[0] == "show" else self._apply_ai)(step[1])
        self._poll_hint()
        self.live.tick(self.app, self.session, self.facts, self.pacer, human_turn=self.human_turn,
                       gated=self.gate is not None)
        if self.phones is not None:
            self.phones.update(self.facts.seat)

    def wake_in(self) -> float | None:
        """0.0 while anything here changes with time (scene_base.Scene.wake_in): pieces fly or
        money counts, glows pulse, a grace of the press guard runs (its clock is the frames),
        a curtain or the final scores are due, a computer's turn is on (asked, shown,
        taken) or a hint is on its way. A person thinking over a still table: None."""
        if self.anim.moving or self.glow.moving or self.guard.waiting():
            return 0.0
        if self._curtain_due or (self.facts.phase == "game_over" and not self.final_pushed):
            return 0.0
        if self.facts.seat is not None and not self.human_turn:
            return 0.0
        if self.pacer.hint_for is not None:
            return 0.0
        return self.phones.wake_in(self.facts.seat) if self.phones is not None else None

    def _show_final(self) -> None:
        record = None
        if self.gate is None:          # a real game (not a tutorial lesson) goes into the records,
            record = flow.record_game_later(self.app, self.session)    # off this thread: no frame waits
        self.app.push("final_scoring", session=self.session, record=record)

    def on_resize(self, size: tuple[int, int]) -> None:
        if self._told_in != i18n.current_language():     # a language switch: the log says it all again
            self._told_in = i18n.current_language()
            self.game_log.retell()
            self._say_shown_again()
        self._relayout(size)
        self.anim.finish()
        self.refresh_interaction()

    def _say_shown_again(self) -> None:
        """The move on show (a computer's, or the Hint's) in the new language (playtest 8a: a
        computer's move stayed in Dutch under a French prompt after the switch)."""
        action, own = self.shown.action, self.shown.own
        if action is None or not self.shown.words:
            return
        words = vm.shown_move(self.facts, action, own).words
        if own:       # the Hint's advice, as _poll_hint says it
            words = self.hint_words = hints.advice(words) or _("a good move glows on the table")
        self.shown = dataclasses.replace(self.shown, words=words)

    def _relayout(self, size: tuple[int, int]) -> None:
        # a theme or palette switch lays every scene out again: a table covered by Settings
        # (whose `update` does not run) must draw in the new colours at once (playtest 4a, 78.png)
        self._sync_style()
        self.lay = self.animations.lay = self._compute_layout(size)
        self.renderer.invalidate()

    def _sync_style(self) -> None:
        """The drawing style follows the app's theme and the colour-blind setting."""
        cb = bool(self.app.settings.colorblind)
        if cb != self.style.colorblind or self.app.theme is not self.style.theme:
            self.style = self.animations.style = Style(self.app.theme, cb)
            self.renderer.invalidate()

    def on_exit(self) -> None:
        if self.phones is not None:
            self.phones.stop()       # the server listens only while this table is open
        self.pacer.cancel()
        self.live.stop()
        for fn in self._listeners:
            self.session.remove_listener(fn)
        super().on_exit()

    # ---- drawing -------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        if surface.get_size() != self.lay.size:
            # Drawing must not change game state; re-layout is presentation only.
            self._relayout(surface.get_size())
            self.button_rects, self.prompt_above = chrome.place_buttons(self.lay, self.style, self.buttons)
            self.view = self.build_static()
        money = [self.animations.money(i, p.money, self.facts.vp[i])
                 for i, p in enumerate(self.facts.pos.players)]
        self.renderer.frame(surface, self.lay, self.style, self.view, self.overlay, self.buttons,
                            self.button_rects, self.prompt_above, money, self.anim, self.glow.clock)
        if self.phones is not None:
            self.phones.draw(surface, self.lay, self.style.colorblind)

    def draw_after_ui(self, surface: pygame.Surface) -> None:
        if self.app.top is not self and getattr(self.app.top, "is_overlay", False) \
                and not getattr(self.app.top, "pass_through_events", False):
            return      # under a menu (pause, settings, a question): no ring or tooltip of the table's
        ring = self.keys.draw(surface)
        if ring is None and self.hover is not None and self.hover[0] == "button" and not self.tip_stale:
            # a bar button under the pointer: its words where the keyboard's go, not over the
            # board's last row (playtest 10g: End turn's words covered E9-G9)
            ring = self.hover_rect
        if ring is not None:    # the ring's words in a fixed place, never over the play
            # while the Hint's words are in the prompt, a focused button's words go elsewhere
            self.face.draw_focus_words(surface, ring, bool(self.shown.words), self.prompt_above)
            return
        self.face.draw_tooltip(surface)
