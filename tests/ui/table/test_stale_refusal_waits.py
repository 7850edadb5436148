"""Playtest 16a: at the start of a person's turn a red (refused) ghost already stood where the
pointer had been left, before the person had done anything. A refusal under a pointer that has
not moved since the game moved on waits for the pointer to move; a legal ghost still shows."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from tests.ui.table.driver import DT, FOUR, make_app, make_session  # noqa: E402


def test_a_refusal_under_a_resting_pointer_waits_for_it_to_move():
    app = make_app(animation="off", handover=False)
    session = make_session(FOUR, seed=2)
    t = app.push("table", session=session)
    app.step(DT)
    inter = t.inter
    cells = [(x, y) for x in range(10) for y in range(9)]
    # a first start tile, then, for the next person, a parcel where their tile is refused
    first = next(c for c in cells if (p := inter.preview(c)) is not None and p.action is not None)
    session.apply(inter.preview(first).action)
    app.step(DT)
    refused = next(c for c in cells if (p := t.inter.preview(c)) is not None and p.action is None)
    at = t.lay.cell_rect(*refused).center
    t.update_hover(at)                   # the pointer rests there, then the game moves on under it
    t.tip_stale = True
    t.update_hover(at)
    assert t.preview is None, "a refusal stood under a pointer that had not moved"
    t.update_hover((at[0] + 1, at[1]))   # the pointer moves: the refusal says why
    assert t.preview is not None and t.preview.action is None
