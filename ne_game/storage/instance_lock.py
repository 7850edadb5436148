"""One game window per user folder owns the shared autosave; a second one gets its own.

The first instance takes `<user data>/.lock` (an OS lock held while the process lives, so a
crash or a kill frees it; the file holds the pid for people). A second instance finds it
taken, takes `.lock-2` instead and autosaves to `autosave-2.json`, so two windows never
overwrite each other's game. `message()` is the sentence the UI shows at start.

The lock fails closed: a window that cannot prove it holds a lock (the lock file is a folder
or a link that cannot be set aside, the file system has no locks, nine windows are open)
never writes a numbered autosave another window may own. It is "unlocked" (instance 0) and
autosaves to a file of its own, named by its process id, and says so. `orphans()` lists the
autosaves of windows that are gone, so the next start can offer their games (saves.py).

Where neither fcntl nor msvcrt exists, the lock is an O_EXCL file holding the pid, and the
lock of a pid that is no longer running is taken over.
"""
from __future__ import annotations

import contextlib
import errno
import logging
import os
import re
import stat
from collections.abc import Iterator
from pathlib import Path

from ne_game.storage import safe_io
from ne_game.storage.paths import user_data_dir

log = logging.getLogger(__name__)

MAX_INSTANCES = 9
UNLOCKED = 0          # the instance number of a window that holds no lock
# errno values that mean "another process holds the lock", not "this cannot be locked"
_TAKEN = {errno.EAGAIN, errno.EWOULDBLOCK, errno.EACCES}
_UNLOCKED_AUTOSAVE = re.compile(r"autosave-pid(\d{1,10})\.json")
_NUMBERED_AUTOSAVE = re.compile(r"autosave-([2-9])\.json")

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


def autosave_name(n: int, pid: int | None = None) -> str:
    """The autosave of the n-th window: the first one's is the shared `autosave.json`; an
    unlocked window's (n = 0) carries its process id."""
    if n == UNLOCKED:
        return f"autosave-pid{os.getpid() if pid is None else pid}.json"
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
    """An fd holding an OS lock on `path`, or None when another process holds it.

    OSError when the file cannot be locked at all (not a regular file, no locks on this file
    system, no permission): the caller must then not act as the lock's owner."""
    # O_NOFOLLOW: a planted link must not make us truncate some other file
    fd = os.open(path, os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_NONBLOCK", 0), 0o644)
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):    # a FIFO opens; it is no lock
            raise OSError(errno.EINVAL, "not a regular file")
        if fcntl is not None:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        else:  # pragma: no cover - Windows
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
    except OSError as exc:
        os.close(fd)
        if exc.errno in _TAKEN:
            log.debug("%s is locked by another process (%s)", path, exc)
            return None
        raise
    os.ftruncate(fd, 0)
    os.write(fd, f"{os.getpid()}\n".encode())
    return fd


def _lock(path: Path) -> int | None:
    return _os_lock(path) if (fcntl is not None or msvcrt is not None) else _pid_file_lock(path)


def _lock_or_repair(path: Path) -> int | None:
    """`_lock`, once more after an odd lock file (a folder, a link, a FIFO) was set aside."""
    try:
        return _lock(path)
    except OSError:
        if not _set_aside_odd_lock(path):
            raise
    return _lock(path)


def _set_aside_odd_lock(path: Path) -> bool:
    """A lock path that is no regular file (a folder, a link, a FIFO) is renamed `.damaged`, so
    a fresh lock can be made; True when that was done."""
    try:
        st = os.lstat(path)
    except OSError:
        return False
    if stat.S_ISREG(st.st_mode):
        return False
    kept = safe_io.quarantine(path)
    if kept == path:
        return False
    log.warning("the lock %s was not a file; kept as %s", safe_io.path_text(path), safe_io.path_text(kept.name))
    return True


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
    """Take the first free instance lock on the user folder; returns its number (1 = primary,
    UNLOCKED = 0 when no lock could be proved: that window autosaves to a file of its own).

    Calling it again in the same process returns the same number."""
    folder = Path(folder) if folder is not None else user_data_dir()
    key = str(folder)
    if key in _HELD:
        return _HELD[key][0]
    for other in list(_HELD):   # one user folder per process: moving to another frees the old one
        release(Path(other))
    failures = 0
    for n in range(1, MAX_INSTANCES + 1):
        path = folder / lock_name(n)
        try:
            fd = _lock_or_repair(path)
        except OSError as exc:
            failures += 1
            log.warning("cannot lock %s: %s", safe_io.path_text(path), exc)
            if failures >= 2:       # two lock files fail alike: this folder has no locks
                break
            continue
        if fd is not None:
            _HELD[key] = (n, fd)
            if n > 1:
                log.warning("another New England is using %s; this one is instance %d",
                            safe_io.path_text(folder), n)
            return n
    log.warning("no instance lock on %s; this window autosaves to %s", safe_io.path_text(folder),
                autosave_name(UNLOCKED))
    _HELD[key] = (UNLOCKED, -2)
    return UNLOCKED


@contextlib.contextmanager
def borrowed(n: int, folder: Path | None = None) -> Iterator[bool]:
    """Hold instance lock `n` of a window that is gone, for a moment (to take its autosave):
    yields True when it was free and is held now, False when a live window holds it or it
    cannot be told."""
    folder = Path(folder) if folder is not None else user_data_dir()
    held = _HELD.get(str(folder))
    path = folder / lock_name(n)
    fd: int | None = None
    if held is None or held[0] != n:
        try:
            fd = _lock(path)
        except OSError as exc:
            log.debug("cannot tell whether %s is held: %s", path, exc)
    try:
        yield fd is not None
    finally:
        if fd is not None and fd >= 0:
            os.close(fd)
        elif fd == -1:
            try:
                path.unlink()
            except OSError as exc:
                log.debug("removing the borrowed lock %s: %s", path, exc)


@contextlib.contextmanager
def orphan(path: Path) -> Iterator[bool]:
    """For an autosave of another window: yields True (with that window's lock held, when it
    has one) when the window is gone and its game may be taken, else False."""
    numbered, unlocked = _NUMBERED_AUTOSAVE.fullmatch(path.name), _UNLOCKED_AUTOSAVE.fullmatch(path.name)
    if numbered:
        with borrowed(int(numbered.group(1)), path.parent) as free:
            yield free
    elif unlocked:
        pid = int(unlocked.group(1))
        yield pid != os.getpid() and not _pid_alive(pid)
    else:
        yield False


def other_autosaves(folder: Path | None = None) -> list[Path]:
    """The autosaves of other windows (`autosave-N.json`, an unlocked window's
    `autosave-pid<P>.json`), gone or not: `orphan()` tells."""
    folder = Path(folder) if folder is not None else user_data_dir()
    mine = autosave_name(instance_number(folder))
    try:
        names = sorted(os.listdir(folder))
    except OSError as exc:
        log.warning("cannot list %s: %s", safe_io.path_text(folder), exc)
        return []
    return [folder / name for name in names if name != mine
            and (_NUMBERED_AUTOSAVE.fullmatch(name) or _UNLOCKED_AUTOSAVE.fullmatch(name))]


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


def message(folder: Path | None = None) -> safe_io.Notice | None:
    """The sentence to show at start when another window already uses the folder, or when no
    lock could be had, else None."""
    n = instance_number(folder)
    if n == 1:
        return None
    if n == UNLOCKED:
        return safe_io.Notice("This window cannot lock its data folder, so it keeps its game apart: it "
                              "autosaves to {file}. Your other games are untouched.", file=autosave_name(n))
    return safe_io.Notice("New England is already open: this window autosaves to {file} instead.",
                          file=autosave_name(n))


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
