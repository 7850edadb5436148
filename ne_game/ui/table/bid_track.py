"""The bid track along the top: markers 1..10; a taken one shows as an empty ring."""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from . import pieces
from .gfx import alpha_rect, blit_center, shade

if TYPE_CHECKING:  # pragma: no cover
    from .scene import TableScene


def draw_bid_track(scene: "TableScene", surf: pygame.Surface) -> None:
    st, lay, snap = scene.style, scene.lay, scene.snap
    taken = {p.get("bid"): i for i, p in enumerate(snap.get("players", []))
             if p.get("bid") is not None}
    bidding = snap.get("phase") == "bids" and scene.human_turn
    legal = scene.legal_bids
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
        if ("bid", v) in scene.anim.hidden:
            continue
        img = pieces.bid_marker(st, v, r.width)
        surf.blit(img, r)
        if bidding and v not in legal:
            alpha_rect(surf, (30, 30, 30, 140), r, r.width // 2)


def draw_bid_overlay(scene: "TableScene", surf: pygame.Surface, pulse: float) -> None:
    st, lay = scene.style, scene.lay
    if scene.snap.get("phase") == "bids" and scene.human_turn:
        c = pygame.Color(st.color("highlight_legal"))
        for v in scene.legal_bids:
            r = lay.bid_slots[v - 1]
            pygame.draw.circle(surf, (c.r, c.g, c.b), r.center, r.width // 2 + lay.px(3),
                               max(1, int(lay.px(3) * pulse)))
        hot = scene.hover
        if hot and hot[0] == "bid":
            r = lay.bid_slots[hot[1] - 1]
            col = st.color("highlight_hover" if hot[1] in scene.legal_bids else "highlight_illegal")
            pygame.draw.circle(surf, col, r.center, r.width // 2 + lay.px(4), lay.px(3))
    if scene.ai_show_bid:
        r = lay.bid_slots[scene.ai_show_bid - 1]
        pygame.draw.circle(surf, st.color("gold"), r.center, r.width // 2 + lay.px(4),
                           lay.px(4))
