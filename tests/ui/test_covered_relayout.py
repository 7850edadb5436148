"""A scene covered by another keeps showing its widgets when the app lays everything out again
(playtest 3a (c)2: after a theme switch in Settings the title behind the dialog lost its heading
and buttons: its new pygame-gui manager was never updated, and pygame-gui draws only the widgets
an update found visible)."""
from __future__ import annotations

import pygame
import pytest

from ne_game.storage.settings import Settings


def _ui_pixels(scene, size: tuple[int, int], rect: pygame.Rect) -> int:
    """How many pixels of `rect` the scene's widgets change over its own drawing."""
    plain = pygame.Surface(size)
    scene.draw(plain)
    with_ui = plain.copy()
    scene.ui_manager.draw_ui(with_ui)
    a = pygame.PixelArray(with_ui.subsurface(rect))
    b = pygame.PixelArray(plain.subsurface(rect))
    changed = sum(1 for x in range(rect.w) for y in range(0, rect.h, 2) if a[x, y] != b[x, y])
    del a, b
    return changed


@pytest.mark.parametrize("sofa", ["off", "on"])
def test_the_title_keeps_its_widgets_under_settings_after_a_theme_switch(harness, sofa):
    h = harness(size=(1536, 864), settings=Settings(animation="off", sofa=sofa))
    title = h.app.stack[0]
    h.click(h.layout()["button_settings"])
    settings = h.top
    if settings.tabs is not None:
        h.click(settings.tabs.rect_of(2))     # the Screen page, where the theme is
    h.click(h.layout()["theme=high_contrast"])
    assert h.app.theme.name == "high_contrast"
    assert h.app.stack[0] is title
    heading = title.layout()["title"]
    assert _ui_pixels(title, h.app.screen_size, heading) > 500, "the title's heading is not drawn"
    quit_button = title.layout()["button_quit"]
    assert _ui_pixels(title, h.app.screen_size, quit_button) > 500, "the title's buttons are not drawn"
