"""Export a recorded game to a file and import one into the records (no pygame here).

The file is the save format (`GameSession.to_save`), so an exported game also opens with
Load game, plus one optional key the records read back:

    "record": {"played_at": Unix time, "duration_s": seconds or null, "language": "en",
               "finished": true}

Exports are written atomically and never replace a file unless the caller asks
(`overwrite=True`). Imports are checked like any save: the size and depth caps of safe_io,
`saves.check_envelope`, names that can be stored, then a full replay through the engine. Every
failure is an ExchangeError whose message names the file and says what is wrong; nothing
here lets another exception through for a bad file, and the file itself is never moved or
changed here (the Records screen moves the files of its imports folder once dealt with).
"""
from __future__ import annotations

import logging
import time
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Literal, TypedDict

from ne_game.storage import safe_io
from ne_game.storage.saves import SaveData, SaveError, read_save_file, write_json_atomic, write_json_new

from .dates import bounded_time
from .recording import prepare
from .records import HistoryUnavailable
from .store import HistoryStore
from .texts import LANGUAGE_LIMIT, is_storable

log = logging.getLogger(__name__)

RECORD_KEY = "record"

ExchangeKind = Literal["exists", "io", "no_game", "damaged", "missing", "not_a_save", "newer", "unavailable"]


_SAVE_KINDS: dict[str, ExchangeKind] = {"damaged": "damaged", "missing": "missing", "not_a_save": "not_a_save",
                                         "newer": "newer"}


class ExchangeError(Exception):
    """An export or import that did not happen; the message names the file and the problem.

    `kind`: "exists" (the export's file is there and overwrite was not asked), "io" (the system
    refused: its words are in the message), "no_game" (no such record), "damaged", "missing",
    "not_a_save", "newer" (as SaveError's), "unavailable" (the records cannot be written now).
    """

    def __init__(self, message: str, path: Path | None = None, *, kind: ExchangeKind = "damaged",
                 reason: str = "") -> None:
        super().__init__(message)
        self.path = path
        self.kind: ExchangeKind = kind
        self.reason = reason            # "io": the system's words alone (no number, no path)


@dataclass(frozen=True)
class ImportResult:
    game_id: int
    outcome: Literal["new", "updated", "known"]    # "known": that game was in the records already
    finished: bool
    save: SaveData                                # the save format, checked and replayed


# ---------------------------------------------------------------- export
class ImportMeta(TypedDict):
    """The record metadata an imported file carries, checked (None or "" where it had none)."""
    played_at: float | None
    duration_s: float | None
    language: str


def export_save(save: SaveData, path: Path | str, *, record: Mapping[str, object] | None = None,
                overwrite: bool = False) -> Path:
    """Write a save (with optional record metadata) to `path` atomically; ExchangeError if not."""
    path = Path(path)
    data: dict[str, object] = dict(save)
    data.pop(RECORD_KEY, None)
    if record is not None:
        data[RECORD_KEY] = dict(record)
    try:
        if overwrite:
            write_json_atomic(path, data)
        elif not write_json_new(path, data):
            raise ExchangeError(f"{path.name}: a file of that name exists already", path, kind="exists")
    except OSError as exc:
        raise ExchangeError(f"{path.name}: cannot be written ({exc.strerror or exc})", path, kind="io",
                            reason=safe_io.displayable(exc.strerror or type(exc).__name__)) from None
    return path


def export_game(store: HistoryStore, game_id: int, path: Path | str, *, overwrite: bool = False) -> Path:
    """Write a recorded game to `path` (the save format); ExchangeError if it cannot."""
    path = Path(path)
    info = store.info(game_id)
    save = store.load_save(game_id) if info is not None else None
    if info is None or save is None:
        why = store.problem.detail if store.problem is not None else "no such game"
        raise ExchangeError(f"game {game_id} cannot be exported: {why}", path, kind="no_game")
    record = {"played_at": info.played_at, "duration_s": info.duration_s, "language": info.language,
              "finished": info.finished}
    return export_save(save, path, record=record, overwrite=overwrite)


# ---------------------------------------------------------------- import
def read_import(path: Path | str) -> tuple[SaveData, ImportMeta]:
    """(save, record metadata) from a file, checked like a save (not yet replayed);
    ExchangeError naming the file otherwise."""
    path = Path(path)
    try:
        data = read_save_file(path)
    except SaveError as exc:
        raise ExchangeError(str(exc), path, kind=_SAVE_KINDS.get(exc.kind, "damaged")) from None
    for k, seat in enumerate(data["seats"]):
        if not is_storable(seat["name"]):
            raise ExchangeError(f"{path.name}: damaged (seat {k + 1}: the name holds characters that are not text)",
                                path)
    meta = data.pop("record", None)
    return data, _metadata(meta, data)


def _metadata(meta: object, save: SaveData) -> ImportMeta:
    """The record metadata an imported file carries, each value checked (bad ones dropped)."""
    out: ImportMeta = {"played_at": None, "duration_s": None, "language": ""}
    if isinstance(meta, dict):
        out["played_at"] = bounded_time(meta.get("played_at"))      # a date past 2999 is no date
        if safe_io.is_number(meta.get("duration_s"), 0, 1e9):
            out["duration_s"] = float(meta["duration_s"])
        language = safe_io.clean_text(meta.get("language"), LANGUAGE_LIMIT)
        if language is not None and is_storable(language):
            out["language"] = language
    if out["played_at"] is None:
        saved = safe_io.clean_text(save.get("saved_at"), 64)
        if saved:
            try:
                out["played_at"] = bounded_time(time.mktime(time.strptime(saved, "%Y-%m-%dT%H:%M:%S")))
            except (ValueError, OverflowError, OSError):
                log.info("an imported game's saved_at is not a date: %r", saved[:64])
    return out


def import_game(path: Path | str, store: HistoryStore | None = None) -> ImportResult:
    """Check a file, replay it, and add the game to the records (once: importing a game the
    records hold already changes nothing). ExchangeError naming the file when it cannot."""
    path = Path(path)
    save, meta = read_import(path)
    try:
        game = prepare(save, duration_s=meta["duration_s"], language=meta["language"],
                       played_at=meta["played_at"], source="import", name=path.name)
    except SaveError as exc:
        raise ExchangeError(str(exc), path, kind="damaged") from None
    except (ValueError, TypeError, KeyError, IndexError, AttributeError, RecursionError, OverflowError) as exc:
        raise ExchangeError(f"{path.name}: damaged ({type(exc).__name__}: {str(exc)[:200]})", path) from None
    try:
        if store is None:
            with HistoryStore() as own:
                done = own.record_prepared(game)
        else:
            done = store.record_prepared(game)
    except HistoryUnavailable as exc:
        raise ExchangeError(f"{path.name} could not be added to the records ({exc})", path,
                            kind="unavailable") from None
    return ImportResult(done.game_id, done.outcome, game.finished, save)
