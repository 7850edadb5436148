"""Small drawing helpers shared by the shell's scenes: panels, badges, backgrounds, segments.

Everything takes sizes already scaled by the caller (app.px) so the helpers stay dumb.
"""
from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import lru_cache
from typing import Any

import pygame
import pygame_gui
from pygame.typing import ColorLike

from ne_game.game import data_caches
from ne_game.game.session import FamilyRow, families
from ne_game.ui.look.text_cut import ellipsized
from ne_game.ui.look.theme import Theme


@data_caches.register
@lru_cache(maxsize=1)
def family_info() -> dict[str, FamilyRow]:
    """id -> {"id", "name", "initial"} from the game data."""
    return {f["id"]: f for f in families()}


def family_name(fid: str) -> str:
    row = family_info().get(fid)
    return row["name"] if row is not None else fid.title()


def family_initial(fid: str) -> str:
    row = family_info().get(fid)
    return row["initial"] if row is not None else fid[:1].upper()


def disable(element: pygame_gui.core.UIElement) -> None:
    """`element.disable()`, typed: pygame-gui leaves disable() unannotated, so the type
    checker is told once, here, that the call is fine."""
    element.disable()  # type: ignore[no-untyped-call]


FIT_MIN = 0.6     # text shrinks to 60 % of its size at most, then it wraps or the box grows


def ellipsize_button(button: pygame_gui.elements.UIButton, label: str, margin: int = 12) -> str:
    """A pygame-gui button's label, cut with an ellipsis when it is wider than the button
    (pygame-gui clips mid-word without a sign: "… Easy 3 — gam"); the label shown."""
    font = getattr(button, "font", None)
    room = button.rect.width - 2 * margin
    if font is None or room <= 0 or font.size(label)[0] <= room:
        return label
    shown = ellipsized(label, lambda cand: font.size(cand)[0] <= room, strip=True)
    button.set_text(shown)
    return shown


def fit_render(theme: Theme, role: str, px: int, text: str, color: ColorLike, max_w: int) -> pygame.Surface:
    """`text` in `role` at `px`, shrunk (down to FIT_MIN) until it is at most `max_w` wide.

    The shell's own drawn lines (not pygame-gui) use this, so a longer Dutch or French
    line gets smaller instead of running past its panel. Never cuts the text."""
    size = max(4, int(px))
    surf = theme.font(role, size).render(text, True, color)
    while surf.get_width() > max_w and size > px * FIT_MIN:
        size -= 1
        surf = theme.font(role, size).render(text, True, color)
    return surf


def wrap_words(theme: Theme, role: str, px: int, text: str, max_w: int, max_lines: int = 3) -> list[str]:
    """`text` broken at spaces into lines of at most `max_w` pixels; the last allowed line takes
    the rest (fit_render then makes it smaller)."""
    font = theme.font(role, max(4, int(px)))
    lines: list[str] = []
    for word in text.split(" "):
        if lines and font.size(f"{lines[-1]} {word}")[0] <= max_w and word:
            lines[-1] = f"{lines[-1]} {word}"
        elif len(lines) < max_lines:
            lines.append(word)
        else:
            lines[-1] = f"{lines[-1]} {word}"
    return lines


def blit_wrapped(surface: pygame.Surface, theme: Theme, role: str, px: int, text: str, color: ColorLike,
                 rect: pygame.Rect, center: bool = False, max_lines: int = 3) -> int:
    """`text` wrapped at word breaks into `rect`'s width (at most `max_lines` lines, each
    fitted with fit_render), from its top; the height it took."""
    lines = wrap_words(theme, role, px, text, rect.w, max_lines)
    y = rect.y
    for line in lines:
        img = fit_render(theme, role, px, line, color, rect.w)
        surface.blit(img, img.get_rect(midtop=(rect.centerx, y)) if center else (rect.x, y))
        y += img.get_height()
    return y - rect.y


def dim(surface: pygame.Surface, theme: Theme) -> None:
    """Darken everything below an overlay."""
    veil = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
    veil.fill(theme.color("overlay_dim"))
    surface.blit(veil, (0, 0))


def draw_panel(surface: pygame.Surface, rect: pygame.Rect, theme: Theme, scale: float,
               fill: str = "panel_dark", border: str = "panel_border") -> None:
    """A framed panel with a soft drop shadow: a slate board lit from above (a gentle gradient),
    its wooden edge and a thin gold inlay just inside it, like the table's bars. Every menu,
    dialog and overlay of the shell sits on one of these, so they read as one game's furniture."""
    radius = max(2, int(theme.size("corner_radius") * scale))
    off = int(theme.size("shadow_offset") * scale)
    if off > 0:
        shadow = pygame.Surface((rect.w + off * 2, rect.h + off * 2), pygame.SRCALPHA)
        pygame.draw.rect(shadow, theme.color("shadow"), shadow.get_rect(), border_radius=radius + off)
        surface.blit(shadow, (rect.x, rect.y + off))
    if rect.w > 2 * radius and rect.h > 2 * radius:
        surface.blit(_panel_face(theme, fill, rect.size, radius), rect)
    else:
        pygame.draw.rect(surface, theme.color(fill), rect, border_radius=radius)
    bw = max(1, int(theme.size("border_width") * scale))
    pygame.draw.rect(surface, theme.color(border), rect, bw, border_radius=radius)
    inset = bw + max(2, int(round(3 * scale)))
    if fill == "panel_dark" and rect.w > 4 * inset and rect.h > 4 * inset:
        inlay = pygame.Color(theme.color("gold"))
        inlay.a = 110
        line = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(line, inlay, pygame.Rect(0, 0, rect.w, rect.h).inflate(-2 * inset, -2 * inset),
                         max(1, int(round(scale))), border_radius=max(1, radius - inset // 2))
        surface.blit(line, rect)


_FACE_CACHE: dict[tuple[int, str, str, tuple[int, int], int], pygame.Surface] = {}


def _panel_face(theme: Theme, fill: str, size: tuple[int, int], radius: int) -> pygame.Surface:
    """The panel's fill, a little lighter at the top than at the foot, its corners rounded
    (cached by size: a dialog redraws it every frame it is shown)."""
    key = (id(theme), theme.name, fill, size, radius)
    cached = _FACE_CACHE.get(key)
    if cached is not None:
        return cached
    if len(_FACE_CACHE) > 32:
        _FACE_CACHE.clear()
    base = pygame.Color(theme.color(fill))
    lift = 14 if fill == "panel_dark" else 8
    top = pygame.Color(min(255, base.r + lift), min(255, base.g + lift), min(255, base.b + lift), base.a)
    bottom = pygame.Color(max(0, base.r - lift // 2), max(0, base.g - lift // 2), max(0, base.b - lift // 2), base.a)
    face = pygame.Surface(size, pygame.SRCALPHA)
    face.blit(vertical_gradient(size, top, bottom), (0, 0))
    mask = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(mask, (255, 255, 255, 255), mask.get_rect(), border_radius=radius)
    face.blit(mask, (0, 0), special_flags=pygame.BLEND_RGBA_MIN)
    _FACE_CACHE[key] = face
    return face


def draw_parchment(surface: pygame.Surface, rect: pygame.Rect, theme: Theme, scale: float,
                   heading: str | None = None, heading_px: int = 0) -> int:
    """A parchment card like the table's player panels (cream, brown edge, a shadow), for a
    group of rows inside a dark panel; with `heading`, its title in the heading face over a
    thin rule. The y where the card's content starts."""
    draw_panel(surface, rect, theme, scale, fill="panel", border="panel_border")
    pad = max(4, int(theme.size("panel_padding") * scale))
    if not heading:
        return rect.y + pad
    img = fit_render(theme, "heading", heading_px, heading, theme.color("text"), rect.w - 2 * pad)
    surface.blit(img, (rect.x + pad, rect.y + pad // 2))
    y = rect.y + pad // 2 + img.get_height()
    rule = pygame.Color(theme.color("panel_border"))
    pygame.draw.line(surface, rule, (rect.x + pad, y), (rect.right - pad, y), max(1, int(round(scale))))
    return y + pad // 2


def draw_heading_rule(surface: pygame.Surface, center: tuple[int, int], width: int, theme: Theme,
                      scale: float) -> None:
    """The small ornament under a panel's title: a gold line with a diamond in its middle."""
    x, y = center
    gold = theme.color("gold")
    t = max(1, int(round(scale * 1.5)))
    d = max(3, int(round(5 * scale)))
    pygame.draw.line(surface, gold, (x - width // 2, y), (x - d * 2, y), t)
    pygame.draw.line(surface, gold, (x + d * 2, y), (x + width // 2, y), t)
    pygame.draw.polygon(surface, gold, [(x, y - d), (x + d, y), (x, y + d), (x - d, y)])


def draw_badge(surface: pygame.Surface, center: tuple[int, int], radius: int, theme: Theme,
               family: str, colorblind: bool = False, ring: str | None = None) -> pygame.Rect:
    """A family badge: colour AND initial (never colour alone). Uses the art when it exists."""
    rect = pygame.Rect(0, 0, radius * 2, radius * 2)
    rect.center = center
    name = f"badge_{family}_cb" if colorblind else f"badge_{family}"
    if theme.has_sprite(name):
        surface.blit(theme.sprite(name, rect.size), rect)
    else:
        pygame.draw.circle(surface, theme.color("shadow"), (center[0], center[1] + max(1, radius // 10)), radius)
        pygame.draw.circle(surface, theme.family_color(family, colorblind), center, radius)
        pygame.draw.circle(surface, theme.color("button_border"), center, radius, max(1, radius // 12))
        font = theme.font("bold", int(radius * 1.1))
        img = font.render(family_initial(family), True, theme.family_text_color(family, colorblind))
        surface.blit(img, img.get_rect(center=(center[0], center[1] + 1)))
    if ring:
        pygame.draw.circle(surface, theme.color(ring), center, radius + max(3, radius // 5), max(2, radius // 8))
    return rect


def vertical_gradient(size: tuple[int, int], top: pygame.Color, bottom: pygame.Color) -> pygame.Surface:
    surf = pygame.Surface((1, 256))
    for y in range(256):
        t = y / 255
        surf.set_at((0, y), top.lerp(bottom, t))
    return pygame.transform.smoothscale(surf, size)


_BG_CACHE: dict[tuple[str, tuple[int, int]], pygame.Surface] = {}


def background(theme: Theme, size: tuple[int, int]) -> pygame.Surface:
    """The shell's backdrop: a slate gradient (cached per size). The title draws its painted
    map over it (ne_game/ui/scenes/title/picture.py); the other screens keep it plain."""
    key = (theme.name, size)
    cached = _BG_CACHE.get(key)
    if cached is not None:
        return cached
    if len(_BG_CACHE) > 8:
        _BG_CACHE.clear()
    surf = vertical_gradient(size, theme.color("background_alt"), theme.color("background"))
    if pygame.display.get_surface():
        surf = surf.convert()
    _BG_CACHE[key] = surf
    return surf


class Segmented:
    """A row of pygame-gui buttons where one option is selected (radio buttons that look good).

    Builds its buttons in `rect`; `handle(event)` returns the chosen value when one of
    its buttons was pressed (the caller then updates its state and rebuilds)."""

    def __init__(self, manager: pygame_gui.UIManager, rect: pygame.Rect, options: Sequence[tuple[object, str]],
                 selected: object, gap: int = 4,
                 container: pygame_gui.core.interfaces.IContainerLikeInterface | None = None, enabled: Callable[[object], bool] | None = None,
                 object_prefix: str = "seg", class_id: str = "@segment",
                 weights: Sequence[float] | None = None) -> None:
        """`weights`: each button's share of the row (as wide as its words, say); equal when None."""
        self.options = list(options)
        self.selected = selected
        self.prefix = object_prefix
        self.class_id = class_id       # "@paper_segment": light options on a parchment card
        self.buttons: dict[object, pygame_gui.elements.UIButton] = {}
        n = max(1, len(self.options))
        shares = list(weights) if weights is not None and len(weights) == n and sum(weights) > 0 else [1.0] * n
        room = rect.w - gap * (n - 1)
        x = float(rect.x)
        for i, (value, label) in enumerate(self.options):
            w = room * shares[i] / sum(shares)
            r = pygame.Rect(int(x), rect.y, int(w), rect.h)
            x += w + gap
            oid = pygame_gui.core.ObjectID(class_id=class_id,
                                           object_id="#selected" if value == selected else f"#{object_prefix}_{i}")
            btn = pygame_gui.elements.UIButton(r, label, manager, container=container, object_id=oid)
            if enabled is not None and not enabled(value):
                disable(btn)
            self.buttons[value] = btn

    def select(self, value: object) -> None:
        """Move the highlight without rebuilding the row (rebuilding costs ~3 ms a button)."""
        if value == self.selected or value not in self.buttons:
            return
        index = {v: i for i, (v, _) in enumerate(self.options)}
        old = self.selected
        if old in self.buttons:
            self.buttons[old].change_object_id(pygame_gui.core.ObjectID(
                class_id=self.class_id, object_id=f"#{self.prefix}_{index[old]}"))
        self.buttons[value].change_object_id(pygame_gui.core.ObjectID(class_id=self.class_id, object_id="#selected"))
        self.selected = value

    def handle(self, event: pygame.event.Event) -> object | None:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            for value, btn in self.buttons.items():
                if event.ui_element is btn:
                    return value
        return None

    def rect_of(self, value: object) -> pygame.Rect:
        return pygame.Rect(self.buttons[value].rect)   # a copy


class MenuFocus:
    """Keyboard play for a column of buttons: Up/Down/Tab move a visible focus ring,
    Enter/Space press the focused button. The mouse still works as usual. The ring shows
    from the first frame when the last input was a key or a pad (`set_buttons(show=True)`);
    after a mouse, the first navigation key shows it where it starts without moving it.
    The arrows stop at the ends (Up from the first button never lands on the last, Quit);
    Tab goes round."""

    NEXT = (pygame.K_DOWN, pygame.K_TAB, pygame.K_RIGHT)
    PREV = (pygame.K_UP, pygame.K_LEFT)

    def __init__(self) -> None:
        self.buttons: list[pygame_gui.elements.UIButton] = []
        self.index: int | None = None
        self.start = 0

    def set_buttons(self, buttons: Sequence[pygame_gui.elements.UIButton], show: bool = False,
                    start: int | None = None) -> None:
        """The buttons in focus order; `show`: the ring is visible at once, on `start` (or on
        the first button that can be pressed)."""
        keep = self.index
        self.buttons = list(buttons)
        if start is not None:
            self.start = start
        self.index = keep if keep is not None and keep < len(self.buttons) else None
        if self.index is None and show:
            self._show()

    def _show(self) -> None:
        n = len(self.buttons)
        for k in range(n):
            i = (self.start + k) % n
            if self.buttons[i].is_enabled:
                self.index = i
                return

    def _move(self, step: int, wrap: bool = False) -> None:
        n = len(self.buttons)
        if n == 0:
            return
        if self.index is None:
            self._show()         # the first key shows where the ring is; it moves nothing
            return
        i = self.index
        for _ in range(n):
            i = (i + step) % n if wrap else i + step
            if not 0 <= i < n:
                return           # an arrow stops at the end of the column
            if self.buttons[i].is_enabled:
                self.index = i
                return

    def handle_key(self, event: pygame.event.Event) -> pygame_gui.elements.UIButton | None | bool:
        """True when the key moved the focus; the button when it should be pressed; else None."""
        if event.type != pygame.KEYDOWN:
            return None
        shift = bool(getattr(event, "mod", 0) & pygame.KMOD_SHIFT)
        if event.key in self.NEXT:
            tab = event.key == pygame.K_TAB
            self._move(-1 if (tab and shift) else 1, wrap=tab)
            return True
        if event.key in self.PREV:
            self._move(-1)
            return True
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE) and self.index is not None:
            btn = self.buttons[self.index]
            return btn if btn.is_enabled else None
        return None

    def chosen(self, event: pygame.event.Event,
               buttons: dict[str, pygame_gui.elements.UIButton]) -> str | bool | None:
        """For a menu of named buttons: the name of the button a click or Enter pressed; True
        when a navigation key only moved the focus; None when the event is not the menu's."""
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            return next((key for key, btn in buttons.items() if event.ui_element is btn), None)
        moved = self.handle_key(event)
        if moved is None or moved is True:
            return moved
        return next(key for key, btn in buttons.items() if btn is moved)

    def draw(self, surface: pygame.Surface, theme: Theme, scale: float) -> None:
        if self.index is None or self.index >= len(self.buttons):
            return
        draw_focus_ring(surface, self.buttons[self.index].rect, theme, scale)


def ring_reach(scale: float) -> int:
    """How far the focus ring reaches outside the item it is drawn around, in pixels: less
    than the gap between two buttons (8 reference pixels), so it never covers a neighbour."""
    gap, width = _ring_parts(scale)
    return gap + width + 1


def _ring_parts(scale: float) -> tuple[int, int]:
    """(the gap between the item and the gold band, the gold band's width)."""
    return max(1, int(round(1.0 * scale))), max(2, int(round(2.5 * scale)))


def draw_focus_ring(surface: pygame.Surface, rect: pygame.Rect, theme: Theme, scale: float,
                    round_: bool = False, inside: bool = False) -> pygame.Rect:
    """The focus ring of keyboard and pad play: a gold band between two thin dark rims, so it
    reads on light and dark art alike and from a couch, close around the item (`ring_reach`:
    about 6 px at 1080p) and never over its neighbours or their words. `inside`: within
    `rect`, for items packed closely under a label (the offer's rows), so the ring covers none."""
    gap, width = _ring_parts(scale)
    gold, dark = theme.color("gold"), theme.color("button_border")
    radius = int(theme.size("corner_radius") * scale)
    if inside:
        ring = rect.inflate(-2 * gap, -2 * gap)
        pygame.draw.rect(surface, dark, rect, gap, border_radius=radius)
        pygame.draw.rect(surface, gold, ring, width, border_radius=max(0, radius - gap))
        pygame.draw.rect(surface, dark, ring.inflate(-2 * width, -2 * width), 1,
                         border_radius=max(0, radius - gap - width))
        return ring
    ring = rect.inflate(2 * (gap + width), 2 * (gap + width))
    if round_:
        c, r = rect.center, max(rect.w, rect.h) // 2 + gap + width
        pygame.draw.circle(surface, dark, c, r + 1, width + gap + 1)
        pygame.draw.circle(surface, gold, c, r, width)
    else:
        pygame.draw.rect(surface, dark, ring.inflate(2, 2), width + gap + 1,
                         border_radius=radius + gap + width + 1)
        pygame.draw.rect(surface, gold, ring, width, border_radius=radius + gap + width)
    return ring


class FocusGrid:
    """Keyboard and pad play for a form: rows of focusable items (any hashable key with a
    rect). Up/Down change the row (to the item nearest in x), Left/Right move in the row;
    the arrows stop at the edges of the form. The ring shows from the first frame when the
    last input was a key or a pad (`set_rows(show=True)`), else once a navigation key was used."""

    def __init__(self, wrap: bool = False) -> None:
        self.rows: list[list[tuple[Any, pygame.Rect]]] = []
        self.at: tuple[int, int] | None = None
        self.wrap = wrap        # an on-screen keyboard goes round; a form stops at its edges

    def set_rows(self, rows: Sequence[Sequence[tuple[Any, pygame.Rect]]], show: bool = False,
                 start: object = None) -> None:
        key = self.key
        self.rows = [list(r) for r in rows if r]
        self.at = None
        if key is not None:
            self.focus(key)
        if self.at is None and show and self.rows and not (start is not None and self.focus(start)):
            self.at = (0, 0)

    @property
    def key(self) -> Any:
        if self.at is None:
            return None
        r, i = self.at
        return self.rows[r][i][0] if r < len(self.rows) and i < len(self.rows[r]) else None

    @property
    def rect(self) -> pygame.Rect | None:
        if self.key is None or self.at is None:
            return None
        r, i = self.at
        return self.rows[r][i][1]

    def focus(self, key: object) -> bool:
        for r, row in enumerate(self.rows):
            for i, (k, _) in enumerate(row):
                if k == key:
                    self.at = (r, i)
                    return True
        return False

    def move(self, command: str) -> bool:
        """Move for an input_map direction; True when the focus moved or appeared."""
        if not self.rows:
            return False
        if self.at is None or self.key is None:
            self.at = (0, 0)
            return True
        r, i = self.at
        if command in ("left", "right"):
            n = len(self.rows[r])
            i += 1 if command == "right" else -1
            self.at = (r, i % n if self.wrap else max(0, min(n - 1, i)))
            return True
        if command in ("up", "down"):
            x = self.rows[r][i][1].centerx
            r += 1 if command == "down" else -1
            r = r % len(self.rows) if self.wrap else max(0, min(len(self.rows) - 1, r))
            row = self.rows[r]
            self.at = (r, min(range(len(row)), key=lambda j: abs(row[j][1].centerx - x)))
            return True
        return False

    def draw(self, surface: pygame.Surface, theme: Theme, scale: float) -> None:
        if self.rect is not None:
            draw_focus_ring(surface, self.rect, theme, scale)


def draw_dashed_rect(surface: pygame.Surface, colour: pygame.Color, rect: pygame.Rect, width: int,
                     dash: int) -> None:
    """A rectangle's outline in dashes `dash` long (a frame that marks, where a solid one selects)."""
    for (x0, y0), (x1, y1) in ((rect.topleft, rect.topright), (rect.bottomleft, rect.bottomright),
                               (rect.topleft, rect.bottomleft), (rect.topright, rect.bottomright)):
        horizontal = y0 == y1
        length = (x1 - x0) if horizontal else (y1 - y0)
        for start in range(0, length, dash * 2):
            end = min(length, start + dash)
            if horizontal:
                y = y0 if y0 == rect.top else y0 - width
                pygame.draw.rect(surface, colour, (x0 + start, y, end - start, width))
            else:
                x = x0 if x0 == rect.left else x0 - width
                pygame.draw.rect(surface, colour, (x, y0 + start, width, end - start))
