"""The replay's control bar at the foot of the screen: a timeline with the rounds marked on
it (click or drag to go anywhere) and the step buttons, each with its word under an icon.

Pure geometry (`bar_layout`) and drawing from a `BarView`; the scene decides what is shown.
"""
from __future__ import annotations

from dataclasses import dataclass

import pygame

from ne_game.i18n import _, pgettext
from ne_game.ui.scenes.table.draw.gfx import Style, blit_center, fit_text, shade

#: the step buttons, left to right; "play" turns into pause while the replay plays
CONTROLS = ("first", "prev_round", "prev_turn", "prev", "play", "next", "next_turn", "next_round", "last")
#: the smallest words of the bar (the buttons' captions, the rounds' numbers), reference pixels:
#: the desk's 12 px floor at 1280x720
SMALL_REF = 12
WHERE_REF = 13          # the line "Move 41 of 212 · Round 5" over the timeline
CLOSE_REF = 15          # Close's word
BUTTON_REF = 38         # a step button's height: under the action bar's buttons (46)
INLAY_REF = 7           # the gold inlay along the rail's top
TIMELINE_SHARE = 0.3    # the least share of the band the timeline keeps beside the buttons


def caption(control: str, playing: bool = False) -> str:
    """The word under a step button (read at draw time: a language switch applies at once)."""
    if control == "close":
        return _("Close")
    if control == "play":
        return pgettext("replay control", "pause") if playing else pgettext("replay control", "play")
    if control in ("first", "last"):
        return pgettext("replay control", "start") if control == "first" else pgettext("replay control", "end")
    return {"round": pgettext("replay control", "round"), "turn": pgettext("replay control", "turn"),
            "move": pgettext("replay control", "move")}[control.split("_")[-1] if "_" in control else "move"]


@dataclass(frozen=True)
class BarLayout:
    rect: pygame.Rect
    track: pygame.Rect                      # the timeline (its knob's centre runs along it)
    where: pygame.Rect                      # the line "Move 41 of 212 · Round 5"
    buttons: dict[str, pygame.Rect]         # CONTROLS and "close"
    u: float
    small: int = SMALL_REF                  # the captions' and rounds' numbers' size in pixels
    where_px: int = WHERE_REF
    close_px: int = CLOSE_REF
    rows: int = 1                           # 1: timeline and buttons in one band; 2: one above the other

    def px(self, ref: float) -> int:
        return max(1, int(round(ref * self.u)))

    def position_at(self, x: int, last: int) -> int:
        """The position a click or drag at `x` on the timeline means."""
        if last <= 0 or self.track.width <= 0:
            return 0
        f = (x - self.track.x) / self.track.width
        return max(0, min(last, int(round(f * last))))

    def x_of(self, position: int, last: int) -> int:
        return self.track.x + (int(self.track.width * position / last) if last > 0 else 0)


def _sizes(size: tuple[int, int], scale: float, text_min: int) -> tuple[float, int, int, int]:
    """The unit and the three text sizes: the reference sizes, and never under the sofa's floor."""
    w, h = size
    u = min(w / 1280, h / 720) * scale

    def fs(ref: float) -> int:
        return max(max(1, int(round(ref * u))), text_min)

    return u, fs(SMALL_REF), fs(WHERE_REF), fs(CLOSE_REF)


def _line(px: int) -> int:
    return int(px * 1.2) + 1


def bar_height(size: tuple[int, int], scale: float = 1.0, text_min: int = 0, width: int | None = None,
               st: Style | None = None) -> int:
    """The bar's height: the inlay and one band of buttons and timeline side by side, or two
    bands where the width (`width`, the whole window's by default) cannot hold them in one."""
    return bar_layout(size, scale, text_min, width, st).rect.height


def bar_layout(size: tuple[int, int], scale: float = 1.0, text_min: int = 0, width: int | None = None,
               st: Style | None = None) -> BarLayout:
    """The bar along the foot of the window, `width` wide from its left edge (the replay's offer
    keeps the column's full height beside it). Timeline and buttons share one band when the
    timeline keeps TIMELINE_SHARE of it (the replay's table is as large as the game's: playtest
    17a), else the timeline lies over the buttons. `st` measures the captions (their width)."""
    w, h = size
    bw_all = w if width is None else max(1, min(w, width))
    u, small, where_px, close_px = _sizes(size, scale, text_min)

    def px(ref: float) -> int:
        return max(1, int(round(ref * u)))

    m = max(4, px(10))
    gap = px(6)
    icon = max(px(14), int(small * 0.8))
    btn_h = max(px(BUTTON_REF), px(4) + icon + px(2) + _line(small) + px(3))
    words = [caption(c, p) for c in CONTROLS for p in (False, True)]
    if st is not None:
        font = st.font("body", small)
        widest = max(font.size(wd)[0] for wd in words)
        close_word = st.font("bold", close_px).size(caption("close"))[0]
    else:      # no style at hand: about half an em a letter
        widest = int(max(len(wd) for wd in words) * small * 0.6)
        close_word = int(len(caption("close")) * close_px * 0.6)
    btn_w = max(int(btn_h * 1.15), widest + px(12))
    close_w = max(px(90), close_word + px(28))
    buttons_w = len(CONTROLS) * btn_w + (len(CONTROLS) - 1) * gap
    # the timeline's stack: its position line, the groove (the knob around it), the rounds' numbers
    stack_h = px(3) + _line(where_px) + px(4) + px(6) + px(4) + _line(small) + px(2)
    inlay = px(INLAY_REF)
    row_h = max(btn_h + px(6), stack_h)
    band_room = bw_all - 2 * m - buttons_w - close_w - 2 * px(14)
    rows = 1 if band_room >= TIMELINE_SHARE * bw_all else 2
    bh = inlay + (row_h if rows == 1 else stack_h + btn_h + px(8))
    bh = min(bh, h // 3)
    rect = pygame.Rect(0, h - bh, bw_all, bh)
    if rows == 1:
        tl = pygame.Rect(m, rect.y + inlay, band_room, row_h)
        bx = tl.right + px(14)
        by = rect.y + inlay + (row_h - btn_h) // 2
    else:
        tl = pygame.Rect(m, rect.y + inlay, bw_all - 2 * m, stack_h)
        bx = max(m, min((bw_all - buttons_w) // 2, bw_all - m - close_w - px(14) - buttons_w))
        by = tl.bottom + px(4)
    where = pygame.Rect(tl.x + px(6), tl.y + px(3), tl.width - px(12), _line(where_px))
    track = pygame.Rect(tl.x + px(14), where.bottom + px(4), tl.width - px(28), max(2, px(6)))
    buttons = {c: pygame.Rect(bx + k * (btn_w + gap), by, btn_w, btn_h) for k, c in enumerate(CONTROLS)}
    buttons["close"] = pygame.Rect(bw_all - m - close_w, by, close_w, btn_h)
    return BarLayout(rect, track, where, buttons, u, small, where_px, close_px, rows)


@dataclass(frozen=True)
class BarView:
    position: int
    last: int
    rounds: tuple[tuple[int, int], ...]     # (position where a round begins, its number)
    where: str
    playing: bool
    hot: str | None = None                  # the control under the pointer
    family: str | None = None               # who made the move on show (the knob's colour)


def _flat(st: Style) -> bool:
    """A theme that paints flat (high contrast): no wood grain, no shading, edges as lines."""
    return st.theme.has_color("map_flat")


def plate_rect(bl: BarLayout) -> pygame.Rect:
    """The parchment plate the position and the timeline are written on (its numbers under it)."""
    top = bl.where.y - bl.px(3)
    return pygame.Rect(bl.where.x - bl.px(6), top, bl.where.width + bl.px(12),
                       bl.track.bottom + bl.px(4) + _line(bl.small) + bl.px(1) - top)


def draw_bar(surface: pygame.Surface, bl: BarLayout, st: Style, view: BarView) -> None:
    """The bar as a piece of the table: a wooden rail (flat in high contrast) under a gold
    inlay with the dialogs' diamond, the timeline on a parchment plate like the player panels,
    and the step buttons drawn as the action bar's are."""
    _draw_rail(surface, bl, st)
    plate = plate_rect(bl)
    edge = st.color("panel_border")
    if not _flat(st):
        shadow = pygame.Surface(plate.size, pygame.SRCALPHA)
        pygame.draw.rect(shadow, (0, 0, 0, 90), shadow.get_rect(), border_radius=bl.px(6))
        surface.blit(shadow, plate.move(0, bl.px(2)))
    pygame.draw.rect(surface, st.color("panel"), plate, border_radius=bl.px(6))
    pygame.draw.rect(surface, edge, plate, max(1, bl.px(2)) if _flat(st) else max(1, bl.px(1)),
                     border_radius=bl.px(6))
    where = fit_text(st, view.where, "bold", bl.where_px, st.color("text"), bl.where.width)
    surface.blit(where, (bl.where.x, bl.where.centery - where.get_height() // 2))
    _draw_track(surface, bl, st, view)
    for control, rect in bl.buttons.items():
        _draw_button(surface, bl, st, control, rect, view)


def _draw_rail(surface: pygame.Surface, bl: BarLayout, st: Style) -> None:
    r = bl.rect
    gold = st.color("gold")
    if _flat(st):
        pygame.draw.rect(surface, st.color("panel_dark"), r)
        pygame.draw.line(surface, st.color("panel_border"), r.topleft, r.topright, max(1, bl.px(2)))
    else:
        wood = shade(st.color("panel_border"), 0.62)
        pygame.draw.rect(surface, wood, r)
        # a few long grain lines, always the same (no noise that changes between frames)
        step = max(3, bl.px(7))
        for k, y in enumerate(range(r.y + bl.px(5), r.bottom, step)):
            f = (0.84, 0.72, 0.9, 0.78)[k % 4]
            x0 = r.x + (k * 97) % max(1, r.width // 5)
            pygame.draw.line(surface, shade(wood, f), (x0, y), (r.right - (k * 53) % max(1, r.width // 7), y),
                             max(1, bl.px(1)))
        pygame.draw.line(surface, shade(wood, 0.55), r.topleft, r.topright, max(1, bl.px(3)))
    # the gold inlay along the top, with the dialogs' diamond in its middle and at its ends
    y = r.y + bl.px(3)
    pygame.draw.line(surface, gold, (r.x, y), (r.right, y), max(1, bl.px(1.5)))
    d = max(3, bl.px(4))
    for cx in (r.x + bl.px(6) + d, r.centerx, r.right - bl.px(6) - d):
        pts = [(cx, y - d), (cx + d, y), (cx, y + d), (cx - d, y)]
        pygame.draw.polygon(surface, gold, pts)
        if not _flat(st):
            pygame.draw.polygon(surface, shade(gold, 0.6), pts, 1)


def _draw_track(surface: pygame.Surface, bl: BarLayout, st: Style, view: BarView) -> None:
    """The timeline: a groove, gold where the game has been replayed; each round a round tick
    numbered under it (ink on the plate); the move on show a disc in its family's colour on a
    needle through the groove."""
    t = bl.track
    ink, edge, gold = st.color("text"), st.color("panel_border"), st.color("gold")
    flat = _flat(st)
    groove = st.color("panel_alt") if not flat else st.color("panel")
    pygame.draw.rect(surface, groove, t.inflate(0, bl.px(2)), border_radius=t.height)
    pygame.draw.rect(surface, edge, t.inflate(0, bl.px(2)), max(1, bl.px(1)), border_radius=t.height)
    at = bl.x_of(view.position, view.last)
    done = pygame.Rect(t.x, t.y, at - t.x, t.height)
    if done.width > 0:
        pygame.draw.rect(surface, gold, done, border_radius=t.height // 2)
    label_px = bl.small
    room = t.width / max(1, len(view.rounds))
    font = st.font("number", label_px)
    widest = font.size(str(max((n for _s, n in view.rounds), default=0)))[0]
    every = 1
    while room * every < widest + bl.px(6) and every < 100:     # crowded: every 2nd, 5th ... number
        every = {1: 2, 2: 5}.get(every, every * 2)
    tick_r = max(2, bl.px(4))
    for start, number in view.rounds:
        x = bl.x_of(start, view.last)
        passed = start <= view.position
        pygame.draw.circle(surface, gold if passed else st.color("panel"), (x, t.centery), tick_r)
        pygame.draw.circle(surface, ink if not flat else edge, (x, t.centery), tick_r, max(1, bl.px(1.5)))
        if number > 0 and (number % every == 0 or number == 1):
            label = st.text(str(number), "number", label_px, ink)
            blit_center(surface, label, (x, t.bottom + bl.px(4) + label.get_height() // 2))
    # the move on show: a needle through the groove and a disc in its family's colour
    ring = st.color("button_border") if not flat else st.color("text")
    pygame.draw.line(surface, ring, (at, t.y - bl.px(6)), (at, t.bottom + bl.px(6)), max(1, bl.px(2)))
    colour = st.family(view.family) if view.family else gold
    pygame.draw.circle(surface, ring, (at, t.centery), bl.px(9))
    pygame.draw.circle(surface, gold, (at, t.centery), bl.px(7.5))
    pygame.draw.circle(surface, colour, (at, t.centery), bl.px(5.5))


def _draw_button(surface: pygame.Surface, bl: BarLayout, st: Style, control: str, rect: pygame.Rect,
                 view: BarView) -> None:
    """As the table's action buttons are drawn (chrome.draw_buttons): the play button is the
    bar's main one, with the gold edge End turn has."""
    at_start, at_end = view.position <= 0, view.position >= view.last
    enabled = not ((at_start and control in ("first", "prev_round", "prev_turn", "prev"))
                   or (at_end and control in ("last", "next_round", "next_turn", "next")))
    if not enabled:
        bg, fg = st.color("button_disabled"), st.color("button_text_disabled")
    elif control == view.hot:
        bg, fg = st.color("button_hover"), st.color("button_text")
    else:
        bg, fg = st.color("button"), st.color("button_text")
    if not _flat(st):
        shadow = pygame.Surface(rect.size, pygame.SRCALPHA)
        pygame.draw.rect(shadow, (0, 0, 0, 80), shadow.get_rect(), border_radius=bl.px(7))
        surface.blit(shadow, rect.move(0, bl.px(2)))
    pygame.draw.rect(surface, bg, rect, border_radius=bl.px(7))
    pygame.draw.rect(surface, st.color("button_border"), rect, max(1, bl.px(1)), border_radius=bl.px(7))
    if control == "play" and enabled:
        pygame.draw.rect(surface, st.color("gold"), rect, bl.px(2), border_radius=bl.px(7))
    word = caption(control, view.playing)
    if control == "close":
        blit_center(surface, fit_text(st, word, "bold", bl.close_px, fg, rect.width - bl.px(8)), rect.center)
        return
    label = fit_text(st, word, "body", bl.small, fg, rect.width - bl.px(4))
    icon_box = pygame.Rect(rect.x, rect.y + bl.px(4), rect.width, rect.height - label.get_height() - bl.px(6))
    _draw_icon(surface, control, icon_box, fg, view.playing, bl)
    blit_center(surface, label, (rect.centerx, rect.bottom - bl.px(3) - label.get_height() // 2))


def _draw_icon(surface: pygame.Surface, control: str, box: pygame.Rect, colour: pygame.Color, playing: bool,
               bl: BarLayout) -> None:
    """Drawn shapes, not font glyphs: every font and language shows the same icons."""
    s = min(box.width, box.height) * 0.5
    cx, cy = box.center

    def tri(x: float, pointing: int) -> None:   # a triangle at x, pointing right (1) or left (-1)
        half = s * 0.45
        pygame.draw.polygon(surface, colour, [(x - pointing * half, cy - s * 0.5), (x - pointing * half, cy + s * 0.5),
                                              (x + pointing * half, cy)])

    def bar(x: float) -> None:
        w = max(2, int(s * 0.16))
        pygame.draw.rect(surface, colour, (int(x - w / 2), int(cy - s * 0.5), w, int(s)))

    if control == "play":
        if playing:
            bar(cx - s * 0.22)
            bar(cx + s * 0.22)
        else:
            tri(cx, 1)
        return
    direction = -1 if control in ("first", "prev_round", "prev_turn", "prev") else 1
    if control in ("prev", "next"):              # one small step: a small triangle
        half = s * 0.3
        pygame.draw.polygon(surface, colour, [(cx - direction * half, cy - s * 0.35),
                                              (cx - direction * half, cy + s * 0.35), (cx + direction * half, cy)])
    elif control in ("prev_turn", "next_turn"):
        tri(cx, direction)
    elif control in ("prev_round", "next_round"):
        tri(cx - direction * s * 0.3, direction)
        tri(cx + direction * s * 0.3, direction)
    else:                                         # first / last: a triangle against a bar
        tri(cx - direction * s * 0.15, direction)
        bar(cx + direction * s * 0.45)
