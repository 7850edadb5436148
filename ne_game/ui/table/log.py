"""The game log: short sentences from (before snapshot, action, after snapshot).

Sentences never reveal what went into a barn (that card is face down to others).
"""
from __future__ import annotations

from dataclasses import dataclass

from .model import TileIndex, as_cell, card_words, cell_name, cells_name, item_words


@dataclass
class Entry:
    seat: int | None          # who acted (None: a game event such as a new round)
    text: str
    index: int                # position in the scene's history (for "since your turn")


def _name(names: list[str], seat: int | None) -> str:
    if seat is None or seat >= len(names):
        return "?"
    return names[seat]


def _offer_item(snap: dict, slot: int) -> dict | None:
    for o in snap.get("offer", []):
        if o["slot"] == slot:
            return o["item"]
    return None


def _use_words(use: dict, card: str | None, cards: dict, before: dict) -> str:
    if "develop" in use:
        return f"developed {cells_name(use['develop'])}"
    if "figure_on" in use:
        fig = (cards.get(card) or {}).get("figure", card or "figure")
        return f"put a {fig} on {cell_name(use['figure_on'])}"
    if "store_in_barn" in use:
        return f"stored it face down in the barn at {cell_name(use['store_in_barn'])}"
    return "used it"


def sentences(before: dict, action: dict, after: dict, names: list[str],
              cards: dict) -> list[tuple[int | None, str]]:
    """What happened, as (seat, sentence) pairs, oldest first."""
    seat = before.get("current_player")
    who = _name(names, seat)
    t = action.get("type")
    out: list[tuple[int | None, str]] = []
    if t == "place_start_tile":
        out.append((seat, f"{who} placed the start {action['land']} at "
                          f"{cells_name(action['cells'])}."))
    elif t == "announce_offer":
        n = action["land_tiles"]
        if after.get("phase") == "game_over":
            out.append((seat, f"{who} announced {n} land tiles — too few in stock: "
                              f"the game ends."))
        else:
            out.append((seat, f"{who} announced {n} land tiles and {9 - n} cards."))
    elif t == "take_bid":
        out.append((seat, f"{who} took bid marker {action['value']}."))
    elif t == "reveal_extra":
        src = "a land tile" if action["source"] == "land" else "a card"
        new = [o for o in after.get("offer", []) if o["slot"] not in
               {p["slot"] for p in before.get("offer", [])}]
        what = item_words(new[0]["item"], cards) if new else src
        out.append((seat, f"{who} used the ship majority to reveal {what}."))
    elif t == "buy_land":
        item = _offer_item(before, action["slot"]) or {"kind": "land", "land": "land"}
        price = before["players"][seat].get("bid")
        out.append((seat, f"{who} bought a {item['land']} tile for {price} and placed it at "
                          f"{cell_name(action['cell'])}."))
    elif t == "buy_card":
        item = _offer_item(before, action["slot"]) or {"kind": "card", "card": "?"}
        price = before["players"][seat].get("bid")
        use = action["use"]
        if "store_in_barn" in use:
            out.append((seat, f"{who} bought a card for {price} and "
                              f"{_use_words(use, None, cards, before)}."))
        else:
            out.append((seat, f"{who} bought the {card_words(item['card'], cards)} for "
                              f"{price} and {_use_words(use, item['card'], cards, before)}."))
    elif t == "play_stored":
        barn = as_cell(action["barn"])
        card = None
        # The card's face shows once it is played: read it from the after snapshot.
        gained = after["players"][seat]["cards"][len(before["players"][seat]["cards"]):]
        card = gained[0] if gained else None
        what = card_words(card, cards) if card else "a stored card"
        out.append((seat, f"{who} took the {what} out of the barn at {cell_name(barn)} and "
                          f"{_use_words(action['use'], card, cards, before)}."))
    elif t == "move_figure":
        tiles = TileIndex(before)
        tile = tiles.tile_at(as_cell(action["from"]))
        fig = tile.get("figure") if tile else "figure"
        out.append((seat, f"{who} moved a {fig} from {cell_name(action['from'])} to "
                          f"{cell_name(action['to'])}."))
    elif t == "end_turn":
        gain = after["players"][seat]["money"] - before["players"][seat]["money"]
        out.append((seat, f"{who} ended the turn and took {gain} shillings income."))
    else:
        out.append((seat, f"{who}: {t}."))

    # Events the action set off.
    if after.get("phase") == "game_over" and t != "announce_offer":
        out.append((None, "The game is over."))
    elif after.get("round", 0) != before.get("round", 0) and after.get("round", 0) > 0:
        sp = after.get("start_player")
        out.append((None, f"Round {after['round']} begins; {_name(names, sp)} is start player."))
    if before.get("phase") == "offer" and after.get("phase") == "bids":
        out.append((None, f"The offer: {after.get('bag_count')} land tiles left in the bag, "
                          f"{after.get('deck_count')} cards in the deck."))
    return out


_PRESENT = {"bought": "buys", "placed": "places", "took": "takes", "announced": "announces",
            "moved": "moves", "ended": "ends", "developed": "develops", "put": "puts",
            "stored": "stores", "used": "uses"}


def present(sentence: str) -> str:
    """The log's past tense as the present, for a computer move on show before it happens."""
    return " ".join(_PRESENT.get(w, w) for w in sentence.split(" "))
