"""The hand-over curtain of a hot-seat game: "Howland's turn: pass the controls".

When the turn passes from one person to another at the same screen, the next seat's barn
would show face up the instant the turn passes, while the previous player still looks at
the screen. The curtain hides the whole table until the next player says they are ready:
a click, Enter or the pad's A. It takes no press in the first moment after it appears, so
the second click of a double click on End turn does not lift it. Settings → "Hand-over
between players" turns it off for groups who do not mind.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ne_game.game.session import GameSession
from ne_game.i18n import _, fmt
from ne_game.ui.look.widgets import background, blit_wrapped, draw_badge, draw_panel, family_name, fit_render
from ne_game.ui.scenes.table.controls import guard
from ne_game.ui.shell import input_map as im
from ne_game.ui.shell.scene_base import Scene

if TYPE_CHECKING:  # pragma: no cover
    from ne_game.ui.shell.app import App


def ready_words(device: str) -> str:
    """What to press, for the device used last."""
    if device == "pad":
        return _("Press A when you are ready.")
    if device == "keyboard":
        return _("Press Enter when you are ready.")
    return _("Click when you are ready.")


class HandoverScene(Scene):
    is_overlay = True      # drawn over the table, which it hides completely
    ref_content = (900, 420)

    def __init__(self, app: App, session: GameSession, seat: int, grace: float | None = None) -> None:
        super().__init__(app)
        self.session = session
        self.seat = seat
        # no press in the first moment: the second click of the double click that ended the
        # previous turn must not lift the curtain
        self.grace = guard.HANDOVER * guard.SCALE if grace is None else grace
        self.t = 0.0
        self.panel_rect = pygame.Rect(0, 0, 0, 0)
        self.layout_rects()

    @property
    def name(self) -> str:
        return self.session.seats[self.seat].name

    def layout_rects(self) -> None:
        w, h = self.app.screen_size
        pw = min(w - 2 * self.px("margin"), max(self.px("dialog_width"), w // 2))
        ph = min(h - 2 * self.px("margin"), self.px("badge_size", 2.4) + self.px("font_heading", 5.5))
        self.panel_rect = pygame.Rect(0, 0, pw, ph)
        self.panel_rect.center = (w // 2, h // 2)

    def on_resize(self, size: tuple[int, int]) -> None:
        self.layout_rects()

    def update(self, dt: float) -> None:
        self.t += dt

    def wake_in(self) -> float | None:
        """0.0 until the grace is over (its clock is the frames: a press must be taken after
        it); then the curtain rests until the person is ready."""
        return 0.0 if self.t < self.grace else None

    def ready(self) -> None:
        if self.t >= self.grace and self.app.top is self:
            self.app.pop()

    def process_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.ready()
        elif event.type == pygame.KEYDOWN:
            cmds = im.commands(event)
            name = cmds[0].name if cmds else ""
            if name == im.CANCEL:
                self.app.push("pause", session=self.session)
            elif name in (im.CONFIRM, im.SKIP, im.END_TURN):
                self.ready()
        return True        # nothing reaches the table while the curtain is down

    def draw(self, surface: pygame.Surface) -> None:
        app, theme = self.app, self.app.theme
        seat = self.session.seats[self.seat]
        surface.blit(background(theme, app.screen_size), (0, 0))   # no board-like picture
        draw_panel(surface, self.panel_rect, theme, self.gui_scale())
        inner = self.panel_rect.w - 2 * self.px("panel_padding")
        cx = self.panel_rect.centerx
        y = self.panel_rect.y + self.px("panel_padding")
        r = self.px("badge_size")
        y += self.px("gap")
        draw_badge(surface, (cx, y + r), r, theme, seat.family, app.settings.colorblind, ring="gold")
        y += 2 * r + self.px("gap")
        title = fmt("{name}, it is your turn", name=seat.name)
        img = fit_render(theme, "heading", self.px("font_heading"), title, theme.color("title_text"), inner)
        surface.blit(img, img.get_rect(midtop=(cx, y)))
        y += img.get_height() + self.px("gap")
        sub = fmt("Family {family}. Pass the controls: your barn stays hidden until you are ready.",
                  family=family_name(seat.family))
        blit_wrapped(surface, theme, "body", self.px("font_body"), sub, theme.color("text_on_dark"),
                     pygame.Rect(self.panel_rect.x + self.px("panel_padding"), y, inner, self.px("font_body", 3)),
                     center=True, max_lines=2)
        if self.t >= self.grace:
            hint = ready_words(app.pads.last_device)
            img = fit_render(theme, "bold", self.px("font_body"), hint, theme.color("gold"), inner)
            surface.blit(img, img.get_rect(midbottom=(cx, self.panel_rect.bottom - self.px("panel_padding"))))

    def layout(self) -> dict[str, object]:
        return {"panel": self.panel_rect.copy(), "seat": self.seat}
