"""The table's view-model: everything the table shows, as immutable values.

Pure (no pygame). `build_static(...)` and `build_overlay(...)` turn the position
(`Facts`), the interaction state (what is picked, how it is turned), the computer
player's move on show, the pointer and the game log into frozen dataclasses of
tuples. Each drawing function takes (surface, layout, style, its view) and decides
nothing; the static layer is redrawn exactly when its view's value changes.

The words a player reads in the action bar, on the buttons and in the warnings are
chosen here (prompt_lines, buttons), so they are tested without a window, and the
translation catalogue has one place to plug in.
"""
from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ne_game import rules
from ne_game.i18n import _, fmt, nfmt, ngettext, pgettext
from ne_game.rules import Action, OfferItem, Ruleset, of_kind
from ne_game.rules import TileView as RuleTile
from ne_game.ui.scenes.table.model.facts import Facts

if TYPE_CHECKING:  # pragma: no cover
    from ne_game.ui.scenes.table.model.log import Entry
    from ne_game.ui.scenes.table.model.recap import Recap
from ne_game.ui.scenes.table.model.geometry import Cell, as_cell, cell_name
from ne_game.ui.scenes.table.model.interaction import Interaction, Preview
from ne_game.ui.text.words import card_name, figure_title, land_title, land_word, phase_title

TARGET_COLORS = {"place": "highlight_legal", "develop": "highlight_legal",
                 "figure": "highlight_legal", "move": "highlight_legal", "store": "gold",
                 "movable": "highlight_hover", "stored": "gold"}
MANY_TARGETS = 24      # more targets than this (the first start tiles): a quiet mark each, not a glow


# ---- values -------------------------------------------------------------------------
@dataclass(frozen=True)
class Button:
    id: str
    label: str
    action: Action | None = field(default=None, compare=False)   # an engine action to take
    command: str | None = None     # a UI command ("rotate", "cancel", "store", "land:<x>")
    enabled: bool = True
    reason: str = ""               # tooltip: why greyed, or what it does
    warn: str = ""                 # e.g. "ends game"
    selected: bool = False
    sub: str = ""                  # a small second line
    short: str = ""                # label and second line for a narrow bar (sofa distance, long
    short_sub: str = ""            # words): the prompt says the rest


@dataclass(frozen=True)
class TileView:
    index: int
    family: str
    land: str
    cells: tuple[Cell, ...]
    start: bool
    developed: bool
    figure: str | None

    @classmethod
    def of(cls, i: int, t: RuleTile, family: str) -> TileView:
        return cls(i, family, t.land, t.cells, t.start, t.developed, t.figure)


@dataclass(frozen=True)
class BoardView:
    """The placed tiles (static layer); a hidden tile or figure is still flying in."""
    tiles: tuple[TileView, ...]
    hidden_tiles: frozenset[int] = frozenset()
    hidden_figures: frozenset[int] = frozenset()
    lifted: int | None = None      # the tile whose figure is being dragged
    #: the parcels a picked land-use card may develop, shown developed (pencilled in) under the
    #: estates' boundaries, badges and figures
    developing: frozenset[Cell] = frozenset()


@dataclass(frozen=True)
class BarnView:
    cell: Cell
    card: str | None               # the face shown (its owner on his turn), else None
    full: bool


@dataclass(frozen=True)
class PanelView:
    seat: int
    name: str
    sub: str
    family: str
    active: bool
    start_player: bool
    start_phase: bool
    start_lands: tuple[str, ...]
    chosen_land: str | None
    cards: tuple[tuple[str, int], ...]        # face-up cards grouped, in card order
    figures: tuple[tuple[str, int], ...]
    barns: tuple[BarnView, ...]
    bid: int | None                            # None also while the marker flies
    subs: tuple[str, ...] = ()                 # shorter forms of `sub`, for narrow panels
    vp_cards: int = 0                          # the running VP's parts: from cards...
    vp_most: tuple[tuple[str, int], ...] = ()  # ...and (figure, VP) of each majority held now

    @property
    def barn_cells(self) -> tuple[Cell, ...]:
        return tuple(b.cell for b in self.barns)


@dataclass(frozen=True)
class MoneyView:
    seat: int
    shown: int
    vp: int | None
    delta: int                     # the "+3" beside ticking coins (0: none)


@dataclass(frozen=True)
class OfferItemView:
    slot: int
    kind: str                      # "land" | "card"
    land: str | None
    card: str | None
    title: str
    sub: str
    short: str = ""                # the sub for a narrow row (large text): its points only


@dataclass(frozen=True)
class OfferView:
    bag_count: int
    deck_count: int
    stock_low: bool
    price: int | None
    slots: tuple[int, ...]         # the slot numbers of the offer now (for its rows)
    items: tuple[OfferItemView, ...]
    hidden: frozenset[int] = frozenset()
    greyed: frozenset[int] = frozenset()
    selected: int | None = None
    note: str = ""                 # words over an offer not dealt yet (the start rounds)


@dataclass(frozen=True)
class BidTrackView:
    taken: frozenset[int]
    bidding: bool
    legal: frozenset[int]
    hidden: frozenset[int] = frozenset()


@dataclass(frozen=True)
class StatusView:
    line1: str
    who: str
    family: str | None


@dataclass(frozen=True)
class LogLine:
    family: str | None
    text: str
    new: bool                      # changed since the reader's last turn
    short: str = ""                # the move in a few words without the name (the recap's), or ""
    name: str = ""                 # who made it (the recap says it once for a run of moves)
    glyph: tuple[str, ...] = ()    # the move as the recap's little picture (log.move_glyph), or ()


@dataclass(frozen=True)
class RecapView:
    """"Since your last turn", shown in the game log's place for the whole turn (never over the
    board): every line, oldest first; the drawing shortens the oldest when they do not fit."""
    heading: str
    lines: tuple[LogLine, ...]


@dataclass(frozen=True)
class LogView:
    lines: tuple[LogLine, ...]
    scrolled: bool
    recap: RecapView | None = None     # the log's place shows the recap (until the wheel reads back)


@dataclass(frozen=True)
class MenuView:
    """The menu button of the top bar (the pause menu for the mouse), with the key or pad
    button that opens it for the device used last (none for the mouse)."""
    label: str
    keys: tuple[str, ...] = ()         # glyph labels (input_map.PAUSE on `device`)
    device: str = "mouse"


@dataclass(frozen=True)
class PromptView:
    main: str
    sub: str
    family: str | None
    # keyboard or pad play: (command, words) drawn as glyphs of `device` instead of `sub`
    controls: tuple[tuple[str, str], ...] = ()
    device: str = ""
    pad_layout: str = "xbox"       # the labels of the pad in use (input_map.pad_layout)


@dataclass(frozen=True)
class StaticView:
    """The static layer: redrawn when (and only when) this value changes."""
    status: StatusView
    bids: BidTrackView
    board: BoardView
    panels: tuple[PanelView, ...]
    offer: OfferView
    log: LogView
    prompt: PromptView
    menu: MenuView | None = None



@dataclass(frozen=True)
class GhostView:
    """A see-through picture of what the click would place."""
    kind: str                      # "tile" | "develop" | "figure"
    tile: TileView | None = None   # tile: the tile to place; figure: the tile it stands on
    lands: tuple[tuple[Cell, str], ...] = ()   # develop: (cell, land) to show developed
    figure: str | None = None


@dataclass(frozen=True)
class PreviewView:
    ok: bool
    kind: str
    groups: tuple[tuple[Cell, ...], ...]      # one rect per group
    ghost: GhostView | None


@dataclass(frozen=True)
class TargetGlow:
    color: str
    style: str                     # "area" | "fill" | "ring" | "quiet" | "shade"
    groups: tuple[tuple[Cell, ...], ...]
    land: str | None = None        # the land a picked land tile would lay there (drawn faintly)
    developed: bool = False        # ... developed: a land-use card's parcels, as the card leaves them
    figure: str | None = None      # the figure a choice would stand on each of `spots` (drawn faintly)
    spots: tuple[TileView, ...] = ()


@dataclass(frozen=True)
class BoardOverlayView:
    changed: tuple[tuple[Cell, ...], ...] = ()
    ai_cells: tuple[Cell, ...] = ()
    ai_ghost: GhostView | None = None      # the piece the move on show puts there
    targets: tuple[TargetGlow, ...] = ()
    preview: PreviewView | None = None
    drag_figure: str | None = None
    drag_pos: tuple[int, int] | None = None


@dataclass(frozen=True)
class OverlayView:
    """What is drawn over the static layer every frame (glows pulse, the pointer moves)."""
    board: BoardOverlayView
    hover_slot: tuple[int, bool] | None = None       # (slot, selectable)
    ai_slot: int | None = None
    reveal_legal: frozenset[str] = frozenset()
    reveal_active: bool = False
    hover_reveal: tuple[str, bool] | None = None
    bidding: bool = False
    bid_legal: frozenset[int] = frozenset()
    hover_bid: tuple[int, bool] | None = None
    ai_bid: int | None = None
    barn_seat: int | None = None
    barn_glow: frozenset[Cell] = frozenset()          # barn cells (panel) playable now
    barn_picked: Cell | None = None
    hot_button: str | None = None
    zoom: str | None = None                           # a card under the pointer, shown large
    ai_button: str | None = None                      # the button of the move on show (the Hint)


# ---- engine questions asked once per position --------------------------------------------
def announce_endings(facts: Facts, inter: Interaction | None) -> dict[int, bool]:
    """Which announcements would end the game (asked of the engine, before the choice)."""
    out: dict[int, bool] = {}
    if inter is None or facts.phase != "offer":
        return out
    for a in of_kind(inter.legal, "announce_offer"):
        if rules.phase(rules.apply_action(facts.state, a)) == "game_over":
            out[a["land_tiles"]] = True
    return out


def end_turn_gain(facts: Facts, inter: Interaction | None) -> int | None:
    """The income "End turn" brings now (None when it is not a choice)."""
    if inter is None or not inter.by_type("end_turn") or facts.seat is None:
        return None
    after = rules.position(rules.apply_action(facts.state, inter.by_type("end_turn")[0]))
    seat = facts.seat
    return after.players[seat].money - facts.money(seat)


def income_words(gain: int) -> str:
    """The income End turn brings, in words: "+4 shillings income" (the button's second line,
    the key's words in the prompt)."""
    return nfmt("+{n} shilling income", "+{n} shillings income", gain)


def tile_groups(facts: Facts, cells: Iterable[Cell]) -> tuple[tuple[Cell, ...], ...]:
    """One group per tile covering `cells` (a start tile's two parcels glow as one)."""
    seen: set[tuple[Cell, ...]] = set()
    out = []
    for c in cells:
        here = facts.tile_cells(c)
        key = tuple(sorted(here))
        if key in seen:
            continue
        seen.add(key)
        out.append(here)
    return tuple(out)


# ---- words ------------------------------------------------------------------------------
def prompt_lines(facts: Facts, inter: Interaction | None, human_turn: bool,
                 ai_pending: bool, ai_words: str, announce_ends: dict[int, bool]) -> tuple[str, str]:
    """The two-line instruction in the action bar: what to do now, and how."""
    seat = facts.seat
    if seat is None or inter is None:
        return _("The game is over."), _("Final scores follow.")
    who = facts.seat_name(seat)
    phase = facts.phase
    if not human_turn:
        if ai_pending:
            return (ai_words or fmt("{name} (computer) chose.", name=who),
                    _("Space, A or a click: go on now."))
        return fmt("{name} (computer) is thinking…", name=who), _("Space, A or a click skips waiting.")
    armed = inter.armed
    if armed is not None and armed[0] == "bid" and isinstance(armed[1], int):
        money = facts.money(seat)
        return (nfmt("Marker {value} costs more than your {n} shilling: you could buy nothing this round.",
                     "Marker {value} costs more than your {n} shillings: you could buy nothing this round.",
                     money, value=armed[1]),
                _("Choose it again to take it anyway, or choose another marker."))
    if armed is not None and armed[0] == "cell" and isinstance(armed[1], tuple) and inter.sel is not None:
        return (fmt("Store the card face down in your barn at {cell}?", cell=cell_name(armed[1])),
                _("Choose the barn again to store it there, or choose where to place it."))
    if armed == END_TURN_KEY:
        return (nfmt("{name}: you still hold {n} shilling and can buy more this turn.",
                     "{name}: you still hold {n} shillings and can buy more this turn.",
                     facts.money(seat), name=who),
                _("Choose End turn again to end it anyway, or buy something first."))
    if ai_words:     # a hint on show, in the bar where the player looks
        main, sub = prompt_lines(facts, inter, human_turn, ai_pending, "", announce_ends)
        return fmt("Hint: {words}", words=ai_words), sub
    if phase == "start_tiles":
        if not inter.start_targets():       # turned by hand the way nothing takes it
            # the main line says it for every device (keys and pad see their Turn input in the
            # bar's row of controls, the mouse the sub line's words)
            return (fmt("{name}: no parcel takes the start tile ({land}) this way: turn it.",
                        name=who, land=land_word(inter.start_land)),
                    _("No parcel fits it this way: press R or the right button to turn it."))
        return (fmt("{name}: place a start tile ({land}).", name=who, land=land_word(inter.start_land)),
                _("It fits anywhere the ground is not shaded. R or the right button turns it; pick a land below."))
    if phase == "offer":
        warn = sorted(n for n, e in announce_ends.items() if e)
        # the end is near: cards still stored in a barn then score nothing (learned only at
        # the final scoring before: playtest 1)
        stored = sum(1 for b in facts.pos.players[seat].barns if b.card is not None) if seat is not None else 0
        barn_note = nfmt("You have {n} card stored in a barn: it scores nothing when the game ends.",
                         "You have {n} cards stored in barns: they score nothing when the game ends.",
                         stored) if stored and (warn or all_choices_end(inter, announce_ends)) else ""
        if all_choices_end(inter, announce_ends):
            return (fmt("{who}: the stock is too low for another round.", who=who),
                    _("Whatever the offer, the game ends now. Click End the game for the "
                      "final scoring.") + (" " + barn_note if barn_note else ""))
        if warn:
            second = nfmt("The rest of the 9 slots are filled with cards. Careful: {numbers} ends the game.",
                          "The rest of the 9 slots are filled with cards. Careful: {numbers} end the game.",
                          len(warn), numbers=", ".join(map(str, warn)))
            second += " " + barn_note if barn_note else ""
        else:
            second = _("The rest of the 9 slots are filled with cards.")
        return fmt("{name}: how many land tiles in the offer?", name=who), second
    if phase == "bids":
        return (fmt("{name}: take a bid marker from the track above.", name=who),
                _("Its number is your price per item and your place in the buying order "
                  "(highest first)."))
    if phase == "buying":
        price = facts.current_price()
        s = inter.sel
        bought = facts.pos.purchases
        money = facts.money(seat)
        if s is None and price is not None and money < price and not inter.selectable_slots():
            return (nfmt("{who}: {n} shilling buys nothing at {price} this round.",
                         "{who}: {n} shillings buy nothing at {price} this round.", money, who=who, price=price),
                    still_possible(inter))
        if s is None:
            reveal = bool(inter.by_type("reveal_extra"))
            how = (_("Ship majority: you may first click the bag or deck to reveal one more item. "
                     "Click an offer item; click or drag a figure to move it; then End turn.") if reveal
                   else _("Click an offer item; click or drag a figure to move it; then End turn."))
            return (nfmt("{name}: buy up to 2 items, {price} each ({n} bought).",
                         "{name}: buy up to 2 items, {price} each ({n} bought).",
                         bought, name=who, price=price), how)
        if s.kind == "slot" and s.land:
            return (fmt("Place the {land} tile.", land=land_word(s.land)),
                    _("Click a glowing parcel. Right button cancels."))
        if s.kind == "figure":
            return (_("Move the figure."), _("Click or drop on a glowing tile. Right button cancels."))
        if inter.is_figure_card(s.card):
            spec = facts.rs.cards[s.card or ""]
            if not any("figure_on" in use for _a, use in inter.card_uses()):
                return (_("No tile of yours can take this figure now."),
                        _("Store the card in a barn with the Store in barn button, or put it back.")
                        if inter.store_actions() else _("Put it back (right button or Escape)."))
            return (fmt("Place the card: {figure}.", figure=figure_title(spec.figure)),
                    _("Click a glowing tile, or store the card in a barn. Right button cancels."))
        if s.card:
            n = len(inter.fits())
            if n == 0:
                text = fmt("{card} fits nowhere on your land now.", card=card_name(s.card))
                return (text[:1].upper() + text[1:],
                        _("Store it in a barn with the Store in barn button, or put it back.")
                        if inter.store_actions() else _("Put it back (right button or Escape)."))
            if n == 1:
                return (fmt("Develop with {card}: it fits in one place only.", card=card_name(s.card)),
                        _("Click any of its glowing parcels. Right button cancels."))
            return (nfmt("Develop with {card}: it fits in {n} place, glowing.",
                         "Develop with {card}: it fits in {n} places, all glowing.", n, card=card_name(s.card)),
                    _("Point at a glowing parcel and click. R or the wheel: another fit "
                      "there; Tab: the next fit. Right button cancels."))
    return (fmt("Turn: {name}.", name=who), "")


def all_choices_end(inter: Interaction, announce_ends: dict[int, bool]) -> bool:
    """True when every legal announcement ends the game (the engine said so for each)."""
    legal_n = {a["land_tiles"] for a in of_kind(inter.legal, "announce_offer")}
    return bool(legal_n) and all(announce_ends.get(n) for n in legal_n)


def still_possible(inter: Interaction) -> str:
    """What a buyer who cannot pay may still do this turn (one whole sentence each)."""
    moves, stored = bool(inter.by_type("move_figure")), bool(inter.by_type("play_stored"))
    if moves and stored:
        return _("You can still move a figure, play a card stored in a barn, or end the turn.")
    if moves:
        return _("You can still move a figure (drag it, or click it and then its new tile), "
                 "or end the turn.")
    if stored:
        return _("You can still play a card stored in a barn, or end the turn.")
    return _("End the turn to take your income.")


#: the key of an armed End turn (Interaction.armed): the target the press was on
END_TURN_KEY: tuple[object, ...] = ("button", "end_turn")
PURCHASES = ("buy_land", "buy_card")


def end_turn_asks(inter: Interaction | None) -> bool:
    """Ending the turn while the engine still allows a purchase asks once: money left
    unspent is the turn a habitual click throws away."""
    return inter is not None and inter.phase == "buying" and any(a["type"] in PURCHASES for a in inter.legal)


def bid_costly(facts: Facts, value: int) -> bool:
    """A marker the current seat cannot pay a single item with: legal, but it wants a second
    click (the round is lost for buying)."""
    seat = facts.seat
    return seat is not None and facts.money(seat) < value


def hint_within_warnings(facts: Facts, action: Action, legal_bids: Iterable[int]) -> Action:
    """A hint never suggests what the table warns against: a bid marker the player cannot pay
    a single item with becomes the highest marker they can pay (when there is one)."""
    if action["type"] != "take_bid" or not bid_costly(facts, action["value"]):
        return action
    payable = [v for v in legal_bids if not bid_costly(facts, v)]
    return rules.actions.take_bid(max(payable)) if payable else action


def bid_words(facts: Facts, value: int, armed: bool) -> str:
    """The hover words for an affordable or a costly bid marker."""
    money = facts.money(facts.seat) if facts.seat is not None else 0
    if not bid_costly(facts, value):
        return fmt("Take marker {value}: the higher your marker, the earlier you buy, and you pay "
                   "{value} for each item.", value=value)
    if armed:
        return fmt("Choose it again to take marker {value} anyway: you hold {money}, so at {value} "
                   "you can buy nothing this round.", value=value, money=money)
    return fmt("You hold {money}: at {value} you can buy nothing this round. Taking it needs "
               "a second, deliberate choice.", value=value, money=money)


def in_flight_prompt(now: PromptView, held: PromptView, facts: Facts) -> PromptView:
    """The bar's words while pieces are in flight: the words from before they left (the turn's
    words wait for them: playtest 12a), except while the offer is being dealt, which answers the
    question those words asked (playtest 19b: "how many land tiles in the offer?" stood over the
    deal): then what is being dealt."""
    main, sub = held.main, held.sub
    pos = facts.pos
    if pos.phase == "bids" and all(p.bid is None for p in pos.players) and pos.offer:
        lands = sum(1 for o in pos.offer if o.kind == "land")
        main = nfmt("The offer is dealt: {n} land tile, the rest cards.",
                    "The offer is dealt: {n} land tiles, the rest cards.", lands)
        sub = _("Space, A or a click shows it at once.")
    return dataclasses.replace(now, main=main, sub=sub, family=held.family)


def buttons(facts: Facts, inter: Interaction | None, human_turn: bool,
            announce_ends: dict[int, bool], gain: int | None, can_undo: bool,
            hints: bool, thinking: bool = False, hint_key: str = "") -> tuple[Button, ...]:
    """The action bar's buttons, each enabled or greyed with the engine's reason; `hint_key`:
    the Hint's key on the device in use, said in its label as Show now's is."""
    out: list[Button] = []
    if inter is None:
        return ()
    seat = facts.seat
    if not human_turn:
        # a person's turn here is one whose controls wait for the pieces still in flight
        waiting = facts.is_human(seat)
        return (Button("skip", _("Show now (Space)"), command="skip",
                       reason=_("land the pieces still moving now") if waiting
                       else _("apply the computer's move without waiting")),)
    phase = facts.phase
    if phase == "start_tiles" and seat is not None:
        for land in facts.remaining_start_lands(seat):
            ok = land in inter.start_lands()
            out.append(Button(f"land_{land}", land_title(land), command=f"land:{land}",
                              enabled=ok, selected=(land == inter.start_land),
                              # its words under the keys' ring too (on the bar or in the panel:
                              # playtest 14a, the panel's tile said nothing of what Enter does)
                              reason=fmt("choose the {land} start tile: its places glow on the board",
                                         land=land_word(land)) if ok else _("cannot be placed now")))
        out.append(Button("rotate", _("Turn (R)"), command="rotate",
                          reason=_("turn the tile: right button or R")))
    elif phase == "offer" and all_choices_end(inter, announce_ends):
        # One clear choice, not four red ones: every offer ends the game.
        a: Action = inter.by_type("announce_offer")[0]
        out.append(Button("end_game", _("End the game"), action=a,
                          reason=_("Too few land tiles or cards are left for another "
                                   "round: the game ends, then the final scoring.")))
    elif phase == "offer":
        rs = facts.rs
        for n in range(rs.offer_land_min, rs.offer_land_max + 1):
            a = rules.actions.announce_offer(n)
            legal = inter.legal_match(a)
            ends = announce_ends.get(n, False)
            out.append(Button(f"announce_{n}", nfmt("{n} tile", "{n} tiles", n), action=a,
                              enabled=bool(legal),
                              reason=inter.reason(a) if not legal else (
                                  _("too few in stock: choosing this ENDS THE GAME now")
                                  if ends else fmt("{lands} land tiles and {cards} cards",
                                                   lands=n, cards=rs.offer_slots - n)),
                              warn=_("ends game") if ends else "",
                              sub=nfmt("+{n} card", "+{n} cards", rs.offer_slots - n),
                              short=str(n), short_sub=f"+{rs.offer_slots - n}"))   # numbers: no words
    elif phase == "buying":
        if inter.sel is not None:
            if inter.store_actions():
                out.append(Button("store", _("Store in barn"), command="store",
                                  short=pgettext("short button: store in barn", "Store"),
                                  reason=_("keep the card face down in an empty barn; "
                                           "play it later for free")))
            out.append(Button("cancel", pgettext("put back what is picked", "Cancel"), command="cancel",
                              short=pgettext("short button: put back", "Back"),
                              reason=_("put it back (right button)")))
        out.append(Button("undo", _("Undo"), command="undo", enabled=can_undo,
                          short=pgettext("short button: undo", "Undo"),
                          reason=_("take back your last purchase or move") if can_undo else
                          _("nothing to undo: only purchases and moves of this turn "
                            "that revealed nothing")))
        a = rules.actions.end_turn()
        legal = inter.legal_match(a)
        asking = bool(legal) and inter.armed == END_TURN_KEY
        # what "+4" is, said on the button itself (playtest 9a: a newcomer saw "End turn +4"
        # and learnt only on hover that it was income in shillings)
        out.append(Button("end_turn", _("End turn?") if asking else _("End turn"), action=a, enabled=bool(legal),
                          sub=income_words(gain) if gain is not None else "",
                          short=pgettext("short button: end turn", "Done"),
                          short_sub=nfmt("+{n} shilling", "+{n} shillings", gain) if gain is not None else "",
                          warn=_("press again") if asking else "",
                          reason=nfmt("return your bid marker and take {n} shilling income",
                                      "return your bid marker and take {n} shillings income",
                                      gain or 0) if legal else inter.reason(a)))
    if hints:
        # while the hard player thinks, the button says so (the table stays live meanwhile)
        label = _("Thinking…") if thinking else fmt("Hint ({key})", key=hint_key) if hint_key else _("Hint")
        out.insert(0, Button("hint", label, command="hint",
                             reason=_("show me a good move: the hard computer player's "
                                      "choice glows")))
    return tuple(out)


def offer_item(item: OfferItem, rs: Ruleset) -> OfferItemView:
    slot = item.slot
    if item.kind == "land":
        return OfferItemView(slot, "land", item.land, None, land_title(item.land),
                             ngettext("land tile", "land tiles", 1))
    cid = item.card or "?"
    spec = rs.cards.get(cid)
    if spec is not None and spec.figure is not None:
        title, sub = figure_title(spec.figure), fmt("figure card · {vp} VP", vp=spec.vp)
        return OfferItemView(slot, "card", None, cid, title, sub, fmt("{vp} VP", vp=spec.vp))
    elif spec is not None:
        title = land_title(spec.land)
        sub = nfmt("{n} parcel · {vp} VP", "{n} parcels · {vp} VP", spec.parcels, vp=spec.vp)
    else:
        title, sub = cid, ""
    return OfferItemView(slot, "card", None, cid, title, sub)


# ---- the static layer ------------------------------------------------------------------
Hidden = frozenset[tuple[str, int]]     # what is still flying in: ("tile", i), ("bid", v), ...


def build_static(facts: Facts, inter: Interaction | None, *, human_turn: bool,
                 hidden: Hidden, lifted_from: Cell | None, log: LogView,
                 prompt: tuple[str, str], announce_ends: dict[int, bool]) -> StaticView:
    pos = facts.pos
    seat = facts.seat
    phase = facts.phase
    # status
    rnd = pos.round
    title = phase_title(phase)
    line1 = fmt("Round {round} · {phase}", round=rnd, phase=title) if rnd else title
    if phase == "game_over":
        # the game ends at the offer of a round that cannot be filled: that round began (the
        # log says "Round 13 begins") and is not played; said alike here and in the log's last
        # line (playtest 3a: "After 12 rounds" beside "Round 13 begins")
        line1 = fmt("Ended at the offer of round {round}", round=rnd)
    status = StatusView(line1, fmt("Turn: {name}", name=facts.seat_name(seat)) if seat is not None
                        else phase_title("game_over"),
                        facts.family(seat) if seat is not None else None)
    # bid track
    taken = frozenset(p.bid for p in pos.players if p.bid is not None)
    legal_bids = frozenset(a["value"] for a in of_kind(inter.legal, "take_bid")) if inter else frozenset()
    bids = BidTrackView(taken, phase == "bids" and human_turn, legal_bids,
                        frozenset(k[1] for k in hidden if k[0] == "bid"))
    # board
    lifted = pos.tile_index(lifted_from) if lifted_from is not None else None
    tiles = tuple(TileView.of(i, t, facts.family(t.owner)) for i, t in enumerate(pos.tiles))
    developing = frozenset(_developing(inter) if human_turn and phase == "buying" else ())
    board = BoardView(tiles, frozenset(k[1] for k in hidden if k[0] == "tile"),
                      frozenset(k[1] for k in hidden if k[0] == "fig"), lifted, developing)
    # panels
    panels = tuple(_panel(facts, inter, i, human_turn, hidden) for i in range(pos.n))
    # offer
    selectable = inter.selectable_slots() if inter else set()
    items = tuple(offer_item(o, facts.rs) for o in pos.offer)
    buying = human_turn and phase == "buying"
    sel = inter.sel if inter else None
    offer = OfferView(
        pos.bag_count, pos.deck_count,
        phase == "offer" and bool(announce_ends), facts.current_price(),
        tuple(o.slot for o in pos.offer), items,
        frozenset(k[1] for k in hidden if k[0] == "slot"),
        frozenset(i.slot for i in items if buying and i.slot not in selectable),
        sel.slot if sel is not None and sel.kind == "slot" else None,
        # the empty offer is the first thing a new table shows: it says when it fills
        # (playtest 21a: "all nine offer slots are dashed placeholders", a flat first look)
        _("The offer is dealt when the start rounds are over.") if phase == "start_tiles" else "")
    return StaticView(status, bids, board, panels, offer, log,
                      PromptView(prompt[0], prompt[1], status.family))


def _panel(facts: Facts, inter: Interaction | None, seat: int, human_turn: bool, hidden: Hidden) -> PanelView:
    p = facts.pos.players[seat]
    active = facts.seat == seat
    groups = Counter(p.cards)
    counts = facts.figure_counts(seat)
    see = facts.may_see_barn(seat)
    barns = tuple(BarnView(b.cell, b.card if see else None, b.card is not None) for b in p.barns)
    bid = p.bid
    return PanelView(
        seat, facts.seat_name(seat), facts.seat_sub(seat), p.family, active,
        facts.pos.start_player == seat, facts.phase == "start_tiles",
        tuple(facts.remaining_start_lands(seat)),
        inter.start_land if (inter and active and human_turn) else None,
        tuple((cid, groups[cid]) for cid in facts.rs.card_order() if cid in groups),
        tuple((k, counts.get(k, 0)) for k in facts.rs.figure_order),
        barns, bid if bid is not None and ("bid", bid) not in hidden else None,
        facts.seat_subs(seat),
        facts.vp_cards[seat] if seat < len(facts.vp_cards) else 0,
        facts.vp_majorities[seat] if seat < len(facts.vp_majorities) else ())


def build_log(entries: list[Entry], facts: Facts, scroll: int, since: int) -> LogView:
    """The log's lines, newest last; `since`: entries after it are news to the reader."""
    shown = entries[:len(entries) - scroll] if scroll else entries
    seat = facts.seat
    return LogView(tuple(LogLine(facts.family(e.seat) if e.seat is not None else None, e.text,
                                 e.index > since and e.seat != seat) for e in shown),
                   bool(scroll))


def recap_view(recap: Recap, facts: Facts) -> RecapView:
    """The recap (model/recap.Recap) as the log's place shows it, headed by whose turn it is."""
    name = facts.seat_name(recap.seat) if recap.seat < len(facts.names) else ""
    shorts = recap.shorts or ("",) * len(recap.lines)
    glyphs = recap.glyphs or ((),) * len(recap.lines)
    lines = tuple(LogLine(facts.family(seat) if seat is not None else None, text, True, short,
                          facts.seat_name(seat) if seat is not None else "", glyph)
                  for (seat, text), short, glyph in zip(recap.lines, shorts, glyphs))
    return RecapView(fmt("{name}, since your last turn:", name=name), lines)


def menu_view(keys: Iterable[str], device: str) -> MenuView:
    """The top bar's menu button; `keys`: what opens the menu on `device` (glyphs.labels_for)."""
    return MenuView(_("Menu"), tuple(keys) if device != "mouse" else (), device)


# ---- the overlay --------------------------------------------------------------------------
@dataclass(frozen=True)
class Glows:
    """The overlay's parts that stay while the pointer moves (built once per pick or turn)."""
    changed: tuple[tuple[Cell, ...], ...] = ()
    targets: tuple[TargetGlow, ...] = ()
    selectable: frozenset[int] = frozenset()
    reveal_legal: frozenset[str] = frozenset()
    barn_glow: frozenset[Cell] = frozenset()
    barn_picked: Cell | None = None


def build_glows(facts: Facts, inter: Interaction | None, *, human_turn: bool,
                targets: Mapping[str, set[Cell]], changed: set[Cell]) -> Glows:
    mine = inter is not None and human_turn
    buying = mine and facts.phase == "buying"
    barn_glow: frozenset[Cell] = frozenset()
    picked = None
    if buying and inter is not None and facts.seat is not None:   # buying implies both; for the type checker
        playable = inter.stored_barns()
        barns = [b.cell for b in facts.pos.players[facts.seat].barns]
        barn_glow = frozenset(c for c in barns if any(inter.tkey(c) == inter.tkey(b) for b in playable))
        sel = inter.sel
        if sel is not None and sel.kind == "stored" and sel.cell is not None:
            picked = next((c for c in barn_glow if inter.tkey(c) == inter.tkey(sel.cell)), None)
    return Glows(tile_groups(facts, changed) if changed else (),
                 _targets(facts, targets, _picked_land(inter), _picked_figure(facts, inter)) if mine else (),
                 frozenset(inter.selectable_slots()) if inter else frozenset(),
                 frozenset(a["source"] for a in of_kind(inter.legal, "reveal_extra")) if buying and inter else frozenset(),
                 barn_glow, picked)


Hit = tuple[str, Any]     # ("slot", 3), ("cell", (x, y)), ("button", "end_turn"), ... (hit.py)


def build_overlay(facts: Facts, inter: Interaction | None, glows: Glows, *, human_turn: bool,
                  preview: Preview | None, shown: ShownMove, hover: Hit | None,
                  drag: Mapping[str, Any] | None, legal_bids: frozenset[int]) -> OverlayView:
    phase = facts.phase
    mine = inter is not None and human_turn
    board = BoardOverlayView(
        changed=glows.changed,
        ai_cells=shown.cells,
        ai_ghost=shown_ghost(facts, shown.action) if shown.action is not None else None,
        targets=glows.targets,
        preview=_preview(facts, inter, preview) if inter and mine and preview is not None and preview.cells else None,
        drag_figure=_drag_figure(facts, drag) if mine else None,
        drag_pos=tuple(drag["pos"]) if mine and drag and drag.get("moved") else None)
    hover_slot: tuple[int, bool] | None = None
    hover_bid: tuple[int, bool] | None = None
    hover_reveal: tuple[str, bool] | None = None
    kind: str = hover[0] if hover else ""
    what: Any = hover[1] if hover else None
    if kind == "slot" and human_turn:
        hover_slot = (what, what in glows.selectable)
    buying = mine and phase == "buying"
    if kind == "reveal" and buying:
        hover_reveal = (what, what in glows.reveal_legal)
    bidding = phase == "bids" and human_turn
    if kind == "bid" and bidding:
        hover_bid = (what, what in legal_bids)
    return OverlayView(board, hover_slot, shown.slot, glows.reveal_legal, buying, hover_reveal, bidding,
                       legal_bids if bidding else frozenset(), hover_bid, shown.bid,
                       facts.seat if buying else None, glows.barn_glow, glows.barn_picked,
                       what if kind == "button" else "menu" if kind == "menu" else None, card_zoom(facts, hover),
                       shown.button)


def card_zoom(facts: Facts, hover: Hit | None) -> str | None:
    """The card under the pointer (an offer item, a panel card, one's own barn card), to be
    shown large with its pattern drawn."""
    if hover is None:
        return None
    kind, what = hover
    if kind == "slot":
        item = facts.offer_item(what)
        return item.card if item is not None else None
    if kind == "pcard":
        card: str = what[1]
        return card
    if kind == "barn" and facts.seat is not None and facts.may_see_barn(facts.seat):
        return facts.pos.barn_card(facts.seat, as_cell(what))
    return None


def _developing(inter: Interaction | None) -> set[Cell]:
    """The parcels the land-use card in hand may develop, when they are few enough to show
    (many get a quiet mark: see _targets)."""
    if inter is None or inter.sel is None:
        return set()
    cells = inter.targets().get("develop", set())
    return cells if len(cells) <= MANY_TARGETS else set()


def _picked_land(inter: Interaction | None) -> str | None:
    """The land of a land tile picked from the offer, if that is the choice in hand."""
    sel = inter.sel if inter is not None else None
    return sel.land if sel is not None and sel.kind == "slot" and sel.land else None


def _picked_figure(facts: Facts, inter: Interaction | None) -> str | None:
    """The figure a choice in hand would stand somewhere: a figure card's, or one picked up."""
    sel = inter.sel if inter is not None else None
    if sel is None:
        return None
    if sel.kind == "figure":
        standing = facts.pos.tile_at(sel.cell)
        return standing.figure if standing else None
    card = facts.rs.cards.get(sel.card or "")
    return card.figure if card is not None else None


def _targets(facts: Facts, targets: Mapping[str, set[Cell]], land: str | None = None,
             figure: str | None = None) -> tuple[TargetGlow, ...]:
    out = []
    for kind, cells in targets.items():
        # sixty glowing parcels lit the whole map up (playtest 9a): so many get a quiet mark, and
        # so do all the start rounds' (playtest 10a: the third start tile's 23 glows were
        # another look for the same question)
        many = len(cells) > MANY_TARGETS or facts.phase == "start_tiles"
        # where a land goes (or a pattern): one lit stretch of country; a tile to choose: lit on
        # its own; a figure or barn to pick up: a ring (playtest 17a: "square blocks")
        style = ("quiet" if many else "ring" if kind in ("movable", "stored")
                 else "area" if kind in ("place", "develop") else "fill")
        groups = tile_groups(facts, cells) if kind != "develop" else tuple((c,) for c in cells)
        shown = land if kind == "place" and facts.phase != "start_tiles" else None
        if kind == "develop" and style == "area":
            # the parcels a land-use card may develop, shown developed: what the card makes of
            # one's own land, not a light over it (playtest 20a: "faint, and it covers the
            # estate's border")
            tile = next((t for c in sorted(cells) if (t := facts.pos.tile_at(c)) is not None), None)
            shown = tile.land if tile is not None else None
        spots: tuple[TileView, ...] = ()
        if style == "ring" or (kind in ("figure", "move") and figure and style == "fill"):
            # the figure shown faintly where it may stand: what the choice makes (playtest 21a:
            # a "glowing tile" for a barn read as the estate's border turning dull gold); a
            # figure or barn one may pick up: where it stands, for a halo round its base
            pos = facts.pos
            found = (pos.tile_index(g[0]) for g in groups)
            spots = tuple(TileView.of(i, pos.tiles[i], facts.family(pos.tiles[i].owner))
                          for i in found if i is not None)
        out.append(TargetGlow(TARGET_COLORS.get(kind, "highlight_legal"), style, groups, shown,
                              developed=kind == "develop", figure=figure if spots and style == "fill" else None,
                              spots=spots))
    if facts.phase == "start_tiles" and "place" in targets:
        # the free ground a start tile may not take (too near another, or no room this way
        # round) lies in shadow: lit ground alone was not seen on an empty board (playtest 18a)
        rs = facts.state.rs
        taken = {as_cell(c) for t in facts.pos.tiles for c in t.cells}
        shaded = {as_cell(rs.xy[i]) for i in rs.cells} - taken - set(targets["place"])
        if shaded:
            out.insert(0, TargetGlow("ground_shade", "shade", tuple((c,) for c in sorted(shaded))))
    return tuple(out)


def _preview(facts: Facts, inter: Interaction, pv: Preview) -> PreviewView:
    ok = pv.action is not None
    cells = [c for c in pv.cells if facts.on_board(c)]
    groups: tuple[tuple[Cell, ...], ...]
    if pv.kind == "place" and len(cells) == 2 and facts.phase == "start_tiles":
        groups = (tuple(cells),)
    elif pv.kind == "develop":
        groups = tuple((c,) for c in cells)
    else:
        groups = tile_groups(facts, cells)
    return PreviewView(ok, pv.kind, groups, _ghost(facts, inter, pv) if ok else None)


def shown_ghost(facts: Facts, action: Action) -> GhostView | None:
    """The piece a move on show (a computer's about to land, or the Hint's) puts on the board,
    to be drawn see-through under its gold mark: the tile, the developed parcels or the figure
    itself, not only a marked box (playtest 9a)."""
    seat = facts.seat
    if seat is None:
        return None
    fam = facts.family(seat)
    pos = facts.pos
    figure: str | None = None
    to: Cell | None = None
    if action["type"] == "place_start_tile":
        cells = tuple(as_cell(c) for c in action["cells"])
        return GhostView("tile", TileView(-1, fam, action["land"], cells, True, False, None))
    if action["type"] == "buy_land":
        item = facts.offer_item(action["slot"])
        if item is None or item.land is None:
            return None
        return GhostView("tile", TileView(-1, fam, item.land, (as_cell(action["cell"]),), False, False, None))
    if action["type"] == "buy_card" or action["type"] == "play_stored":
        use = action["use"]
        if "develop" in use:
            lands = []
            for c in use["develop"]:
                tile = pos.tile_at(as_cell(c))
                if tile:
                    lands.append((as_cell(c), tile.land))
            return GhostView("develop", lands=tuple(lands))
        if "figure_on" not in use:
            return None
        if action["type"] == "buy_card":
            item = facts.offer_item(action["slot"])
            card = item.card if item is not None else None
        else:
            card = pos.barn_card(seat, as_cell(action["barn"]))
        spec = facts.rs.cards.get(card or "")
        figure, to = (spec.figure if spec else None), as_cell(use["figure_on"])
    elif action["type"] == "move_figure":
        standing = pos.tile_at(as_cell(action["from"]))
        figure, to = (standing.figure if standing else None), as_cell(action["to"])
    i = pos.tile_index(to) if to is not None else None
    if figure is None or i is None:
        return None
    t = pos.tiles[i]
    return GhostView("figure", TileView.of(i, t, facts.family(t.owner)), figure=figure)


def _ghost(facts: Facts, inter: Interaction, pv: Preview) -> GhostView | None:
    sel = inter.sel
    seat = facts.seat
    fam = facts.family(seat) if seat is not None else ""
    cells = tuple(as_cell(c) for c in pv.cells)
    if pv.kind == "place" and facts.phase == "start_tiles":
        return GhostView("tile", TileView(-1, fam, inter.start_land or "", cells, True, False, None))
    if pv.kind == "place" and sel and sel.land:
        return GhostView("tile", TileView(-1, fam, sel.land, cells, False, False, None))
    pos = facts.pos
    if pv.kind == "develop":
        lands = []
        for c in cells:
            tile = pos.tile_at(c)
            if tile:
                lands.append((c, tile.land))
        return GhostView("develop", lands=tuple(lands))
    if pv.kind in ("figure", "move") and sel and (inter.is_figure_card(sel.card) or sel.kind == "figure"):
        if sel.kind == "figure":
            standing = pos.tile_at(sel.cell)
            kind = standing.figure if standing else None
        else:
            kind = facts.rs.cards[sel.card or ""].figure
        i = pos.tile_index(cells[0])
        if kind and i is not None:
            t = pos.tiles[i]
            return GhostView("figure", TileView.of(i, t, facts.family(t.owner)), figure=kind)
    return None


def _drag_figure(facts: Facts, drag: Mapping[str, Any] | None) -> str | None:
    if not (drag and drag.get("moved")):
        return None
    tile = facts.pos.tile_at(drag["from"])
    return tile.figure if tile else None


def changed_cells(entries: Iterable[tuple[int | None, rules.Position, rules.Position]], seat: int | None) -> set[Cell]:
    """Cells whose tile arrived, developed or gained a figure in others' moves:
    `entries` are (actor, position before, position after) since the reader's last turn."""
    cells: set[Cell] = set()
    for actor, before, after in entries:
        if actor == seat:
            continue
        old_tiles = {t.cells: t for t in before.tiles}
        for t in after.tiles:
            old = old_tiles.get(t.cells)
            if old is None or old.developed != t.developed or old.figure != t.figure:
                cells.update(t.cells)
    return cells


# ---- a chosen move on show (a computer's, or a hint) ---------------------------------------
@dataclass(frozen=True)
class ShownMove:
    """What a chosen move touches, glowing before it happens, and the words for it."""
    cells: tuple[Cell, ...] = ()
    slot: int | None = None
    bid: int | None = None
    words: str = ""
    button: str | None = None      # the action bar's button that takes it (an announcement)
    action: Action | None = None   # the move itself, and whether shown to its mover alone (the
    own: bool = False              # Hint): its words are said again after a language switch


def action_cells(action: Action) -> list[Cell]:
    """The cells an action names on the board (none for a bid, an offer or the end of a turn)."""
    if action["type"] == "place_start_tile":
        return [as_cell(c) for c in action["cells"]]
    if action["type"] == "buy_land":
        return [as_cell(action["cell"])]
    if action["type"] == "move_figure":
        return [as_cell(action["from"]), as_cell(action["to"])]
    if action["type"] == "buy_card" or action["type"] == "play_stored":
        return [as_cell(c) for c in rules.actions.use_cells(action["use"])]
    return []


def shown_move(facts: Facts, action: Action, own: bool = False) -> ShownMove:
    """The glow and the log's words (in the present tense) for `action`, not yet taken (`own`:
    shown to the mover alone, the Hint: a card to be stored face down is named)."""
    from ne_game.ui.scenes.table.model.log import sentences

    words = ""
    try:   # the engine computes the outcome, so the words say what will happen
        after = rules.position(rules.apply_action(facts.state, action))
    except rules.IllegalAction:
        pass
    else:
        said = sentences(facts.pos, action, after, list(facts.names), facts.rs, now=True, own=own)
        words = said[0][1] if said else ""
    slot = action["slot"] if action["type"] == "buy_land" or action["type"] == "buy_card" else None
    button = (f"announce_{action['land_tiles']}" if action["type"] == "announce_offer" else
              "end_turn" if action["type"] == "end_turn" else None)
    return ShownMove(tuple(action_cells(action)), slot,
                     action["value"] if action["type"] == "take_bid" else None, words, button, action, own)
