"""Texts the records hand back: seat names, languages and labels, cleaned as saves clean them.

A record was written by this game, but the database is a file in the user folder like any
other: whatever comes back out of it (or out of an imported file) is passed through
`safe_io.clean_text`, the one judge of what a name may hold. A name that fails as a whole
keeps the characters that pass one by one, so "Ann\\x07e" reads back as "Anne" rather than
being lost; clean_text turns a lone surrogate into U+FFFD, and the check for UTF-8 stays as
a guard for SQLite, which refuses to store one.
"""
from __future__ import annotations

from ne_game.storage import safe_io
from ne_game.storage.saves import SEAT_NAME_LIMIT

UNKNOWN_NAME = "?"          # what a name with nothing readable left in it is shown as
LANGUAGE_LIMIT = 16         # "en", "nl", "fr", "pt_BR": a short code
LABEL_LIMIT = 32            # families, kinds, figure and card ids


def clean_name(value: object, limit: int = SEAT_NAME_LIMIT) -> str:
    """A seat name fit to show and to store: clean_text's verdict, or the characters of it that
    pass one by one (at most `limit`), or UNKNOWN_NAME when none do."""
    if isinstance(value, str):
        whole = safe_io.clean_text(value, limit)
        if whole is not None and is_storable(whole):
            return whole
        kept = "".join(ch for ch in value[:limit * 8] if safe_io.clean_text(ch, 1) is not None and is_storable(ch))
        kept = kept.strip()[:limit]
        if kept:
            return kept
    return UNKNOWN_NAME


def name_key(name: str) -> str:
    """The key under which two spellings are the same player: "Anne", " anne " -> "anne"."""
    return " ".join(clean_name(name).split()).casefold()


def clean_label(value: object, limit: int = LABEL_LIMIT, default: str = "") -> str:
    """A short code (language, family, kind, figure) read back: itself if clean, else `default`."""
    text = safe_io.clean_text(value, limit) if isinstance(value, str) else None
    if text is None or not is_storable(text):
        return default
    return text


def is_storable(value: object) -> bool:
    """True when `value` is a text SQLite can store (no lone surrogates)."""
    if not isinstance(value, str):
        return False
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True
