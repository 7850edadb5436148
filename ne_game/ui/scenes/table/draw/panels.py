"""One panel per player: family colour and initial, money, cards, figures, barns, bid."""
from __future__ import annotations

from typing import TypedDict

import pygame

import ne_game.ui.scenes.table.draw.pieces as pieces
from ne_game.i18n import _, fmt
from ne_game.rules import Ruleset
from ne_game.ui.scenes.table.draw import card_face
from ne_game.ui.scenes.table.draw.gfx import Style, alpha_rect, badge, blit_center, fit_text
from ne_game.ui.scenes.table.draw.layout import Layout, line_height
from ne_game.ui.scenes.table.draw.text_floor import fit_floor, floor_px
from ne_game.ui.scenes.table.model.geometry import Cell
from ne_game.ui.scenes.table.model.view_model import MoneyView, OverlayView, PanelView


class PanelGeometry(TypedDict):
    """Where the parts of one seat's panel go: rects, each barn's (cell, slot), the compact header."""
    rect: pygame.Rect
    header: pygame.Rect
    money: pygame.Rect
    row_b: pygame.Rect
    row_c: pygame.Rect
    bid: pygame.Rect
    barns: list[tuple[Cell, pygame.Rect]]
    compact: bool
    sub: pygame.Rect | None     # the line under a compact header ("Palmer · computer"), if any


_GEO: dict[tuple[int, int, tuple[Cell, ...]], tuple[Layout, PanelGeometry]] = {}


def geometry(lay: Layout, seat: int, barns: tuple[Cell, ...] = ()) -> PanelGeometry:
    """Where each part of a seat's panel goes (shared by drawing and hit tests);
    `barns` are the cells of the seat's barns (one card-sized slot each)."""
    key = (id(lay), seat, barns)
    hit = _GEO.get(key)
    if hit is not None and hit[0] is lay:      # the layout is kept: its id is not reused
        return hit[1]
    if len(_GEO) > 64:
        _GEO.clear()
    geo = _geometry(lay, seat, barns)
    _GEO[key] = (lay, geo)
    return geo


def _geometry(lay: Layout, seat: int, barns: tuple[Cell, ...]) -> PanelGeometry:
    r = lay.panels[seat]
    pad = lay.px(7)
    inner = r.inflate(-2 * pad, -2 * pad)
    inner.x += lay.px(4)         # room for the family stripe
    inner.width -= lay.px(4)
    # Above 100 % a panel is short for its text: a compact header (name, money and VP on
    # one line, bigger) leaves the cards and figures their rows.
    # At sofa distance the header is compact too, as high as its words at the sofa's size.
    compact = (lay.scale > 1.0 and inner.height < lay.px(92)) or lay.text_min > 0
    hh = lay.px(26) if compact else max(lay.px(22), int(inner.height * 0.34))
    if lay.text_min:
        hh = max(hh, int(lay.text_min / 0.68) + 1)
    # At sofa distance a line under the header says who plays the seat: "· computer" must stay
    # in sight (playtest 3a: the compact header had dropped it), where the rows keep a line each.
    sub_h = line_height(lay.text_min) if lay.text_min else 0
    sub = None
    if sub_h and inner.height - hh - sub_h >= 2 * sub_h:
        sub = pygame.Rect(inner.x + hh + lay.px(6), inner.y + hh, inner.width - hh - lay.px(6), sub_h)
        hh += sub_h
    row_b = pygame.Rect(inner.x, inner.y + hh + lay.px(3), inner.width,
                        int((inner.height - hh) * 0.55))
    row_c = pygame.Rect(inner.x, row_b.bottom + lay.px(2), inner.width,
                        inner.bottom - row_b.bottom - lay.px(2))
    bid_side = min(row_b.height + row_c.height, int(inner.width * 0.2))
    bid_rect = pygame.Rect(inner.right - bid_side, row_b.y + (row_b.height + row_c.height
                                                              - bid_side) // 2,
                           bid_side, bid_side)
    row_b.width -= bid_side + lay.px(4)
    row_c.width -= bid_side + lay.px(4)
    header = pygame.Rect(inner.x, inner.y, inner.width, hh - (sub.height if sub else 0))
    mw = int(header.width * (0.46 if compact else 0.34))
    money_rect = pygame.Rect(header.right - mw, header.y, mw, header.height)
    # Barns: card-sized slots at the right end of row C.
    # (at most 45 % of the row, so that the figures and their counts keep the rest: a tall
    # panel of two or three players makes tall, wide card slots)
    bh = row_c.height
    bw = max(4, int(bh * 0.72))
    if barns:
        bw = max(4, min(bw, int(row_c.width * 0.45) // len(barns) - lay.px(3)))
        bh = min(bh, int(bw / 0.72))
    barn_rects: list[tuple[Cell, pygame.Rect]] = []
    x = row_c.right - len(barns) * (bw + lay.px(3))
    for b in barns:
        barn_rects.append(((b[0], b[1]), pygame.Rect(x, row_c.bottom - bh, bw, bh)))
        x += bw + lay.px(3)
    return {"rect": r, "header": header, "money": money_rect, "row_b": row_b, "row_c": row_c,
            "bid": bid_rect, "barns": barn_rects, "compact": compact, "sub": sub}


def figure_row(lay: Layout, st: Style, view: PanelView,
               geo: PanelGeometry) -> list[tuple[str, int, pygame.Rect, pygame.Rect, int]]:
    """The figures on the board with their counts, left of the barns: (figure, count, icon
    rect, count rect, count's text size). Smaller where the barns leave less room (three
    players' panels with barns), so that every count stays in sight, never under a barn."""
    rc = geo["row_c"]
    barns = [br for _cell, br in geo["barns"]]
    right = (min(br.x for br in barns) - lay.px(3)) if barns else rc.right
    floor = floor_px(lay)
    out: list[tuple[str, int, pygame.Rect, pygame.Rect, int]] = []
    for f in (0.9, 0.8, 0.7, 0.6, 0.5, 0.42, 0.35, 0.3):
        fs = max(4, int(rc.height * f))
        tpx = max(floor, int(fs * (0.8 if geo["compact"] else 0.55)))
        gap = lay.px(8) if f >= 0.8 else lay.px(4)
        x = rc.x
        out = []
        for kind, count in view.figures:      # every figure of the ruleset, in its order
            ir = pygame.Rect(x, rc.centery - fs // 2, fs, fs)
            tw, th = st.font("number", tpx).size(str(count))
            tr = pygame.Rect(ir.right, rc.centery - th // 2, tw, th)
            out.append((kind, count, ir, tr, tpx))
            x = tr.right + gap
        if x - gap <= right:
            break
    return out


def start_tile_rects(lay: Layout, view: PanelView) -> list[tuple[str, pygame.Rect]]:
    """The start tiles still to place, as dominoes in the panel (clickable on one's turn)."""
    rb = geometry(lay, view.seat, view.barn_cells)["row_b"]
    c = max(6, int(rb.height * 0.62))
    x = rb.x
    out = []
    for land in view.start_lands:
        out.append((land, pygame.Rect(x, rb.centery - c // 2, 2 * c, c)))
        x += 2 * c + lay.px(7)
    return out


def _count_px(geo: PanelGeometry, card_h: int) -> int:
    """The "×2" beside a card group: larger in the compact panel, where cards are short."""
    return int(card_h * (0.46 if geo["compact"] else 0.34))


def card_slots(lay: Layout, st: Style, view: PanelView) -> list[tuple[str, int, pygame.Rect, pygame.Rect]]:
    """Face-up cards of a seat, grouped: (card id, count, card rect, count-label rect).

    Every group shows, with its "×n" clear of the bid marker: with many groups the cards
    (and their counts) are drawn smaller, down to half height."""
    geo = geometry(lay, view.seat, view.barn_cells)
    rb = geo["row_b"]
    for f in (1.0, 0.9, 0.8, 0.7, 0.6, 0.5):
        ch = max(4, int(rb.height * f))
        out = _card_row(lay, st, view, geo, rb, ch)
        if out is not None:
            return out
    return _card_row(lay, st, view, geo, rb, max(4, rb.height // 2), clip=True) or []


def _card_row(lay: Layout, st: Style, view: PanelView, geo: PanelGeometry, rb: pygame.Rect, ch: int,
              clip: bool = False) -> list[tuple[str, int, pygame.Rect, pygame.Rect]] | None:
    cw = int(ch * 0.72)
    x = rb.x
    out = []
    for cid, n in view.cards:
        tw = 0
        if n > 1:
            t = st.text(f"×{n}", "bold", _count_px(geo, ch), st.color("text"))
            tw = t.get_width() + lay.px(3)
        if x + cw + tw > rb.right:
            if not clip:
                return None
            break
        cr = pygame.Rect(x, rb.bottom - ch, cw, ch)
        x += cw
        tr = pygame.Rect(x, rb.y, 0, 0)
        if n > 1:
            tr = pygame.Rect(x + lay.px(1), rb.bottom - t.get_height(), t.get_width(),
                             t.get_height())
            x += tw
        x += lay.px(4)
        out.append((cid, n, cr, tr))
    return out


def name_text(lay: Layout, st: Style, view: PanelView) -> pygame.Surface:
    """The seat's name as drawn in its panel header (shrunk to fit beside the money)."""
    geo = geometry(lay, view.seat, view.barn_cells)
    h = geo["header"]
    bs = h.height
    name_w = geo["money"].x - h.x - bs - lay.px(8)
    star = view.start_player
    ss = int(bs * 0.5)
    return fit_text(st, view.name, "bold",
                    int(bs * (0.68 if geo["compact"] else 0.52)), st.color("text"),
                    name_w - (ss + lay.px(4) if star else 0))


def _sub_room(lay: Layout, st: Style, view: PanelView) -> tuple[pygame.font.Font, int] | None:
    """The font and width of a panel's sub line (family, computer level), None: no sub line."""
    geo = geometry(lay, view.seat, view.barn_cells)
    h = geo["header"]
    if not geo["compact"]:
        bs = h.height
        return (st.font("body", max(floor_px(lay), int(bs * 0.36))),
                geo["money"].x - h.x - bs - lay.px(8))
    sr = geo["sub"]
    return (st.font("body", floor_px(lay)), sr.width) if sr is not None else None


def sub_depth(lay: Layout, st: Style, views: tuple[PanelView, ...]) -> int:
    """How far down its list of sub lines (longest first) every panel goes: the same for all,
    so a computer's level shows on every computer panel or on none (playtest 4a, (a)7: only
    the panel whose family name was short kept "(Moyen)")."""
    depth = 0
    for v in views:
        room = _sub_room(lay, st, v)
        if room is None or not v.subs:
            continue
        font, width = room
        k = next((i for i, t in enumerate(v.subs) if font.size(t)[0] <= width), len(v.subs) - 1)
        depth = max(depth, k)
    return depth


def _sub_at(view: PanelView, depth: int, font: pygame.font.Font, width: int) -> str:
    """The panel's sub line at `depth` (sub_depth), or a shorter one where even that is too wide."""
    if not view.subs:
        return view.sub
    forms = view.subs[min(depth, len(view.subs) - 1):]
    return next((t for t in forms if font.size(t)[0] <= width), forms[-1])


def draw_panel(surf: pygame.Surface, lay: Layout, st: Style, view: PanelView,
               rs: Ruleset, depth: int = 0) -> None:
    """Everything static of one panel (money is drawn by draw_money, it ticks); `depth`: how
    short its sub line is, alike on every panel (sub_depth)."""
    geo = geometry(lay, view.seat, view.barn_cells)
    r = geo["rect"]
    fam = view.family
    active = view.active
    rad = lay.px(8)
    fam_col = st.family(fam)
    if active:
        glow = r.inflate(lay.px(8), lay.px(8))
        alpha_rect(surf, (fam_col.r, fam_col.g, fam_col.b, 110), glow, rad + lay.px(4))
    pygame.draw.rect(surf, st.color("panel_active" if active else "panel"), r, border_radius=rad)
    pygame.draw.rect(surf, fam_col if active else st.color("panel_border"), r,
                     lay.px(3) if active else lay.px(1), border_radius=rad)
    stripe = pygame.Rect(r.x, r.y, lay.px(7), r.height)
    pygame.draw.rect(surf, fam_col, stripe, border_top_left_radius=rad,
                     border_bottom_left_radius=rad)

    h = geo["header"]
    bs = h.height
    surf.blit(badge(st, fam, bs), (h.x, h.y))
    name_w = geo["money"].x - h.x - bs - lay.px(8)
    star = view.start_player
    ss = int(bs * 0.5)
    compact = geo["compact"]
    t = name_text(lay, st, view)
    ty = h.centery - t.get_height() // 2 if compact else h.y + lay.px(1)
    surf.blit(t, (h.x + bs + lay.px(6), ty))
    if star:   # the start player marker sits beside the name
        surf.blit(pieces.start_player_marker(st, ss),
                  (h.x + bs + lay.px(10) + t.get_width(), ty + (t.get_height() - ss) // 2))
    if not compact:   # the compact header has no room for "family ... · computer"
        sub_px = max(floor_px(lay), int(bs * 0.36))
        font = st.font("body", sub_px)
        sub = _sub_at(view, depth, font, name_w)
        t2 = fit_floor(st, sub, "body", sub_px, st.color("text_dim"), name_w, floor_px(lay))
        surf.blit(t2, (h.x + bs + lay.px(6), h.y + lay.px(2) + t.get_height()))
    elif geo["sub"] is not None:
        sr = geo["sub"]
        font = st.font("body", floor_px(lay))
        sub = _sub_at(view, depth, font, sr.width)
        t2 = fit_floor(st, sub, "body", floor_px(lay), st.color("text_dim"), sr.width, floor_px(lay))
        surf.blit(t2, (sr.x, sr.centery - t2.get_height() // 2))

    # Row B: face-up cards grouped (start rounds: the start tiles still to place).
    rb = geo["row_b"]
    if view.start_phase:
        lands = view.start_lands
        chosen = view.chosen_land
        for land, r in start_tile_rects(lay, view):
            img = pieces.start_tile(st, land, fam, False, True, r.height)
            surf.blit(img, r)
            if land == chosen:
                pygame.draw.rect(surf, st.color("gold"), r.inflate(lay.px(4), lay.px(4)),
                                 lay.px(2), border_radius=lay.px(4))
        if not lands:
            note = fit_floor(st, _("all start tiles placed"), "body", _note_px(lay), st.color("text_dim"), rb.width,
                             floor_px(lay))
            surf.blit(note, (rb.x, rb.centery - note.get_height() // 2))
    else:
        slots = card_slots(lay, st, view)
        for cid, n, cr, tr in slots:
            surf.blit(card_face.card(st, cid, cr.size, rs, max(12, lay.text_min)), cr)
            if n > 1:
                t = st.text(f"×{n}", "bold", _count_px(geo, cr.height), st.color("text"))
                surf.blit(t, tr.topleft)
        order = slots
        if not order:
            note = fit_floor(st, _("no cards yet"), "body", _note_px(lay), st.color("text_dim"), rb.width, floor_px(lay))
            surf.blit(note, (rb.x, rb.centery - note.get_height() // 2))

    # Row C: figures on the board, then barns (face down unless the owner is at the table).
    for kind, count, ir, tr, tpx in figure_row(lay, st, view, geo):
        surf.blit(pieces.figure(st, kind, ir.width), ir)
        surf.blit(st.text(str(count), "number", tpx, st.color("text")), tr)
    for barn, (_cell, br) in zip(view.barns, geo["barns"]):
        if barn.card:
            surf.blit(card_face.card(st, barn.card, br.size, rs, max(12, lay.text_min)), br)
        elif barn.full:
            surf.blit(pieces.card_back(st, br.size), br)
        else:   # an empty barn: an outline with a faint barn in it
            pygame.draw.rect(surf, st.color("panel_alt"), br, border_radius=lay.px(3))
            pygame.draw.rect(surf, st.color("panel_border"), br, 1, border_radius=lay.px(3))
            icon = pieces.figure(st, "barn", max(4, int(br.width * 0.8))).copy()
            icon.set_alpha(90)
            blit_center(surf, icon, br.center)

    # Bid marker and start player marker on the right.
    bb = geo["bid"]
    if view.bid is not None:
        surf.blit(pieces.bid_marker(st, view.bid, bb.width), bb)


def draw_money(surf: pygame.Surface, lay: Layout, st: Style, view: MoneyView,
               geo: PanelGeometry, panel: PanelView | None = None) -> dict[str, pygame.Rect]:
    """Money and running VP: drawn each frame because the coins tick. The change of money
    ("+6") is a pill with a coin of its own, against the purse's coin: it never reads as points.
    With the seat's `panel`, the pill never covers its words (playtest 14a: "-2" over the sub
    line "Annable · computerspe…"): beside the purse where that is bare, else on the panel's
    empty room nearest it. The rects drawn, by part ("money", "coin", "vp", "delta")."""
    if not view.delta or panel is None:
        return _draw_money(surf, lay, st, view, geo)
    # where the pill goes is decided once for a panel, a change and a money of so many digits
    # (not each frame while the coins tick: the scratch drawing is as large as the panel's reach)
    key = (id(lay), lay.size, tuple(geo["rect"]), id(st), view.seat, view.delta, view.vp, len(str(view.shown)), panel)
    if key not in _SPOTS:
        if len(_SPOTS) > 64:
            _SPOTS.clear()
        _SPOTS[key] = _spot_for(lay, st, view, geo, panel)
    spot = _SPOTS[key]
    if spot is None:        # beside the purse, where it covers nothing
        return _draw_money(surf, lay, st, view, geo)
    # the pill elsewhere: the money and VP as without it, the pill on bare room
    out = _draw_money(surf, lay, st, MoneyView(view.seat, view.shown, view.vp, 0), geo)
    out["delta"] = surf.blit(_delta_pill(lay, st, view.delta, _pill_px(lay, geo)), spot)
    return out


_SPOTS: dict[tuple[object, ...], tuple[int, int] | None] = {}


def _spot_for(lay: Layout, st: Style, view: MoneyView, geo: PanelGeometry,
              panel: PanelView) -> tuple[int, int] | None:
    """Where the money change goes when its place beside the purse covers a word (its top
    left; None: beside the purse). The money and VP as they stand and the pill drawn on a
    scratch surface, for their rects; then the bare room nearest the purse (else beside it)."""
    r = geo["rect"]
    scratch = pygame.Surface((r.right + 1, r.bottom + 1))
    out = _draw_money(scratch, lay, st, view, geo)
    pill_r = out.pop("delta")
    taken = [out[k] for k in ("money", "coin", "vp") if k in out] + words_rects(lay, st, panel, geo)
    if not any(pill_r.colliderect(t.inflate(2, 2)) for t in taken) and r.contains(pill_r):
        return None
    out = _draw_money(scratch, lay, st, MoneyView(view.seat, view.shown, view.vp, 0), geo)
    taken = [out[k] for k in ("money", "coin", "vp") if k in out] + words_rects(lay, st, panel, geo)
    size = _delta_pill(lay, st, view.delta, _pill_px(lay, geo)).get_size()
    spot = _bare_spot(lay, geo, size, out["coin"], taken, beside="vp" not in out)
    return spot if spot is not None else pill_r.topleft


def _pill_px(lay: Layout, geo: PanelGeometry) -> int:
    """The size of the money change's figures: as the header's, never under the floor."""
    return max(_floor(lay), int(geo["money"].height * (0.5 if geo["compact"] else 0.44)))


def _bare_spot(lay: Layout, geo: PanelGeometry, size: tuple[int, int], coin: pygame.Rect,
               taken: list[pygame.Rect], beside: bool) -> tuple[int, int] | None:
    """The top left of a `size` rect inside the panel that covers none of `taken` (and keeps a
    little off them), nearest the purse's coin: below it, row by row, and (`beside`: no VP on
    the purse's line, which a change of money left of it would read as) left of it on its
    line; None: no such room."""
    inner = geo["rect"].inflate(-lay.px(6), -lay.px(6))
    inner.x += lay.px(4)
    inner.width -= lay.px(4)
    w, h = size
    step = max(1, lay.px(2))
    rows = ([coin.centery - h // 2] if beside else []) + \
        list(range(coin.bottom - h // 3, inner.bottom - h + 1, step))
    keep = lay.px(4)
    best: tuple[int, tuple[int, int]] | None = None
    for y in rows:
        for x in range(min(coin.x - w - lay.px(4), inner.right - w), inner.x - 1, -step):
            r = pygame.Rect(x, y, w, h)
            if inner.contains(r) and not any(r.colliderect(t.inflate(keep, keep)) for t in taken):
                d = abs(r.centerx - coin.centerx) + 2 * abs(r.centery - coin.centery)
                if best is None or d < best[0]:
                    best = (d, (x, y))
                break
    return best[1] if best else None


def words_rects(lay: Layout, st: Style, view: PanelView, geo: PanelGeometry) -> list[pygame.Rect]:
    """Where a panel's static parts are drawn (draw_panel): the badge, the name and the start
    player's marker, the sub line at its widest, the cards or start tiles (or the note in
    their place), the figures and their counts, the barns and the bid marker."""
    h = geo["header"]
    bs = h.height
    out = [pygame.Rect(h.x, h.y, bs, bs)]
    t = name_text(lay, st, view)
    ty = h.centery - t.get_height() // 2 if geo["compact"] else h.y + lay.px(1)
    name = pygame.Rect(h.x + bs + lay.px(6), ty, t.get_width(), t.get_height())
    if view.start_player:
        name.width += lay.px(4) + int(bs * 0.5)
    out.append(name)
    room = _sub_room(lay, st, view)
    if room is not None:
        font, width = room
        sw = min(width, max([font.size(x)[0] for x in (view.sub, *view.subs)] or [0]))
        if not geo["compact"]:
            out.append(pygame.Rect(name.x, h.y + lay.px(2) + t.get_height(), sw, font.get_linesize()))
        elif geo["sub"] is not None:
            sr = geo["sub"]
            out.append(pygame.Rect(sr.x, sr.y, sw, sr.height))
    rb = geo["row_b"]
    if view.start_phase:
        out += [r for _land, r in start_tile_rects(lay, view)]
        note = "" if view.start_lands else _("all start tiles placed")
    else:
        for _cid, n, cr, tr in card_slots(lay, st, view):
            out += [cr, tr] if n > 1 else [cr]
        note = "" if view.cards else _("no cards yet")
    if note:
        nw = min(rb.width, st.font("body", _note_px(lay)).size(note)[0])
        out.append(pygame.Rect(rb.x, rb.y, nw, rb.height))
    for _kind, _count, ir, tr, _px in figure_row(lay, st, view, geo):
        out += [ir, tr]
    out += [br for _cell, br in geo["barns"]]
    out.append(geo["bid"])
    return out


def _draw_money(surf: pygame.Surface, lay: Layout, st: Style, view: MoneyView,
                geo: PanelGeometry) -> dict[str, pygame.Rect]:
    m = geo["money"]
    if geo["compact"]:
        return _draw_money_compact(surf, lay, st, view, m)
    out: dict[str, pygame.Rect] = {}
    cs = int(m.height * 0.62)
    t = st.text(str(view.shown), "number", int(m.height * 0.56), st.color("text"))
    x = m.right - t.get_width()
    out["money"] = surf.blit(t, (x, m.y))
    out["coin"] = surf.blit(pieces.coin(st, cs), (x - cs - lay.px(3), m.y + lay.px(1)))
    vp = view.vp
    if vp is not None:
        # the score in the text's own ink, not dimmed: it is what the game is won by (playtest
        # 8a: "smaller and fainter than the shilling count")
        vt = st.text(fmt("{vp} VP", vp=vp), "bold", max(_floor(lay), int(m.height * 0.4)), st.color("text"))
        out["vp"] = surf.blit(vt, (m.right - vt.get_width(), m.y + t.get_height()))
    if view.delta:
        pill = _delta_pill(lay, st, view.delta, _pill_px(lay, geo))
        out["delta"] = surf.blit(pill, (out["coin"].x - pill.get_width() - lay.px(4),
                                        out["coin"].centery - pill.get_height() // 2))
    return out


def vp_parts_order(view: PanelView) -> list[tuple[str, str]]:
    """The running VP's parts as drawn left of it, each number after the picture of what it
    counts: a card, then each majority's figure, and "=" before the VP ("[card] 8 + [pilgrim] 4
    = 12 VP"); no words, so it reads alike in every language and without colour (playtest 14a:
    "8+4 [pilgrim]" read as cryptic, the figure after the number it did not belong to).
    (kind, what): ("card", ""), ("figure", figure), ("number", digits), ("sign", "+" or "=")."""
    out: list[tuple[str, str]] = [("card", ""), ("number", str(view.vp_cards))]
    for fig, vp in view.vp_most:
        out += [("sign", "+"), ("figure", fig), ("number", str(vp))]
    return out + [("sign", "=")]


def draw_vp_parts(surf: pygame.Surface, lay: Layout, st: Style, view: PanelView,
                  drawn: dict[str, pygame.Rect], geo: PanelGeometry) -> pygame.Rect | None:
    """Where the VP comes from, left of it, when a majority is part of it: "[card] 6 + [pilgrim]
    4 =" (vp_parts_order), so that a VP that jumps when a majority changes hands says why (the
    tooltip says it in words). Left out where it would leave the money's part of the header (a
    narrow panel: the tooltip alone)."""
    vr = drawn.get("vp")
    if vr is None or not view.vp_most:
        return None
    px = max(_floor(lay), int(vr.height * 0.8))
    col = st.color("text_dim")
    icon = max(6, px)
    parts: list[pygame.Surface] = []
    for kind, what in vp_parts_order(view):     # numbers and pictures: no words to translate
        if kind == "card":
            parts.append(pieces.card_back(st, (max(4, int(icon * 0.62)), max(6, int(icon * 0.86)))))
        elif kind == "figure":
            parts.append(pieces.figure(st, what, icon))
        else:
            parts.append(st.text(what, "body", px, col))
    # a picture close to its number; the signs' own side room spaces them (as narrow as the
    # plain "6 + 4" was: the panel is no wider)
    kinds = [k for k, _w in vp_parts_order(view)]
    # and a little air on each side of a sign (playtest 18a: "3= 10 VP" read squeezed)
    gaps = [lay.px(1) if kinds[i] in ("card", "figure") else
            lay.px(1) if "sign" in (kinds[i], kinds[i + 1]) else 0 for i in range(len(parts) - 1)]
    w = sum(p.get_width() for p in parts) + sum(gaps)
    right = vr.x - lay.px(6)
    left_limit = geo["money"].x if not geo["compact"] else geo["header"].x + geo["header"].width // 3
    # never into the name (and the start player's marker beside it): "Winslow5 4" (name, money and VP run together) at sofa
    # distance in a mid window (playtest 1)
    h = geo["header"]
    name_right = h.x + h.height + lay.px(6) + name_text(lay, st, view).get_width()
    if view.start_player:
        name_right += lay.px(4) + int(h.height * 0.5)
    left_limit = max(left_limit, name_right + lay.px(8))
    if geo["compact"] and "delta" in drawn and drawn["delta"].top < vr.centery < drawn["delta"].bottom:
        right = min(right, drawn["delta"].x - lay.px(6))       # (not when it hangs under the purse)
    delta = drawn.get("delta")
    if delta is not None and pygame.Rect(right - w, vr.y, w, vr.height).colliderect(delta):
        right = min(right, delta.x - lay.px(6))     # the money change keeps its room (14a)
    if right - w < left_limit or (delta is not None and pygame.Rect(right - w, vr.y, w, vr.height).colliderect(delta)):
        return None
    x = right - w
    out = pygame.Rect(x, vr.y, w, vr.height)
    for p, g in zip(parts, gaps + [0]):
        surf.blit(p, (x, vr.centery - p.get_height() // 2))
        x += p.get_width() + g
    return out


def _note_px(lay: Layout) -> int:
    """A panel's note in its cards' row ("no cards yet"): the desk's 12 px grown with the window
    (playtest 7a: at 4K it stayed 12 px, about 10 px tall, unreadable), never under the floor."""
    return max(floor_px(lay), lay.fs(12))


def _floor(lay: Layout) -> int:
    """The smallest words here: the sofa's floor, else the desk's (12 px)."""
    return floor_px(lay)


def _delta_pill(lay: Layout, st: Style, diff: int, px: int) -> pygame.Surface:
    """"+6" and a small coin in a pill of the gain's (or loss's) colour: a change of money."""
    col = st.color("success" if diff > 0 else "error")
    t = st.text(f"{diff:+d}", "bold", px, st.color("text_on_dark"))
    cs = max(6, int(t.get_height() * 0.7))
    pad = max(2, px // 4)
    w, h = t.get_width() + cs + 3 * pad, t.get_height()
    pill = pygame.Surface((w, h), pygame.SRCALPHA)
    pygame.draw.rect(pill, col, pill.get_rect(), border_radius=h // 2)
    pill.blit(t, (pad, 0))
    pill.blit(pieces.coin(st, cs), (pad * 2 + t.get_width(), (h - cs) // 2))
    return pill


def _draw_money_compact(surf: pygame.Surface, lay: Layout, st: Style, view: MoneyView,
                        m: pygame.Rect) -> dict[str, pygame.Rect]:
    """One line: VP, then the change of money beside the purse's coin, then the money (the
    compact header of the larger UI scales and sofa distance): "13 VP  (+6 coin) coin 19"."""
    out: dict[str, pygame.Rect] = {}
    t = st.text(str(view.shown), "number", int(m.height * 0.72), st.color("text"))
    x = m.right - t.get_width()
    out["money"] = surf.blit(t, (x, m.centery - t.get_height() // 2))
    cs = int(m.height * 0.62)
    x -= cs + lay.px(3)
    out["coin"] = surf.blit(pieces.coin(st, cs), (x, m.centery - cs // 2))
    pill = _delta_pill(lay, st, view.delta, max(_floor(lay), int(m.height * 0.5))) if view.delta else None
    vp_px = max(lay.text_min, int(m.height * 0.5))
    words = fmt("{vp} VP", vp=view.vp) if view.vp is not None else ""
    beside = pill is not None and (not words or st.font("bold", vp_px).size(words)[0]
                                   <= x - pill.get_width() - lay.px(4) - lay.px(10) - m.x)
    if pill is not None and beside:
        x -= pill.get_width() + lay.px(4)
        out["delta"] = surf.blit(pill, (max(m.x, x), m.centery - pill.get_height() // 2))
    elif pill is not None:
        # no room for both on the line: the change of money hangs just under the purse, and
        # the VP keeps its place (playtest 9a: the VP vanished while "+4" showed; 7a: never
        # squeezed to "12 …")
        out["delta"] = surf.blit(pill, (m.right - pill.get_width(), max(m.bottom - pill.get_height() // 5,
                                                                         out["money"].bottom + 1)))
    if words:
        room = max(1, x - lay.px(10) - m.x)
        vt = fit_text(st, words, "bold", vp_px, st.color("text_dim"), room)
        x -= vt.get_width() + lay.px(10)
        out["vp"] = surf.blit(vt, (x, m.centery - vt.get_height() // 2))
    return out


def draw_barn_glow(surf: pygame.Surface, lay: Layout, st: Style, view: OverlayView,
                   panel: PanelView, pulse: float) -> None:
    """A barn card its owner may play now glows in his panel (and the barn on the board)."""
    if not view.barn_glow:
        return
    c = pygame.Color(st.color("gold"))
    for cell, r in geometry(lay, panel.seat, panel.barn_cells)["barns"]:
        if cell in view.barn_glow:
            alpha = 255 if cell == view.barn_picked else int(120 + 120 * pulse)
            alpha_rect(surf, (c.r, c.g, c.b, alpha), r.inflate(lay.px(4), lay.px(4)),
                       lay.px(4), lay.px(2))
