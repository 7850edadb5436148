"""The bid track along the top: markers 1..10; a taken one shows as an empty ring. Captions
either side say what they are ("Bid markers") and, where that costs the markers nothing, what
their number is ("shillings per item"): a newcomer read ten numbered discs as the rounds (issue 35)."""
from __future__ import annotations

import pygame
from pygame.typing import ColorLike

import ne_game.ui.scenes.table.draw.pieces as pieces
from ne_game.i18n import _
from ne_game.ui.scenes.table.draw.gfx import Style, alpha_rect, blit_center, shade
from ne_game.ui.scenes.table.draw.layout import Layout
from ne_game.ui.scenes.table.draw.text_floor import floor_px
from ne_game.ui.scenes.table.model.view_model import BidTrackView, OverlayView

#: a caption's lines at most (the band holds two at the text floor)
CAPTION_LINES = 2


def caption_lines(st: Style, text: str, role: str, px: int, floor: int, max_w: int,
                  max_h: int) -> tuple[list[str], int] | None:
    """`text` broken at spaces into at most CAPTION_LINES lines of `max_w` pixels within
    `max_h`, at the largest size from `px` down to `floor`: (lines, size), or None (no room:
    the caption is left out rather than cut or drawn under the floor)."""
    for size in range(max(px, floor), floor - 1, -1):
        font = st.font(role, size)
        lines: list[str] = []
        for word in text.split(" "):
            if lines and font.size(f"{lines[-1]} {word}")[0] <= max_w:
                lines[-1] = f"{lines[-1]} {word}"
            else:
                lines.append(word)
        if (len(lines) <= CAPTION_LINES and max(font.size(x)[0] for x in lines) <= max_w
                and len(lines) * font.get_linesize() <= max_h):
            return lines, size
    return None


def _draw_caption(surf: pygame.Surface, st: Style, rect: pygame.Rect, text: str, role: str, px: int,
                  floor: int, color: ColorLike, right: bool) -> None:
    """A caption in `rect`, its lines against the markers (right-aligned on their left)."""
    fit = caption_lines(st, text, role, px, floor, rect.width, rect.height)
    if fit is None:
        # no room beside the markers (a narrow window at sofa distance): an aid left out, not
        # words cut (the markers' tooltips still say what they are)
        return
    lines, size = fit
    imgs = [st.text(line, role, size, color) for line in lines]
    y = rect.centery - sum(i.get_height() for i in imgs) // 2
    for img in imgs:
        surf.blit(img, (rect.right - img.get_width() if right else rect.x, y))
        y += img.get_height()


def draw_bid_captions(surf: pygame.Surface, lay: Layout, st: Style) -> None:
    floor = floor_px(lay)
    _draw_caption(surf, st, lay.bid_caption, _("Bid markers"), "body", lay.fs(14), floor,
                  st.color("text_on_dark"), right=True)
    # the number on a marker is what its owner pays for each item bought this round
    _draw_caption(surf, st, lay.bid_note, _("shillings per item"), "body", lay.fs(13), floor,
                  st.color("text_dim_on_dark"), right=False)


def draw_bid_track(surf: pygame.Surface, lay: Layout, st: Style, view: BidTrackView) -> None:
    taken = view.taken
    bidding = view.bidding
    legal = view.legal
    track = lay.bid_track.inflate(lay.px(10), lay.px(4))
    alpha_rect(surf, (0, 0, 0, 60), track, lay.px(10))
    draw_bid_captions(surf, lay, st)
    for v, r in enumerate(lay.bid_slots, start=1):
        if v in taken:
            # The marker sits on its owner's panel; the track shows who took it.
            pygame.draw.circle(surf, shade(st.color("background"), 1.4), r.center, r.width // 2,
                               lay.px(2))
            t = st.text(str(v), "number", int(r.height * 0.4), st.color("text_dim_on_dark"))
            blit_center(surf, t, (r.centerx, r.centery))
            continue
        if v in view.hidden:
            continue
        img = pieces.bid_marker(st, v, r.width)
        surf.blit(img, r)
        if bidding and v not in legal:
            alpha_rect(surf, (30, 30, 30, 140), r, r.width // 2)


def draw_bid_overlay(surf: pygame.Surface, lay: Layout, st: Style, view: OverlayView,
                     pulse: float) -> None:
    if view.bidding:
        c = pygame.Color(st.color("highlight_legal"))
        for v in view.bid_legal:
            r = lay.bid_slots[v - 1]
            pygame.draw.circle(surf, (c.r, c.g, c.b), r.center, r.width // 2 + lay.px(3),
                               max(1, int(lay.px(3) * pulse)))
        hot = view.hover_bid
        if hot is not None:
            r = lay.bid_slots[hot[0] - 1]
            col = st.color("highlight_hover" if hot[1] else "highlight_illegal")
            pygame.draw.circle(surf, col, r.center, r.width // 2 + lay.px(4), lay.px(3))
    if view.ai_bid:
        r = lay.bid_slots[view.ai_bid - 1]
        pygame.draw.circle(surf, st.color("gold"), r.center, r.width // 2 + lay.px(4),
                           lay.px(4))
