"""The one way a text too wide for its box is cut: the longest prefix whose "prefix…" fits,
found by binary search (so a very long text costs about as many measurements as a short one).
Pure: the caller says what fits (a rendered width, a pygame-gui font's size)."""
from __future__ import annotations

from collections.abc import Callable


def ellipsized(text: str, fits: Callable[[str], bool], strip: bool = False) -> str:
    """`text` cut to the longest "prefix…" that `fits` (one character at least); `strip` drops
    the spaces before the ellipsis. Call it only when `text` itself does not fit."""
    def cut(k: int) -> str:
        head = text[:k]
        return (head.rstrip() if strip else head) + "…"

    lo, hi, best = 1, len(text) - 1, cut(1)
    while lo <= hi:
        mid = (lo + hi) // 2
        if fits(cut(mid)):
            best, lo = cut(mid), mid + 1
        else:
            hi = mid - 1
    return best
