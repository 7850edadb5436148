"""The tutorial on screen: the real table, a lesson card over it and highlights.

    app.go("tutorial", resume=True)        # built by screen name like every other scene

The scene owns a TableScene for the lesson's position and hands it every input the card
does not take, so the learner plays on the real table with the real mouse, keys and pads.
Three narrow hooks, all through the table's public face:
- the session (`TutorialSession`) asks the controller before applying a learner's action,
  so only the taught action goes through; a refusal is an IllegalAction the table shows;
- the table gets a runner that lets computer seats play only when the step allows;
- the table's gate (`TableScene.gate`) shows the tutorial every intent (a pick, a press, a
  target the rules refuse) before the table carries it out: a wrong item is refused with the
  step's words, an illegal target explained in the engine's.
"""
from __future__ import annotations

import logging
import math
from typing import TYPE_CHECKING

import pygame

from ne_game.i18n import _, fmt
from ne_game.rules import Action, DataError
from ne_game.tutorial import TutorialController
from ne_game.ui.scenes.table import TableScene
from ne_game.ui.scenes.table.controls.intents import Intent
from ne_game.ui.scenes.table.draw.gfx import alpha_rect
from ne_game.ui.scenes.table.draw.offer_view import slot_rects
from ne_game.ui.scenes.table.model.focus import Item
from ne_game.ui.scenes.table.motion.tweens import Pulse
from ne_game.ui.scenes.tutorial.card import LessonCard
from ne_game.ui.shell import input_map as im
from ne_game.ui.shell.scene_base import Scene

if TYPE_CHECKING:
    from ne_game.game.session import GameSession
    from ne_game.ui.shell.ai_runner import Runner
    from ne_game.ui.shell.app import App

log = logging.getLogger(__name__)


class TutorialRunner:
    """The table's computer-player runner, holding computer moves until the step allows them."""

    def __init__(self, inner: Runner, controller: TutorialController) -> None:
        self.inner = inner
        self.ctl = controller
        self.session: GameSession | None = None
        self.last_error: str | None = None

    @property
    def busy(self) -> bool:
        return bool(self.inner.busy)

    def request(self, session: GameSession, kind: str | None = None) -> bool:
        self.session = session
        if self.ctl.computers_may_play():
            return bool(self.inner.request(session, kind))
        return True

    def poll(self) -> Action | None:
        if self.session is None or not self.ctl.computers_may_play():
            return None
        scripted = self.ctl.scripted_move()   # a lesson may say exactly what the computers do
        if scripted is not None or self.ctl.script or isinstance(self.ctl.lesson.then, list):
            return scripted   # type: ignore[return-value]  # a lesson's scripted action: checked legal
        self.inner.request(self.session)     # idempotent for one position
        action: Action | None = self.inner.poll()
        return action

    def cancel(self) -> None:
        self.inner.cancel()


class TutorialScene(Scene):
    """The lesson card and its table; a lesson that brings a new position gets a new table."""

    @classmethod
    def open(cls, app: App, resume: bool = True, controller: TutorialController | None = None) -> Scene | None:
        """The screen factory ("tutorial"): the tutorial from the saved lesson when `resume`,
        or None (with a dialog) when its files cannot be read."""
        try:
            ctl = controller or TutorialController()
            ctl.resume() if resume else ctl.restart()
        except (DataError, ValueError) as err:   # a broken lesson file: say which, never crash
            log.warning("the tutorial cannot start: %s", err)
            app.show_error(_("The tutorial cannot start"),
                           fmt("The tutorial's files cannot be read: {problem}", problem=err))
            return None
        return cls(app, ctl)

    def __init__(self, app: App, controller: TutorialController) -> None:
        super().__init__(app)
        self.ctl = controller
        self.card = LessonCard(controller)
        self.clock = 0.0
        self.glow = Pulse(3.2)          # the lesson's highlights pulse, then hold still (tweens.Pulse)
        self.table: TableScene | None = None
        self._mount()
        self._focus_lesson()
        controller.listeners.append(self._lesson_changed)

    # ------------------------------------------------------------ the table
    @property
    def session(self) -> GameSession | None:
        """The lesson's game (the app pauses it, the sound follows it)."""
        return self.ctl.session

    @property
    def _table(self) -> TableScene:
        assert self.table is not None      # mounted in __init__, before any event or draw
        return self.table

    def _mount(self) -> None:
        """A table for the lesson's session, its gate on every intent, the card over it."""
        if self.table is not None:
            self.table.on_exit()
        runner = TutorialRunner(self.app.ai_runner, self.ctl)
        session = self.ctl.session
        assert session is not None, "a lesson has begun before its table is mounted"
        self.table = TableScene(self.app, session, runner=runner)
        self.table.gate = self.gate
        self.table.keys.lesson_items = self._lesson_items     # Tab reaches the card's buttons
        self.card.table = self.table
        self.card.replace()

    def _lesson_changed(self, ctl: TutorialController) -> None:
        """A new lesson began: a new position gets a new table; a continued one keeps it."""
        self.card.collapsed = False
        self.glow.stir()
        self.card.replace()
        if self.table is not None and self.table.session is ctl.session:
            self.table.reload()               # the same game goes on: re-read it
        else:
            self._mount()
        self._focus_lesson()

    def _focus_lesson(self) -> None:
        """The ring starts on what the lesson points at (an offer row, a marker, a button), so
        a keyboard or pad player's Enter (A) does what the lesson asks."""
        hl = self.ctl.lesson.highlight
        hits = ([("slot", s) for s in hl.get("slots", [])] + [("bid", v) for v in hl.get("bids", [])]
                + [("button", b) for b in hl.get("buttons", [])] + [("cell", (c[0], c[1])) for c in hl.get("cells", [])])
        if hits:
            self._table.keys.focus_on(hits)

    def on_exit(self) -> None:
        if self._lesson_changed in self.ctl.listeners:
            self.ctl.listeners.remove(self._lesson_changed)
        if self.table is not None:
            self.table.on_exit()
        super().on_exit()

    # ------------------------------------------------------------ the gate
    def gate(self, intent: Intent) -> bool:
        """The tutorial's say on what the learner is about to do (True: the table goes on)."""
        ctl, t = self.ctl, self._table
        if ctl.stage == "finished" or not t.human_turn:
            return True
        if intent.kind == "nothing":
            if intent.reason:
                ctl.explain_illegal(intent.reason)     # the rules refuse this target: say why
            return True
        if intent.kind == "pick" and intent.pick is not None and intent.pick[0] == "slot":
            if ctl.refuse_pick(intent.pick[1]) is not None:
                return False                           # the wrong item stays in the offer
        ctl.clear_warning()                            # the right kind of press: an old "Not that" goes
        return True

    # ------------------------------------------------------------ commands
    def command(self, what: str) -> None:
        ctl = self.ctl
        if what == "next" and ctl.can_next():
            if ctl.next() is None:
                self.card.replace()
        elif what == "replay":
            ctl.replay()
        elif what == "skip":
            ctl.skip()
        elif what == "hide":
            self.card.collapsed = not self.card.collapsed
            self.card.replace()
        elif what == "page":          # the next page of a long lesson (sofa distance, small window)
            self.card.next_page()
        elif what == "more":          # the whole lesson, even where it covers the board
            self.card.full_for = (ctl.index, ctl.stage)
            self.card.replace()
        elif what == "leave":
            self.app.go("title")   # progress is saved at every lesson start
        elif what == "play":
            self._play_real_game()

    def _play_real_game(self) -> None:
        from ne_game.game.session import GameSession, Seat
        from ne_game.ui.shell import flow

        tutor_seats = self.ctl.seats(3)
        fams = [s.family for s in tutor_seats]
        names = [s.get("name") for s in getattr(self.app.settings, "last_seats", []) if isinstance(s, dict)]
        me = names[0] if names and names[0] else tutor_seats[0].name   # else the lessons' name for seat 0
        seats = [Seat(me, fams[0], "human"), Seat("Patience", fams[1], "easy"),
                 Seat("Hopestill", fams[2], "easy")]
        flow.start_session(self.app, GameSession.new(seats))

    # ------------------------------------------------------------ events
    def process_event(self, event: pygame.event.Event) -> bool:
        self.glow.stir()
        t, card = self._table, self.card
        et = event.type
        if et == pygame.MOUSEMOTION:
            card.hover_button = card.button_at(event.pos)
            card.mouse = event.pos
            if card.rect.collidepoint(event.pos) and not t.face.holding():   # a drag goes on below
                t.point((-1, -1))   # no table tooltips under the card
                return True
        elif et in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEWHEEL):
            pos = getattr(event, "pos", None) or pygame.mouse.get_pos()
            if card.rect.collidepoint(pos) and not t.face.holding():
                if et == pygame.MOUSEBUTTONDOWN and event.button == 1:
                    self._press_card(pos)
                return True
        elif et == pygame.KEYDOWN and self._key(event):
            return True
        return t.process_event(event)

    def _press_card(self, pos: tuple[int, int]) -> None:
        button = self.card.button_at(pos)
        if button is not None:
            self.command(button)
            return
        lesson = self.card.dot_at(pos)
        if lesson is not None:
            self.ctl.begin(lesson)     # a "previous" lesson rebuilds its position

    def _lesson_items(self) -> list[Item]:
        """The card's buttons, for the table's focus (Tab reaches them after the action bar)."""
        return [(("lesson", bid), rect) for bid, _label, enabled, rect in self.card.buttons if enabled]

    def _key(self, event: pygame.event.Event) -> bool:
        names = {c.name for c in im.commands(event)}
        focused = self._table.focus.current(self._table.focus_items) if self._table.focus.active else None
        if im.CONFIRM in names and focused is not None and focused[0][0] == "lesson":
            self.command(str(focused[0][1]))      # a card button the ring is on
            return True
        if im.CANCEL in names:
            if self._table.face.holding():
                return False                      # the table puts the pick back
            self.app.push("pause", session=None)  # no "save game": progress saves itself
            return True
        # N, or Enter (A on a pad) once the step is done or only to be read: the next lesson
        if (im.NEXT in names or im.CONFIRM in names) and self.ctl.can_next():
            self.command("next")
            return True
        return False

    # ------------------------------------------------------------ frame
    def update(self, dt: float) -> None:
        self.clock += dt
        self._table.update(dt)
        if self._table.wake_in() == 0.0:
            self.glow.stir()            # the lesson's highlights pulse while the table moves
        self.glow.update(dt)

    def wake_in(self) -> float | None:
        """The table's (a lesson plays a real table), and 0.0 while the highlights pulse."""
        return 0.0 if self.glow.moving else self._table.wake_in()

    def on_resize(self, size: tuple[int, int]) -> None:
        self._table.on_resize(size)
        self.card.replace()

    def draw(self, surface: pygame.Surface) -> None:
        self._table.draw(surface)
        self.card.highlights = self.highlight_rects()
        if self.ctl.stage == "doing":
            self._draw_highlights(surface)
        self.card.draw(surface)

    def draw_after_ui(self, surface: pygame.Surface) -> None:
        t = self._table
        t.keys.draw(surface)
        # the table's tooltip (a reason, a hint) stays readable above the lesson card
        if t.tooltip and not self.card.rect.collidepoint(t.hover_pos):
            t.face.draw_tooltip(surface, avoid=self.card.rect)

    # ------------------------------------------------------------ highlights
    def highlight_rects(self) -> list[pygame.Rect]:
        """Screen rects of what the lesson asks to look at (cells, slots, markers, panels...)."""
        t = self._table
        lay = t.lay
        hl = self.ctl.lesson.highlight
        out: list[pygame.Rect] = []
        seen_tiles: set[int] = set()
        for c in hl.get("cells", []):
            k = t.position.tile_index((c[0], c[1]))   # a tile glows as one shape, not parcel by parcel
            if k is None:
                out.append(lay.cell_rect(c[0], c[1]))
            elif k not in seen_tiles:
                seen_tiles.add(k)
                out.append(lay.cells_rect(t.position.tiles[k].cells))
        rects = slot_rects(lay, t.offer_slots)
        out += [rects[s] for s in hl.get("slots", []) if s in rects]
        out += [lay.bid_slots[v - 1] for v in hl.get("bids", []) if 1 <= v <= len(lay.bid_slots)]
        out += [lay.panels[p] for p in hl.get("panels", []) if 0 <= p < len(lay.panels)]
        for bid in hl.get("buttons", []):
            r = t.face.button_rect(bid)
            if r is not None:
                out.append(r)
        regions = {"offer": lay.offer_rect, "bag": lay.bag_rect, "deck": lay.deck_rect,
                   "bid_track": lay.bid_track, "board": lay.board_rect, "action_bar": lay.action_bar,
                   "log": lay.log_rect, "status": lay.status_rect}
        out += [regions[k] for k in hl.get("regions", []) if k in regions]
        return [r.copy() for r in out]

    def _draw_highlights(self, surf: pygame.Surface) -> None:
        lay = self._table.lay
        pulse = 0.5 + 0.5 * math.sin(self.glow.clock * self.glow.speed)
        gold = pygame.Color(self._table.style.color("gold"))
        grow = lay.px(3 + 3 * pulse)
        for r in self.card.highlights:
            rr = r.inflate(grow * 2, grow * 2)
            alpha_rect(surf, (gold.r, gold.g, gold.b, int(150 + 100 * pulse)), rr, lay.px(8), lay.px(3))

    def layout(self) -> dict[str, object]:
        out: dict[str, object] = {"card": self.card.rect.copy()}
        for bid, _label, _enabled, r in self.card.buttons:
            out[f"button_{bid}"] = r.copy()
        return out
