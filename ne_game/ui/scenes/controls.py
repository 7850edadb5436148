"""Settings -> Controls: every binding of keyboard and pad, read from the input map (so this
list can never disagree with what the keys do), and the moves a player makes.

A command marked as movable (input_map.REBINDABLE_KEYS / REBINDABLE_PAD) takes another key or
pad button: choose its cell (click, or the ring and Enter / A), then press the new key or
button. A key another command has is refused with that command's name, and so is a key that
means the same on every screen (Enter, Escape, the arrows, F11, M). The moves are saved in the
settings; "Reset to defaults" takes them all back.
"""
from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING

import pygame

from ne_game.i18n import _, fmt
from ne_game.ui.look import glyphs
from ne_game.ui.look.widgets import (
    FocusGrid,
    draw_dashed_rect,
    draw_heading_rule,
    draw_parchment,
    fit_render,
    wrap_words,
)
from ne_game.ui.scenes.table.draw.layout import sofa_text
from ne_game.ui.shell import input_map as im
from ne_game.ui.shell.overlay import PanelOverlay

if TYPE_CHECKING:  # pragma: no cover
    from ne_game.ui.shell.app import App


def command_words() -> dict[str, str]:
    """What each command does, in the player's words (translated)."""
    return {
        im.CONFIRM: _("Choose / press the focused item"), im.END_TURN: _("End turn"), im.CANCEL: _("Back / put back what is picked"),
        im.UP: _("Move the focus up"), im.DOWN: _("Move the focus down"),
        im.LEFT: _("Move the focus left"), im.RIGHT: _("Move the focus right"),
        im.NEXT_TARGET: _("Next region of the table"), im.PREV_TARGET: _("Previous region of the table"),
        im.ROTATE: _("Turn the pattern or start tile"), im.ROTATE_BACK: _("Turn it the other way"),
        im.UNDO: _("Undo"), im.HINT: _("Hint"), im.SKIP: _("Show a computer move now"),
        im.CLEAR: _("Put back what is picked"), im.PAUSE: _("Pause menu"), im.NEXT: _("Next lesson"),
        im.CONTEXT_HELP: _("Help on the focused item (or under the pointer)"), im.FULLSCREEN: _("Fullscreen"),
        im.LOG_BACK: _("Read back the game log"), im.LOG_FORWARD: _("The game log's newer lines"),
    }


def pad_ways() -> dict[str, tuple[str, str]]:
    """Commands a pad reaches another way than its own button: (the button, how)."""
    return {im.NEXT: ("A", _("when the lesson is done")), im.CLEAR: ("B", _("as Back does")),
            im.FULLSCREEN: ("Start", _("then Fullscreen"))}


def bindings() -> list[tuple[str, str, list[str], list[str]]]:
    """(command, words, key caps, pad buttons) for every command a player can use."""
    words = command_words()
    return [(c, words[c], glyphs.key_caps(c), im.pad_buttons_of(c)) for c in im.BINDABLE]


#: at sofa distance the commands are shown on this many pages (a "More" button turns them)
PAGES_AT_SOFA = 2


class ControlsScene(PanelOverlay):
    ref_content = (900, 680)

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.focus = FocusGrid()
        self.capture: tuple[str, str] | None = None     # ("key" | "pad", command) waiting for a press
        self.hover: tuple[str, str] | None = None       # the movable cell under the pointer
        self.message = ""
        self.cells: dict[tuple[str, str], pygame.Rect] = {}
        self.reset_rect = pygame.Rect(0, 0, 0, 0)
        self.close_rect = pygame.Rect(0, 0, 0, 0)
        self.page_rect = pygame.Rect(0, 0, 0, 0)
        self.sheet = pygame.Rect(0, 0, 0, 0)
        self.page = 0           # at sofa distance the commands are on pages (PAGES_AT_SOFA)
        self.pages = 1
        self.on_resize(app.screen_size)

    # ------------------------------------------------------------ layout
    def _read(self) -> None:
        layout = self.app.pads.layout        # a PlayStation or Nintendo pad sees its own labels
        self.rows = [(c, words, keys, [glyphs.pad_label(b, layout) for b in pads])
                     for c, words, keys, pads in bindings()]

    @property
    def shown(self) -> list[tuple[str, str, list[str], list[str]]]:
        """The rows on the page shown (all of them at the desk)."""
        per = -(-len(self.rows) // self.pages)
        return self.rows[self.page * per:(self.page + 1) * per]

    def on_resize(self, size: tuple[int, int]) -> None:
        self._read()
        W, H = size
        pad = self.px("panel_padding") * 2
        room = H - 2 * self.px("gap") - 2 * pad
        # At sofa distance every word and key cap reaches the sofa's floor (issue 35): nineteen
        # rows of that size do not stack in a 16:9 screen, so they go on pages, as wide as the
        # screen, and the line is what the page's height gives (a key cap's letters are 0.47 of it).
        self.floor = sofa_text(H) if self.app.sofa else 0
        self.pages = PAGES_AT_SOFA if self.floor else 1
        self.page = min(self.page, self.pages - 1)
        n = len(self.shown)
        extra = 7 if self.floor else 6      # title, column heads, the message (two lines at the sofa's size), buttons
        self.line = max(self.px("font_small", 1.3), min(self.px("font_body", 1.6), room // (n + extra)))
        if self.floor:
            self.line = max(self.line, room // (n + extra))
        self.body_px = max(8, int(self.line / 1.6), self.floor)
        self.small_px = max(8, int(self.line / 1.7), self.floor)
        self.gh = int(self.line * 0.86)     # the caps' letters at the desk floor (12 px) at 1280x720
        if self.floor:                      # ...and at the sofa's (a cap's letters are 0.55 of its height)
            self.gh = min(self.line, max(self.gh, -(-self.floor * 100 // 55) + 1))
        w = min(W - 2 * self.px("gap"), self.px("button_width", 5.2) if not self.floor else W)
        h = pad * 2 + self.line * (n + extra)
        self.panel_rect = pygame.Rect(0, 0, w, min(h, H - 2 * self.px("gap")))
        self.panel_rect.center = (W // 2, H // 2)
        inner = self.panel_rect.w - 2 * pad
        x0 = self.panel_rect.x + pad
        self.col_keys, self.col_pad = x0 + int(inner * 0.46), x0 + int(inner * 0.74)
        y = self.panel_rect.y + pad // 2 + self.line * 3
        # the table of commands on a parchment sheet, from its column heads to its last row
        self.sheet = pygame.Rect(x0 - pad // 2, y - self.line - self.line // 4, inner + pad,
                                 self.line * (n + 1) + self.line // 2)
        self.cells = {}
        grid: list[list[tuple[object, pygame.Rect]]] = []
        for command, _words, keys, pads in self.shown:
            row: list[tuple[object, pygame.Rect]] = []
            for kind, x, movable, right, labels in (("key", self.col_keys, im.REBINDABLE_KEYS, self.col_pad, keys),
                                                    ("pad", self.col_pad, im.REBINDABLE_PAD, x0 + inner, pads)):
                if command in movable:
                    # the cell hugs its caps (a frame around the keys, not a bar across the column)
                    caps = self._caps_width(labels, kind == "pad")
                    inset = self.line // 6
                    cw = min(right - x - self.line // 3, caps - self.gh // 4 + 2 * inset)
                    rect = pygame.Rect(x - inset, y + self.line // 16, cw, self.line - self.line // 8)
                    self.cells[(kind, command)] = rect
                    row.append(((kind, command), rect))
            if row:
                grid.append(row)
            y += self.line
        bh = int(self.line * 1.2)
        bw = (inner - self.px("gap")) // 3
        by = self.panel_rect.bottom - pad // 2 - bh
        self.reset_rect = pygame.Rect(x0, by, bw, bh)
        self.close_rect = pygame.Rect(x0 + inner - bw, by, bw, bh)
        self.page_rect = pygame.Rect(self.panel_rect.centerx - bw // 2, by, bw, bh) if self.pages > 1 \
            else pygame.Rect(0, 0, 0, 0)
        buttons: list[tuple[object, pygame.Rect]] = [(("reset",), self.reset_rect)]
        if self.pages > 1:
            buttons.append((("page",), self.page_rect))
        grid.append(buttons + [(("close",), self.close_rect)])
        self.focus.set_rows(grid, show=self.app.pads.last_device != "mouse", start=("close",))

    def _shown_labels(self, labels: list[str]) -> list[str]:
        # the sticks in the player's language (the buttons' letters are the same everywhere)
        sticks = {"Left stick": _("Stick"), "Right stick \u2191": _("Right stick \u2191"),
                  "Right stick \u2193": _("Right stick \u2193")}
        return [sticks.get(label, label) for label in labels[:2]]

    def _caps_width(self, labels: list[str], is_pad: bool) -> int:
        shown = self._shown_labels(labels)
        return sum(glyphs.glyph_width(label, is_pad, self.gh, self.app.theme) + self.gh // 4 for label in shown)

    # ------------------------------------------------------------ moves
    @property
    def capture_pad(self) -> bool:
        """Waiting for a pad button: the app hands this scene the raw pad event."""
        return self.capture is not None and self.capture[0] == "pad"

    def _bind(self, kind: str, command: str, code: int, cap: str) -> None:
        words = command_words()
        settings = self.app.settings
        try:
            if kind == "key":
                im.rebound(dict(im.KEYS), command, code, im.REBINDABLE_KEYS, reserved=im.RESERVED_KEYS)
                new = dataclasses.replace(settings, key_bindings={**settings.key_bindings, command: code})
            else:     # a pad's buttons are all in use: two commands trade places
                pads = im.rebound(dict(im.PAD_BUTTONS), command, code, im.REBINDABLE_PAD,
                                  free=im.FREE_PAD_BUTTONS, swap=True)
                new = dataclasses.replace(settings, pad_bindings=im.moves(pads, im.DEFAULT_PAD_BUTTONS,
                                                                          im.REBINDABLE_PAD))
        except im.BindingRefused as err:
            if err.taken_by is not None:
                self.message = fmt("{key} is already used for: {command}. Move that one first, or choose "
                                   "another.", key=cap, command=words.get(err.taken_by, err.taken_by))
            else:
                self.message = fmt("{key} keeps its meaning on every screen: choose another.", key=cap)
            return
        self.app.apply_settings(new)
        self.message = fmt("{command}: now {key}.", command=words[command], key=cap)
        self._read()

    def turn_page(self) -> None:
        """The next page of commands (sofa distance); the ring stays on the page button."""
        self.page = (self.page + 1) % self.pages
        self.on_resize(self.app.screen_size)
        self.focus.focus(("page",))

    def reset(self) -> None:
        self.app.apply_settings(dataclasses.replace(self.app.settings, key_bindings={}, pad_bindings={}))
        self.message = _("Every command has its default key and pad button again.")
        self._read()

    def _activate(self, key: object) -> None:
        if key == ("close",):
            self.app.pop()
        elif key == ("page",):
            self.turn_page()
        elif key == ("reset",):
            self.reset()
        elif isinstance(key, tuple) and len(key) == 2:
            kind, command = str(key[0]), str(key[1])
            self.capture = (kind, command)
            words = command_words()[command]
            self.message = (fmt("Press the new key for: {command} (Escape keeps the old one).", command=words)
                            if kind == "key" else
                            fmt("Press the new pad button for: {command} (B keeps the old one).", command=words))

    # ------------------------------------------------------------ events
    def process_event(self, event: pygame.event.Event) -> bool:
        if self.capture is not None:
            self._captured(event)
            return True
        if event.type == pygame.MOUSEMOTION:
            self.hover = next((k for k, r in self.cells.items() if r.collidepoint(event.pos)), None)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            hit = next((k for k, r in self.cells.items() if r.collidepoint(event.pos)), None)
            if hit is not None:
                self._activate(hit)
            elif self.reset_rect.collidepoint(event.pos):
                self.reset()
            elif self.page_rect.collidepoint(event.pos):
                self.turn_page()
            elif self.close_rect.collidepoint(event.pos) or not self.panel_rect.collidepoint(event.pos):
                self.app.pop()
            return True
        names = [c.name for c in im.commands(event)] if event.type == pygame.KEYDOWN else []
        if names and names[0] in im.DIRECTIONS:
            self.focus.move(names[0])
        elif event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if self.focus.key is not None:
                self._activate(self.focus.key)
        elif event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.app.pop()
        return True    # modal

    def _captured(self, event: pygame.event.Event) -> None:
        assert self.capture is not None
        kind, command = self.capture
        if kind == "key" and event.type == pygame.KEYDOWN and not getattr(event, "from_pad", False):
            self.capture = None
            if event.key == pygame.K_ESCAPE:
                self.message = ""
                return
            self._bind("key", command, event.key, glyphs.key_cap(pygame.key.name(event.key).title()))
        elif kind == "pad" and event.type == pygame.CONTROLLERBUTTONDOWN:
            self.capture = None
            if event.button == pygame.CONTROLLER_BUTTON_B:
                self.message = ""
                return
            label = im.PAD_GLYPHS.get(event.button, str(event.button))
            self._bind("pad", command, event.button, glyphs.pad_label(label, self.app.pads.layout))
        elif kind == "pad" and event.type == pygame.KEYDOWN and event.key == pygame.K_ESCAPE:
            self.capture, self.message = None, ""      # the keyboard may call off a pad's move

    # ------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        theme = self.app.theme
        pad = self.px("panel_padding") * 2
        x0, y = self.panel_rect.x + pad, self.panel_rect.y + pad // 2
        w = self.panel_rect.w - 2 * pad
        title = fit_render(theme, "title", self.px("font_heading"), _("Controls"), theme.color("title_text"), w)
        surface.blit(title, title.get_rect(midtop=(self.panel_rect.centerx, y - self.line // 4)))
        draw_heading_rule(surface, (self.panel_rect.centerx, y - self.line // 4 + title.get_height()),
                          min(w // 3, self.px("button_width")), theme, self.gui_scale())
        y += self.line * 2
        draw_parchment(surface, self.sheet, theme, self.gui_scale())
        bold = theme.font("bold", self.body_px)
        gh = self.gh
        ink, dim = theme.color("text"), theme.color("text_dim")
        for x, label in ((x0, _("Command")), (self.col_keys, _("Keyboard")), (self.col_pad, _("Game pad"))):
            surface.blit(bold.render(label, True, ink), (x, y))
        rule_y = y + self.line - max(1, self.line // 10)
        pygame.draw.line(surface, theme.color("panel_border"), (x0, rule_y), (x0 + w, rule_y), max(1, self.line // 16))
        y += self.line
        for n, (command, words, keys, buttons) in enumerate(self.shown):
            cy = y + self.line // 2
            if n % 2:        # every other row a shade darker: the eye follows a row across
                band = pygame.Rect(self.sheet.x + 2, y, self.sheet.w - 4, self.line)
                pygame.draw.rect(surface, theme.color("panel_alt"), band)
            img = fit_render(theme, "body", self.body_px, words, ink, self.col_keys - x0 - self.line // 3)
            surface.blit(img, img.get_rect(midleft=(x0, cy)))
            for kind, col, labels, is_pad in (("key", self.col_keys, keys, False),
                                              ("pad", self.col_pad, buttons, True)):
                cell = self.cells.get((kind, command))
                if cell is not None:
                    # A key that can move is its caps in a dashed frame (the "framed cell" the
                    # message speaks of); only the cell waiting for its new key is filled and
                    # lit, and the pointer over one firms its frame up: a bar of colour read
                    # as a selection on every movable row (playtest 3a).
                    lit = self.capture == (kind, command)
                    width = max(1, self.line // 14)
                    if lit:
                        pygame.draw.rect(surface, theme.color("panel_active"), cell, border_radius=self.line // 5)
                        pygame.draw.rect(surface, theme.color("gold"), cell, width * 2, border_radius=self.line // 5)
                    elif self.hover == (kind, command):
                        pygame.draw.rect(surface, theme.color("panel_border"), cell, width, border_radius=self.line // 5)
                    else:
                        draw_dashed_rect(surface, theme.color("panel_border"), cell, width, max(3, self.line // 6))
                x = col
                for label in self._shown_labels(labels):
                    x += glyphs.draw_glyph(surface, label, is_pad, x, cy, gh, theme) + gh // 4
                way = pad_ways().get(command) if is_pad and not labels else None
                if way is not None:     # no button of its own: the way a pad gets there
                    x += glyphs.draw_glyph(surface, glyphs.pad_label(way[0], self.app.pads.layout), True,
                                           x, cy, gh, theme) + gh // 4
                    img = fit_render(theme, "body", self.small_px, way[1], dim,
                                     self.panel_rect.right - pad - x)
                    surface.blit(img, img.get_rect(midleft=(x, cy)))
            y += self.line
        more = fmt("More ({page} of {pages})", page=self.page + 1, pages=self.pages)
        for rect, label, key in ((self.reset_rect, _("Reset to defaults"), ("reset",)),
                                 (self.page_rect, more, ("page",)),
                                 (self.close_rect, _("Close"), ("close",))):
            if not rect.w:
                continue
            primary = key == ("close",)
            pygame.draw.rect(surface, theme.color("accent" if primary else "button"), rect,
                             border_radius=self.line // 5)
            pygame.draw.rect(surface, theme.color("gold" if primary else "button_border"), rect,
                             max(1, self.line // 14), border_radius=self.line // 5)
            img = fit_render(theme, "bold", self.body_px, label,
                             theme.color("accent_text" if primary else "button_text"), rect.w - self.line // 2)
            surface.blit(img, img.get_rect(center=rect.center))
        # what happened (or how to move a command), and how to close, for the device in use
        device = self.app.pads.last_device
        close = {"pad": _("Press B to close."), "keyboard": _("Press Escape to close.")}.get(
            device, _("Click outside to close."))
        say = self.message or _("A framed cell can move: choose it, then press the new key or button.")
        # the message in two lines where one would have to shrink (French at sofa distance)
        lines = [*wrap_words(theme, "bold", self.small_px, say, w, max_lines=2), close]
        by = self.reset_rect.top - self.line // 4
        for text in reversed(lines):
            img = fit_render(theme, "bold", self.small_px, text, theme.color("gold"), w)
            surface.blit(img, img.get_rect(midbottom=(self.panel_rect.centerx, by)))
            by -= img.get_height()

    def draw_after_ui(self, surface: pygame.Surface) -> None:
        self.focus.draw(surface, self.app.theme, self.gui_scale())

    def layout(self) -> dict[str, object]:
        return {"panel": self.panel_rect.copy(), "rows": [r[0] for r in self.shown],
                "cells": {k: r.copy() for k, r in self.cells.items()},
                "reset": self.reset_rect.copy(), "close": self.close_rect.copy()}
