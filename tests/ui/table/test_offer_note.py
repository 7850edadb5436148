"""Playtest 21a: the first look at a new table was "flat": nine dashed, empty offer slots
through the start rounds. The empty offer says when it is dealt, in words of at least the text
floor, inside the offer's column; once dealt, no words stand over it."""
from __future__ import annotations

import pygame
import pytest

from ne_game.i18n import _
from ne_game.ui.scenes.table.draw import offer_view
from ne_game.ui.scenes.table.draw.text_floor import floor_px
from tests.ui.harness import table_at, texts_drawn


@pytest.mark.parametrize("size,sofa", [((1280, 720), "off"), ((1920, 1080), "on"), ((3840, 2160), "on")],
                         ids=["720p", "1080p-sofa", "4k-sofa"])
@pytest.mark.parametrize("lang", ["en", "nl", "fr"])
def test_the_empty_offer_says_when_it_is_dealt(size, sofa, lang, monkeypatch):
    with table_at(2, size, sofa, lang) as h:
        t = h.top
        note = t.view.offer.note
        assert note == _("The offer is dealt when the start rounds are over.")
        lay, st = t.lay, t.style
        floor = floor_px(lay)
        drawn = texts_drawn(monkeypatch)
        offer_view.draw_offer(pygame.Surface(lay.size), lay, st, t.view.offer, t.facts.rs)
        said = [(s, px) for s, px in drawn if s and s in note]
        assert " ".join(s for s, _px in said) == note, said
        assert all(px >= floor for _s, px in said), said
        r, _lines, _px = offer_view.note_rect(lay, st, note, floor)
        assert lay.offer_rect.contains(r), (r, lay.offer_rect)


def test_a_dealt_offer_has_no_words_over_it():
    with table_at(14, (1280, 720)) as h:
        assert h.top.view.offer.items and h.top.view.offer.note == ""
