"""The coach's finding over the replay's log: whole, never cut.

The note takes the largest size (down to the text floor) at which the whole finding fits over
the log, else over the log and the seats' panels. A finding too long for that box even at the
floor (a long reason at sofa distance: playtest 8b cut it mid-sentence) keeps the floor's size
and scrolls a whole line at a time, with a column at its right edge: an arrow up while lines
are above, an arrow down while lines are below (drawn shapes, filled when there is more and
an outline at the end, so colour is not the only code) and a thumb for where the window is.

`note_plan` is pure geometry (what goes where for a text on a layout); `draw_note` draws a plan
at a scroll offset (`top`: the first line shown) and decides nothing.
"""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from ne_game.ui.scenes.table.draw.gfx import Style, wrap
from ne_game.ui.scenes.table.draw.layout import Layout
from ne_game.ui.scenes.table.draw.text_floor import floor_px

WHEEL_LINES = 2          # lines a notch of the wheel scrolls (an entry of the table's log is about two)


@dataclass(frozen=True)
class NotePlan:
    box: pygame.Rect                 # the gold-framed note
    size: int                        # its text's pixel size
    line_h: int
    lines: tuple[str, ...]           # the whole text, wrapped
    text_x: int
    text_y: int                      # the first shown line's top
    rows: int                        # lines shown at once (all of them when it fits)
    column: pygame.Rect | None       # the scroll column (None: the note fits, nothing scrolls)

    @property
    def scrolls(self) -> bool:
        return self.column is not None

    @property
    def last_top(self) -> int:
        """The largest scroll offset (in lines): the last line at the bottom of the box."""
        return max(0, len(self.lines) - self.rows)

    @property
    def page(self) -> int:
        """A page's scroll: the shown lines but one (the one kept says where the reading was)."""
        return max(1, self.rows - 1)

    def clamp(self, top: int) -> int:
        return max(0, min(self.last_top, top))

    def up_rect(self) -> pygame.Rect:
        """The arrow up (click: a page back); an empty rect when nothing scrolls."""
        c = self.column
        return pygame.Rect(0, 0, 0, 0) if c is None else pygame.Rect(c.x, c.y, c.width, c.width)

    def down_rect(self) -> pygame.Rect:
        c = self.column
        return pygame.Rect(0, 0, 0, 0) if c is None else pygame.Rect(c.x, c.bottom - c.width, c.width, c.width)


def note_plan(lay: Layout, st: Style, text: str) -> NotePlan:
    """Where a note's text goes: the log's box at the largest size from 15 down to the floor at
    which all of it fits, else the log's and the panels' column, else that column at the floor
    with a scroll column (the text never below the floor, never cut)."""
    floor = floor_px(lay)
    pad_x, pad_y = lay.px(10), lay.px(8)
    box = lay.log_rect
    for area in (lay.log_rect, lay.left_col.union(lay.log_rect)):
        box = area.inflate(-lay.px(4), -lay.px(4))
        for ref in (15, 14, 13, 12):
            size = max(floor, lay.fs(ref))
            lines = wrap(st, text, "body", size, box.width - 2 * pad_x)
            lh = st.font("body", size).get_linesize()
            if len(lines) * lh + 2 * pad_y <= box.height:
                return NotePlan(box, size, lh, tuple(lines), box.x + pad_x, box.y + pad_y, len(lines), None)
    size = max(floor, lay.fs(12))
    lh = st.font("body", size).get_linesize()
    col_w = max(lay.px(14), size)            # the arrows as large as the words they go with
    lines = wrap(st, text, "body", size, box.width - 2 * pad_x - col_w - lay.px(4))
    rows = max(1, (box.height - 2 * pad_y) // lh)
    column = pygame.Rect(box.right - pad_x // 2 - col_w, box.y + pad_y, col_w, box.height - 2 * pad_y)
    return NotePlan(box, size, lh, tuple(lines), box.x + pad_x, box.y + pad_y, rows, column)


def draw_note(surface: pygame.Surface, lay: Layout, st: Style, plan: NotePlan, top: int) -> None:
    """The note with its lines from `top` on (clamped), as many as the box holds."""
    box = plan.box
    pygame.draw.rect(surface, st.color("panel_dark"), box, border_radius=lay.px(6))
    pygame.draw.rect(surface, st.color("gold"), box, max(1, lay.px(2)), border_radius=lay.px(6))
    top = plan.clamp(top)
    y = plan.text_y
    for line in plan.lines[top:top + plan.rows]:
        surface.blit(st.text(line, "body", plan.size, st.color("text_on_dark")), (plan.text_x, y))
        y += plan.line_h
    if plan.column is not None:
        _draw_column(surface, lay, st, plan, top)


def _draw_column(surface: pygame.Surface, lay: Layout, st: Style, plan: NotePlan, top: int) -> None:
    col = plan.column
    assert col is not None
    gold, dim = st.color("gold"), st.color("text_dim_on_dark")
    up, down = plan.up_rect(), plan.down_rect()
    edge = max(1, lay.px(2))
    for rect, pointing_up, more in ((up, True, top > 0), (down, False, top < plan.last_top)):
        r = rect.inflate(-rect.width // 5, -rect.height // 3)
        tip, base = (r.top, r.bottom) if pointing_up else (r.bottom, r.top)
        points = [(r.centerx, tip), (r.left, base), (r.right, base)]
        if more:       # more that way: a filled arrow; at the end: its outline only
            pygame.draw.polygon(surface, gold, points)
        else:
            pygame.draw.polygon(surface, dim, points, edge)
    # the track between the arrows, and the thumb: how much is shown, and where
    track = pygame.Rect(col.centerx - edge, up.bottom + lay.px(3), 2 * edge, down.top - up.bottom - lay.px(6))
    if track.height <= 0:
        return
    pygame.draw.rect(surface, dim, track, border_radius=edge)
    n = max(1, len(plan.lines))
    thumb_h = max(lay.px(8), track.height * plan.rows // n)
    span = track.height - thumb_h
    y = track.y + (span * top // plan.last_top if plan.last_top else 0)
    thumb = pygame.Rect(col.centerx - 2 * edge, y, 4 * edge, thumb_h)
    pygame.draw.rect(surface, gold, thumb, border_radius=2 * edge)
