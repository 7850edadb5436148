"""The draw for the start player: a marker hops from family to family and slows down
onto the seat the engine chose (`to_json(state)["start_player"]`; the UI decides nothing).

A click or a key during the spin jumps to the result; only a later click/key goes to the
table (the result waits for it: a game that began by itself took the click meant for this
box as a move on the board). With animations off it lands at once.
"""
from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from ne_game.game.session import GameSession
from ne_game.i18n import _, fmt
from ne_game.ui.look.widgets import dim, draw_badge, draw_heading_rule, draw_panel, family_name, fit_render
from ne_game.ui.scenes.table.controls import guard
from ne_game.ui.shell import flow
from ne_game.ui.shell.scene_base import Scene

if TYPE_CHECKING:  # pragma: no cover
    from ne_game.ui.shell.app import App

SPIN_SECONDS = 2.4      # nominal; scaled by the animation setting
SHOWN_SECONDS = 0.4     # after a press skipped the spin, the result shows this long before a press begins
LAPS = 3


class WhoStartsScene(Scene):
    is_overlay = True
    ref_content = (900, 420)

    def __init__(self, app: App, session: GameSession) -> None:
        super().__init__(app)
        self.session = session
        self.start_seat: int = int(session.snapshot()["start_player"])
        self.n = len(session.seats)
        self.hops = LAPS * self.n + self.start_seat     # the marker starts on seat 0
        self.duration: float = SPIN_SECONDS * app.settings.animation_factor
        self.t = 0.0
        self.linger = 0.0
        self.done = False
        self.skipped = False     # a press jumped to the result: the next press must be a new one
        self.panel_rect = pygame.Rect(0, 0, 0, 0)
        self.slots: list[pygame.Rect] = []
        self.layout_rects()

    @property
    def landed(self) -> bool:
        return self.t >= self.duration

    def position(self) -> float:
        """Marker position in seats (can exceed n; taken mod n): an ease-out over the spin."""
        if self.duration <= 0 or self.landed:
            return float(self.hops)
        x = self.t / self.duration
        return self.hops * (1 - (1 - x) ** 3)

    def current_seat(self) -> int:
        return int(math.floor(self.position() + 1e-9)) % self.n

    def layout_rects(self) -> None:
        W, H = self.app.screen_size
        slot = self.px("badge_size", 2.4)
        gap = self.px("gap") * 3
        pad = self.px("panel_padding") * 2
        w = self.n * slot + (self.n - 1) * gap + pad * 2
        w = max(w, self.px("dialog_width"))
        # (four lines under the badges: the names, who starts, the start tiles' order, the hint)
        h = pad * 2 + self.px("font_heading", 1.6) + self.px("badge_size", 0.5) + slot + self.px("font_body", 1.6) * 4 \
            + self.px("gap") * 2
        self.panel_rect = pygame.Rect(0, 0, w, h)
        self.panel_rect.center = (W // 2, H // 2)
        x = self.panel_rect.centerx - (self.n * slot + (self.n - 1) * gap) // 2
        # (a gap more below the title's ornament, for the start player marker riding above)
        y = self.panel_rect.y + pad + self.px("font_heading", 1.6) + self.px("badge_size", 0.5) + self.px("gap")
        self.slots = [pygame.Rect(x + i * (slot + gap), y, slot, slot) for i in range(self.n)]

    def on_resize(self, size: tuple[int, int]) -> None:
        self.layout_rects()

    def update(self, dt: float) -> None:
        if not self.landed:
            self.t = min(self.duration, self.t + dt)
            return
        self.linger += dt

    def wake_in(self) -> float | None:
        """The draw animates, then its result pulses until a press begins: frames all along
        (done: at rest)."""
        return None if self.done else 0.0

    def skip(self) -> None:
        """A press: during the spin it shows the result; on the result it begins the game, but
        not the second press of the same double click (the result is seen first)."""
        if not self.landed:
            self.t = self.duration
            self.skipped = True
            self.linger = 0.0
        elif not self.skipped or self.linger >= SHOWN_SECONDS * guard.SCALE:
            self.begin()

    def begin(self) -> None:
        if not self.done:
            self.done = True
            flow.start_session(self.app, self.session)

    def process_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.skip()
        elif event.type == pygame.KEYDOWN:
            self.skip()
        return True

    def draw(self, surface: pygame.Surface) -> None:
        app, theme = self.app, self.app.theme
        dim(surface, theme)
        draw_panel(surface, self.panel_rect, theme, self.gui_scale())
        inner = self.panel_rect.w - 2 * self.px("panel_padding")
        title = _("Who starts?") if not self.landed else _("The start player is")
        img = fit_render(theme, "heading", self.px("font_heading"), title, theme.color("title_text"), inner)
        surface.blit(img, img.get_rect(midtop=(self.panel_rect.centerx, self.panel_rect.y + self.px("panel_padding"))))
        draw_heading_rule(surface, (self.panel_rect.centerx, self.panel_rect.y + self.px("panel_padding")
                                    + img.get_height() + self.px("gap") // 2),
                          min(inner // 2, self.px("button_width", 0.8)), theme, self.gui_scale())
        cur = self.current_seat()
        cb = app.settings.colorblind
        for i, rect in enumerate(self.slots):
            seat = self.session.seats[i]
            lit = i == cur
            radius = int(rect.w * (0.42 if lit else 0.32))
            draw_badge(surface, rect.center, radius, theme, seat.family, cb, ring="gold" if lit else None)
            col = theme.color("text_on_dark" if lit else "text_dim_on_dark")
            label = fit_render(theme, "body", self.px("font_body"), seat.name, col,
                               max(rect.w * 2, self.panel_rect.w // max(1, len(self.slots)) - self.px("gap")))
            surface.blit(label, label.get_rect(midtop=(rect.centerx, rect.bottom + self.px("gap"))))
        if not self.landed:
            hint = fit_render(theme, "body", self.px("font_body"), _("Drawing lots…"),
                              theme.color("text_dim_on_dark"), inner)
            y = self.slots[0].bottom + self.px("font_body", 2.2)
            surface.blit(hint, hint.get_rect(midtop=(self.panel_rect.centerx, y)))
        else:
            seat = self.session.seats[self.start_seat]
            pulse = 0.5 + 0.5 * math.sin(self.linger * 6)
            text = fmt("{name} ({family}) starts!", name=seat.name, family=family_name(seat.family))
            img = fit_render(theme, "bold", self.px("font_heading", 0.9), text,
                             theme.color("gold").lerp(theme.color("title_text"), pulse * 0.5), inner)
            y = self.slots[0].bottom + self.px("font_body", 1.8) + self.px("gap")
            surface.blit(img, img.get_rect(midtop=(self.panel_rect.centerx, y)))
            first = self.session.current_seat           # who places the first start tile
            if first is not None and first != self.start_seat:
                # playtest 10a: "X starts!" and then another's turn looked like a mistake
                note = fmt("The start tiles go the other way round: {first} places first, {name} last.",
                           first=self.session.seats[first].name, name=seat.name)
                words = fit_render(theme, "body", self.px("font_small"), note,
                                   theme.color("text_on_dark"), inner)
                surface.blit(words, words.get_rect(midtop=(self.panel_rect.centerx,
                                                           y + img.get_height() + self.px("gap") // 2)))
            hint = fit_render(theme, "body", self.px("font_small"), _("Click or press a key to begin"),
                              theme.color("text_dim_on_dark"), inner)
            surface.blit(hint, hint.get_rect(midbottom=(self.panel_rect.centerx,
                                                        self.panel_rect.bottom - self.px("panel_padding"))))
        # The marker glides from family to family (and hops back to the first after the last).
        pos = self.position()
        i = int(math.floor(pos + 1e-9)) % self.n
        frac = pos - math.floor(pos + 1e-9)
        a = self.slots[i]
        if i == self.n - 1:
            mx = a.centerx
        else:
            b = self.slots[(i + 1) % self.n]
            mx = int(a.centerx + (b.centerx - a.centerx) * (frac * frac * (3 - 2 * frac)))
        s = self.px("badge_size")
        lift = int(s * 0.25 * math.sin(math.pi * frac)) if not self.landed else 0
        my = a.y - int(s * 0.9) - lift
        if theme.has_sprite("start_player_marker"):
            surface.blit(theme.sprite("start_player_marker", (s, s)), (mx - s // 2, my))
        else:
            pygame.draw.circle(surface, theme.color("gold"), (mx, my + s // 2), s // 3)

    def layout(self) -> dict[str, object]:
        return {"panel": self.panel_rect.copy(), "slots": [r.copy() for r in self.slots],
                "start_seat": self.start_seat}
