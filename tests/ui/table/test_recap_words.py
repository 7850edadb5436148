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
        # the newest row in words: all of them where they fit the box, else its latest moves
        # (playtest 10c: a long turn ran below the box at sofa distance)
        assert placed[-1].row.name == "Josiah" and not placed[-1].row.terse, "the newest row is shown in words"
        for p in placed:
            for _x, y, _g in p.chips:
                assert y <= lay.log_rect.bottom - recap_strip._sizes(lay, st)[1], (y, lay.log_rect)
        px, h, _gap = recap_strip._sizes(lay, st)
        for p in placed:
            for x, _y, g in p.chips:
                assert x + recap_strip._chip_width(st, g, px, h, p.row.terse) <= lay.log_rect.right - lay.px(4), g
        drawn = words_drawn(monkeypatch)
        recap_strip.draw_recap(pygame.Surface(size), lay, st, view)
        said = " | ".join(drawn)
        want = [i18n.fmt("{name}:", name="Josiah"),
                i18n.nfmt("+{n} shilling income", "+{n} shillings income", 4, n=4)]
        if not sofa:
            want.append(i18n.fmt("bid {n}", n="4"))
        for w in want:
            assert w in said, (w, said)
        assert "J7" in said and "D3" in said
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (3840, 2160)])
@pytest.mark.parametrize("sofa", [False, True], ids=["desk", "sofa"])
def test_a_long_newest_turn_never_runs_below_the_box(size, sofa):
    """Playtest 10c: a turn of four moves in words at sofa distance ran its last line below the
    recap's box. The newest row is then shown in pictures and numbers, all its moves, inside."""
    pygame.init()
    lay = layout.compute(size, sofa=sofa)
    st = gfx.Style(load_theme("default"))
    many = tuple(LogLine("annable", "Prudence moved.", True, name="Prudence", glyph=g)
                 for g in MOVES + MOVES)
    view = RecapView("Tess, since your last turn:", _lines() + many)
    _head, placed, _left, _note = recap_strip.recap_layout(lay, st, view)
    px, h, _gap = recap_strip._sizes(lay, st)
    assert placed and placed[-1].row.name == "Prudence"
    for p in placed:
        for _x, y, _g in p.chips:
            assert y + h <= lay.log_rect.bottom, (y, h, lay.log_rect)
    newest = [g for _x, _y, g in placed[-1].chips]
    assert len(newest) >= len(MOVES + MOVES) - 1     # every move (the name may go: the badge says it)


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (3840, 2160)])
@pytest.mark.parametrize("lang", ["en", "nl", "fr"])
def test_every_player_since_your_turn_keeps_a_line(monkeypatch, size, lang):
    """Playtest 10e: at sofa distance the box showed only the newest player and "... and 8 earlier
    moves". Before a player is left out, the newest row's first moves go to pictures, and each
    older row keeps its latest moves, led by how many it leaves out."""
    pygame.init()
    i18n.set_language(lang)
    try:
        lay = layout.compute(size, 4, sofa=True)
        st = gfx.Style(load_theme("default"))
        older = (("bid", "2"), ("card", "pilgrim", ""), ("figure", "pilgrim", "F3"), ("land", "field", "B9"),
                 ("figure", "barn", "B9"), ("coin", "+4", ""))
        turn = (("bid", "5"), ("land", "settlement", "J3"), ("card", "settlement", "J1, J2, J3"), ("coin", "+4", ""))
        lines = tuple(LogLine(fam, f"{who} moved.", True, name=who, glyph=g)
                      for fam, who in (("palmer", "Mercy"), ("howland", "Josiah"), ("annable", "Prudence"))
                      for g in (turn if who == "Prudence" else older))
        view = RecapView("Sofa, since your last turn:", lines)
        _head, placed, left, _note = recap_strip.recap_layout(lay, st, view)
        assert [p.row.name for p in placed] == ["Mercy", "Josiah", "Prudence"] and left == 0
        drawn = words_drawn(monkeypatch)
        recap_strip.draw_recap(pygame.Surface(size), lay, st, view)
        said = " | ".join(drawn)
        # the older rows say how many of their moves they leave out, and show the latest
        assert any(i18n.nfmt("… {n} earlier,", "… {n} earlier,", n, n=n) in said for n in range(1, 6)), said
        assert said.count("+4") >= 2 and "J3" in said
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (3840, 2160)])
@pytest.mark.parametrize("sofa", [False, True], ids=["desk", "sofa"])
@pytest.mark.parametrize("lang", ["en", "nl", "fr"])
def test_an_older_row_short_of_room_keeps_its_name_and_its_bids_words(monkeypatch, size, sofa, lang):
    """Playtest 11a: at 1920x1080 at sofa distance the recap's older row read "[A] F4, G4 8":
    Prudence's start tile as bare cells and her bid marker as a stray number, no name, where
    Josiah's row beside it said "Josiah: start tile at I2, J2 ... bid 6". An older row short
    of room first keeps its name and its bids in words ("bid 8"), its other moves as their
    pictures and references; pictures and numbers alone only where even that does not fit."""
    pygame.init()
    i18n.set_language(lang)
    try:
        lay = layout.compute(size, sofa=sofa)
        st = gfx.Style(load_theme("default"))
        lines = (LogLine("annable", "x", True, name="Prudence", glyph=("start", "pasture", "F4, G4")),
                 LogLine("annable", "x", True, name="Prudence", glyph=("bid", "8")),
                 LogLine("howland", "x", True, name="Josiah", glyph=("start", "settlement", "I2, J2")),
                 LogLine("howland", "x", True, name="Josiah", glyph=("offer", "4")),
                 LogLine("howland", "x", True, name="Josiah", glyph=("bid", "6")))
        view = RecapView("Player 1, since your last turn:", lines)
        _head, placed, left, _note = recap_strip.recap_layout(lay, st, view)
        assert not left and [p.row.name for p in placed] == ["Prudence", "Josiah"]
        assert not placed[0].row.terse, (size, sofa, lang)
        drawn = words_drawn(monkeypatch)
        recap_strip.draw_recap(pygame.Surface(size), lay, st, view)
        said = " | ".join(drawn)
        for w in (i18n.fmt("{name}:", name="Prudence"), i18n.fmt("bid {n}", n="8"), "F4, G4"):
            assert w in said, (w, said)
    finally:
        i18n.set_language("en")
