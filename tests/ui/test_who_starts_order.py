"""Playtest 10a: the draw said "Mercy starts!" and the start rounds opened with another's turn.
The result says who places the first start tile and that the start player places last."""
from __future__ import annotations

from ne_game.game.session import GameSession
from ne_game.storage.settings import Settings
from ne_game.ui.scenes import who_starts
from tests.ui.harness import Harness
from tests.ui.table.test_playtest1_table import FOUR


def test_the_draw_says_the_start_tiles_go_the_other_way_round(monkeypatch):
    said: list[str] = []
    real = who_starts.fit_render

    def recording(theme, role, px, text, color, max_w):
        said.append(text)
        return real(theme, role, px, text, color, max_w)

    monkeypatch.setattr(who_starts, "fit_render", recording)
    h = Harness(size=(1280, 720), settings=Settings(animation="normal", handover=False))
    try:
        session = GameSession(list(FOUR), seed=3)
        h.app.go("who_starts", session=session)
        h.step(600)
        who = h.top
        assert who.landed
        first = session.current_seat
        assert first is not None and first != who.start_seat
        note = [w for w in said if "other way round" in w]
        assert note, said[-6:]
        assert session.seats[first].name in note[-1] and session.seats[who.start_seat].name in note[-1]
    finally:
        h.close()
