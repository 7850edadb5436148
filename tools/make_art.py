"""Draw every sprite of New England with pygame-ce and pack them into sprite sheets.

Run:  uv run python tools/make_art.py [--theme NAME] [--contact DIR]

For each theme folder under assets/themes/ that holds an `art.toml` (its palette),
this writes `sprites.png` (one packed sheet, transparent background) and
`sprites.toml` (`sheet = "sprites.png"` and one `[sprites.NAME] rect = [x, y, w, h]`
table per sprite). Nothing is downloaded: every pixel is drawn here, with fonts
loaded by path from assets/fonts/.

Drawing is supersampled: each sprite is drawn at SS times its size on a Canvas that
works in logical units, then smooth-scaled down (anti-aliasing for free). All
randomness comes from a generator seeded with a CRC of the sprite name, so the
output is the same on every run.
"""
from __future__ import annotations

import argparse
import math
import os
import random
import sys
import zlib
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from ne_game.ui.scenes.table.draw.piece_art import FIGURE_SHAPES, convert_colours, smooth  # noqa: E402

try:
    import tomllib  # type: ignore[import-not-found]
except ModuleNotFoundError:  # Python 3.10
    import tomli as tomllib  # type: ignore[no-redef]

ROOT = Path(__file__).resolve().parent.parent
ASSETS = ROOT / "assets"
FONTS = ASSETS / "fonts"
THEMES = ASSETS / "themes"
GAME_DATA = ASSETS / "data" / "game.toml"

SS = 4                 # supersampling factor
SHEET_WIDTH = 2048
PADDING = 2

Color = tuple


# ----------------------------------------------------------------------------
# colours and data
# ----------------------------------------------------------------------------

def parse_color(value) -> Color:
    if isinstance(value, (list, tuple)):
        c = tuple(int(v) for v in value)
        return c if len(c) == 4 else c + (255,)
    s = str(value).lstrip("#")
    if len(s) == 6:
        s += "ff"
    return tuple(int(s[i:i + 2], 16) for i in (0, 2, 4, 6))


def mix(a: Color, b: Color, t: float) -> Color:
    return tuple(round(a[i] + (b[i] - a[i]) * t) for i in range(4))


def shade(c: Color, f: float) -> Color:
    """f > 0 lightens toward white, f < 0 darkens toward black."""
    target = (255, 255, 255, c[3]) if f > 0 else (0, 0, 0, c[3])
    return mix(c, target, abs(f))


class Theme:
    """The palette of one theme (its art.toml), with colours parsed to RGBA tuples."""

    def __init__(self, name: str, data: dict):
        self.name = name
        self.d = convert_colours(data)
        self.style = self.d["style"]
        self.ink = self.d["ink"]["outline"]
        self.text = self.d["ink"]["text"]
        self.ow = float(self.style.get("outline", 1.0))
        self.texture = float(self.style.get("texture", 1.0))

    def __getitem__(self, key):
        return self.d[key]

    def font(self, role: str) -> str:
        return self.style[role + "_font"]


def load_theme(name: str) -> Theme:
    with open(THEMES / name / "art.toml", "rb") as fh:
        return Theme(name, tomllib.load(fh))


def theme_names() -> list[str]:
    return sorted(p.parent.name for p in THEMES.glob("*/art.toml"))


def load_game() -> dict:
    with open(GAME_DATA, "rb") as fh:
        return tomllib.load(fh)


def rng_for(name: str, theme: Theme) -> random.Random:
    return random.Random(zlib.crc32(f"{name}".encode()))


# ----------------------------------------------------------------------------
# fonts
# ----------------------------------------------------------------------------

_FONTS: dict[tuple[str, int], pygame.font.Font] = {}


def get_font(filename: str, px: int) -> pygame.font.Font:
    if not pygame.font.get_init():
        pygame.font.init()
    key = (filename, px)
    if key not in _FONTS:
        _FONTS[key] = pygame.font.Font(str(FONTS / filename), px)
    return _FONTS[key]


# ----------------------------------------------------------------------------
# the canvas: logical coordinates, supersampled surface
# ----------------------------------------------------------------------------

class Canvas:
    def __init__(self, w: float, h: float, scale: float = 1.0, ss: int = SS):
        self.w, self.h = w, h
        self.out_size = (max(1, round(w * scale)), max(1, round(h * scale)))
        self.k = scale * ss
        self.surf = pygame.Surface((round(w * self.k), round(h * self.k)), pygame.SRCALPHA)

    # coordinate helpers
    def P(self, p) -> tuple[int, int]:
        return (round(p[0] * self.k), round(p[1] * self.k))

    def L(self, v: float) -> int:
        return max(1, round(v * self.k))

    def R(self, r) -> pygame.Rect:
        x, y, w, h = r
        x0, y0 = round(x * self.k), round(y * self.k)
        x1, y1 = round((x + w) * self.k), round((y + h) * self.k)
        return pygame.Rect(x0, y0, max(1, x1 - x0), max(1, y1 - y0))

    # primitives
    def fill(self, color):
        self.surf.fill(color)

    def rect(self, r, color, radius: float = 0, width: float = 0):
        pygame.draw.rect(self.surf, color, self.R(r),
                         self.L(width) if width else 0,
                         border_radius=round(radius * self.k) if radius else -1)

    def poly(self, pts, color):
        pygame.draw.polygon(self.surf, color, [self.P(p) for p in pts])

    def circle(self, c, r, color, width: float = 0):
        pygame.draw.circle(self.surf, color, self.P(c), max(1, round(r * self.k)),
                           self.L(width) if width else 0)

    def ellipse(self, r, color, width: float = 0):
        pygame.draw.ellipse(self.surf, color, self.R(r), self.L(width) if width else 0)

    def line(self, a, b, color, width: float = 1.0):
        self.polyline([a, b], color, width)

    def polyline(self, pts, color, width: float = 1.0, closed: bool = False):
        """Thick line with round joins and caps (quads + circles)."""
        pts = [(p[0] * self.k, p[1] * self.k) for p in pts]
        if closed:
            pts = pts + [pts[0]]
        hw = width * self.k / 2
        for (x0, y0), (x1, y1) in zip(pts, pts[1:]):
            dx, dy = x1 - x0, y1 - y0
            n = math.hypot(dx, dy)
            if n < 1e-6:
                continue
            ox, oy = -dy / n * hw, dx / n * hw
            quad = [(x0 + ox, y0 + oy), (x1 + ox, y1 + oy), (x1 - ox, y1 - oy), (x0 - ox, y0 - oy)]
            pygame.draw.polygon(self.surf, color, [(round(a), round(b)) for a, b in quad])
        r = max(1, round(hw))
        for x, y in pts:
            pygame.draw.circle(self.surf, color, (round(x), round(y)), r)

    def shape(self, pts, fill, outline=None, width: float = 0):
        self.poly(pts, fill)
        if outline is not None and width:
            self.polyline(pts, outline, width, closed=True)

    def text(self, s: str, font: str, size: float, center, color, anchor: str = "center"):
        f = get_font(font, max(4, round(size * self.k)))
        img = f.render(s, True, color)
        r = img.get_rect()
        setattr(r, anchor, self.P(center))
        self.surf.blit(img, r)
        return r

    def text_width(self, s: str, font: str, size: float) -> float:
        f = get_font(font, max(4, round(size * self.k)))
        return f.size(s)[0] / self.k

    def blit(self, img: pygame.Surface, pos):
        self.surf.blit(img, self.P(pos))

    def sub(self, w: float, h: float) -> Canvas:
        """A transparent layer of the same resolution (for outlines/halos)."""
        c = Canvas.__new__(Canvas)
        c.w, c.h, c.k = w, h, self.k
        c.out_size = (round(w * self.k / SS), round(h * self.k / SS))
        c.surf = pygame.Surface((round(w * self.k), round(h * self.k)), pygame.SRCALPHA)
        return c

    def result(self) -> pygame.Surface:
        return pygame.transform.smoothscale(self.surf, self.out_size)


def dilate(surf: pygame.Surface, radius: int, color) -> pygame.Surface:
    """The silhouette of `surf` grown by `radius` pixels, filled with `color`."""
    mask = pygame.mask.from_surface(surf, 60)
    sil = mask.to_surface(setcolor=color, unsetcolor=(0, 0, 0, 0))
    out = pygame.Surface(surf.get_size(), pygame.SRCALPHA)
    if radius <= 0:
        out.blit(sil, (0, 0))
        return out
    steps = max(12, int(radius * 3))
    rings = sorted({radius, max(1, radius * 2 // 3), max(1, radius // 3)})
    out.blit(sil, (0, 0))
    for r in rings:
        for i in range(steps):
            a = 2 * math.pi * i / steps
            out.blit(sil, (round(math.cos(a) * r), round(math.sin(a) * r)))
    return out


def outlined(layer: Canvas, ink, width: float, halo=None, halo_width: float = 0) -> pygame.Surface:
    """Layer content with a uniform outer outline (and optional light halo beyond it)."""
    r = max(1, round(width * layer.k))
    out = pygame.Surface(layer.surf.get_size(), pygame.SRCALPHA)
    if halo is not None and halo_width > 0:
        rh = r + max(1, round(halo_width * layer.k))
        out.blit(dilate(layer.surf, rh, halo), (0, 0))
    out.blit(dilate(layer.surf, r, ink), (0, 0))
    out.blit(layer.surf, (0, 0))
    return out


def speckle(c: Canvas, rect, colors, n: int, rng: random.Random, rmin=0.6, rmax=1.8,
            wrap: bool = False, ellipse: float = 1.0):
    x0, y0, w, h = rect
    for _ in range(n):
        x = x0 + rng.random() * w
        y = y0 + rng.random() * h
        r = rmin + rng.random() * (rmax - rmin)
        col = colors[rng.randrange(len(colors))]
        offs = [(0, 0)]
        if wrap:
            offs = [(dx, dy) for dx in (-w, 0, w) for dy in (-h, 0, h)]
        for dx, dy in offs:
            c.ellipse((x + dx - r, y + dy - r * ellipse, 2 * r, 2 * r * ellipse), col)


# ----------------------------------------------------------------------------
# lands
# ----------------------------------------------------------------------------

def _tex(theme: Theme, n: int) -> int:
    return int(n * theme.texture)


def land_background(c: Canvas, land: str, developed: bool, th: Theme, rng, x0: float, y0: float,
                    w: float = 128, h: float = 128):
    p = th["lands"][land]
    base = p["ground"] if (land == "settlement" and developed) else p["base"]
    c.rect((x0, y0, w, h), base)
    area = (x0, y0, w, h)
    if land == "settlement":
        speckle(c, area, [p["dark"], p["light"], mix(base, p["dark"], 0.5)],
                _tex(th, int(140 * w / 128)), rng, 0.6, 2.0, ellipse=0.7)
        # a few pebbles
        for _ in range(_tex(th, int(10 * w / 128))):
            x, y = x0 + rng.random() * w, y0 + rng.random() * h
            c.ellipse((x, y, 3.5, 2.4), p["light"])
            c.ellipse((x + 0.6, y + 1.2, 3.0, 1.4), p["dark"])
    elif land == "field":
        if not developed:
            for i in range(9):
                yy = y0 + 7 + i * 14.5
                pts = [(x0 + t, yy + math.sin((x0 + t) / 9.0 + i) * 0.9) for t in range(0, int(w) + 1, 4)]
                c.polyline(pts, p["light"], 2.2)
                c.polyline([(x, y + 2.4) for x, y in pts], p["dark"], 1.4)
        speckle(c, area, [p["dark"], p["light"]], _tex(th, int(120 * w / 128)), rng, 0.5, 1.5)
    elif land == "pasture":
        speckle(c, area, [p["dark"], p["light"]], _tex(th, int(60 * w / 128)), rng, 0.6, 1.6)
        for _ in range(_tex(th, int(70 * w / 128))):
            x, y = x0 + 3 + rng.random() * (w - 6), y0 + 4 + rng.random() * (h - 6)
            col = p["dark"] if rng.random() < 0.6 else p["light"]
            c.line((x, y), (x - 1.8, y - 3.6), col, 0.9)
            c.line((x, y), (x + 0.2, y - 4.2), col, 0.9)
            c.line((x, y), (x + 2.0, y - 3.4), col, 0.9)


def house(c: Canvas, th: Theme, x: float, base: float, w: float, hw: float, rh: float,
          wall, roof, chimney_right: bool = True):
    p = th["lands"]["settlement"]
    ink = th.ink
    ow = 2.0 * th.ow
    top = base - hw
    ov = w * 0.1
    # chimney (behind the roof)
    cx = x + (w * 0.68 if chimney_right else w * 0.2)
    c.shape([(cx, top - rh * 0.75), (cx + w * 0.13, top - rh * 0.75), (cx + w * 0.13, top - rh * 0.2),
             (cx, top - rh * 0.2)], shade(roof, -0.1) if th.texture > 0.5 else roof, ink, ow)
    # walls
    c.shape([(x, top), (x + w, top), (x + w, base), (x, base)], wall, ink, ow)
    # clapboard lines
    if th.texture > 0.5:
        for yy in range(int(top + 5), int(base - 1), 5):
            c.line((x + 1.5, yy), (x + w - 1.5, yy), shade(wall, -0.12), 0.7)
    # roof
    c.shape([(x - ov, top + 1), (x + w / 2, top - rh), (x + w + ov, top + 1)], roof, ink, ow)
    # door and windows
    dw, dh = w * 0.2, hw * 0.52
    c.shape([(x + w / 2 - dw / 2, base), (x + w / 2 - dw / 2, base - dh),
             (x + w / 2 + dw / 2, base - dh), (x + w / 2 + dw / 2, base)], p["door"], ink, ow * 0.6)
    win = min(w * 0.17, hw * 0.34)
    for wx in (x + w * 0.2, x + w * 0.8):
        wy = top + hw * 0.3
        c.shape([(wx - win / 2, wy), (wx + win / 2, wy), (wx + win / 2, wy + win), (wx - win / 2, wy + win)],
                p["window"], ink, ow * 0.6)
        c.line((wx, wy), (wx, wy + win), ink, ow * 0.35)
        c.line((wx - win / 2, wy + win / 2), (wx + win / 2, wy + win / 2), ink, ow * 0.35)
    # gable window
    c.circle((x + w / 2, top - rh * 0.38), rh * 0.13, p["window"])
    c.circle((x + w / 2, top - rh * 0.38), rh * 0.13, ink, ow * 0.45)


def draw_settlement_picture(c: Canvas, th: Theme, rng, x0: float, y0: float):
    p = th["lands"]["settlement"]
    walls, roofs = p["walls"], p["roofs"]
    # a little track
    pts = [(x0 + 60, y0 + 128), (x0 + 64, y0 + 118), (x0 + 70, y0 + 112), (x0 + 96, y0 + 104), (x0 + 128, y0 + 100)]
    c.polyline(pts, p["path"], 9)
    house(c, th, x0 + 10, y0 + 62, 50, 30, 25, walls[0], roofs[0], True)
    house(c, th, x0 + 72, y0 + 56, 44, 27, 23, walls[1], roofs[1], False)
    house(c, th, x0 + 32, y0 + 112, 56, 32, 27, walls[2], roofs[2], True)


def draw_field_picture(c: Canvas, th: Theme, rng, x0: float, y0: float, w: float = 128):
    p = th["lands"]["field"]
    ink = th.ink
    for i in range(5):
        top = y0 + 6 + i * 25
        bottom = top + 15
        n = int(w / 6)
        pts = []
        for j in range(n + 1):
            x = x0 + j * w / n
            pts.append((x, top + (0 if j % 2 else 3.0)))
        body = pts + [(x0 + w, bottom), (x0, bottom)]
        c.poly(body, p["crop"])
        # stalks and ears
        for j in range(n + 1):
            x = x0 + j * w / n
            c.line((x - 1.2, top + 4), (x + 1.0, bottom - 1), p["crop_dark"], 1.1)
            if j % 2:
                c.ellipse((x - 1.6, top - 0.5, 3.2, 6.5), p["crop_light"])
        c.line((x0, bottom + 0.8), (x0 + w, bottom + 0.8), mix(p["crop_dark"], ink, 0.5), 1.6)
    speckle(c, (x0, y0, w, 128), [p["crop_light"]], _tex(th, int(30 * w / 128)), rng, 0.4, 0.9)


def sheep(c: Canvas, th: Theme, cx: float, cy: float, s: float, facing: int = 1):
    p = th["lands"]["pasture"]
    ink = th.ink
    ow = 2.0 * th.ow
    # legs
    for lx in (-9, -4, 5, 10):
        c.line((cx + lx * s, cy + 6 * s), (cx + lx * s, cy + 15 * s), ink, 2.6 * s + ow * 0.4)
        c.line((cx + lx * s, cy + 6 * s), (cx + lx * s, cy + 14 * s), p["face"], 2.2 * s)
    blobs = [(-9, -2, 7), (-3, -5, 7.5), (4, -5, 7.5), (10, -2, 6.5), (-6, 4, 6.5), (2, 4, 7), (8, 3, 6.5)]
    for bx, by, br in blobs:
        c.circle((cx + bx * s * facing, cy + by * s), br * s + ow * 0.75, ink)
    for bx, by, br in blobs:
        c.circle((cx + bx * s * facing, cy + by * s), br * s, p["wool"])
    for bx, by, br in blobs[4:]:
        c.circle((cx + bx * s * facing, cy + (by + 2.5) * s), br * s * 0.55, p["wool_shade"])
    # head
    hx = cx + 16 * s * facing
    hy = cy - 5 * s
    c.ellipse((hx - 5.5 * s - ow * 0.6, hy - 4.5 * s - ow * 0.6, 11 * s + ow * 1.2, 9 * s + ow * 1.2), ink)
    c.ellipse((hx - 5.5 * s, hy - 4.5 * s, 11 * s, 9 * s), p["face"])
    c.ellipse((hx - 5 * s * facing - 3 * s, hy - 6 * s, 6 * s, 3.2 * s), p["face"])
    c.circle((hx + 1.5 * s * facing, hy - 1 * s), 1.0 * s, p["wool"])


def fence(c: Canvas, th: Theme, x0: float, y: float, w: float):
    p = th["lands"]["pasture"]
    ink = th.ink
    ow = 1.8 * th.ow
    for ry in (y + 4, y + 12):
        c.shape([(x0 - 2, ry), (x0 + w + 2, ry), (x0 + w + 2, ry + 4), (x0 - 2, ry + 4)], p["fence"], ink, ow)
    step = 32
    x = x0 + 16
    while x < x0 + w:
        c.shape([(x - 2.8, y - 2), (x + 2.8, y - 2), (x + 2.8, y + 20), (x - 2.8, y + 20)], p["fence"], ink, ow)
        c.line((x - 1.2, y + 1), (x - 1.2, y + 17), p["fence_dark"], 0.8)
        x += step


def draw_pasture_picture(c: Canvas, th: Theme, rng, x0: float, y0: float, w: float = 128):
    fence(c, th, x0, y0 + 88, w)
    sheep(c, th, x0 + 38, y0 + 44, 1.15, 1)
    sheep(c, th, x0 + 84, y0 + 66, 1.25, -1)
    # flowers / tufts in front of the fence
    p = th["lands"]["pasture"]
    for _ in range(_tex(th, 6)):
        x, y = x0 + 6 + rng.random() * (w - 12), y0 + 114 + rng.random() * 8
        c.circle((x, y), 1.3, p["wool"])


def bevel(c: Canvas, th: Theme, base, rect, width: float = 2.0):
    x, y, w, h = rect
    dark = shade(base, -0.35)
    light = shade(base, 0.18)
    c.polyline([(x + 1, y + h - 1), (x + 1, y + 1), (x + w - 1, y + 1)], light, 1.2)
    c.rect((x, y, w, h), dark, width=width * max(1.0, th.ow * 0.8))


def draw_land(name: str, th: Theme, land: str, developed: bool) -> pygame.Surface:
    rng = rng_for(name, th)
    c = Canvas(128, 128)
    land_cell(c, th, rng, land, developed, 0, 0)
    p = th["lands"][land]
    bevel(c, th, p["ground"] if (land == "settlement" and developed) else p["base"], (0, 0, 128, 128))
    return c.result()


def land_cell(c: Canvas, th: Theme, rng, land: str, developed: bool, x0: float, y0: float):
    land_background(c, land, developed, th, rng, x0, y0)
    if developed:
        if land == "settlement":
            draw_settlement_picture(c, th, rng, x0, y0)
        elif land == "field":
            draw_field_picture(c, th, rng, x0, y0)
        else:
            draw_pasture_picture(c, th, rng, x0, y0)


# ----------------------------------------------------------------------------
# families: badges and start tiles
# ----------------------------------------------------------------------------

def family_colors(th: Theme, family: str, cb: bool):
    f = th["families"][family]
    return (f["color_cb"], f["text_cb"]) if cb else (f["color"], f["text"])


def draw_badge_on(c: Canvas, th: Theme, center, r: float, color, text_color, initial: str):
    ink = th.ink
    ow = 2.2 * th.ow
    c.circle(center, r, ink)
    c.circle(center, r - ow, color)
    ring = mix(color, text_color, 0.55)
    c.circle(center, r - ow - r * 0.1, ring, max(0.8, r * 0.045))
    c.text(initial, th.font("number"), r * 1.25, (center[0], center[1] + r * 0.04), text_color)


def draw_badge(name: str, th: Theme, family: str, initial: str, cb: bool) -> pygame.Surface:
    c = Canvas(64, 64)
    color, tcol = family_colors(th, family, cb)
    c.circle((32, 33.5), 30, (0, 0, 0, 60))
    draw_badge_on(c, th, (32, 32), 30, color, tcol, initial)
    return c.result()


def draw_start(name: str, th: Theme, land: str, family: str, initial: str, developed: bool,
               cb: bool) -> pygame.Surface:
    rng = rng_for(name, th)
    c = Canvas(256, 128)
    land_cell(c, th, rng, land, developed, 0, 0)
    land_cell(c, th, rng, land, developed, 128, 0)
    p = th["lands"][land]
    base = p["ground"] if (land == "settlement" and developed) else p["base"]
    color, tcol = family_colors(th, family, cb)
    ink = th.ink
    # the seam between the two parcels: a faint dashed line
    for yy in range(14, 116, 10):
        c.line((128, yy), (128, yy + 4), shade(base, -0.3), 1.0)
    # family band around the whole domino
    band = 10
    c.rect((0, 0, 256, 128), ink, width=band + 2)
    c.rect((1.2, 1.2, 253.6, 125.6), color, width=band)
    c.rect((band + 0.5, band + 0.5, 256 - 2 * band - 1, 128 - 2 * band - 1), ink, width=1.6 * th.ow)
    # badge over the seam
    c.circle((128, 66), 31, (0, 0, 0, 70))
    draw_badge_on(c, th, (128, 64), 30, color, tcol, initial)
    return c.result()


# ----------------------------------------------------------------------------
# figures
# ----------------------------------------------------------------------------

# The figure shapes are the game's own (ne_game/ui/scenes/table/draw/piece_art.py draws
# them at the size shown); the sheet's figures are the same drawing.


def figure_surface(th: Theme, figure: str, scale: float = 1.0) -> pygame.Surface:
    """The 96x96 figure (at `scale`), outlined and haloed, supersampled (not yet reduced)."""
    c = Canvas(96, 96, scale)
    layer = c.sub(96, 96)
    FIGURE_SHAPES[figure](layer, th)
    halo = th.style.get("halo")
    img = outlined(layer, th.ink, 1.3 * th.ow, halo, 1.4)
    c.surf.blit(img, (0, 0))
    return c


def draw_figure(name: str, th: Theme, figure: str) -> pygame.Surface:
    return figure_surface(th, figure).result()


# ----------------------------------------------------------------------------
# cards
# ----------------------------------------------------------------------------

CARD_W, CARD_H = 160, 224


def card_base(c: Canvas, th: Theme, paper, frame):
    pp = th["paper"]
    c.rect((0, 0, CARD_W, CARD_H), pp["card_edge"], radius=12)
    c.rect((1.6, 1.6, CARD_W - 3.2, CARD_H - 3.2), paper, radius=11)
    c.rect((7, 7, CARD_W - 14, CARD_H - 14), frame, radius=7, width=1.6 * th.ow)
    c.rect((10, 10, CARD_W - 20, CARD_H - 20), mix(frame, paper, 0.55), radius=5, width=0.8)


def vp_circle(c: Canvas, th: Theme, vp: int, center=(27, 28), r: float = 17):
    pp = th["paper"]
    c.circle((center[0], center[1] + 1), r, (0, 0, 0, 50))
    c.circle(center, r, pp["vp_ring"])
    c.circle(center, r - 2.2 * th.ow, pp["vp_fill"])
    size = r * (1.2 if vp < 10 else 0.95)
    c.text(str(vp), th.font("number"), size, (center[0], center[1] + 0.5), th.text)


def ribbon(c: Canvas, th: Theme, fill, y: float = 186, h: float = 26):
    """The banner across a card's foot, without words: the game writes the land's or
    figure's name on it in the player's language (card_face.py); the art carries none."""
    ink = th.ink
    x0, x1 = 16, CARD_W - 16
    tails = [(x0 - 6, y + 5), (x0 + 6, y + 5), (x0 + 6, y + h + 5), (x0 - 6, y + h + 5), (x0, y + h / 2 + 5)]
    c.shape(tails, shade(fill, -0.25), ink, 1.2 * th.ow)
    tails = [(x1 + 6, y + 5), (x1 - 6, y + 5), (x1 - 6, y + h + 5), (x1 + 6, y + h + 5), (x1, y + h / 2 + 5)]
    c.shape(tails, shade(fill, -0.25), ink, 1.2 * th.ow)
    c.shape([(x0, y), (x1, y), (x1, y + h), (x0, y + h)], fill, ink, 1.4 * th.ow)


def fit_text(c: Canvas, text: str, font: str, size: float, pos, max_w: float, color,
             anchor: str = "center"):
    """Text at `size`, shrunk until it fits `max_w` logical units."""
    while c.text_width(text, font, size) > max_w and size > 7:
        size -= 0.5
    return c.text(text, font, size, pos, color, anchor)


def pattern_cells(pattern: str) -> list[tuple[int, int]]:
    cells = []
    for row, line in enumerate(pattern.split("/")):
        for col, ch in enumerate(line):
            if ch.upper() == "X":
                cells.append((col, row))
    return cells


def land_tile_image(th: Theme, land: str, size: int) -> pygame.Surface:
    c = Canvas(128, 128, size / 128)
    land_cell(c, th, rng_for(f"card_tile_{land}", th), land, True, 0, 0)
    p = th["lands"][land]
    bevel(c, th, p["ground"] if land == "settlement" else p["base"], (0, 0, 128, 128), 2.5)
    return c.surf


def draw_land_card(name: str, th: Theme, card: dict, game: dict) -> pygame.Surface:
    c = Canvas(CARD_W, CARD_H)
    pp = th["paper"]
    card_base(c, th, pp["card"], pp["card_frame"])
    land = card["land"]
    p = th["lands"][land]
    cells = pattern_cells(card["pattern"])
    cols = max(x for x, _ in cells) + 1
    rows = max(y for _, y in cells) + 1
    gap = 4
    cell = min(44, (120 - gap * (cols - 1)) / cols, (112 - gap * (rows - 1)) / rows)
    gw, gh = cols * cell + (cols - 1) * gap, rows * cell + (rows - 1) * gap
    gx, gy = (CARD_W - gw) / 2, 52 + (124 - gh) / 2
    tile = land_tile_image(th, land, cell)
    # faint grid of the pattern's bounding box
    for x in range(cols):
        for y in range(rows):
            c.rect((gx + x * (cell + gap) - 1, gy + y * (cell + gap) - 1, cell + 2, cell + 2),
                   mix(pp["card"], pp["card_frame"], 0.25), radius=3, width=0.9)
    for x, y in cells:
        px, py = gx + x * (cell + gap), gy + y * (cell + gap)
        c.rect((px + 1, py + 2, cell, cell), (0, 0, 0, 55), radius=2)
        c.blit(tile, (px, py))
        c.rect((px, py, cell, cell), th.ink, radius=1, width=1.3 * th.ow)
    vp_circle(c, th, int(card["vp"]))
    # a small land swatch in the other corner
    c.rect((CARD_W - 40, 17, 22, 22), p["base"], radius=3)
    c.rect((CARD_W - 40, 17, 22, 22), th.ink, radius=3, width=1.2 * th.ow)
    ribbon(c, th, p["ribbon"])
    return c.result()


def draw_figure_card(name: str, th: Theme, card: dict) -> pygame.Surface:
    c = Canvas(CARD_W, CARD_H)
    pp = th["paper"]
    card_base(c, th, pp["card"], pp["card_frame"])
    figure = card["figure"]
    fig = figure_surface(th, figure, scale=1.3 * c.k / SS)
    img = fig.surf
    c.surf.blit(img, img.get_rect(center=c.P((CARD_W / 2, 112))))
    vp_circle(c, th, int(card["vp"]))
    ribbon(c, th, pp["card_frame"])
    return c.result()


def laurel(c: Canvas, th: Theme, cx: float, cy: float, r: float, color):
    """Two laurel branches curving up either side of (cx, cy)."""
    ink = th.ink
    for side in (-1, 1):
        stem = []
        for i in range(9):
            t = math.radians(25 + i * 16)
            stem.append((cx + side * math.sin(t) * r, cy + math.cos(t) * r))
        c.polyline(stem, shade(color, -0.3), 1.6)
        for i in range(1, 9):
            x, y = stem[i]
            px, py = stem[i - 1]
            ang = math.atan2(y - py, x - px)
            for s2 in (-1, 1):
                a2 = ang + s2 * 0.7
                pts = []
                for t in range(7):
                    u = t / 6
                    pts.append((x + math.cos(a2) * u * 11 - math.sin(a2) * math.sin(math.pi * u) * 3.2,
                                y + math.sin(a2) * u * 11 + math.cos(a2) * math.sin(math.pi * u) * 3.2))
                for t in range(6, -1, -1):
                    u = t / 6
                    pts.append((x + math.cos(a2) * u * 11 + math.sin(a2) * math.sin(math.pi * u) * 3.2,
                                y + math.sin(a2) * u * 11 - math.cos(a2) * math.sin(math.pi * u) * 3.2))
                c.shape(pts, color, ink, 0.8)


def draw_majority_card(name: str, th: Theme, figure: str, vp: int) -> pygame.Surface:
    c = Canvas(CARD_W, CARD_H)
    pp = th["paper"]
    card_base(c, th, pp["majority"], pp["majority_frame"])
    leaf = th["lands"]["pasture"]["base"]
    laurel(c, th, CARD_W / 2, 108, 56, leaf)
    fig = figure_surface(th, figure, scale=1.1 * c.k / SS)
    img = fig.surf
    c.surf.blit(img, img.get_rect(center=c.P((CARD_W / 2, 108))))
    vp_circle(c, th, vp)
    ribbon(c, th, pp["majority_frame"])
    return c.result()


def compass_rose(c: Canvas, th: Theme, cx: float, cy: float, r: float, dark, light, accent=None,
                 ring=None, label: bool = True):
    ink = th.ink
    ow = min(th.ow, 1.0 + r / 60) * max(0.45, min(1.0, r / 40))
    if ring is not None:
        c.circle((cx, cy), r * 0.78, ring, 1.2 * th.ow)
        c.circle((cx, cy), r * 0.70, ring, 0.7)
        for i in range(32):
            a = 2 * math.pi * i / 32
            r0 = r * (0.70 if i % 4 == 0 else 0.74)
            c.line((cx + math.cos(a) * r0, cy + math.sin(a) * r0),
                   (cx + math.cos(a) * r * 0.78, cy + math.sin(a) * r * 0.78), ring, 0.7)
    for k, (length, width) in enumerate(((r * 0.62, r * 0.12), (r, r * 0.16))):
        for i in range(4):
            a = math.pi / 2 * i + (math.pi / 4 if k == 0 else 0) - math.pi / 2
            tip = (cx + math.cos(a) * length, cy + math.sin(a) * length)
            left = (cx + math.cos(a - math.pi / 2) * width, cy + math.sin(a - math.pi / 2) * width)
            right = (cx + math.cos(a + math.pi / 2) * width, cy + math.sin(a + math.pi / 2) * width)
            fill_l = accent if (accent is not None and k == 1 and i == 0) else dark
            c.shape([(cx, cy), left, tip], light, ink, ow)
            c.shape([(cx, cy), tip, right], fill_l, ink, ow)
    c.circle((cx, cy), r * 0.07, light)
    c.circle((cx, cy), r * 0.07, ink, ow)
    if label:
        c.text("N", th.font("title"), r * 0.3, (cx, cy - r - r * 0.02), dark, "midbottom")


def draw_card_back(name: str, th: Theme) -> pygame.Surface:
    c = Canvas(CARD_W, CARD_H)
    pp = th["paper"]
    c.rect((0, 0, CARD_W, CARD_H), pp["card_edge"], radius=12)
    c.rect((1.6, 1.6, CARD_W - 3.2, CARD_H - 3.2), pp["back"], radius=11)
    gold = pp["back_frame"]
    c.rect((8, 8, CARD_W - 16, CARD_H - 16), gold, radius=7, width=1.8)
    c.rect((12, 12, CARD_W - 24, CARD_H - 24), gold, radius=5, width=0.8)
    # diagonal lattice
    lat = mix(pp["back"], gold, 0.18)
    for i in range(-20, 20):
        o = i * 16
        pts1 = [(14 + o, 14), (14 + o + 200, 214)]
        pts2 = [(146 - o, 14), (146 - o - 200, 214)]
        for a, b in (pts1, pts2):
            # clip to the inner rectangle
            seg = clip_line(a, b, (14, 14, CARD_W - 28, CARD_H - 28))
            if seg:
                c.line(seg[0], seg[1], lat, 0.9)
    c.circle((CARD_W / 2, 100), 46, pp["back"])
    compass_rose(c, th, CARD_W / 2, 100, 40, gold, mix(pp["back"], gold, 0.55), None, gold, label=True)
    return c.result()


def clip_line(a, b, rect):
    """Liang-Barsky clip of segment a-b to rect (x, y, w, h)."""
    x0, y0 = a
    x1, y1 = b
    rx, ry, rw, rh = rect
    dx, dy = x1 - x0, y1 - y0
    t0, t1 = 0.0, 1.0
    for p, q in ((-dx, x0 - rx), (dx, rx + rw - x0), (-dy, y0 - ry), (dy, ry + rh - y0)):
        if p == 0:
            if q < 0:
                return None
            continue
        t = q / p
        if p < 0:
            t0 = max(t0, t)
        else:
            t1 = min(t1, t)
    if t0 > t1:
        return None
    return (x0 + t0 * dx, y0 + t0 * dy), (x0 + t1 * dx, y0 + t1 * dy)


# ----------------------------------------------------------------------------
# tokens and props
# ----------------------------------------------------------------------------

def draw_bid(name: str, th: Theme, value: int) -> pygame.Surface:
    rng = rng_for(name, th)
    c = Canvas(72, 72)
    w = th["wood"]
    cx, cy, r = 36, 36, 33
    c.circle((cx, cy + 1.8), r, (0, 0, 0, 70))
    c.circle((cx, cy), r, w["edge"])
    c.circle((cx, cy), r - 2.4 * th.ow, w["base"])
    # grain rings, off centre like a cut log
    ox, oy = cx + rng.uniform(-14, 14), cy + rng.uniform(-14, 14)
    if th.texture > 0.5:
        layer = c.sub(72, 72)
        for k in range(3, 60, 6):
            layer.circle((ox, oy), k + rng.uniform(-1, 1), w["grain"], 0.8)
        mask = c.sub(72, 72)
        mask.circle((cx, cy), r - 3.5, (255, 255, 255, 255))
        layer.surf.blit(mask.surf, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
        c.surf.blit(layer.surf, (0, 0))
    c.circle((cx, cy), r - 5, w["light"], 1.0)
    size = 36 if value < 10 else 30
    c.text(str(value), th.font("number"), size, (cx, cy + 1), w["number"])
    return c.result()


def draw_coin(name: str, th: Theme) -> pygame.Surface:
    k = th["coin"]
    c = Canvas(48, 48)
    cx, cy, r = 24, 24, 22
    c.circle((cx, cy + 1.4), r, (0, 0, 0, 70))
    c.circle((cx, cy), r, k["dark"])
    c.circle((cx, cy), r - 1.8 * th.ow, k["base"])
    c.circle((cx - 3, cy - 3), r - 8, mix(k["base"], k["light"], 0.5))
    c.circle((cx, cy), r - 5, k["dark"], 0.8)
    for i in range(28):
        a = 2 * math.pi * i / 28
        c.circle((cx + math.cos(a) * (r - 3), cy + math.sin(a) * (r - 3)), 0.7, k["dark"])
    # the colony's pine tree where a word would be ("1s" read as English)
    tree = [(24, 12), (28, 19), (26, 19), (30, 25), (27, 25), (32, 31), (25.5, 31), (25.5, 36),
            (22.5, 36), (22.5, 31), (16, 31), (21, 25), (18, 25), (22, 19), (20, 19)]
    c.poly(tree, k["text"])
    return c.result()


def draw_wheel(name: str, th: Theme) -> pygame.Surface:
    wcol = th["wheel"]
    c = Canvas(72, 72)
    layer = c.sub(72, 72)
    cx, cy = 36, 36
    for i in range(8):
        a = 2 * math.pi * i / 8 + math.pi / 8
        x, y = cx + math.cos(a) * 30, cy + math.sin(a) * 30
        layer.line((cx, cy), (cx + math.cos(a) * 26, cy + math.sin(a) * 26), wcol["wood"], 4.0)
        layer.line((cx + math.cos(a) * 24, cy + math.sin(a) * 24), (x, y), wcol["wood"], 5.5)
        layer.circle((x, y), 3.6, wcol["light"])
    layer.circle((cx, cy), 21, wcol["wood"], 6.5)
    layer.circle((cx, cy), 21, wcol["light"], 1.2)
    layer.circle((cx, cy), 8, wcol["wood"])
    layer.circle((cx, cy), 4.5, wcol["brass"])
    # inner outline details
    layer.circle((cx, cy), 24.2, th.ink, 0.8)
    layer.circle((cx, cy), 17.8, th.ink, 0.8)
    layer.circle((cx, cy), 4.5, th.ink, 0.8)
    c.surf.blit(outlined(layer, th.ink, 1.4 * th.ow), (0, 0))
    return c.result()


def draw_bag(name: str, th: Theme) -> pygame.Surface:
    b = th["bag"]
    ink = th.ink
    rng = rng_for(name, th)
    c = Canvas(96, 96)
    layer = c.sub(96, 96)
    ow = 1.6 * th.ow
    # the sack: a pear shape, pinched at the neck, slumped at the bottom
    body = smooth([(39, 36), (28, 46), (18, 64), (19, 80), (30, 89), (48, 91), (66, 89), (77, 80),
                   (78, 64), (68, 46), (57, 36)])
    layer.shape(body, b["cloth"], ink, ow)
    # shading on the right and bottom
    shadow = smooth([(62, 44), (72, 60), (74, 78), (64, 87), (50, 89), (64, 80), (68, 62)], closed=True)
    layer.poly(shadow, b["shade"])
    # ruffle above the tie
    ruffle = smooth([(38, 33), (30, 20), (36, 22), (40, 12), (46, 19), (52, 10), (56, 19), (63, 14), (60, 24),
                     (58, 33)])
    layer.shape(ruffle, shade(b["cloth"], 0.12), ink, ow)
    layer.polyline([(42, 31), (41, 20)], b["shade"], 1.0)
    layer.polyline([(50, 31), (52, 17)], b["shade"], 1.0)
    # rope tie with a dangling end
    layer.shape(smooth([(35, 30), (48, 28.5), (61, 30), (61, 37), (48, 38.5), (35, 37)]), b["rope"], ink, ow * 0.7)
    layer.polyline(smooth([(58, 36), (64, 44), (61, 52), (64, 58)], closed=False), b["rope"], 2.4)
    layer.circle((64, 59), 2.3, b["rope"])
    # folds radiating from the neck
    layer.polyline(smooth([(40, 39), (32, 54), (29, 70)], closed=False), b["shade"], 1.4)
    layer.polyline(smooth([(46, 40), (44, 58), (46, 74)], closed=False), b["shade"], 1.2)
    layer.polyline(smooth([(54, 39), (58, 52), (60, 64)], closed=False), b["shade"], 1.2)
    if th.texture > 0.5:
        for _ in range(50):
            x, y = 22 + rng.random() * 52, 44 + rng.random() * 42
            if ((x - 48) / 28) ** 2 + ((y - 68) / 22) ** 2 < 0.85:
                layer.line((x, y), (x + 2.2, y), shade(b["shade"], -0.05), 0.7)
    # a patch with stitches
    layer.shape([(26, 66), (38, 64), (39, 76), (27, 78)], shade(b["cloth"], -0.1), ink, 0.9)
    for t in range(5):
        layer.line((27 + t * 2.6, 65.5 - t * 0.4), (27.5 + t * 2.6, 67.8 - t * 0.4), ink, 0.6)
    c.surf.blit(outlined(layer, ink, 1.2 * th.ow), (0, 0))
    return c.result()


def draw_deck(name: str, th: Theme) -> pygame.Surface:
    pp = th["paper"]
    ink = th.ink
    c = Canvas(96, 96)
    w, h = 52, 74
    for i in range(6, -1, -1):
        x, y = 24 + i * 1.8, 12 + i * 1.6
        c.rect((x, y, w, h), ink, radius=5)
        c.rect((x + 1.2, y + 1.2, w - 2.4, h - 2.4), pp["card"] if i else pp["back"], radius=4)
    x, y = 24, 12
    gold = pp["back_frame"]
    c.rect((x + 4, y + 4, w - 8, h - 8), gold, radius=3, width=1.2)
    compass_rose(c, th, x + w / 2, y + h / 2, 15, gold, mix(pp["back"], gold, 0.5), None, None, label=False)
    return c.result()


def draw_compass(name: str, th: Theme) -> pygame.Surface:
    k = th["compass"]
    c = Canvas(128, 128)
    c.circle((64, 70), 44, mix(th["paper"]["parchment"], (255, 255, 255, 255), 0.2))
    compass_rose(c, th, 64, 70, 50, k["dark"], k["light"], k["accent"], k["ring"], label=True)
    return c.result()


def draw_frame_corner(name: str, th: Theme) -> pygame.Surface:
    k = th["compass"]
    ink = th.ink
    c = Canvas(64, 64)
    for off, wdt in ((6, 2.4), (12, 1.0)):
        c.line((off, off), (64, off), ink, wdt * th.ow)
        c.line((off, off), (off, 64), ink, wdt * th.ow)
    c.rect((2, 2, 20, 20), k["light"])
    c.rect((2, 2, 20, 20), ink, width=1.6 * th.ow)
    c.shape([(12, 4.5), (19.5, 12), (12, 19.5), (4.5, 12)], k["accent"], ink, 1.0)
    c.circle((12, 12), 2, k["light"])
    return c.result()


# ----------------------------------------------------------------------------
# board surfaces
# ----------------------------------------------------------------------------

def draw_sea(name: str, th: Theme) -> pygame.Surface:
    s = th["sea"]
    rng = rng_for(name, th)
    c = Canvas(128, 128)
    c.fill(s["base"])
    speckle(c, (0, 0, 128, 128), [s["dark"], mix(s["base"], s["wave"], 0.15)],
            _tex(th, 90), rng, 0.8, 2.4, wrap=True, ellipse=0.45)
    # wave marks, placed on a jittered grid so they spread evenly; drawn wrapped
    for gy in range(3):
        for gx in range(3):
            x = gx * 128 / 3 + (gy % 2) * 21 + rng.uniform(-9, 9)
            y = gy * 128 / 3 + 14 + rng.uniform(-7, 7)
            length = rng.uniform(13, 21)
            for dx in (-128, 0, 128):
                for dy in (-128, 0, 128):
                    pts = []
                    for t in range(0, 13):
                        u = t / 12
                        pts.append((x + dx + u * length, y + dy - abs(math.sin(u * 2 * math.pi)) * 3.2))
                    c.polyline(pts, s["wave"], 1.5 * max(1.0, th.ow * 0.8))
    return c.result()


def parcel_base(c: Canvas, th: Theme, rng):
    p = th["parcel"]
    c.fill(p["base"])
    speckle(c, (0, 0, 128, 128), [p["speck_dark"], p["speck_light"]], _tex(th, 160), rng, 0.6, 2.2, wrap=True)
    # tiny grass strokes, wrapped
    for _ in range(_tex(th, 24)):
        x, y = rng.random() * 128, rng.random() * 128
        for dx in (-128, 0, 128):
            for dy in (-128, 0, 128):
                c.line((x + dx, y + dy), (x + dx - 1.2, y + dy - 3), p["speck_dark"], 0.8)
                c.line((x + dx, y + dy), (x + dx + 1.4, y + dy - 2.8), p["speck_dark"], 0.8)
    c.rect((0, 0, 128, 128), p["edge"], width=1.0 * th.ow)


def draw_parcel_empty(name: str, th: Theme) -> pygame.Surface:
    c = Canvas(128, 128)
    parcel_base(c, th, rng_for(name, th))
    return c.result()


def shore_layers(c: Canvas, th: Theme, rng):
    """Two transparent layers for a shore along the TOP edge: (sand, sea with foam)."""
    p = th["parcel"]

    def edge(base, amp, phase):
        return [(x, base + amp * math.sin(2 * math.pi * x / 64 + phase)
                 + 0.6 * amp * math.sin(2 * math.pi * x / 32 + 1.3 * phase))
                for x in range(0, 129, 2)]

    sand_l = c.sub(128, 128)
    sand = edge(34, 3.4, 0.7)
    sand_l.poly([(0, -2), (128, -2)] + sand[::-1], p["sand"])
    speckle(sand_l, (0, 0, 128, 26), [p["sand_dark"], shade(p["sand"], 0.3)], _tex(th, 70), rng, 0.4, 1.0)
    sand_l.polyline(sand, p["sand_dark"], 1.8 * max(1.0, th.ow * 0.8))
    sea_l = c.sub(128, 128)
    wet = edge(8, 1.6, 2.0)
    sea_l.poly([(0, -2), (128, -2)] + [(x, y + 3) for x, y in wet[::-1]], mix(p["sand"], p["sand_dark"], 0.6))
    sea_l.poly([(0, -2), (128, -2)] + wet[::-1], th["sea"]["base"])
    sea_l.polyline(wet, p["foam"], 2.2)
    sea_l.polyline([(x, y - 5) for x, y in wet[6:28]], p["foam"], 1.0)
    sea_l.polyline([(x, y - 5) for x, y in wet[38:60]], p["foam"], 1.0)
    return sand_l.surf, sea_l.surf


def draw_parcel_coast(name: str, th: Theme, corner: bool = False) -> pygame.Surface:
    """An empty coastal parcel: the shore runs along the TOP edge (rotate for other sides).

    With corner=True the shore runs along the top AND the right edge (the north-east corner).
    """
    rng = rng_for(name, th)
    c = Canvas(128, 128)
    parcel_base(c, th, rng)
    sand, sea = shore_layers(c, th, rng)
    if corner:
        c.surf.blit(sand, (0, 0))
        c.surf.blit(pygame.transform.rotate(sand, -90), (0, 0))
        c.surf.blit(sea, (0, 0))
        c.surf.blit(pygame.transform.rotate(sea, -90), (0, 0))
    else:
        c.surf.blit(sand, (0, 0))
        c.surf.blit(sea, (0, 0))
    return c.result()


# ----------------------------------------------------------------------------
# the catalogue of sprites
# ----------------------------------------------------------------------------

LANDS = ("settlement", "field", "pasture")
FIGURES = ("pilgrim", "barn", "ship")


def catalogue(game: dict | None = None) -> dict:
    """name -> (draw function, extra args). The order is the order in sprites.toml."""
    game = game or load_game()
    lands = tuple(game["lands"]["order"])
    families = [(f["id"], f["initial"]) for f in game["families"]]
    cat: dict = {}
    for land in lands:
        for dev in (False, True):
            cat[f"land_{land}_{'developed' if dev else 'plain'}"] = (draw_land, (land, dev))
    for land in lands:
        for fam, initial in families:
            for dev in (False, True):
                state = "developed" if dev else "plain"
                cat[f"start_{land}_{fam}_{state}"] = (draw_start, (land, fam, initial, dev, False))
    for land in lands:
        for fam, initial in families:
            for dev in (False, True):
                state = "developed" if dev else "plain"
                cat[f"start_{land}_{fam}_{state}_cb"] = (draw_start, (land, fam, initial, dev, True))
    for fam, initial in families:
        cat[f"badge_{fam}"] = (draw_badge, (fam, initial, False))
        cat[f"badge_{fam}_cb"] = (draw_badge, (fam, initial, True))
    for fig in game["figures"]:
        cat[f"figure_{fig}"] = (draw_figure, (fig,))
    for card in game["cards"]:
        if "figure" in card:
            cat[f"card_{card['id']}"] = (draw_figure_card, (card,))
        else:
            cat[f"card_{card['id']}"] = (draw_land_card, (card, game))
    cat["card_back"] = (draw_card_back, ())
    for fig, spec in game["figures"].items():
        cat[f"majority_{fig}"] = (draw_majority_card, (fig, int(spec["majority_vp"])))
    for v in game["rules"]["bid_values"]:
        cat[f"bid_{v}"] = (draw_bid, (int(v),))
    cat["coin"] = (draw_coin, ())
    cat["start_player_marker"] = (draw_wheel, ())
    cat["bag"] = (draw_bag, ())
    cat["deck"] = (draw_deck, ())
    cat["sea"] = (draw_sea, ())
    cat["parcel_empty"] = (draw_parcel_empty, ())
    cat["parcel_coast"] = (draw_parcel_coast, ())
    cat["parcel_coast_corner"] = (draw_parcel_coast, (True,))
    cat["board_frame_corner"] = (draw_frame_corner, ())
    cat["compass"] = (draw_compass, ())
    return cat


def draw_sprite(name: str, theme: Theme, game: dict | None = None) -> pygame.Surface:
    if not pygame.font.get_init():
        pygame.font.init()
    fn, args = catalogue(game)[name]
    return fn(name, theme, *args)


# ----------------------------------------------------------------------------
# packing and output
# ----------------------------------------------------------------------------

def shelf_pack(sizes: dict[str, tuple[int, int]], width: int = SHEET_WIDTH, pad: int = PADDING):
    """Pack rectangles on shelves, tallest first. Returns ({name: (x, y, w, h)}, (W, H))."""
    order = sorted(sizes, key=lambda n: (-sizes[n][1], -sizes[n][0], n))
    rects = {}
    x = y = pad
    shelf_h = 0
    used_w = 0
    for n in order:
        w, h = sizes[n]
        if x + w + pad > width:
            x = pad
            y += shelf_h + pad
            shelf_h = 0
        rects[n] = (x, y, w, h)
        x += w + pad
        used_w = max(used_w, x)
        shelf_h = max(shelf_h, h)
    return rects, (used_w, y + shelf_h + pad)


def build_theme(name: str, game: dict | None = None, out_dir: Path | None = None) -> dict:
    game = game or load_game()
    theme = load_theme(name)
    out_dir = out_dir or (THEMES / name)
    cat = catalogue(game)
    images = {n: fn(n, theme, *args) for n, (fn, args) in cat.items()}
    rects, size = shelf_pack({n: s.get_size() for n, s in images.items()})
    sheet = pygame.Surface(size, pygame.SRCALPHA)
    sheet.fill((0, 0, 0, 0))
    for n, img in images.items():
        sheet.blit(img, rects[n][:2])
    out_dir.mkdir(parents=True, exist_ok=True)
    pygame.image.save(sheet, str(out_dir / "sprites.png"))
    lines = [
        "# Sprite sheet index, generated by tools/make_art.py from art.toml: do not edit by hand.",
        f"# Theme {name!r}, sheet {size[0]}x{size[1]}, {len(rects)} sprites.",
        'sheet = "sprites.png"',
        "",
    ]
    for n in cat:
        x, y, w, h = rects[n]
        lines.append(f"[sprites.{n}]")
        lines.append(f"rect = [{x}, {y}, {w}, {h}]")
        lines.append("")
    (out_dir / "sprites.toml").write_text("\n".join(lines), encoding="utf-8")
    return images


def contact_sheet(images: dict[str, pygame.Surface], theme: Theme, path: Path):
    """All sprites labelled, on a neutral background, plus a 40 px row of the small-scale art."""
    font = get_font("DejaVuSans.ttf", 11)
    cell_w = 270
    cols = 7
    items = list(images.items())
    rows = []
    row, row_w = [], 0
    for n, img in items:
        w = max(img.get_width(), 120)
        if row and row_w + w + 10 > cols * cell_w:
            rows.append(row)
            row, row_w = [], 0
        row.append((n, img))
        row_w += w + 10
    rows.append(row)
    small = [n for n in images if n.startswith(("land_", "badge_", "figure_", "card_", "start_", "majority_",
                                                  "bid_", "coin", "start_player", "bag", "deck"))
             and not n.endswith("_cb")]
    small_h = 60
    per_line = (cols * cell_w - 20) // 60
    small_lines = math.ceil(len(small) / per_line)
    height = 20 + sum(max(i.get_height() for _, i in r) + 24 for r in rows) + small_lines * (small_h + 8) * 2 + 40
    sheet = pygame.Surface((cols * cell_w, height))
    sheet.fill((128, 122, 110))
    y = 10
    for r in rows:
        x = 10
        rh = max(i.get_height() for _, i in r)
        for n, img in r:
            sheet.blit(img, (x, y))
            sheet.blit(font.render(n, True, (255, 255, 255)), (x, y + rh + 4))
            x += max(img.get_width(), 120) + 10
        y += rh + 24
    # the same things at 40 px on two land backgrounds
    for bg in ((128, 122, 110), (40, 40, 40)):
        sheet.fill(bg, (0, y, sheet.get_width(), small_lines * (small_h + 8) + 10))
        x, yy = 10, y + 6
        for n in small:
            img = images[n]
            w, h = img.get_size()
            k = 40 / max(h, 1) if n.startswith(("card_", "majority_")) else 40 / max(min(w, h), 1)
            if n.startswith(("card_", "majority_")):
                k = 56 / h
            im = pygame.transform.smoothscale(img, (max(1, round(w * k)), max(1, round(h * k))))
            if x + im.get_width() > sheet.get_width() - 10:
                x = 10
                yy += small_h + 8
            sheet.blit(im, (x, yy))
            x += im.get_width() + 6
        y = yy + small_h + 14
    pygame.image.save(sheet, str(path))


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--theme", action="append", help="only this theme (repeatable)")
    ap.add_argument("--contact", metavar="DIR", help="also write art_contact_<theme>.png into DIR")
    args = ap.parse_args(argv)
    pygame.font.init()
    game = load_game()
    for name in args.theme or theme_names():
        images = build_theme(name, game)
        print(f"{name}: {len(images)} sprites -> {THEMES / name / 'sprites.png'}")
        if args.contact:
            path = Path(args.contact) / f"art_contact_{name}.png"
            contact_sheet(images, load_theme(name), path)
            print(f"  contact sheet: {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
