"""A long toast (the coach's line while you play, a Dutch or French sentence) wraps inside the
window instead of running off its edges."""
from __future__ import annotations

import pygame

from tests.ui.harness import Harness

LONG = ("The coach, on your last turn: Buy the straight 3-parcel settlement card and place it at "
        "J1 before ending your turn. Why: the straight 3-parcel settlement card, 6 VP, kept from a rival.")


def test_a_long_toast_wraps_inside_the_window() -> None:
    h = Harness(size=(1280, 720))
    try:
        surface = pygame.Surface((1280, 720))
        surface.fill((0, 0, 0))
        h.app.toasts.add(LONG, h.app.clock_time, 5.0)
        h.app.toasts.draw(surface, h.app.clock_time, h.app, None)
        drawn = pygame.mask.from_threshold(surface, (0, 0, 0), (1, 1, 1, 255))
        drawn.invert()
        box = drawn.get_bounding_rects()[0].unionall(drawn.get_bounding_rects())
        assert box.left >= int(1280 * 0.14) and box.right <= int(1280 * 0.86), box
        assert box.height > 2 * h.app.px("font_body"), "the line wrapped onto several lines"
    finally:
        h.close()
