"""The smallest text the table draws: 12 px at the desk (100 % UI scale, from 1280x720 up: the
Steam Deck's floor), the sofa's floor at sofa distance (layout.sofa_text). A text that does not
fit at its size is drawn smaller only down to the floor; below it, it takes its shorter words
(the caller's), wraps, or as a last resort is cut with "…", never smaller.
"""
from __future__ import annotations

import pygame
from pygame.typing import ColorLike

from ne_game.ui.scenes.table.draw.gfx import Style, note_text
from ne_game.ui.scenes.table.draw.layout import Layout

DESK_FLOOR = 12


def floor_px(lay: Layout) -> int:
    """The smallest text size allowed on this layout: the sofa's floor, else the desk's."""
    return max(lay.text_min, DESK_FLOOR)


def size_at_floor(st: Style, s: str, role: str, px: int, max_w: int, floor: int) -> int | None:
    """The largest size from `px` down to `floor` at which `s` fits `max_w`, or None."""
    font_px = max(px, floor)
    while font_px >= floor:
        if st.font(role, font_px).size(s)[0] <= max_w:
            return font_px
        font_px -= 1
    return None


def fit_floor(st: Style, s: str, role: str, px: int, color: ColorLike, max_w: int, floor: int) -> pygame.Surface:
    """`s` at the largest size from `px` down to `floor` that fits `max_w`; else at `floor`,
    cut at a word (or a letter) with "…" (reported as a cut, as gfx.fit_text's)."""
    size = size_at_floor(st, s, role, px, max_w, floor)
    if size is not None:
        return st.text(s, role, size, color)
    note_text("cut", s)
    font = st.font(role, floor)
    words = s.split(" ")
    while len(words) > 1 and font.size(" ".join(words) + " …")[0] > max_w:
        words.pop()
    out = " ".join(words)
    while len(out) > 1 and font.size(out + "…")[0] > max_w:
        out = out[:-1]
    return st.text(out.rstrip(" .,;:") + "…", role, floor, color)
