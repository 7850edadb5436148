"""Export a recorded game to a file and import one: the save format both ways, checked like a
save on the way in; a broken file is a clear ExchangeError and the records go on working."""
from __future__ import annotations

import json
import sqlite3

import pytest

from ne_game.game.session import GameSession
from ne_game.history import ExchangeError, HistoryStore, export_game, import_game
from ne_game.storage import safe_io
from ne_game.storage.saves import SAVE_VERSION, read_save_file

from .games import play


@pytest.fixture
def store():
    with HistoryStore() as s:
        yield s


def test_records_export_and_import_a_game_in_the_save_format(store, tmp_path):
    save = play(("human", "easy", "medium", "easy"), 2)
    game_id = store.record(save, duration_s=600.0, language="fr", played_at=1_650_000_000.0)
    path = export_game(store, game_id, tmp_path / "game.json")
    data = read_save_file(path)                         # a save file Load game can open
    assert GameSession.from_save(data).is_over()
    assert data["record"] == {"played_at": 1_650_000_000.0, "duration_s": 600.0, "language": "fr",
                              "finished": True}
    with HistoryStore(tmp_path / "other.sqlite3") as other:
        result = import_game(path, other)
        assert result.outcome == "new" and result.finished and result.save == save
        [game] = other.games()
        assert (game.source, game.played_at, game.duration_s, game.language) == ("import", 1_650_000_000.0,
                                                                                   600.0, "fr")
        assert [s.total for s in game.seats] == [s.total for s in store.games()[0].seats]
    again = import_game(path, store)                    # a game the records hold already
    assert (again.game_id, again.outcome) == (game_id, "known") and store.count_games() == 1


def test_records_export_never_replaces_a_file_unless_asked(store, tmp_path):
    game_id = store.record(play(("human", "easy", "easy"), 1))
    target = tmp_path / "mine.json"
    target.write_text("precious")
    with pytest.raises(ExchangeError) as err:
        export_game(store, game_id, target)
    assert err.value.kind == "exists" and "mine.json" in str(err.value)
    assert target.read_text() == "precious"
    export_game(store, game_id, target, overwrite=True)
    assert read_save_file(target)["seed"] == 1
    with pytest.raises(ExchangeError) as err:
        export_game(store, 999, tmp_path / "none.json")
    assert err.value.kind == "no_game" and not (tmp_path / "none.json").exists()
    with pytest.raises(ExchangeError) as err:
        export_game(store, game_id, target / "x.json")          # a file where a folder should be
    assert err.value.kind == "io"


def _broken_files(tmp_path):
    good = play(("human", "easy", "easy"), 1, stop=50)

    def write(name, data):
        path = tmp_path / name
        path.write_text(data if isinstance(data, str) else json.dumps(data))
        return path

    illegal = json.loads(json.dumps(good))
    illegal["actions"][30] = {"type": "buy_land", "slot": 0, "cell": [0, 0]}
    control = json.loads(json.dumps(good))
    control["seats"][0]["name"] = "An\x1b[2Jne"
    newer = dict(good, version=SAVE_VERSION + 1)
    big = dict(good, padding="x" * (safe_io.CAPS["save"] + 10))
    return [
        (write("bad.json", '{"format": "ne-game-save", "actions": [1, 2,'), "damaged", "not valid JSON"),
        (write("big.json", big), "damaged", "too large"),
        (write("illegal.json", illegal), "damaged", "action 31 of 50"),
        (write("control.json", control), "damaged", "seat 1"),
        (write("newer.json", newer), "newer", "newer version"),
        (write("other.json", {"hello": "world"}), "not_a_save", "not a New England save"),
        (write("deep.json", "[" * 5000 + "]" * 5000), "damaged", "nested"),
        (tmp_path / "missing.json", "missing", "no such save"),
    ]


def test_records_import_of_a_broken_file_is_a_clear_error_and_changes_nothing(store, tmp_path):
    store.record(play(("human", "easy", "easy"), 3))
    for path, kind, words in _broken_files(tmp_path):
        before = path.read_bytes() if path.exists() else None
        with pytest.raises(ExchangeError) as err:
            import_game(path, store)
        assert err.value.kind == kind, (path.name, str(err.value))
        assert path.name in str(err.value) and words in str(err.value), str(err.value)
        assert (path.read_bytes() if path.exists() else None) == before       # the player's file, untouched
    assert store.count_games() == 1 and store.problem is None
    good = export_game(store, store.games()[0].id, tmp_path / "good.json")
    assert import_game(good, store).outcome == "known"


def test_records_import_of_a_lone_surrogate_keeps_the_game_with_the_name_made_fit_to_show(store, tmp_path):
    save = play(("human", "easy", "easy"), 1, stop=50)
    path = tmp_path / "surrogate.json"
    path.write_text(json.dumps(save).replace('"name": "' + save["seats"][1]["name"], '"name": "Br\\ud800am'))
    result = import_game(path, store)
    assert result.outcome == "new" and result.save["seats"][1]["name"] == "Br\ufffdam"


def test_records_import_when_the_records_are_locked_says_so(tmp_path):
    with HistoryStore(timeout=0.05) as store:
        store.games()
        path = tmp_path / "game.json"
        path.write_text(json.dumps(play(("human", "easy", "easy"), 4)))
        holder = sqlite3.connect(store.path, isolation_level=None)
        holder.execute("BEGIN IMMEDIATE")
        try:
            with pytest.raises(ExchangeError) as err:
                import_game(path, store)
            assert err.value.kind == "unavailable" and "game.json" in str(err.value)
        finally:
            holder.execute("COMMIT")
            holder.close()
        assert import_game(path, store).outcome == "new"
