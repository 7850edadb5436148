"""Card codes follow the player's language: the land's initial there, then the pattern."""
from __future__ import annotations

import pytest

from ne_game import i18n
from ne_game.game.gamedata import default_ruleset
from ne_game.rules import OfferItem
from ne_game.ui.scenes.table.model.view_model import offer_item
from ne_game.ui.text.words import card_code, land_title


@pytest.mark.parametrize("lang, codes", [
    ("en", {"S4O": "S4O", "F3L": "F3L", "P2": "P2"}),
    ("nl", {"S4O": "N4O", "F3L": "V3L", "P2": "W2"}),     # nederzetting, veld, weide
    ("fr", {"S4O": "V4O", "F3L": "C3L", "P2": "P2"}),     # village, champ, pâturage
])
def test_card_codes_start_with_the_lands_initial_in_each_language(lang, codes):
    i18n.set_language(lang)
    try:
        rs = default_ruleset()
        for cid, code in codes.items():
            assert card_code(cid) == code
            assert card_code(cid)[0] == land_title(rs.cards[cid].land)[0].upper()
        figure_card = next(c for c, s in rs.cards.items() if s.figure)
        assert card_code(figure_card) == figure_card          # figure cards carry no code
        view = offer_item(OfferItem(slot=3, kind="card", land=None, card="S4O"), rs)
        # the players never see a code (issue 35: F2 is also a parcel): the offer says the land
        assert codes["S4O"] not in view.title and view.title == land_title("settlement")
    finally:
        i18n.set_language("en")
