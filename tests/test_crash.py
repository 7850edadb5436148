"""An unexpected error never loses the game: it is logged, shown, and the autosave resumes."""
import os
from pathlib import Path

from ne_game import rules
from ne_game.crash import run_safely
from ne_game.game.session import GameSession, Seat, family_order
from ne_game.storage import saves


def test_an_unexpected_error_is_logged_in_the_user_data_folder_and_reported(capsys):
    def broken() -> int:
        raise RuntimeError("the board fell off the table")

    assert run_safely(broken) == 1
    err = capsys.readouterr().err
    logs = sorted((Path(os.environ["NE_GAME_HOME"]) / "logs").glob("crash-*.log"))
    assert logs, "a crash log is written"
    text = logs[-1].read_text()
    assert "RuntimeError: the board fell off the table" in text and "Traceback" in text
    assert str(logs[-1]) in err
    # no game was in progress: the dialog must not send the player to a Continue that is not there
    assert "Continue" not in err and "nothing was lost" in err


def test_a_crash_mid_game_leaves_the_autosave_to_continue_from(capsys):
    seats = [Seat(f"P{k}", fam, "human") for k, fam in enumerate(family_order())]
    session = GameSession.new(seats, seed=5)
    session.add_listener(lambda event: saves.write_autosave(session.to_save()))
    for _ in range(14):
        session.apply(rules.legal_actions(session.state)[0])

    def crash_now() -> int:
        raise ValueError("a drawing bug")

    assert run_safely(crash_now) == 1
    assert "choose Continue" in capsys.readouterr().err
    resumed = GameSession.from_save(saves.read_save_file(saves.autosave_path()), source="autosave.json")
    assert resumed.actions == session.actions
    assert rules.to_json(resumed.state) == rules.to_json(session.state)


class TableThatCannotShow:
    """A fake app whose table cannot be built: what a save that breaks the table looks like."""

    def toast(self, text, seconds=3.0):
        pass

    def show_error(self, title, text, on_close=None):
        raise AssertionError("a readable save is not reported as damaged")

    def go(self, name, **kw):
        raise RuntimeError("the table cannot show this game")


def test_a_crash_while_opening_the_save_sets_it_aside_and_says_so(capsys):
    from ne_game.ui.shell import flow

    seats = [Seat(f"P{k}", fam, "human") for k, fam in enumerate(family_order())]
    session = GameSession.new(seats, seed=5)
    saves.write_autosave(session.to_save())
    original = saves.autosave_path().read_bytes()

    assert run_safely(lambda: flow.continue_last(TableThatCannotShow())) == 1
    err = capsys.readouterr().err
    damaged = saves.autosave_path().with_name("autosave.json.damaged")
    assert "choose Continue" not in err
    assert "set aside as autosave.json.damaged" in err
    assert damaged.read_bytes() == original and not saves.has_autosave()
