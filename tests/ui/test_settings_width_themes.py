"""Issue 35: the Settings dialog's width changed a little with the theme (high contrast's larger
words, gaps and borders), so it jumped when the theme was switched in it. It has one width, the
widest theme's need, in both shipped themes (as it has across the languages), at the desk and at
sofa distance, and still fits the window."""
from __future__ import annotations

import pygame
import pytest

from ne_game.storage.settings import Settings


@pytest.mark.parametrize("size,sofa", [((1280, 720), "off"), ((1920, 1080), "off"), ((1920, 1080), "on"),
                                       ((3840, 2160), "off"), ((3840, 2160), "on")],
                         ids=["720p", "1080p", "1080p-sofa", "4k", "4k-sofa"])
def test_the_settings_box_keeps_its_width_in_every_theme(harness, size, sofa):
    h = harness(size=size, settings=Settings(animation="off", sofa=sofa, language="en"))
    h.click(h.layout()["button_settings"])
    widths = {}
    for theme in ("default", "high_contrast", "default"):
        if h.top.paged:
            h.top.set_page(h.top.page_of("theme"))
        h.top.set("theme", theme)           # switched in the dialog itself, as a player does
        h.step(2)
        scene = h.top
        assert scene.app.theme.name == theme
        widths[theme] = scene.panel_rect.width
        assert pygame.Rect((0, 0), size).contains(scene.panel_rect), (theme, scene.panel_rect)
        # every option still inside the box
        for key, seg in scene.rows.items():
            for value, _label in seg.options:
                assert scene.panel_rect.contains(seg.rect_of(value)), (theme, key, value)
    assert len(set(widths.values())) == 1, widths
