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
from ne_game.ui.scenes.table.draw import changed_halo
from ne_game.ui.scenes.table.draw.card_face import TEXT_FLOOR
from ne_game.ui.scenes.table.draw.gfx import Style, blit_center, cached_shape, shade
from ne_game.ui.scenes.table.draw.layout import Layout
from ne_game.ui.scenes.table.model.geometry import COLS, Cell
from ne_game.ui.scenes.table.model.view_model import BoardOverlayView, BoardView, GhostView, TileView


def draw_base(lay: Layout, st: Style, coast: frozenset[Cell]) -> pygame.Surface:
    """The painted map under everything (`lay.map_rect`): the sea with its depth and waves,
    the coast with beaches along the coastal parcels, the land beyond the grid, the empty
    parcels under a faint grid, the coordinates, a compass rose and the title cartouche.
    It depends on the layout, the theme and the coast only: drawn once and cached."""
    mr = lay.map_rect
    surf = pygame.Surface(mr.size).convert() if pygame.display.get_surface() else pygame.Surface(mr.size)
    g = lay.grid_rect.move(-mr.x, -mr.y)
    c = lay.cell
    rng = random.Random(zlib.crc32(f"map:{mr.size}:{c}".encode()))
    deep, sea, foam = st.color("sea_deep"), st.color("sea"), st.color("sea_foam")
    land_col = st.color("board_bg")
    coast_pts, north_n = _coastline(lay, g, mr.size, rng)
    far = max(mr.width, mr.height) * 2
    land_poly = coast_pts + [(-far, far)]
    if st.theme.has_color("map_flat"):
        # a theme that wants a flat ground (high contrast): no painted sea, waves or woods
        # behind the offer and the panels, only the parcels, their coordinates and the rose
        flat = st.color("map_flat")
        surf.fill(flat)
        _parcels(surf, lay, st, g, coast, rng)
        _coordinates(surf, lay, st, g, col_under=flat, land=flat)
        _compass_and_title(surf, lay, st, g, mr)
        return surf
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
    # surf and foam along the shore
    for k, a in ((max(3, c // 9), 70), (max(2, c // 22), 150)):
        f = pygame.Color(foam)
        f.a = a
        _alpha_lines(surf, f, _shifted(coast_pts, k), max(1, c // 30))
    # The land: the grid's parcels and the country beyond them.
    pygame.draw.polygon(surf, land_col, land_poly)
    pygame.draw.lines(surf, shade(land_col, 0.62), False, coast_pts, max(1, c // 36))
    _countryside(surf, lay, g, land_poly, land_col, rng)
    _parcels(surf, lay, st, g, coast, rng)
    _neatline(surf, lay, st, g)
    _coordinates(surf, lay, st, g, col_under=_mix(deep, shade(sea, 1.12), 1.0), land=land_col)
    _compass_and_title(surf, lay, st, g, mr)
    return surf


def _mix(a: pygame.Color, b: pygame.Color, t: float) -> pygame.Color:
    return pygame.Color(*(int(a[i] + (b[i] - a[i]) * t) for i in range(3)))


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
               rng: random.Random) -> tuple[list[tuple[float, float]], int]:
    """The coast from the map's west edge to its south edge: a wandering shore beyond the
    grid, the grid's own north and east edges (around its missing corner) along it."""
    c = lay.cell
    w, h = size
    top = [min((y for y in range(lay.rows) if (x, y) not in lay.missing), default=lay.rows)
           for x in range(lay.cols)]
    right = [max((x + 1 for x in range(lay.cols) if (x, y) not in lay.missing), default=0)
             for y in range(lay.rows)]
    pts: list[tuple[float, float]] = []
    # west of the grid: bays and headlands, meeting the grid's north-west corner
    amp = c * 0.35
    ph = rng.random() * 6.28
    xs = list(range(-c, g.x, max(4, c // 6)))
    for x in xs:
        t = (g.x - x) / max(1, g.x + c)
        wob = (math.sin(x / c * 1.3 + ph) * 0.7 + math.sin(x / c * 3.1 + ph * 2) * 0.3) * amp * min(1.0, t * 4)
        pts.append((x, g.y + wob))
    for x in range(lay.cols):
        y = g.y + top[x] * c
        pts += [(g.x + x * c, y), (g.x + (x + 1) * c, y)]
    north_n = len(pts)
    last_top = top[-1]
    for y in range(last_top, lay.rows):
        x = g.x + right[y] * c
        pts += [(x, g.y + y * c), (x, g.y + (y + 1) * c)]
    # south of the grid: the shore wanders on to the map's south edge
    ph2 = rng.random() * 6.28
    for y in range(g.bottom + max(4, c // 6), h + c, max(4, c // 6)):
        t = (y - g.bottom) / max(1, h - g.bottom + c)
        wob = (math.sin(y / c * 1.2 + ph2) * 0.7 + math.sin(y / c * 2.9 + ph2 * 2) * 0.3) * amp * min(1.0, t * 4)
        pts.append((g.right + wob, y))
    return pts, north_n


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


def _countryside(surf: pygame.Surface, lay: Layout, g: pygame.Rect, land_poly: list[tuple[float, float]],
                 land_col: pygame.Color, rng: random.Random) -> None:
    """The land beyond the grid: mottled ground, woods and hills, as an old map draws them."""
    c = lay.cell
    w, h = surf.get_size()
    layer = pygame.Surface((w, h), pygame.SRCALPHA)
    keep = g.inflate(max(4, c // 5) * 2, max(4, c // 5) * 2)
    area = w * h
    # mottling: soft patches of lighter and darker ground
    for _ in range(min(900, int(area / max(1, (c * 1.2) ** 2)))):
        x, y = rng.random() * w, rng.random() * h
        rr = c * (0.3 + 0.6 * rng.random())
        col = shade(land_col, 0.9 if rng.random() < 0.5 else 1.06)
        col.a = 60
        pygame.draw.circle(layer, col, (int(x), int(y)), int(rr))
    tree = shade(land_col, 0.55)
    tree = _mix(tree, pygame.Color(60, 96, 52), 0.55)
    tree_hi = shade(tree, 1.35)
    ink = shade(land_col, 0.4)
    lw = max(1, c // 45)
    # woods: clusters of round-crowned trees
    for _ in range(min(260, int(area / max(1, (c * 2.2) ** 2)))):
        cx, cy = rng.random() * w, rng.random() * h
        for _k in range(rng.randint(3, 7)):
            x = cx + rng.gauss(0, c * 0.35)
            y = cy + rng.gauss(0, c * 0.25)
            s = c * (0.09 + 0.05 * rng.random())
            if keep.inflate(int(2 * s), int(2 * s)).collidepoint(x, y):
                continue
            pygame.draw.line(layer, ink, (x, y), (x, y + s * 1.4), lw)
            pygame.draw.circle(layer, tree, (int(x), int(y)), int(s))
            pygame.draw.circle(layer, tree_hi, (int(x - s * 0.3), int(y - s * 0.3)), max(1, int(s * 0.4)))
            pygame.draw.circle(layer, ink, (int(x), int(y)), int(s), lw)
    # hills: pairs of arcs with a shaded side
    for _ in range(min(120, int(area / max(1, (c * 3.5) ** 2)))):
        x, y = rng.random() * w, rng.random() * h
        s = c * (0.25 + 0.2 * rng.random())
        r = pygame.Rect(int(x), int(y), int(s * 2), int(s * 1.3))
        if keep.colliderect(r):
            continue
        pygame.draw.arc(layer, ink, r, 0.15, math.pi - 0.15, max(1, lw))
        pygame.draw.arc(layer, shade(land_col, 0.8), r.inflate(-int(s * 0.5), -int(s * 0.4)).move(int(s * 0.1), 0),
                        0.3, math.pi / 2, max(1, lw))
    # only on land: the sea is cut out again with the land's outline
    mask = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.polygon(mask, (255, 255, 255, 255), land_poly)
    layer.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    surf.blit(layer, (0, 0))


def _parcels(surf: pygame.Surface, lay: Layout, st: Style, g: pygame.Rect, coast: frozenset[Cell],
             rng: random.Random) -> None:
    """The grid's parcels: open country with a faint grid over it, beaches on the coast."""
    c = lay.cell
    empty = st.color("parcel_empty")
    layer = pygame.Surface(g.size, pygame.SRCALPHA)
    for x in range(lay.cols):
        for y in range(lay.rows):
            if (x, y) in lay.missing:
                continue
            r = pygame.Rect(x * c, y * c, c, c)
            pygame.draw.rect(layer, empty, r)
    if not st.theme.has_color("map_flat"):      # a flat theme (high contrast) keeps its parcels plain
        _wash(layer, c, empty, rng)
        _landmarks(layer, lay, empty, rng)
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
    # the grid: a surveyor's dotted lines between the parcels, not boxes
    line = pygame.Color(st.color("board_grid"))
    lw = max(1, c // 60)
    dash, gap = max(3, c // 9), max(2, c // 14)
    for x in range(1, lay.cols):
        for y0 in range(0, g.height, dash + gap):
            pygame.draw.line(layer, line, (x * c, y0), (x * c, min(g.height, y0 + dash)), lw)
    for y in range(1, lay.rows):
        for x0 in range(0, g.width, dash + gap):
            pygame.draw.line(layer, line, (x0, y * c), (min(g.width, x0 + dash), y * c), lw)
    edge = shade(st.color("board_bg"), 0.7)
    pygame.draw.rect(layer, edge, layer.get_rect(), max(1, c // 45))
    for (mx, my) in lay.missing:       # the sea's own corner stays clear
        layer.fill((0, 0, 0, 0), pygame.Rect(mx * c, my * c, c, c))
    surf.blit(layer, g)


def _wash(layer: pygame.Surface, c: int, ground: pygame.Color, rng: random.Random) -> None:
    """The open land painted as an old map's wash: broad, soft patches of meadow green and
    ochre over the ground's colour, and tufts of grass here and there. Low in contrast, so an
    empty parcel still reads as empty next to a tile, and the same lightness on average."""
    w, h = layer.get_size()
    # painted small and spread out: the patches' edges run soft, as watercolour does
    k = max(1, c // 6)
    small = pygame.Surface((max(1, w // k), max(1, h // k)), pygame.SRCALPHA)
    meadow = _mix(ground, pygame.Color(112, 146, 76), 0.7)
    ochre = _mix(ground, pygame.Color(196, 160, 98), 0.6)
    light = shade(ground, 1.06)
    for _ in range(int(w * h / max(1, (c * 1.6) ** 2))):
        col = pygame.Color(rng.choice((meadow, meadow, ochre, light)))
        col.a = 80
        r = max(1, int(c * (0.7 + 1.3 * rng.random()) / k))
        pygame.draw.circle(small, col, (int(rng.random() * small.get_width()), int(rng.random() * small.get_height())), r)
    for _ in range(2):        # a little blur: down and up again
        small = pygame.transform.smoothscale(small, (max(1, small.get_width() // 2), max(1, small.get_height() // 2)))
        small = pygame.transform.smoothscale(small, (small.get_width() * 2, small.get_height() * 2))
    layer.blit(pygame.transform.smoothscale(small, (w, h)), (0, 0))
    tuft = _mix(ground, pygame.Color(70, 100, 50), 0.45)
    tuft.a = 110
    lw = max(1, c // 50)
    for _ in range(int(w * h / max(1, (c * 1.3) ** 2))):
        x, y = rng.random() * w, rng.random() * h
        s = c * (0.05 + 0.03 * rng.random())
        for dx in (-1, 0, 1):
            pygame.draw.line(layer, tuft, (x + dx * s * 0.6, y), (x + dx * s * 1.1, y - s * (1.4 - abs(dx) * 0.4)), lw)


def _landmarks(layer: pygame.Surface, lay: Layout, ground: pygame.Color, rng: random.Random) -> None:
    """What an old map draws on open country: here and there a copse or a low hill, faint and in
    a parcel's corner (the middle stays clear for the glows and the pieces to come)."""
    c = lay.cell
    ink = _mix(ground, pygame.Color(60, 52, 40), 0.55)
    ink.a = 120
    tree = _mix(ground, pygame.Color(70, 104, 58), 0.6)
    tree.a = 150
    lw = max(1, c // 45)
    for x in range(lay.cols):
        for y in range(lay.rows):
            if (x, y) in lay.missing or rng.random() > 0.22:
                continue
            cx = x * c + c * (0.22 if rng.random() < 0.5 else 0.78)
            cy = y * c + c * (0.24 if rng.random() < 0.5 else 0.76)
            if rng.random() < 0.6:            # a copse: two or three round crowns
                for k in range(rng.randint(2, 3)):
                    tx, ty = cx + (k - 1) * c * 0.11, cy + (k % 2) * c * 0.06
                    r = max(2, int(c * 0.075))
                    pygame.draw.line(layer, ink, (tx, ty), (tx, ty + r * 1.5), lw)
                    pygame.draw.circle(layer, tree, (int(tx), int(ty)), r)
                    pygame.draw.circle(layer, ink, (int(tx), int(ty)), r, lw)
            else:                             # a low hill, hatched on its shaded side
                w = c * 0.26
                hill = pygame.Rect(int(cx - w / 2), int(cy - w * 0.3), int(w), int(w * 0.6))
                pygame.draw.arc(layer, ink, hill, 0.2, math.pi - 0.2, lw)
                for k in range(3):
                    hx = cx + w * (0.05 + 0.1 * k)
                    pygame.draw.line(layer, ink, (hx, cy - w * 0.12 + k * w * 0.05), (hx + w * 0.06, cy + w * 0.02), lw)


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
    for x in range(lay.cols):
        t = st.text(COLS[x], "bold", size, on_sea)
        top = min((y for y in range(lay.rows) if (x, y) not in lay.missing), default=0)
        blit_center(surf, t, (g.x + x * c + c // 2, band_y + top * c))
    strip = g.x - (lay.grid_rect.x - lay.board_rect.x)
    for y in range(lay.rows):
        t = st.text(str(y + 1), "bold", size, on_land)
        blit_center(surf, t, ((strip + g.x) // 2, g.y + y * c + c // 2))


def _ink_on(bg: pygame.Color, st: Style) -> pygame.Color:
    """The theme's dark text on a light ground, its light text on a dark one."""
    lum = 0.299 * bg.r + 0.587 * bg.g + 0.114 * bg.b
    dark, light = st.color("text"), st.color("text_on_dark")
    ld = 0.299 * dark.r + 0.587 * dark.g + 0.114 * dark.b
    ll = 0.299 * light.r + 0.587 * light.g + 0.114 * light.b
    return dark if abs(lum - ld) >= abs(lum - ll) else light


def _compass_and_title(surf: pygame.Surface, lay: Layout, st: Style, g: pygame.Rect, mr: pygame.Rect) -> None:
    """A compass rose in the sea's corner of the grid (or the east sea) and the map's title in
    a cartouche on the east sea, reading up the coast as old maps letter their margins."""
    c = lay.cell
    east_end = lay.offer_rect.x - mr.x            # the sea shows up to the offer's column
    strip = pygame.Rect(g.right, g.y, max(0, east_end - g.right), g.height)
    if lay.missing:
        corner = pygame.Rect(0, 0, 0, 0)
        for (mx, my) in lay.missing:
            corner = pygame.Rect(g.x + mx * c, g.y + my * c, c, c) if not corner.width else \
                corner.union(pygame.Rect(g.x + mx * c, g.y + my * c, c, c))
        # above the column letter that the corner's column keeps at its foot
        rose_r = int(min(corner.width, corner.height) * 0.32)
        rose_c = (corner.centerx, corner.centery - c // 10)
    else:
        rose_r = int(min(strip.width * 0.42, c * 0.6))
        rose_c = (strip.centerx, strip.bottom - rose_r - c // 4)
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
        # the owner's colour round the tile, as a start tile wears it (thinner: a bought tile),
        # with dark edges that read on light and dark land; the badge stays (colour is never the
        # only code). Playtest 4a: a bought tile's owner was hard to see from the sofa.
        pieces.family_band(surf, rect, st.family(t.family), cell, max(2, cell // 18), inner_edge=False)
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
        # a light wash only: the land under a glow keeps its own colour and pattern (a strong
        # green wash made a settlement read as pasture, playtest); the edge carries the glow
        fill.a = min(fill.a, 70) if kind == "fill" else 0
        if fill.a:
            pygame.draw.rect(s, fill, r, border_radius=max(2, c // 8))
        # Two edges: a dark one outside, for the pale parcels (a light green line alone was
        # "very faint" there: playtest 1), and the glow's own colour inside it, for the dark
        # lands; together they read on every land of both themes.
        dark = shade(pygame.Color(color), 0.4)
        dark.a = 255
        outer = max(2, c // 18)
        pygame.draw.rect(s, dark, r, outer, border_radius=max(2, c // 8))
        edge = pygame.Color(color)
        edge.a = 255
        pygame.draw.rect(s, edge, r.inflate(-2 * outer, -2 * outer), max(3, c // 10),
                         border_radius=max(2, c // 9))
        return s

    return cached_shape(("glow", c, w, h, tuple(color), kind), build)


def _shown_rects(lay: Layout, cells: tuple[tuple[int, int], ...]) -> list[pygame.Rect]:
    """The rects a shown move glows on: one around its parcels when they fill a rectangle (a
    start tile, a developed block), else one per parcel (a figure's from and to)."""
    xs, ys = [c[0] for c in cells], [c[1] for c in cells]
    if (max(xs) - min(xs) + 1) * (max(ys) - min(ys) + 1) == len(set(cells)):
        return [lay.cells_rect(list(cells))]
    return [lay.cell_rect(*c) for c in cells]


def _hint_glow(lay: Layout, color: pygame.Color, size: tuple[int, int]) -> pygame.Surface:
    """The shown move's mark: a diagonal gold hatch under a thick gold edge ringed dark inside
    and out (it reads on pale and dark lands, and is not the targets' plain edge)."""
    c = lay.cell
    w, h = size

    def build() -> pygame.Surface:
        s = pygame.Surface((w, h), pygame.SRCALPHA)
        r = s.get_rect().inflate(-max(2, c // 16), -max(2, c // 16))
        hatch = pygame.Surface((w, h), pygame.SRCALPHA)
        step = max(6, c // 5)
        line = pygame.Color(color)
        line.a = 120
        for x0 in range(-h, w, step):
            pygame.draw.line(hatch, line, (x0, h), (x0 + h, 0), max(2, c // 20))
        mask = pygame.Surface((w, h), pygame.SRCALPHA)
        pygame.draw.rect(mask, (255, 255, 255, 255), r, border_radius=max(2, c // 8))
        hatch.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        s.blit(hatch, (0, 0))
        dark = shade(pygame.Color(color), 0.3)
        dark.a = 255
        edge = pygame.Color(color)
        edge.a = 255
        outer = max(2, c // 16)
        thick = max(4, c // 7)
        pygame.draw.rect(s, dark, r, outer, border_radius=max(2, c // 8))
        inner = r.inflate(-2 * outer, -2 * outer)
        pygame.draw.rect(s, edge, inner, thick, border_radius=max(2, c // 9))
        pygame.draw.rect(s, dark, inner.inflate(-2 * thick, -2 * thick), outer, border_radius=max(2, c // 10))
        return s

    return cached_shape(("hint_glow", c, w, h, tuple(color)), build)


def draw_overlay(surf: pygame.Surface, lay: Layout, st: Style, view: BoardOverlayView,
                 t_now: float) -> None:
    """Targets, previews, 'changed since your turn' rings: redrawn each frame."""
    pulse = 0.65 + 0.35 * math.sin(t_now * 4.0)
    # the targets: a pulse one sees (playtest 1) that never fades to faint (playtest 3a, sofa)
    strong = 0.8 + 0.2 * math.sin(t_now * 4.0)
    # What changed since this player's last turn.
    for group in view.changed:
        r = lay.cells_rect(group)
        changed_halo.draw_halo(surf, lay.cell, r)     # outside the tile, its badge in sight
    for glow in view.targets:
        col = st.color(glow.color)
        for group in glow.groups:
            r = lay.cells_rect(group)
            g = _cell_glow(lay, col, glow.style, r.size)
            g.set_alpha(int(255 * strong))
            surf.blit(g, r)
            g.set_alpha(255)
    # The move on show (a computer's, or the Hint): over the targets' glow (under it, the
    # targets' edge hid it: "only a slightly darker square", playtest 2), as strong as they
    # are and told apart by more than colour: gold, a thick double edge and a hatch.
    if view.ai_cells:
        for r in _shown_rects(lay, view.ai_cells):
            g = _hint_glow(lay, pygame.Color(st.color("gold")), r.size)
            g.set_alpha(int(255 * max(pulse, strong)))
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
