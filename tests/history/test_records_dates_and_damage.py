"""The records below the screen: dates bounded where they
are read, the database checked once per process, odd -wal / -shm files set aside, and one
coherent word on a full disk."""
from __future__ import annotations

import errno
import json
import os
import shutil
import sqlite3

import pytest

from ne_game.history import HistoryStore, import_game, read_import
from ne_game.history import pending as pending_module
from ne_game.history import store as store_module
from ne_game.history.dates import LATEST, bounded_time, local_datetime, stamp
from ne_game.storage import safe_io

from .games import play

ODD_DATES = [3e11, 1e300, -1, 0, -1e300, float("nan"), float("inf"), 10**400, "2024", None, True]


@pytest.fixture(autouse=True)
def no_old_notices():
    safe_io.notices()
    yield
    safe_io.notices()


# ---------------------------------------------------------------- finding 1: dates
@pytest.mark.parametrize("value", ODD_DATES, ids=repr)
def test_a_date_from_a_file_is_bounded_and_formatting_it_never_raises(value):
    assert bounded_time(value) is None
    assert local_datetime(value) is None
    assert stamp(value, unknown="–") == "–"
    assert bounded_time(1_650_000_000) == 1_650_000_000.0 and stamp(LATEST)


def test_an_imported_game_from_past_year_9999_gets_a_date_the_records_can_show(tmp_path):
    save = play(("human", "easy", "easy"), 1)
    save["record"] = {"played_at": 3e11, "duration_s": 1e300, "language": "en"}
    path = tmp_path / "future.json"
    path.write_text(json.dumps(save))
    when = read_import(path)[1]["played_at"]                    # bounded where the file is read:
    assert when is not None and 0 < when <= LATEST               # the save's saved_at instead
    with HistoryStore() as store:
        assert import_game(path, store).outcome == "new"
        [game] = store.games()
        assert 0 <= game.played_at <= LATEST and local_datetime(game.played_at) is not None
        assert game.duration_s is None


@pytest.mark.parametrize("value", [1e300, 3e11, -1.0, "soon", None], ids=repr)
def test_a_stored_date_changed_by_hand_reads_back_bounded(value):
    with HistoryStore() as store:
        game_id = store.record(play(("human", "easy", "easy"), 1), played_at=1_650_000_000.0)
        assert store._conn is not None
        if value is None:       # NOT NULL: as close as a file can get, a NaN (stored as NULL) is refused
            store._conn.execute("UPDATE games SET played_at = 'NaN' WHERE id = ?", (game_id,))
        else:
            store._conn.execute("UPDATE games SET played_at = ? WHERE id = ?", (value, game_id))
        [game] = store.games()
        assert game.played_at == 0.0 and store.info(game_id).played_at == 0.0


# ---------------------------------------------------------------- finding 4: checked once per process
def _count_checks(monkeypatch) -> list[str]:
    """The statements every store connection runs, recorded (sqlite3's trace callback)."""
    seen: list[str] = []
    real_connect = sqlite3.connect

    def connect(*args, **kwargs):
        conn = real_connect(*args, **kwargs)
        conn.set_trace_callback(seen.append)
        return conn

    monkeypatch.setattr(store_module.sqlite3, "connect", connect)
    return seen


def test_the_records_database_is_checked_once_per_process_and_again_when_replaced(monkeypatch, tmp_path):
    seen = _count_checks(monkeypatch)

    def checks() -> int:
        return sum("quick_check" in s for s in seen)

    path = tmp_path / "records" / "history.sqlite3"
    with HistoryStore(path) as store:
        store.record(play(("human", "easy", "easy"), 1), played_at=1.0)
    for _ in range(5):                             # the Records screen, a filter, a page, an import...
        with HistoryStore(path) as store:
            assert store.count_games() == 1
    assert checks() == 1
    copy = tmp_path / "copy.sqlite3"
    shutil.copyfile(path, copy)
    os.replace(copy, path)                         # another file now (another window, by hand)
    with HistoryStore(path) as store:
        assert store.count_games() == 1
    assert checks() == 2


def test_a_database_damaged_after_its_check_is_still_set_aside(tmp_path):
    path = tmp_path / "history.sqlite3"
    with HistoryStore(path) as store:
        for seed in (1, 2, 3, 4):
            store.record(play(("human", "easy", "easy"), seed), played_at=float(seed))
    raw = bytearray(path.read_bytes())
    for k in range(2 * 4096, min(len(raw), 6 * 4096)):   # pages 3-6 of the same file (same inode)
        raw[k] = (k * 7919) % 251
    with open(path, "r+b") as f:
        f.write(bytes(raw))
    with HistoryStore(path) as store:
        store.games()
        assert store.record(play(("human", "easy", "easy"), 9), played_at=9.0) is not None
    assert path.with_name("history.sqlite3.damaged").is_file()


# ---------------------------------------------------------------- finding 7: odd -wal / -shm
@pytest.mark.parametrize("odd", ["wal folder", "shm folder", "wal link", "shm link", "wal dangling link"])
def test_an_odd_wal_or_shm_is_set_aside_and_the_records_work_again(odd, tmp_path):
    path = tmp_path / "records" / "history.sqlite3"
    with HistoryStore(path) as store:
        store.record(play(("human", "easy", "easy"), 1), played_at=1.0)
    which, what = odd.split(" ", 1)
    side = path.with_name(f"history.sqlite3-{which}")
    if side.exists():
        side.unlink()
    if what == "folder":
        side.mkdir()
        (side / "inside").write_text("x")
    elif what == "link":
        elsewhere = tmp_path / "elsewhere"
        elsewhere.write_bytes(b"\0" * 64)
        side.symlink_to(elsewhere)
    else:
        side.symlink_to(tmp_path / "nowhere")
    with HistoryStore(path) as store:
        assert store.count_games() == 1
        assert store.record(play(("human", "easy", "easy"), 2), played_at=2.0) is not None
        assert store.count_games() == 2 and store.pending() == []
    kept = side.with_name(side.name + ".damaged")
    assert os.path.lexists(kept) and (kept.is_dir() if what == "folder" else kept.is_symlink())
    [notice] = safe_io.notices()
    assert f"history.sqlite3-{which} was damaged" in notice


# ---------------------------------------------------------------- finding 8: a full disk
def _disk_full(monkeypatch, *, pending_too: bool) -> None:
    def full_writer(game):
        def work(conn):
            raise sqlite3.OperationalError("database or disk is full")
        return work

    monkeypatch.setattr(store_module.queries, "writer", full_writer)
    if pending_too:
        def no_space(path, data):
            raise OSError(errno.ENOSPC, "No space left on device")

        monkeypatch.setattr(pending_module, "write_json_new", no_space)


def test_on_a_full_disk_a_game_that_cannot_wait_either_is_said_once_without_a_promise(monkeypatch):
    with HistoryStore() as store:
        store.games()
        _disk_full(monkeypatch, pending_too=True)
        assert store.record(play(("human", "easy", "easy"), 1)) is None
        assert store.problem.kind == "full" and store.pending() == []
    [notice] = safe_io.notices()
    assert "disk is full" in notice and "could not be added" in notice and "later" not in notice


def test_on_a_full_disk_a_game_that_waits_for_later_is_said_once(monkeypatch):
    real_writer = store_module.queries.writer
    with HistoryStore() as store:
        store.games()
        _disk_full(monkeypatch, pending_too=False)
        assert store.record(play(("human", "easy", "easy"), 1)) is None
        assert len(store.pending()) == 1
    [notice] = safe_io.notices()
    assert "disk is full" in notice and "later" in notice
    monkeypatch.setattr(store_module.queries, "writer", real_writer)    # room on the disk again
    with HistoryStore() as store:
        assert store.count_games() == 0 and len(store.games()) == 1 and store.pending() == []


def test_notices_of_the_records_are_in_the_catalogue():
    """Every word the store says to the player is a translatable message (a Notice)."""
    from ne_game import i18n

    try:
        i18n.set_language("nl")
        with HistoryStore() as store:
            store.games()
            for kind in ("busy", "full", "newer", "unavailable", "invalid"):
                for doing, kept in (("record", True), ("record", False), ("read", None)):
                    notice = store_module._notice(kind, doing, kept)
                    assert not notice.verbatim
                    assert notice.text() != notice.english(), (kind, doing, kept, notice.english())
    finally:
        i18n.set_language("en")
