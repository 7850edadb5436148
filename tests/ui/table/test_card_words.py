"""Issue 35 (playtest): players never see a card's internal code (F2 is also a parcel of the
board); the table names every card in words, from the ruleset's facts, in every language."""
from __future__ import annotations

import re

import pytest

from ne_game import i18n
from ne_game.game.gamedata import default_ruleset
from ne_game.rules import IllegalAction, OfferItem
from ne_game.rules.errors import REFUSAL_CODES
from ne_game.ui.scenes.table.model.table_words import card_words, item_words, refusal_text
from ne_game.ui.text.words import card_name

CODES = re.compile(r"\b[FSP][234][ILO]?\b|\b[VNCW][234][ILO]?\b")   # F2, S3I, and the nl/fr initials


@pytest.fixture(params=["en", "nl", "fr"])
def lang(request):
    i18n.set_language(request.param)
    yield request.param
    i18n.set_language("en")


def test_every_card_is_named_in_words_without_its_code(lang):
    rs = default_ruleset()
    names = set()
    for cid in rs.cards:
        for text in (card_name(cid), card_name(cid, definite=False), card_words(cid, rs),
                     item_words(OfferItem(slot=1, kind="card", card=cid), rs)):
            assert text and "{" not in text and not CODES.search(text), (lang, cid, text)
        names.add(card_name(cid))
    assert len(names) == len(rs.cards)          # two cards never share a name


def test_refusals_name_the_card_in_words(lang):
    for code in REFUSAL_CODES:
        text = refusal_text(IllegalAction("x", code=code, params={"card": "F3L", "need": 3, "given": 2,
                                                                  "cell": "D4", "land": "field"}))
        assert "F3L" not in text and not CODES.search(text), (lang, code, text)
