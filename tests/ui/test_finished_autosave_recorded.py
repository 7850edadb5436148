"""A finished game whose final scoring never came (issue 33, finding 6): the window closed, the
power failed or the process died between the last action's autosave and the final scores. The
next start records it from the autosave, and so do New game and Load before they replace it;
the records hold it exactly once, however often the game starts."""
from __future__ import annotations

import os

from ne_game.game.session import GameSession
from ne_game.history import HistoryStore
from ne_game.storage import saves
from ne_game.ui.shell import flow
from tests.ui.harness import Harness
from tests.ui.test_shell_flow import start_game
from tests.ui.test_shell_keep_games import finished_game, unfinished_game

ENDED = 1_700_000_000.0       # when the last action's autosave was written


def died_at_the_end(seed: int = 3) -> GameSession:
    """A finished game in the autosave, as the last action left it: not in the records."""
    game = finished_game(seed)
    saves.write_autosave(game.to_save())
    os.utime(saves.autosave_path(), (ENDED, ENDED))
    return game


def recorded() -> list:
    with HistoryStore() as store:
        return store.games()


def test_the_next_start_records_a_finished_autosave_exactly_once():
    game = died_at_the_end()
    assert recorded() == []
    for start in range(3):                      # the game starts three times
        h = Harness()
        try:
            assert h.showing("title")
            games = recorded()
            assert len(games) == 1, f"start {start + 1}: {len(games)} records"
            assert games[0].finished and games[0].actions == len(game.actions)
            assert games[0].played_at == ENDED   # when it ended, not when it was found
        finally:
            h.close()
    assert saves.read_autosave()["actions"] == game.to_save()["actions"]    # the title still shows it


def test_a_game_recorded_at_its_final_scoring_is_not_recorded_again_at_the_next_start(harness):
    game = finished_game()
    h = harness()
    flow.start_session(h.app, GameSession.from_save(game.to_save()))
    assert h.run_until(lambda: h.showing("final_scoring"), max_frames=400)
    assert len(recorded()) == 1
    h.close()
    harness()
    assert len(recorded()) == 1


def test_new_game_records_the_finished_autosave_it_replaces(harness):
    h = harness()                               # started before the game ended (another window's end)
    game = died_at_the_end()
    assert recorded() == []
    start_game(h, players=3)
    assert saves.read_autosave()["actions"] != game.to_save()["actions"]     # replaced ...
    games = recorded()
    assert len(games) == 1 and games[0].finished and games[0].actions == len(game.actions)   # ... and kept


def test_load_game_records_the_finished_autosave_it_replaces(harness):
    other = unfinished_game(seed=11, actions=4)
    saves.write_slot(other.to_save())
    h = harness()
    game = died_at_the_end()
    h.click(h.layout()["button_load"])
    assert h.showing("load")
    h.click(h.layout()["rows"][0])
    assert h.showing("table") and h.top.session.actions == other.actions
    games = recorded()
    assert len(games) == 1 and games[0].actions == len(game.actions)


def test_an_unfinished_or_damaged_autosave_is_not_recorded_at_start(harness):
    saves.write_autosave(unfinished_game().to_save())
    harness()
    assert recorded() == []
    saves.autosave_path().write_text("{ half a save")
    h = harness()
    assert recorded() == []
    assert flow.record_finished_autosave(h.app) is None      # not even a job: the file is not a save
