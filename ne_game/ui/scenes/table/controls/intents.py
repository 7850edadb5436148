"""What an input means at the table: one answer for the mouse, the focus ring and a pad.

`intent_for(hit, ...)` reads what is pointed at (under the pointer, or the focused item: the
same `Hit`) and the interaction state, and says what acting on it would do, without doing
it: take an engine action, pick or put back an item, run a table command, ask for a second
press, or nothing (with the engine's reason). The table then performs the intent, after the
tutorial (when one runs) has had its say about it. Pure: no pygame, no drawing.
"""
from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from typing import Any, Literal

from ne_game.rules import Action, actions
from ne_game.ui.scenes.table.model.facts import Facts
from ne_game.ui.scenes.table.model.geometry import as_cell
from ne_game.ui.scenes.table.model.interaction import Interaction, Preview
from ne_game.ui.scenes.table.model.view_model import Button, bid_costly, end_turn_asks

Hit = tuple[str, Any]      # ("slot", 3), ("cell", (x, y)), ("button", "end_turn"), ... (hit.py)
IntentKind = Literal["act", "pick", "unpick", "command", "arm", "nothing"]


@dataclass(frozen=True)
class Intent:
    kind: IntentKind
    target: Hit | None = None
    action: Action | None = None           # "act": the engine action to take
    pick: tuple[str, Any] | None = None    # "pick": ("slot", n) | ("figure", cell) | ("stored", cell)
    command: str | None = None             # "command": rotate, cancel, store, undo, hint, skip, land:<id>
    reason: str = ""                       # "nothing" / "arm": why, in the engine's words


NOTHING = Intent("nothing")


def intent_for(hit: Hit | None, *, facts: Facts, inter: Interaction | None, human_turn: bool,
               buttons: Collection[Button], legal_bids: Collection[int],
               preview: Preview | None, hint: Action | None = None) -> Intent:
    """What acting on `hit` means now (`preview`: what the pointed cell would take, for cells;
    `hint`: the Hint's move on show, if any)."""
    if not human_turn:
        return Intent("command", hit, command="skip")     # a press goes on with the computer's move
    if hit is None or inter is None:
        return NOTHING
    kind, what = hit
    if kind == "button":
        b = next((b for b in buttons if b.id == what), None)
        if b is None or not b.enabled:
            return Intent("nothing", hit, reason=b.reason if b is not None else "")
        if b.action is not None:
            hinted_end = hint is not None and hint["type"] == "end_turn" and inter.legal_match(hint) is not None
            if b.id == "end_turn" and end_turn_asks(inter) and inter.armed != hit and not hinted_end:
                # purchases and money left: it asks once (not when the Hint just said to end
                # the turn: following it is the player's informed choice)
                return Intent("arm", hit)
            return Intent("act", hit, action=b.action)
        return Intent("command", hit, command=b.command) if b.command else NOTHING
    if kind == "bid":
        if what not in legal_bids:
            return Intent("nothing", hit, reason=inter.reason(actions.take_bid(what)))
        if bid_costly(facts, what) and inter.armed != ("bid", what):
            return Intent("arm", hit)
        return Intent("act", hit, action=inter.legal_match(actions.take_bid(what)))
    if kind == "slot":
        sel = inter.sel
        if sel is not None and sel.kind == "slot" and sel.slot == what:
            return Intent("unpick", hit)
        if what in inter.selectable_slots():
            return Intent("pick", hit, pick=("slot", what))
        return Intent("nothing", hit, reason=inter.slot_reason(what) if facts.offer_item(what) else "")
    if kind == "reveal":
        a = inter.legal_match(actions.reveal_extra(what))
        return Intent("act", hit, action=a) if a is not None else \
            Intent("nothing", hit, reason=inter.reason(actions.reveal_extra(what)))
    if kind == "barn":
        playable = {inter.tkey(c) for c in inter.stored_barns()}
        return Intent("pick", hit, pick=("stored", as_cell(what))) if inter.tkey(what) in playable else NOTHING
    if kind == "cell":
        return _cell(hit, inter, preview, hint)
    return NOTHING


def hinted_stored_play(hint: Action | None, inter: Interaction, cell: tuple[int, int]) -> Action | None:
    """The Hint's play of a stored card when `cell` is the parcel it glows on and the card is
    not swapped for another pick (playtest 2, (c)1: a press on the glowing parcel plays it, as
    the Hint lays it); None otherwise or once the position moved on."""
    if hint is None or hint["type"] != "play_stored":
        return None
    cells = actions.use_cells(hint["use"])
    if not cells or inter.tkey(cell) != inter.tkey(as_cell(cells[0])):
        return None
    sel = inter.sel
    if sel is not None and not (sel.kind == "stored" and sel.cell is not None
                                and inter.tkey(sel.cell) == inter.tkey(as_cell(hint["barn"]))):
        return None
    return inter.legal_match(hint)


def _cell(hit: Hit, inter: Interaction, preview: Preview | None, hint: Action | None) -> Intent:
    cell = as_cell(hit[1])
    hinted = hinted_stored_play(hint, inter, cell)
    if hinted is not None:
        return Intent("act", hit, action=hinted)
    if preview is not None and preview.action is not None:
        if preview.kind == "store" and inter.armed != hit:
            # storing a card is never the side effect of a press meant to place it: it asks once
            return Intent("arm", hit)
        return Intent("act", hit, action=preview.action)
    # nothing placed here: maybe a figure to pick up, or a barn whose card may be played
    if inter.phase == "buying":
        if any(inter.tkey(cell) == inter.tkey(c) for c in inter.movable_figures()):
            return Intent("pick", hit, pick=("figure", cell))
        if inter.sel is None and any(inter.tkey(cell) == inter.tkey(c) for c in inter.stored_barns()):
            return Intent("pick", hit, pick=("stored", cell))
    return Intent("nothing", hit, reason=preview.reason if preview is not None else "")
