"""The table's keyboard and pad controls: the focus (focus.py) kept in step with the
table, moved by arrows and Tab, and pressed by Enter as a click on its item would be.

Owned by TableScene (`scene.keys`); it uses the scene's state and its click path through
scene_face.SceneFace, and decides no rule.
"""
from __future__ import annotations

import dataclasses
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import pygame

from ne_game.ui.look import glyphs
from ne_game.ui.look.widgets import draw_focus_ring
from ne_game.ui.scenes.table.controls.hit import Hit
from ne_game.ui.scenes.table.controls.intents import NOTHING
from ne_game.ui.scenes.table.model.focus import READ_ONLY, Item, prompt_controls
from ne_game.ui.scenes.table.model.focus import regions as focus_regions
from ne_game.ui.scenes.table.model.view_model import ShownMove, StaticView, end_turn_gain
from ne_game.ui.shell import input_map as im

if TYPE_CHECKING:  # pragma: no cover
    from ne_game.rules import Action
    from ne_game.ui.scenes.table.model.interaction import Selection
    from ne_game.ui.scenes.table.motion.tweens import TweenKey
    from ne_game.ui.scenes.table.scene_face import SceneFace

def hinted_cell(hint: Action | None, sel: Selection | None,
                same_tile: Callable[[Sequence[int], Sequence[int]], bool] | None = None) -> tuple[int, int] | None:
    """Where the Hint places the item picked now: an offer item, a barn's stored card or a
    figure picked up (None: no hint, or another item). `same_tile`: whether two cells are of one
    tile (a start tile's figure is picked up from either of its parcels)."""
    if hint is None or sel is None:
        return None
    if hint["type"] == "move_figure" and sel.kind == "figure" and sel.cell is not None:
        # playtest 21b: the ring stayed on the figure picked up, and Enter put it back, again
        # and again
        same = same_tile or (lambda a, b: tuple(a) == tuple(b))
        return (hint["to"][0], hint["to"][1]) if same(sel.cell, hint["from"]) else None
    slot = sel.slot if sel.kind == "slot" else None
    if hint["type"] == "buy_land" and slot is not None and hint["slot"] == slot:
        return (hint["cell"][0], hint["cell"][1])
    use = None
    if hint["type"] == "play_stored" and sel.kind == "stored" and sel.cell is not None \
            and tuple(sel.cell) == tuple(hint["barn"]):
        use = hint["use"]
    if hint["type"] == "buy_card" and slot is not None and hint["slot"] == slot:
        use = hint["use"]
    if use is not None:
        first = use["develop"][0] if "develop" in use else use["figure_on"] if "figure_on" in use else None
        return (first[0], first[1]) if first is not None else None
    return None


class FocusControls:
    """The keyboard and pad focus, owned by TableScene (`scene.keys`): `settle`, `command`, `draw`;
    what it uses of the scene is declared, with its types, in scene_face.SceneFace."""

    def __init__(self, table: SceneFace) -> None:
        self.table = table
        #: items of a card over the table that Tab reaches too (the tutorial's lesson card: its
        #: buttons), as ("lesson", id) hits; the card's owner presses them
        self.lesson_items: Callable[[], list[Item]] | None = None
        #: whether the person's controls waited for a piece in flight at the last `settle`
        self._waited = False
        #: (seat, phase, round) when nothing was in flight last: a turn begun since waits for
        #: the pieces still flying
        self._quiet_turn: tuple[int | None, str, int] | None = None

    def waiting(self) -> bool:
        """A person's turn whose controls (the focus ring and its ghost tile, the keys legend,
        their buttons and lit places) wait for the pieces still in flight from before it began
        (another's start tile, the offer still dealt), as the turn's words do (playtest 14a:
        Player 1's keys, buttons and ghost tile stood beside "Mercy places the start tile ..."
        while Mercy's tile still landed; "Take marker 1" while the offer was still dealt). The
        person's own piece in flight within their turn (a land bought) holds nothing."""
        t = self.table
        facts = t.facts
        turn = (facts.seat, facts.phase, facts.pos.round)
        if not t.anim.hidden:
            self._quiet_turn = turn      # the turn the table last stood still in
            return False
        return t.human_turn and turn != self._quiet_turn

    def mine(self) -> bool:
        """The person on turn has the controls now (their turn, nothing of another's in flight)."""
        return self.table.human_turn and not self.waiting()

    def landed(self) -> bool:
        """The controls waited at the last `settle` and need not any more (the piece landed,
        or Space landed it): the table shows the person's controls now. Asked every frame."""
        return self._waited and not self.waiting()

    def after_frame(self, hidden_before: set[TweenKey] | None) -> None:
        """After the animations' frame (`hidden_before`: what was in flight before it, None when
        nothing flew): a landed piece joins the static layer, and the person's controls that
        waited for it come now."""
        t = self.table
        if self.landed():
            t.refresh_interaction()
        elif hidden_before is not None and t.anim.hidden != hidden_before:
            t.view = t.build_static()

    def land(self) -> None:
        """A press while the controls wait: the pieces land at once and the controls come (the
        press is never lost; the caller then carries it out)."""
        t = self.table
        t.anim.finish()
        t.refresh_interaction()

    def settle(self) -> None:
        """The focus's items after any change; with the focus on, the pointer is at its item."""
        t = self.table
        t.view = t.build_static()
        inter, facts = t.inter, t.facts
        self._waited = self.waiting()
        t.focus_items = focus_regions(t.lay, t.style, t.view, facts, inter, self.mine(), t.buttons,
                                         t.button_rects, t.targets, t.legal_bids,
                                         t.selectable_slots)
        if self.lesson_items is not None and self.mine():
            t.focus_items["lesson"] = self.lesson_items()
        targets = {tuple(c) for group in t.targets.values() for c in group}
        if inter is not None and t.human_turn and inter.phase == "buying" and inter.sel is None:
            # the figures and barns are what may be picked; once one is, only its places are
            # targets (else the ring stays on the barn just picked and Enter does nothing there)
            targets |= {tuple(c) for c in list(inter.movable_figures()) + list(inter.stored_barns())}
        t.focus.targets = frozenset(targets)
        picked = bool(inter and inter.sel is not None)
        newly_picked = picked and not t.focus.picked_seen
        # the turn's focus starts once its controls come (not on what was left while they waited)
        t.focus.settle(t.focus_items, (facts.seat, facts.phase, facts.pos.round, self._waited),
                          facts.phase, picked)
        hinted = hinted_cell(t.hint_action, inter.sel if inter else None,
                             (lambda a, b: inter.tkey(a) == inter.tkey(b)) if inter else None)
        if newly_picked and hinted is not None:
            # the Hint's item just picked: the cursor goes to the Hint's place, not the first
            # target, so the next Enter (or R) acts there
            t.focus.point_at(("cell", hinted), t.focus_items)
        if self.mine() and t.app.pads.last_device != "mouse":
            # keyboard or pad play: the ring is on the likely first item from the turn's first
            # frame (Enter then presses what the ring shows, never an unseen End turn)
            t.focus.active = True
        item = t.focus.current(t.focus_items)
        if item is not None:
            t.hover_pos = item[1].center

    def focus_on(self, hits: list[Hit]) -> bool:
        """Put the focus on the first of `hits` that can be focused now (the tutorial: the item
        its lesson points at). True when one could."""
        t = self.table
        for hit in hits:
            if any(h == hit for row in t.focus_items.values() for h, _rect in row):
                t.focus.point_at(hit, t.focus_items)
                item = t.focus.current(t.focus_items)
                if item is not None:
                    t.hover_pos = item[1].center
                return True
        return False

    def point_at_shown(self, shown: ShownMove) -> None:
        """The ring goes to what a shown move (the hint) points at: its bid marker, its offer
        slot, its button (an announcement: Enter then takes it) or its first cell."""
        t = self.table
        inter = t.inter
        placed = hinted_cell(t.hint_action, inter.sel if inter else None)
        if placed is not None:
            # the Hint's item is already in hand (asked again after taking it): the ring stays on
            # its place, so Enter puts it there; on the offer, Enter would put the item back
            t.focus.point_at(("cell", placed), t.focus_items)
            item = t.focus.current(t.focus_items)
            if item is not None:
                t.hover_pos = item[1].center
            return
        button = shown.button
        if button is not None and t.face.button(button) is None and t.face.button("end_game") is not None:
            button = "end_game"       # every announcement ends the game: its one button
        target: Hit | None = (("bid", shown.bid) if shown.bid is not None else ("slot", shown.slot)
                              if shown.slot is not None else ("button", button) if button is not None
                              else ("cell", shown.cells[0]) if shown.cells else None)
        if target is not None:
            t.focus.point_at(target, t.focus_items)
            item = t.focus.current(t.focus_items)
            if item is not None:
                t.hover_pos = item[1].center

    def command(self, name: str) -> bool:
        """Arrows, Tab and Enter with the focus: move it, or do what a click on its item does."""
        t = self.table
        inter = t.inter
        if name in (im.NEXT_TARGET, im.PREV_TARGET) and inter is not None and inter.fits():
            # a land-use card picked: Tab / Shift+Tab (LB / RB) step through its fitting places
            cell = inter.step_fit(1 if name == im.NEXT_TARGET else -1)
            if cell is not None:
                t.focus.active = True
                t.focus.point_at(("cell", cell), t.focus_items)
                t.update_hover(t.lay.cell_rect(*cell).center)
            return cell is not None
        if name == im.CONFIRM:
            item = t.focus.current(t.focus_items)
            if item is None:
                return False
            t.update_hover(item[1].center)      # the words beside the ring
            if item[0][0] in READ_ONLY:
                return True     # a panel or its card: to be read (its words show); nothing to do
            intent = t.commands.intent_of(item[0])
            if intent is NOTHING and item[0][0] == "cell":
                # a square where nothing goes: its words say why (as for the pointer), a sound
                # says it was heard
                t.app.sound.cue("refused")
                return True
            t.commands.perform(intent)   # what the focused item means: no pixels
        elif name in im.DIRECTIONS:
            t.focus.move(name, t.focus_items)
        else:
            t.focus.switch(1 if name == im.NEXT_TARGET else -1, t.focus_items)
        t.refresh_interaction()
        return True

    def with_controls(self, view: StaticView) -> StaticView:
        """The view whose prompt shows the glyphs of the device used last (the mouse keeps
        the words)."""
        t = self.table
        device = t.app.pads.last_device
        if device == "mouse" or not self.mine() or t.inter is None:
            return view
        item = t.focus.current(t.focus_items)
        end, undo = t.face.button("end_turn"), t.face.button("undo")
        controls = prompt_controls(t.focus.region, item[0] if item else None, t.inter.sel is not None,
                                   t.inter.n_orients() > 1,
                                   can_end=bool(end and end.enabled), can_undo=bool(undo and undo.enabled),
                                   storing=t.preview is not None and t.preview.kind == "store",
                                   end_gain=end_turn_gain(t.facts, t.inter) if end and end.enabled else None,
                                   bids=device == "keyboard" and t.facts.phase == "bids")
        prompt = dataclasses.replace(view.prompt, controls=controls, device=device,
                                     pad_layout=t.app.pads.layout)
        return dataclasses.replace(view, prompt=prompt)

    def hint_key(self) -> str:
        """The Hint's key for its button's label, on the device used last (the mouse: the
        keyboard's, as "Show now (Space)" says); "" when it has none."""
        device = self.table.app.pads.last_device
        return next(iter(glyphs.labels_for(im.HINT, device, self.table.app.pads.layout)), "")

    def inputs(self) -> tuple[str, str, bool]:
        """What the prompt's glyphs depend on (for the static layer's cache)."""
        t = self.table
        return (t.app.pads.last_device, t.focus.region, t.focus.active)

    def draw(self, surface: pygame.Surface) -> pygame.Rect | None:
        """The focus ring over the table (only once a key or pad moved the focus); around
        the whole preview when the item is a board cell. Its rect, or None."""
        t = self.table
        item = t.focus.current(t.focus_items) if self.mine() else None
        if item is None:
            return None
        rect = item[1]
        pv = t.preview
        if item[0][0] == "cell" and pv is not None and pv.cells:
            rect = t.lay.cells_rect(pv.cells)
        if item[0][0] == "panel":
            rect = t.lay.panels[item[0][1]]      # the whole panel (its words are all of it)
        return draw_focus_ring(surface, rect, t.app.theme, t.lay.base, round_=item[0][0] == "bid",
                               inside=item[0][0] == "slot")      # the offer's header stays readable
