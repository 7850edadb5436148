"""Translations: gettext-style lookups against assets/locale/<lang>/LC_MESSAGES/ne_game.po.

English is the source language: a msgid is the English text, and English needs no catalogue.

    from ne_game.i18n import _, ngettext, pgettext, fmt
    _("Settings")
    fmt("{name} pays {cost} shillings", name=n, cost=c)     # look up, then fill placeholders
    ngettext("{count} land tile left", "{count} land tiles left", k).format(count=k)
    pgettext("land", "field")                                 # short words that need a context

The current language is process-wide and can change at any time (`set_language`); the
lookups read it at call time, so a scene that re-renders after the switch speaks the new
language. Listeners (`add_listener`) hear every switch: the App re-lays out its scenes.

Data texts (rules, help, lessons in TOML) are looked up with `data_text(text)`: the msgid
is the text as written in the file, stripped (see ne_game/i18n/extract.py, which puts the
same strings into the template).

"pseudo" is a test language: every string is lengthened by 40 % and marked ⟨…⟩, so a test
can see text that bypassed the catalogue or was cut off.
"""
from __future__ import annotations

import locale
import logging
import math
import os
import re
import string
import weakref
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from ne_game.storage import safe_io
from ne_game.storage.paths import resource_path

from .po import MAX_PO_BYTES, Catalogue, Entry, POError, parse_po

log = logging.getLogger(__name__)

DOMAIN = "ne_game"
SOURCE_LANGUAGE = "en"
PSEUDO = "pseudo"
@dataclass(frozen=True)
class Language:
    """A language the game speaks: its catalogue is assets/locale/<code>/LC_MESSAGES/ne_game.po
    (none for English, the source), and it is chosen by its own name. `aliases` are the
    names systems spell it with ("Dutch_Netherlands" on Windows). pygame-gui's own few strings
    come from its translations, or ours in assets/locale/pygame_gui (it has no Dutch)."""
    code: str
    name: str
    aliases: tuple[str, ...] = ()


#: The registry: a new language is its catalogue plus one entry here (tools/update_catalogues.py,
#: Settings, --lang and the locale detection all read it).
LANGUAGE_REGISTRY: dict[str, Language] = {
    "en": Language("en", "English", ("english",)),
    "nl": Language("nl", "Nederlands", ("dutch", "nederlands", "flemish")),
    "fr": Language("fr", "Français", ("french", "français", "francais")),
}
#: The languages a player can choose, each named in its own language.
LANGUAGES: dict[str, str] = {code: lang.name for code, lang in LANGUAGE_REGISTRY.items()}
#: Those with a catalogue to translate (all but English, the source language).
TRANSLATED: tuple[str, ...] = tuple(code for code in LANGUAGE_REGISTRY if code != "en")
PSEUDO_OPEN, PSEUDO_CLOSE = "⟨", "⟩"    # U+27E8/9: every font in assets/fonts draws them
PSEUDO_GROWTH = 0.4

_current = SOURCE_LANGUAGE
_override: str | None = None            # --lang: wins over the settings for this run
_follow_system = False                  # the real game (cli) follows the system locale
_catalogues: dict[str, dict[tuple[str | None, str], Entry] | None] = {}
_plural_rules: dict[str, Callable[[int], int]] = {}
_listeners: list[weakref.ref[Callable[[str], None]] | Callable[[str], None]] = []
_pseudo_seen: set[str] = set()


# ---------------------------------------------------------------------------- languages

def normalize_language(code: object) -> str | None:
    """'nl_BE.UTF-8' -> 'nl', 'French_France' -> 'fr'; None when not a language we have."""
    if not isinstance(code, str) or not code.strip():
        return None
    text = code.strip().lower()
    if text == PSEUDO:
        return PSEUDO
    base = re.split(r"[_.@\-:]", text, maxsplit=1)[0]
    # Windows spells locales out ("Dutch_Netherlands", "French_Belgium").
    base = next((code for code, lang in LANGUAGE_REGISTRY.items() if base in lang.aliases), base)
    return base if base in LANGUAGES else None


def system_language(environ: Mapping[str, str] | None = None,
                    getlocale: Callable[[], tuple[str | None, str | None]] | None = None) -> str:
    """The player's language from the system: LANGUAGE (a list), LC_ALL, LC_MESSAGES, LANG,
    then locale.getlocale(); English when none names a language the game has.

    The first of these that is set decides (as gettext does), so LANG=nl_NL with
    LC_ALL=C means English; within LANGUAGE the first language we have wins."""
    env = os.environ if environ is None else environ
    for name in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(name, "")
        if not value:
            continue
        if name == "LANGUAGE":
            for part in value.split(":"):
                found = normalize_language(part)
                if found and found != PSEUDO:
                    return found
            continue    # LANGUAGE names nothing we have: gettext goes on to the others
        found = normalize_language(value)
        return found if found and found != PSEUDO else SOURCE_LANGUAGE
    try:
        loc = (getlocale or locale.getlocale)()[0]
    except (ValueError, TypeError):
        loc = None
    found = normalize_language(loc)
    return found if found and found != PSEUDO else SOURCE_LANGUAGE


def current_language() -> str:
    return _current


def set_language(code: str) -> str:
    """Switch the language now (unknown codes mean English); tell the listeners. Returns it."""
    global _current
    lang = normalize_language(code) or SOURCE_LANGUAGE
    changed = lang != _current
    _current = lang
    if lang not in (SOURCE_LANGUAGE, PSEUDO):
        _catalogue(lang)            # read now, so a broken file is logged at the switch
    if changed:
        for listener in list(_listeners):
            fn = listener() if isinstance(listener, weakref.ref) else listener
            if fn is None:
                _listeners.remove(listener)
                continue
            try:
                fn(lang)
            except Exception:       # a listener's bug must not stop the switch for the others
                log.exception("language listener failed")
    return lang


def configure_startup(lang: str | None = None, follow_system: bool = True) -> None:
    """Called once by the command line: `--lang` (if any) overrides the saved setting for
    this run, and without a setting the system's locale decides."""
    global _override, _follow_system
    _override = normalize_language(lang) if lang else None
    _follow_system = follow_system
    if _override:
        set_language(_override)


def startup_language(saved: str | None) -> str:
    """The language to start in: --lang, else the saved setting, else (for the real game)
    the system's locale, else the language already current. Applies and returns it."""
    if _override:
        return set_language(_override)
    if normalize_language(saved):
        return set_language(saved or "")
    if _follow_system:
        return set_language(system_language())
    return _current


def clear_override() -> None:
    """The player chose a language in Settings: --lang no longer applies."""
    global _override
    _override = None


@contextmanager
def words_of(lang: str) -> Iterator[None]:
    """Look words up in `lang` for a moment, to measure what that language needs (the Settings
    dialog keeps one width for every language), without switching the game's: no listener
    hears of it, and the language in use is back at the end."""
    global _current
    was = _current
    _current = normalize_language(lang) or SOURCE_LANGUAGE
    try:
        yield
    finally:
        _current = was


def add_listener(fn: Callable[[str], None]) -> None:
    """Call `fn(lang)` after each switch. Bound methods are held weakly (a closed App goes away)."""
    if hasattr(fn, "__self__") and hasattr(fn, "__func__"):
        _listeners.append(weakref.WeakMethod(fn))
    else:
        _listeners.append(fn)


def remove_listener(fn: Callable[[str], None]) -> None:
    for listener in list(_listeners):
        target = listener() if isinstance(listener, weakref.ref) else listener
        if target is None or target == fn:
            _listeners.remove(listener)


def gui_locale() -> str:
    """The locale for pygame-gui's own strings (its file dialogs, message windows...)."""
    return _current if _current in LANGUAGES else SOURCE_LANGUAGE


def gui_translation_dirs() -> list[str]:
    """Our additions to pygame-gui's translations (it has French, not Dutch)."""
    return [str(resource_path("assets", "locale", "pygame_gui"))]


# ---------------------------------------------------------------------------- catalogues

def catalogue_path(lang: str) -> Path:
    return resource_path("assets", "locale", lang, "LC_MESSAGES", f"{DOMAIN}.po")


def read_catalogue(lang: str) -> Catalogue:
    """The parsed catalogue of `lang` (POError or OSError when it cannot be read). Read with the
    caps of every data file: a regular file only (a FIFO would hang the start), at most
    MAX_PO_BYTES."""
    path = catalogue_path(lang)
    shown = f"assets/locale/{lang}/LC_MESSAGES/{DOMAIN}.po"
    try:
        text = safe_io.read_text(path, MAX_PO_BYTES)
    except safe_io.UnsafeFile as err:
        raise POError(shown, 0, str(err)) from None
    return parse_po(text, shown)


_FORMATTER = string.Formatter()


def placeholders(text: str) -> set[str] | None:
    """The named placeholders of a format string, or None when it has one we do not fill: an
    attribute or index (`{version.major}`, `{0[1]}`), a positional one, or broken braces."""
    names: set[str] = set()
    try:
        for _lit, field_name, _spec, _conv in _FORMATTER.parse(text):
            if field_name is None:
                continue
            if not field_name.isidentifier():
                return None
            names.add(field_name)
    except ValueError:
        return None
    return names


def _sound_entry(entry: Entry, source: str) -> bool:
    """A translation may use only the placeholders of its English text (plus {n} in a plural):
    anything else would fail when filled, in front of the player."""
    allowed = placeholders(entry.msgid) or set()
    if entry.msgid_plural is not None:
        allowed |= (placeholders(entry.msgid_plural) or set()) | {"n"}
        texts = list(entry.plurals.values())
    else:
        texts = [entry.msgstr]
    for text in texts:
        used = placeholders(text)
        if used is None or not used <= allowed:
            log.warning("%s:%d: the translation of %r has placeholders its English text lacks; "
                        "English is shown for it", source, entry.line, entry.msgid[:60])
            return False
    return True


def _catalogue(lang: str) -> dict[tuple[str | None, str], Entry] | None:
    if lang not in _catalogues:
        try:
            cat = read_catalogue(lang)
            _catalogues[lang] = {key: e for key, e in cat.lookup().items() if _sound_entry(e, cat.source)}
            _plural_rules[lang] = cat.plural
        except (OSError, UnicodeDecodeError, POError) as err:
            # A missing or broken catalogue: the game goes on in English, and says why in the log.
            log.error("translations for %r cannot be read (%s); English is shown instead", lang, err)
            _catalogues[lang] = None
    return _catalogues[lang]


def reload_catalogues() -> None:
    """Forget the parsed catalogues (tests and the update tool re-read edited files)."""
    _catalogues.clear()
    _plural_rules.clear()


# ---------------------------------------------------------------------------- lookups

def _find(context: str | None, msgid: str) -> Entry | None:
    cat = _catalogue(_current) if _current not in (SOURCE_LANGUAGE, PSEUDO) else None
    return cat.get((context, msgid)) if cat else None


def gettext(message: str) -> str:
    if _current == PSEUDO:
        return pseudo(message)
    entry = _find(None, message)
    return entry.msgstr if entry else message


_ = gettext


def pgettext(context: str, message: str) -> str:
    if _current == PSEUDO:
        return pseudo(message)
    entry = _find(context, message)
    return entry.msgstr if entry else message


def ngettext(singular: str, plural: str, n: int) -> str:
    return npgettext(None, singular, plural, n)


def _one_or_other(n: int) -> int:
    """The plural form when a catalogue gives no rule: English's (one, other)."""
    return int(n != 1)


def npgettext(context: str | None, singular: str, plural: str, n: int) -> str:
    if _current == PSEUDO:
        return pseudo(singular if n == 1 else plural)
    entry = _find(context, singular)
    if entry and entry.msgid_plural is not None:
        form = _plural_rules.get(_current, _one_or_other)(n)
        text = entry.plurals.get(form)
        if text:
            return text
    return singular if n == 1 else plural


def N_(message: str) -> str:
    """Marks a text for the catalogue without looking it up (a caller translates it later)."""
    return message


def translations_of(message: str) -> set[str]:
    """The message in every language the game has (English included), without switching:
    to recognise a text the game itself wrote in another language ("Speler 2")."""
    out = {message}
    for lang in LANGUAGES:
        if lang != SOURCE_LANGUAGE:
            cat = _catalogue(lang)
            entry = cat.get((None, message)) if cat else None
            if entry and entry.msgstr:
                out.add(entry.msgstr)
    return out


def number(value: float, percent: bool = False, decimals: int | None = None) -> str:
    """A number as the current language writes it (Babel's locale data): "0,5" in Dutch and
    French, "0.5" in English; with `percent`, a whole percentage ("150 %" in French, with its
    no-break space; "150%" in English); with `decimals`, always that many ("5.0", "4.4")."""
    from babel.numbers import format_decimal, format_percent

    locale = {"pseudo": "en"}.get(current_language(), current_language()) or "en"
    try:
        if percent:
            return format_percent(value / 100, locale=locale)
        if decimals is not None:
            pattern = "#,##0." + "0" * decimals if decimals > 0 else "#,##0"
            return format_decimal(round(value, decimals), format=pattern, locale=locale)
        return format_decimal(value, locale=locale)
    except (ValueError, LookupError) as err:      # an unknown locale: plain digits
        log.info("number format for %r: %s", locale, err)
        return f"{value:g}" + (" %" if percent else "")


def fmt(message: str, /, **values: object) -> str:
    """`_(message).format(**values)`; a translation with a broken placeholder falls back to
    the English text (and logs it) instead of failing in front of the player."""
    return _format(gettext(message), message, values)


safe_io.set_formatter(fmt)   # notices (safe_io.Notice) are said in the language of the moment


def nfmt(singular: str, plural: str, n: int, /, **values: object) -> str:
    """ngettext + format; `n` is also available to the text as {n} unless given otherwise."""
    values.setdefault("n", n)
    return _format(ngettext(singular, plural, n), singular if n == 1 else plural, values)


def pfmt(context: str, message: str, /, **values: object) -> str:
    return _format(pgettext(context, message), message, values)


def _format(text: str, english: str, values: Mapping[str, object]) -> str:
    try:
        return text.format(**values)
    except (KeyError, IndexError, ValueError, AttributeError) as err:
        log.warning("translation of %r cannot be filled (%s); English is shown", english, err)
        try:
            return english.format(**values)
        except (KeyError, IndexError, ValueError, AttributeError) as err2:
            log.error("the English text %r itself cannot be filled (%s); shown unfilled", english, err2)
            return english


def join_list(items: list[str]) -> str:
    """Items as a list in the current language ("A, B and C" / "A, B en C" / "A, B et C")."""
    if len(items) <= 1:
        return "".join(items)
    if len(items) == 2:
        return fmt("{first} and {last}", first=items[0], last=items[1])
    return fmt("{rest} and {last}", rest=", ".join(items[:-1]), last=items[-1])


# ---------------------------------------------------------------------------- data texts

def clean_data_text(text: str) -> str:
    """The msgid of a data text: the TOML string without its outer blank lines."""
    return str(text).strip()


def data_text(text: str, context: str | None = None) -> str:
    """A text from a data file (rules, help, lessons), in the current language.

    Call it when the text is shown, not when the file is read, so a switch applies at once."""
    raw = str(text)
    msgid = clean_data_text(raw)
    if not msgid:
        return raw
    shown = pgettext(context, msgid) if context else gettext(msgid)
    # keep the file's own outer spacing (help.toml's " A barn stands here" follows a sentence)
    lead, trail = raw[:len(raw) - len(raw.lstrip())], raw[len(raw.rstrip()):]
    return lead + shown + trail


def land_name(land: str) -> str:
    """'settlement' -> 'nederzetting' (the land names of game.toml, context "land")."""
    return pgettext("land", land)


# ---------------------------------------------------------------------------- pseudo-locale

_PLACEHOLDER_OR_WORD = re.compile(r"(\{[^{}]*\}|<[^<>]*>|&\w+;|[^\W\d_]+)")
_ACCENTS = str.maketrans("aeiouyAEIOUYcnCN", "áéîõüýÅÉÎÕÜÝçñÇÑ")


def pseudo(text: str) -> str:
    """⟨Séttîñgs Sét⟩: each word accented and lengthened by 40 %, the whole marked at both ends.

    Placeholders ({name}), markup (<b>) and entities stay as they are, so formatting works;
    line structure (paragraphs, "- " bullets) is kept, so data texts still lay out."""
    if not text:
        return text

    def grow(m: re.Match[str]) -> str:
        word = m.group(0)
        if word[0] in "{<&":
            return word
        accented = word.translate(_ACCENTS)
        extra = math.ceil(len(word) * PSEUDO_GROWTH)
        return accented + (accented * 2)[:extra].lower()

    lead = len(text) - len(text.lstrip())
    trail = len(text) - len(text.rstrip())
    core = _PLACEHOLDER_OR_WORD.sub(grow, text.strip())
    # words carry the growth; short, wordless strings ("3", "×") still get 40 % more
    need = math.ceil(len(text.strip()) * (1 + PSEUDO_GROWTH)) - len(core)
    if need > 0:
        core += "·" * need
    out = text[:lead] + PSEUDO_OPEN + core + PSEUDO_CLOSE + text[len(text) - trail:]
    if len(_pseudo_seen) < 20000:
        _pseudo_seen.add(out)
    return out


def pseudo_outputs() -> frozenset[str]:
    """Every string the pseudo-locale produced (tests check drawn text against it)."""
    return frozenset(_pseudo_seen)


__all__ = [
    "number", "LANGUAGES", "LANGUAGE_REGISTRY", "TRANSLATED", "Language", "PSEUDO", "SOURCE_LANGUAGE", "_", "N_", "gettext", "ngettext", "pgettext", "npgettext",
    "fmt", "nfmt", "pfmt", "join_list", "translations_of", "data_text", "land_name", "set_language", "current_language",
    "system_language", "normalize_language", "configure_startup", "startup_language",
    "clear_override", "add_listener", "remove_listener", "gui_locale", "gui_translation_dirs",
    "pseudo", "pseudo_outputs", "reload_catalogues", "read_catalogue", "catalogue_path",
]
