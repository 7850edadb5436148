"""The UI typeface: Alegreya Sans (bundled with its licence), as tall as the DejaVu it replaced,
drawing every character the game's words use, with lining figures; DejaVu as the fallback."""
from __future__ import annotations

import pathlib

import pygame
import pytest

from ne_game.storage.paths import resource_path
from ne_game.ui.look.theme import ThemeError, load_theme, theme_from_file
from tests.files.test_bundle_files import _set, _theme_copy

ROOT = pathlib.Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def fonts():
    pygame.font.init()
    yield


@pytest.mark.parametrize("theme", ["default", "high_contrast"])
def test_the_themes_use_the_bundled_typeface_for_words_and_numbers(theme):
    t = load_theme(theme)
    for role in ("body", "bold", "number"):
        assert t.font_path(role).name.startswith("AlegreyaSans-"), role
    assert (ROOT / "assets" / "fonts" / "LICENSE-AlegreyaSans.txt").read_text().count("Open Font License") >= 1


@pytest.mark.parametrize("px", [12, 20, 40])
def test_the_adjusted_face_is_as_tall_as_dejavu_was(px):
    t = load_theme("default")
    dejavu = pygame.font.Font(str(resource_path("assets", "fonts", "DejaVuSans.ttf")), px)
    body = t.font("body", px)
    slack = 1 + px // 20
    assert abs(body.get_height() - dejavu.get_height()) <= slack
    assert abs(body.get_linesize() - dejavu.get_linesize()) <= slack, "paragraphs keep their pitch"
    x_alegreya, x_dejavu = body.metrics("x")[0][3], dejavu.metrics("x")[0][3]
    assert abs(x_alegreya - x_dejavu) <= max(1, px // 12), "the x-height reads as large"
    text = "Shillings: 28 · 13 VP · Coëfficiënt, reçu"
    assert body.size(text)[0] < dejavu.size(text)[0], "and the words take less room"


def _game_characters() -> set[str]:
    chars: set[str] = set()
    for folder, pattern in (("ne_game", "*.py"), ("assets/locale", "*.po"), ("assets", "*.toml")):
        for p in (ROOT / folder).rglob(pattern):
            if "net" in p.relative_to(ROOT).parts:
                continue      # the phones' page and the terminal's QR code: drawn by a browser or a terminal
            chars |= set(p.read_text(encoding="utf-8"))
    return {c for c in chars if c.isprintable() and ord(c) >= 32}


@pytest.mark.parametrize("name", ["AlegreyaSans-Medium.ttf", "AlegreyaSans-Bold.ttf"])
def test_the_typeface_draws_every_character_of_the_games_words(name):
    """pygame draws a string in one font: a character it lacks is a box. A missing glyph draws
    the same as an unassigned code point (U+E000, private use)."""
    font = pygame.font.Font(str(resource_path("assets", "fonts", name)), 24)
    missing_box = pygame.image.tobytes(font.render("\ue000", True, (0, 0, 0), (255, 255, 255)), "RGB")
    thin = font.metrics("\u2009")[0][4]
    lacking = []
    for c in sorted(_game_characters()):
        if c.isspace():
            if c != " " and font.metrics(c)[0][4] not in (thin, font.metrics(" ")[0][4], font.metrics("\u00a0")[0][4]):
                lacking.append(f"U+{ord(c):04X}")
            continue
        if pygame.image.tobytes(font.render(c, True, (0, 0, 0), (255, 255, 255)), "RGB") == missing_box:
            lacking.append(f"{c} U+{ord(c):04X}")
    assert not lacking, lacking


def test_numbers_use_lining_figures():
    """Money and VP read at a glance: every digit stands on the line at the same height
    (old-style figures would rise and fall)."""
    font = load_theme("default").font("number", 40)
    tops = {d: font.metrics(d)[0][3] for d in "0123456789"}
    feet = {d: font.metrics(d)[0][2] for d in "0123456789"}
    assert max(tops.values()) - min(tops.values()) <= 2, tops     # round tops overshoot a pixel
    assert max(feet.values()) - min(feet.values()) <= 2, feet


def test_a_font_that_falls_back_to_dejavu_drops_the_adjustment(tmp_path):
    path = _theme_copy(tmp_path / "t", lambda t: _set(t, "body =", 'body = "missing.ttf"'))
    with pytest.warns(UserWarning, match=r"\[fonts\]\.body"):
        theme = theme_from_file(path)
    assert theme.font_path("body").name == "DejaVuSans.ttf"
    assert theme.font_adjust("body") == 1.0 and theme.font_adjust("bold") == pytest.approx(1.17)


@pytest.mark.parametrize("line", ["body = 9", 'body = "large"', "nobody = 1.1"])
def test_a_bad_adjustment_is_refused_on_load(tmp_path, line):
    def edit(text):
        return text.replace("[fonts.adjust]\n", f"[fonts.adjust]\n{line}\n", 1).replace(
            "\nbody = 1.17\n", "\n", 1) if "body" in line else text.replace("[fonts.adjust]\n", f"[fonts.adjust]\n{line}\n")
    path = _theme_copy(tmp_path / "t", edit)
    with pytest.raises(ThemeError, match=r"fonts\.adjust"):
        theme_from_file(path)
