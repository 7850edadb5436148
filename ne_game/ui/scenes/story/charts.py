"""The story's charts, drawn from plain numbers: a line per seat by round, and one stacked
bar per seat for the final score by source. No game state, no words of their own: the
caller passes the labels in the player's language."""
from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import pygame

from ne_game.ui.scenes.table.draw.gfx import Style, badge, fit_text


@dataclass(frozen=True)
class Series:
    family: str
    values: tuple[int, ...]
    label: str = ""                 # the name written at the line's end, beside its badge


def _nice_top(top: int) -> tuple[int, int]:
    """The axis' top and its step: a round number just above the highest value."""
    top = max(1, top)
    for step in (1, 2, 5, 10, 20, 25, 50, 100):
        if top / step <= 6:
            return step * -(-top // step), step
    return top, max(1, top // 5)


def _spread(ys: list[int], gap: int, low: int, high: int) -> list[int]:
    """`ys` moved apart just enough that neighbours are at least `gap` apart, kept within
    [low, high] where there is room (end labels of lines that finish close together)."""
    order = sorted(range(len(ys)), key=lambda k: ys[k])
    out = list(ys)
    prev = None
    for k in order:
        y = max(out[k], low)
        if prev is not None:
            y = max(y, prev + gap)
        out[k] = prev = y
    over = (prev or high) - high
    if over > 0:
        for k in order:
            out[k] = max(low, out[k] - over)
        prev = None
        for k in order:                      # pushed back down where the top ran out of room
            if prev is not None:
                out[k] = max(out[k], prev + gap)
            prev = out[k]
    return out


def draw_line_chart(surface: pygame.Surface, rect: pygame.Rect, st: Style, title: str, rounds: Sequence[int],
                    series: Sequence[Series], u: float, *, mark: int | None = None, y_caption: str = "",
                    x_caption: str = "") -> None:
    """Each seat's values by round as a line in its family's colour, ended by the family's
    badge and the seat's name (colour is never the only code); the axes say what they count
    (`y_caption` above the values, `x_caption` under the rounds). `mark`: a round to ring."""
    def px(v: float) -> int:
        return max(1, int(round(v * u)))

    head = fit_text(st, title, "bold", px(17), st.color("text_on_dark"), rect.width)
    surface.blit(head, rect.topleft)
    label_px = px(13)
    grid = st.color("text_dim_on_dark")
    lab_w = st.font("body", label_px).size("+000")[0]
    cap_h = st.font("body", label_px).get_linesize()
    top_y = rect.y + head.get_height() + px(4)
    if y_caption:
        cap = fit_text(st, y_caption, "body", label_px, grid, rect.width)
        surface.blit(cap, (rect.x, top_y))
        top_y += cap.get_height() + px(4)
    # room on the right for the end labels: a badge and the longest name
    badge_px = px(20)
    name_px = px(14)
    names_w = max((st.font("bold", name_px).size(s.label)[0] for s in series if s.label), default=0)
    mark_w = px(14)      # the line's marker shape, repeated before its name (its legend)
    # the badges stand a little right of the last round (playtest 7a: a badge over the line's
    # own last point hid it), a leader from the point to each
    lead = px(8)
    end_w = min(rect.width // 3, lead + badge_px + px(6) + mark_w + names_w + px(4)) if names_w else px(12) + lead
    bottom_room = label_px + px(10) + (cap_h if x_caption else 0)
    plot = pygame.Rect(rect.x + lab_w + px(10), top_y + px(4),
                       rect.width - lab_w - px(10) - end_w - badge_px // 2, rect.bottom - top_y - px(4) - bottom_room)
    if plot.width < 10 or plot.height < 10:
        return
    # the axis runs from zero (or the lowest value, when some are below it: a lead chart)
    # to a round number above the highest; the zero line is drawn stronger
    high = max((v for s in series for v in s.values), default=0)
    low = min((v for s in series for v in s.values), default=0)
    top, step = _nice_top(max(high, -low if low < 0 else 0, 1) if low < 0 else high)
    bottom = step * (low // step) if low < 0 else 0          # a round number at or below the lowest
    top = max(top if high > 0 else 0, step)
    # fewer labels when the plot is short: neighbours at least a label's height apart (playtest
    # 2: "+10, +8, +6…" overlapped at 720p); the step grows through round numbers
    room = st.font("body", label_px).get_linesize()
    while step < max(1, top - bottom) and plot.height * step / max(1, top - bottom) < room:
        step = next((n for n in (1, 2, 5, 10, 20, 25, 50, 100, 200, 500) if n > step), step * 2)
        top = step * -(-top // step)
        bottom = step * (bottom // step) if bottom < 0 else 0
    span = max(1, top - bottom)

    def y_of(v: float) -> int:
        return plot.bottom - int(plot.height * (v - bottom) / span)

    for k in range(bottom, top + 1, step):
        y = y_of(k)
        pygame.draw.line(surface, grid if k == 0 and bottom < 0 else _faint(grid), (plot.x, y), (plot.right, y),
                         max(1, px(2)) if k == 0 and bottom < 0 else 1)
        lab = st.text(f"+{k}" if k > 0 and bottom < 0 else str(k).replace("-", "\u2212"), "body", label_px, grid)
        surface.blit(lab, (plot.x - lab.get_width() - px(8), y - lab.get_height() // 2))      # clear of the first point's marker
    n = len(rounds)
    if n == 0:
        return

    def x_of(i: int) -> int:
        return plot.x + (int(plot.width * i / (n - 1)) if n > 1 else plot.width // 2)

    every = max(1, -(-n * (lab_w + px(6)) // max(1, plot.width)))
    for i, number in enumerate(rounds):
        if i % every == 0 or i == n - 1:
            x = x_of(i)
            pygame.draw.line(surface, grid, (x, plot.bottom), (x, plot.bottom + px(3)), 1)   # a tick per round
            lab = st.text(str(number), "body", label_px, grid)
            surface.blit(lab, (x - lab.get_width() // 2, plot.bottom + px(4)))
    if x_caption:
        cap = fit_text(st, x_caption, "body", label_px, grid, plot.width)
        surface.blit(cap, (plot.centerx - cap.get_width() // 2, plot.bottom + px(4) + label_px + px(4)))
    if mark is not None and mark in rounds:
        x = x_of(list(rounds).index(mark))
        pygame.draw.line(surface, st.color("gold"), (x, plot.y), (x, plot.bottom), px(2))
    ends: list[tuple[Series, int, int]] = []
    for k, s in enumerate(series):
        points = [(x_of(i), y_of(v)) for i, v in enumerate(s.values)]
        colour = st.family(s.family)
        if len(points) > 1:
            pygame.draw.lines(surface, st.color("button_border"), False, points, px(6))
            pygame.draw.lines(surface, colour, False, points, px(4))
        # each seat's points in a shape of its own (circle, square, triangle, diamond): lines
        # that cross or run together are told apart without their colours (high contrast)
        for p in points:        # the last one too: the badge stands beside it, not on it
            marker(surface, k, p, px(5), colour, st.color("button_border"))
        if points:
            ends.append((s, points[-1][0], points[-1][1]))
    # each line ends in its badge and name; labels of lines that finish close are moved apart
    ys = _spread([y for _s, _x, y in ends], badge_px + px(2), rect.y + head.get_height(), plot.bottom)
    for k, ((s, x, y0), y) in enumerate(zip(ends, ys)):
        b = badge(st, s.family, badge_px)
        # a thin neutral leader, dotted: a line in the seat's colour read as one more round's
        # value where the labels were moved apart (playtest 8a)
        _dotted(surface, st.color("text_dim_on_dark"), (x + px(5), y0), (x + lead + badge_px // 2, y), max(1, px(1)))
        surface.blit(b, b.get_rect(center=(x + lead + badge_px // 2, y)))
        if s.label:
            mx = x + lead + badge_px + px(4)
            marker(surface, k, (mx + px(5), y), px(5), st.family(s.family), st.color("button_border"))
            t = fit_text(st, s.label, "bold", name_px, st.color("text_on_dark"),
                         max(1, rect.right - (mx + mark_w)))
            surface.blit(t, (mx + mark_w, y - t.get_height() // 2))


def _dotted(surface: pygame.Surface, colour: pygame.Color, a: tuple[int, int], b: tuple[int, int], width: int) -> None:
    n = max(1, int(math.hypot(b[0] - a[0], b[1] - a[1]) / (3 * width + 2)))
    for k in range(0, n, 2):
        p = (a[0] + (b[0] - a[0]) * k / n, a[1] + (b[1] - a[1]) * k / n)
        q = (a[0] + (b[0] - a[0]) * (k + 1) / n, a[1] + (b[1] - a[1]) * (k + 1) / n)
        pygame.draw.line(surface, colour, p, q, width)


#: the shapes of the lines' points, by the seat's place in the chart
MARKERS = ("circle", "square", "triangle", "diamond")


def marker(surface: pygame.Surface, k: int, at: tuple[int, int], r: int, colour: pygame.Color,
           edge: pygame.Color) -> str:
    """The `k`th line's point marker at `at`, `r` its half-size, filled in the line's colour and
    edged dark; the shape's name."""
    shape = MARKERS[k % len(MARKERS)]
    x, y = at
    if shape == "circle":
        pygame.draw.circle(surface, edge, at, r)
        pygame.draw.circle(surface, colour, at, max(1, r - 1))
        return shape
    if shape == "square":
        pts = [(x - r + 1, y - r + 1), (x + r - 1, y - r + 1), (x + r - 1, y + r - 1), (x - r + 1, y + r - 1)]
    elif shape == "triangle":
        pts = [(x, y - r - 1), (x + r + 1, y + r), (x - r - 1, y + r)]
    else:
        pts = [(x, y - r - 1), (x + r + 1, y), (x, y + r + 1), (x - r - 1, y)]
    pygame.draw.polygon(surface, colour, pts)
    pygame.draw.polygon(surface, edge, pts, 1)
    return shape


def _faint(colour: pygame.Color) -> pygame.Color:
    return pygame.Color(colour.r // 2 + 20, colour.g // 2 + 20, colour.b // 2 + 20)


@dataclass(frozen=True)
class Stack:
    family: str
    parts: tuple[int, ...]          # in the order of the chart's sources


def draw_stacked_bars(surface: pygame.Surface, rect: pygame.Rect, st: Style, title: str,
                      sources: Sequence[tuple[str, pygame.Color]], stacks: Sequence[Stack], u: float) -> None:
    """One bar per seat, its parts stacked bottom-up in `sources`' order and colours, the
    total above it; the sources' legend below."""
    def px(v: float) -> int:
        return max(1, int(round(v * u)))

    head = fit_text(st, title, "bold", px(17), st.color("text_on_dark"), rect.width)
    surface.blit(head, rect.topleft)
    legend_px = px(13)
    line = st.font("body", legend_px).get_linesize()
    legend_h = line * len(sources)
    total_h = st.font("number", px(16)).get_linesize()
    plot = pygame.Rect(rect.x, rect.y + head.get_height() + px(8) + total_h, rect.width,
                       rect.height - head.get_height() - px(16) - total_h - legend_h - px(24))
    if plot.height < 10 or not stacks:
        return
    top = max(1, max(sum(s.parts) for s in stacks))
    slot = plot.width / len(stacks)
    bar_w = max(px(8), int(slot * 0.6))
    for k, s in enumerate(stacks):
        x = int(plot.x + slot * k + (slot - bar_w) / 2)
        y = plot.bottom
        for part, ((_label, colour), value) in enumerate(zip(sources, s.parts)):
            h = int(plot.height * value / top)
            if h > 0:
                _patterned(surface, pygame.Rect(x, y - h, bar_w, h), colour, part, px(5))
                pygame.draw.rect(surface, st.color("button_border"), (x, y - h, bar_w, h), 1)
            y -= h
        pygame.draw.rect(surface, st.family(s.family), (x, plot.bottom, bar_w, px(4)))
        b = badge(st, s.family, min(bar_w, px(20)))        # whose bar: colour and initial
        surface.blit(b, b.get_rect(midtop=(x + bar_w // 2, plot.bottom + px(6))))
        total = st.text(str(sum(s.parts)), "number", px(16), st.color("text_on_dark"))
        surface.blit(total, (x + bar_w // 2 - total.get_width() // 2, y - total.get_height()))
    y = plot.bottom + px(8) + px(20) + px(4)
    for part, (label, colour) in enumerate(sources):
        # the swatch carries the source's pattern as well as its colour (colour is never the only code)
        swatch = pygame.Rect(rect.x, y + line // 8, line * 3 // 4, line * 3 // 4)
        _patterned(surface, swatch, colour, part, px(5))
        pygame.draw.rect(surface, st.color("button_border"), swatch, 1)
        text = fit_text(st, label, "body", legend_px, st.color("text_dim_on_dark"), rect.width - line)
        surface.blit(text, (rect.x + line, y))
        y += line


def _patterned(surface: pygame.Surface, r: pygame.Rect, colour: pygame.Color, kind: int, gap: int) -> None:
    """A bar's part or a legend swatch: its colour, and a pattern by its place among the sources
    (0 plain, 1 diagonal stripes, 2 dots), drawn in a darker shade of the colour."""
    pygame.draw.rect(surface, colour, r)
    if kind == 0 or r.width < 2 or r.height < 2:
        return
    c = pygame.Color(colour)
    ink = pygame.Color(c.r * 2 // 5, c.g * 2 // 5, c.b * 2 // 5)
    clip = surface.get_clip()
    surface.set_clip(r.clip(clip) if clip else r)
    gap = max(3, gap)
    if kind == 1:
        for d in range(-r.height, r.width, gap):
            pygame.draw.line(surface, ink, (r.x + d, r.bottom), (r.x + d + r.height, r.y), max(1, gap // 3))
    else:
        for yy in range(r.y + gap // 2, r.bottom, gap):
            for xx in range(r.x + gap // 2, r.right, gap):
                pygame.draw.circle(surface, ink, (xx, yy), max(1, gap // 4))
    surface.set_clip(clip)
