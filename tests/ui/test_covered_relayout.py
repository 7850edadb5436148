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


@pytest.mark.parametrize("back", [False, True])
def test_the_table_under_settings_takes_the_new_theme_at_once(back):
    """Playtest 4a (c)3 (78.png): after switching the theme in Settings, the game behind the
    dialog kept the old theme's colours until the dialog closed."""
    from ne_game.ui.scenes.table.scene import TableScene
    from tests.ui.table.driver import DT, make_app, make_session

    app = make_app(size=(1280, 720), animation="off", **({"theme": "high_contrast"} if back else {}))
    session = make_session([("Ann", "winslow", "human"), ("Bob", "palmer", "human"), ("Cy", "howland", "human")])
    app.go("table", session=session)
    for _ in range(3):
        app.step(DT)
    table = app.top
    assert isinstance(table, TableScene)
    probe = pygame.Rect(0, 0, app.screen_size[0], app.screen_size[1] // 2)
    old = pygame.Surface(app.screen_size)
    table.draw(old)
    app.push("settings")
    app.step(DT)
    settings = app.top
    new = "default" if back else "high_contrast"
    settings.set("theme", new)
    assert app.theme.name == new
    app.step(DT)
    assert table.style.theme is app.theme, "the covered table draws with the theme just chosen"
    fresh = pygame.Surface(app.screen_size)
    table.draw(fresh)
    app.pop()
    app.step(DT)
    after = pygame.Surface(app.screen_size)
    table.draw(after)
    # what the table shows under the dialog is what it shows once the dialog has closed (a
    # glow's moment apart), not what it showed in the old theme

    def apart(a, b):
        ca, cb = pygame.transform.average_color(a, probe), pygame.transform.average_color(b, probe)
        return sum(abs(x - y) for x, y in zip(ca[:3], cb[:3]))
    assert apart(fresh, after) <= 6 < apart(old, after), (apart(fresh, after), apart(old, after))
