"""The table's focus for keyboard and pad play: pure state, no drawing, no pygame events.

The table is one model of regions, switched with Tab / Shift+Tab (LB / RB on a pad):

    offer    the items one may buy now (and the bag / deck when an extra may be revealed)
    board    a cursor on the cells, square by square with the arrows; the glowing targets
             (the figures one may move, the barns whose card one may play) are where it
             starts; Enter on another square says why nothing goes there, as a click does
    bids     the free places on the bid track
    buttons  the action bar (End turn, 3 tiles .. 6 tiles, Undo, Hint, ...)
    lesson   the tutorial's card (its buttons)
    panel    the players' panels, top to bottom: each panel (its words: money, VP, figures,
             cards, bid, as the pointer gets over it), its face-up cards, and one's own barns
             whose stored card may be played (the start tiles are the bar's land buttons);
             Up / Down go from panel to panel, Left / Right along one panel's parts; Enter on a
             panel or a card does nothing (they are there to be read: issue 35)

`regions(...)` lists each region's items as (hit, rect) from what the table already
knows (its view, layout, buttons, and the interaction's legal actions): the focus
never decides a rule. Enter (A) on an item does what a click on its rect does, so the
table has one code path for both. The ring shows only once a key or pad moved it.
"""
from __future__ import annotations

from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

import pygame

import ne_game.ui.scenes.table.draw.panels as panels
from ne_game.i18n import _, nfmt, pgettext
from ne_game.ui.scenes.table.draw.offer_view import slot_rects
from ne_game.ui.shell import input_map as im

if TYPE_CHECKING:  # pragma: no cover
    from ne_game.ui.scenes.table.controls.hit import Hit
    from ne_game.ui.scenes.table.draw.gfx import Style
    from ne_game.ui.scenes.table.draw.layout import Layout
    from ne_game.ui.scenes.table.model.facts import Facts
    from ne_game.ui.scenes.table.model.geometry import Cell
    from ne_game.ui.scenes.table.model.interaction import Interaction
    from ne_game.ui.scenes.table.model.view_model import Button, StaticView

#: the focus's items that are only read (a panel, a card in it): Enter does nothing on them
READ_ONLY = frozenset({"panel", "pcard"})
# lesson: the tutorial's card; the panels last, what is only read (Shift+Tab from the turn's
# first region reaches them at once), not a stop between the offer and End turn (issue 35)
REGIONS = ("offer", "board", "bids", "buttons", "lesson", "panel")
Item = tuple["Hit", pygame.Rect]

# Where the focus goes when the turn (or phase) changes: the region one acts in first.
_PHASE_REGION = {"start_tiles": "board", "offer": "buttons", "bids": "bids", "buying": "offer"}


def regions(lay: Layout, st: Style, view: StaticView, facts: Facts, inter: Interaction | None,
            human_turn: bool, buttons: Iterable[Button], button_rects: Iterable[pygame.Rect],
            targets: Mapping[str, Iterable[Cell]], legal_bids: Iterable[int],
            selectable_slots: Iterable[int]) -> dict[str, list[Item]]:
    """Each region's focusable items, in reading order (empty when nothing is to be done)."""
    out: dict[str, list[Item]] = {r: [] for r in REGIONS}
    out["buttons"] = [(("button", b.id), r) for b, r in zip(buttons, button_rects) if b.enabled]
    if not (human_turn and inter is not None):
        return out
    rects = slot_rects(lay, view.offer.slots)
    out["offer"] = [(("slot", s), rects[s]) for s in sorted(selectable_slots) if s in rects]
    for source, rect in (("land", lay.bag_rect), ("card", lay.deck_rect)):
        if inter.legal_match({"type": "reveal_extra", "source": source}) is not None:
            out["offer"].append((("reveal", source), rect))
    cells: dict[tuple[int, ...], Cell] = {}
    for group in targets.values():
        for c in group:
            cells[tuple(c)] = c
    if inter.phase == "buying":
        for c in list(inter.movable_figures()) + list(inter.stored_barns()):
            cells.setdefault(tuple(c), c)
    if cells:
        # every square, so the arrows move square by square (the targets glow; Enter on another
        # square explains, as a click does); nothing to do on the board: no board region
        every = [(x, y) for y in range(lay.rows) for x in range(lay.cols) if (x, y) not in lay.missing]
        out["board"] = [(("cell", c), lay.cell_rect(*c)) for c in every]
    seat = facts.seat
    assert seat is not None, "a human's turn has a seat"
    out["panel"] = panel_items(lay, st, view, facts, inter, seat)
    out["bids"] = [(("bid", v), lay.bid_slots[v - 1]) for v in sorted(legal_bids) if 0 < v <= len(lay.bid_slots)]
    return out


def panel_items(lay: Layout, st: Style, view: StaticView, facts: Facts, inter: Interaction,
                seat: int) -> list[Item]:
    """The panels' region, panel by panel: the panel (as its header: what the pointer reads
    over the panel's name and purse), its face-up cards, and on one's own panel the barns whose
    card may be played now. In the start rounds no start tile: they are the bar's land buttons
    (Tab does not stop on them twice; playtest 14a lost the ring on the panel's gold)."""
    out: list[Item] = []
    playable = {tuple(c) for c in inter.stored_barns()} if facts.phase != "start_tiles" else set()
    for i, pv in enumerate(view.panels):
        if i >= len(lay.panels):
            break
        geo = panels.geometry(lay, i, pv.barn_cells)
        out.append((("panel", i), geo["header"]))
        if facts.phase != "start_tiles":
            out += [(("pcard", (i, cid, n)), cr) for cid, n, cr, _label in panels.card_slots(lay, st, pv)]
        if i == seat:
            out += [(("barn", c), r) for c, r in geo["barns"] if tuple(c) in playable]
    return out


def _first_index(region: str, items: dict[str, list[Item]], targets: Collection[tuple[int, ...]] = (),
                 middle: bool = False) -> int:
    """Where a region's focus starts: in the action bar on the most likely next act (End
    turn when it is there, else the first button that is not Hint), on the board the first
    of `targets` (in reading order; with `middle`, the one nearest the map's middle),
    elsewhere the first item."""
    row = items.get(region) or []
    if region == "panel":
        # a barn whose card may be played (something to do), else the first panel
        return next((i for i, (hit, _rect) in enumerate(row) if hit[0] == "barn"), 0)
    if region == "board":
        lit = [i for i, (hit, _rect) in enumerate(row) if tuple(hit[1]) in targets]
        if middle and lit:
            return _nearest_middle(row, lit)
        return lit[0] if lit else 0
    if region != "buttons" or not row:
        return 0
    ids = [hit[1] for hit, _rect in row]
    if "end_turn" in ids:
        return ids.index("end_turn")
    return next((i for i, bid in enumerate(ids) if bid != "hint"), 0)


def _nearest_middle(row: list[Item], among: list[int]) -> int:
    """Of the items `among` (indices into `row`), the one nearest the middle of all of `row`
    (ties: the first in reading order)."""
    box = row[0][1].unionall([rect for _hit, rect in row[1:]])
    cx, cy = box.center
    return min(among, key=lambda i: ((row[i][1].centerx - cx) ** 2 + (row[i][1].centery - cy) ** 2, i))


#: the phases whose board focus starts in the map's middle: a start tile may go on most free
#: parcels, and the first in reading order was A1, the map's corner (issue 35: Enter at once
#: put the tile in row 1)
_MIDDLE_START = frozenset({"start_tiles"})


@dataclass
class TableFocus:
    """Which region and item has the focus; `active` once a key or pad moved it."""

    active: bool = False
    region: str = "board"
    index: dict[str, int] = field(default_factory=dict)
    phase_seen: tuple[object, ...] | None = None
    picked_seen: bool = False      # something was picked at the last settle
    #: the board's glowing targets (its cursor starts on the first; it moves on every square)
    targets: frozenset[tuple[int, ...]] = frozenset()
    #: the table aimed the focus (a hint, a pick) since the pointer last moved: the keys
    #: after the mouse start there, not at the pointer
    aimed: bool = False

    def current(self, items: dict[str, list[Item]]) -> Item | None:
        """The focused item (None: the region is empty or the focus is off)."""
        if not self.active:
            return None
        row = items.get(self.region) or []
        if not row:
            return None
        i = min(self.index.get(self.region, 0), len(row) - 1)
        return row[i]

    def settle(self, items: dict[str, list[Item]], phase_key: tuple[object, ...], phase: str, picked: bool) -> None:
        """After any change: a new turn or phase starts in its natural region; a picked
        item moves the focus to the board's targets; an empty region gives way."""
        if phase_key != self.phase_seen:
            self.phase_seen = phase_key
            self.region = _PHASE_REGION.get(phase, self.region)
            self.index[self.region] = _first_index(self.region, items, self.targets, phase in _MIDDLE_START)
        if picked and not self.picked_seen and items.get("board"):
            # the moment something is picked the focus goes to its targets; after that Tab may
            # take it elsewhere (Store in barn, Cancel: a card that fits nowhere)
            if self.region != "board" or not self._on_target(items):
                self.index["board"] = _first_index("board", items, self.targets)
            self.region = "board"
        if self.picked_seen and not picked and self.region == "board":
            # a pick placed (or put back): the next likely act is another purchase, where the
            # offer's focus was, or else End turn; never a figure that happens to be on the board
            nxt = next((r for r in ("offer", "buttons") if items.get(r)), None)
            if nxt is not None:
                self.region = nxt
                if nxt == "buttons":
                    self.index[nxt] = _first_index(nxt, items)
        self.picked_seen = picked
        if not items.get(self.region):
            order = [_PHASE_REGION.get(phase, "buttons")] + list(REGIONS)
            self.region = next((r for r in order if items.get(r)), self.region)
            self.index[self.region] = _first_index(self.region, items, self.targets, phase in _MIDDLE_START)

    def switch(self, step: int, items: dict[str, list[Item]]) -> None:
        """Tab / Shift+Tab: the next (previous) region with something to do (the first
        press only shows the ring where it is)."""
        was_active, self.active = self.active, True
        if not was_active and items.get(self.region):
            return
        i = REGIONS.index(self.region) if self.region in REGIONS else 0
        for _step in REGIONS:
            i = (i + step) % len(REGIONS)
            if items.get(REGIONS[i]):
                self.region = REGIONS[i]
                return

    def move(self, direction: str, items: dict[str, list[Item]]) -> None:
        """Arrows: the board's cursor goes to the nearest target that way; elsewhere the
        focus steps along the region's items."""
        was_active, self.active = self.active, True
        row = items.get(self.region) or []
        if not row or not was_active:
            return
        i = min(self.index.get(self.region, 0), len(row) - 1)
        if self.region == "board":
            self.index["board"] = _nearest(row, i, direction)
        elif self.region == "panel":
            self.index["panel"] = _panel_step(row, i, direction)
        elif self.region == "offer":
            # a grid: Down from slot 1 is the slot under it (4), not the next one; Left and
            # Right go on to the next row's end where the row has nothing more that way
            j = _nearest_rect(row, i, direction)
            if j == i and direction in ("left", "right"):
                j = max(0, min(len(row) - 1, i + (1 if direction == "right" else -1)))
            self.index[self.region] = j
        else:
            # the arrows stop at the ends: Right from End turn never wraps onto Hint or Undo
            step = 1 if direction in ("right", "down") else -1
            self.index[self.region] = max(0, min(len(row) - 1, i + step))

    def point_at(self, hit: Hit | None, items: dict[str, list[Item]]) -> None:
        """Follow the item a command acted on (a Tab-to-target, a picked figure)."""
        self.aimed = True
        for region, row in items.items():
            for i, (h, _rect) in enumerate(row):
                if h == hit:
                    self.region, self.index[region] = region, i
                    return


    def _on_target(self, items: dict[str, list[Item]]) -> bool:
        row = items.get("board") or []
        i = self.index.get("board", 0)
        return 0 <= i < len(row) and tuple(row[i][0][1]) in self.targets

    def pointer_item(self, hit: Hit | None, items: dict[str, list[Item]]) -> bool:
        """The keys after the mouse: the focus goes to the item under the pointer (True when
        there is one), and is on from now."""
        self.active = True
        for region, row in items.items():
            for i, (h, _rect) in enumerate(row):
                if h == hit:
                    self.region, self.index[region] = region, i
                    return True
        return False


def _panel_step(row: list[Item], i: int, direction: str) -> int:
    """In the panels' region: Up / Down to the previous / next panel (its header), Left / Right
    along the parts of the panel the focus is in, stopping at its ends."""
    heads = [j for j, (hit, _rect) in enumerate(row) if hit[0] == "panel"]
    if not heads:
        return i
    here = max((j for j in heads if j <= i), default=heads[0])
    k = heads.index(here)
    if direction in ("up", "down"):
        return heads[max(0, min(len(heads) - 1, k + (1 if direction == "down" else -1)))]
    end = heads[k + 1] - 1 if k + 1 < len(heads) else len(row) - 1
    return max(here, min(end, i + (1 if direction == "right" else -1)))


def _nearest_rect(row: list[Item], i: int, direction: str) -> int:
    """The index of the nearest item from row[i] in `direction` by where they are drawn
    (itself when none)."""
    x0, y0 = row[i][1].center
    dx, dy = {"left": (-1, 0), "right": (1, 0), "up": (0, -1), "down": (0, 1)}[direction]
    best, best_cost = i, None
    for j, (_hit, rect) in enumerate(row):
        ddx, ddy = rect.centerx - x0, rect.centery - y0
        along = ddx * dx + ddy * dy
        if along <= 0 or j == i:
            continue
        across = abs(ddx * dy) + abs(ddy * dx)
        cost = along + 2 * across
        if best_cost is None or cost < best_cost:
            best, best_cost = j, cost
    return best


def _nearest(row: list[Item], i: int, direction: str) -> int:
    """The index of the nearest cell from row[i] in `direction` (itself when none)."""
    x0, y0 = row[i][0][1][:2]
    dx, dy = {"left": (-1, 0), "right": (1, 0), "up": (0, -1), "down": (0, 1)}[direction]
    best, best_cost = i, None
    for j, ((_kind, c), _rect) in enumerate(row):
        ddx, ddy = c[0] - x0, c[1] - y0
        along = ddx * dx + ddy * dy
        if along <= 0:
            continue
        across = abs(ddx * dy) + abs(ddy * dx)
        cost = along + 2 * across        # straight on first, then the nearest off the line
        if best_cost is None or cost < best_cost:
            best, best_cost = j, cost
    return best


def prompt_controls(region: str, item: Hit | None, picked: bool, can_turn: bool,
                    can_end: bool = False,
                    can_undo: bool = False, storing: bool = False,
                    end_gain: int | None = None, bids: bool = False) -> tuple[tuple[str, str], ...]:
    """The keys (or pad buttons) worth showing under the prompt now: (command, words);
    `storing`: the focused parcel is a barn the picked card would be stored in; `end_gain`:
    the income End turn brings, said with its key ("End turn: +4 shillings income"); `bids`: the
    digit keys take a bid marker (the keyboard's, during bids: "1-9, 0 Bid"). The Hint's
    key is in its button's label ("Hint (H)"), as Show now's is: no legend of its own."""
    kind = item[0] if item else None
    out = []
    if kind == "cell":
        out.append((im.CONFIRM, (_("Store here") if storing else _("Place here")) if picked else _("Choose")))
    elif kind in READ_ONLY:
        pass        # a panel or its card is there to be read: Enter does nothing there
    elif kind is not None:
        out.append((im.CONFIRM, _("Choose")))
    if bids:
        out.append((im.BID, pgettext("keys legend", "Bid")))
    out.append((im.CANCEL, _("Put back") if picked else _("Menu")))
    out.append((im.NEXT_TARGET, _("Next area")))
    if can_turn:
        out.append((im.ROTATE, _("Turn")))
    if can_end and not picked:
        out.append((im.END_TURN, _("End turn") if end_gain is None else
                    nfmt("End turn: +{n} shilling income", "End turn: +{n} shillings income", end_gain)))
    if can_undo and not picked:
        out.append((im.UNDO, _("Undo")))
    return tuple(out)
