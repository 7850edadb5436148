"""Playtest 17a: the Settings dialog's width changed with the language (en/nl/fr), so it jumped
when the language was switched in it. It has one size, the widest language's need, in all three,
and still fits the window."""
from __future__ import annotations

import pygame
import pytest

from ne_game import i18n
from ne_game.storage.settings import Settings


@pytest.mark.parametrize("size,sofa", [((1280, 720), "off"), ((1920, 1080), "off"), ((1920, 1080), "on"),
                                       ((3840, 2160), "off")], ids=["720p", "1080p", "1080p-sofa", "4k"])
def test_the_settings_box_keeps_its_size_in_every_language(harness, size, sofa):
    h = harness(size=size, settings=Settings(animation="off", sofa=sofa, language="en"))
    try:
        h.click(h.layout()["button_settings"])
        boxes = {}
        for lang in ("en", "nl", "fr", "en"):
            scene = h.top
            scene.set("language", lang)         # switched in the dialog itself, as a player does
            h.step(2)
            scene = h.top
            assert i18n.current_language() == lang
            boxes[lang] = (scene.panel_rect.size, round(scene.gui_scale(), 4))
            assert pygame.Rect((0, 0), size).contains(scene.panel_rect), (lang, scene.panel_rect)
        assert len(set(boxes.values())) == 1, boxes
    finally:
        i18n.set_language("en")
