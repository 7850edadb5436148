"""Where the game's files are: bundled data (read-only) and the user's own data.

One helper for source and frozen (PyInstaller) form, so no other module guesses paths.
"""
from __future__ import annotations

import os
import sys
from pathlib import Path

APP_NAME = "NewEngland"


def data_root() -> Path:
    """The folder holding `assets/` and `levels/`: the source tree, or the frozen bundle."""
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle:
        return Path(bundle)
    return Path(__file__).resolve().parent.parent


def resource_path(*parts: str) -> Path:
    """A bundled file, e.g. resource_path("levels", "classic.toml")."""
    return data_root().joinpath(*parts)


def user_data_dir() -> Path:
    """The per-user folder for saves, settings and logs (created on demand).

    NE_GAME_HOME overrides it, so tests and portable installs never touch the real one.
    """
    override = os.environ.get("NE_GAME_HOME")
    if override:
        path = Path(override)
    else:
        from platformdirs import user_data_dir as _platform_dir

        path = Path(_platform_dir(APP_NAME, appauthor=False))
    path.mkdir(parents=True, exist_ok=True)
    return path
