"""The game table: everything on screen during a game, and the final scoring.

`TableScene(app, session)` is what the shell shows for a running game;
`FinalScene(app, session)` is pushed over it when the game ends.

Controls (the action bar always says what to do now):
- Start rounds: pick a start tile (button or the domino in your panel), point at the
  board; R, the right button or the wheel turns it; click where it glows.
- Offer: click "3 tiles" .. "6 tiles" (red = that choice ends the game now).
- Bids: click a marker on the track at the top.
- Buying: click an offer item, then a glowing target (land-use cards: every fitting
  placement glows; point at a parcel and click; R / wheel choose among the fits that
  cover it, Tab steps through all; figure cards: a glowing tile, or a barn / "Store in
  barn"). Drag a pilgrim or ship to move it, or click it and then its new tile. A bid
  marker the player cannot pay for takes a second click. Click the bag or the deck to
  reveal an extra item (ship majority). Click a barn (board or panel) to play its
  card. Right button / Backspace / Esc cancels; Undo (or U) takes back a purchase or
  move; "End turn" (or Enter) takes income.
- Computer turns: their choice glows and is described; Space or a click goes on now.
- Wheel over the game log reads back through older sentences.

Module map (input -> commands -> engine actions -> view-model -> drawing):
- input: ne_game/ui/shell/input_map.py (events -> named commands); scene.TableScene.handle
  (commands -> picks and engine actions through the session); interaction (what a pick
  allows, from rules.legal_actions and the engine's structured refusals).
- session listeners: log.GameLog (the game log), animations.AnimationBuilder (tweens from
  before/after snapshots), and the scene itself (re-read the position).
- view-model (pure, no pygame): facts (derived facts of a position), view_model (frozen
  views: panels, offer, bid track, board, prompt, buttons, log, overlay), model (names,
  shapes, refusal words).
- drawing (functions of surface, layout, style, view): render (the frame and its cached
  layers), chrome (status, log, prompt, buttons, tooltip), board_view, panels, offer_view,
  bid_track, pieces, gfx; layout is pure geometry; hit says what is under the pointer.
- pacing (computer seats and hints), anim (tweens), final_scoring (the end screen).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    # what __getattr__ hands out, for the type checker (at run time they load on first use)
    from ne_game.ui.scenes.table.final_scoring import FinalScene
    from ne_game.ui.scenes.table.scene import TableScene

__all__ = ["TableScene", "FinalScene"]


def __getattr__(name: str) -> type:
    # Lazy: the pure modules (model, view_model, facts) are importable without pygame.
    if name == "TableScene":
        from ne_game.ui.scenes.table.scene import TableScene
        return TableScene
    if name == "FinalScene":
        from ne_game.ui.scenes.table.final_scoring import FinalScene
        return FinalScene
    raise AttributeError(name)
