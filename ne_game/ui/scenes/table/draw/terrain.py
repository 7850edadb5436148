"""The painted country of the map: one ground inside and beyond the grid, as an old map paints it.

Playtests 5a, 7a and 8a: the board "still reads as a flat parchment grid, not a painted map".
The parcels were a lighter sheet laid on the land, with a ruler-straight shore. Here the land is
painted as one meadow (the theme's `parcel_empty`): watercolour washes of green and ochre, the
light of low hills (lit from the north-west, as maps shade relief), a brush of short strokes,
woods of shaded crowns and hatched hills on the parcels' corners that run across the grid's
lines (so the grid reads as a surveyor's overlay, not boxes), and a beach that follows a
wandering shore. The middle of every parcel stays clear for the glows and the pieces to come,
and the ground's lightness stays near `parcel_empty` (the legal glow's contrast is measured on it).

Everything is drawn at the size shown, from a seeded generator: the same layout paints the
same map, and board_view caches it.
"""
from __future__ import annotations

import math
import random
import zlib
from collections.abc import Callable, Sequence

import pygame

from ne_game.ui.scenes.table.draw.gfx import shade

Point = tuple[float, float]
#: how far the shore wanders out to sea from the grid's edge, at most, as a share of a parcel
SHORE_REACH = 0.14


def mix(a: pygame.Color, b: pygame.Color, t: float) -> pygame.Color:
    return pygame.Color(*(int(a[i] + (b[i] - a[i]) * t) for i in range(3)))


def wandering_shore(path: Sequence[Point], c: int, rng: random.Random) -> list[Point]:
    """The grid's straight coast (west to east along the north, then north to south along the
    east, around a missing corner) as a shore that wanders a little out to sea: small headlands
    and coves, never into a parcel (a coastal parcel stays whole). Both ends keep their place,
    so the shore beyond the grid meets it."""
    step = max(3.0, c / 8)
    pts: list[Point] = []
    normals: list[Point] = []
    for (x0, y0), (x1, y1) in zip(path, path[1:]):
        seg = math.hypot(x1 - x0, y1 - y0)
        if seg == 0:
            continue
        dx, dy = (x1 - x0) / seg, (y1 - y0) / seg
        n = max(1, int(seg / step))
        for k in range(n):
            t = k / n
            pts.append((x0 + (x1 - x0) * t, y0 + (y1 - y0) * t))
            normals.append((dy, -dx))       # the sea's side: north of an eastward run, east of a southward one
    if not pts:
        return list(path)
    pts.append(path[-1])
    normals.append(normals[-1])
    # the normals smoothed over a parcel's length: corners become rounded points, not gaps
    half = max(1, int(c / step / 2))
    smooth: list[Point] = []
    for i in range(len(normals)):
        sx = sum(nx for nx, _ in normals[max(0, i - half):i + half + 1])
        sy = sum(ny for _, ny in normals[max(0, i - half):i + half + 1])
        ln = math.hypot(sx, sy) or 1.0
        smooth.append((sx / ln, sy / ln))
    p1, p2, p3 = (rng.random() * 6.28 for _ in range(3))
    out: list[Point] = []
    total = len(pts) - 1
    for i, ((x, y), (nx, ny)) in enumerate(zip(pts, smooth)):
        s = i * step / c
        wob = 0.5 + 0.28 * math.sin(s * 1.9 + p1) + 0.14 * math.sin(s * 4.7 + p2) + 0.08 * math.sin(s * 11.0 + p3)
        taper = min(1.0, i / max(1, c / step), (total - i) / max(1, c / step))
        d = c * (0.02 + (SHORE_REACH - 0.02) * max(0.0, min(1.0, wob))) * taper
        if ny < -0.5:
            # the north sea is a narrow band under the column letters: the shore keeps to its
            # inner third there, the letters on the water
            d *= 0.5
        out.append((x + nx * d, y + ny * d))
    return out


def paint(surf: pygame.Surface, c: int, grid: pygame.Rect, land_poly: Sequence[Point], shore: Sequence[Point],
          ground: pygame.Color, sand: pygame.Color, rng: random.Random,
          water: pygame.Color | None = None) -> None:
    """The land inside `land_poly` on `surf`: ground, washes, relief, brush, tufts, the beach along
    `shore`, woods and hills, grain, the margins beyond the grid. `grid`: the parcels' rectangle (its parcels' middles stay
    clear of woods and hills)."""
    w, h = surf.get_size()
    layer = pygame.Surface((w, h), pygame.SRCALPHA)
    layer.fill((*ground[:3], 255))
    # pygame.draw writes a colour's alpha into the pixel instead of blending it: every
    # see-through stroke is drawn on a clear sheet of its own, and the sheet blended on
    _wash(layer, c, ground, rng)
    layer.blit(relief((w, h), c), (0, 0))
    _on_sheet(layer, lambda sheet: _strokes(sheet, c, ground, rng))
    _on_sheet(layer, lambda sheet: _tufts(sheet, c, ground, rng))
    _beach(layer, c, shore, sand, rng)
    _woods(layer, c, grid, ground, rng, water)
    _on_sheet(layer, lambda sheet: _grain(sheet, c, ground, rng))
    _margins(layer, c, grid)
    # only on land: the sea is cut out again with the land's outline
    mask = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.polygon(mask, (255, 255, 255, 255), list(land_poly))
    layer.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    surf.blit(layer, (0, 0))


def _margins(layer: pygame.Surface, c: int, grid: pygame.Rect) -> None:
    """The country beyond the grid a shade darker, as an old map's margins age: the eye rests
    on the parcels, and the land still runs on under the panels."""
    w, h = layer.get_size()
    k = max(1, c // 4)
    small = pygame.Surface((max(1, w // k), max(1, h // k)), pygame.SRCALPHA)
    small.fill((52, 38, 20, 46))
    small.fill((0, 0, 0, 0), pygame.Rect(grid.x // k, grid.y // k, grid.width // k, grid.height // k))
    small = pygame.transform.smoothscale(small, (max(1, small.get_width() // 2), max(1, small.get_height() // 2)))
    shade_ = pygame.transform.smoothscale(small, (w, h))
    shade_.fill((0, 0, 0, 0), grid)                 # never over a parcel
    layer.blit(shade_, (0, 0))


def _on_sheet(layer: pygame.Surface, draw: Callable[[pygame.Surface], None]) -> None:
    sheet = pygame.Surface(layer.get_size(), pygame.SRCALPHA)
    draw(sheet)
    layer.blit(sheet, (0, 0))


def _soft(small: pygame.Surface, size: tuple[int, int], passes: int = 2) -> pygame.Surface:
    """A low-resolution painting blurred (down and up again) and scaled to `size`: soft edges."""
    for _ in range(passes):
        small = pygame.transform.smoothscale(small, (max(1, small.get_width() // 2), max(1, small.get_height() // 2)))
        small = pygame.transform.smoothscale(small, (small.get_width() * 2, small.get_height() * 2))
    return pygame.transform.smoothscale(small, size)


def _wash(layer: pygame.Surface, c: int, ground: pygame.Color, rng: random.Random) -> None:
    """Broad, soft patches of meadow green and ochre: the watercolour over the ground."""
    w, h = layer.get_size()
    k = max(1, c // 6)
    small = pygame.Surface((max(1, w // k), max(1, h // k)), pygame.SRCALPHA)
    meadow = mix(ground, pygame.Color(128, 160, 78), 0.8)
    sage = mix(ground, pygame.Color(160, 176, 106), 0.8)
    ochre = mix(ground, pygame.Color(214, 172, 96), 0.75)
    light = shade(ground, 1.08)
    for _ in range(int(w * h / max(1, (c * 1.1) ** 2))):
        col = pygame.Color(rng.choice((meadow, meadow, sage, sage, ochre, light)))
        col.a = 150
        r = max(1, int(c * (0.8 + 1.6 * rng.random()) / k))
        pygame.draw.circle(small, col, (int(rng.random() * small.get_width()), int(rng.random() * small.get_height())), r)
    layer.blit(_soft(small, (w, h)), (0, 0))


def relief(size: tuple[int, int], c: int) -> pygame.Surface:
    """Low hills shaded as maps shade relief: light on the north-west flank, shadow on the
    south-east, blurred so that the land swells rather than shows circles. One sheet for the
    whole map (`size`), cached: the country is painted with it, and the placed tiles are lit by
    the same hills (board_view.estates), so a tile lies in the land, not on it (playtest 10i:
    "flat tiles laid on a map")."""
    return _RELIEF.get((size, c)) or _RELIEF.setdefault((size, c), _draw_relief(size, c))


_RELIEF: dict[tuple[tuple[int, int], int], pygame.Surface] = {}


def _draw_relief(size: tuple[int, int], c: int) -> pygame.Surface:
    if len(_RELIEF) > 4:
        _RELIEF.clear()
    w, h = size
    rng = random.Random(f"relief:{w}x{h}:{c}")
    k = max(1, c // 5)
    small = pygame.Surface((max(1, w // k), max(1, h // k)), pygame.SRCALPHA)
    sw, sh = small.get_size()
    for _ in range(int(w * h / max(1, (c * 2.4) ** 2))):
        x, y = rng.random() * sw, rng.random() * sh
        r = c * (0.7 + 1.1 * rng.random()) / k
        off = r * 0.35
        pygame.draw.circle(small, (64, 56, 22, 70), (int(x + off), int(y + off)), int(r))
        pygame.draw.circle(small, (255, 244, 200, 55), (int(x - off), int(y - off)), int(r * 0.8))
    return _soft(small, (w, h), 3)


def _strokes(layer: pygame.Surface, c: int, ground: pygame.Color, rng: random.Random) -> None:
    """The brush: short strokes of lighter and darker paint that follow a slow swirl across the
    land, so that even an empty parcel reads as painted, not as a flat sheet (playtest 7a)."""
    w, h = layer.get_size()
    dark = mix(ground, pygame.Color(96, 110, 56), 0.55)
    light = shade(ground, 1.1)
    warm = mix(ground, pygame.Color(196, 150, 80), 0.5)
    lw = max(1, c // 30)
    p1, p2 = rng.random() * 6.28, rng.random() * 6.28
    for _ in range(min(9000, int(w * h / max(1, (c * 0.22) ** 2)))):
        x, y = rng.random() * w, rng.random() * h
        a = math.sin(x / (c * 2.3) + p1) + math.cos(y / (c * 1.9) + p2)     # the swirl's direction here
        ln = c * (0.08 + 0.1 * rng.random())
        col = pygame.Color(rng.choice((dark, dark, light, warm)))
        col.a = 72
        pygame.draw.line(layer, col, (x, y), (x + math.cos(a) * ln, y + math.sin(a) * ln), lw)


def _tufts(layer: pygame.Surface, c: int, ground: pygame.Color, rng: random.Random) -> None:
    tuft = mix(ground, pygame.Color(64, 96, 44), 0.5)
    tuft.a = 120
    lw = max(1, c // 50)
    w, h = layer.get_size()
    for _ in range(int(w * h / max(1, (c * 1.1) ** 2))):
        x, y = rng.random() * w, rng.random() * h
        s = c * (0.05 + 0.03 * rng.random())
        for dx in (-1, 0, 1):
            pygame.draw.line(layer, tuft, (x + dx * s * 0.6, y), (x + dx * s * 1.1, y - s * (1.4 - abs(dx) * 0.4)), lw)


def _shadow(sheet: pygame.Surface, x: float, y: float, s: float) -> None:
    """A tree's shadow, cast to the south-east."""
    sr = pygame.Rect(0, 0, int(s * 2.2), int(s * 1.1))
    sr.center = (int(x + s * 0.55), int(y + s * 1.15))
    pygame.draw.ellipse(sheet, (40, 36, 20, 80), sr)


def _tree(layer: pygame.Surface, x: float, y: float, s: float, crown: pygame.Color, ink: pygame.Color,
          lw: int) -> None:
    """A tree as painted maps draw one: a round crown lit from the north-west, a fine outline
    and a trunk (its shadow is cast first, on a sheet of its own)."""
    pygame.draw.line(layer, ink, (x, y + s * 0.5), (x, y + s * 1.3), lw)
    pygame.draw.circle(layer, crown, (int(x), int(y)), int(s))
    pygame.draw.circle(layer, shade(crown, 0.78), (int(x + s * 0.25), int(y + s * 0.3)), max(1, int(s * 0.7)))
    pygame.draw.circle(layer, crown, (int(x - s * 0.1), int(y - s * 0.1)), max(1, int(s * 0.7)))
    pygame.draw.circle(layer, shade(crown, 1.3), (int(x - s * 0.35), int(y - s * 0.35)), max(1, int(s * 0.32)))
    pygame.draw.circle(layer, ink, (int(x), int(y)), int(s), lw)


def _woods(layer: pygame.Surface, c: int, grid: pygame.Rect, ground: pygame.Color, rng: random.Random,
           water: pygame.Color | None = None) -> None:
    """Woods: thick beyond the grid, where nobody settles; within it small copses on the parcels'
    corners and edges (they run across the grid's lines, and leave each parcel's middle clear),
    a low hill on some corners and, with `water`, a pond on a few."""
    w, h = layer.get_size()
    greens = [pygame.Color(74, 108, 56), pygame.Color(88, 120, 60), pygame.Color(66, 98, 60), pygame.Color(104, 124, 64)]
    ink = mix(ground, pygame.Color(40, 34, 24), 0.75)
    lw = max(1, c // 48)
    trees: list[tuple[float, float, float, pygame.Color]] = []
    keep = grid.inflate(max(4, c // 4) * 2, max(4, c // 4) * 2)
    # beyond the grid: forests of many crowns
    for _ in range(min(400, int(w * h / max(1, (c * 1.6) ** 2)))):
        cx, cy = rng.random() * w, rng.random() * h
        if keep.collidepoint(cx, cy):
            continue
        for _k in range(rng.randint(4, 10)):
            x, y = cx + rng.gauss(0, c * 0.4), cy + rng.gauss(0, c * 0.3)
            s = c * (0.08 + 0.05 * rng.random())
            if not keep.inflate(int(2 * s), int(2 * s)).collidepoint(x, y):
                trees.append((x, y, s, rng.choice(greens)))
    # within the grid: a copse on some of the parcels' corners, a lone tree on some edges
    cols, rows = max(1, grid.width // c), max(1, grid.height // c)
    hills: list[tuple[float, float, float]] = []
    ponds: list[tuple[float, float, float, int]] = []
    for gx in range(cols + 1):
        for gy in range(rows + 1):
            roll = rng.random()
            # (a pond's shape comes from a seed of its corner, not from the map's draws)
            if water is not None and 0 < gx < cols and 0 < gy < rows and 0.36 < roll < 0.42:
                # a pond in the meadow (playtest 21a: the empty map "a flat meadow")
                ponds.append((grid.x + gx * c, grid.y + gy * c, c * 0.26, zlib.crc32(f"pond:{gx},{gy}".encode())))
                continue
            if 0.42 < roll < 0.58:       # a low hill on the corner instead, as old maps draw them
                hills.append((grid.x + gx * c + rng.uniform(-0.1, 0.1) * c, grid.y + gy * c, c * (0.22 + 0.08 * rng.random())))
                continue
            if roll > 0.42:
                continue
            cx, cy = grid.x + gx * c, grid.y + gy * c
            for _k in range(rng.randint(3, 7)):
                x, y = cx + rng.gauss(0, c * 0.15), cy + rng.gauss(0, c * 0.12)
                s = c * (0.06 + 0.035 * rng.random())
                if _in_middle(x, y, grid, c) or not grid.collidepoint(x, y):
                    continue
                trees.append((x, y, s, rng.choice(greens)))
    def shadows(sheet: pygame.Surface) -> None:
        for (x, y, s, _c) in trees:
            _shadow(sheet, x, y, s)

    _on_sheet(layer, shadows)
    if water is not None:
        for (x, y, s, seed) in ponds:
            _pond(layer, x, y, s, water, ground, lw, random.Random(seed))
    for (x, y, s) in hills:
        _hill(layer, x, y, s, ground, lw)
    for (x, y, s, col) in sorted(trees, key=lambda t: t[1]):      # back to front
        _tree(layer, x, y, s, col, ink, lw)


def _hill(layer: pygame.Surface, x: float, y: float, s: float, ground: pygame.Color, lw: int) -> None:
    """A low hill as old maps draw one: a mound lit on its west flank, hatched on its east."""
    body = pygame.Rect(0, 0, int(s * 2), int(s * 1.1))
    body.midbottom = (int(x), int(y + s * 0.35))
    lit, dim, ink = shade(ground, 1.08), mix(ground, pygame.Color(120, 110, 60), 0.45), mix(ground, pygame.Color(70, 60, 36), 0.7)
    pygame.draw.ellipse(layer, dim, body)
    west = body.copy()
    west.width = int(body.width * 0.62)
    pygame.draw.ellipse(layer, lit, west.inflate(-lw * 2, -lw * 2))
    pygame.draw.arc(layer, ink, body, 0.15, math.pi - 0.15, lw)
    for k in range(4):
        hx = body.centerx + body.width * (0.08 + 0.09 * k)
        pygame.draw.line(layer, ink, (hx, body.y + body.height * (0.3 + 0.08 * k)), (hx - s * 0.12, body.bottom - lw), lw)


def _pond(layer: pygame.Surface, x: float, y: float, s: float, water: pygame.Color, ground: pygame.Color,
          lw: int, rng: random.Random) -> None:
    """A small pond on a parcels' corner: a wandering shore of darker ground, still water lit
    along its north bank, and reeds at its edge."""
    pts = []
    n = 11
    for k in range(n):
        a = 2 * math.pi * k / n
        rad = s * rng.uniform(0.78, 1.12)
        pts.append((x + math.cos(a) * rad * 1.35, y + math.sin(a) * rad * 0.8))
    bank = mix(ground, pygame.Color(70, 60, 36), 0.55)
    pygame.draw.polygon(layer, bank, [(px_, py_ + lw) for px_, py_ in pts])
    inner = [(x + (px_ - x) * 0.9, y + (py_ - y) * 0.88) for px_, py_ in pts]
    pool = mix(water, ground, 0.25)
    pygame.draw.polygon(layer, pool, inner)
    deep = shade(pool, 0.82)
    pygame.draw.polygon(layer, deep, [(x + (px_ - x) * 0.55, y + (py_ - y) * 0.5 + s * 0.08) for px_, py_ in inner])
    glint = shade(pool, 1.3)
    for k in (-1, 1):
        gx = x + k * s * 0.35
        pygame.draw.line(layer, glint, (gx - s * 0.22, y - s * 0.12), (gx + s * 0.12, y - s * 0.12), lw)
    reed = mix(ground, pygame.Color(60, 70, 30), 0.6)
    for _k in range(rng.randint(3, 6)):
        bx, by = pts[rng.randrange(n)]
        for d in (-0.5, 0.0, 0.5):
            pygame.draw.line(layer, reed, (bx + d * s * 0.08, by), (bx + d * s * 0.16, by - s * 0.28), lw)


def _in_middle(x: float, y: float, grid: pygame.Rect, c: int) -> bool:
    """Whether (x, y) falls in the middle of a parcel, kept clear for glows and pieces."""
    fx = ((x - grid.x) % c) / c
    fy = ((y - grid.y) % c) / c
    return 0.2 < fx < 0.8 and 0.2 < fy < 0.8


def _beach(layer: pygame.Surface, c: int, shore: Sequence[Point], sand: pygame.Color, rng: random.Random) -> None:
    """A beach along the shore: wider and narrower as the shore runs, wet sand at the water's edge."""
    if len(shore) < 2:
        return
    dry = pygame.Color(sand)
    wet = shade(sand, 0.84)
    ph = rng.random() * 6.28
    for i, (x, y) in enumerate(shore):
        r = c * (0.17 + 0.07 * math.sin(i * 0.45 + ph))
        pygame.draw.circle(layer, dry, (int(x), int(y)), max(2, int(r)))
    for (x, y) in shore:
        pygame.draw.circle(layer, wet, (int(x), int(y)), max(1, int(c * 0.05)))
    speck = shade(sand, 0.86)
    for (x, y) in shore[::2]:
        px, py = x + rng.uniform(-c * 0.12, c * 0.12), y + rng.uniform(-c * 0.12, c * 0.12)
        pygame.draw.circle(layer, speck, (int(px), int(py)), max(1, c // 50))


def _grain(layer: pygame.Surface, c: int, ground: pygame.Color, rng: random.Random) -> None:
    """A little grain: the paper of the map."""
    w, h = layer.get_size()
    dark, light = shade(ground, 0.9), shade(ground, 1.06)
    dark.a = light.a = 90
    for _ in range(min(40000, int(w * h / max(1, (c // 5) ** 2)))):
        x, y = int(rng.random() * w), int(rng.random() * h)
        pygame.draw.circle(layer, dark if rng.random() < 0.6 else light, (x, y), max(1, c // 40))
