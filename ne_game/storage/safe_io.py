"""The one careful way to read a file the game did not just write itself (no pygame here).

Every reader (saves, autosave, settings, tutorial progress, themes, TOML data, levels,
lessons) goes through here, so no file can hang, exhaust or crash the game:

- only regular files are read: a FIFO, a device or a symlink leading out of its folder is
  refused without being opened (a FIFO is never opened, so it can never block);
- a size cap per kind of file, enforced while reading (a file that grows is still cut off);
- a nesting-depth cap, checked by a flat scan before the parser runs (the parsers recurse);
- JSON numbers must be finite and integers short (no `Infinity`, `1e400`, 4,300-digit seeds).

Failures raise `UnsafeFile` (a ValueError) whose message names the file; each reader turns it
into its own error type and, for files in the user folder, sets the file aside with
`quarantine` as `<name>.damaged` so play goes on with defaults.

`notices()` collects those one-line reports for the UI to show once (a toast at the title).
"""
from __future__ import annotations

import errno
import json
import logging
import math
import os
import re
import stat
import sys
import threading
import unicodedata
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING, Any, NoReturn, TypeGuard

if TYPE_CHECKING:
    from ne_game.rules.json_types import JSON

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - exercised on Python 3.10 only
    import tomli as tomllib

log = logging.getLogger(__name__)

#: a parsed TOML document, as tomllib types it (its values are whatever the file holds:
#: readers narrow them with isinstance before use)
TomlDoc = dict[str, Any]

KB = 1024
MB = 1024 * KB
# Size caps per kind of file. A long real game's save is ~10 KB; the caps leave 100x room.
CAPS: dict[str, int] = {
    "save": 2 * MB,
    "settings": 64 * KB,
    "progress": 1 * MB,      # tutorial.json holds a saved position
    "toml": 1 * MB,          # game data, levels, lessons, scenarios, help
    "theme": 256 * KB,
}
MAX_DEPTH = 32               # nesting of arrays/objects; real files use at most 6
MAX_INT_DIGITS = 20          # JSON integers: enough for any 64-bit value
TEXT_LIMIT = 4000            # default cap for a free string read from a file


def N_(message: str) -> str:
    """Marks a message for the catalogue (the i18n module's N_, without importing it here)."""
    return message


# Why a file was refused, in words a player can be shown (the message itself is for the log).
REASONS: dict[str, str] = {
    "damaged": N_("its contents cannot be read"),
    "unreadable": N_("it cannot be opened"),
    "not_a_file": N_("it is not a plain file"),
    "too_large": N_("it is too large"),
    "too_deep": N_("it is nested too deeply"),
    "not_text": N_("it is not text"),
    "not_json": N_("it is not valid JSON"),
    "not_toml": N_("it is not valid TOML"),
    "bad_name": N_("its name is not a plain file name"),
}


class UnsafeFile(ValueError):
    """A file was refused: not a regular file, too big, too deep, or not valid; names the file.
    `kind` (a key of REASONS) says why in a way the UI can translate."""

    def __init__(self, message: str, path: Path | str | None = None, kind: str = "damaged") -> None:
        super().__init__(message)
        self.path = Path(path) if path is not None else None
        self.kind = kind if kind in REASONS else "damaged"

    def reason(self) -> Notice:
        """Why, as a translatable notice ("it is too large")."""
        return Notice(REASONS[self.kind])


# ---------------------------------------------------------------- text fit to show
_SURROGATE = re.compile("[\ud800-\udfff]")


def displayable(text: object, *, multiline: bool = False) -> str:
    """`text` made safe to hand to a font: lone UTF-16 surrogates (a legal JSON escape, or a
    file name that is not UTF-8) become U+FFFD and control characters "?" (newlines and tabs
    stay when `multiline`). pygame and pygame-gui raise on a surrogate or a NUL mid-frame, so
    every text from a file, a path or the environment passes here before it reaches a label."""
    text = text if isinstance(text, str) else str(text)
    if _SURROGATE.search(text):
        text = _SURROGATE.sub("\ufffd", text)
    if multiline:
        return _CONTROL.sub(lambda m: m.group(0) if m.group(0) in "\n\t" else "?", text)
    return _CONTROL.sub("?", text)


# Unicode's bidirectional controls (embeddings, overrides, isolates, marks): in a file name they
# would turn the rest of a message around ("gnp.exe" for "exe.png"), so a name shows them as "?".
_BIDI = re.compile("[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def path_text(path: Path | str, limit: int = 0) -> str:
    """A path (or a file name) as a label may show it: an undecodable byte becomes U+FFFD, and
    control characters (escape, newline) and bidirectional overrides (U+202E) "?". With
    `limit`, at most that many characters (the middle cut to "…")."""
    text = _BIDI.sub("?", displayable(os.fspath(path)))
    if limit and len(text) > limit:
        keep = max(1, limit - 1)
        text = text[:keep - keep // 3] + "\u2026" + text[len(text) - keep // 3:]
    return text


# ---------------------------------------------------------------- notices for the UI
def _english(message: str, **values: object) -> str:
    return message.format(**values)


# How a notice's message is said: English until ne_game.i18n installs its catalogue lookup
# (set_formatter), so that this module, which i18n reads its files through, imports nothing back.
_formatter: Callable[..., str] = _english


def set_formatter(fmt: Callable[..., str]) -> None:
    """Say notices through `fmt(message, **values)` (ne_game.i18n passes its `fmt`)."""
    global _formatter
    _formatter = fmt


class Notice:
    """A one-line report for the player: an English message with named placeholders, looked up
    in the catalogue when it is shown (`text()`), or a verbatim text (already in words).

    A value may itself be a Notice (a consequence said in its own sentence); texts and paths
    among the values are made displayable. `Notice(...)` is an extraction keyword of
    tools/update_catalogues.py, so its message lands in the catalogue."""

    __slots__ = ("message", "values", "verbatim")

    def __init__(self, message: str, verbatim: bool = False, **values: object) -> None:
        self.message = message
        self.values = {k: displayable(v) if isinstance(v, (str, Path)) else v for k, v in values.items()}
        self.verbatim = verbatim

    def english(self) -> str:
        if self.verbatim:
            return self.message
        return self.message.format(**{k: v.english() if isinstance(v, Notice) else v
                                      for k, v in self.values.items()})

    def text(self) -> str:
        """The report in the current language (ne_game.i18n has no pygame either)."""
        if self.verbatim:
            return self.message
        return _formatter(self.message, **{k: v.text() if isinstance(v, Notice) else v
                                            for k, v in self.values.items()})

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Notice) and (self.message, self.values, self.verbatim) == \
            (other.message, other.values, other.verbatim)

    __hash__ = None  # type: ignore[assignment]  # values may hold lists: compared, never hashed

    def __contains__(self, part: str) -> bool:
        """A notice reads as its text: `"settings.json" in notice`."""
        return part in self.text()

    def __repr__(self) -> str:
        return f"Notice({self.english()!r})"

    def __str__(self) -> str:
        return self.text()


_NOTICES: list[Notice] = []
_NOTICES_LOCK = threading.Lock()     # the records worker thread tells things too


def notify(message: str | Notice) -> None:
    """Remember a one-line report for the player (shown once, at the next chance).

    A `Notice` is translated when it is shown, so a report made before the language is
    known (reading the settings) still reaches the player in his language."""
    if isinstance(message, str):
        message = Notice(displayable(message), verbatim=True)
    log.warning("%s", message.english())
    with _NOTICES_LOCK:
        if message not in _NOTICES:
            _NOTICES.append(message)


def notices() -> list[Notice]:
    """The reports gathered since the last call (and forget them)."""
    with _NOTICES_LOCK:
        out = list(_NOTICES)
        _NOTICES.clear()
    return out


# ---------------------------------------------------------------- paths
def inside(folder: Path | str, name: object, what: str = "file") -> Path:
    """`folder/name`, refused (UnsafeFile) unless it stays inside `folder`.

    `name` must be a relative path without `..`, NUL or a drive; symlinks are followed and the
    real target must still be inside the folder.
    """
    folder = Path(folder)
    if not isinstance(name, str) or not name or len(name) > 255:
        raise UnsafeFile(f"{what} {name!r}: expected a file name", folder, kind="bad_name")
    if "\x00" in name or any(unicodedata.category(ch) == "Cc" for ch in name):
        raise UnsafeFile(f"{what} {name!r}: control characters in a file name", folder, kind="bad_name")
    rel = Path(name)
    if rel.is_absolute() or rel.drive or rel.anchor or ".." in rel.parts or "\\" in name or ":" in name:
        raise UnsafeFile(f"{what} {name!r} leaves its folder {folder}", folder, kind="bad_name")
    target = folder / rel
    try:
        real_folder = folder.resolve()
        real = target.resolve()
    except (OSError, RuntimeError) as exc:  # a symlink loop
        raise UnsafeFile(f"{what} {name!r}: cannot be resolved ({exc})", target, kind="bad_name") from None
    if real != real_folder and real_folder not in real.parents:
        raise UnsafeFile(f"{what} {name!r} leads outside its folder {folder}", target, kind="bad_name")
    return target


def stays_inside(folder: Path | str, name: object) -> bool:
    """True when `name` is a relative path that stays inside `folder` (see `inside`)."""
    try:
        inside(folder, name)
    except UnsafeFile:
        return False
    return True


def check_regular(path: Path) -> None:
    """Refuse anything but a regular file, before opening it (a FIFO would block open())."""
    try:
        lst = os.lstat(path)
    except FileNotFoundError:
        raise
    except OSError as exc:
        raise UnsafeFile(f"{path.name}: cannot be read ({exc.strerror or exc})", path, kind="unreadable") from None
    if stat.S_ISLNK(lst.st_mode):
        folder = path.parent.resolve()
        try:
            real = path.resolve(strict=True)
        except (OSError, RuntimeError):
            raise UnsafeFile(f"{path.name}: a broken or looping link", path, kind="not_a_file") from None
        if folder not in real.parents:
            raise UnsafeFile(f"{path.name}: a link to {real}, outside its folder", path, kind="not_a_file")
        lst = os.stat(real)
    if not stat.S_ISREG(lst.st_mode):
        raise UnsafeFile(f"{path.name}: not a regular file", path, kind="not_a_file")


def read_bytes(path: Path | str, cap: int) -> bytes:
    """The file's bytes: a regular file of at most `cap` bytes, or UnsafeFile.

    FileNotFoundError passes through (a missing file is normal for most readers).
    """
    path = Path(path)
    check_regular(path)
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        fd = os.open(path, flags)
    except FileNotFoundError:
        raise
    except OSError as exc:
        raise UnsafeFile(f"{path.name}: cannot be read ({exc.strerror or exc})", path, kind="unreadable") from None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):   # swapped between the check and the open
            raise UnsafeFile(f"{path.name}: not a regular file", path, kind="not_a_file")
        if st.st_size > cap:
            raise UnsafeFile(f"{path.name}: too large ({st.st_size:,} bytes; the limit is {cap:,})", path, kind="too_large")
        chunks: list[bytes] = []
        total = 0
        while True:
            try:
                chunk = os.read(fd, min(64 * KB, cap + 1 - total))
            except OSError as exc:
                if exc.errno in (errno.EAGAIN, errno.EWOULDBLOCK):
                    break
                raise UnsafeFile(f"{path.name}: cannot be read ({exc.strerror or exc})", path, kind="unreadable") from None
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
            if total > cap:
                raise UnsafeFile(f"{path.name}: too large (over {cap:,} bytes)", path, kind="too_large")
        return b"".join(chunks)
    finally:
        os.close(fd)


def read_text(path: Path | str, cap: int) -> str:
    path = Path(path)
    raw = read_bytes(path, cap)
    try:
        # utf-8-sig: a file saved by Windows Notepad starts with a byte-order mark
        return raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise UnsafeFile(f"{path.name}: damaged (not text)", path, kind="not_text") from None


# ---------------------------------------------------------------- depth
# Strings (and TOML comments) are cut out by regular expressions, in C, before the brackets
# left over are counted: a save's depth check costs a small part of its parse.
_JSON_STRINGS = re.compile(r'"[^"\\]*(?:\\.[^"\\]*)*"')
_TOML_SKIP = re.compile(
    r'"""(?:[^"\\]|\\[\s\S]|"(?!""))*"""'          # multi-line basic string
    r"|'''[\s\S]*?'''"                              # multi-line literal string
    r'|"[^"\\\n]*(?:\\.[^"\\\n]*)*"'                # basic string
    r"|'[^'\n]*'"                                   # literal string
    r"|#[^\n]*")                                    # comment
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")


def _bracket_depth(brackets: str) -> int:
    depth = deepest = 0
    for ch in brackets:
        if ch in "[{":
            depth += 1
            if depth > deepest:
                deepest = depth
        else:
            depth -= 1
    return deepest


def _json_depth(text: str) -> int:
    """The deepest nesting of [ and { outside strings (no recursion)."""
    return _bracket_depth(_NOT_BRACKET.sub("", _JSON_STRINGS.sub("", text)))


_ALL_BUT_BRACKETS = bytes(c for c in range(256) if c not in b"[]{}")


def _over(brackets: bytes, limit: int) -> bool:
    """True when a string of brackets nests deeper than `limit`: each pass of bytes.replace
    (in C) removes the innermost level everywhere, so this costs `depth` fast passes."""
    for _ in range(limit):
        if not brackets:
            return False
        shorter = brackets.replace(b"[]", b"").replace(b"{}", b"")
        if shorter == brackets:   # mismatched brackets: count what is left one by one
            return _bracket_depth(brackets.decode("ascii")) > limit
        brackets = shorter
    return bool(brackets)


def too_deep(text: str, limit: int = MAX_DEPTH, strings: re.Pattern[str] = _JSON_STRINGS) -> bool:
    """True when `text` nests deeper than `limit` outside its strings (`strings` matches those,
    and comments, to skip). The quick bound counts every bracket; only when it says "too deep"
    are strings cut out and the brackets counted again."""
    if not _over(text.encode("utf-8", "surrogatepass").translate(None, _ALL_BUT_BRACKETS), limit):
        return False
    exact = _NOT_BRACKET.sub("", strings.sub("", text))
    return _over(exact.encode("ascii"), limit)


_LONG_INT = re.compile(rf"\d{{{MAX_INT_DIGITS + 1},}}")
_DIGITS_AS_ZERO = bytes(0x30 if 0x30 <= c <= 0x39 else 0x20 for c in range(256))
_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f]")    # Unicode category Cc, exactly


def _toml_depth(text: str) -> int:
    """As _json_depth for TOML: skips basic, literal and multi-line strings and comments."""
    return _bracket_depth(_NOT_BRACKET.sub("", _TOML_SKIP.sub("", text)))


# ---------------------------------------------------------------- parsers
def _no_constant(name: str) -> NoReturn:
    raise ValueError(f"{name} is not a number this game reads")


def _finite_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise ValueError(f"number {text[:20]} is out of range")
    return value


def parse_json(text: str, name: str = "file", path: Path | None = None, max_depth: int = MAX_DEPTH,
               *, finite: bool = True) -> JSON:
    """JSON with a depth cap, finite numbers and short integers; UnsafeFile says why.

    With `finite=False`, NaN, Infinity and 1e400 are read as floats, for a reader that checks each
    field itself and would rather reset one value than the whole file."""
    if too_deep(text, max_depth):
        raise UnsafeFile(f"{name}: damaged (nested more than {max_depth} levels deep)", path, kind="too_deep")
    digits = text.encode("utf-8", "surrogatepass").translate(_DIGITS_AS_ZERO)
    if b"0" * (MAX_INT_DIGITS + 1) in digits and _LONG_INT.search(_JSON_STRINGS.sub("", text)):
        raise UnsafeFile(f"{name}: damaged (a number of more than {MAX_INT_DIGITS} digits)", path, kind="damaged")
    try:
        value: JSON = (json.loads(text) if not finite
                       else json.loads(text, parse_constant=_no_constant, parse_float=_finite_float))
        return value
    except json.JSONDecodeError as exc:
        raise UnsafeFile(f"{name}: damaged (not valid JSON: {exc.msg} at line {exc.lineno})", path, kind="not_json") from None
    except (ValueError, RecursionError) as exc:
        raise UnsafeFile(f"{name}: damaged ({exc})", path, kind="damaged") from None


def load_json(path: Path | str, kind: str, *, finite: bool = True) -> JSON:
    """Read and parse a JSON file of the given kind (a key of CAPS)."""
    path = Path(path)
    return parse_json(read_text(path, CAPS[kind]), path.name, path, finite=finite)


def parse_toml(text: str, shown: str, max_depth: int = MAX_DEPTH) -> TomlDoc:
    """TOML with a depth cap; raises UnsafeFile (syntax errors carry tomllib's line and column)."""
    if too_deep(text, max_depth, _TOML_SKIP):
        raise UnsafeFile(f"{shown}: nested more than {max_depth} levels deep", kind="too_deep")
    try:
        doc: TomlDoc = tomllib.loads(text)
        return doc
    except tomllib.TOMLDecodeError as exc:
        raise UnsafeFile(f"{shown}: TOML syntax error: {exc}", kind="not_toml") from None
    except RecursionError:
        raise UnsafeFile(f"{shown}: nested too deep", kind="too_deep") from None


def load_toml(path: Path | str, kind: str = "toml", shown: str | None = None) -> TomlDoc:
    path = Path(path)
    return parse_toml(read_text(path, CAPS[kind]), shown or str(path))


# ---------------------------------------------------------------- field checks
def has_control(text: str) -> bool:
    """True when `text` holds a control character (NUL, escape, …); newlines and tabs count."""
    return _CONTROL.search(text) is not None


def clean_text(value: object, limit: int = TEXT_LIMIT, *, multiline: bool = False) -> str | None:
    """`value` if it is a string of at most `limit` characters without control characters
    (newlines and tabs allowed when `multiline`), else None. Lone UTF-16 surrogates (legal in
    JSON, fatal to a font) come back as U+FFFD: the text is kept, made fit to show."""
    if not isinstance(value, str) or len(value) > limit:
        return None
    body = value.replace("\n", "").replace("\t", "").replace("\r", "") if multiline else value
    if has_control(body):
        return None
    return _SURROGATE.sub("\ufffd", value) if _SURROGATE.search(value) else value


def is_int(value: object, lo: int, hi: int) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool) and lo <= value <= hi


def is_number(value: object, lo: float, hi: float) -> TypeGuard[int | float]:
    return (isinstance(value, (int, float)) and not isinstance(value, bool)
            and math.isfinite(value) and lo <= value <= hi)


# ---------------------------------------------------------------- quarantine
def _move_to_first_free(path: Path, targets: Iterable[Path]) -> Path | None:
    """Move `path` to the first of `targets` that is free, never replacing a file there: the
    new path, None when every target is taken; OSError when it cannot be moved at all."""
    for target in targets:
        if os.path.lexists(target):
            continue
        try:
            # A hard link fails if the target exists: a racing writer can never be overwritten.
            os.link(path, target, follow_symlinks=False)
        except FileExistsError:
            continue
        except (OSError, NotImplementedError) as exc:
            if isinstance(exc, FileNotFoundError) and not os.path.lexists(path):
                raise
            if os.path.lexists(target):
                continue
            os.rename(path, target)       # no hard links here (FAT, some shares)
            return target
        try:
            os.unlink(path)
        except FileNotFoundError:
            pass
        except OSError as exc:
            log.warning("kept %s as %s but cannot remove the original: %s",
                        path_text(path), path_text(target), exc)
        return target
    return None


def quarantine(path: Path | str) -> Path:
    """Rename a bad file to `<name>.damaged` (`.damaged2`, … if taken; never overwriting one)
    and return the new path (the old one when it cannot be moved)."""
    path = Path(path)
    names = (path.with_name(path.name + (".damaged" if n == 1 else f".damaged{n}"))
             for n in range(1, 1000))
    try:
        kept = _move_to_first_free(path, names)
    except OSError as exc:
        log.warning("cannot set %s aside: %s", path_text(path), exc)
        return path
    if kept is None:
        log.warning("cannot set %s aside: too many .damaged copies", path_text(path))
        return path
    return kept


def set_aside(path: Path, problem: str, consequence: Notice | str) -> Path:
    """Quarantine `path`, log why, and tell the player in one short line (a toast):
    "<name> was damaged (kept as <name>.damaged): <consequence>" (a text `consequence` is a
    catalogue message)."""
    if isinstance(consequence, str):
        consequence = Notice(consequence)
    kept = quarantine(path)
    name = Path(path).name
    log.warning("%s was damaged (%s); kept as %s", path_text(path), problem, path_text(kept.name))
    if kept != path:
        notify(Notice("{name} was damaged (kept as {kept}): {consequence}", name=path_text(name),
                      kept=path_text(kept.name), consequence=consequence))
    else:
        notify(Notice("{name} is damaged: {consequence}", name=path_text(name), consequence=consequence))
    return kept


def move_into(path: Path | str, folder: Path | str) -> Path:
    """Move `path` (a file, a link, anything but a folder) into `folder` (made if missing),
    under its own name or, when that is taken, a free one ("name-2.json", ...): never
    replacing a file there. The new path; OSError when it cannot be moved."""
    path, folder = Path(path), Path(folder)
    folder.mkdir(parents=True, exist_ok=True)
    raw = os.fsencode(path.name)
    stem, dot, suffix = raw.rpartition(b".")
    if not stem or len(suffix) > 16:          # no extension worth keeping
        stem, dot, suffix = raw, b"", b""
    # a name never longer than a file system allows (255 bytes), even with its number
    names = (folder / os.fsdecode(raw if n == 1 else stem[:200] + b"-%d" % n + dot + suffix)
             for n in range(1, 10_000))
    target = _move_to_first_free(path, names)
    if target is not None:
        return target
    raise OSError(errno.EEXIST, f"no free name in {path_text(folder)} for {path_text(path.name)}")
