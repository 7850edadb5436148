"""ReplayScene: a saved game stepped through on the table's own drawing.

    app.push("replay", replay=replay)                  # at the end (the game as saved)
    app.push("replay", replay=replay, start=40)        # at a given position

Keys, pad and mouse reach every step (and the prompt shows the keys of the device in use):

    move      ← / →            d-pad ← / →       the small arrows; the mouse wheel
    turn      ↑ / ↓, Tab       d-pad ↑ / ↓, LB / RB
    round     PgUp / PgDn, R   LT / RT
    start/end Home / End                         the outer buttons; the timeline
    play      Enter, Space     A                 steps on by itself, one move a second
    close     Esc              B, Start          Close

A coach's finding too long for its note (note.py) scrolls instead: while it is shown, PgUp /
PgDn and the pad's right stick (the keys that read the table's log) and the wheel over it (or a
click on its arrows) scroll the note, a page or two lines at a time, and the prompt names the
scroll input of the device in use. The note is back at its top whenever the replay moves.
"""
from __future__ import annotations

import dataclasses
import logging
from typing import TYPE_CHECKING

import pygame

from ne_game.history import Replay
from ne_game.i18n import _
from ne_game.rules import Action
from ne_game.ui.scenes.replay.bar import BarLayout, BarView, caption, draw_bar
from ne_game.ui.scenes.replay.geometry import replay_geometry
from ne_game.ui.scenes.replay.model import ReplayFrame, ReplayModel
from ne_game.ui.scenes.replay.note import WHEEL_LINES, NotePlan, draw_note, note_plan
from ne_game.ui.scenes.table.draw.gfx import Style
from ne_game.ui.scenes.table.draw.render import TableRenderer
from ne_game.ui.scenes.table.model.view_model import StaticView
from ne_game.ui.scenes.table.motion.tweens import Animator, Pulse
from ne_game.ui.shell import input_map as im
from ne_game.ui.shell.scene_base import Scene

if TYPE_CHECKING:
    from ne_game.ui.shell.app import App

log = logging.getLogger(__name__)

PLAY_EVERY = 1.0      # seconds between two moves while the replay plays (at normal animation speed)

# keys the command map does not name: the replay's own
_RAW_KEYS = {pygame.K_HOME: "first", pygame.K_END: "last", pygame.K_PAGEUP: "prev_round",
             pygame.K_PAGEDOWN: "next_round"}
_COMMANDS = {im.LEFT: "prev", im.RIGHT: "next", im.UP: "prev_turn", im.DOWN: "next_turn",
             im.PREV_TARGET: "prev_turn", im.NEXT_TARGET: "next_turn", im.ROTATE_BACK: "prev_round",
             im.ROTATE: "next_round", im.CONFIRM: "play", im.SKIP: "play", im.CANCEL: "close"}


class ReplayScene(Scene):
    def __init__(self, app: App, replay: Replay, start: int | None = None, ghost: Action | None = None,
                 note: str = "", better: str = "") -> None:
        super().__init__(app)
        self.replay = replay
        self.model = ReplayModel(replay)
        self.style = Style(app.theme, bool(app.settings.colorblind))
        first = self.model.facts(0)
        self.cols, self.rows, self.missing = first.board_shape()
        self.renderer = TableRenderer(first.coast(), self.model.rs)
        self.anim = Animator(0.0)          # a replay jumps; nothing flies
        self.playing = False
        self.timer = 0.0
        self.clock = 0.0
        self.glow = Pulse(4.0)         # the shown move's glows pulse, then hold still (tweens.Pulse)
        self.hot: str | None = None
        self.dragging = False
        factor = float(app.settings.animation_factor)
        self.play_every = PLAY_EVERY * (factor if factor > 0 else 0.5)
        self.rounds = tuple((span.start, span.number) for span in replay.rounds if not span.ends_game)
        # the coach's better move, drawn at the moment of the decision (`start`)
        self.ghost = (start, ghost) if ghost is not None and start is not None else None
        # the better move in the finding's own words, when it has any (a commuting finding's line)
        self.better = better
        # the coach's whole finding (or bid lesson) this replay was opened from, shown at its moment
        # in place of the log (playtest 3b: the list cut it, and the replay did not show the rest)
        self.note = (start, note) if note and start is not None else None
        self.note_top = 0                  # the note's first shown line (it scrolls when too long)
        self._note_plan: NotePlan | None = None      # for the layout in use (on_resize drops it)
        self.pointer = (-1, -1)            # where the mouse is (the wheel over the note scrolls it)
        replay.goto(replay.last if start is None else start)
        self.on_resize(app.screen_size)

    # ---- public face (tests) -----------------------------------------------------------------
    @property
    def position(self) -> int:
        return self.replay.position

    @property
    def shown(self) -> ReplayFrame:
        """What the table shows now."""
        p = self.replay.position
        if self.ghost is not None and self.ghost[0] == p:
            return self.model.ghost_frame(p, self.ghost[1], self.better)
        return self.model.frame(p)

    def layout(self) -> dict[str, object]:
        return {"table": self.table_rect, **{f"replay:{k}": r for k, r in self.bar.buttons.items()},
                "timeline": self.bar.track}

    # ---- geometry ----------------------------------------------------------------------------
    def on_resize(self, size: tuple[int, int]) -> None:
        w, h = size
        scale = float(self.app.settings.ui_scale_factor)
        self.bar: BarLayout
        self.lay, self.bar = replay_geometry((w, h), self.replay.players, self.cols, self.rows, set(self.missing),
                                             scale, self.app.sofa, self.style)
        self.table_rect = pygame.Rect(0, 0, w, h)     # the table under the bar: the offer reaches the foot
        self.renderer.invalidate()
        self._note_plan = None

    # ---- the coach's note ----------------------------------------------------------------------
    def note_shown(self) -> NotePlan | None:
        """The note's plan while the replay stands at the note's moment (else None)."""
        if self.note is None or self.note[0] != self.replay.position:
            return None
        if self._note_plan is None:
            self._note_plan = note_plan(self.lay, self.style, self.note[1])
        return self._note_plan

    def scroll_note(self, lines: int) -> bool:
        """Scroll the shown note by `lines` (positive: on towards its end); whether it moved."""
        plan = self.note_shown()
        if plan is None:
            return False
        was = self.note_top
        self.note_top = plan.clamp(self.note_top + lines)
        return self.note_top != was

    def _note_at(self, pos: tuple[int, int]) -> NotePlan | None:
        """The shown note if `pos` (on the screen) is over it."""
        plan = self.note_shown()
        at = (pos[0] - self.table_rect.x, pos[1] - self.table_rect.y)
        return plan if plan is not None and plan.box.collidepoint(at) else None

    # ---- acts --------------------------------------------------------------------------------
    def do(self, control: str) -> None:
        """One control of the bar (or its key)."""
        r = self.replay
        steps = {"first": r.first, "last": r.last_frame, "prev": r.prev_action, "next": r.next_action,
                 "prev_turn": r.prev_turn, "next_turn": r.next_turn, "prev_round": r.prev_round,
                 "next_round": r.next_round}
        if control == "close":
            self.app.pop()
            return
        if control == "play":
            if not self.playing and r.position >= r.last:
                r.first()                  # play from the start once the end is reached
            self.playing = not self.playing
            self.timer = 0.0
            return
        self.playing = False
        steps[control]()

    def seek(self, x: int) -> None:
        self.playing = False
        self.replay.goto(self.bar.position_at(x, self.replay.last))

    # ---- input -------------------------------------------------------------------------------
    def process_event(self, event: pygame.event.Event) -> bool:
        self.glow.stir()
        at = self.replay.position
        self._event(event)
        if self.replay.position != at:
            self.note_top = 0              # another moment: a note shown again starts at its top
        return True        # a full screen: nothing below takes input

    def _event(self, event: pygame.event.Event) -> None:
        cmds = im.commands(event)
        plan = self.note_shown()
        if plan is not None and plan.scrolls:
            # PgUp / PgDn and the pad's right stick read the note, as they read the table's log
            # (the rounds stay on R / Shift+R and the triggers)
            for cmd in cmds:
                if cmd.name in (im.LOG_BACK, im.LOG_FORWARD):
                    self.scroll_note(-plan.page if cmd.name == im.LOG_BACK else plan.page)
                    return
        if event.type == pygame.KEYDOWN and event.key in _RAW_KEYS:
            self.do(_RAW_KEYS[event.key])
            return
        for cmd in cmds:
            if cmd.name in (im.POINT, im.PRESS, im.RELEASE):
                self._pointer(cmd)
            elif cmd.name == im.SCROLL:
                if self._note_at(self.pointer) is not None:      # the wheel over the note reads it
                    self.scroll_note(-cmd.step * WHEEL_LINES)
                else:
                    self.do("prev" if cmd.step > 0 else "next")
            elif cmd.name in _COMMANDS:
                self.do(_COMMANDS[cmd.name])

    def _pointer(self, cmd: im.Command) -> None:
        pos = cmd.pos or (-1, -1)
        self.pointer = pos
        if cmd.name == im.RELEASE:
            self.dragging = False
            return
        if cmd.name == im.POINT:
            if self.dragging:
                self.seek(pos[0])
            self.hot = next((k for k, r in self.bar.buttons.items() if r.collidepoint(pos)), None)
            return
        hit = next((k for k, r in self.bar.buttons.items() if r.collidepoint(pos)), None)
        plan = self._note_at(pos)
        if plan is not None and plan.scrolls:
            # a click on the note's arrows turns a page of it
            at = (pos[0] - self.table_rect.x, pos[1] - self.table_rect.y)
            if plan.up_rect().collidepoint(at):
                self.scroll_note(-plan.page)
            elif plan.down_rect().collidepoint(at):
                self.scroll_note(plan.page)
            return
        if hit is not None:
            self.do(hit)
        elif self.bar.track.inflate(self.bar.px(8), self.bar.px(28)).collidepoint(pos):
            self.dragging = True
            self.seek(pos[0])

    def update(self, dt: float) -> None:
        self.clock += dt
        if self.playing:
            self.glow.stir()
        self.glow.update(dt)
        if not self.playing:
            return
        self.timer += dt
        if self.timer >= self.play_every:
            self.timer = 0.0
            self.replay.next_action()
            self.note_top = 0
            if self.replay.position >= self.replay.last:
                self.playing = False

    def wake_in(self) -> float | None:
        """0.0 while it plays on its own (a move every `play_every` seconds of frames) and while
        the glows pulse; a replay that stands still rests until the next key or click."""
        return 0.0 if self.playing or self.glow.moving or self.anim.moving else None

    # ---- drawing ---------------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        if surface.get_size() != self.table_rect.size:
            self.on_resize(surface.get_size())
        frame = self.shown
        static = self._with_keys(frame.static)
        table = surface.subsurface(self.table_rect)
        self.renderer.frame(table, self.lay, self.style, static, frame.overlay, (), [], False, list(frame.money),
                            self.anim, self.glow.clock)
        actor = self.replay.actor(frame.position - 1) if frame.position > 0 else None
        draw_bar(surface, self.bar, self.style,
                 BarView(frame.position, self.replay.last, self.rounds, frame.where, self.playing, self.hot,
                         self.model.facts(frame.position).family(actor) if actor is not None else None))
        plan = self.note_shown() if self.note is not None and self.note[0] == frame.position else None
        if plan is not None:
            draw_note(table, self.lay, self.style, plan, self.note_top)

    def _with_keys(self, static: StaticView) -> StaticView:
        """The prompt names the keys or buttons of the device used last (the mouse reads the
        words under the bar's buttons)."""
        device = self.app.pads.last_device
        plan = self.note_shown()
        scrolls = plan is not None and plan.scrolls
        if device == "mouse":
            if not scrolls:
                return static
            # the mouse's way to the rest of a long note, first (a sentence that does not fit
            # is left out from the end)
            wheel = _("Turn the mouse wheel over the note to read all of it.")
            sub = " ".join(s for s in (wheel, static.prompt.sub) if s)     # two whole sentences
            return dataclasses.replace(static, prompt=dataclasses.replace(static.prompt, sub=sub))
        controls: tuple[tuple[str, str], ...] = (
            (im.RIGHT, _("next move")), (im.NEXT_TARGET, _("next turn")), (im.ROTATE, _("next round")),
            (im.CONFIRM, caption("play", self.playing)), (im.CANCEL, _("close")))
        if plan is not None and scrolls:       # the note's scroll first: the first keys matter most
            more_below = self.note_top < plan.last_top
            controls = ((im.LOG_FORWARD, _("read on in the note")) if more_below
                        else (im.LOG_BACK, _("read back in the note")),) + controls
        prompt = dataclasses.replace(static.prompt, controls=controls, device=device, pad_layout=self.app.pads.layout)
        return dataclasses.replace(static, prompt=prompt)
