"""Pictures of the game's pieces at a given pixel size, cached.

Each uses the art engineer's sprite when the theme's sheet has it and draws a
clean procedural stand-in otherwise, so the table is always readable.
"""
from __future__ import annotations

import math
import random

import pygame

from ne_game.rules import Ruleset
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

def land_tile(style: Style, land: str, developed: bool, size: int) -> pygame.Surface:
    name = f"land_{land}_{'developed' if developed else 'plain'}"
    spr = style.sprite(name, (size, size))
    if spr is not None:
        return spr
    return cached_shape(("land", land, developed, size, id(style.theme)),
                        lambda: _draw_land(style, land, developed, (size, size)))


def _draw_land(style: Style, land: str, developed: bool, size: tuple[int, int]) -> pygame.Surface:
    w, h = size
    surf = pygame.Surface(size, pygame.SRCALPHA)
    base = style.land(land, developed)
    inset = max(1, min(w, h) // 22)
    r = pygame.Rect(inset, inset, w - 2 * inset, h - 2 * inset)
    pygame.draw.rect(surf, shade(base, 0.6), r, border_radius=max(2, min(w, h) // 9))
    inner = r.inflate(-2 * max(1, inset), -2 * max(1, inset))
    pygame.draw.rect(surf, base, inner, border_radius=max(2, min(w, h) // 10))
    rng = random.Random(hash((land, developed, size)) & 0xFFFF)
    # A little grain so a plain tile is not a flat swatch.
    for _ in range(int(w * h / 60)):
        x = rng.randrange(inner.left + 2, max(inner.left + 3, inner.right - 2))
        y = rng.randrange(inner.top + 2, max(inner.top + 3, inner.bottom - 2))
        surf.set_at((x, y), shade(base, rng.choice((0.85, 1.15))))
    if developed:
        _pictogram(surf, land, inner, base)
    return surf


_LAND_ART = ("settlement", "field", "pasture")      # the lands the default pictograms draw


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


def _pictogram(surf: pygame.Surface, land: str, r: pygame.Rect, base: pygame.Color) -> None:
    """The developed side's picture: houses, crops or sheep, per parcel-sized square."""
    dark = shade(base, 0.45)
    light = shade(base, 1.5)
    cells = []
    if r.width >= r.height * 1.5:
        cells = [pygame.Rect(r.x, r.y, r.width // 2, r.height),
                 pygame.Rect(r.x + r.width // 2, r.y, r.width - r.width // 2, r.height)]
    elif r.height >= r.width * 1.5:
        cells = [pygame.Rect(r.x, r.y, r.width, r.height // 2),
                 pygame.Rect(r.x, r.y + r.height // 2, r.width, r.height - r.height // 2)]
    else:
        cells = [r]
    for c in cells:
        s = min(c.width, c.height)
        cx, cy = c.center
        if land == "settlement":
            for dx, scale in ((-0.18, 0.9), (0.2, 0.75)):
                bw = int(s * 0.28 * scale)
                bh = int(s * 0.22 * scale)
                bx = int(cx + dx * s) - bw // 2
                by = int(cy + s * 0.12) - bh
                pygame.draw.rect(surf, (236, 222, 196), (bx, by, bw, bh))
                pygame.draw.rect(surf, dark, (bx, by, bw, bh), 1)
                pygame.draw.polygon(surf, (150, 48, 36),
                                    [(bx - 2, by), (bx + bw // 2, by - int(bh * 0.9)),
                                     (bx + bw + 2, by)])
                pygame.draw.rect(surf, dark, (bx + bw // 2 - 1, by + bh // 2, max(2, bw // 5),
                                              bh - bh // 2))
        elif land == "field":
            rows = 5
            for i in range(rows):
                y = int(c.y + s * 0.18 + i * s * 0.64 / (rows - 1))
                pygame.draw.line(surf, shade(base, 0.62), (c.x + s * 0.14, y),
                                 (c.right - s * 0.14, y), max(1, s // 28))
                for j in range(5):
                    x = int(c.x + s * 0.18 + j * s * 0.64 / 4)
                    pygame.draw.line(surf, light, (x, y), (x, y - max(2, s // 12)),
                                     max(1, s // 36))
        elif land == "pasture":  # a fence and two sheep
            y = int(cy + s * 0.2)
            pygame.draw.line(surf, (120, 86, 50), (c.x + s * 0.1, y), (c.right - s * 0.1, y),
                             max(1, s // 26))
            for k in range(4):
                x = int(c.x + s * 0.15 + k * s * 0.7 / 3)
                pygame.draw.line(surf, (120, 86, 50), (x, y - s * 0.12), (x, y + s * 0.06),
                                 max(1, s // 26))
            for dx, dy in ((-0.16, -0.12), (0.16, -0.04)):
                sx, sy = int(cx + dx * s), int(cy + dy * s)
                pygame.draw.ellipse(surf, (246, 244, 236),
                                    (sx - s * 0.12, sy - s * 0.08, s * 0.24, s * 0.16))
                pygame.draw.circle(surf, (50, 44, 40), (int(sx + s * 0.12), sy - 1),
                                   max(1, int(s * 0.045)))
        elif land not in _LAND_ART:
            _initial_disc(surf, land, c, base)


def start_tile(style: Style, land: str, family: str, developed: bool, across: bool,
               cell: int) -> pygame.Surface:
    """A 2-parcel domino (horizontal when `across`) with the family's initial."""
    name = f"start_{land}_{family}_{'developed' if developed else 'plain'}"
    spr = style.sprite(name + "_cb", (2 * cell, cell)) if style.colorblind else None
    if spr is None:
        spr = style.sprite(name, (2 * cell, cell))
    if spr is not None:
        if across:
            return spr
        def turned() -> pygame.Surface:
            # Turn the domino, then put the initial back upright so it always reads.
            out = pygame.transform.rotate(spr, 90)
            b = badge(style, family, max(8, int(cell * 0.5)))
            blit_center(out, b, (out.get_width() // 2, out.get_height() // 2))
            return out

        return cached_shape(("start_rot", name, cell, style.colorblind, id(style.theme)), turned)

    def build() -> pygame.Surface:
        size = (2 * cell, cell) if across else (cell, 2 * cell)
        surf = _draw_land(style, land, developed, size)
        w, h = size
        fam = style.family(family)
        pygame.draw.rect(surf, fam, surf.get_rect().inflate(-2, -2), max(2, cell // 14),
                         border_radius=max(3, cell // 8))
        b = badge(style, family, max(10, int(cell * 0.42)))
        blit_center(surf, b, (w // 2, h // 2))
        return surf

    return cached_shape(("start", land, family, developed, across, cell, style.colorblind),
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

def card(style: Style, card_id: str, size: tuple[int, int], rs: Ruleset,
         floor: int = 12) -> pygame.Surface:
    """A card's face at `size`, in the player's language (card_face.py); its ribbon's words
    only at `floor` pixels or more (the sofa's floor where the table has one)."""
    # imported here: card_face draws with this module's tiles and figures
    from ne_game.ui.scenes.table.draw.card_face import card_face
    return card_face(style, card_id, size, rs, floor)


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
    spr = style.sprite("bag", (size, size))
    if spr is not None:
        return spr

    def build() -> pygame.Surface:
        s = size
        surf = pygame.Surface((s, s), pygame.SRCALPHA)
        pygame.draw.ellipse(surf, (120, 84, 50), (s * 0.1, s * 0.3, s * 0.8, s * 0.66))
        pygame.draw.polygon(surf, (120, 84, 50), [(s * 0.32, s * 0.36), (s * 0.4, s * 0.12),
                                                  (s * 0.6, s * 0.12), (s * 0.68, s * 0.36)])
        pygame.draw.line(surf, (60, 40, 24), (s * 0.34, s * 0.3), (s * 0.66, s * 0.3),
                         max(1, s // 14))
        pygame.draw.ellipse(surf, (60, 40, 24), (s * 0.1, s * 0.3, s * 0.8, s * 0.66),
                            max(1, s // 20))
        return surf

    return cached_shape(("bag", size), build)


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
    spr = style.sprite("start_player_marker", (size, size))
    if spr is not None:
        return spr

    def build() -> pygame.Surface:
        s = size
        surf = pygame.Surface((s, s), pygame.SRCALPHA)
        pts = []
        for i in range(10):
            ang = -math.pi / 2 + i * math.pi / 5
            rr = s * (0.48 if i % 2 == 0 else 0.22)
            pts.append((s / 2 + rr * math.cos(ang), s / 2 + rr * math.sin(ang)))
        pygame.draw.polygon(surf, (212, 164, 55), pts)
        pygame.draw.polygon(surf, (90, 60, 20), pts, max(1, s // 16))
        return surf

    return cached_shape(("spm", size), build)

