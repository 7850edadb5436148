"""Context help: what the element under the pointer is, and what it does now.

The table asks `explain(facts, lay, pos)` when it has no tooltip of its own for a place
(its own tooltips, the engine's reasons for a refused target, come first). Words come
from assets/data/help.toml; the facts (prices, counts, owners, what a card develops)
come from the position (`table.facts.Facts`) and the game data, the places from the
table's layout. Read-only.
"""
from __future__ import annotations

import logging
from collections import Counter
from functools import lru_cache
from typing import TYPE_CHECKING

from ne_game.game import data_caches
from ne_game.game.gamedata import read_toml
from ne_game.i18n import _, data_text, fmt, nfmt, pgettext
from ne_game.rules import DataError
from ne_game.storage.paths import resource_path

if TYPE_CHECKING:  # pragma: no cover
    from ne_game.ui.scenes.table.draw.layout import Layout
    from ne_game.ui.scenes.table.model.facts import Facts

log = logging.getLogger(__name__)

HELP_FILE = ("assets", "data", "help.toml")


def ordinal(n: int) -> str:
    """The buying order as help.toml's bid_held text needs it ("buys {place}"): one whole
    word per rank, so French can say "première" (la position) and Dutch "eerste"."""
    return {1: pgettext("buying order", "first"), 2: pgettext("buying order", "second"),
            3: pgettext("buying order", "third"), 4: pgettext("buying order", "fourth")}.get(
        n, fmt("number {n}", n=n))


def phase_help(phase: str | None) -> str:
    """The phase as help.toml's status text needs it ("Round 2, {phase}.")."""
    return {"start_tiles": pgettext("help phase", "start rounds: each player places a start tile in turn"),
            "offer": pgettext("help phase", "the offer: the start player announces 3 to 6 land tiles"),
            "bids": pgettext("help phase", "the bids: each player takes a bid marker"),
            "buying": pgettext("help phase", "buying: highest bid first, up to two items each"),
            "game_over": pgettext("help phase", "the game is over")}.get(phase or "", "")


@data_caches.register
@lru_cache(maxsize=1)
def texts() -> dict[str, str]:
    """key -> text; a missing or broken file gives no help rather than a crash."""
    try:
        data = read_toml(resource_path(*HELP_FILE))
    except DataError:
        return {}
    return {k: str(v.get("text", "")) for k, v in data.items() if isinstance(v, dict)}


def say(key: str, **facts: object) -> str:
    """help.toml's text for `key` in the player's language (looked up now, so a language
    switch applies at once), filled with the facts."""
    text = data_text(texts().get(key, ""))
    try:
        return text.format(**facts)
    except (KeyError, IndexError, ValueError):
        return text


def explain(facts: Facts, lay: Layout, pos: tuple[int, int]) -> str:
    """Help for the element at `pos` on the table, or "" when there is none."""
    try:
        return sentence(_explain(facts, lay, pos))     # shown alone: a sentence
    except (KeyError, IndexError, TypeError, ValueError) as err:   # a nicety: never disturb the game
        log.warning("no help at %s: %r", pos, err)
        return ""


def _explain(t: Facts, lay: Layout, pos: tuple[int, int]) -> str:
    from ne_game.ui.scenes.table.draw.offer_view import slot_rects
    from ne_game.ui.scenes.table.model.geometry import cell_name

    pos_now = t.pos
    price = t.current_price()
    price_text = (" " + nfmt("Price now: {n} shilling.", "Price now: {n} shillings.", price)
                  if price is not None else "")
    if lay.status_rect.collidepoint(pos):
        seat = t.seat
        who = fmt("{name} decides now.", name=t.seat_name(seat)) if seat is not None else ""
        return say("status", round=pos_now.round, phase=phase_help(t.phase), who=who)
    for v, r in enumerate(lay.bid_slots, start=1):
        if r.collidepoint(pos):
            return _bid(t, v)
    if lay.bag_rect.collidepoint(pos):
        return say("bag", count=pos_now.bag_count)
    if lay.deck_rect.collidepoint(pos):
        return say("deck", count=pos_now.deck_count)
    if lay.offer_rect.collidepoint(pos):
        for slot, r in slot_rects(lay, [o.slot for o in pos_now.offer]).items():
            if r.collidepoint(pos):
                return _slot(t, slot, price_text)
        return ""
    for seat, r in enumerate(lay.panels):
        if r.collidepoint(pos) and seat < pos_now.n:
            return _panel(t, seat)
    if lay.log_rect.collidepoint(pos):
        return say("log")
    cell = lay.cell_at(pos)
    if cell is not None:
        tile = pos_now.tile_at(cell)
        if tile is None:
            coast = " " + _("On the coast: ships may stand here.") if t.is_coast(cell) else ""
            return say("parcel_free", cell=cell_name(cell), coast=coast)
        return say("tile", owner=t.seat_name(tile.owner), land=land_word(tile.land),
                   kind=(pgettext("help tile", "start tile (two parcels, one tile)") if tile.start
                         else pgettext("help tile", "tile")),
                   cells="-".join(cell_name(c) for c in sorted(tile.cells)),
                   state=_tile_state(t, tile.developed, tile.figure),
                   figure=_figure_here(t, tile.figure) if tile.figure else "")
    return ""


def _tile_state(t: Facts, developed: bool, figure: str | None) -> str:
    """Whether a card can still develop the tile: never under a figure that never moves (a
    barn), only once a movable figure has left (the rules: land under a figure is not developed)."""
    if developed:
        return _("developed (its card scored)")
    if figure and not t.rs.figure(figure).movable:
        return _("undeveloped, and it stays so: the figure on it never moves, and no card develops land under a figure")
    if figure:
        return _("undeveloped: a land-use card can develop it once the figure on it has moved away")
    return _("undeveloped: a land-use card can still develop it")


def _figure_here(t: Facts, fig: str) -> str:
    """What a figure standing on a tile does: its own help text, or the data's facts of a
    figure the help file does not describe."""
    if f"figure_{fig}" in texts():
        return say(f"figure_{fig}")
    spec = t.rs.figure(fig)
    return say("figure_generic", a_figure=a_figure(fig), moves=say("figure_moves") if spec.movable else "")


def _bid(t: Facts, v: int) -> str:
    players = t.pos.players
    holder = next((s for s, p in enumerate(players) if p.bid == v), None)
    if holder is None:
        return say("bid_free", value=v)
    order = t.pos.buy_order
    if order and holder in order:
        # buying has begun: the holder's place in the whole round's order, counting the
        # buyers who already bought and returned their markers
        place = ordinal(order.index(holder) + 1)
    else:
        bids = sorted((p.bid for p in players if p.bid), reverse=True)
        place = ordinal(bids.index(v) + 1)
    return say("bid_held", value=v, name=t.seat_name(holder), place=place)


def _slot(t: Facts, slot: int, price_text: str) -> str:
    item = t.offer_item(slot)
    rs = t.rs
    if item is None:
        land_only, card_only = rs.land_only_slots, rs.offer_slots - rs.card_only_slots
        takes = (_("land tiles only") if slot < land_only else
                 (_("a land tile or a card") if slot < card_only else _("cards only")))
        if slot >= rs.offer_slots:
            # ties count (rules §4.3): any player with as many ships as anyone may reveal it
            takes = _("an extra item, revealed by a player with as many ships as anyone")
        return say("slot_empty", number=slot + 1, takes=takes)
    if item.kind == "land":
        land = item.land or ""
        return say("slot_land", Land=land_title(land), land=land_word(land), price=price_text)
    cid = item.card or ""
    spec = rs.cards.get(cid)
    if spec is not None and spec.figure is not None:
        fig = spec.figure
        if f"slot_{fig}" in texts():
            return say(f"slot_{fig}", price=price_text)
        fs = rs.figure(fig)
        return say("slot_figure", title=figure_title(fig), vp=spec.vp, a_figure=a_figure(fig),
                   figures=figure_name(fig, 2), majority=fs.majority_vp,
                   coast=say("figure_coast") if fs.coastal_only else "", price=price_text)
    name = card_name(cid)
    return say("slot_use_card", id=name[:1].upper() + name[1:], parcels=spec.parcels if spec else 0,
               land=land_word(spec.land if spec else None), vp=spec.vp if spec else "?", price=price_text)


def _panel(t: Facts, seat: int) -> str:
    p = t.pos.players[seat]
    counts = t.figure_counts(seat)
    figures = ", ".join(fmt("{n} {figures}", n=counts.get(f, 0), figures=figure_name(f, counts.get(f, 0)))
                        for f in t.rs.figure_order)
    figures = figures[:1].upper() + figures[1:]
    bid = (fmt("Holds bid marker {value}: pays {value} per item.", value=p.bid) + " " if p.bid else "")
    barns = ""
    if p.barns:
        full = sum(1 for b in p.barns if b.card)
        barns = nfmt("{full} of {n} barn holds a card (face down).", "{full} of {n} barns hold a card (face down).",
                     len(p.barns), full=full)
    held = Counter(p.cards)
    cards = ", ".join(fmt("{card} ×{count}", card=_card_name(t, cid), count=k) if k > 1 else _card_name(t, cid)
                      for cid, k in held.items()) or _("none yet")
    name, family = t.seat_name(seat), t.rs.family_names.get(p.family, p.family)
    if name == family:      # a player named after the family: "Winslow (family Winslow)", not twice the same
        family = fmt("family {family}", family=family)
    return say("panel", name=name, family=family,
               money=p.money, vp=t.vp[seat], vp_parts=vp_parts(t, seat), figures=figures, bid=bid, barns=barns,
               cards=cards)


def vp_parts(t: Facts, seat: int) -> str:
    """Where a running VP comes from when a majority is part of it: ' (6 from cards, 4 for the
    most pilgrims)'; nothing when the cards alone make it (a majority changing hands then
    explains the jump). From the engine's scoring facts, never recounted here."""
    most = t.vp_majorities[seat] if seat < len(t.vp_majorities) else ()
    if not most:
        return ""
    parts = [nfmt("{n} for the most {figures}", "{n} for the most {figures}", vp, figures=figure_name(fig, 2))
             for fig, vp in most]
    cards = t.vp_cards[seat] if seat < len(t.vp_cards) else 0
    return fmt(" ({cards} from cards, {majorities})", cards=cards, majorities=", ".join(parts))


def _card_name(t: Facts, cid: str) -> str:
    """A card as the panel help lists it: in words (never its code), or the figure card's title."""
    spec = t.rs.cards.get(cid)
    return figure_title(spec.figure) if spec is not None and spec.figure else card_name(cid, definite=False)


from ne_game.ui.text.words import a_figure, card_name, figure_name, figure_title, land_title, land_word, sentence  # noqa: E402  (pure, no cycle)
