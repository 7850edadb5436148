"""Who plays each seat, changed during a game (the pause menu's "Who plays"): a person who must
leave hands their seat to a computer, a friend who arrives takes a computer's seat, or the
computers finish a game nobody wants to finish. Each seat is a row of choices (a person, then each
computer level the menus offer), the current one marked as in the setup; the table reads the seats
again when it is back on top, and a computer plays its next move from there.

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
from ne_game.ui.look.widgets import Segmented, family_name, wrap_words
from ne_game.ui.shell.overlay import MenuPanel
from ne_game.ui.text.words import level_name

if TYPE_CHECKING:  # pragma: no cover
    from ne_game.ui.shell.app import App

DONE = "done"


def choices() -> tuple[str, ...]:
    """Who may take a seat during a game: a person, or a level the menus offer, easiest first."""
    return ("human", *menu_levels())


def choose(seat: Seat, kind: str) -> None:
    """The seat is played by `kind` from now on; a person's phone keeps its seat only while the
    seat stays a person's (a seat given to a computer and back is played here)."""
    if kind != seat.kind:
        seat.kind, seat.phone = kind, False


def choice_words(seat: Seat, kind: str) -> str:
    """An option's words: a person (on a phone, where the seat is a phone's), or the level."""
    if kind == "human" and seat.kind == "human" and seat.phone:
        return _("On a phone")
    return level_name(kind)


class SeatsScene(MenuPanel):
    escape_key = DONE
    # a row of choices for each of up to the ruleset's seats, the title, the note and Done
    ref_content = (760, 560)

    def __init__(self, app: App, session: GameSession) -> None:
        super().__init__(app)
        self.session = session
        self.rows: list[Segmented] = []
        self.build()

    def build(self, min_row_w: int = 0) -> None:
        self.reset_ui_manager()
        app, mgr = self.app, self.ui_manager
        bh, gap = self.px("button_height"), self.px("gap")
        bold = app.theme.font("bold", self.px("font_body"))
        seats = self.session.seats
        kinds = choices()
        note_text = _("Choose who plays each seat. A computer plays from its next move.")
        pad = self.px("panel_padding") * 2
        head = self.px("font_heading", 1.7)
        margin = self.px("margin")
        names = [fmt("{name} ({family})", name=s.name, family=family_name(s.family)) for s in seats]
        name_w = max(bold.size(n)[0] for n in names) + gap * 2
        option_w = max(bold.size(choice_words(s, k))[0] for s in seats for k in kinds) + gap * 3
        row_w = max(name_w + len(kinds) * (option_w + gap), min_row_w)
        row_w = min(row_w, app.screen_size[0] - 2 * margin - pad * 2)
        width = row_w + pad * 2
        small = self.px("font_small")
        note_lines = wrap_words(app.theme, "body", small, note_text, row_w, max_lines=3)
        line_h = self.px("font_small", 1.5)          # the @dim label's own height, as the pause menu's note
        note = line_h * len(note_lines) + 2 * gap
        h = pad * 2 + head + note + (len(seats) + 1) * (bh + gap) + gap
        self.panel_rect = pygame.Rect(0, 0, width, h)
        self.panel_rect.center = (app.screen_size[0] // 2, app.screen_size[1] // 2)
        top = self.panel_rect.y + pad // 2
        left = self.panel_rect.x + pad
        pygame_gui.elements.UILabel(pygame.Rect(self.panel_rect.x, top, width, head), _("Who plays"), mgr,
                                    object_id=pygame_gui.core.ObjectID(class_id="@heading"))
        self.rule_at = (self.panel_rect.centerx, top + head - gap // 2, min(width // 2, self.px("button_width", 0.8)))
        for i, line in enumerate(note_lines):
            pygame_gui.elements.UILabel(pygame.Rect(self.panel_rect.x, top + head + gap + i * line_h, width, line_h),
                                        line, mgr, object_id=pygame_gui.core.ObjectID(class_id="@dim"))
        y = top + head + note + gap
        self.buttons = {}
        self.rows = []
        name_w = min(name_w, row_w // 3)
        for i, (seat, name) in enumerate(zip(seats, names)):
            pygame_gui.elements.UILabel(pygame.Rect(left, y, name_w, bh), name, mgr)
            row = Segmented(mgr, pygame.Rect(left + name_w + gap, y, row_w - name_w - gap, bh),
                            [(k, choice_words(seat, k)) for k in kinds], seat.kind, gap=gap,
                            object_prefix=f"seat{i}")
            self.rows.append(row)
            for kind, btn in row.buttons.items():
                self.buttons[f"{i}:{kind}"] = btn
            y += bh + gap
        y += gap
        self.buttons[DONE] = pygame_gui.elements.UIButton(
            pygame.Rect(self.panel_rect.centerx - self.px("button_width") // 2, y, self.px("button_width"), bh),
            _("Done"), mgr)
        self.focus.set_buttons(list(self.buttons.values()), show=self.app.pads.last_device != "mouse")
        # the buttons' own font decides (as in the pause menu): a label wider than its button
        # widens the rows, once
        short = max((b.font.size(b.text)[0] + gap * 2 - b.rect.w if b.font is not None else 0)
                    for b in self.buttons.values())
        if short > 0 and not min_row_w:
            self.build(row_w + short * len(kinds))

    def activate(self, key: str) -> None:
        if key == DONE:
            self.app.pop()
            return
        index_text, kind = key.split(":", 1)
        choose(self.session.seats[int(index_text)], kind)
        index = self.focus.index
        self.build()
        self.focus.index = index          # the ring stays on the seat just changed
        self.app.request_frame()
