"""The offer column: bag and deck (with counts), slots 0..8 and the extra slots."""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from . import pieces
from .gfx import alpha_rect, blit_center, fit_text, shade

if TYPE_CHECKING:  # pragma: no cover
    from .scene import TableScene


def slot_rects(scene: "TableScene") -> dict[int, pygame.Rect]:
    """Rect per slot number; slots 0..8 always have a row, extras follow."""
    slots = [o["slot"] for o in scene.snap.get("offer", [])]
    n = max([9] + [s + 1 for s in slots])
    rects = scene.lay.offer_slot_rects(n)
    return {i: rects[i] for i in range(n)}


def item_image_rect(scene: "TableScene", row: pygame.Rect, kind: str) -> pygame.Rect:
    lay = scene.lay
    h = row.height - lay.px(6)
    w = h if kind == "land" else int(h * 0.72)
    return pygame.Rect(row.x + lay.px(26), row.y + lay.px(3), w, h)


def draw_offer(scene: "TableScene", surf: pygame.Surface) -> None:
    st, lay, snap = scene.style, scene.lay, scene.snap
    # Bag and deck with counts.
    for rect, count, label, is_bag in ((lay.bag_rect, snap.get("bag_count", 0), "bag", True),
                                      (lay.deck_rect, snap.get("deck_count", 0), "deck", False)):
        pygame.draw.rect(surf, st.color("panel_dark"), rect, border_radius=lay.px(6))
        warn = scene.stock_low(is_bag)
        col = st.color("error") if warn else st.color("text_on_dark")
        t = st.text(str(count), "number", int(rect.height * 0.42), col)
        # The picture gives way (a little) so that the count stays inside the box.
        s = rect.height - lay.px(10)
        aspect = 1.0 if is_bag else 0.78
        room = rect.width - lay.px(12) - t.get_width()
        s = max(4, min(s, int(room / aspect)))
        img = pieces.bag(st, s) if is_bag else pieces.deck(st, (int(s * 0.78), s))
        surf.blit(img, (rect.x + lay.px(5), rect.y + (rect.height - s) // 2))
        tx = rect.x + lay.px(10) + img.get_width()
        t = fit_text(st, str(count), "number", int(rect.height * 0.42), col,
                     rect.right - tx - lay.px(1))
        surf.blit(t, (tx, rect.y + lay.px(4)))
        t2 = fit_text(st, "land tiles" if is_bag else "cards", "body", lay.px(11),
                      st.color("text_dim_on_dark"), rect.right - tx - lay.px(2))
        surf.blit(t2, (tx, rect.y + lay.px(6) + t.get_height()))
    head = pygame.Rect(lay.offer_rect.x, lay.bag_rect.bottom + lay.px(2), lay.offer_rect.width,
                       lay.px(24))
    price = scene.current_price()
    label = "Offer" + (f" · {price} shillings each" if price else "")
    t = fit_text(st, label, "heading", lay.px(19), st.color("title_text"), head.width)
    surf.blit(t, (head.x, head.centery - t.get_height() // 2))

    items = {o["slot"]: o["item"] for o in snap.get("offer", [])}
    hidden = scene.anim.hidden
    selectable = scene.selectable_slots
    sel = scene.inter.sel if scene.inter else None
    for slot, row in slot_rects(scene).items():
        kind_bg = "panel" if slot < 9 else "panel_active"
        item = items.get(slot)
        base_col = st.color(kind_bg) if item else shade(st.color("panel_dark"), 1.1)
        pygame.draw.rect(surf, base_col, row, border_radius=lay.px(6))
        num_col = st.color("text_dim") if item else st.color("text_dim_on_dark")
        tag = str(slot + 1) if slot < 9 else "+"
        nt = st.text(tag, "bold", lay.px(13), num_col)
        blit_center(surf, nt, (row.x + lay.px(13), row.centery))
        if not item:
            hint = "land" if slot < 3 else ("land or card" if slot < 6 else "card")
            if slot < 9:
                ht = st.text(hint, "body", lay.px(11), shade(st.color("text_dim_on_dark"), 0.8))
                surf.blit(ht, (row.x + lay.px(28), row.centery - ht.get_height() // 2))
            continue
        if ("slot", slot) in hidden:
            continue
        ir = item_image_rect(scene, row, item["kind"])
        if item["kind"] == "land":
            surf.blit(pieces.land_tile(st, item["land"], False, ir.height), ir)
            # An outline keeps a dark tile readable on a dark row (high-contrast theme).
            pygame.draw.rect(surf, st.color("panel_border"), ir, 1, border_radius=lay.px(3))
            title = item["land"].capitalize()
            sub = "land tile"
        else:
            surf.blit(pieces.card(st, item["card"], ir.size, scene.cards), ir)
            info = scene.cards.get(item["card"], {})
            if info.get("figure"):
                title = f"{item['card'].capitalize()}"
                sub = f"figure card · {info.get('vp', 1)} VP"
            else:
                title = f"{info.get('land', '').capitalize()} {item['card']}"
                sub = f"{len(info.get('pattern', '').replace('/', '').replace('.', ''))} parcels" \
                      f" · {info.get('vp', '?')} VP"
        tx = ir.right + lay.px(8)
        tw = row.right - tx - lay.px(4)
        t1 = fit_text(st, title, "bold", min(lay.px(15), int(row.height * 0.4)),
                      st.color("text"), tw)
        t2 = fit_text(st, sub, "body", min(lay.px(12), int(row.height * 0.3)),
                      st.color("text_dim"), tw)
        ty = row.centery - (t1.get_height() + t2.get_height()) // 2
        surf.blit(t1, (tx, ty))
        surf.blit(t2, (tx, ty + t1.get_height()))
        buying = scene.human_turn and snap.get("phase") == "buying"
        if buying and slot not in selectable:
            alpha_rect(surf, (40, 44, 50, 150), row, lay.px(6))
        if sel is not None and sel.kind == "slot" and sel.slot == slot:
            pygame.draw.rect(surf, st.color("gold"), row.inflate(lay.px(4), lay.px(4)),
                             lay.px(3), border_radius=lay.px(8))


def draw_offer_overlay(scene: "TableScene", surf: pygame.Surface, pulse: float) -> None:
    """Hover and AI-choice highlights on offer rows."""
    st, lay = scene.style, scene.lay
    rects = slot_rects(scene)
    hot = scene.hover
    if hot and hot[0] == "slot" and hot[1] in rects and scene.human_turn:
        ok = hot[1] in scene.selectable_slots
        col = st.color("highlight_hover" if ok else "highlight_illegal")
        pygame.draw.rect(surf, col, rects[hot[1]], lay.px(2), border_radius=lay.px(6))
    if scene.ai_show_slot is not None and scene.ai_show_slot in rects:
        c = pygame.Color(st.color("gold"))
        r = rects[scene.ai_show_slot].inflate(lay.px(6), lay.px(6))
        alpha_rect(surf, (c.r, c.g, c.b, int(120 + 100 * pulse)), r, lay.px(8), lay.px(4))


def draw_reveal_overlay(scene: "TableScene", surf: pygame.Surface, pulse: float) -> None:
    """The bag and the deck glow when the ship majority lets this player reveal from them."""
    st, lay = scene.style, scene.lay
    if not (scene.human_turn and scene.inter and scene.snap.get("phase") == "buying"):
        return
    legal = {a["source"] for a in scene.inter.by_type("reveal_extra")}
    hot = scene.hover
    for src, rect in (("land", lay.bag_rect), ("card", lay.deck_rect)):
        if src in legal:
            c = pygame.Color(st.color("gold"))
            alpha_rect(surf, (c.r, c.g, c.b, int(140 + 110 * pulse)), rect.inflate(lay.px(4), lay.px(4)),
                       lay.px(8), lay.px(3))
        if hot == ("reveal", src):
            col = st.color("highlight_hover" if src in legal else "highlight_illegal")
            pygame.draw.rect(surf, col, rect, lay.px(2), border_radius=lay.px(6))
