"""The title screen's picture: the table's own painted map with a colony in mid-game.

The first screen promises the table that follows, so it is drawn by the table's own code
(board_view.draw_base: sea, coast, countryside, parcels, compass rose and cartouche; then
the placed tiles and figures) at the size it is shown, from `levels/title.toml` (a scenario
file like the tutorial's, checked the same way). A damaged or missing file costs the
picture its pieces, never the title screen.
"""
from __future__ import annotations

import dataclasses
import logging

import pygame

import ne_game.ui.scenes.table.draw.board_view as board_view
from ne_game.game import data_caches
from ne_game.game.gamedata import default_ruleset
from ne_game.rules import DataError, position
from ne_game.rules.state import State
from ne_game.storage.paths import resource_path
from ne_game.tutorial.scenario import load_scenario
from ne_game.ui.look.theme import Theme
from ne_game.ui.scenes.table.draw import layout
from ne_game.ui.scenes.table.draw.gfx import Style, shade
from ne_game.ui.scenes.table.model.facts import coast_of
from ne_game.ui.scenes.table.model.view_model import BoardView, TileView

log = logging.getLogger(__name__)

PICTURE_FILE = ("levels", "pictures", "title.toml")
# the map's margins round the grid, in cells: country west and south, sea north and east (the
# rose and the cartouche stand there); the frame round it all, in cells too
WEST, NORTH, EAST, SOUTH = 0.9, 1.3, 1.5, 0.55
FRAME = 1 / 6
# the pictures, and the colony read once (None: it could not be read); both follow the game data
_CACHE: dict[tuple[str, tuple[int, int], bool], pygame.Surface] = data_caches.register_mapping(
    {}, "title.picture._CACHE")
_STATE: dict[str, State | None] = data_caches.register_mapping({}, "title.picture._STATE")


def _colony() -> State | None:
    if "colony" not in _STATE:
        try:
            _STATE["colony"] = load_scenario(resource_path(*PICTURE_FILE), "/".join(PICTURE_FILE))
        except (DataError, OSError) as err:
            log.warning("the title's picture is drawn without its pieces: %s", err)
            _STATE["colony"] = None
    return _STATE["colony"]


def _map_layout(cell: int, cols: int, rows: int, missing: frozenset[tuple[int, int]]) -> layout.Layout:
    """The table's layout for a grid of `cell` pixels, remade for a map alone: a wide band of
    sea north and east (the rose and the cartouche stand there), a strip of country west
    (the row numbers) and south; no columns over it."""
    lay = layout.compute((1280, 720), cols=cols, rows=rows, missing=missing)
    k = cell / max(1, lay.cell)
    label = int((lay.grid_rect.x - lay.board_rect.x) * k)
    sea_n = int(lay.sea_north * k)
    west, north, east, south = (int(cell * f) for f in (WEST, NORTH, EAST, SOUTH))
    w, h = west + cols * cell + east, north + rows * cell + south
    grid = pygame.Rect(west, north, cols * cell, rows * cell)
    board = pygame.Rect(grid.x - label, grid.y - sea_n, grid.width + label + int(lay.sea_east * k),
                        grid.height + sea_n)
    return dataclasses.replace(lay, size=(w, h), u=lay.u * k, map_rect=pygame.Rect(0, 0, w, h),
                               grid_rect=grid, board_rect=board, board_area=board.copy(), cell=cell,
                               sea_north=sea_n, sea_east=int(lay.sea_east * k),
                               offer_rect=pygame.Rect(w, 0, 1, h))


def picture(theme: Theme, area: tuple[int, int], colorblind: bool = False) -> pygame.Surface | None:
    """The painted map for a box of `area` pixels (cached per theme, size and colour mode):
    the board with its sea, the coast and the country beyond, in a thin gilt frame."""
    key = (theme.name, area, colorblind)
    cached = _CACHE.get(key)
    if cached is not None:
        return cached
    if len(_CACHE) > 4:
        _CACHE.clear()
    state = _colony()
    rs = default_ruleset() if state is None else state.rs
    cols, rows = rs.width, rs.height
    # the grid, its margins (_map_layout) and the frame on both sides fill the box
    aw, ah = area
    cell = int(min((aw - 8) / (cols + WEST + EAST + 2 * FRAME), (ah - 8) / (rows + NORTH + SOUTH + 2 * FRAME)))
    if cell < 12:
        return None
    lay = _map_layout(cell, cols, rows, frozenset(rs.missing))
    st = Style(theme, colorblind)
    sheet = board_view.draw_base(lay, st, coast_of(rs))
    if state is not None:
        pos = position(state)
        fams = [p.family for p in pos.players]
        tiles = tuple(TileView.of(i, t, fams[t.owner]) for i, t in enumerate(pos.tiles))
        board_view.draw_tiles(sheet, lay, st, BoardView(tiles))
    framed = _framed(sheet, st, lay.cell)
    _CACHE[key] = framed
    return framed


def _framed(sheet: pygame.Surface, st: Style, cell: int) -> pygame.Surface:
    """The map as a sheet on the table: a soft shadow under it and a thin gilt frame."""
    w, h = sheet.get_size()
    pad = max(4, int(cell * FRAME))
    out = pygame.Surface((w + pad * 2, h + pad * 2), pygame.SRCALPHA)
    for i in range(pad, 0, -1):      # the shadow, darker towards the sheet
        a = int(90 * (1 - i / (pad + 1)) ** 1.5)
        pygame.draw.rect(out, (0, 0, 0, a), pygame.Rect(pad - i + pad // 3, pad - i + pad // 2,
                                                         w + 2 * i, h + 2 * i), border_radius=i)
    out.blit(sheet, (pad, pad))
    gold = st.color("gold")
    edge = max(2, cell // 22)
    frame = pygame.Rect(pad, pad, w, h)
    pygame.draw.rect(out, shade(gold, 0.55), frame.inflate(edge * 2, edge * 2), edge)
    pygame.draw.rect(out, gold, frame.inflate(edge, edge), max(1, edge // 2))
    pygame.draw.rect(out, shade(gold, 0.7), frame.inflate(-edge * 3, -edge * 3), max(1, edge // 3))
    return out
