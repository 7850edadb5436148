"""Playtest 1 (a)6: "New England" ran into the board picture at 720p and at sofa distance. The
map keeps to the right of the title block's words: left of where they end, the backdrop is the
plain gradient."""
from __future__ import annotations

import pygame
import pytest

from ne_game import i18n
from ne_game.storage.settings import Settings
from ne_game.ui.look.widgets import background
from tests.ui.harness import Harness


@pytest.mark.parametrize("size,sofa,lang", [((1280, 720), "off", "en"), ((1280, 720), "on", "fr"),
                                            ((1536, 864), "on", "nl"), ((3840, 2160), "on", "en")])
def test_the_title_never_runs_into_the_map(size, sofa, lang):
    h = Harness(size=size, settings=Settings(animation="off", sofa=sofa))
    try:
        i18n.set_language(lang)
        h.app.relayout()
        h.step()
        scene = h.app.top
        title = scene.layout()["title"]
        words_right = scene.layout()["words_right"]
        font = h.app.theme.font("title", scene.px("font_title"))
        assert title.x + font.size(i18n._("New England"))[0] < words_right
        h.app.screen.fill((0, 0, 0))
        scene.draw(h.app.screen)
        plain = background(h.app.theme, size)
        strip = pygame.Rect(0, 0, words_right, size[1])
        drawn = h.app.screen.subsurface(strip)
        bare = plain.subsurface(strip)
        # the badges under the menu are drawn too: compare the rows of the title block only
        top = pygame.Rect(0, 0, words_right, scene.layout()["menu"].y)
        assert pygame.image.tobytes(drawn.subsurface(top), "RGB") == pygame.image.tobytes(bare.subsurface(top), "RGB")
    finally:
        h.close()
        i18n.set_language("en")
