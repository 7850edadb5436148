"""The board: sea, parcels, tiles, figures, and the glow of legal targets.

Every function draws what its view says (view_model.BoardView, BoardOverlayView) in
the layout's rectangles with the style's colours; none decides anything.
"""
from __future__ import annotations

import math
import random
import zlib

import pygame

import ne_game.ui.scenes.table.draw.pieces as pieces
from ne_game.ui.scenes.table.draw import changed_halo, lit_area, terrain
from ne_game.ui.scenes.table.draw.card_face import TEXT_FLOOR
from ne_game.ui.scenes.table.draw.gfx import Style, blit_center, cached_shape, shade
from ne_game.ui.scenes.table.draw.layout import Layout
from ne_game.ui.scenes.table.model.geometry import COLS, Cell
from ne_game.ui.scenes.table.model.view_model import BoardOverlayView, BoardView, GhostView, TileView


def draw_base(lay: Layout, st: Style, coast: frozenset[Cell]) -> pygame.Surface:
    """The painted map under everything (`lay.map_rect`): the sea with its depth, waves and
    rhumb lines, a wandering shore with beaches along the coastal parcels, one painted country
    inside and beyond the grid (terrain.py) under a surveyor's dotted grid, the coordinates,
    a compass rose and the title cartouche.
    It depends on the layout, the theme and the coast only: drawn once and cached."""
    mr = lay.map_rect
    surf = pygame.Surface(mr.size).convert() if pygame.display.get_surface() else pygame.Surface(mr.size)
    g = lay.grid_rect.move(-mr.x, -mr.y)
    c = lay.cell
    rng = random.Random(zlib.crc32(f"map:{mr.size}:{c}".encode()))
    deep, sea, foam = st.color("sea_deep"), st.color("sea"), st.color("sea_foam")
    west, grid_path, south = _coastline(lay, g, mr.size, rng)
    far = max(mr.width, mr.height) * 2
    if st.theme.has_color("map_flat"):
        # a theme that wants a flat ground (high contrast): no painted sea, waves or woods
        # behind the offer and the panels, only the parcels, their coordinates and the rose
        flat = st.color("map_flat")
        surf.fill(flat)
        _flat_sea(surf, lay, st, g, mr)
        _parcels(surf, lay, st, g, coast, rng)
        _coordinates(surf, lay, st, g, col_under=deep, land=flat)
        _compass_and_title(surf, lay, st, g, mr)
        return surf
    # the grid's own coast wanders a little out to sea (playtest 5a: a ruler-straight shore
    # read as "a flat parchment grid"); the parcels stay whole
    coast_pts = west + terrain.wandering_shore(grid_path, c, rng) + south
    land_poly = coast_pts + [(-far, far)]
    # Sea: deep water far out, shallower in bands towards the coast.
    surf.fill(deep)
    reach = max(c * 3, 12)
    steps = 28
    for i in range(steps):
        d = reach * (1 - i / steps)
        t = (i / steps) ** 1.6
        col = _mix(deep, shade(sea, 1.12), t)
        pygame.draw.polygon(surf, col, _shifted(land_poly, d))
    _waves(surf, lay, g, mr.size, land_poly, st, rng)
    _rhumb_lines(surf, lay, st, g, mr)
    # surf and foam along the shore
    for k, a in ((max(3, c // 9), 70), (max(2, c // 22), 150)):
        f = pygame.Color(foam)
        f.a = a
        _alpha_lines(surf, f, _shifted(coast_pts, k), max(1, c // 30))
    # The land: one painted country, the grid's parcels and beyond them (terrain.py).
    ground = st.color("parcel_empty")
    terrain.paint(surf, c, g, land_poly, coast_pts, ground, st.color("sand"), rng, water=sea)
    pygame.draw.lines(surf, shade(ground, 0.55), False, coast_pts, max(1, c // 36))
    _grid_lines(surf, lay, st, g)
    _neatline(surf, lay, st, g)
    _coordinates(surf, lay, st, g, col_under=_mix(deep, shade(sea, 1.12), 1.0), land=ground)
    _compass_and_title(surf, lay, st, g, mr)
    return surf


_mix = terrain.mix
Point = terrain.Point


def _flat_sea(surf: pygame.Surface, lay: Layout, st: Style, g: pygame.Rect, mr: pygame.Rect) -> None:
    """A flat theme's sea: the water north and east of the grid, plain deep blue with a few drawn
    crests, so the country still meets a coast (playtest 17a: high contrast "no longer a painted
    map"); the ground behind the offer and the panels stays flat."""
    c = lay.cell
    b = lay.board_rect.move(-mr.x, -mr.y)
    water = [pygame.Rect(g.x, b.y, b.right - g.x, g.y - b.y), pygame.Rect(g.right, g.y, b.right - g.right, g.height)]
    water += [pygame.Rect(g.x + mx * c, g.y + my * c, c, c) for mx, my in lay.missing]
    deep = st.color("sea_deep")
    for r in water:
        surf.fill(deep, r)
    crest = pygame.Color(st.color("sea_foam"))
    lw = max(2, c // 30)
    w = max(8, int(c * 0.26))
    step = max(10, int(c * 0.7))
    for r in water:
        for y in range(r.y + step // 3, r.bottom - w // 2, step):
            for x in range(r.x + w // 2 + (y // step % 2) * step // 2, r.right - w // 2, step):
                pygame.draw.arc(surf, crest, pygame.Rect(x - w // 2, y, w, max(4, w // 2)),
                                0.35, math.pi - 0.35, lw)


def _shifted(pts: list[tuple[float, float]], d: float) -> list[tuple[float, float]]:
    """The coast moved out to sea by `d` (the sea lies north and east of the land)."""
    return [(x + d, y - d) for x, y in pts]


def _alpha_lines(surf: pygame.Surface, color: pygame.Color, pts: list[tuple[float, float]], width: int) -> None:
    xs, ys = [p[0] for p in pts], [p[1] for p in pts]
    box = pygame.Rect(int(min(xs)) - width, int(min(ys)) - width, int(max(xs) - min(xs)) + 2 * width + 1,
                      int(max(ys) - min(ys)) + 2 * width + 1).clip(surf.get_rect())
    if box.width <= 0 or box.height <= 0:
        return
    tmp = pygame.Surface(box.size, pygame.SRCALPHA)
    pygame.draw.lines(tmp, color, False, [(x - box.x, y - box.y) for x, y in pts], width)
    surf.blit(tmp, box)


def _coastline(lay: Layout, g: pygame.Rect, size: tuple[int, int],
               rng: random.Random) -> tuple[list[Point], list[Point], list[Point]]:
    """The coast from the map's west edge to its south edge, in three runs: a wandering shore
    west of the grid, the grid's own north and east edges (around its missing corner), and a
    wandering shore south of it."""
    c = lay.cell
    w, h = size
    top = [min((y for y in range(lay.rows) if (x, y) not in lay.missing), default=lay.rows)
           for x in range(lay.cols)]
    right = [max((x + 1 for x in range(lay.cols) if (x, y) not in lay.missing), default=0)
             for y in range(lay.rows)]
    pts: list[Point] = []
    # west of the grid: bays and headlands, meeting the grid's north-west corner
    amp = c * 0.35
    ph = rng.random() * 6.28
    xs = list(range(-c, g.x, max(4, c // 6)))
    for x in xs:
        t = (g.x - x) / max(1, g.x + c)
        wob = (math.sin(x / c * 1.3 + ph) * 0.7 + math.sin(x / c * 3.1 + ph * 2) * 0.3) * amp * min(1.0, t * 4)
        pts.append((x, g.y + wob))
    grid: list[Point] = []
    for x in range(lay.cols):
        y = g.y + top[x] * c
        grid += [(g.x + x * c, y), (g.x + (x + 1) * c, y)]
    last_top = top[-1]
    for y in range(last_top, lay.rows):
        x = g.x + right[y] * c
        grid += [(x, g.y + y * c), (x, g.y + (y + 1) * c)]
    # south of the grid: the shore wanders on to the map's south edge
    south: list[Point] = []
    ph2 = rng.random() * 6.28
    for y in range(g.bottom + max(4, c // 6), h + c, max(4, c // 6)):
        t = (y - g.bottom) / max(1, h - g.bottom + c)
        wob = (math.sin(y / c * 1.2 + ph2) * 0.7 + math.sin(y / c * 2.9 + ph2 * 2) * 0.3) * amp * min(1.0, t * 4)
        south.append((g.right + wob, y))
    return pts, grid, south


def _waves(surf: pygame.Surface, lay: Layout, g: pygame.Rect, size: tuple[int, int],
           land_poly: list[tuple[float, float]], st: Style, rng: random.Random) -> None:
    """Little crests scattered over the water, thicker near the coast."""
    c = lay.cell
    w, h = size
    crest = shade(st.color("sea_foam"), 1.0)
    crest.a = 120
    dark = pygame.Color(st.color("sea_deep"))
    dark.a = 90
    layer = pygame.Surface(size, pygame.SRCALPHA)
    n = int(w * h / max(1, (c * 0.9) ** 2))
    lw = max(1, c // 40)
    for _ in range(min(n, 6000)):
        x = rng.random() * w
        y = rng.random() * h
        if x < g.right and y > g.top:      # on land (under the country drawn later)
            continue
        ww = c * (0.16 + 0.14 * rng.random())
        r = pygame.Rect(int(x), int(y), int(ww), max(2, int(ww * 0.45)))
        pygame.draw.arc(layer, crest, r, 0.3, math.pi - 0.3, lw)
        pygame.draw.arc(layer, dark, r.move(0, lw + 1), 0.5, math.pi - 0.5, lw)
    surf.blit(layer, (0, 0))


def _grid_lines(surf: pygame.Surface, lay: Layout, st: Style, g: pygame.Rect) -> None:
    """The grid: a surveyor's faint lines between the parcels, not boxes (playtest 9a: "a dashed
    grid" over the country), and no marks where four parcels meet (16a, 17a: even small "+"
    marks at every corner ruled the country into graph paper)."""
    c = lay.cell
    layer = pygame.Surface(g.size, pygame.SRCALPHA)
    line = pygame.Color(st.color("board_grid"))
    faint = pygame.Color(line)
    faint.a = max(14, line.a * 2 // 5)
    lw = max(1, c // 60)
    for x in range(1, lay.cols):
        pygame.draw.line(layer, faint, (x * c, 0), (x * c, g.height), lw)
    for y in range(1, lay.rows):
        pygame.draw.line(layer, faint, (0, y * c), (g.width, y * c), lw)
    for (mx, my) in lay.missing:       # the sea's own corner stays clear
        layer.fill((0, 0, 0, 0), pygame.Rect(mx * c, my * c, c, c))
    surf.blit(layer, g)


def _parcels(surf: pygame.Surface, lay: Layout, st: Style, g: pygame.Rect, coast: frozenset[Cell],
             rng: random.Random) -> None:
    """The grid's parcels on a flat theme (high contrast): plain parcels under a faint grid,
    beaches on the coast (the painted themes paint the country whole: terrain.py)."""
    c = lay.cell
    empty = st.color("parcel_empty")
    layer = pygame.Surface(g.size, pygame.SRCALPHA)
    for x in range(lay.cols):
        for y in range(lay.rows):
            if (x, y) in lay.missing:
                continue
            r = pygame.Rect(x * c, y * c, c, c)
            pygame.draw.rect(layer, empty, r)
    # a little grain: the paper of the map
    for _ in range(int(g.width * g.height / max(1, (c // 5) ** 2))):
        x, y = int(rng.random() * g.width), int(rng.random() * g.height)
        col = shade(empty, 0.93 if rng.random() < 0.6 else 1.05)
        pygame.draw.circle(layer, col, (x, y), max(1, c // 40))
    sand, wet = st.color("sand"), shade(st.color("sand"), 0.82)
    band = max(3, int(c * 0.16))
    for (x, y) in coast:
        if (x, y) in lay.missing:
            continue
        r = pygame.Rect(x * c, y * c, c, c)
        sides = []
        if y == 0 or (x, y - 1) in lay.missing:
            sides.append(pygame.Rect(r.x, r.y, c, band))
        if x == lay.cols - 1 or (x + 1, y) in lay.missing:
            sides.append(pygame.Rect(r.right - band, r.y, band, c))
        for s in sides:
            pygame.draw.rect(layer, sand, s)
            # the wet sand at the water's edge, ripples of the tide on the dry
            if s.height == band:
                pygame.draw.line(layer, wet, (s.x, s.y + 1), (s.right, s.y + 1), max(1, band // 4))
                pygame.draw.line(layer, shade(sand, 0.9), (s.x, s.bottom - 1), (s.right, s.bottom - 1), 1)
            else:
                pygame.draw.line(layer, wet, (s.right - 2, s.y), (s.right - 2, s.bottom), max(1, band // 4))
                pygame.draw.line(layer, shade(sand, 0.9), (s.x, s.y), (s.x, s.bottom), 1)
            for _ in range(3):
                px_ = s.x + rng.random() * s.width
                py_ = s.y + rng.random() * s.height
                pygame.draw.circle(layer, shade(sand, 0.85), (int(px_), int(py_)), max(1, c // 50))
    edge = shade(st.color("board_bg"), 0.7)
    pygame.draw.rect(layer, edge, layer.get_rect(), max(1, c // 45))
    for (mx, my) in lay.missing:       # the sea's own corner stays clear
        layer.fill((0, 0, 0, 0), pygame.Rect(mx * c, my * c, c, c))
    surf.blit(layer, g)
    _grid_lines(surf, lay, st, g)


def _neatline(surf: pygame.Surface, lay: Layout, st: Style, g: pygame.Rect) -> None:
    """An old map's border along the grid's land sides (west and south): two fine rules with a
    scale of alternating dark and light half-parcels between them."""
    c = lay.cell
    band = max(3, c // 11)
    gap = max(2, c // 30)
    ink = shade(st.color("board_bg"), 0.42)
    paper = shade(st.color("board_bg"), 1.08)
    lw = max(1, c // 60)
    west = pygame.Rect(g.x - gap - band, g.y, band, g.height)
    south = pygame.Rect(g.x - gap - band, g.bottom + gap, g.width + gap + band, band)
    for strip, along_x in ((west, False), (south, True)):
        pygame.draw.rect(surf, paper, strip)
        half = max(2, c // 2)
        n = (strip.width if along_x else strip.height) // half + 1
        for k in range(n):
            if k % 2:
                continue
            seg = pygame.Rect(strip.x + k * half, strip.y, half, strip.height) if along_x else \
                pygame.Rect(strip.x, strip.y + k * half, strip.width, half)
            pygame.draw.rect(surf, ink, seg.clip(strip))
        pygame.draw.rect(surf, ink, strip, lw)
    # the outer rule, a little apart
    o = band + gap * 2
    pygame.draw.line(surf, ink, (g.x - o, g.y), (g.x - o, g.bottom + o), lw)
    pygame.draw.line(surf, ink, (g.x - o, g.bottom + o), (g.right, g.bottom + o), lw)


def _coordinates(surf: pygame.Surface, lay: Layout, st: Style, g: pygame.Rect,
                 col_under: pygame.Color, land: pygame.Color) -> None:
    """Column letters on the water north of the grid, row numbers on the land to its west."""
    c = lay.cell
    # at sofa distance as large as the sea's band north of the grid lets them be
    size = max(8, int(c * 0.22), min(lay.text_min, int(lay.sea_north * 0.95)))
    on_sea = _ink_on(col_under, st)
    on_land = _ink_on(land, st)
    band_y = g.y - max(lay.sea_north, size) // 2 - 1
    # a ring of the other ink round each letter: the shore wanders under the letters' band,
    # and a letter must read on water and on beach alike
    ring = st.color("sea_deep") if on_sea == st.color("text_on_dark") else st.color("panel")
    for x in range(lay.cols):
        t = _haloed(st, COLS[x], size, on_sea, ring)
        top = min((y for y in range(lay.rows) if (x, y) not in lay.missing), default=0)
        blit_center(surf, t, (g.x + x * c + c // 2, band_y + top * c))
    strip = g.x - (lay.grid_rect.x - lay.board_rect.x)
    for y in range(lay.rows):
        t = st.text(str(y + 1), "bold", size, on_land)
        blit_center(surf, t, ((strip + g.x) // 2, g.y + y * c + c // 2))


def _haloed(st: Style, s: str, size: int, ink: pygame.Color, ring: pygame.Color) -> pygame.Surface:
    """Text in `ink` inside a ring of `ring`, readable on any ground."""
    t = st.text(s, "bold", size, ink)
    back = st.text(s, "bold", size, ring)
    k = max(1, size // 10)
    out = pygame.Surface((t.get_width() + 2 * k, t.get_height() + 2 * k), pygame.SRCALPHA)
    for dx in (-k, 0, k):
        for dy in (-k, 0, k):
            if dx or dy:
                out.blit(back, (k + dx, k + dy))
    out.blit(t, (k, k))
    return out


def _ink_on(bg: pygame.Color, st: Style) -> pygame.Color:
    """The theme's dark text on a light ground, its light text on a dark one."""
    lum = 0.299 * bg.r + 0.587 * bg.g + 0.114 * bg.b
    dark, light = st.color("text"), st.color("text_on_dark")
    ld = 0.299 * dark.r + 0.587 * dark.g + 0.114 * dark.b
    ll = 0.299 * light.r + 0.587 * light.g + 0.114 * light.b
    return dark if abs(lum - ld) >= abs(lum - ll) else light


def _east_sea(lay: Layout, g: pygame.Rect, mr: pygame.Rect) -> pygame.Rect:
    """The sea east of the grid that shows up to the offer's column."""
    east_end = lay.offer_rect.x - mr.x
    return pygame.Rect(g.right, g.y, max(0, east_end - g.right), g.height)


def _rose_place(lay: Layout, g: pygame.Rect, mr: pygame.Rect) -> tuple[tuple[int, int], int]:
    """Where the compass rose stands (its centre and radius): in the sea's corner of the grid,
    above the column letter that the corner's column keeps at its foot; else on the east sea."""
    c = lay.cell
    if lay.missing:
        corner = pygame.Rect(0, 0, 0, 0)
        for (mx, my) in lay.missing:
            corner = pygame.Rect(g.x + mx * c, g.y + my * c, c, c) if not corner.width else \
                corner.union(pygame.Rect(g.x + mx * c, g.y + my * c, c, c))
        return (corner.centerx, corner.centery - c // 10), int(min(corner.width, corner.height) * 0.32)
    strip = _east_sea(lay, g, mr)
    r = int(min(strip.width * 0.42, c * 0.6))
    return (strip.centerx, strip.bottom - r - c // 4), r


def _rhumb_lines(surf: pygame.Surface, lay: Layout, st: Style, g: pygame.Rect, mr: pygame.Rect) -> None:
    """The lines of bearing that old sea charts rule from their compass rose across the water
    (drawn before the land, so they cross the sea only)."""
    (cx, cy), r = _rose_place(lay, g, mr)
    if r < 6:
        return
    ink = pygame.Color(st.color("sea_foam"))
    ink.a = 46
    far = max(surf.get_width(), surf.get_height()) * 2
    layer = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
    for k in range(16):
        a = k * math.pi / 8
        pygame.draw.line(layer, ink, (cx, cy), (cx + math.cos(a) * far, cy + math.sin(a) * far), max(1, lay.cell // 60))
    surf.blit(layer, (0, 0))


def _compass_and_title(surf: pygame.Surface, lay: Layout, st: Style, g: pygame.Rect, mr: pygame.Rect) -> None:
    """A compass rose in the sea's corner of the grid (or the east sea) and the map's title in
    a cartouche on the east sea, reading up the coast as old maps letter their margins."""
    c = lay.cell
    strip = _east_sea(lay, g, mr)
    rose_c, rose_r = _rose_place(lay, g, mr)
    # the cartouche keeps off the shore, which wanders out to sea by up to terrain.SHORE_REACH
    # of a parcel (playtest 8a: at 4K it butted against column K's tiles)
    reach = int(c * terrain.SHORE_REACH) + max(2, c // 30)
    strip = pygame.Rect(strip.x + reach, strip.y, max(0, strip.width - reach), strip.height)
    if rose_r >= 6:
        surf.blit(compass_rose(st, rose_r), (rose_c[0] - rose_r * 1.25, rose_c[1] - rose_r * 1.25))
    # the cartouche: a scroll along the east sea, as wide as that sea allows
    thick = int(min(strip.width * 0.8, c * 0.55))
    text_px = max(8, int(thick * 0.62))
    # its words keep the desk's text floor (and the sofa's): a sea too narrow for that shows
    # no cartouche (the top bar says the game's name anyway; at 720p the offer takes that sea)
    if strip.width >= max(14, c // 4) and text_px >= max(lay.text_min, TEXT_FLOOR):
        word = st.text("New England", "title", text_px, st.color("text"))     # a proper name
        long_ = min(int(g.height * 0.6), word.get_width() + thick)
        if word.get_width() > long_ - thick // 2:
            word = pygame.transform.smoothscale(word, (long_ - thick // 2,
                                                       max(1, word.get_height() * (long_ - thick // 2) // word.get_width())))
        scroll = pygame.Surface((long_, thick), pygame.SRCALPHA)
        paper = st.color("panel")
        edge = st.color("panel_border")
        pygame.draw.rect(scroll, paper, scroll.get_rect(), border_radius=thick // 4)
        pygame.draw.rect(scroll, edge, scroll.get_rect(), max(1, thick // 14), border_radius=thick // 4)
        inner = scroll.get_rect().inflate(-max(4, thick // 5), -max(4, thick // 5))
        pygame.draw.rect(scroll, edge, inner, 1, border_radius=thick // 6)
        blit_center(scroll, word, scroll.get_rect().center)
        turned = pygame.transform.rotate(scroll, 90)
        cx = strip.x + strip.width // 2
        cy = g.y + (g.height + (c if lay.missing else 0)) // 2
        surf.blit(turned, turned.get_rect(center=(cx, cy)))


def compass_rose(st: Style, r: int) -> pygame.Surface:
    """An eight-pointed compass rose of radius `r`, with N marked (drawn at its size)."""
    def build() -> pygame.Surface:
        k = 2
        s = int(r * 2.5) * k
        surf = pygame.Surface((s, s), pygame.SRCALPHA)
        cx = cy = s / 2
        R = r * k
        ink = pygame.Color(st.color("text"))
        paper = st.color("panel")
        gold = st.color("gold")
        pygame.draw.circle(surf, (*paper[:3], 90), (cx, cy), R * 0.62)
        pygame.draw.circle(surf, ink, (cx, cy), R * 0.62, max(1, R // 30))
        pygame.draw.circle(surf, ink, (cx, cy), R * 0.5, max(1, R // 50))
        for i in range(8):
            a = -math.pi / 2 + i * math.pi / 4
            long_ = R * (1.0 if i % 2 == 0 else 0.62)
            wdt = R * (0.16 if i % 2 == 0 else 0.11)
            tip = (cx + math.cos(a) * long_, cy + math.sin(a) * long_)
            l_ = (cx + math.cos(a - math.pi / 2) * wdt, cy + math.sin(a - math.pi / 2) * wdt)
            r_ = (cx + math.cos(a + math.pi / 2) * wdt, cy + math.sin(a + math.pi / 2) * wdt)
            pygame.draw.polygon(surf, paper, [(cx, cy), l_, tip])
            pygame.draw.polygon(surf, gold if i % 2 == 0 else shade(paper, 0.8), [(cx, cy), tip, r_])
            pygame.draw.polygon(surf, ink, [l_, tip, r_, (cx, cy)], max(1, R // 40))
        n = st.text("N", "title", max(6, int(R * 0.42)), ink)
        blit_center(surf, n, (cx, cy - R * 1.12))
        return pygame.transform.smoothscale(surf, (s // k, s // k))

    return cached_shape(("rose", r, id(st.theme)), build)


def draw_tiles(surf: pygame.Surface, lay: Layout, st: Style, view: BoardView) -> None:
    """Every placed tile with its owner badge and figure (static layer): the parcels painted
    into the country, each family's holdings bounded as one estate (estates)."""
    shown = [t for t in view.tiles if t.index not in view.hidden_tiles]
    estates(surf, lay, st, shown, pencilled=view.developing)
    _badges(surf, lay, st, shown, (0, 0))
    for t in shown:
        if t.figure and t.index != view.lifted and t.index not in view.hidden_figures:
            draw_figure_on(surf, lay, st, t.figure, figure_rect(lay, t, lay.cells_rect(t.cells)), t.family)


def estates(surf: pygame.Surface, lay: Layout, st: Style, tiles: list[TileView],
            shift: tuple[int, int] = (0, 0), developed: bool | None = None,
            pencilled: frozenset[Cell] = frozenset()) -> None:
    """The tiles' parcels as plots of the painted land, and round each family's holdings one
    boundary in its colour, as an old hand-coloured map bounds a county: a fine dark rule (it
    reads on pale and golden lands alike, playtest 7a) with a narrow ribbon of the colour inside
    it, a wash of the colour fading inwards, and the family's own line (_rule_pattern). The
    plots are lit by the country's hills (terrain.relief). Neighbouring parcels of one family
    share the boundary; two families' estates meet at two ribbons. `shift` moves everything
    (a tile drawn on its own surface). The `pencilled` parcels show developed over their plain
    plot, see-through: what a land-use card in hand would make of them, under the boundary."""
    c = lay.cell
    holdings: dict[str, set[Cell]] = {}
    mr = lay.map_rect
    # the painted country's hills light the plots too (terrain.relief), where the theme paints
    hills = None if st.theme.has_color("map_flat") else terrain.relief(mr.size, c)
    for t in tiles:
        dev = t.developed if developed is None else developed
        for (x, y) in t.cells:
            img = pieces.land_plot(st, t.land, dev, c, variant=pieces.plot_variant(x, y))
            at = lay.cell_rect(x, y)
            surf.blit(img, at.move(shift))
            if (x, y) in pencilled and not dev:
                ghost = pieces.land_plot(st, t.land, True, c, variant=pieces.plot_variant(x, y))
                _blit_alpha(surf, ghost, at.move(shift).topleft, LAND_GHOST)
            if hills is not None:
                surf.blit(hills, at.move(shift), at.move(-mr.x, -mr.y))
        holdings.setdefault(t.family, set()).update(t.cells)
    for fam, cells in holdings.items():
        _boundary(surf, lay, st.family(fam), cells, shift, st.theme.family_boundary(fam))


def boundary_widths(cell: int) -> tuple[int, int, int]:
    """The estate boundary's dark rule, colour ribbon and wash, in pixels, at a cell size: a
    fine line and a broad wash, as a hand-coloured map bounds a county (playtest 10a: a ribbon
    12 px wide at 4K read as "thick outlines on stickers"; 10i: a ribbon between two rules, 9 px
    at 1080p, still read as "heavy borders": one fine rule outside, a narrow ribbon inside it;
    11a: a wash a quarter of a parcel deep tinted whole fields in the owner's colour)."""
    return max(1, cell // 64), max(3, cell // 28), max(6, cell // 7)


def _boundary(surf: pygame.Surface, lay: Layout, fam: pygame.Color, cells: set[Cell],
              shift: tuple[int, int], style: str = "solid") -> None:
    c = lay.cell
    rule, ribbon, wash = boundary_widths(c)
    xs, ys = [x for x, _ in cells], [y for _, y in cells]
    x0, y0 = min(xs), min(ys)
    layer = pygame.Surface(((max(xs) - x0 + 1) * c, (max(ys) - y0 + 1) * c), pygame.SRCALPHA)
    # Each band is "the pixels within d of the estate's edge" (the chessboard distance, square
    # corners as surveyed land has), drawn widest first: a narrower one replaces its pixels.
    steps = 6
    for i in range(steps):
        col = pygame.Color(fam)
        col.a = int(10 + 60 * (i / (steps - 1)) ** 1.5)
        _inset_band(layer, cells, c, (x0, y0), 0, int(wash - (wash - ribbon) * i / steps), col)
    ink = shade(pygame.Color(fam), 0.35)
    ink.a = 255
    solid = pygame.Color(fam)
    solid.a = 255
    if style != "dotted":          # a string of beads has no ribbon between them
        _inset_band(layer, cells, c, (x0, y0), 0, rule + ribbon, solid)
    _inset_band(layer, cells, c, (x0, y0), 0, rule, ink)
    if style == "double":
        # a second line of the colour, ruled a little way in from the first with land between
        # them, as a map draws a double county line (playtests 10c, 11a and 13a: a second rule
        # along the ribbon's inner side merged with the first into one solid line from the sofa)
        inset = rule + ribbon + double_gap(c)
        line = max(2, ribbon * 2 // 3)
        _inset_band(layer, cells, c, (x0, y0), inset, line + rule, ink)
        _inset_band(layer, cells, c, (x0, y0), inset + rule, line, solid)
    elif style != "solid":
        _rule_pattern(layer, cells, c, (x0, y0), rule, ribbon, style, ink, solid)
    surf.blit(layer, lay.cell_rect(x0, y0).move(shift))


def _rule_pattern(layer: pygame.Surface, cells: set[Cell], c: int, origin: tuple[int, int], rule: int,
                  ribbon: int, style: str, ink: pygame.Color, solid: pygame.Color) -> None:
    """The family's own line in the colour ribbon (theme [families.*].boundary), so the estates
    are told apart in grey too: dashed (the ribbon broken), dotted (a string of beads) or
    double (drawn by _boundary, a second line ruled inside the first). Marks are placed by the grid's own coordinates, so the
    pattern runs on unbroken from one parcel's side to the next."""
    mid = rule + ribbon // 2
    # long dashes and small round beads, told apart from the sofa (playtest 14a: at a third of
    # 4K, in grey, Palmer's short cuts and Annable's beads both read as "dashed")
    period = max(12, c // 3) if style == "dashed" else max(9, c // 5)
    for (x, y) in cells:
        r = pygame.Rect((x - origin[0]) * c, (y - origin[1]) * c, c, c)
        for dx, dy in _SIDES:
            if (x + dx, y + dy) in cells:
                continue
            across = r.y + mid if dy < 0 else r.bottom - 1 - mid if dy > 0 else \
                r.x + mid if dx < 0 else r.right - 1 - mid
            along0 = r.x if dy else r.y                    # this side runs along x (dy) or y
            start = (x if dy else y) * c                  # ... from here in grid pixels
            if style == "double":
                continue                                   # drawn round the whole estate below
            k0 = -(start % period)
            for k in range(k0, c + period, period):
                if style == "dashed":
                    gap = period // 2
                    a, b = max(0, k), min(c, k + gap)
                    if b <= a:
                        continue
                    # the ribbon lies a rule in from the parcel's edge: cut across it
                    if dy:
                        cut = pygame.Rect(along0 + a, r.y + rule if dy < 0 else r.bottom - rule - ribbon,
                                          b - a, ribbon)
                    else:
                        cut = pygame.Rect(r.x + rule if dx < 0 else r.right - rule - ribbon, along0 + a,
                                          ribbon, b - a)
                    layer.fill(ink, cut)
                else:   # dotted
                    p = k + period // 2
                    if 0 <= p < c:
                        centre = (along0 + p, across) if dy else (across, along0 + p)
                        # a bead of the family's colour ringed dark, the land showing between
                        # the beads: a string of pearls, not a ribbon cut into dashes (playtest
                        # 18a: at a third of 4K in grey, Annable's dark dots on its pale ribbon
                        # still read as dashes, like Palmer's)
                        rad = max(2, (ribbon * 12 + 5) // 10)
                        pygame.draw.circle(layer, ink, centre, rad + max(1, rule))
                        pygame.draw.circle(layer, solid, centre, rad)


def estate_depth(cell: int) -> int:
    """How far into a parcel an estate's boundary reaches (a double line's inner line included),
    with a little land after it: where a mark over one's own land may start."""
    rule, ribbon, _ = boundary_widths(cell)
    return rule + ribbon + double_gap(cell) + max(2, ribbon * 2 // 3) + rule + max(1, cell // 48)


def double_gap(cell: int) -> int:
    """The land left between a double boundary's two lines: wide enough to see from the sofa."""
    return max(4, cell // 9)


def _inset_band(layer: pygame.Surface, cells: set[Cell], c: int, origin: tuple[int, int], inset: int,
                width: int, col: pygame.Color) -> None:
    """A band `width` wide, `inset` in from the estate's edge, following it round outer and inner
    corners: it meets itself at every corner, never crossing into the land beyond."""
    reach = inset + width
    for (x, y) in cells:
        r = pygame.Rect((x - origin[0]) * c, (y - origin[1]) * c, c, c)
        for dx, dy in _SIDES:
            if (x + dx, y + dy) in cells:
                continue
            if dy:
                # along x: stop short at an outer corner, reach back at an inner one
                lo = inset if (x - 1, y) not in cells else -reach if (x - 1, y + dy) in cells else 0
                hi = inset if (x + 1, y) not in cells else -reach if (x + 1, y + dy) in cells else 0
                yy = r.y + inset if dy < 0 else r.bottom - inset - width
                layer.fill(col, pygame.Rect(r.x + lo, yy, c - lo - hi, width))
            else:
                lo = inset if (x, y - 1) not in cells else -reach if (x + dx, y - 1) in cells else 0
                hi = inset if (x, y + 1) not in cells else -reach if (x + dx, y + 1) in cells else 0
                xx = r.x + inset if dx < 0 else r.right - inset - width
                layer.fill(col, pygame.Rect(xx, r.y + lo, width, c - lo - hi))


_SIDES = ((0, -1), (0, 1), (-1, 0), (1, 0))
_CORNERS = ((-1, -1), (1, -1), (-1, 1), (1, 1))



def tile_surface(lay: Layout, st: Style, t: TileView, rect: pygame.Rect,
                 developed: bool | None = None) -> pygame.Surface:
    """A tile as it will lie on the map (its plots and its family's boundary), for a tile that
    flies there or turns over in place."""
    surf = pygame.Surface(rect.size, pygame.SRCALPHA)
    home = lay.cells_rect(t.cells)
    estates(surf, lay, st, [t], (-home.x, -home.y), developed)
    return surf


def draw_tile(surf: pygame.Surface, lay: Layout, st: Style, t: TileView, rect: pygame.Rect,
              show_figure: bool = True, developed: bool | None = None) -> None:
    """One tile on its own (a ghost): its plots, its boundary, its badge and figure."""
    home = lay.cells_rect(t.cells)
    shift = (rect.x - home.x, rect.y - home.y)
    estates(surf, lay, st, [t], shift, developed)
    _badges(surf, lay, st, [t], shift)
    if show_figure and t.figure:
        draw_figure_on(surf, lay, st, t.figure, figure_rect(lay, t, rect), t.family)


def _badges(surf: pygame.Surface, lay: Layout, st: Style, tiles: list[TileView],
            shift: tuple[int, int]) -> None:
    """Who owns an estate, by its badge too (colour is never the only code): a family's start
    tile without a figure wears its large badge over the seam; an estate without one, nor a figure or barn (whose
    base wears the letter), a small badge in its first parcel's corner. One badge an estate,
    not one a parcel: a badge on every parcel made the map a sheet of tokens (playtest 9a)."""
    c = lay.cell
    holder: dict[Cell, TileView] = {cell: t for t in tiles for cell in t.cells}
    seen: set[Cell] = set()
    rule, ribbon, _ = boundary_widths(c)
    for t in tiles:
        if t.start and not t.figure:      # (a figure's base wears the letter: one disc, not two)
            b = pieces.owner_mark(st, t.family, max(10, int(c * 0.42)))
            blit_center(surf, b, lay.cells_rect(t.cells).move(shift).center)
    for first in sorted(holder, key=lambda cell: (cell[1], cell[0])):
        if first in seen:
            continue
        fam = holder[first].family
        estate, todo = {first}, [first]
        while todo:
            x, y = todo.pop()
            for dx, dy in _SIDES:
                n = (x + dx, y + dy)
                if n not in estate and n in holder and holder[n].family == fam:
                    estate.add(n)
                    todo.append(n)
        seen |= estate
        if any(holder[cell].start or holder[cell].figure for cell in estate):
            # a start tile wears its large badge; a figure or barn its family's letter on its
            # base: a second disc beside it piled the marks up late in a game (playtest 20a)
            continue
        # large enough to read from the sofa (playtest 10a: 14 px at 720p was not)
        b = pieces.owner_mark(st, fam, max(18, int(c * 0.36)))
        inset = 2 * rule + ribbon + max(1, c // 40)
        r = lay.cell_rect(*first).move(shift)
        surf.blit(b, (r.x + inset, r.y + inset))


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
                   rect: pygame.Rect, family: str | None = None) -> None:
    """A figure standing on its parcel. With `family`, it stands on a round base in its owner's
    colour, as a wooden piece stands on its player's disc: who owns it is told by the piece
    itself, not only by the estate round it (playtest 10c: "figures carry no owner mark")."""
    s = max(8, int(lay.cell * 0.66))
    img = pieces.figure(st, kind, s)
    if family is None:
        foot = (rect.centerx, int(rect.centery + s * 0.36))
        # A soft shadow under the figure so it stands on the tile.
        sh = cached_shape(("fshadow", s), lambda: _shadow(s))
        blit_center(surf, sh, foot)
    else:
        # the base shows round the figure's foot, wider than the piece and below it
        col = st.family(family)
        base = cached_shape(("fbase", s, tuple(col)), lambda: _figure_base(s, col))
        blit_center(surf, base, (rect.centerx, int(rect.centery + s * 0.47)))
    blit_center(surf, img, (rect.centerx, rect.centery + s * 0.04))
    if family is not None:
        _figure_mark(surf, lay, st, family, rect)


def _figure_mark(surf: pygame.Surface, lay: Layout, st: Style, family: str, rect: pygame.Rect) -> None:
    """The family's letter on a figure's base, at its front: as the estates' badges, so that grey
    tells them apart too (10e: Winslow's and Howland's figures alike), read from the sofa (10g;
    10i, 11a: letters of 15 and 20 px were still small there)."""
    s = max(8, int(lay.cell * 0.66))
    mark = pieces.owner_mark(st, family, max(16, int(lay.cell * 0.42)))
    blit_center(surf, mark, (int(rect.centerx + s * 0.46), int(rect.centery + s * 0.38)))


def _shadow(s: int) -> pygame.Surface:
    sh = pygame.Surface((s, max(2, s // 4)), pygame.SRCALPHA)
    pygame.draw.ellipse(sh, (0, 0, 0, 90), sh.get_rect())
    return sh


def _figure_base(s: int, fam: pygame.Color) -> pygame.Surface:
    """A flat disc seen from above at a slant: a dark rim, the family's colour, a lit top edge,
    and the soft shadow it casts."""
    w, h = int(s * 1.08), max(4, int(s * 0.34))
    k = 2
    big = pygame.Surface((w * k, (h + max(2, h // 4)) * k), pygame.SRCALPHA)
    pygame.draw.ellipse(big, (0, 0, 0, 80), pygame.Rect(k, h // 4 * k, (w - 1) * k, h * k))
    top = pygame.Rect(0, 0, w * k, h * k)
    pygame.draw.ellipse(big, shade(pygame.Color(fam), 0.35), top)
    pygame.draw.ellipse(big, fam, top.inflate(-3 * k, -3 * k))
    hi = pygame.Color(shade(pygame.Color(fam), 1.35))
    pygame.draw.arc(big, hi, top.inflate(-5 * k, -5 * k), 0.35, 2.8, max(1, k * max(1, s // 40)))
    return pygame.transform.smoothscale(big, (w, h + max(2, h // 4)))


def _refusal_sign(c: int, color: pygame.Color) -> pygame.Surface:
    """A "no entry" sign near half a parcel across: a ring and a bar on a pale disc, ruled dark."""
    def build() -> pygame.Surface:
        k = 3
        d = max(14, c * 9 // 20)
        big = pygame.Surface((d * k, d * k), pygame.SRCALPHA)
        ctr = (d * k // 2, d * k // 2)
        rad = d * k // 2 - k
        lw = max(2, d // 8) * k
        ink = shade(pygame.Color(color), 0.3)
        pygame.draw.circle(big, ink, ctr, rad)
        pygame.draw.circle(big, (246, 240, 226), ctr, rad - k)      # a pale disc: the sign reads on any land
        pygame.draw.circle(big, color, ctr, rad - k, lw)
        off = int((rad - k - lw / 2) * 0.7)
        pygame.draw.line(big, color, (ctr[0] - off, ctr[1] - off), (ctr[0] + off, ctr[1] + off), lw)
        return pygame.transform.smoothscale(big, (d, d))

    return cached_shape(("refusal_sign", c, tuple(color)), build)


def _cell_glow(lay: Layout, color: pygame.Color, size: tuple[int, int] | None = None) -> pygame.Surface:
    """A ring round one tile or parcel (the one under the pointer, a figure or barn one may pick
    up): a fine rule, dark outside and bright inside so it reads on pale and dark lands of both
    themes, with a light inside it fading towards the middle, where the land's own pattern shows."""
    c = lay.cell
    w, h = size or (c, c)

    def build() -> pygame.Surface:
        s = pygame.Surface((w, h), pygame.SRCALPHA)
        r = s.get_rect().inflate(-max(2, c // 24), -max(2, c // 24))
        tint = pygame.Color(color)
        light = pygame.Color((tint.r + 3 * 255) // 4, (tint.g + 3 * 250) // 4, (tint.b + 3 * 215) // 4)
        depth = max(4, c // 3)
        for i in range(depth):
            light.a = int(170 * (1 - i / depth) ** 1.2)
            pygame.draw.rect(s, light, r.inflate(-2 * i, -2 * i), 1)
        ink = shade(tint, 0.3)
        ink.a = 255
        rule = max(1, c // 40)
        pygame.draw.rect(s, ink, r, rule)
        bright = pygame.Color(tint)
        bright.a = 255
        pygame.draw.rect(s, bright, r.inflate(-2 * rule, -2 * rule), max(2, c // 20))
        return s

    return cached_shape(("glow", c, w, h, tuple(color)), build)


def _shown_rects(lay: Layout, cells: tuple[tuple[int, int], ...]) -> list[pygame.Rect]:
    """The rects a shown move glows on: one around its parcels when they fill a rectangle (a
    start tile, a developed block), else one per parcel (a figure's from and to)."""
    xs, ys = [c[0] for c in cells], [c[1] for c in cells]
    if (max(xs) - min(xs) + 1) * (max(ys) - min(ys) + 1) == len(set(cells)):
        return [lay.cells_rect(list(cells))]
    return [lay.cell_rect(*c) for c in cells]


def _hint_glow(lay: Layout, color: pygame.Color, size: tuple[int, int], hatch: bool = True) -> pygame.Surface:
    """The shown move's mark: a thick gold edge ringed dark inside and out (it reads on pale and
    dark lands, and is not the targets' plain edge) round the see-through piece the move puts
    there; where no piece is shown, a diagonal gold hatch fills it."""
    c = lay.cell
    w, h = size

    def build() -> pygame.Surface:
        s = pygame.Surface((w, h), pygame.SRCALPHA)
        r = s.get_rect().inflate(-max(2, c // 16), -max(2, c // 16))
        if hatch:
            lines = pygame.Surface((w, h), pygame.SRCALPHA)
            step = max(6, c // 5)
            line = pygame.Color(color)
            line.a = 190
            ink = shade(pygame.Color(color), 0.3)
            ink.a = 150
            lw = max(2, c // 20)
            for x0 in range(-h, w, step):
                # gold with a dark line beside it: a hatch that reads on the painted map's pale
                # and golden grounds as well as on a dark field
                pygame.draw.line(lines, ink, (x0 + lw, h), (x0 + h + lw, 0), max(1, lw // 2))
                pygame.draw.line(lines, line, (x0, h), (x0 + h, 0), lw)
            mask = pygame.Surface((w, h), pygame.SRCALPHA)
            pygame.draw.rect(mask, (255, 255, 255, 255), r, border_radius=max(2, c // 8))
            lines.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
            s.blit(lines, (0, 0))
        dark = shade(pygame.Color(color), 0.3)
        dark.a = 255
        edge = pygame.Color(color)
        edge.a = 255
        outer = max(2, c // 16)
        thick = max(4, c // 7)
        pygame.draw.rect(s, dark, r, outer, border_radius=max(2, c // 8))
        inner = r.inflate(-2 * outer, -2 * outer)
        pygame.draw.rect(s, edge, inner, thick, border_radius=max(2, c // 9))
        if hatch:
            # (round a piece shown inside, this inner rule drew a dark square over the piece's
            # own edge: playtest 10c)
            pygame.draw.rect(s, dark, inner.inflate(-2 * thick, -2 * thick), outer, border_radius=max(2, c // 10))
        return s

    return cached_shape(("hint_glow", c, w, h, tuple(color), hatch), build)


#: how strongly the land a picked tile would lay shows on each place it may go (the one under the
#: pointer shows at _ghost's 205)
LAND_GHOST = 185


def draw_overlay(surf: pygame.Surface, lay: Layout, st: Style, view: BoardOverlayView,
                 t_now: float) -> None:
    """Targets, previews, 'changed since your turn' rings: redrawn each frame."""
    pulse = 0.65 + 0.35 * math.sin(t_now * 4.0)
    # the targets: a pulse one sees (playtest 1) that never fades to faint (playtest 3a, sofa)
    strong = 0.8 + 0.2 * math.sin(t_now * 4.0)
    # The ground a piece may not take, in shadow, under every ring and light.
    for glow in view.targets:
        if glow.style == "shade" and glow.groups:
            img, at = lit_area.shaded(lay.cell, {cell for group in glow.groups for cell in group},
                                      st.color(glow.color))
            surf.blit(img, lay.cell_rect(*at).topleft)
    # What changed since this player's last turn.
    for group in view.changed:
        r = lay.cells_rect(group)
        changed_halo.draw_halo(surf, lay.cell, r)     # outside the tile, its badge in sight
    for glow in view.targets:
        col = st.color(glow.color)
        if glow.style == "shade":
            continue            # drawn under the rings above
        if glow.style in ("area", "quiet"):
            # the parcels where a land may go: one lit stretch of country (lit_area.py); many
            # (the start rounds) quietly, with the coast's sides left open
            quiet = glow.style == "quiet"
            cells = {cell for group in glow.groups for cell in group}
            # over one's own land the marks keep inside the estate's boundary, which stays in
            # sight (playtest 20a: the develop glow "covers the estate border")
            inset = estate_depth(lay.cell) if glow.developed else 0
            land = glow.land
            if land is not None and cells and not glow.developed:
                # the land the tile would lay, painted where it may go: the map shows what the
                # choice makes, not a pale block (playtests 18a, 19b: "cream squares"). (A
                # develop's parcels are pencilled in on the static layer instead, under the
                # estate's boundary and badge: BoardView.developing.)
                def plot(cell: Cell, land: str = land) -> pygame.Surface:
                    return pieces.land_plot(st, land, False, lay.cell, variant=pieces.plot_variant(*cell))
                img, at = lit_area.painted(lay.cell, cells, plot, (st.theme.name, land), inset)
                _blit_alpha(surf, img, lay.cell_rect(*at).topleft, int(LAND_GHOST * strong))
            if cells:
                img, at = lit_area.area(lay.cell, cells, col, quiet, lay.on_map if quiet else None,
                                        lit=land is None, inset=inset)
                _blit_pulsing(surf, img, lay.cell_rect(*at).topleft, 1.0 if quiet else strong)
            continue
        if glow.style == "ring":
            # a figure or barn one may pick up: a halo round its base, as a piece one may lift
            # (playtest 21b: a rule inside the tile read as "a misaligned selection box")
            for spot in glow.spots:
                _figure_halo(surf, lay, col, spot, strong)
                # (the letter stays over the ring)
                _figure_mark(surf, lay, st, spot.family, figure_rect(lay, spot, lay.cells_rect(spot.cells)))
            continue
        # one's own tiles: lit inside the estate's boundary, which stays whole (playtest 21a: a
        # frame over it read as the border "turning dull gold", or broken for rounds)
        inset = estate_depth(lay.cell)
        for group in glow.groups:
            img, at = lit_area.area(lay.cell, group, col, inset=inset)
            _blit_pulsing(surf, img, lay.cell_rect(*at).topleft, strong)
        if glow.figure:
            for spot in glow.spots:
                _figure_ghost(surf, lay, st, glow.figure, spot, int(FIGURE_GHOST * strong))
    pv = view.preview
    if pv is not None and pv.ghost is not None and not (
            pv.ghost.kind == "develop" and any(g.developed and g.land for g in view.targets)):
        # (a develop's parcels already show developed: a second picture over them hid the badge)
        _ghost(surf, lay, st, pv.ghost)
    # The move on show (a computer's, or the Hint): over the targets' glow (under it, the
    # targets' edge hid it: "only a slightly darker square", playtest 2) and over the ghost of
    # the piece the ring would place there (under it, the hatch faded), as strong as they
    # are and told apart by more than colour: gold, a thick double edge and a hatch.
    if view.ai_ghost is not None:
        _ghost(surf, lay, st, view.ai_ghost)
    if view.ai_cells:
        for r in _shown_rects(lay, view.ai_cells):
            if view.ai_ghost is not None:
                # the gold edge round the piece, not over it: inside a single parcel it hid the
                # piece's own edge and squeezed its badge (playtest 10a)
                r = r.inflate(2 * max(4, lay.cell // 7), 2 * max(4, lay.cell // 7))
            g = _hint_glow(lay, pygame.Color(st.color("gold")), r.size, hatch=view.ai_ghost is None)
            g.set_alpha(int(255 * max(pulse, strong)))
            surf.blit(g, r)
            g.set_alpha(255)
    if pv is not None:
        col = st.color("highlight_hover" if pv.ok else "highlight_illegal")
        own = pv.ok and pv.kind in OWN_LAND
        if own and pv.groups:
            # one's own parcels: one rule inside the estate's boundary, which stays in sight
            img, at = lit_area.area(lay.cell, {c for g in pv.groups for c in g}, col, lit=False,
                                    inset=estate_depth(lay.cell))
            surf.blit(img, lay.cell_rect(*at).topleft)
        for group in (pv.groups if not own else ()):
            r = lay.cells_rect(group)
            # A legal spot shows the ghost piece under a ring; a refused one a red ring and no
            # ghost, never a red fill: over another family's tile that read as the tile changing
            # colour (its tooltip says why: "taken")
            surf.blit(_cell_glow(lay, col, r.size), r)
            if not pv.ok:
                # and a sign that says "not here": a red square alone over free ground read as
                # an estate of the red family's (playtest 21b)
                blit_center(surf, _refusal_sign(lay.cell, col), r.center)
    # The figure being dragged follows the pointer.
    if view.drag_figure and view.drag_pos is not None:
        s = max(8, int(lay.cell * 0.72))
        blit_center(surf, pieces.figure(st, view.drag_figure, s), view.drag_pos)


def _blit_pulsing(surf: pygame.Surface, img: pygame.Surface, at: tuple[int, int], strength: float) -> None:
    _blit_alpha(surf, img, at, int(255 * strength))


def _blit_alpha(surf: pygame.Surface, img: pygame.Surface, at: tuple[int, int], alpha: int) -> None:
    """Blit a cached picture see-through, leaving it opaque for its next use."""
    img.set_alpha(alpha)
    surf.blit(img, at)
    img.set_alpha(255)


#: the previews over one's own land (a develop, a figure to stand, a card to store, a figure or
#: barn to pick up): their marks keep inside the estate's boundary
OWN_LAND = frozenset({"develop", "figure", "move", "store", "pick"})

#: how strongly a figure shows where a figure card (or one picked up) may stand it (the one under
#: the pointer shows at 190)
FIGURE_GHOST = 215


def _figure_halo(surf: pygame.Surface, lay: Layout, color: pygame.Color, tile: TileView, strength: float) -> None:
    """A ring on the ground round the base of the figure on `tile`: its front arc, bold and
    ruled dark, wrapping a little up the sides (its back would run across the piece)."""
    s = max(8, int(lay.cell * 0.66))
    fr = figure_rect(lay, tile, lay.cells_rect(tile.cells))
    w, h = int(s * 1.4), max(8, int(s * 0.56))
    col = pygame.Color(color)

    def build() -> pygame.Surface:
        k = 3                                        # drawn large and smoothed down: a clean curve
        big = pygame.Surface((w * k, h * k), pygame.SRCALPHA)
        r = big.get_rect().inflate(-4 * k, -4 * k)
        lw = max(2, s // 16) * k
        ink = shade(col, 0.3)
        a0, a1 = math.pi - 0.35, 2 * math.pi + 0.35
        pygame.draw.arc(big, ink, r.inflate(k * 2, k * 2), a0, a1, lw + 2 * k)
        pygame.draw.arc(big, col, r, a0, a1, lw)
        return pygame.transform.smoothscale(big, (w, h))

    img = cached_shape(("figure_halo", w, h, tuple(col)), build)
    at = img.get_rect(center=(fr.centerx, int(fr.centery + s * 0.47)))
    _blit_alpha(surf, img, at.topleft, int(255 * strength))


def _figure_ghost(surf: pygame.Surface, lay: Layout, st: Style, kind: str, tile: TileView, alpha: int) -> None:
    """A figure see-through where it would stand on `tile`."""
    s = max(8, int(lay.cell * 0.66))
    fr = figure_rect(lay, tile, lay.cells_rect(tile.cells))
    img = pieces.figure(st, kind, s)
    _blit_alpha(surf, img, img.get_rect(center=(fr.centerx, int(fr.centery + s * 0.04))).topleft, alpha)


def _ghost(surf: pygame.Surface, lay: Layout, st: Style, ghost: GhostView) -> None:
    """A see-through picture of what the click would place."""
    if ghost.kind == "develop":
        if ghost.lands:
            lands = dict(ghost.lands)

            def plot(c: Cell) -> pygame.Surface:
                return pieces.land_plot(st, lands[c], True, lay.cell, variant=pieces.plot_variant(*c))
            # inside the estate's boundary, as the targets are (playtest 20a)
            img, at = lit_area.painted(lay.cell, lands, plot, (st.theme.name, tuple(sorted(set(lands.values())))),
                                       estate_depth(lay.cell))
            _blit_alpha(surf, img, lay.cell_rect(*at).topleft, 200)
        return
    tile = ghost.tile
    if tile is None:
        return
    if ghost.kind == "figure" and ghost.figure:
        _figure_ghost(surf, lay, st, ghost.figure, tile, 190)
        return
    r = lay.cells_rect(tile.cells)
    tmp = pygame.Surface(r.size, pygame.SRCALPHA)
    draw_tile(tmp, lay, st, tile, tmp.get_rect())
    tmp.set_alpha(205)
    surf.blit(tmp, r)
