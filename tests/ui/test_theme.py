"""The TOML theme: both bundled themes load, lookups work, broken files are named."""
from __future__ import annotations

import logging
import re
import shutil
import warnings

import pygame
import pygame_gui
import pytest

from ne_game.storage.paths import resource_path
from ne_game.ui.look.theme import (
    REQUIRED_COLORS,
    REQUIRED_SIZES,
    ThemeError,
    available_themes,
    derived_family_colors,
    family_ids,
    load_theme,
    theme_from_file,
)


def test_bundled_themes_load_and_answer():
    names = available_themes()
    assert names[0] == "default" and "high_contrast" in names
    for name in names:
        theme = load_theme(name)
        for key in REQUIRED_COLORS:
            assert isinstance(theme.color(key), pygame.Color)
        for key in REQUIRED_SIZES:
            assert theme.size(key) >= 0
        for fam in family_ids():
            assert theme.family_color(fam) != theme.family_color(fam, colorblind=True) or name != "default"
        for land in ("settlement", "field", "pasture"):
            assert theme.land_color(land)
        f = theme.font("body", 18)
        assert theme.font("body", 18) is f  # cached
        spr = theme.sprite("coin", (40, 40))
        assert spr.get_size() == (40, 40)
        assert theme.sprite("coin", (40, 40)) is spr


def test_family_colours_distinct_in_both_palettes():
    theme = load_theme("default")
    for cb in (False, True):
        cols = {tuple(theme.family_color(f, cb)) for f in family_ids()}
        assert len(cols) == 4


def test_unknown_key_names_it():
    theme = load_theme()
    with pytest.raises(ThemeError, match="no_such_colour"):
        theme.color("no_such_colour")
    with pytest.raises(ThemeError, match="no_such_size"):
        theme.size("no_such_size")


def test_gui_theme_feeds_pygame_gui():
    pygame.display.init()
    try:
        pygame.display.set_mode((320, 200))
        for name in available_themes():
            with warnings.catch_warnings():
                warnings.simplefilter("error")  # a theme pygame-gui complains about is a bug
                manager = pygame_gui.UIManager((320, 200), load_theme(name).gui_theme(scale=1.5))
            pygame_gui.elements.UIButton(pygame.Rect(0, 0, 100, 40), "OK", manager)
            manager.update(0.01)
            manager.draw_ui(pygame.display.get_surface())
    finally:
        pygame.display.quit()


def _copy_default(tmp_path):
    dst = tmp_path / "broken" / "theme.toml"
    dst.parent.mkdir()
    shutil.copy(resource_path("assets", "themes", "default", "theme.toml"), dst)
    return dst


def test_missing_key_names_file_and_key(tmp_path):
    path = _copy_default(tmp_path)
    text = path.read_text()
    kept = re.sub(r'(?m)^highlight_legal = "#[0-9a-fA-F]+"\n', "", text)
    assert kept != text
    path.write_text(kept)
    with pytest.raises(ThemeError) as err:
        theme_from_file(path)
    assert str(path) in str(err.value) and "highlight_legal" in str(err.value)


def test_bad_colour_names_file_and_key(tmp_path):
    path = _copy_default(tmp_path)
    path.write_text(path.read_text().replace('gold = "#d4a437"', 'gold = "golden"'))
    with pytest.raises(ThemeError) as err:
        theme_from_file(path)
    assert str(path) in str(err.value) and "gold" in str(err.value)


def test_missing_family_names_it_and_draws_it_in_derived_colours(tmp_path, caplog):
    """A family the theme has no colours for (one the game data adds) is drawn in colours of
    its own, derived from its place in the data and unlike the theme's; the log names it."""
    path = _copy_default(tmp_path)
    path.write_text(path.read_text().replace("[families.howland]", "[families.howlandx]"))
    with caplog.at_level(logging.INFO, logger="ne_game.ui.look.theme"):
        theme = theme_from_file(path)
    assert "families.howland]" in caplog.text
    for cb in (False, True):
        assert theme.family_color("howland", cb) == derived_family_colors("howland")["color_cb" if cb else "color"]
        assert len({tuple(theme.family_color(f, cb)) for f in family_ids()}) == 4
    assert theme.family_color("howland") == theme_from_file(path).family_color("howland")   # stable
    with pytest.raises(ThemeError, match="howlandx"):     # an id the data does not know is still a typo
        theme.family_color("howlandx")


def test_toml_syntax_error_names_line(tmp_path):
    path = _copy_default(tmp_path)
    lines = path.read_text().splitlines()
    lines[30] = "this is = = not toml"
    path.write_text("\n".join(lines))
    with pytest.raises(ThemeError) as err:
        theme_from_file(path)
    assert str(path) in str(err.value) and "line 31" in str(err.value)


def test_unknown_theme_is_a_theme_error():
    with pytest.raises(ThemeError, match="nope"):
        load_theme("nope")


def test_each_family_rules_its_estates_its_own_way_and_a_bad_rule_names_the_file_and_key(tmp_path):
    """[families.*].boundary (playtest 10a: the estates' outlines were one grey in greyscale)."""
    for name in ("default", "high_contrast"):
        theme = load_theme(name)
        styles = [theme.family_boundary(f) for f in ("winslow", "palmer", "howland", "annable")]
        assert len(set(styles)) == 4, (name, styles)
    path = _copy_default(tmp_path)
    path.write_text(path.read_text().replace('boundary = "dotted"', 'boundary = "wavy"', 1))
    with pytest.raises(ThemeError) as err:
        theme_from_file(path)
    assert str(path) in str(err.value) and "boundary" in str(err.value) and "wavy" in str(err.value)
    path.write_text(path.read_text().replace('boundary = "wavy"', 'boundary = "dashed"', 1))
    with pytest.raises(ThemeError, match="another family"):
        theme_from_file(path)


def test_a_theme_name_typed_with_a_hyphen_finds_its_folder():
    # playtest 10i: `--theme high-contrast` said the theme cannot be used (the folder is high_contrast)
    from ne_game.ui.look.theme import theme_file
    assert theme_file("high-contrast") == theme_file("high_contrast")
    assert load_theme("high-contrast").color("text_on_dark") == load_theme("high_contrast").color("text_on_dark")
