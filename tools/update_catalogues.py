"""Re-extract the translatable texts and bring the catalogues up to date.

    uv run python tools/update_catalogues.py           # write assets/locale/ne_game.pot, update nl and fr
    uv run python tools/update_catalogues.py --check   # exit 1 when the template is out of date

What is extracted:
- Python: strings wrapped in _(), N_(), gettext(), ngettext(), pgettext(), npgettext(), fmt(),
  nfmt(), pfmt() and Notice() under ne_game/ (Babel's python extractor);
- TOML data texts: assets/data/*.toml and levels/tutorial/*.toml, with our extractor
  ne_game/i18n/extract.py (it decides which keys are visible text).
The same mapping is in babel.cfg for `pybabel extract -F babel.cfg -k fmt -k nfmt:1,2 -k pfmt:1c,2 ...`.

Updating keeps every translation and translator comment (the glossary at the top of each
catalogue too); a msgid that is new comes in untranslated, never fuzzy-guessed, so
`tests/i18n` and shared/tools/po_stats.py point at exactly what needs translating.
Babel is a development dependency only: the game reads the .po files itself.
"""
from __future__ import annotations

import argparse
import io
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from babel.messages.catalog import Catalog  # noqa: E402
from babel.messages.extract import extract_from_dir  # noqa: E402
from babel.messages.pofile import read_po, write_po  # noqa: E402

LOCALE_DIR = ROOT / "assets" / "locale"
TEMPLATE = LOCALE_DIR / "ne_game.pot"
from ne_game.i18n import TRANSLATED as LANGUAGES  # noqa: E402  - the languages' registry

KEYWORDS = {
    "_": None, "N_": None, "gettext": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2),
    "npgettext": ((1, "c"), 2, 3), "fmt": None, "nfmt": (1, 2), "pfmt": ((1, "c"), 2),
    "Notice": None,     # ne_game.storage.safe_io.Notice: a report translated when it is shown
    "NP_": ((1, "c"), 2),   # a message with its context, looked up where it is shown
}
METHOD_MAP = [
    ("ne_game/**.py", "python"),
    ("assets/data/*.toml", "ne_game.i18n.extract:extract_toml"),
    ("levels/tutorial/*.toml", "ne_game.i18n.extract:extract_toml"),
]
WIDTH = 100


def build_template() -> Catalog:
    """A fresh template from the sources (no file is written)."""
    cat = Catalog(project="New England", version="1", copyright_holder="the New England team",
                  msgid_bugs_address="", charset="utf-8", fuzzy=False)
    for filename, lineno, message, comments, context in extract_from_dir(
            str(ROOT), METHOD_MAP, {}, KEYWORDS, ("TRANSLATORS:",), strip_comment_tags=True):
        cat.add(message, None, [(filename.replace("\\", "/"), lineno)], auto_comments=comments, context=context)
    return cat


def template_text(cat: Catalog) -> bytes:
    buf = io.BytesIO()
    write_po(buf, cat, width=WIDTH, sort_output=False, omit_header=False, include_lineno=True)
    return buf.getvalue()


def messages(cat: Catalog) -> set[tuple]:
    """What a catalogue asks translators for: (context, msgid) pairs (plurals as tuples)."""
    return {(m.context, m.id if isinstance(m.id, str) else tuple(m.id)) for m in cat if m.id}


def _write_if_changed(path: Path, data: bytes) -> None:
    """Write unless only the creation date differs (no churn in git for a no-op run)."""
    def strip(b: bytes) -> bytes:
        return b"\n".join(line for line in b.splitlines() if not line.startswith((b'"POT-Creation-Date', b'"PO-Revision-Date')))
    if path.exists() and strip(path.read_bytes()) == strip(data):
        return
    path.write_bytes(data)


def update(languages=LANGUAGES) -> None:
    template = build_template()
    TEMPLATE.parent.mkdir(parents=True, exist_ok=True)
    _write_if_changed(TEMPLATE, template_text(template))
    for lang in languages:
        path = LOCALE_DIR / lang / "LC_MESSAGES" / "ne_game.po"
        if path.exists():
            with path.open("rb") as f:
                cat = read_po(f, locale=lang)
        else:
            cat = Catalog(locale=lang, project="New England", fuzzy=False)
        cat.update(template, no_fuzzy_matching=True, update_header_comment=False)
        cat.obsolete.clear()    # a removed text goes away; git keeps its history
        path.parent.mkdir(parents=True, exist_ok=True)
        buf = io.BytesIO()
        write_po(buf, cat, width=WIDTH, include_lineno=True)
        _write_if_changed(path, buf.getvalue())
        missing = sum(1 for m in cat if m.id and not (all(m.string) if isinstance(m.string, (list, tuple)) else m.string))
        print(f"{lang}: {sum(1 for m in cat if m.id)} entries, {missing} to translate")
    print(f"template: {len(messages(template))} messages -> {TEMPLATE.relative_to(ROOT)}")


def check() -> int:
    """0 when the template on disk asks for exactly what the sources hold."""
    fresh = messages(build_template())
    with TEMPLATE.open("rb") as f:
        stored = messages(read_po(f))
    if fresh == stored:
        print(f"template up to date: {len(fresh)} messages")
        return 0
    for ctx, mid in sorted(fresh - stored, key=str)[:20]:
        print(f"not in the template: {ctx + ' | ' if ctx else ''}{str(mid)[:80]!r}")
    for ctx, mid in sorted(stored - fresh, key=str)[:20]:
        print(f"no longer in the sources: {ctx + ' | ' if ctx else ''}{str(mid)[:80]!r}")
    print("run: uv run python tools/update_catalogues.py")
    return 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="only check that the template is up to date")
    args = parser.parse_args(argv)
    if args.check:
        return check()
    update()
    return 0


if __name__ == "__main__":
    sys.exit(main())
