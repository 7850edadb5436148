"""Animations from the session's events: each action's tweens are a function of the
positions before and after it, so a computer's move, a reveal or a purchase animate
the same way whoever made them. A listener: `session.add_listener(builder)`.
"""
from __future__ import annotations

import math
from collections.abc import Callable

import pygame

import ne_game.ui.scenes.table.draw.board_view as board_view
import ne_game.ui.scenes.table.draw.panels as panels
import ne_game.ui.scenes.table.draw.pieces as pieces
from ne_game.game.session import SessionEvent
from ne_game.rules import Action, Cell, Position, Ruleset
from ne_game.ui.scenes.table.draw.gfx import Style
from ne_game.ui.scenes.table.draw.layout import Layout
from ne_game.ui.scenes.table.draw.offer_view import item_image_rect, slot_rects
from ne_game.ui.scenes.table.model.view_model import MoneyView, TileView
from ne_game.ui.scenes.table.motion.tweens import Animator, Tween, ease_in_out, ease_out_back


class AnimationBuilder:
    """Turns applied actions into tweens on `anim`; an undo just finishes them.

    The scene keeps `lay` and `style` current (resize, theme); `money_delta[seat]` is the
    last change of a seat's money, shown beside its ticking coins.
    """

    def __init__(self, anim: Animator, rs: Ruleset, lay: Layout, style: Style) -> None:
        self.anim = anim
        self.rs = rs
        self.lay = lay
        self.style = style
        self.money_delta: dict[int, int] = {}

    def __call__(self, event: SessionEvent) -> None:
        if event.kind == "applied":
            self.build(event.was, event.action, event.now)
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

    def build(self, before: Position, action: Action, after: Position) -> None:
        """Tweens for one action, from the positions before and after it."""
        lay, st, anim = self.lay, self.style, self.anim
        fams = [p.family for p in after.players]
        slots_before = [o.slot for o in before.offer]

        def barns(seat: int) -> tuple[Cell, ...]:
            return tuple(b.cell for b in before.players[seat].barns)
        seat = before.current_player
        old_tiles = {t.cells: t for t in before.tiles}
        src_rect = None
        if action["type"] == "buy_land" or action["type"] == "buy_card":
            row = slot_rects(lay, slots_before).get(action["slot"])
            if row is not None:
                bought = before.offer_item(action["slot"])
                src_rect = item_image_rect(lay, row, bought.kind if bought else "card")
        panel_rect = lay.panels[seat].copy() if seat is not None else lay.board_rect
        for i, t in enumerate(after.tiles):
            end = lay.cells_rect(t.cells)
            old = old_tiles.get(t.cells)
            if old is None:
                start = src_rect or pygame.Rect(panel_rect.centerx - end.width // 2,
                                                panel_rect.centery - end.height // 2,
                                                end.width, end.height)
                img = board_view.tile_surface(lay, st, TileView.of(i, t, fams[t.owner]), end)
                anim.add(Tween(("tile", i), start, end, 0.45,
                                    _blit_scaled(img), arc=lay.px(40)))
            elif not old.developed and t.developed:
                tv = TileView.of(i, t, fams[t.owner])
                plain = board_view.tile_surface(lay, st, tv, end, developed=False)
                dev = board_view.tile_surface(lay, st, tv, end, developed=True)
                anim.add(Tween(("tile", i), end, end, 0.5, _flip(plain, dev),
                                    delay=0.05 * (i % 4), ease=ease_in_out,
                                    hide_until_start=False))
            if t.figure and (old is None or old.figure != t.figure):
                fs = int(lay.cell * 0.66)
                img = pieces.figure(st, t.figure, fs)
                origin: pygame.Rect | None = None
                if action["type"] == "move_figure":
                    origin = lay.cells_rect([action["from"]])
                origin = origin or src_rect or panel_rect
                r_end = pygame.Rect(0, 0, fs, fs)
                r_end.center = board_view.figure_rect(lay, TileView.of(i, t, fams[t.owner]), end).center
                r_start = pygame.Rect(0, 0, fs, fs)
                r_start.center = origin.center
                anim.add(Tween(("fig", i), r_start, r_end, 0.45, _blit_scaled(img),
                                    arc=lay.px(30), ease=ease_out_back))
        # Cards gained fly to the panel.
        if seat is not None and (action["type"] == "buy_card" or action["type"] == "play_stored"):
            gained: tuple[str | None, ...] = after.players[seat].cards[len(before.players[seat].cards):]
            stored = "store_in_barn" in action["use"]
            start = src_rect or lay.panels[seat]
            geo = panels.geometry(lay, seat, barns(seat))
            for cid in gained or ([None] if stored else []):
                size = (int(geo["row_b"].height * 0.72), geo["row_b"].height)
                img = pieces.card(st, cid, size, self.rs) if cid else pieces.card_back(st, size)
                end = pygame.Rect(geo["row_b"].topleft, size)
                if stored and geo["barns"]:
                    end = geo["barns"][-1][1]
                anim.add(Tween(None, start, end, 0.5, _blit_scaled(img), arc=lay.px(30)))
        # New offer items come out of the bag and the deck.
        old_slots = set(slots_before)
        rects = slot_rects(lay, slots_before)
        k = 0
        for o in after.offer:
            if o.slot in old_slots or o.slot not in rects:
                continue
            ir = item_image_rect(lay, rects[o.slot], o.kind)
            s = pygame.Rect(0, 0, ir.width, ir.height)
            if o.kind == "land":
                img = pieces.land_tile(st, o.land or "", False, ir.height)
                s.center = lay.bag_rect.center
                anim.add(Tween(("slot", o.slot), s, ir, 0.35, _blit_scaled(img), delay=0.09 * k))
            else:
                # dealt face down from the deck, turned over as it lands
                face = pieces.card(st, o.card or "", ir.size, self.rs, max(12, lay.text_min))
                s.center = lay.deck_rect.center
                anim.add(Tween(("slot", o.slot), s, ir, 0.5, _dealt(pieces.card_back(st, ir.size), face),
                               delay=0.09 * k, arc=lay.px(24), ease=ease_in_out))
            k += 1
        # A bid marker moves from the track to the player's panel.
        if action["type"] == "take_bid" and seat is not None:
            v = action["value"]
            geo = panels.geometry(lay, seat, barns(seat))
            img = pieces.bid_marker(st, v, geo["bid"].width)
            anim.add(Tween(("bid", v), lay.bid_slots[v - 1], geo["bid"], 0.45,
                                _blit_scaled(img), arc=-lay.px(20)))
        # At the end of a turn the bid marker goes back to the track and the income flies in.
        if action["type"] == "end_turn" and seat is not None:
            held = before.players[seat].bid
            geo = panels.geometry(lay, seat, barns(seat))
            if held:
                img = pieces.bid_marker(st, held, geo["bid"].width)
                anim.add(Tween(("bid", held), geo["bid"], lay.bid_slots[held - 1], 0.5,
                                    _blit_scaled(img), arc=lay.px(30)))
            gain = after.players[seat].money - before.players[seat].money
            cs = lay.px(22)
            coin_img = pieces.coin(st, cs)
            src = pygame.Rect(0, 0, cs, cs)
            src.center = lay.action_bar.center
            dst = pygame.Rect(geo["money"].x, geo["money"].y, cs, cs)
            for k in range(min(max(gain, 0), 8)):
                anim.add(Tween(None, src, dst, 0.45, _blit_scaled(coin_img), delay=0.06 * k,
                                    arc=lay.px(60)))
        # Money ticks.
        for i, (pb, pa) in enumerate(zip(before.players, after.players)):
            if pb.money != pa.money:
                self.money_delta[i] = pa.money - pb.money
                anim.counter(("money", i), pb.money)
                anim.set_counter(("money", i), pa.money, 0.7)


Draw = Callable[[pygame.Surface, pygame.Rect, float], None]


def _blit_scaled(img: pygame.Surface) -> Draw:
    def draw(surface: pygame.Surface, rect: pygame.Rect, t: float) -> None:
        if img.get_size() == rect.size:
            surface.blit(img, rect)
        else:
            surface.blit(pygame.transform.scale(img, rect.size), rect)
    return draw


def _flip(plain: pygame.Surface, dev: pygame.Surface) -> Draw:
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


def _dealt(back: pygame.Surface, face: pygame.Surface) -> Draw:
    """A card dealt from the deck: it slides face down, then turns over on its long axis in
    the last 40 % of its way (narrowing to an edge, widening face up)."""
    def draw(surface: pygame.Surface, rect: pygame.Rect, t: float) -> None:
        turn = min(1.0, max(0.0, (t - 0.6) / 0.4))
        img = back if turn < 0.5 else face
        w = max(1, int(rect.width * abs(math.cos(math.pi * turn))))
        r = pygame.Rect(0, 0, w, rect.height)
        r.center = rect.center
        surface.blit(img if img.get_size() == r.size else pygame.transform.smoothscale(img, r.size), r)
    return draw
