"""Where a piece may go, lit as one stretch of country rather than a block per parcel.

The parcels a choice may use are drawn as one area: a fine surveyor's rule runs round its
outside only (dark outside, bright inside, so it reads on pale and dark lands), and inside it
the ground is lit as if by a lantern, strongest along the rule and fading inwards. Parcels side
by side share their light with no rule between them (playtest 17a: lit parcels framed one by
one read as "square blocks laid on top" of the painted map, and the start rounds' stake on every
free parcel as "a forest of flags").

An area is the Chebyshev erosion of its parcels: every line keeps the same distance from the
area's edge, square at outer corners, and turning inside the corner where the area bends in.
"""
from __future__ import annotations

import math
from collections import OrderedDict
from collections.abc import Callable, Collection, Hashable

import pygame

from ne_game.ui.scenes.table.draw.gfx import cached_shape, shade
from ne_game.ui.scenes.table.model.geometry import Cell

#: the areas drawn lately: one is as large as the board (several MB at 4K) and a new one comes
#: with every choice, so only the last few are kept (not the shared shape cache's thousands)
_AREAS: OrderedDict[Hashable, pygame.Surface] = OrderedDict()
KEEP = 6
#: an area of this many parcels or fewer (a tile) is kept with the other small shapes
SMALL = 4

_SIDES = ((0, -1), (1, 0), (0, 1), (-1, 0))
_CORNERS = ((-1, -1), (1, -1), (1, 1), (-1, 1))


class Widths:
    """The area's measures for a parcel of `c` px: the rule's inset from the parcel's edge, its
    dark and bright lines, and how far the light reaches in."""

    def __init__(self, c: int, quiet: bool, inset: int = 0) -> None:
        self.inset = max(1, c // 48) + inset
        self.ink = max(1, c // 40)
        self.bright = max(1, c // 60) if quiet else max(2, c // 30)
        self.depth = max(3, c // 6) if quiet else max(4, c // 7)

    @property
    def inner(self) -> int:
        """Where the light starts: just inside the bright line."""
        return self.inset + self.ink + self.bright


def area(c: int, cells: Collection[Cell], color: pygame.Color, quiet: bool = False,
         on_map: Callable[[Cell], bool] | None = None, lit: bool = True,
         inset: int = 0) -> tuple[pygame.Surface, Cell]:
    """The lit area over `cells` and the parcel at its top-left (where to blit it).

    `quiet` (many parcels: the start rounds) lights faintly under a thin rule. With `on_map`,
    the area's sides on the map's edge or the sea are left open: the coast already bounds
    the country, and only the edges towards the parcels that do not fit are ruled. `inset`
    moves the rule further in (px): over one's own estate, inside its boundary."""
    shape = frozenset(cells)
    x0 = min(x for x, _ in shape)
    y0 = min(y for _, y in shape)
    # (one board a game: `on_map` is the same wherever the parcel size is)
    key = (c, shape, tuple(color), quiet, on_map is not None, lit, inset)
    return _kept(key, lambda: _build(c, shape, color, quiet, on_map, (x0, y0), lit, inset), len(shape)), (x0, y0)


def painted(c: int, cells: Collection[Cell], plot: Callable[[Cell], pygame.Surface], tag: Hashable,
            inset: int = 0) -> tuple[pygame.Surface, Cell]:
    """The parcels' pictures (`plot` of each), cut to the area inside its rule: what a choice
    would make of them, drawn inside their estate's boundary rather than over it. `tag` names
    the pictures for the cache (the theme and the land)."""
    shape = frozenset(cells)
    x0 = min(x for x, _ in shape)
    y0 = min(y for _, y in shape)

    def build() -> pygame.Surface:
        w = (max(x for x, _ in shape) - x0 + 1) * c
        h = (max(y for _, y in shape) - y0 + 1) * c
        out = pygame.Surface((w, h), pygame.SRCALPHA)
        for cell in shape:
            out.blit(plot(cell), ((cell[0] - x0) * c, (cell[1] - y0) * c))
        clip = pygame.Surface((w, h), pygame.SRCALPHA)
        _fill_eroded(clip, shape, shape.__contains__, c, (x0, y0), Widths(c, False, inset).inner,
                     pygame.Color(255, 255, 255, 255))
        out.blit(clip, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        return out

    return _kept(("painted", c, shape, tag, inset), build, len(shape)), (x0, y0)


def shaded(c: int, cells: Collection[Cell], color: pygame.Color) -> tuple[pygame.Surface, Cell]:
    """Free parcels a piece may not take, in shadow: a dark wash and a fine hatch, the map's
    sign for ground set aside, so that it does not rest on colour alone (playtest 18a: on the
    start rounds' empty board "nothing is lit"; the shadow says where a tile may not go)."""
    shape = frozenset(cells)
    x0 = min(x for x, _ in shape)
    y0 = min(y for _, y in shape)
    key = ("shade", c, shape, tuple(color))
    return _kept(key, lambda: _shade(c, shape, color, (x0, y0)), len(shape)), (x0, y0)


def _kept(key: Hashable, build: Callable[[], pygame.Surface], cells: int = 0) -> pygame.Surface:
    """The surface kept under `key`, built on a miss: one of a few `cells` parcels (a tile's
    ring) in the shared shape cache, for a dozen of them are drawn every frame (the figures one
    may move); a larger one among only the last `KEEP` used."""
    if 0 < cells <= SMALL:
        return cached_shape(("lit", key), build)
    surf = _AREAS.get(key)
    if surf is None:
        surf = _AREAS[key] = build()
        while len(_AREAS) > KEEP:
            _AREAS.popitem(last=False)
    else:
        _AREAS.move_to_end(key)
    return surf


def _shade(c: int, shape: frozenset[Cell], color: pygame.Color, origin: Cell) -> pygame.Surface:
    x0, y0 = origin
    w = (max(x for x, _ in shape) - x0 + 1) * c
    h = (max(y for _, y in shape) - y0 + 1) * c
    out = pygame.Surface((w, h), pygame.SRCALPHA)
    wash = pygame.Color(color)
    for (x, y) in shape:
        out.fill(wash, pygame.Rect((x - x0) * c, (y - y0) * c, c, c))
    hatch = pygame.Surface((w, h), pygame.SRCALPHA)
    line = pygame.Color(color)
    line.a = min(255, color.a + 40)
    step, lw = max(6, c // 7), max(1, c // 60)
    for k in range(-h, w, step):
        pygame.draw.line(hatch, line, (k, h), (k + h, 0), lw)
    clip = pygame.Surface((w, h), pygame.SRCALPHA)
    for (x, y) in shape:
        clip.fill((255, 255, 255, 255), pygame.Rect((x - x0) * c, (y - y0) * c, c, c))
    hatch.blit(clip, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    out.blit(hatch, (0, 0))
    return out


def _build(c: int, shape: frozenset[Cell], color: pygame.Color, quiet: bool,
           on_map: Callable[[Cell], bool] | None, origin: Cell, lit: bool = True,
           inset: int = 0) -> pygame.Surface:
    def inside(n: Cell) -> bool:
        # off the map counts as inside when the coast's side stays open: no rule along it
        return n in shape or (on_map is not None and not on_map(n))

    x0, y0 = origin
    w = (max(x for x, _ in shape) - x0 + 1) * c
    h = (max(y for _, y in shape) - y0 + 1) * c
    wd = Widths(c, quiet, inset)
    tint = pygame.Color(color)
    out = pygame.Surface((w, h), pygame.SRCALPHA)
    ink = shade(tint, 0.3)
    ink.a = 150 if quiet else 255
    bright = pygame.Color(tint)
    bright.a = 200 if quiet else 255
    _fill_eroded(out, shape, inside, c, origin, wd.inset, ink)
    _fill_eroded(out, shape, inside, c, origin, wd.inset + wd.ink, bright)
    _fill_eroded(out, shape, inside, c, origin, wd.inner, pygame.Color(0, 0, 0, 0))
    if not lit:          # the rule alone (what goes there is drawn under it: a land's ghost)
        return out
    # the lantern's light, warm near-white with a little of the glow's colour in it
    light = pygame.Color((tint.r + 3 * 255) // 4, (tint.g + 3 * 250) // 4, (tint.b + 3 * 215) // 4)
    top, floor = (120, 34) if quiet else (170, 0)
    glow = pygame.Surface((w, h), pygame.SRCALPHA)
    _fill_eroded(glow, shape, inside, c, origin, wd.inner, pygame.Color(light.r, light.g, light.b, floor))
    strip = _strip(c + 2 * wd.inner, wd.depth, light, top, floor)
    corner = _corner(wd.depth, light, top, floor)
    # the band runs a little past its parcel at both ends, to meet its neighbour's band or to
    # turn an inward corner; the erosion clips it where the area ends
    bands = {(0, -1): strip, (0, 1): pygame.transform.flip(strip, False, True),
             (-1, 0): pygame.transform.rotate(strip, 90), (1, 0): pygame.transform.rotate(strip, -90)}
    for (x, y) in shape:
        cx, cy = (x - x0) * c, (y - y0) * c
        for (dx, dy) in _SIDES:
            if inside((x + dx, y + dy)):
                continue
            band = bands[(dx, dy)]
            if dy:
                pos = (cx - wd.inner, cy + wd.inner if dy < 0 else cy + c - wd.inner - wd.depth)
            else:
                pos = (cx + wd.inner if dx < 0 else cx + c - wd.inner - wd.depth, cy - wd.inner)
            glow.blit(band, pos, special_flags=pygame.BLEND_RGBA_MAX)
        for (dx, dy) in _CORNERS:
            if inside((x + dx, y)) and inside((x, y + dy)) and not inside((x + dx, y + dy)):
                # an inward corner: the light turns round the rule's corner point
                px = cx + (wd.inner if dx < 0 else c - wd.inner)
                py = cy + (wd.inner if dy < 0 else c - wd.inner)
                piece = pygame.transform.flip(corner, dx > 0, dy > 0)
                glow.blit(piece, (px if dx < 0 else px - wd.depth, py if dy < 0 else py - wd.depth),
                          special_flags=pygame.BLEND_RGBA_MAX)
    clip = pygame.Surface((w, h), pygame.SRCALPHA)
    _fill_eroded(clip, shape, inside, c, origin, wd.inner, pygame.Color(255, 255, 255, 255))
    glow.blit(clip, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    out.blit(glow, (0, 0))
    return out


def _alpha_at(d: float, depth: int, top: int, floor: int) -> int:
    """Strongest at the rule, fading towards the middle, where the land's own pattern shows."""
    t = min(1.0, d / depth)
    return int(floor + (top - floor) * (1 - t) ** 1.2)


def _strip(length: int, depth: int, light: pygame.Color, top: int, floor: int) -> pygame.Surface:
    """The light along a northern rule: `depth` rows fading downwards, `length` long."""
    def build() -> pygame.Surface:
        s = pygame.Surface((length, depth), pygame.SRCALPHA)
        for i in range(depth):
            s.fill((light.r, light.g, light.b, _alpha_at(i, depth, top, floor)), pygame.Rect(0, i, length, 1))
        return s

    return cached_shape(("lit_strip", length, depth, tuple(light), top, floor), build)


def _corner(depth: int, light: pygame.Color, top: int, floor: int) -> pygame.Surface:
    """The light round an inward corner, the corner point at the piece's top-left."""
    def build() -> pygame.Surface:
        s = pygame.Surface((depth, depth), pygame.SRCALPHA)
        for y in range(depth):
            for x in range(depth):
                s.set_at((x, y), (light.r, light.g, light.b, _alpha_at(math.hypot(x, y), depth, top, floor)))
        return s

    return cached_shape(("lit_corner", depth, tuple(light), top, floor), build)


def _fill_eroded(surf: pygame.Surface, shape: frozenset[Cell], inside: Callable[[Cell], bool],
                 c: int, origin: Cell, k: int, color: pygame.Color) -> None:
    """Fill the area shrunk by `k` px from its edge (Chebyshev): each parcel loses `k` on the
    sides it shares with the outside, and a k-by-k square at each corner where the area bends
    in, so that lines drawn at the same `k` meet cleanly there."""
    x0, y0 = origin
    for (x, y) in shape:
        cx, cy = (x - x0) * c, (y - y0) * c
        left = k if not inside((x - 1, y)) else 0
        right = k if not inside((x + 1, y)) else 0
        up = k if not inside((x, y - 1)) else 0
        down = k if not inside((x, y + 1)) else 0
        cols = (cx + left, cx + c - right)
        rows = (cy + up, cy + c - down)
        if cols[0] >= cols[1] or rows[0] >= rows[1]:
            continue
        cut = {(dx, dy) for (dx, dy) in _CORNERS
               if inside((x + dx, y)) and inside((x, y + dy)) and not inside((x + dx, y + dy))}
        if not cut or k == 0:
            surf.fill(color, pygame.Rect(cols[0], rows[0], cols[1] - cols[0], rows[1] - rows[0]))
            continue
        # a 3-by-3 split of the parcel, the cut corners left out
        xs = (cols[0], min(cols[1], cx + k), max(cols[0], cx + c - k), cols[1])
        ys = (rows[0], min(rows[1], cy + k), max(rows[0], cy + c - k), rows[1])
        for i in range(3):
            for j in range(3):
                corner = ((-1 if i == 0 else 1 if i == 2 else 0), (-1 if j == 0 else 1 if j == 2 else 0))
                if corner in cut:
                    continue
                r = pygame.Rect(xs[i], ys[j], xs[i + 1] - xs[i], ys[j + 1] - ys[j])
                if r.width > 0 and r.height > 0:
                    surf.fill(color, r)
