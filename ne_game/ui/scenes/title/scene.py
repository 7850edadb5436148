"""The title screen: new game, continue (greyed without a save), load, settings, quit."""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame
import pygame_gui

import ne_game.ui.scenes.title.picture as title_map
from ne_game import __version__
from ne_game.i18n import N_, _, fmt
from ne_game.storage import saves
from ne_game.tutorial import has_progress
from ne_game.ui.look.widgets import MenuFocus, background, disable, draw_badge, family_info
from ne_game.ui.shell import flow
from ne_game.ui.shell.scene_base import Scene

if TYPE_CHECKING:  # pragma: no cover
    from ne_game.ui.shell.app import App

CREDITS = N_("A game by Alan R. Moon & Aaron Weissblum (2003) · digital edition")


class TitleScene(Scene):
    ref_content = (1000, 620)

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.buttons: dict[str, pygame_gui.elements.UIButton] = {}
        self.focus = MenuFocus()
        self.foot_rect = pygame.Rect(0, 0, 0, 0)
        self.continue_info = ""
        self.menu_rect = pygame.Rect(0, 0, 0, 0)
        self.title_rect = pygame.Rect(0, 0, 0, 0)
        self.words_right = 0      # the x where the title block's words end
        self.info_rect = pygame.Rect(0, 0, 0, 0)
        self.primary = "new"
        self.build()

    def on_enter(self) -> None:
        if self.app.startup_messages:
            text = "\n\n".join(str(note) for note in self.app.startup_messages)
            self.app.startup_messages.clear()
            self.app.show_error(_("Note"), text)

    def on_uncover(self) -> None:
        self.build()  # a save may have appeared or been quarantined meanwhile

    def build(self) -> None:
        self.reset_ui_manager()
        app, mgr = self.app, self.ui_manager
        w, h = app.screen_size
        margin = self.px("margin") * 2
        bw, bh, gap = self.px("button_width"), self.px("button_height"), self.px("gap")
        left = max(self.px("margin"), int(w * 0.08))
        title_h = self.px("font_title", 1.35)
        title = _("New England")
        # the title grows to its words at large scales (sofa distance), within the window
        need = app.theme.font("title", self.px("font_title")).size(title)[0] + gap * 2
        title_w = min(w - left - margin, max(int(w * 0.5), need))
        self.title_rect = pygame.Rect(left, max(self.px("margin") * 2, int(h * 0.08)), title_w, title_h)
        pygame_gui.elements.UILabel(self.title_rect, title, mgr,
                                    object_id=pygame_gui.core.ObjectID(class_id="@title", object_id="#left"))
        sub = pygame.Rect(left, self.title_rect.bottom, int(w * 0.5), self.px("font_subtitle", 1.6))
        sub_need = app.theme.font("heading", self.px("font_subtitle")).size(_("Settle the coast · bid · build"))[0]
        # where the title block's words end: the map picture keeps to the right of it
        self.words_right = left + max(need, sub_need + gap * 2) + gap * 2
        pygame_gui.elements.UILabel(sub, _("Settle the coast · bid · build"), mgr,
                                    object_id=pygame_gui.core.ObjectID(class_id="@subtitle", object_id="#left"))
        status = flow.autosave_status()
        # Only an unfinished game is offered to continue; a finished one shows its result.
        has_save = status is not None and not status.finished
        self.primary = "continue" if has_save else "new"
        self.continue_info = ""
        if status is not None:
            self.continue_info = status.result if status.finished else status.summary
        tutorial = ("tutorial", _("Continue tutorial") if has_progress() else _("Tutorial"))
        # One order and one place for every button, with or without a save: Continue sits first
        # (greyed when there is nothing to continue) and the line under it is kept free even
        # when empty, so New game, Tutorial ... never jump when a save appears or goes.
        items = [("continue", _("Continue")), ("new", _("New game")), tutorial, ("load", _("Load game")),
                 ("records", _("Records")), ("settings", _("Settings")), ("quit", _("Quit"))]
        y = sub.bottom + margin
        # the menu keeps clear of the credits line at the foot: at large sizes (sofa distance,
        # a game to continue and a tutorial under way) its buttons and gaps close up to fit
        foot_top = h - self.px("margin") - self.px("font_small", 1.6) - gap
        info_h = self.px("font_small", 1.6) + gap
        stack = len(items) * (bh + gap) + info_h
        if y + stack > foot_top and stack > 0:
            f = max(0.6, (foot_top - y) / stack)
            bh, gap = int(bh * f), max(2, int(gap * f))
            y = max(self.title_rect.bottom, min(y, foot_top - len(items) * (bh + gap) - info_h))
        self.buttons = {}
        self.info_rect = pygame.Rect(0, 0, 0, 0)
        for key, label in items:
            r = pygame.Rect(left, y, bw, bh)
            btn = pygame_gui.elements.UIButton(r, label, mgr, object_id=pygame_gui.core.ObjectID(
                class_id="@menu", object_id="#primary" if key == self.primary else None))
            self.buttons[key] = btn
            y += bh + gap
            if key == "continue" and not has_save:
                disable(btn)
            if key == "continue":
                # below the focus ring's halo (about a gap wide), which would cover it; the
                # row is there without a save too (the result of a finished game, or nothing)
                self.info_rect = pygame.Rect(left, y + gap // 2, int(w * 0.45), self.px("font_small", 1.6))
                if self.continue_info:
                    pygame_gui.elements.UILabel(self.info_rect, self.continue_info, mgr,
                                                object_id=pygame_gui.core.ObjectID(class_id="@dim",
                                                                                   object_id="#left"))
                y += self.info_rect.h + gap
        flow.adopt_orphans(app)          # a game left by a window closed meanwhile is offered too
        if not saves.list_slots():
            disable(self.buttons["load"])
        self.menu_rect = pygame.Rect(left, sub.bottom + margin, bw, y - sub.bottom - margin)
        foot = pygame.Rect(left, h - self.px("margin") - self.px("font_small", 1.6), w - 2 * left,
                           self.px("font_small", 1.6))
        self.foot_rect = foot
        keys = list(self.buttons)
        self.focus.set_buttons(list(self.buttons.values()), show=self.app.pads.last_device != "mouse",
                               start=keys.index(self.primary) if self.primary in keys else 0)
        pygame_gui.elements.UILabel(foot, fmt("{credits} · v{version} · F11 fullscreen", credits=_(CREDITS),
                                              version=__version__), mgr,
                                    object_id=pygame_gui.core.ObjectID(class_id="@dim", object_id="#left"))

    def on_resize(self, size: tuple[int, int]) -> None:
        self.build()

    def process_event(self, event: pygame.event.Event) -> bool:
        choice = self.focus.chosen(event, self.buttons)
        if isinstance(choice, str):
            self.activate(choice)
        if choice:
            return True
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.activate(self.primary)
                return True
            if event.key == pygame.K_n:
                self.activate("new")
                return True
        return False

    def activate(self, key: str) -> None:
        if key == "new":
            flow.confirm_replacing_game(self.app, lambda: self.app.push("setup"), _("Start a new game"))
        elif key == "continue" and self.primary == "continue":
            if not flow.continue_last(self.app):
                self.build()
        elif key == "tutorial":
            self.app.go("tutorial", resume=True)   # from the saved lesson, if any
        elif key == "load":
            self.app.push("load")
        elif key == "records":
            self.app.push("records")
        elif key == "settings":
            self.app.push("settings")
        elif key == "quit":
            # asks once: Up from the top of the menu or a stray press must not close the game
            self.app.push("dialog", title=_("Quit New England?"),
                          text=_("Nothing is lost: a game is saved as it is played, and Continue takes you back to it."),
                          buttons=[(_("Stay"), None), (_("Quit"), lambda: self.app.quit(0))])

    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        w, h = app.screen_size
        surface.blit(background(app.theme, app.screen_size), (0, 0))
        # The table's own painted map, right of the title's words (a large title at sofa
        # distance or in a small window never runs into it), as large as that room allows.
        x0 = max(int(w * 0.40), self.words_right)
        area = pygame.Rect(x0, int(h * 0.05), int(w * 0.975) - x0, int(h * 0.9))
        if area.width > w * 0.2:
            pic = title_map.picture(app.theme, area.size, bool(app.settings.colorblind))
            if pic is not None:
                surface.blit(pic, pic.get_rect(center=area.center))
        # The families of the game data along the bottom of the title block: colour and initial.
        r = self.px("badge_size") // 2
        x = self.title_rect.x + r
        y = self.menu_rect.bottom + self.px("margin") * 2 + r
        if y + r + self.px("gap") * 2 < self.foot_rect.top:
            for fid in family_info():
                draw_badge(surface, (x, y), r, app.theme, fid, app.settings.colorblind)
                x += r * 2 + self.px("gap") * 2

    def draw_after_ui(self, surface: pygame.Surface) -> None:
        self.focus.draw(surface, self.app.theme, self.gui_scale())

    def layout(self) -> dict[str, object]:
        return {"title": self.title_rect.copy(), "words_right": self.words_right,
                "menu": self.menu_rect.copy(), "primary": self.primary,
                "info": self.continue_info, "info_rect": self.info_rect.copy(),
                **{f"button_{k}": b.rect.copy() for k, b in self.buttons.items()}}
