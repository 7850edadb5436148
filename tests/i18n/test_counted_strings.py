"""Every count goes through the plural forms: no "1 shillings", "1 land tiles", "1 cards".

Each counted sentence of the catalogue is rendered at 0, 1, 2 and 5 in every language, and a
sentence that puts a number before a plural noun without plural forms must be one whose
number can never be 0 or 1 (listed below, each with its reason).
"""
from __future__ import annotations

import re
import string

import pytest
from babel.messages.pofile import read_po

from ne_game import i18n
from ne_game.storage.paths import resource_path

NOUNS = r"(shillings|land tiles|tiles|cards|items|parcels|figures|pilgrims|barns|ships)"
COUNTED = re.compile(r"\{(\w+)\} " + NOUNS + r"\b")
# (msgid start, placeholder): numbers that are never 0 or 1, with the reason
NEVER_ONE = {
    ("This step asks you to announce", "lands"): "an offer announces 3 to 6 land tiles",
    ("{name} announced {lands} land tiles", "lands"): "3 to 6 land tiles",
    ("{name} announced {lands} land tiles", "cards"): "the rest of 9 slots: 3 to 6 cards",
    ("{name} announces {lands} land tiles", "lands"): "3 to 6 land tiles",
    ("{name} announces {lands} land tiles", "cards"): "3 to 6 cards",
    ("Announce {low} to {high} land tiles", "high"): "the largest offer, 6",
    ("You announced {lands} land tiles", "lands"): "3 to 6 land tiles (the coach's words)",
    ("You announced {lands} land tiles", "cards"): "3 to 6 cards",
    ("announce {lands} land tiles", "lands"): "3 to 6 land tiles (the coach's better move)",
    ("announce {lands} land tiles", "cards"): "3 to 6 cards",
    ("{lands} land tiles and {cards} cards", "lands"): "3 to 6 land tiles",
    ("{lands} land tiles and {cards} cards", "cards"): "3 to 6 cards",
    ("{id}: develops {parcels} of your own", "land"): "a land's name, not a count",
}


def _template():
    with open(resource_path("assets", "locale", "ne_game.pot"), "rb") as f:
        return read_po(f)


def test_no_number_stands_before_a_plural_noun_without_plural_forms():
    bad = []
    for m in _template():
        if not m.id or isinstance(m.id, tuple):
            continue
        for hit in COUNTED.finditer(m.id):
            if not any(m.id.startswith(start) and hit.group(1) == name for start, name in NEVER_ONE):
                bad.append(f"{hit.group(0)!r} in {m.id[:70]!r}")
    assert bad == []


def test_the_singular_of_a_counted_sentence_is_singular():
    for m in _template():
        if isinstance(m.id, tuple):
            assert not COUNTED.search(m.id[0].replace("{n}", "1")), m.id[0]
            for hit in COUNTED.finditer(m.id[0]):
                assert hit.group(1) != "n", f"the singular says {hit.group(0)!r}: {m.id[0]}"


@pytest.mark.parametrize("lang", ["en", "nl", "fr"])
def test_every_counted_sentence_renders_at_0_1_2_and_5(lang):
    i18n.set_language(lang)
    try:
        for m in _template():
            if not isinstance(m.id, tuple):
                continue
            singular, plural = m.id
            names = {f for _t, f, _s, _c in string.Formatter().parse(plural) if f}
            for n in (0, 1, 2, 5):
                values = {k: "X" for k in names}
                values["n"] = n
                text = i18n.nfmt(singular, plural, n, **values)
                assert str(n) in text or "{n}" not in plural, (lang, n, text)
                assert "{" not in text, (lang, n, text)
                if lang == "en":
                    assert not re.search(rf"\b1 {NOUNS}\b", text) or n != 1, text
    finally:
        i18n.set_language("en")


def test_numbers_follow_the_locale():
    try:
        i18n.set_language("fr")
        assert i18n.number(0.5) == "0,5" and i18n.number(150, percent=True) == "150\u00a0%"
        i18n.set_language("nl")
        assert i18n.number(1.5) == "1,5"
        i18n.set_language("en")
        assert i18n.number(0.5) == "0.5" and i18n.number(125, percent=True) == "125%"
    finally:
        i18n.set_language("en")
