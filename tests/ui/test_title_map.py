"""The title's picture is the table's own painted map with a colony on it (issue 35: the title
still showed the old flat grid), drawn at the size shown, and a damaged picture file costs the
picture its pieces, never the title screen."""
from __future__ import annotations

import logging
from pathlib import Path

import pygame
import pytest

from ne_game.ui.look.theme import load_theme
from ne_game.ui.scenes.title import picture as title_map


@pytest.fixture(autouse=True)
def _fresh(monkeypatch):
    monkeypatch.setattr(title_map, "_STATE", {})
    monkeypatch.setattr(title_map, "_CACHE", {})
    pygame.init()
    yield


def _colours(surf: pygame.Surface) -> set[tuple[int, int, int]]:
    small = pygame.transform.scale(surf, (120, 100))
    return {tuple(small.get_at((x, y)))[:3] for x in range(120) for y in range(100)}


@pytest.mark.parametrize("theme", ["default", "high_contrast"])
def test_the_picture_is_drawn_at_the_size_it_is_shown(theme):
    th = load_theme(theme)
    small = title_map.picture(th, (700, 560))
    large = title_map.picture(th, (2100, 1680))
    assert small is not None and large is not None
    assert small.get_width() <= 700 and small.get_height() <= 560
    # drawn for its box, not a small raster stretched up: three times the box, three times the sheet
    assert large.get_width() <= 2100 and large.get_height() <= 1680
    assert abs(large.get_width() - 3 * small.get_width()) <= 30
    # and it fills its box one way or the other
    assert small.get_width() >= 0.9 * 700 or small.get_height() >= 0.9 * 560


def test_the_colony_is_on_the_map():
    th = load_theme("default")
    with_pieces = title_map.picture(th, (900, 700))
    title_map._CACHE.clear()
    title_map._STATE["colony"] = None          # as when the file could not be read: the map alone
    bare = title_map.picture(th, (900, 700))
    assert with_pieces is not None and bare is not None
    assert with_pieces.get_size() == bare.get_size()
    # the pieces bring the families' colours and the lands' art onto the sand
    assert len(_colours(with_pieces) - _colours(bare)) > 40


def test_a_damaged_picture_file_leaves_the_map(tmp_path: Path, monkeypatch, caplog):
    bad = tmp_path / "levels"
    bad.mkdir()
    (bad / "pictures").mkdir()
    (bad / "pictures" / "title.toml").write_text("[scenario]\nplayers = 9\n", encoding="utf-8")
    monkeypatch.setattr(title_map, "resource_path", lambda *parts: tmp_path.joinpath(*parts))
    with caplog.at_level(logging.WARNING):
        pic = title_map.picture(load_theme("default"), (800, 600))
    assert pic is not None
    assert "levels/pictures/title.toml" in caplog.text and "players" in caplog.text
