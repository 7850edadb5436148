"""One game window per user folder owns the shared autosave; a second one gets its own.

The first instance takes `<user data>/.lock` (an OS lock held while the process lives, so a
crash or a kill frees it; the file holds the pid for people). A second instance finds it
taken, takes `.lock-2` instead and autosaves to `autosave-2.json`, so two windows never
overwrite each other's game. `message()` is the sentence the UI shows at start.

Where neither fcntl nor msvcrt exists, the lock is an O_EXCL file holding the pid, and the
lock of a pid that is no longer running is taken over.
"""
from __future__ import annotations

import logging
import os
from pathlib import Path

from ne_game import safe_io
from ne_game.paths import user_data_dir

log = logging.getLogger(__name__)

MAX_INSTANCES = 9

try:  # POSIX
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]
try:  # Windows
    import msvcrt
except ImportError:
    msvcrt = None  # type: ignore[assignment]

# folder -> (instance number, open fd or -1 for a pid file we created)
_HELD: dict[str, tuple[int, int]] = {}


def lock_name(n: int) -> str:
    return ".lock" if n == 1 else f".lock-{n}"


def autosave_name(n: int) -> str:
    """The autosave of the n-th window: the first one's is the shared `autosave.json`."""
    return "autosave.json" if n == 1 else f"autosave-{n}.json"


def _pid_alive(pid: int) -> bool:
    if pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OSError):
        return True   # exists, owned by someone else (or we cannot tell: assume alive)
    return True


def _os_lock(path: Path) -> int | None:
    """An fd holding an OS lock on `path`, or None when another process holds it."""
    # O_NOFOLLOW: a planted link must not make us truncate some other file
    fd = os.open(path, os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0), 0o644)
    try:
        if fcntl is not None:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        else:  # pragma: no cover - Windows
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
    except OSError as exc:
        log.debug("%s is locked by another process (%s)", path, exc)
        os.close(fd)
        return None
    os.ftruncate(fd, 0)
    os.write(fd, f"{os.getpid()}\n".encode())
    return fd


def _pid_file_lock(path: Path) -> int | None:
    """-1 when we created the pid file (or took over a dead pid's), None when a live pid holds it."""
    for _ in range(2):
        try:
            fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
        except FileExistsError:
            try:
                pid = int(safe_io.read_bytes(path, 64).decode("ascii", "replace").strip() or "0")
            except (OSError, ValueError) as exc:   # UnsafeFile is a ValueError
                log.info("cannot read the pid in %s (%s); treating the lock as stale", path, exc)
                pid = 0
            if _pid_alive(pid) and pid != os.getpid():
                return None
            log.info("taking over the stale lock %s (pid %s is not running)", path, pid)
            try:
                path.unlink()
            except OSError as exc:
                log.warning("cannot remove the stale lock %s: %s", path, exc)
                return None
            continue
        os.write(fd, f"{os.getpid()}\n".encode())
        os.close(fd)
        return -1
    return None


def claim(folder: Path | None = None) -> int:
    """Take the first free instance lock on the user folder; returns its number (1 = primary).

    Calling it again in the same process returns the same number. If no lock can be made at all
    (a read-only folder), 1 is returned: the autosave write reports its own error then.
    """
    folder = Path(folder) if folder is not None else user_data_dir()
    key = str(folder)
    if key in _HELD:
        return _HELD[key][0]
    for other in list(_HELD):   # one user folder per process: moving to another frees the old one
        release(Path(other))
    for n in range(1, MAX_INSTANCES + 1):
        path = folder / lock_name(n)
        try:
            fd = _os_lock(path) if (fcntl is not None or msvcrt is not None) else _pid_file_lock(path)
        except OSError as exc:
            log.warning("cannot lock the user folder %s: %s", folder, exc)
            return 1
        if fd is not None:
            _HELD[key] = (n, fd)
            if n > 1:
                log.warning("another New England is using %s; this one is instance %d", folder, n)
            return n
    log.warning("%d instances already use %s; sharing the last one's autosave", MAX_INSTANCES, folder)
    _HELD[key] = (MAX_INSTANCES, -2)
    return MAX_INSTANCES


def instance_number(folder: Path | None = None) -> int:
    """This process's instance number on the folder (1 when it never claimed one)."""
    folder = Path(folder) if folder is not None else user_data_dir()
    held = _HELD.get(str(folder))
    return held[0] if held else 1


def holds_primary(folder: Path | None = None) -> bool:
    """True when this process owns the folder's shared files (autosave.json, orphan clean-up)."""
    folder = Path(folder) if folder is not None else user_data_dir()
    held = _HELD.get(str(folder))
    return held is not None and held[0] == 1


def message(folder: Path | None = None) -> str | None:
    """The sentence to show at start when another window already uses the folder, else None."""
    n = instance_number(folder)
    if n == 1:
        return None
    return f"New England is already open: this window autosaves to {autosave_name(n)} instead."


def release(folder: Path | None = None) -> None:
    """Give the lock back (the OS does it anyway when the process ends)."""
    folder = Path(folder) if folder is not None else user_data_dir()
    held = _HELD.pop(str(folder), None)
    if held is None:
        return
    n, fd = held
    if fd >= 0:
        try:
            os.close(fd)
        except OSError as exc:
            log.debug("closing the lock of %s: %s", folder, exc)
    elif fd == -1:
        try:
            (folder / lock_name(n)).unlink()
        except OSError as exc:
            log.debug("removing the lock of %s: %s", folder, exc)
