"""Playtest 9a: the recap strip was icon shorthand ("P 4 [icon] D3 [icon] J7 +4"). Each move has a
few words beside its picture ("bid 4", "field at J7", "+4 shillings income") and each row the
player's name, inside the strip's width; the newest row is always shown."""
from __future__ import annotations

import pygame
import pytest

from ne_game import i18n
from ne_game.ui.look.theme import load_theme
from ne_game.ui.scenes.table.draw import gfx, layout, recap_strip
from ne_game.ui.scenes.table.model.view_model import LogLine, RecapView
from tests.ui.harness import words_drawn

MOVES = (("bid", "4"), ("land", "field", "J7"), ("figure", "barn", "D3"), ("card", "pasture", "B2, B3"),
         ("coin", "+4", ""))


def _lines() -> tuple[LogLine, ...]:
    return tuple(LogLine(fam, f"{who} moved.", True, name=who, glyph=g)
                 for fam, who in (("palmer", "Mercy"), ("howland", "Josiah")) for g in MOVES)


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (3840, 2160)])
@pytest.mark.parametrize("sofa", [False, True], ids=["desk", "sofa"])
@pytest.mark.parametrize("lang", ["en", "nl", "fr"])
def test_each_move_of_the_recap_has_its_words_within_the_strip(monkeypatch, size, sofa, lang):
    pygame.init()
    i18n.set_language(lang)
    try:
        lay = layout.compute(size, sofa=sofa)
        st = gfx.Style(load_theme("default"))
        view = RecapView("Anne, since your last turn:", _lines())
        _head, placed, _left, _note = recap_strip.recap_layout(lay, st, view)
        assert placed[-1].row.name == "Josiah" and not placed[-1].row.terse, "the newest row is shown in words"
        px, h, _gap = recap_strip._sizes(lay, st)
        for p in placed:
            for x, _y, g in p.chips:
                assert x + recap_strip._chip_width(st, g, px, h, p.row.terse) <= lay.log_rect.right - lay.px(4), g
        drawn = words_drawn(monkeypatch)
        recap_strip.draw_recap(pygame.Surface(size), lay, st, view)
        said = " | ".join(drawn)
        want = [i18n.fmt("{name}:", name="Josiah"), i18n.fmt("bid {n}", n="4"),
                i18n.nfmt("+{n} shilling income", "+{n} shillings income", 4, n=4)]
        for w in want:
            assert w in said, (w, said)
        assert "J7" in said and "D3" in said
    finally:
        i18n.set_language("en")
