"""The Records screen: any stored date shows, any file
name shows safely, Import takes every file in batches and moves each out of the way, the
screen and the end of a game never wait for the records, and export names never collide."""
from __future__ import annotations

import json
import os
import sqlite3
from pathlib import Path

import pygame
import pytest

from ne_game.game.session import GameSession
from ne_game.history import HistoryStore
from ne_game.history import store as store_module
from ne_game.history.pending import PENDING_FORMAT
from ne_game.storage import safe_io
from ne_game.storage.paths import user_data_dir
from ne_game.ui.scenes.records import RecordsScene, exports_dir, imports_dir
from ne_game.ui.shell import flow
from tests.history.games import play

SHOTS = Path(os.environ.get("NE_RECORDS_SHOTS", "")) if os.environ.get("NE_RECORDS_SHOTS") else None


@pytest.fixture(autouse=True)
def no_old_notices():
    safe_io.notices()
    yield
    safe_io.notices()


def _game(name: str = "Anne", seed: int = 1) -> dict:
    """A finished game; `name` on the first seat makes it a game of its own for the records."""
    save = play(("human", "easy", "easy"), seed)
    save["seats"][0]["name"] = name
    return save


def _records(h):
    h.click(h.layout()["button_records"])
    assert h.showing("records")
    return h.top


def _import_all(h, records: RecordsScene, max_frames: int = 2000) -> int:
    """Press Import and draw frames until it is done; the frames it took."""
    h.key(pygame.K_i, frames_after=0)
    frames = 0
    while records.importing is not None or records._importer is not None:
        h.step()
        frames += 1
        assert frames < max_frames
    return frames


def _shot(h, name: str) -> None:
    if SHOTS is not None:
        SHOTS.mkdir(parents=True, exist_ok=True)
        h.screenshot(SHOTS / name)


# ---------------------------------------------------------------- finding 1
@pytest.mark.parametrize("value", [1e300, 3e11, -1.0, "NaN", 253402300800.0], ids=repr)
def test_records_with_a_date_past_any_calendar_open_and_draw(harness, value):
    with HistoryStore() as store:
        game_id = store.record(_game(), played_at=1_650_000_000.0)
        assert store._conn is not None
        store._conn.execute("UPDATE games SET played_at = ? WHERE id = ?", (value, game_id))
        store._conn.execute("UPDATE seats SET played_at = ? WHERE game_id = ?", (value, game_id))
    h = harness()
    records = _records(h)
    h.step(2)
    assert len(records.games) == 1 and not records.problem
    h.key(pygame.K_e)                                    # the export names it without a date
    [written] = exports_dir().glob("*.json")
    assert "undated" in written.name
    h.key(pygame.K_ESCAPE)
    h.click(h.layout()["button_records"])                # and again: no crash loop
    assert h.showing("records")


def test_an_imported_game_dated_3e11_shows_in_the_records(harness):
    folder = imports_dir()
    folder.mkdir(parents=True)
    save = _game()
    save["record"] = {"played_at": 3e11}
    (folder / "future.json").write_text(json.dumps(save))
    h = harness()
    records = _records(h)
    _import_all(h, records)
    assert records.count == 1
    h.step(2)
    h.key(pygame.K_ESCAPE)
    h.click(h.layout()["button_records"])
    assert h.showing("records") and h.top.count == 1


# ---------------------------------------------------------------- finding 2
def test_a_file_name_that_is_not_utf8_or_holds_controls_is_shown_safely(harness):
    folder = imports_dir()
    folder.mkdir(parents=True)
    hostile = [os.fsdecode(b"caf\xe9-\xff.json"), "esc\x1b[2J.json", "evil\u202egnp.json", "two\nlines.json",
               "tab\there.json"]
    for name in hostile:
        (folder / name).write_text("{\"seed\": ")
    h = harness()
    records = _records(h)
    _import_all(h, records)
    h.step(3)                                            # drawn: the message reaches the font
    message = records.message
    assert "5 files could not be read" in message
    for bad in ("\x1b", "\u202e", "\n", "\t") + tuple(chr(c) for c in range(0xDC80, 0xDD00)):
        assert bad not in message
    assert "caf\ufffd-\ufffd.json" in message
    assert sorted(p.name for p in (folder / "damaged").iterdir()) == sorted(hostile)
    h.key(pygame.K_i)                                    # again: nothing left to read, no crash
    assert "No game files to import" in records.message


# ---------------------------------------------------------------- finding 3
def test_import_takes_all_120_games_in_batches_drawing_a_progress_line(harness, monkeypatch):
    folder = imports_dir()
    folder.mkdir(parents=True)
    for k in range(120):
        (folder / f"game-{k:03}.json").write_text(json.dumps(_game(f"Anne {k}")))
    h = harness()
    records = _records(h)
    monkeypatch.setattr(records, "import_budget", 0.0)    # one file a frame: every batch is seen
    h.key(pygame.K_i, frames_after=0)
    h.step(30)
    assert records.importing is not None and records.importing.done >= 20
    assert records.message.startswith("Importing:") and "of 120 files" in records.message
    _shot(h, "records-importing.png")
    frames = _import_all(h, records)
    assert frames > 50                                   # in batches, the window drawn between them
    assert records.count == 120 and "120 games imported" in records.message
    _shot(h, "records-imported.png")
    assert len(list((folder / "imported").iterdir())) == 120
    assert [p for p in folder.iterdir() if p.is_file()] == []
    h.key(pygame.K_i)                                    # a second press reads none of them again
    assert "No game files to import" in records.message and records.count == 120


def test_one_real_game_among_3000_junk_files_is_imported(harness):
    folder = imports_dir()
    folder.mkdir(parents=True)
    for k in range(3000):
        (folder / f"junk-{k:04}.json").write_bytes(b"")
    (folder / "zz-real.json").write_text(json.dumps(_game()))
    h = harness()
    records = _records(h)
    _import_all(h, records, max_frames=5000)
    assert records.count == 1 and "1 game imported" in records.message
    assert "3,000 files could not be read" in records.message or "3000 files could not be read" in records.message
    assert len(os.listdir(folder / "damaged")) == 3000 and os.listdir(folder / "imported") == ["zz-real.json"]


def test_import_never_overwrites_a_file_it_moved_before(harness):
    folder = imports_dir()
    (folder / "known").mkdir(parents=True)
    (folder / "known" / "game.json").write_text("an earlier one")
    (folder / "game.json").write_text(json.dumps(_game()))
    with HistoryStore() as store:
        store.record(_game())
    h = harness()
    records = _records(h)
    _import_all(h, records)
    assert "1 game was here already" in records.message
    assert (folder / "known" / "game.json").read_text() == "an earlier one"
    assert json.loads((folder / "known" / "game-2.json").read_text())["seed"] == 1


def test_import_stops_and_keeps_the_files_when_the_records_cannot_be_written(harness, monkeypatch):
    folder = imports_dir()
    folder.mkdir(parents=True)
    for k in range(3):
        (folder / f"g{k}.json").write_text(json.dumps(_game(f"Bram {k}")))
    h = harness()
    records = _records(h)

    def locked(self, game):
        raise store_module.HistoryUnavailable("busy", "locked")

    monkeypatch.setattr(store_module.HistoryStore, "record_prepared", locked)
    _import_all(h, records)
    assert "3 files wait for the next import" in records.message
    assert sorted(p.name for p in folder.iterdir() if p.is_file()) == ["g0.json", "g1.json", "g2.json"]


# ---------------------------------------------------------------- finding 4: nothing waits
def test_the_records_screen_opens_without_waiting_and_takes_in_pending_games_off_its_thread(harness):
    with HistoryStore() as store:
        store.games()
        store.pending_dir.mkdir(parents=True)
        for k in range(3):
            entry = {"format": PENDING_FORMAT, "version": 1, "save": _game(f"Cleo {k}"),
                     "played_at": 1_650_000_000.0 + k, "duration_s": None, "language": "en", "source": "play"}
            (store.pending_dir / f"game-{k}-abcd.json").write_text(json.dumps(entry))
    h = harness()
    worker = h.app.records_worker
    worker.hold()
    records = _records(h)
    assert records.loading and records.count == 0        # drawn at once, the read on its way
    h.step(2)
    assert len(list(store.pending_dir.glob("*.json"))) == 3
    assert worker.release() == 1                         # the first read (and its check)
    worker.hold()
    h.step()
    assert not records.loading and records.count == 0 and records.busy
    assert worker.release() == 1                         # the waiting games, off the UI thread
    h.step()
    assert records.count == 3 and not records.busy
    assert list(store.pending_dir.glob("*.json")) == []


def test_the_records_screen_keeps_one_store_and_closes_it_when_left(harness, monkeypatch):
    opened: list[HistoryStore] = []
    real_init = HistoryStore.__init__

    def counting(self, *args, **kwargs):
        real_init(self, *args, **kwargs)
        opened.append(self)

    for seed in (1, 2, 3):
        flow.record_game(GameSession.from_save(_game(f"Dirk {seed}", seed)))
    monkeypatch.setattr(HistoryStore, "__init__", counting)
    h = harness()
    records = _records(h)
    for key in (pygame.K_RIGHT, pygame.K_RIGHT, pygame.K_LEFT, pygame.K_DOWN, pygame.K_DOWN, pygame.K_UP):
        h.key(key)
    screen_stores = [s for s in opened if s is records.store]
    assert len(screen_stores) == 1 and len(opened) <= 2        # the screen's own, and one for pending games
    assert records.store._conn is not None
    h.key(pygame.K_ESCAPE)
    assert h.showing("title") and records.store._conn is None


def test_a_finished_game_is_recorded_off_the_ui_thread_and_the_final_scores_do_not_wait(harness):
    h = harness()
    worker = h.app.records_worker
    worker.hold()
    session = GameSession.from_save(_game())
    flow.start_session(h.app, session)
    assert h.run_until(lambda: h.showing("final_scoring"), max_frames=400)
    final = h.top
    with HistoryStore() as store:
        assert store.count_games() == 0                  # not yet: the worker holds it
    assert final.game_id is None
    worker.release()
    assert final.game_id is not None
    with HistoryStore() as store:
        assert store.count_games() == 1 and store.games()[0].id == final.game_id


# ---------------------------------------------------------------- finding 10
def test_two_games_of_the_same_players_in_the_same_minute_both_export(harness):
    with HistoryStore() as store:
        first = store.record(play(("human", "easy", "easy"), 1), played_at=1_650_000_000.0)
        second = store.record(play(("human", "easy", "easy"), 2), played_at=1_650_000_020.0)
    h = harness()
    records = _records(h)
    h.key(pygame.K_e)
    h.key(pygame.K_DOWN)
    h.key(pygame.K_e)
    h.key(pygame.K_e)                                    # the same game twice: a second file, numbered
    written = sorted(p.name for p in exports_dir().glob("*.json"))
    assert len(written) == 3, written
    assert any(str(first) in n for n in written) and any(str(second) in n for n in written)
    assert "Exported to" in records.message


def test_an_exports_path_that_is_a_file_gives_a_clear_message(harness):
    with HistoryStore() as store:
        store.record(_game())
    exports_dir().parent.mkdir(parents=True, exist_ok=True)
    exports_dir().write_text("not a folder")
    h = harness()
    records = _records(h)
    h.key(pygame.K_e)
    assert "exports in the user folder is a file, not a folder" in records.message
    assert "Errno" not in records.message and str(user_data_dir()) not in records.message
    assert exports_dir().read_text() == "not a folder"


def test_export_and_import_messages_speak_dutch(harness):
    from ne_game import i18n

    folder = imports_dir()
    folder.mkdir(parents=True)
    (folder / "kapot.json").write_text("{")
    exports_dir().write_text("not a folder")
    with HistoryStore() as store:
        store.record(_game())
    try:
        i18n.set_language("nl")
        h = harness()
        records = _records(h)
        _import_all(h, records)
        assert "kapot.json" in records.message and "could not" not in records.message
        h.key(pygame.K_e)
        assert "exports" in records.message and "could not" not in records.message
    finally:
        i18n.set_language("en")


def test_a_records_database_row_read_by_hand_stays_as_it_was(harness):
    """Reading never writes: the rows changed by hand above are bounded when read, not rewritten."""
    with HistoryStore() as store:
        game_id = store.record(_game(), played_at=1_650_000_000.0)
        path = store.path
    with sqlite3.connect(path) as raw:
        raw.execute("UPDATE games SET played_at = 1e300 WHERE id = ?", (game_id,))
    h = harness()
    _records(h)
    with sqlite3.connect(path) as raw:
        assert raw.execute("SELECT played_at FROM games").fetchone()[0] == 1e300
