"""The phones on the TV: QR codes drawn by the game (crisp squares at the size shown, a quiet
zone, dark on light), each phone seat's card, and a small phone on each phone seat's panel
(joined: a lit screen; away: a crossed-out phone: shape, not colour alone). Pure drawing: what
to draw comes from model.py."""
from __future__ import annotations

from functools import lru_cache

import pygame

from ne_game.i18n import _, fmt
from ne_game.net.qr import qr_matrix
from ne_game.ui.look.theme import Theme
from ne_game.ui.look.widgets import draw_badge, draw_panel, fit_render

__all__ = ["qr_surface", "code_layout", "draw_panel_of_cards", "draw_presence", "fit_render", "wrap_address"]

from .model import PhoneCard

QR_DARK = (16, 16, 16)
QR_LIGHT = (255, 255, 255)


@lru_cache(maxsize=16)
def _matrix(text: str) -> tuple[tuple[bool, ...], ...]:
    return tuple(tuple(row) for row in qr_matrix(text))


@lru_cache(maxsize=32)
def qr_surface(text: str, size: int) -> pygame.Surface:
    """The code at `size` pixels or a little less: whole pixels per module, so every module is a
    crisp square (never a scaled bitmap); the quiet zone is part of the matrix."""
    rows = _matrix(text)
    n = len(rows)
    module = max(1, size // n)
    surf = pygame.Surface((module * n, module * n))
    surf.fill(QR_LIGHT)
    for y, row in enumerate(rows):
        for x, dark in enumerate(row):
            if dark:
                surf.fill(QR_DARK, (x * module, y * module, module, module))
    return surf


def wrap_address(url: str, font: pygame.font.Font, width: int) -> list[str]:
    """The address cut into lines that fit (it has no spaces: cut anywhere, never shrink it)."""
    lines, line = [], ""
    for ch in url:
        if line and font.size(line + ch)[0] > width:
            lines.append(line)
            line = ""
        line += ch
    return lines + ([line] if line else [])


#: below this many pixels per module a phone's camera struggles at a sofa's distance
MIN_MODULE = 3


def code_layout(urls: list[str], room: int, w: int, line_h: int, small: pygame.font.Font,
                pad: int) -> tuple[bool, int]:
    """How the waiting codes share `room` pixels of height in a column `w` wide: (beside, module
    px). Stacked: the code centred, its address under it; beside: the address wrapped at the
    code's right (a narrow column then holds three codes of 3 px modules at 720p, where stacked
    ones get 2). The largest whole module that fits wins; stacked on a tie; at least 1 px."""
    if not urls:
        return False, 1
    n = max(len(_matrix(u)) for u in urls)
    addr_h = small.get_linesize()
    narrowest = small.size("MMMMMM")[0]      # an address column narrower than this is no use

    def height(beside: bool, m: int) -> int | None:
        total = 0
        for url in urls:
            side = w - n * m - pad
            if n * m > w or (beside and side < narrowest):
                return None
            lines = len(wrap_address(url, small, side if beside else w)) * addr_h
            total += line_h + pad // 4 + (max(n * m, lines) if beside else n * m + pad // 4 + lines) + pad // 2
        return total

    for m in range(max(1, w // n), 0, -1):
        for beside in (False, True):
            h = height(beside, m)
            if h is not None and h <= room:
                return beside, m
    return False, 1


def draw_panel_of_cards(surface: pygame.Surface, area: pygame.Rect, theme: Theme, cards: list[PhoneCard],
                        text_px: int, scale: float, colorblind: bool, hide_keys: str,
                        help_lines: list[str]) -> tuple[pygame.Rect, list[int]]:
    """The phones' panel in `area` (the offer's column): a card per phone seat still to join
    (badge, name, QR code, address), a line per phone that joined, the words of help when
    nobody joined, and a line saying how to hide it. Returns the hide line's rect (a click)
    and the side of each code drawn, in pixels."""
    draw_panel(surface, area, theme, scale)
    pad = max(4, text_px // 2)
    x, y, w = area.x + pad, area.y + pad, area.w - 2 * pad
    body = theme.font("body", text_px)
    bold = theme.font("bold", text_px)
    small = theme.font("body", max(12, int(text_px * 0.9)))
    light = theme.color("text_on_dark")
    dim = theme.color("text_dim_on_dark")
    y = _blit_wrapped(surface, theme.font("bold", int(text_px * 1.15)), _("Play on your phone"),
                      theme.color("gold"), x, y, w) + pad // 2
    waiting = [c for c in cards if not c.joined]
    line_h = body.get_linesize()
    hide_lines = _wrap_words(hide_keys, bold, w)
    # the codes share what is left of the column, above the joined lines, the help and the hide line
    below = (line_h * (len(cards) - len(waiting))
             + line_h * sum(len(_wrap_words(t, body, w)) for t in help_lines)
             + bold.get_linesize() * len(hide_lines) + pad * 2)
    beside, module = code_layout([c.url for c in waiting], area.bottom - y - below, w, line_h, small, pad)
    sizes: list[int] = []
    for card in waiting:
        n = len(_matrix(card.url))
        code = qr_surface(card.url, n * module)
        sizes.append(code.get_width())
        r = line_h // 2
        draw_badge(surface, (x + r, y + r), r, theme, card.family, colorblind)
        y = _blit_wrapped(surface, bold, card.name, light, x + 2 * r + pad // 2, y,
                          w - 2 * r - pad) + pad // 4
        if beside:
            surface.blit(code, (x, y))
            ay = y
            for line in wrap_address(card.url, small, w - code.get_width() - pad):
                surface.blit(small.render(line, True, light), (x + code.get_width() + pad, ay))
                ay += small.get_linesize()
            y = max(y + code.get_height(), ay)
        else:
            surface.blit(code, (x + (w - code.get_width()) // 2, y))
            y += code.get_height() + pad // 4
            for line in wrap_address(card.url, small, w):
                surface.blit(small.render(line, True, light), (x, y))
                y += small.get_linesize()
        y += pad // 2
    for card in cards:
        if card.joined:
            r = line_h // 2 - 1
            draw_badge(surface, (x + r, y + line_h // 2), r, theme, card.family, colorblind)
            y = _blit_wrapped(surface, body, fmt("{name}: phone joined", name=card.name), light,
                              x + 2 * r + pad // 2, y, w - 2 * r - pad)
    for text in help_lines:
        for line in _wrap_words(text, body, w):
            surface.blit(body.render(line, True, dim), (x, y))
            y += line_h
    top = area.bottom - pad - bold.get_linesize() * len(hide_lines)
    bottom = _blit_wrapped(surface, bold, hide_keys, theme.color("gold"), x, top, w)
    return pygame.Rect(x, top, w, bottom - top), sizes


def _blit_wrapped(surface: pygame.Surface, font: pygame.font.Font, text: str, color: pygame.Color,
                  x: int, y: int, w: int) -> int:
    """`text` at its size (never shrunk under the text floor), wrapped at spaces; the y below it."""
    for line in _wrap_words(text, font, w):
        surface.blit(font.render(line, True, color), (x, y))
        y += font.get_linesize()
    return y


def draw_presence(surface: pygame.Surface, panel: pygame.Rect, theme: Theme, here: bool, size: int) -> pygame.Rect:
    """A small phone at the panel's lower right: a lit screen when its phone is here, the
    phone crossed out when it is away (the shape tells, not the colour alone)."""
    h = max(12, size)
    w = max(8, int(h * 0.6))
    rect = pygame.Rect(0, 0, w, h)
    rect.bottomright = (panel.right - max(3, h // 4), panel.bottom - max(3, h // 4))
    ink = theme.color("success") if here else theme.color("error")
    body = (40, 40, 40)
    pygame.draw.rect(surface, body, rect, border_radius=max(2, w // 4))
    screen = rect.inflate(-max(2, w // 3), -max(4, h // 3))
    if here:
        pygame.draw.rect(surface, ink, screen)
    else:
        pygame.draw.rect(surface, (90, 90, 90), screen, width=1)
        pygame.draw.line(surface, ink, rect.topleft, rect.bottomright, max(2, w // 5))
    return rect


def _wrap_words(text: str, font: pygame.font.Font, width: int) -> list[str]:
    lines: list[str] = []
    for word in text.split():
        if lines and font.size(lines[-1] + " " + word)[0] <= width:
            lines[-1] += " " + word
        else:
            lines.append(word)
    return lines
