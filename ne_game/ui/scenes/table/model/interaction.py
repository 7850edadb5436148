"""The table's input state machine, built only from `rules.legal_actions`.

A person picks something (an offer item, a card in a barn, a figure on the
board, a start tile), then picks how to use it (a cell, a pattern placement, a
barn). Everything that glows is a legal action's target; everything greyed gets
its reason from `rules.apply_action` on the candidate action (the engine's
`IllegalAction` text). No rule is re-implemented here.

Pure Python, no pygame: tests drive it directly.
"""
from __future__ import annotations

import logging
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from ne_game import rules
from ne_game.i18n import _, fmt
from ne_game.rules import Action, ActionKey, BuyCard, BuyLand, CardUse, MoveFigure, PlayStored, Position, State, of_kind
from ne_game.rules.actions import buy_card, buy_land, develop, figure_on, move_figure, place_start_tile, play_stored
from ne_game.ui.scenes.table.model.geometry import Cell, as_cell, canon, orientations, place_shape
from ne_game.ui.scenes.table.model.table_words import refusal_text
from ne_game.ui.text.words import a_figure, land_word

log = logging.getLogger(__name__)


# Refusals about where a piece would go (ne_game/rules/errors.py lists every code): a
# probe refused with one of these had money and count in order, only no place.
PLACE_CODES = frozenset({
    "off_board", "not_a_cell", "cell_taken", "rival_contact", "not_connected", "no_tile",
    "not_a_barn", "barn_full", "barn_empty", "tile_not_yours", "figure_on_developed",
    "figure_occupied", "not_coastal", "start_tile_whole", "land_mismatch", "already_developed",
    "figure_blocks_development", "pattern_mismatch", "cell_repeated", "parcel_count",
})


def _about_place(err: BaseException | None) -> bool:
    """True when the engine objected to the probed place, not to money or count."""
    return getattr(err, "code", None) in PLACE_CODES


@dataclass
class Selection:
    kind: str                      # "slot" | "stored" | "figure"
    slot: int | None = None
    cell: Cell | None = None       # barn cell (stored) or figure cell (figure)
    card: str | None = None        # card id for a card slot or a stored card
    land: str | None = None        # land for a land slot


@dataclass
class Preview:
    """What clicking the hovered cell would do, for drawing and tooltips."""
    cells: list[Cell]
    action: Action | None          # the legal action, or None
    reason: str = ""               # why not, when action is None
    kind: str = "place"            # "place" | "develop" | "figure" | "store" | "move" | "pick"
    candidate: Mapping[str, Any] | None = None  # the action as tried (legal or not)


class Interaction:
    """Selection + orientation over one decision point of the engine."""

    def __init__(self, state: State, names: tuple[str, ...] | None = None) -> None:
        self.names = names             # seat -> player name, for the refusals' words
        self.state = state
        self.pos: Position = rules.position(state)
        self.rs = state.rs
        self.legal: list[Action] = list(rules.legal_actions(state))
        self.keys: dict[ActionKey, Action] = {canon(a): a for a in self.legal}
        self.phase = self.pos.phase
        self.seat = self.pos.current_player
        self.sel: Selection | None = None
        # is this cell a parcel of the board (the engine's answer)
        self.board: Callable[[Cell], bool] = lambda c: rules.on_board(state, list(c))
        self.orient = 0                # domino: 0 across, 1 down; card: orientation index
        self.fit: frozenset[Cell] | None = None   # the chosen placement of a pattern card
        self.armed: tuple[object, ...] | None = None   # a choice clicked once that wants a second click
        self._reasons: dict[ActionKey, str] = {}
        self._errors: dict[ActionKey, BaseException | None] = {}
        lands = self.start_lands()
        self.start_land: str | None = None
        if lands:
            self.choose_start_land(lands[0])

    # ---- engine questions ---------------------------------------------------------
    def by_type(self, t: str) -> list[Action]:
        return [a for a in self.legal if a["type"] == t]

    def legal_match(self, action: Mapping[str, Any]) -> Action | None:
        return self.keys.get(canon(action))

    def is_figure_card(self, card: str | None) -> bool:
        """A card that places a figure (its spec names one), as the ruleset says."""
        spec = self.rs.cards.get(card) if card else None
        return spec is not None and spec.figure is not None

    def reason(self, action: Mapping[str, Any]) -> str:
        """The engine's words for why `action` is not allowed ("" if it is)."""
        k = canon(action)
        if k in self.keys:
            return ""
        r = self._reasons.get(k)
        if r is None:
            err = self.refusal(action)
            r = (refusal_text(err, self.names) or _("not allowed now")) if err is not None else ""
            self._reasons[k] = r
        return r

    def refusal(self, action: Mapping[str, Any]) -> BaseException | None:
        """The engine's structured refusal of `action` (None when it is allowed)."""
        k = canon(action)
        if k in self.keys:
            return None
        if k not in self._errors:
            try:
                rules.apply_action(self.state, action)
                self._errors[k] = None
            except rules.IllegalAction as err:
                self._errors[k] = err
            except (KeyError, TypeError, IndexError) as err:   # a malformed probe
                log.warning("probe %r broke the engine: %r", action, err)
                self._errors[k] = err
        return self._errors[k]

    def tkey(self, cell: Iterable[int]) -> tuple[str, object]:
        """Tiles are named by any of their cells: compare by tile, not by cell."""
        c = as_cell(cell)
        i = self.pos.tile_index(c)
        return ("t", i) if i is not None else ("c", c)

    def tile_cells(self, cell: Cell) -> list[Cell]:
        return list(self.pos.tile_cells(cell))

    def second_click(self, key: tuple[object, ...]) -> bool:
        """A choice that asks for confirmation: False on the first click (it is armed now),
        True on the second click of the same choice."""
        if self.armed == key:
            return True
        self.armed = key
        return False

    # ---- start rounds -------------------------------------------------------------
    def start_lands(self) -> list[str]:
        seen: list[str] = []
        for a in of_kind(self.legal, "place_start_tile"):
            if a["land"] not in seen:
                seen.append(a["land"])
        return seen

    def choose_start_land(self, land: str) -> None:
        """Take the start tile of `land` in hand, turned the way it fits: where no parcel takes
        it across (or down) and some take it the other way, it turns by itself, so that the
        glow shows at once (playtest 3a: "Glowing parcels fit" and nothing glowed until R)."""
        self.start_land = land
        if not self.start_targets():
            for _turn in range(1, self.n_orients()):
                self.orient = (self.orient + 1) % self.n_orients()
                if self.start_targets():
                    return

    def start_cells(self, at: Cell) -> list[Cell]:
        """The domino under the pointer: `at` and its neighbour east (or south).

        At the board's east or south edge (or the missing corner) it reaches back west
        (or north) instead, so every parcel can be pointed at.
        """
        dx, dy = (1, 0) if self.orient % 2 == 0 else (0, 1)
        nxt = (at[0] + dx, at[1] + dy)
        back = (at[0] - dx, at[1] - dy)
        if not self.board(nxt):
            if self.board(back):
                return [back, at]
        elif self.start_land and self.board(back) and not self._start_fits([at, nxt]) \
                and self._start_fits([back, at]):
            # a marked parcel is one some placement takes: where the tile cannot reach east (or
            # south) from it, it reaches back (playtest 12a: B2 was marked, and the pointer on it
            # offered B2-C2, refused, where A2-B2 fits)
            return [back, at]
        return [at, nxt]

    def _start_fits(self, cells: list[Cell]) -> bool:
        land = self.start_land
        return land is not None and self.legal_match(place_start_tile(land, cells)) is not None

    def start_targets(self) -> set[Cell]:
        """Cells of every legal placement of the chosen start tile in the current turn."""
        out: set[Cell] = set()
        for a in of_kind(self.legal, "place_start_tile"):
            if a["land"] != self.start_land:
                continue
            cells = sorted(as_cell(c) for c in a["cells"])
            across = cells[0][1] == cells[1][1]
            if across == (self.orient % 2 == 0):
                out.update(cells)
        return out

    # ---- buying: picking --------------------------------------------------------
    def slot_actions(self, slot: int) -> list[BuyLand | BuyCard]:
        return [a for a in self.legal if (a["type"] == "buy_land" or a["type"] == "buy_card") and a["slot"] == slot]

    def slot_reason(self, slot: int) -> str:
        """Why an offer item cannot be bought now (engine words), '' if it can."""
        if self.slot_actions(slot):
            return ""
        item = self.pos.offer_item(slot)
        if item is None:
            return _("empty slot")
        if self.phase != "buying":
            return _("items are bought in the buying phase")
        own = [t.cells[0] for t in self.pos.tiles if t.owner == self.seat]
        probe = own[0] if own else (0, 0)
        if item.kind == "land":
            land_probe = buy_land(slot, probe)
            r = self.reason(land_probe)
            # A cell-specific answer means money and count were fine: the tile has no place.
            if _about_place(self.refusal(land_probe)):
                return fmt("no free parcel fits this {land} tile for you", land=land_word(item.land))
            return r
        card = item.card or ""
        spec = self.rs.cards.get(card)
        if spec is not None and spec.figure is not None:
            cand = buy_card(slot, figure_on(probe))
        else:
            pattern = spec.pattern if spec is not None and spec.pattern else "X"
            cand = buy_card(slot, develop(place_shape(orientations(pattern)[0], probe)))
        r = self.reason(cand)
        if _about_place(self.refusal(cand)):
            if spec is not None and spec.figure is not None:
                return fmt("no tile of yours can take {figure} now, and no empty barn", figure=a_figure(spec.figure))
            return _("this pattern fits none of your undeveloped parcels, and no empty barn")
        return r

    def selectable_slots(self) -> set[int]:
        return {a["slot"] for a in self.legal if a["type"] == "buy_land" or a["type"] == "buy_card"}

    def stored_barns(self) -> list[Cell]:
        """Barn cells whose stored card can be played now (one per barn tile)."""
        out: dict[tuple[str, object], Cell] = {}
        for a in of_kind(self.legal, "play_stored"):
            out.setdefault(self.tkey(a["barn"]), as_cell(a["barn"]))
        return list(out.values())

    def movable_figures(self) -> list[Cell]:
        out: dict[tuple[str, object], Cell] = {}
        for a in of_kind(self.legal, "move_figure"):
            out.setdefault(self.tkey(a["from"]), as_cell(a["from"]))
        return list(out.values())

    def pick_slot(self, slot: int) -> bool:
        if not self.slot_actions(slot):
            return False
        item = self.pos.offer_item(slot)
        self.sel = Selection("slot", slot=slot, card=item.card if item else None, land=item.land if item else None)
        self.orient = 0
        return True

    def stored_card(self, cell: Cell) -> str | None:
        """The card in the seat's barn at `cell` (the seat on turn sees its own barns)."""
        return self.pos.barn_card(self.seat, cell) if self.seat is not None else None

    def pick_stored(self, cell: Cell) -> bool:
        k = self.tkey(cell)
        for b in self.stored_barns():
            if self.tkey(b) == k:
                self.sel = Selection("stored", cell=b, card=self.stored_card(b))
                self.orient = 0
                return True
        return False

    def pick_figure(self, cell: Cell) -> bool:
        k = self.tkey(cell)
        for f in self.movable_figures():
            if self.tkey(f) == k:
                self.sel = Selection("figure", cell=f)
                return True
        return False

    def cancel(self) -> None:
        self.sel = None
        self.orient = 0
        self.fit = None

    # ---- a land-use card's pattern: the fitting placements ----------------------
    def fits(self) -> list[BuyCard | PlayStored]:
        """Every legal action that develops parcels with the picked card (all placements that
        fit, every turn of the pattern), in the engine's order."""
        return [a for a in self.uses() if (a["type"] == "buy_card" or a["type"] == "play_stored")
                and "develop" in a["use"]]

    @staticmethod
    def fit_cells(action: BuyCard | PlayStored) -> frozenset[Cell]:
        use = action["use"]
        return frozenset(as_cell(c) for c in use["develop"]) if "develop" in use else frozenset()

    def fits_at(self, cell: Cell) -> list[BuyCard | PlayStored]:
        """The fitting placements that cover `cell`: the pattern needs no turning by hand,
        pointing at a parcel is enough (R / the wheel chooses among these only)."""
        cell = as_cell(cell)
        return [a for a in self.fits() if cell in self.fit_cells(a)]

    def fit_for(self, cell: Cell) -> BuyCard | PlayStored | None:
        """The placement a click on `cell` takes: the one chosen (by R, the wheel or Tab) if it
        covers the cell, else the one centred on the cell, else the first that covers it."""
        here = self.fits_at(cell)
        if not here:
            return None
        if self.fit is not None:
            for a in here:
                if self.fit_cells(a) == self.fit:
                    return a
        pattern = self.selected_pattern()
        if pattern:
            for shape in orientations(pattern):
                centred = frozenset(place_shape(shape, as_cell(cell)))
                for a in here:
                    if self.fit_cells(a) == centred:
                        return a
        return here[0]

    def turn_fit(self, cell: Cell | None, step: int) -> bool:
        """R / the wheel: the next (previous) fitting placement that covers `cell`."""
        if cell is None:
            return False
        here = self.fits_at(cell)
        if len(here) < 2:
            return bool(here)
        now = self.fit_for(cell)
        i = here.index(now) if now in here else 0
        self.fit = self.fit_cells(here[(i + step) % len(here)])
        return True

    def step_fit(self, step: int) -> Cell | None:
        """Tab / Shift+Tab (a gamepad's shoulders): the next fitting placement of all; the cell
        to point at (one only this placement covers where possible)."""
        fits = self.fits()
        if not fits:
            return None
        cells = [self.fit_cells(a) for a in fits]
        i = cells.index(self.fit) if self.fit in cells else (-1 if step > 0 else 0)
        self.fit = cells[(i + step) % len(cells)]
        own = sorted(c for c in self.fit if sum(c in other for other in cells) == 1)
        return own[0] if own else min(self.fit)

    # ---- buying: using ----------------------------------------------------------
    def uses(self) -> Sequence[BuyLand | BuyCard | PlayStored | MoveFigure]:
        """Legal actions that finish the current selection."""
        s = self.sel
        if s is None:
            return []
        if s.kind == "slot":
            assert s.slot is not None       # a slot selection names its slot
            return self.slot_actions(s.slot)
        if s.kind == "stored" and s.cell is not None:
            k = self.tkey(s.cell)
            return [a for a in of_kind(self.legal, "play_stored") if self.tkey(a["barn"]) == k]
        if s.kind == "figure" and s.cell is not None:
            k = self.tkey(s.cell)
            return [a for a in of_kind(self.legal, "move_figure") if self.tkey(a["from"]) == k]
        return []

    def card_uses(self) -> list[tuple[BuyCard | PlayStored, CardUse]]:
        """The selection's legal card actions with their uses."""
        return [(a, a["use"]) for a in self.uses() if a["type"] == "buy_card" or a["type"] == "play_stored"]

    def selected_pattern(self) -> str | None:
        s = self.sel
        spec = self.rs.cards.get(s.card) if s and s.card else None
        return spec.pattern if spec is not None else None

    def n_orients(self) -> int:
        p = self.selected_pattern()
        if p:
            return len(orientations(p))
        if self.phase == "start_tiles":
            return 2
        return 1

    def rotate(self, step: int = 1, at: Cell | None = None) -> None:
        """Turn the start tile; for a pattern card, choose the next placement that fits at the
        pointed parcel (or, where none fits, turn the outline that explains why)."""
        if self.selected_pattern() and self.turn_fit(at, step):
            return
        self.orient = (self.orient + step) % max(1, self.n_orients())

    def store_actions(self) -> list[BuyCard | PlayStored]:
        return [a for a, use in self.card_uses() if "store_in_barn" in use]

    def targets(self) -> dict[str, set[Cell]]:
        """Cells to glow, by kind: "place", "develop", "figure", "store", "move"."""
        out: dict[str, set[Cell]] = {}

        def add(kind: str, cells: Iterable[Cell]) -> None:
            out.setdefault(kind, set()).update(cells)

        if self.phase == "start_tiles":
            add("place", self.start_targets())
            return out
        s = self.sel
        if s is None:
            if self.phase == "buying":
                add("movable", self.movable_figures())
                add("stored", self.stored_barns())
            return out
        for a in self.uses():
            if a["type"] == "buy_land":
                add("place", [as_cell(a["cell"])])
            elif a["type"] == "move_figure":
                add("move", self.tile_cells(as_cell(a["to"])))
            else:
                use = a["use"]
                if "develop" in use:
                    add("develop", [as_cell(c) for c in use["develop"]])
                elif "figure_on" in use:
                    add("figure", self.tile_cells(as_cell(use["figure_on"])))
                else:
                    add("store", self.tile_cells(as_cell(use["store_in_barn"])))
        return out

    def _use_action(self, use: CardUse) -> BuyCard | PlayStored:
        s = self.sel
        assert s is not None
        if s.kind == "slot":
            assert s.slot is not None
            return buy_card(s.slot, use)
        assert s.cell is not None           # a stored card names its barn
        return play_stored(s.cell, use)

    def preview(self, cell: Cell | None) -> Preview | None:
        """What a click on `cell` would do now (legal action or the reason it is not)."""
        if cell is None:
            return None
        cell = as_cell(cell)
        if self.phase == "start_tiles":
            if not self.start_land:
                return None
            cells = self.start_cells(cell)
            return self._preview(cells, place_start_tile(self.start_land, cells), "place")
        s = self.sel
        if s is None:
            return None
        k = self.tkey(cell)
        uses = self.uses()
        here = self.tile_cells(cell)
        if s.kind == "figure":
            assert s.cell is not None       # a figure selection names its cell
            if k == self.tkey(s.cell):     # the picked figure itself: nothing to refuse
                return Preview(here, None, "", "pick", None)
            for a in uses:
                if a["type"] == "move_figure" and self.tkey(a["to"]) == k:
                    return Preview(here, a, "", "move", a)
            return self._preview(here, move_figure(s.cell, cell), "move")
        if s.kind == "slot" and s.land and s.slot is not None:
            return self._preview([cell], buy_land(s.slot, cell), "place")
        # A card: a barn of ours stores it; otherwise figure or pattern placement.
        card_uses = self.card_uses()
        for a, use in card_uses:
            if "store_in_barn" in use and self.tkey(use["store_in_barn"]) == k:
                return Preview(here, a, "", "store", a)
        if self.is_figure_card(s.card):
            for a, use in card_uses:
                if "figure_on" in use and self.tkey(use["figure_on"]) == k:
                    return Preview(here, a, "", "figure", a)
            return self._preview(here, self._use_action(figure_on(cell)), "figure")
        pattern = self.selected_pattern()
        if pattern:
            fit = self.fit_for(cell)
            if fit is not None:
                return Preview(sorted(self.fit_cells(fit)), fit, "", "develop", fit)
            shapes = orientations(pattern)
            cells = place_shape(shapes[self.orient % len(shapes)], cell)
            return self._preview(cells, self._use_action(develop(cells)), "develop")
        return None

    def _preview(self, cells: list[Cell], cand: Mapping[str, Any], kind: str) -> Preview:
        legal = self.legal_match(cand)
        if legal is not None:
            return Preview(cells, legal, "", kind, cand)
        return Preview(cells, None, self.reason(cand), kind, cand)
