"""Where the game's files are: bundled data (read-only) and the user's own data.

One helper for source and frozen (PyInstaller) form, so no other module guesses paths.
"""
from __future__ import annotations

import logging
import os
import sys
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # pragma: no cover
    from ne_game.storage.safe_io import Notice

log = logging.getLogger(__name__)

APP_NAME = "NewEngland"

# requested folder -> the folder really used (itself, or a temporary stand-in)
_RESOLVED: dict[str, Path] = {}


def data_root() -> Path:
    """The folder holding `assets/` and `levels/`: the source tree, or the frozen bundle."""
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle:
        return Path(bundle)
    return Path(__file__).resolve().parents[2]


def resource_path(*parts: str) -> Path:
    """A bundled file, e.g. resource_path("levels", "classic.toml")."""
    return data_root().joinpath(*parts)


def _requested_dir() -> Path:
    override = os.environ.get("NE_GAME_HOME")
    if override and "\x00" not in override:
        return Path(override)
    from platformdirs import user_data_dir as _platform_dir

    return Path(_platform_dir(APP_NAME, appauthor=False))


def _usable(path: Path) -> str | None:
    """None when `path` is (now) a writable folder, else why not."""
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        return exc.strerror or str(exc)
    if not path.is_dir():
        return "not a folder"
    if not os.access(path, os.W_OK | os.X_OK):
        return "not writable"
    return None


def user_data_dir() -> Path:
    """The per-user folder for saves, settings and logs (created on demand).

    NE_GAME_HOME overrides it, so tests and portable installs never touch the real one.
    When it cannot be created or written, a folder in the system's temporary folder stands in
    (logged, and `fallback_message()` says so for the UI), so the game and its crash log still run.
    """
    requested = _requested_dir()
    key = str(requested)
    known = _RESOLVED.get(key)
    if known is not None and known.is_dir():
        return known
    why = _usable(requested)
    if why is None:
        _RESOLVED[key] = requested
        return requested
    # A private folder (mode 0700, a fresh name): a fixed, shared name could hold another
    # run's or another user's game and offer it as this player's.
    stand_in = Path(tempfile.mkdtemp(prefix=f"{APP_NAME}-"))
    log.warning("user data folder %r cannot be used (%s); using %s for this session", requested, why, stand_in)
    _RESOLVED[key] = stand_in
    return stand_in


def readonly_home() -> Path | None:
    """The player's own data folder when a stand-in replaces it but it can still be read (a
    read-only disk): its autosave can be offered, read-only. None otherwise."""
    requested = _requested_dir()
    used = _RESOLVED.get(str(requested))
    if used is None or used == requested:
        return None
    try:
        readable = requested.is_dir() and os.access(requested, os.R_OK | os.X_OK)
    except OSError:
        readable = False
    return requested if readable else None


def fallback_message() -> Notice | None:
    """A sentence for the player when the user data folder is a temporary stand-in, else None."""
    from ne_game.storage.safe_io import Notice

    requested = _requested_dir()
    used = _RESOLVED.get(str(requested))
    if used is None or used == requested:
        return None
    return Notice("The data folder {folder} cannot be used: saves go to {used} for now.",
                  folder=requested, used=used)
