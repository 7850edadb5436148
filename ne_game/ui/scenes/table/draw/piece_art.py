"""The game's pieces drawn as vector art at the size they are shown: figures, wooden bid
markers, metal coins and the parts of a card (paper, frame, ribbon, VP seal, back).

Nothing here is a raster scaled up. Each picture is drawn on a `Pen` at a few times its size
and smooth-scaled *down* to the size asked for (anti-aliasing for free), then cached by
size by the callers (pieces.py), so a 4K screen gets 4K-sharp pieces.

The colours are the theme's art palette (`art.toml` beside its theme.toml, the file
tools/make_art.py draws the sprite sheet from); a theme without one uses the default's.
The figure shapes live here and tools/make_art.py imports them, so the sheet's figures and
the ones drawn at run time are the same drawing.
"""
from __future__ import annotations

import logging
import math
import random
import zlib
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pygame

from ne_game.storage import safe_io
from ne_game.storage.paths import resource_path

log = logging.getLogger(__name__)

RGBA = tuple[int, int, int, int]
Point = tuple[float, float]

#: Supersampling: the pen draws at this many times the output size (less for large
#: pictures, whose edges are smooth enough at 2x and whose memory would be large at 4x).
SS_MAX = 4


def supersampling(out_px: int) -> int:
    return max(2, min(SS_MAX, 720 // max(1, out_px)))


# ---- the palette -----------------------------------------------------------------------

def _rgba(value: object) -> RGBA:
    s = str(value).lstrip("#")
    if len(s) == 6:
        s += "ff"
    if len(s) != 8:
        raise ValueError(f"not a colour: {value!r}")
    return (int(s[0:2], 16), int(s[2:4], 16), int(s[4:6], 16), int(s[6:8], 16))


def convert_colours(node: Any) -> Any:
    """An art.toml document with every "#rrggbb[aa]" string (alone or in a list) as an RGBA
    tuple (tools/make_art.py reads its palettes with it too)."""
    if isinstance(node, dict):
        return {k: convert_colours(v) for k, v in node.items()}
    if isinstance(node, list):
        if node and all(isinstance(v, str) and v.startswith("#") for v in node):
            return [_rgba(v) for v in node]
        return node
    if isinstance(node, str) and node.startswith("#"):
        return _rgba(node)
    return node


class Palette:
    """A theme's art palette (its art.toml): th["figures"]["ship"]["hull"], th.ink, th.ow...
    The same reading as tools/make_art.py's Theme, so the figure shapes draw with either."""

    def __init__(self, data: dict[str, Any]) -> None:
        self.d: dict[str, Any] = convert_colours(data)
        self.style: dict[str, Any] = self.d.get("style", {})
        ink = self.d.get("ink", {})
        self.ink: RGBA = ink.get("outline", (42, 28, 18, 255))
        self.text: RGBA = ink.get("text", self.ink)
        self.ow = float(self.style.get("outline", 1.0))
        self.texture = float(self.style.get("texture", 1.0))

    def __getitem__(self, key: str) -> Any:
        return self.d[key]

    def get(self, section: str, key: str, default: RGBA) -> RGBA:
        """A colour of a section ("wood", "coin", "paper"), or `default` when the palette
        has none (an older theme's art.toml)."""
        sec = self.d.get(section)
        value = sec.get(key) if isinstance(sec, dict) else None
        return value if isinstance(value, tuple) else default


_PALETTES: dict[Path, Palette] = {}


def palette_for(theme_path: Path | None) -> Palette:
    """The art palette beside a theme file, else the default theme's (cached by file)."""
    own = theme_path.parent / "art.toml" if theme_path is not None else None
    path = own if own is not None and own.is_file() else resource_path("assets", "themes", "default", "art.toml")
    pal = _PALETTES.get(path)
    if pal is None:
        try:
            # a player's own theme is read like its theme.toml: through the safe reader
            pal = Palette(dict(safe_io.load_toml(path, "theme", str(path))))
        except (OSError, ValueError) as err:
            # the pieces are still drawn, in the colours below
            log.warning("art palette %s: %s; drawing with built-in colours", path, err)
            pal = Palette({})
        _PALETTES[path] = pal
    return pal


# ---- colour arithmetic -----------------------------------------------------------------

def mix(a: Sequence[int], b: Sequence[int], t: float) -> RGBA:
    aa = tuple(a) + (255,) * (4 - len(a))
    bb = tuple(b) + (255,) * (4 - len(b))
    return (round(aa[0] + (bb[0] - aa[0]) * t), round(aa[1] + (bb[1] - aa[1]) * t),
            round(aa[2] + (bb[2] - aa[2]) * t), round(aa[3] + (bb[3] - aa[3]) * t))


def tone(c: Sequence[int], f: float) -> RGBA:
    """f > 0 lightens toward white, f < 0 darkens toward black (alpha kept)."""
    a = c[3] if len(c) > 3 else 255
    return mix(c, (255, 255, 255, a) if f > 0 else (0, 0, 0, a), abs(f))


def with_alpha(c: Sequence[int], a: int) -> RGBA:
    return (c[0], c[1], c[2], a)


# ---- the pen ---------------------------------------------------------------------------

class Pen:
    """A supersampled drawing surface in logical units: `w` x `h` units come out as
    `w * scale` x `h * scale` pixels. The API is tools/make_art.py's Canvas's (the figure
    shapes draw on both)."""

    def __init__(self, w: float, h: float, scale: float = 1.0, ss: int | None = None) -> None:
        self.w, self.h = w, h
        self.out_size = (max(1, round(w * scale)), max(1, round(h * scale)))
        ss = ss or supersampling(max(self.out_size))
        self.k = scale * ss
        self.surf = pygame.Surface((max(1, round(w * self.k)), max(1, round(h * self.k))), pygame.SRCALPHA)

    def P(self, p: Point) -> tuple[int, int]:
        return (round(p[0] * self.k), round(p[1] * self.k))

    def L(self, v: float) -> int:
        return max(1, round(v * self.k))

    def R(self, r: Sequence[float]) -> pygame.Rect:
        x, y, w, h = r
        x0, y0 = round(x * self.k), round(y * self.k)
        x1, y1 = round((x + w) * self.k), round((y + h) * self.k)
        return pygame.Rect(x0, y0, max(1, x1 - x0), max(1, y1 - y0))

    def _target(self, color: Sequence[int]) -> pygame.Surface:
        """Where a primitive draws: the surface itself, or for a see-through colour a layer
        blended on afterwards (pygame's shapes replace pixels, they do not blend)."""
        if len(color) > 3 and color[3] < 255:
            if self._glaze is None:
                self._glaze = pygame.Surface(self.surf.get_size(), pygame.SRCALPHA)
            return self._glaze
        self._settle()
        return self.surf

    _glaze: pygame.Surface | None = None

    def _settle(self) -> None:
        if self._glaze is not None:
            self.surf.blit(self._glaze, (0, 0))
            self._glaze = None

    def rect(self, r: Sequence[float], color: Sequence[int], radius: float = 0, width: float = 0) -> None:
        pygame.draw.rect(self._target(color), color, self.R(r), self.L(width) if width else 0,
                         border_radius=round(radius * self.k) if radius else -1)

    def poly(self, pts: Sequence[Point], color: Sequence[int]) -> None:
        pygame.draw.polygon(self._target(color), color, [self.P(p) for p in pts])

    def circle(self, c: Point, r: float, color: Sequence[int], width: float = 0) -> None:
        pygame.draw.circle(self._target(color), color, self.P(c), max(1, round(r * self.k)),
                           self.L(width) if width else 0)

    def ellipse(self, r: Sequence[float], color: Sequence[int], width: float = 0) -> None:
        pygame.draw.ellipse(self._target(color), color, self.R(r), self.L(width) if width else 0)

    def line(self, a: Point, b: Point, color: Sequence[int], width: float = 1.0) -> None:
        self.polyline([a, b], color, width)

    def polyline(self, pts: Sequence[Point], color: Sequence[int], width: float = 1.0,
                 closed: bool = False) -> None:
        """A thick line with round joins and caps (quads and circles)."""
        ps = [(p[0] * self.k, p[1] * self.k) for p in pts]
        if closed:
            ps = ps + [ps[0]]
        hw = width * self.k / 2
        dst = self._target(color)
        for (x0, y0), (x1, y1) in zip(ps, ps[1:]):
            dx, dy = x1 - x0, y1 - y0
            n = math.hypot(dx, dy)
            if n < 1e-6:
                continue
            ox, oy = -dy / n * hw, dx / n * hw
            quad = [(x0 + ox, y0 + oy), (x1 + ox, y1 + oy), (x1 - ox, y1 - oy), (x0 - ox, y0 - oy)]
            pygame.draw.polygon(dst, color, [(round(a), round(b)) for a, b in quad])
        r = max(1, round(hw))
        for x, y in ps:
            pygame.draw.circle(dst, color, (round(x), round(y)), r)

    def shape(self, pts: Sequence[Point], fill: Sequence[int], outline: Sequence[int] | None = None,
              width: float = 0) -> None:
        self.poly(pts, fill)
        if outline is not None and width:
            self.polyline(pts, outline, width, closed=True)

    def sub(self) -> Pen:
        """A transparent layer of the same resolution (for outlines, halos and clipping)."""
        p = Pen.__new__(Pen)
        p.w, p.h, p.k, p.out_size = self.w, self.h, self.k, self.out_size
        p.surf = pygame.Surface(self.surf.get_size(), pygame.SRCALPHA)
        return p

    def clip_to(self, mask: Pen) -> None:
        """Keep only what lies inside `mask`'s drawn shape (its alpha)."""
        self._settle()
        mask._settle()
        self.surf.blit(mask.surf, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)

    def layer(self) -> pygame.Surface:
        """The drawing so far (see-through strokes blended in)."""
        self._settle()
        return self.surf

    def result(self) -> pygame.Surface:
        self._settle()
        return pygame.transform.smoothscale(self.surf, self.out_size)


def dilate(surf: pygame.Surface, radius: int, color: Sequence[int]) -> pygame.Surface:
    """The silhouette of `surf` grown by `radius` pixels, filled with `color`."""
    mask = pygame.mask.from_surface(surf, 60)
    sil = mask.to_surface(setcolor=color, unsetcolor=(0, 0, 0, 0))
    out = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
    out.blit(sil, (0, 0))
    if radius <= 0:
        return out
    steps = max(12, min(48, int(radius * 3)))
    for r in sorted({radius, max(1, radius * 2 // 3), max(1, radius // 3)}):
        for i in range(steps):
            a = 2 * math.pi * i / steps
            out.blit(sil, (round(math.cos(a) * r), round(math.sin(a) * r)))
    return out


def outlined(layer: Pen, ink: Sequence[int], width: float, halo: Sequence[int] | None = None,
             halo_width: float = 0) -> pygame.Surface:
    """The layer's content with an even outer outline (and a light halo beyond it)."""
    r = max(1, round(width * layer.k))
    out = pygame.Surface(layer.layer().get_size(), pygame.SRCALPHA)
    if halo is not None and halo_width > 0:
        out.blit(dilate(layer.layer(), r + max(1, round(halo_width * layer.k)), halo), (0, 0))
    out.blit(dilate(layer.layer(), r, ink), (0, 0))
    out.blit(layer.layer(), (0, 0))
    return out


# ---- figures (96 x 96 units; tools/make_art.py draws the sheet's with these) ------------
# `c` is a Pen or make_art's Canvas, `th` a Palette or make_art's Theme.

def pilgrim_shapes(c: Any, th: Any) -> None:
    f = th["figures"]["pilgrim"]
    ink = th.ink
    ow = 1.6 * th.ow
    # stockings and shoes
    for lx in (41, 55):
        c.shape([(lx - 3.5, 80), (lx + 3.5, 80), (lx + 3.5, 89), (lx - 3.5, 89)], f["stocking"], ink, ow)
        c.shape([(lx - 5, 88), (lx + 6, 88), (lx + 6, 93), (lx - 5, 93)], f["hat"], ink, ow)
        c.rect((lx - 1.2, 88.5, 2.6, 2.2), f["buckle"])
    # coat
    coat = [(34, 50), (62, 50), (70, 70), (72, 84), (24, 84), (26, 70)]
    c.shape(coat, f["coat"], ink, ow)
    c.line((48, 62), (48, 84), f["coat_light"], 1.2)
    for by in (64, 70, 76):
        c.circle((50.5, by), 1.1, f["buckle"])
    # arms
    c.shape([(34, 51), (26, 60), (24, 74), (31, 75), (33, 62)], f["coat_light"], ink, ow)
    c.shape([(62, 51), (70, 60), (72, 74), (65, 75), (63, 62)], f["coat_light"], ink, ow)
    c.circle((27.5, 76.5), 3.3, f["skin"])
    c.circle((27.5, 76.5), 3.3, ink, ow * 0.6)
    c.circle((68.5, 76.5), 3.3, f["skin"])
    c.circle((68.5, 76.5), 3.3, ink, ow * 0.6)
    # head
    c.circle((48, 38), 10.5, f["skin"])
    c.circle((48, 38), 10.5, ink, ow)
    c.circle((44.5, 38.5), 1.1, ink)
    c.circle((51.5, 38.5), 1.1, ink)
    # collar
    c.shape([(33, 49), (63, 49), (60, 59), (48, 56), (36, 59)], f["collar"], ink, ow)
    c.line((48, 50), (48, 56), ink, 0.9)
    # hat
    c.shape([(37, 30), (39, 7), (57, 7), (59, 30)], f["hat"], ink, ow)
    c.shape([(37.5, 21), (58.5, 21), (59, 28), (37, 28)], f["band"], ink, ow * 0.6)
    c.shape([(44, 20), (52, 20), (52, 29), (44, 29)], f["buckle"], ink, ow * 0.6)
    c.rect((46, 22, 4, 5), f["band"])
    c.ellipse((26, 27, 44, 9), f["hat"])
    c.ellipse((26, 27, 44, 9), ink, ow)
    c.rect((28, 28.5, 40, 3.0), f["hat"])


def barn_shapes(c: Any, th: Any) -> None:
    f = th["figures"]["barn"]
    ink = th.ink
    ow = 1.8 * th.ow
    # roof band (overhang), then walls
    roof = [(10, 50), (21, 28), (48, 11), (75, 28), (86, 50), (80, 50), (70, 31), (48, 18), (26, 31), (16, 50)]
    walls = [(16, 90), (16, 48), (26, 31), (48, 18), (70, 31), (80, 48), (80, 90)]
    c.shape(walls, f["wall"], ink, ow)
    # vertical boards
    if th.texture > 0.5:
        for x in range(22, 80, 6):
            c.line((x, 40 if 26 < x < 70 else 50), (x, 89), f["wall_dark"], 0.8)
    c.shape(roof, f["roof"], ink, ow)
    # trim under the roof
    c.polyline([(17, 49), (26.5, 32), (48, 19.5), (69.5, 32), (79, 49)], f["trim"], 1.8)
    # big door with X braces
    c.shape([(32, 90), (32, 60), (64, 60), (64, 90)], f["wall_dark"], ink, ow)
    c.rect((32, 60, 32, 30), f["trim"], width=2.6)
    c.line((48, 60), (48, 90), f["trim"], 2.2)
    c.line((33, 61), (47, 89), f["trim"], 2.0)
    c.line((47, 61), (33, 89), f["trim"], 2.0)
    c.line((49, 61), (63, 89), f["trim"], 2.0)
    c.line((63, 61), (49, 89), f["trim"], 2.0)
    c.rect((31, 59, 34, 32), ink, width=ow * 0.7)
    # hay loft
    c.shape([(41, 34), (55, 34), (55, 47), (41, 47)], f["loft"], ink, ow)
    c.rect((41, 34, 14, 13), f["trim"], width=2.0)
    # ground line
    c.rect((12, 89, 72, 3.5), f["roof"])


def ship_shapes(c: Any, th: Any) -> None:
    f = th["figures"]["ship"]
    ink = th.ink
    ow = 1.6 * th.ow
    # water
    for i, yy in enumerate((88, 92)):
        pts = [(8 + t, yy + math.sin(t / 5.0 + i * 2) * 1.4) for t in range(0, 81, 3)]
        c.polyline(pts, f["water"], 2.4)
    # masts
    c.line((36, 66), (36, 12), f["mast"], 2.8)
    c.line((62, 66), (62, 8), f["mast"], 2.8)
    # bowsprit and rigging
    c.line((80, 62), (93, 50), f["mast"], 2.2)
    c.line((93, 50), (62, 10), ink, 0.8)
    c.line((36, 13), (62, 9), ink, 0.8)
    c.line((12, 54), (36, 13), ink, 0.8)

    def sail(x0: float, x1: float, y0: float, y1: float, bulge: float) -> None:
        """A billowing square sail."""
        pts = [(x0, y0)]
        pts += [(x0 + (x1 - x0) * t, y0 - 1.5 * math.sin(math.pi * t)) for t in (0.25, 0.5, 0.75)]
        pts += [(x1, y0), (x1 + bulge * 0.4, (y0 + y1) / 2), (x1, y1)]
        pts += [(x0 + (x1 - x0) * t, y1 + bulge * math.sin(math.pi * t)) for t in (0.75, 0.5, 0.25)]
        pts += [(x0, y1), (x0 - bulge * 0.4, (y0 + y1) / 2)]
        c.shape(pts, f["sail"], ink, ow)
        c.line(((x0 + x1) / 2 + 5, y0 + 3), ((x0 + x1) / 2 + 5, y1 - 1), f["sail_shade"], 1.6)

    sail(25, 47, 16, 33, 3.5)
    sail(23, 49, 37, 56, 4.0)
    sail(51, 73, 12, 30, 3.5)
    sail(49, 75, 34, 55, 4.0)
    # jib
    c.shape([(66, 14), (88, 53), (68, 53)], f["sail"], ink, ow)
    # flags
    c.shape([(62, 8), (62, 2), (74, 5)], f["flag"], ink, ow * 0.6)
    c.shape([(36, 12), (36, 6), (45, 9)], f["flag"], ink, ow * 0.6)
    # hull
    hull = [(8, 54), (22, 54), (24, 61), (84, 60), (78, 74), (68, 84), (24, 84), (15, 74), (10, 64)]
    c.shape(hull, f["hull"], ink, ow)
    c.poly([(16, 76), (76, 76), (68, 84), (24, 84)], f["hull_dark"])
    c.polyline(hull[5:8], ink, ow)
    c.line((13, 67), (81, 67), f["stripe"], 2.6)
    for px in (32, 44, 56, 68):
        c.rect((px - 2, 69.5, 4, 3.5), f["hull_dark"])
    c.line((8, 54), (22, 54), ink, ow)


FIGURE_SHAPES: dict[str, Callable[[Any, Any], None]] = {
    "pilgrim": pilgrim_shapes, "barn": barn_shapes, "ship": ship_shapes}


def figure_image(pal: Palette, kind: str, size: int) -> pygame.Surface | None:
    """A figure `size` pixels square, outlined and haloed like the sheet's; None for a figure
    this art does not know (or a palette without its colours)."""
    shapes = FIGURE_SHAPES.get(kind)
    if shapes is None or kind not in pal.d.get("figures", {}):
        return None
    pen = Pen(96, 96, size / 96)
    layer = pen.sub()
    shapes(layer, pal)
    halo = pal.style.get("halo")
    # the halo is what keeps a dark figure readable on a dark field; small figures keep it thin,
    # unless the theme asks for more (`halo_width`: the high-contrast theme's black panels,
    # where a thin ring left the black pilgrim "nearly vanished", playtest 8a)
    width = pal.style.get("halo_width", 1.4)
    width = float(width) if isinstance(width, (int, float)) and 0 <= width <= 8 else 1.4
    least = pal.style.get("halo_min_px", 0)          # ...and at least this many pixels at any size
    if isinstance(least, (int, float)) and 0 < least <= 6:
        width = max(width, float(least) * 96 / max(1, size))
    pen.layer().blit(outlined(layer, pal.ink, 1.3 * pal.ow, halo if isinstance(halo, tuple) else None, width), (0, 0))
    return pen.result()


# ---- wooden bid markers ----------------------------------------------------------------

def _radial(pen: Pen, c: Point, r: float, inner: Sequence[int], outer: Sequence[int],
            focus: Point = (0.0, 0.0), steps: int = 18) -> None:
    """A disc shaded from `inner` (at the focus, an offset from the centre in radii) to
    `outer` at its rim: the light falling on a rounded face."""
    for i in range(steps, 0, -1):
        t = i / steps
        cx = c[0] + focus[0] * r * (1 - t)
        cy = c[1] + focus[1] * r * (1 - t)
        pen.circle((cx, cy), r * t, mix(inner, outer, t ** 1.6))


def bid_marker_image(pal: Palette, size: int, seed: int) -> pygame.Surface:
    """A turned wooden disc seen a little from above: its edge shows below the face, the
    face is lit from the top left with rings of grain, a bevel and a soft highlight. The
    number is engraved by the caller (text at the shown size)."""
    base = pal.get("wood", "base", (200, 154, 98, 255))
    grain = pal.get("wood", "grain", (169, 123, 69, 255))
    edge = pal.get("wood", "edge", (127, 90, 48, 255))
    light = pal.get("wood", "light", (221, 185, 135, 255))
    pen = Pen(100, 100, size / 100)
    cx, cy, r, thick = 50.0, 46.0, 44.0, 6.0
    # shadow on the table, then the disc's edge (its thickness), then its face
    pen.ellipse((cx - r + 1, cy - r + thick + 3, 2 * r, 2 * r), (0, 0, 0, 60))
    pen.circle((cx, cy + thick), r, tone(edge, -0.25))
    for k in range(int(thick * 2), 0, -1):     # the side, lighter towards the top
        pen.circle((cx, cy + k / 2), r, mix(edge, tone(edge, -0.2), k / (thick * 2)))
    _radial(pen, (cx, cy), r, tone(base, 0.18), tone(base, -0.08), focus=(-0.35, -0.4))
    if pal.texture > 0.3:
        layer = pen.sub()
        rng = random.Random(seed)
        ox, oy = cx + rng.uniform(-40, 40), cy + rng.uniform(-40, 40)
        for k in range(4, 130, 5):
            layer.circle((ox, oy), k + rng.uniform(-1.2, 1.2), with_alpha(grain, 210), 1.3)
        mask = pen.sub()
        mask.circle((cx, cy), r - 2.5, (255, 255, 255, 255))
        layer.clip_to(mask)
        pen.layer().blit(layer.layer(), (0, 0))
    # bevel: light on the upper left rim, dark on the lower right
    bev = pen.sub()
    bev.circle((cx, cy), r - 1, with_alpha(light, 230), 3.2)
    cut = pen.sub()
    cut.poly([(0, 0), (100, 0), (0, 100)], (255, 255, 255, 255))
    bev.clip_to(cut)
    pen.layer().blit(bev.layer(), (0, 0))
    dark = pen.sub()
    dark.circle((cx, cy), r - 1, with_alpha(edge, 200), 2.6)
    cut2 = pen.sub()
    cut2.poly([(100, 0), (100, 100), (0, 100)], (255, 255, 255, 255))
    dark.clip_to(cut2)
    pen.layer().blit(dark.layer(), (0, 0))
    pen.circle((cx, cy), r, with_alpha(pal.ink, 220), 1.2 * pal.ow)
    # a soft sheen where the light falls
    sheen = pen.sub()
    for i in range(8, 0, -1):
        sheen.ellipse((cx - r * 0.62, cy - r * 0.78, r * 0.9 * i / 8 + 8, r * 0.5 * i / 8 + 4),
                      (255, 255, 255, 10))
    pen.layer().blit(sheen.layer(), (0, 0))
    return pen.result()


BID_FACE = (0.50, 0.46)     # the face's centre as a share of the marker's size (for the number)


# ---- metal coins -----------------------------------------------------------------------

def coin_image(pal: Palette, size: int) -> pygame.Surface:
    """A silver shilling: a milled rim, a struck face lit from the top left, and the
    colony's pine tree (the Massachusetts pine-tree shilling) in relief. No words."""
    base = pal.get("coin", "base", (196, 200, 204, 255))
    light = pal.get("coin", "light", (232, 235, 238, 255))
    dark = pal.get("coin", "dark", (139, 145, 151, 255))
    pen = Pen(100, 100, size / 100)
    cx, cy, r = 50.0, 48.0, 45.0
    pen.circle((cx + 1, cy + 4), r, (0, 0, 0, 70))            # its shadow
    pen.circle((cx, cy + 2.5), r, tone(dark, -0.35))           # the edge's thickness
    _radial(pen, (cx, cy), r, light, dark, focus=(-0.5, -0.5))  # the rim
    for i in range(48):                                         # milling
        a = 2 * math.pi * i / 48
        pen.line((cx + math.cos(a) * (r - 0.5), cy + math.sin(a) * (r - 0.5)),
                 (cx + math.cos(a) * (r - 4.5), cy + math.sin(a) * (r - 4.5)), with_alpha(dark, 200), 1.1)
    _radial(pen, (cx, cy), r - 7, tone(base, 0.25), tone(base, -0.1), focus=(0.4, 0.4))   # the dished field
    pen.circle((cx, cy), r - 7, with_alpha(tone(dark, -0.2), 255), 1.4)
    pen.circle((cx, cy), r - 12, with_alpha(dark, 200), 0.9)
    # dots between the rings, as on the coin
    for i in range(30):
        a = 2 * math.pi * i / 30
        pen.circle((cx + math.cos(a) * (r - 9.5), cy + math.sin(a) * (r - 9.5)), 0.9, with_alpha(dark, 220))
    # the pine tree in relief: its shadow down-right, its lit face up-left
    tree: list[Point] = [(50, 22)]
    for i, (hw, y) in enumerate(((7, 33), (11, 44), (15, 56), (19, 67))):
        tree.append((50 + hw, y))
        if i < 3:
            tree.append((50 + hw * 0.45, y))
    tree += [(53, 67), (53, 76), (47, 76), (47, 67)]
    for i, (hw, y) in enumerate(reversed(((7, 33), (11, 44), (15, 56), (19, 67)))):
        if i > 0:
            tree.append((50 - hw * 0.45, y))
        tree.append((50 - hw, y))
    pen.poly([(x + 1.4, y + 1.6) for x, y in tree], with_alpha(tone(dark, -0.3), 200))
    pen.poly([(x - 0.6, y - 0.6) for x, y in tree], with_alpha(light, 255))
    pen.poly(tree, base)
    pen.line((50, 28), (50, 70), with_alpha(dark, 160), 1.0)
    # a glint
    pen.ellipse((cx - 28, cy - 34, 22, 12), (255, 255, 255, 90))
    pen.circle((cx, cy), r, with_alpha(tone(dark, -0.4), 255), 1.0 * pal.ow)
    return pen.result()


# ---- card parts ------------------------------------------------------------------------

CARD_ASPECT = 160 / 224      # width / height of a card (the sprite sheet's and the table's)


def card_paper(pal: Palette, size: tuple[int, int], paper: Sequence[int], frame: Sequence[int]) -> pygame.Surface:
    """A blank card: its edge, a paper face lit from the top, a double ruled frame."""
    w, h = size
    unit = w / 160
    pen = Pen(160, 160 * h / max(1, w), unit)
    H = pen.h
    edge = pal.get("paper", "card_edge", (181, 156, 112, 255))
    pen.rect((0, 0, 160, H), edge, radius=12)
    # the paper, a shade lighter at the top (lit) than at the foot, inside the rounded edge
    face = pen.sub()
    steps = 12
    for i in range(steps):
        y0 = 1.6 + (H - 3.2) * i / steps
        face.rect((1.6, y0, 160 - 3.2, (H - 3.2) / steps + 1), mix(tone(paper, 0.12), tone(paper, -0.06), i / steps))
    mask = pen.sub()
    mask.rect((1.6, 1.6, 160 - 3.2, H - 3.2), (255, 255, 255, 255), radius=11)
    face.clip_to(mask)
    pen.layer().blit(face.layer(), (0, 0))
    pen.rect((7, 7, 160 - 14, H - 14), frame, radius=7, width=1.6 * pal.ow)
    pen.rect((10, 10, 160 - 20, H - 20), mix(frame, paper, 0.55), radius=5, width=0.8)
    return pen.result()


RIBBON_BAND = (0.0, 0.8)     # the band's top and bottom as shares of the ribbon's height
RIBBON_TAIL = 0.3            # a tail's length as a share of the ribbon's height


def ribbon_image(pal: Palette, size: tuple[int, int], fill: Sequence[int]) -> pygame.Surface:
    """The banner across a card's foot (its words are drawn on it at the shown size): a
    band with folded tails, `size` the band's box (tails included)."""
    w, h = size
    pen = Pen(w, h, 1.0)
    tail = h * RIBBON_TAIL
    band = (tail * 0.9, 0.0, w - 1.8 * tail, h * RIBBON_BAND[1])
    ink = pal.ink
    ow = max(0.8, h / 24) * pal.ow
    for side in (-1, 1):       # the folded tails behind the band's ends
        x = band[0] if side < 0 else band[0] + band[2]
        pts = [(x, h * 0.2), (x + side * tail * 0.9, h * 0.2), (x + side * tail * 0.55, h * 0.6),
               (x + side * tail * 0.9, h - 1), (x, h - 1)]
        pen.shape(pts, tone(fill, -0.3), ink, ow)
    pen.shape([(band[0], band[1] + 1), (band[0] + band[2], band[1] + 1), (band[0] + band[2], band[3]),
               (band[0], band[3])], fill, ink, ow)
    pen.line((band[0] + 2, band[1] + 1 + ow * 1.5), (band[0] + band[2] - 2, band[1] + 1 + ow * 1.5),
             with_alpha(tone(fill, 0.35), 160), max(0.6, ow * 0.6))
    return pen.result()




def _shield(cx: float, top: float, w: float, h: float) -> list[Point]:
    """A heraldic shield's outline: a flat top with notched corners, straight sides, and
    curved flanks meeting in a point at the foot."""
    x0, x1 = cx - w / 2, cx + w / 2
    side = top + h * 0.42
    pts: list[Point] = [(x0 + w * 0.1, top), (cx - w * 0.12, top), (cx, top + h * 0.06), (cx + w * 0.12, top),
                        (x1 - w * 0.1, top), (x1, top + h * 0.08), (x1, side)]
    for k in range(1, 9):        # the right flank down to the point, then the left one up
        a = k / 9 * math.pi / 2
        pts.append((cx + w / 2 * math.cos(a), side + (h - (side - top)) * math.sin(a)))
    pts.append((cx, top + h))
    for k in range(8, 0, -1):
        a = k / 9 * math.pi / 2
        pts.append((cx - w / 2 * math.cos(a), side + (h - (side - top)) * math.sin(a)))
    pts += [(x0, side), (x0, top + h * 0.08)]
    return pts


def seal_image(pal: Palette, size: int) -> pygame.Surface:
    """The VP badge in a card's corner: a gilded shield (its number is drawn on it at the
    shown size). A shield, not a disc: the bid markers are round wooden discs with numbers
    too, and the two must never look alike."""
    ring = pal.get("paper", "vp_ring", (125, 95, 61, 255))
    fill = pal.get("paper", "vp_shield", (233, 196, 106, 255))
    pen = Pen(40, 40, size / 40)
    outer = _shield(20, 1.5, 34, 37)
    pen.poly([(x + 0.8, y + 1.6) for x, y in outer], (0, 0, 0, 60))         # its shadow
    pen.poly(outer, ring)
    inner = _shield(20, 4.3, 28.4, 31.4)
    pen.poly(inner, fill)
    shine = pen.sub()
    shine.poly(_shield(20, 4.3, 28.4, 31.4), with_alpha(tone(fill, 0.35), 150))
    mask = pen.sub()
    mask.rect((0, 0, 20, 40), (255, 255, 255, 255))
    shine.clip_to(mask)
    pen.layer().blit(shine.layer(), (0, 0))                              # light from the left
    pen.polyline(inner, with_alpha(tone(ring, -0.3), 255), 0.7, closed=True)
    pen.polyline(outer, pal.ink, 0.9 * pal.ow, closed=True)
    return pen.result()


def card_back_image(pal: Palette, size: tuple[int, int]) -> pygame.Surface:
    """A card's back: a navy board with a gold frame, a lattice and a compass star."""
    w, h = size
    back = pal.get("paper", "back", (48, 80, 94, 255))
    gold = pal.get("paper", "back_frame", (215, 180, 106, 255))
    edge = pal.get("paper", "card_edge", (181, 156, 112, 255))
    pen = Pen(160, 160 * h / max(1, w), w / 160)
    H = pen.h
    pen.rect((0, 0, 160, H), edge, radius=12)
    pen.rect((1.6, 1.6, 160 - 3.2, H - 3.2), back, radius=11)
    lat = pen.sub()
    lattice = mix(back, gold, 0.22)
    for i in range(-20, 20):
        o = i * 16
        lat.line((14 + o, 14), (14 + o + 200, 214 * H / 224), lattice, 0.9)
        lat.line((146 - o, 14), (146 - o - 200, 214 * H / 224), lattice, 0.9)
    inner = pen.sub()
    inner.rect((14, 14, 160 - 28, H - 28), (255, 255, 255, 255), radius=4)
    lat.clip_to(inner)
    pen.layer().blit(lat.layer(), (0, 0))
    pen.rect((8, 8, 160 - 16, H - 16), gold, radius=7, width=1.8)
    pen.rect((12, 12, 160 - 24, H - 24), gold, radius=5, width=0.8)
    cx, cy, r = 80.0, H / 2, 38.0
    pen.circle((cx, cy), r + 6, back)
    pen.circle((cx, cy), r + 2, gold, 1.2)
    light = mix(back, gold, 0.55)
    for k, (length, width) in enumerate(((r * 0.62, r * 0.12), (r, r * 0.16))):
        for i in range(4):
            a = math.pi / 2 * i + (math.pi / 4 if k == 0 else 0) - math.pi / 2
            tip = (cx + math.cos(a) * length, cy + math.sin(a) * length)
            left = (cx + math.cos(a - math.pi / 2) * width, cy + math.sin(a - math.pi / 2) * width)
            right = (cx + math.cos(a + math.pi / 2) * width, cy + math.sin(a + math.pi / 2) * width)
            pen.shape([(cx, cy), left, tip], light, pal.ink, 0.6)
            pen.shape([(cx, cy), tip, right], gold, pal.ink, 0.6)
    pen.circle((cx, cy), r * 0.08, light)
    return pen.result()


def crc_seed(*parts: object) -> int:
    return zlib.crc32("|".join(str(p) for p in parts).encode("utf-8"))


# ---- the bag and the start player's wheel (drawn at their size: crisp at 4K) -----------
# The same drawings as tools/make_art.py's draw_bag and draw_wheel (the sheet's fallbacks).

def smooth(pts: Sequence[Point], closed: bool = True, n: int = 8) -> list[Point]:
    """A Catmull-Rom curve through the points."""
    out: list[Point] = []
    m = len(pts)
    for i in (range(m) if closed else range(m - 1)):
        p0 = pts[(i - 1) % m] if closed or i > 0 else pts[i]
        p1, p2 = pts[i], pts[(i + 1) % m]
        p3 = pts[(i + 2) % m] if closed or i + 2 < m else pts[(i + 1) % m]
        for k in range(n):
            t = k / n
            t2, t3 = t * t, t * t * t
            x, y = (0.5 * (2 * p1[j] + (-p0[j] + p2[j]) * t + (2 * p0[j] - 5 * p1[j] + 4 * p2[j] - p3[j]) * t2
                           + (-p0[j] + 3 * p1[j] - 3 * p2[j] + p3[j]) * t3) for j in (0, 1))
            out.append((x, y))
    if not closed:
        out.append(pts[-1])
    return out


def bag_image(pal: Palette, size: int) -> pygame.Surface:
    """The cloth bag of land tiles, tied with a rope, with a stitched patch."""
    cloth = pal.get("bag", "cloth", (201, 168, 119, 255))
    shade_ = pal.get("bag", "shade", (167, 134, 86, 255))
    rope = pal.get("bag", "rope", (122, 90, 52, 255))
    ink = pal.ink
    pen = Pen(96, 96, size / 96)
    layer = pen.sub()
    ow = 1.6 * pal.ow
    body = smooth([(39, 36), (28, 46), (18, 64), (19, 80), (30, 89), (48, 91), (66, 89), (77, 80),
                   (78, 64), (68, 46), (57, 36)])
    layer.shape(body, cloth, ink, ow)
    layer.poly(smooth([(62, 44), (72, 60), (74, 78), (64, 87), (50, 89), (64, 80), (68, 62)]), shade_)
    ruffle = smooth([(38, 33), (30, 20), (36, 22), (40, 12), (46, 19), (52, 10), (56, 19), (63, 14), (60, 24),
                     (58, 33)])
    layer.shape(ruffle, tone(cloth, 0.12), ink, ow)
    layer.polyline([(42, 31), (41, 20)], shade_, 1.0)
    layer.polyline([(50, 31), (52, 17)], shade_, 1.0)
    layer.shape(smooth([(35, 30), (48, 28.5), (61, 30), (61, 37), (48, 38.5), (35, 37)]), rope, ink, ow * 0.7)
    layer.polyline(smooth([(58, 36), (64, 44), (61, 52), (64, 58)], closed=False), rope, 2.4)
    layer.circle((64, 59), 2.3, rope)
    layer.polyline(smooth([(40, 39), (32, 54), (29, 70)], closed=False), shade_, 1.4)
    layer.polyline(smooth([(46, 40), (44, 58), (46, 74)], closed=False), shade_, 1.2)
    layer.polyline(smooth([(54, 39), (58, 52), (60, 64)], closed=False), shade_, 1.2)
    layer.shape([(26, 66), (38, 64), (39, 76), (27, 78)], tone(cloth, -0.1), ink, 0.9)
    for t in range(5):
        layer.line((27 + t * 2.6, 65.5 - t * 0.4), (27.5 + t * 2.6, 67.8 - t * 0.4), ink, 0.6)
    pen.layer().blit(outlined(layer, ink, 1.2 * pal.ow), (0, 0))
    return pen.result()


def wheel_image(pal: Palette, size: int) -> pygame.Surface:
    """The start player's marker: a ship's wheel of eight spokes with a brass hub."""
    wood = pal.get("wheel", "wood", (140, 90, 46, 255))
    light = pal.get("wheel", "light", (176, 122, 68, 255))
    brass = pal.get("wheel", "brass", (217, 180, 74, 255))
    pen = Pen(72, 72, size / 72)
    layer = pen.sub()
    cx, cy = 36.0, 36.0
    for i in range(8):
        a = 2 * math.pi * i / 8 + math.pi / 8
        x, y = cx + math.cos(a) * 30, cy + math.sin(a) * 30
        layer.line((cx, cy), (cx + math.cos(a) * 26, cy + math.sin(a) * 26), wood, 4.0)
        layer.line((cx + math.cos(a) * 24, cy + math.sin(a) * 24), (x, y), wood, 5.5)
        layer.circle((x, y), 3.6, light)
    layer.circle((cx, cy), 21, wood, 6.5)
    layer.circle((cx, cy), 21, light, 1.2)
    layer.circle((cx, cy), 8, wood)
    layer.circle((cx, cy), 4.5, brass)
    for r in (24.2, 17.8, 4.5):
        layer.circle((cx, cy), r, pal.ink, 0.8)
    pen.layer().blit(outlined(layer, pal.ink, 1.4 * pal.ow), (0, 0))
    return pen.result()
