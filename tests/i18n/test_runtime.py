"""The runtime: .po reading, plural rules, lookups, switching, system locale, pseudo-locale."""
import logging

import pytest

from ne_game import i18n
from ne_game.i18n.po import POError, parse_plural_forms, parse_po, plural_function, quote

PO = r'''# a translator comment
msgid ""
msgstr ""
"Language: nl\n"
"Plural-Forms: nplurals=2; plural=(n != 1);\n"

#. extracted
#: file.py:3
msgid "Close"
msgstr "Sluiten"

msgctxt "land"
msgid "field"
msgstr "veld"

msgid "field"
msgstr "akker"

msgid ""
"A long "
"text with \"quotes\"\n"
"and a line"
msgstr "Een lange tekst met \"aanhalingstekens\"\n"
"en een regel"

msgid "{count} tile left"
msgid_plural "{count} tiles left"
msgstr[0] "nog {count} kaartje"
msgstr[1] "nog {count} kaartjes"

#, fuzzy
msgid "Undo"
msgstr "Ongedaan"

msgid "Empty"
msgstr ""

#~ msgid "Old"
#~ msgstr "Oud"
'''


def test_po_reader_reads_contexts_plurals_continuations_and_escapes():
    cat = parse_po(PO, "t.po")
    assert cat.headers["Language"] == "nl"
    table = cat.lookup()
    assert table[(None, "Close")].msgstr == "Sluiten"
    assert table[("land", "field")].msgstr == "veld"
    assert table[(None, "field")].msgstr == "akker"
    assert table[(None, 'A long text with "quotes"\nand a line')].msgstr == \
        'Een lange tekst met "aanhalingstekens"\nen een regel'
    plural = table[(None, "{count} tile left")]
    assert plural.msgid_plural == "{count} tiles left" and plural.plurals == {0: "nog {count} kaartje",
                                                                              1: "nog {count} kaartjes"}
    # fuzzy and empty entries are not used; obsolete ones are not even entries
    assert (None, "Undo") not in table and (None, "Empty") not in table
    assert all(e.msgid != "Old" for e in cat.entries)
    close = next(e for e in cat.entries if e.msgid == "Close")
    assert close.auto_comments == ["extracted"] and close.references == ["file.py:3"]


@pytest.mark.parametrize("bad,line", [('msgid "a"\nmsgstr "b\n', 2), ('msgid "a"\nmsgstr b\n', 2),
                                      ('"dangling"\n', 1), ('msgid "a"\nmsgstr "\\q"\n', 2),
                                      ('msgid "a"\nmsgstr "x"y"\n', 2)])
def test_po_reader_names_the_line_of_a_mistake(bad, line):
    with pytest.raises(POError) as err:
        parse_po(bad, "bad.po")
    assert err.value.line == line and "bad.po" in str(err.value)


def test_quote_round_trips():
    text = 'a "b" \\ c\nd\te'
    assert parse_po(f'msgid {quote("x")}\nmsgstr {quote(text)}\n').lookup()[(None, "x")].msgstr == text


@pytest.mark.parametrize("expr,values", [
    ("(n != 1)", {0: 1, 1: 0, 2: 1}),
    ("(n > 1)", {0: 0, 1: 0, 2: 1, 100: 1}),
    ("n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2", {1: 0, 2: 1, 5: 2, 12: 2, 22: 1, 25: 2}),
    ("n%10==1 && n%100!=11 ? 0 : n != 0 ? 1 : 2", {0: 2, 1: 0, 11: 1, 21: 0}),
    ("0", {0: 0, 1: 0, 7: 0}),
    ("!(n - 1)", {1: 1, 2: 0}),
])
def test_plural_expressions_evaluate_like_gettext(expr, values):
    fn = plural_function(expr)
    assert {n: fn(n) for n in values} == values


@pytest.mark.parametrize("expr", ["__import__('os').system('x')", "n ** 2", "n; 1", "(n", "n ? 1", "lambda: 1",
                                  "n > 1 )", "((((((((((((((((((((((((((((((((((((((((((n))))))))))))))))))))))))))))))))))))))))))",
                                  "1" * 500])
def test_plural_expressions_are_parsed_never_evaluated(expr):
    with pytest.raises(POError):
        plural_function(expr)


def test_plural_forms_header_keeps_the_index_in_range():
    n, fn = parse_plural_forms("nplurals=2; plural=n;")
    assert n == 2 and fn(5) == 0     # out of range -> the first form, never an IndexError
    with pytest.raises(POError):
        parse_plural_forms("nplurals=99; plural=0;")


def test_lookups_follow_the_current_language():
    assert i18n._("Close") == "Close"
    i18n.set_language("nl")
    assert i18n._("Close") == "Sluiten"
    assert i18n.land_name("pasture") == "weide"
    assert i18n.pgettext("land", "field") == "veld"
    assert i18n._("A sentence nobody translated") == "A sentence nobody translated"
    i18n.set_language("fr")
    assert i18n._("Close") == "Fermer"
    assert i18n.fmt("{land}, developed", land=i18n.land_name("field")) == "champ (face utilisée)"
    i18n.set_language("en")
    assert i18n._("Close") == "Close"


def test_ngettext_uses_each_languages_rule(tmp_path, monkeypatch):
    def catalogue(lang, rule):
        return (f'msgid ""\nmsgstr "Plural-Forms: nplurals=2; plural={rule};\\n"\n\n'
                'msgid "{n} ship"\nmsgid_plural "{n} ships"\n'
                f'msgstr[0] "{lang}-one {{n}}"\nmsgstr[1] "{lang}-many {{n}}"\n')
    _catalogues_from(tmp_path, monkeypatch, nl=catalogue("nl", "(n != 1)"), fr=catalogue("fr", "(n > 1)"))
    i18n.set_language("nl")
    assert [i18n.nfmt("{n} ship", "{n} ships", k) for k in (0, 1, 2)] == ["nl-many 0", "nl-one 1", "nl-many 2"]
    i18n.set_language("fr")
    assert [i18n.nfmt("{n} ship", "{n} ships", k) for k in (0, 1, 2)] == ["fr-one 0", "fr-one 1", "fr-many 2"]
    i18n.set_language("en")
    assert [i18n.nfmt("{n} ship", "{n} ships", k) for k in (0, 1, 2)] == ["0 ships", "1 ship", "2 ships"]


def _catalogues_from(tmp_path, monkeypatch, **po_texts):
    """The game reads these .po texts (lang=text) instead of the shipped catalogues."""
    for lang, text in po_texts.items():
        d = tmp_path / "assets" / "locale" / lang / "LC_MESSAGES"
        d.mkdir(parents=True)
        (d / "ne_game.po").write_text(text, encoding="utf-8")
    monkeypatch.setattr(i18n, "resource_path", lambda *p: tmp_path.joinpath(*p))
    i18n.reload_catalogues()


def test_a_broken_translation_falls_back_to_english(tmp_path, monkeypatch, caplog):
    _catalogues_from(tmp_path, monkeypatch, nl='msgid "{name} pays"\nmsgstr "{naam} betaalt"\n')
    i18n.set_language("nl")
    with caplog.at_level(logging.WARNING):
        assert i18n.fmt("{name} pays", name="Ann") == "Ann pays"
    assert "placeholders its English text lacks" in caplog.text   # found when the catalogue is read


def test_a_damaged_catalogue_means_english_not_a_crash(tmp_path, monkeypatch, caplog):
    _catalogues_from(tmp_path, monkeypatch, fr='msgid "Close"\nmsgstr Fermer\n')
    with caplog.at_level(logging.ERROR):
        i18n.set_language("fr")
    assert i18n._("Close") == "Close"
    assert "ne_game.po:2" in caplog.text


def test_listeners_hear_each_switch_and_closed_owners_drop_out():
    heard = []

    class Owner:
        def on_language(self, lang):
            heard.append(lang)

    owner = Owner()
    i18n.add_listener(owner.on_language)
    i18n.set_language("nl")
    i18n.set_language("nl")          # no change, no call
    i18n.set_language("fr")
    assert heard == ["nl", "fr"]
    del owner                        # held weakly: a closed App does not linger
    i18n.set_language("en")
    assert heard == ["nl", "fr"]


def test_unknown_languages_mean_english():
    assert i18n.set_language("de") == "en"
    assert i18n.set_language("nl_BE.UTF-8") == "nl"
    assert i18n.current_language() == "nl"


@pytest.mark.parametrize("env,getlocale,want", [
    ({"LANG": "nl_NL.UTF-8"}, None, "nl"),
    ({"LANG": "fr_BE.UTF-8"}, None, "fr"),
    ({"LANGUAGE": "de:fr:en", "LANG": "nl_NL.UTF-8"}, None, "fr"),
    ({"LANGUAGE": "de", "LANG": "nl_NL.UTF-8"}, None, "nl"),     # LANGUAGE names nothing we have
    ({"LC_ALL": "C", "LANG": "nl_NL.UTF-8"}, None, "en"),        # LC_ALL wins over LANG
    ({"LC_MESSAGES": "fr_FR", "LANG": "en_GB"}, None, "fr"),
    ({"LANG": "de_DE.UTF-8"}, None, "en"),
    ({}, ("Dutch_Netherlands", "1252"), "nl"),                   # Windows spells it out
    ({}, ("fr_CA", "UTF-8"), "fr"),
    ({}, (None, None), "en"),
])
def test_system_language_from_a_fake_environment(env, getlocale, want):
    assert i18n.system_language(env, (lambda: getlocale) if getlocale else (lambda: (None, None))) == want


def test_startup_order_is_lang_then_setting_then_system(monkeypatch):
    monkeypatch.setenv("LANGUAGE", "fr")
    i18n.configure_startup(None, follow_system=True)
    assert i18n.startup_language("") == "fr"          # first start: the system
    assert i18n.startup_language("nl") == "nl"        # a saved choice
    i18n.configure_startup("en", follow_system=True)
    assert i18n.startup_language("nl") == "en"        # --lang wins for this run
    i18n.clear_override()
    assert i18n.startup_language("nl") == "nl"
    i18n.configure_startup(None, follow_system=False)  # tests and the smoke test: no system lookup
    i18n.set_language("en")
    assert i18n.startup_language("") == "en"


def test_data_text_keeps_the_files_outer_spacing():
    i18n.set_language("fr")
    shown = i18n.data_text(" A barn stands here: it stores one card face down and never moves.")
    assert shown.startswith(" Une étable se trouve ici")
    assert i18n.data_text("\n\n") == "\n\n"
    assert i18n.data_text("Not in any file") == "Not in any file"


@pytest.mark.parametrize("text", ["Close", "OK", "3", "{name} pays {cost} shillings", "Line one\n\n- a bullet\n- two",
                                  "A <b>bold</b> word &amp; more", "Wheel or arrow keys scroll · Escape closes"])
def test_pseudo_marks_both_ends_and_lengthens_by_forty_percent(text):
    i18n.set_language("pseudo")
    out = i18n._(text)
    assert out.startswith(i18n.PSEUDO_OPEN) and out.endswith(i18n.PSEUDO_CLOSE)
    assert len(out) - 2 >= 1.4 * len(text)
    assert out in i18n.pseudo_outputs()
    for keep in ("{name}", "{cost}", "<b>", "</b>", "&amp;", "\n\n- "):
        if keep in text:
            assert keep in out
    assert i18n.fmt("{name} pays {cost} shillings", name="Ann", cost=3).count("Ann") == 1
    i18n.set_language("en")
    assert i18n._(text) == text
