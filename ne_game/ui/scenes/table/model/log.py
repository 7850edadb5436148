"""The game log: short sentences from (the position before, the action, the position after).

Sentences never reveal what went into a barn (that card is face down to others).
"""
from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ne_game import rules
from ne_game.game.session import GameSession, SessionEvent
from ne_game.i18n import N_, _, fmt, nfmt
from ne_game.rules import Action, CardUse, Position, Ruleset
from ne_game.ui.scenes.table.model.geometry import cell_name, cells_name
from ne_game.ui.scenes.table.model.table_words import item_words
from ne_game.ui.text.words import a_figure, a_land_tile, card_name, figure_name, figure_title, land_title, land_word


@dataclass
class Entry:
    seat: int | None          # who acted (None: a game event such as a new round)
    text: str
    index: int                # actions taken when it was said (for "since your turn")
    taken_back: bool = False  # its move was undone (the log keeps it; a recap leaves it out)
    short: str = ""           # the move in a few words without the mover's name (the recap's), or ""
    glyph: tuple[str, ...] = ()   # the move as the recap's little picture (move_glyph), or ()


def _name(names: list[str], seat: int | None) -> str:
    if seat is None or seat >= len(names):
        return "?"
    return names[seat]


def _say(now: bool, past: str, present: str, **values: object) -> str:
    """One sentence of the log: `past` for what happened, `present` for a move on show."""
    return fmt(present if now else past, **values)


def _bought_and_used(now: bool, who: str, price: int | None, card: str, use: CardUse, rs: Ruleset,
                     own: bool = False) -> str:
    """'X bought the card ... for 4 and developed C3, C4.' as one whole message per use."""
    if "develop" in use:
        return _say(now, N_("{name} bought {card} for {price} and developed {cells}."),
                    N_("{name} buys {card} for {price} and develops {cells}."),
                    name=who, card=card_name(card, definite=False), price=price, cells=cells_name(use["develop"]))
    if "figure_on" in use:
        spec = rs.cards.get(card)
        fig = spec.figure if spec is not None and spec.figure else card
        return _say(now, N_("{name} bought {figure} for {price} and placed it on {cell}."),
                    N_("{name} buys {figure} for {price} and places it on {cell}."),
                    name=who, figure=a_figure(fig), price=price, cell=cell_name(use["figure_on"]))
    if own and now:
        # the Hint, to the buyer alone: the card it would store is no secret from him (playtest 2,
        # (b)4: "buys a card for 4" left him asking which)
        return fmt("{name} buys {card} for {price} and stores it face down in the barn at {cell}.",
                   name=who, card=card_name(card, definite=False), price=price,
                   cell=cell_name(use["store_in_barn"]))
    return _say(now, N_("{name} bought a card for {price} and stored it face down in the barn at {cell}."),
                N_("{name} buys a card for {price} and stores it face down in the barn at {cell}."),
                name=who, price=price, cell=cell_name(use["store_in_barn"]))


def _played_stored(now: bool, who: str, barn: Iterable[int], card: str | None, use: CardUse, rs: Ruleset) -> str:
    where = cell_name(barn)
    if card and "develop" in use:
        return _say(now, N_("{name} took {card} out of the barn at {barn} and developed {cells}."),
                    N_("{name} takes {card} out of the barn at {barn} and develops {cells}."),
                    name=who, card=card_name(card), barn=where, cells=cells_name(use["develop"]))
    if "figure_on" in use:
        spec = rs.cards.get(card) if card else None
        fig = (spec.figure or card) if spec is not None else card
        return _say(now, N_("{name} took {figure} out of the barn at {barn} and placed it on {cell}."),
                    N_("{name} takes {figure} out of the barn at {barn} and places it on {cell}."),
                    name=who, figure=a_figure(fig), barn=where, cell=cell_name(use["figure_on"]))
    return _say(now, N_("{name} played the card stored in the barn at {barn}."),
                N_("{name} plays the card stored in the barn at {barn}."), name=who, barn=where)


def sentences(before: Position, action: Action, after: Position, names: list[str],
              rs: Ruleset, now: bool = False, own: bool = False) -> list[tuple[int | None, str]]:
    """What happened, as (seat, sentence) pairs, oldest first; with `now`, the action's
    own sentence in the present tense (a move on show before it happens); with `own`, said
    to the mover alone (the Hint): a card stored face down is named."""
    seat = before.current_player
    who = _name(names, seat)
    t = action["type"]
    out: list[tuple[int | None, str]] = []
    if action["type"] == "place_start_tile":
        out.append((seat, _say(now, N_("{name} placed the start tile ({land}) at {cells}."),
                               N_("{name} places the start tile ({land}) at {cells}."),
                               name=who, land=land_word(action["land"]),
                               cells=cells_name(action["cells"]))))
    elif action["type"] == "announce_offer":
        n = action["land_tiles"]
        if after.phase == "game_over":
            out.append((seat, _say(now, N_("{name} announced {lands} land tiles: too few in stock, the game ends "
                                           "at the offer of round {round}."),
                                   N_("{name} announces {lands} land tiles: too few in stock, the game ends "
                                      "at the offer of round {round}."),
                                   name=who, lands=n, round=before.round)))
        else:
            out.append((seat, _say(now, N_("{name} announced {lands} land tiles and {cards} cards."),
                                   N_("{name} announces {lands} land tiles and {cards} cards."),
                                   name=who, lands=n, cards=rs.offer_slots - n)))
    elif action["type"] == "take_bid":
        out.append((seat, _say(now, N_("{name} took bid marker {value}."), N_("{name} takes bid marker {value}."),
                               name=who, value=action["value"])))
    elif action["type"] == "reveal_extra":
        old = {o.slot for o in before.offer}
        new = [o for o in after.offer if o.slot not in old]
        if new and not now:
            what = item_words(new[0], rs)
        elif now:
            # a move not made yet (a computer's on show, the Hint, a better move in the replay):
            # what the bag or the deck gives is hidden until drawn (playtest 10j: the replay named
            # the pasture tile the coach's note rightly called unseen; the Hint would have told it)
            what = (_("a land tile from the bag, unseen until drawn") if action["source"] == "land"
                    else _("a card from the deck, unseen until drawn"))
        else:
            what = a_land_tile(None) if action["source"] == "land" else _("a card")
        # ties count (rules §4.3): "had the most ships" was untrue of a 1-1 tie (playtest 7b)
        out.append((seat, _say(now, N_("{name} revealed an extra item, with as many ships as anyone: {item}."),
                               N_("{name} reveals an extra item, with as many ships as anyone: {item}."), name=who,
                               item=what)))
    elif action["type"] == "buy_land" and seat is not None:
        item = before.offer_item(action["slot"])
        price = before.players[seat].bid
        out.append((seat, _say(now, N_("{name} bought {tile} for {price} and placed it at {cell}."),
                               N_("{name} buys {tile} for {price} and places it at {cell}."),
                               name=who, tile=a_land_tile(item.land if item else None), price=price,
                               cell=cell_name(action["cell"]))))
    elif action["type"] == "buy_card" and seat is not None:
        item = before.offer_item(action["slot"])
        price = before.players[seat].bid
        out.append((seat, _bought_and_used(now, who, price, item.card or "?" if item else "?", action["use"], rs,
                                                   own)))
    elif action["type"] == "play_stored" and seat is not None:
        # The card's face shows once it is played: read it from the position after.
        gained = after.players[seat].cards[len(before.players[seat].cards):]
        card = gained[0] if gained else None
        out.append((seat, _played_stored(now, who, action["barn"], card, action["use"], rs)))
    elif action["type"] == "move_figure":
        tile = before.tile_at((action["from"][0], action["from"][1]))
        fig = tile.figure if tile else None
        out.append((seat, _say(now, N_("{name} moved {figure} from {start} to {end}."),
                               N_("{name} moves {figure} from {start} to {end}."),
                               name=who, figure=a_figure(fig), start=cell_name(action["from"]),
                               end=cell_name(action["to"]))))
    elif action["type"] == "end_turn" and seat is not None:
        gain = after.players[seat].money - before.players[seat].money
        out.append((seat, nfmt("{name} ended the turn and took {n} shilling income.",
                               "{name} ended the turn and took {n} shillings income.", gain, name=who)
                    if not now else
                    nfmt("{name} ends the turn and takes {n} shilling income.",
                         "{name} ends the turn and takes {n} shillings income.", gain, name=who)))
    else:
        out.append((seat, f"{who}: {t}."))

    # Events the action set off.
    if after.phase == "game_over" and t != "announce_offer":
        out.append((None, _("The game is over.")))
    elif after.round != before.round and after.round > 0:
        out.append((None, fmt("Round {round} begins; {name} is start player.",
                              round=after.round, name=_name(names, after.start_player))))
    if before.phase == "offer" and after.phase == "bids":
        # two counts, two sentences: each takes its own plural form
        out.append((None, nfmt("The offer: {n} land tile left in the bag.",
                               "The offer: {n} land tiles left in the bag.", after.bag_count) + " "
                    + nfmt("{n} card in the deck.", "{n} cards in the deck.", after.deck_count)))
    return out


def short_sentence(before: Position, action: Action, after: Position, rs: Ruleset) -> str:
    """The move in a few words, without the mover's name (the recap puts a player's moves in
    one paragraph under the name: playtest 3a, a round's moves did not fit); "" where the log's
    own sentence serves (a move seldom made, or one that ends the game)."""
    seat = before.current_player
    if action["type"] == "place_start_tile":
        return fmt("Start tile ({land}): {cells}.", land=land_word(action["land"]),
                   cells=cells_name(action["cells"]))
    if action["type"] == "take_bid":
        return fmt("Bid marker {value}.", value=action["value"])
    if seat is None:
        return ""
    price = before.players[seat].bid
    if action["type"] == "buy_land":
        item = before.offer_item(action["slot"])
        return fmt("{land} tile for {price}: {cell}.", land=land_title(item.land if item else None),
                   price=price, cell=cell_name(action["cell"]))
    if action["type"] == "buy_card":
        item = before.offer_item(action["slot"])
        spec = rs.cards.get(item.card) if item and item.card else None
        use = action["use"]
        if spec is not None and spec.land and "develop" in use:
            return fmt("{land} card for {price}: {cells}.", land=land_title(spec.land), price=price,
                       cells=cells_name(use["develop"]))
        if spec is not None and spec.figure and "figure_on" in use:
            return fmt("{figure} for {price}: {cell}.", figure=figure_title(spec.figure), price=price,
                       cell=cell_name(use["figure_on"]))
        if "store_in_barn" in use:
            return fmt("A card for {price}, face down in the barn at {cell}.", price=price,
                       cell=cell_name(use["store_in_barn"]))
        return ""
    if action["type"] == "end_turn":
        gain = after.players[seat].money - before.players[seat].money
        return nfmt("End of turn: +{n} shilling.", "End of turn: +{n} shillings.", gain)
    return ""


def move_glyph(before: Position, action: Action, after: Position, rs: Ruleset) -> tuple[str, ...]:
    """The move as the recap draws it, in the game's own pictures and no words (playtest 4a,
    (b)1: a round of three players' sentences did not fit the log's box): (kind, what, where)
    with kind one of bid, offer, start, land, card, figure, barn, coin, move, reveal; `what`
    a land, figure or number, `where` a cell's name ("J7", a grid reference, no language);
    () for a move it has no picture for (its words stand in)."""
    seat = before.current_player
    if action["type"] == "take_bid":
        return ("bid", str(action["value"]))
    if action["type"] == "announce_offer":
        return ("offer", str(action["land_tiles"]))
    if action["type"] == "place_start_tile":
        return ("start", action["land"], cells_name(action["cells"]))
    if action["type"] == "move_figure":
        tile = before.tile_at((action["from"][0], action["from"][1]))
        return ("move", tile.figure if tile and tile.figure else "",
                f"{cell_name(action['from'])}→{cell_name(action['to'])}")
    if action["type"] == "reveal_extra":
        return ("reveal", action["source"], "")
    if seat is None:
        return ()
    if action["type"] == "buy_land":
        item = before.offer_item(action["slot"])
        return ("land", item.land if item and item.land else "", cell_name(action["cell"]))
    if action["type"] == "buy_card" or action["type"] == "play_stored":
        if action["type"] == "buy_card":
            item = before.offer_item(action["slot"])
            card = item.card if item else None
            use = action["use"]
        else:
            gained = after.players[seat].cards[len(before.players[seat].cards):]
            card = gained[0] if gained else None
            use = action["use"]
        spec = rs.cards.get(card) if card else None
        if "develop" in use:
            return ("card", spec.land if spec is not None and spec.land else "", cells_name(use["develop"]))
        if "figure_on" in use:
            return ("figure", spec.figure if spec is not None and spec.figure else "", cell_name(use["figure_on"]))
        if "store_in_barn" in use:
            return ("barn", "", cell_name(use["store_in_barn"]))
        return ()
    if action["type"] == "end_turn":
        return ("coin", f"+{after.players[seat].money - before.players[seat].money}", "")
    return ()


@dataclass(frozen=True)
class MajorityChange:
    """A provisional majority that changed hands for one seat: won (`vp` gained, `shared` with
    others) or lost (`vp` given up), from the engine's scoring facts before and after a move."""

    seat: int
    figure: str
    won: bool
    vp: int
    shared: bool = False


def majority_changes(was: list[dict[str, int]], now: list[dict[str, int]], rs: Ruleset) -> list[MajorityChange]:
    """Every seat that won or lost a provisional majority, by the ruleset's figure order."""
    out: list[MajorityChange] = []
    for fig in rs.figure_order:
        before = {seat for seat, m in enumerate(was) if m.get(fig)}
        after = {seat for seat, m in enumerate(now) if m.get(fig)}
        if before == after:
            continue
        out.extend(MajorityChange(seat, fig, True, now[seat][fig], len(after) > 1) for seat in sorted(after - before))
        out.extend(MajorityChange(seat, fig, False, was[seat][fig]) for seat in sorted(before - after))
    return out


def majority_glyph(c: MajorityChange) -> tuple[str, ...]:
    """A change as the recap's picture (a figure and "+3"/"−3")."""
    return ("major", c.figure, f"+{c.vp}" if c.won else f"−{c.vp}")


def majority_short(c: MajorityChange) -> str:
    """A change in a few words, without the name (the recap's)."""
    figures = figure_name(c.figure, 2)
    if not c.won:
        return nfmt("No longer the most {figures}: −{n} VP.", "No longer the most {figures}: −{n} VP.", c.vp,
                    figures=figures)
    if c.shared:
        return nfmt("Shares the most {figures}: +{n} VP.", "Shares the most {figures}: +{n} VP.", c.vp,
                    figures=figures)
    return nfmt("The most {figures}: +{n} VP.", "The most {figures}: +{n} VP.", c.vp, figures=figures)


def majority_sentence(c: MajorityChange, names: list[str]) -> str:
    """A change as the log's sentence: why a panel's VP jumped."""
    figures, name = figure_name(c.figure, 2), _name(names, c.seat)
    if not c.won:
        return nfmt("{name} no longer has the most {figures}: −{n} VP.",
                    "{name} no longer has the most {figures}: −{n} VP.", c.vp, name=name, figures=figures)
    if c.shared:
        return nfmt("{name} now shares the most {figures}: +{n} VP for now.",
                    "{name} now shares the most {figures}: +{n} VP for now.", c.vp, name=name, figures=figures)
    return nfmt("{name} now has the most {figures}: +{n} VP for now.",
                "{name} now has the most {figures}: +{n} VP for now.", c.vp, name=name, figures=figures)


def majority_moves(was: list[dict[str, int]], now: list[dict[str, int]], names: list[str],
                   rs: Ruleset) -> list[tuple[int | None, str]]:
    """A provisional majority that changed hands, one sentence per seat that won or lost it."""
    return [(c.seat, majority_sentence(c, names)) for c in majority_changes(was, now, rs)]


class GameLog:
    """The game log as a session listener: a sentence or two per applied action, one per
    undo. A continued game gets its log back from the session's kept states; the log
    keeps no states of its own.

    `last_turn[seat]`: how many actions had been taken when `seat` last acted (entries
    with a higher index are news to that seat).
    """

    KEEP, TRIM_AT = 200, 300

    def __init__(self, session: GameSession, names: tuple[str, ...], rs: Ruleset) -> None:
        self.session = session
        self.names = list(names)
        self.rs = rs
        self.entries: list[Entry] = []
        self.last_turn: dict[int, int] = {}
        # a continued game's first line ("The game goes on in round 3") is said at this index
        self.resumed_at: int | None = len(session.actions) if session.actions else None
        self._tell()

    def retell(self) -> None:
        """Say the whole log again in the current language (after a language switch): every
        action's sentences, and the opening line where it stood."""
        self._tell()

    def _tell(self) -> None:
        session = self.session
        self.entries = []
        n = len(session.actions)
        if self.resumed_at is None:
            start = rules.position(session.state_before(0) if n else session.state)
            self.entries.append(Entry(None, fmt("A game for {players} begins. {name} is start player.",
                                                players=start.n, name=self.names[start.start_player]), 0))
            self._tell_actions(0, n)
        else:
            upto = min(self.resumed_at, n)
            self._tell_actions(0, upto)
            pos = rules.position(session.state_before(upto) if upto < n else session.state)
            # the last move began this round: its line ("Round 1 begins; …") says it already
            # (said twice after Continue: playtest 1)
            began = upto > 0 and pos.round > 0 and rules.position(session.state_before(upto - 1)).round != pos.round
            if pos.phase != "game_over" and not began:    # a finished game opened again does not go on
                sp = self.names[pos.start_player]
                text = (fmt("The game goes on in round {round}; {name} is start player.", round=pos.round, name=sp)
                        if pos.round else fmt("The game goes on in the start rounds; {name} is start player.",
                                              name=sp))
                self.entries.append(Entry(None, text, upto))
            self._tell_actions(upto, n)                  # what was played since (a retelling)
        self.entries = self.entries[-self.KEEP:]

    def _tell_actions(self, start: int, stop: int) -> None:
        session = self.session
        for i in range(start, stop):
            self._add(self.position_before(i), session.actions[i], self.position_after(i), i + 1)
            seat = session.actor_of(i)
            if seat is not None:
                self.last_turn[seat] = i + 1

    def position_before(self, index: int) -> Position:
        return rules.position(self.session.state_before(index))

    def position_after(self, index: int) -> Position:
        """The position actions[index] led to (kept by the session)."""
        s = self.session
        return rules.position(s.state_before(index + 1) if index + 1 < len(s.actions) else s.state)

    def __call__(self, event: SessionEvent) -> None:
        if event.kind == "applied":
            self._add(event.was, event.action, event.now, event.index + 1)
            if len(self.entries) > self.TRIM_AT:
                self.entries = self.entries[-self.KEEP:]
            if event.seat is not None:
                self.last_turn[event.seat] = event.index + 1
        elif event.kind == "undone":
            for e in self.entries:          # the lines the undone move said
                if e.index > event.index:
                    e.taken_back = True
            name = self.names[event.seat] if event.seat is not None else ""
            self.entries.append(Entry(event.seat, fmt("{name} took back the last move.", name=name),
                                      event.index, taken_back=True))

    def _add(self, before: Position, action: Action, after: Position, index: int) -> None:
        short = short_sentence(before, action, after, self.rs)
        glyph = move_glyph(before, action, after, self.rs)
        for k, (who, text) in enumerate(sentences(before, action, after, self.names, self.rs)):
            # the move's own sentence (the first) has its short form; what it set off has none
            self.entries.append(Entry(who, text, index, short=short if k == 0 else "",
                                      glyph=glyph if k == 0 else ()))
        if after.phase == "game_over":
            return                  # the final scoring tells the majorities itself
        s = self.session
        if not 0 < index <= len(s.actions):
            return
        was = rules.final_scores(s.state_before(index - 1))
        now = rules.final_scores(s.state_before(index) if index < len(s.actions) else s.state)
        was_m, now_m = [r["majorities"] for r in was], [r["majorities"] for r in now]
        for c in majority_changes(was_m, now_m, self.rs):
            self.entries.append(Entry(c.seat, majority_sentence(c, self.names), index, short=majority_short(c),
                                      glyph=majority_glyph(c)))

    def since_last_turn(self, seat: int | None) -> list[tuple[int | None, Position, Position]]:
        """(actor, before, after) positions of the actions since `seat` last acted."""
        if seat is None or seat not in self.last_turn:
            return []
        s = self.session
        return [(s.actor_of(i), self.position_before(i), self.position_after(i))
                for i in range(self.last_turn[seat], len(s.actions))]
