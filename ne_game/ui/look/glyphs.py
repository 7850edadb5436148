"""Glyphs of controls for on-screen prompts: key caps for the keyboard, small labelled
discs for a pad's buttons (A green, B red, X blue, Y yellow, as on most pads).

`draw_glyph` draws one and returns its width; `draw_prompt` draws a row of
(glyph labels, words) pairs for the device used last (input_map.Pads.last_device).
"""
from __future__ import annotations

from collections.abc import Sequence

import pygame

from ne_game.i18n import pgettext
from ne_game.ui.look.theme import Theme
from ne_game.ui.shell import input_map as im

_DISC = {"A": (76, 160, 72), "B": (196, 64, 52), "X": (58, 110, 196), "Y": (214, 176, 40)}
# PlayStation face buttons: drawn as their shapes, in their colours
_SHAPES = {"cross": (120, 160, 230), "circle": (226, 90, 90), "square": (222, 130, 200), "triangle": (90, 200, 160)}
# What each SDL button name is called on a pad of another make (SDL names follow the Xbox pad;
# a Nintendo pad's buttons are reported by their printed letters, which stand elsewhere).
PAD_LABELS: dict[str, dict[str, str]] = {
    "playstation": {"A": "cross", "B": "circle", "X": "square", "Y": "triangle", "LB": "L1", "RB": "R1",
                    "LT": "L2", "RT": "R2", "Back": "Share", "Start": "Options"},
    "nintendo": {"LB": "L", "RB": "R", "LT": "ZL", "RT": "ZR", "Back": "\u2212", "Start": "+"},
}


def pad_label(label: str, layout: str = "xbox") -> str:
    """The label of an (Xbox-named) pad button on a pad of `layout`."""
    return PAD_LABELS.get(layout, {}).get(label, label)


def draw_glyph(surface: pygame.Surface, label: str, pad: bool, x: int, cy: int, h: int,
               theme: Theme) -> int:
    """One key cap (keyboard) or pad button at (x, centre y), `h` pixels tall; its width."""
    font = theme.font("bold", max(8, int(h * 0.55)))
    if pad and label in _SHAPES:
        r = h // 2
        c = (x + r, cy)
        pygame.draw.circle(surface, (20, 24, 28), (c[0], cy + max(1, h // 14)), r)
        pygame.draw.circle(surface, (46, 50, 58), c, r)
        k, width, colour = int(r * 0.55), max(2, h // 8), _SHAPES[label]
        if label == "cross":
            pygame.draw.line(surface, colour, (c[0] - k, cy - k), (c[0] + k, cy + k), width)
            pygame.draw.line(surface, colour, (c[0] - k, cy + k), (c[0] + k, cy - k), width)
        elif label == "circle":
            pygame.draw.circle(surface, colour, c, k, width)
        elif label == "square":
            pygame.draw.rect(surface, colour, (c[0] - k, cy - k, 2 * k, 2 * k), width)
        else:
            pygame.draw.polygon(surface, colour, [(c[0], cy - k), (c[0] - k, cy + int(k * 0.8)),
                                                  (c[0] + k, cy + int(k * 0.8))], width)
        return h
    img = font.render(label, True, (250, 246, 236))
    if pad and len(label) == 1 and label in _DISC:
        r = h // 2
        pygame.draw.circle(surface, (20, 24, 28), (x + r, cy + max(1, h // 14)), r)
        pygame.draw.circle(surface, _DISC[label], (x + r, cy), r)
        surface.blit(img, img.get_rect(center=(x + r, cy)))
        return h
    w = max(h, img.get_width() + h // 2)
    rect = pygame.Rect(x, cy - h // 2, w, h)
    radius = h // 2 if pad else max(2, h // 5)       # pad buttons are pills, keys are caps
    pygame.draw.rect(surface, (20, 24, 28), rect.move(0, max(1, h // 10)), border_radius=radius)
    pygame.draw.rect(surface, theme.color("button"), rect, border_radius=radius)
    pygame.draw.rect(surface, theme.color("text_dim_on_dark"), rect, max(1, h // 16), border_radius=radius)
    surface.blit(img, img.get_rect(center=rect.center))
    return w


def key_cap(label: str) -> str:
    """A key's name as its cap says it in the player's language ("Escape" -> "Échap"; the
    arrow keys as arrows); "Shift+R" keeps its parts."""
    if "+" in label and len(label) > 1:
        return "+".join(key_cap(part) for part in label.split("+"))
    caps = {"Return": pgettext("key cap", "Enter"), "Enter": pgettext("key cap", "Enter"),
            "Escape": pgettext("key cap", "Esc"), "Space": pgettext("key cap", "Space"),
            "Backspace": pgettext("key cap", "Backspace"), "Delete": pgettext("key cap", "Delete"),
            "Shift": pgettext("key cap", "Shift"), "Ctrl": pgettext("key cap", "Ctrl"),
            "Page Up": pgettext("key cap", "Page Up"), "Page Down": pgettext("key cap", "Page Down"),
            "Up": "\u2191", "Down": "\u2193", "Left": "\u2190", "Right": "\u2192"}
    return caps.get(label, label)


def key_caps(command: str) -> list[str]:
    """The keyboard's keys of a command as caps in the player's language, each once."""
    out: list[str] = []
    for label in im.keys_of(command):
        cap = key_cap(label)
        if cap not in out:
            out.append(cap)
    return out


def labels_for(command: str, device: str, layout: str = "xbox") -> list[str]:
    """The glyph labels of a command on `device` ("pad", else the keyboard); a pad's in the
    labels of its make (`layout`, input_map.pad_layout)."""
    if device == "pad":
        return [pad_label(g, layout) for g in im.pad_buttons_of(command) if g != "Left stick"][:1]
    return key_caps(command)[:1]


def draw_prompt(surface: pygame.Surface, items: Sequence[tuple[str, str]], device: str,
                pos: tuple[int, int], h: int, theme: Theme, max_w: int | None = None,
                layout: str = "xbox") -> pygame.Rect:
    """A row "[A] Choose  [B] Back ..." for `device`, from command names; its rect. With
    `max_w`, the items that would not fit whole are left out (the first ones matter most),
    never cut in the middle of a word."""
    font = _prompt_font(h, theme)
    x, cy = pos
    gap = h // 3
    start = x
    for command, words in items:
        labels = labels_for(command, device, layout)
        if max_w is not None and x + _item_width(command, words, device, h, theme, layout) - start > max_w:
            break
        img = font.render(words, True, theme.color("text_on_dark"))
        for label in labels:
            x += draw_glyph(surface, label, device == "pad", x, cy, h, theme) + gap // 2
        surface.blit(img, img.get_rect(midleft=(x, cy)))
        x += img.get_width() + gap * 2
    return pygame.Rect(start, cy - h // 2, x - start, h)


def prompt_rows(items: Sequence[tuple[str, str]], device: str, h: int, theme: Theme, max_w: int,
                layout: str = "xbox") -> list[list[tuple[str, str]]]:
    """`items` in rows of at most `max_w` (as `draw_prompt` lays them out), in their order."""
    gap = h // 3
    rows: list[list[tuple[str, str]]] = [[]]
    x = 0
    for command, words in items:
        need = _item_width(command, words, device, h, theme, layout)
        if rows[-1] and x + need > max_w:
            rows.append([])
            x = 0
        rows[-1].append((command, words))
        x += need + gap * 2
    return rows


def _prompt_font(h: int, theme: Theme) -> pygame.font.Font:
    """The words of a prompt row of glyphs `h` high."""
    return theme.font("body", max(8, int(h * 0.62)))


def _item_width(command: str, words: str, device: str, h: int, theme: Theme, layout: str) -> int:
    """The width one "[key] words" item of a prompt row takes (its glyphs, then its words)."""
    gap = h // 3
    return sum(glyph_width(label, device == "pad", h, theme) + gap // 2
               for label in labels_for(command, device, layout)) + _prompt_font(h, theme).size(words)[0]


def glyph_width(label: str, pad: bool, h: int, theme: Theme) -> int:
    """The width `draw_glyph` takes for a label (without drawing)."""
    if pad and (label in _SHAPES or (len(label) == 1 and label in _DISC)):
        return h
    font = theme.font("bold", max(8, int(h * 0.55)))
    return max(h, font.size(label)[0] + h // 2)
