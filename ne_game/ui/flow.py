"""How the shell moves between title, setup and the table: starting, continuing, saving.

Every session shown at the table autosaves after each action (saves.write_autosave),
so quitting, a crash or a power cut never loses more than the action being made.
"""
from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from ne_game import saves
from ne_game.saves import SaveError
from ne_game.session import GameSession

if TYPE_CHECKING:  # pragma: no cover
    from ne_game.ui.app import App


def attach_autosave(app: "App", session: GameSession) -> None:
    def autosave(s: GameSession) -> None:
        try:
            saves.write_autosave(s.to_save())
        except OSError as err:
            # Never crash over a save; tell the players so they can save elsewhere.
            app.toast(f"Autosave failed: {err}", seconds=5)

    session.on_change = autosave


def start_session(app: "App", session: GameSession) -> None:
    """Show `session` at the table, with autosave on (the first save happens now)."""
    attach_autosave(app, session)
    session.on_change(session)
    app.go("table", session=session)


def load_session(path: Path) -> GameSession:
    """A session from a save file. On failure the file is renamed `.damaged` and SaveError says why."""
    try:
        data = saves.read_save_file(path)
        return GameSession.from_save(data, source=Path(path).name)
    except SaveError as err:
        if Path(path).exists():
            kept = saves.quarantine(Path(path))
            raise SaveError(f"{err}\n\nThe file was kept as {kept.name}.", kept) from None
        raise


def continue_last(app: "App") -> bool:
    """Resume the autosave; on a bad file show a dialog naming it. True when the game resumed."""
    return open_save(app, saves.autosave_path())


def open_save(app: "App", path: Path) -> bool:
    try:
        session = load_session(path)
    except SaveError as err:
        app.show_error("This game cannot be continued", str(err))
        return False
    start_session(app, session)
    return True


def save_to_slot(app: "App", session: GameSession) -> Path | None:
    try:
        path = saves.write_slot(session.to_save())
    except OSError as err:
        app.show_error("Could not save", f"The game could not be saved: {err}")
        return None
    app.toast(f"Saved as {path.name}")
    return path
