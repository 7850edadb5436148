"""Settings -> Controls: every binding of keyboard and pad, read from the input map (so
this list can never disagree with what the keys do)."""
from __future__ import annotations

import pygame

from ne_game.i18n import _
from ne_game.ui import glyphs
from ne_game.ui import input_map as im
from ne_game.ui.scenes.overlay import PanelOverlay


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
        im.CONTEXT_HELP: _("Help on what is under the pointer"), im.FULLSCREEN: _("Fullscreen"),
    }


def bindings() -> list[tuple[str, str, list[str], list[str]]]:
    """(command, words, key caps, pad buttons) for every command a player can use."""
    words = command_words()
    return [(c, words[c], glyphs.key_caps(c), im.pad_buttons_of(c)) for c in im.BINDABLE]


class ControlsScene(PanelOverlay):
    ref_content = (900, 680)

    def __init__(self, app) -> None:
        super().__init__(app)
        layout = app.pads.layout        # a PlayStation or Nintendo pad sees its own labels
        self.rows = [(c, words, keys, [glyphs.pad_label(b, layout) for b in pads])
                     for c, words, keys, pads in bindings()]
        self.on_resize(app.screen_size)

    def on_resize(self, size) -> None:
        W, H = size
        self.line = self.px("font_body", 1.6)
        pad = self.px("panel_padding") * 2
        w = min(W - 2 * self.px("gap"), self.px("button_width", 5.2))
        h = pad * 2 + self.line * (len(self.rows) + 4)
        self.panel_rect = pygame.Rect(0, 0, w, min(h, H - 2 * self.px("gap")))
        self.panel_rect.center = (W // 2, H // 2)

    def process_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN or any(
                c.name in (im.CONFIRM, im.CANCEL) for c in im.commands(event)):
            self.app.pop()
        return True    # modal

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        theme = self.app.theme
        pad = self.px("panel_padding") * 2
        x0, y = self.panel_rect.x + pad, self.panel_rect.y + pad // 2
        w = self.panel_rect.w - 2 * pad
        head = theme.font("bold", self.px("font_heading"))
        img = head.render(_("Controls"), True, theme.color("title_text"))
        surface.blit(img, (x0, y))
        y += self.line + self.line // 2
        body = theme.font("body", self.px("font_body"))
        bold = theme.font("bold", self.px("font_body"))
        gh = int(self.line * 0.72)
        col_keys, col_pad = x0 + int(w * 0.46), x0 + int(w * 0.74)
        dim = theme.color("text_dim_on_dark")
        for x, label in ((x0, _("Command")), (col_keys, _("Keyboard")), (col_pad, _("Game pad"))):
            surface.blit(bold.render(label, True, dim), (x, y))
        y += self.line
        for _command, words, keys, buttons in self.rows:
            cy = y + self.line // 2
            surface.blit(body.render(words, True, theme.color("text_on_dark")),
                         body.render(words, True, (0, 0, 0)).get_rect(midleft=(x0, cy)))
            x = col_keys
            for k in keys[:2]:
                x += glyphs.draw_glyph(surface, k, False, x, cy, gh, theme) + gh // 4
            x = col_pad
            for b in buttons[:2]:
                if b == "Left stick":
                    b = _("Stick")
                x += glyphs.draw_glyph(surface, b, True, x, cy, gh, theme) + gh // 4
            y += self.line
        # how to close it, in the words of the device used last
        device = self.app.pads.last_device
        close = {"pad": _("Press B to close."), "keyboard": _("Press Escape or Enter to close.")}.get(
            device, _("Click anywhere to close."))
        img = bold.render(close, True, theme.color("gold"))
        surface.blit(img, img.get_rect(midbottom=(self.panel_rect.centerx, self.panel_rect.bottom - pad // 2)))

    def layout(self) -> dict:
        return {"panel": self.panel_rect.copy(), "rows": [r[0] for r in self.rows]}
