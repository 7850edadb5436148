"""Playtest 12a: "Turn: Tess - place a start tile" stood in the top bar while Mercy's start tile
still slid in. The turn's words wait for the piece in flight, as the log does."""
from __future__ import annotations

from ne_game.game.session import GameSession
from ne_game.storage.settings import Settings
from tests.history.games import play
from tests.ui.harness import Harness


def test_the_turns_words_wait_for_the_piece_in_flight():
    h = Harness(size=(1280, 720), settings=Settings(animation="normal", handover=False))
    try:
        h.app.go("table", session=GameSession.from_save(play(("human",) * 4, seed=3, stop=0)))
        h.step(3)
        table = h.top
        start = next(a for a in table.inter.legal if a["type"] == "place_start_tile")
        before = table.build_static()
        table.act(start)
        h.step(1)
        assert table.anim.hidden, "the start tile slides to its parcels"
        during = table.build_static()
        assert during.status == before.status, "the turn's words ran ahead of the piece"
        assert (during.prompt.main, during.prompt.sub) == (before.prompt.main, before.prompt.sub)
        assert [p.active for p in during.panels] == [p.active for p in before.panels]
        h.run_until(lambda: not table.anim.hidden, 600)
        after = table.build_static()
        assert (after.status, after.prompt.main) != (before.status, before.prompt.main), \
            "the new turn's words once it lands"
    finally:
        h.close()
