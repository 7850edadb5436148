"""Save files: the autosave and manual save slots, written atomically (no pygame here).

A save is the engine contract's replay record — seed, variant, action list — plus
the seats (names, families, human/computer). Files are JSON, written to a temp
file in the same folder and moved into place with os.replace, so a crash or a
power cut mid-write leaves either the old file or the new one, never half of one.

Reading goes through ne_game.storage.safe_io (regular files only, size and depth caps) and then
`check_envelope` checks every field. A file that cannot be read is never deleted: it is
renamed `<name>.damaged` and the player is told which file and what was wrong.

Two windows on one user folder never share an autosave (ne_game.storage.instance_lock), and a
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
from typing import TYPE_CHECKING, TypedDict, cast

from ne_game.storage import safe_io
from ne_game.storage.paths import user_data_dir

if TYPE_CHECKING:
    from ne_game.rules.actions import Action

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


class SeatData(TypedDict):
    name: str
    family: str
    kind: str                 # "human" or a computer level


class _SaveFields(TypedDict):
    format: str
    version: int
    seed: int
    variant: dict[str, bool | int]
    seats: list[SeatData]
    # each one a JSON object with a text "type" (check_envelope); the engine checks the rest
    # when the save is replayed, as every reader of a save does
    actions: list[Action]


class SaveData(_SaveFields, total=False):
    """A save file's fields, as `check_envelope` has checked them (and `GameSession.to_save` writes them)."""
    game_version: str
    saved_at: str
    summary: str
    players: int
    record: object            # an exported game's record metadata (history.exchange reads it)
    hints: object             # the Hint's moves shown: [{"index", "action"}] (GameSession.from_save checks them)


# ---------------------------------------------------------------- low level
def _write_temp(path: Path, data: object) -> str:
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


def write_json_atomic(path: Path, data: object) -> None:
    """Write `data` as JSON to `path` so that readers see the old or the new file, never a torn one."""
    path = Path(path)
    tmp = _write_temp(path, data)
    try:
        os.replace(tmp, path)
    except BaseException:
        _drop(tmp)
        raise


def write_json_new(path: Path, data: object) -> bool:
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


def read_save_file(path: Path, *, actions: bool = True) -> SaveData:
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
    return check_envelope(data, name, path, actions=actions)


def _family_ids() -> set[str]:
    from ne_game.game.gamedata import game_file

    return {f["id"] for f in game_file()["families"]}


def check_envelope(data: object, name: str, path: Path | None = None, *, actions: bool = True) -> SaveData:
    """Every field a save holds, with its type and range; the version must be one we read.
    The save, typed (texts made fit to show); SaveError naming the file and the field otherwise."""
    from ne_game.game.gamedata import seat_counts, seat_counts_text  # late, like _family_ids: the data loads on use

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
        if key in data:
            text = safe_io.clean_text(data[key], limit)
            if text is None:
                raise bad(f"field '{key}' is not a text of at most {limit} characters")
            data[key] = text         # made fit to show
    counts = seat_counts()   # the range of the ruleset a save is replayed with (the default one)
    if "players" in data and not safe_io.is_int(data["players"], counts[0], counts[-1]):
        raise bad(f"field 'players' is not {seat_counts_text()}")
    variant = data["variant"]
    if len(variant) > 16 or not all(
            safe_io.clean_text(k, 64) is not None and isinstance(v, (bool, int)) and -SEED_LIMIT < v < SEED_LIMIT
            for k, v in variant.items()):
        raise bad("field 'variant' holds something that is not an option")
    seats = data["seats"]
    if len(seats) not in counts:
        raise bad(f"{len(seats)} seats; a game has {seat_counts_text()}")
    families = _family_ids()
    seen: set[str] = set()
    for i, seat in enumerate(seats):
        if not isinstance(seat, dict) or not all(isinstance(seat.get(k), str) for k in ("name", "family", "kind")):
            raise bad(f"seat {i + 1} is incomplete")
        seat_name = safe_io.clean_text(seat["name"], SEAT_NAME_LIMIT)
        if seat_name is None:
            raise bad(f"seat {i + 1}: a name is at most {SEAT_NAME_LIMIT} characters, without control characters")
        seat["name"] = seat_name     # made fit to show (a lone surrogate becomes U+FFFD)
        if seat["family"] not in families or seat["family"] in seen:
            raise bad(f"seat {i + 1}: family {seat['family'][:32]!r} is unknown or taken twice")
        seen.add(seat["family"])
        if safe_io.clean_text(seat["kind"], 16) is None:
            raise bad(f"seat {i + 1}: unknown kind")
    if len(data["actions"]) > MAX_ACTIONS:
        raise bad(f"{len(data['actions'])} actions; a game has far fewer")
    if not actions:
        return cast("SaveData", data)     # its fields checked just now
    types: set[str] = set()
    for i, action in enumerate(data["actions"]):
        kind = action.get("type") if isinstance(action, dict) else None
        if not isinstance(kind, str):
            raise bad(f"action {i + 1} is not an action")
        types.add(kind)
    for kind in types:   # a game uses a handful of action types: check each one once
        if safe_io.clean_text(kind, 32) is None:
            raise bad(f"action type {kind[:32]!r} is not an action")
    return cast("SaveData", data)         # every field checked just now


# ---------------------------------------------------------------- where
def autosave_path() -> Path:
    """This window's autosave: `autosave.json`, or `autosave-N.json` for the N-th window open."""
    from ne_game.storage.instance_lock import autosave_name, instance_number

    return user_data_dir() / autosave_name(instance_number())


def saves_dir() -> Path:
    """The folder of manual saves, made when missing. Anything else by that name (a file, a
    broken or looping link) is set aside as `saves.damaged` first; OSError when the folder
    still cannot be made (the callers report it and play goes on)."""
    path = user_data_dir() / SAVES_DIR
    if os.path.lexists(path) and (os.path.islink(path) or not path.is_dir()):
        safe_io.set_aside(path, "not a folder", safe_io.Notice("a new folder for saved games was made."))
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


def start_up() -> list[safe_io.Notice]:
    """Take this window's place in the user folder (the instance lock) and tidy it; returns the
    sentences the player should see (a temporary folder in use, another window open, games of
    windows that are gone kept for Load game)."""
    from ne_game.storage.instance_lock import claim, message
    from ne_game.storage.paths import fallback_message, readonly_home

    claim()
    clean_orphans()
    notes = [m for m in (fallback_message(), message()) if m]
    _set_aside_odd_autosave()
    notes += adopt_orphan_autosaves()
    readonly = readonly_home()
    if readonly is not None:
        notes += _offer_readonly_autosave(readonly)
    return notes


def _set_aside_odd_autosave() -> None:
    """An autosave path that is a folder (or another non-file) can be neither read nor written:
    set it aside, so Continue and the autosave work again."""
    path = autosave_path()
    try:
        odd = os.path.lexists(path) and not (path.is_file() and not path.is_symlink())
    except OSError:
        odd = True
    if odd:
        safe_io.set_aside(path, "not a file", safe_io.Notice("your next game autosaves as usual."))


def adopt_orphan_autosaves() -> list[safe_io.Notice]:
    """The games of windows that closed (`autosave-2.json`, an unlocked window's own autosave)
    become numbered saves that Load game lists; the orphan goes once its copy is written."""
    from ne_game.storage.instance_lock import orphan, other_autosaves

    notes: list[safe_io.Notice] = []
    for path in other_autosaves():
        with orphan(path) as gone:       # its window's lock is held meanwhile, if it has one
            if gone:
                note = _adopt(path)
                if note is not None:
                    notes.append(note)
    return notes


def _adopt(path: Path) -> safe_io.Notice | None:
    try:
        data = read_save_file(path)
    except SaveError as exc:
        if exc.kind != "missing":
            safe_io.set_aside(path, str(exc), safe_io.Notice("your other games are untouched."))
        return None
    try:
        kept = write_slot(data)
        path.unlink()
    except OSError as exc:
        log.warning("the game in %s could not be kept as a save: %s", safe_io.path_text(path), exc)
        return None
    log.info("kept the game of a closed window (%s) as %s", path.name, kept.name)
    return safe_io.Notice("A game from another window was kept: Load game lists it as {file}.", file=kept.name)


def _offer_readonly_autosave(home: Path) -> list[safe_io.Notice]:
    """The data folder cannot be written, but its autosave can be read: copy it into the
    stand-in folder, so Continue offers it; the original is never written."""
    source = home / AUTOSAVE_NAME
    target = autosave_path()
    if target.exists():
        return []
    try:
        data = read_save_file(source)
    except SaveError as exc:
        if exc.kind != "missing":
            log.warning("the read-only autosave cannot be offered: %s", exc)
        return []
    try:
        write_json_atomic(target, data)
    except OSError as exc:
        log.warning("the read-only autosave could not be copied: %s", exc)
        return []
    return [safe_io.Notice("Your last game is offered read-only from {folder}: Continue plays a copy.",
                           folder=home)]


# ---------------------------------------------------------------- autosave
def write_autosave(data: SaveData) -> Path:
    path = autosave_path()
    write_json_atomic(path, data)
    return path


def has_autosave() -> bool:
    return autosave_path().is_file()


def read_autosave() -> SaveData:
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
    damaged: bool = False

    @property
    def name(self) -> str:
        """The file name as a label may show it (an undecodable byte becomes U+FFFD)."""
        return safe_io.path_text(self.path.name)


def write_slot(data: SaveData, name: str | None = None) -> Path:
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


# (path, size, mtime_ns) -> what list_slots learnt from that file: a 2 MB save is parsed once,
# not at every build of the title screen.
_LISTED: dict[tuple[str, int, int], SaveInfo] = {}


def list_slots(limit: int = LIST_LIMIT) -> list[SaveInfo]:
    """Manual saves, newest first (at most `limit`). Files that fail the checks are listed as
    damaged (loading one says why and sets it aside). Never raises: a folder that cannot be
    read lists nothing."""
    found: list[tuple[float, tuple[str, int, int], Path]] = []
    try:
        folder = saves_dir()
        entries = list(folder.glob("*.json"))
    except OSError as exc:
        log.warning("cannot list the saved games: %s", exc)
        return []
    for path in entries:
        try:
            st = os.lstat(path)
        except FileNotFoundError:
            continue                    # deleted between the listing and the look
        except OSError as exc:
            log.warning("cannot list the save %s: %s", safe_io.path_text(path), exc)
            continue
        found.append((st.st_mtime, (os.fsdecode(path), st.st_size, st.st_mtime_ns), path))
    found.sort(key=lambda item: item[0], reverse=True)
    out: list[SaveInfo] = []
    seen: set[tuple[str, int, int]] = set()
    for mtime, key, path in found[:limit]:
        seen.add(key)
        info = _LISTED.get(key)
        if info is None:
            try:
                data = read_save_file(path, actions=False)
                info = SaveInfo(path, mtime, data.get("summary", ""))
            except SaveError as exc:
                log.info("listing %s as damaged: %s", safe_io.path_text(path.name), exc)
                info = SaveInfo(path, mtime, "", damaged=True)
            _LISTED[key] = info
        out.append(info)
    for key in [k for k in _LISTED if k not in seen and k[0].startswith(os.fsdecode(folder))]:
        del _LISTED[key]
    return out
