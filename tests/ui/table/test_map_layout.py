"""The map is the largest thing on the table: its cells are at least 80 px at 1920x1080 in the
desk and the sofa layouts, the offer keeps at least the width it had before the map grew, and
the painted map is drawn at the layout's own size (no raster stretched up)."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from ne_game.ui.look.theme import load_theme  # noqa: E402
from ne_game.ui.scenes.table.draw import board_view, layout  # noqa: E402
from ne_game.ui.scenes.table.draw.gfx import Style  # noqa: E402

# the offer's width before the map grew (the offer's items are cards: they need no less)
OFFER_BEFORE = {((1280, 720), False): 196, ((1280, 720), True): 334, ((1280, 800), False): 196,
                ((1280, 800), True): 303, ((1920, 1080), False): 294, ((1920, 1080), True): 502,
                ((2560, 1440), False): 392, ((2560, 1440), True): 671, ((3840, 2160), False): 588,
                ((3840, 2160), True): 1004}


@pytest.mark.parametrize("sofa", [False, True], ids=["desk", "sofa"])
def test_cells_are_at_least_80_px_at_1080p(sofa):
    lay = layout.compute((1920, 1080), 4, missing={(10, 0)}, sofa=sofa)
    assert lay.fits and lay.cell >= 80, lay.cell


@pytest.mark.parametrize("key", list(OFFER_BEFORE), ids=lambda k: f"{k[0][0]}x{k[0][1]}-{'sofa' if k[1] else 'desk'}")
def test_every_size_fits_and_the_offer_keeps_its_width(key):
    size, sofa = key
    lay = layout.compute(size, 4, missing={(10, 0)}, sofa=sofa)
    assert lay.fits
    assert lay.offer_rect.width >= OFFER_BEFORE[key]
    screen = pygame.Rect((0, 0), size)
    assert screen.contains(lay.map_rect) and lay.map_rect.contains(lay.board_rect)
    assert not lay.grid_rect.colliderect(lay.offer_rect) and not lay.grid_rect.colliderect(lay.left_col)
    assert not lay.grid_rect.colliderect(lay.action_bar) and not lay.grid_rect.colliderect(lay.top_bar)


def test_the_map_is_painted_at_its_size():
    pygame.display.init()
    pygame.display.set_mode((64, 64))
    lay = layout.compute((3840, 2160), 4, missing={(10, 0)})
    coast = frozenset({(x, 0) for x in range(10)} | {(10, y) for y in range(1, 9)})
    surf = board_view.draw_base(lay, Style(load_theme("default")), coast)
    assert surf.get_size() == lay.map_rect.size
    # the sea north of the grid is blue, the parcels are land, the missing corner is sea
    g = lay.grid_rect.move(-lay.map_rect.x, -lay.map_rect.y)
    sea = surf.get_at((g.x + lay.cell * 4, g.y - lay.sea_north // 3))
    assert sea.b > sea.r, sea
    land = surf.get_at((g.x + lay.cell * 4 + lay.cell // 2, g.y + lay.cell * 5 + lay.cell // 3))
    assert land.r > land.b, land
