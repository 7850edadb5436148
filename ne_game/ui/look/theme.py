"""The look of the game, read from a TOML theme: colours, fonts, sprites, base sizes.

`assets/themes/<name>/theme.toml` names everything the UI draws with; this module
validates it on load (so a typo shows up at start-up with the file and key named,
not as a KeyError mid-game) and hands out cached fonts and scaled sprites.

The required keys are plain tuples below: to add a key, add it to the tuple and
to every theme.toml.
"""
from __future__ import annotations

import logging
import math
import re
import struct
import warnings
import zlib
from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass, field
from pathlib import Path

import pygame

from ne_game.storage import safe_io
from ne_game.storage.paths import resource_path, user_data_dir

log = logging.getLogger(__name__)

# ---------------------------------------------------------------- required keys
REQUIRED_COLORS: tuple[str, ...] = (
    "background", "background_alt", "panel", "panel_alt", "panel_border",
    "panel_active", "panel_dark",
    "text", "text_dim", "text_inverse", "text_on_dark", "text_dim_on_dark",
    "title_text", "accent", "accent_text", "gold", "error", "success",
    "highlight_legal", "highlight_hover", "highlight_illegal", "highlight_changed",
    "highlight_selected",
    "sea", "sea_deep", "sea_foam", "board_grid", "board_bg", "parcel_empty",
    "shadow", "overlay_dim",
    "button", "button_hover", "button_pressed", "button_disabled", "button_text",
    "button_text_disabled", "button_border", "input_bg", "input_text",
    "tooltip_bg", "tooltip_text", "log_bg", "log_text",
)
REQUIRED_FONT_ROLES: tuple[str, ...] = ("title", "heading", "body", "bold", "number")
#: the font a role falls back to when its own file cannot be used (the theme's, then the default
#: theme's): DejaVu Sans draws every character the game's words use
FALLBACK_FONTS = {"title": "DejaVuSans-Bold.ttf", "heading": "DejaVuSans-Bold.ttf", "bold": "DejaVuSans-Bold.ttf",
                  "number": "DejaVuSans-Bold.ttf"}
FALLBACK_FONT = "DejaVuSans.ttf"
#: [fonts.adjust]: how much larger than asked a role's font is opened, so that fonts with a small
#: body (a short x-height) read at the size the layouts were designed for
FONT_ADJUST_MIN, FONT_ADJUST_MAX = 0.5, 2.0
REQUIRED_SIZES: tuple[str, ...] = (
    "margin", "gap", "corner_radius", "border_width", "shadow_offset",
    "panel_width", "panel_padding", "button_width", "button_height", "menu_width",
    "dialog_width", "dialog_height", "input_height",
    "font_title", "font_subtitle", "font_heading", "font_body", "font_small",
    "font_number", "font_button",
    "cell_size", "card_width", "card_height", "badge_size", "figure_size",
    "bid_size", "offer_slot_size", "tooltip_padding", "log_height", "log_lines",
)
REQUIRED_FAMILY_KEYS: tuple[str, ...] = ("color", "color_cb", "text", "text_cb")
#: how a family's estate boundary is ruled on the map ([families.<id>].boundary), so that its
#: estates are told apart in grey too, as an old map tells its boundaries by their line
BOUNDARY_STYLES: tuple[str, ...] = ("solid", "dashed", "dotted", "double")
REQUIRED_LAND_KEYS: tuple[str, ...] = ("color", "color_developed")

THEMES_DIR = ("assets", "themes")
FONTS_DIR = ("assets", "fonts")
USER_THEMES_DIR = "themes"          # <user data>/themes/<name>/theme.toml

THEME_NAME = re.compile(r"[A-Za-z0-9_-]{1,64}")
FONT_PX_MIN, FONT_PX_MAX = 4, 200   # a theme's font_* sizes, at 100 % scale
FONT_RENDER_MAX = 512               # any font asked for at any scale
SIZE_MAX = 10_000                   # any other [sizes] value
SHEET_MAX_PIXELS = 4096 * 4096      # a sprite sheet (the default one is 2014 x 1438)
SHEET_MAX_BYTES = 64 * 1024 * 1024
RECT_MAX = 16_384


#: a pygame-gui theme as a dict: {element or @class or #id: {"colours"/"font"/"misc": {key: text}}}
GuiTheme = dict[str, dict[str, dict[str, str]]]


class ThemeError(Exception):
    """A theme file is missing, malformed, or lacks a key; the message names file and key."""


def _read_toml(path: Path) -> dict[str, object]:
    """A theme's TOML through the safe reader (regular file, size and depth caps)."""
    try:
        # tomllib's syntax message already carries "(at line N, column M)".
        return safe_io.load_toml(path, "theme", str(path))
    except FileNotFoundError:
        raise ThemeError(f"{path}: file not found") from None
    except safe_io.UnsafeFile as exc:
        text = str(exc)
        raise ThemeError(text if text.startswith(str(path)) else f"{path}: {text}") from None


def family_ids() -> list[str]:
    """Family ids in seat order, from the ruleset (not hard-coded here)."""
    from ne_game.game.gamedata import default_ruleset

    return list(default_ruleset().family_ids)


# The colour-blind-safe palette in order: the bundled themes give the shipped families its
# first four (Okabe & Ito's vermillion and sky blue, Tol's wine, white: apart under every colour-
# vision simulation; their orange vanished on a golden field, playtest 10c, and their yellow sat
# by it); a family the game data adds beyond a theme's tables continues it with the rest of
# Okabe & Ito's set.
_OKABE_ITO: tuple[str, ...] = ("#d55e00", "#56b4e9", "#993366", "#ffffff", "#009e73", "#0072b2", "#e69f00",
                               "#999999")
_GOLDEN_ANGLE = 137.508   # degrees: each next hue lands far from all the ones before it


def _readable_on(color: pygame.Color) -> pygame.Color:
    """Black or white, whichever reads better on `color`."""
    lum = 0.299 * color.r + 0.587 * color.g + 0.114 * color.b
    return pygame.Color(0, 0, 0) if lum > 140 else pygame.Color(255, 255, 255)


def derived_family_colors(family: str) -> dict[str, pygame.Color]:
    """Colours for a family a theme has no [families.<id>] table for (one the game data adds):
    derived from the family's place in the data, so they are stable and differ between
    families; an id the data does not know gets a hue from its name."""
    ids = family_ids()
    index = ids.index(family) if family in ids else zlib.crc32(family.encode("utf-8")) % 360
    color = pygame.Color(0)
    color.hsva = ((index * _GOLDEN_ANGLE + 30) % 360, 65, 85, 100)
    cb = pygame.Color(_OKABE_ITO[index % len(_OKABE_ITO)])
    return {"color": color, "color_cb": cb, "text": _readable_on(color), "text_cb": _readable_on(cb)}


def land_ids() -> list[str]:
    """The lands of the ruleset."""
    from ne_game.game.gamedata import default_ruleset

    return list(default_ruleset().lands)


def _parse_color(value: object, path: Path, key: str) -> pygame.Color:
    if not isinstance(value, str) or not value.startswith("#") or len(value) not in (7, 9):
        raise ThemeError(f"{path}: key {key} must be a colour \"#rrggbb\" or \"#rrggbbaa\", got {value!r}")
    try:
        int(value[1:], 16)
        return pygame.Color(value)
    except (ValueError, TypeError):
        raise ThemeError(f"{path}: key {key} is not a valid colour: {value!r}") from None


def _color_tables(data: Mapping[str, object], name: str, ids: Iterable[str], required: Iterable[str],
                  path: Path, optional: bool = False,
                  words: Collection[str] = ()) -> dict[str, dict[str, pygame.Color]]:
    """[name.<id>] colour tables, one per id, each with at least the required keys. With
    `optional`, an id without a table is left out (drawn in a colour of its own: a land or
    family the game data adds that the theme does not know yet)."""
    table = _table(data, name, path)
    out: dict[str, dict[str, pygame.Color]] = {}
    for ident in ids:
        entry = table.get(ident)
        if entry is None and optional:
            log.info("%s: no colours for [%s.%s]; a colour of its own is used", path, name, ident)
            continue
        if not isinstance(entry, dict):
            raise ThemeError(f"{path}: missing table [{name}.{ident}]")
        for key in required:
            if key not in entry:
                raise ThemeError(f"{path}: missing key [{name}.{ident}].{key}")
        out[ident] = {k: _parse_color(v, path, f"[{name}.{ident}].{k}") for k, v in entry.items()
                      if k not in words}      # `words`: keys that are not colours (read apart)
    return out


def _boundaries(data: Mapping[str, object], path: Path) -> dict[str, str]:
    """[families.<id>].boundary: one of BOUNDARY_STYLES, each family its own (optional: a family
    without one is ruled solid)."""
    out: dict[str, str] = {}
    table = _table(data, "families", path)
    for ident, entry in table.items():
        if not isinstance(entry, dict) or "boundary" not in entry:
            continue
        style = entry["boundary"]
        if style not in BOUNDARY_STYLES:
            raise ThemeError(f"{path}: [families.{ident}].boundary must be one of "
                             f"{', '.join(BOUNDARY_STYLES)}, not {style!r}")
        if style in out.values() and style != "solid":
            raise ThemeError(f"{path}: [families.{ident}].boundary {style!r} is another family's too")
        out[str(ident)] = style
    return out


def _table(data: Mapping[str, object], name: str, path: Path) -> dict[str, object]:
    value = data.get(name)
    if not isinstance(value, dict):
        raise ThemeError(f"{path}: missing table [{name}]")
    return value


def available_themes() -> list[str]:
    """Names of the bundled themes and the player's own (`<user data>/themes/<name>/theme.toml`),
    default first; only folder names that are valid theme names, at most 50 of the player's."""
    names = sorted(p.parent.name for p in resource_path(*THEMES_DIR).glob("*/theme.toml"))
    try:
        own = sorted(p.parent.name for p in (user_data_dir() / USER_THEMES_DIR).glob("*/theme.toml")
                     if THEME_NAME.fullmatch(p.parent.name))
    except OSError as exc:
        log.warning("cannot list the user themes: %s", exc)
        own = []
    names += [n for n in own[:50] if n not in names]
    if "default" in names:
        names.remove("default")
        names.insert(0, "default")
    return names


@dataclass
class _SpriteSheet:
    path: Path | None
    rects: dict[str, tuple[int, int, int, int]]
    image: pygame.Surface | None = None
    failed: bool = False


@dataclass
class Theme:
    """A loaded, validated theme. Build with `load_theme`."""

    name: str
    path: Path
    display_name: str
    _colors: dict[str, pygame.Color]
    _families: dict[str, dict[str, pygame.Color]]
    _boundaries: dict[str, str]
    _lands: dict[str, dict[str, pygame.Color]]
    _fonts: dict[str, Path | None]
    _sizes: dict[str, float]
    _sheet: _SpriteSheet
    _font_cache: dict[tuple[str, int], pygame.font.Font] = field(default_factory=dict)
    #: role -> size factor ([fonts.adjust]), only for roles whose own font file was found
    _font_adjust: dict[str, float] = field(default_factory=dict)
    _sprite_cache: dict[tuple[str, tuple[int, int]], pygame.Surface] = field(default_factory=dict)
    _warned: set[str] = field(default_factory=set)

    # ------------------------------------------------------------ colours
    def color(self, key: str) -> pygame.Color:
        try:
            return pygame.Color(self._colors[key])
        except KeyError:
            raise ThemeError(f"{self.path}: unknown colour key [colors].{key}") from None

    def has_color(self, key: str) -> bool:
        return key in self._colors

    def family_color(self, family: str, colorblind: bool = False) -> pygame.Color:
        fam = self._family(family)
        return pygame.Color(fam["color_cb" if colorblind else "color"])

    def family_text_color(self, family: str, colorblind: bool = False) -> pygame.Color:
        """The colour of the family's initial drawn on its own colour."""
        fam = self._family(family)
        return pygame.Color(fam["text_cb" if colorblind else "text"])

    def family_boundary(self, family: str) -> str:
        """How the family's estates are ruled on the map (BOUNDARY_STYLES)."""
        return self._boundaries.get(family, "solid")

    def _family(self, family: str) -> dict[str, pygame.Color]:
        fam = self._families.get(family)
        if fam is None:
            if family not in family_ids():   # a typo in the code, not a family of the data
                raise ThemeError(f"{self.path}: unknown family [families.{family}]")
            # a family of the data this theme has no colours for: drawn in colours of its own
            fam = self._families[family] = derived_family_colors(family)
        return fam

    def land_color(self, land: str, developed: bool = False) -> pygame.Color:
        try:
            return pygame.Color(self._lands[land]["color_developed" if developed else "color"])
        except KeyError:
            raise ThemeError(f"{self.path}: unknown land [lands.{land}]") from None

    # ------------------------------------------------------------ sizes
    def size(self, key: str) -> float:
        try:
            return self._sizes[key]
        except KeyError:
            raise ThemeError(f"{self.path}: unknown size key [sizes].{key}") from None

    # ------------------------------------------------------------ fonts
    def font_path(self, role: str) -> Path | None:
        if role not in self._fonts:
            raise ThemeError(f"{self.path}: unknown font role [fonts].{role}")
        return self._fonts[role]

    def font(self, role: str, px: int) -> pygame.font.Font:
        px = max(4, min(FONT_RENDER_MAX, int(round(px)))) if math.isfinite(px) else 16
        key = (role, px)
        cached = self._font_cache.get(key)
        if cached is not None:
            return cached
        path = self.font_path(role)
        if not pygame.font.get_init():
            pygame.font.init()
        if len(self._font_cache) > 256:   # a window dragged through many sizes: start over
            self._font_cache.clear()
        # A missing font file is not fatal: the default font keeps the game playable.
        adjust = self.font_adjust(role)
        font = pygame.font.Font(str(path) if path else None, max(4, int(round(px * adjust))))
        if adjust != 1.0:
            # the line pitch of the unadjusted size's box: a larger face must not spread
            # paragraphs that were laid out for the designed size
            font.set_linesize(max(1, int(round(font.get_height()))))
        self._font_cache[key] = font
        return font

    def font_adjust(self, role: str) -> float:
        """How much larger than asked `role`'s font opens (1.0 unless [fonts.adjust] says)."""
        return self._font_adjust.get(role, 1.0)

    # ------------------------------------------------------------ sprites
    def has_sprite(self, name: str) -> bool:
        return name in self._sheet.rects

    def sprite_names(self) -> list[str]:
        return sorted(self._sheet.rects)

    def _sheet_image(self) -> pygame.Surface | None:
        sheet = self._sheet
        if sheet.image is None and not sheet.failed and sheet.path is not None:
            try:
                check_sheet(sheet.path)
                img = pygame.image.load(str(sheet.path))
                if img.get_width() * img.get_height() > SHEET_MAX_PIXELS:
                    raise ThemeError(f"{img.get_width()} x {img.get_height()} pixels is too large")
                if pygame.display.get_init() and pygame.display.get_surface() is not None:
                    img = img.convert_alpha()
                sheet.image = img
            except (pygame.error, OSError, ThemeError, safe_io.UnsafeFile) as exc:
                sheet.failed = True
                log.warning("%s: cannot load sprite sheet (%s); using placeholders", sheet.path, exc)
                warnings.warn(f"{sheet.path}: cannot load sprite sheet ({exc}); using placeholders", stacklevel=2)
        return sheet.image

    def sprite(self, name: str, size: tuple[int, int]) -> pygame.Surface:
        """The named sprite, smooth-scaled to `size` and cached (do not draw onto it)."""
        size = (max(1, int(size[0])), max(1, int(size[1])))
        key = (name, size)
        cached = self._sprite_cache.get(key)
        if cached is not None:
            return cached
        if len(self._sprite_cache) > 4096:   # bounded: every window size scales sprites anew
            self._sprite_cache.clear()
        image = self._sheet_image()
        rect = self._sheet.rects.get(name)
        if image is not None and rect is not None:
            try:
                src = image.subsurface(pygame.Rect(rect))
                # smoothscale needs 24/32-bit pixels; paletted sheets get a plain scale.
                if src.get_bitsize() in (24, 32):
                    surf = pygame.transform.smoothscale(src, size)
                else:
                    surf = pygame.transform.scale(src, size)
            except ValueError:
                if name not in self._warned:
                    self._warned.add(name)
                    warnings.warn(f"{self._sheet.path}: sprite {name} rect {rect} lies outside the sheet", stacklevel=2)
                surf = self._placeholder(name, size)
        else:
            if name not in self._warned and image is not None:
                self._warned.add(name)
                warnings.warn(f"{self._sheet.path}: no sprite named {name!r}; using a placeholder", stacklevel=2)
            surf = self._placeholder(name, size)
        self._sprite_cache[key] = surf
        return surf

    def _placeholder(self, name: str, size: tuple[int, int]) -> pygame.Surface:
        """A clearly-labelled stand-in, so a missing sprite is visible, not invisible."""
        surf = pygame.Surface(size, pygame.SRCALPHA)
        surf.fill((255, 0, 255, 90))
        pygame.draw.rect(surf, (255, 0, 255), surf.get_rect(), 1)
        label_px = max(6, min(size[1] // 3, size[0] // max(1, len(name) // 2 + 1)))
        text = self.font("body", label_px).render(name, True, (40, 0, 40))
        if text.get_width() > size[0]:
            text = pygame.transform.smoothscale(
                text, (size[0], max(1, text.get_height() * size[0] // text.get_width())))
        surf.blit(text, text.get_rect(center=surf.get_rect().center))
        return surf

    def clear_caches(self) -> None:
        self._font_cache.clear()
        self._sprite_cache.clear()

    # ------------------------------------------------------------ pygame-gui
    def gui_theme(self, scale: float = 1.0) -> GuiTheme:
        """A pygame-gui theme dict (pass as `theme_path`), font sizes multiplied by `scale`."""
        def hx(key: str) -> str:
            c = self._colors[key]
            return f"#{c.r:02x}{c.g:02x}{c.b:02x}{c.a:02x}"

        def px(key: str) -> str:
            return str(max(6, min(FONT_RENDER_MAX, int(round(self._sizes[key] * scale)))))

        def font(role: str, size_key: str) -> dict[str, str]:
            path = self._fonts.get(role)
            size = str(max(6, min(FONT_RENDER_MAX, int(round(self._sizes[size_key] * scale
                                                              * self.font_adjust(role))))))
            d = {"name": f"ne_{self.name}_{role}", "size": size}
            if path is not None:
                d["regular_path"] = str(path)
                d["bold_path"] = str(self._fonts.get("bold") or path)
            else:
                d["name"] = "noto_sans"
            return d

        radius = str(int(round(self._sizes["corner_radius"] * scale)))
        border = str(max(1, int(round(self._sizes["border_width"] * scale))))
        shadow = "2" if self._sizes["shadow_offset"] > 0 else "0"
        button_colours = {
            "normal_bg": hx("button"), "hovered_bg": hx("button_hover"),
            "disabled_bg": hx("button_disabled"), "selected_bg": hx("button_pressed"),
            "active_bg": hx("button_pressed"),
            "normal_text": hx("button_text"), "hovered_text": hx("button_text"),
            "selected_text": hx("button_text"), "active_text": hx("button_text"),
            "disabled_text": hx("button_text_disabled"),
            "normal_border": hx("button_border"), "hovered_border": hx("gold"),
            "selected_border": hx("gold"), "active_border": hx("gold"),
            "disabled_border": hx("button_border"),
        }
        return {
            "defaults": {
                "colours": {
                    **button_colours,
                    "dark_bg": hx("panel_dark"), "disabled_dark_bg": hx("button_disabled"),
                    "text_cursor": hx("input_text"),
                    "link_text": hx("accent"), "link_hover": hx("gold"), "link_selected": hx("gold"),
                    "filled_bar": hx("gold"), "unfilled_bar": hx("panel_alt"),
                },
                "font": font("body", "font_body"),
                "misc": {"shape": "rounded_rectangle", "shape_corner_radius": radius,
                         "border_width": border, "shadow_width": shadow},
            },
            "button": {
                "colours": button_colours,
                "font": font("bold", "font_button"),
                "misc": {"shape": "rounded_rectangle", "shape_corner_radius": radius,
                         "border_width": border, "shadow_width": shadow,
                         "text_horiz_alignment_padding": px("gap")},
            },
            "label": {
                "colours": {"normal_text": hx("text_on_dark"), "dark_bg": "#00000000",
                            "disabled_text": hx("text_dim_on_dark")},
                "font": font("body", "font_body"),
            },
            "@title": {"colours": {"normal_text": hx("title_text")},
                       "font": font("title", "font_title")},
            "@subtitle": {"colours": {"normal_text": hx("text_dim_on_dark")},
                          "font": font("heading", "font_subtitle")},
            "@heading": {"colours": {"normal_text": hx("title_text")},
                         "font": font("heading", "font_heading")},
            "@dim": {"colours": {"normal_text": hx("text_dim_on_dark")},
                     "font": font("body", "font_small")},
            "@error": {"colours": {"normal_text": hx("error")},
                       "font": font("bold", "font_body")},
            "panel": {"colours": {"dark_bg": hx("panel_dark"), "normal_border": hx("panel_border")},
                      "misc": {"shape": "rounded_rectangle", "shape_corner_radius": radius,
                               "border_width": border, "shadow_width": shadow}},
            "text_entry_line": {
                "colours": {"dark_bg": hx("input_bg"), "normal_text": hx("input_text"),
                            "selected_bg": hx("highlight_hover"), "selected_text": hx("input_text"),
                            "text_cursor": hx("input_text"), "normal_border": hx("panel_border"),
                            "focused_border": hx("gold")},
                "font": font("body", "font_body"),
                "misc": {"shape": "rounded_rectangle", "shape_corner_radius": radius,
                         "border_width": border},
            },
            "text_box": {
                "colours": {"dark_bg": hx("panel"), "normal_text": hx("text"),
                            "normal_border": hx("panel_border"), "link_text": hx("accent")},
                "font": font("body", "font_body"),
                "misc": {"shape": "rounded_rectangle", "shape_corner_radius": radius,
                         "border_width": border, "padding": "12,10"},
            },
            "window": {
                "colours": {"dark_bg": hx("panel_dark"), "normal_border": hx("panel_border")},
                "misc": {"shape": "rounded_rectangle", "shape_corner_radius": radius,
                         "border_width": border, "shadow_width": "4",
                         "title_bar_height": str(int(round(32 * scale)))},
            },
            "window.#title_bar": {"font": font("bold", "font_body"),
                                  "colours": {"normal_bg": hx("panel_border"),
                                              "hovered_bg": hx("panel_border"),
                                              "normal_text": hx("text_inverse")}},
            "drop_down_menu": {"font": font("body", "font_body"),
                               "misc": {"expand_direction": "down",
                                        "shape": "rounded_rectangle",
                                        "shape_corner_radius": radius, "border_width": border}},
            "horizontal_slider": {"colours": {"dark_bg": hx("panel_dark")}},
            "@segment": {"font": font("bold", "font_body")},
            # options and words on a parchment card (the settings' groups): ink on paper, as
            # the table's panels; the chosen option keeps "#selected"'s accent
            "@paper_segment": {"font": font("bold", "font_body"), "colours": {
                **button_colours,
                "normal_bg": hx("panel_alt"), "hovered_bg": hx("panel_active"),
                "normal_text": hx("text"), "hovered_text": hx("text"), "selected_text": hx("text"),
                "active_text": hx("text"), "normal_border": hx("panel_border")}},
            "@paper_row": {"font": font("bold", "font_body"), "colours": {
                **button_colours,
                "normal_bg": hx("panel_active"), "hovered_bg": hx("panel_alt"),
                "normal_text": hx("text"), "hovered_text": hx("text"), "selected_text": hx("text"),
                "active_text": hx("text"), "normal_border": hx("panel_border")},
                "misc": {"text_horiz_alignment_padding": px("margin")}},
            "@ink": {"colours": {"normal_text": hx("text"), "dark_bg": "#00000000",
                                 "disabled_text": hx("text_dim")},
                     "font": font("body", "font_body")},
            "#selected": {"colours": {"normal_bg": hx("accent"), "hovered_bg": hx("accent"),
                                      "normal_border": hx("gold"), "normal_text": hx("accent_text"),
                                      "hovered_text": hx("accent_text")}},
            "#primary": {"colours": {"normal_bg": hx("accent"), "hovered_bg": hx("button_hover"),
                                     "normal_border": hx("gold"), "normal_text": hx("accent_text")}},
            "#left": {"misc": {"text_horiz_alignment": "left"}},
            "#right": {"misc": {"text_horiz_alignment": "right"}},
            "#danger": {"colours": {"normal_bg": hx("error"), "hovered_bg": hx("accent")}},
        }


def theme_file(name: object) -> Path:
    """`<themes>/<name>/theme.toml`, bundled first, then in `<user data>/themes`.

    A name is letters, digits, `_` and `-` (no path, no NUL): anything else is a ThemeError.
    """
    if not isinstance(name, str) or not THEME_NAME.fullmatch(name):
        raise ThemeError(f"theme name {str(name)[:80]!r} is not a theme name "
                         "(letters, digits, '_' and '-' only)")
    roots = [resource_path(*THEMES_DIR)]
    try:
        roots.append(user_data_dir() / USER_THEMES_DIR)
    except OSError as exc:
        log.warning("no user themes folder: %s", exc)
    tried = []
    # "high-contrast" finds the folder high_contrast (and the other way round): a player types
    # the name as Settings says it, not as the folder spells it (playtest 10i)
    for spelling in dict.fromkeys((name, name.replace("-", "_"), name.replace("_", "-"))):
        for root in roots:
            try:
                path = safe_io.inside(root, f"{spelling}/theme.toml", "theme")
            except safe_io.UnsafeFile as exc:
                raise ThemeError(str(exc)) from None
            if path.is_file():
                return path
            tried.append(path)
    raise ThemeError(f"{tried[0]}: file not found (theme {name!r}; available: {', '.join(available_themes())})")


def load_theme(name: str = "default") -> Theme:
    """Load and validate the theme `name` (see theme_file); raises ThemeError on any problem."""
    path = theme_file(name)
    data = _read_toml(path)
    return _build_theme(name, path, data)


def theme_from_file(path: Path, name: str | None = None) -> Theme:
    """Load a theme from an explicit file (used by tests and theme authors)."""
    path = Path(path)
    return _build_theme(name or path.parent.name, path, _read_toml(path))


def _build_theme(name: str, path: Path, data: Mapping[str, object]) -> Theme:
    meta = _table(data, "theme", path)

    colors_t = _table(data, "colors", path)
    colors: dict[str, pygame.Color] = {}
    for key in REQUIRED_COLORS:
        if key not in colors_t:
            raise ThemeError(f"{path}: missing key [colors].{key}")
    for key, value in colors_t.items():  # extra keys are welcome, but must be colours
        colors[key] = _parse_color(value, path, f"[colors].{key}")

    # optional like the lands: a family the game data adds is drawn in derived colours
    families = _color_tables(data, "families", family_ids(), REQUIRED_FAMILY_KEYS, path, optional=True,
                             words=("boundary",))
    boundaries = _boundaries(data, path)
    lands = _color_tables(data, "lands", land_ids(), REQUIRED_LAND_KEYS, path, optional=True)

    fonts_t = _table(data, "fonts", path)
    fonts: dict[str, Path | None] = {}
    for role in REQUIRED_FONT_ROLES:
        if role not in fonts_t:
            raise ThemeError(f"{path}: missing key [fonts].{role}")
    adjust_t = fonts_t.get("adjust", {})
    if not isinstance(adjust_t, dict):
        raise ThemeError(f"{path}: [fonts.adjust] must be a table of role = factor")
    font_adjust: dict[str, float] = {}
    for role, value in fonts_t.items():
        if role == "adjust":
            continue
        if not isinstance(value, str):
            raise ThemeError(f"{path}: key [fonts].{role} must be a font file name, got {str(value)[:80]!r}")
        fonts[role] = _font_file(path, role, value)
        factor = adjust_t.get(role, 1.0)
        if not (isinstance(factor, (int, float)) and safe_io.is_number(factor, FONT_ADJUST_MIN, FONT_ADJUST_MAX)):
            raise ThemeError(f"{path}: key [fonts.adjust].{role} must be a number from "
                             f"{FONT_ADJUST_MIN} to {FONT_ADJUST_MAX}, got {factor!r}")
        found = fonts[role]
        # the factor suits the face it was measured on, not a fallback that replaced it
        if found is not None and found.name == Path(value).name:
            font_adjust[role] = float(factor)
    for role in adjust_t:
        if role not in fonts:
            raise ThemeError(f"{path}: key [fonts.adjust].{role} names no font role")

    sizes_t = _table(data, "sizes", path)
    sizes: dict[str, float] = {}
    for key in REQUIRED_SIZES:
        if key not in sizes_t:
            raise ThemeError(f"{path}: missing key [sizes].{key}")
    for key, value in sizes_t.items():
        lo, hi = (FONT_PX_MIN, FONT_PX_MAX) if key.startswith("font_") else (0, SIZE_MAX)
        # isinstance too: is_number checks the type, but does not tell the type checker
        if not (isinstance(value, (int, float)) and safe_io.is_number(value, lo, hi)):
            raise ThemeError(f"{path}: key [sizes].{key} must be a number from {lo} to {hi}, got {value!r}")
        sizes[key] = float(value)

    sheet = _load_sheet_index(path.parent, meta.get("sprites", "sprites.toml"), path)
    display_name = meta.get("name", name)
    if not isinstance(display_name, str) or safe_io.clean_text(display_name, 40) is None:
        raise ThemeError(f"{path}: key [theme].name must be a text of at most 40 characters")
    return Theme(name=name, path=path, display_name=display_name, _colors=colors,
                 _families=families, _boundaries=boundaries, _lands=lands, _fonts=fonts, _sizes=sizes, _sheet=sheet,
                 _font_adjust=font_adjust)


def _load_sheet_index(folder: Path, sprites_name: object, theme_path: Path) -> _SpriteSheet:
    """Read sprites.toml (the art engineer's index); fall back to the default theme's sheet,
    then to placeholders, so a theme without its own art still runs."""
    if not isinstance(sprites_name, str):
        raise ThemeError(f"{theme_path}: key [theme].sprites must be a file name")
    try:
        own = safe_io.inside(folder, sprites_name, "[theme].sprites")
    except safe_io.UnsafeFile as exc:
        raise ThemeError(f"{theme_path}: {exc}") from None
    candidates = [own, resource_path(*THEMES_DIR, "default", "sprites.toml")]
    for index in candidates:
        if not index.is_file():
            continue
        data = _read_toml(index)
        sheet_name = data.get("sheet")
        if not isinstance(sheet_name, str):
            raise ThemeError(f"{index}: missing key sheet (the sprite sheet image)")
        try:
            sheet_path = safe_io.inside(index.parent, sheet_name, "sheet")
        except safe_io.UnsafeFile as exc:
            raise ThemeError(f"{index}: key sheet: {exc}") from None
        sprites = data.get("sprites") or {}
        if not isinstance(sprites, dict):
            raise ThemeError(f"{index}: [sprites] must be a table")
        rects: dict[str, tuple[int, int, int, int]] = {}
        for sname, entry in sprites.items():
            rect = entry.get("rect") if isinstance(entry, dict) else None
            if (not isinstance(rect, list) or len(rect) != 4
                    or not all(safe_io.is_int(v, 0, RECT_MAX) for v in rect)):
                raise ThemeError(f"{index}: key [sprites.{sname}].rect must be [x, y, w, h] "
                                 f"(whole numbers from 0 to {RECT_MAX})")
            rects[sname] = (rect[0], rect[1], rect[2], rect[3])
        return _SpriteSheet(path=sheet_path, rects=rects)
    return _SpriteSheet(path=None, rects={})


def image_size(path: Path) -> tuple[int, int] | None:
    """Width and height from a PNG's IHDR header (24 bytes; nothing decoded), or None if not a PNG."""
    head = _head(path, 24)
    if len(head) < 24 or head[:8] != b"\x89PNG\r\n\x1a\n" or head[12:16] != b"IHDR":
        return None
    return struct.unpack(">II", head[16:24])


def _head(path: Path, n: int) -> bytes:
    safe_io.check_regular(path)
    with open(path, "rb") as fh:
        return fh.read(n)


def check_sheet(path: Path) -> None:
    """Refuse a sprite sheet before decoding it: not a regular file, too many bytes, or (for a
    PNG, read from its header) too many pixels: a 20000 x 20000 PNG would take 3 GB decoded."""
    safe_io.check_regular(path)
    if path.stat().st_size > SHEET_MAX_BYTES:
        raise ThemeError(f"{path.stat().st_size:,} bytes is too large (at most {SHEET_MAX_BYTES:,})")
    size = image_size(path)
    if size is not None and size[0] * size[1] > SHEET_MAX_PIXELS:
        raise ThemeError(f"{size[0]} x {size[1]} pixels is too large (at most {SHEET_MAX_PIXELS:,} pixels)")


# font file -> None when it opens, else why not (checked once per process)
_FONT_CHECKS: dict[Path, str | None] = {}


def font_problem(path: Path) -> str | None:
    """None when `path` is a font pygame opens at small and large sizes, else why not.

    pygame-gui loads fonts on a worker thread where a bad file crashes the whole process
    without a Python error, so every font is opened here first, on the main thread.
    """
    if path in _FONT_CHECKS:
        return _FONT_CHECKS[path]
    problem: str | None = None
    try:
        safe_io.check_regular(path)
        if path.stat().st_size > 32 * 1024 * 1024:
            raise ThemeError("larger than 32 MB")
        head = _head(path, 4)
        # TrueType, OpenType, TrueType collections, WOFF: anything else is no font
        if head not in (b"\x00\x01\x00\x00", b"OTTO", b"true", b"typ1", b"ttcf", b"wOFF", b"wOF2"):
            raise ThemeError("not a TrueType or OpenType font")
        if not pygame.font.get_init():
            pygame.font.init()
        for px in (FONT_PX_MIN, FONT_RENDER_MAX):
            pygame.font.Font(str(path), px).size("Ag")
    except FileNotFoundError:
        problem = "not found"
    except (OSError, ValueError, pygame.error, ThemeError, safe_io.UnsafeFile) as exc:
        problem = str(exc) or type(exc).__name__
    _FONT_CHECKS[path] = problem
    return problem


def _font_file(theme_path: Path, role: str, value: str) -> Path | None:
    """The font file for a role: inside assets/fonts (or the theme's own folder), opened once to
    prove it is a font; otherwise a warning and the default theme's font for that role."""
    found: Path | None = None
    why = "not found"
    for folder in (resource_path(*FONTS_DIR), theme_path.parent):
        try:
            candidate = safe_io.inside(folder, value, f"[fonts].{role}")
        except safe_io.UnsafeFile as exc:
            why = str(exc)
            break
        if candidate.exists():
            problem = font_problem(candidate)
            if problem is None:
                found = candidate
            else:
                why = f"{candidate.name}: {problem}"
            break
    if found is not None:
        return found
    message = f"{theme_path}: [fonts].{role}: {why}; using the bundled font"
    log.warning("%s", message)
    warnings.warn(message, stacklevel=2)
    return _bundled_font(role)


def _bundled_font(role: str) -> Path | None:
    """DejaVu Sans for `role` (it draws every character the game's words use), else the default
    theme's font for it (checked), or None for pygame's own."""
    candidates: list[object] = [FALLBACK_FONTS.get(role, FALLBACK_FONT)]
    try:
        default = resource_path(*THEMES_DIR, "default", "theme.toml")
        fonts = _table(_read_toml(default), "fonts", default)
        candidates.append(fonts.get(role, fonts.get("body")))
    except ThemeError as exc:
        log.warning("no default theme's font for %s: %s", role, exc)
    for name in candidates:
        try:
            path = safe_io.inside(resource_path(*FONTS_DIR), name, "font")
        except safe_io.UnsafeFile as exc:
            log.warning("no bundled font for %s: %s", role, exc)
            continue
        if path.exists() and font_problem(path) is None:
            return path
    return None


def load_theme_or_default(name: str) -> tuple[Theme, safe_io.Notice | None]:
    """The theme `name`, or the default one with a notice for the player saying why: a broken
    custom theme must not stop the game (the problem names the theme's file and key)."""
    try:
        return load_theme(name), None
    except ThemeError as err:
        log.warning("theme %r cannot be used: %s", name, err)
        return load_theme("default"), safe_io.Notice(
            "The theme {theme} cannot be used: {problem}. The default theme is used instead.",
            theme=name, problem=str(err))
