"""Playtest 14a (3840x2160, Dutch, sofa): the red "-2" money-change badge covered the panel's
sub line ("Annable · computerspe…"). The change of money never covers the panel's words: drawn
over the panel's empty room only. Every panel, at 720p, 1080p and 4K, desk and sofa, en/nl/fr,
with a gain and a loss showing: where the badge goes, the panel without it is bare."""
from __future__ import annotations

import pygame
import pytest

from ne_game import i18n
from ne_game.game.session import GameSession
from ne_game.storage.settings import Settings
from ne_game.ui.scenes.table.draw import panels
from ne_game.ui.scenes.table.model.view_model import MoneyView
from tests.history.games import play
from tests.ui.harness import Harness


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (3840, 2160)], ids=["720p", "1080p", "4k"])
@pytest.mark.parametrize("sofa", ["off", "on"])
@pytest.mark.parametrize("lang", ["en", "nl", "fr"])
def test_the_money_change_covers_no_word(size, sofa, lang):
    i18n.set_language(lang)
    h = Harness(size=size, settings=Settings(animation="off", handover=False, sofa=sofa, language=lang))
    try:
        save = play(("easy",) * 4, seed=3, names=("Winslow", "Prudence", "Josiah", "Mercy"), stop=60)
        h.app.go("table", session=GameSession.from_save(save))
        h.step(2)
        t = h.top
        lay, st, rs = t.lay, t.style, t.facts.rs
        views = t.view.panels
        depth = panels.sub_depth(lay, st, views)
        for pv in views:
            geo = panels.geometry(lay, pv.seat, pv.barn_cells)
            bare = pygame.Surface(h.app.screen.get_size())
            panels.draw_panel(bare, lay, st, pv, rs, depth)
            for delta in (-2, 12):
                mv = MoneyView(pv.seat, 17, 13, delta)
                before = bare.copy()
                panels.draw_money(before, lay, st, MoneyView(pv.seat, 17, 13, 0), geo, pv)
                drawn = panels.draw_money(bare.copy(), lay, st, mv, geo, pv)
                assert "delta" in drawn
                r = drawn["delta"]
                assert geo["rect"].contains(r), (r, geo["rect"])
                ground = before.get_at(r.topleft)
                covered = [(x, y) for x in range(r.x, r.right) for y in range(r.y, r.bottom)
                           if before.get_at((x, y)) != ground]
                assert not covered, (pv.name, delta, r, covered[:3])
    finally:
        h.close()
        i18n.set_language("en")
