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
from ne_game.ui.scenes.table.draw import card_face
from ne_game.ui.scenes.table.draw.gfx import Style
from ne_game.ui.scenes.table.draw.layout import Layout
from ne_game.ui.scenes.table.draw.offer_view import item_image_rect, slot_rects
from ne_game.ui.scenes.table.model.view_model import MoneyView, TileView
from ne_game.ui.scenes.table.motion.tweens import (
    Animator,
    Tween,
    ease_in_out,
    ease_in_out_cubic,
    ease_out_back,
    ease_out_cubic,
)

COIN_STREAM_MAX = 10      # coins drawn for one change of money (a large income is not a swarm)
COIN_GAP = 0.055          # seconds between two coins of a stream
COIN_FLIGHT = 0.42


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
                anim.add(Tween(("tile", i), start, end, 0.5,
                                    _blit_scaled(img), arc=lay.px(40), ease=ease_in_out_cubic))
            elif not old.developed and t.developed:
                tv = TileView.of(i, t, fams[t.owner])
                plain = board_view.tile_surface(lay, st, tv, end, developed=False)
                dev = board_view.tile_surface(lay, st, tv, end, developed=True)
                anim.add(Tween(("tile", i), end, end, 0.5, flip(plain, dev),
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
                img = card_face.card(st, cid, size, self.rs) if cid else pieces.card_back(st, size)
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
                # dealt face down from the deck, turned over where it lands
                face = card_face.card(st, o.card or "", ir.size, self.rs, max(12, lay.text_min))
                s.center = lay.deck_rect.center
                anim.add(Tween(("slot", o.slot), s, ir, 0.6, deal_and_flip(pieces.card_back(st, ir.size), face),
                               delay=0.09 * k, arc=lay.px(24), ease=_reach_by(DEAL_SLIDE)))
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
        # Money: coins stream into the purse (income) or out of it (a purchase: to the item
        # bought, else to the bank, by the action bar), and the number counts with them.
        for i, (pb, pa) in enumerate(zip(before.players, after.players)):
            if pb.money != pa.money:
                self.money_delta[i] = pa.money - pb.money
                seconds = self.purse_flight(i, pb.money, pa.money, panels.geometry(lay, i, barns(i)),
                                            src_rect or self.bank())
                anim.counter(("money", i), pb.money)
                anim.set_counter(("money", i), pa.money, seconds)

    def bank(self) -> pygame.Rect:
        """Where income comes from and payments go when no item is bought: the action bar's west
        end, beside the game log, so the coins fly up the board's margin to the panels and never
        over the bar's words (playtest 21a: they crossed "takes 4 shillings income")."""
        bar = self.lay.action_bar
        r = pygame.Rect(0, 0, 1, 1)
        r.center = (bar.x - self.lay.px(6), bar.centery)
        return r

    def purse_flight(self, seat: int, was: int, now: int, geo: panels.PanelGeometry, bank: pygame.Rect) -> float:
        """The coins of a change of a seat's money, between `bank` and the purse's coin: the last
        stretch along the header's line from beyond the panel's edge, over the money's figures,
        never the VP under or beside them (playtest 17a). Seconds, as coin_stream."""
        purse = self.purse_coin(seat, max(was, now), geo)
        entry = (geo["rect"].right + self.lay.px(16), purse.centery)
        return self.coin_stream(now - was, purse, bank, entry)

    def purse_coin(self, seat: int, money: int, geo: panels.PanelGeometry) -> pygame.Rect:
        """The purse's coin in a seat's panel header (the coin drawn beside the money), where
        coins land: measured by drawing the money as the panel does, on a scratch surface."""
        r = geo["rect"]
        scratch = pygame.Surface((r.right + 1, r.bottom + 1))
        return panels.draw_money(scratch, self.lay, self.style, MoneyView(seat, money, None, 0), geo)["coin"]

    def coin_stream(self, delta: int, purse: pygame.Rect, bank: pygame.Rect,
                    entry: tuple[int, int] | None = None) -> float:
        """Coins flying between the bank and a purse (`purse`: the purse's coin, where they land,
        at its size), one per shilling (at most COIN_STREAM_MAX): into the purse for a gain, out
        of it for a payment; the purse gives a little pop as each coin lands. With `entry`, the
        last stretch runs level from there to the purse (over the money's line only: playtest
        17a saw a coin pass over and rest on the VP). Seconds (nominal) the stream lasts, for the
        number to count along with it."""
        lay, st, anim = self.lay, self.style, self.anim
        n = min(abs(delta), COIN_STREAM_MAX)
        if n == 0:
            return 0.7
        cs = lay.px(22)
        img = pieces.coin(st, cs)
        a = pygame.Rect(0, 0, cs, cs)
        a.center = bank.center
        b = purse.copy()
        legs: list[tuple[pygame.Rect, pygame.Rect, float, float, Callable[[float], float]]]
        if entry is None:
            legs = [(a, b, COIN_FLIGHT, float(lay.px(50)), ease_in_out_cubic)]
        else:
            e = b.copy()
            e.center = entry
            first = COIN_FLIGHT * 0.7
            legs = [(a, e, first, float(lay.px(50)), ease_in_out_cubic),
                    (e, b, COIN_FLIGHT - first, 0.0, ease_out_cubic)]
        if delta < 0:        # a payment: the same way back, out of the purse
            legs = [(dst, src, sec, arc, ease) for src, dst, sec, arc, ease in reversed(legs)]
        for k in range(n):
            at = COIN_GAP * k
            for src, dst, sec, arc, ease in legs:
                anim.add(Tween(None, src, dst, sec, _blit_scaled(img), delay=at, arc=arc, ease=ease))
                at += sec
        if delta > 0:
            ring = b.inflate(b.width // 2, b.height // 2)
            anim.add(Tween(None, ring, ring, COIN_GAP * (n - 1) + 0.25, _purse_pop(st.color("accent")),
                           delay=COIN_FLIGHT, ease=lambda t: t))
        return COIN_FLIGHT + COIN_GAP * (n - 1)


Draw = Callable[[pygame.Surface, pygame.Rect, float], None]


def _blit_scaled(img: pygame.Surface) -> Draw:
    def draw(surface: pygame.Surface, rect: pygame.Rect, t: float) -> None:
        if img.get_size() == rect.size:
            surface.blit(img, rect)
        else:
            surface.blit(pygame.transform.scale(img, rect.size), rect)
    return draw


DEAL_SLIDE = 0.55        # of a dealt card's time, the part it slides; the rest it turns over


def flip_frame(front: pygame.Surface, back: pygame.Surface, rect: pygame.Rect, t: float) -> tuple[pygame.Surface, pygame.Rect]:
    """A piece turning over about its vertical axis at `t` (0..1, eased in and out): `front`
    narrows to an edge, then `back` widens from it; it lifts a little (5 %) at the edge, as a
    card does when turned by hand. The image to blit and where."""
    e = ease_in_out(max(0.0, min(1.0, t)))
    img = front if e < 0.5 else back
    squeeze = abs(math.cos(math.pi * e))
    lift = 1.0 + 0.05 * math.sin(math.pi * e)
    r = pygame.Rect(0, 0, max(1, int(rect.width * squeeze * lift)), max(1, int(rect.height * lift)))
    r.center = rect.center
    if r.size == img.get_size():
        return img, r
    return pygame.transform.smoothscale(img, r.size), r


def flip(front: pygame.Surface, back: pygame.Surface) -> Draw:
    """A tween's drawing: `front` turns over to show `back` (any two surfaces of one size)."""
    def draw(surface: pygame.Surface, rect: pygame.Rect, t: float) -> None:
        img, r = flip_frame(front, back, rect, t)
        surface.blit(img, r)
    return draw


def _reach_by(share: float) -> Callable[[float], float]:
    """An easing that arrives after `share` of the time and then holds (the rest is the flip)."""
    def ease(t: float) -> float:
        return ease_out_cubic(min(1.0, t / share))
    return ease


def deal_and_flip(back: pygame.Surface, face: pygame.Surface) -> Draw:
    """A card dealt face down (the tween's path, see _reach_by) and turned face up on arrival."""
    def draw(surface: pygame.Surface, rect: pygame.Rect, t: float) -> None:
        if t < DEAL_SLIDE:
            _blit_scaled(back)(surface, rect, t)
            return
        img, r = flip_frame(back, face, rect, (t - DEAL_SLIDE) / (1 - DEAL_SLIDE))
        surface.blit(img, r)
    return draw


def _purse_pop(color: pygame.Color) -> Draw:
    """The purse answering the coins: a ring that swells and fades at each landing."""
    def draw(surface: pygame.Surface, rect: pygame.Rect, t: float) -> None:
        beat = (t * 4.0) % 1.0
        alpha = int(180 * (1 - beat) * (1 - t * 0.5))
        if alpha <= 0:
            return
        grow = int(rect.width * 0.25 * beat)
        r = rect.inflate(grow, grow)
        ring = pygame.Surface(r.size, pygame.SRCALPHA)
        pygame.draw.ellipse(ring, (color.r, color.g, color.b, alpha), ring.get_rect(), max(1, rect.width // 10))
        surface.blit(ring, r)
    return draw
