"""How the shell moves between title, setup and the table: starting, continuing, saving.

Every session shown at the table autosaves after each action: the autosave is a
session listener (`GameSession.add_listener`), so quitting, a crash or a power cut
never loses more than the action being made.

Nothing the player made is replaced without asking: before a new or loaded game takes
the autosave's place, the title asks (`confirm_replacing_game`), and the unfinished game
it replaces is kept as a numbered save that Load game lists (`keep_unfinished_autosave`).
"""
from __future__ import annotations

import logging
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from ne_game import i18n, rules
from ne_game.game.session import GameSession, SessionEvent
from ne_game.i18n import _, fmt
from ne_game.storage import safe_io, saves
from ne_game.storage.saves import SaveData, SaveError

if TYPE_CHECKING:  # pragma: no cover
    from ne_game.ui.shell.app import App
    from ne_game.ui.shell.background import Job

log = logging.getLogger(__name__)


class Autosave:
    """A session listener that writes the autosave after every applied or undone action."""

    def __init__(self, app: App, session: GameSession) -> None:
        self.app = app
        self.session = session

    def __call__(self, event: SessionEvent | None = None) -> None:
        try:
            saves.write_autosave(self.session.to_save())
        except OSError as err:
            # Never crash over a save; tell the players so they can save elsewhere.
            log.warning("autosave failed: %s", err)
            self.app.toast(_("Autosave failed: the game goes on, but use Save game from the pause menu."),
                           seconds=5)


def attach_autosave(app: App, session: GameSession) -> Autosave:
    autosave = Autosave(app, session)
    session.add_listener(autosave)
    return autosave


# ---------------------------------------------------------------- what the autosave holds
@dataclass(frozen=True)
class SavedGame:
    """The autosave as the title shows it."""

    summary: str
    finished: bool
    result: str          # for a finished game: who won, with how many VP ("" otherwise)
    damaged: bool = False


def _result_line(session: GameSession) -> str:
    """Who won the finished game, short enough for one line under a title-screen button."""
    scores = rules.final_scores(session.state)
    best = [r for r in scores if r["rank"] == 1]
    names = [session.seats[r["seat"]].name for r in best]
    if len(names) == 1:
        return fmt("Last game: {name} won with {vp} VP", name=names[0], vp=best[0]['total'])
    return fmt("Last game: {names} and {last} tied with {vp} VP", names=", ".join(names[:-1]),
               last=names[-1], vp=best[0]['total'])


_status_cache: dict[tuple[str, int, int, str], SavedGame] = {}


def autosave_status() -> SavedGame | None:
    """What the autosave holds, or None when there is none. Never raises.

    Reading means replaying the game, so the answer is kept per file version and language
    (its words are said in the language of the moment: playtest 7a saw "Last game: ..." in
    English on a Dutch title after the switch)."""
    path = saves.autosave_path()
    try:
        st = path.stat()
    except OSError:
        return None
    if not path.is_file():
        return None
    key = (str(path), st.st_mtime_ns, st.st_size, i18n.current_language())
    if key not in _status_cache:
        _status_cache.clear()
        _status_cache[key] = _read_status(path)
    return _status_cache[key]


def _read_status(path: Path) -> SavedGame:
    try:
        session = _read_session(path)
    except SaveError as err:
        log.warning("the autosave cannot be read: %s", err)
        return SavedGame(_("(the save looks damaged)"), finished=False, result="", damaged=True)
    if session.is_over():
        return SavedGame(session.summary(), finished=True, result=_result_line(session))
    return SavedGame(session.summary(), finished=False, result="")


def has_unfinished_game() -> bool:
    status = autosave_status()
    return status is not None and not status.finished and not status.damaged


def keep_unfinished_autosave() -> Path | None:
    """Keep what the autosave holds before something replaces it. The kept path, or None
    when there is nothing to keep (no autosave, or a finished game).

    An unfinished game is copied to a numbered save that Load game lists; an autosave that
    cannot be read is set aside unchanged as `.damaged`. OSError when the copy cannot be
    written: the caller must then not replace the autosave."""
    status = autosave_status()
    if status is None or status.finished:
        return None
    path = saves.autosave_path()
    if not status.damaged:
        try:
            return saves.write_slot(saves.read_save_file(path))
        except SaveError as err:       # it changed since it was read: keep it as it is
            log.warning("the autosave became unreadable: %s", err)
    return saves.quarantine(path)


def _kept_message(kept: Path) -> str:
    if kept.parent == saves.autosave_path().parent:        # set aside, not copied to saves/
        return fmt("The old autosave could not be read; it was kept as {file}", file=safe_io.path_text(kept.name))
    return _("Your unfinished game was kept: Load game lists it")


def _keep_or_explain(app: App) -> bool:
    """Keep the autosave's game (with a toast); False, with a dialog, when it cannot be kept."""
    try:
        kept = keep_unfinished_autosave()
    except OSError as err:
        log.warning("the unfinished game could not be kept: %s", err)
        app.show_error(_("Your game could not be kept"),
                       # the system's own words for the cause (they come in the system's language)
                       fmt("The unfinished game could not be copied to the saved games ({reason}).\n\n"
                           "Nothing was changed: it is still there to continue.", reason=err.strerror or err))
        return False
    if kept is not None:
        if saves.autosave_path().exists():
            saves.clear_autosave()       # the game lives on in saves/: in one place only
        app.toast(_kept_message(kept))
    return True


def record_game(session: GameSession) -> int | None:
    """Put a game into the records (ne_game.history: the Records screen, the replay): a finished
    one at its final scoring, an unfinished one when it is replaced. The same game again (a
    continued finished game) updates its record. Never raises: the records are a keepsake, the
    game goes on without them (a game that cannot be written now waits in history-pending/).
    On the UI thread, use `record_game_later`."""
    from ne_game import i18n

    return _record_save(session.to_save(), session.is_over(), i18n.current_language())


def record_game_later(app: App, session: GameSession) -> Job[int | None]:
    """`record_game` on the app's records worker (ne_game/ui/shell/background.py): the save is taken
    now, the replay, the story and the transaction (and any games waiting in history-pending/)
    happen off the UI thread, so the frame that ends a game never waits for the disk. The job's
    `result` is the game's id once done (None if it could not go in)."""
    from ne_game import i18n

    save = session.to_save()
    finished = session.is_over()
    language = i18n.current_language()
    return app.records_worker.submit(lambda: _record_save(save, finished, language), "record a game")


def _record_save(save: SaveData, finished: bool, language: str) -> int | None:
    from ne_game.history import HistoryStore

    try:
        with HistoryStore() as store:
            return store.record(save, finished=finished, language=language)
    except Exception as err:      # the records must never cost a game: say it in the log
        log.warning("the game could not be put into the records: %s", err, exc_info=True)
        return None


def record_finished_autosave(app: App) -> Job[int | None] | None:
    """Put the autosave's game into the records when it is finished: its final scoring may
    never have come (the window closed, the power failed, the process died after the last
    action's autosave), and nothing else would ever record it. Called at start-up and before
    another game replaces the autosave (`start_session`); the records know a game by its key
    and actions, so a game recorded already is recorded once all the same.

    Only the file is read here (the autosave may be replaced right after); replaying it and
    writing the record happen on the app's records worker, so no frame waits for them. The
    job's result is the record's id (None: not a finished game, or the records cannot take it
    now). Never raises."""
    from ne_game import i18n

    path = saves.autosave_path()
    try:
        if not path.is_file():
            return None
        ended = path.stat().st_mtime        # the last action's autosave: when the game ended
        save = saves.read_save_file(path)
    except (OSError, SaveError) as err:
        log.info("the autosave is not looked at for the records: %s", err)
        return None
    language = i18n.current_language()
    return app.records_worker.submit(lambda: _record_if_finished(save, path.name, ended, language),
                                     "record a finished autosave")


def _record_if_finished(save: SaveData, name: str, ended: float, language: str) -> int | None:
    from ne_game.history import HistoryStore

    try:
        session = GameSession.from_save(save, source=name)
    except SaveError as err:
        log.info("the autosave is not looked at for the records: %s", err)
        return None
    except _DAMAGED_SAVE_ERRORS as err:
        log.info("the autosave cannot be replayed for the records: %r", err)
        return None
    if not session.is_over():
        return None
    try:
        with HistoryStore() as store:
            return store.record(session.to_save(), finished=True, language=language, played_at=ended)
    except Exception as err:      # the records must never cost a game: say it in the log
        log.warning("the finished autosave could not be put into the records: %s", err, exc_info=True)
        return None


def confirm_replacing_game(app: App, proceed: Callable[[], object], what: str) -> None:
    """Run `proceed` now when no unfinished game would be replaced; else ask first.

    The unfinished game is kept as a numbered save (and the dialog says so) unless the
    player chooses to discard it; Cancel changes nothing."""
    status = autosave_status()
    if status is None or status.finished or status.damaged:
        proceed()
        return

    def keep() -> None:
        if _keep_or_explain(app):
            proceed()

    def discard() -> None:
        try:
            record_game_later(app, _read_session(saves.autosave_path()))   # remembered in the records
        except SaveError as err:
            log.info("the discarded game is not recorded: %s", err)
        saves.clear_autosave()
        proceed()

    app.push("dialog", title=fmt("{action}?", action=what),
             text=fmt("You have an unfinished game: {summary}.\n\n"
                      "It will be kept as a saved game: open it later with Load game.",
                      summary=status.summary),
             buttons=[(_("Keep it"), keep), (_("Discard it"), discard), (_("Cancel"), None)])


def adopt_orphans(app: App) -> None:
    """The games of windows closed since this one started become saves Load game lists
    (each said once in a toast); at start-up `saves.start_up` does the same."""
    try:
        notes = saves.adopt_orphan_autosaves()
    except OSError as err:
        log.warning("the games of closed windows could not be looked for: %s", err)
        return
    for note in notes:
        app.toast(note, seconds=8)


# ---------------------------------------------------------------- starting and saving
def start_session(app: App, session: GameSession, *, resumed: bool = False) -> None:
    """Show `session` at the table, with autosave on (the first save happens now).

    Unless the session was `resumed` from the autosave itself, what the autosave holds is
    kept first (`keep_unfinished_autosave`): no path replaces an unfinished game unseen,
    and when it cannot be kept the new game does not start."""
    if not resumed:
        record_finished_autosave(app)    # a finished game about to be replaced is in the records first
        if not _keep_or_explain(app):
            return
    autosave = attach_autosave(app, session)
    autosave()
    app.go("table", session=session)


# What a hostile or damaged save may raise while it is read and replayed: reported as damaged.
_DAMAGED_SAVE_ERRORS = (RecursionError, OverflowError, ValueError, TypeError, KeyError, IndexError,
                        AttributeError)


def _read_session(path: Path) -> GameSession:
    try:
        return GameSession.from_save(saves.read_save_file(path), source=Path(path).name)
    except SaveError:
        raise
    except _DAMAGED_SAVE_ERRORS as err:
        log.warning("%s cannot be replayed: %r", Path(path).name, err)
        raise SaveError(f"{Path(path).name}: damaged ({type(err).__name__})", Path(path)) from None


def load_session(path: Path) -> GameSession:
    """A session from a save file. On failure the file is renamed `.damaged` and SaveError says why."""
    try:
        return _read_session(path)
    except SaveError as err:
        if Path(path).exists():
            kept = saves.quarantine(Path(path))
            raise SaveError(f"{err}\n\nThe file was kept as {kept.name}.", kept, kind=err.kind) from None
        raise


def continue_last(app: App) -> bool:
    """Resume the autosave; on a bad file show a dialog naming it. True when the game resumed."""
    return open_save(app, saves.autosave_path())


def open_save(app: App, path: Path) -> bool:
    """Open a saved game at the table; a damaged file gets a dialog naming it, never a crash loop.

    Should anything else go wrong while the save is opened and its table built, the file
    is set aside as `.damaged` before the error goes on to the crash handler, which then
    says so (`crash.run_safely` reads `exc.quarantined_save`) instead of "choose Continue"."""
    try:
        session = load_session(path)
    except SaveError as err:
        app.show_error(_("This game cannot be continued"), save_problem(err, Path(path)))
        return False
    try:
        start_session(app, session, resumed=Path(path) == saves.autosave_path())
    except Exception as exc:  # noqa: BLE001 - re-raised: only marks the save that caused it
        if Path(path).exists():
            exc.quarantined_save = saves.quarantine(Path(path))  # type: ignore[attr-defined]
            log.error("opening %s failed; it was set aside as %s", path, exc.quarantined_save)  # type: ignore[attr-defined]
        raise
    return True


def save_problem(err: SaveError, path: Path) -> str:
    """Why a save cannot be opened, in the player's language (from the error's kind)."""
    kept = safe_io.path_text(err.path.name) if err.path is not None and err.path != path else ""
    path = Path(safe_io.path_text(path))
    kind = getattr(err, "kind", "damaged")
    if kind == "newer":
        text = fmt("{file} was saved by a newer version of the game.", file=path.name)
    elif kind == "missing":
        text = fmt("{file} is no longer there.", file=path.name)
    elif kind == "not_a_save":
        text = fmt("{file} is not a New England save file.", file=path.name)
    else:
        text = fmt("{file} is damaged.", file=path.name)
    if kept:
        text += "\n\n" + fmt("The file was kept as {file}; your other games are untouched.", file=kept)
    return text


def save_to_slot(app: App, session: GameSession) -> Path | None:
    try:
        path = saves.write_slot(session.to_save())
    except OSError as err:
        log.warning("save failed: %s", err)
        app.show_error(_("Could not save"), _("The game could not be saved: the disk may be full or "
                                              "write-protected. Your game goes on."))
        return None
    # where to find it again, in the game's words, not a file name (playtest 10c)
    app.toast(_("Game saved: Load game on the title screen lists it."))
    log.info("saved as %s", path)
    return path
