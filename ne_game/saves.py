"""Save files: the autosave and manual save slots, written atomically (no pygame here).

A save is the engine contract's replay record — seed, variant, action list — plus
the seats (names, families, human/computer). Files are JSON, written to a temp
file in the same folder and moved into place with os.replace, so a crash or a
power cut mid-write leaves either the old file or the new one, never half of one.

Reading goes through ne_game.safe_io (regular files only, size and depth caps) and then
`check_envelope` checks every field. A file that cannot be read is never deleted: it is
renamed `<name>.damaged` and the player is told which file and what was wrong.

Two windows on one user folder never share an autosave (ne_game.instance_lock), and a
manual save never replaces another one: names are made unique at the moment of creation.
"""
from __future__ import annotations

import json
import logging
import os
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ne_game import safe_io
from ne_game.paths import user_data_dir

log = logging.getLogger(__name__)

SAVE_FORMAT = "ne-game-save"
SAVE_VERSION = 1
AUTOSAVE_NAME = "autosave.json"
SAVES_DIR = "saves"

SEAT_NAME_LIMIT = 16          # the setup screen's limit; a save may not hold longer names
SUMMARY_LIMIT = 200           # four 16-character names and the round fit easily
MAX_ACTIONS = 20_000          # a whole game is a few hundred
SEED_LIMIT = 2 ** 63          # seeds are drawn from 31 bits; anything past 64 is not ours
LIST_LIMIT = 200              # the newest saves read for the list (the screen shows fewer)
ORPHAN_AGE = 30.0             # seconds: a temp file older than this is no write in progress


class SaveError(Exception):
    """A save file is missing, damaged or from an unknown version; the message names the file."""

    def __init__(self, message: str, path: Path | str | None = None, *, kind: str = "damaged") -> None:
        super().__init__(message)
        self.path = Path(path) if path is not None else None
        #: what went wrong, for a translated message: "damaged", "missing", "not_a_save", "newer"
        self.kind = kind


# ---------------------------------------------------------------- low level
def _write_temp(path: Path, data: Any) -> str:
    """`data` as JSON in a fsynced temp file beside `path`; returns the temp file's name."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=str(path.parent))
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            json.dump(data, fh, separators=(",", ":"))
            fh.flush()
            os.fsync(fh.fileno())
    except BaseException:
        _drop(tmp)
        raise
    return tmp


def _drop(tmp: str) -> None:
    try:
        os.unlink(tmp)
    except FileNotFoundError:
        pass
    except OSError as exc:
        log.warning("cannot remove the temporary file %s: %s", tmp, exc)


def write_json_atomic(path: Path, data: Any) -> None:
    """Write `data` as JSON to `path` so that readers see the old or the new file, never a torn one."""
    path = Path(path)
    tmp = _write_temp(path, data)
    try:
        os.replace(tmp, path)
    except BaseException:
        _drop(tmp)
        raise


def write_json_new(path: Path, data: Any) -> bool:
    """Write `data` to `path` only if no file has that name (atomically); False when it exists."""
    path = Path(path)
    tmp = _write_temp(path, data)
    try:
        try:
            os.link(tmp, path)           # fails if the name is taken, even by a racing writer
            return True
        except FileExistsError:
            return False
        except (OSError, NotImplementedError):   # no hard links here (FAT, some shares)
            try:
                fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
            except FileExistsError:
                return False
            os.close(fd)
            os.replace(tmp, path)
            return True
    finally:
        if os.path.exists(tmp):
            _drop(tmp)


def quarantine(path: Path) -> Path:
    """Rename a bad file to `<name>.damaged` (numbered if that exists) and return the new path."""
    return safe_io.quarantine(path)


def read_save_file(path: Path, *, actions: bool = True) -> dict[str, Any]:
    """Read and check a save file (caps, then every field); raises SaveError naming the file.
    `actions=False` skips the per-action checks (the save list; loading checks them)."""
    path = Path(path)
    name = path.name
    try:
        data = safe_io.load_json(path, "save")
    except FileNotFoundError:
        raise SaveError(f"{name}: no such save file", path, kind="missing") from None
    except safe_io.UnsafeFile as exc:
        raise SaveError(str(exc), path) from None
    check_envelope(data, name, path, actions=actions)
    return data


def _family_ids() -> set[str]:
    from ne_game.gamedata import game_file

    return {f["id"] for f in game_file()["families"]}


def check_envelope(data: Any, name: str, path: Path | None = None, *, actions: bool = True) -> None:
    """Every field a save holds, with its type and range; the version must be one we read."""
    def bad(what: str) -> SaveError:
        return SaveError(f"{name}: damaged ({what})", path)

    if not isinstance(data, dict):
        raise SaveError(f"{name}: damaged (not a save: expected a JSON object)", path)
    if data.get("format") != SAVE_FORMAT:
        raise SaveError(f"{name}: not a New England save file", path, kind="not_a_save")
    version = data.get("version")
    if not safe_io.is_int(version, -SEED_LIMIT, SEED_LIMIT):
        raise bad("no version number")
    if version > SAVE_VERSION:
        raise SaveError(f"{name}: saved by a newer version of the game (save format {version}; "
                        f"this game reads up to {SAVE_VERSION})", path, kind="newer")
    if version < 1:
        raise SaveError(f"{name}: unknown save format {version}", path)
    checks = (("seed", int), ("variant", dict), ("actions", list), ("seats", list))
    for key, typ in checks:
        if not isinstance(data.get(key), typ) or isinstance(data.get(key), bool):
            raise bad(f"field '{key}' missing or not a {typ.__name__}")
    if not -SEED_LIMIT < data["seed"] < SEED_LIMIT:
        raise bad("field 'seed' is out of range")
    for key, limit in (("summary", SUMMARY_LIMIT), ("saved_at", 64), ("game_version", 64)):
        if key in data and safe_io.clean_text(data[key], limit) is None:
            raise bad(f"field '{key}' is not a text of at most {limit} characters")
    if "players" in data and not safe_io.is_int(data["players"], 3, 4):
        raise bad("field 'players' is not 3 or 4")
    variant = data["variant"]
    if len(variant) > 16 or not all(
            safe_io.clean_text(k, 64) is not None and isinstance(v, (bool, int)) and -SEED_LIMIT < v < SEED_LIMIT
            for k, v in variant.items()):
        raise bad("field 'variant' holds something that is not an option")
    seats = data["seats"]
    if len(seats) not in (3, 4):
        raise bad(f"{len(seats)} seats; a game has 3 or 4")
    families = _family_ids()
    seen: set[str] = set()
    for i, seat in enumerate(seats):
        if not isinstance(seat, dict) or not all(isinstance(seat.get(k), str) for k in ("name", "family", "kind")):
            raise bad(f"seat {i + 1} is incomplete")
        if safe_io.clean_text(seat["name"], SEAT_NAME_LIMIT) is None:
            raise bad(f"seat {i + 1}: a name is at most {SEAT_NAME_LIMIT} characters, without control characters")
        if seat["family"] not in families or seat["family"] in seen:
            raise bad(f"seat {i + 1}: family {seat['family'][:32]!r} is unknown or taken twice")
        seen.add(seat["family"])
        if safe_io.clean_text(seat["kind"], 16) is None:
            raise bad(f"seat {i + 1}: unknown kind")
    if len(data["actions"]) > MAX_ACTIONS:
        raise bad(f"{len(data['actions'])} actions; a game has far fewer")
    if not actions:
        return
    types: set[str] = set()
    for i, action in enumerate(data["actions"]):
        kind = action.get("type") if isinstance(action, dict) else None
        if not isinstance(kind, str):
            raise bad(f"action {i + 1} is not an action")
        types.add(kind)
    for kind in types:   # a game uses a handful of action types: check each one once
        if safe_io.clean_text(kind, 32) is None:
            raise bad(f"action type {kind[:32]!r} is not an action")


# ---------------------------------------------------------------- where
def autosave_path() -> Path:
    """This window's autosave: `autosave.json`, or `autosave-N.json` for the N-th window open."""
    from ne_game.instance_lock import autosave_name, instance_number

    return user_data_dir() / autosave_name(instance_number())


def saves_dir() -> Path:
    path = user_data_dir() / SAVES_DIR
    path.mkdir(parents=True, exist_ok=True)
    return path


def clean_orphans(now: float | None = None) -> int:
    """Remove temp files left by writes that never finished (a kill mid-save); returns how many.

    Only `<name>.json.<random>.tmp` files older than ORPHAN_AGE go: a younger one may be another
    window's write in progress.
    """
    now = time.time() if now is None else now
    removed = 0
    home = user_data_dir()
    for folder in (home, home / SAVES_DIR):
        try:
            candidates = list(folder.glob("*.json.*.tmp"))
        except OSError as exc:
            log.warning("cannot list %s: %s", folder, exc)
            continue
        for tmp in candidates:
            try:
                if not tmp.is_file() or tmp.is_symlink() or now - tmp.stat().st_mtime < ORPHAN_AGE:
                    continue
                tmp.unlink()
                removed += 1
            except OSError as exc:
                log.warning("cannot remove the orphaned temp file %s: %s", tmp, exc)
    if removed:
        log.info("removed %d orphaned temp file(s) from %s", removed, home)
    return removed


def start_up() -> list[str]:
    """Take this window's place in the user folder (the instance lock) and tidy it; returns the
    sentences the player should see (a temporary folder in use, another window open)."""
    from ne_game.instance_lock import claim, message
    from ne_game.paths import fallback_message

    claim()
    clean_orphans()
    return [m for m in (fallback_message(), message()) if m]


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
    """A manual save; a new file per save (named by time, `-2`, `-3`… when that name exists:
    never replacing another save, even one written in the same second by another window).
    With `name`, that file is written (replaced)."""
    folder = saves_dir()
    if name is not None:
        path = safe_io.inside(folder, f"{name}.json", "save name")
        write_json_atomic(path, data)
        return path
    base = f"save-{time.strftime('%Y%m%d-%H%M%S')}"
    for n in range(1, 10_000):
        path = folder / (f"{base}.json" if n == 1 else f"{base}-{n}.json")
        if not path.exists() and write_json_new(path, data):
            return path
    raise OSError(f"no free save name in {folder}")


def list_slots(limit: int = LIST_LIMIT) -> list[SaveInfo]:
    """Manual saves, newest first (at most `limit`). Files that fail the checks are listed as
    damaged (loading one says why and sets it aside)."""
    found: list[tuple[float, Path]] = []
    for path in saves_dir().glob("*.json"):
        try:
            found.append((os.lstat(path).st_mtime, path))
        except FileNotFoundError:
            continue                    # deleted between the listing and the look
        except OSError as exc:
            log.warning("cannot list the save %s: %s", path, exc)
            continue
    found.sort(key=lambda item: item[0], reverse=True)
    out: list[SaveInfo] = []
    for mtime, path in found[:limit]:
        try:
            data = read_save_file(path, actions=False)
            summary = data.get("summary", "")
        except SaveError as exc:
            log.info("listing %s as damaged: %s", path.name, exc)
            summary = f"{path.name[:40]} (damaged)"   # the player can tell which file
        out.append(SaveInfo(path, mtime, summary))
    return out
