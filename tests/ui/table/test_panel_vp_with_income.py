"""Playtest 9a: a panel's VP vanished for a moment while the income chip ("+4" and a coin)
showed. Both show, apart, inside the panel, at every size, desk and sofa, in en, nl and fr."""
from __future__ import annotations

import pygame
import pytest

from ne_game import i18n
from ne_game.ui.look.theme import load_theme
from ne_game.ui.scenes.table.draw import gfx, layout, panels
from ne_game.ui.scenes.table.model.view_model import MoneyView


@pytest.mark.parametrize("size", [(1280, 720), (1280, 800), (1920, 1080), (3840, 2160)])
@pytest.mark.parametrize("sofa", [False, True], ids=["desk", "sofa"])
@pytest.mark.parametrize("lang", ["en", "nl", "fr"])
def test_the_income_chip_never_hides_the_vp(size, sofa, lang):
    pygame.init()
    i18n.set_language(lang)
    try:
        st = gfx.Style(load_theme("default"))
        surf = pygame.Surface(size)
        lay = layout.compute(size, sofa=sofa)
        for seat in range(4):
            geo = panels.geometry(lay, seat, ())
            for delta in (4, -12, 16):
                out = panels.draw_money(surf, lay, st, MoneyView(seat, 188, 34, delta), geo)
                assert "vp" in out and "delta" in out, (seat, delta, out)
                assert not out["vp"].colliderect(out["delta"])
                assert not out["money"].colliderect(out["delta"])
                assert geo["rect"].contains(out["delta"]) and geo["rect"].contains(out["vp"])
    finally:
        i18n.set_language("en")
