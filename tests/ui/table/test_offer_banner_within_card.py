"""Playtest 14a (3840x2160, high contrast, Dutch, sofa): "NEDERZETTING" on an offer card's banner
ran past the card's edges (a banner as wide as the cell, the card narrower). A card's name keeps
to its card: in every theme (high contrast writes it in capitals), in en, nl and fr, at every
size, desk and sofa; the card is drawn a little wider into its cell where the name needs it."""
from __future__ import annotations

import pygame
import pytest

from ne_game import i18n
from ne_game.game.session import GameSession
from ne_game.storage.settings import Settings
from ne_game.ui.scenes.table.draw import offer_view
from tests.history.games import play
from tests.ui.harness import Harness


@pytest.mark.parametrize("size", [(1280, 720), (1280, 800), (1920, 1080), (3840, 2160)],
                         ids=["720p", "800p", "1080p", "4k"])
@pytest.mark.parametrize("sofa", ["off", "on"])
@pytest.mark.parametrize("lang", ["en", "nl", "fr"])
@pytest.mark.parametrize("theme", ["default", "high_contrast"])
def test_a_cards_banner_keeps_to_its_card(size, sofa, lang, theme, monkeypatch):
    i18n.set_language(lang)
    drawn: list[tuple[pygame.Rect, pygame.Rect]] = []
    real = offer_view._name_banner

    def spy(surf, lay, st, ir, cell, *a, **k):
        r = real(surf, lay, st, ir, cell, *a, **k)
        drawn.append((pygame.Rect(ir), pygame.Rect(r)))
        return r

    monkeypatch.setattr(offer_view, "_name_banner", spy)
    h = Harness(size=size, settings=Settings(animation="off", handover=False, sofa=sofa, language=lang,
                                             theme=theme))
    try:
        h.app.go("table", session=GameSession.from_save(play(("human",) * 4, seed=3, stop=14)))
        h.step(2)
        for card, banner in drawn:
            assert card.left <= banner.left and banner.right <= card.right, (card, banner)
    finally:
        h.close()
        i18n.set_language("en")
