"""The Records screen's files: taking in the games of the imports folder, one file at a time,
and writing a recorded game to a file of its own in the exports folder.

Every file an import dealt with is moved out of the way, never deleted and never over another
file: into `imports/imported/` (a game now in the records), `imports/known/` (one they held
already) or `imports/damaged/` (a file that is not a game this version can read); a file left
where it was (the records could not be written) is read again at the next press.
"""
from __future__ import annotations

import logging
import os
import re
from dataclasses import dataclass, field
from pathlib import Path

from ne_game.history import GameRecord, HistoryStore, export_game, import_game
from ne_game.history.dates import stamp
from ne_game.history.exchange import ExchangeError
from ne_game.i18n import _, fmt, nfmt
from ne_game.storage import safe_io
from ne_game.storage.paths import user_data_dir

log = logging.getLogger(__name__)

IMPORTED, KNOWN, DAMAGED = "imported", "known", "damaged"     # where imports/ puts the files it dealt with
SHOWN_FILES = 3           # file names a message lists
NAME_LIMIT = 40           # characters of a file name a message shows


def imports_dir() -> Path:
    """Where shared game files go to be imported (a folder of its own in the user folder)."""
    return user_data_dir() / "imports"


def exports_dir() -> Path:
    return user_data_dir() / "exports"


def file_list(names: list[str]) -> str:
    """The first few file names (already made safe), "…" when there are more."""
    shown = ", ".join(names[:SHOWN_FILES])
    return shown + (", …" if len(names) > SHOWN_FILES else "")


@dataclass
class ImportRun:
    """An import under way: how far it got and what became of the files."""

    total: int
    done: int = 0
    added: int = 0
    known: int = 0
    damaged: list[str] = field(default_factory=list)    # names fit to show
    unmoved: int = 0                                    # dealt with, but could not be moved
    waiting: int = 0                                    # left for the next press (records unavailable)

    def progress(self) -> str:
        return nfmt("Importing: {done} of {n} file…", "Importing: {done} of {n} files…", self.total,
                    done=self.done)

    def summary(self) -> str:
        # whole sentences, each with its own count
        parts = [nfmt("{n} game imported.", "{n} games imported.", self.added)]
        if self.known:
            parts.append(nfmt("{n} game was here already.", "{n} games were here already.", self.known))
        if self.damaged:
            parts.append(nfmt("{n} file could not be read ({files}): it was moved to {folder}.",
                              "{n} files could not be read ({files}): they were moved to {folder}.",
                              len(self.damaged), files=file_list(self.damaged), folder=f"imports/{DAMAGED}"))
        if self.waiting:
            parts.append(nfmt("The records cannot be written just now: {n} file waits for the next import.",
                              "The records cannot be written just now: {n} files wait for the next import.",
                              self.waiting))
        if self.unmoved:
            parts.append(nfmt("{n} file could not be moved out of the imports folder.",
                              "{n} files could not be moved out of the imports folder.", self.unmoved))
        return " ".join(parts)


def import_one(path: Path, run: ImportRun, store: HistoryStore) -> bool:
    """One file into the records and out of the way; False when the records cannot be
    written now (the file stays, the import stops)."""
    shown = safe_io.path_text(path.name, NAME_LIMIT)
    try:
        result = import_game(path, store)
    except ExchangeError as err:
        if err.kind == "unavailable":
            log.warning("import stopped at %s: %s", shown, err)
            return False
        if err.kind == "missing":
            return True                 # gone meanwhile (another window imported it)
        log.warning("import of %s failed: %s", shown, safe_io.displayable(str(err)))
        run.damaged.append(shown)
        move_into(path, DAMAGED, run)
        return True
    except Exception as err:            # the records never stop the game
        log.warning("import of %s failed: %s", shown, err, exc_info=True)
        run.damaged.append(shown)
        move_into(path, DAMAGED, run)
        return True
    if result.outcome == "known":
        run.known += 1
        move_into(path, KNOWN, run)
    else:
        run.added += 1
        move_into(path, IMPORTED, run)
    return True

def move_into(path: Path, where: str, run: ImportRun) -> None:
    try:
        safe_io.move_into(path, imports_dir() / where)
    except FileNotFoundError:
        pass
    except OSError as err:
        run.unmoved += 1
        log.warning("%s cannot be moved to %s: %s", safe_io.path_text(path.name), where, err)


def export_record(store: HistoryStore, game: GameRecord) -> str:
    """The game to a file of its own in the exports folder: its date, its players and its id
    name it (two games of the same players in the same minute each get theirs), a number added
    when that name is taken; nothing is ever replaced. What became of it, in words."""
    names = "-".join(re.sub(r"[^A-Za-z0-9]+", "", s.name)[:12] or "player" for s in game.seats)
    base = f"new-england-{stamp(game.played_at, '%Y%m%d-%H%M', 'undated')}-{names}-{game.id}"
    folder = exports_dir()
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        log.warning("the exports folder cannot be made: %s", err)
        if os.path.lexists(folder) and not folder.is_dir():
            return fmt("The game could not be exported: {name} in the user folder is a file, not "
                       "a folder. Move it away and export again.", name=safe_io.path_text(folder.name))
        return fmt("The game could not be exported: the folder {name} cannot be made ({reason}).",
                   name=safe_io.path_text(folder.name), reason=os_reason(err))
    for n in range(1, 100):
        path = folder / (f"{base}.json" if n == 1 else f"{base}-{n}.json")
        try:
            written = export_game(store, game.id, path, overwrite=False)
        except ExchangeError as err:
            if err.kind == "exists":
                continue
            log.warning("export failed: %s", safe_io.displayable(str(err)))
            if err.kind == "no_game":
                return _("The game could not be exported: its record cannot be read.")
            return fmt("The game could not be exported: the file cannot be written ({reason}).",
                       reason=err.reason or _("the system refused"))
        return fmt("Exported to {path}", path=safe_io.path_text(written))
    return _("The game could not be exported: the exports folder holds too many files of that name.")


def os_reason(err: OSError) -> str:
    """The system's words for an error (in the system's language), without its number or path."""
    return safe_io.displayable(err.strerror or type(err).__name__)
