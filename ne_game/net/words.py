"""The phone page's words and the host's refusals, in the game's language (the same
catalogues as the window: ne_game.i18n). The page gets them as JSON (`page_words`)."""
from __future__ import annotations

from typing import Any

from ne_game.game import gamedata
from ne_game.i18n import _, current_language, pgettext


def refusal_message(code: str) -> str:
    """A refusal's sentence for the player (the code stays the machine-readable part)."""
    texts = {
        "malformed": lambda: _("The phone sent a message the game could not read."),
        "unknown_type": lambda: _("The phone sent a message the game does not understand."),
        "bad_field": lambda: _("The phone sent a message the game does not understand."),
        "hello_first": lambda: _("The phone must say which seat it is first."),
        "unknown_token": lambda: _("This seat code is not part of the game on the TV. Scan the QR code again."),
        "already_joined": lambda: _("This phone has already joined."),
        "rate_limited": lambda: _("Too many messages at once; wait a moment."),
        "stale_seq": lambda: _("The game has moved on; here is the table as it is now."),
        "not_your_turn": lambda: _("It is not your turn."),
        "nothing_to_undo": lambda: _("There is nothing to undo."),
        "game_over": lambda: _("The game is over."),
        "seat_taken": lambda: _("This seat is now played on the TV."),
    }
    make = texts.get(code)
    # an engine refusal (illegal_action) and any code a newer host adds: the general sentence
    return make() if make is not None else _("That move is not allowed now.")


def page_words() -> dict[str, Any]:
    """Every text the page shows, looked up now (the page asks again when the language changes)."""
    rs = gamedata.default_ruleset()
    text = {
        "connecting": _("Connecting…"),
        "reconnecting": _("Connection lost. Reconnecting…"),
        "no_token": _("This address has no seat code. Scan the QR code on the TV again."),
        "replaced": _("This seat was opened on another screen. Tap Reconnect to play it here."),
        "closed": _("The game has closed on the TV."),
        "reconnect": _("Reconnect"),
        "round": _("Round {round}"),
        "start_rounds": _("Start rounds"),
        "you": _("you"),
        "money": _("Shillings"),
        "vp": _("VP"),
        "cards": _("Cards"),
        "my_cards": _("Your cards"),
        "no_cards": _("No cards yet"),
        "my_barns": _("Your barns"),
        "barn_empty": _("empty"),
        "offer": _("Offer"),
        "bids": _("Bid markers"),
        "board": _("Board"),
        "players": _("Players"),
        "bag": _("Bag"),
        "deck": _("Deck"),
        "price": _("Price {n}"),
        "bid_of": _("Bid {n}"),
        "your_start": _("Your turn: place a start tile."),
        "your_offer": _("Your turn: announce how many land tiles the offer holds."),
        "your_bid": _("Your turn: take a bid marker."),
        "your_buy": _("Your turn: buy up to two items, place them, move figures, then end your turn."),
        "other_start": _("{name} places a start tile."),
        "other_offer": _("{name} announces the offer."),
        "other_bid": _("{name} takes a bid marker."),
        "other_buy": _("{name} is buying."),
        "over": _("The game is over."),
        "pick_land": _("Choose the land of your start tile."),
        "pick_cells": _("Tap two glowing parcels side by side."),
        "pick_item": _("Tap an item of the offer to buy it."),
        "pick_cell_land": _("Tap a glowing parcel to place the tile."),
        "pick_develop": _("Tap glowing parcels for the card's pattern; Turn shows another fit."),
        "pick_figure": _("Tap a glowing tile to put the figure there."),
        "pick_barn": _("Tap a glowing barn to store the card face down."),
        "pick_move": _("Tap a glowing tile to move the figure there."),
        "move_hint": _("Tap one of your pilgrims or ships on the board to move it."),
        "bought": _("Bought {n} of {max}"),
        "announce": _("How many land tiles does the offer hold?"),
        "end_turn": _("End turn"),
        "undo": _("Undo"),
        "turn": _("Turn"),
        "place": _("Place"),
        "cancel": pgettext("put back what is picked", "Cancel"),
        "use_card": _("Use it now"),
        "store": _("Store in a barn"),
        "reveal_land": _("Reveal a land tile"),
        "reveal_card": _("Reveal a card"),
        "final": _("Final score"),
        "winner": _("Winner"),
    }
    return {
        "lang": current_language(),
        "text": text,
        "lands": {land: pgettext("land title", rs.land(land).title) for land in rs.lands},
        "figures": {fig: pgettext("card title", spec.title) for fig, spec in rs.figures.items()},
    }
