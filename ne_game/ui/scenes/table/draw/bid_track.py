"""The bid track along the top: markers 1..10; a taken one shows as an empty ring."""
from __future__ import annotations

import pygame

import ne_game.ui.scenes.table.draw.pieces as pieces
from ne_game.ui.scenes.table.draw.gfx import Style, alpha_rect, blit_center, shade
from ne_game.ui.scenes.table.draw.layout import Layout
from ne_game.ui.scenes.table.model.view_model import BidTrackView, OverlayView


def draw_bid_track(surf: pygame.Surface, lay: Layout, st: Style, view: BidTrackView) -> None:
    taken = view.taken
    bidding = view.bidding
    legal = view.legal
    track = lay.bid_track.inflate(lay.px(10), lay.px(4))
    alpha_rect(surf, (0, 0, 0, 60), track, lay.px(10))
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
