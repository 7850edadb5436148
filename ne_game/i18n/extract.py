"""A Babel extractor for the visible texts in the game's TOML data files.

Registered as the Babel extraction method `ne_toml` (pyproject entry point) and used by
babel.cfg and tools/update_catalogues.py. Which keys are visible text is decided here, per
kind of file; everything else (ids, land types, patterns, numbers, file names) is data.

- rules.toml, rules_summary.toml: title, section[].title, section[].text, section[].captions[]
- help.toml: every table's `text` (its {placeholders} are filled by ne_game/ui/text/help.py)
- game.toml: how lands and figures are named: lands.names.* (context "land": "field" alone
  is ambiguous), lands.titles.* ("land title"), lands.tiles.* ("tile with article"), each
  figure's name and plural (one plural entry, context "figure"), title ("card title"),
  with_article ("figure with article") and card_with_article ("card with article"). Family
  names are proper names and stay as they are in every language.
- levels/tutorial/index.toml: title; each lesson: title, text, done, expect.hint.
  Seat names (Patience, Hopestill) are proper names.

The msgid is the string as TOML reads it, stripped (ne_game.i18n.clean_data_text), so the
runtime's data_text() finds it.
"""
from __future__ import annotations

import os
import sys
from collections.abc import Iterator, Mapping
from typing import IO

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover
    import tomli as tomllib

from ne_game.i18n import clean_data_text

# (key path pattern, context); "*" matches any key or list index.
_Patterns = list[tuple[tuple[str, ...], "str | None"]]
_RULES: _Patterns = [(("title",), None), (("section", "*", "title"), None), (("section", "*", "text"), None),
          (("section", "*", "captions", "*"), None)]
_HELP: _Patterns = [(("*", "text"), None)]
_GAME: _Patterns = [(("lands", "names", "*"), "land"), (("lands", "titles", "*"), "land title"),
                    (("lands", "tiles", "*"), "tile with article"), (("figures", "*", "title"), "card title"),
                    (("figures", "*", "with_article"), "figure with article"),
                    (("figures", "*", "card_with_article"), "card with article")]
# A figure's name and plural are one plural entry (ngettext with the count).
_PLURALS: dict[str, tuple[tuple[str, ...], str, str, str]] = {
    "game.toml": (("figures", "*"), "name", "plural", "figure")}
_LESSON: _Patterns = [(("title",), None), (("text",), None), (("done",), None), (("expect", "hint"), None),
                      (("expect", "hint", "*"), None), (("how", "keys"), None), (("how", "pad"), None),
                      (("how", "*", "keys"), None), (("how", "*", "pad"), None)]

VISIBLE_KEYS: dict[str, list[tuple[tuple[str, ...], str | None]]] = {
    "rules.toml": _RULES, "rules_summary.toml": _RULES, "help.toml": _HELP, "game.toml": _GAME,
}


def visible_keys(filename: str) -> list[tuple[tuple[str, ...], str | None]]:
    """The visible-text key patterns of a data file, by its name and folder."""
    path = filename.replace("\\", "/")
    base = os.path.basename(path)
    if base in VISIBLE_KEYS:
        return VISIBLE_KEYS[base]
    if "/tutorial/" in f"/{path}" and "/scenarios/" not in path:
        return _LESSON          # index.toml has only a title of these
    return []


def _walk(node: object, path: tuple[str, ...]) -> Iterator[tuple[tuple[str, ...], object]]:
    yield path, node
    if isinstance(node, dict):
        for k, v in node.items():
            yield from _walk(v, path + (str(k),))
    elif isinstance(node, list):
        for k, v in enumerate(node):
            yield from _walk(v, path + (str(k),))


def _matches(pattern: tuple[str, ...], path: tuple[str, ...]) -> bool:
    return len(pattern) == len(path) and all(p == "*" or p == k for p, k in zip(pattern, path))


def data_texts(text: str, filename: str) -> list[tuple[int, str | None, str, str]]:
    """(line, context, msgid, key path) for each visible text of a TOML file, in file order."""
    patterns = visible_keys(filename)
    if not patterns:
        return []
    data = tomllib.loads(text)
    lines = text.splitlines()
    out: list[tuple[int, str | None, str, str]] = []
    cursor = 0
    for path, value in _walk(data, ()):
        if not isinstance(value, str):
            continue
        for pattern, context in patterns:
            if _matches(pattern, path):
                msgid = clean_data_text(value)
                if msgid:
                    line, cursor = _line_of(lines, msgid, cursor, path[-1])
                    out.append((line, context, msgid, ".".join(path)))
                break
    return out


def _line_of(lines: list[str], msgid: str, start: int, key: str) -> tuple[int, int]:
    """The 1-based line where a value starts (its first words), searching on from `start`;
    a line that also assigns the key (`key = ...`) is preferred."""
    probe = msgid.splitlines()[0][:24].replace('"', '\\"')
    order = list(range(start, len(lines))) + list(range(0, start))
    for want_key in (True, False):
        for k in order:
            text = lines[k]
            if want_key and not text.lstrip().startswith(f"{key} ="):
                continue
            if probe in text or (want_key and text.rstrip().endswith('"""')):
                return k + 1, k
    return 1, start


def plural_texts(text: str, filename: str) -> list[tuple[int, str, str, str, str]]:
    """(line, context, singular, plural, key path) for each named thing with a plural form."""
    spec = _PLURALS.get(os.path.basename(filename.replace("\\", "/")))
    if spec is None:
        return []
    pattern, one, many, context = spec
    lines = text.splitlines()
    out: list[tuple[int, str, str, str, str]] = []
    cursor = 0
    for path, value in _walk(tomllib.loads(text), ()):
        if _matches(pattern, path) and isinstance(value, dict) and isinstance(value.get(one), str):
            singular = clean_data_text(value[one])
            plural = clean_data_text(value.get(many) or singular + "s")
            line, cursor = _line_of(lines, singular, cursor, one)
            out.append((line, context, singular, plural, ".".join(path + (one,))))
    return out


#: what Babel takes from an extraction method: (lineno, funcname, message(s), comments)
Extracted = tuple[int, str, str | tuple[str | None, ...], list[str]]


def extract_toml(fileobj: IO[bytes], keywords: object, comment_tags: object,
                 options: Mapping[str, str]) -> Iterator[Extracted]:
    """Babel extraction method: yields (lineno, funcname, message, comments)."""
    name = getattr(fileobj, "name", "") or options.get("filename", "")
    text = fileobj.read().decode(options.get("encoding", "utf-8"))
    for line, ctx, singular, plural, key in plural_texts(text, str(name)):
        yield line, "npgettext", (ctx, singular, plural), [f"{os.path.basename(str(name))}: {key}"]
    for line, context, msgid, key in data_texts(text, str(name)):
        comment = [f"{os.path.basename(str(name))}: {key}"]
        if "{" in msgid and os.path.basename(str(name)) == "help.toml":
            comment.append("Keep every {placeholder}: the table fills it with a live fact.")
        if context:
            yield line, "pgettext", (context, msgid), comment
        else:
            yield line, "gettext", msgid, comment
