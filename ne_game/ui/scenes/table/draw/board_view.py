"""The board: sea, parcels, tiles, figures, and the glow of legal targets.

Every function draws what its view says (view_model.BoardView, BoardOverlayView) in
the layout's rectangles with the style's colours; none decides anything.
"""
from __future__ import annotations

import math

import pygame

import ne_game.ui.scenes.table.draw.pieces as pieces
from ne_game.i18n import _
from ne_game.ui.scenes.table.draw.gfx import Style, blit_center, cached_shape, shade
from ne_game.ui.scenes.table.draw.layout import Layout
from ne_game.ui.scenes.table.model.geometry import COLS, Cell
from ne_game.ui.scenes.table.model.view_model import BoardOverlayView, BoardView, GhostView, TileView


def draw_base(lay: Layout, st: Style, coast: frozenset[Cell]) -> pygame.Surface:
    """Sea, empty parcels and coordinates: depends on layout, theme and the coast (cached)."""
    br = lay.board_rect
    surf = pygame.Surface(br.size, pygame.SRCALPHA)
    ox, oy = br.topleft
    sea = st.color("sea")
    deep = st.color("sea_deep")
    foam = st.color("sea_foam")
    g = lay.grid_rect.move(-ox, -oy)
    # Sea: the north band and the east band (the missing corner is sea too).
    sea_shape = [pygame.Rect(g.x, 0, br.width - g.x, g.y),
                 pygame.Rect(g.right, 0, br.width - g.right, br.height - (br.height - g.bottom))]
    spr = st.sprite("sea", (max(1, br.width - g.x), max(1, g.bottom)))
    for r in sea_shape:
        pygame.draw.rect(surf, sea, r)
    if spr is not None:
        clip = surf.get_clip()
        for r in sea_shape:
            surf.set_clip(r)
            surf.blit(spr, (g.x, 0))
        surf.set_clip(clip)
    else:
        # Waves: short arcs in two shades.
        c = lay.cell
        for r in sea_shape:
            for yy in range(r.y + c // 6, r.bottom, max(4, c // 4)):
                for xx in range(r.x + (yy // 3) % (c // 2 + 1), r.right, max(6, c // 2)):
                    pygame.draw.arc(surf, deep, (xx, yy, c // 4, c // 8), 0, math.pi,
                                    max(1, c // 40))
    # Land mass under the grid.
    land_bg = st.color("board_bg")
    pygame.draw.rect(surf, shade(land_bg, 0.8), g.inflate(lay.px(4), lay.px(4)))
    pygame.draw.rect(surf, land_bg, g)
    # The missing cells (the north-east corner) are sea, over the land mass.
    for (mx, my) in lay.missing:
        r = pygame.Rect(g.x + mx * lay.cell, g.y + my * lay.cell, lay.cell, lay.cell)
        r = r.inflate(lay.px(6), lay.px(6))
        pygame.draw.rect(surf, sea, r)
        if spr is not None:
            surf.blit(spr, r.topleft, area=pygame.Rect(r.x - g.x, r.y, r.width, r.height))
    empty = st.color("parcel_empty")
    inset = max(1, lay.cell // 28)
    for x in range(lay.cols):
        for y in range(lay.rows):
            if (x, y) in lay.missing:
                continue
            r = pygame.Rect(g.x + x * lay.cell, g.y + y * lay.cell, lay.cell, lay.cell)
            coastal = (x, y) in coast
            name = "parcel_coast" if coastal else "parcel_empty"
            spr = st.sprite(name, (lay.cell - 2 * inset, lay.cell - 2 * inset))
            if spr is not None:
                surf.blit(spr, r.inflate(-2 * inset, -2 * inset))
            else:
                pygame.draw.rect(surf, empty, r.inflate(-2 * inset, -2 * inset),
                                 border_radius=max(2, lay.cell // 12))
    # Foam along the coastline (north edge of row 0, east edge of the last column).
    lw = max(2, lay.cell // 14)
    for x in range(lay.cols):
        if (x, 0) not in lay.missing:
            pygame.draw.line(surf, foam, (g.x + x * lay.cell, g.y - lw // 2),
                             (g.x + (x + 1) * lay.cell, g.y - lw // 2), lw)
    for y in range(lay.rows):
        if (lay.cols - 1, y) not in lay.missing:
            pygame.draw.line(surf, foam, (g.right + lw // 2, g.y + y * lay.cell),
                             (g.right + lw // 2, g.y + (y + 1) * lay.cell), lw)
    for (mx, my) in lay.missing:   # the coast turns around the missing corner
        r = pygame.Rect(g.x + mx * lay.cell, g.y + my * lay.cell, lay.cell, lay.cell)
        pygame.draw.line(surf, foam, (r.x - lw // 2, r.y), (r.x - lw // 2, r.bottom), lw)
        pygame.draw.line(surf, foam, (r.x, r.bottom + lw // 2), (r.right, r.bottom + lw // 2), lw)
    # Coordinates: letters along the south edge, numbers along the west edge.
    px = max(8, int(lay.cell * 0.24))
    col = st.color("text_dim_on_dark")
    for x in range(lay.cols):
        t = st.text(COLS[x], "bold", px, col)
        blit_center(surf, t, (g.x + x * lay.cell + lay.cell // 2, g.bottom + (br.height - g.bottom) // 2))
    for y in range(lay.rows):
        t = st.text(str(y + 1), "bold", px, col)
        blit_center(surf, t, (g.x // 2, g.y + y * lay.cell + lay.cell // 2))
    # Compass label in the sea.
    t = st.text(_("Atlantic"), "heading", max(6, min(max(int(lay.cell * 0.36), lay.text_min), int(g.y * 0.85))),
                shade(foam, 1.1))
    t.set_alpha(150)
    surf.blit(t, (g.x + lay.px(8), (g.y - t.get_height()) // 2))
    return surf


def draw_tiles(surf: pygame.Surface, lay: Layout, st: Style, view: BoardView) -> None:
    """Every placed tile with its owner badge and figure (static layer)."""
    for t in view.tiles:
        if t.index in view.hidden_tiles:
            continue
        show = t.index != view.lifted and t.index not in view.hidden_figures
        draw_tile(surf, lay, st, t, lay.cells_rect(t.cells), show_figure=show)


def tile_surface(lay: Layout, st: Style, t: TileView, rect: pygame.Rect,
                 developed: bool | None = None) -> pygame.Surface:
    dev = t.developed if developed is None else developed
    if t.start:
        across = rect.width > rect.height
        return pieces.start_tile(st, t.land, t.family, dev, across, lay.cell)
    return pieces.land_tile(st, t.land, dev, lay.cell)


def draw_tile(surf: pygame.Surface, lay: Layout, st: Style, t: TileView, rect: pygame.Rect,
              show_figure: bool = True, developed: bool | None = None) -> None:
    img = tile_surface(lay, st, t, rect, developed)
    # A tile is a thick piece of card: a little shadow lifts it off the parcel.
    sh = cached_shape(("tshadow", rect.size), lambda: _tile_shadow(rect.size))
    surf.blit(sh, (rect.x + max(1, lay.cell // 24), rect.y + max(1, lay.cell // 18)))
    if img.get_size() != rect.size:
        img = pygame.transform.smoothscale(img, rect.size)
    surf.blit(img, rect)
    cell = lay.cell
    if not t.start:
        b = pieces.owner_mark(st, t.family, max(8, int(cell * 0.3)))
        surf.blit(b, (rect.x + max(1, cell // 20), rect.y + max(1, cell // 20)))
    if show_figure and t.figure:
        draw_figure_on(surf, lay, st, t.figure, figure_rect(lay, t, rect))


def figure_rect(lay: Layout, t: TileView, rect: pygame.Rect) -> pygame.Rect:
    """Where a tile's figure stands: on a start tile, in its first parcel, clear of the badge."""
    if not t.start or len(t.cells) < 2:
        return rect
    c = lay.cell
    r = pygame.Rect(rect.x, rect.y, c, c)
    if rect.width > rect.height:
        r.x -= int(c * 0.06)
    else:
        r.y -= int(c * 0.06)
    return r


def draw_figure_on(surf: pygame.Surface, lay: Layout, st: Style, kind: str,
                   rect: pygame.Rect) -> None:
    s = max(8, int(lay.cell * 0.66))
    img = pieces.figure(st, kind, s)
    # A soft shadow under the figure so it stands on the tile.
    sh = cached_shape(("fshadow", s), lambda: _shadow(s))
    blit_center(surf, sh, (rect.centerx, rect.centery + s * 0.36))
    blit_center(surf, img, (rect.centerx, rect.centery + s * 0.04))


def _tile_shadow(size: tuple[int, int]) -> pygame.Surface:
    sh = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(sh, (40, 30, 20, 85), sh.get_rect().inflate(-2, -2),
                     border_radius=max(2, min(size) // 9))
    return sh


def _shadow(s: int) -> pygame.Surface:
    sh = pygame.Surface((s, max(2, s // 4)), pygame.SRCALPHA)
    pygame.draw.ellipse(sh, (0, 0, 0, 90), sh.get_rect())
    return sh


def _cell_glow(lay: Layout, color: pygame.Color, kind: str,
               size: tuple[int, int] | None = None) -> pygame.Surface:
    c = lay.cell
    w, h = size or (c, c)

    def build() -> pygame.Surface:
        s = pygame.Surface((w, h), pygame.SRCALPHA)
        r = s.get_rect().inflate(-max(2, c // 12), -max(2, c // 12))
        fill = pygame.Color(color)
        fill.a = min(fill.a, 130) if kind == "fill" else 0
        if fill.a:
            pygame.draw.rect(s, fill, r, border_radius=max(2, c // 8))
        # A darker edge than the fill: light glows must still read on the pale parcels.
        edge = shade(pygame.Color(color), 0.72) if kind == "fill" else pygame.Color(color)
        edge.a = 255
        pygame.draw.rect(s, edge, r, max(2, c // 13), border_radius=max(2, c // 8))
        return s

    return cached_shape(("glow", c, w, h, tuple(color), kind), build)


def draw_overlay(surf: pygame.Surface, lay: Layout, st: Style, view: BoardOverlayView,
                 t_now: float) -> None:
    """Targets, previews, 'changed since your turn' rings: redrawn each frame."""
    pulse = 0.65 + 0.35 * math.sin(t_now * 4.0)
    # What changed since this player's last turn.
    for group in view.changed:
        r = lay.cells_rect(group)
        surf.blit(_cell_glow(lay, st.color("highlight_changed"), "ring", r.size), r)
    # AI move on show: its targets pulse in the player's colour.
    if view.ai_cells:
        col = pygame.Color(st.color("gold"))
        col.a = 150
        for c in view.ai_cells:
            g = _cell_glow(lay, col, "fill")
            g.set_alpha(int(255 * pulse))
            surf.blit(g, lay.cell_rect(*c))
            g.set_alpha(255)
    for glow in view.targets:
        col = st.color(glow.color)
        for group in glow.groups:
            r = lay.cells_rect(group)
            g = _cell_glow(lay, col, glow.style, r.size)
            g.set_alpha(int(255 * pulse))
            surf.blit(g, r)
            g.set_alpha(255)
    pv = view.preview
    if pv is not None:
        if pv.ghost is not None:
            _ghost(surf, lay, st, pv.ghost)
        col = st.color("highlight_hover" if pv.ok else "highlight_illegal")
        for group in pv.groups:
            r = lay.cells_rect(group)
            # A legal spot shows the ghost piece under a ring; a refused one a red ring and no
            # ghost, never a red fill: over another family's tile that read as the tile changing
            # colour (its tooltip says why: "taken")
            surf.blit(_cell_glow(lay, col, "ring", r.size), r)
    # The figure being dragged follows the pointer.
    if view.drag_figure and view.drag_pos is not None:
        s = max(8, int(lay.cell * 0.72))
        blit_center(surf, pieces.figure(st, view.drag_figure, s), view.drag_pos)


def _ghost(surf: pygame.Surface, lay: Layout, st: Style, ghost: GhostView) -> None:
    """A see-through picture of what the click would place."""
    if ghost.kind == "develop":
        for c, land in ghost.lands:
            img = pieces.land_tile(st, land, True, lay.cell)
            img.set_alpha(200)
            surf.blit(img, lay.cell_rect(*c))
            img.set_alpha(255)
        return
    tile = ghost.tile
    if tile is None:
        return
    if ghost.kind == "figure" and ghost.figure:
        s = max(8, int(lay.cell * 0.66))
        img = pieces.figure(st, ghost.figure, s).copy()
        img.set_alpha(190)
        fr = figure_rect(lay, tile, lay.cells_rect(tile.cells))
        blit_center(surf, img, (fr.centerx, fr.centery + s * 0.04))
        return
    r = lay.cells_rect(tile.cells)
    tmp = pygame.Surface(r.size, pygame.SRCALPHA)
    draw_tile(tmp, lay, st, tile, tmp.get_rect())
    tmp.set_alpha(170)
    surf.blit(tmp, r)
