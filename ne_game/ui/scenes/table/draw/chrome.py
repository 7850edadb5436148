"""The table's frame: top bar and status, game log, action bar (prompt and buttons),
tooltip, and the static layer composed of all the parts.

Functions of (surface, layout, style, view): they draw what the view says.
"""
from __future__ import annotations

import math
import re
from collections.abc import Sequence
from typing import NamedTuple

import pygame

import ne_game.ui.scenes.table.draw.board_view as board_view
import ne_game.ui.scenes.table.draw.panels as panels
import ne_game.ui.scenes.table.draw.recap_strip as recap_strip
from ne_game.i18n import _
from ne_game.rules import Ruleset
from ne_game.ui.look import glyphs
from ne_game.ui.scenes.table.draw import card_face
from ne_game.ui.scenes.table.draw.bid_track import draw_bid_track
from ne_game.ui.scenes.table.draw.gfx import Style, alpha_rect, badge, blit_center, note_text, shade, wrap
from ne_game.ui.scenes.table.draw.layout import Layout
from ne_game.ui.scenes.table.draw.offer_view import draw_offer, slot_rects
from ne_game.ui.scenes.table.draw.text_floor import DESK_FLOOR, fit_floor, floor_px
from ne_game.ui.scenes.table.model.view_model import (
    Button,
    LogView,
    MenuView,
    PromptView,
    StaticView,
    StatusView,
)

__all__ = ["DESK_FLOOR", "floor_px"]      # the floor's home is text_floor.py; the tests read it here


def place_buttons(lay: Layout, st: Style, buttons: tuple[Button, ...]) -> tuple[list[pygame.Rect], bool]:
    """The buttons' rectangles in the action bar, and whether the prompt sits above them
    (a tall bar, at larger UI scales, puts it above, across the bar's width)."""
    widths = [_button_width(lay, st, b, False) for b in buttons]
    total = sum(widths) + lay.px(8) * len(widths)
    bar = lay.action_bar
    above = bar.height >= lay.px(66) + lay.px(34)
    limit = bar.width - lay.px(16) if above else int(bar.width * 0.56)
    if total > limit:
        # the short words of the buttons that have them, before smaller text (never below the floor)
        widths = [_button_width(lay, st, b, True) for b in buttons]
        total = sum(widths) + lay.px(8) * len(widths)
    if total > limit and not above:
        # many buttons or long words (a large UI scale, sofa distance, Dutch): the buttons
        # take up to 72 % of the bar and the prompt beside them wraps in what is left
        limit = min(total, int(bar.width * 0.72))
    if total > limit and widths:
        f = limit / total
        widths = [int(w * f) for w in widths]
    rects = lay.action_buttons(widths)
    if above:
        # a little lower, their feet kept: the prompt's rows of keys above them keep a clear
        # gap from them (playtest 9a: "H Conseil" touched "Conseil") without losing a row
        for rect in rects:
            rect.height -= lay.px(KEYS_CLEAR + 1)
            rect.y += lay.px(KEYS_CLEAR + 1)
    if buttons and buttons[0].id == "hint":
        # Hint keeps one place at the left end of the buttons' room, away from End turn at the
        # right end: a habitual click on Hint never lands on a button of another phase
        rects[0].left = min(rects[0].left, bar.right - lay.px(6) - limit)
    return rects, above


def _button_width(lay: Layout, st: Style, b: Button, short: bool) -> int:
    label, second = _button_words(b, short)
    w = st.font("bold", lay.fs(15)).size(label)[0] + lay.px(26)
    if second:
        w = max(w, st.font("bold", max(floor_px(lay), lay.fs(11))).size(second)[0] + lay.px(20))
    return max(w, lay.px(70))


def _fits_smaller(lay: Layout, st: Style, label: str, second: str, width: int) -> bool:
    """Whether a button's whole words fit `width` a little smaller: at 80 % of their sizes (never
    under the floor), as fit_floor then draws them; the short words are for narrower buttons."""
    floor = floor_px(lay)
    main = max(floor, int(lay.fs(15) * 0.8))
    sub = max(floor, int(max(floor, lay.fs(11)) * 0.8))
    return (st.font("bold", main).size(label)[0] <= width - lay.px(8)
            and (not second or st.font("bold", sub).size(second)[0] <= width - lay.px(6)))


def _button_words(b: Button, short: bool) -> tuple[str, str]:
    """A button's label and second line; `short`: its words for a narrow bar, where it has them."""
    if short and b.short and not b.warn:
        return b.short, b.short_sub
    return b.label, b.warn or b.sub or ""


def draw_static(like: pygame.Surface, lay: Layout, st: Style, view: StaticView,
                board_base: pygame.Surface, button_rects: list[pygame.Rect], prompt_above: bool,
                rs: Ruleset) -> pygame.Surface:
    """Everything that does not move between two changes of the view."""
    surf = pygame.Surface(like.get_size()).convert() if pygame.display.get_surface() \
        else pygame.Surface(like.get_size())
    surf.fill(st.color("background"))
    # Top bar.
    pygame.draw.rect(surf, st.color("panel_dark"), lay.top_bar)
    pygame.draw.line(surf, st.color("gold"), (0, lay.top_bar.bottom - 1),
                     (lay.top_bar.right, lay.top_bar.bottom - 1), max(1, lay.px(2)))
    t = title_fits(lay, st, view.menu)
    if t is not None:
        surf.blit(t, (lay.title_rect.x, lay.title_rect.centery - t.get_height() // 2))
    draw_status(surf, lay, st, view.status)
    draw_bid_track(surf, lay, st, view.bids)
    # The painted map under the table's columns and bars (they lie over its margins).
    surf.blit(board_base, lay.map_rect)
    board_view.draw_tiles(surf, lay, st, view.board)
    depth = panels.sub_depth(lay, st, view.panels)
    for p in view.panels:
        panels.draw_panel(surf, lay, st, p, rs, depth)
    draw_offer(surf, lay, st, view.offer, rs)
    draw_log(surf, lay, st, view.log)
    draw_prompt(surf, lay, st, view.prompt, button_rects, prompt_above)
    return surf


def draw_status(surf: pygame.Surface, lay: Layout, st: Style, view: StatusView) -> None:
    """Round and phase, and whose turn it is (badge = colour and initial)."""
    r = lay.status_rect
    line1 = view.line1
    x = r.x
    if view.family is not None:
        b = badge(st, view.family, int(r.height * 0.62))
        surf.blit(b, (x, r.centery - b.get_height() // 2))
        x += b.get_width() + lay.px(8)
    floor = floor_px(lay)
    t1 = fit_floor(st, line1, "body", max(floor, lay.fs(12)), st.color("text_dim_on_dark"), r.right - x, floor)
    who = view.who
    t2 = fit_floor(st, who, "bold", lay.fs(16), st.color("text_on_dark"), r.right - x, floor)
    y = r.centery - (t1.get_height() + t2.get_height()) // 2
    surf.blit(t1, (x, y))
    surf.blit(t2, (x, y + t1.get_height()))


def menu_rect(lay: Layout, st: Style, menu: MenuView | None) -> pygame.Rect:
    """The menu button at the right end of the title's part of the top bar (derived from the
    title's rectangle, so it follows the layout); empty without a menu."""
    if menu is None:
        return pygame.Rect(0, 0, 0, 0)
    bar = lay.title_rect
    h = max(lay.px(34), int(bar.height * 0.62))
    fs = max(floor_px(lay), lay.fs(15))
    w = _menu_content_width(lay, st, menu, h, fs, _menu_words(lay, st, menu)) + lay.px(20)
    r = pygame.Rect(0, 0, w, h)
    r.midright = (bar.right - lay.px(4), bar.centery)
    return r


def _menu_keys_h(h: int) -> int:
    return int(h * 0.62)


def _menu_words(lay: Layout, st: Style, menu: MenuView) -> bool:
    """Whether the button says "Menu" beside its bars: always, at every size and mode (the
    bars alone read as nothing to a newcomer: playtest 1); the title beside it shrinks, or
    gives way, instead (`title_fits`)."""
    return True


def title_fits(lay: Layout, st: Style, menu: MenuView | None) -> pygame.Surface | None:
    """"New England" in the top bar, in the room the menu button leaves, as large as fits up
    to its size; None where even the floor (the desk's, the sofa's) does not fit: the title
    gives way before the menu's word."""
    menu_r = menu_rect(lay, st, menu)
    title_w = (menu_r.x if menu_r.w else lay.title_rect.right) - lay.title_rect.x - lay.px(10)
    title = _("New England")
    size = lay.px(30)
    floor = max(floor_px(lay), lay.text_min)
    while size > floor and st.font("title", size).size(title)[0] > title_w:
        size -= 1
    if st.font("title", size).size(title)[0] > title_w:
        return None
    return st.text(title, "title", size, st.color("title_text"))


# The key caps the menu button keeps room for whatever the device: the keyboard's Esc and
# the pads' Start / Options (a rebound key with a longer cap widens it, rarely).
#: the clear gap, reference pixels, between the bar's rows of keys and its buttons (playtest 9a:
#: the French "H Conseil" touched the "Conseil" button under it)
KEYS_CLEAR = 5

_MENU_KEY_ROOM = (("Esc", False), ("Start", True), ("Options", True))


def _menu_keys_w(lay: Layout, st: Style, menu: MenuView, kh: int) -> int:
    """The width of the button's key slot: the same for the mouse, the keyboard and a pad, so
    that the button keeps its size and place (and its word) when the device changes."""
    room = max(glyphs.glyph_width(k, pad, kh, st.theme) for k, pad in _MENU_KEY_ROOM)
    now = sum(lay.px(8) + glyphs.glyph_width(k, menu.device == "pad", kh, st.theme) for k in menu.keys)
    return max(lay.px(8) + room, now)


def _menu_content_width(lay: Layout, st: Style, menu: MenuView, h: int, fs: int, words: bool) -> int:
    icon = int(h * 0.42)
    w = icon + (lay.px(8) + st.font("bold", fs).size(menu.label)[0] if words else 0)
    return w + _menu_keys_w(lay, st, menu, _menu_keys_h(h))


def draw_menu_button(surf: pygame.Surface, lay: Layout, st: Style, menu: MenuView | None, hot: bool) -> None:
    """Three bars and "Menu", then the key (Esc) or pad button (Start) that opens it as well."""
    r = menu_rect(lay, st, menu)
    if menu is None or not r.w:
        return
    bg = st.color("button_hover") if hot else st.color("button")
    pygame.draw.rect(surf, bg, r, border_radius=lay.px(7))
    pygame.draw.rect(surf, st.color("button_border"), r, max(1, lay.px(1)), border_radius=lay.px(7))
    fs = max(floor_px(lay), lay.fs(15))
    icon = int(r.height * 0.42)
    kh = _menu_keys_h(r.height)
    used = sum(lay.px(8) + glyphs.glyph_width(k, menu.device == "pad", kh, st.theme) for k in menu.keys)
    x = r.x + lay.px(10) + (_menu_keys_w(lay, st, menu, kh) - used) // 2   # what it shows, centred
    bar_h = max(2, icon // 6)
    for i in range(3):
        y = r.centery - icon // 2 + bar_h // 2 + i * (icon - bar_h) // 2
        pygame.draw.rect(surf, st.color("button_text"), (x, y - bar_h // 2, icon, bar_h),
                         border_radius=max(1, bar_h // 2))
    x += icon
    if _menu_words(lay, st, menu):
        t = st.text(menu.label, "bold", fs, st.color("button_text"))
        surf.blit(t, (x + lay.px(8), r.centery - t.get_height() // 2))
        x += lay.px(8) + t.get_width()
    for k in menu.keys:
        x += lay.px(8)
        x += glyphs.draw_glyph(surf, k, menu.device == "pad", x, r.centery, kh, st.theme)


def draw_log(surf: pygame.Surface, lay: Layout, st: Style, view: LogView) -> None:
    if view.recap is not None:
        # the round as pictures, a row a player (playtest 4a: the sentences did not fit)
        recap_strip.draw_recap(surf, lay, st, view.recap)
        return
    r = lay.log_rect
    alpha_rect(surf, st.color("log_bg"), r, lay.px(8))
    px = max(floor_px(lay), lay.fs(12))
    head = st.text(_("Game log"), "bold", px, st.color("text_dim_on_dark"))
    surf.blit(head, (r.x + lay.px(8), r.y + lay.px(5)))
    lh = st.font("body", px).get_linesize()
    # clear of the family badge (as high as a line: larger at sofa distance)
    indent = max(lay.px(24), lay.px(10) + lh) if lay.text_min else lay.px(24)
    inner_w = r.width - indent - lay.px(6)
    y = r.bottom - lay.px(6)
    top = r.y + lay.px(8) + head.get_height()
    if view.scrolled:
        # under the heading (a line of its own: at the desk's floor it does not fit beside it)
        note = fit_floor(st, _("earlier entries · wheel down for the newest"), "body", px,
                         st.color("text_dim_on_dark"), r.width - lay.px(16), px)
        surf.blit(note, (r.x + lay.px(8), top))
        top += note.get_height()
    for e in reversed(view.lines):
        lines = wrap(st, e.text, "body", px, inner_w)
        h = lh * len(lines)
        if y - h < top:
            break
        y -= h
        col = st.color("title_text") if e.new else st.color("log_text")
        if e.family is not None:
            surf.blit(badge(st, e.family, lh - 2), (r.x + lay.px(6), y + 1))
        for i, line in enumerate(lines):
            surf.blit(st.text(line, "body", px, col), (r.x + indent, y + i * lh))
        y -= lay.px(3)


class PromptPlan(NamedTuple):
    """How the action bar's words are laid out: fonts, the main lines, the sub's lines above
    the buttons and beside them, where the keys' row goes, and whether the whole sub shows."""
    x: int
    w: int
    bottom: int
    fs_main: int
    fs_sub: int
    mains: list[str]
    lines: list[str]
    side: list[str]
    whole: bool


def prompt_plan(lay: Layout, st: Style, view: PromptView, button_rects: list[pygame.Rect],
                above: bool) -> PromptPlan:
    """The action bar's words as `draw_prompt` lays them out (pure: the table asks it whether
    the bar shows the whole instruction, and only where it does not, its tooltip says it)."""
    r = lay.action_bar
    main, sub = view.main, view.sub
    x = r.x + lay.px(16)
    if above or not button_rects:
        w = r.right - x - lay.px(12)
        bottom = (button_rects[0].y - lay.px(2)) if button_rects else r.bottom
    else:
        w = button_rects[0].x - r.x - lay.px(24)
        bottom = r.bottom
    # The largest fonts (down to 60 %: Dutch and French run longer) at which the whole
    # instruction fits: the main line in two lines at most, every line of the sub below it;
    # only then a cut.
    room_h = bottom - r.y - lay.px(10) - lay.px(4)
    # (above the buttons, what does not fit goes on beside them: that room counts too)
    side_w = (button_rects[0].x - x - lay.px(12)) if above and button_rects else 0
    extra = (r.bottom - lay.px(4) - button_rects[0].y) * side_w // w if side_w > w // 3 else 0
    floor = floor_px(lay)     # never below the floor (the desk's 12 px, the sofa's)
    steps = [(f, 1.0) for f in (1.0, 0.92, 0.85, 0.78, 0.7, 0.64, 0.6)]
    for f, g in steps:
        fs_main = max(6, int(floor * g), int(lay.fs(16) * f))
        fs_sub = max(6, int(floor * g), int(lay.fs(12) * f))
        mains = wrap(st, main, "bold", fs_main, w)
        lines = wrap(st, sub, "body", fs_sub, w) if sub else []
        need = len(mains) * st.font("bold", fs_main).get_linesize() + \
            len(lines) * st.font("body", fs_sub).get_linesize()
        if len(mains) <= 2 and need <= room_h + extra:
            break
    whole = len(mains) <= 2 and not view.controls     # the keys take the sub's place
    if len(mains) > 2:
        mains = [mains[0], _shorten(st, " ".join(mains[1:]), "bold", fs_main, w)]
    y = r.y + lay.px(10) + st.font("bold", fs_main).get_height() * len(mains) + lay.px(2)
    lh = st.font("body", fs_sub).get_linesize()
    room = max(0, (bottom - y) // max(1, lh))
    side: list[str] = []
    if view.controls:
        lines = []
    elif len(lines) > room and side_w > w // 3:
        # large words (sofa distance): what does not fit above the buttons goes on beside them
        rest = " ".join(lines[room:])
        lines = lines[:room]
        side = wrap(st, rest, "body", fs_sub, side_w)
        # they go on right under the lines above, narrower (playtest 12a, Dutch at 4K: started
        # at the buttons' top, they left an empty line in the middle of the paragraph)
        side_room = max(0, (r.bottom - lay.px(4) - (y + len(lines) * lh)) // max(1, lh))
        if len(side) > side_room:
            side = side[:side_room]
            whole = False
            if side:
                side[-1] = _shorten(st, side[-1], "body", fs_sub, side_w)
    elif len(lines) > room:
        # shorter words, never smaller ones: the whole sentences that fit, or none (the main
        # line says what to do; the prompt's tooltip, the pointer over the bar, says all of it)
        lines = _whole_sentences(st, sub, fs_sub, w, room) or []
        whole = False
    return PromptPlan(x, w, bottom, fs_main, fs_sub, mains, lines, side, whole)


def prompt_room(lay: Layout, st: Style, view: PromptView, button_rects: list[pygame.Rect],
                above: bool) -> pygame.Rect:
    """The action bar's room under its main words (its second line: the sub or the keys), down
    to the buttons (above them) or to the bar's foot (beside them): where a focused bar
    button's words stand, covering nothing of the board (playtest 10e)."""
    plan = prompt_plan(lay, st, view, button_rects, above)
    r = lay.action_bar
    top = r.y + lay.px(10) + st.font("bold", plan.fs_main).get_height() * len(plan.mains) + lay.px(2)
    bottom = (min(b.top for b in button_rects) - lay.px(2)) if above and button_rects else r.bottom - lay.px(4)
    return pygame.Rect(plan.x - lay.px(6), top, plan.w + lay.px(6), max(0, bottom - top))


def prompt_free_room(lay: Layout, st: Style, view: PromptView, button_rects: list[pygame.Rect],
                     above: bool) -> pygame.Rect | None:
    """The prompt's room (prompt_room) under its rows of keys: where a focused item's words
    stand with the keys to press still in sight (playtest 11a). None: no keys shown (the
    mouse), or no room left under them."""
    room = prompt_room(lay, st, view, button_rects, above)
    if not view.controls:
        return None
    rows = [(cy, gh) for _items, (_x, cy), gh, _w in key_rows(lay, st, view, button_rects, above, room.y)
            if room.top <= cy < room.bottom]
    if not rows:
        return room
    top = max(cy - gh // 2 + gh for cy, gh in rows) + lay.px(2)
    return pygame.Rect(room.x, top, room.width, room.bottom - top) if room.bottom > top else None


KeyRow = tuple[list[tuple[str, str]], tuple[int, int], int, int]   # items, (x, centre y), height, width


def key_rows(lay: Layout, st: Style, view: PromptView, button_rects: list[pygame.Rect], above: bool,
             top: int) -> list[KeyRow]:
    """Where the prompt's rows of keys go, from `top` (under its words): above the buttons
    while they fit there, never in a gap between buttons nor behind a button
    (a second row of keys went behind Hint: playtest 1). Rows that find no room are left out,
    the last first (the first keys matter most)."""
    r = lay.action_bar
    plan_x = r.x + lay.px(16)
    fs_main = max(floor_px(lay), lay.fs(16))
    lh = st.font("body", max(floor_px(lay), lay.fs(12))).get_linesize()
    clear = lay.px(KEYS_CLEAR)
    if above and button_rects:
        w = r.right - plan_x - lay.px(12)
        bottom = min(b.top for b in button_rects) - clear
    else:
        w = (button_rects[0].x - plan_x - clear - lay.px(3)) if button_rects else r.right - plan_x - lay.px(12)
        bottom = r.bottom - lay.px(2)
    floor_h = int(floor_px(lay) / 0.62) + 1          # the keys' words (62 % of the row) at the floor
    gh = max(floor_h, min(bottom - top - lay.px(2), int(fs_main * 1.5)), int(lh * 1.2) if bottom - top >= lh * 1.2 else 0)
    gap = lay.px(2)
    # all the rows above the buttons, a little lower where that makes them fit (never under
    # the floor): the keys stay clear of the buttons without dropping a row (playtest 9a)
    n = len(glyphs.prompt_rows(view.controls, view.device, gh, st.theme, w, view.pad_layout)) if view.controls else 0
    if n > 1 and n * gh + (n - 1) * gap > bottom - top:
        low = max(floor_h, (bottom - top - (n - 1) * gap) // n)
        if len(glyphs.prompt_rows(view.controls, view.device, low, st.theme, w, view.pad_layout)) == n:
            gh = min(gh, low)
    # the room: the band above the buttons only; never a legend in a gap between two buttons
    # (playtest 13a: a loose "[H] Hint" stood between Hint and Undo, read as a button's own)
    bands: list[tuple[int, int, int, int]] = [(plan_x, top, w, bottom)]     # x, top, width, bottom
    out: list[KeyRow] = []
    items = list(view.controls)
    for bx, btop, bw, bbottom in bands:
        y = btop
        while items and y + gh <= bbottom:
            row = glyphs.prompt_rows(items, view.device, gh, st.theme, bw, view.pad_layout)[0]
            out.append((row, (bx, y + gh // 2), gh, bw))
            items = items[len(row):]
            y += gh + gap
    if not out and items:
        # no band has a whole row's height: one row in the last band all the same (the keys'
        # words keep their floor; the row stays clear of the buttons beside it)
        bx, btop, bw, _bottom = bands[-1]
        row = glyphs.prompt_rows(items, view.device, gh, st.theme, bw, view.pad_layout)[0]
        out.append((row, (bx, btop + gh // 2), gh, bw))
    return out


def draw_prompt(surf: pygame.Surface, lay: Layout, st: Style, view: PromptView,
                button_rects: list[pygame.Rect], above: bool) -> None:
    r = lay.action_bar
    pygame.draw.rect(surf, st.color("panel_dark"), r, border_radius=lay.px(8))
    if view.family is not None:
        c = st.family(view.family)
        pygame.draw.rect(surf, c, (r.x, r.y, lay.px(6), r.height),
                         border_top_left_radius=lay.px(8), border_bottom_left_radius=lay.px(8))
    plan = prompt_plan(lay, st, view, button_rects, above)
    x, w, fs_main, fs_sub = plan.x, plan.w, plan.fs_main, plan.fs_sub
    floor = floor_px(lay)
    y = r.y + lay.px(10)
    for line in plan.mains:
        t = fit_floor(st, line, "bold", fs_main, st.color("text_on_dark"), w, floor)
        surf.blit(t, (x, y))
        y += t.get_height()
    y += lay.px(2)
    if view.controls:      # keyboard or pad: the keys to press, as the device's glyphs
        for items, pos, gh, max_w in key_rows(lay, st, view, button_rects, above, y):
            glyphs.draw_prompt(surf, items, view.device, pos, gh, st.theme, max_w=max_w, layout=view.pad_layout)
        return
    for line in plan.lines:
        tt = st.text(line, "body", fs_sub, st.color("text_dim_on_dark"))
        surf.blit(tt, (x, y))
        y += tt.get_height()
    for line in plan.side:
        tt = st.text(line, "body", fs_sub, st.color("text_dim_on_dark"))
        surf.blit(tt, (x, y))
        y += tt.get_height()


def draw_buttons(surf: pygame.Surface, lay: Layout, st: Style, buttons: tuple[Button, ...],
                 rects: list[pygame.Rect], hot: str | None, glow: str | None = None,
                 pulse: float = 1.0) -> None:
    """The action bar's buttons; `glow`: the one the Hint (or a computer's move) takes, ringed
    in gold as a hinted offer item is (with one announcement for every choice, its one button)."""
    ids = {b.id for b in buttons}
    if glow is not None and glow not in ids and glow.startswith("announce_") and "end_game" in ids:
        glow = "end_game"
    for b, r in zip(buttons, rects):
        if b.id == glow:
            c = pygame.Color(st.color("gold"))
            alpha_rect(surf, (c.r, c.g, c.b, int(150 + 100 * pulse)), r.inflate(lay.px(10), lay.px(10)),
                       lay.px(10), lay.px(4))
        if not b.enabled:
            bg, fg = st.color("button_disabled"), st.color("button_text_disabled")
        elif b.selected:
            bg, fg = st.color("gold"), st.color("text")
        elif b.id == hot:
            bg, fg = st.color("button_hover"), st.color("button_text")
        else:
            bg, fg = st.color("button"), st.color("button_text")
        if b.warn and b.enabled:
            bg = shade(st.color("error"), 0.85 if b.id != hot else 1.0)
        pygame.draw.rect(surf, bg, r, border_radius=lay.px(7))
        pygame.draw.rect(surf, st.color("button_border"), r, max(1, lay.px(1)),
                         border_radius=lay.px(7))
        if b.id == "end_turn" and b.enabled:
            pygame.draw.rect(surf, st.color("gold"), r, lay.px(2), border_radius=lay.px(7))
        label, second = _button_words(b, False)
        floor = floor_px(lay)
        if r.width < _button_width(lay, st, b, False) and not _fits_smaller(lay, st, label, second, r.width):
            # the short words ("3 / +6") only where the whole words do not fit even a little
            # smaller (playtest 8a: the French "3 tuiles / +6 cartes" had room at 4K)
            label, second = _button_words(b, True)
        t = fit_floor(st, label, "bold", lay.fs(15), fg, r.width - lay.px(8), floor)
        if second:
            t2 = fit_floor(st, second, "bold", max(floor, lay.fs(11)), st.color("title_text"),
                           r.width - lay.px(6), floor)
            blit_center(surf, t, (r.centerx, r.centery - t2.get_height() // 2))
            blit_center(surf, t2, (r.centerx, r.centery + t.get_height() // 2))
        else:
            blit_center(surf, t, r.center)


def tooltip_place(size: tuple[int, int], screen: tuple[int, int], pos: tuple[int, int], lay: Layout,
                  keep_clear: list[pygame.Rect], above: bool = False,
                  rather_clear: Sequence[pygame.Rect] = ()) -> pygame.Rect:
    """Where a tooltip of `size` goes for the pointer (or ring) at `pos`: on screen, and clear of
    every rect of `keep_clear` (the thing it explains, the prompt) where any place is; else the
    place that covers least of them. Beside the pointer first, then beside the thing."""
    w, h = size
    W, H = screen
    x, y = pos
    dx, dy, gap = lay.px(16), lay.px(18), lay.px(8)
    tries = [] if above else [(x + dx, y + dy), (x - w - gap, y + dy)]
    tries += [(x + dx, y - h - gap), (x - w - gap, y - h - gap)]
    if above:
        tries += [(x + dx, y + dy), (x - w - gap, y + dy)]
    if keep_clear:
        t = keep_clear[0]
        tries += [(x - w // 2, t.top - h - gap), (x - w // 2, t.bottom + gap),
                  (t.left - w - gap, y - h // 2), (t.right + gap, y - h // 2),
                  # beside it, lifted off the action bar (an offer item low in the column)
                  (t.left - w - gap, min(y - h // 2, lay.action_bar.top - h - gap))]
    tries += [(x - w // 2, r.top - h - gap) for r in keep_clear[1:]]
    # last, beside the offer's column (an item in its middle: the others all round it)
    ox = lay.offer_rect.left - w - gap
    tries += [(ox, y - h // 2), (ox, min(y - h // 2, lay.action_bar.top - h - gap))]
    best: pygame.Rect | None = None
    best_key = (0, 0, 0)
    near = max(w, h) * 3          # "by the pointer": within a few of the words' own sizes
    for tx, ty in tries:
        r = pygame.Rect(max(0, min(W - w, tx)), max(0, min(H - h, ty)), w, h)
        hard = sum(r.clip(k).w * r.clip(k).h for k in keep_clear)
        # `rather_clear` (other places to click) adds no places to try, and a place by the
        # pointer that covers some of them beats a clear one far from it (playtest 19b: A9's
        # words went over the round track, above a column letter)
        soft = sum(r.clip(k).w * r.clip(k).h for k in rather_clear)
        far = int(math.hypot(r.centerx - x, r.centery - y) > near) if rather_clear else 0
        if hard == 0 and soft == 0 and not far:
            return r
        key = (hard, far, soft)
        if best is None or key < best_key:
            best, best_key = r, key
    assert best is not None
    return best


def board_labels(lay: Layout, pos: tuple[int, int]) -> list[pygame.Rect]:
    """Over the board, the column letters and row numbers the words name ("Here: develop B1,
    C1"): a tooltip there leaves them in sight."""
    if not lay.board_rect.collidepoint(pos):
        return []
    g, b = lay.grid_rect, lay.board_rect
    return [pygame.Rect(g.x, b.y, g.width, g.y - b.y), pygame.Rect(b.x, g.y, g.x - b.x, g.height)]


def draw_tooltip(surf: pygame.Surface, lay: Layout, st: Style, text: str,
                 pos: tuple[int, int], above: bool = False, zoom: str | None = None,
                 rs: Ruleset | None = None, avoid: pygame.Rect | None = None,
                 target: pygame.Rect | None = None,
                 offer: Sequence[pygame.Rect] = (), glow: Sequence[pygame.Rect] = (),
                 figures: Sequence[pygame.Rect] = ()) -> pygame.Rect | None:
    """`target`: the thing the words explain, `avoid`: what else is to be read there (the
    tutorial's lesson card): the tooltip covers neither, nor the action bar's prompt (the
    suggestion of the Hint, the words of the turn), nor an item of the offer (`offer`: their
    cells; playtest 10c: an item's words over the next card), nor, from off the board, a
    parcel that glows as a place to click next (`glow`: their rects; playtest 10e, an offer
    item's words over the glowing I4), nor where it can, over the board, a figure standing on
    it (`figures`: their rects; playtest 21a: "Parcel C3: free" over the player's ship). Its rect
    (None: nothing drawn)."""
    if zoom and rs and pos[0] >= 0:
        return draw_card_zoom(surf, lay, st, zoom, text, pos, rs, avoid)
    if not text or pos[0] < 0:
        return None
    px = max(floor_px(lay), lay.fs(13))
    lines = wrap(st, text, "body", px, max(lay.px(300), px * 22))
    surfs = [st.text(line, "body", px, st.color("tooltip_text")) for line in lines]
    w = max(s.get_width() for s in surfs) + lay.px(14)
    h = sum(s.get_height() for s in surfs) + lay.px(10)
    if target is not None and lay.grid_rect.collidepoint(pos):
        # a parcel's words speak of its neighbours too ("touches a start tile of Mercy"): the
        # tooltip leaves a parcel's width around it in sight (playtest 3a: over the tile it named)
        target = target.inflate(2 * lay.cell, 2 * lay.cell).clip(lay.grid_rect)
    keep = ([k for k in (target, lay.action_bar, avoid) if k is not None] + board_labels(lay, pos)
            + stock_and_price(lay) + [c for c in offer if c != target])
    from_offer = in_offers_column(lay, pos)
    if from_offer:
        # an offer item's words leave the players' panels in sight (issue 35): over the board
        # or its margin instead, away from the item
        keep += lay.panels
    on_board = lay.board_rect.collidepoint(pos)
    # a parcel's words leave the other places to choose from in sight where they can (playtest
    # 18a: "Parcel C9: free." over the next lit parcel); not the start rounds' many
    others = [g for g in glow if target is None or not target.contains(g)] if on_board and len(glow) <= 24 else []
    if on_board:
        others += [f for f in figures if target is None or not target.contains(f)]
    r = tooltip_place((w, h), surf.get_size(), pos, lay, keep, above, others)
    glowing = [] if on_board else [g for g in glow if r.colliderect(g)]
    if glowing:
        r, surfs = _tooltip_aside(st, text, px, pos, lay, keep + list(glow), offer,
                                  panels=not from_offer) or (r, surfs)
    alpha_rect(surf, st.color("tooltip_bg"), r, lay.px(6))
    yy = r.y + lay.px(5)
    for s in surfs:
        surf.blit(s, (r.x + lay.px(7), yy))
        yy += s.get_height()
    return r


def _tooltip_aside(st: Style, text: str, px: int, pos: tuple[int, int], lay: Layout,
                   keep: Sequence[pygame.Rect], offer: Sequence[pygame.Rect], panels: bool = True
                   ) -> tuple[pygame.Rect, list[pygame.Surface]] | None:
    """Off the board for words that would cover a glowing parcel (the place a picked item goes
    next): in the offer's column under its last item, else in the panels' column level with
    the pointer (without `panels`: over the game log at its foot, clear of every panel); the
    first that covers nothing of `keep`. None: neither is clear."""
    col, left = lay.offer_rect, lay.left_col
    top = max([lay.offer_slots_rect.y] + [c.bottom for c in offer]) + lay.px(6)

    def box(x: int, width: int) -> tuple[pygame.Rect, list[pygame.Surface]]:
        lines = wrap(st, text, "body", px, width - lay.px(14))
        surfs = [st.text(line, "body", px, st.color("tooltip_text")) for line in lines]
        return pygame.Rect(x, 0, width, sum(s.get_height() for s in surfs) + lay.px(10)), surfs

    under, under_surfs = box(col.x, col.width)
    under.y = top
    beside, beside_surfs = box(left.x, left.width)
    beside.y = max(left.y, min(left.bottom - beside.height, pos[1] - beside.height // 2))
    if not panels:
        # (an offer item's words: over the game log at the column's foot, never a panel)
        beside.y = left.bottom - beside.height
    places = [(under, under_surfs, col), (beside, beside_surfs, left)]
    for r, surfs, room in places:
        if room.contains(r) and not any(r.colliderect(k) for k in keep):
            return r, surfs
    return None


def in_offers_column(lay: Layout, pos: tuple[int, int]) -> bool:
    """`pos` is in the offer's column (an offer item, the bag, the deck, the heading)."""
    return lay.offer_rect.union(lay.bag_rect).union(lay.deck_rect).collidepoint(pos)


def stock_and_price(lay: Layout) -> list[pygame.Rect]:
    """The bag's and the deck's counts and the offer's heading with its price: what a buyer
    reads while choosing, never under a tooltip (playtest 3a: an item's tooltip hid them)."""
    head = pygame.Rect(lay.offer_rect.x, lay.bag_rect.bottom, lay.offer_rect.width,
                       max(1, lay.offer_slots_rect.y - lay.bag_rect.bottom))
    return [lay.bag_rect, lay.deck_rect, head]


def _focus_words_in_room(lay: Layout, st: Style, text: str, px: int, ring: pygame.Rect,
                         keep_prompt: bool, room: pygame.Rect | None, whole: bool = False
                         ) -> tuple[pygame.Rect, list[pygame.Surface]] | None:
    """The words in the prompt's room under its question (`room`: prompt_room), where they
    cover nothing of the board (playtest 10e: above the bar they covered the board's last row)
    and leave the question in sight; at the largest size from `px` down to the floor that fits
    it, their lines at a book's leading (1.12 of the size, not the font's roomier line) so
    that three lines fit the room at sofa distance (playtest 11a). With `whole`, the leading
    whole sentences that fit it at the floor (at least the first): shorter words, never
    smaller ones, as the prompt's own. As one surface; None: no room given, the Hint's move
    is said there (`keep_prompt`), or they do not fit."""
    if keep_prompt or room is None:
        return None
    floor = floor_px(lay)
    inner = room.width - lay.px(14)
    if whole:
        font = st.font("body", floor)
        pitch = min(font.get_height(), max(floor + 2, round(floor * 1.12)))
        rows = (room.height - lay.px(2) - font.get_height()) // pitch + 1
        cut = _whole_sentences(st, text, floor, inner, rows)
        if not cut:
            return None
        text, px = " ".join(cut), floor
    for size in sorted({px, max(floor, int(px * 0.9)), floor}, reverse=True):
        lines = wrap(st, text, "body", size, inner)
        surfs = [st.text(line, "body", size, st.color("tooltip_text")) for line in lines]
        if not surfs or max(x.get_width() for x in surfs) > inner:
            continue
        tall = max(x.get_height() for x in surfs)
        pitch = min(tall, max(size + 2, round(size * 1.12)))
        block = pygame.Surface((max(x.get_width() for x in surfs), pitch * (len(surfs) - 1) + tall),
                               pygame.SRCALPHA)
        for i, x in enumerate(surfs):
            block.blit(x, (0, i * pitch))
        h = block.get_height() + lay.px(2)
        if h <= room.height:
            r = pygame.Rect(room.x, room.y + (room.height - h) // 2, room.width, h)
            if not r.colliderect(ring):
                return r, [block]
    return None


def _focus_words_aside(lay: Layout, st: Style, text: str, px: int, ring: pygame.Rect,
                       offer: Sequence[pygame.Rect] | None, whole: bool = False
                       ) -> tuple[pygame.Rect, list[pygame.Surface]] | None:
    """In the offer's column, in the free room under its last item (`offer`: the items'
    rects), where they cover nothing being chosen between and nothing of the board (playtest
    10c: under a bid marker they covered the board's first row, beside an offer item its east
    columns). With `whole`, the leading whole sentences that fit there (at least the first).
    None: no room there (a long offer)."""
    col = lay.offer_rect.union(lay.bag_rect).union(lay.deck_rect)
    gap = lay.px(6)
    if offer is None:       # (no offer named: the nine places an offer always keeps)
        offer = list(slot_rects(lay, list(range(9))).values())
    top = max([lay.offer_slots_rect.y] + [c.bottom for c in offer]) + gap
    inner = col.width - lay.px(14)
    if whole:
        lh = st.font("body", px).get_height()
        cut = _whole_sentences(st, text, px, inner, (lay.offer_rect.bottom - top - lay.px(10)) // max(1, lh))
        if not cut:
            return None
        text = " ".join(cut)
    lines = wrap(st, text, "body", px, inner)
    surfs = [st.text(line, "body", px, st.color("tooltip_text")) for line in lines]
    r = pygame.Rect(col.x, top, col.width, sum(x.get_height() for x in surfs) + lay.px(10))
    if r.bottom > lay.offer_rect.bottom or r.colliderect(ring):
        return None
    return r, surfs


def _in_offers_column(lay: Layout, ring: pygame.Rect) -> bool:
    """The ring is on a bid marker or an item of the offer's column (an offer item, the bag,
    the deck): what the player chooses between on a bidding or buying turn."""
    col = lay.offer_rect.union(lay.bag_rect).union(lay.deck_rect)
    return lay.bid_track.collidepoint(ring.center) or col.contains(ring)


def draw_focus_words(surf: pygame.Surface, lay: Layout, st: Style, text: str,
                     ring: pygame.Rect | None = None, keep_prompt: bool = False,
                     offer: Sequence[pygame.Rect] | None = None,
                     room: pygame.Rect | None = None,
                     free: pygame.Rect | None = None) -> pygame.Rect | None:
    """The words on the item the keyboard or pad has the focus on (a parcel, an offer item, a
    bid marker, a bar button, a panel), first in the prompt's room under its question (`room`:
    prompt_room; under its keys where they fit there, `free`: prompt_free_room), then (a ring off the bar) in the offer's column under its last item
    (_focus_words_aside), then their leading whole sentences there or in the room; only when none of
    those holds them, over the log (growing upward only as far as they need),
    else, where that would cover the ring (a panel's barn), in the panels' column above the
    log or at its top. The panels and the log with the recap of the others' moves stay in
    sight whenever the words fit elsewhere (playtests 3a, 10i, 11a). Never over the board,
    the offer, the bar's question or its buttons, wherever the ring goes; they change as the
    ring moves on. With no ring (a test's fixed place): in the panels' column, above the log.
    Its rect."""
    if not text:
        return None
    px = max(floor_px(lay), lay.fs(13))
    # every ring's words first in the prompt's room under its question, where they cover
    # nothing in play (playtest 11a: a parcel's words covered the last panel, an offer item's
    # the recap of the others' moves while the player chose): under its keys where they fit
    # there (`free`: the keys to press stay in sight), else over them; then under the offer,
    # then the leading whole sentences under the offer or in the room (the rest is in the
    # pointer's tooltip; the first sentences say what the item is); only then the old places
    near = _focus_words_in_room(lay, st, text, px, ring, keep_prompt, free) if ring is not None else None
    under_keys = near is not None
    if near is None and ring is not None:
        near = _focus_words_in_room(lay, st, text, px, ring, keep_prompt, room)
    if near is None and ring is not None:
        near = _focus_words_aside(lay, st, text, px, ring, offer)
    if near is None and ring is not None:
        # the longer of the two shortened (the more of the words in sight)
        cuts = [c for c in (_focus_words_aside(lay, st, text, px, ring, offer, whole=True),
                            _focus_words_in_room(lay, st, text, px, ring, keep_prompt, room, whole=True))
                if c is not None]
        near = max(cuts, key=lambda c: c[0].width * c[0].height, default=None)
    if near is None and ring is not None:
        # else over the log, grown upward only as far as the words need: the panels' money
        # and cards stay in sight
        box = lay.log_rect
        lines = wrap(st, text, "body", px, box.width - lay.px(14))
        surfs = [st.text(line, "body", px, st.color("tooltip_text")) for line in lines]
        h = max(box.height, sum(s.get_height() for s in surfs) + lay.px(10))
        over_log = pygame.Rect(box.x, box.bottom - h, box.width, h)
        near = None if over_log.colliderect(ring) else (over_log, surfs)
    pad = lay.px(5)
    if near is not None:
        r, surfs = near
        over_keys = not under_keys and room is not None and room.contains(r)
        in_room = under_keys or over_keys
        if over_keys and room is not None:
            # over the prompt's keys: the bar's own colour under them, not the keys showing through
            pygame.draw.rect(surf, st.color("panel_dark"), room)
        if in_room:
            # the room's box is as tall as its words (a book's leading): centred in it, under
            # the keys too (playtest 18a: "Parcel D4: free." lost the foot of its letters)
            pad = (r.height - surfs[0].get_height()) // 2
    else:
        box = lay.log_rect
        lines = wrap(st, text, "body", px, box.width - lay.px(14))
        surfs = [st.text(line, "body", px, st.color("tooltip_text")) for line in lines]
        h = sum(s.get_height() for s in surfs) + lay.px(10)
        col = lay.left_col
        gap = lay.px(4)
        tries = [pygame.Rect(box.x, box.y - gap - h, box.width, h),           # above the log
                 pygame.Rect(box.x, col.y, box.width, h),                    # the column's top
                 pygame.Rect(box.x, box.bottom - max(box.height, h), box.width, max(box.height, h))]
        r = next((t for t in tries[:2] if t.y >= col.y and (ring is None or not t.colliderect(ring))), tries[2])
    alpha_rect(surf, st.color("tooltip_bg"), r, lay.px(6))
    pygame.draw.rect(surf, st.color("gold"), r, max(1, lay.px(1)), border_radius=lay.px(6))
    yy = r.y + pad
    for s in surfs:
        surf.blit(s, (r.x + lay.px(7), yy))
        yy += s.get_height()
    return r


def draw_card_zoom(surf: pygame.Surface, lay: Layout, st: Style, card: str, text: str,
                   pos: tuple[int, int], rs: Ruleset, avoid: pygame.Rect | None = None) -> pygame.Rect:
    """A card shown large beside the pointer (never under it), its pattern drawn, with the
    tooltip's words below it."""
    # never over the board (a card being placed goes there) nor the players' panels (playtest
    # 21c: a ship's card on the map hid two panels): over the offer's column for a card on the
    # board or in a panel, beside it for a card in the offer (below); as wide as it at most
    col = lay.offer_rect
    W, H = surf.get_size()
    px = lay.fs(13)
    box_w = min(col.width, max(lay.px(230), px * 18) + lay.px(16))
    ch = min(lay.px(230), int(H * 0.42), int((box_w - lay.px(16)) / 0.72))
    cw = int(ch * 0.72)
    lines = wrap(st, text, "body", px, box_w - lay.px(16)) if text else []
    lh = st.font("body", px).get_linesize()
    words_h = len(lines) * lh + lay.px(8) if lines else 0
    if in_offers_column(lay, pos):
        # beside the offer the box stays above the action bar (its question in sight): the card
        # drawn smaller where the words are long (sofa distance), not below a readable size
        room = lay.action_bar.top - lay.top_bar.bottom - lay.px(8)
        ch = max(min(ch, lay.px(120)), min(ch, room - lay.px(16) - words_h))
        cw = int(ch * 0.72)
    box_h = ch + lay.px(16) + words_h
    x = max(0, min(W - box_w, col.centerx - box_w // 2))
    y = max(lay.px(4), min(H - box_h - lay.px(4), pos[1] - box_h // 2))
    if in_offers_column(lay, pos):
        # a card in the offer: beside the offer's column, over the map's margin and the board's
        # east, between the top bar and the action bar where it fits; never over the panels
        # (issue 35: it hid the players' money and cards while one chose what to buy)
        x = max(0, lay.offer_rect.left - lay.px(8) - box_w)
        y = max(lay.top_bar.bottom + lay.px(4), min(lay.action_bar.top - box_h - lay.px(4), y))
        y = max(lay.px(4), min(H - box_h - lay.px(4), y))
    r = pygame.Rect(x, y, box_w, box_h)
    if avoid is not None and r.colliderect(avoid):
        # over the panels or beside the offer, whichever covers least of what is to be read
        # (for a card in the offer: higher or lower beside it, never over the panels)
        tries = [r] + ([r.move(0, lay.top_bar.bottom + lay.px(4) - r.y),
                        r.move(0, lay.action_bar.top - lay.px(4) - r.bottom)] if in_offers_column(lay, pos) else
                       [r.move(c.centerx - box_w // 2 - x, 0) for c in (lay.left_col, lay.offer_rect)
                        if box_w <= c.width])
        r = min(tries, key=lambda t: (t.clip(avoid).w * t.clip(avoid).h, tries.index(t)))
    alpha_rect(surf, st.color("tooltip_bg"), r, lay.px(8))
    pygame.draw.rect(surf, st.color("gold"), r, max(1, lay.px(1)), border_radius=lay.px(8))
    img = card_face.card(st, card, (cw, ch), rs, max(12, lay.text_min))
    surf.blit(img, (r.centerx - cw // 2, r.y + lay.px(8)))
    yy = r.y + lay.px(12) + ch
    for line in lines:
        surf.blit(st.text(line, "body", px, st.color("tooltip_text")), (r.x + lay.px(8), yy))
        yy += lh
    return r


def _whole_sentences(st: Style, text: str, px: int, max_w: int, rows: int) -> list[str] | None:
    """The longest run of `text`'s first sentences that wraps into `rows` lines of `max_w`, as
    those lines; None when not even the first sentence does."""
    parts = re.split(r"(?<=[.!?])\s+", text)
    best: list[str] | None = None
    for n in range(1, len(parts)):
        lines = wrap(st, " ".join(parts[:n]), "body", px, max_w)
        if len(lines) > rows:
            break
        best = lines
    return best


def _shorten(st: Style, line: str, role: str, px: int, max_w: int) -> str:
    """A line cut at a word with an ellipsis: it goes on but there is no more room."""
    note_text("cut", line)
    font = st.font(role, px)
    words = line.split(" ")
    while len(words) > 1 and font.size(" ".join(words) + " …")[0] > max_w:
        words.pop()
    return " ".join(words).rstrip(".,;:") + " …"
