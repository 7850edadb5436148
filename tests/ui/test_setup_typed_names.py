"""Playtest 11a (in French): a seat whose player had typed "Ezekiel" went back to "Joueur 1"
when made a person's seat again. A name the player typed stays whatever the seat's kind; only
a name the setup gave (a computer's colonist, "Player N") follows the kind."""
from __future__ import annotations

import pygame
import pytest

from ne_game import i18n
from ne_game.ui.text.seat_names import COMPUTER_NAMES, default_name
from tests.ui.test_first_game_details import open_setup


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("typed", ["Ezekiel", "Bradford"])
def test_a_typed_name_stays_when_its_seat_changes_kind(harness, lang, typed):
    i18n.set_language(lang)
    try:
        h = harness()
        open_setup(h)
        h.click(h.layout()["names"][0])
        h.key(pygame.K_END)
        h.clear_text_field()
        h.type_text(typed)
        h.key(pygame.K_RETURN)
        for kind in ("easy", "human", "medium", "human"):
            h.click(h.layout()["kinds"][0][kind])
            assert h.top.name_boxes[0].get_text() == typed, (kind, h.top.name_boxes[0].get_text())
        # a name the setup gave still follows the kind: a colonist, then "Player 2" again
        h.click(h.layout()["kinds"][1]["easy"])
        given = h.top.name_boxes[1].get_text()
        assert given in COMPUTER_NAMES and given != typed
        h.click(h.layout()["kinds"][1]["human"])
        assert h.top.name_boxes[1].get_text() == default_name(2)
    finally:
        i18n.set_language("en")
