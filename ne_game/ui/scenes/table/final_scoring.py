"""FinalScene: the final scores counted up, the winner, the tie-break, and what next.

Pushed over the table when the game ends (the board stays visible, dimmed).
All numbers come from `rules.final_scores` / `rules.winners`; the order in which they are
counted and the rows move is motion/finale.py's Timeline. A click, a key or a pad's button
skips to the end (but not in its first half second: the press that ended the game, or the next
one already on its way, must not skip the finale unseen); with animations off the final table
shows at once.
"""
from __future__ import annotations

import logging
import math
import random
from collections.abc import Callable
from typing import TYPE_CHECKING

import pygame

import ne_game.ui.scenes.table.draw.pieces as pieces
from ne_game import rules
from ne_game.audio.cues import figure_cue
from ne_game.i18n import _, fmt, join_list, nfmt, pgettext
from ne_game.storage.saves import SaveError
from ne_game.ui.look.widgets import draw_focus_ring
from ne_game.ui.scenes.table.controls import guard
from ne_game.ui.scenes.table.draw import celebration
from ne_game.ui.scenes.table.draw.gfx import Style, alpha_rect, badge, blit_center, fit_text, wrap
from ne_game.ui.scenes.table.motion.finale import Row, Timeline
from ne_game.ui.scenes.table.motion.tweens import ease_out_back, ease_out_cubic
from ne_game.ui.shell.scene_base import Scene
from ne_game.ui.text.words import figure_name

if TYPE_CHECKING:  # pragma: no cover
    from ne_game.game.session import GameSession, Seat
    from ne_game.history import Replay
    from ne_game.rules.scoring import ScoreRow
    from ne_game.ui.shell.app import App
    from ne_game.ui.shell.background import Job

log = logging.getLogger(__name__)

CONFETTI = 170       # pieces of the winner's celebration
#: the buttons under the scores, left to right: how the game went, then what next
BUTTONS = ("story", "replay", "review", "play_again", "title")


def button_label(key: str) -> str:
    return {"story": _("The story"), "replay": pgettext("game replay", "Replay"), "review": _("Review my game"),
            "play_again": _("Play again"), "title": _("Back to title")}[key]


class FinalScene(Scene):
    is_overlay = True

    def __init__(self, app: App, session: GameSession, game_id: int | None = None,
                 record: Job[int | None] | None = None) -> None:
        super().__init__(app)
        self.session = session
        self._game_id = game_id         # its record (the coach keeps its review there)
        self.record = record            # or the job writing it (ne_game/ui/shell/background.py), read when done
        state = session.state
        self.scores = sorted(rules.final_scores(state), key=lambda r: (r["rank"], r["seat"]))
        self.winners = list(rules.winners(state))
        pos = rules.position(state)
        self.rs = state.rs
        by_seat = {r["seat"]: r for r in self.scores}
        # the engine counts figures and says who won which majority; the screen only shows it
        self.figures = [by_seat[seat]["figures"] for seat in range(pos.n)]
        self.majorities = [by_seat[seat]["majorities"] for seat in range(pos.n)]
        self.cards_count = [len(p.cards) for p in pos.players]
        self.left = (pos.bag_count, pos.deck_count)
        settings = app.settings
        self.style = Style(app.theme, bool(settings.colorblind))
        self.timeline = Timeline(self.scores, list(self.rs.figure_order))
        factor = float(settings.animation_factor)
        # animations off: the final table at once (the clock starts where the finale ends)
        self.t = 0.0 if factor > 0 else self.timeline.end
        self.speed = 1.0 / factor if factor > 0 else 1.0
        self._heard: set[str] = set()       # the finale's sounds already played
        # the celebration's confetti: the same for the same game (seeded by its scores)
        rng = random.Random(sum((i + 1) * r["total"] * 31 + r["money"] for i, r in enumerate(self.scores)))
        self._confetti = [(rng.random(), rng.uniform(-0.25, 0.1), rng.uniform(0.55, 1.0), rng.random() * 6.3,
                           rng.uniform(2.0, 6.0), rng.randrange(4)) for _ in range(CONFETTI)]
        self.hover: str | None = None
        self.keyed = False                 # the hover came from the keyboard or a pad: ring it
        # No press counts in the first moment (as the table after a turn passes): the click or
        # key that made the last move, or the next one already on its way, would otherwise skip
        # the whole finale before it was seen (playtest 4a saw only the final table). Its clock
        # is real seconds (the frames), not the animation setting's.
        self.grace = guard.HANDOVER * guard.SCALE
        self.age = 0.0
        w, h = app.screen_size
        self.size = (w, h)

    @property
    def ended_note(self) -> str:
        """Read at draw time, so a language switch applies at once."""
        lands, cards = self.left
        return fmt("The game ended at the offer: {lands} and {cards} were left. "
                   "Cards still in barns score nothing.",
                   lands=nfmt("{n} land tile", "{n} land tiles", lands),
                   cards=nfmt("{n} card", "{n} cards", cards))

    @property
    def majority_note(self) -> str:
        rs = self.rs
        majorities = join_list([fmt("most {figures} {vp} VP", figures=figure_name(f, 2), vp=rs.figures[f].majority_vp)
                          for f in rs.figure_order])
        return fmt("Majorities: {majorities}; everyone tied for most scores in full.", majorities=majorities)

    def seat_name(self, seat: int) -> str:
        seats: list[Seat] = getattr(self.session, "seats", [])
        if seat < len(seats):
            return seats[seat].name
        return fmt("Seat {number}", number=seat + 1)

    # ---- layout ------------------------------------------------------------------
    def _u(self) -> float:
        """Pixels per reference pixel: the window's size times the UI-scale setting, as far
        as the 900 x 560 panel still fits the window."""
        w, h = self.size
        base = min(w / 1280, h / 720)
        want = min(2.0, max(1.0, float(self.app.ui_scale_factor)))
        room = min(w * 0.97 / 900, h * 0.96 / 560) / base
        return base * max(1.0, min(want, room))

    def panel_rect(self) -> pygame.Rect:
        w, h = self.size
        u = self._u()
        r = pygame.Rect(0, 0, int(900 * u), int(560 * u))
        r.center = (w // 2, h // 2)
        return r

    def button_rects(self) -> dict[str, pygame.Rect]:
        u = self._u()
        p = self.panel_rect()
        bw, bh = int(164 * u), int(50 * u)
        gap = int(12 * u)
        y = p.bottom - bh - int(24 * u)
        x = p.centerx - (len(BUTTONS) * bw + (len(BUTTONS) - 1) * gap) // 2
        return {k: pygame.Rect(x + i * (bw + gap), y, bw, bh) for i, k in enumerate(BUTTONS)}

    def layout(self) -> dict[str, pygame.Rect]:
        return {"panel": self.panel_rect(), **self.button_rects()}

    def click_plan(self, what: str) -> list[tuple[str, tuple[int, int]]]:
        r = self.button_rects().get(what)
        return [("move", r.center), ("click", r.center)] if r else []

    # ---- events ------------------------------------------------------------------
    def process_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEMOTION:
            self.hover, self.keyed = None, False
            for k, r in self.button_rects().items():
                if r.collidepoint(event.pos):
                    self.hover = k
            return True
        press = event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN, pygame.CONTROLLERBUTTONDOWN) \
            and getattr(event, "key", None) != pygame.K_ESCAPE
        if press and self.age < self.grace:
            return True                       # too soon to be meant for this screen: taken, unused
        if press and not self.done:
            self.skip()                       # any press while it counts shows the final table
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for k, r in self.button_rects().items():
                if r.collidepoint(event.pos):
                    self._choose(k)
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_SPACE, pygame.K_RETURN):
            if self.keyed and self.hover is not None:
                self._choose(self.hover)       # keyboard or pad: the focused button
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP,
                                                          pygame.K_DOWN, pygame.K_TAB):
            keys = list(self.button_rects())
            step = -1 if event.key in (pygame.K_LEFT, pygame.K_UP) else 1
            i = keys.index(self.hover) if self.hover in keys and self.keyed else (-1 if step > 0 else 0)
            self.hover, self.keyed = keys[(i + step) % len(keys)], True
            return True
        return event.type in (pygame.MOUSEBUTTONUP, pygame.MOUSEWHEEL, pygame.KEYDOWN) and \
            getattr(event, "key", None) != pygame.K_ESCAPE

    def replay(self) -> Replay:
        """The game just played as a replay (made once, when first asked for)."""
        if getattr(self, "_replay", None) is None:
            from ne_game.history import Replay

            self._replay = Replay.from_save(self.session.to_save(), source="this game")
        return self._replay

    @property
    def game_id(self) -> int | None:
        """The game's id in the records once it is written (None before, or if it could not be)."""
        if self._game_id is None and self.record is not None and self.record.done:
            self._game_id = self.record.result
        return self._game_id

    def _choose(self, what: str) -> None:
        self.chosen = what
        try:
            if what in ("story", "replay"):
                self.app.push(what, replay=self.replay(), **({"start": 0} if what == "replay" else {}))
            elif what == "review":
                if self.record is not None and not self.record.done:
                    self.record.wait(2.0)     # the review is kept with the record: its id first
                self.app.push("coach", replay=self.replay(), save=self.session.to_save(), game_id=self.game_id)
            elif what == "play_again":
                from ne_game.game.session import GameSession
                from ne_game.ui.shell import flow

                new = GameSession.new(list(self.session.seats),
                                      variant=dict(getattr(self.session, "variant", {}) or {}))
                flow.start_session(self.app, new)
            else:
                self.app.go("title")
        except (ValueError, OSError, SaveError):   # the next screen could not start: say so
            log.exception("after the final scores: %s", what)
            self.app.toast(_("The next step could not start; the log file has the details."))

    @property
    def done(self) -> bool:
        """The whole finale has been shown (or skipped): the rows hold still."""
        return self.t >= self.timeline.end

    @property
    def crowned(self) -> bool:
        return self.t >= self.timeline.crown

    def skip(self) -> None:
        """To the final table at once (a click, a key, a pad's button): the winner is crowned
        (the fanfare still plays if it had not), the celebration is not made to wait for."""
        self.t = max(self.t, self.timeline.end)
        self._sounds(skipped=True)

    def on_enter(self) -> None:
        super().on_enter()
        self._sounds(skipped=self.done)

    def update(self, dt: float) -> None:
        self.age += dt
        if not self.done:
            self.t = min(self.timeline.end, self.t + dt * self.speed)
            self._sounds()

    def _sounds(self, skipped: bool = False) -> None:
        """Each source's sound as it starts counting, the fanfare at the crowning; a skip (or
        animations off) plays only the fanfare."""
        sound = getattr(self.app, "sound", None)
        if sound is None:
            return
        cues = [("fanfare", self.timeline.crown, 1.0)]
        if not skipped:
            cues += [(figure_cue(st.figure) if st.figure else "card", st.start, 0.7)
                     for st in self.timeline.steps if st.kind != "settle"]
        for name, at, gain in cues:
            key = f"{name}@{at:.3f}"
            if self.t >= at and key not in self._heard:
                self._heard.add(key)
                sound.cue(name, gain=gain)
        if skipped:   # what a skip jumped over is not played late
            self._heard.update(f"{figure_cue(st.figure) if st.figure else 'card'}@{st.start:.3f}"
                               for st in self.timeline.steps)

    def wake_in(self) -> float | None:
        """0.0 while the finale moves (and while presses are still refused: its clock is the
        frames); the scores then rest until a key or click."""
        return 0.0 if not self.done or self.age < self.grace else None

    def on_resize(self, size: tuple[int, int]) -> None:
        self.size = (size[0], size[1])
        # a theme or palette switch in Settings (opened over the scores) shows at once
        cb = bool(self.app.settings.colorblind)
        if self.app.theme is not self.style.theme or cb != self.style.colorblind:
            self.style = Style(self.app.theme, cb)

    # ---- drawing -----------------------------------------------------------------
    def _px(self, v: float) -> int:
        return max(1, int(v * self._u()))

    def draw(self, surface: pygame.Surface) -> None:
        if surface.get_size() != self.size:
            self.size = surface.get_size()
        st = self.style
        px = self._px
        dim = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        dim.fill(st.color("overlay_dim"))
        surface.blit(dim, (0, 0))
        p = self.panel_rect()
        alpha_rect(surface, st.color("shadow"), p.move(px(6), px(8)), px(14))
        pygame.draw.rect(surface, st.color("panel"), p, border_radius=px(14))
        pygame.draw.rect(surface, st.color("panel_border"), p, px(3), border_radius=px(14))

        header = pygame.Rect(p.x + px(3), p.y + px(3), p.width - px(6), px(122))
        if self.crowned:     # the winner's light, behind the title and the winner's line only
            since = self.t - self.timeline.crown
            celebration.sunburst(surface, st.color("accent"), (p.centerx, p.y + px(84)), px(260),
                                 since * 0.35, ease_out_cubic(min(1.0, since / 0.6)), clip=header)
        t = fit_text(st, _("Final scoring"), "title", px(46), st.color("text"), p.width - px(40))
        blit_center(surface, t, (p.centerx, p.y + px(40)))
        words = [t.get_rect(center=(p.centerx, p.y + px(40)))]
        if self.crowned:
            words += self._draw_winner_line(surface, p)
        else:
            self._draw_counting_line(surface, p)
            words.append(pygame.Rect(p.x + px(60), p.y + px(70), p.width - px(120), px(36)))
        top = p.y + px(130)
        row_h = px(68)           # a name and two lines under it (cards held; figures and majorities)
        counting = self._counting_column()
        for i, (name, fx, fw) in enumerate(self._columns()):
            if i == counting:    # the column being counted: lit, its heading in gold
                band = pygame.Rect(p.x + int(p.width * fx) - px(10), top - px(6), int(p.width * fw) + px(4),
                                   px(28) + row_h * len(self.scores))
                alpha_rect(surface, (*st.color("accent")[:3], 46), band, px(8))
            ht = fit_text(st, name, "bold", px(14), st.color("accent") if i == counting else st.color("text_dim"),
                          int(p.width * fw))
            surface.blit(ht, (p.x + int(p.width * fx), top))
        rows = [self.timeline.row(r["seat"], self.t) for r in self.scores]
        by_seat = {r["seat"]: r for r in self.scores}
        # the rows that move are drawn last, over the ones they pass
        for row in sorted(rows, key=lambda r: r.slot != round(r.slot)):
            y = top + px(28) + int(row.slot * row_h)
            if row.slot != round(row.slot):      # a row on the move is lifted: its shadow shows it
                alpha_rect(surface, st.color("shadow"), pygame.Rect(p.x + px(24), y + px(6), p.width - px(40),
                                                                     row_h - px(8)), px(8))
            self._draw_row(surface, p, by_seat[row.seat], row, pygame.Rect(p.x + px(20), y, p.width - px(40),
                                                                            row_h - px(8)))
        words.append(pygame.Rect(p.x, top - px(8), p.width, p.bottom - top + px(8)))
        brs = self.button_rects()
        y = min(brs.values(), key=lambda r: r.y).y - px(52)
        for note in (self.ended_note, self.majority_note):
            nt = fit_text(st, note, "body", px(13), st.color("text_dim"), p.width - px(60))
            blit_center(surface, nt, (p.centerx, y))
            y += nt.get_height() + px(4)
        for k, br in self.button_rects().items():
            label = button_label(k)
            bg = st.color("button_hover") if self.hover == k else st.color("button")
            pygame.draw.rect(surface, bg, br, border_radius=px(8))
            pygame.draw.rect(surface, st.color("button_border"), br, px(2), border_radius=px(8))
            _button_label(surface, st, label, br, px(18), px(12))
            if self.keyed and self.hover == k:
                draw_focus_ring(surface, br, self.app.theme, self._u())
        if not self.done:
            # the input of the device in use (a pad has buttons, not keys)
            skip = {"pad": _("Press any button to skip"), "keyboard": _("Press any key to skip")}.get(
                self.app.pads.last_device, _("Click or press any key to skip"))
            hint = fit_text(st, skip, "body", px(13), st.color("text_dim"), p.width // 4)
            surface.blit(hint, (p.right - hint.get_width() - px(18), p.y + px(12)))
            words.append(hint.get_rect(topleft=(p.right - hint.get_width() - px(18), p.y + px(12))))
        party = self.timeline.celebration(self.t)
        if party is not None:
            self._draw_confetti(surface, party, words)

    def _counting_column(self) -> int | None:
        """The column (an index of `_columns`) whose numbers are counting now: the cards' VP,
        then the majorities'; the totals while the ranking settles; none at rest."""
        step = self.timeline.step_at(self.t)
        if step is None:
            return None
        return {"cards": 1, "majority": 2, "settle": 3}.get(step.kind)

    @staticmethod
    def _columns() -> list[tuple[str, float, float]]:
        """(heading, x and width as fractions of the panel): what each number counts."""
        return [(_("Player"), 0.05, 0.44), (_("Card VP"), 0.50, 0.11), (_("Majority VP"), 0.62, 0.12),
                (_("Total VP"), 0.75, 0.11), (_("Shillings"), 0.87, 0.12)]

    def _draw_counting_line(self, surface: pygame.Surface, p: pygame.Rect) -> None:
        """Under the title while counting: which source is being counted."""
        st, px = self.style, self._px
        step = self.timeline.step_at(self.t)
        if step is None:
            return
        if step.kind == "cards":
            line = _("Counting the cards' VP")
        elif step.kind == "majority" and step.figure is not None:
            vp = self.rs.figures[step.figure].majority_vp
            line = fmt("Most {figures}: +{vp} VP", figures=figure_name(step.figure, 2), vp=vp)
        elif self._tie_text():
            line = _("Ties are broken by shillings")
        else:
            line = _("The final ranking")
        k = min(1.0, (self.t - step.start) / 0.3)
        text = fit_text(st, line, "heading", px(26), st.color("text"), p.width - px(120))
        text.set_alpha(int(255 * k))
        c = (p.centerx, p.y + px(88) - int(px(8) * (1 - ease_out_cubic(k))))
        blit_center(surface, text, c)
        if step.kind == "majority" and step.figure is not None:
            icon = pieces.figure(st, step.figure, px(34))
            icon.set_alpha(int(255 * k))
            blit_center(surface, icon, (c[0] - text.get_width() // 2 - px(26), c[1]))

    def _draw_winner_line(self, surface: pygame.Surface, p: pygame.Rect) -> list[pygame.Rect]:
        """The winner's name, popping in at the crowning between the winners' badges; returns
        where its words stand (the confetti keeps clear of them)."""
        st, px = self.style, self._px
        names = [self.seat_name(s) for s in self.winners]
        if len(names) == 1:
            win = fmt("{name} wins!", name=names[0])
        else:
            win = fmt("{names} and {last} share the win!", names=", ".join(names[:-1]), last=names[-1])
        # the line pops in at the crowning (a little overshoot), then holds still
        k = min(1.0, (self.t - self.timeline.crown) / 0.5)
        scale = max(0.3, ease_out_back(k))
        wt = fit_text(st, win, "heading", px(30), st.color("accent"), p.width - px(40))
        if scale != 1.0:
            wt = pygame.transform.smoothscale_by(wt, scale)
        centre = (p.centerx, p.y + px(84))
        blit_center(surface, wt, centre)
        out = [wt.get_rect(center=centre)]
        # the winners' badges either side of the line (one badge per side for a shared win)
        fams = [r["family"] for r in self.scores if r["seat"] in self.winners]
        size = int(px(40) * scale)
        if fams and size > 4:
            for side, fam in ((-1, fams[0]), (1, fams[-1])):
                b = badge(st, fam, size)
                at = (centre[0] + side * (out[0].width // 2 + px(34)), centre[1])
                blit_center(surface, b, at)
                out.append(b.get_rect(center=at))
        tie = self._tie_text()
        if tie:
            tt = fit_text(st, tie, "body", px(14), st.color("text_dim"), p.width - px(40))
            blit_center(surface, tt, (p.centerx, p.y + px(110)))
            out.append(tt.get_rect(center=(p.centerx, p.y + px(110))))
        return out

    def _draw_row(self, surface: pygame.Surface, p: pygame.Rect, r: ScoreRow, row: Row,
                  rect: pygame.Rect) -> None:
        st, px = self.style, self._px
        fam = r["family"]
        crowned = self.crowned
        is_win = r["seat"] in self.winners and crowned
        if is_win:
            # a golden glow that swells with the celebration and stays as a steady rim
            k = self.timeline.celebration(self.t)
            grow = px(4) + (int(px(6) * math.sin(math.pi * min(1.0, k * 2))) if k is not None else 0)
            alpha_rect(surface, (*st.color("accent")[:3], 110), rect.inflate(grow * 2, grow * 2), px(12))
        pygame.draw.rect(surface, st.color("panel_active") if is_win else st.color("panel_alt"), rect,
                         border_radius=px(8))
        pygame.draw.rect(surface, st.family(fam), rect, px(3) if is_win else px(1), border_radius=px(8))
        b = badge(st, fam, rect.height - px(12))
        surface.blit(b, (rect.x + px(8), rect.y + px(6)))
        crown_w = px(26) if is_win else 0
        nt = fit_text(st, self.seat_name(r["seat"]), "bold", px(19), st.color("text"),
                      int(p.width * 0.3) - b.get_width() - crown_w)
        surface.blit(nt, (rect.x + b.get_width() + px(16), rect.y + px(3)))
        if is_win:
            _crown(surface, st.color("accent"), st.color("text"),
                   crown_rect(rect, b.get_width(), nt.get_size(), px))
        f = self.figures[r["seat"]]
        won = self.majorities[r["seat"]]
        cards_line = nfmt("{n} card held", "{n} cards held", self.cards_count[r["seat"]])
        parts = []
        for fig in self.rs.figure_order:
            count = fmt("{n} {figures}", n=f[fig], figures=figure_name(fig, f[fig]))
            # "(most, +n)" once that majority has been counted
            parts.append(fmt("{count} (most, +{vp})", count=count, vp=won[fig]) if won.get(fig) and fig in row.won
                         else count)
        # two short lines (the cards, then the figures) fit Dutch and French words
        sub_x = rect.x + b.get_width() + px(16)
        sub_w = p.x + int(p.width * 0.50) - sub_x - px(6)
        sub_y = rect.y + px(3) + nt.get_height()
        for line in (cards_line, " · ".join(parts)):
            stt = fit_text(st, line, "body", px(12), st.color("text_dim"), sub_w)
            surface.blit(stt, (sub_x, sub_y))
            sub_y += stt.get_height()
        counting = self._counting_column()
        step = self.timeline.step_at(self.t)
        beat = 0.0     # 0..1..0 while the column's numbers count: they swell as they tick up
        if step is not None and step.kind != "settle" and step.start <= self.t < step.counted:
            beat = math.sin(math.pi * (self.t - step.start) / max(1e-6, step.counted - step.start))
        pulse = 0.0    # the winner's total swells once at the crowning
        if is_win and self.t - self.timeline.crown < 0.7:
            pulse = math.sin(math.pi * max(0.0, self.t - self.timeline.crown) / 0.7)
        for i, (val, fx, big) in enumerate(((row.cards_vp, 0.50, False), (row.majority_vp, 0.62, False),
                                            (row.total, 0.75, True), (r["money"], 0.87, False)), start=1):
            swell = 1.0
            if i == counting and (i != 2 or step is None or step.figure in row.won):
                swell += 0.22 * beat
            if big:
                swell += 0.4 * pulse
            lit = big or (i == counting and swell > 1.0)
            vt = st.text(str(val), "number", int(px(26 if big else 20) * swell),
                         st.color("accent") if lit else st.color("text"))
            surface.blit(vt, (p.x + int(p.width * fx), rect.centery - vt.get_height() // 2))
        cs = px(18)
        surface.blit(pieces.coin(st, cs), (p.x + int(p.width * 0.87) - cs - px(4), rect.centery - cs // 2))
        for fig in row.won:
            k = self.timeline.flourish(r["seat"], fig, self.t)
            if k is not None:
                self._draw_flourish(surface, fig, won[fig], k,
                                    (p.x + int(p.width * 0.62) + px(40), rect.centery))
        if crowned:
            rk = st.text(_ordinal(r["rank"]), "bold", px(14), st.color("text_dim"))
            surface.blit(rk, (rect.right - rk.get_width() - px(10), rect.y + px(4)))
            if sum(1 for o in self.scores if o["total"] == r["total"]) > 1:
                tb = st.text(_("tie: shillings"), "body", px(12), st.color("text_dim"))
                surface.blit(tb, (rect.right - tb.get_width() - px(10), rect.bottom - tb.get_height() - px(4)))

    def _draw_flourish(self, surface: pygame.Surface, fig: str, vp: int, k: float,
                       at: tuple[int, int]) -> None:
        celebration.flourish(surface, self.style, self._px, fig, vp, k, at)

    def _draw_confetti(self, surface: pygame.Surface, k: float, words: list[pygame.Rect]) -> None:
        """Over the whole screen, the panel's empty corners too, but never over its words
        (playtest 2: over "3 barns")."""
        st = self.style
        fams = [st.family(self.scores[0]["family"])] if len(self.winners) == 1 else \
            [st.family(r["family"]) for r in self.scores if r["seat"] in self.winners]
        celebration.confetti(surface, [*fams, st.color("accent"), pygame.Color(255, 250, 235)], self._confetti, k,
                             keep_clear=words)

    def _tie_text(self) -> str:
        if len(self.scores) < 2:
            return ""
        best = self.scores[0]["total"]
        tied = [r for r in self.scores if r["total"] == best]
        if len(tied) < 2:
            return ""
        if len(self.winners) == 1:
            return fmt("Tied on {vp} VP: the tie is broken by shillings ({money} against {others}).",
                       vp=best, money=self.scores[0]['money'],
                       others=", ".join(str(r['money']) for r in tied[1:]))
        return fmt("Tied on {vp} VP and on shillings: the win is shared.", vp=best)


def _button_label(surface: pygame.Surface, st: Style, label: str, rect: pygame.Rect, size: int, margin: int) -> None:
    """A button's words on one line, or on two at a smaller size when one line would have to
    shrink too far (five buttons share the panel, and Dutch and French words run long)."""
    room = rect.width - margin
    font = st.font("bold", size)
    if font.size(label)[0] <= room or " " not in label:
        blit_center(surface, fit_text(st, label, "bold", size, st.color("button_text"), room), rect.center)
        return
    # two lines at the size of its neighbours where they fit ("Analyser ma partie" is no
    # smaller than "Rejouer"); a smaller size only when even two lines would not
    lines = wrap(st, label, "bold", size, room)
    if len(lines) == 2 and 2 * font.get_linesize() <= rect.height:
        lh = font.get_linesize()
        y = rect.centery - lh + lh // 2
        for line in lines:
            blit_center(surface, st.text(line, "bold", size, st.color("button_text")), (rect.centerx, y))
            y += lh
        return
    small = max(6, int(size * 0.8))
    lines = wrap(st, label, "bold", small, room)
    if len(lines) > 2:
        lines = [lines[0], " ".join(lines[1:])]
    lh = st.font("bold", small).get_linesize()
    y = rect.centery - lh * len(lines) // 2 + lh // 2
    for line in lines:
        blit_center(surface, fit_text(st, line, "bold", small, st.color("button_text"), room), (rect.centerx, y))
        y += lh


def crown_rect(row: pygame.Rect, badge_w: int, name: tuple[int, int], px: Callable[[float], int]) -> pygame.Rect:
    """The winner's crown: beside the name, inside the row, whole at every size (over the
    badge it stood out of the row and the first row's rim cut it)."""
    cr = pygame.Rect(0, 0, px(22), px(16))
    cr.midleft = (row.x + badge_w + px(16) + name[0] + px(6), row.y + px(3) + name[1] // 2)
    return cr


def _crown(surface: pygame.Surface, fill: pygame.Color, edge: pygame.Color, r: pygame.Rect) -> None:
    """A small crown over the winner's badge (besides the words "wins!"): three points and a band."""
    pts = [(r.left, r.bottom), (r.left, r.top + r.height * 0.25), (r.left + r.width * 0.27, r.top + r.height * 0.6),
           (r.centerx, r.top), (r.right - r.width * 0.27, r.top + r.height * 0.6), (r.right, r.top + r.height * 0.25),
           (r.right, r.bottom)]
    pygame.draw.polygon(surface, fill, pts)
    pygame.draw.polygon(surface, edge, pts, max(1, r.height // 10))


def _ordinal(n: int) -> str:
    """A rank on the score sheet: 1st, 2nd... (one message per rank: 1er/1re, 1e...)."""
    return {1: pgettext("rank", "1st"), 2: pgettext("rank", "2nd"), 3: pgettext("rank", "3rd"),
            4: pgettext("rank", "4th")}.get(n, fmt("#{n}", n=n))
