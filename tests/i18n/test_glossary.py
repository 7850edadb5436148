"""The glossaries (assets/locale/<lang>/glossary.toml) hold the rulebooks' terms: every term is
used in its language's catalogue, and no translation uses a forbidden variant of one."""
import re
import sys

import pytest

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10 reads TOML with tomli (a dependency there)
    import tomli as tomllib

from ne_game.i18n.po import Catalogue, parse_po
from ne_game.storage.paths import resource_path

LANGS = ("nl", "fr")
GENDERS = {"nl": {"de", "het", "-"}, "fr": {"m", "f", "-"}}
PLACEHOLDER = re.compile(r"\{[^{}]*\}|%\([^)]*\)[sd]")


def glossary(lang: str) -> dict:
    path = resource_path("assets", "locale", lang, "glossary.toml")
    with path.open("rb") as f:
        return tomllib.load(f)


def catalogue(lang: str) -> Catalogue:
    path = resource_path("assets", "locale", lang, "LC_MESSAGES", "ne_game.po")
    return parse_po(path.read_text(encoding="utf-8"), str(path))


def translations(cat: Catalogue) -> list[tuple[str, str]]:
    """(msgid, translated text without its placeholders) for every msgstr and plural form."""
    out = []
    for e in cat.entries:
        for text in ([e.msgstr] if e.msgid_plural is None else list(e.plurals.values())):
            if text:
                out.append((e.msgid, PLACEHOLDER.sub(" ", text)))
    return out


def whole_word(phrase: str) -> re.Pattern:
    """The phrase as whole words, any case ("défaire" finds "Défaire", not "défairent")."""
    return re.compile(r"(?<!\w)" + re.escape(phrase) + r"(?!\w)", re.IGNORECASE)


def forbidden_uses(terms: list[dict], texts: list[tuple[str, str]]) -> list[str]:
    found = []
    for t in terms:
        for variant in t.get("forbidden", []):
            pattern = whole_word(variant)
            found += [f"{variant!r} in {msgid[:50]!r}" for msgid, text in texts if pattern.search(text)]
    return found


def unused_terms(terms: list[dict], texts: list[tuple[str, str]]) -> list[str]:
    body = "\n".join(text for _, text in texts)
    return [t["term"] for t in terms
            if not any(whole_word(form).search(body) for form in (t["term"], t.get("plural", "")) if form)]


@pytest.mark.parametrize("lang", LANGS)
def test_the_glossary_is_well_formed(lang):
    g = glossary(lang)
    assert g["language"] == lang
    terms = g["term"]
    assert len(terms) >= 20
    for t in terms:
        assert isinstance(t["en"], str) and t["en"], t
        assert isinstance(t["term"], str) and t["term"], t
        assert t["gender"] in GENDERS[lang], t
        assert isinstance(t.get("forbidden", []), list), t
        assert all(isinstance(v, str) and v for v in t.get("forbidden", [])), t
        # a term cannot forbid itself (nor its plural)
        own = {t["term"].lower(), t.get("plural", "").lower()}
        assert not own & {v.lower() for v in t.get("forbidden", [])}, t
    assert len({t["en"] for t in terms}) == len(terms), "one entry per English term"


@pytest.mark.parametrize("lang", LANGS)
def test_no_translation_uses_a_forbidden_variant(lang):
    assert forbidden_uses(glossary(lang)["term"], translations(catalogue(lang))) == []


@pytest.mark.parametrize("lang", LANGS)
def test_every_glossary_term_is_used(lang):
    assert unused_terms(glossary(lang)["term"], translations(catalogue(lang))) == []


def test_the_checks_catch_a_forbidden_variant_and_an_unused_term():
    cat = parse_po('msgid "Undo"\nmsgstr "Défaire"\n\n'
                   'msgid "{n} tile"\nmsgid_plural "{n} tiles"\nmsgstr[0] "{n} tuile"\nmsgstr[1] "{n} tuiles"\n\n'
                   'msgid "Land-use card"\nmsgstr "La carte d\'exploitation"\n\n'
                   'msgid "{figure} here"\nmsgstr "{figure} ici, défairent"\n')
    terms = [{"term": "Annuler", "forbidden": ["Défaire"]},
             {"term": "tuile", "plural": "tuiles", "forbidden": ["carte d'exploitation", "figure"]}]
    found = forbidden_uses(terms, translations(cat))
    # whole words in any case; never a placeholder's name; a longer word is another word
    assert found == ["'Défaire' in 'Undo'", "\"carte d'exploitation\" in 'Land-use card'"]
    assert unused_terms(terms, translations(cat)) == ["Annuler"]
