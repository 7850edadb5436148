"""The game table: everything on screen during a game, and the final scoring.

`TableScene(app, session)` is what the shell shows for a running game;
`FinalScene(app, session)` is pushed over it when the game ends.

Controls (the action bar always says what to do now):
- Start rounds: pick a start tile (button or the domino in your panel), point at the
  board; R, the right button or the wheel turns it; click where it glows.
- Offer: click "3 tiles" .. "6 tiles" (red = that choice ends the game now).
- Bids: click a marker on the track at the top.
- Buying: click an offer item, then a glowing target (land-use cards: the shape
  follows the pointer, R / wheel turns it; figure cards: a glowing tile, or a barn /
  "Store in barn"). Drag a pilgrim or ship to move it. Click the bag or the deck to
  reveal an extra item (ship majority). Click a barn (board or panel) to play its
  card. Right button / Backspace / Esc cancels; Undo (or U) takes back a purchase or
  move; "End turn" (or Enter) takes income.
- Computer turns: their choice glows and is described; Space or a click goes on now.
- Wheel over the game log reads back through older sentences.

Module map: layout (geometry), interaction (choices from legal_actions), scene
(events, acting, animation from before/after snapshots), board_view, offer_view,
bid_track, panels, pieces (sprites with drawn fallbacks), anim, log, final_scoring.
"""
__all__ = ["TableScene", "FinalScene"]


def __getattr__(name: str):
    # Lazy: the pure modules (model, view_model, facts) are importable without pygame.
    if name == "TableScene":
        from .scene import TableScene
        return TableScene
    if name == "FinalScene":
        from .final_scoring import FinalScene
        return FinalScene
    raise AttributeError(name)
