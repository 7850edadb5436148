"""The game log: short sentences from (before snapshot, action, after snapshot).

Sentences never reveal what went into a barn (that card is face down to others).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ne_game import rules

from .model import TileIndex, as_cell, card_words, cell_name, cells_name, item_words


@dataclass
class Entry:
    seat: int | None          # who acted (None: a game event such as a new round)
    text: str
    index: int                # actions taken when it was said (for "since your turn")


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


class GameLog:
    """The game log as a session listener: a sentence or two per applied action, one per
    undo. A continued game gets its log back from the session's kept states; the log
    keeps no states of its own.

    `last_turn[seat]`: how many actions had been taken when `seat` last acted (entries
    with a higher index are news to that seat).
    """

    KEEP, TRIM_AT = 200, 300

    def __init__(self, session: Any, names: tuple[str, ...], cards: dict) -> None:
        self.session = session
        self.names = list(names)
        self.cards = cards
        self.entries: list[Entry] = []
        self.last_turn: dict[int, int] = {}
        first = rules.to_json(session.state) if not session.actions else None
        for i, action in enumerate(session.actions):
            before = rules.to_json(session.state_before(i))
            after = rules.to_json(self.state_after(i))
            seat = session.actor_of(i)
            self._add(before, action, after, i + 1)
            if seat is not None:
                self.last_turn[seat] = i + 1
        self.entries = self.entries[-self.KEEP:]
        snap = rules.to_json(session.state)
        sp = self.names[snap["start_player"]] if snap.get("start_player") is not None else "?"
        if first is None:
            rnd = snap.get("round", 0)
            where = f"round {rnd}" if rnd else "the start rounds"
            self.entries.append(Entry(None, f"The game goes on in {where}; {sp} is start player.",
                                      len(session.actions)))
        else:
            self.entries.append(Entry(None, f"A game for {len(snap['players'])} begins. "
                                            f"{sp} is start player.", 0))

    def state_after(self, index: int) -> Any:
        """The state actions[index] led to (kept by the session)."""
        s = self.session
        return s.state_before(index + 1) if index + 1 < len(s.actions) else s.state

    def __call__(self, event: Any) -> None:
        if event.kind == "applied":
            self._add(rules.to_json(event.before), event.action, rules.to_json(event.after),
                      event.index + 1)
            if len(self.entries) > self.TRIM_AT:
                self.entries = self.entries[-self.KEEP:]
            if event.seat is not None:
                self.last_turn[event.seat] = event.index + 1
        elif event.kind == "undone":
            name = self.names[event.seat] if event.seat is not None else ""
            self.entries.append(Entry(event.seat, f"{name} took back the last move.", event.index))

    def _add(self, before: dict, action: dict, after: dict, index: int) -> None:
        for who, text in sentences(before, action, after, self.names, self.cards):
            self.entries.append(Entry(who, text, index))

    def since_last_turn(self, seat: int | None) -> list[tuple[int | None, dict, dict]]:
        """(actor, before, after) snapshots of the actions since `seat` last acted."""
        if seat is None or seat not in self.last_turn:
            return []
        s = self.session
        return [(s.actor_of(i), rules.to_json(s.state_before(i)), rules.to_json(self.state_after(i)))
                for i in range(self.last_turn[seat], len(s.actions))]
