"""Animations from the session's events: each action's tweens are a function of the
snapshots before and after it, so a computer's move, a reveal or a purchase animate
the same way whoever made them. A listener: `session.add_listener(builder)`.
"""
from __future__ import annotations

import math
from typing import Any

import pygame

import ne_game.ui.table.board_view as board_view
import ne_game.ui.table.panels as panels
import ne_game.ui.table.pieces as pieces
from ne_game import rules

from .anim import Animator, Tween, ease_in_out, ease_out_back
from .gfx import Style
from .layout import Layout
from .offer_view import item_image_rect, slot_rects
from .view_model import MoneyView, TileView


class AnimationBuilder:
    """Turns applied actions into tweens on `anim`; an undo just finishes them.

    The scene keeps `lay` and `style` current (resize, theme); `money_delta[seat]` is the
    last change of a seat's money, shown beside its ticking coins.
    """

    def __init__(self, anim: Animator, cards: dict, lay: Layout, style: Style) -> None:
        self.anim = anim
        self.cards = cards
        self.lay = lay
        self.style = style
        self.money_delta: dict[int, int] = {}

    def __call__(self, event: Any) -> None:
        if event.kind == "applied":
            self.build(rules.to_json(event.before), event.action, rules.to_json(event.after))
        else:
            self.anim.finish()

    def money(self, seat: int, money: int, vp: int | None) -> MoneyView:
        """A seat's money as shown now (ticking towards `money`), with the change beside it."""
        c = self.anim.counter(("money", seat), money)
        if c.target != money:
            # Not an applied action's tween (those set the target first): an undo, a load, a
            # refund. The engine's money shows at once, in the panel and its tooltip alike.
            c.set(money, 0)
        flashing = c.flash > 0 and c.value != c.target or c.flash > 0.3
        return MoneyView(seat, c.shown, vp, self.money_delta.get(seat, 0) if flashing else 0)

    def build(self, before: dict, action: dict, after: dict) -> None:
        """Tweens for one action, from the snapshots before and after it."""
        lay, st, anim = self.lay, self.style, self.anim
        fams = [p["family"] for p in after["players"]]
        slots_before = [o["slot"] for o in before.get("offer", [])]

        def barns(seat: int) -> tuple:
            return tuple(tuple(b["cell"]) for b in before["players"][seat].get("barns", []))
        seat = before.get("current_player")
        old_tiles = {tuple(map(tuple, t["cells"])): t for t in before.get("tiles", [])}
        src_rect = None
        if action.get("type") in ("buy_land", "buy_card"):
            rects = slot_rects(lay, slots_before)
            row = rects.get(action["slot"])
            if row is not None:
                item = next((o["item"] for o in before.get("offer", [])
                             if o["slot"] == action["slot"]), {"kind": "card"})
                src_rect = item_image_rect(lay, row, item["kind"])
        panel_rect = lay.panels[seat].copy() if seat is not None else lay.board_rect
        for i, t in enumerate(after.get("tiles", [])):
            key = tuple(map(tuple, t["cells"]))
            end = lay.cells_rect(t["cells"])
            old = old_tiles.get(key)
            if old is None:
                start = src_rect or pygame.Rect(panel_rect.centerx - end.width // 2,
                                                panel_rect.centery - end.height // 2,
                                                end.width, end.height)
                img = board_view.tile_surface(lay, st, TileView.of(i, t, fams[t["owner"]]), end)
                anim.add(Tween(("tile", i), start, end, 0.45,
                                    _blit_scaled(img), arc=lay.px(40)))
            elif not old.get("developed") and t.get("developed"):
                tv = TileView.of(i, t, fams[t["owner"]])
                plain = board_view.tile_surface(lay, st, tv, end, developed=False)
                dev = board_view.tile_surface(lay, st, tv, end, developed=True)
                anim.add(Tween(("tile", i), end, end, 0.5, _flip(plain, dev),
                                    delay=0.05 * (i % 4), ease=ease_in_out,
                                    hide_until_start=False))
            if t.get("figure") and (old is None or old.get("figure") != t.get("figure")):
                fs = int(lay.cell * 0.66)
                img = pieces.figure(st, t["figure"], fs)
                origin: pygame.Rect | None = None
                if action.get("type") == "move_figure":
                    origin = lay.cells_rect([action["from"]])
                origin = origin or src_rect or panel_rect
                r_end = pygame.Rect(0, 0, fs, fs)
                r_end.center = board_view.figure_rect(lay, TileView.of(i, t, fams[t["owner"]]), end).center
                r_start = pygame.Rect(0, 0, fs, fs)
                r_start.center = origin.center
                anim.add(Tween(("fig", i), r_start, r_end, 0.45, _blit_scaled(img),
                                    arc=lay.px(30), ease=ease_out_back))
        # Cards gained fly to the panel.
        if seat is not None and action.get("type") in ("buy_card", "play_stored"):
            gained = after["players"][seat]["cards"][len(before["players"][seat]["cards"]):]
            stored = "store_in_barn" in action.get("use", {})
            start = src_rect or lay.panels[seat]
            geo = panels.geometry(lay, seat, barns(seat))
            for cid in gained or ([None] if stored else []):
                size = (int(geo["row_b"].height * 0.72), geo["row_b"].height)
                img = pieces.card(st, cid, size, self.cards) if cid else pieces.card_back(st, size)
                end = pygame.Rect(geo["row_b"].topleft, size)
                if stored and geo["barns"]:
                    end = geo["barns"][-1][1]
                anim.add(Tween(None, start, end, 0.5, _blit_scaled(img), arc=lay.px(30)))
        # New offer items come out of the bag and the deck.
        old_slots = {o["slot"] for o in before.get("offer", [])}
        rects = slot_rects(lay, slots_before)
        k = 0
        for o in after.get("offer", []):
            if o["slot"] in old_slots or o["slot"] not in rects:
                continue
            item = o["item"]
            ir = item_image_rect(lay, rects[o["slot"]], item["kind"])
            if item["kind"] == "land":
                img = pieces.land_tile(st, item["land"], False, ir.height)
                start = lay.bag_rect
            else:
                img = pieces.card(st, item["card"], ir.size, self.cards)
                start = lay.deck_rect
            s = pygame.Rect(0, 0, ir.width, ir.height)
            s.center = start.center
            anim.add(Tween(("slot", o["slot"]), s, ir, 0.35, _blit_scaled(img),
                                delay=0.09 * k))
            k += 1
        # A bid marker moves from the track to the player's panel.
        if action.get("type") == "take_bid" and seat is not None:
            v = action["value"]
            geo = panels.geometry(lay, seat, barns(seat))
            img = pieces.bid_marker(st, v, geo["bid"].width)
            anim.add(Tween(("bid", v), lay.bid_slots[v - 1], geo["bid"], 0.45,
                                _blit_scaled(img), arc=-lay.px(20)))
        # At the end of a turn the bid marker goes back to the track and the income flies in.
        if action.get("type") == "end_turn" and seat is not None:
            v = before["players"][seat].get("bid")
            geo = panels.geometry(lay, seat, barns(seat))
            if v:
                img = pieces.bid_marker(st, v, geo["bid"].width)
                anim.add(Tween(("bid", v), geo["bid"], lay.bid_slots[v - 1], 0.5,
                                    _blit_scaled(img), arc=lay.px(30)))
            gain = after["players"][seat]["money"] - before["players"][seat]["money"]
            cs = lay.px(22)
            coin_img = pieces.coin(st, cs)
            src = pygame.Rect(0, 0, cs, cs)
            src.center = lay.action_bar.center
            dst = pygame.Rect(geo["money"].x, geo["money"].y, cs, cs)
            for k in range(min(max(gain, 0), 8)):
                anim.add(Tween(None, src, dst, 0.45, _blit_scaled(coin_img), delay=0.06 * k,
                                    arc=lay.px(60)))
        # Money ticks.
        for i, (pb, pa) in enumerate(zip(before["players"], after["players"])):
            if pb["money"] != pa["money"]:
                self.money_delta[i] = pa["money"] - pb["money"]
                anim.counter(("money", i), pb["money"])
                anim.set_counter(("money", i), pa["money"], 0.7)


def _blit_scaled(img: pygame.Surface):
    def draw(surface: pygame.Surface, rect: pygame.Rect, t: float) -> None:
        if img.get_size() == rect.size:
            surface.blit(img, rect)
        else:
            surface.blit(pygame.transform.scale(img, rect.size), rect)
    return draw


def _flip(plain: pygame.Surface, dev: pygame.Surface):
    """A tile turning over: it narrows to an edge, then widens showing the other side."""
    def draw(surface: pygame.Surface, rect: pygame.Rect, t: float) -> None:
        img = plain if t < 0.5 else dev
        f = abs(math.cos(math.pi * t))
        w = max(1, int(rect.width * f)) if rect.width >= rect.height else rect.width
        h = rect.height if rect.width >= rect.height else max(1, int(rect.height * f))
        if rect.width >= rect.height:
            w = max(1, int(rect.width * f))
        r = pygame.Rect(0, 0, w, h)
        r.center = rect.center
        surface.blit(pygame.transform.scale(img, r.size), r)
    return draw
