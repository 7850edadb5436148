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
