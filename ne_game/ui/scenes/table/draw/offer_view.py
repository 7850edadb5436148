"""The offer column: bag and deck (with counts), slots 0..8 and the extra slots."""
from __future__ import annotations

import pygame

import ne_game.ui.scenes.table.draw.pieces as pieces
from ne_game.i18n import _, nfmt, ngettext, pgettext
from ne_game.rules import Ruleset
from ne_game.ui.scenes.table.draw.gfx import Style, alpha_rect, blit_center, fit_text, shade
from ne_game.ui.scenes.table.draw.layout import Layout
from ne_game.ui.scenes.table.draw.text_floor import fit_floor, floor_px
from ne_game.ui.scenes.table.model.view_model import OfferView, OverlayView


def slot_rects(lay: Layout, slots: tuple[int, ...] | list[int]) -> dict[int, pygame.Rect]:
    """Rect per slot number (`slots`: those in the offer now); slots 0..8 always have a
    row, extras follow."""
    n = max([9] + [s + 1 for s in slots])
    rects = lay.offer_slot_rects(n)
    return {i: rects[i] for i in range(n)}


def item_image_rect(lay: Layout, row: pygame.Rect, kind: str) -> pygame.Rect:
    h = row.height - lay.px(6)
    w = h if kind == "land" else int(h * 0.72)
    return pygame.Rect(row.x + lay.px(26), row.y + lay.px(3), w, h)


def draw_offer(surf: pygame.Surface, lay: Layout, st: Style, view: OfferView,
               rs: Ruleset) -> None:
    # Bag and deck with counts.
    for rect, count, _label, is_bag in ((lay.bag_rect, view.bag_count, "bag", True),
                                      (lay.deck_rect, view.deck_count, "deck", False)):
        pygame.draw.rect(surf, st.color("panel_dark"), rect, border_radius=lay.px(6))
        warn = view.stock_low
        col = st.color("error") if warn else st.color("text_on_dark")
        t = st.text(str(count), "number", int(rect.height * 0.42), col)
        # The picture gives way (a little) so that the count stays inside the box.
        s = rect.height - lay.px(10)
        aspect = 1.0 if is_bag else 0.78
        # a short word under the count (the picture shows bag or deck): "in zakje", "au sac"
        words = pgettext("bag count", "tiles") if is_bag else pgettext("deck count", "cards")
        label_px = max(floor_px(lay), lay.fs(11))      # never below the text floor (text_floor.py)
        label_w = st.font("body", label_px).size(words)[0]
        room = rect.width - lay.px(14) - max(t.get_width(), label_w)
        # ...but never below 60 % of its size (a long French word shrinks instead: "dans la pioche")
        s = max(4, int(s * 0.6), min(s, int(room / aspect)))
        img = pieces.bag(st, s) if is_bag else pieces.deck(st, (int(s * 0.78), s))
        surf.blit(img, (rect.x + lay.px(5), rect.y + (rect.height - s) // 2))
        tx = rect.x + lay.px(10) + img.get_width()
        t = fit_text(st, str(count), "number", int(rect.height * 0.42), col,
                     rect.right - tx - lay.px(1))
        surf.blit(t, (tx, rect.y + lay.px(4)))
        room_w = rect.right - tx - lay.px(2)
        if st.font("body", label_px).size(words)[0] > room_w:
            continue      # a word that does not fit at the floor is left to the picture
        t2 = fit_text(st, words, "body", label_px, st.color("text_dim_on_dark"), room_w)
        surf.blit(t2, (tx, rect.y + lay.px(6) + t.get_height()))
    head = pygame.Rect(lay.offer_rect.x, lay.bag_rect.bottom + lay.px(2), lay.offer_rect.width,
                       max(lay.px(24), lay.offer_slots_rect.y - lay.bag_rect.bottom - lay.px(4)))
    price = view.price
    label = nfmt("Offer · {n} shilling each", "Offer · {n} shillings each", price) if price else _("Offer")
    t = fit_text(st, label, "heading", lay.fs(19), st.color("title_text"), head.width)
    surf.blit(t, (head.x, head.centery - t.get_height() // 2))

    items = {i.slot: i for i in view.items}
    for slot, row in slot_rects(lay, view.slots).items():
        kind_bg = "panel" if slot < 9 else "panel_active"
        item = items.get(slot)
        base_col = st.color(kind_bg) if item else shade(st.color("panel_dark"), 1.1)
        pygame.draw.rect(surf, base_col, row, border_radius=lay.px(6))
        num_col = st.color("text_dim") if item else st.color("text_dim_on_dark")
        tag = str(slot + 1) if slot < 9 else "+"
        nt = st.text(tag, "bold", lay.fs(13), num_col)
        blit_center(surf, nt, (row.x + lay.px(13), row.centery))
        if not item:
            hint = _("land") if slot < 3 else (_("land or card") if slot < 6 else ngettext("card", "cards", 1))
            if slot < 9:
                ht = fit_floor(st, hint, "body", max(floor_px(lay), lay.fs(11)),
                               shade(st.color("text_dim_on_dark"), 0.8), row.right - row.x - lay.px(32), floor_px(lay))
                surf.blit(ht, (row.x + lay.px(28), row.centery - ht.get_height() // 2))
            continue
        if slot in view.hidden:
            continue
        ir = item_image_rect(lay, row, item.kind)
        if item.kind == "land":
            assert item.land is not None   # a land row always names its land
            surf.blit(pieces.land_tile(st, item.land, False, ir.height), ir)
            # An outline keeps a dark tile readable on a dark row (high-contrast theme).
            pygame.draw.rect(surf, st.color("panel_border"), ir, 1, border_radius=lay.px(3))
        else:
            assert item.card is not None   # a card row always names its card
            surf.blit(pieces.card(st, item.card, ir.size, rs), ir)
        title, sub = item.title, item.sub
        tx = ir.right + lay.px(8)
        tw = row.right - tx - lay.px(4)
        # at sofa distance the row's words keep the sofa's floor (the rows are tall enough)
        t1 = fit_floor(st, title, "bold", max(floor_px(lay), min(lay.px(15), int(row.height * 0.4))),
                       st.color("text"), tw, floor_px(lay))
        sub_px = max(floor_px(lay), min(lay.px(12), int(row.height * 0.3)))
        if item.short and st.font("body", sub_px).size(sub)[0] > tw:
            sub = item.short      # a narrow row (large text) says the points alone
        t2 = fit_text(st, sub, "body", sub_px,
                      st.color("text_dim"), tw)
        ty = row.centery - (t1.get_height() + t2.get_height()) // 2
        surf.blit(t1, (tx, ty))
        surf.blit(t2, (tx, ty + t1.get_height()))
        if slot in view.greyed:
            alpha_rect(surf, (40, 44, 50, 150), row, lay.px(6))
        if view.selected == slot:
            pygame.draw.rect(surf, st.color("gold"), row.inflate(lay.px(4), lay.px(4)),
                             lay.px(3), border_radius=lay.px(8))


def draw_offer_overlay(surf: pygame.Surface, lay: Layout, st: Style, view: OverlayView,
                       slots: tuple[int, ...], pulse: float) -> None:
    """Hover and AI-choice highlights on offer rows."""
    rects = slot_rects(lay, slots)
    hot = view.hover_slot
    if hot is not None and hot[0] in rects:
        col = st.color("highlight_hover" if hot[1] else "highlight_illegal")
        pygame.draw.rect(surf, col, rects[hot[0]], lay.px(2), border_radius=lay.px(6))
    if view.ai_slot is not None and view.ai_slot in rects:
        c = pygame.Color(st.color("gold"))
        r = rects[view.ai_slot].inflate(lay.px(6), lay.px(6))
        alpha_rect(surf, (c.r, c.g, c.b, int(120 + 100 * pulse)), r, lay.px(8), lay.px(4))


def draw_reveal_overlay(surf: pygame.Surface, lay: Layout, st: Style, view: OverlayView,
                        pulse: float) -> None:
    """The bag and the deck glow when the ship majority lets this player reveal from them."""
    if not view.reveal_active:
        return
    legal = view.reveal_legal
    hot = ("reveal", view.hover_reveal[0]) if view.hover_reveal else None
    for src, rect in (("land", lay.bag_rect), ("card", lay.deck_rect)):
        if src in legal:
            c = pygame.Color(st.color("gold"))
            alpha_rect(surf, (c.r, c.g, c.b, int(140 + 110 * pulse)), rect.inflate(lay.px(4), lay.px(4)),
                       lay.px(8), lay.px(3))
        if hot == ("reveal", src):
            col = st.color("highlight_hover" if src in legal else "highlight_illegal")
            pygame.draw.rect(surf, col, rect, lay.px(2), border_radius=lay.px(6))
