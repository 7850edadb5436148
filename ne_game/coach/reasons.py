"""Why a better move is better: what differs between the futures the coach sampled (no pygame).

For each sampled world the coach plays the move taken and the better move and rolls both on
(review.py); the position each rollout reached is kept. Here the seat's score sheet in each of
those futures is read (its cards with their VP, the figure majorities it holds, its money and
its land tiles, and the best rival's VP) and the two sets of futures are compared, paired
world by world. The biggest differences, in VP where the game gives VP, become `Why` facts:
structured (a card id, a figure, a land, counts of futures), so that the screen and
`ne-game review --json` say them in the player's language (ne_game/ui/scenes/coach/words.py)
and never claim what the samples do not show: a fact is kept only when it differs in at least
MIN_SHARE of the sampled worlds.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import cast

from ne_game.ai.evaluation import final_estimate
from ne_game.ai.model import Model, placements
from ne_game.rules import Snapshot
from ne_game.rules.errors import cell_label

#: the reasons' version: a review stored with other reasons (older facts, a restated parcel)
#: is made again rather than shown (the records key a review by its settings and this)
REASONS_VERSION = 20
MIN_SHARE = 0.25     # a difference named must show in at least this share of the sampled worlds
MAX_WHY = 2          # at most this many facts per finding (the biggest)
#: what a fact is about (the words module has a sentence for each)
WHY_KINDS = ("card", "card_more", "majority", "rival_card", "rival_majority", "money", "income", "land", "room",
             "stored", "parcel", "ahead", "rival_gets", "cause", "sources", "land_cards",
             "land_held", "land_offer", "land_deck", "chain", "reveal")
#: what a land count is for (playtest 10d, Mercy's round 3: "about 2 more settlement tiles" is an
#: outcome): a land-use card of that land whose pattern fits the seat's parcels by the next offer
#: in more games after the better move, kept in the seat's barn, on the offer, or still unseen
LAND_FOR = ("land_held", "land_offer", "land_deck")
#: the point of a better move that is a sequence of steps in one turn (playtest 10d, brief 49c: "buy
#: at J3, then A7" said no why this order): what differs right after the turn, from the cause's
#: steps: "coast" (the better move's tile is a coast parcel the seat's ship moves to, which frees
#: the parcel under it for a land-use card), "majority" (the turn ends with one more figure of a
#: kind instead of another purchase, and that figure wins or ties the majority; its `amount` is 1
#: when the move taken could still end the turn the same way: `_commutes`)
CHAIN_POINTS = ("coast", "majority")
#: when a majority fact's figure counts are (its `detail`; "" for reviews stored before): every
#: future at the game's end, or every one at the next round's offer (playtest 11b)
COUNTS_WHEN = ("end", "offer")
#: a "sources" fact's detail: which source of the seat's VP is the same after either move in every game
#: ("cards": the cards the same, the majorities differ; "mostly_majorities": both differ, the
#: majorities by more; and the other way round)
SOURCES_SAME = ("cards", "majorities", "mostly_majorities", "mostly_cards")
#: a cause's steps (Step.role): the decision that made the futures differ, what the same seat did
#: first (a figure moved), what happened instead in the other futures, what the parcel the figure
#: left is then used for ("freed", playtest 7b: "you move your ship from H1" said no why), and
#: what the reviewed seat itself did in that turn when a rival buys the item instead ("own"); and
#: ("later", a LAND_FOR fact's) the land tiles the seat buys after the better move that the card's
#: pattern needs as well
STEP_ROLES = ("main", "first", "instead", "freed", "own", "card", "later")
#: a "card" step (verb "could"): a land-use card that develops the land of a parcel the samples
#: leave open with no card shown (playtest 10d): `source` says where it is at the decision, or
#: ("bought", a "chain" fact's) that the better move's own turn buys it, or ("deck", playtest 10j)
#: that it is still unseen and its pattern fits the seat's land in `count` of the games then
CARD_PLACES = ("barn", "offer", "bought", "deck")
#: how a bought item is used (Step.use): a figure placed, a card kept in a barn, land developed
STEP_USES = ("", "place", "store", "develop")
#: what a step is: a purchase, a figure moved, a card played out of a barn, the end of a turn, or
#: ("fits", a "freed" step only) a card kept in a barn whose pattern may cover the freed parcel by
#: the future's end (the futures stop at the next offer, often before the card is played), or
#: ("open", a "freed" step only) the freed parcel still undeveloped and without a figure then
STEP_VERBS = ("buy", "move", "play", "end", "fits", "open", "could")
#: what stands on a parcel of the seat's in a future ("parcel" facts): a figure (its id, from the
#: ruleset), or else developed, or open (undeveloped and free of figures: where a card's pattern
#: may still go, rules §4.4)
PARCEL_STATES = ("developed", "open")
#: the first offer slot of the items ships reveal (rules §2: slots 9, 10, ... in a round)
FIRST_EXTRA_SLOT = 9
MAX_LINKS = 1        # a value fact gets at most this many parcel facts after it (the link between the moves)


@dataclass(frozen=True)
class Step:
    """One decision a seat made inside a sampled future (the hard player's rollout `trace`):
    a purchase from the offer ("buy": `item` a card id or a land) or a figure moved ("move":
    `item` the figure, from `source` to `where`). `marker`: the bid marker the seat held (0:
    none); `where`: the parcel used (board label: where a tile or figure goes, the barn a card
    is kept in, the first parcel developed), `use`: one of STEP_USES."""

    seat: int
    round: int
    verb: str
    item: str
    marker: int = 0
    where: str = ""
    source: str = ""
    use: str = ""
    role: str = "main"
    #: every parcel a "develop" step turns (`where` is the first): a freed parcel's use is one of them
    cells: tuple[str, ...] = ()
    #: the seat's shillings after the step (an "own" step that ends the turn: what it kept)
    money: int = -1
    #: in how many of the futures a "freed" or "own" step shows (0: not counted)
    count: int = 0
    #: a purchase of an item a ship revealed this round (offer slot 9 and up, rules §4.3): what a
    #: reveal puts on the offer (playtest 10j); not part of a step's identity (the same purchase)
    revealed: bool = field(default=False, compare=False)

    @property
    def key(self) -> tuple[int, int, str, str]:
        """What makes two futures' decisions the same one (the marker and the parcel may differ)."""
        return (self.seat, self.round, self.verb, self.item)

    def to_json(self) -> dict[str, object]:
        row: dict[str, object] = {"seat": self.seat, "round": self.round, "verb": self.verb, "item": self.item,
                                  "marker": self.marker, "where": self.where, "source": self.source, "use": self.use,
                                  "role": self.role}
        if self.cells:
            row["cells"] = list(self.cells)
        if self.money >= 0:
            row["money"] = self.money
        if self.count:
            row["count"] = self.count
        if self.revealed:
            row["revealed"] = True
        return row

    def uses(self, label: str) -> bool:
        """True when the step puts something on the parcel `label` (a tile, a figure, a card's pattern)."""
        return self.verb in ("buy", "play") and self.use in ("place", "develop") and (
            self.where == label or label in self.cells)


def steps_of(trace: Sequence[tuple[Snapshot, Mapping[str, object]]]) -> tuple[Step, ...]:
    """The purchases and figure moves of a rollout's trace (ne_game/ai/hard.py `_rollout`), in order."""
    out: list[Step] = []
    for snap, action in trace:
        t = action.get("type")
        seat = snap.get("current_player")
        if not isinstance(seat, int) or t not in ("buy_land", "buy_card", "move_figure", "play_stored", "end_turn"):
            continue
        rnd, player = int(snap["round"]), snap["players"][seat]
        bid = player.get("bid")
        marker = bid if isinstance(bid, int) else 0
        if t == "end_turn":
            # the turn ended with these shillings in hand (playtest 7b: "why couldn't I buy it myself?")
            out.append(Step(seat, rnd, "end", "turn", marker, money=int(player.get("money", 0))))
            continue
        if t == "play_stored":
            # a card taken out of a barn: what a parcel freed by a figure is used for (playtest 7b)
            use = action.get("use")
            use = use if isinstance(use, dict) else {}
            card = _barn_card(snap, seat, action.get("barn"))
            if card:
                cells = tuple(_cells(use.get("develop")))
                where = cells[0] if cells else _label(use.get("figure_on"))
                out.append(Step(seat, rnd, "play", card, marker, where, use="develop" if cells else "place",
                                cells=cells))
            continue
        if t == "move_figure":
            src = cast("list[int]", action["from"])
            figure = next((str(tile["figure"]) for tile in snap["tiles"] if tile.get("figure")
                           and any(list(c) == list(src) for c in tile["cells"])), "")
            out.append(Step(seat, rnd, "move", figure, marker, _label(action.get("to")), _label(src)))
            continue
        item = next((o["item"] for o in snap["offer"] if o["slot"] == action.get("slot")), None)
        if item is None:
            continue
        name = str(item.get("card") or item.get("land") or "")
        slot = action.get("slot")
        revealed = isinstance(slot, int) and slot >= FIRST_EXTRA_SLOT
        if t == "buy_land":
            out.append(Step(seat, rnd, "buy", name, marker, _label(action.get("cell")), use="place",
                            revealed=revealed))
            continue
        use = action.get("use")
        use = use if isinstance(use, dict) else {}
        if "figure_on" in use:
            out.append(Step(seat, rnd, "buy", name, marker, _label(use["figure_on"]), use="place", revealed=revealed))
        elif "store_in_barn" in use:
            out.append(Step(seat, rnd, "buy", name, marker, _label(use["store_in_barn"]), use="store",
                            revealed=revealed))
        else:
            cells = tuple(_cells(use.get("develop")))
            out.append(Step(seat, rnd, "buy", name, marker, next(iter(cells), ""), use="develop", cells=cells,
                            revealed=revealed))
    return tuple(out)


def _barn_card(snap: Snapshot, seat: int, barn: object) -> str:
    """The card kept in `seat`'s barn on the tile holding the cell `barn` ("" when unknown)."""
    if not isinstance(barn, list) or len(barn) != 2:
        return ""
    tile = next((tile for tile in snap["tiles"] if any(list(c) == list(barn) for c in tile["cells"])), None)
    cells = [list(c) for c in tile["cells"]] if tile is not None else [list(barn)]
    for row in snap["players"][seat].get("barns", []):
        if isinstance(row, dict) and list(row.get("cell", [])) in cells and isinstance(row.get("card"), str):
            return str(row["card"])
    return ""


def _label(cell: object) -> str:
    return next(iter(_cells(cell)), "")


@dataclass(frozen=True)
class Sheet:
    """One seat's score sheet in one sampled future."""

    cards: frozenset[str]
    majorities: frozenset[str]
    money: int
    lands: tuple[tuple[str, int], ...]     # land tiles owned, by land (start tiles too)
    rival_cards: frozenset[str]            # the cards the best rivals hold
    margin: int                            # VP over the best rival, by cards and majorities
    room: tuple[tuple[str, int], ...] = ()  # free parcels where a tile of each land may go (rules §4.4)
    rival_majorities: frozenset[str] = frozenset()   # figures whose majority a rival holds alone
    income: int = 0                        # shillings a round (4 + a pilgrim's each)
    card_counts: tuple[tuple[str, int], ...] = ()   # a card may be held twice (two P3L)
    stored: frozenset[str] = frozenset()   # the cards in its barns (its own: it sees them)
    parcels: tuple[tuple[str, str], ...] = ()   # (parcel label, PARCEL_STATES) for each parcel it owns
    figures: tuple[tuple[str, int, int], ...] = ()   # (figure, the seat's count, the most a rival has)
    # (rival seat, figure) for each figure a rival got between the decision and this future's end
    # (playtest 4b: who took the offer's second pilgrim is what made the majority change hands)
    rival_gets: frozenset[tuple[int, str]] = frozenset()
    # the decisions every seat made in this future (purchases, figures moved), in order: what made
    # two futures differ (playtest 6b: "Prudence gets the pilgrim" said the effect, not why)
    steps: tuple[Step, ...] = ()
    seat: int = -1                         # whose sheet it is (the steps of every seat are kept)
    # for each card kept in its barns, the parcels a pattern of it may cover now (rules §4.4)
    fits: tuple[tuple[str, tuple[str, ...]], ...] = ()
    # the land-use cards (any, held or not) whose pattern fits the seat's open parcels then: what
    # its land is for (playtest 10d: a land count said the outcome, not the card it serves)
    patterns: frozenset[str] = frozenset()
    # the future reached the game's end (rollouts near the end play on to it; earlier ones stop at
    # the next round's offer): when a figure count is (playtest 11b: "2 ships to the best rival's 2"
    # read as now, where the board shows 1 each)
    ended: bool = False


def sheet(snap: Snapshot, seat: int, start: Model | None = None, steps: tuple[Step, ...] = ()) -> Sheet:
    """`start`: the position of the decision, to tell which figures each rival got since;
    `steps`: the decisions of the future (`steps_of` its rollout's trace)."""
    m = Model.from_observation(snap)
    counts = m.figure_counts()
    before = start.figure_counts() if start is not None else None
    gets = frozenset((s, f) for s in range(m.n) if s != seat and before is not None and s < len(before)
                     for f in m.data.figures if counts[s][f] > before[s].get(f, 0))
    est = final_estimate(m)
    rival = max(est[s][0] for s in range(m.n) if s != seat)
    tops = frozenset(f for f in m.data.figures
                     if counts[seat][f] > 0 and counts[seat][f] == max(c[f] for c in counts))
    lands = Counter(t.land for t in m.tiles if t.owner == seat)
    rivals = frozenset(c for s in range(m.n) if s != seat for c in m.cards[s])
    room = tuple((land, len(m.frontier(seat, land))) for land in sorted(m.data.lands))
    theirs = frozenset(f for f in m.data.figures
                       if f not in tops and max(c[f] for c in counts) > 0)
    stored = frozenset(b[1] for b in m.barns[seat] if isinstance(b[1], str) and b[1] in m.data.cards)
    parcels = tuple(sorted((cell_label(*c), t.figure if t.figure in m.data.figures else
                            "developed" if t.developed else "open")
                           for t in m.tiles if t.owner == seat for c in t.cells))
    figures = tuple((f, counts[seat][f], max(c[f] for s, c in enumerate(counts) if s != seat)) for f in m.data.figures)
    fits = tuple((c, tuple(sorted({cell_label(*x) for opt in m.develop_options(seat, c) for x in opt})))
                 for c in sorted(stored))
    return Sheet(frozenset(m.cards[seat]), tops, int(m.money[seat]), tuple(sorted(lands.items())), rivals,
                 int(est[seat][0] - rival), room, theirs, int(m.income(seat)), tuple(sorted(Counter(m.cards[seat]).items())),
                 stored, parcels, figures, gets, steps, seat, fits,
                 frozenset(c for c, spec in m.data.cards.items() if spec.land and m.develop_options(seat, c)),
                 snap.get("phase") == "game_over")


@dataclass(frozen=True)
class Why:
    """One difference between the futures after the better move and after the move taken.

    kind: "card" (the seat holds `item` in `better` of `worlds` futures after the better move,
    in `taken` after its own), "majority" (holds the most `item` figures), "rival_card" (a
    rival holds card `item`: fewer is better), "money" (`amount` shillings more on average),
    "rival_majority" (a rival alone holds the majority of `item` figures: fewer is better),
    "income" (`amount` shillings more income a round on average),
    "land" (`amount` more `item` tiles on average), "room" (`amount` more free parcels where an
    `item` tile may go, on average: room for the cards to come), "ahead" (the better move's futures end
    ahead by `amount` VP in `better` of `worlds` worlds: said only when nothing concrete differs),
    "stored" (the seat keeps card `item` in a barn, to use later; `detail`: the card kept there
    instead after the move taken, "" when none is), "parcel" (the seat's parcel
    `item`, a board label such as "H1", is in state `detail` (PARCEL_STATES: a figure standing
    there, developed, or open for a card's pattern): the link between two placements).
    `vp`: what the difference is worth (the card's or the majority's VP)."""

    kind: str
    item: str
    better: int
    taken: int
    worlds: int
    vp: int = 0
    amount: int = 0
    detail: str = ""
    # a majority's link (playtest 3b: "the most pilgrims in 7 of 7 futures, against 0" where both
    # placements give 3): the seat's count and the best rival's in the typical future after the
    # better move, then after the move taken; () when the sheets did not count them
    counts: tuple[int, ...] = ()
    # a "cause" (the decision in the futures that made the fact before it true): its steps by
    # role (STEP_ROLES); `detail` says on which side the main step happens ("better" or "taken"),
    # `amount` in how many worlds the "instead" step happens on the other side
    steps: tuple[Step, ...] = field(default=())
    seat: int = -1      # a cause's: the reviewed seat (its steps are said as "you"); -1 for the other facts

    def to_json(self) -> dict[str, object]:
        row: dict[str, object] = {"kind": self.kind, "item": self.item, "better": self.better, "taken": self.taken,
                                  "worlds": self.worlds, "vp": self.vp, "amount": self.amount, "detail": self.detail,
                                  "counts": list(self.counts)}
        if self.kind in ("cause", "chain", "reveal") or self.steps:   # the other facts' rows keep their keys (`ne-game review --json`)
            row["steps"] = [st.to_json() for st in self.steps]
            row["seat"] = self.seat
        return row

    def step(self, role: str) -> Step | None:
        return next((st for st in self.steps if st.role == role), None)


def explain(taken: Sequence[Sheet], better: Sequence[Sheet], card_vp: dict[str, int],
            majority_vp: dict[str, int], focus: Sequence[str] = (), *,
            move: Mapping[str, object] | None = None, coastal_only: Collection[str] = (),
            card_land: Mapping[str, str] | None = None, start: Model | None = None,
            taken_move: Mapping[str, object] | None = None) -> tuple[Why, ...]:
    """The biggest differences between paired futures (taken[i] and better[i] share world i).
    `focus`: the parcels the two moves use (board labels); a difference on them is the link
    named after a card or a majority, and stands in for "ahead" when nothing else differs.
    `move`: the better move; a parcel fact that only restates it is no reason (`restates`).
    A card, a majority or a card kept, the seat's or a rival's, is followed by its cause when the
    futures' decisions show one (`with_cause`). `card_land`: each land-use card's land, to say what
    VP a land fact's tiles bring (`_with_land_cards`). `start`: the seat's view at the decision, to
    say which card a land fact's tiles are for (`_land_for`) and what a chain's point is (`_chain`).
    `taken_move`: the move taken, to say that a better reveal still makes its purchase (`_reveal`)."""
    whys = _effects(taken, better, card_vp, majority_vp, focus, move=move, coastal_only=coastal_only)
    n = min(len(taken), len(better))
    if not n:
        return whys
    whys = with_cause(whys, taken[:n], better[:n], max(1, round(MIN_SHARE * n)))
    whys = _with_land_cards(whys, taken[:n], better[:n], card_vp, card_land or {}, max(1, round(MIN_SHARE * n)))
    if start is not None:
        whys = tuple(_could(w, start, card_land or {}, taken[0].seat, taken[:n], better[:n],
                            max(1, round(MIN_SHARE * n))) for w in whys)
        whys = _blocked(whys, taken[:n], max(1, round(MIN_SHARE * n)))
        whys = _land_for(whys, taken[:n], better[:n], start, card_vp, card_land or {}, max(1, round(MIN_SHARE * n)),
                         move)
        if move is not None:
            whys = _chain(whys, start, move, coastal_only, card_land or {}, taken_move)
            whys = tuple(_pattern_parcels(w, better[:n], start, max(1, round(MIN_SHARE * n))) for w in whys)
            whys = _reveal(whys, taken[:n], better[:n], start, move, taken_move, card_vp, card_land or {},
                           max(1, round(MIN_SHARE * n)))
    source = _sources(taken[:n], better[:n], card_vp, majority_vp)
    if source is None or not whys or whys[0].kind == "ahead" or _restated(source, whys[0]):
        return whys
    return whys + (source,)


def _with_land_cards(whys: tuple[Why, ...], taken: Sequence[Sheet], better: Sequence[Sheet],
                     card_vp: Mapping[str, int], card_land: Mapping[str, str], need: int) -> tuple[Why, ...]:
    """After a land fact ("about 2 more settlement tiles", an outcome, not a cause: playtest 10d,
    Mercy's round 3), what the score sheets show those tiles bring by the futures' end: the VP of
    the seat's cards of that land ("land_cards": `vp` the mean gain, `better` the games where it is
    more, `detail` the card most often gained there when it is gained in enough of them), or,
    when those cards score the same after either move in every game, that too (`detail` "same":
    the tiles are room for cards to come, not VP yet). Nothing when the sheets show neither."""
    land = next((w for w in whys if w.kind == "land"), None)
    if land is None or not card_land:
        return whys

    def held(sh: Sheet) -> Counter[str]:
        return Counter(dict(sh.card_counts)) if sh.card_counts else Counter(sh.cards)

    def land_vp(sh: Sheet) -> int:
        return sum(card_vp.get(c, 0) * k for c, k in held(sh).items() if card_land.get(c) == land.item)

    n = len(taken)
    diffs = [land_vp(y) - land_vp(x) for x, y in zip(taken, better)]
    more = sum(d > 0 for d in diffs)
    gain = sum(diffs) / n if n else 0.0
    if all(d == 0 for d in diffs):
        fact = Why("land_cards", land.item, 0, 0, n, detail="same")
    elif more >= need and gain >= 1.0:
        gained = Counter(c for x, y in zip(taken, better) if land_vp(y) > land_vp(x)
                         for c in (held(y) - held(x)) if card_land.get(c) == land.item).most_common(1)
        card = gained[0][0] if gained and gained[0][1] >= need else ""
        fact = Why("land_cards", land.item, more, sum(d < 0 for d in diffs), n, round(gain), detail=card)
    else:
        return whys
    at = whys.index(land) + 1
    return whys[:at] + (fact,) + whys[at:]


def _cards_in_reach(start: Model, seat: int) -> tuple[set[str], set[str]]:
    """The cards the seat keeps in its barns and the cards on the offer at the decision."""
    held = {b[1] for b in start.barns[seat] if isinstance(b[1], str)}
    offer = {v[1] for v in start.offer.values() if v[0] == "card"}
    return held, offer


def _offer_item(start: Model, move: Mapping[str, object]) -> tuple[str, str] | None:
    """The offer item a move buys (its kind and id), None for a move that buys none."""
    slot = move.get("slot")
    return start.offer.get(slot) if isinstance(slot, int) else None


def _land_for(whys: tuple[Why, ...], taken: Sequence[Sheet], better: Sequence[Sheet], start: Model,
              card_vp: Mapping[str, int], card_land: Mapping[str, str], need: int,
              move: Mapping[str, object] | None = None) -> tuple[Why, ...]:
    """A land fact that leads ("about 2 more settlement tiles": an outcome, not a cause; playtest
    10d, Mercy's round 3) is said as what those tiles are FOR: the land-use card of that land whose
    pattern fits the seat's open parcels by the next offer in at least `need` more games after the
    better move than after the move taken; a card in the seat's barn first, else one on the offer
    at the decision, else one still unseen (the deck: then the gain comes from the cards to come,
    none the seat can buy now). The fact (LAND_FOR) replaces the land count, which it carries
    (`amount`), and a "land_cards" fact that only said "the same VP, room for cards to come".
    Unchanged when no card's pattern shows that difference (nothing is guessed).
    When the better move's own tile does not yet complete the pattern and every game where it fits
    shows the seat buying more tiles of that land after the move, the fact carries a "later" step
    (its `count`: those games): the pattern is the move's tile and those purchases together
    (playtest 10f, Mercy's round 3: "fits by the next offer" read as if B6 alone made the square)."""
    if not whys or whys[0].kind != "land" or not card_land:
        return whys
    land = whys[0]
    seat = taken[0].seat if taken else -1
    if not 0 <= seat < start.n:
        return whys
    found = _pattern_card(land.item, taken, better, start, seat, card_vp, card_land, need)
    if found is None:
        return whys
    c, kind, b, a = found
    fact = Why(kind, land.item, b, a, len(taken), card_vp.get(c, 0), land.amount, detail=c)
    later = _later(land.item, c, better, start, seat, move)
    if later is not None:
        fact = replace(fact, steps=(later,), seat=seat)
    rest = tuple(w for w in whys[1:] if not (w.kind == "land_cards" and w.detail == "same"))
    return (fact,) + rest


def _pattern_card(land: str, taken: Sequence[Sheet], better: Sequence[Sheet], start: Model, seat: int,
                  card_vp: Mapping[str, int], card_land: Mapping[str, str], need: int) -> tuple[str, str, int, int] | None:
    """The land-use card of `land` whose pattern fits the seat's open parcels by the next offer in
    at least `need` more games after the better move than after the move taken: one in the seat's
    barn first, else on the offer at the decision, else still unseen (LAND_FOR); the most games
    more, then the most VP. (card, LAND_FOR kind, games after the better move, after the taken)."""
    held, offer = _cards_in_reach(start, seat)
    unseen = {c for c, k in start.deck_counts.items() if k > 0}
    found: tuple[int, int, int, str, str, int, int] | None = None
    for tier, (kind, cards) in enumerate((("land_held", held), ("land_offer", offer), ("land_deck", unseen))):
        for c in sorted(c for c in cards if card_land.get(c) == land):
            b = sum(c in s.patterns for s in better)
            a = sum(c in s.patterns for s in taken)
            if b - a < need:
                continue
            key = (tier, -(b - a), -card_vp.get(c, 0), c, kind, b, a)
            if found is None or key < found:
                found = key
        if found is not None:
            break
    if found is None:
        return None
    *_, c, kind, b, a = found
    return c, kind, b, a


def _reveal(whys: tuple[Why, ...], taken: Sequence[Sheet], better: Sequence[Sheet], start: Model,
            move: Mapping[str, object], taken_move: Mapping[str, object] | None, card_vp: Mapping[str, int],
            card_land: Mapping[str, str], need: int) -> tuple[Why, ...]:
    """A better move that reveals an extra item (rules §4.3: only before the seat's first purchase
    of the turn) is said as what the games show it adds (playtest 10j, Josiah's round 9: "G5 is
    yours, undeveloped" named no card and not why G5 mattered): the item the reveal draws that the
    seat buys that turn (a "reveal" fact: `item` the source, "land" or "card"; `better` the games
    where it buys one; its "main" step the most common such purchase, with its parcel when those
    games agree, `count` them), the move taken's own purchase still made after the reveal ("own"
    step, when the games show it), then the land-use card whose pattern that tile's land fits by
    the next offer in more games (a LAND_FOR fact, `amount` 0: `_pattern_card`). The parcel fact of
    the revealed tile is then said by these and left out. Unchanged when the games show no purchase
    of a revealed item (nothing is guessed)."""
    if move.get("type") != "reveal_extra" or not better:
        return whys
    seat, rnd, n = better[0].seat, start.round, len(better)
    if not 0 <= seat < start.n:
        return whys

    def revealed(sh: Sheet) -> list[Step]:
        return [st for st in sh.steps if st.seat == seat and st.round == rnd and st.verb == "buy" and st.revealed]

    rows = [revealed(sh)[:1] for sh in better]
    bought = sum(bool(r) for r in rows)
    if bought < need:
        return whys
    items = Counter(st.item for r in rows for st in r)
    item, count = items.most_common(1)[0]
    places = Counter(st.where for r in rows for st in r if st.item == item and st.where)
    where = places.most_common(1)[0][0] if len(places) == 1 else ""
    first = next(st for r in rows for st in r if st.item == item)
    main = Step(seat, rnd, "buy", item, first.marker, where, use=first.use, count=count, revealed=True)
    steps = [main]
    own = _offer_item(start, taken_move) if taken_move is not None and taken_move.get("type") in (
        "buy_land", "buy_card") else None
    if own is not None and taken_move is not None:
        spot = _parcels_of_move(taken_move)
        same = sum(any(st.seat == seat and st.round == rnd and st.verb == "buy" and st.item == own[1]
                       and (not spot or st.where == spot) for st in sh.steps) for sh in better)
        if same >= need:
            steps.append(Step(seat, rnd, "buy", own[1], 0, spot, role="own", count=same))
    taken_bought = sum(any(st.seat == seat and st.round == rnd and st.verb == "buy" and st.revealed for st in sh.steps)
                       for sh in taken)
    fact = Why("reveal", str(move.get("source", "")), bought, taken_bought, n, steps=tuple(steps), seat=seat)
    out = [fact]
    land = item if item in start.data.lands else ""
    found = _pattern_card(land, taken, better, start, seat, card_vp, card_land, need) if land else None
    if found is not None:
        c, kind, b, a = found
        out.append(Why(kind, land, b, a, n, card_vp.get(c, 0), 0, detail=c))
    # the revealed tile's parcel, and a land count or a pattern fact the reveal's facts say again
    rest = tuple(w for w in whys if not ((w.kind == "parcel" and ((where and w.item == where) or _revealed_tile(w)))
                                         or (found is not None and w.kind in LAND_FOR + ("land", "land_cards"))))
    return tuple(out) + rest[:max(0, MAX_WHY + 1 - len(out))]


def _revealed_tile(w: Why) -> bool:
    """A parcel fact whose tile is a revealed item the seat bought (playtest 10j: "I4 is yours ... you lay
    that tile yourself" after the reveal's facts had said the tile)."""
    main = w.step("main")
    return main is not None and main.revealed


def _parcels_of_move(move: Mapping[str, object]) -> str:
    """Where a purchase lays its tile, puts its figure, keeps its card or first develops (a board label)."""
    if move.get("type") == "buy_land":
        return _label(move.get("cell"))
    use = move.get("use")
    use = use if isinstance(use, dict) else {}
    for key in ("figure_on", "store_in_barn"):
        if key in use:
            return _label(use[key])
    return next(iter(_cells(use.get("develop"))), "")


def _later(land: str, card: str, better: Sequence[Sheet], start: Model, seat: int,
           move: Mapping[str, object] | None) -> Step | None:
    """The land tiles the seat buys after the better move, when the pattern of `card` needs them:
    not laid on the seat's open parcels of `land` right after the move (its tile added, when it
    buys one), and every future where it fits shows the seat buying a tile of that land. A "buy"
    step of role "later" whose `count` is those futures; None when the samples do not show it."""
    spec = start.data.cards.get(card)
    if spec is None or not 0 <= seat < start.n:
        return None
    cells, pairs = start.open_cells(seat, land)
    if move is not None and move.get("type") == "buy_land" and isinstance(move.get("cell"), list):
        item = _offer_item(start, move)
        cell = cast("list[int]", move["cell"])
        if item is not None and item[1] == land and len(cell) == 2:
            cells = cells | frozenset({(int(cell[0]), int(cell[1]))})
    if placements(cells, pairs, spec.shapes):
        return None     # the move's own tile completes it: no later purchase is part of the reason
    fitting = [s for s in better if card in s.patterns]
    bought = [s for s in fitting if any(st.seat == seat and st.verb == "buy" and st.item == land for st in s.steps)]
    if not fitting or len(bought) < len(fitting):
        return None
    return Step(seat, start.round, "buy", land, use="place", role="later", count=len(bought))


def _could(w: Why, start: Model, card_land: Mapping[str, str], seat: int, taken: Sequence[Sheet] = (),
           better: Sequence[Sheet] = (), need: int = 1) -> Why:
    """A parcel the samples leave open with no card shown using it (a cause's "open" freed step, or
    an open parcel fact without a "fits" step) names the land-use cards that develop its land
    (playtest 10d: "frees H1 for a land-use card" named none): one kept in the seat's barn, else
    one on the offer at the decision (a "card" step, verb "could", `source` CARD_PLACES). The
    futures stop at the next offer, so whether its pattern will take the parcel is not claimed."""
    if w.kind == "cause":
        freed = w.step("freed")
        label = freed.where if freed is not None and freed.verb == "open" else ""
    elif w.kind == "parcel" and w.detail == "open" and not any(st.verb == "fits" for st in w.steps):
        label = w.item
    else:
        return w
    tile = next((t for t in start.tiles if any(cell_label(*c) == label for c in t.cells)), None)
    if not label or tile is None or not 0 <= seat < start.n:
        return w
    barn_cards, offer_cards = _cards_in_reach(start, seat)
    held = {c for c in barn_cards if card_land.get(c) == tile.land}
    offer = {c for c in offer_cards if card_land.get(c) == tile.land}
    if not held and not offer:
        # none the seat can buy now (playtest 10j, Josiah's round 5: "so a land-use card may develop
        # H1" named none): a card still in the deck whose pattern fits the seat's land of that parcel
        # by the next offer in more of the games after the better move, with those games (`count`)
        found = _pattern_card(tile.land, taken, better, start, seat, {}, card_land, need) if better else None
        if found is None or found[1] != "land_deck":
            return w
        return replace(w, steps=w.steps + (Step(seat, start.round, "could", found[0], 0, label, "deck", role="card",
                                                 count=found[2]),))
    # which card (playtest 10d, brief 49c: Josiah's round 4 named the 2-parcel field card, first
    # by name, while the better sequence itself buys the L-shaped field card): the one the better
    # move's own steps buy or play, then one whose pattern covers the parcel together with the
    # seat's open parcels of that land round it, then barn before offer; the name only breaks ties
    own = {st.item for st in w.steps if st.seat == seat and st.verb in ("buy", "play")}
    cells, pairs = start.open_cells(seat, tile.land)
    cells = cells | frozenset(tile.cells)
    pairs = pairs | (frozenset({tile.cells}) if len(tile.cells) > 1 else frozenset())
    spot = next(c for c in tile.cells if cell_label(*c) == label)

    def fits(card: str) -> bool:
        return any(spot in pl for pl in placements(cells, pairs, start.data.cards[card].shapes))

    card = min(held | offer, key=lambda c: (c not in own, not fits(c), c not in held, c))
    return replace(w, steps=w.steps + (Step(seat, start.round, "could", card, 0, label,
                                             "barn" if card in held else "offer", role="card"),))


def _blocked(whys: tuple[Why, ...], taken: Sequence[Sheet], need: int) -> tuple[Why, ...]:
    """What stands on the parcels the better move leaves open, after the move taken (playtest 10j,
    Josiah's round 8: "H3 is yours, undeveloped ... against 3 after your move" did not say what
    happened to H3 otherwise): the figure the seat itself buys and places there that round, in at
    least `need` of the futures after the move taken, as an "instead" step of the first open parcel
    fact (`cells`: both parcels, the most games first, when the games split between two of the open
    ones); the other open parcel fact it names is then said by it. Unchanged when the games show no
    such purchase (nothing is guessed)."""
    opens = [w for w in whys if w.kind == "parcel" and w.detail == "open"]
    seat = taken[0].seat if taken else -1
    if not opens or seat < 0:
        return whys
    labels = {w.item for w in opens}
    rows = [next((st for st in sh.steps if st.seat == seat and st.verb == "buy" and st.use == "place"
                  and st.where in labels), None) for sh in taken]
    placed = [st for st in rows if st is not None]
    if len(placed) < need:
        return whys
    item = Counter(st.item for st in placed).most_common(1)[0][0]
    same = [st for st in placed if st.item == item]
    if len(same) < need:
        return whys
    places = [p for p, _ in sorted(Counter(st.where for st in same).items(), key=lambda pn: (-pn[1], pn[0]))][:2]
    first = opens[0] if opens[0].item in places else next((w for w in opens if w.item == places[0]), opens[0])
    instead = replace(same[0], role="instead", where=places[0], cells=tuple(places) if len(places) == 2 else (),
                      count=len(same), money=-1)
    out: list[Why] = []
    for w in whys:
        if w is first:
            out.append(replace(w, steps=w.steps + (instead,)))
        elif not (w.kind == "parcel" and w.detail == "open" and w.item in places):
            out.append(w)
    return tuple(out)


def _chain(whys: tuple[Why, ...], start: Model, move: Mapping[str, object], coastal_only: Collection[str],
           card_land: Mapping[str, str], taken_move: Mapping[str, object] | None = None) -> tuple[Why, ...]:
    """The point of a better move that the futures continue in the same turn (CHAIN_POINTS), said
    right after the first fact as one "chain" fact; the cause keeps only the steps the chain does
    not say (not twice). Read from the cause's steps (what the seat does next that turn in the
    games after the better move, and what it does instead after its own) and the position at the
    decision; unchanged when they show neither point (nothing is guessed)."""
    at = next((k for k, w in enumerate(whys) if w.kind == "cause" and w.detail == "better"), None)
    if at is None:
        return whys
    cause = whys[at]
    seat, main = cause.seat, cause.step("main")
    item = _offer_item(start, move)
    if main is None or main.seat != seat or item is None or not 0 <= seat < start.n:
        return whys
    if move.get("type") == "buy_land" and isinstance(move.get("cell"), list):
        # a tile on the coast the ship moves to: the parcel it stood on is free for a card
        label = _label(move["cell"])
        first, freed, could = cause.step("first"), cause.step("freed"), cause.step("card")
        if first is None or first.verb != "move" or first.item not in coastal_only or first.where != label:
            return whys
        # (a card still in the deck is no point of the chain: the sentence says where the card is now)
        could = could if could is not None and could.source != "deck" else None
        card = (freed.item if freed is not None and freed.verb in ("play", "buy", "fits") and freed.item in card_land
                else could.item if could is not None else "")
        if not card:
            return whys
        tile = Step(seat, start.round, "buy", item[1], 0, label, use="place")
        how = "bought" if card == main.item else could.source if could is not None and could.item == card else "barn"
        chain = Why("chain", first.item, cause.better, cause.taken, cause.worlds, detail="coast", seat=seat,
                    steps=(tile, replace_role(first, "first"), Step(seat, start.round, "could", card, 0, first.source,
                                                                    how, role="card")))
        rest = replace(cause, steps=tuple(st for st in cause.steps if st.role not in ("first", "freed", "card")))
        return whys[:at] + (chain, rest) + whys[at + 1:]
    use = move.get("use")
    spot = use.get("figure_on") if isinstance(use, dict) else None
    spec = start.data.cards.get(str(item[1]))
    own = cause.step("own")
    if move.get("type") != "buy_card" or spot is None or spec is None or not spec.figure or own is None \
            or own.verb != "buy" or main.item != item[1] or main.round != start.round:
        return whys
    # the turn ends with two of that figure, not one and something else: that figure's majority
    majority = next((w for w in whys if w.kind == "majority" and w.item == spec.figure), None)
    if majority is None:
        return whys
    placed = Step(seat, start.round, "buy", str(item[1]), main.marker, _label(spot), use="place")
    chain = Why("chain", spec.figure, majority.better, majority.taken, majority.worlds, majority.vp,
                detail="majority", counts=majority.counts, seat=seat, amount=int(_commutes(start, move, taken_move, main)),
                steps=(placed, replace_role(own, "instead")))
    rest = replace(cause, steps=tuple(st for st in cause.steps if st.role != "own"))
    out = [w for w in whys if w is not cause]
    out.insert(out.index(majority) + 1, chain)
    out.insert(out.index(chain) + 1, rest)
    return tuple(out)


def _pattern_parcels(w: Why, better: Sequence[Sheet], start: Model, need: int) -> Why:
    """The parcels a "coast" chain's card takes (playtest 11b, Josiah's round 4: "keep it in your barn
    at H8 until you play it on H1" where the L-shaped card takes three parcels): on its "card" step,
    `cells` the parcels its pattern covers when the games agree on exactly that many at their end
    (`count` 0), else, when its pattern fits in none of them, the seat's parcels of the card's land
    open in every one of them and (`count`) how many more the pattern needs. Unchanged otherwise:
    the futures stop at the next offer and nothing is guessed."""
    card = w.step("card") if w.kind == "chain" and w.detail == "coast" else None
    spec = start.data.cards.get(card.item) if card is not None else None
    if card is None or spec is None or not spec.land or not better or card.cells:
        return w
    size = spec.size
    shown = Counter(dict(sh.fits).get(card.item, ()) for sh in better)
    cells, count = shown.most_common(1)[0]
    if cells and count >= need and len(cells) == size:
        found = replace(card, cells=tuple(cells), count=0)
    elif not any(shown_cells for shown_cells in shown):
        seat = better[0].seat
        mine = {cell_label(*c) for t in start.tiles if t.owner == seat and t.land == spec.land for c in t.cells}
        open_all = set.intersection(*({p for p, state in sh.parcels if state == "open"} for sh in better)) & mine
        if not open_all or len(open_all) >= size:
            return w
        found = replace(card, cells=tuple(sorted(open_all)), count=size - len(open_all))
    else:
        return w
    return replace(w, steps=tuple(found if st is card else st for st in w.steps))


def _commutes(start: Model, move: Mapping[str, object], taken: Mapping[str, object] | None, second: Step) -> bool:
    """True when the move taken leaves the better line's turn in reach (playtest 11b, Mercy's round 5:
    "J3, not A7" where the better line puts its second pilgrim on A7 too): the move taken buys the
    same card at the same price (the offer holds two of it, the marker is the turn's) and places its
    figure where the better line's second purchase goes, so the other copy may still be bought and
    placed on the better move's parcel, which the move taken leaves free. The two placements are then
    the same turn in another order: what differs is only the second purchase the games make."""
    if taken is None or taken.get("type") != "buy_card" or move.get("type") != "buy_card":
        return False
    mine, theirs = _offer_item(start, taken), _offer_item(start, move)
    if mine is None or theirs is None or mine != theirs:
        return False
    here, there = _parcels_of_move(taken), _parcels_of_move(move)
    return bool(here) and here != there and second.where == here and second.item == mine[1]


def _restated(source: Why, first: Why) -> bool:
    """A source fact that only says again the first fact's VP: one source the same, the other
    worth just the card or the majority the finding names first."""
    return (source.detail == "majorities" and first.kind in ("card", "card_more", "stored")
            and source.amount == first.vp) or (source.detail == "cards" and first.kind == "majority"
                                               and source.amount == first.vp)


def _sources(taken: Sequence[Sheet], better: Sequence[Sheet], card_vp: Mapping[str, int],
             majority_vp: Mapping[str, int]) -> Why | None:
    """Where the VP differ, by source (playtest 9b: Mercy's round 5 said who bought the second
    pilgrim, not why the pilgrim's square mattered; her cards were the same in every game, the
    difference was the majority): when one source of the seat's VP by the futures' end (its cards,
    its majorities) is the same after either move in every game and the other is worth at least a
    VP more after the better move on average, that is said. None otherwise: nothing is guessed."""
    def cards(sh: Sheet) -> int:
        return sum(card_vp.get(c, 0) * k for c, k in sh.card_counts) if sh.card_counts else \
            sum(card_vp.get(c, 0) for c in sh.cards)

    def majorities(sh: Sheet) -> int:
        return sum(majority_vp.get(f, 0) for f in sh.majorities)

    n = len(taken)
    for same, other in ((cards, majorities), (majorities, cards)):
        if all(same(x) == same(y) for x, y in zip(taken, better)):
            gain = sum(other(y) - other(x) for x, y in zip(taken, better)) / n
            if gain >= 1.0:
                return Why("sources", "", n, 0, n, amount=round(gain),
                           detail="cards" if same is cards else "majorities")
            return None
    # both differ: said when one source gains at least twice the other (and the other does not
    # lose): "the majorities about 4 VP more, your cards only about 1" (Mercy's round 5: the second
    # pilgrim's card is 1 VP, the majority it wins 4)
    gm = round(sum(majorities(y) - majorities(x) for x, y in zip(taken, better)) / n)
    gc = round(sum(cards(y) - cards(x) for x, y in zip(taken, better)) / n)
    if gm >= 2 and 0 <= gc and gm >= 2 * gc:
        return Why("sources", "", n, 0, n, vp=gc, amount=gm, detail="mostly_majorities")
    if gc >= 2 and 0 <= gm and gc >= 2 * gm:
        return Why("sources", "", n, 0, n, vp=gm, amount=gc, detail="mostly_cards")
    return None


#: the facts whose effect is a seat getting something: a decision in the futures may be their cause
CAUSED = ("card", "card_more", "stored", "majority", "rival_gets", "rival_card", "rival_majority")


def with_cause(whys: tuple[Why, ...], taken: Sequence[Sheet], better: Sequence[Sheet], need: int) -> tuple[Why, ...]:
    """`whys` with the cause of the first fact that has one said right after it (playtest 6b:
    "Prudence gets the pilgrim" and "the barn holds a 6-VP card" said the effect, not the
    decision that made it). A fact the cause says as well (the rival who got the figure, the
    figure standing on the parcel it moves to) is left out."""
    for w in whys:
        cause = _cause(w, taken, better, need) if w.kind in CAUSED else None
        if cause is None:
            continue
        if w.kind == "stored" and w.detail and any(st.role == "instead" and st.item == w.detail for st in cause.steps):
            # the card kept instead is said by the fact itself: not twice
            cause = replace(cause, steps=tuple(st for st in cause.steps if st.role != "instead"), amount=0)
        first = cause.step("first")
        out: list[Why] = []
        for x in whys:
            if x is w:
                out += [w, cause]
            elif not ((x.kind == "rival_gets" and x.item == cause.item)
                      or (x.kind == "parcel" and first is not None and x.item == first.where and x.detail == first.item)):
                out.append(x)
        return tuple(out[:MAX_WHY + 1])
    return whys


def _keys(sheet: Sheet) -> set[tuple[int, int, str, str]]:
    return {st.key for st in sheet.steps}


def _cause(w: Why, taken: Sequence[Sheet], better: Sequence[Sheet], need: int) -> Why | None:
    """The purchase that made `w` true, when the paired futures show it: a seat's purchase of the
    item (the card, the figure's card) in one round that happens in at least `need` more worlds on
    one side than on the other; with the step the same seat took first in that turn (a figure
    moved), and what happened on the other side instead (another seat bought the item, or the
    same seat bought something else). None when the samples show no such purchase."""
    n = len(taken)
    seat = taken[0].seat if taken else -1
    # (who, item, +1: happens after the better move / -1: after the move taken)
    wanted: list[tuple[int | None, str, int]]
    if w.kind in ("card", "card_more", "stored"):
        wanted = [(seat, w.item, +1)]
    elif w.kind == "majority":
        wanted = [(seat, w.item, +1), (None, w.item, -1)]
    elif w.kind == "rival_gets":
        wanted = [(int(w.detail), w.item, -1), (seat, w.item, +1)]
    else:   # a rival's card or majority
        wanted = [(None, w.item, -1), (seat, w.item, +1)]
    best: tuple[int, int, tuple[int, int, str, str], int] | None = None
    keys_t, keys_b = [_keys(s) for s in taken], [_keys(s) for s in better]
    for order, (who, item, sign) in enumerate(wanted):
        found = {k for ks in [*keys_t, *keys_b] for k in ks
                 if k[2] == "buy" and k[3] == item and (k[0] == who if who is not None else k[0] != seat)}
        for key in sorted(found, key=lambda k: (k[1], k[0])):
            a = sum(key in ks for ks in keys_t)
            b = sum(key in ks for ks in keys_b)
            diff = (b - a) * sign
            if diff >= need and (best is None or diff > best[0]):
                best = (diff, order, key, sign)
    if best is None:
        return None
    _, _, key, sign = best
    side, other = (better, taken) if sign > 0 else (taken, better)
    side_keys, other_keys = (keys_b, keys_t) if sign > 0 else (keys_t, keys_b)
    worlds = [i for i in range(n) if key in side_keys[i] and key not in other_keys[i]]
    main = _typical([st for i in worlds for st in side[i].steps if st.key == key])
    if main is None:
        return None
    shown = sum(main in side[i].steps for i in range(n))
    if shown - sum(key in ks for ks in other_keys) < need:
        return None
    steps = [main]
    # what the same seat did first, only in these futures: a figure moved in that turn, or earlier
    # off the very parcel the purchase uses (playtest 7b: "you buy a ship in round 12 and place it
    # on H1" while the ship stood on H1; its move to G1 in round 11 is what made room)
    # (each count below is of worlds: a seat buying two pilgrims in one world counts once)
    before = [[st for st in side[i].steps[:side[i].steps.index(main)]
               if st.verb == "move" and st.seat == main.seat and st not in other[i].steps
               and (st.round == main.round or st.source == main.where)]
              for i in worlds if main in side[i].steps]
    first = _typical([st for row in before for st in row])
    if first is not None and sum(first in row for row in before) >= need:
        steps.append(replace_role(first, "first"))
        freed = _freed(first, main, [side[i] for i in worlds], need)
        if freed is not None:
            steps.append(freed)
    # on the other side: another seat buys the same item that round, or the same seat buys another
    same = [[st for st in other[i].steps
             if st.verb == "buy" and st.item == main.item and st.round == main.round and st.seat != main.seat]
            for i in worlds]
    instead = _typical([st for row in same for st in row])
    if instead is None or sum(any(st.key == instead.key for st in row) for row in same) < need:
        same = [[st for st in other[i].steps if st.verb == "buy" and st.seat == main.seat and st.round == main.round
                 and st.key not in side_keys[i]] for i in worlds]
        instead = _typical([st for row in same for st in row])
    # the other side's step is said without its parcel: counted by who bought what, whatever the parcel
    count = sum(any(st.key == instead.key for st in row) for row in same) if instead is not None else 0
    if instead is not None and count >= need:
        steps.append(replace_role(instead, "instead"))
    else:
        count = 0
    own = _own(instead, main, seat, [other[i] for i in worlds], [side_keys[i] for i in worlds], need) \
        if instead is not None and count >= need and instead.seat != main.seat == seat else None
    if own is not None:
        steps.append(own)
    elsewhere = sum(key in ks for ks in other_keys)     # the item bought at all on the other side
    b, a = (shown, elsewhere) if sign > 0 else (elsewhere, shown)
    # the same purchase with the same marker on any parcel (playtest 10j, Josiah's round 1: "you buy a
    # pilgrim with it, in 5 of those 10 games" where every game bought it, on three parcels): the
    # main step's `count`, for the sentences that name no parcel
    loose = sum(any(st.key == key and st.marker == main.marker for st in side[i].steps) for i in range(n))
    if loose > shown:
        steps[0] = replace(main, count=loose)
    return Why("cause", main.item, b, a, n, amount=count, detail="better" if sign > 0 else "taken", steps=tuple(steps),
               seat=seat)


def _freed(first: Step, main: Step, futures: Sequence[Sheet], need: int) -> Step | None:
    """What the parcel `first` moved a figure off is used for afterwards by the same seat in
    `futures` (a card developed over it, a tile or figure placed on it), shown in at least `need`
    of them (playtest 7b: "before buying it you move your ship from H1 to A1" said no why). None
    when the purchase itself uses it (the sentence says so) or the samples show no use."""
    if main.uses(first.source):
        return None
    rows = []
    for sh in futures:
        if first not in sh.steps:
            continue
        later = sh.steps[sh.steps.index(first) + 1:]
        rows.append([st for st in later if st.seat == first.seat and st.uses(first.source)][:1])
    use = _typical([st for row in rows for st in row])
    count = sum(any(st.key == use.key for st in row) for row in rows) if use is not None else 0
    if use is not None and count >= need:
        return replace(use, role="freed", count=count)
    if main.use == "store":
        # the card bought for the barn is not played before the futures stop: whether its pattern
        # may cover the freed parcel then is what the samples show
        count = sum(first in sh.steps and first.source in dict(sh.fits).get(main.item, ()) for sh in futures)
        if count >= need:
            return Step(first.seat, main.round, "fits", main.item, 0, first.source, role="freed", count=count)
    # no use shown before the futures stop: only that the parcel is open for a card's pattern then
    count = sum(first in sh.steps and dict(sh.parcels).get(first.source) == "open" for sh in futures)
    if count >= need:
        return Step(first.seat, main.round, "open", first.source, 0, first.source, role="freed", count=count)
    return None


def _own(instead: Step, main: Step, seat: int, futures: Sequence[Sheet], side_keys: Sequence[set[tuple[int, int, str, str]]],
         need: int) -> Step | None:
    """What the reviewed seat itself did in that turn in the `futures` where a rival bought the item
    instead (playtest 7b: "why couldn't I buy the second pilgrim myself?"): a purchase it made
    there and not on the other side, or else the end of its turn with the shillings it kept, when
    at least `need` of them show it. None otherwise: nothing is guessed."""
    rows = [[st for st in sh.steps if st.seat == seat and st.round == main.round and st.verb == "buy"
             and st.key not in keys] for sh, keys in zip(futures, side_keys)
            if any(x.key == instead.key for x in sh.steps)]
    bought = _typical([st for row in rows for st in row])
    count = sum(any(st.key == bought.key for st in row) for row in rows) if bought is not None else 0
    if bought is not None and count >= need:
        # where it went (playtest 8b: "you buy a pasture tile instead of it" hid the link to the
        # parcels of the finding): the parcel when every game that bought it agrees; when the games
        # split between two parcels, both (`cells`, the most games first: "at K4 or J4"); else none
        places = Counter(st.where for row in rows for st in row if st.key == bought.key and st.where)
        if len(places) == 1 and sum(places.values()) >= count:
            return replace(bought, role="own", count=count, where=next(iter(places)),
                           cells=bought.cells if bought.use == "develop" else ())
        two = tuple(p for p, _ in sorted(places.items(), key=lambda pn: (-pn[1], pn[0]))) if len(places) == 2 else ()
        return replace(bought, role="own", count=count, where="", cells=two)
    # the turn ended with no purchase at all after the decision: "you buy nothing more" is then true
    ends = [next((st for st in sh.steps if st.seat == seat and st.round == main.round and st.verb == "end"), None)
            for sh in futures if any(x.key == instead.key for x in sh.steps)
            and not any(st.seat == seat and st.round == main.round and st.verb == "buy" for st in sh.steps)]
    kept = sorted(st.money for st in ends if st is not None)
    if len(kept) < need:
        return None
    end = next(st for st in ends if st is not None and st.money == kept[len(kept) // 2])
    return replace(end, role="own", count=len(kept))


def _typical(steps: Sequence[Step]) -> Step | None:
    """The most common step (the earliest seen on a tie), None when there is none."""
    if not steps:
        return None
    counts = Counter(steps)
    top = max(counts.values())
    return next(st for st in steps if counts[st] == top)


def replace_role(st: Step, role: str) -> Step:
    return replace(st, role=role)


def _effects(taken: Sequence[Sheet], better: Sequence[Sheet], card_vp: dict[str, int],
             majority_vp: dict[str, int], focus: Sequence[str] = (), *,
             move: Mapping[str, object] | None = None, coastal_only: Collection[str] = ()) -> tuple[Why, ...]:
    """The differences themselves (see `explain`)."""
    n = min(len(taken), len(better))
    if n == 0:
        return ()
    need = max(1, round(MIN_SHARE * n))
    found: list[tuple[float, Why]] = []
    for c in sorted(set().union(*(s.cards for s in taken[:n]), *(s.cards for s in better[:n]))):
        a = sum(c in s.cards for s in taken[:n])
        b = sum(c in s.cards for s in better[:n])
        if abs(b - a) >= need and b > a:
            found.append(((b - a) / n * card_vp.get(c, 0) + 0.01, Why("card", c, b, a, n, card_vp.get(c, 0))))
            continue
        # the same card held in both futures, but once more after the better move (a second P3L)
        ta = [dict(x.card_counts).get(c, 0) for x in taken[:n]]
        tb = [dict(y.card_counts).get(c, 0) for y in better[:n]]
        more = sum(y > x for x, y in zip(ta, tb))
        fewer = sum(x > y for x, y in zip(ta, tb))
        if more - fewer >= need:
            found.append(((more - fewer) / n * card_vp.get(c, 0) + 0.01,
                          Why("card_more", c, more, fewer, n, card_vp.get(c, 0))))
    for f in sorted(majority_vp):
        a = sum(f in s.majorities for s in taken[:n])
        b = sum(f in s.majorities for s in better[:n])
        if b - a >= need:
            found.append(((b - a) / n * majority_vp[f],
                          Why("majority", f, b, a, n, majority_vp[f], counts=_counts(f, taken[:n], better[:n]),
                              detail=_when(taken[:n], better[:n]))))
    for c in sorted(set().union(*(s.rival_cards for s in taken[:n]))):
        a = sum(c in s.rival_cards for s in taken[:n])
        b = sum(c in s.rival_cards for s in better[:n])
        if a - b >= need:
            found.append(((a - b) / n * card_vp.get(c, 0), Why("rival_card", c, b, a, n, card_vp.get(c, 0))))
    for f in sorted(majority_vp):
        a = sum(f in s.rival_majorities for s in taken[:n])
        b = sum(f in s.rival_majorities for s in better[:n])
        if a - b >= need:
            found.append(((a - b) / n * majority_vp[f] * 0.9,
                          Why("rival_majority", f, b, a, n, majority_vp[f], counts=_counts(f, taken[:n], better[:n]))))
    income = sum(y.income - x.income for x, y in zip(taken, better)) / n
    more = sum(y.income > x.income for x, y in zip(taken, better))
    if income >= 1.0 and more >= need:
        # a shilling more each round for the rounds left: about a VP a round late in the game
        found.append((income / 2, Why("income", "", more, n - more, n, 0, round(income))))
    money = sum(y.money - x.money for x, y in zip(taken, better)) / n
    more = sum(y.money > x.money for x, y in zip(taken, better))
    if money >= 1.0 and more >= need:
        # a shilling is worth about a third of a VP late in the game (the evaluation's own scale)
        found.append((money / 3, Why("money", "", more, n - more, n, 0, round(money))))
    # land tiles owned, and free parcels where a land may go (room counts least: a parcel is only
    # a chance of a card, not VP)
    found += _per_land("land", [dict(s.lands) for s in taken[:n]], [dict(s.lands) for s in better[:n]],
                       n, need, at_least=0.75, per_vp=2)
    found += _per_land("room", [dict(s.room) for s in taken[:n]], [dict(s.room) for s in better[:n]],
                       n, need, at_least=1.0, per_vp=10)
    for c in sorted(set().union(*(s.stored for s in better[:n]))):
        a = sum(c in s.stored for s in taken[:n])
        b = sum(c in s.stored for s in better[:n])
        if b - a >= need:
            # the card kept instead after the move taken: the link between the two moves (playtest 3b
            # (a)3: "a settlement at A1 -> a field card in a barn" puzzled; the samples show the
            # same shillings keep the pasture card P2 there after the move taken)
            instead = Counter(o for x, y in zip(taken[:n], better[:n]) if c in y.stored and c not in x.stored
                              for o in x.stored - y.stored).most_common(1)
            other = instead[0][0] if instead and instead[0][1] >= need else ""
            # a card kept for later is worth about half its VP (it may never find its place)
            weight = (b - a) / n * card_vp.get(c, 0) / 2
            found.append((weight, Why("stored", c, b, a, n, card_vp.get(c, 0), detail=other)))
    # a rival's majority of the figure whose majority the better move gives the seat is the same
    # change seen from the other side (playtest 3b: the same counts said twice): the seat's own is said
    mine = {w.item for _, w in found if w.kind == "majority"}
    found = [(v, w) for v, w in found if not (w.kind == "rival_majority" and w.item in mine)]
    # a card kept in a barn with no link the samples show (no card kept instead) comes after every
    # fact with one: never a lone unexplained fact first when a linked one is true (playtest 3b (a)3)
    found.sort(key=lambda fw: (fw[1].kind == "stored" and not fw[1].detail, -fw[0], fw[1].kind, fw[1].item))
    whys = tuple(w for _, w in found[:MAX_WHY])
    links = tuple(w for w in _parcels(taken[:n], better[:n], n, need, focus)
                  if move is None or not restates(w, move, coastal_only))
    link = tuple(w for w in links if w.item in focus)[:MAX_LINKS]
    gets = _who_gets(whys[0].item, taken[:n], better[:n], n, need) if whys and whys[0].kind in (
        "majority", "rival_majority") else None
    if gets is not None:
        # a majority changing hands, then who got the figure that moved it (playtest 4b: "4 to 3
        # with the better move, 3 to 4 after yours" left the newcomer asking why): the rival who
        # got one more of that figure by the next offer after the move taken, shown by the samples
        return (whys[0], gets)
    if whys and link and whys[0].kind == "stored":
        # a card kept in a barn says nothing of the move (playtest 4b (b): "a settlement at A1 ->
        # the field card F3L in the barn" could not be followed); what the better move changed on
        # its own parcels (a ship that can stand on A1) is the link the samples show: said first
        return (link[0], whys[0])
    if whys and link and whys[0].kind in ("land", "room", "money", "income") and (
            link[0].better - link[0].taken > whys[0].better - whys[0].taken):
        # a count (a tile more, room, shillings) names no item the move touches; the parcel the
        # better move changes, shown in more of the games, is the real link (playtest 7b: Josiah's
        # reveal in round 7 said "1 more field tile" where the ship's move off H1 to G1 is the why)
        rest = tuple(w for w in links if w is not link[0])
        return (link[0],) + (rest[:1] if rest else whys[:1])
    if whys and link and whys[0].kind in ("card", "card_more", "majority"):
        # a placement's card or majority, then the parcel the two moves differ by: still two sentences
        return (whys[0],) + link
    if whys:
        return whys
    if links:
        return links[:MAX_WHY]
    ahead = sum(y.margin > x.margin for x, y in zip(taken, better))
    gain = sum(y.margin - x.margin for x, y in zip(taken, better)) / n
    if ahead >= need and gain >= 0.5:
        return (Why("ahead", "", ahead, n - ahead, n, 0, round(gain)),)
    return ()


def _who_gets(figure: str, taken: Sequence[Sheet], better: Sequence[Sheet], n: int, need: int) -> Why | None:
    """The rival who got another `figure` by the next offer in more futures after the move taken
    than after the better move (by at least `need`), the largest such difference; None when the
    samples show no one."""
    found: tuple[int, int, int, int] | None = None
    for r in sorted({s for sh in [*taken, *better] for s, f in sh.rival_gets if f == figure}):
        a = sum((r, figure) in sh.rival_gets for sh in taken)
        b = sum((r, figure) in sh.rival_gets for sh in better)
        if a - b >= need and (found is None or a - b > found[0]):
            found = (a - b, r, a, b)
    if found is None:
        return None
    _, r, a, b = found
    return Why("rival_gets", figure, b, a, n, detail=str(r))


def _counts(figure: str, taken: Sequence[Sheet], better: Sequence[Sheet]) -> tuple[int, ...]:
    """How many `figure`s the seat and its best rival have in the typical future (the median)
    after the better move, then after the move taken: what makes a majority change hands."""
    def median(sheets: Sequence[Sheet], rival: bool) -> int | None:
        got = sorted(row[2] if rival else row[1] for s in sheets for row in s.figures if row[0] == figure)
        return got[len(got) // 2] if len(got) == len(sheets) and got else None
    out = [median(better, False), median(better, True), median(taken, False), median(taken, True)]
    return tuple(x for x in out if x is not None) if None not in out else ()


def _when(taken: Sequence[Sheet], better: Sequence[Sheet]) -> str:
    """When a majority fact's counts are (COUNTS_WHEN): "end" when every future reached the
    game's end, "offer" when none did (they stop at the next round's offer), "" when they differ."""
    ended = {sh.ended for sh in [*taken, *better]}
    return "end" if ended == {True} else "offer" if ended == {False} else ""


def _per_land(kind: str, taken: Sequence[dict[str, int]], better: Sequence[dict[str, int]], n: int, need: int,
              *, at_least: float, per_vp: float) -> list[tuple[float, Why]]:
    """Per land, a difference in a count (`kind`: "land" tiles owned, "room" free parcels)
    between the futures after the better move and after the move taken: named when it is at
    least `at_least` on average and more in at least `need` of the `n` futures; weighed as
    `per_vp` of it make one VP."""
    out: list[tuple[float, Why]] = []
    for land in sorted({k for d in [*taken, *better] for k in d}):
        diff = sum(y.get(land, 0) - x.get(land, 0) for x, y in zip(taken, better)) / n
        more = sum(y.get(land, 0) > x.get(land, 0) for x, y in zip(taken, better))
        if diff >= at_least and more >= need:
            out.append((diff / per_vp, Why(kind, land, more, n - more, n, 0, round(diff))))
    return out


def _parcels(taken: Sequence[Sheet], better: Sequence[Sheet], n: int, need: int,
             focus: Sequence[str]) -> tuple[Why, ...]:
    """What stands on the seat's parcels after the better move and not after the move taken (a
    figure moved there, a parcel left open for a card's pattern, a parcel developed), shown in
    at least `need` of the `n` futures; the parcels the moves use (`focus`) first, the most
    futures first. A parcel state the better move has in fewer futures is never named."""
    out: list[tuple[int, int, str, Why]] = []
    tk, bt = [dict(s.parcels) for s in taken], [dict(s.parcels) for s in better]
    states = sorted({state for d in [*tk, *bt] for state in d.values()})
    for label in sorted({p for d in [*tk, *bt] for p in d}):
        for state in states:
            a = sum(d.get(label) == state for d in tk)
            b = sum(d.get(label) == state for d in bt)
            if b - a >= need:
                steps = _parcel_steps(label, state, better, need) if state == "open" else ()
                out.append((label not in focus, -(b - a), label,
                            Why("parcel", label, b, a, n, detail=state, steps=steps)))
    out.sort(key=lambda t: t[:3])
    return tuple(w for *_, w in out)


def _parcel_steps(label: str, state: str, better: Sequence[Sheet], need: int) -> tuple[Step, ...]:
    """What the samples show about a parcel left open after the better move (playtest 10b: "so a
    card's pattern may use it" named no card, "G5 stays yours, undeveloped" did not say the better
    move buys the tile laid there): the seat's purchase that places a tile on it ("main"), and a
    card kept in its barn whose pattern may cover it at the futures' end ("freed", verb "fits"),
    each only when it shows in at least `need` of the futures where the parcel is open."""
    rows = [sh for sh in better if dict(sh.parcels).get(label) == state]
    out: list[Step] = []
    placed = Counter(st.item for sh in rows for st in {s.item: s for s in sh.steps
                     if s.seat == sh.seat and s.verb == "buy" and s.use == "place" and s.where == label}.values())
    if placed:
        item, count = placed.most_common(1)[0]
        if count >= need:
            first = next(st for sh in rows for st in sh.steps
                         if st.seat == sh.seat and st.verb == "buy" and st.use == "place" and st.where == label
                         and st.item == item)
            out.append(replace(first, role="main", count=count))
    fits = Counter(card for sh in rows for card, cells in sh.fits if label in cells)
    if fits:
        card, count = fits.most_common(1)[0]
        if count >= need:
            out.append(Step(rows[0].seat, 0, "fits", card, 0, label, role="freed", count=count))
    return tuple(out)


def _cells(value: object) -> list[str]:
    """Board labels of a cell ([x, y]) or a list of cells in a move's field."""
    cells = value if isinstance(value, list) and value and isinstance(value[0], list) else [value]
    return [cell_label(int(c[0]), int(c[1])) for c in cells
            if isinstance(c, (list, tuple)) and len(c) == 2 and all(isinstance(x, int) for x in c)]


def restates(w: Why, move: Mapping[str, object], coastal_only: Collection[str]) -> bool:
    """True when a parcel fact says only what the better move itself does (playtest 3b: "your
    barn stands at I8" when the better move is "place a barn on I8"): a figure the move puts on
    that parcel (unless the figure stands only on the coast: the coast is a cause the move does
    not say), a parcel the move develops, a parcel where the move lays its tile still open. A
    parcel left open or developed elsewhere, or a figure moved off the parcel, adds a cause."""
    if w.kind != "parcel":
        return False
    use = move.get("use")
    use = use if isinstance(use, dict) else {}
    if w.detail == "developed":
        return w.item in _cells(use.get("develop"))
    if w.detail == "open":
        return w.item in _cells(move.get("cell")) + (_cells(move.get("cells")) if move.get("type") == "place_start_tile"
                                                     else [])
    if w.detail in coastal_only:
        return False
    return w.item in _cells(use.get("figure_on")) + _cells(move.get("to"))


def why_from_json(row: object) -> Why:
    """A stored fact back (ValueError when it is not one)."""
    if not isinstance(row, dict) or row.get("kind") not in WHY_KINDS or not isinstance(row.get("item"), str):
        raise ValueError(f"not a reason: {str(row)[:80]}")
    nums = []
    for key in ("better", "taken", "worlds", "vp", "amount"):
        v = row.get(key, 0)
        if not isinstance(v, int) or isinstance(v, bool) or not -10_000 <= v <= 100_000:
            raise ValueError(f"reason {key}: {str(v)[:20]}")
        nums.append(v)
    detail = row.get("detail", "")      # reviews stored before parcel facts have none
    # a parcel's state is developed, open or a figure's id (a word: the ruleset's figures may grow)
    if not isinstance(detail, str) or (row["kind"] in ("parcel", "stored") and detail and not (
            detail in PARCEL_STATES or (detail.isidentifier() and len(detail) <= 20))) or (
            row["kind"] == "parcel" and not detail) or (
            row["kind"] == "rival_gets" and not (detail.isdigit() and len(detail) == 1)) or (
            row["kind"] == "sources" and detail not in SOURCES_SAME) or (
            row["kind"] == "majority" and detail not in ("",) + COUNTS_WHEN) or (
            row["kind"] == "land_cards" and not (detail == "" or (detail.isidentifier() and len(detail) <= 20))) or (
            row["kind"] in LAND_FOR and not (detail.isidentifier() and len(detail) <= 20)):
        raise ValueError(f"reason detail: {str(detail)[:20]}")
    better, taken, worlds, vp, amount = nums
    counts = row.get("counts", [])      # reviews stored before the counts have none
    if (not isinstance(counts, list) or len(counts) not in (0, 4)
            or not all(isinstance(c, int) and not isinstance(c, bool) and 0 <= c <= 1000 for c in counts)):
        raise ValueError(f"reason counts: {str(counts)[:40]}")
    steps = row.get("steps", [])        # reviews stored before causes have none
    if not isinstance(steps, list) or len(steps) > len(STEP_ROLES) or (row["kind"] == "cause" and not steps) or (
            bool(steps) and row["kind"] not in ("cause", "parcel", "chain", "reveal") + LAND_FOR) or (
            row["kind"] == "chain" and detail not in CHAIN_POINTS) or (
            row["kind"] == "cause" and detail not in ("better", "taken")):
        raise ValueError(f"reason steps: {str(steps)[:40]}")
    seat = row.get("seat", -1)
    if not isinstance(seat, int) or isinstance(seat, bool) or not -1 <= seat <= 1000:
        raise ValueError(f"reason seat: {str(seat)[:20]}")
    return Why(str(row["kind"]), str(row["item"])[:40], better, taken, worlds, vp, amount, detail[:20],
               tuple(counts), tuple(_step(st) for st in steps), seat)


def _step(row: object) -> Step:
    """A stored cause's step back (ValueError when it is not one)."""
    if not isinstance(row, dict):
        raise ValueError(f"not a step: {str(row)[:60]}")
    nums = [row.get(k) for k in ("seat", "round", "marker")]
    if not all(isinstance(v, int) and not isinstance(v, bool) and 0 <= v <= 1000 for v in nums):
        raise ValueError(f"step numbers: {str(nums)[:40]}")
    words = [row.get(k) for k in ("verb", "item", "where", "source", "use", "role")]
    if not all(isinstance(v, str) and len(v) <= 20 and (v == "" or v.isidentifier() or v.isalnum()) for v in words):
        raise ValueError(f"step words: {str(words)[:60]}")
    verb, item, where, source, use, role = cast("list[str]", words)
    if verb not in STEP_VERBS or use not in STEP_USES or role not in STEP_ROLES or not item:
        raise ValueError(f"step: {verb} {use} {role}")
    cells = row.get("cells", [])        # causes stored before the cells have none
    if not isinstance(cells, list) or len(cells) > 12 or not all(isinstance(c, str) and c.isalnum() and len(c) <= 4
                                                                 for c in cells):
        raise ValueError(f"step cells: {str(cells)[:40]}")
    money, count = row.get("money", -1), row.get("count", 0)
    if not all(isinstance(v, int) and not isinstance(v, bool) and -1 <= v <= 10_000 for v in (money, count)):
        raise ValueError(f"step money: {str(money)[:20]} {str(count)[:20]}")
    revealed = row.get("revealed", False)     # steps stored before playtest 10j have none
    if not isinstance(revealed, bool):
        raise ValueError(f"step revealed: {str(revealed)[:20]}")
    return Step(int(cast(int, nums[0])), int(cast(int, nums[1])), verb, item, int(cast(int, nums[2])), where, source,
                use, role, tuple(cells), int(cast(int, money)), int(cast(int, count)), revealed)
