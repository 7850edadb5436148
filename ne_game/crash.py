"""The last line of defence: an unexpected error is written to a log in the user data folder
and shown to the player with the log's path, instead of the window vanishing.

The game in progress is safe already: it is autosaved (atomically) after every action, so
"Continue" on the next start resumes it. The dialog says so only when it is true: when the
crash came from opening a save, that save was set aside as `.damaged` (ne_game/ui/shell/flow.py
marks the exception with `quarantined_save`) and the dialog says that instead.
"""
from __future__ import annotations

import datetime
import logging
import os
import platform
import sys
import tempfile
import traceback
from collections.abc import Callable
from pathlib import Path

from ne_game import __version__
from ne_game.i18n import _, fmt
from ne_game.storage.paths import user_data_dir
from ne_game.storage.safe_io import displayable, path_text

log = logging.getLogger(__name__)

KEEP_LOGS = 20          # crash logs kept in the folder: the newest ones


def _log_folders() -> list[Path]:
    """Where a crash log may go: the user folder's logs/, else the system's temporary folder."""
    folders = []
    try:
        folders.append(user_data_dir() / "logs")
    except Exception as exc:  # noqa: BLE001 - the crash path must not fail over its own folder
        log.warning("no user data folder for the crash log: %s", exc)
    folders.append(Path(tempfile.gettempdir()))
    return folders


def prune_logs(folder: Path, keep: int = KEEP_LOGS) -> int:
    """Remove all but the newest `keep` crash logs of `folder`; returns how many went."""
    try:
        logs = sorted((p for p in folder.glob("crash-*.log") if p.is_file() and not p.is_symlink()),
                      key=lambda p: (p.stat().st_mtime, p.name), reverse=True)
    except OSError as exc:
        log.warning("cannot list the crash logs in %s: %s", path_text(folder), exc)
        return 0
    removed = 0
    for old in logs[keep:]:
        try:
            old.unlink()
            removed += 1
        except OSError as exc:
            log.warning("cannot remove the old crash log %s: %s", path_text(old), exc)
    return removed


def _create_new(folder: Path, stamp: str) -> tuple[Path, int]:
    """A new, uniquely named log file (O_EXCL: two crashes in one second never share one)."""
    folder.mkdir(parents=True, exist_ok=True)
    for n in range(1, 1000):
        path = folder / (f"crash-{stamp}.log" if n == 1 else f"crash-{stamp}-{n}.log")
        try:
            return path, os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o644)
        except FileExistsError:
            continue
    raise OSError(f"no free crash log name in {folder}")


def write_crash_log(exc: BaseException) -> Path:
    """Write the exception with version and platform details; returns the log's path.

    The log goes to `<user data>/logs`; if that cannot be written, to the temporary folder.
    """
    stamp = datetime.datetime.now().strftime("%Y%m%d-%H%M%S")
    frozen = "frozen" if getattr(sys, "frozen", False) else "source"
    text = (f"New England {__version__} ({frozen}), Python {platform.python_version()}, {platform.platform()}\n"
            f"{datetime.datetime.now().isoformat()}\n\n"
            + "".join(traceback.format_exception(type(exc), exc, exc.__traceback__)))
    last_error: OSError | None = None
    for folder in _log_folders():
        try:
            path, fd = _create_new(folder, stamp)
            with os.fdopen(fd, "w", encoding="utf-8", errors="backslashreplace") as fh:
                fh.write(text)
            prune_logs(folder)
            return path
        except OSError as err:
            log.warning("cannot write a crash log in %s: %s", folder, err)
            last_error = err
    raise last_error or OSError("no folder for the crash log")


def show_crash_dialog(message: str) -> None:
    """A native message box where a display exists; never raises."""
    try:
        import pygame

        if not pygame.display.get_init():
            pygame.display.init()
        pygame.display.message_box(displayable(_("New England stopped")), displayable(message, multiline=True),
                                   message_type="error")
    except (ImportError, RuntimeError, OSError, ValueError) as err:  # pygame.error is a RuntimeError; stderr has the text
        log.info("no crash dialog could be shown: %s", err)


def _about_the_game(exc: BaseException) -> str:
    """What became of the player's game: only what is true."""
    damaged = getattr(exc, "quarantined_save", None)
    if damaged is not None:
        return fmt("The saved game being opened could not be played, so it was set aside as {file} (kept "
                   "unchanged in {folder}). Your other saved games are untouched.",
                   file=path_text(Path(damaged).name), folder=path_text(Path(damaged).parent))
    from ne_game.storage.saves import has_autosave

    try:
        saved = has_autosave()
    except OSError:
        saved = False
    if saved:
        return _("Your game was saved after your last action: choose Continue on the title screen.")
    return _("No game was in progress, so nothing was lost.")


def run_safely(fn: Callable[[], int]) -> int:
    """Run the game; on an unexpected error log it, tell the player where, and exit 1."""
    try:
        return fn()
    except KeyboardInterrupt:
        return 130
    except Exception as exc:  # noqa: BLE001 - this is the top of the program
        try:
            path = write_crash_log(exc)
            where = fmt("The details are in {file}", file=path_text(path))
        except OSError as log_err:
            where = fmt("(the crash log could not be written: {reason})", reason=log_err.strerror or str(log_err))
        try:
            about = _about_the_game(exc)
        except Exception as about_err:  # noqa: BLE001 - the crash path must not fail over its own words
            log.warning("cannot tell what became of the game: %s", about_err)
            about = ""
        error = displayable(f"{type(exc).__name__}: {exc}")
        message = fmt("Something went wrong: {error}\n\n{where}\n\n{about}", error=error, where=where,
                      about=about).strip()
        print(displayable(message, multiline=True), file=sys.stderr)
        show_crash_dialog(message)
        return 1
