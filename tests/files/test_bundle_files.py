"""Issue 9: files from the bundle and the user folder stay inside their folders and stay small."""
from __future__ import annotations

import shutil
import struct
import warnings
import zlib
from pathlib import Path

import pygame
import pygame_gui
import pytest

from ne_game.cli import main
from ne_game.game import gamedata
from ne_game.rules.errors import DataError
from ne_game.storage.paths import resource_path
from ne_game.tutorial import load_tutorial
from ne_game.ui.look import theme as theme_mod
from ne_game.ui.look.theme import ThemeError, load_theme, theme_from_file

DEFAULT = resource_path("assets", "themes", "default")


def _theme_copy(folder: Path, edit=lambda text: text) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    for name in ("theme.toml", "sprites.toml", "sprites.png"):
        shutil.copy(DEFAULT / name, folder / name)
    path = folder / "theme.toml"
    path.write_text(edit(path.read_text()))
    return path


def _set(text: str, line_start: str, new_line: str) -> str:
    lines = text.splitlines()
    hits = [i for i, line in enumerate(lines) if line.startswith(line_start)]
    assert hits, line_start
    lines[hits[0]] = new_line
    return "\n".join(lines) + "\n"


def _png_header(width: int, height: int) -> bytes:
    """A PNG signature and IHDR claiming this size (no pixel data follows)."""
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + struct.pack(">I", 13) + b"IHDR" + ihdr
            + struct.pack(">I", zlib.crc32(b"IHDR" + ihdr)))


@pytest.fixture
def display():
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((320, 200))
    yield pygame.display.get_surface()
    pygame.display.quit()


def _feed_pygame_gui(theme, surface) -> None:
    """What the app does with a theme: pygame-gui's (threaded) font loader gets its fonts."""
    manager = pygame_gui.UIManager((320, 200), theme.gui_theme(scale=1.5))
    pygame_gui.elements.UIButton(pygame.Rect(0, 0, 100, 40), "OK", manager)
    pygame_gui.elements.UILabel(pygame.Rect(0, 50, 300, 80), "Label", manager)
    manager.update(0.01)
    manager.draw_ui(surface)
    theme.font("body", 18).render("x", True, (0, 0, 0))


# ---------------------------------------------------------------- theme names and paths
def test_a_user_theme_loads_from_the_user_folder(ne_game_home):
    _theme_copy(ne_game_home / "themes" / "mine")
    (ne_game_home / "themes" / "bad name").mkdir()
    (ne_game_home / "themes" / "bad name" / "theme.toml").write_text("")
    assert load_theme("mine").path == ne_game_home / "themes" / "mine" / "theme.toml"
    assert theme_mod.available_themes()[0] == "default" and "mine" in theme_mod.available_themes()
    assert "bad name" not in theme_mod.available_themes()


@pytest.mark.parametrize("value", [r'"A\u0000B"', '"' + "x" * 41 + '"', "3"])
def test_theme_display_names_are_checked(tmp_path, value):
    path = _theme_copy(tmp_path / "t", lambda t: _set(t, "name =", f"name = {value}"))
    with pytest.raises(ThemeError, match=r"\[theme\]\.name"):
        theme_from_file(path)


@pytest.mark.parametrize("name", ["bad\x00name", "../default", "/etc", "a/b", "", "x" * 100])
def test_theme_names_that_leave_the_folder_are_refused(name):
    with pytest.raises(ThemeError, match="not a theme name"):
        load_theme(name)


@pytest.mark.parametrize("value", ['"../../../../../etc/passwd"', '"/etc/passwd"', '"a\\u0000b"'])
def test_sprite_index_paths_stay_in_the_theme_folder(tmp_path, value):
    path = _theme_copy(tmp_path / "t", lambda t: _set(t, "sprites =", f"sprites = {value}"))
    with pytest.raises(ThemeError, match="sprites"):
        theme_from_file(path)


def test_sprite_sheet_paths_stay_in_the_theme_folder(tmp_path):
    path = _theme_copy(tmp_path / "t")
    index = path.parent / "sprites.toml"
    index.write_text(index.read_text().replace('sheet = "sprites.png"', 'sheet = "../../../etc/hostname"'))
    with pytest.raises(ThemeError, match="sheet"):
        theme_from_file(path)


@pytest.mark.parametrize("value", ["../../../../../../etc/hostname", "/etc/hostname", "../themes/default/sprites.png"])
def test_font_paths_that_leave_the_fonts_folder_fall_back_to_the_bundled_font(tmp_path, display, value):
    path = _theme_copy(tmp_path / "t", lambda t: _set(t, "body =", f'body = "{value}"'))
    with pytest.warns(UserWarning, match=r"\[fonts\]\.body"):
        theme = theme_from_file(path)
    assert theme.font_path("body") == resource_path("assets", "fonts", "DejaVuSans.ttf")
    _feed_pygame_gui(theme, display)


@pytest.mark.parametrize("content", [b"my-hostname\n", "png", b"", b"\x00\x01\x00\x00" + b"\x00" * 64])
def test_files_that_are_no_fonts_never_reach_pygame_gui(tmp_path, display, content):
    if content == "png":
        content = (DEFAULT / "sprites.png").read_bytes()
    path = _theme_copy(tmp_path / "t", lambda t: _set(t, "bold =", 'bold = "fake.ttf"'))
    (path.parent / "fake.ttf").write_bytes(content)
    with pytest.warns(UserWarning, match="fake.ttf"):
        theme = theme_from_file(path)
    assert theme.font_path("bold") == resource_path("assets", "fonts", "DejaVuSans-Bold.ttf")
    _feed_pygame_gui(theme, display)


def test_a_real_font_in_the_theme_folder_is_used(tmp_path, display):
    path = _theme_copy(tmp_path / "t", lambda t: _set(t, "body =", 'body = "mine.ttf"'))
    shutil.copy(resource_path("assets", "fonts", "DejaVuSerif-Bold.ttf"), path.parent / "mine.ttf")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        theme = theme_from_file(path)
    assert theme.font_path("body") == path.parent / "mine.ttf"
    _feed_pygame_gui(theme, display)


@pytest.mark.parametrize("key, value", [("font_body", "1e6"), ("font_body", "1"), ("font_title", "nan"),
                                        ("cell_size", "nan"), ("cell_size", "inf"), ("cell_size", "-inf"),
                                        ("margin", "1e9"), ("gap", '"7"')])
def test_sizes_must_be_finite_and_sane(tmp_path, key, value):
    path = _theme_copy(tmp_path / "t", lambda t: _set(t, f"{key} =", f"{key} = {value}"))
    with pytest.raises(ThemeError, match=rf"\[sizes\]\.{key}"):
        theme_from_file(path)


def test_the_app_falls_back_to_the_default_theme(ne_game_home):
    _theme_copy(ne_game_home / "themes" / "huge", lambda t: _set(t, "font_body =", "font_body = 1e6"))
    from ne_game.ui.shell.app import App

    app = App(size=(640, 360), theme="huge")
    try:
        assert app.theme.name == "default" and "font_body" in app.startup_messages[0]
    finally:
        pygame.display.quit()


# ---------------------------------------------------------------- sprite sheets
def test_a_huge_sprite_sheet_is_refused_from_its_header(tmp_path, display, monkeypatch):
    path = _theme_copy(tmp_path / "t")
    (path.parent / "sprites.png").write_bytes(_png_header(20000, 20000) + b"\x00" * 100)
    decoded = []
    monkeypatch.setattr(pygame.image, "load", lambda *a: decoded.append(a) or pygame.Surface((1, 1)))
    theme = theme_from_file(path)
    with pytest.warns(UserWarning, match="20000 x 20000"):
        sprite = theme.sprite("badge_winslow", (32, 32))
    assert sprite.get_size() == (32, 32) and decoded == []   # a placeholder; nothing decoded


def test_png_size_is_read_from_the_header():
    assert theme_mod.image_size(DEFAULT / "sprites.png") == pygame.image.load(str(DEFAULT / "sprites.png")).get_size()


def test_sprite_sheet_that_is_a_fifo_or_a_device(tmp_path, display):
    import os

    path = _theme_copy(tmp_path / "t")
    (path.parent / "sprites.png").unlink()
    os.mkfifo(path.parent / "sprites.png")
    with pytest.warns(UserWarning, match="sprite sheet"):
        assert theme_from_file(path).sprite("badge_winslow", (16, 16)).get_size() == (16, 16)


@pytest.mark.parametrize("rect", ["[0, 0, -5, 10]", "[0, 0, 99999999, 10]", "[0, 0, 1.5, 2]"])
def test_sprite_rects_are_capped(tmp_path, rect):
    path = _theme_copy(tmp_path / "t")
    index = path.parent / "sprites.toml"
    index.write_text(index.read_text().replace("rect = [652, 1234, 128, 128]", f"rect = {rect}", 1))
    with pytest.raises(ThemeError, match="rect"):
        theme_from_file(path)


# ---------------------------------------------------------------- levels and game data
def _level(tmp_path: Path, body: str) -> Path:
    path = tmp_path / "level.toml"
    path.write_text('[board]\nname = "test"\n' + body)
    return path


@pytest.mark.parametrize("w, h, key", [(800, 800, "board.width"), (31, 9, "board.width"), (11, 31, "board.height")])
def test_boards_are_capped(tmp_path, w, h, key):
    path = _level(tmp_path, f"width = {w}\nheight = {h}\n")
    with pytest.raises(DataError) as err:
        gamedata.load_ruleset("test", level_file=path)
    assert err.value.key == key and str(path) in str(err.value)


@pytest.mark.parametrize("w, h", [(2, 2), (4, 3), (3, 4)])
def test_a_board_without_room_for_the_start_tiles_is_refused(tmp_path, w, h):
    path = _level(tmp_path, f"width = {w}\nheight = {h}\n")
    with pytest.raises(DataError, match="start tiles") as err:
        gamedata.load_ruleset("test", level_file=path)
    assert err.value.key == "board" and str(path) in str(err.value)


def test_the_classic_board_and_a_largest_board_load(tmp_path):
    assert gamedata.load_ruleset("classic").width == 11
    assert gamedata.load_ruleset("big", level_file=_level(tmp_path, "width = 30\nheight = 30\n")).width == 30


def test_duplicate_family_ids_are_refused(tmp_path):
    text = resource_path(*gamedata.GAME_FILE).read_text()
    game = tmp_path / "game.toml"
    game.write_text(text.replace('id = "palmer"', 'id = "winslow"'))
    with pytest.raises(DataError, match="appears twice") as err:
        gamedata.load_ruleset("classic", game_path=game)
    assert err.value.key == "families[1].id"


@pytest.mark.parametrize("level_id", ["../assets/data/game", "/etc/passwd", "a\x00b"])
def test_level_ids_stay_in_the_levels_folder(level_id):
    with pytest.raises(DataError):
        gamedata.load_ruleset(level_id)


def test_a_deep_or_huge_toml_file_is_a_data_error(tmp_path):
    deep = tmp_path / "deep.toml"
    deep.write_text("a = " + "[" * 990 + "]" * 990)
    with pytest.raises(DataError, match="nested"):
        gamedata.read_toml(deep)
    huge = tmp_path / "huge.toml"
    huge.write_text("# " + "x" * (2 * 1024 * 1024))
    with pytest.raises(DataError, match="too large"):
        gamedata.read_toml(huge)


# ---------------------------------------------------------------- lesson and scenario paths
def _tutorial_copy(tmp_path: Path) -> Path:
    folder = tmp_path / "tutorial"
    shutil.copytree(resource_path("levels", "tutorial"), folder)
    return folder


def test_lesson_paths_stay_in_the_tutorial_folder(tmp_path):
    folder = _tutorial_copy(tmp_path)
    (tmp_path / "evil.toml").write_text((folder / "01_goal.toml").read_text())
    index = folder / "index.toml"
    index.write_text(index.read_text().replace('"01_goal.toml"', '"../evil.toml"'))
    with pytest.raises(DataError, match="leaves the tutorial folder") as err:
        load_tutorial(folder)
    assert err.value.key == "lessons[0]"


@pytest.mark.parametrize("scenario", ["../../classic.toml", "/etc/hostname"])
def test_scenario_paths_stay_in_the_tutorial_folder(tmp_path, scenario):
    folder = _tutorial_copy(tmp_path)
    lesson = folder / "01_goal.toml"
    lesson.write_text(lesson.read_text().replace('scenario = "scenarios/overview.toml"', f'scenario = "{scenario}"'))
    with pytest.raises(DataError, match="leaves the tutorial folder") as err:
        load_tutorial(folder)
    assert err.value.key == "scenario"


# ---------------------------------------------------------------- simulate
@pytest.mark.parametrize("args, words", [(["--games", "-3"], "--games"), (["--games", "0"], "--games"),
                                         (["--budget", "-5"], "--budget"), (["--budget", "nan"], "--budget"),
                                         (["--budget", "inf"], "--budget"), (["--games", "x"], "whole number")])
def test_simulate_refuses_impossible_counts(capsys, args, words):
    with pytest.raises(SystemExit) as exit_:
        main(["simulate", *args])
    assert exit_.value.code == 2
    assert words in capsys.readouterr().err


