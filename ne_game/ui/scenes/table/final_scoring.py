"""FinalScene: the final scores counted up, the winner, the tie-break, and what next.

Pushed over the table when the game ends (the board stays visible, dimmed).
All numbers come from `rules.final_scores` / `rules.winners`; the order in which they are
counted and the rows move is motion/finale.py's Timeline. A click, a key or a pad's button
skips to the end (but not in its first half second: the press that ended the game, or the next
one already on its way, must not skip the finale unseen); with animations off the final table
shows at once. "Show the map" (the Hint's key or pad button) hides the score sheet so that the
finished map can be looked at (playtest 10e: the finale hid all of it); any press brings the
scores back.
"""
from __future__ import annotations

import logging
import random
from typing import TYPE_CHECKING

import pygame

from ne_game import rules
from ne_game.audio.cues import figure_cue
from ne_game.i18n import _, fmt, join_list, nfmt, pgettext
from ne_game.storage.saves import SaveError
from ne_game.ui.look import glyphs
from ne_game.ui.look.widgets import draw_focus_ring
from ne_game.ui.scenes.table.controls import guard
from ne_game.ui.scenes.table.draw import celebration, finale_face
from ne_game.ui.scenes.table.draw.gfx import Style, alpha_rect, blit_center, fit_text, wrap
from ne_game.ui.scenes.table.motion.finale import Row, Timeline
from ne_game.ui.scenes.table.motion.tweens import ease_out_cubic
from ne_game.ui.shell import input_map as im
from ne_game.ui.shell.scene_base import Scene
from ne_game.ui.text.words import figure_name

if TYPE_CHECKING:  # pragma: no cover
    from ne_game.game.session import GameSession, Seat
    from ne_game.history import Replay
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
        self.map_shown = False             # the score sheet hidden: the finished map in sight
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

    @property
    def buttons(self) -> tuple[str, ...]:
        """The buttons offered, left to right: "Review my game" (the coach on a person's
        decisions) only where a seat was a person's (playtest 11a: offered after a game of
        computers only, where there is no one's game to review)."""
        seats: list[Seat] = getattr(self.session, "seats", [])
        person = any(seat.is_human for seat in seats)
        return tuple(k for k in BUTTONS if k != "review" or person)

    def button_rects(self) -> dict[str, pygame.Rect]:
        u = self._u()
        p = self.panel_rect()
        bw, bh = int(164 * u), int(50 * u)
        gap = int(12 * u)
        y = p.bottom - bh - int(24 * u)
        keys = self.buttons
        x = p.centerx - (len(keys) * bw + (len(keys) - 1) * gap) // 2
        return {k: pygame.Rect(x + i * (bw + gap), y, bw, bh) for i, k in enumerate(keys)}

    def map_rect(self) -> pygame.Rect:
        """"Show the map": in the sheet's top left corner, clear of its title (the skip's words
        stand in the right one while the scores count; the button shows once they are counted)."""
        u = self._u()
        p = self.panel_rect()
        return pygame.Rect(p.x + int(18 * u), p.y + int(16 * u), int(190 * u), int(40 * u))

    def focusable(self) -> dict[str, pygame.Rect]:
        """What a click, the keyboard and a pad may choose, in the keys' order: the map's button
        (once the scores are counted), then the buttons under the scores."""
        return ({"map": self.map_rect()} if self.done else {}) | self.button_rects()

    def layout(self) -> dict[str, pygame.Rect]:
        return {"panel": self.panel_rect(), **self.focusable()}

    def click_plan(self, what: str) -> list[tuple[str, tuple[int, int]]]:
        r = self.focusable().get(what)
        return [("move", r.center), ("click", r.center)] if r else []

    def map_key(self) -> str:
        """The key or pad button that shows the map, as the device in use names it ("" for the
        mouse: the button says it). It is the Hint's (H, a pad's X; as the player bound it):
        the finale has no hint to give, and M is the mute key on every screen."""
        device = self.app.pads.last_device
        if device not in ("pad", "keyboard"):
            return ""
        return next(iter(glyphs.labels_for(im.HINT, device, self.app.pads.layout)), "")

    @staticmethod
    def _is_map_key(event: pygame.event.Event) -> bool:
        """The Hint's key, or a pad's Hint button (it reaches the scenes as that key)."""
        return event.type == pygame.KEYDOWN and any(c.name == im.HINT for c in im.commands(event))

    # ---- events ------------------------------------------------------------------
    def process_event(self, event: pygame.event.Event) -> bool:
        if self.map_shown:
            # looking at the map: any press (Escape too) brings the scores back, and only that
            if event.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN, pygame.CONTROLLERBUTTONDOWN):
                self.map_shown = False
            return event.type != pygame.MOUSEMOTION
        if event.type == pygame.MOUSEMOTION:
            self.hover, self.keyed = None, False
            for k, r in self.focusable().items():
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
            for k, r in self.focusable().items():
                if r.collidepoint(event.pos):
                    self._choose(k)
            return True
        if self._is_map_key(event):
            self._choose("map")
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_SPACE, pygame.K_RETURN):
            if self.keyed and self.hover is not None:
                self._choose(self.hover)       # keyboard or pad: the focused button
            return True
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP,
                                                          pygame.K_DOWN, pygame.K_TAB):
            keys = list(self.focusable())
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
        if what == "map":
            self.map_shown = True
            return
        if what not in self.buttons:
            return              # not offered here (a review in a game of computers only)
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
        if self.map_shown:
            self._draw_map_note(surface)
            return
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
        facts, moment = self._facts(), self._moment()
        if self.crowned:
            words += finale_face.draw_winner_line(surface, p, facts, moment)
        else:
            finale_face.draw_counting_line(surface, p, facts, moment)
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
        # a row that rises passes over the rows it overtakes, lifted (its shadow shows it); a row
        # that falls passes under them, drawn a little narrower as if further off (playtest 18a:
        # two rows crossing at one size overlapped "each other's numbers")
        before = {r.seat: r.slot for r in (self.timeline.row(r["seat"], max(0.0, self.t - 0.02))
                                           for r in self.scores)}

        def depth(r: Row) -> int:
            return 0 if r.slot > before[r.seat] else 2 if r.slot < before[r.seat] else 1
        for row in sorted(rows, key=depth):
            y = top + px(28) + int(row.slot * row_h)
            box = pygame.Rect(p.x + px(20), y, p.width - px(40), row_h - px(8))
            if depth(row) == 2:
                alpha_rect(surface, st.color("shadow"), box.move(px(4), px(6)), px(8))
            elif depth(row) == 0:
                box = box.inflate(-px(24), -px(6))
            finale_face.draw_row(surface, p, by_seat[row.seat], row, box, facts, moment)
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
        if self.done:
            self._draw_map_button(surface)
        if not self.done:
            # the input of the device in use (a pad has buttons, not keys)
            skip = {"pad": _("Press any button to skip"), "keyboard": _("Press any key to skip")}.get(
                self.app.pads.last_device, _("Click or press any key to skip"))
            hint = fit_text(st, skip, "body", px(13), st.color("text_dim"), p.width // 4)
            surface.blit(hint, (p.right - hint.get_width() - px(18), p.y + px(12)))
            words.append(hint.get_rect(topleft=(p.right - hint.get_width() - px(18), p.y + px(12))))
        party = self.timeline.celebration(self.t)
        if party is not None:
            finale_face.draw_confetti(surface, party, words, facts, moment, self._confetti)

    def _draw_map_button(self, surface: pygame.Surface) -> None:
        """"Show the map", with the key or pad button that does it where one is in use."""
        st, px = self.style, self._px
        r = self.map_rect()
        pygame.draw.rect(surface, st.color("button_hover") if self.hover == "map" else st.color("button"), r,
                         border_radius=px(8))
        pygame.draw.rect(surface, st.color("button_border"), r, px(2), border_radius=px(8))
        key = self.map_key()
        x = r.x + px(8)
        if key:
            x += glyphs.draw_glyph(surface, key, self.app.pads.last_device == "pad", x, r.centery, px(26),
                                   self.app.theme) + px(6)
        t = fit_text(st, _("Show the map"), "bold", px(16), st.color("button_text"), r.right - px(8) - x)
        surface.blit(t, t.get_rect(midleft=(x, r.centery)) if key else t.get_rect(center=r.center))
        if self.keyed and self.hover == "map":
            draw_focus_ring(surface, r, self.app.theme, self._u())

    def _draw_map_note(self, surface: pygame.Surface) -> None:
        """The map in sight: one line at the foot of the window says how the scores come back,
        in the input of the device in use; nothing else covers the map."""
        st, px = self.style, self._px
        words = {"pad": _("The final map. Press any button to show the scores again."),
                 "keyboard": _("The final map. Press any key to show the scores again.")}.get(
            self.app.pads.last_device, _("The final map. Click or press any key to show the scores again."))
        w, h = surface.get_size()
        t = fit_text(st, words, "bold", px(16), st.color("text_on_dark"), int(w * 0.9))
        box = t.get_rect(midbottom=(w // 2, h - px(10))).inflate(px(28), px(14))
        alpha_rect(surface, st.color("panel_dark"), box, px(8))
        pygame.draw.rect(surface, st.color("gold"), box, px(2), border_radius=px(8))
        blit_center(surface, t, box.center)

    def _counting_column(self) -> int | None:
        return finale_face.counting_column(self._moment())

    @staticmethod
    def _columns() -> list[tuple[str, float, float]]:
        return finale_face.columns()

    def _moment(self) -> finale_face.Moment:
        return finale_face.Moment(self.style, self._px, self.timeline, self.t)

    def _facts(self) -> finale_face.FinaleFacts:
        """Names read at draw time, so a language switch applies at once."""
        return finale_face.FinaleFacts(self.scores, self.winners, self.figures, self.majorities, self.cards_count,
                                       self.rs, [self.seat_name(s) for s in range(len(self.figures))])


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
