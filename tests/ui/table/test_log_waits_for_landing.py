"""Playtests 10g and 10i: the log said "placed it at C7, D7" while the tile was still flying over
A6. A move joins the log as its piece lands, not while it is in flight."""
from __future__ import annotations

from ne_game.game.session import GameSession
from ne_game.storage.settings import Settings
from tests.history.games import play
from tests.ui.harness import Harness


def test_a_move_joins_the_log_as_its_piece_lands():
    h = Harness(size=(1280, 720), settings=Settings(animation="normal", handover=False))
    try:
        h.app.go("table", session=GameSession.from_save(play(("human",) * 4, seed=3, stop=17)))
        h.step(3)
        table = h.top
        buy = next(a for a in table.inter.legal if a["type"] == "buy_land")
        before = len(table.build_static().log.lines)
        table.act(buy)
        h.step(1)
        assert table.anim.hidden, "the bought tile flies to its parcel"
        assert len(table.build_static().log.lines) == before, "said before it lands"
        h.run_until(lambda: not table.anim.hidden, 600)
        assert len(table.build_static().log.lines) > before
    finally:
        h.close()
