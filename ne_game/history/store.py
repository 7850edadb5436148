"""The game records: every finished game (and every unfinished one once it is replaced) in one
SQLite database in the user folder (no pygame here).

    store = HistoryStore()                                # user_data_dir() / "history.sqlite3"
    store.record(session.to_save(), finished=True, duration_s=1820.0, language="en")
    store.games(limit=20)                                 # newest first; player="Anne" filters
    store.player_totals()                                 # per (human) player name
    store.load_save(game_id)                              # the save format, for replay and export

How it stays reliable
    - One transaction per game (BEGIN IMMEDIATE ... COMMIT): a game is in the records whole or
      not at all. WAL journal, synchronous=FULL, foreign keys on.
    - `PRAGMA quick_check` when the database file is first opened in this process (once per
      file: a file replaced since, by another inode, is checked again), not at every open:
      with 20,000 games it costs ~0.1-1 s, and a store is opened for each read. A file that is not a
      database, fails the check, or has lost its tables is set aside unchanged as
      `history.sqlite3.damaged` (safe_io.set_aside: a one-line notice for the player) and a new
      one is started; its -wal file goes along. A `-wal` or `-shm` that is not a plain file
      (a folder, a link) is set aside the same way before SQLite opens the database. A database written by a newer version of the
      game is left alone and not used.
    - Two windows share the file: SQLite's locks, a busy timeout (`timeout`, 2 s), and writes
      that take the write lock up front. When the lock stays taken too long (or the disk says
      no), `record` gives up at once: the game waits in `history-pending/` as a small JSON file
      and goes in the next time the records are written or read. Play never stops: no method
      raises for a database problem; each logs it, says it once (safe_io.notify) and leaves it
      in `store.problem` (a kind for a translated message, and the details), then returns
      None, False or an empty list.
    - Recording the same game again never makes a second record: a game is known by its seed,
      variant and seats (`game_key`), and a record whose actions continue a stored one's
      replaces it (an unfinished game later finished, the flow recording twice). A game that
      branched off (an older save played on differently) is a game of its own.
    - Everything read back is checked: names and labels through safe_io.clean_text, saves
      through safe_io.parse_json's caps and saves.check_envelope.

What is stored per game: see SCHEMA. Scores are those of the engine when the game was
recorded (`rules.final_scores` at its last position: a running score for an unfinished game),
so the records keep their numbers even if a later version could no longer replay the save.
"""
from __future__ import annotations

import json
import logging
import os
import sqlite3
import stat
import threading
import time
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path
from typing import TypeVar

import ne_game.history.pending as pending_files
import ne_game.history.queries as queries
from ne_game.history.pending import PENDING_DIR
from ne_game.rules import JSON
from ne_game.storage import safe_io
from ne_game.storage.paths import user_data_dir
from ne_game.storage.saves import SaveData, SaveError

from .dates import bounded_time
from .recording import PreparedGame, decode_save, prepare
from .records import (
    GameDetail,
    GameRecord,
    HistoryProblem,
    HistoryUnavailable,
    PlayerTotals,
    ProblemKind,
    Recorded,
    StoredReview,
)
from .replay import Replay
from .schema import COLUMNS, KIND_BITS, SCHEMA, SCHEMA_VERSION, statements
from .texts import name_key

log = logging.getLogger(__name__)

DB_NAME = "history.sqlite3"
BUSY_TIMEOUT = 2.0            # seconds another window may hold the write lock before we give up
PAGE_LIMIT = 500              # the most games one page may ask for
REVIEW_LIMIT = safe_io.MB     # a review's JSON, at most
SETTINGS_LIMIT = 4 * safe_io.KB
T = TypeVar("T")


def default_path() -> Path:
    return user_data_dir() / DB_NAME


# ---------------------------------------------------------------- checked once per process
# The database files that passed `PRAGMA quick_check` in this process, by (path, inode,
# device): a file set aside and started afresh, or replaced by another window or by hand, has
# another inode and is checked again.
FileIdentity = tuple[str, int, int]
_CHECKED: set[FileIdentity] = set()
_CHECKED_LOCK = threading.Lock()


def _identity(path: Path) -> FileIdentity | None:
    try:
        st = os.stat(path)
    except OSError:
        return None
    return (os.path.abspath(path), st.st_ino, st.st_dev)


def _checked(ident: FileIdentity | None) -> bool:
    with _CHECKED_LOCK:
        return ident is not None and ident in _CHECKED


def _remember_checked(ident: FileIdentity | None, ok: bool = True) -> None:
    if ident is None:
        return
    with _CHECKED_LOCK:
        if ok:
            _CHECKED.add(ident)
        else:
            _CHECKED.discard(ident)


def quick_check(conn: sqlite3.Connection) -> list[str]:
    """SQLite's own check of the whole file (["ok"] when it is sound); the slow part of a
    first open, done once per file and process."""
    return [str(r[0]) for r in conn.execute("PRAGMA quick_check").fetchall()]


def _plain_or_absent(path: Path) -> bool:
    """True when nothing is at `path` or a regular file (not a link, folder, FIFO...)."""
    try:
        return stat.S_ISREG(os.lstat(path).st_mode)
    except FileNotFoundError:
        return True
    except OSError as exc:
        log.warning("cannot look at %s: %s", safe_io.path_text(path), exc)
        return False


# ---------------------------------------------------------------- errors inside the store
class _Problem(Exception):
    def __init__(self, kind: ProblemKind, detail: str) -> None:
        super().__init__(detail)
        self.kind: ProblemKind = kind
        self.detail = detail


def _classify(exc: sqlite3.Error, *, opening: bool = False) -> ProblemKind:
    """What an SQLite error means for the player. Only the file's own damage sets it aside:
    corruption, not a database, or (when it opens) tables without the columns we wrote."""
    name = str(getattr(exc, "sqlite_errorname", "") or "")
    text = str(exc).lower()
    if name.startswith(("SQLITE_BUSY", "SQLITE_LOCKED")) or "locked" in text or "busy" in text:
        return "busy"
    if name.startswith("SQLITE_FULL") or "disk is full" in text:
        return "full"
    if name.startswith(("SQLITE_CORRUPT", "SQLITE_NOTADB")) or "malformed" in text or "not a database" in text:
        return "damaged"
    if opening and ("no such table" in text or "no such column" in text):
        return "damaged"
    return "unavailable"


def _text(raw: bytes) -> str:
    return raw.decode("utf-8", "replace")


def _canonical(value: object) -> str:
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=True, allow_nan=False)


# ---------------------------------------------------------------- the store
class HistoryStore:
    """The records database. Safe to share between threads (one connection behind a lock) and
    between windows (SQLite's locks). No method raises for a database problem: see the module."""

    def __init__(self, path: Path | str | None = None, *, timeout: float = BUSY_TIMEOUT,
                 pending_dir: Path | str | None = None) -> None:
        self.path = Path(path) if path is not None else default_path()
        self.pending_dir = Path(pending_dir) if pending_dir is not None else self.path.parent / PENDING_DIR
        self.timeout = float(timeout)
        self.problem: HistoryProblem | None = None
        self._conn: sqlite3.Connection | None = None
        self._lock = threading.RLock()
        self._refused: _Problem | None = None     # a reason not to open again this session
        self._flushing = threading.Lock()          # one flush of history-pending/ at a time

    # ------------------------------------------------------------ opening
    def close(self) -> None:
        with self._lock:
            if self._conn is not None:
                try:
                    self._conn.close()
                except sqlite3.Error as exc:
                    log.warning("closing %s: %s", self.path, exc)
                self._conn = None

    def __enter__(self) -> HistoryStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _connection(self) -> sqlite3.Connection:
        if self._conn is not None:
            return self._conn
        if self._refused is not None:
            raise self._refused
        try:
            self._conn = self._open_checked()
        except _Problem as problem:
            if problem.kind != "damaged":
                if problem.kind == "newer":
                    self._refused = problem
                raise
            self._set_aside(problem.detail)
            try:
                self._conn = self._open_checked()
            except _Problem as again:
                if again.kind == "damaged":   # a fresh file damaged at once: do not loop
                    again = _Problem("unavailable", again.detail)
                    self._refused = again
                raise again from None
        return self._conn

    def _open_checked(self) -> sqlite3.Connection:
        try:
            self.path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            raise _Problem("unavailable", f"{self.path.parent}: {exc.strerror or exc}") from None
        if os.path.lexists(self.path):
            try:
                safe_io.check_regular(self.path)
            except safe_io.UnsafeFile as exc:
                raise _Problem("damaged", str(exc)) from None
            except FileNotFoundError:
                pass
        self._set_aside_odd_companions()
        try:
            conn = sqlite3.connect(str(self.path), timeout=self.timeout, isolation_level=None,
                                   check_same_thread=False)
        except sqlite3.Error as exc:
            raise _Problem(_classify(exc), f"{self.path.name}: {exc}") from None
        # text that is not UTF-8 (a file changed by hand) reads as U+FFFD, never as an error
        conn.text_factory = _text
        try:
            self._prepare(conn)
        except sqlite3.Error as exc:
            conn.close()
            raise _Problem(_classify(exc, opening=True), f"{self.path.name}: {exc}") from None
        except _Problem:
            conn.close()
            raise
        return conn

    def _set_aside_odd_companions(self) -> None:
        """A -wal or -shm beside the database that is not a plain file (a folder, a link) would
        make every open fail for good: it is set aside as .damaged (with a notice) first."""
        for suffix in ("-wal", "-shm"):
            side = self.path.with_name(self.path.name + suffix)
            if _plain_or_absent(side):
                continue
            kept = safe_io.set_aside(side, "not a regular file", safe_io.Notice("the game records go on without it."))
            if kept == side:
                raise _Problem("unavailable", f"{side.name} is not a file and cannot be set aside")

    def _prepare(self, conn: sqlite3.Connection) -> None:
        ident = _identity(self.path)
        if not _checked(ident):
            checked = quick_check(conn)
            if checked != ["ok"]:
                raise _Problem("damaged", f"{self.path.name}: quick_check: {'; '.join(checked[:3])[:300]}")
        mode = conn.execute("PRAGMA journal_mode = WAL").fetchone()
        if not mode or str(mode[0]).lower() != "wal":
            log.warning("%s: the WAL journal is not available here (%s)", self.path, mode)
        conn.execute("PRAGMA synchronous = FULL")
        conn.execute("PRAGMA foreign_keys = ON")
        version = queries.ints(conn.execute("PRAGMA user_version").fetchone()[0])
        if version > SCHEMA_VERSION:
            raise _Problem("newer", f"{self.path.name}: written by a newer version of the game "
                                    f"(records version {version}; this game reads {SCHEMA_VERSION})")
        if version < SCHEMA_VERSION:
            conn.execute("BEGIN IMMEDIATE")
            try:
                version = queries.ints(conn.execute("PRAGMA user_version").fetchone()[0])
                if version < SCHEMA_VERSION:
                    for statement in statements(SCHEMA):
                        conn.execute(statement)
                    conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
                conn.execute("COMMIT")
            except BaseException:
                conn.execute("ROLLBACK")
                raise
        for table, columns in COLUMNS.items():
            conn.execute(f"SELECT {', '.join(columns)} FROM {table} LIMIT 0").fetchall()
        _remember_checked(_identity(self.path))

    def _set_aside(self, why: str) -> None:
        self.close()
        _remember_checked(_identity(self.path), ok=False)
        if not os.path.lexists(self.path):
            return
        kept = safe_io.set_aside(self.path, why, safe_io.Notice("the game records start afresh."))
        if kept == self.path:
            raise _Problem("unavailable", f"{self.path.name} is damaged and cannot be set aside ({why})")
        wal = self.path.with_name(self.path.name + "-wal")
        if os.path.lexists(wal):
            safe_io.quarantine(wal)     # the WAL holds part of the damaged file: keep them together
        shm = self.path.with_name(self.path.name + "-shm")
        try:
            shm.unlink()                # an index of the WAL, rebuilt from it
        except FileNotFoundError:
            pass
        except OSError as exc:
            log.warning("cannot remove %s: %s", shm, exc)

    # ------------------------------------------------------------ running work
    def _run(self, work: Callable[[sqlite3.Connection], T]) -> T:
        """`work` on the connection; a database found damaged on the way is set aside and the
        work is tried once more on a new one. _Problem for anything else."""
        with self._lock:
            for attempt in (1, 2):
                conn = self._connection()
                try:
                    return work(conn)
                except sqlite3.Error as exc:
                    if conn.in_transaction:
                        try:
                            conn.execute("ROLLBACK")
                        except sqlite3.Error as again:
                            log.warning("rollback failed: %s", again)
                    kind = _classify(exc)
                    detail = f"{self.path.name}: {exc}"
                    if kind == "damaged" and attempt == 1:
                        log.warning("%s", detail)
                        self._set_aside(detail)       # then once more, on a new database
                        continue
                    raise _Problem(kind, detail) from None
            raise _Problem("unavailable", f"{self.path.name}: damaged again")   # not reached

    def _report(self, problem: _Problem, doing: str, *, kept: bool | None = None) -> None:
        """Remember and tell a problem once (the toast), in words fit for the player. For a
        game being recorded, `kept` says whether it waits in history-pending/: one notice says
        both what went wrong and what became of the game, so that no two contradict."""
        self.problem = HistoryProblem(problem.kind, problem.detail)
        log.warning("records: %s: %s (%s)", doing, problem.kind, problem.detail)
        if problem.kind == "damaged" and doing != "record":
            return          # set_aside has told the player already
        safe_io.notify(_notice(problem.kind, doing, kept))

    def _attempt(self, doing: str, work: Callable[[sqlite3.Connection], T], default: T) -> T:
        try:
            result = self._run(work)
        except _Problem as problem:
            self._report(problem, doing)
            return default
        return result

    # ------------------------------------------------------------ recording
    def record(self, save: SaveData, *, finished: bool | None = None, duration_s: float | None = None,
               language: str = "", played_at: float | None = None, source: str = "play") -> int | None:
        """Add a game (the save format, e.g. `GameSession.to_save()`) to the records; its id.

        `finished` is checked against the replay (the replay wins); `duration_s` is the whole
        game's playing time (None: the save's optional "played_s", else unknown); `played_at`
        is Unix time (None: now). Never raises: None when the game could not go in now (it then
        waits in history-pending/ unless the save itself cannot be replayed; see `problem`)."""
        try:
            game = prepare(save, finished=finished, duration_s=duration_s, language=language,
                           played_at=played_at, source=source)
        except (SaveError, ValueError, TypeError, KeyError, IndexError, AttributeError, RecursionError,
                OverflowError) as exc:
            self._report(_Problem("invalid", str(exc)[:300]), "record")
            return None
        try:
            done = self._run(queries.writer(game))
        except _Problem as problem:
            kept = self._keep_pending(game) is not None      # first, so that one notice says it all
            self._report(problem, "record", kept=kept)
            return None
        self.flush_pending()
        return done.game_id

    def record_prepared(self, game: PreparedGame) -> Recorded:
        """Store a prepared game (see `prepare`) and say what became of it; raises
        HistoryUnavailable (and sets `problem`) when the records cannot be written now."""
        try:
            return self._run(queries.writer(game))
        except _Problem as problem:
            self.problem = HistoryProblem(problem.kind, problem.detail)
            raise HistoryUnavailable(problem.kind, problem.detail) from None

    def _keep_pending(self, game: PreparedGame) -> Path | None:
        """The game as a file in history-pending/, or None when that cannot be written either
        (the caller says so: no notice here)."""
        return pending_files.keep(self.pending_dir, game)

    def pending(self) -> list[Path]:
        """The games waiting to go in, oldest first."""
        return pending_files.waiting(self.pending_dir)

    def flush_pending(self, *, wait: bool = False, between: Callable[[], object] | None = None) -> int:
        """Put the games waiting in history-pending/ into the records; how many went in.
        Stops at the first database problem (they wait for the next time); a file that is not
        a pending game is set aside as .damaged. Unless `wait`, a write lock held by another
        window is not waited for: the reads that flush on the way never stall on it.

        Each game is replayed outside the store's lock (only its transaction holds it), so
        a thread reading the records meanwhile waits for one write at most; one flush at a
        time per store (a second caller returns 0 at once). `between` is called after each
        game (a worker thread's pause, to leave the interpreter to the window)."""
        if not self._flushing.acquire(blocking=False):
            return 0
        try:
            return self._flush(wait, between)
        finally:
            self._flushing.release()

    def _flush(self, wait: bool, between: Callable[[], object] | None) -> int:
        done = 0
        for k, path in enumerate(self.pending()):
            if k and between is not None:
                between()
            game = pending_files.read(path)
            if game is None:
                continue                 # taken in by another window meanwhile, or set aside
            try:
                self._run(queries.writer(game) if wait else self._at_once(queries.writer(game)))
            except _Problem as problem:
                self.problem = HistoryProblem(problem.kind, problem.detail)
                log.info("records: pending games wait (%s)", problem.detail)
                break
            try:
                path.unlink()
            except FileNotFoundError:
                pass
            except OSError as exc:    # it is in the records; a second try will not add it twice
                log.warning("cannot remove %s: %s", safe_io.path_text(path), exc)
            done += 1
        return done

    def _at_once(self, work: Callable[[sqlite3.Connection], T]) -> Callable[[sqlite3.Connection], T]:
        """`work` with no busy wait: a lock held elsewhere fails it at once."""
        def run(conn: sqlite3.Connection) -> T:
            conn.execute("PRAGMA busy_timeout = 0")
            try:
                return work(conn)
            finally:
                conn.execute(f"PRAGMA busy_timeout = {int(self.timeout * 1000)}")

        return run

    # ------------------------------------------------------------ the Records screen
    def games(self, *, player: str | None = None, limit: int = 20, offset: int = 0,
              flush: bool = True) -> list[GameRecord]:
        """A page of games, newest first; `player` (a name, any case) keeps that player's games.
        The games waiting in history-pending/ go in first unless `flush` is False (a screen
        that takes them in off its thread: see `flush_pending`)."""
        limit = max(0, min(PAGE_LIMIT, int(limit)))
        offset = max(0, int(offset))
        if flush:
            self.flush_pending()
        return self._attempt("read", lambda conn: queries.page(conn, player, limit, offset), [])

    def count_games(self, *, player: str | None = None) -> int:
        def work(conn: sqlite3.Connection) -> int:
            if player is None:
                row = conn.execute("SELECT COUNT(*) FROM games").fetchone()
            else:
                row = conn.execute("SELECT COUNT(DISTINCT game_id) FROM seats WHERE name_key = ?",
                                   (name_key(player),)).fetchone()
            return queries.ints(row[0])

        return self._attempt("read", work, 0)

    def player_totals(self, *, kinds: Iterable[str] | None = ("human",), flush: bool = True) -> list[PlayerTotals]:
        """Totals per player name over the seats of these kinds (None: every seat), most games
        first (`flush`: as for `games`)."""
        wanted = tuple(kinds) if kinds is not None else tuple(KIND_BITS)
        if flush:
            self.flush_pending()
        return self._attempt("read", lambda conn: queries.totals(conn, wanted), [])

    def game(self, game_id: int) -> GameDetail | None:
        """One game with its numbers by round; None if there is none with that id."""
        def work(conn: sqlite3.Connection) -> GameDetail | None:
            rows = queries.games_by_id(conn, [game_id])
            if not rows:
                return None
            record = rows[0]
            vp = [[0] * record.rounds for _ in record.seats]
            money = [[0] * record.rounds for _ in record.seats]
            for rnd, seat, v, m in conn.execute(
                    "SELECT round, seat, vp, money FROM rounds WHERE game_id = ? ORDER BY round, seat", (game_id,)):
                if isinstance(rnd, int) and isinstance(seat, int) and 1 <= rnd <= record.rounds \
                        and 0 <= seat < len(vp):
                    vp[seat][rnd - 1], money[seat][rnd - 1] = queries.ints(v), queries.ints(m)
            return GameDetail(record, tuple(tuple(x) for x in vp), tuple(tuple(x) for x in money))

        return self._attempt("read", work, None)

    def load_save(self, game_id: int) -> SaveData | None:
        """A game's save (the save format), checked like a save file, names cleaned; None when
        there is no such game or its save cannot be read back (see `problem`)."""
        body = self._attempt("read", lambda conn: conn.execute(
            "SELECT encoding, body FROM saves WHERE game_id = ?", (game_id,)).fetchone(), None)
        if body is None:
            return None
        try:
            return decode_save(body[0], body[1], f"record {game_id}")
        except SaveError as exc:
            self._report(_Problem("invalid", str(exc)), "read")
            return None

    def replay(self, game_id: int, *, viewer: int | None = None, precompute: bool = True) -> Replay | None:
        """A stored game as a Replay, every frame made at once unless `precompute` is False, so
        that each step of the viewer is a look-up (None when it cannot be read or replayed)."""
        save = self.load_save(game_id)
        if save is None:
            return None
        try:
            return Replay.from_save(save, source=f"record {game_id}", viewer=viewer, precompute=precompute)
        except SaveError as exc:
            self._report(_Problem("invalid", str(exc)), "read")
            return None

    def info(self, game_id: int) -> GameRecord | None:
        return self._attempt("read", lambda conn: next(iter(queries.games_by_id(conn, [game_id])), None), None)

    # ------------------------------------------------------------ reviews (the coach: a seat's decisions, reviewed)
    def store_review(self, game_id: int, seat: int, settings: Mapping[str, object], review: object) -> bool:
        """Keep a review (any JSON value) of one seat's play in a game, under its settings
        (replacing one made with the same settings). False when it could not be stored."""
        try:
            key = _canonical(dict(settings))
            body = _canonical(review)
        except (TypeError, ValueError) as exc:
            raise ValueError(f"a review and its settings are JSON values: {exc}") from None
        if len(key) > SETTINGS_LIMIT or len(body) > REVIEW_LIMIT:
            raise ValueError("a review is at most 1 MB of JSON, its settings 4 KB")

        def work(conn: sqlite3.Connection) -> bool:
            conn.execute("BEGIN IMMEDIATE")
            if conn.execute("SELECT players FROM games WHERE id = ?", (game_id,)).fetchone() is None:
                conn.execute("ROLLBACK")
                return False
            conn.execute("INSERT OR REPLACE INTO reviews (game_id, seat, settings_key, created_at, body) "
                         "VALUES (?, ?, ?, ?, ?)", (game_id, seat, key, time.time(), body))
            conn.execute("COMMIT")
            return True

        return self._attempt("review", work, False)

    def load_review(self, game_id: int, seat: int, settings: Mapping[str, object]) -> JSON:
        key = _canonical(dict(settings))
        row = self._attempt("read", lambda conn: conn.execute(
            "SELECT body FROM reviews WHERE game_id = ? AND seat = ? AND settings_key = ?",
            (game_id, seat, key)).fetchone(), None)
        return None if row is None else _json_back(row[0], REVIEW_LIMIT)

    def reviews(self, game_id: int) -> list[StoredReview]:
        rows: list[tuple[object, object, object, object]] = self._attempt("read", lambda conn: conn.execute(
            "SELECT seat, settings_key, created_at, body FROM reviews WHERE game_id = ? "
            "ORDER BY seat, created_at", (game_id,)).fetchall(), [])
        out: list[StoredReview] = []
        for seat, key, created, body in rows:
            settings = _json_back(key, SETTINGS_LIMIT)
            review = _json_back(body, REVIEW_LIMIT)
            if isinstance(settings, dict) and review is not None:
                out.append(StoredReview(queries.ints(seat), settings, bounded_time(created) or 0.0, review))
        return out


def _notice(kind: ProblemKind, doing: str, kept: bool | None) -> safe_io.Notice:
    """What the player is told of a records problem (one sentence, translated when shown)."""
    Notice = safe_io.Notice
    if kind == "invalid":
        if doing == "record":
            return Notice("A game could not be added to the records: its moves cannot be replayed.")
        return Notice("A game in the records cannot be read back: its record is damaged.")
    if doing == "record" and kept:
        return {"busy": Notice("The game records are in use by another window: this game goes in later."),
                "full": Notice("The disk is full: this game goes into the records later."),
                "newer": Notice("The game records were written by a newer version of the game: they are left "
                                "as they are, and this game is kept for a version that reads them."),
                }.get(kind, Notice("The game records cannot be used just now: this game goes in later."))
    if doing == "record":
        return {"busy": Notice("The game records are in use by another window, and this game could not be "
                               "kept for later: it is not in the records."),
                "full": Notice("The disk is full: this game could not be added to the records."),
                }.get(kind, Notice("The game records cannot be used just now, and this game could not be kept "
                                   "for later: it is not in the records."))
    return {"busy": Notice("The game records are in use by another window: try again in a moment."),
            "full": Notice("The disk is full: the game records cannot be written just now."),
            "newer": Notice("The game records were written by a newer version of the game: they are left as "
                            "they are."),
            }.get(kind, Notice("The game records cannot be used just now."))


def _json_back(text: object, cap: int) -> JSON:
    if not isinstance(text, str) or len(text) > cap:
        return None
    try:
        return safe_io.parse_json(text, "review")
    except safe_io.UnsafeFile as exc:
        log.warning("records: a stored review cannot be read: %s", exc)
        return None
