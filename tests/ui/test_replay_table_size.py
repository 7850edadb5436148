"""Playtest 17a: the replay's offer cards were ~90 px wide where the game's were ~125 at 1920x1080
(sofa), and its board smaller, under a bar of a timeline row and a row of tall buttons. The
replay's bar is one compact band (two only where the width asks), under the log's and the
board's columns; the replay's board cell and offer card are at least 92 % of the game's."""
from __future__ import annotations

import pytest

from ne_game.history import Replay
from ne_game.storage.settings import Settings
from ne_game.ui.scenes.table.draw import layout, offer_view
from tests.history.games import play

SAVE = play(("human", "easy", "medium", "easy"), seed=3)


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)], ids=["720p", "1080p"])
@pytest.mark.parametrize("sofa", ["off", "on"])
def test_the_replays_table_is_as_large_as_the_games(harness, size, sofa):
    h = harness(size=size, settings=Settings(animation="off", sofa=sofa))
    replay = Replay.from_save(SAVE)
    h.app.push("replay", replay=replay, start=2)
    h.step(2)
    sc = h.top
    game = layout.compute(size, replay.players, sc.cols, sc.rows, set(sc.missing), sofa=h.app.sofa)
    assert sc.lay.cell >= 0.92 * game.cell, (sc.lay.cell, game.cell)
    mine = offer_view.offer_grid(sc.lay, list(range(9))).card
    theirs = offer_view.offer_grid(game, list(range(9))).card
    assert mine[0] >= 0.92 * theirs[0] and mine[1] >= 0.92 * theirs[1], (mine, theirs)
    # the bar's buttons are no taller than the game's action buttons, every one kept
    action_h = game.action_buttons([100])[0].height
    for name in ("first", "prev_round", "prev_turn", "prev", "play", "next", "next_turn", "next_round", "last",
                 "close"):
        assert sc.bar.buttons[name].height <= action_h, name
    # nothing of the table lies under the bar but the offer's column beside it and the map
    assert sc.lay.log_rect.bottom <= sc.bar.rect.y and sc.lay.action_bar.bottom <= sc.bar.rect.y
    assert sc.bar.rect.right <= sc.lay.offer_rect.x
