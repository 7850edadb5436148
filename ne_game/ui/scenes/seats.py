"""Who plays each seat, changed during a game (the pause menu's "Who plays"): a person who must
leave hands their seat to a computer, a friend who arrives takes a computer's seat, or the
computers finish a game nobody wants to finish. Each press moves a seat on to the next kind
(a person, then each computer level the menus offer, then a person again); the table reads the
seats again when it is back on top, and a computer plays its next move from there.

The rules do not know who plays a seat: only the session's seats change, and the save and the
records carry the kinds as they are at the time.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui

from ne_game.ai.levels import menu_levels
from ne_game.game.session import GameSession, Seat
from ne_game.i18n import _, fmt
from ne_game.ui.look.widgets import MenuFocus, draw_heading_rule, family_name, wrap_words
from ne_game.ui.shell.overlay import PanelOverlay
from ne_game.ui.text.words import level_name

if TYPE_CHECKING:  # pragma: no cover
    from ne_game.ui.shell.app import App

DONE = "done"


def next_kind(seat: Seat) -> tuple[str, bool]:
    """The seat's kind (and phone flag) after one press: a person at the TV or on a phone, then
    each computer level easiest first, then a person at the TV again."""
    order = ("human", *menu_levels())
    if seat.kind not in order:            # a level a save may hold but the menus do not offer
        return "human", False
    return order[(order.index(seat.kind) + 1) % len(order)], False


def seat_words(seat: Seat) -> str:
    """A seat's button: its name, family and who plays it now."""
    name, family = seat.name, family_name(seat.family)
    if seat.kind != "human":
        return fmt("{name} ({family}): computer ({level})", name=name, family=family,
                   level=level_name(seat.kind))
    if seat.phone:
        return fmt("{name} ({family}): a person, on a phone", name=name, family=family)
    return fmt("{name} ({family}): a person, here", name=name, family=family)


class SeatsScene(PanelOverlay):
    # a seat's button for each of up to the ruleset's seats, the title, the note and Done
    ref_content = (520, 560)

    def __init__(self, app: App, session: GameSession) -> None:
        super().__init__(app)
        self.session = session
        self.buttons: dict[str, pygame_gui.elements.UIButton] = {}
        self.rule_at: tuple[int, int, int] | None = None
        self.focus = MenuFocus()
        self.build()

    def build(self, min_button_w: int = 0) -> None:
        self.reset_ui_manager()
        app, mgr = self.app, self.ui_manager
        bh, gap = self.px("button_height"), self.px("gap")
        bold = app.theme.font("bold", self.px("font_body"))
        labels = [(str(i), seat_words(s)) for i, s in enumerate(self.session.seats)] + [(DONE, _("Done"))]
        note_text = _("Press a seat to change who plays it. A computer plays from its next move.")
        pad = self.px("panel_padding") * 2
        head = self.px("font_heading", 1.7)
        margin = self.px("margin")
        bw = min(max(self.px("button_width"), max(bold.size(t)[0] for _k, t in labels) + gap * 4, min_button_w),
                 app.screen_size[0] - 2 * margin - pad * 2)
        width = bw + pad * 2
        small = self.px("font_small")
        note_lines = wrap_words(app.theme, "body", small, note_text, bw, max_lines=3)
        line_h = self.px("font_small", 1.5)          # the @dim label's own height, as the pause menu's note
        note = line_h * len(note_lines) + 2 * gap
        h = pad * 2 + head + note + len(labels) * (bh + gap) + gap
        self.panel_rect = pygame.Rect(0, 0, width, h)
        self.panel_rect.center = (app.screen_size[0] // 2, app.screen_size[1] // 2)
        top = self.panel_rect.y + pad // 2
        pygame_gui.elements.UILabel(pygame.Rect(self.panel_rect.x, top, width, head), _("Who plays"), mgr,
                                    object_id=pygame_gui.core.ObjectID(class_id="@heading"))
        self.rule_at = (self.panel_rect.centerx, top + head - gap // 2, min(width // 2, self.px("button_width", 0.8)))
        for i, line in enumerate(note_lines):
            pygame_gui.elements.UILabel(pygame.Rect(self.panel_rect.x, top + head + gap + i * line_h, width, line_h),
                                        line, mgr, object_id=pygame_gui.core.ObjectID(class_id="@dim"))
        y = top + head + note + gap
        self.buttons = {}
        for key, text in labels:
            if key == DONE:
                y += gap
            self.buttons[key] = pygame_gui.elements.UIButton(
                pygame.Rect(self.panel_rect.centerx - bw // 2, y, bw, bh), text, mgr)
            y += bh + gap
        self.focus.set_buttons(list(self.buttons.values()), show=self.app.pads.last_device != "mouse")
        # the buttons' own font decides (as in the pause menu): a label wider than its button
        # widens them all, once
        need = max((b.font.size(b.text)[0] if b.font is not None else 0) for b in self.buttons.values()) + gap * 3
        if need > bw and not min_button_w:
            self.build(need)

    def on_resize(self, size: tuple[int, int]) -> None:
        self.build()

    def process_event(self, event: pygame.event.Event) -> bool:
        choice = self.focus.chosen(event, self.buttons)
        if isinstance(choice, str):
            self.activate(choice)
            return True
        if event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.activate(DONE)
        return True  # modal

    def activate(self, key: str) -> None:
        if key == DONE:
            self.app.pop()
            return
        seat = self.session.seats[int(key)]
        seat.kind, seat.phone = next_kind(seat)
        index = self.focus.index
        self.build()
        self.focus.index = index          # the ring stays on the seat just changed
        self.app.request_frame()

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        if self.rule_at is not None:
            x, y, w = self.rule_at
            draw_heading_rule(surface, (x, y), w, self.app.theme, self.gui_scale())

    def draw_after_ui(self, surface: pygame.Surface) -> None:
        self.focus.draw(surface, self.app.theme, self.gui_scale())

    def layout(self) -> dict[str, object]:
        return {"panel": self.panel_rect.copy(), **{f"button_{k}": b.rect.copy() for k, b in self.buttons.items()}}
