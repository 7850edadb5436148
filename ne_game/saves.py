"""Save files: the autosave and manual save slots, written atomically (no pygame here).

A save is the engine contract's replay record — seed, variant, action list — plus
the seats (names, families, human/computer). Files are JSON, written to a temp
file in the same folder and moved into place with os.replace, so a crash or a
power cut mid-write leaves either the old file or the new one, never half of one.

A file that cannot be read is never deleted: it is renamed `<name>.damaged` and
the player is told which file and what was wrong.
"""
from __future__ import annotations

import json
import os
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ne_game.paths import user_data_dir

SAVE_FORMAT = "ne-game-save"
SAVE_VERSION = 1
AUTOSAVE_NAME = "autosave.json"
SAVES_DIR = "saves"


class SaveError(Exception):
    """A save file is missing, damaged or from an unknown version; the message names the file."""

    def __init__(self, message: str, path: Path | str | None = None) -> None:
        super().__init__(message)
        self.path = Path(path) if path is not None else None


# ---------------------------------------------------------------- low level
def write_json_atomic(path: Path, data: Any) -> None:
    """Write `data` as JSON to `path` so that readers see the old or the new file, never a torn one."""
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=str(path.parent))
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            json.dump(data, fh, separators=(",", ":"))
            fh.flush()
            os.fsync(fh.fileno())
        os.replace(tmp, path)
    except BaseException:
        try:
            os.unlink(tmp)
        except OSError:
            pass
        raise


def quarantine(path: Path) -> Path:
    """Rename a bad file to `<name>.damaged` (numbered if that exists) and return the new path."""
    path = Path(path)
    target = path.with_name(path.name + ".damaged")
    n = 1
    while target.exists():
        n += 1
        target = path.with_name(f"{path.name}.damaged{n}")
    try:
        os.replace(path, target)
    except OSError:
        return path
    return target


def read_save_file(path: Path) -> dict[str, Any]:
    """Read and check the envelope of a save file; raises SaveError naming the file."""
    path = Path(path)
    name = path.name
    try:
        raw = path.read_bytes()
    except FileNotFoundError:
        raise SaveError(f"{name}: no such save file", path) from None
    except OSError as exc:
        raise SaveError(f"{name}: cannot be read ({exc.strerror or exc})", path) from None
    try:
        data = json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise SaveError(f"{name}: damaged (not text)", path) from None
    except json.JSONDecodeError as exc:
        raise SaveError(f"{name}: damaged (not valid JSON: {exc.msg} at line {exc.lineno})", path) from None
    check_envelope(data, name, path)
    return data


def check_envelope(data: Any, name: str, path: Path | None = None) -> None:
    """The fields every save must have, with their types; the version must be one we read."""
    if not isinstance(data, dict):
        raise SaveError(f"{name}: damaged (not a save: expected a JSON object)", path)
    if data.get("format") != SAVE_FORMAT:
        raise SaveError(f"{name}: not a New England save file", path)
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool):
        raise SaveError(f"{name}: damaged (no version number)", path)
    if version > SAVE_VERSION:
        raise SaveError(f"{name}: saved by a newer version of the game (save format {version}; "
                        f"this game reads up to {SAVE_VERSION})", path)
    if version < 1:
        raise SaveError(f"{name}: unknown save format {version}", path)
    checks = (("seed", int), ("variant", dict), ("actions", list), ("seats", list))
    for key, typ in checks:
        if not isinstance(data.get(key), typ) or isinstance(data.get(key), bool):
            raise SaveError(f"{name}: damaged (field '{key}' missing or not a {typ.__name__})", path)
    for i, seat in enumerate(data["seats"]):
        if not isinstance(seat, dict) or not all(isinstance(seat.get(k), str) for k in ("name", "family", "kind")):
            raise SaveError(f"{name}: damaged (seat {i + 1} is incomplete)", path)
    for i, action in enumerate(data["actions"]):
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise SaveError(f"{name}: damaged (action {i + 1} is not an action)", path)


# ---------------------------------------------------------------- where
def autosave_path() -> Path:
    return user_data_dir() / AUTOSAVE_NAME


def saves_dir() -> Path:
    path = user_data_dir() / SAVES_DIR
    path.mkdir(parents=True, exist_ok=True)
    return path


# ---------------------------------------------------------------- autosave
def write_autosave(data: dict[str, Any]) -> Path:
    path = autosave_path()
    write_json_atomic(path, data)
    return path


def has_autosave() -> bool:
    return autosave_path().is_file()


def read_autosave() -> dict[str, Any]:
    return read_save_file(autosave_path())


def clear_autosave() -> None:
    """Called when a game is finished and acknowledged, so "continue" is greyed again."""
    try:
        autosave_path().unlink()
    except FileNotFoundError:
        pass


# ---------------------------------------------------------------- manual slots
@dataclass
class SaveInfo:
    path: Path
    saved_at: float
    summary: str


def write_slot(data: dict[str, Any], name: str | None = None) -> Path:
    """A manual save; a new file per save (named by time) unless `name` is given."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    base = name or f"save-{stamp}"
    path = saves_dir() / f"{base}.json"
    n = 1
    while name is None and path.exists():
        n += 1
        path = saves_dir() / f"{base}-{n}.json"
    write_json_atomic(path, data)
    return path


def list_slots() -> list[SaveInfo]:
    """Manual saves, newest first. Unreadable files are listed too (loading them reports why)."""
    out: list[SaveInfo] = []
    for path in saves_dir().glob("*.json"):
        try:
            mtime = path.stat().st_mtime
        except OSError:
            continue
        summary = ""
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            summary = str(data.get("summary", "")) if isinstance(data, dict) else ""
        except (OSError, ValueError):
            summary = "(damaged)"
        out.append(SaveInfo(path, mtime, summary))
    out.sort(key=lambda s: s.saved_at, reverse=True)
    return out
