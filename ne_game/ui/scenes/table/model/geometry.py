"""Cells and pattern geometry for people and the table: cell names (D4), cells as tuples,
an action's canonical key, and a pattern's orientations and placements on the grid.

Nothing here decides what is legal: that is `rules.legal_actions`.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping
from functools import lru_cache
from typing import Any

from ne_game.rules import action_key
from ne_game.rules.ruleset import pattern_shapes

Cell = tuple[int, int]
COLS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def cell_name(c: Iterable[int]) -> str:
    """People see columns as letters and rows from 1: (3, 3) -> "D4"."""
    x, y = list(c)[:2]
    return f"{COLS[x]}{y + 1}"


def cells_name(cells: Iterable[Iterable[int]]) -> str:
    return ", ".join(cell_name(c) for c in sorted(tuple(c) for c in cells))


def as_cell(c: Iterable[int]) -> Cell:
    x, y = list(c)[:2]
    return int(x), int(y)


def canon(action: Mapping[str, Any]) -> tuple[object, ...]:
    """A key under which equal actions compare equal (the engine's own: cell lists sorted)."""
    return action_key(action)


# ---- land-use patterns (geometry only) ------------------------------------------

def parse_pattern(pattern: str) -> list[Cell]:
    cells = []
    for y, row in enumerate(pattern.split("/")):
        for x, ch in enumerate(row):
            if ch.upper() == "X":
                cells.append((x, y))
    return cells


def _normalize(cells: Iterable[Cell]) -> tuple[Cell, ...]:
    cells = list(cells)
    mx = min(c[0] for c in cells)
    my = min(c[1] for c in cells)
    return tuple(sorted((x - mx, y - my) for x, y in cells))


@lru_cache(maxsize=64)
def orientations(pattern: str) -> tuple[tuple[Cell, ...], ...]:
    """The distinct turned (and mirrored) versions of a pattern, the printed one first —
    the engine's own list, used here only to show the card's shape under the pointer;
    whether a placement is allowed is always asked of the engine."""
    return pattern_shapes(pattern)


def pivot(shape: tuple[Cell, ...]) -> Cell:
    """The shape's cell nearest its centre: that cell sits under the pointer."""
    cx = sum(c[0] for c in shape) / len(shape)
    cy = sum(c[1] for c in shape) / len(shape)
    return min(shape, key=lambda c: ((c[0] - cx) ** 2 + (c[1] - cy) ** 2, c[1], c[0]))


def place_shape(shape: tuple[Cell, ...], at: Cell) -> list[Cell]:
    px, py = pivot(shape)
    return sorted((at[0] + x - px, at[1] + y - py) for x, y in shape)


def find_placement(pattern: str, cells: Iterable[Iterable[int]]) -> tuple[int, Cell] | None:
    """(orientation index, pointer cell) that shows exactly these cells, if any."""
    target = sorted(as_cell(c) for c in cells)
    for i, shape in enumerate(orientations(pattern)):
        if len(shape) != len(target):
            continue
        for c in target:
            if place_shape(shape, c) == target:
                return i, c
    return None


# ---- words -----------------------------------------------------------------------
