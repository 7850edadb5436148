"""Game data the table needs for words and pictures (card patterns, family names).

The same validated files the rules engine plays by, read once by ne_game.gamedata.
"""
from __future__ import annotations

from ne_game import gamedata


def game_data() -> dict:
    return gamedata.game_file()


def level(name: str = "classic") -> dict:
    return gamedata.level_file(name)


def cards() -> dict[str, dict]:
    return {c["id"]: c for c in game_data().get("cards", [])}


def family_names() -> dict[str, str]:
    return {f["id"]: f["name"] for f in game_data().get("families", [])}


def family_initials() -> dict[str, str]:
    return {f["id"]: f["initial"] for f in game_data().get("families", [])}


def board_shape(name: str = "classic") -> tuple[int, int, set[tuple[int, int]]]:
    b = level(name)["board"]
    return int(b["width"]), int(b["height"]), {tuple(c) for c in b.get("missing", [])}
