"""A small reader for gettext .po catalogues, and a safe evaluator for their plural rule.

Why read .po at run time instead of compiled .mo files: the catalogues are small (a few
hundred entries, well under a megabyte), parsing them takes a few milliseconds, and a
fresh clone, `uv run ne-game` and the PyInstaller build then need no compile step at all:
the file the translators edit is the file the game reads. Babel is only a development
tool (extraction and `update`), see tools/update_catalogues.py.

No pygame, no global state. The plural rule in the header ("Plural-Forms: nplurals=2;
plural=(n > 1);") is parsed into a closure by a tiny recursive-descent parser of the C
expression subset gettext allows; file text is never handed to eval().
"""
from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

MAX_PO_BYTES = 4_000_000        # a catalogue is ~100 kB; anything this big is not ours
MAX_PLURAL_EXPR = 400           # characters; real rules are under 200
MAX_PLURAL_DEPTH = 40           # nesting of parentheses / ?: in a plural rule


class POError(ValueError):
    """A catalogue that cannot be read: names the file and the line."""

    def __init__(self, source: str, line: int, message: str) -> None:
        super().__init__(f"{source}:{line}: {message}")
        self.source, self.line, self.message = source, line, message


@dataclass
class Entry:
    msgid: str
    msgstr: str = ""
    context: str | None = None
    msgid_plural: str | None = None
    plurals: dict[int, str] = field(default_factory=dict)
    flags: set[str] = field(default_factory=set)
    comments: list[str] = field(default_factory=list)     # translator comments (#  ...)
    auto_comments: list[str] = field(default_factory=list)  # extracted comments (#. ...)
    references: list[str] = field(default_factory=list)   # #: file:line
    line: int = 0

    @property
    def fuzzy(self) -> bool:
        return "fuzzy" in self.flags

    @property
    def translated(self) -> bool:
        if self.msgid_plural is not None:
            return bool(self.plurals) and all(self.plurals.values())
        return bool(self.msgstr)


@dataclass
class Catalogue:
    entries: list[Entry]
    headers: dict[str, str]
    nplurals: int
    plural: Callable[[int], int]
    source: str = ""

    def lookup(self) -> dict[tuple[str | None, str], Entry]:
        """(context, msgid) -> entry, for the translated, non-fuzzy entries only."""
        return {(e.context, e.msgid): e for e in self.entries if e.msgid and e.translated and not e.fuzzy}


# ---------------------------------------------------------------------------- strings

_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", '"': '"', "\\": "\\", "a": "\a", "b": "\b", "f": "\f", "v": "\v"}


def _unquote(token: str, source: str, line: int) -> str:
    if len(token) < 2 or token[0] != '"' or token[-1] != '"':
        raise POError(source, line, f"expected a quoted string, found {token[:40]!r}")
    body, out, k = token[1:-1], [], 0
    while k < len(body):
        ch = body[k]
        if ch == "\\":
            if k + 1 >= len(body) or body[k + 1] not in _ESCAPES:
                raise POError(source, line, f"bad escape in {token[:40]!r}")
            out.append(_ESCAPES[body[k + 1]])
            k += 2
        elif ch == '"':
            raise POError(source, line, f"unescaped quote in {token[:40]!r}")
        else:
            out.append(ch)
            k += 1
    return "".join(out)


def quote(text: str) -> str:
    """The .po spelling of a string (used by the tests and the catalogue tools)."""
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\t", "\\t") + '"'


# ---------------------------------------------------------------------------- catalogue

_KEYWORD = re.compile(r'^(msgctxt|msgid_plural|msgid|msgstr(?:\[(\d+)\])?)\s+(".*")\s*$')


def parse_po(text: str, source: str = "<po>") -> Catalogue:
    """Parse a whole .po file. Raises POError naming the line on malformed input."""
    if len(text) > MAX_PO_BYTES:
        raise POError(source, 0, f"larger than {MAX_PO_BYTES} bytes")
    entries: list[Entry] = []
    cur: Entry | None = None
    last: str | None = None          # the field continuation lines append to
    pending = Entry(msgid="")         # comments and flags seen before the next msgid
    started = False                   # `cur` has a msgstr: a new msgctxt/msgid starts a new entry

    def finish() -> None:
        nonlocal cur, started, last
        if cur is not None:
            entries.append(cur)
        cur, started, last = None, False, None

    for lineno, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line:
            continue
        if line.startswith("#~"):
            continue                  # obsolete entries: kept by tools, ignored by the game
        if line.startswith("#"):
            if cur is not None and started:
                finish()
            if line.startswith("#,"):
                pending.flags.update(f.strip() for f in line[2:].split(",") if f.strip())
            elif line.startswith("#."):
                pending.auto_comments.append(line[2:].strip())
            elif line.startswith("#:"):
                pending.references.extend(line[2:].split())
            elif not line.startswith("#|"):
                pending.comments.append(line[1:].strip())
            continue
        if line.startswith('"'):
            if cur is None or last is None:
                raise POError(source, lineno, "a string with no keyword before it")
            _append(cur, last, _unquote(line, source, lineno))
            continue
        m = _KEYWORD.match(line)
        if not m:
            raise POError(source, lineno, f"cannot read {line[:60]!r}")
        key, index, value = m.group(1), m.group(2), _unquote(m.group(3), source, lineno)
        # msgctxt always opens an entry; msgid does too, unless it follows that entry's msgctxt
        if key == "msgctxt" or (key == "msgid" and not (cur is not None and not started and last == "msgctxt")):
            finish()
            cur = Entry(msgid="", line=lineno, flags=pending.flags, comments=pending.comments,
                        auto_comments=pending.auto_comments, references=pending.references)
            pending = Entry(msgid="")
        if cur is None:
            raise POError(source, lineno, f"{key} before msgid")
        if key == "msgctxt":
            cur.context = value
        elif key == "msgid":
            cur.msgid = value
        elif key == "msgid_plural":
            cur.msgid_plural = value
        elif index is not None:
            cur.plurals[int(index)] = value
            started = True
        else:
            cur.msgstr = value
            started = True
        last = key if index is None else f"msgstr[{index}]"
    finish()

    headers: dict[str, str] = {}
    for e in entries:
        if e.msgid == "" and e.context is None:
            for hl in e.msgstr.splitlines():
                name, sep, val = hl.partition(":")
                if sep:
                    headers[name.strip()] = val.strip()
            break
    nplurals, plural = parse_plural_forms(headers.get("Plural-Forms", "nplurals=2; plural=(n != 1);"), source)
    return Catalogue([e for e in entries if e.msgid != "" or e.context is not None], headers, nplurals, plural, source)


def _append(entry: Entry, key: str, value: str) -> None:
    if key == "msgctxt":
        entry.context = (entry.context or "") + value
    elif key == "msgid":
        entry.msgid += value
    elif key == "msgid_plural":
        entry.msgid_plural = (entry.msgid_plural or "") + value
    elif key.startswith("msgstr["):
        n = int(key[7:-1])
        entry.plurals[n] = entry.plurals.get(n, "") + value
    else:
        entry.msgstr += value


# ---------------------------------------------------------------------------- plural rule

_TOKEN = re.compile(r"\s*(?:(\d+)|(n)|(\|\||&&|==|!=|<=|>=|[-+*/%<>!?:()]))")


def parse_plural_forms(header: str, source: str = "<po>") -> tuple[int, Callable[[int], int]]:
    """'nplurals=2; plural=(n > 1);' -> (2, function n -> form index), or POError."""
    m = re.fullmatch(r"\s*nplurals\s*=\s*(\d+)\s*;\s*plural\s*=\s*(.+?)\s*;?\s*", header or "")
    if not m:
        raise POError(source, 0, f"cannot read Plural-Forms {header!r}")
    nplurals = int(m.group(1))
    if not 1 <= nplurals <= 6:
        raise POError(source, 0, f"nplurals={nplurals} is out of range")
    expr = plural_function(m.group(2), source)

    def plural(n: int) -> int:
        k = expr(abs(int(n)))
        return k if 0 <= k < nplurals else 0
    return nplurals, plural


def plural_function(expr: str, source: str = "<po>") -> Callable[[int], int]:
    """Compile a gettext plural expression (C syntax over n) into a Python closure."""
    if len(expr) > MAX_PLURAL_EXPR:
        raise POError(source, 0, "plural rule too long")
    tokens: list[str] = []
    pos = 0
    expr = expr.strip()
    while pos < len(expr):
        m = _TOKEN.match(expr, pos)
        if not m or m.end() == pos:
            raise POError(source, 0, f"unexpected {expr[pos:pos + 10]!r} in plural rule")
        tokens.append(m.group(1) or m.group(2) or m.group(3))
        pos = m.end()
        while pos < len(expr) and expr[pos].isspace():
            pos += 1
    parser = _PluralParser(tokens, source)
    fn = parser.ternary(0)
    if parser.k != len(tokens):
        raise POError(source, 0, f"unexpected {tokens[parser.k]!r} in plural rule")
    return lambda n: int(fn(n))


_BINARY = [("||",), ("&&",), ("==", "!="), ("<", "<=", ">", ">="), ("+", "-"), ("*", "/", "%")]


def _apply(op: str, a: int, b: int) -> int:
    if op == "||":
        return int(bool(a) or bool(b))
    if op == "&&":
        return int(bool(a) and bool(b))
    if op in ("/", "%") and b == 0:
        return 0
    return {"==": lambda: int(a == b), "!=": lambda: int(a != b), "<": lambda: int(a < b),
            "<=": lambda: int(a <= b), ">": lambda: int(a > b), ">=": lambda: int(a >= b),
            "+": lambda: a + b, "-": lambda: a - b, "*": lambda: a * b,
            "/": lambda: a // b, "%": lambda: a % b}[op]()


class _PluralParser:
    def __init__(self, tokens: list[str], source: str) -> None:
        self.tokens, self.k, self.source = tokens, 0, source

    def peek(self) -> str | None:
        return self.tokens[self.k] if self.k < len(self.tokens) else None

    def take(self, want: str | None = None) -> str:
        tok = self.peek()
        if tok is None or (want is not None and tok != want):
            raise POError(self.source, 0, f"plural rule: expected {want or 'more'}, found {tok!r}")
        self.k += 1
        return tok

    def ternary(self, depth: int) -> Callable[[int], int]:
        if depth > MAX_PLURAL_DEPTH:
            raise POError(self.source, 0, "plural rule nested too deeply")
        cond = self.binary(0, depth)
        if self.peek() != "?":
            return cond
        self.take("?")
        yes = self.ternary(depth + 1)
        self.take(":")
        no = self.ternary(depth + 1)
        return lambda n: yes(n) if cond(n) else no(n)

    def binary(self, level: int, depth: int) -> Callable[[int], int]:
        if level == len(_BINARY):
            return self.unary(depth)
        left = self.binary(level + 1, depth)
        while self.peek() in _BINARY[level]:
            op = self.take()
            right = self.binary(level + 1, depth)
            left = (lambda lhs, rhs, o: (lambda n: _apply(o, lhs(n), rhs(n))))(left, right, op)
        return left

    def unary(self, depth: int) -> Callable[[int], int]:
        tok = self.peek()
        if tok == "!":
            self.take()
            inner = self.unary(depth + 1)
            return lambda n: int(not inner(n))
        if tok == "-":
            self.take()
            inner = self.unary(depth + 1)
            return lambda n: -inner(n)
        if tok == "(":
            self.take()
            inner = self.ternary(depth + 1)
            self.take(")")
            return inner
        if tok == "n":
            self.take()
            return lambda n: n
        if tok is not None and tok.isdigit():
            self.take()
            value = int(tok)
            return lambda n: value
        raise POError(self.source, 0, f"plural rule: unexpected {tok!r}")
