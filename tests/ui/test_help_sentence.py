"""Words shown on their own begin as sentences (playtest 3a (b)5: "return your bid marker and
take 4 shillings income" stood alone in the help box and a tooltip, in lower case)."""
from __future__ import annotations

import pytest

from ne_game import i18n
from ne_game.ui.text import help as context_help
from ne_game.ui.text.words import sentence


@pytest.fixture()
def language():
    before = i18n.current_language()

    def use(lang: str) -> None:
        i18n.set_language(lang)
    yield use
    i18n.set_language(before)


@pytest.mark.parametrize("lang, text, expected", [
    ("en", "return your bid marker and take 4 shillings income",
     "Return your bid marker and take 4 shillings income"),
    ("fr", "écartez votre marqueur", "Écartez votre marqueur"),
    ("nl", "ijverig bieden", "IJverig bieden"),          # Dutch: ij is one letter
    ("en", "ijtihad", "Ijtihad"),                         # ...in Dutch only
    ("en", "Already a sentence.", "Already a sentence."),
    ("en", "4 shillings", "4 shillings"),
    ("en", "… and 3 more", "… and 3 more"),
    ("en", "", ""),
])
def test_sentence(language, lang, text, expected):
    language(lang)
    assert sentence(text) == expected


def test_the_context_help_is_a_sentence(monkeypatch):
    monkeypatch.setattr(context_help, "_explain", lambda facts, lay, pos: "the offer: 6 shillings each")
    assert context_help.explain(None, None, (0, 0)) == "The offer: 6 shillings each"  # type: ignore[arg-type]
