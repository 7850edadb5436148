"""Games waiting to go into the records: small JSON files in `history-pending/`, written when
the records could not be written (another window held them, the disk said no) and taken in
the next time the records are written or read (HistoryStore.flush_pending). No database here."""
from __future__ import annotations

import json
import logging
import secrets
from pathlib import Path

from ne_game.history.recording import PreparedGame, prepare
from ne_game.storage import safe_io
from ne_game.storage.saves import SaveError, write_json_new

log = logging.getLogger(__name__)

PENDING_DIR = "history-pending"
PENDING_FORMAT = "ne-game-pending-record"


def keep(folder: Path, game: PreparedGame) -> Path | None:
    """The game as a new file in `folder`, or None when that cannot be written either."""
    entry = {"format": PENDING_FORMAT, "version": 1, "save": json.loads(game.save_json),
             "played_at": game.played_at, "duration_s": game.duration_s, "language": game.language,
             "source": game.source}
    name = f"game-{int(game.played_at * 1000)}-{secrets.token_hex(4)}.json"
    try:
        folder.mkdir(parents=True, exist_ok=True)
        path = folder / name
        if write_json_new(path, entry):
            log.info("records: the game waits in %s", path)
            return path
    except OSError as exc:
        log.warning("records: the game could not be kept for later either: %s", exc)
    return None


def waiting(folder: Path) -> list[Path]:
    """The games waiting to go in, oldest first."""
    try:
        return sorted(p for p in folder.glob("game-*.json") if p.is_file())
    except OSError as exc:
        log.warning("cannot list %s: %s", folder, exc)
        return []


def read(path: Path) -> PreparedGame | None:
    """A waiting game, checked and replayed; None when it is gone (another window took it in)
    or is not a pending game (then it is set aside as .damaged, with a notice)."""
    try:
        entry = safe_io.load_json(path, "save")
        if not isinstance(entry, dict) or entry.get("format") != PENDING_FORMAT \
                or not isinstance(entry.get("save"), dict):
            raise SaveError(f"{path.name}: not a pending game", path)
        return prepare(entry["save"], duration_s=entry.get("duration_s"),
                       language=entry.get("language") or "", played_at=entry.get("played_at"),
                       source=str(entry.get("source")), name=path.name)
    except FileNotFoundError:
        return None
    except (safe_io.UnsafeFile, SaveError, ValueError, TypeError, KeyError, IndexError, AttributeError,
            RecursionError, OverflowError) as exc:
        safe_io.set_aside(path, str(exc)[:300], safe_io.Notice("that game is not in the records."))
        return None
