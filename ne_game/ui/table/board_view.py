"""The board: sea, parcels, tiles, figures, and the glow of legal targets."""
from __future__ import annotations

import math
from typing import TYPE_CHECKING

import pygame

from . import pieces
from .gfx import blit_center, cached_shape, shade
from .model import COLS

if TYPE_CHECKING:  # pragma: no cover
    from .scene import TableScene


def draw_base(scene: "TableScene") -> pygame.Surface:
    """Sea, empty parcels and coordinates: depends on layout and theme only (cached)."""
    lay, st = scene.lay, scene.style
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
            coastal = scene.is_coast((x, y))
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
    t = st.text("Atlantic", "heading", int(lay.cell * 0.36), shade(foam, 1.1))
    t.set_alpha(150)
    surf.blit(t, (g.x + lay.px(8), (g.y - t.get_height()) // 2))
    return surf


def draw_tiles(scene: "TableScene", surf: pygame.Surface) -> None:
    """Every placed tile with its owner badge and figure (static layer)."""
    lay, st = scene.lay, scene.style
    hidden = scene.anim.hidden
    drag = scene.drag if scene.drag and scene.drag.get("moved") else None
    drag_key = tuple(sorted(scene.tindex.tile_cells(drag["from"]))) if drag else None
    for i, t in enumerate(scene.snap.get("tiles", [])):
        if ("tile", i) in hidden:
            continue
        if drag_key and tuple(sorted(tuple(c) for c in t["cells"])) == drag_key:
            draw_tile(scene, surf, t, lay.cells_rect(t["cells"]), show_figure=False)
            continue
        draw_tile(scene, surf, t, lay.cells_rect(t["cells"]), show_figure=("fig", i) not in hidden)


def tile_surface(scene: "TableScene", t: dict, rect: pygame.Rect,
                 developed: bool | None = None) -> pygame.Surface:
    st = scene.style
    fam = scene.family(t["owner"])
    dev = t["developed"] if developed is None else developed
    cell = scene.lay.cell
    if t.get("start"):
        across = rect.width > rect.height
        return pieces.start_tile(st, t["land"], fam, dev, across, cell)
    return pieces.land_tile(st, t["land"], dev, cell)


def draw_tile(scene: "TableScene", surf: pygame.Surface, t: dict, rect: pygame.Rect,
              show_figure: bool = True, developed: bool | None = None) -> None:
    st = scene.style
    img = tile_surface(scene, t, rect, developed)
    # A tile is a thick piece of card: a little shadow lifts it off the parcel.
    sh = cached_shape(("tshadow", rect.size), lambda: _tile_shadow(rect.size))
    surf.blit(sh, (rect.x + max(1, scene.lay.cell // 24), rect.y + max(1, scene.lay.cell // 18)))
    if img.get_size() != rect.size:
        img = pygame.transform.smoothscale(img, rect.size)
    surf.blit(img, rect)
    cell = scene.lay.cell
    fam = scene.family(t["owner"])
    if not t.get("start"):
        b = pieces.owner_mark(st, fam, max(8, int(cell * 0.3)))
        surf.blit(b, (rect.x + max(1, cell // 20), rect.y + max(1, cell // 20)))
    if show_figure and t.get("figure"):
        draw_figure_on(scene, surf, t["figure"], figure_rect(scene, t, rect))


def figure_rect(scene: "TableScene", t: dict, rect: pygame.Rect) -> pygame.Rect:
    """Where a tile's figure stands: on a start tile, in its first parcel, clear of the badge."""
    if not t.get("start") or len(t["cells"]) < 2:
        return rect
    c = scene.lay.cell
    r = pygame.Rect(rect.x, rect.y, c, c)
    if rect.width > rect.height:
        r.x -= int(c * 0.06)
    else:
        r.y -= int(c * 0.06)
    return r


def draw_figure_on(scene: "TableScene", surf: pygame.Surface, kind: str,
                   rect: pygame.Rect) -> None:
    s = max(8, int(scene.lay.cell * 0.66))
    img = pieces.figure(scene.style, kind, s)
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


def _cell_glow(scene: "TableScene", color: pygame.Color, kind: str,
               size: tuple[int, int] | None = None) -> pygame.Surface:
    c = scene.lay.cell
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


def tile_rects(scene: "TableScene", cells) -> list[pygame.Rect]:
    """One rect per tile covering `cells` (a start tile's two parcels glow as one)."""
    seen: set = set()
    out = []
    for c in cells:
        cs = scene.tindex.tile_cells(c)
        key = tuple(sorted(cs))
        if key in seen:
            continue
        seen.add(key)
        out.append(scene.lay.cells_rect(cs))
    return out


def draw_overlay(scene: "TableScene", surf: pygame.Surface, t_now: float) -> None:
    """Targets, previews, 'changed since your turn' rings: redrawn each frame."""
    lay, st = scene.lay, scene.style
    pulse = 0.65 + 0.35 * math.sin(t_now * 4.0)
    # What changed since this player's last turn.
    if scene.changed_cells:
        for r in tile_rects(scene, scene.changed_cells):
            surf.blit(_cell_glow(scene, st.color("highlight_changed"), "ring", r.size), r)
    # AI move on show: its targets pulse in the player's colour.
    if scene.ai_show_cells:
        col = pygame.Color(st.color("gold"))
        col.a = 150
        for c in scene.ai_show_cells:
            g = _cell_glow(scene, col, "fill")
            g.set_alpha(int(255 * pulse))
            surf.blit(g, lay.cell_rect(*c))
            g.set_alpha(255)
    if scene.inter is None or not scene.human_turn:
        return
    targets = scene.targets
    colors = {"place": "highlight_legal", "develop": "highlight_legal",
              "figure": "highlight_legal", "move": "highlight_legal", "store": "gold",
              "movable": "highlight_hover", "stored": "gold"}
    for kind, cells in targets.items():
        col = st.color(colors.get(kind, "highlight_legal"))
        # Many targets (the first start tiles) would flood the board: rings only then.
        many = len(cells) > 24
        style = "ring" if kind in ("movable", "stored") or many else "fill"
        rects = tile_rects(scene, cells) if kind != "develop" else \
            [lay.cell_rect(*c) for c in cells]
        for r in rects:
            g = _cell_glow(scene, col, style, r.size)
            g.set_alpha(int(255 * pulse))
            surf.blit(g, r)
            g.set_alpha(255)
    pv = scene.preview
    if pv is not None and pv.cells:
        ok = pv.action is not None
        cells = [c for c in pv.cells if scene.on_board(c)]
        if ok:
            _ghost(scene, surf, pv)
        col = st.color("highlight_hover" if ok else "highlight_illegal")
        rects = [lay.cells_rect(cells)] if pv.kind == "place" and len(cells) == 2 and \
            scene.snap.get("phase") == "start_tiles" else (
                [lay.cell_rect(*c) for c in cells] if pv.kind == "develop"
                else tile_rects(scene, cells))
        for r in rects:
            # A legal spot shows the ghost piece under a ring; a refused one is red.
            surf.blit(_cell_glow(scene, col, "ring" if ok else "fill", r.size), r)
    # The figure being dragged follows the pointer.
    if scene.drag and scene.drag.get("moved"):
        tile = scene.inter.tiles.tile_at(scene.drag["from"])
        if tile and tile.get("figure"):
            s = max(8, int(lay.cell * 0.72))
            blit_center(surf, pieces.figure(st, tile["figure"], s), scene.drag["pos"])


def _ghost(scene: "TableScene", surf: pygame.Surface, pv) -> None:
    """A see-through picture of what the click would place."""
    lay = scene.lay
    sel = scene.inter.sel
    seat = scene.snap.get("current_player")
    if pv.kind == "place" and scene.snap.get("phase") == "start_tiles":
        t = {"owner": seat, "land": scene.inter.start_land, "cells": pv.cells, "start": True,
             "developed": False, "figure": None}
    elif pv.kind == "place" and sel and sel.land:
        t = {"owner": seat, "land": sel.land, "cells": pv.cells, "start": False,
             "developed": False, "figure": None}
    elif pv.kind == "develop":
        for c in pv.cells:
            tile = scene.inter.tiles.tile_at(c)
            if tile:
                img = pieces.land_tile(scene.style, tile["land"], True, lay.cell)
                img.set_alpha(200)
                surf.blit(img, lay.cell_rect(*c))
                img.set_alpha(255)
        return
    elif pv.kind in ("figure", "move") and (sel and (sel.card in pieces.FIGURE_NAMES
                                                     or sel.kind == "figure")):
        kind = sel.card if sel.kind != "figure" else (
            scene.inter.tiles.tile_at(sel.cell) or {}).get("figure")
        tile = scene.inter.tiles.tile_at(pv.cells[0])
        if kind and tile:
            s = max(8, int(lay.cell * 0.66))
            img = pieces.figure(scene.style, kind, s).copy()
            img.set_alpha(190)
            fr = figure_rect(scene, tile, lay.cells_rect(tile["cells"]))
            blit_center(surf, img, (fr.centerx, fr.centery + s * 0.04))
        return
    else:
        return
    r = lay.cells_rect(t["cells"])
    tmp = pygame.Surface(r.size, pygame.SRCALPHA)
    draw_tile(scene, tmp, t, tmp.get_rect())
    tmp.set_alpha(170)
    surf.blit(tmp, r)
