"""Playtest 10e: at 1280x720 in Dutch the empty offer slots read "terrein-kaartje" and
"ontwik-kelings-kaartje": words broken by hand in the catalogue, where one line held them. An
empty slot's words are fitted as the card names are (one line, letters closer, a little
condensed, one size smaller, never under the floor), else broken at spaces, and a word only where no
line holds it, at the break its translator allows (a soft hyphen); in every language and size."""
from __future__ import annotations

import pygame
import pytest

from ne_game import i18n
from ne_game.i18n import pgettext
from ne_game.ui.look.theme import load_theme
from ne_game.ui.scenes.table.draw import gfx, layout, offer_view
from ne_game.ui.scenes.table.draw.text_floor import floor_px
from tests.ui.harness import texts_drawn

HINTS = ("land", "land or card", "card")


@pytest.mark.parametrize("lang", ["en", "nl", "fr"])
def test_no_slot_words_are_broken_in_the_catalogue(lang):
    i18n.set_language(lang)
    try:
        for hint in HINTS:
            for context in ("empty slot", "empty slot, short"):
                words = pgettext(context, hint)
                assert "\n" not in words and "-" not in words, (lang, hint, words)
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("size", [(1280, 720), (1280, 800), (1920, 1080), (3840, 2160)])
@pytest.mark.parametrize("sofa", [False, True], ids=["desk", "sofa"])
@pytest.mark.parametrize("lang", ["en", "nl", "fr"])
def test_an_empty_slots_words_keep_to_one_line_where_one_line_holds_them(size, sofa, lang, monkeypatch):
    pygame.init()
    i18n.set_language(lang)
    try:
        lay = layout.compute(size, sofa=sofa)
        st = gfx.Style(load_theme("default"))
        floor = floor_px(lay)
        surf = pygame.Surface(size)
        cells = offer_view.slot_rects(lay, list(range(9)))
        for slot, hint in ((0, "land"), (3, "land or card"), (6, "card")):
            cr = offer_view.card_rect(cells[slot], offer_view.tab_height(lay))
            sized = texts_drawn(monkeypatch)
            offer_view._empty_slot(surf, lay, st, cr, slot, floor)
            drawn = [text for text, _px in sized]
            inner = cr.width - lay.px(12)
            full, short = offer_view.slot_words(slot)
            # the full words, or their shortest where the full do not hold one line as set
            shortened = short != full and _joined(drawn) == _joined([short])
            words = short if shortened else full
            if shortened:
                assert not _one_line_as_set(st, full, max(lay.fs(11), floor), floor, inner), (size, sofa, hint)
            plain = words.replace(offer_view.SOFT_HYPHEN, "")
            # one step smaller at most: never the floor at once (at 4K a third of the size)
            low = max(floor, int(max(lay.fs(11), floor) * offer_view.LABEL_STEP))
            assert all(px >= low for _text, px in sized), (size, sofa, hint, sized)
            font = st.font("body", low)
            one_line = offer_view._set_width(font, plain, low) <= inner / offer_view.CONDENSE
            if one_line and not _two_lines_hold(st, plain, max(lay.fs(11), floor), floor, inner, cr.height):
                assert drawn == [plain], (size, sofa, hint, drawn)
            if any(line.endswith("-") for line in drawn):
                # a word broken only at its soft hyphen, where no line holds it
                long = [w.replace(offer_view.SOFT_HYPHEN, "") for w in words.split() if offer_view.SOFT_HYPHEN in w]
                assert long and any(offer_view._set_width(font, w, low) > inner / offer_view.CONDENSE
                                    for w in long), (size, sofa, hint, drawn)
            assert not drawn or _joined(drawn) == _joined([plain])
    finally:
        i18n.set_language("en")


def _joined(lines: list[str]) -> str:
    return "".join(x.removesuffix("-") for x in lines).replace(" ", "").replace(offer_view.SOFT_HYPHEN, "")


def _one_line_as_set(st, words: str, px: int, floor: int, room: int) -> bool:
    plain = words.replace(offer_view.SOFT_HYPHEN, "")
    return any(st.font("body", s).size(plain)[0] <= room for s in (px, max(floor, int(px * offer_view.LABEL_STEP))))


def _splits(words: str) -> list[list[str]]:
    """`words` broken at one of its spaces, every way."""
    parts = words.split(" ")
    return [[" ".join(parts[:i]), " ".join(parts[i:])] for i in range(1, len(parts))]


def _two_lines_hold(st, plain: str, px: int, floor: int, room: int, height: int) -> bool:
    """`plain` does not hold one line as set (at `px` or a step smaller), and broken at a
    space it holds two lines as set at `px`."""
    low = max(floor, int(px * offer_view.LABEL_STEP))
    if any(st.font("body", s).size(plain)[0] <= room for s in (px, low)):
        return False
    font = st.font("body", px)
    return 2 * font.get_linesize() <= height and any(
        all(font.size(line)[0] <= room for line in two) for two in _splits(plain))


@pytest.mark.parametrize("size", [(1280, 720), (1280, 800), (1920, 1080), (3840, 2160)])
@pytest.mark.parametrize("sofa", [False, True], ids=["desk", "sofa"])
@pytest.mark.parametrize("lang", ["en", "nl", "fr"])
def test_an_empty_slots_words_are_never_squeezed_where_two_lines_hold_them(size, sofa, lang, monkeypatch):
    """Playtest 10i: at 1280x720 in French "tuile terrain" was set condensed to one line and
    read squeezed. Where two lines at the full size hold the words, broken at a space, they
    take two lines, as set: no letters closer, nothing condensed."""
    pygame.init()
    i18n.set_language(lang)
    try:
        lay = layout.compute(size, sofa=sofa)
        st = gfx.Style(load_theme("default"))
        floor = floor_px(lay)
        px = max(lay.fs(11), floor)
        surf = pygame.Surface(size)
        cells = offer_view.slot_rects(lay, list(range(9)))
        set_lines: list[tuple[str, int, int]] = []
        real = offer_view.name_text

        def spy(st_, text, px_, color, room, role="heading"):
            set_lines.append((text, px_, room))
            return real(st_, text, px_, color, room, role)
        monkeypatch.setattr(offer_view, "name_text", spy)
        for slot, hint in ((0, "land"), (3, "land or card"), (6, "card")):
            cr = offer_view.card_rect(cells[slot], offer_view.tab_height(lay))
            plain = pgettext("empty slot", hint).replace(offer_view.SOFT_HYPHEN, "")
            inner = cr.width - lay.px(12)
            if not _two_lines_hold(st, plain, px, floor, inner, cr.height):
                continue
            set_lines.clear()
            offer_view._empty_slot(surf, lay, st, cr, slot, floor)
            # two lines at the full size, or the slot's shortest words on one line as set
            assert len(set_lines) == 2 or len(set_lines) == 1 and set_lines[0][0] != plain, (size, sofa, hint, set_lines)
            for text, size_px, room in set_lines:
                assert size_px == px or len(set_lines) == 1, (size, sofa, hint, set_lines)
                assert st.font("body", size_px).size(text)[0] <= room, (size, sofa, hint, text, "squeezed")
    finally:
        i18n.set_language("en")


@pytest.mark.parametrize("size", [(1280, 720), (1280, 800), (1920, 1080), (3840, 2160)])
@pytest.mark.parametrize("lang", ["en", "nl", "fr"])
def test_a_land_slots_words_keep_to_one_line_at_sofa_distance(size, lang, monkeypatch):
    """Playtest 10i: at 3840x2160 at sofa distance the Dutch empty slots still broke
    "terrein|kaartje" at the joint over two lines. The floor there is 54 px (2.5 % of the
    height), where "terreinkaartje" is 345 px wide and the slot's card 256: where its full words
    do not hold one line, a slot that takes a land tile says so in its shortest words
    ("terrein", "terrain"), on one line as set, never under the sofa's floor; so does a slot
    that takes any item in Dutch ("kaartje")."""
    pygame.init()
    i18n.set_language(lang)
    try:
        lay = layout.compute(size, sofa=True)
        st = gfx.Style(load_theme("default"))
        floor = floor_px(lay)
        surf = pygame.Surface(size)
        cells = offer_view.slot_rects(lay, list(range(9)))
        slots = (0, 3) if lang == "nl" else (0,)
        for slot in slots:
            cr = offer_view.card_rect(cells[slot], offer_view.tab_height(lay))
            sized = texts_drawn(monkeypatch)
            offer_view._empty_slot(surf, lay, st, cr, slot, floor)
            assert len(sized) == 1, (size, slot, sized)
            (text, px), = sized
            assert px >= floor, (size, slot, sized)
            assert st.font("body", px).size(text)[0] <= cr.width - lay.px(12), (size, slot, text, "squeezed")
    finally:
        i18n.set_language("en")
