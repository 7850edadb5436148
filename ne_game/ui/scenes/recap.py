""""Since your last turn": a card over the table at the start of a person's turn, listing what
the others did meanwhile (their moves also glow on the board beneath it, and the card sits in
the half of the board with fewer of them).

The card does not stand in the way: a click or a key aimed at the table goes to the table and
puts the card away; a click on the card itself, Enter, A, Space or Escape only puts it away.
Nothing that reaches the card is taken as a game action. Settings → "Recap since your last
turn" turns it off.

    app.push("recap", recap=recap, names=facts.names, families=facts.families, area=lay.board_rect,
             avoid=[rects of the cells that glow])
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

import pygame

from ne_game.i18n import _, fmt, nfmt
from ne_game.ui.look.widgets import draw_panel
from ne_game.ui.scenes.table.controls import guard
from ne_game.ui.scenes.table.draw.gfx import Style, alpha_rect, badge, fit_text, wrap
from ne_game.ui.scenes.table.draw.layout import sofa_text
from ne_game.ui.scenes.table.model.recap import Recap
from ne_game.ui.shell import input_map as im
from ne_game.ui.shell.scene_base import Scene

if TYPE_CHECKING:  # pragma: no cover
    from ne_game.ui.shell.app import App

NOWHERE = (-1, -1)


def go_on_words(device: str) -> str:
    if device == "pad":
        return _("A: go on")
    if device == "keyboard":
        return _("Enter: go on")
    return _("Click to go on")


class RecapScene(Scene):
    is_overlay = True      # the table stays in sight: the moves listed glow on its board
    pass_through_events = True   # what is not for the card goes on to the table

    def __init__(self, app: App, recap: Recap, names: Sequence[str], families: Sequence[str],
                 area: pygame.Rect | None = None, avoid: Sequence[pygame.Rect] = ()) -> None:
        super().__init__(app)
        self.recap = recap
        self.names = tuple(names)
        self.families = tuple(families)
        self.area = area.copy() if area is not None else pygame.Rect((0, 0), app.screen_size)
        # the moves' cells glow on the board: the card sits in the half with fewer of them
        above = sum(1 for r in avoid if r.centery < self.area.centery)
        self.at_top = above < len(avoid) - above
        self.style = Style(app.theme, bool(app.settings.colorblind))
        # the second click of the double click that ended the last move does not put it away
        self.grace = guard.MOVED * guard.SCALE
        self.t = 0.0
        self.card = pygame.Rect(0, 0, 0, 0)

    @property
    def lines(self) -> tuple[tuple[int | None, str], ...]:
        return self.recap.lines

    def layout(self) -> dict[str, object]:
        return {"card": self.card.copy(), "lines": [text for _, text in self.lines]}

    def update(self, dt: float) -> None:
        self.t += dt

    def wake_in(self) -> float | None:
        """0.0 until the grace is over (the frames are its clock), then the card rests."""
        return 0.0 if self.t < self.grace else None

    def process_event(self, event: pygame.event.Event) -> bool:
        """True when the card used the event (the table does not see it)."""
        for cmd in im.commands(event):
            on_card = cmd.pos is not None and self.card.collidepoint(cmd.pos)
            if cmd.name == im.POINT:
                if on_card:
                    self._table_point(NOWHERE)     # the table shows no hover or tooltip under the card
                return on_card
            if cmd.name in (im.PRESS, im.SECONDARY, im.RELEASE, im.SCROLL):
                if cmd.name != im.RELEASE:
                    self.dismiss()
                return on_card                      # a click on the board goes on to the board
            if cmd.name in (im.CONFIRM, im.CANCEL, im.SKIP):
                self.dismiss()
                return True                         # the keys that answer the card stop here
            self.dismiss()
            return False                            # any other key is for the table
        return False

    def _table_point(self, pos: tuple[int, int]) -> None:
        below = self.app.stack[-2] if len(self.app.stack) > 1 else None
        if below is not None and hasattr(below, "point"):
            below.point(pos)

    def dismiss(self) -> None:
        """Put the card away (after its first moment: the second click of the double click that
        ended the last move does not)."""
        if self.t >= self.grace and self.app.top is self:
            self.app.pop()

    def draw(self, surface: pygame.Surface) -> None:
        pass        # drawn after the table's tooltips (draw_after_ui), so none covers the card

    def draw_after_ui(self, surface: pygame.Surface) -> None:
        st = self.style
        w, h = surface.get_size()
        u = min(w / 1280, h / 720) * float(self.app.ui_scale_factor)

        def px(v: float) -> int:
            return max(1, int(round(v * u)))

        area = self.area
        floor = sofa_text(h) if self.app.sofa else 0      # read from the sofa: the table's floor
        width = min(area.width - px(20), max(px(640), floor * 30))
        body_px = max(px(14), floor)
        lh = st.font("body", body_px).get_linesize()
        indent = max(px(44), px(20) + lh)       # clear of the family badge, as high as a line
        text_w = width - indent - px(16)
        wrapped = [(who, wrap(st, text, "body", body_px, text_w)) for who, text in self.lines]
        rows = sum(len(lines) for _, lines in wrapped) + (1 if self.recap.more else 0)
        height = min(area.height - px(20), px(56) + rows * lh + len(wrapped) * px(3) + px(40))
        self.card = card = pygame.Rect(0, 0, width, height)
        if self.at_top:
            card.midtop = (area.centerx, area.y + px(10))
        else:
            card.midbottom = (area.centerx, area.bottom - px(10))
        alpha_rect(surface, st.color("shadow"), card.move(px(5), px(7)), px(12))
        draw_panel(surface, card, self.app.theme, u)
        name = self.names[self.recap.seat] if self.recap.seat < len(self.names) else ""
        head = fit_text(st, fmt("{name}, since your last turn:", name=name), "bold", px(18),
                        st.color("title_text"), width - px(32))
        surface.blit(head, (card.x + px(16), card.y + px(12)))
        y = card.y + px(18) + head.get_height()
        bottom = card.bottom - px(34)
        if self.recap.more:
            more = nfmt("… {n} earlier line in the game log", "… {n} earlier lines in the game log", self.recap.more)
            surface.blit(st.text(more, "body", max(px(12), floor), st.color("text_dim_on_dark")), (card.x + indent, y))
            y += lh
        for who, lines in wrapped:
            if y + lh * len(lines) > bottom:
                break
            if who is not None and who < len(self.families):
                surface.blit(badge(st, self.families[who], lh - px(2)), (card.x + px(16), y + px(1)))
            for line in lines:
                surface.blit(st.text(line, "body", body_px, st.color("text_on_dark")), (card.x + indent, y))
                y += lh
            y += px(3)
        if self.t >= self.grace:
            go = fit_text(st, go_on_words(self.app.pads.last_device), "bold", px(14), st.color("gold"),
                          width - px(32))
            surface.blit(go, (card.right - go.get_width() - px(16), card.bottom - px(10) - go.get_height()))
