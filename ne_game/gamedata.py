"""Reads the shipped game data files (board level, cards, families) into a rules Ruleset.

The only place that does file I/O for the rules; errors name the file, the key and, for
TOML syntax errors, the line.
"""
from __future__ import annotations

import sys
from functools import lru_cache
from pathlib import Path

from ne_game.paths import resource_path
from ne_game.rules.errors import DataError
from ne_game.rules.ruleset import Ruleset

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - exercised on Python 3.10 only
    import tomli as tomllib

GAME_FILE = ("assets", "data", "game.toml")


def read_toml(path: Path, shown: str | None = None) -> dict:
    """A TOML file as a dict; a missing or malformed file raises DataError naming it (and the line)."""
    shown = shown or str(path)
    try:
        with open(path, "rb") as f:
            return tomllib.load(f)
    except FileNotFoundError:
        raise DataError(shown, "(file)", "file not found") from None
    except tomllib.TOMLDecodeError as err:
        raise DataError(shown, "(syntax)", str(err)) from None


def level_path(level_id: str) -> Path:
    return resource_path("levels", f"{level_id}.toml")


def load_ruleset(level_id: str = "classic", game_path: Path | None = None, level_file: Path | None = None) -> Ruleset:
    game_path = game_path or resource_path(*GAME_FILE)
    level_file = level_file or level_path(level_id)
    game_name = "/".join(GAME_FILE) if game_path == resource_path(*GAME_FILE) else str(game_path)
    level_name = f"levels/{level_id}.toml" if level_file == level_path(level_id) else str(level_file)
    return Ruleset(read_toml(game_path, game_name), read_toml(level_file, level_name),
                   game_source=game_name, level_source=level_name, level_id=level_id)


@lru_cache(maxsize=None)
def default_ruleset() -> Ruleset:
    """The classic board with the shipped cards, read once per process."""
    return load_ruleset("classic")


@lru_cache(maxsize=None)
def game_file() -> dict:
    """The shipped game data as parsed TOML (names, patterns, VP) for screens that show it;
    validated first, by building the default ruleset from the same file."""
    default_ruleset()
    return read_toml(resource_path(*GAME_FILE), "/".join(GAME_FILE))


@lru_cache(maxsize=None)
def level_file(level_id: str = "classic") -> dict:
    """A board level as parsed TOML, validated by building a ruleset from it."""
    load_ruleset(level_id)
    return read_toml(level_path(level_id), f"levels/{level_id}.toml")
