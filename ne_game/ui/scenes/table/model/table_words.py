"""The table's words for things: an offer item, a card, and an engine refusal in the
player's words (from its structured code and parameters, never from its English).
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ne_game.i18n import _, fmt, nfmt
from ne_game.rules import OfferItem, Ruleset
from ne_game.ui.text.words import (
    a_figure,
    a_figure_card,
    a_land_tile,
    card_name,
    figure_name,
    land_word,
    phase_in_sentence,
)


def item_words(item: OfferItem, rs: Ruleset) -> str:
    """An offer item with its article: 'a field tile', 'a barn card', 'card F2 (field, 3 VP)'."""
    if item.kind == "land":
        return a_land_tile(item.land)
    return card_words(item.card or "?", rs)


def card_words(card: str, rs: Ruleset) -> str:
    spec = rs.cards.get(card)
    if spec is not None and spec.figure is not None:
        return a_figure_card(spec.figure)
    if spec is not None:
        return fmt("{card} ({vp} VP)", card=card_name(card, definite=False), vp=spec.vp)
    return card_name(card, definite=False)


def _sentence(text: str) -> str:
    """A sentence that may begin with a placeholder's word, with its first letter capitalised."""
    return text[:1].upper() + text[1:]


def _count(value: Any) -> int:
    """A refusal's count parameter as a number for the plural forms (0 when it is missing)."""
    try:
        return int(value)
    except (TypeError, ValueError):
        return 0


def _p(params: Mapping[str, Any], key: str, default: Any = "?") -> Any:
    value = params.get(key, default)
    return default if value is None else value


def _who(params: Mapping[str, Any], names: tuple[str, ...] | None) -> str:
    """The player a refusal is about: his name, with his family where that is not his name."""
    owner, family = params.get("owner"), str(params.get("owner_name", "") or "")
    if names is None or not isinstance(owner, int) or not 0 <= owner < len(names):
        return family or "?"
    name = names[owner]
    if not family or family == name:
        return name
    return fmt("{name} ({family})", name=name, family=family)


def refusal_text(err: BaseException, names: tuple[str, ...] | None = None) -> str:
    """An engine refusal in the player's language, built from its code and params.

    The engine's English (`str(err)`) is never translated or parsed: each code has its
    own whole sentence with named placeholders, filled from `err.params` (cells as the
    board labels them, lands and figures by their translated names). A code this table
    does not know (a newer engine) falls back to a general sentence, not to English.
    With the seats' `names`, a player is named as the panels name him: "{name} ({family})"."""
    code = getattr(err, "code", "")
    p = dict(getattr(err, "params", {}) or {})
    cell = _p(p, "cell")
    owner = _who(p, names)
    land = land_word(p.get("land"))
    fig = p.get("figure")
    card = card_name(str(p["card"])) if p.get("card") else card_name(None)
    if code == "replay_failed":
        inner = type("Inner", (), {})()
        inner.code, inner.params, inner.cells = p.get("refusal", ""), p, getattr(err, "cells", ())
        return fmt("Move {step} of {steps} cannot be replayed: {reason}", step=_p(p, "step"),
                   steps=_p(p, "steps"), reason=refusal_text(inner, names))
    texts = {
        "game_over": lambda: _("The game is over."),
        "wrong_phase": lambda: fmt("That is not possible now: this is {phase}.",
                                   phase=phase_in_sentence(str(p.get("phase", "")))),
        "off_board": lambda: (fmt("{cell} is not a parcel of the board.", cell=cell) if "cell" in p
                              else fmt("That would reach past column {column}, off the board.",
                                       column=p["column"]) if "column" in p
                              else fmt("That would reach past row {row}, off the board.", row=p["row"])
                              if "row" in p else _("That would reach off the board.")),
        "start_land_placed": lambda: fmt("You have already placed your start tile ({land}).", land=land),
        "start_tile_cells": lambda: _("A start tile covers two neighbouring parcels."),
        "not_adjacent": lambda: fmt("{cell_a} and {cell_b} are not side by side.",
                                    cell_a=_p(p, "cell_a"), cell_b=_p(p, "cell_b")),
        "cell_taken": lambda: fmt("{cell} is taken.", cell=cell),
        "start_tile_contact": lambda: (
            fmt("{cell} touches a start tile of {owner}: start tiles may not touch orthogonally.",
                cell=cell, owner=owner) if p.get("diagonal_allowed") else
            fmt("{cell} touches a start tile of {owner}: start tiles may not touch.",
                cell=cell, owner=owner)),
        "start_tile_blocked": lambda: _("Start tiles may not touch."),
        "offer_count": lambda: fmt("Announce {low} to {high} land tiles.", low=_p(p, "min"), high=_p(p, "max")),
        "no_bid_marker": lambda: fmt("There is no such bid marker: they are numbered {low} to {high}.",
                                     low=_p(p, "low"), high=_p(p, "high")),
        "bid_taken": lambda: fmt("Bid marker {value} is taken by {owner}.", value=_p(p, "value"), owner=owner),
        "already_revealed": lambda: _("You have already revealed an extra item this turn."),
        "reveal_after_purchase": lambda: _("An extra item is revealed before your first purchase."),
        "no_ship": lambda: _("Revealing an extra item needs at least one ship of yours on the board."),
        "ship_majority": lambda: nfmt("{owner} has more ships ({ships}) than you ({n}).",
                                      "{owner} has more ships ({ships}) than you ({n}).",
                                      int(p.get("mine", 0) or 0), owner=owner, ships=_p(p, "ships")),
        "bag_empty": lambda: _("The bag is empty."),
        "deck_empty": lambda: _("The deck is empty."),
        "slot_empty": lambda: fmt("Slot {slot} is empty.", slot=_p(p, "slot_label")),
        "slot_kind": lambda: (fmt("Slot {slot} holds a land tile, not a card.", slot=_p(p, "slot_label"))
                              if p.get("holds") == "land" else
                              fmt("Slot {slot} holds a card, not a land tile.", slot=_p(p, "slot_label"))),
        "purchase_limit": lambda: nfmt("You have already bought {n} item this turn.",
                                       "You have already bought {n} items this turn.", int(p.get("max", 2) or 2)),
        "too_poor": lambda: nfmt("You hold {n} shilling; this costs {cost}.",
                                 "You hold {n} shillings; this costs {cost}.",
                                 _count(p.get("money")), cost=_p(p, "cost")),
        "rival_contact": lambda: fmt("{cell} touches {land} of {owner}.", cell=cell, owner=owner, land=land),
        "not_connected": lambda: fmt("{cell} is not next to your own {land}.", cell=cell, land=land),
        "no_tile": lambda: fmt("There is no tile at {cell}.", cell=cell),
        "not_a_barn": lambda: fmt("The tile at {cell} is not one of your barns.", cell=cell),
        "barn_empty": lambda: fmt("Your barn at {cell} is empty.", cell=cell),
        "barn_full": lambda: fmt("Your barn at {cell} already stores a card.", cell=cell),
        "no_restore": lambda: _("A card taken from a barn is used at once; it cannot be stored again."),
        "card_develops": lambda: _sentence(fmt("{card} develops land; it places no figure.", card=card)),
        "card_places_figure": lambda: fmt("This card places {figure}; it develops no land.", figure=a_figure(fig)),
        "supply_empty": lambda: fmt("The supply has no {figures} left.", figures=figure_name(fig, 2)),
        "cell_repeated": lambda: fmt("The parcel {cell} is named twice.", cell=cell),
        "tile_not_yours": lambda: fmt("The tile at {cell} belongs to {owner}.", cell=cell, owner=owner),
        "figure_on_developed": lambda: fmt("The tile at {cell} is developed; figures stand on undeveloped land.",
                                           cell=cell),
        "figure_occupied": lambda: fmt("{figure} already stands on the tile at {cell}.",
                                       figure=a_figure(p.get("standing")), cell=cell),
        "not_coastal": lambda: fmt("Ships stand on the coast; {cell} is inland.", cell=cell),
        "parcel_count": lambda: _sentence(nfmt("{card} develops {n} parcel, not {given}.",
                                     "{card} develops {n} parcels, not {given}.",
                                     int(p.get("need", 0) or 0), card=card, given=_p(p, "given"))),
        "start_tile_whole": lambda: fmt("A start tile is developed whole: {cell} must be in the pattern too.",
                                        cell=cell),
        "land_mismatch": lambda: fmt("The parcel at {cell} is {land}, not {card_land}.", cell=cell, land=land,
                                     card_land=land_word(p.get("card_land"))),
        "already_developed": lambda: fmt("The parcel at {cell} is already developed.", cell=cell),
        "figure_blocks_development": lambda: fmt("{figure} stands at {cell}; land under a figure cannot be "
                                                 "developed.", figure=a_figure(fig), cell=cell),
        "pattern_mismatch": lambda: fmt("These parcels do not form the pattern of {card} (turned any way).",
                                        card=card),
        "no_own_figure": lambda: fmt("No figure of yours stands at {cell}.", cell=cell),
        "figure_immovable": lambda: _sentence(fmt("{figures} never move once placed.", figures=figure_name(fig, 2))),
        "figure_same_tile": lambda: fmt("The figure already stands at {cell}.", cell=cell),
    }
    make = texts.get(code)
    if make is None:
        # the engine's input checks (a malformed action, never a player's move) and unknown codes
        return _("That move is not allowed now.")
    return make()


def stored_card_words(facts: Any, cell: Any) -> str:
    """What a click on a barn's stored card says when it cannot be played now: whose it is,
    what it is (to its owner), and when and how it is played. `facts`: the table's Facts."""
    pos = facts.pos
    tile = pos.tile_at((int(cell[0]), int(cell[1])))
    if tile is None:
        return ""
    owner = tile.owner
    here = pos.tile_index((int(cell[0]), int(cell[1])))
    barn = next((b for b in pos.players[owner].barns if pos.tile_index(b.cell) == here), None)
    if barn is None or barn.card is None:
        return _("This barn is empty. A card bought on its owner's buying turn can be stored in it, face down.") \
            + " " + stored_scores_nothing()
    card = str(barn.card)
    if not facts.may_see_barn(owner):
        return fmt("A card stored face down in the barn of {name}: only they see it, and they may play it on "
                   "their buying turn, for free.", name=facts.seat_name(owner)) + " " + stored_scores_nothing()
    what = _sentence(card_name(card))
    if facts.seat == owner and facts.phase == "buying":
        return fmt("{card}, stored here: it cannot be played now (it fits nowhere, or your turn allows no "
                   "more). Played from the barn it is free.", card=what) + " " + stored_scores_nothing()
    return fmt("{card}, stored here: play it on your buying turn by choosing this barn; it costs nothing.",
               card=what) + " " + stored_scores_nothing()


def stored_scores_nothing() -> str:
    """What a barn's words add: a card still stored at the end scores nothing."""
    return _("A card still stored in a barn when the game ends scores nothing.")
