"""Playtest 13a: an empty card slot said "card" in English and showed only a picture in Dutch:
"ontwikkelingskaartje" (122 px at the 12 px floor) fits no slot (97 px at 1080p). A card's slot has
its shortest words as a land's has ("ontwikkeling", as "terrein"): where those fit, the words say it."""
from __future__ import annotations

import pygame
import pytest

from ne_game import i18n
from ne_game.ui.look.theme import load_theme
from ne_game.ui.scenes.table.draw import gfx, layout, offer_view
from ne_game.ui.scenes.table.draw.text_floor import floor_px


@pytest.mark.parametrize("size", [(1920, 1080), (3840, 2160)], ids=["1080p", "4k"])
@pytest.mark.parametrize("lang", ["en", "nl", "fr"])
def test_an_empty_card_slot_has_words_where_english_has(size, lang):
    pygame.init()
    i18n.set_language(lang)
    try:
        lay = layout.compute(size, sofa=False)
        st = gfx.Style(load_theme("default"))
        floor = floor_px(lay)
        grid = offer_view.offer_grid(lay, list(range(9)))
        for slot in (0, 3, 6):
            cr = offer_view.card_rect(grid.cells[slot], grid.tab_h)
            fit = offer_view.slot_label(st, slot, max(lay.fs(11), floor), floor, cr.width - lay.px(12), cr.height)
            assert fit is not None, (lang, slot, offer_view.slot_words(slot))
            assert all(not line.endswith("-") for line in fit[1]), fit
    finally:
        i18n.set_language("en")
