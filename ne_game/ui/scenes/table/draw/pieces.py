"""Pictures of the game's pieces at a given pixel size, cached.

Each uses the art engineer's sprite when the theme's sheet has it and draws a
clean procedural stand-in otherwise, so the table is always readable.
"""
from __future__ import annotations

import random
import zlib

import pygame

from ne_game.ui.scenes.table.draw import piece_art
from ne_game.ui.scenes.table.draw.gfx import (
    Style,
    badge,
    blit_center,
    cached_shape,
    id_color,
    note_fallback,
    shade,
)

# ---- land tiles -----------------------------------------------------------------
#
# Drawn by code at the size they are shown (supersampled twice, then reduced: never a small
# raster stretched up) and cached by size. Each land has a pattern of its own on both sides,
# so the lands are told apart by their texture and lightness as well as by their hue:
#   settlement  cobbles (plain); cobbles and houses (developed)
#   field       ploughed furrows (plain); rows of ripe wheat (developed)
#   pasture     grass tufts (plain); tufts, a fence and sheep (developed)
# Their colours are the theme's [lands.*] ("color", "color_developed"); the patterns' shades
# are taken from those, so a theme only names its two colours per land.

SUPERSAMPLE = 2


def land_tile(style: Style, land: str, developed: bool, size: int) -> pygame.Surface:
    """One parcel of a land, `size` pixels square."""
    return cached_shape(("land", land, developed, size, id(style.theme)),
                        lambda: _draw_land(style, land, developed, (size, size)))


def _draw_land(style: Style, land: str, developed: bool, size: tuple[int, int]) -> pygame.Surface:
    """A tile of one or more parcels (a start tile is two), with its bevelled edge."""
    w, h = size
    k = SUPERSAMPLE
    big = pygame.Surface((w * k, h * k), pygame.SRCALPHA)
    base = style.land(land, developed)
    cell = min(w, h) * k
    rad = max(2, cell // 10)
    body = big.get_rect().inflate(-max(2, cell // 24), -max(2, cell // 24))
    art = pygame.Surface(big.get_size(), pygame.SRCALPHA)
    art.fill(base)
    rng = random.Random(zlib.crc32(f"{land}:{developed}:{w}x{h}".encode()))
    parcels = [pygame.Rect(x, y, cell, cell) for x in range(0, w * k - cell + 1, cell)
               for y in range(0, h * k - cell + 1, cell)]
    for p in parcels:
        _land_pattern(art, land, developed, p, base, rng)
    # the tile's shape: a rounded square cut out of the pattern
    mask = pygame.Surface(big.get_size(), pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), body, border_radius=rad)
    art.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    big.blit(art, (0, 0))
    # a bevel: light along the top and left, dark along the bottom and right, a dark rim
    lw = max(2, cell // 40)
    pygame.draw.rect(big, shade(base, 0.5), body, max(1, lw), border_radius=rad)
    hi = pygame.Color(shade(base, 1.45))
    hi.a = 150
    pygame.draw.line(big, hi, (body.x + rad, body.y + lw + 1), (body.right - rad, body.y + lw + 1), lw)
    pygame.draw.line(big, hi, (body.x + lw + 1, body.y + rad), (body.x + lw + 1, body.bottom - rad), lw)
    return pygame.transform.smoothscale(big, size)


def land_plot(style: Style, land: str, developed: bool, size: int, variant: int = 0) -> pygame.Surface:
    """One parcel of a land as it lies on the map, `size` pixels square: edge to edge, with no
    bevel, rim or shadow, so the placed tiles are part of the painted country rather than cards
    lying on it (playtest 9a: "tiles with thick coloured borders sit on a field"). Its one edge
    is a fine ditch, so the parcels of a block can still be counted. `variant` (plot_variant)
    picks one of PLOT_VARIANTS seeds for the parcel's plan (houses, flock, lots, the field's
    turn, tufts, setts, wheat), so a block does not repeat."""
    v = variant % PLOT_VARIANTS
    return cached_shape(("plot", land, developed, size, v, id(style.theme)),
                        lambda: _draw_plot(style, land, developed, size, v))


#: seeds of the random patterns per land; a parcel's seed comes from its place (plot_variant)
PLOT_VARIANTS = 12


def plot_variant(x: int, y: int) -> int:
    """The pattern seed of parcel (x, y): scattered, so neighbours and rows do not repeat
    (x * 5 + y * 3 over 4 seeds ran the same plot down every diagonal)."""
    return zlib.crc32(f"{x},{y}".encode()) % PLOT_VARIANTS


def _draw_plot(style: Style, land: str, developed: bool, size: int, variant: int) -> pygame.Surface:
    k = SUPERSAMPLE
    big = pygame.Surface((size * k, size * k), pygame.SRCALPHA)
    base = style.land(land, developed)
    big.fill(base)
    # the same plan at every size (playtest 18a: a parcel's houses and trees changed with the
    # window's size): no draw below takes more random numbers at a larger size
    rng = random.Random(zlib.crc32(f"plot:{land}:{developed}:{variant}".encode()))
    _mottle(big, base, rng)
    _land_pattern(big, land, developed, big.get_rect(), base, rng, turn=variant % len(FURROW_TURNS))
    ditch = shade(base, 0.5)
    ditch.a = 80            # a seam one sees close up, not a frame (playtest 10a: "stickers")
    edge = pygame.Surface(big.get_size(), pygame.SRCALPHA)
    pygame.draw.rect(edge, ditch, edge.get_rect(), max(2, size * k // 72))
    big.blit(edge, (0, 0))
    return pygame.transform.smoothscale(big, (size, size))


def _mottle(surf: pygame.Surface, base: pygame.Color, rng: random.Random) -> None:
    """The land's colour laid as a watercolour wash, not a flat fill: broad soft patches a little
    lighter and darker (playtest 10i: "flat tiles"). Painted small and blurred up, so it costs
    one smoothscale; the patches average out to the theme's colour."""
    w, h = surf.get_size()
    small = pygame.Surface((12, 12), pygame.SRCALPHA)
    for i in range(7):
        col = shade(base, 0.88 if i % 2 else 1.1)
        col.a = 80
        pygame.draw.circle(small, col, (rng.randrange(12), rng.randrange(12)), rng.randrange(2, 5))
    small = pygame.transform.smoothscale(pygame.transform.smoothscale(small, (6, 6)), (12, 12))
    surf.blit(pygame.transform.smoothscale(small, (w, h)), (0, 0))


_LAND_ART = ("settlement", "field", "pasture")      # the lands the patterns below draw


def _land_pattern(surf: pygame.Surface, land: str, developed: bool, r: pygame.Rect,
                  base: pygame.Color, rng: random.Random, turn: int = 0) -> None:
    """One parcel's pattern in `r` (supersampled pixels)."""
    if land == "settlement":
        if developed:
            _cobbles(surf, r, base, rng)
            _houses(surf, r, base, rng)
        else:
            # in the upper corner the lots leave free: the village well on some parcels, a tree,
            # a woodpile or a kitchen garden on others (playtest 11a: "every settlement has the
            # same two wells")
            left = _house_lots(surf, r, base, rng)
            _VILLAGE[rng.choice(_VILLAGE_DRAW)](surf, r, left, rng)
    elif land == "field":
        if developed:
            _wheat(surf, r, base, rng)
            _stooks(surf, r, base, rng)
        else:
            _turned_furrows(surf, r, base, rng, FURROW_TURNS[turn])
            if rng.random() < 0.45:
                _field_edge(surf, r, rng)
    elif land == "pasture":
        _tufts(surf, r, base, rng, 22 if developed else 34)
        if developed:
            _fence_and_sheep(surf, r, base, rng)
    else:
        _initial_disc(surf, land, r, base)


def _cobbles(surf: pygame.Surface, r: pygame.Rect, base: pygame.Color, rng: random.Random,
             rows: int = 6) -> None:
    """Rows of rounded setts with dark joints: a cobbled yard (or, `rows` few, a lane)."""
    s = r.width
    rng = random.Random(rng.random())     # the setts a row holds vary with rounding: one draw
    joint = shade(base, 0.62)
    pygame.draw.rect(surf, joint, r.inflate(-2, -2))
    hgt = r.height / rows
    gap = max(1, int(s / 64))
    for j in range(rows):
        y = r.y + j * hgt
        off = (hgt * 0.6) if j % 2 else 0.0
        x = r.x - off
        while x < r.right:
            wdt = hgt * (1.1 + 0.5 * rng.random())
            col = shade(base, 0.92 + 0.2 * rng.random())
            box = pygame.Rect(int(x) + gap, int(y) + gap, int(wdt) - 2 * gap, int(hgt) - 2 * gap).clip(r)
            if box.width > 2 and box.height > 2:
                pygame.draw.rect(surf, col, box, border_radius=max(1, int(hgt / 4)))
                pygame.draw.line(surf, shade(col, 1.18), (box.x + 2, box.y + 1), (box.right - 3, box.y + 1),
                                 max(1, int(s / 90)))
            x += wdt


def _houses(surf: pygame.Surface, r: pygame.Rect, base: pygame.Color, rng: random.Random) -> None:
    """Timber houses with pitched roofs and a chimney on the cobbles: one to three of them, each
    parcel its own plan (playtest 10i: one stamp on every parcel read as wallpaper), drawn from
    the back row forward so a nearer roof overlaps a farther wall."""
    s = r.width
    plan = rng.choice(_HOUSE_PLANS)
    mirror = rng.random() < 0.5
    for cx, by, scale in sorted(plan, key=lambda p: p[1]):
        cx = 1.0 - cx if mirror else cx
        _house(surf, r.x + s * (cx + rng.uniform(-0.04, 0.04)), r.y + s * (by + rng.uniform(-0.03, 0.03)),
               s * scale * rng.uniform(0.92, 1.06), s, rng.choice(_ROOFS), rng.random() < 0.5)


#: where a parcel's houses stand: (middle x, foot y, size) as shares of the parcel
_HOUSE_PLANS = (
    ((0.3, 0.5, 1.0), (0.68, 0.86, 1.05)),
    ((0.26, 0.46, 0.9), (0.72, 0.52, 0.95), (0.42, 0.9, 1.05)),
    ((0.5, 0.62, 1.25),),
    ((0.7, 0.42, 0.95), (0.3, 0.82, 1.1)),
    ((0.24, 0.88, 0.95), (0.62, 0.9, 1.0), (0.74, 0.44, 0.85)),
)
_ROOFS = ((128, 46, 34), (104, 62, 40), (92, 84, 80), (140, 72, 38))


def _house(surf: pygame.Surface, mx: float, foot: float, size: float, s: int, roof_rgb: tuple[int, int, int],
           chimney_left: bool) -> None:
    wall = pygame.Color(236, 224, 196)
    ink = pygame.Color(52, 36, 26)
    roof = pygame.Color(*roof_rgb)
    lw = max(1, s // 70)
    bw, bh = int(size * 0.34), int(size * 0.2)
    x, y = int(mx) - bw // 2, int(foot) - bh
    rh = int(bh * 0.95)
    chim_x = x + int(bw * (0.2 if chimney_left else 0.66))
    pygame.draw.rect(surf, roof, (chim_x, y - int(rh * 0.8), max(2, bw // 8), rh // 2))
    pygame.draw.rect(surf, wall, (x, y, bw, bh))
    pygame.draw.rect(surf, ink, (x, y, bw, bh), lw)
    pts = [(x - bw * 0.1, y + 1), (x + bw / 2, y - rh), (x + bw * 1.1, y + 1)]
    pygame.draw.polygon(surf, roof, pts)
    pygame.draw.polygon(surf, ink, pts, lw)
    dw, dh = max(2, bw // 5), int(bh * 0.55)
    pygame.draw.rect(surf, ink, (x + bw // 2 - dw // 2, y + bh - dh, dw, dh))
    win = max(2, bw // 6)
    for wx in (x + bw * 0.2, x + bw * 0.8 - win):
        pygame.draw.rect(surf, (236, 200, 96), (int(wx), y + bh // 4, win, win))
        pygame.draw.rect(surf, ink, (int(wx), y + bh // 4, win, win), max(1, lw // 2))


def _house_lots(surf: pygame.Surface, r: pygame.Rect, base: pygame.Color, rng: random.Random) -> bool:
    """Land laid out for a village, not yet built on: trodden ground, a cobbled lane across it and
    house lots staked out with pegs and a line, where the houses of the developed side will stand
    (playtest 10g: a parcel paved all over read as "paving stones", material, not a place). The
    lots follow one of a few plans, mirrored or not (10i: one stamp everywhere read as wallpaper);
    True when mirrored: the upper lot then lies east, the west corner is free."""
    s = r.width
    grit = random.Random(rng.random())      # as many grains as the size asks, from one draw
    for _ in range(int(s * 0.9)):
        col = shade(base, 0.86 if grit.random() < 0.5 else 1.1)
        pygame.draw.circle(surf, col, (int(r.x + grit.random() * s), int(r.y + grit.random() * s)), max(1, s // 120))
    lane = pygame.Rect(r.x, r.y + int(s * 0.5), s, int(s * 0.22))
    # a cobbled lane on some parcels, a cart track of trodden earth on others (playtest 12a: "the
    # same grey cobbles everywhere"); both run along the parcel, where the next one's may go on
    if rng.random() < 0.5:
        _cobbles(surf, lane, base, rng, rows=2)
        edge = shade(base, 0.62)
        pygame.draw.line(surf, edge, lane.topleft, lane.topright, max(1, s // 90))
        pygame.draw.line(surf, edge, lane.bottomleft, lane.bottomright, max(1, s // 90))
    else:
        earth = pygame.Color(150, 124, 92)
        pygame.draw.rect(surf, shade(earth, 1.05), lane.inflate(0, -lane.height // 5))
        for k in (0.35, 0.65):
            y = lane.y + lane.height * k
            pygame.draw.line(surf, shade(earth, 0.72), (lane.x, y), (lane.right, y), max(1, s // 70))
    string = shade(base, 0.45)
    peg = pygame.Color(120, 84, 48)
    lw = max(1, s // 110)
    mirror = rng.random() < 0.5
    for fx, fy, fw, fh in rng.choice(_LOT_PLANS):
        fx = 1.0 - fx - fw if mirror else fx
        lot = pygame.Rect(int(r.x + s * fx), int(r.y + s * fy), int(s * fw), int(s * fh))
        pygame.draw.rect(surf, string, lot, lw)
        for corner in (lot.topleft, lot.topright, lot.bottomleft, lot.bottomright):
            pygame.draw.circle(surf, shade(peg, 0.5), corner, max(2, s // 40))
            pygame.draw.circle(surf, peg, corner, max(1, s // 56))
    return mirror


#: house lots staked out on a plain settlement: (x, y, width, height) as shares of the parcel, in
#: the upper band or the lower one, clear of the lane across the middle
_LOT_PLANS = (
    ((0.08, 0.1, 0.46, 0.3), (0.12, 0.8, 0.34, 0.14), (0.56, 0.8, 0.34, 0.14)),
    ((0.06, 0.12, 0.3, 0.28), (0.08, 0.8, 0.5, 0.14)),
    ((0.1, 0.08, 0.4, 0.34), (0.62, 0.8, 0.3, 0.14)),
    ((0.08, 0.78, 0.26, 0.16), (0.38, 0.78, 0.26, 0.16), (0.08, 0.12, 0.28, 0.26)),
)


def _well(surf: pygame.Surface, r: pygame.Rect, left: bool = False) -> None:
    """The village well on a plain settlement's square, so the cobbles read as a place people
    settle, not as a pavement (playtest 10e); in an upper corner (`left`: the west one), clear of a
    figure, its letter and an estate's badge."""
    s = r.width
    ink = pygame.Color(52, 36, 26)
    stone = pygame.Color(172, 164, 150)
    wood = pygame.Color(120, 84, 48)
    lw = max(1, s // 70)
    cx, cy = r.x + s * (0.22 if left else 0.78), r.y + s * 0.34
    rim = pygame.Rect(0, 0, int(s * 0.27), int(s * 0.12))
    rim.center = (int(cx), int(cy))
    body = pygame.Rect(rim.x, rim.centery, rim.width, int(s * 0.08))
    pygame.draw.rect(surf, stone, body)
    pygame.draw.rect(surf, ink, body, lw)
    pygame.draw.ellipse(surf, stone, rim)
    pygame.draw.ellipse(surf, ink, rim, lw)
    pygame.draw.ellipse(surf, (40, 52, 70), rim.inflate(-rim.width // 3, -rim.height // 2))
    top = cy - s * 0.2
    for px in (rim.x + lw, rim.right - lw):
        pygame.draw.line(surf, wood, (px, cy), (px, top), max(2, s // 45))
    roof = [(rim.x - s * 0.03, top + s * 0.02), (cx, top - s * 0.08), (rim.right + s * 0.03, top + s * 0.02)]
    pygame.draw.polygon(surf, pygame.Color(128, 46, 34), roof)
    pygame.draw.polygon(surf, ink, roof, lw)


def _tree(surf: pygame.Surface, r: pygame.Rect, left: bool, rng: random.Random) -> None:
    """A shade tree in the village's free corner: a trunk and a round crown lit from the north-west."""
    s = r.width
    cx, cy = r.x + s * (0.22 if left else 0.78), r.y + s * 0.26
    rad = s * rng.uniform(0.12, 0.15)
    ink = pygame.Color(36, 48, 26)
    pygame.draw.ellipse(surf, (0, 0, 0, 60), (cx - rad, cy + rad * 0.7, rad * 2, rad * 0.6))
    pygame.draw.line(surf, pygame.Color(96, 66, 40), (cx, cy), (cx, cy + rad * 1.1), max(2, s // 40))
    crown = pygame.Color(70, 112, 48)
    _crown(surf, cx, cy, rad, s, ink, crown, shade(crown, 1.3))


def _crown(surf: pygame.Surface, cx: float, cy: float, rad: float, s: int, ink: pygame.Color, crown: pygame.Color,
           lit: pygame.Color) -> None:
    """A round crown of leaves seen from above, ringed dark, lit on its north-west side: a tree's
    or a bush's (terrain._tree paints the map's own woods, with a trunk and a shaded side)."""
    pygame.draw.circle(surf, ink, (int(cx), int(cy)), int(rad) + max(1, s // 90))
    pygame.draw.circle(surf, crown, (int(cx), int(cy)), int(rad))
    pygame.draw.circle(surf, lit, (int(cx - rad * 0.3), int(cy - rad * 0.3)), int(rad * 0.45))


def _woodpile(surf: pygame.Surface, r: pygame.Rect, left: bool, rng: random.Random) -> None:
    """Logs stacked for the winter: their cut ends in rows, each ringed dark."""
    s = r.width
    x0, y0 = r.x + s * (0.1 if left else 0.58), r.y + s * 0.14
    rad = max(2, int(s * 0.042))
    wood, ring = pygame.Color(176, 128, 78), pygame.Color(70, 46, 28)
    for row, n in enumerate((4, 3, 2)):
        for i in range(n):
            c = (int(x0 + (i + row * 0.5) * rad * 2.1), int(y0 + (2 - row) * rad * 1.8))
            pygame.draw.circle(surf, ring, c, rad + max(1, s // 120))
            pygame.draw.circle(surf, shade(wood, rng.uniform(0.9, 1.1)), c, rad)


def _garden(surf: pygame.Surface, r: pygame.Rect, left: bool, rng: random.Random) -> None:
    """A kitchen garden: dug beds with rows of greens."""
    s = r.width
    bed = pygame.Rect(int(r.x + s * (0.08 if left else 0.56)), int(r.y + s * 0.1), int(s * 0.34), int(s * 0.3))
    pygame.draw.rect(surf, pygame.Color(104, 72, 44), bed)
    pygame.draw.rect(surf, pygame.Color(60, 40, 26), bed, max(1, s // 110))
    green = pygame.Color(84, 138, 50)
    for j in range(3):
        y = bed.y + bed.height * (j + 0.5) / 3
        for i in range(4):
            x = bed.x + bed.width * (i + 0.5) / 4
            pygame.draw.circle(surf, shade(green, rng.uniform(0.85, 1.15)), (int(x), int(y)), max(1, s // 45))


def _field_edge(surf: pygame.Surface, r: pygame.Rect, rng: random.Random) -> None:
    """Something at a ploughed field's edge on some parcels: a heap of stones the plough turned
    up, or a bush left standing (playtest 11a: every field parcel the same hatching)."""
    s = r.width
    cx = r.x + s * rng.choice((0.16, 0.84))
    cy = r.y + s * rng.choice((0.18, 0.82))
    if rng.random() < 0.5:
        for _ in range(6):
            c = (int(cx + rng.uniform(-1, 1) * s * 0.06), int(cy + rng.uniform(-0.6, 0.6) * s * 0.05))
            rad = max(2, int(s * rng.uniform(0.035, 0.055)))
            pygame.draw.circle(surf, pygame.Color(70, 60, 50), c, rad + max(1, s // 120))
            pygame.draw.circle(surf, pygame.Color(150, 142, 128), c, rad)
    else:
        _crown(surf, cx, cy, s * 0.08, s, pygame.Color(36, 48, 26), pygame.Color(82, 110, 46),
               pygame.Color(112, 146, 62))


_VILLAGE = {
    "well": lambda surf, r, left, rng: _well(surf, r, left),
    "tree": _tree,
    "woodpile": _woodpile,
    "garden": _garden,
}
#: how often each stands in a plain settlement's free corner
_VILLAGE_DRAW = ("well", "well", "tree", "tree", "woodpile", "garden")


#: how far a plain field's drills are turned from the slant of _furrows, in degrees, by the
#: parcel's seed: farmland seen from above is a patchwork of fields ploughed every way (playtest
#: 12a: "every undeveloped field the same diagonal hatching"); never level (10e: "planks")
FURROW_TURNS = (0, 90, 25, 115)


def _turned_furrows(surf: pygame.Surface, r: pygame.Rect, base: pygame.Color, rng: random.Random,
                    turn: int) -> None:
    """The drills of _furrows turned by `turn` degrees: painted on a larger square, turned, and
    its middle laid on the parcel."""
    if turn % 360 == 0:
        _furrows(surf, r, base, rng)
        return
    s = r.width
    d = int(s * 1.5) + 2
    big = pygame.Surface((d, d), pygame.SRCALPHA)
    big.fill(base)
    _furrows(big, big.get_rect(), base, rng)
    turned = pygame.transform.rotate(big, turn)
    src = pygame.Rect(0, 0, s, r.height)
    src.center = turned.get_rect().center
    surf.blit(turned, r.topleft, src)


def _furrows(surf: pygame.Surface, r: pygame.Rect, base: pygame.Color, rng: random.Random) -> None:
    """Ploughed ground sown with a young crop: drills running slantwise across the parcel, each a
    shadowed trough under a lit ridge, clods between, and green shoots along every other ridge.
    Slantwise as old maps hatch a field: level bands read as wood grain (10c) and then as planks
    (10e, 10g). The drills' spacing divides the parcel, so they run on into the next parcel."""
    s = r.width
    n = 7
    step = s / n
    trough = shade(base, 0.76)
    ridge = shade(base, 1.2)
    shoot = pygame.Color(104, 132, 30)
    clip = surf.get_clip()
    surf.set_clip(r)
    wide, thin, lw = max(2, int(step * 0.3)), max(1, int(step * 0.13)), max(2, s // 64)
    for k in range(-n, n + 1):
        x0 = r.x + k * step
        # each drill runs from the top edge down to the right at 45 degrees
        pygame.draw.line(surf, trough, (x0 + step * 0.36, r.y - 2), (x0 + step * 0.36 + s + 4, r.bottom + 2), wide)
        pygame.draw.line(surf, ridge, (x0, r.y - 2), (x0 + s + 4, r.bottom + 2), thin)
        if k % 2:
            continue
        for j in range(1, 6):
            t = (j - 0.5 + rng.uniform(-0.12, 0.12)) / 5 * s
            x, y = x0 + t - step * 0.12, r.y + t + step * 0.1
            if not r.collidepoint(x, y):
                continue
            h = step * (0.5 + 0.14 * rng.random())
            for dx in (-0.45, 0.0, 0.45):
                pygame.draw.line(surf, shoot, (x, y), (x + dx * h, y - h), lw)
    clod = max(1, s // 110)
    for _ in range(n * 7):
        col = shade(base, 0.8 if rng.random() < 0.6 else 1.15)
        pygame.draw.circle(surf, col, (int(r.x + rng.random() * s), int(r.y + rng.random() * s)), clod)
    surf.set_clip(clip)


def _wheat(surf: pygame.Surface, r: pygame.Rect, base: pygame.Color, rng: random.Random) -> None:
    """Ripe wheat: rows of stalks with ears, each row's shadow below it."""
    s = r.width
    rows = 5
    step = s / rows
    stalk = shade(base, 0.7)
    ear = shade(base, 1.25)
    ear_edge = shade(base, 0.6)
    lw = max(1, s // 90)
    for j in range(rows):
        y = r.y + step * (j + 0.72)
        pygame.draw.line(surf, shade(base, 0.78), (r.x, int(y + step * 0.12)), (r.right, int(y + step * 0.12)),
                         max(1, int(step * 0.12)))
        n = 7
        for i in range(n):
            x = r.x + (i + 0.5 + (0.5 if j % 2 else 0.0)) * s / n
            if x > r.right - 2:
                continue
            tip = (x + rng.uniform(-1, 1) * s * 0.01, y - step * 0.62)
            pygame.draw.line(surf, stalk, (x, y), tip, lw)
            e = pygame.Rect(0, 0, max(2, int(s * 0.045)), max(3, int(step * 0.42)))
            e.center = (int(tip[0]), int(tip[1] + step * 0.12))
            pygame.draw.ellipse(surf, ear, e)
            pygame.draw.ellipse(surf, ear_edge, e, max(1, lw // 2 + 1))


#: where a harvested parcel's stooks stand: (middle x, foot y, height) as shares of the parcel
_STOOKS = (((0.3, 0.62, 0.34), (0.68, 0.8, 0.3)),
           ((0.5, 0.7, 0.36),),
           ((0.26, 0.84, 0.3), (0.56, 0.56, 0.32), (0.8, 0.86, 0.28)),
           ((0.72, 0.6, 0.34), (0.36, 0.86, 0.3)))


def _stooks(surf: pygame.Surface, r: pygame.Rect, base: pygame.Color, rng: random.Random) -> None:
    """Shocks of sheaves stood up to dry among the wheat, ears bristling at the top: a field's
    harvest, told at a glance as a pasture's sheep and a settlement's houses are (playtest 21a: a
    developed field was "the least obvious of the three", only paler rows)."""
    s = r.width
    # pale straw in a dark line: the shocks read by their shape, and leave the field as light
    # as it was (a developed field's colour stays 20 apart from a plain one's: test_land_colours)
    ink = shade(base, 0.5)
    straw = shade(base, 1.12)
    dark = shade(base, 0.96)
    ear = shade(base, 1.18)
    band = pygame.Color(120, 84, 48)
    lw = max(1, s // 70)
    for fx, fy, fh in sorted(rng.choice(_STOOKS), key=lambda p: p[1]):
        h = s * fh * rng.uniform(0.92, 1.06)
        cx = r.x + s * (fx + rng.uniform(-0.03, 0.03))
        foot = r.y + s * fy
        shadow = pygame.Surface((int(h * 0.95) + 2, int(h * 0.2) + 2), pygame.SRCALPHA)
        pygame.draw.ellipse(shadow, (0, 0, 0, 70), shadow.get_rect())
        surf.blit(shadow, (int(cx - h * 0.3), int(foot - h * 0.1)))
        top = foot - h * 0.8
        # the ears first, fanned above the tie, so the shock's body covers their stalks
        for k in (-2, -1, 0, 1, 2):
            tip = (cx + k * h * 0.1, top - h * (0.2 - 0.03 * abs(k)))
            pygame.draw.line(surf, ink, (cx, top + h * 0.12), tip, lw)
            e = pygame.Rect(0, 0, max(2, int(h * 0.09)), max(3, int(h * 0.17)))
            e.center = (int(tip[0]), int(tip[1]))
            pygame.draw.ellipse(surf, ear, e)
            pygame.draw.ellipse(surf, ink, e, max(1, lw // 2 + 1))
        body = [(cx - h * 0.33, foot), (cx - h * 0.24, foot - h * 0.4), (cx - h * 0.09, top + h * 0.04),
                (cx + h * 0.09, top + h * 0.04), (cx + h * 0.24, foot - h * 0.4), (cx + h * 0.33, foot)]
        pygame.draw.polygon(surf, straw, body)
        pygame.draw.polygon(surf, dark, [(cx, top + h * 0.04)] + body[3:])     # its shaded side
        for u in (-0.22, -0.1, 0.1, 0.22):                                     # the stalks
            pygame.draw.line(surf, ink if u > 0 else dark, (cx + u * h * 0.35, top + h * 0.2),
                             (cx + u * h * 1.25, foot - h * 0.02), max(1, lw // 2 + 1))
        pygame.draw.polygon(surf, ink, body, lw)
        tie = top + h * 0.22
        pygame.draw.line(surf, band, (cx - h * 0.13, tie), (cx + h * 0.13, tie), max(2, int(h * 0.07)))


def _tufts(surf: pygame.Surface, r: pygame.Rect, base: pygame.Color, rng: random.Random, n: int) -> None:
    """Grass: tufts of three blades in a darker and a lighter green."""
    s = r.width
    dark = shade(base, 0.62)
    light = shade(base, 1.35)
    lw = max(1, s // 80)
    for i in range(n):
        x = r.x + s * 0.06 + rng.random() * s * 0.88
        y = r.y + s * 0.1 + rng.random() * s * 0.84
        col = dark if i % 3 else light
        hgt = s * (0.05 + 0.03 * rng.random())
        for dx in (-0.6, 0.0, 0.6):
            pygame.draw.line(surf, col, (x, y), (x + dx * hgt, y - hgt * (1.0 if dx == 0.0 else 0.8)), lw)


def _fence_and_sheep(surf: pygame.Surface, r: pygame.Rect, base: pygame.Color, rng: random.Random) -> None:
    """A rail fence along one side of the parcel (or none) and one to three sheep grazing where
    they will, facing either way: each parcel its own flock (playtest 10i: "wallpaper")."""
    s = r.width
    wood = pygame.Color(120, 84, 48)
    side = rng.choice(("foot", "foot", "head", "none", "west"))
    if side in ("foot", "head"):
        y = r.y + s * (0.84 if side == "foot" else 0.2)
        for ry in (y - s * 0.06, y + s * 0.02):
            pygame.draw.line(surf, wood, (r.x + s * 0.04, ry), (r.right - s * 0.04, ry), max(2, s // 36))
        for k in range(5):
            x = r.x + s * (0.08 + k * 0.21)
            pygame.draw.line(surf, shade(wood, 0.7), (x, y - s * 0.12), (x, y + s * 0.08), max(2, s // 30))
    elif side == "west":
        x = r.x + s * 0.12
        for rx in (x - s * 0.03, x + s * 0.03):
            pygame.draw.line(surf, wood, (rx, r.y + s * 0.06), (rx, r.bottom - s * 0.06), max(2, s // 36))
        for k in range(5):
            y = r.y + s * (0.1 + k * 0.2)
            pygame.draw.line(surf, shade(wood, 0.7), (x - s * 0.06, y), (x + s * 0.06, y + s * 0.04), max(2, s // 30))
    flock = rng.choice(_FLOCKS)
    for cx, cy, sc in sorted(flock, key=lambda p: p[1]):
        if side == "head":
            cy = min(0.8, cy + 0.14)
        elif side == "west":
            cx = max(0.36, cx + 0.1)
        _sheep(surf, r.x + s * (cx + rng.uniform(-0.04, 0.04)), r.y + s * (cy + rng.uniform(-0.03, 0.03)),
               s * sc * rng.uniform(0.9, 1.08), 1 if rng.random() < 0.5 else -1, s)


#: where a parcel's sheep graze: (middle x, middle y, size) as shares of the parcel
_FLOCKS = (
    ((0.32, 0.36, 1.0), (0.68, 0.6, 1.1)),
    ((0.5, 0.5, 1.15),),
    ((0.26, 0.3, 0.9), (0.7, 0.36, 0.95), (0.46, 0.64, 1.05)),
    ((0.66, 0.3, 1.0), (0.3, 0.6, 1.05)),
    ((0.3, 0.44, 1.0),),
)


def _sheep(surf: pygame.Surface, sx: float, sy: float, size: float, facing: int, s: int) -> None:
    ink = pygame.Color(40, 32, 28)
    lw = max(1, s // 60)
    bw, bh = size * 0.3, size * 0.19
    for lx in (-0.3, -0.12, 0.14, 0.3):
        pygame.draw.line(surf, ink, (sx + lx * bw, sy), (sx + lx * bw, sy + bh * 0.85), max(2, lw))
    body = pygame.Rect(0, 0, int(bw), int(bh))
    body.center = (int(sx), int(sy))
    pygame.draw.ellipse(surf, ink, body.inflate(lw * 2, lw * 2))
    pygame.draw.ellipse(surf, (246, 243, 232), body)
    for bx in (-0.22, 0.0, 0.22):
        pygame.draw.circle(surf, (232, 228, 214), (int(sx + bx * bw), int(sy - bh * 0.3)), max(2, int(bh * 0.22)))
    head = pygame.Rect(0, 0, int(bw * 0.3), int(bh * 0.55))
    head.center = (int(sx + facing * bw * 0.55), int(sy - bh * 0.2))
    pygame.draw.ellipse(surf, ink, head)


def _initial_disc(surf: pygame.Surface, ident: str, r: pygame.Rect, base: pygame.Color) -> None:
    """The stand-in picture of a land or figure the art does not know: its initial on a disc."""
    note_fallback(ident)
    s = min(r.width, r.height)
    rad = max(3, int(s * 0.32))
    pygame.draw.circle(surf, shade(base, 0.55), r.center, rad)
    pygame.draw.circle(surf, (243, 234, 208), r.center, rad, max(1, s // 24))
    font = pygame.font.Font(None, max(8, int(rad * 1.5)))
    letter = font.render((ident[:1] or "?").upper(), True, (243, 234, 208))
    blit_center(surf, letter, r.center)


def family_band(surf: pygame.Surface, rect: pygame.Rect, fam: pygame.Color, cell: int, band: int,
                inner_edge: bool) -> None:
    """A family's colour round a tile in `rect`, `band` wide, with a dark edge outside it (and
    inside it, `inner_edge`): it reads on a light land and a dark one."""
    outer = rect.inflate(-max(2, cell // 24), -max(2, cell // 24))
    # edges of 2 px and more: a hairline was lost where the band's colour is near the land's
    # (playtest 7a: the colour-blind palette's orange on a golden field)
    edge = max(2, cell // 40)
    pygame.draw.rect(surf, fam, outer, band, border_radius=max(3, cell // 10))
    pygame.draw.rect(surf, shade(fam, 0.4), outer, edge, border_radius=max(3, cell // 10))
    if inner_edge:
        pygame.draw.rect(surf, shade(fam, 0.4), outer.inflate(-2 * band, -2 * band), edge,
                         border_radius=max(2, cell // 14))


def start_tile(style: Style, land: str, family: str, developed: bool, across: bool,
               cell: int) -> pygame.Surface:
    """A 2-parcel domino (horizontal when `across`) in its family's band, with the family's
    initial over the seam; drawn at its size like every land tile."""
    def build() -> pygame.Surface:
        size = (2 * cell, cell) if across else (cell, 2 * cell)
        surf = _draw_land(style, land, developed, size)
        w, h = size
        family_band(surf, surf.get_rect(), style.family(family), cell, max(2, cell // 14), inner_edge=True)
        b = badge(style, family, max(10, int(cell * 0.42)))
        blit_center(surf, b, (w // 2, h // 2))
        return surf

    return cached_shape(("start", land, family, developed, across, cell, style.colorblind, id(style.theme)),
                        build)


def owner_mark(style: Style, family: str, size: int) -> pygame.Surface:
    """The small family badge in a land tile's corner: who owns this parcel."""
    return badge(style, family, size)


# ---- figures --------------------------------------------------------------------

def figure(style: Style, kind: str, size: int) -> pygame.Surface:
    """A figure drawn at `size` (vector art, never a small sprite scaled up), cached."""
    size = max(4, int(size))

    def build() -> pygame.Surface:
        img = piece_art.figure_image(_palette(style), kind, size)
        if img is not None:
            return img
        spr = style.sprite(f"figure_{kind}", (size, size))
        return spr if spr is not None else _draw_figure(kind, size)

    return cached_shape(("figure", kind, size, _palette_key(style)), build)


def _palette(style: Style) -> piece_art.Palette:
    return piece_art.palette_for(getattr(style.theme, "path", None))


def _palette_key(style: Style) -> object:
    """The cache's word for a theme's art (two loads of one theme draw alike)."""
    return str(getattr(style.theme, "path", id(style.theme)))


def _draw_figure(kind: str, s: int) -> pygame.Surface:
    surf = pygame.Surface((s, s), pygame.SRCALPHA)
    ink = (34, 26, 20)
    halo = (243, 234, 208)
    lw = max(1, s // 16)
    if kind not in ("pilgrim", "barn", "ship"):     # a figure of the data the art does not know
        _initial_disc(surf, kind, surf.get_rect(), id_color(kind))
        return surf
    if kind == "pilgrim":
        body = [(s * 0.28, s * 0.92), (s * 0.38, s * 0.42), (s * 0.62, s * 0.42),
                (s * 0.72, s * 0.92)]
        pygame.draw.polygon(surf, halo, body, lw * 3)
        pygame.draw.circle(surf, halo, (s // 2, int(s * 0.3)), int(s * 0.16) + lw)
        pygame.draw.polygon(surf, (52, 48, 56), body)
        pygame.draw.circle(surf, (238, 214, 184), (s // 2, int(s * 0.3)), int(s * 0.14))
        pygame.draw.rect(surf, (30, 28, 32), (s * 0.3, s * 0.12, s * 0.4, s * 0.09))
        pygame.draw.rect(surf, (30, 28, 32), (s * 0.38, s * 0.02, s * 0.24, s * 0.14))
        pygame.draw.rect(surf, (236, 236, 230), (s * 0.43, s * 0.44, s * 0.14, s * 0.08))
    elif kind == "barn":
        pts = [(s * 0.12, s * 0.9), (s * 0.12, s * 0.45), (s * 0.5, s * 0.12),
               (s * 0.88, s * 0.45), (s * 0.88, s * 0.9)]
        pygame.draw.polygon(surf, halo, pts, lw * 3)
        pygame.draw.polygon(surf, (168, 46, 38), pts)
        pygame.draw.polygon(surf, ink, pts, lw)
        pygame.draw.rect(surf, (240, 230, 210), (s * 0.36, s * 0.56, s * 0.28, s * 0.34))
        pygame.draw.line(surf, (168, 46, 38), (s * 0.36, s * 0.56), (s * 0.64, s * 0.9), lw)
        pygame.draw.line(surf, (168, 46, 38), (s * 0.64, s * 0.56), (s * 0.36, s * 0.9), lw)
    else:  # ship
        hull = [(s * 0.08, s * 0.66), (s * 0.92, s * 0.66), (s * 0.76, s * 0.9),
                (s * 0.24, s * 0.9)]
        pygame.draw.polygon(surf, halo, hull, lw * 3)
        pygame.draw.polygon(surf, (110, 70, 40), hull)
        pygame.draw.polygon(surf, ink, hull, lw)
        pygame.draw.line(surf, ink, (s * 0.5, s * 0.08), (s * 0.5, s * 0.66), lw + 1)
        sail = [(s * 0.5, s * 0.12), (s * 0.82, s * 0.56), (s * 0.5, s * 0.56)]
        pygame.draw.polygon(surf, (246, 240, 224), sail)
        pygame.draw.polygon(surf, ink, sail, lw)
        sail2 = [(s * 0.47, s * 0.2), (s * 0.2, s * 0.56), (s * 0.47, s * 0.56)]
        pygame.draw.polygon(surf, (230, 222, 200), sail2)
        pygame.draw.polygon(surf, ink, sail2, lw)
    return surf


# ---- cards ----------------------------------------------------------------------

def card_back(style: Style, size: tuple[int, int]) -> pygame.Surface:
    size = (max(4, int(size[0])), max(4, int(size[1])))
    return cached_shape(("card_back", size, _palette_key(style)),
                        lambda: piece_art.card_back_image(_palette(style), size))


# ---- bid markers, coins, bag, deck --------------------------------------------------

def bid_marker(style: Style, value: int, size: int, family: str | None = None) -> pygame.Surface:
    """A wooden bid marker at `size`, its number engraved; with its owner's badge when held."""
    size = max(6, int(size))

    def build() -> pygame.Surface:
        pal = _palette(style)
        surf = piece_art.bid_marker_image(pal, size, piece_art.crc_seed("bid", value))
        ink = pal.get("wood", "number", (42, 28, 18, 255))
        light = pal.get("wood", "light", (221, 185, 135, 255))
        px = int(size * (0.46 if value < 10 else 0.38))
        c = (size * piece_art.BID_FACE[0], size * piece_art.BID_FACE[1])
        # engraved: the cut's lit lower edge shows a pixel under the dark figure
        off = max(1, size // 48)
        blit_center(surf, style.text(str(value), "number", px, light), (c[0] + off, c[1] + off + 1))
        blit_center(surf, style.text(str(value), "number", px, ink), (c[0], c[1] + 1))
        if family:
            b = badge(style, family, max(8, int(size * 0.42)))
            surf.blit(b, (size - b.get_width(), size - b.get_height()))
        return surf

    return cached_shape(("bid", value, size, family, style.colorblind, _palette_key(style)), build)


def coin(style: Style, size: int) -> pygame.Surface:
    """A silver shilling at `size`."""
    size = max(4, int(size))
    return cached_shape(("coin", size, _palette_key(style)), lambda: piece_art.coin_image(_palette(style), size))


def bag(style: Style, size: int) -> pygame.Surface:
    """The bag of land tiles, drawn at `size` (vector art: crisp at 4K, never a sprite scaled up)."""
    size = max(4, int(size))
    return cached_shape(("bag_art", size, _palette_key(style)),
                        lambda: piece_art.bag_image(_palette(style), size))


def deck(style: Style, size: tuple[int, int]) -> pygame.Surface:
    """The draw pile: four card backs, each drawn at its size."""
    def build() -> pygame.Surface:
        w, h = size
        surf = pygame.Surface(size, pygame.SRCALPHA)
        back = card_back(style, (int(w * 0.86), int(h * 0.86)))
        for i in range(3, -1, -1):
            surf.blit(back, (i * w * 0.045, i * h * 0.045))
        return surf

    return cached_shape(("deck", size, _palette_key(style)), build)


def start_player_marker(style: Style, size: int) -> pygame.Surface:
    """The start player's ship's wheel, drawn at `size` (crisp at 4K)."""
    size = max(4, int(size))
    return cached_shape(("wheel_art", size, _palette_key(style)),
                        lambda: piece_art.wheel_image(_palette(style), size))
