"""What is under the pointer, and what the table says about it (its tooltip).

`hit_test` reads only the layout rectangles and the views that placed things there;
`tooltip` asks the interaction (the engine's legal actions and refusals) what a click
would do, and falls back on the context help.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import pygame

import ne_game.ui.scenes.table.draw.chrome as chrome
import ne_game.ui.scenes.table.draw.panels as panels
import ne_game.ui.scenes.table.draw.recap_strip as recap_strip
from ne_game.i18n import _, fmt, nfmt
from ne_game.rules import of_kind
from ne_game.ui.scenes.table.draw.gfx import Style
from ne_game.ui.scenes.table.draw.layout import Layout
from ne_game.ui.scenes.table.draw.offer_view import slot_rects
from ne_game.ui.scenes.table.model.facts import Facts
from ne_game.ui.scenes.table.model.geometry import cell_name, cells_name
from ne_game.ui.scenes.table.model.interaction import Interaction, Preview
from ne_game.ui.scenes.table.model.view_model import Button, StaticView, bid_words
from ne_game.ui.text import help as context_help
from ne_game.ui.text.words import card_name, figure_title, sentence

Hit = tuple[str, Any]


def hit_test(pos: tuple[int, int], lay: Layout, st: Style, view: StaticView, facts: Facts,
             buttons: tuple[Button, ...], button_rects: list[pygame.Rect]) -> Hit | None:
    """("menu", None) | ("button", id) | ("bid", v) | ("reveal", src) | ("slot", n) | ("barn", cell) |
    ("pcard", (seat, card, n)) | ("panel", seat) | ("cell", cell) | None."""
    if view.menu is not None and chrome.menu_rect(lay, st, view.menu).collidepoint(pos):
        return ("menu", None)
    for b, r in zip(buttons, button_rects):
        if r.collidepoint(pos):
            return ("button", b.id)
    for v, r in enumerate(lay.bid_slots, start=1):
        if r.collidepoint(pos):
            return ("bid", v)
    if lay.bag_rect.collidepoint(pos):
        return ("reveal", "land")
    if lay.deck_rect.collidepoint(pos):
        return ("reveal", "card")
    if lay.offer_rect.collidepoint(pos):
        for slot, r in slot_rects(lay, view.offer.slots).items():
            if r.collidepoint(pos):
                return ("slot", slot)
    seat = facts.seat
    if seat is not None and lay.panels[seat].collidepoint(pos):
        pv = view.panels[seat]
        for barn, r in panels.geometry(lay, seat, pv.barn_cells)["barns"]:
            if r.collidepoint(pos):
                return ("barn", barn)
    for i, pr in enumerate(lay.panels):
        if pr.collidepoint(pos):
            pv = view.panels[i]
            if facts.phase == "start_tiles" and i == seat:
                for land, r in panels.start_tile_rects(lay, pv):
                    if r.collidepoint(pos):
                        return ("button", f"land_{land}")
            if facts.phase != "start_tiles":
                for cid, n, cr, _ in panels.card_slots(lay, st, pv):
                    if cr.collidepoint(pos):
                        return ("pcard", (i, cid, n))
            return ("panel", i)
    if view.log.recap is not None and lay.log_rect.collidepoint(pos):
        # a row of the recap's pictures: its tooltip says the row in words
        for placed in recap_strip.recap_layout(lay, st, view.log.recap)[1]:
            if placed.rect.collidepoint(pos):
                return ("recap", placed.row.words)
    cell = lay.cell_at(pos)
    if cell is not None:
        return ("cell", cell)
    if lay.action_bar.collidepoint(pos):
        return ("prompt", None)         # its tooltip: the whole instruction, where the bar shows less
    return None


def hit_rect(hit: Hit | None, lay: Layout, st: Style, view: StaticView, buttons: tuple[Button, ...],
             button_rects: list[pygame.Rect], preview_cells: tuple[tuple[int, int], ...] = ()) -> pygame.Rect | None:
    """The rectangle of the thing `hit` names (its tooltip stays clear of it), or None."""
    if hit is None:
        return None
    kind, what = hit
    if kind == "menu":
        return chrome.menu_rect(lay, st, view.menu)
    if kind == "button":
        for b, r in zip(buttons, button_rects):
            if b.id == what:
                return r
        if str(what).startswith("land_"):
            for pv in view.panels:
                for land, r in panels.start_tile_rects(lay, pv):
                    if f"land_{land}" == what:
                        return r
        return None
    if kind == "bid":
        return lay.bid_slots[int(what) - 1]
    if kind == "reveal":
        return lay.bag_rect if what == "land" else lay.deck_rect
    if kind == "slot":
        return slot_rects(lay, view.offer.slots).get(what)
    if kind == "barn":
        for pv in view.panels:
            for barn, r in panels.geometry(lay, pv.seat, pv.barn_cells)["barns"]:
                if barn == what:
                    return r
        return None
    if kind == "pcard":
        seat, cid, _n = what
        for card, _count, cr, _label in panels.card_slots(lay, st, view.panels[seat]):
            if card == cid:
                return cr
        return None
    if kind == "panel":
        return lay.panels[what]
    if kind == "recap" and view.log.recap is not None:
        for placed in recap_strip.recap_layout(lay, st, view.log.recap)[1]:
            if placed.row.words == what:
                return placed.rect
        return None
    if kind == "cell":
        # what is placed there: the preview's cells, else every tile it could be part of
        return lay.cells_rect(preview_cells) if preview_cells else lay.cell_rect(*what).inflate(2 * lay.cell, 2 * lay.cell)
    return None


def tooltip(hit: Hit | None, pos: tuple[int, int], lay: Layout, facts: Facts,
            inter: Interaction | None, human_turn: bool, preview: Preview | None,
            buttons: tuple[Button, ...], targets: Mapping[str, set[tuple[int, int]]], dragging: bool,
            prompt: str = "") -> str:
    """The words for the pointer's place: the table's own (a reason from the engine, what
    a click does), else the context help; over the action bar, `prompt`: its details in full
    (the bar may show only their first sentences)."""
    text = ""
    if hit and hit[0] == "recap":
        return str(hit[1])
    if hit and hit[0] == "menu":
        return _("The menu: save the game, read the rules, change the settings or quit.")
    if hit and hit[0] == "prompt":
        return prompt
    if hit and hit[0] == "pcard":
        seat, cid, n = hit[1]
        spec = facts.rs.cards.get(cid)
        if spec is None:
            what = cid
        elif spec.figure is not None:
            what = fmt("{figure} card: {vp} VP", figure=figure_title(spec.figure), vp=spec.vp)
        else:
            what = fmt("{card}: {vp} VP", card=card_name(cid), vp=spec.vp)
        if n > 1:
            return fmt("{name}: {card}, ×{count}", name=facts.seat_name(seat), card=what, count=n)
        return fmt("{name}: {card}", name=facts.seat_name(seat), card=what)
    if inter is not None and human_turn and hit is not None:
        text = _own(hit, facts, inter, preview, buttons, targets)
    # shown alone: a sentence (a button's reason is written in lower case, as a fragment)
    return sentence(_with_help(text, hit, pos, lay, facts, dragging))


def _own(hit: Hit, facts: Facts, inter: Interaction, preview: Preview | None,
         buttons: tuple[Button, ...], targets: Mapping[str, set[tuple[int, int]]]) -> str:
    kind, what = hit
    phase = facts.phase
    if kind == "cell":
        if preview is not None and preview.action is None and preview.reason:
            why = preview.reason
            name = cell_name(what)
            return why if name in why else fmt("{cell}: {reason}", cell=name, reason=why)
        if preview is None:
            return _cell_info(what, inter, targets)
        if preview.kind == "pick":
            return _("Picked up: choose a glowing tile to move it there (a mouse can also drag it).")
        if preview.kind == "develop" and preview.action is not None:
            n = len(inter.fits_at(what))
            cells = cells_name(preview.cells)
            if n > 1:
                return nfmt("Here: develop {cells}. {n} fit covers this parcel.",
                            "Here: develop {cells}. {n} fits cover this parcel: turning shows "
                            "the others.", n, cells=cells)
            return fmt("Here: develop {cells}.", cells=cells)
        return ""
    if kind == "button":
        b = next((b for b in buttons if b.id == what), None)
        return b.reason if b is not None else ""
    if kind == "bid" and phase == "bids":
        legal = {a["value"] for a in of_kind(inter.legal, "take_bid")}
        if what in legal:
            return bid_words(facts, what, inter.armed == ("bid", what))
        return inter.reason({"type": "take_bid", "value": what})
    if kind == "slot" and phase == "buying":
        if what in inter.selectable_slots():
            return _("pick this item, then choose where it goes")
        if facts.offer_item(what) is not None:
            return inter.slot_reason(what)
        return ""
    if kind == "reveal" and phase == "buying":
        a = {"type": "reveal_extra", "source": what}
        if inter.legal_match(a):
            return (_("Ship majority: choose the bag to reveal one extra land tile into the offer")
                    if what == "land" else
                    _("Ship majority: choose the deck to reveal one extra card into the offer"))
        return (fmt("Reveal an extra land tile from the bag: {reason}", reason=inter.reason(a))
                if what == "land" else
                fmt("Reveal an extra card from the deck: {reason}", reason=inter.reason(a)))
    if kind == "barn":
        if any(inter.tkey(what) == inter.tkey(b) for b in inter.stored_barns()):
            return _("Play the card stored in this barn (free). A card still stored in a barn when the "
                     "game ends scores nothing.")
    return ""


def _cell_info(cell: tuple[int, int], inter: Interaction, targets: Mapping[str, set[tuple[int, int]]]) -> str:
    """A hover hint over the board when nothing is picked."""
    if any(inter.tkey(cell) == inter.tkey(c) for c in targets.get("movable", set())):
        return fmt("{cell}: choose this figure, then its new tile (a mouse can also drag it there)",
                   cell=cell_name(cell))
    if any(inter.tkey(cell) == inter.tkey(c) for c in targets.get("stored", set())):
        return fmt("{cell}: choose this barn to play the card stored in it", cell=cell_name(cell))
    if (inter.phase == "start_tiles" and cell not in targets.get("place", set())
            and inter.pos.tile_at(cell) is None):
        # shaded ground under the keyboard's ring: why not, not only "free" (playtest 19a)
        return fmt("{cell}: the start tile does not fit here: too near another start tile, or no "
                   "room for it the way it is turned", cell=cell_name(cell))
    return ""


def _with_help(text: str, hit: Hit | None, pos: tuple[int, int], lay: Layout, facts: Facts,
               dragging: bool) -> str:
    """Where the table has no tooltip of its own: what is here and what it does now."""
    if pos[0] < 0 or dragging:
        return text
    about_item = bool(hit and hit[0] == "slot")   # say what it is, then how
    if not text or about_item:
        what = context_help.explain(facts, lay, pos)
        if what and text:
            # the reason may be a fragment ("empty slot") or already a whole sentence (an
            # engine refusal: "You have already bought 2 items this turn."): one full stop
            what = f"{what} {text[:1].upper()}{text[1:]}{'' if ends_sentence(text) else '.'}"
        return what or text
    return text


def ends_sentence(text: str) -> bool:
    """`text` ends with its own closing punctuation (a full stop, ?, ! or …), closing quotes aside."""
    return text.rstrip().rstrip("\"'»”)\u00a0\u202f ").endswith((".", "!", "?", "…"))

