"""Playtest 14a: the panel's "8+4 [pilgrim]" (the VP's parts: cards, then each majority, its
figure after its number) read as cryptic. Each number now follows the picture of what it counts
(a card, the majority's figure) and "=" leads to the VP: "[card] 8 + [pilgrim] 4 = 12 VP"; no
words, alike in en/nl/fr and without colour; and it still shows where the plain form did."""
from __future__ import annotations

import dataclasses

import pygame
import pytest

from ne_game import i18n
from ne_game.game.session import GameSession
from ne_game.storage.settings import Settings
from ne_game.ui.scenes.table.draw import panels
from ne_game.ui.scenes.table.model.view_model import MoneyView
from tests.history.games import play
from tests.ui.harness import Harness


def test_every_number_follows_the_picture_of_what_it_counts():
    pv = dataclasses.make_dataclass("P", ["vp_cards", "vp_most"])(8, (("pilgrim", 4), ("ship", 2)))
    order = panels.vp_parts_order(pv)
    assert order == [("card", ""), ("number", "8"), ("sign", "+"), ("figure", "pilgrim"), ("number", "4"),
                     ("sign", "+"), ("figure", "ship"), ("number", "2"), ("sign", "=")]


@pytest.mark.parametrize("size,sofa,lang", [((3840, 2160), "on", "nl"), ((1920, 1080), "off", "fr"),
                                            ((1280, 720), "off", "en"), ((1920, 1080), "on", "en")])
def test_the_parts_show_beside_the_vp(size, sofa, lang):
    i18n.set_language(lang)
    h = Harness(size=size, settings=Settings(animation="off", handover=False, sofa=sofa, language=lang))
    try:
        save = play(("easy",) * 4, seed=3, names=("Winslow", "Prudence", "Josiah", "Mercy"), stop=60)
        h.app.go("table", session=GameSession.from_save(save))
        h.step(2)
        t = h.top
        lay, st = t.lay, t.style
        pv = dataclasses.replace(t.view.panels[2], vp_most=(("ship", 2),), vp_cards=1)
        geo = panels.geometry(lay, pv.seat, pv.barn_cells)
        surf = pygame.Surface(h.app.screen.get_size())
        drawn = panels.draw_money(surf, lay, st, MoneyView(pv.seat, 17, 13, 0), geo, pv)
        parts = panels.draw_vp_parts(surf, lay, st, pv, drawn, geo)
        assert parts is not None and parts.right < drawn["vp"].x and geo["rect"].contains(parts)
    finally:
        h.close()
        i18n.set_language("en")
