"""Build the UI typeface in assets/fonts/ from Alegreya Sans and DejaVu Sans.

Run:  uv run --no-project --with fonttools python tools/make_fonts.py UPSTREAM_DIR

UPSTREAM_DIR holds the unmodified Alegreya Sans release files AlegreyaSans-Medium.ttf and
AlegreyaSans-Bold.ttf (Huerta Tipográfica, SIL Open Font License 1.1, no Reserved Font Name;
the Google Fonts release v28, also packaged on npm as @expo-google-fonts/alegreya-sans 0.4.2,
files 500Medium/AlegreyaSans_500Medium.ttf and 700Bold/AlegreyaSans_700Bold.ttf).

Why a build and not the files as released:
- size: the release carries Cyrillic, Greek and Vietnamese (250 kB a weight); the game speaks
  English, Dutch and French, so the Latin ranges below are kept (about 60 % smaller) and
  assets/fonts stays under the 3 MB the tests allow;
- figures: the digits are mapped to Alegreya's lining figures (see lining_figures);
- glyphs: pygame draws a whole string in one font (no per-glyph fallback), and the game's words
  use a few symbols Alegreya Sans lacks: the pad's button faces (✕ ○ □ △), the tutorial's ✓ and
  ▸, the pseudo language's ⟨ ⟩, and the narrow no-break space French puts before « : ; ! ? ».
  Those glyphs are taken from DejaVu Sans (Bitstream Vera licence, which allows this in a font
  not named Bitstream or Vera), scaled to Alegreya's units per em, and merged in.

fonttools is needed only here, never by the game. The output is deterministic for the same
inputs (the head table's dates are pinned).
"""
from __future__ import annotations

import sys
from pathlib import Path

from fontTools import subset
from fontTools.merge import Merger
from fontTools.ttLib import TTFont
from fontTools.ttLib.scaleUpem import scale_upem

ROOT = Path(__file__).resolve().parent.parent
FONTS = ROOT / "assets" / "fonts"
#: output name -> (upstream file, the DejaVu Sans file whose symbols it borrows)
WEIGHTS = {
    "AlegreyaSans-Medium.ttf": ("AlegreyaSans-Medium.ttf", "DejaVuSans.ttf"),
    "AlegreyaSans-Bold.ttf": ("AlegreyaSans-Bold.ttf", "DejaVuSans-Bold.ttf"),
}
#: Basic Latin, Latin-1, Latin Extended-A (and ƒ, Ș ș Ț ț of Extended-B), spacing modifiers, combining accents, general
#: punctuation, super/subscripts, currency, letterlike, arrows, minus, ligatures
LATIN = ("U+0020-007E,U+00A0-017F,U+0192,U+0218-021B,U+02B0-036F,U+2000-206F,U+2070-209F,U+20A0-20CF,"
         "U+2100-214F,U+2190-21FF,U+2212,U+FB00-FB06")
#: symbols the game's text draws that Alegreya Sans has not (see the module's docstring)
BORROWED = [0x25A1, 0x25B3, 0x25B8, 0x25CB, 0x2605, 0x2713, 0x2715, 0x27E8, 0x27E9]
PINNED_DATE = 3_786_825_600   # 2024-01-01 in the head table's epoch (1904): no build time inside


def _subset(font: TTFont, unicodes: list[int] | str) -> None:
    options = subset.Options()
    options.layout_features = ["*"]          # kerning and ligatures stay
    options.name_IDs = ["*"]
    options.notdef_outline = True
    options.glyph_names = False
    sub = subset.Subsetter(options)
    sub.populate(unicodes=subset.parse_unicodes(unicodes) if isinstance(unicodes, str) else unicodes)
    sub.subset(font)


def lining_figures(font: TTFont) -> None:
    """Map the digits to their lining forms: Alegreya Sans draws old-style figures by default
    (3 4 5 7 9 descend, 6 8 rise), which read poorly in money and VP columns, and pygame cannot
    ask for the `lnum` feature, so the cmap points 0-9 at what `lnum` would substitute."""
    gsub = font["GSUB"].table
    subst: dict[str, str] = {}
    for rec in gsub.FeatureList.FeatureRecord:
        if rec.FeatureTag != "lnum":
            continue
        for index in rec.Feature.LookupListIndex:
            for sub in gsub.LookupList.Lookup[index].SubTable:
                mapping = getattr(sub, "mapping", None)
                if mapping is None and hasattr(sub, "ExtSubTable"):
                    mapping = getattr(sub.ExtSubTable, "mapping", None)
                subst.update(mapping or {})
    changed = 0
    for table in font["cmap"].tables:
        if not table.isUnicode():
            continue
        for code in range(0x30, 0x3A):
            glyph = table.cmap.get(code)
            if glyph in subst:
                table.cmap[code] = subst[glyph]
                changed += 1
    if not changed:
        raise SystemExit("no lnum substitution for the digits: is this Alegreya Sans?")


def build(upstream: Path) -> None:
    for out, (src, donor_name) in WEIGHTS.items():
        base = TTFont(upstream / src)
        lining_figures(base)
        _subset(base, LATIN)
        donor = TTFont(FONTS / donor_name)
        _subset(donor, BORROWED)
        scale_upem(donor, base["head"].unitsPerEm)
        tmp_base, tmp_donor = FONTS / f".{out}.base", FONTS / f".{out}.donor"
        try:
            base.save(tmp_base)
            donor.save(tmp_donor)
            merged = Merger().merge([str(tmp_base), str(tmp_donor)])
        finally:
            tmp_base.unlink(missing_ok=True)
            tmp_donor.unlink(missing_ok=True)
        # the narrow no-break space (French typography) drawn as the thin space
        cmap = merged.getBestCmap()
        if 0x202F not in cmap and 0x2009 in cmap:
            for table in merged["cmap"].tables:
                if table.isUnicode():
                    table.cmap[0x202F] = cmap[0x2009]
        merged["head"].created = merged["head"].modified = PINNED_DATE
        merged.recalcTimestamp = False       # else save() writes the build's time into head
        merged.save(FONTS / out)
        print(f"{out}: {(FONTS / out).stat().st_size:,} bytes")


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    build(Path(sys.argv[1]))
