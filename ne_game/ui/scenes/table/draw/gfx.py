"""Small drawing helpers shared by the table views.

Everything here is about pixels only: cached text, safe theme look-ups with a
fallback (so a half-finished theme or sprite sheet never crashes a game), and a
few procedural shapes used where no sprite exists.
"""
from __future__ import annotations

import logging
import unicodedata
import zlib
from collections.abc import Callable, Hashable
from functools import lru_cache

import pygame
from pygame.typing import ColorLike

from ne_game.game.gamedata import default_ruleset
from ne_game.ui.look.text_cut import ellipsized
from ne_game.ui.look.theme import Theme, ThemeError, derived_family_colors

log = logging.getLogger(__name__)

# Fallback colours, used only when the theme lacks a key (the theme is the source).
_DEFAULT_COLORS: dict[str, str] = {
    "background": "#1f2b35", "background_alt": "#283846", "panel": "#efe5cc",
    "panel_alt": "#e3d5b3", "panel_border": "#8a6a3f", "panel_active": "#fff7dd",
    "panel_dark": "#2f4050", "text": "#2a2118", "text_dim": "#6f6352",
    "text_inverse": "#f6efdd", "text_on_dark": "#efe6d0", "text_dim_on_dark": "#a9b4bd",
    "title_text": "#f3e3b5", "accent": "#b5472f", "gold": "#d4a437", "error": "#c0392b",
    "success": "#4e9a4f", "highlight_legal": "#7ee08a99", "highlight_hover": "#fff3a0cc",
    "highlight_illegal": "#e0505088", "highlight_changed": "#ffd24acc", "ground_shade": "#2a1e0c4c",
    "highlight_selected": "#ffffffdd", "sea": "#2f6f8f", "sea_deep": "#1c4a64",
    "sea_foam": "#a8d3e0", "board_grid": "#00000040", "board_bg": "#c9b98f",
    "parcel_empty": "#d8caa2", "sand": "#e8d39a", "shadow": "#00000066", "overlay_dim": "#0b1117b0",
    "button": "#3b5568", "button_hover": "#4f7089", "button_pressed": "#2b4051",
    "button_disabled": "#4a5159", "button_text": "#f6efdd",
    "button_text_disabled": "#9aa1a8", "button_border": "#1a2630",
    "tooltip_bg": "#2a2118ee", "tooltip_text": "#f6efdd", "log_bg": "#1a242ccc",
    "log_text": "#dfe6ea",
}
_DEFAULT_LAND = {"settlement": "#8b5a2b", "field": "#3a3128", "pasture": "#5c9a3c"}
_DEFAULT_LAND_DEV = {"settlement": "#a8713c", "field": "#c9a43a", "pasture": "#79b84f"}


def family_initial(family: str) -> str:
    """The family's initial from the game data ("?" for an id it does not know)."""
    for spec in default_ruleset().families:
        if spec.id == family:
            return spec.initial
    return "?"


def id_color(ident: str, value: float = 0.62) -> pygame.Color:
    """A colour of its own for a land or figure the theme has no colour for: its hue from the
    id (stable across runs), muted enough to sit beside the theme's colours."""
    hue = zlib.crc32(ident.encode("utf-8")) % 360
    c = pygame.Color(0)
    c.hsva = (hue, 45, int(value * 100), 100)
    return c


_SAID_FALLBACK: set[str] = set()


def note_fallback(what: str) -> None:
    """One log line per piece drawn with the generated stand-in (a new land or figure in the
    data that the theme has no art for)."""
    if what not in _SAID_FALLBACK:
        _SAID_FALLBACK.add(what)
        log.info("no art for %s in the theme: drawn as its initial on a disc", what)


def to_color(value: ColorLike) -> pygame.Color:
    """A new Color from a Color, a "#rrggbb[aa]" or colour name, or an (r, g, b[, a])."""
    return pygame.Color(value)


class Style:
    """The theme seen through a forgiving lens: every look-up has a default.

    The shell's Theme raises on unknown keys (good for catching typos in theme
    files); the table must keep drawing while themes and sheets are still growing.
    """

    def __init__(self, theme: Theme, colorblind: bool = False) -> None:
        self.theme = theme
        self.colorblind = colorblind
        self._colors: dict[str, pygame.Color] = {}
        self._sprites: dict[tuple[str, tuple[int, int]], pygame.Surface | None] = {}
        self._fonts: dict[tuple[str, int], pygame.font.Font] = {}

    def color(self, key: str) -> pygame.Color:
        c = self._colors.get(key)
        if c is None:
            try:
                c = to_color(self.theme.color(key))
            except (ThemeError, ValueError) as err:   # a theme without this key: our default
                log.debug("colour %s: %s", key, err)
                c = to_color(_DEFAULT_COLORS.get(key, "#ff00ff"))
            self._colors[key] = c
        return c

    def family(self, family: str) -> pygame.Color:
        key = "fam:" + family + (":cb" if self.colorblind else "")
        c = self._colors.get(key)
        if c is None:
            try:
                c = to_color(self.theme.family_color(family, colorblind=self.colorblind))
            except (ThemeError, ValueError) as err:
                log.debug("family colour %s: %s", family, err)
                c = derived_family_colors(family)["color_cb" if self.colorblind else "color"]
            self._colors[key] = c
        return c

    def family_text(self, family: str) -> pygame.Color:
        """Black or white, whichever reads better on the family colour."""
        c = self.family(family)
        lum = 0.299 * c.r + 0.587 * c.g + 0.114 * c.b
        return pygame.Color(0, 0, 0) if lum > 140 else pygame.Color(255, 255, 255)

    def land(self, land: str, developed: bool = False) -> pygame.Color:
        key = "land:" + land + (":dev" if developed else "")
        c = self._colors.get(key)
        if c is None:
            try:
                if developed:
                    c = to_color(self.theme.land_color(land, developed=True))
                else:
                    c = to_color(self.theme.land_color(land))
            except (ThemeError, ValueError) as err:
                log.debug("land colour %s: %s", land, err)
                table = _DEFAULT_LAND_DEV if developed else _DEFAULT_LAND
                c = to_color(table[land]) if land in table else id_color(land, 0.78 if developed else 0.55)
            self._colors[key] = c
        return c

    def font(self, role: str, px: int) -> pygame.font.Font:
        px = max(6, int(px))
        key = (role, px)
        f = self._fonts.get(key)
        if f is None:
            try:
                f = self.theme.font(role, px)
            except (ThemeError, OSError, pygame.error) as err:
                log.warning("font %s %dpx: %s; using the bundled one", role, px, err)
                f = _fallback_font(role, px)
            self._fonts[key] = f
        return f

    def sprite(self, name: str, size: tuple[int, int]) -> pygame.Surface | None:
        """A scaled sprite, or None when the sheet lacks it (callers draw a shape)."""
        size = (max(1, int(size[0])), max(1, int(size[1])))
        key = (name, size)
        if key in self._sprites:
            return self._sprites[key]
        s = None
        try:
            has = getattr(self.theme, "has_sprite", None)
            # The shell's theme hands out magenta placeholders for missing sprites;
            # the table draws its own shapes instead until the art lands.
            if has is None or has(name):
                s = self.theme.sprite(name, size)
        except (ThemeError, OSError, pygame.error, ValueError) as err:   # drawn shapes instead
            log.warning("sprite %s: %s", name, err)
            s = None
        self._sprites[key] = s
        return s

    def text(self, s: str, role: str, px: int, color: ColorLike) -> pygame.Surface:
        return _render(self.font(role, px), s, tuple(to_color(color)))


@lru_cache(maxsize=64)
def _fallback_font(role: str, px: int) -> pygame.font.Font:
    from ne_game.storage.paths import resource_path

    name = {"title": "EBGaramond12-Bold.otf", "heading": "EBGaramond12-Bold.otf",
            "bold": "DejaVuSans-Bold.ttf", "number": "DejaVuSans-Bold.ttf"}.get(
        role, "DejaVuSans.ttf")
    path = resource_path("assets", "fonts", name)
    try:
        return pygame.font.Font(str(path), px)
    except (OSError, pygame.error) as err:
        log.warning("font %s: %s; using pygame's default", path, err)
        return pygame.font.Font(None, px)


_TEXT_CACHE: dict[tuple[pygame.font.Font, str, tuple[int, ...]], pygame.Surface] = {}


def _render(font: pygame.font.Font, s: str, color: tuple[int, ...]) -> pygame.Surface:
    # Text is the most expensive thing we draw each frame; cache by (font, text, colour).
    # The key holds the font itself, not its id: a font freed after a theme or scale
    # change must not hand its id (and its cached texts, in its size) to a new font.
    key = (font, s, color)
    surf = _TEXT_CACHE.get(key)
    if surf is None:
        if len(_TEXT_CACHE) > 4000:
            _TEXT_CACHE.clear()
        surf = font.render(s, True, color)
        _TEXT_CACHE[key] = surf
    return surf


#: Watchers of text that does not fit (tests): fn(kind, text), kind "cut" (shortened with an
#: ellipsis) or "overflow" (a word wider than its box). Drawing never depends on them.
TEXT_WATCHERS: list[Callable[[str, str], None]] = []


def note_text(kind: str, text: str) -> None:
    for fn in TEXT_WATCHERS:
        fn(kind, text)


FIT_TEXT_LIMIT = 256   # no label shows more; longer text (a damaged save's name) is cut first


def fit_text(style: Style, s: str, role: str, px: int, color: ColorLike, max_w: int) -> pygame.Surface:
    """Text shrunk (down to 60 %) and then cut with an ellipsis to fit max_w.

    Control characters (a NUL from a damaged file cannot be drawn) are dropped and at most
    FIT_TEXT_LIMIT characters are measured; the cut is a binary search, so a 100,000-character
    name costs about as many renders as a short one.
    """
    s = "".join(ch for ch in str(s)[:FIT_TEXT_LIMIT * 2] if unicodedata.category(ch) != "Cc")[:FIT_TEXT_LIMIT]
    size = px
    surf = style.text(s, role, size, color)
    while surf.get_width() > max_w and size > px * 0.6:
        size -= 1
        surf = style.text(s, role, size, color)
    if surf.get_width() > max_w and len(s) > 1:
        # the longest prefix whose "prefix…" fits; one character at least, as before
        surf = style.text(ellipsized(s, lambda cand: style.text(cand, role, size, color).get_width() <= max_w),
                          role, size, color)
        note_text("cut", s)
    return surf


def wrap(style: Style, s: str, role: str, px: int, max_w: int) -> list[str]:
    font = style.font(role, px)
    lines: list[str] = []
    for para in s.split("\n"):
        words = para.split(" ")
        line = ""
        for w in words:
            cand = (line + " " + w).strip()
            if font.size(cand)[0] <= max_w or not line:
                if font.size(cand)[0] > max_w:
                    note_text("overflow", cand)
                line = cand
            else:
                lines.append(line)
                line = w
        lines.append(line)
    return lines


def blit_paragraph(dst: pygame.Surface, style: Style, text: str, rect: pygame.Rect, px: int, min_px: int,
                   left: int, right: int, color: ColorLike) -> None:
    """A sentence in a row of a list (a story fact, a coach finding): wrapped, at the largest
    size from `px` down to `min_px` at which its lines fit the row's height, centred in height,
    `left` pixels in and `right` pixels short of the row's right edge."""
    size = px
    lines = wrap(style, text, "body", size, rect.width - left - right)
    while len(lines) * style.font("body", size).get_linesize() > rect.height and size > min_px:
        size -= 1
        lines = wrap(style, text, "body", size, rect.width - left - right)
    lh = style.font("body", size).get_linesize()
    y = rect.centery - lh * len(lines) // 2
    for line in lines:
        dst.blit(style.text(line, "body", size, color), (rect.x + left, y))
        y += lh


def blit_center(dst: pygame.Surface, src: pygame.Surface, center: tuple[float, float]) -> None:
    dst.blit(src, src.get_rect(center=(int(center[0]), int(center[1]))))


def alpha_rect(dst: pygame.Surface, color: ColorLike, rect: pygame.Rect, radius: int = 0,
               width: int = 0) -> None:
    """A filled (or outlined) rounded rect that honours the colour's alpha."""
    c = to_color(color)
    if c.a == 255:
        pygame.draw.rect(dst, c, rect, width, border_radius=radius)
        return
    tmp = pygame.Surface(rect.size, pygame.SRCALPHA)
    pygame.draw.rect(tmp, c, tmp.get_rect(), width, border_radius=radius)
    dst.blit(tmp, rect.topleft)


def shade(color: ColorLike, f: float) -> pygame.Color:
    """Darker (f < 1) or lighter (f > 1) version of a colour."""
    c = to_color(color)
    if f <= 1:
        return pygame.Color(int(c.r * f), int(c.g * f), int(c.b * f), c.a)
    g = f - 1
    return pygame.Color(int(c.r + (255 - c.r) * g), int(c.g + (255 - c.g) * g),
                        int(c.b + (255 - c.b) * g), c.a)


def badge(style: Style, family: str, size: int) -> pygame.Surface:
    """A round family badge: colour AND initial, so colour alone never tells."""
    name = f"badge_{family}_cb" if style.colorblind else f"badge_{family}"
    spr = style.sprite(name, (size, size))
    if spr is not None:
        return spr
    key = ("badge", family, size, style.colorblind)
    surf = _SHAPES.get(key)
    if surf is None:
        surf = pygame.Surface((size, size), pygame.SRCALPHA)
        r = size // 2
        pygame.draw.circle(surf, shade(style.family(family), 0.55), (r, r), r)
        pygame.draw.circle(surf, style.family(family), (r, r), max(1, r - max(2, size // 14)))
        t = style.text(family_initial(family), "bold", int(size * 0.55),
                       style.family_text(family))
        blit_center(surf, t, (r, r + 1))
        _SHAPES[key] = surf
    return surf


_SHAPES: dict[tuple[Hashable, ...], pygame.Surface] = {}


def cached_shape(key: tuple[Hashable, ...], build: Callable[[], pygame.Surface]) -> pygame.Surface:
    surf = _SHAPES.get(key)
    if surf is None:
        if len(_SHAPES) > 3000:
            _SHAPES.clear()
        surf = build()
        _SHAPES[key] = surf
    return surf
