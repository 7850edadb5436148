"""Playtest 10c: in Dutch at sofa distance "Nederzetting" took two lines on an offer card
("Neder-zetting"), so that card was drawn shorter than its neighbours; high contrast's
"SETTLE-MENT" too. A card's name keeps to one line wherever the tightest setting holds it
(letters set closer, then condensed, at the floor), and the cards of a row stay as tall as each
other where a name must still break."""
from __future__ import annotations

import pygame
import pytest

from ne_game import i18n
from ne_game.game.session import GameSession
from ne_game.storage.settings import Settings
from ne_game.ui.scenes.table.draw import card_face, offer_view
from ne_game.ui.scenes.table.draw.card_face import TEXT_FLOOR
from tests.history.games import play
from tests.ui.harness import Harness


def _table(size, lang, theme):
    i18n.set_language(lang)
    h = Harness(size=size, settings=Settings(animation="off", handover=False, sofa="on", language=lang,
                                             theme=theme))
    h.app.go("table", session=GameSession.from_save(play(("human",) * 4, seed=3, stop=14)))
    h.step(2)
    return h


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (3840, 2160)], ids=["720p", "1080p", "4k"])
@pytest.mark.parametrize("lang,theme", [("nl", "default"), ("en", "default"), ("fr", "default"),
                                        ("en", "high_contrast"), ("fr", "high_contrast")])
def test_every_cards_name_keeps_to_one_line_at_sofa_distance(size, lang, theme):
    h = _table(size, lang, theme)
    try:
        t = h.top
        lay, st, rs = t.lay, t.style, t.facts.rs
        floor = max(TEXT_FLOOR, lay.text_min)
        cell = offer_view.offer_grid(lay, t.view.offer.slots).cells[1]
        ir = offer_view.item_image_rect(lay, cell, "card")
        for card in rs.card_ids:
            lines = offer_view._banner_lines(lay, st, ir, cell, card, rs, floor)
            assert len(lines) == 1, (card_face.ribbon_title(st, card, rs), lines)
    finally:
        h.close()
        i18n.set_language("en")


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)], ids=["720p", "1080p"])
def test_the_cards_of_a_row_stay_as_tall_as_each_other(size, monkeypatch):
    """High contrast in Dutch ("NEDERZETTING", "PELGRIMVADER" in capitals) still breaks: the
    whole row is drawn as short as its two-line names need, not one card alone."""
    h = _table(size, "nl", "high_contrast")
    try:
        t = h.top
        lay, st, rs = t.lay, t.style, t.facts.rs
        drawn: dict[str, tuple[int, int]] = {}
        real = card_face.card

        def spy(st_, card, size_, *a, **k):
            drawn[card] = size_
            return real(st_, card, size_, *a, **k)
        monkeypatch.setattr(card_face, "card", spy)
        offer_view.draw_offer(pygame.Surface(lay.size), lay, st, t.view.offer, rs)
        grid = offer_view.offer_grid(lay, t.view.offer.slots)
        rows: dict[int, set[int]] = {}
        for item in t.view.offer.items:
            if item.card is not None:
                rows.setdefault(grid.cells[item.slot].y, set()).add(drawn[item.card][1])
        assert any(len(v) for v in rows.values())
        for y, heights in rows.items():
            assert len(heights) == 1, (y, heights)
    finally:
        h.close()
        i18n.set_language("en")
