"""The painted map's country (terrain.py): a wandering shore that never takes a parcel, and land
painted, not a flat sheet (playtest 5a: "a flat parchment grid, not a painted map")."""
from __future__ import annotations

import random

import pygame

from ne_game.ui.look.theme import load_theme
from ne_game.ui.scenes.table.draw import board_view, layout, terrain
from ne_game.ui.scenes.table.draw.gfx import Style

MISSING = {(10, 0)}
COAST = frozenset({(x, 0) for x in range(10)} | {(10, y) for y in range(1, 9)})


def test_the_shore_wanders_out_to_sea_and_never_into_a_parcel():
    c = 90
    grid = pygame.Rect(100, 100, 11 * c, 9 * c)
    path = [(grid.x, grid.y), (grid.x + 10 * c, grid.y), (grid.x + 10 * c, grid.y + c),
            (grid.right, grid.y + c), (grid.right, grid.bottom)]
    shore = terrain.wandering_shore(path, c, random.Random(3))
    cells = [pygame.Rect(grid.x + x * c, grid.y + y * c, c, c).inflate(-2, -2)
             for x in range(11) for y in range(9) if (x, y) not in MISSING]
    assert not any(r.collidepoint(x, y) for x, y in shore for r in cells)
    # it wanders: not a ruler-straight line along the north
    north = [y for x, y in shore if grid.x + c < x < grid.x + 9 * c and y < grid.y + 1]
    assert max(north) - min(north) > c * 0.03
    # and keeps to the inner third of the north sea's band (the column letters stand on water)
    assert min(north) >= grid.y - c * 0.25 / 3
    # its ends stay where the shore beyond the grid meets it
    assert shore[0] == path[0] and shore[-1] == path[-1]


def test_the_land_is_painted_not_flat():
    pygame.display.set_mode((64, 64))
    lay = layout.compute((1920, 1080), 4, missing=MISSING)
    surf = board_view.draw_base(lay, Style(load_theme("default")), COAST)
    g = lay.grid_rect.move(-lay.map_rect.x, -lay.map_rect.y)
    c = lay.cell
    # the middles of the parcels away from the coast: washes and relief, no woods (kept clear)
    light = []
    for x in range(1, 9):
        for y in range(2, 8):
            p = surf.get_at((g.x + x * c + c // 2, g.y + y * c + c // 2))
            light.append(0.299 * p.r + 0.587 * p.g + 0.114 * p.b)
    mean = sum(light) / len(light)
    sd = (sum((v - mean) ** 2 for v in light) / len(light)) ** 0.5
    assert sd >= 12.0, sd      # the flat sheet of wave 41 measured 5.5, this map 18
    # woods stand on the parcels' corners and beyond the grid, never in a parcel's middle
    green = 0
    for x in range(lay.cols):
        for y in range(lay.rows):
            if (x, y) in MISSING:
                continue
            p = surf.get_at((g.x + x * c + c // 2, g.y + y * c + c // 2))
            green += p.g > p.r + 25 and p.g > 90 and p.r < 110
    assert green == 0


def test_the_meadow_has_a_few_ponds_on_the_parcels_corners():
    # playtest 21a: the empty map at the start was "a flat meadow"; a few ponds lie in it, on
    # parcels' corners (their middles stay clear), as old maps draw them
    pygame.display.set_mode((64, 64))
    lay = layout.compute((1920, 1080), 4, missing=MISSING)
    surf = board_view.draw_base(lay, Style(load_theme("default")), COAST)
    g = lay.grid_rect.move(-lay.map_rect.x, -lay.map_rect.y)
    c = lay.cell
    inland = g.inflate(-2 * c, -2 * c)          # away from the sea
    water = [(x, y) for x in range(inland.x, inland.right, 2) for y in range(inland.y, inland.bottom, 2)
             if (p := surf.get_at((x, y))).b > p.g and p.b > p.r + 30]
    assert len(water) > 60, len(water)
    for x, y in water:
        fx, fy = ((x - g.x) % c) / c, ((y - g.y) % c) / c
        assert not (0.3 < fx < 0.7 and 0.3 < fy < 0.7), (x, y)
