"""The shipped sprite sheets: complete, in bounds, not blank, and reproducible."""
from __future__ import annotations

import importlib.util
import os
import sys
from pathlib import Path

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402

try:
    import tomllib  # type: ignore[import-not-found]
except ModuleNotFoundError:  # Python 3.10
    import tomli as tomllib  # type: ignore[no-redef]

ROOT = Path(__file__).resolve().parent.parent
THEMES = ("default", "high_contrast")
LANDS = ("settlement", "field", "pasture")
FAMILIES = ("winslow", "palmer", "howland", "annable")
FIGURES = ("pilgrim", "barn", "ship")
CARD_IDS = ("F2", "F3L", "S2", "S3I", "S4O", "P2", "P3L", "pilgrim", "barn", "ship")

# name -> (w, h) as promised to the UI
REQUIRED: dict[str, tuple[int, int]] = {}
for _land in LANDS:
    for _state in ("plain", "developed"):
        REQUIRED[f"land_{_land}_{_state}"] = (128, 128)
        for _fam in FAMILIES:
            REQUIRED[f"start_{_land}_{_fam}_{_state}"] = (256, 128)
for _fam in FAMILIES:
    REQUIRED[f"badge_{_fam}"] = (64, 64)
    REQUIRED[f"badge_{_fam}_cb"] = (64, 64)
for _fig in FIGURES:
    REQUIRED[f"figure_{_fig}"] = (96, 96)
    REQUIRED[f"majority_{_fig}"] = (160, 224)
for _id in CARD_IDS:
    REQUIRED[f"card_{_id}"] = (160, 224)
REQUIRED["card_back"] = (160, 224)
for _v in range(1, 11):
    REQUIRED[f"bid_{_v}"] = (72, 72)
REQUIRED.update({
    "coin": (48, 48),
    "start_player_marker": (72, 72),
    "bag": (96, 96),
    "deck": (96, 96),
    "sea": (128, 128),
    "parcel_empty": (128, 128),
    "parcel_coast": (128, 128),
})


def _load_make_art():
    path = ROOT / "tools" / "make_art.py"
    spec = importlib.util.spec_from_file_location("make_art_under_test", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def make_art():
    pygame.font.init()
    return _load_make_art()


def _index(theme: str) -> dict:
    with open(ROOT / "assets" / "themes" / theme / "sprites.toml", "rb") as fh:
        return tomllib.load(fh)


@pytest.mark.parametrize("theme", THEMES)
def test_index_parses_and_names_the_sheet(theme):
    idx = _index(theme)
    assert idx["sheet"] == "sprites.png"
    assert (ROOT / "assets" / "themes" / theme / idx["sheet"]).is_file()
    assert isinstance(idx["sprites"], dict) and idx["sprites"]
    for name, entry in idx["sprites"].items():
        rect = entry["rect"]
        assert len(rect) == 4 and all(isinstance(v, int) for v in rect), name


@pytest.mark.parametrize("theme", THEMES)
def test_every_required_sprite_exists_at_its_size(theme):
    sprites = _index(theme)["sprites"]
    missing = sorted(set(REQUIRED) - set(sprites))
    assert not missing, f"missing sprites: {missing}"
    for name, size in REQUIRED.items():
        assert tuple(sprites[name]["rect"][2:]) == size, name


@pytest.mark.parametrize("theme", THEMES)
def test_rects_inside_sheet_and_sprites_not_blank(theme):
    idx = _index(theme)
    sheet = pygame.image.load(str(ROOT / "assets" / "themes" / theme / idx["sheet"]))
    sw, sh = sheet.get_size()
    assert sw <= 2048 and sh <= 2048
    rects = {}
    for name, entry in idx["sprites"].items():
        x, y, w, h = entry["rect"]
        assert w > 0 and h > 0 and x >= 0 and y >= 0 and x + w <= sw and y + h <= sh, name
        rects[name] = pygame.Rect(x, y, w, h)
        sub = sheet.subsurface(rects[name])
        # visible pixels with some variation
        mask = pygame.mask.from_surface(sub, 16)
        assert mask.count() > 0.05 * w * h, f"{name} is (nearly) transparent"
        colors = set()
        for py in range(0, h, max(1, h // 12)):
            for px in range(0, w, max(1, w // 12)):
                c = sub.get_at((px, py))
                if c.a > 16:
                    colors.add((c.r // 8, c.g // 8, c.b // 8))
        assert len(colors) >= 3, f"{name} looks flat ({len(colors)} colours)"
    # no two sprites overlap
    names = sorted(rects)
    for i, a in enumerate(names):
        idx_hit = rects[a].collidelistall([rects[b] for b in names[i + 1:]])
        assert not idx_hit, f"{a} overlaps {[names[i + 1 + j] for j in idx_hit]}"


@pytest.mark.parametrize("theme", THEMES)
def test_palette_lives_in_art_toml(theme):
    with open(ROOT / "assets" / "themes" / theme / "art.toml", "rb") as fh:
        art = tomllib.load(fh)
    for land in LANDS:
        assert "base" in art["lands"][land]
    for fam in FAMILIES:
        assert {"color", "color_cb"} <= set(art["families"][fam])
    for key in ("title_font", "text_font", "number_font", "label_font"):
        assert (ROOT / "assets" / "fonts" / art["style"][key]).is_file(), key


def test_fonts_ship_with_licences():
    fonts = ROOT / "assets" / "fonts"
    files = list(fonts.glob("*.ttf")) + list(fonts.glob("*.otf"))
    assert files
    assert list(fonts.glob("LICENSE*")), "font licence texts missing"
    # 3.0 MB was the budget before the UI typeface (two Latin-only weights of Alegreya Sans,
    # 210 kB in all, tools/make_fonts.py) joined the title serif and the DejaVu fallback
    assert sum(f.stat().st_size for f in files) < 3_100_000


def test_generator_is_deterministic(make_art):
    theme = make_art.load_theme("default")
    game = make_art.load_game()
    for name in ("land_pasture_developed", "bid_7", "card_F3L"):
        a = make_art.draw_sprite(name, theme, game)
        b = make_art.draw_sprite(name, theme, game)
        assert a.get_size() == b.get_size()
        assert pygame.image.tobytes(a, "RGBA") == pygame.image.tobytes(b, "RGBA"), name


def test_shipped_sheet_matches_generator(make_art):
    """The committed sheet is what the generator draws now (catches a forgotten re-run)."""
    theme = make_art.load_theme("default")
    idx = _index("default")
    sheet = pygame.image.load(str(ROOT / "assets" / "themes" / "default" / idx["sheet"]))
    for name in ("badge_palmer", "land_field_developed"):
        fresh = make_art.draw_sprite(name, theme)
        shipped = sheet.subsurface(pygame.Rect(idx["sprites"][name]["rect"]))
        a = pygame.image.tobytes(fresh, "RGBA")
        b = pygame.image.tobytes(shipped.copy(), "RGBA")
        assert len(a) == len(b), name
        # tolerant: scaler / font rasteriser builds may round a little differently
        diff = sum(abs(x - y) for x, y in zip(a, b)) / len(a)
        assert diff < 2.0, f"{name}: shipped sheet is stale (mean diff {diff:.2f}); run tools/make_art.py"
