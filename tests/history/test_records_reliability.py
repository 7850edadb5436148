"""The records never stop play: a damaged database is set aside and a new one started, a
locked one keeps the game for later, two windows (two processes) share the file."""
from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from ne_game.history import HistoryStore
from ne_game.history.schema import SCHEMA_VERSION
from ne_game.storage import safe_io

from .games import play

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def no_old_notices():
    safe_io.notices()
    yield
    safe_io.notices()


def _filled(n: int = 3) -> Path:
    with HistoryStore() as store:
        for seed in range(1, n + 1):
            assert store.record(play(("human", "easy", "easy"), seed), played_at=float(seed)) is not None
        return store.path


def _works_afresh(store: HistoryStore) -> None:
    """The store records and reads again, from an empty database."""
    assert store.games() == []
    assert store.record(play(("human", "easy", "easy"), 9), played_at=9.0) is not None
    assert store.count_games() == 1


def test_records_file_that_is_not_a_database_is_set_aside_and_a_new_one_started():
    store = HistoryStore()
    store.path.write_bytes(b"this is no SQLite file, just some junk " * 200)
    with store:
        _works_afresh(store)
    kept = store.path.with_name("history.sqlite3.damaged")
    assert kept.read_bytes().startswith(b"this is no SQLite file")
    [notice] = safe_io.notices()
    assert "history.sqlite3 was damaged (kept as history.sqlite3.damaged)" in notice


def test_records_with_a_damaged_page_fail_the_check_on_open_and_are_set_aside():
    path = _filled(4)
    raw = bytearray(path.read_bytes())
    page = 4096
    assert len(raw) > 6 * page
    for k in range(2 * page, 5 * page):          # clobber pages 3-5, keep the header page intact
        raw[k] = (k * 7919) % 251
    path.write_bytes(bytes(raw))
    with HistoryStore() as store:
        _works_afresh(store)
        assert store.path.with_name("history.sqlite3.damaged").is_file()
    assert any("was damaged" in n for n in safe_io.notices())


def test_records_that_lost_a_table_are_set_aside():
    path = _filled(1)
    with sqlite3.connect(path) as raw:
        raw.execute("DROP TABLE rounds")
    with HistoryStore() as store:
        _works_afresh(store)
    assert path.with_name("history.sqlite3.damaged").is_file()


def test_records_path_taken_by_a_folder_is_set_aside():
    store = HistoryStore()
    store.path.mkdir()
    with store:
        _works_afresh(store)
    assert store.path.with_name("history.sqlite3.damaged").is_dir()


def test_records_written_by_a_newer_version_are_left_alone_and_play_goes_on():
    path = _filled(1)
    with sqlite3.connect(path) as raw:
        raw.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    before = path.read_bytes()
    with HistoryStore() as store:
        assert store.games() == []
        assert store.problem.kind == "newer"
        assert store.record(play(("human", "easy", "easy"), 2)) is None
        assert len(store.pending()) == 1                 # kept for a version that can read them
    assert path.read_bytes() == before and not path.with_name("history.sqlite3.damaged").exists()
    assert any("newer version" in n for n in safe_io.notices())


def test_records_locked_by_another_connection_keep_the_game_for_later():
    with HistoryStore(timeout=0.05) as store:
        store.games()                                    # the database exists, in WAL mode
        holder = sqlite3.connect(store.path, isolation_level=None)
        holder.execute("BEGIN IMMEDIATE")                # another window writes, and takes its time
        try:
            save = play(("human", "easy", "easy"), 1)
            assert store.record(save, played_at=1.0) is None
            assert store.problem.kind == "busy"
            assert len(store.pending()) == 1
            assert any("in use by another window" in n for n in safe_io.notices())
            assert store.games() == []                   # reading goes on meanwhile
        finally:
            holder.execute("COMMIT")
            holder.close()
        [game] = store.games()                           # the waiting game goes in at the next chance
        assert game.actions == len(save["actions"]) and store.pending() == []
        assert store.record(save, played_at=1.0) == game.id and store.count_games() == 1


def test_records_pending_file_that_is_damaged_is_set_aside():
    with HistoryStore() as store:
        store.pending_dir.mkdir(parents=True)
        bad = store.pending_dir / "game-1-abcd.json"
        bad.write_text('{"format": "ne-game-pending-record", "save": {"format": "ne-game-save"}}')
        assert store.flush_pending() == 0
        assert store.pending() == [] and bad.with_name(bad.name + ".damaged").is_file()
        assert store.record(play(("human", "easy", "easy"), 1)) is not None


def _python(script: str, home: Path, *args: str) -> subprocess.Popen:
    env = dict(os.environ, NE_GAME_HOME=str(home), PYTHONPATH=str(ROOT))
    return subprocess.Popen([sys.executable, "-c", textwrap.dedent(script), *args], cwd=ROOT, env=env,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def test_records_locked_by_another_process_give_a_message_and_the_game_goes_in_later(ne_game_home):
    with HistoryStore(timeout=0.05) as store:
        store.games()
        holder = _python("""
            import sqlite3, sys
            conn = sqlite3.connect(sys.argv[1], isolation_level=None)
            conn.execute("BEGIN IMMEDIATE")
            print("locked", flush=True)
            sys.stdin.readline()
            conn.execute("COMMIT")
            print("released", flush=True)
        """, ne_game_home, str(store.path))
        try:
            assert holder.stdout.readline().strip() == "locked"
            assert store.record(play(("human", "easy", "easy"), 2), played_at=2.0) is None
            assert store.problem.kind == "busy"
            assert any("in use by another window" in n for n in safe_io.notices())
            holder.stdin.write("\n")
            holder.stdin.flush()
            assert holder.stdout.readline().strip() == "released"
        finally:
            holder.stdin.close()
            assert holder.wait(timeout=60) == 0, holder.stderr.read()
        assert store.count_games() == 0 and len(store.pending()) == 1
        assert len(store.games()) == 1 and store.pending() == []


def test_records_shared_by_two_processes_writing_at_once(ne_game_home, tmp_path):
    mine = [play(("human", "easy", "easy"), seed, stop=60 + seed) for seed in range(1, 9)]
    theirs = [play(("human", "easy", "easy", "easy"), seed, stop=60 + seed) for seed in range(1, 9)]
    batch = tmp_path / "theirs.json"
    batch.write_text(json.dumps(theirs))
    other = _python("""
        import json, sys
        from ne_game.history import HistoryStore
        saves = json.load(open(sys.argv[1]))
        with HistoryStore(timeout=30) as store:
            store.games()
            print("ready", flush=True)
            sys.stdin.readline()
            ids = [store.record(save, played_at=100.0 + k) for k, save in enumerate(saves)]
        print(json.dumps(ids), flush=True)
    """, ne_game_home, str(batch))
    with HistoryStore(timeout=30) as store:
        store.games()
        assert other.stdout.readline().strip() == "ready"
        other.stdin.write("go\n")                       # both windows record from here on, at once
        other.stdin.flush()
        ids = [store.record(save, played_at=float(k)) for k, save in enumerate(mine)]
        out, err = other.communicate(timeout=300)
        assert other.returncode == 0, err
        their_ids = json.loads(out)
        assert None not in ids and None not in their_ids
        assert len(set(ids) | set(their_ids)) == 16
        assert store.count_games() == 16 and store.pending() == []
        assert sorted(g.actions for g in store.games(limit=100)) == sorted(
            len(s["actions"]) for s in mine + theirs)
