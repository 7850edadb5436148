"""The pause menu (Escape at the table, Start on a pad): resume, save, rules summary, settings,
who plays each seat, full screen (the pad's way to it), quit to title.

It is an overlay: the table stays visible (dimmed) and frozen below it; a computer
player may keep thinking in its worker thread, its move waits until the table is
on top again.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui

from ne_game.game.session import GameSession
from ne_game.i18n import N_, _
from ne_game.ui.look.widgets import disable
from ne_game.ui.shell import flow
from ne_game.ui.shell.overlay import MenuPanel

if TYPE_CHECKING:  # pragma: no cover
    from ne_game.ui.shell.app import App

ITEMS = (("resume", N_("Resume")), ("save", N_("Save game")), ("rules", N_("Rules summary")),
         ("full_rules", N_("All rules & cards")), ("settings", N_("Settings")),
         ("seats", N_("Who plays")), ("fullscreen", N_("Fullscreen")), ("quit", N_("Quit to title")))
#: the fullscreen item says what it does now (a pad has no F11: this is its way)
WINDOWED = N_("Leave fullscreen")


class PauseScene(MenuPanel):
    escape_key = "resume"
    # the panel's height at scale 1 (eight buttons, the title and the note: 582 theme units) and
    # a little air; 650 held the menu at 1.6 at 1080p, its note under the sofa's floor (issue 35)
    ref_content = (400, 620)

    def __init__(self, app: App, session: GameSession | None = None) -> None:
        super().__init__(app)
        self.session = session
        self.panel_rect = pygame.Rect(0, 0, 0, 0)
        self.build()

    def build(self, min_button_w: int = 0) -> None:
        self.reset_ui_manager()
        app, mgr = self.app, self.ui_manager
        bw, bh, gap = self.px("button_width"), self.px("button_height"), self.px("gap")
        bold = app.theme.font("bold", self.px("font_body"))
        items = [(k, WINDOWED if k == "fullscreen" and app.fullscreen else label) for k, label in ITEMS]
        bw = max(bw, max(bold.size(_(label))[0] for _key, label in items) + gap * 4, min_button_w)
        pad = self.px("panel_padding") * 2
        head = self.px("font_heading", 1.7)
        note = self.px("font_small", 1.5)
        h = pad * 2 + head + len(items) * (bh + gap) + note
        # the note under the buttons may be the widest line in Dutch or French
        note_w = app.theme.font("body", self.px("font_small")).size(_("Your game is saved after every move."))[0]
        width = min(max(bw + pad * 2, note_w + pad * 2), app.screen_size[0] - 2 * self.px("margin"))
        self.panel_rect = pygame.Rect(0, 0, width, h)
        self.panel_rect.center = (app.screen_size[0] // 2, app.screen_size[1] // 2)
        pygame_gui.elements.UILabel(pygame.Rect(self.panel_rect.x, self.panel_rect.y + pad // 2,
                                                self.panel_rect.w, head), _("Paused"), mgr,
                                    object_id=pygame_gui.core.ObjectID(class_id="@heading"))
        y = self.panel_rect.y + pad // 2 + head + gap
        self.rule_at = (self.panel_rect.centerx, self.panel_rect.y + pad // 2 + head - gap // 2,
                        min(self.panel_rect.w // 2, self.px("button_width", 0.8)))
        self.buttons = {}
        for key, label in items:
            btn = pygame_gui.elements.UIButton(pygame.Rect(self.panel_rect.centerx - bw // 2, y, bw, bh), _(label), mgr)
            if key in ("save", "seats") and not self._can_save():
                disable(btn)
            self.buttons[key] = btn
            y += bh + gap
        pygame_gui.elements.UILabel(pygame.Rect(self.panel_rect.x, y, self.panel_rect.w, note),
                                    _("Your game is saved after every move."), mgr,
                                    object_id=pygame_gui.core.ObjectID(class_id="@dim"))
        self.focus.set_buttons(list(self.buttons.values()), show=self.app.pads.last_device != "mouse")
        # the buttons' own font decides: a label wider than its button widens them all, once
        need = max((b.font.size(b.text)[0] if b.font is not None else 0)
                   for b in self.buttons.values()) + gap * 2
        if need > bw and not min_button_w:
            self.build(min(need, app.screen_size[0] - 4 * self.px("margin")))

    def _can_save(self) -> bool:
        """A session that refuses to be saved (the tutorial's) greys the Save button."""
        if self.session is None:
            return False
        try:
            self.session.to_save()
        except (ValueError, NotImplementedError):
            return False
        return True

    def activate(self, key: str) -> None:
        app = self.app
        if key == "resume":
            app.pop()
        elif key == "save" and self.session is not None and self._can_save():
            flow.save_to_slot(app, self.session)
        elif key == "rules":
            app.push("rules_summary")
        elif key == "full_rules":
            app.push("rules")   # the whole rules, with card pictures
        elif key == "settings":
            app.push("settings", to_game=True)     # its Done goes straight back to the game
        elif key == "seats" and self.session is not None and self._can_save():
            app.push("seats", session=self.session)     # a person leaves, a friend arrives
        elif key == "fullscreen":
            app.toggle_fullscreen()     # the relayout rebuilds this menu: its words change, its focus stays
        elif key == "quit":
            app.go("title")
