"""The test oracle for fitted text, shared by the scene tests of this folder."""
from __future__ import annotations

from typing import Any

SHRINK_FLOOR = 0.6   # fit_text may shrink a text down to 60 % of its size before it cuts it


def fits_when_shrunk(style: Any, s: object, role: str, px: int, max_w: int) -> bool:
    """True when some allowed size (px down to 60 % of it) fits `s` into max_w: shrinking is
    allowed, a cut with "…" never is."""
    return any(style.font(role, size).size(str(s))[0] <= max_w
               for size in range(px, int(px * SHRINK_FLOOR) - 1, -1))


def shrunk_size(style: Any, s: object, role: str, px: int, max_w: int) -> int:
    """The size fit_text settles on for `s` (its rule: one pixel at a time while too wide,
    down to 60 % of `px`; a cut comes after)."""
    size = px
    while style.font(role, size).size(str(s))[0] > max_w and size > px * SHRINK_FLOOR:
        size -= 1
    return size
