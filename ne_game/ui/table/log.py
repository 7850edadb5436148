"""The game log: short sentences from (before snapshot, action, after snapshot).

Sentences never reveal what went into a barn (that card is face down to others).
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ne_game import rules
from ne_game.i18n import N_, _, fmt, nfmt
from ne_game.ui.words import a_figure, a_land_tile, land_word

from .model import TileIndex, as_cell, cell_name, cells_name, item_words


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


def _say(now: bool, past: str, present: str, **values) -> str:
    """One sentence of the log: `past` for what happened, `present` for a move on show."""
    return fmt(present if now else past, **values)


def _bought_and_used(now: bool, who: str, price, card: str, use: dict, cards: dict) -> str:
    """'X bought the card ... for 4 and developed C3, C4.' as one whole message per use."""
    if "develop" in use:
        return _say(now, N_("{name} bought card {card} for {price} and developed {cells}."),
                    N_("{name} buys card {card} for {price} and develops {cells}."),
                    name=who, card=card, price=price, cells=cells_name(use["develop"]))
    if "figure_on" in use:
        fig = (cards.get(card) or {}).get("figure", card)
        return _say(now, N_("{name} bought {figure} for {price} and placed it on {cell}."),
                    N_("{name} buys {figure} for {price} and places it on {cell}."),
                    name=who, figure=a_figure(fig), price=price, cell=cell_name(use["figure_on"]))
    return _say(now, N_("{name} bought a card for {price} and stored it face down in the barn at {cell}."),
                N_("{name} buys a card for {price} and stores it face down in the barn at {cell}."),
                name=who, price=price, cell=cell_name(use.get("store_in_barn", (0, 0))))


def _played_stored(now: bool, who: str, barn, card: str | None, use: dict, cards: dict) -> str:
    where = cell_name(barn)
    if card and "develop" in use:
        return _say(now, N_("{name} took card {card} out of the barn at {barn} and developed {cells}."),
                    N_("{name} takes card {card} out of the barn at {barn} and develops {cells}."),
                    name=who, card=card, barn=where, cells=cells_name(use["develop"]))
    if "figure_on" in use:
        fig = (cards.get(card) or {}).get("figure", card) if card else None
        return _say(now, N_("{name} took {figure} out of the barn at {barn} and placed it on {cell}."),
                    N_("{name} takes {figure} out of the barn at {barn} and places it on {cell}."),
                    name=who, figure=a_figure(fig), barn=where, cell=cell_name(use["figure_on"]))
    return _say(now, N_("{name} played the card stored in the barn at {barn}."),
                N_("{name} plays the card stored in the barn at {barn}."), name=who, barn=where)


def sentences(before: dict, action: dict, after: dict, names: list[str],
              cards: dict, now: bool = False) -> list[tuple[int | None, str]]:
    """What happened, as (seat, sentence) pairs, oldest first; with `now`, the action's
    own sentence in the present tense (a move on show before it happens)."""
    seat = before.get("current_player")
    who = _name(names, seat)
    t = action.get("type")
    out: list[tuple[int | None, str]] = []
    if t == "place_start_tile":
        out.append((seat, _say(now, N_("{name} placed the start tile ({land}) at {cells}."),
                               N_("{name} places the start tile ({land}) at {cells}."),
                               name=who, land=land_word(action["land"]),
                               cells=cells_name(action["cells"]))))
    elif t == "announce_offer":
        n = action["land_tiles"]
        if after.get("phase") == "game_over":
            out.append((seat, _say(now, N_("{name} announced {lands} land tiles: too few in stock, the game ends."),
                                   N_("{name} announces {lands} land tiles: too few in stock, the game ends."),
                                   name=who, lands=n)))
        else:
            out.append((seat, _say(now, N_("{name} announced {lands} land tiles and {cards} cards."),
                                   N_("{name} announces {lands} land tiles and {cards} cards."),
                                   name=who, lands=n, cards=9 - n)))
    elif t == "take_bid":
        out.append((seat, _say(now, N_("{name} took bid marker {value}."), N_("{name} takes bid marker {value}."),
                               name=who, value=action["value"])))
    elif t == "reveal_extra":
        new = [o for o in after.get("offer", []) if o["slot"] not in
               {p["slot"] for p in before.get("offer", [])}]
        if new:
            what = item_words(new[0]["item"], cards)
        else:
            what = a_land_tile(None) if action["source"] == "land" else _("a card")
        out.append((seat, _say(now, N_("{name} used the ship majority to reveal {item}."),
                               N_("{name} uses the ship majority to reveal {item}."), name=who, item=what)))
    elif t == "buy_land":
        item = _offer_item(before, action["slot"]) or {"kind": "land", "land": "land"}
        price = before["players"][seat].get("bid")
        out.append((seat, _say(now, N_("{name} bought {tile} for {price} and placed it at {cell}."),
                               N_("{name} buys {tile} for {price} and places it at {cell}."),
                               name=who, tile=a_land_tile(item.get("land")), price=price,
                               cell=cell_name(action["cell"]))))
    elif t == "buy_card":
        item = _offer_item(before, action["slot"]) or {"kind": "card", "card": "?"}
        price = before["players"][seat].get("bid")
        use = action["use"]
        out.append((seat, _bought_and_used(now, who, price, item["card"], use, cards)))
    elif t == "play_stored":
        barn = as_cell(action["barn"])
        # The card's face shows once it is played: read it from the after snapshot.
        gained = after["players"][seat]["cards"][len(before["players"][seat]["cards"]):]
        card = gained[0] if gained else None
        out.append((seat, _played_stored(now, who, barn, card, action["use"], cards)))
    elif t == "move_figure":
        tiles = TileIndex(before)
        tile = tiles.tile_at(as_cell(action["from"]))
        fig = tile.get("figure") if tile else None
        out.append((seat, _say(now, N_("{name} moved {figure} from {start} to {end}."),
                               N_("{name} moves {figure} from {start} to {end}."),
                               name=who, figure=a_figure(fig), start=cell_name(action["from"]),
                               end=cell_name(action["to"]))))
    elif t == "end_turn":
        gain = after["players"][seat]["money"] - before["players"][seat]["money"]
        out.append((seat, nfmt("{name} ended the turn and took {n} shilling income.",
                               "{name} ended the turn and took {n} shillings income.", gain, name=who)
                    if not now else
                    nfmt("{name} ends the turn and takes {n} shilling income.",
                         "{name} ends the turn and takes {n} shillings income.", gain, name=who)))
    else:
        out.append((seat, f"{who}: {t}."))

    # Events the action set off.
    if after.get("phase") == "game_over" and t != "announce_offer":
        out.append((None, _("The game is over.")))
    elif after.get("round", 0) != before.get("round", 0) and after.get("round", 0) > 0:
        sp = after.get("start_player")
        out.append((None, fmt("Round {round} begins; {name} is start player.",
                              round=after["round"], name=_name(names, sp))))
    if before.get("phase") == "offer" and after.get("phase") == "bids":
        out.append((None, fmt("The offer: {lands} land tiles left in the bag, {cards} cards in the deck.",
                              lands=after.get("bag_count"), cards=after.get("deck_count"))))
    return out


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
            text = (fmt("The game goes on in round {round}; {name} is start player.", round=rnd, name=sp)
                    if rnd else fmt("The game goes on in the start rounds; {name} is start player.", name=sp))
            self.entries.append(Entry(None, text, len(session.actions)))
        else:
            self.entries.append(Entry(None, fmt("A game for {players} begins. {name} is start player.",
                                                players=len(snap['players']), name=sp), 0))

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
            self.entries.append(Entry(event.seat, fmt("{name} took back the last move.", name=name),
                                      event.index))

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
