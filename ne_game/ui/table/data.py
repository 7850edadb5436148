"""Game data the table needs for words and pictures (card patterns, family names).

Read from the bundled data files; the rules engine reads the same files for rules.
"""
from __future__ import annotations

from functools import lru_cache

try:
    import tomllib
except ModuleNotFoundError:  # Python 3.10
    import tomli as tomllib  # type: ignore

from ne_game.paths import resource_path


@lru_cache(maxsize=1)
def game_data() -> dict:
    with open(resource_path("assets", "data", "game.toml"), "rb") as f:
        return tomllib.load(f)


@lru_cache(maxsize=4)
def level(name: str = "classic") -> dict:
    with open(resource_path("levels", f"{name}.toml"), "rb") as f:
        return tomllib.load(f)


def cards() -> dict[str, dict]:
    return {c["id"]: c for c in game_data().get("cards", [])}


def family_names() -> dict[str, str]:
    return {f["id"]: f["name"] for f in game_data().get("families", [])}


def family_initials() -> dict[str, str]:
    return {f["id"]: f["initial"] for f in game_data().get("families", [])}


def board_shape(name: str = "classic") -> tuple[int, int, set[tuple[int, int]]]:
    b = level(name)["board"]
    return int(b["width"]), int(b["height"]), {tuple(c) for c in b.get("missing", [])}


def coastal_edges(name: str = "classic") -> list[str]:
    return list(level(name)["board"].get("sea_edges", ["north", "east"]))
