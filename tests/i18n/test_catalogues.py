"""The Dutch and French catalogues: complete, not fuzzy, same placeholders, the rulebooks' terms."""
import re
import string

import pytest

from ne_game import i18n
from ne_game.i18n.po import parse_po
from ne_game.storage.paths import resource_path

LANGS = ("nl", "fr")
TEMPLATE = resource_path("assets", "locale", "ne_game.pot")
# identical in every language on purpose: proper names and the game's title
SAME_EVERYWHERE = {"New England", "OK", "{name} ({family})", "Ctrl"}   # proper names, a name and its family; a key cap
# the same word in that language ("Normal" is French too), or nothing but placeholders
# key caps as Dutch keyboards print them; "Auto" is French too
SAME_IN = {"nl": {"computer ({level})", "Enter", "Esc", "Shift", "Backspace", "Delete"},
           "fr": {"Normal", "Animations", "Shillings", "Auto", "pause"}}


def _catalogue(lang):
    return i18n.read_catalogue(lang)


def _template():
    return parse_po(TEMPLATE.read_text(encoding="utf-8"), "ne_game.pot")


def placeholders(text: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(text) if name is not None}


def problems(template, catalogue, nplurals) -> list[str]:
    """Everything wrong with a catalogue against its template (empty list: all good)."""
    have = {(e.context, e.msgid): e for e in catalogue.entries}
    out = []
    for t in template.entries:
        e = have.get((t.context, t.msgid))
        name = f"{t.context + ' | ' if t.context else ''}{t.msgid[:60]!r}"
        if e is None:
            out.append(f"missing: {name}")
            continue
        if e.fuzzy:
            out.append(f"fuzzy: {name}")
        if t.msgid_plural is not None:
            if e.msgid_plural != t.msgid_plural:
                out.append(f"plural msgid differs: {name}")
            forms = [e.plurals.get(k, "") for k in range(nplurals)]
            if not all(forms):
                out.append(f"plural forms incomplete: {name}")
            want = placeholders(t.msgid) | placeholders(t.msgid_plural)
            for f in forms:
                if f and not placeholders(f) <= want | {"n"}:
                    out.append(f"unknown placeholder in a plural form: {name}")
            if forms[-1] and placeholders(forms[-1]) != placeholders(t.msgid_plural):
                out.append(f"placeholders differ (plural): {name}")
        else:
            if not e.msgstr:
                out.append(f"untranslated: {name}")
            elif placeholders(e.msgstr) != placeholders(t.msgid):
                out.append(f"placeholders differ: {name}: {sorted(placeholders(t.msgid))} "
                           f"vs {sorted(placeholders(e.msgstr))}")
    return out


@pytest.mark.parametrize("lang", LANGS)
def test_catalogue_is_complete_and_consistent(lang):
    cat = _catalogue(lang)
    assert problems(_template(), cat, cat.nplurals) == []


@pytest.mark.parametrize("lang", LANGS)
def test_catalogue_has_no_stale_entries(lang):
    wanted = {(t.context, t.msgid) for t in _template().entries}
    extra = [e.msgid[:60] for e in _catalogue(lang).entries if (e.context, e.msgid) not in wanted]
    assert extra == []


def test_the_checker_catches_each_kind_of_mistake():
    template = parse_po('msgid "{name} pays {cost}"\nmsgstr ""\n\nmsgid "Close"\nmsgstr ""\n\n'
                        'msgid "Open"\nmsgstr ""\n\n'
                        'msgid "{n} tile"\nmsgid_plural "{n} tiles"\nmsgstr[0] ""\nmsgstr[1] ""\n')
    bad = parse_po('msgid "{name} pays {cost}"\nmsgstr "{naam} betaalt {cost}"\n\n'
                   '#, fuzzy\nmsgid "Close"\nmsgstr "Sluiten"\n\n'
                   'msgid "{n} tile"\nmsgid_plural "{n} tiles"\nmsgstr[0] "{n} tegel"\nmsgstr[1] ""\n')
    found = problems(template, bad, 2)
    assert any(p.startswith("placeholders differ") for p in found)
    assert any(p.startswith("fuzzy") for p in found)
    assert any(p.startswith("missing") and "Open" in p for p in found)
    assert any(p.startswith("plural forms incomplete") for p in found)
    empty = parse_po('msgid "Close"\nmsgstr ""\n')
    assert any(p.startswith("untranslated") for p in problems(parse_po('msgid "Close"\nmsgstr ""\n'), empty, 2))


@pytest.mark.parametrize("lang,rule", [("nl", {0: 1, 1: 0, 2: 1, 5: 1}), ("fr", {0: 0, 1: 0, 2: 1, 5: 1})])
def test_plural_rule_comes_from_the_header(lang, rule):
    cat = _catalogue(lang)
    assert cat.nplurals == 2
    assert {n: cat.plural(n) for n in rule} == rule


def test_several_hundred_entries_are_on_the_way():
    # this half of the work: every data text and every string wrapped so far
    assert len(_template().entries) >= 140


@pytest.mark.parametrize("lang,terms", [
    ("nl", ["terreinkaartje", "ontwikkelingskaartje", "biedfiche", "Pelgrimvader", "schuren", "schepen",
            "percelen", "nederzetting", "weide", "shilling", "startspeler", "zegepunten"]),
    ("fr", ["tuile terrain", "carte développement", "marqueur de mise", "colon", "étable", "bateau",
            "parcelle", "premier joueur", "points de victoire", "shillings", "tours préliminaires"]),
])
def test_the_rulebooks_terms_are_used_and_in_the_glossary(lang, terms):
    text = i18n.catalogue_path(lang).read_text(encoding="utf-8")
    head = text.split('msgid ""')[0]
    body = " ".join(e.msgstr for e in _catalogue(lang).entries)
    for term in terms:
        assert term.lower() in head.lower(), f"{term} is not in the glossary"
        used = re.search(re.escape(term.lower()).replace(r"\ ", r"s?\ "), body.lower())   # plurals too
        assert used, f"{term} is never used"


@pytest.mark.parametrize("lang", LANGS)
def test_no_english_left(lang):
    """A translation equal to its English source is a forgotten one (proper names aside)."""
    same = [e.msgid for e in _catalogue(lang).entries
            if e.msgstr == e.msgid and e.msgid not in SAME_EVERYWHERE | SAME_IN.get(lang, set())
            and re.search(r"[^\W\d_]{2,}", re.sub(r"\{[^{}]*\}", "", e.msgid))]
    assert same == []
    english = re.compile(r"\b(the|and|you|your|with|each|player|land tiles?)\b")  # not "of": Dutch "or"
    words = [e.msgid[:40] for e in _catalogue(lang).entries if english.search(e.msgstr)]
    assert words == []


def test_french_punctuation_keeps_its_no_break_space():
    # "Fermer :" must never wrap with the colon alone on the next line
    for e in _catalogue("fr").entries:
        assert not re.search(r" [:;!?]", e.msgstr), e.msgid[:50]


@pytest.mark.parametrize("lang", ["nl", "fr"])
def test_no_translation_holds_two_glued_together(lang):
    """A merge once joined an entry's old and new translations into one ("... de moins.Après coup,
    ..."): the plural showed both sentences. A full stop straight before a capital is that seam."""
    seam = re.compile(r"[a-zà-ÿ]\.[A-ZÀ-Ý][a-zà-ÿ]")
    glued = [(e.line, text[:60]) for e in i18n.read_catalogue(lang).entries
             for text in [e.msgstr, *e.plurals.values()] if seam.search(text) and not seam.search(e.msgid)]
    assert glued == []
