"""New game at the smallest window, in every language and theme: the form stays on screen and
each seat choice ("On a phone" is long in French) is as wide as its words."""
from __future__ import annotations

import pytest

from ne_game import i18n
from ne_game.ui.scenes.setup import SetupScene
from tests.ui.harness import Harness


@pytest.mark.parametrize("theme", ["default", "high_contrast"])
@pytest.mark.parametrize("lang", ["en", "nl", "fr"])
def test_the_setup_form_fits_1280x720(lang: str, theme: str) -> None:
    i18n.set_language(lang)
    h = Harness(size=(1280, 720), theme=theme)
    try:
        h.app.push("setup")
        h.step(2)
        scene = h.app.top
        assert isinstance(scene, SetupScene)
        screen = h.app.screen.get_rect()
        assert screen.contains(scene.panel_rect), (lang, theme, scene.panel_rect)
        for seg in scene.kind_rows:
            for value, button in seg.buttons.items():
                font = button.drawable_shape.theming["font"] if hasattr(button, "drawable_shape") else None
                need = font.size(button.text)[0] if font is not None else 0
                assert need <= button.rect.w, (lang, theme, value, button.text, need, button.rect.w)
                assert scene.panel_rect.contains(button.rect), (lang, theme, value, button.rect)
    finally:
        h.close()
        i18n.set_language("en")


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (3840, 2160)])
@pytest.mark.parametrize("lang", ["en", "fr"])
def test_the_last_seat_choice_keeps_the_rows_left_margin(lang: str, size: tuple[int, int]) -> None:
    """Playtest 2 (a)5: "Hard" sat flush against the row's right end; it keeps the margin the
    row's left end has before the big badge."""
    from ne_game.ui.scenes.setup import badge_edge

    i18n.set_language(lang)
    h = Harness(size=size)
    try:
        h.app.push("setup")
        h.step(2)
        scene = h.app.top
        assert isinstance(scene, SetupScene)
        for row, seg in zip(scene.row_rects, scene.kind_rows):
            last = max(b.rect.right for b in seg.buttons.values())
            left = badge_edge(row.h, scene.px("gap"))
            assert abs((row.right - last) - left) <= max(2, left // 4), (lang, size, row, last, left)
            assert row.right - last >= scene.px("gap")
    finally:
        h.close()
        i18n.set_language("en")
