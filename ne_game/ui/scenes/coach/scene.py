"""CoachScene: "Review my game". The hard player's machinery looks at one seat's decisions
(ne_game.coach) and shows the costliest ones in words, each a way into the replay at that
moment with the better move drawn as a ghost, a graph of the seat's expected margin over the
game with those moments marked, and a summary line.

    app.push("coach", replay=replay, save=save, game_id=id)      # seat: the first person

The review runs in the background with a progress bar; Escape goes back while it runs (it goes
on, and coming back finds it), Cancel stops it. Left / Right (d-pad) choose another seat, Up /
Down a finding, Enter (A) opens it in the replay, Escape (B) closes. A finished review is kept
with the game in the records: a second look is instant.
"""
from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import pygame

from ne_game import i18n
from ne_game.coach import DEFAULT_BUDGET, Review, SeatReview
from ne_game.coach.bids import bid_lessons
from ne_game.coach.reasons import REASONS_VERSION
from ne_game.coach.review import WHOLE_REVIEW, Decision
from ne_game.history import Replay
from ne_game.i18n import _, fmt
from ne_game.storage.saves import SaveData
from ne_game.ui.look.widgets import background, draw_focus_ring, draw_panel
from ne_game.ui.scenes.coach import jobs
from ne_game.ui.scenes.coach.graph import draw_graph
from ne_game.ui.scenes.table.draw.gfx import Style, badge, blit_center, fit_text, wrap
from ne_game.ui.scenes.table.model.coach_words import (
    bid_lines,
    decision_sentence,
    habit_lines,
    line_words,
    list_head,
    rival_lines_note,
    seat_labels,
    summary,
)
from ne_game.ui.scenes.table.model.facts import Facts
from ne_game.ui.shell import input_map as im
from ne_game.ui.shell.ai_runner import SyncRunner
from ne_game.ui.shell.scene_base import Scene

if TYPE_CHECKING:
    from ne_game.ui.shell.app import App

log = logging.getLogger(__name__)

FINDING_PX = 14        # the findings' one text size (theme units at 1280x720)
FINDING_LEFT, FINDING_RIGHT = 12, 12      # their margins inside a row
GRAPH_MIN = 130        # the graph's height at the least (theme units): its labels never stack


class CoachScene(Scene):
    #: sampled worlds per decision when none are asked for: None lets the time budget decide
    #: (the hard player's budget, settings.ai_budget); the tests fix a small number
    default_worlds: int | None = None

    def __init__(self, app: App, replay: Replay, save: SaveData, game_id: int | None = None,
                 seat: int | None = None, worlds: int | None = None) -> None:
        super().__init__(app)
        self.replay = replay
        self.save = save
        self.game_id = game_id
        self.worlds = worlds if worlds is not None else self.default_worlds
        facts = Facts.at(replay.engine_state(0), replay.seats, 0)
        self.names, self.families = facts.names, facts.families
        humans = [s.seat for s in replay.seats if s.is_human]
        self.seat = seat if seat is not None else (humans[0] if humans else 0)
        self.style = Style(app.theme, bool(app.settings.colorblind))
        self.focus = 0
        self.keyed = app.pads.last_device != "mouse"
        self.rects: dict[str, pygame.Rect] = {}
        self.finding_px = 14          # the findings' one text size, set as they are drawn
        self.scroll: dict[str, int] = {}         # each list's scroll offset (pixels), by view
        self.scroll_room: dict[str, int] = {}    # how far each list can scroll (0: it all fits)
        self.follow = False                       # the list scrolls to the focused row when next drawn
        self.job: jobs.ReviewJob | None = None
        self.review: Review | None = None
        self._sentences: dict[tuple[int, str], str] = {}
        self.view = "findings"          # or "bids": the lessons about the bid (B / the button)
        self._bids: dict[tuple[int, str], list[tuple[int, str]]] = {}
        self._habits: dict[tuple[int, str], list[str]] = {}   # the habit lines over the findings
        self._open()
        self.on_resize(app.screen_size)

    # ---- the review --------------------------------------------------------------------------
    @property
    def settings(self) -> jobs.ReviewSettings:
        budget = float(getattr(self.app.settings, "ai_budget", DEFAULT_BUDGET) or DEFAULT_BUDGET)
        return {"budget": budget, "seed": 1, "worlds": self.worlds, "reasons": REASONS_VERSION}

    def _key(self) -> tuple[jobs.GameKey, int]:
        return ((self.game_id, self.replay.seed, self.replay.last, self.worlds), self.seat)

    def _open(self) -> None:
        """The seat's review: kept from before, under way, or started now."""
        self.focus = 0
        self._sentences = {}
        self._habits = {}
        self.scroll = {}
        # the seats reviewed before (one read of the records): this seat's, and the others',
        # whose curves join the graph, thinner
        self.others = jobs.stored_reviews(self.game_id, self.settings, self.replay)
        self.review = self.others.pop(self.seat, None)
        self.job = None
        if self.review is not None:
            return
        job = jobs.JOBS.get(self._key())
        if job is None or job.cancelled:
            s = self.settings
            job = jobs.ReviewJob(SeatReview(self.save, self.seat, budget=s["budget"], seed=s["seed"],
                                            worlds=self.worlds, whole=WHOLE_REVIEW),
                                 self.game_id, s, threaded=not isinstance(self.app.ai_runner, SyncRunner))
            jobs.JOBS[self._key()] = job
        self.job = job
        self.focus = self.items.index("close")     # Enter while it runs goes back; it never cancels

    def update(self, dt: float) -> None:
        job = self.job
        if job is None:
            return
        job.tick()
        if job.result is not None:
            self.review = job.result
            self.job = None
            self.focus = 0          # the first finding (or Close)

    def wake_in(self) -> float | None:
        """0.0 while a review is under way: its progress line moves (a worker thread's steps, or
        one decision a frame where the app thinks synchronously); a finished review rests."""
        return 0.0 if self.job is not None else None

    def cancel(self) -> None:
        if self.job is not None:
            self.job.cancel()
            self.review = self.job.review.result()      # what was done so far
            jobs.JOBS.pop(self._key(), None)
            self.job = None

    def change_seat(self, step: int) -> None:
        self.seat = (self.seat + step) % self.replay.players
        self._open()

    # ---- items -------------------------------------------------------------------------------
    @property
    def flagged(self) -> tuple[Decision, ...]:
        # every finding, not only the costliest TOP (playtest 9b: "the 5 costliest of 7" hid two)
        return self.review.costly if self.review is not None else ()

    @property
    def items(self) -> list[str]:
        running = self.job is not None
        if running or self.review is None:
            return (["cancel"] if running else []) + ["close"]
        if self.view == "bids":
            return [f"bid:{k}" for k in range(len(self.bid_lines()))] + ["view", "close"]
        return [f"finding:{k}" for k in range(len(self.flagged))] + ["view", "close"]

    def bid_lines(self) -> list[tuple[int, str]]:
        """The bid section's lines (the replay's position each opens, the words), made once per
        seat and language from the replay and the review (bids.py)."""
        if self.review is None:
            return []
        key = (self.seat, i18n.current_language())
        if key not in self._bids:
            bids = bid_lessons(self.replay.actions, self.replay.engine_state, self.seat, self.review.own_losses)
            parts = ((d, self.review.part_of(d)) for d in self.review.decisions if d.kind == "bids")
            self._bids[key] = bid_lines(bids, {d.index: f.round for d, f in parts if f is not None},
                                         seat_labels(self.names, self.families))
        return self._bids[key]

    def layout(self) -> dict[str, object]:
        return dict(self.rects)

    def view_label(self) -> str:
        """The words of the button beside Close: the other list."""
        return _("Lessons about the bid") if self.view == "findings" else _("Costly decisions")

    def activate(self, item: str) -> None:
        if item == "close":
            self.app.pop()
        elif item == "cancel":
            self.cancel()
        elif item == "view":
            self.view = "bids" if self.view == "findings" else "findings"
            self.scroll[self.view] = 0
            self.focus = self.items.index("view")
        elif item.startswith("bid:"):
            lines = self.bid_lines()
            k = int(item.split(":")[1])
            if k < len(lines):
                self.app.push("replay", replay=self.replay, start=lines[k][0], note=lines[k][1])
        elif item.startswith("finding:"):
            d = self.flagged[int(item.split(":")[1])]
            self.app.push("replay", replay=self.replay, start=d.index, ghost=d.best, note=self._sentence(d),
                          better=line_words(d, self.replay.engine_state(d.index)))

    def process_event(self, event: pygame.event.Event) -> bool:
        items = self.items
        for cmd in im.commands(event):
            if cmd.name == im.POINT and cmd.pos is not None:
                self.keyed = False
                hit = next((k for k, name in enumerate(items) if name in self.rects
                            and self.rects[name].collidepoint(cmd.pos)), None)
                if hit is not None:
                    self.focus = hit
            elif cmd.name == im.PRESS and cmd.pos is not None:
                if self.rects.get("seat_prev", pygame.Rect(0, 0, 0, 0)).collidepoint(cmd.pos):
                    self.change_seat(-1)
                elif self.rects.get("seat_next", pygame.Rect(0, 0, 0, 0)).collidepoint(cmd.pos):
                    self.change_seat(1)
                else:
                    pressed = next((name for name in items
                                    if name in self.rects and self.rects[name].collidepoint(cmd.pos)), None)
                    if pressed is not None:
                        self.activate(pressed)
            elif cmd.name == im.SCROLL and cmd.step:
                self.scroll[self.view] = max(0, min(self.scroll_room.get(self.view, 0),
                                                    self.scroll.get(self.view, 0) - cmd.step * self._px(48)))
            elif cmd.name in (im.UP, im.PREV_TARGET):
                self.focus, self.keyed, self.follow = max(0, self.focus - 1), True, True
            elif cmd.name in (im.DOWN, im.NEXT_TARGET):
                self.focus, self.keyed, self.follow = min(len(items) - 1, self.focus + 1), True, True
            elif cmd.name in (im.LEFT, im.RIGHT):
                self.change_seat(-1 if cmd.name == im.LEFT else 1)
                self.keyed = True
            elif cmd.name == im.CONFIRM:
                self.activate(items[min(self.focus, len(items) - 1)])
            elif cmd.name == im.CANCEL:
                self.app.pop()       # a review under way goes on; coming back finds it
        return True

    # ---- geometry and drawing ----------------------------------------------------------------
    def on_resize(self, size: tuple[int, int]) -> None:
        w, h = size
        self.size = (w, h)
        self.u = min(w / 1280, h / 720) * float(self.app.ui_scale_factor)

    def _px(self, v: float) -> int:
        return max(1, int(round(v * self.u)))

    def draw(self, surface: pygame.Surface) -> None:
        if surface.get_size() != self.size:
            self.on_resize(surface.get_size())
        theme, st, px = self.app.theme, self.style, self._px
        w, h = self.size
        surface.blit(background(theme, self.size), (0, 0))
        m = px(24)
        panel = pygame.Rect(m, m, w - 2 * m, h - 2 * m)
        draw_panel(surface, panel, theme, self.u)
        inner = panel.inflate(-2 * px(24), -2 * px(20))
        rects: dict[str, pygame.Rect] = {}
        # the seat, with arrows to choose another
        title = fit_text(st, _("The coach"), "title", px(34), st.color("title_text"), inner.width // 2)
        surface.blit(title, inner.topleft)
        arrow = px(36)
        seat_box = pygame.Rect(inner.right - px(360), inner.y + px(4), px(360), arrow)
        rects["seat_prev"] = pygame.Rect(seat_box.x, seat_box.y, arrow, arrow)
        rects["seat_next"] = pygame.Rect(seat_box.right - arrow, seat_box.y, arrow, arrow)
        for key, pointing in (("seat_prev", -1), ("seat_next", 1)):
            r = rects[key]
            pygame.draw.rect(surface, st.color("button"), r, border_radius=px(6))
            cx, cy, s = r.centerx, r.centery, r.width * 0.22
            pygame.draw.polygon(surface, st.color("button_text"), [(cx - pointing * s, cy - s), (cx - pointing * s, cy + s),
                                                                   (cx + pointing * s, cy)])
        mid = pygame.Rect(rects["seat_prev"].right + px(8), seat_box.y, seat_box.width - 2 * arrow - px(16), arrow)
        b = badge(st, self.families[self.seat], arrow - px(6))
        name = fit_text(st, self.names[self.seat], "bold", px(18), st.color("text_on_dark"), mid.width - b.get_width() - px(8))
        x = mid.centerx - (b.get_width() + px(6) + name.get_width()) // 2
        surface.blit(b, (x, mid.y + px(3)))
        surface.blit(name, (x + b.get_width() + px(6), mid.centery - name.get_height() // 2))
        y = inner.y + title.get_height() + px(6)
        if self.job is not None:
            y = self._draw_progress(surface, inner, y, rects)
        elif self.review is not None and self.view == "bids":
            y = self._draw_bids(surface, inner, y, rects)
        elif self.review is not None:
            y = self._draw_review(surface, inner, y, rects)
        bw, bh = px(220), px(48)
        rects["close"] = pygame.Rect(inner.right - bw, inner.bottom - bh, bw, bh)
        if self.review is not None and self.job is None:
            rects["view"] = pygame.Rect(rects["close"].x - bw - px(12), inner.bottom - bh, bw, bh)
        self.rects = rects
        self._draw_buttons(surface)
        device = self.app.pads.last_device
        view = self.view_label()
        if "view" not in rects:
            how = {"pad": _("Left / Right: another player · Up / Down: a finding · A: see it in the replay · B: back"),
                   "keyboard": _("Left / Right: another player · Up / Down: a finding · Enter: see it in the replay · "
                                 "Escape: back")}.get(device, _("Click a finding to see it in the replay, with the "
                                                                 "better move drawn on the board."))
        else:    # the keys also name the button beside Close, and how to reach it
            how = {"pad": fmt("Left / Right: another player · Up / Down: a line, then “{button}” and Close · "
                              "A: see it in the replay or press the button · B: back", button=view),
                   "keyboard": fmt("Left / Right: another player · Up / Down: a line, then “{button}” and Close · "
                                   "Enter: see it in the replay or press the button · Escape: back", button=view)
                   }.get(device, fmt("Click a line to see it in the replay; “{button}” shows the other list.",
                                     button=view))
        room = inner.width - (2 * bw + px(12) if "view" in rects else bw) - px(20)
        lines = wrap(st, how, "body", px(12), room)[:2]
        imgs = [fit_text(st, line, "body", px(12), st.color("text_dim_on_dark"), room) for line in lines]
        y = rects["close"].centery - sum(i.get_height() for i in imgs) // 2
        for img in imgs:
            surface.blit(img, (inner.x, y))
            y += img.get_height()

    def _draw_progress(self, surface: pygame.Surface, inner: pygame.Rect, y: int, rects: dict[str, pygame.Rect]) -> int:
        st, px = self.style, self._px
        assert self.job is not None
        done, total = self.job.progress
        words = fmt("The Hard computer player is reviewing {name}'s decisions: {done} of {total}…",
                    name=self.names[self.seat], done=done, total=total)
        if self.job.error:
            words = _("The review stopped: the log file has the details.")
        t = fit_text(st, words, "bold", px(17), st.color("text_on_dark"), inner.width)
        surface.blit(t, (inner.x, y + px(20)))
        bar = pygame.Rect(inner.x, y + px(56), inner.width, px(18))
        pygame.draw.rect(surface, st.color("button_disabled"), bar, border_radius=px(9))
        if total:
            pygame.draw.rect(surface, st.color("gold"), (bar.x, bar.y, int(bar.width * self.job.share), bar.height),
                             border_radius=px(9))
        note = fit_text(st, _("You can go on browsing: Escape goes back and the review goes on."), "body", px(13),
                        st.color("text_dim_on_dark"), inner.width)
        surface.blit(note, (inner.x, bar.bottom + px(10)))
        rects["cancel"] = pygame.Rect(inner.x, bar.bottom + px(40), px(220), px(48))
        return rects["cancel"].bottom

    def _draw_review(self, surface: pygame.Surface, inner: pygame.Rect, y: int, rects: dict[str, pygame.Rect]) -> int:
        st, px = self.style, self._px
        review = self.review
        assert review is not None
        line = summary(review, self.names[self.seat])
        if not review.complete:
            line = fmt("{summary} (Stopped after {done} of {total} decisions.)", summary=line,
                       done=len(review.decisions), total=review.planned)
        for text in wrap(st, line, "bold", px(16), inner.width):
            surface.blit(st.text(text, "bold", px(16), st.color("text_on_dark")), (inner.x, y))
            y += st.font("bold", px(16)).get_linesize()
        # The graph keeps one readable height whatever the number of findings (playtest 3b: with
        # five it squashed to a strip, its labels stacked); the findings under it are whole
        # sentences, never cut, in a list that scrolls (wheel, Up / Down, the pad) when they
        # do not all fit above the buttons.
        bottom = inner.bottom - px(48) - px(14)             # above the Close button and the keys line
        self.finding_px = px(FINDING_PX)
        graph_h = max(px(GRAPH_MIN), min(int(inner.height * 0.26), (bottom - y) // 2))
        graph = pygame.Rect(inner.x, y + px(8), inner.width, graph_h)
        # the other seats' lines come from their own reviews (a seat's review holds only its
        # lead over the best rival): said when some are still to make (playtest 15b: Player 1's
        # chart had no rival lines when reviewed first, and had them later)
        note = rival_lines_note(len(self.others), self.replay.players - 1 - len(self.others),
                                self.game_id is not None)
        draw_graph(surface, graph, self.style, self._px, review, self.others, self.seat, self.families,
                   self.replay, note)
        y = graph.bottom + px(12)
        if not self.flagged:
            for text in wrap(st, _("No decision was clearly costly: every estimate was within the noise."), "body",
                             px(15), inner.width):
                t = st.text(text, "body", px(15), st.color("text_on_dark"))
                surface.blit(t, (inner.x, y))
                y += t.get_height()
            return y
        for text in wrap(st, list_head(review), "bold", px(15), inner.width):
            head = st.text(text, "bold", px(15), st.color("text_dim_on_dark"))
            surface.blit(head, (inner.x, y))
            y += head.get_height()
        key = (self.seat, i18n.current_language())
        if key not in self._habits:
            self._habits[key] = habit_lines(review, self.replay.engine_state)
        for line in self._habits[key]:
            # a loss made again and again, said once over the findings that tell it (playtests 9b, 10b)
            for text in wrap(st, line, "body", px(15), inner.width):
                said = st.text(text, "body", px(15), st.color("text_on_dark"))
                surface.blit(said, (inner.x, y))
                y += said.get_height()
        area = pygame.Rect(inner.x, y + px(4), inner.width, max(px(40), bottom - y - px(4)))
        texts = [(f"finding:{k}", self._sentence(d)) for k, d in enumerate(self.flagged)]
        return self._draw_rows(surface, area, texts, self.finding_px, rects)

    def _draw_bids(self, surface: pygame.Surface, inner: pygame.Rect, y: int, rects: dict[str, pygame.Rect]) -> int:
        """The bid section: the totals and the habit, then a row per round (each opens the replay
        at that bid), whole, in a list that scrolls when they do not all fit (playtest 3b: the
        last rounds ran under the buttons and the wheel did nothing)."""
        st, px = self.style, self._px
        head = fit_text(st, _("Lessons about the bid"), "bold", px(16), st.color("text_dim_on_dark"), inner.width)
        surface.blit(head, (inner.x, y + px(4)))
        y += head.get_height() + px(10)
        bottom = inner.bottom - px(48) - px(14)
        area = pygame.Rect(inner.x, y, inner.width, max(px(40), bottom - y))
        texts = [(f"bid:{k}", text) for k, (_position, text) in enumerate(self.bid_lines())]
        return self._draw_rows(surface, area, texts, px(13), rects)

    def _draw_rows(self, surface: pygame.Surface, area: pygame.Rect, texts: list[tuple[str, str]], size: int,
                   rects: dict[str, pygame.Rect]) -> int:
        """Rows of whole paragraphs in `area` (each as tall as its wrapped words: nothing is cut
        with an ellipsis), scrolled by `self.scroll[view]`: the wheel scrolls; Up / Down and the
        pad move the focus and the list follows it. A row's rect (what a click hits) is its part
        inside the area. A bar at the right says where the list is when it does not all fit."""
        st, px, theme = self.style, self._px, self.app.theme
        pad, gap, left = px(10), px(4), px(FINDING_LEFT)
        bar_w = px(6)
        room = area.width - left - px(FINDING_RIGHT) - bar_w - px(4)
        lh = st.font("body", size).get_linesize()
        wrapped = [(key, wrap(st, text, "body", size, room)) for key, text in texts]
        heights = [len(rows) * lh + pad for _key, rows in wrapped]
        total = sum(heights) + gap * max(0, len(heights) - 1)
        top_of = [sum(heights[:k]) + gap * k for k in range(len(heights))]
        most = max(0, total - area.height)
        offset = self.scroll.get(self.view, 0)
        focused_key = self.items[self.focus] if self.focus < len(self.items) else ""
        keys = [key for key, _rows in wrapped]
        if self.follow and focused_key in keys:
            # the focused row in full view (the keys and the pad move through the list)
            k = keys.index(focused_key)
            offset = min(offset, top_of[k])
            offset = max(offset, top_of[k] + heights[k] - area.height)
            self.follow = False
        offset = max(0, min(most, offset))
        self.scroll[self.view] = offset
        self.scroll_room[self.view] = most
        clip = surface.get_clip()
        surface.set_clip(area.clip(clip) if clip else area)
        for k, (key, rows) in enumerate(wrapped):
            r = pygame.Rect(area.x, area.y + top_of[k] - offset, area.width - bar_w - px(4), heights[k])
            if r.bottom < area.y or r.y > area.bottom:
                continue
            visible = r.clip(area)
            if visible.height > px(6):
                rects[key] = visible
            focused = key == focused_key
            pygame.draw.rect(surface, st.color("button_hover" if focused else "panel_dark"), r, border_radius=px(6))
            for n, line in enumerate(rows):
                surface.blit(st.text(line, "body", size, st.color("text_on_dark")), (r.x + left, r.y + pad // 2 + n * lh))
            if focused and self.keyed:
                draw_focus_ring(surface, r, theme, self.u, inside=True)
        surface.set_clip(clip)
        if most > 0:
            track = pygame.Rect(area.right - bar_w, area.y, bar_w, area.height)
            pygame.draw.rect(surface, st.color("panel_dark"), track, border_radius=bar_w // 2)
            thumb_h = max(px(24), int(area.height * area.height / total))
            thumb_y = area.y + int((area.height - thumb_h) * offset / most)
            pygame.draw.rect(surface, st.color("gold"), (track.x, thumb_y, bar_w, thumb_h), border_radius=bar_w // 2)
        return min(area.bottom, area.y + total - offset)

    def _sentence(self, d: Decision) -> str:
        """A finding in words, made once per language (it replays the move and its better one
        through the engine: not work for every frame)."""
        key = (d.index, i18n.current_language())
        if key not in self._sentences:
            same = self.review.same_as(d) if self.review is not None else None
            folded = self.review.folded_into(d) if self.review is not None else ()
            hinted = self.review is not None and any(x.followed_hint is not None for x in self.review.decisions)
            self._sentences[key] = decision_sentence(d, self.replay.engine_state(d.index),
                                                     seat_labels(self.names, self.families), same, folded, hinted)
        return self._sentences[key]

    def _draw_buttons(self, surface: pygame.Surface) -> None:
        st, px, theme = self.style, self._px, self.app.theme
        items = self.items
        view = self.view_label()
        for key, label in (("cancel", _("Cancel the review")), ("view", view), ("close", _("Close"))):
            r = self.rects.get(key)
            if r is None:
                continue
            focused = key in items and items.index(key) == self.focus
            pygame.draw.rect(surface, st.color("button_hover" if focused else "button"), r, border_radius=px(8))
            pygame.draw.rect(surface, st.color("button_border"), r, px(2), border_radius=px(8))
            blit_center(surface, fit_text(st, label, "bold", px(17), st.color("button_text"), r.width - px(12)), r.center)
            if focused and self.keyed:
                draw_focus_ring(surface, r, theme, self.u)

