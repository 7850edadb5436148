"""Players never see a card's code (issue 35: F2 is also a parcel of the board): the offer,
the lessons and the catalogues name cards in words."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from ne_game import i18n
from ne_game.game.gamedata import default_ruleset
from ne_game.rules import OfferItem
from ne_game.ui.scenes.table.model.view_model import offer_item
from ne_game.ui.text.words import card_name, land_title

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize("lang", ["en", "nl", "fr"])
def test_the_offer_and_card_names_say_the_land_never_the_code(lang):
    i18n.set_language(lang)
    try:
        rs = default_ruleset()
        view = offer_item(OfferItem(slot=3, kind="card", land=None, card="S4O"), rs)
        assert "S4O" not in view.title and view.title == land_title("settlement")
        for cid in rs.cards:
            assert cid not in card_name(cid) or rs.cards[cid].figure, (lang, cid, card_name(cid))
    finally:
        i18n.set_language("en")


def test_no_lesson_or_translation_names_a_card_by_its_code():
    codes = {c for c, spec in default_ruleset().cards.items() if spec.figure is None}
    # a code as any language would write it: a land's initial, the size, maybe a shape letter
    pattern = re.compile(r"\b[A-Z][0-9][ILO]\b|\b(?:card|kaartje|carte) [A-Z][0-9]")
    texts = [*sorted((ROOT / "levels" / "tutorial").glob("*.toml")),
             *sorted((ROOT / "assets" / "locale").glob("*/LC_MESSAGES/*.po"))]
    found = []
    for path in texts:
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if line.startswith("#") or re.match(r"\s*cards?\s*=", line):
                continue            # references and the scenario's own card ids
            if pattern.search(line) or any(re.search(rf"\b{c}\b", line) for c in codes if len(c) > 2):
                found.append(f"{path.name}:{n}: {line.strip()}")
    assert not found, found
