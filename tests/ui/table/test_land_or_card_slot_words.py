"""Playtest 14a (3840x2160, Dutch): the offer's empty "land or card" slots read "elk kaartje"
("any card"), where English says "land or card" and French "tuile ou carte". The words name
both kinds (the short forms of the land's and the card's slots: "terrein of ontwikkeling"), and
where they do not read whole in the slot, its pictures say it (the rule for empty slots)."""
from __future__ import annotations

import pygame
import pytest

from ne_game import i18n
from ne_game.ui.look.theme import load_theme
from ne_game.ui.scenes.table.draw import gfx, layout, offer_view
from ne_game.ui.scenes.table.draw.card_face import TEXT_FLOOR


@pytest.mark.parametrize("lang", ["en", "nl"])
def test_land_or_card_names_both_kinds(lang):
    i18n.set_language(lang)
    try:
        words = offer_view.slot_words(4)[0].replace(offer_view.SOFT_HYPHEN, "").split()
        for slot in (0, 6):             # the land's and the card's slots' shortest words
            assert offer_view.slot_words(slot)[1].replace(offer_view.SOFT_HYPHEN, "") in words, (slot, words)
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (3840, 2160)], ids=["720p", "1080p", "4k"])
@pytest.mark.parametrize("sofa", [False, True], ids=["desk", "sofa"])
@pytest.mark.parametrize("lang", ["en", "nl", "fr"])
def test_the_slot_shows_its_words_whole_or_its_pictures(size, sofa, lang):
    pygame.init()
    i18n.set_language(lang)
    try:
        st = gfx.Style(load_theme("default"))
        lay = layout.compute(size, sofa=sofa)
        grid = offer_view.offer_grid(lay, list(range(9)))
        cr = offer_view.card_rect(grid.cells[4], grid.tab_h)
        floor = max(TEXT_FLOOR, lay.text_min)
        fit = offer_view.slot_label(st, 4, max(lay.fs(11), floor), floor, cr.width - lay.px(12), cr.height)
        if fit is not None:
            assert " ".join(fit[1]).split() == offer_view.slot_words(4)[0].split(), fit
    finally:
        i18n.set_language("en")
