"""The rules of play: which actions are legal, and what each one does.

Every rule lives in one predicate or generator here; `legal_actions` enumerates with them
and `apply_action` checks an action with the same functions, so the two never disagree.
When an action is refused, the message says why in a player's words.
"""
from __future__ import annotations

import random
from collections.abc import Callable, Mapping

from .actions import Action, CardUse
from .errors import IllegalAction, brief, cell_label, column_label
from .ruleset import CardSpec, Ruleset
from .state import CELLS, DEVELOPED, FIGURE, LAND, OWNER, START, State, Tile

# An action as a client hands it in, before its fields are checked: the engine reads it as a
# mapping and checks every value itself (the handlers below); only what it lists is typed.
RawAction = Mapping[str, object]

# A card use: ("develop", sorted cell indices) or ("figure_on" | "store_in_barn", tile index).
Use = tuple[str, int | tuple[int, ...]]

VARIANTS = {"start_tiles_touch_diagonally": False}

FIELDS = {
    "place_start_tile": ("land", "cells"),
    "announce_offer": ("land_tiles",),
    "take_bid": ("value",),
    "reveal_extra": ("source",),
    "buy_land": ("slot", "cell"),
    "buy_card": ("slot", "use"),
    "play_stored": ("barn", "use"),
    "move_figure": ("from", "to"),
    "end_turn": (),
}
PHASE_OF = {
    "place_start_tile": "start_tiles",
    "announce_offer": "offer",
    "take_bid": "bids",
    "reveal_extra": "buying", "buy_land": "buying", "buy_card": "buying",
    "play_stored": "buying", "move_figure": "buying", "end_turn": "buying",
}
PHASE_TEXT = {
    "start_tiles": "start rounds (place a start tile)",
    "offer": "offer step (the start player announces the land tiles)",
    "bids": "bidding (take a bid marker)",
    "buying": "buying phase",
    "game_over": "end of the game",
}


# ---- a new game --------------------------------------------------------------

def new_game(rs: Ruleset, players: int, seed: int | str | None, variant: object) -> State:
    if type(players) is not int or not rs.players_min <= players <= rs.players_max:
        raise ValueError(f"players must be a whole number from {rs.players_min} to {rs.players_max}, got {players!r}")
    variant = check_variant(variant)
    rng = random.Random(seed)
    bag = [land for land in rs.lands for _ in range(rs.tiles_per_land)]
    deck = [cid for cid, copies in rs.deck_composition for _ in range(copies)]
    rng.shuffle(bag)
    rng.shuffle(deck)
    start = rng.randrange(players)

    s = State.__new__(State)
    s.rs, s.seed, s.variant, s.n = rs, seed, variant, players
    s.phase, s.round, s.start_player = "start_tiles", 0, start
    s.money = (rs.start_money,) * players
    s.bid = (None,) * players
    s.cards = ((),) * players
    s.barns = ((),) * players
    s.cell_tile = (-1,) * rs.size
    s.tiles = ()
    s.offer = ()
    s.next_slot = rs.offer_slots
    s.bag, s.bag_pos = tuple(bag), 0
    s.deck, s.deck_pos = tuple(deck), 0
    s.supply = tuple(rs.figures[f].count for f in rs.figure_order)
    # the start rounds go counter-clockwise from the start player's right, so he places last
    s.order = tuple((start - k) % players for k in range(1, players + 1)) * rs.start_rounds
    s.order_pos = 0
    s.current = s.order[0]
    s.purchases, s.revealed, s.turn_ships = 0, False, 0
    s.discarded_lands, s.discarded_cards = (), ()
    s.view = None
    return s


def check_variant(variant: object) -> dict[str, bool]:
    if variant is None:
        return dict(VARIANTS)
    if not isinstance(variant, dict):
        raise ValueError(f"variant must be a dict of rule switches, got {type(variant).__name__}")
    unknown = [k for k in variant if k not in VARIANTS]
    if unknown:
        raise ValueError(f"unknown variant {', '.join(brief(k) for k in unknown[:5])}; known: {', '.join(VARIANTS)}")
    for key, value in variant.items():
        if not isinstance(value, bool):
            raise ValueError(f"variant {brief(key)} must be true or false, got {brief(value)}")
    return {**VARIANTS, **variant}


# ---- shared predicates -------------------------------------------------------

def start_tile_options(s: State, seat: int) -> tuple[list[str], list[tuple[int, int]]]:
    """(lands the seat may still place, legal cell pairs). Where nothing is legal, diagonal
    contact is allowed, and then any two free adjacent parcels (rules §3)."""
    placed = {t[LAND] for t in s.tiles if t[OWNER] == seat and t[START]}
    remaining = [land for land in s.rs.lands if land not in placed]
    diagonal = s.variant["start_tiles_touch_diagonally"]
    pairs: list[tuple[int, int]] = []
    for level in range(3):
        pairs = _free_dominoes(s, diagonal or level >= 1, level >= 2)
        if pairs:
            break
    return remaining, pairs


def _free_dominoes(s: State, diagonal_ok: bool, anywhere: bool) -> list[tuple[int, int]]:
    rs, ct = s.rs, s.cell_tile
    blocked: set[int] = set()
    if not anywhere:
        near = rs.orth if diagonal_ok else rs.ring
        for t in s.tiles:
            if t[START]:
                for c in t[CELLS]:
                    blocked.add(c)
                    blocked.update(near[c])
    return [(i, j) for i, j in rs.dominoes
            if ct[i] < 0 and ct[j] < 0 and i not in blocked and j not in blocked]


def land_cells(s: State, seat: int, land: str) -> list[int]:
    """Free parcels next to the seat's own land of this type and not next to a rival's (rules §4.4)."""
    ct, tiles, orth = s.cell_tile, s.tiles, s.rs.orth
    out: list[int] = []
    seen: set[int] = set()
    for t in tiles:
        if t[OWNER] != seat or t[LAND] != land:
            continue
        for c in t[CELLS]:
            for nb in orth[c]:
                if ct[nb] >= 0 or nb in seen:
                    continue
                seen.add(nb)
                for m in orth[nb]:
                    ti = ct[m]
                    if ti >= 0 and tiles[ti][LAND] == land and tiles[ti][OWNER] != seat:
                        break
                else:
                    out.append(nb)
    out.sort()
    return out


def develop_options(s: State, seat: int, card_id: str) -> list[tuple[int, ...]]:
    """Every set of parcels (sorted tuple of cell indices) this land-use card may develop."""
    rs = s.rs
    land = rs.cards[card_id].land
    free: set[int] = set()
    partner: dict[int, int] = {}
    for t in s.tiles:
        if t[OWNER] == seat and t[LAND] == land and not t[DEVELOPED] and t[FIGURE] is None:
            cells = t[CELLS]
            free.update(cells)
            if len(cells) == 2:
                partner[cells[0]], partner[cells[1]] = cells[1], cells[0]
    out: list[tuple[int, ...]] = []
    placements = rs.placements[card_id]
    for anchor in sorted(free):
        for cells in placements[anchor]:
            for c in cells:
                if c not in free or (c in partner and partner[c] not in cells):
                    break
            else:
                out.append(cells)
    return out


def figure_tiles(s: State, seat: int, figure: str) -> list[int]:
    """Tiles (indices) where the seat may put this figure: own, undeveloped, empty; ships on the coast."""
    coastal_only = s.rs.figures[figure].coastal_only
    coastal = s.rs.coastal
    return [ti for ti, t in enumerate(s.tiles)
            if t[OWNER] == seat and not t[DEVELOPED] and t[FIGURE] is None
            and (not coastal_only or any(coastal[c] for c in t[CELLS]))]


def card_uses(s: State, seat: int, card_id: str, storing: bool) -> list[Use]:
    """Every use of a card now, as ("develop", cells) / ("figure_on", tile) / ("store_in_barn", tile)."""
    card = s.rs.cards[card_id]
    uses: list[Use]
    if card.land is not None:
        uses = [("develop", cells) for cells in develop_options(s, seat, card_id)]
    elif card.figure is not None and s.supply[s.rs.figure_order.index(card.figure)] > 0:
        uses = [("figure_on", ti) for ti in figure_tiles(s, seat, card.figure)]
    else:
        uses = []
    if storing:
        uses += [("store_in_barn", ti) for ti, stored in s.barns[seat] if stored is None]
    return uses


def reveal_problem(s: State, seat: int) -> IllegalAction | None:
    """Why the seat may not reveal an extra item now, or None when it may (rules §4.3)."""
    if s.revealed:
        return IllegalAction("you have already revealed an extra item this turn", code="already_revealed")
    if s.purchases:
        return IllegalAction("an extra item is revealed before your first purchase", code="reveal_after_purchase")
    # the majority is judged when the buying turn begins (NL "op dat ogenblik", FR "à ce
    # moment-là"): ships the seat played from a barn since then do not count; rivals' counts
    # cannot change during his turn
    ships = s.figure_counts("ship")
    ships[seat] = s.turn_ships if seat == s.current else ships[seat]
    if ships[seat] == 0:
        return IllegalAction("revealing an extra item needs at least one ship of yours on the board",
                             code="no_ship")
    top = max(ships)
    if ships[seat] < top:
        rival = ships.index(top)
        return IllegalAction(f"{s.family_name(rival)} has more ships ({top}) than you ({ships[seat]})",
                             code="ship_majority", params={"owner": rival, "owner_name": s.family_name(rival),
                                                           "ships": top, "mine": ships[seat]})
    return None


def buy_problem(s: State, seat: int) -> IllegalAction | None:
    """Why the seat may not buy anything more this turn, or None."""
    rs = s.rs
    if s.purchases >= rs.max_purchases:
        return IllegalAction(f"you have already bought {rs.max_purchases} items this turn",
                             code="purchase_limit", params={"max": rs.max_purchases})
    price = s.bid[seat]
    assert price is not None, "a buyer holds a bid marker"
    if s.money[seat] < price:
        return IllegalAction(f"you hold {s.money[seat]} shillings; this costs {price}",
                             code="too_poor", params={"money": s.money[seat], "cost": price})
    return None


def movable_figures(s: State, seat: int) -> list[tuple[int, list[int]]]:
    """(from tile, [to tiles]) for each of the seat's figures that may move (rules §4.3)."""
    rs = s.rs
    out: list[tuple[int, list[int]]] = []
    for ti, t in enumerate(s.tiles):
        fig = t[FIGURE]
        if t[OWNER] == seat and fig is not None and rs.figures[fig].movable:
            targets = [tj for tj in figure_tiles(s, seat, fig) if tj != ti]
            if targets:
                out.append((ti, targets))
    return out


# ---- legal actions -----------------------------------------------------------

def legal_actions(s: State) -> list[Action]:
    phase = s.phase
    if phase == "buying":
        return _buying_actions(s)
    if phase == "start_tiles":
        xy = s.rs.xy
        assert s.current is not None, "someone places a start tile"
        remaining, pairs = start_tile_options(s, s.current)
        return [{"type": "place_start_tile", "land": land, "cells": [list(xy[i]), list(xy[j])]}
                for land in remaining for i, j in pairs]
    if phase == "offer":
        return [{"type": "announce_offer", "land_tiles": k}
                for k in range(s.rs.offer_land_min, s.rs.offer_land_max + 1)]
    if phase == "bids":
        held = set(s.bid)
        return [{"type": "take_bid", "value": v} for v in s.rs.bid_values if v not in held]
    return []


def _buying_actions(s: State) -> list[Action]:
    rs, seat = s.rs, s.current
    assert seat is not None, "the buying phase has a current buyer"
    xy = rs.xy
    tiles = s.tiles
    out: list[Action] = []
    if reveal_problem(s, seat) is None:
        if s.bag_left:
            out.append({"type": "reveal_extra", "source": "land"})
        if s.deck_left:
            out.append({"type": "reveal_extra", "source": "card"})
    if buy_problem(s, seat) is None:
        lands: dict[str, list[int]] = {}
        cards: dict[str, list[Use]] = {}
        for slot, kind, what in s.offer:
            if kind == "land":
                cells = lands.get(what)
                if cells is None:
                    cells = lands[what] = land_cells(s, seat, what)
                for c in cells:
                    out.append({"type": "buy_land", "slot": slot, "cell": list(xy[c])})
            else:
                uses = cards.get(what)
                if uses is None:
                    uses = cards[what] = card_uses(s, seat, what, storing=True)
                for use in uses:
                    out.append({"type": "buy_card", "slot": slot, "use": _use_dict(s, use)})
    for ti, stored in s.barns[seat]:
        if stored is not None:
            barn = list(xy[tiles[ti][CELLS][0]])
            for use in card_uses(s, seat, stored, storing=False):
                out.append({"type": "play_stored", "barn": list(barn), "use": _use_dict(s, use)})
    for ti, targets in movable_figures(s, seat):
        here = xy[tiles[ti][CELLS][0]]
        for tj in targets:
            out.append({"type": "move_figure", "from": list(here), "to": list(xy[tiles[tj][CELLS][0]])})
    out.append({"type": "end_turn"})
    return out


def _use_dict(s: State, use: Use) -> CardUse:
    kind, what = use
    xy = s.rs.xy
    if not isinstance(what, int):       # "develop": its cells
        return {"develop": [list(xy[c]) for c in what]}
    cell = list(xy[s.tiles[what][CELLS][0]])
    if kind == "figure_on":
        return {"figure_on": cell}
    return {"store_in_barn": cell}


# ---- applying ----------------------------------------------------------------

def apply_action(s: State, action: object) -> State:
    if not isinstance(action, Mapping):
        raise IllegalAction(f"an action is a dict with a 'type', got {type(action).__name__}",
                            code="not_an_action", params={"got": type(action).__name__})
    kind = action.get("type")
    if not isinstance(kind, str) or kind not in FIELDS:
        raise IllegalAction(f"unknown action type {brief(kind)}", code="unknown_action",
                            params={"action": brief(kind)})
    expected = {"type", *FIELDS[kind]}
    if set(action) != expected:
        missing = sorted(expected - set(action))
        extra = sorted(set(action) - expected)
        extra = [brief(k) if not isinstance(k, str) else k[:40] for k in extra]
        parts = ([f"missing {', '.join(missing)}"] if missing else []) + ([f"unexpected {', '.join(extra)}"] if extra else [])
        raise IllegalAction(f"a {kind} action has the fields {', '.join(sorted(expected))}: {'; '.join(parts)}",
                            code="action_fields", params={"action": kind, "missing": missing, "unexpected": extra})
    if s.phase == "game_over":
        raise IllegalAction("the game is over", code="game_over")
    if PHASE_OF[kind] != s.phase:
        raise IllegalAction(f"{kind.replace('_', ' ')} is not possible now: this is the {PHASE_TEXT[s.phase]}",
                            code="wrong_phase", params={"action": kind, "phase": s.phase})
    return _HANDLERS[kind](s, action)


def _cell(s: State, value: object, what: str = "cell") -> int:
    i = s.rs.index(value)
    if i is None:
        raise _not_a_parcel(s, value, what)
    return i


def _not_a_parcel(s: State, value: object, what: str) -> IllegalAction:
    """Why an [x, y] value names no parcel, in the board's own labels: which edge it passes."""
    rs = s.rs
    if not (isinstance(value, (list, tuple)) and len(value) == 2 and all(type(v) is int for v in value)):
        return IllegalAction(f"a {what} is given as [column, row] numbers, not as {brief(value)}",
                             code="not_a_cell", params={"what": what})
    x, y = value
    for outside, edge, axis, label in ((x < 0, "west", "column", column_label(0)),
                                       (x >= rs.width, "east", "column", column_label(rs.width - 1)),
                                       (y < 0, "north", "row", "1"),
                                       (y >= rs.height, "south", "row", str(rs.height))):
        if outside:
            return IllegalAction(f"that {what} would reach past {axis} {label}, off the board",
                                 code="off_board", params={"what": what, "edge": edge, axis: label})
    label = cell_label(x, y)
    return IllegalAction(f"{label} is not a parcel of the board", code="off_board",
                         params={"what": what, "cell": label})


def _whole_number(value: object, what: str) -> int:
    if type(value) is not int:
        raise IllegalAction(f"{what} must be a whole number, got {brief(value)}",
                            code="not_whole_number", params={"what": what, "got": type(value).__name__})
    return value


def _tile_at(s: State, cell: object) -> int:
    i = _cell(s, cell)
    ti = s.cell_tile[i]
    if ti < 0:
        raise IllegalAction(f"there is no tile at {s.cell_text(i)}", code="no_tile", cells=[s.rs.xy[i]],
                            params={"cell": s.cell_text(i)})
    return ti


def _place_start_tile(s: State, a: RawAction) -> State:
    seat = s.current
    assert seat is not None, "someone places a start tile"
    land, cells = a["land"], a["cells"]
    if not isinstance(land, str) or land not in s.rs.lands:
        raise IllegalAction(f"unknown land {brief(land)}; the lands are {', '.join(s.rs.lands)}",
                            code="unknown_land", params={"land": brief(land), "lands": list(s.rs.lands)})
    remaining, pairs = start_tile_options(s, seat)
    if land not in remaining:
        raise IllegalAction(f"you have already placed your {land} start tile", code="start_land_placed",
                            params={"land": land})
    if not isinstance(cells, (list, tuple)) or len(cells) != 2:
        raise IllegalAction("a start tile covers two cells: give a list of two [x, y] cells",
                            code="start_tile_cells")
    i, j = sorted(_cell(s, c) for c in cells)
    xy = s.rs.xy
    if j not in s.rs.orth[i]:
        raise IllegalAction(f"cells {s.cell_text(i)} and {s.cell_text(j)} are not orthogonally adjacent",
                            code="not_adjacent", cells=[xy[i], xy[j]],
                            params={"cell_a": s.cell_text(i), "cell_b": s.cell_text(j)})
    for c in (i, j):
        if s.cell_tile[c] >= 0:
            raise IllegalAction(f"cell {s.cell_text(c)} is taken", code="cell_taken", cells=[xy[c]],
                                params={"cell": s.cell_text(c)})
    if (i, j) not in pairs:
        diagonal = s.variant["start_tiles_touch_diagonally"]
        near = s.rs.orth if diagonal else s.rs.ring
        for c in (i, j):
            for nb in near[c]:
                ti = s.cell_tile[nb]
                if ti >= 0 and s.tiles[ti][START]:
                    t = s.tiles[ti]
                    raise IllegalAction(
                        f"cell {s.cell_text(c)} touches {s.family_name(t[OWNER])}'s {t[LAND]} start tile; "
                        "start tiles may not touch" + (" orthogonally" if diagonal else ""),
                        code="start_tile_contact", cells=[xy[c], xy[nb]],
                        params={"cell": s.cell_text(c), "touching": s.cell_text(nb), "owner": t[OWNER],
                                "owner_name": s.family_name(t[OWNER]), "land": t[LAND],
                                "diagonal_allowed": diagonal})
        raise IllegalAction("start tiles may not touch", code="start_tile_blocked", cells=[xy[i], xy[j]])
    new = s.copy()
    _add_tile(new, (seat, land, (i, j), True, False, None))
    new.order_pos += 1
    if new.order_pos < len(new.order):
        new.current = new.order[new.order_pos]
    else:
        new.phase, new.round, new.order, new.order_pos = "offer", 1, (), 0
        new.current = new.start_player
    return new


def _add_tile(s: State, tile: Tile) -> None:
    ti = len(s.tiles)
    s.tiles = s.tiles + (tile,)
    ct = list(s.cell_tile)
    for c in tile[CELLS]:
        ct[c] = ti
    s.cell_tile = tuple(ct)


def _announce_offer(s: State, a: RawAction) -> State:
    rs = s.rs
    n = _whole_number(a["land_tiles"], "the number of land tiles")
    if not rs.offer_land_min <= n <= rs.offer_land_max:
        raise IllegalAction(f"announce {rs.offer_land_min} to {rs.offer_land_max} land tiles, not {brief(n)}",
                            code="offer_count", params={"value": n, "min": rs.offer_land_min,
                                                        "max": rs.offer_land_max})
    new = s.copy()
    cards = rs.offer_slots - n
    if s.bag_left < n or s.deck_left < cards:
        # too little stock to fill the offer: the game ends at once (rules §4.1, §5)
        _end_game(new)
        return new
    lands = s.bag[s.bag_pos:s.bag_pos + n]
    drawn = s.deck[s.deck_pos:s.deck_pos + cards]
    new.offer = tuple((k, "land", land) for k, land in enumerate(lands)) + tuple(
        (n + k, "card", cid) for k, cid in enumerate(drawn))
    new.bag_pos += n
    new.deck_pos += cards
    new.next_slot = rs.offer_slots
    new.phase = "bids"
    new.order = tuple((s.start_player + k) % s.n for k in range(s.n))
    new.order_pos = 0
    new.current = new.order[0]
    return new


def _end_game(s: State) -> None:
    s.phase, s.current, s.order, s.order_pos = "game_over", None, (), 0
    dropped = tuple(card for barns in s.barns for _, card in barns if card is not None)
    s.discarded_cards = s.discarded_cards + dropped
    s.barns = tuple(tuple((ti, None) for ti, _ in barns) for barns in s.barns)


def _take_bid(s: State, a: RawAction) -> State:
    value = _whole_number(a["value"], "a bid")
    if value not in s.rs.bid_values:
        raise IllegalAction(f"there is no bid marker {brief(value)}; they are numbered "
                            f"{s.rs.bid_values[0]} to {s.rs.bid_values[-1]}", code="no_bid_marker",
                            params={"value": value, "low": s.rs.bid_values[0], "high": s.rs.bid_values[-1]})
    if value in s.bid:
        owner = s.bid.index(value)
        raise IllegalAction(f"bid marker {value} is taken by {s.family_name(owner)}", code="bid_taken",
                            params={"value": value, "owner": owner, "owner_name": s.family_name(owner)})
    seat = s.current
    assert seat is not None, "someone takes a bid"
    new = s.copy()
    bids = list(s.bid)
    bids[seat] = value
    new.bid = tuple(bids)
    new.order_pos += 1
    if new.order_pos < len(new.order):
        new.current = new.order[new.order_pos]
    else:
        new.phase = "buying"
        held = [b for b in bids if b is not None]
        assert len(held) == s.n, "every seat holds a bid"
        new.order = tuple(sorted(range(s.n), key=lambda k: -held[k]))
        new.order_pos = 0
        new.current = new.order[0]
        new.purchases, new.revealed = 0, False
        new.turn_ships = new.figure_counts("ship")[new.current]
    return new


def _reveal_extra(s: State, a: RawAction) -> State:
    source = a["source"]
    if source not in ("land", "card"):
        raise IllegalAction(f"reveal a 'land' tile or a 'card', not {brief(source)}", code="reveal_source",
                            params={"source": brief(source)})
    assert s.current is not None, "the buying phase has a current buyer"
    problem = reveal_problem(s, s.current)
    if problem:
        raise problem
    new = s.copy()
    if source == "land":
        if not s.bag_left:
            raise IllegalAction("the bag is empty", code="bag_empty")
        item = (s.next_slot, "land", s.bag[s.bag_pos])
        new.bag_pos += 1
    else:
        if not s.deck_left:
            raise IllegalAction("the deck is empty", code="deck_empty")
        item = (s.next_slot, "card", s.deck[s.deck_pos])
        new.deck_pos += 1
    new.offer = s.offer + (item,)
    new.next_slot += 1
    new.revealed = True
    return new


def _offer_item(s: State, named: object, wanted: str) -> tuple[int, str]:
    """(slot, item) of the offer entry a purchase names, if the current player may buy now."""
    slot = _whole_number(named, "a slot")
    entry = next((e for e in s.offer if e[0] == slot), None)
    # the screen numbers the slots from 1
    shown = brief(slot + 1) if abs(slot) < 1 << 62 else brief(slot)
    if entry is None:
        raise IllegalAction(f"there is nothing in slot {shown}", code="slot_empty",
                            params={"slot": slot, "slot_label": shown})
    if entry[1] != wanted:
        raise IllegalAction(f"slot {shown} holds {'a card' if wanted == 'land' else 'a land tile'}, "
                            f"not {'a land tile' if wanted == 'land' else 'a card'}", code="slot_kind",
                            params={"slot": slot, "slot_label": shown, "holds": entry[1], "wanted": wanted})
    assert s.current is not None, "the buying phase has a current buyer"
    problem = buy_problem(s, s.current)
    if problem:
        raise problem
    return slot, entry[2]


def _buy_land(s: State, a: RawAction) -> State:
    seat = s.current
    assert seat is not None, "the buying phase has a current buyer"
    slot, land = _offer_item(s, a["slot"], "land")
    c = _cell(s, a["cell"])
    if c not in land_cells(s, seat, land):
        raise _land_cell_problem(s, seat, land, c)
    new = _pay(s, seat, slot)
    _add_tile(new, (seat, land, (c,), False, False, None))
    return new


def _land_cell_problem(s: State, seat: int, land: str, c: int) -> IllegalAction:
    where, xy = s.cell_text(c), s.rs.xy
    if s.cell_tile[c] >= 0:
        return IllegalAction(f"cell {where} is taken", code="cell_taken", cells=[xy[c]], params={"cell": where})
    for nb in s.rs.orth[c]:
        ti = s.cell_tile[nb]
        if ti >= 0 and s.tiles[ti][LAND] == land and s.tiles[ti][OWNER] != seat:
            owner = s.tiles[ti][OWNER]
            return IllegalAction(f"cell {where} touches {s.family_name(owner)}'s {land}", code="rival_contact",
                                 cells=[xy[c], xy[nb]],
                                 params={"cell": where, "touching": s.cell_text(nb), "owner": owner,
                                         "owner_name": s.family_name(owner), "land": land})
    return IllegalAction(f"cell {where} is not next to your own {land}", code="not_connected", cells=[xy[c]],
                         params={"cell": where, "land": land})


def _pay(s: State, seat: int, slot: int) -> State:
    new = s.copy()
    new.offer = tuple(e for e in s.offer if e[0] != slot)
    money = list(s.money)
    price = s.bid[seat]
    assert price is not None, "a buyer holds a bid marker"
    money[seat] -= price
    new.money = tuple(money)
    new.purchases += 1
    return new


def _buy_card(s: State, a: RawAction) -> State:
    seat = s.current
    assert seat is not None, "the buying phase has a current buyer"
    slot, card_id = _offer_item(s, a["slot"], "card")
    use = _check_use(s, seat, card_id, a["use"], storing=True)
    new = _pay(s, seat, slot)
    _use_card(new, seat, card_id, use)
    return new


def _play_stored(s: State, a: RawAction) -> State:
    seat = s.current
    assert seat is not None, "the buying phase has a current buyer"
    ti = _tile_at(s, a["barn"])
    barns = s.barns[seat]
    k = next((k for k, (bt, _) in enumerate(barns) if bt == ti), None)
    first = s.tiles[ti][CELLS][0]
    where = s.cell_text(first)
    if k is None:
        raise IllegalAction(f"the tile at {where} is not one of your barns", code="not_a_barn",
                            cells=[s.rs.xy[first]], params={"cell": where})
    card_id = barns[k][1]
    if card_id is None:
        raise IllegalAction(f"your barn at {where} is empty", code="barn_empty", cells=[s.rs.xy[first]],
                            params={"cell": where})
    use = _check_use(s, seat, card_id, a["use"], storing=False)
    new = s.copy()
    mine = list(barns)
    mine[k] = (ti, None)
    all_barns = list(s.barns)
    all_barns[seat] = tuple(mine)
    new.barns = tuple(all_barns)
    _use_card(new, seat, card_id, use)
    return new


def _check_use(s: State, seat: int, card_id: str, use: object, storing: bool) -> Use:
    """The ("develop" | "figure_on" | "store_in_barn", what) a use dict names, if legal now."""
    if not isinstance(use, dict) or len(use) != 1:
        raise IllegalAction("a use is one of {'develop': [cells]}, {'figure_on': cell}, {'store_in_barn': cell}",
                            code="bad_use")
    (kind, value), = use.items()
    card = s.rs.cards[card_id]
    xy = s.rs.xy
    if kind == "store_in_barn":
        if not storing:
            raise IllegalAction("a card taken from a barn is used at once; it cannot be stored again",
                                code="no_restore", params={"card": card_id})
        ti = _tile_at(s, value)
        first = s.tiles[ti][CELLS][0]
        where = s.cell_text(first)
        for bt, stored in s.barns[seat]:
            if bt == ti:
                if stored is not None:
                    raise IllegalAction(f"your barn at {where} already stores a card", code="barn_full",
                                        cells=[xy[first]], params={"cell": where})
                return ("store_in_barn", ti)
        raise IllegalAction(f"the tile at {where} is not one of your barns", code="not_a_barn",
                            cells=[xy[first]], params={"cell": where})
    if kind == "figure_on":
        if card.figure is None:
            raise IllegalAction(f"the {card_id} card develops land; it places no figure", code="card_develops",
                                params={"card": card_id})
        fig = card.figure
        if s.supply[s.rs.figure_order.index(fig)] == 0:
            raise IllegalAction(f"no {fig}s are left in the supply", code="supply_empty", params={"figure": fig})
        ti = _tile_at(s, value)
        if ti not in figure_tiles(s, seat, fig):
            raise _figure_tile_problem(s, seat, fig, ti)
        return ("figure_on", ti)
    if kind == "develop":
        if card.land is None:
            raise IllegalAction(f"the {card_id} card places a {card.figure}; it develops no land",
                                code="card_places_figure", params={"card": card_id, "figure": card.figure})
        if not isinstance(value, (list, tuple)):
            raise IllegalAction("develop takes a list of [x, y] cells", code="not_a_cell",
                                params={"what": "list of cells"})
        cells = tuple(sorted(_cell(s, c) for c in value))
        if len(set(cells)) != len(cells):
            twice = next(c for c in cells if cells.count(c) > 1)
            raise IllegalAction(f"the parcel {s.cell_text(twice)} is named twice", code="cell_repeated",
                                cells=[xy[twice]], params={"cell": s.cell_text(twice)})
        if cells not in develop_options(s, seat, card_id):
            raise _develop_problem(s, seat, card, cells)
        return ("develop", cells)
    raise IllegalAction(f"unknown use {brief(kind)}; a use is develop, figure_on or store_in_barn",
                        code="unknown_use", params={"use": brief(kind)})


def _figure_tile_problem(s: State, seat: int, figure: str, ti: int) -> IllegalAction:
    t = s.tiles[ti]
    where = s.cell_text(t[CELLS][0])
    cells = [s.rs.xy[c] for c in t[CELLS]]
    if t[OWNER] != seat:
        return IllegalAction(f"the tile at {where} belongs to {s.family_name(t[OWNER])}", code="tile_not_yours",
                             cells=cells, params={"cell": where, "owner": t[OWNER],
                                                  "owner_name": s.family_name(t[OWNER])})
    if t[DEVELOPED]:
        return IllegalAction(f"the tile at {where} is developed; figures stand on undeveloped land",
                             code="figure_on_developed", cells=cells, params={"cell": where, "figure": figure})
    if t[FIGURE] is not None:
        return IllegalAction(f"a {t[FIGURE]} already stands on the tile at {where}", code="figure_occupied",
                             cells=cells, params={"cell": where, "figure": figure, "standing": t[FIGURE]})
    return IllegalAction(f"a {figure} must stand on the coast; {where} is inland", code="not_coastal",
                         cells=cells, params={"cell": where, "figure": figure})


def _develop_problem(s: State, seat: int, card: CardSpec, cells: tuple[int, ...]) -> IllegalAction:
    need, xy = card.parcels, s.rs.xy
    if len(cells) != need:
        return IllegalAction(f"the {card.id} card develops {need} parcels, not {len(cells)}", code="parcel_count",
                             cells=[xy[c] for c in cells], params={"card": card.id, "need": need, "given": len(cells)})
    for c in cells:
        ti = s.cell_tile[c]
        where = s.cell_text(c)
        if ti < 0:
            return IllegalAction(f"there is no tile at {where}", code="no_tile", cells=[xy[c]], params={"cell": where})
        t = s.tiles[ti]
        if t[OWNER] != seat:
            return IllegalAction(f"the parcel at {where} belongs to {s.family_name(t[OWNER])}", code="tile_not_yours",
                                 cells=[xy[c]], params={"cell": where, "owner": t[OWNER],
                                                        "owner_name": s.family_name(t[OWNER])})
        if t[LAND] != card.land:
            return IllegalAction(f"the parcel at {where} is {t[LAND]}, not {card.land}", code="land_mismatch",
                                 cells=[xy[c]], params={"cell": where, "land": t[LAND], "card_land": card.land})
        if t[DEVELOPED]:
            return IllegalAction(f"the parcel at {where} is already developed", code="already_developed",
                                 cells=[xy[c]], params={"cell": where})
        if t[FIGURE] is not None:
            return IllegalAction(f"a {t[FIGURE]} stands at {where}; land under a figure cannot be developed",
                                 code="figure_blocks_development", cells=[xy[c]],
                                 params={"cell": where, "figure": t[FIGURE]})
        other = [x for x in t[CELLS] if x not in cells]
        if other:
            return IllegalAction(f"a start tile is developed whole: {s.cell_text(other[0])} must be in the pattern too",
                                 code="start_tile_whole", cells=[xy[other[0]]], params={"cell": s.cell_text(other[0])})
    return IllegalAction(f"these parcels do not form the {card.id} pattern ({card.pattern}, turned any way)",
                         code="pattern_mismatch", cells=[xy[c] for c in cells],
                         params={"card": card.id, "pattern": card.pattern})


def _use_card(s: State, seat: int, card_id: str, use: Use) -> None:
    kind, what = use
    if kind == "store_in_barn":
        all_barns = list(s.barns)
        all_barns[seat] = tuple((bt, card_id if bt == what else stored) for bt, stored in s.barns[seat])
        s.barns = tuple(all_barns)
        return
    tiles = list(s.tiles)
    if not isinstance(what, int):       # "develop": its cells
        for ti in {s.cell_tile[c] for c in what}:
            t = tiles[ti]
            tiles[ti] = (t[OWNER], t[LAND], t[CELLS], t[START], True, None)
    else:
        fig = s.rs.cards[card_id].figure
        t = tiles[what]
        tiles[what] = (t[OWNER], t[LAND], t[CELLS], t[START], False, fig)
        k = s.rs.figure_order.index(fig)
        s.supply = s.supply[:k] + (s.supply[k] - 1,) + s.supply[k + 1:]
        if fig == "barn":
            all_barns = list(s.barns)
            all_barns[seat] = s.barns[seat] + ((what, None),)
            s.barns = tuple(all_barns)
    s.tiles = tuple(tiles)
    all_cards = list(s.cards)
    all_cards[seat] = s.cards[seat] + (card_id,)
    s.cards = tuple(all_cards)


def _move_figure(s: State, a: RawAction) -> State:
    seat = s.current
    assert seat is not None, "the buying phase has a current buyer"
    src = _tile_at(s, a["from"])
    t = s.tiles[src]
    where = s.cell_text(t[CELLS][0])
    here = [s.rs.xy[c] for c in t[CELLS]]
    if t[OWNER] != seat or t[FIGURE] is None:
        raise IllegalAction(f"no figure of yours stands at {where}", code="no_own_figure", cells=here,
                            params={"cell": where})
    fig = t[FIGURE]
    if not s.rs.figures[fig].movable:
        raise IllegalAction(f"a {fig} never moves", code="figure_immovable", cells=here, params={"figure": fig})
    dst = _tile_at(s, a["to"])
    if dst == src:
        raise IllegalAction(f"the {fig} already stands at {where}", code="figure_same_tile", cells=here,
                            params={"cell": where, "figure": fig})
    if dst not in figure_tiles(s, seat, fig):
        raise _figure_tile_problem(s, seat, fig, dst)
    new = s.copy()
    tiles = list(s.tiles)
    u = tiles[dst]
    tiles[src] = t[:FIGURE] + (None,)
    tiles[dst] = u[:FIGURE] + (fig,)
    new.tiles = tuple(tiles)
    return new


def _end_turn(s: State, a: RawAction) -> State:
    rs, seat = s.rs, s.current
    assert seat is not None, "the buying phase has a current buyer"
    new = s.copy()
    pilgrims = s.figure_counts("pilgrim")[seat]
    money, bids = list(s.money), list(s.bid)
    money[seat] += rs.income + rs.income_per_pilgrim * pilgrims
    bids[seat] = None
    new.money, new.bid = tuple(money), tuple(bids)
    new.order_pos += 1
    new.purchases, new.revealed, new.turn_ships = 0, False, 0
    if new.order_pos < len(new.order):
        new.current = new.order[new.order_pos]
        new.turn_ships = new.figure_counts("ship")[new.current]
        return new
    # the round is over: what is left in the offer leaves the game; the start player passes clockwise
    new.discarded_lands = s.discarded_lands + tuple(w for _, k, w in s.offer if k == "land")
    new.discarded_cards = s.discarded_cards + tuple(w for _, k, w in s.offer if k == "card")
    new.offer = ()
    new.next_slot = rs.offer_slots
    new.start_player = (s.start_player + 1) % s.n
    new.round += 1
    new.phase, new.order, new.order_pos = "offer", (), 0
    new.current = new.start_player
    return new


_HANDLERS: dict[str, Callable[[State, RawAction], State]] = {
    "place_start_tile": _place_start_tile,
    "announce_offer": _announce_offer,
    "take_bid": _take_bid,
    "reveal_extra": _reveal_extra,
    "buy_land": _buy_land,
    "buy_card": _buy_card,
    "play_stored": _play_stored,
    "move_figure": _move_figure,
    "end_turn": _end_turn,
}
