"""Playtest 13a: with one game the Records showed its one row, then a large empty band, then the
player chooser (arrows and "Every player") and the help line floating in the middle. The chooser
belongs to the Players column, under its heading; the games list fills its column down to the
help line over the buttons; at any number of games."""
from __future__ import annotations

import pytest

from ne_game.history import HistoryStore
from ne_game.storage.settings import Settings
from tests.history.games import play


@pytest.mark.parametrize("games", [0, 1, 8])
@pytest.mark.parametrize("theme", ["default", "high_contrast"])
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (3840, 2160)], ids=["720p", "1080p", "4k"])
def test_the_records_read_as_a_whole(harness, size, theme, games):
    with HistoryStore() as store:
        for i in range(games):
            store.record(play(("human", "easy", "easy"), 1 + i), played_at=1_650_000_000.0 + i * 86400)
    h = harness(size=size, settings=Settings(animation="off"), theme=theme)
    h.click(h.layout()["button_records"])
    records = h.top
    h.run_until(lambda: not records.loading, 300)
    h.step(2)
    b, t, lst, line = records.buttons, records.totals_rect, records.list_rect, records.line
    for key in ("filter_prev", "filter_next"):
        r = b[key]
        assert t.left <= r.left and r.right <= t.right, (key, r, t, "the chooser is in the Players column")
        assert t.top + line <= r.top <= t.top + line + records.px("gap"), (key, r, "right under its heading")
    help_top = b["replay"].y - line * 2
    assert 0 <= help_top - lst.bottom <= records.px("gap") * 2, (lst, help_top, "the list reaches the help line")
    for row in h.layout()["rows"]:
        assert lst.contains(row), (row, lst)
    assert len(h.layout()["rows"]) == len(records.games), "no empty rows drawn"
