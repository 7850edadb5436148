"""Read-only helpers over an engine snapshot (`rules.to_json(state)`) and action dicts.

Nothing here decides what is legal: that is `rules.legal_actions`. These only
name things for people (D4, "pasture tile") and compare actions.
"""
from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from ne_game.rules import action_key
from ne_game.rules.ruleset import pattern_shapes

Cell = tuple[int, int]
COLS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"


def cell_name(c: Iterable[int]) -> str:
    """People see columns as letters and rows from 1: (3, 3) -> "D4"."""
    x, y = list(c)[:2]
    return f"{COLS[x]}{y + 1}"


def cells_name(cells: Iterable) -> str:
    return ", ".join(cell_name(c) for c in sorted(tuple(c) for c in cells))


def as_cell(c: Iterable[int]) -> Cell:
    x, y = list(c)[:2]
    return int(x), int(y)


def canon(action: dict) -> str:
    """A key under which equal actions compare equal (the engine's own: cell lists sorted)."""
    return action_key(action)


class TileIndex:
    """Cell -> tile look-ups over a snapshot's `tiles` list."""

    def __init__(self, snap: dict) -> None:
        self.tiles: list[dict] = snap.get("tiles", [])
        self.by_cell: dict[Cell, int] = {}
        for i, t in enumerate(self.tiles):
            for c in t["cells"]:
                self.by_cell[as_cell(c)] = i

    def tile_at(self, cell: Cell | None) -> dict | None:
        if cell is None:
            return None
        i = self.by_cell.get(as_cell(cell))
        return None if i is None else self.tiles[i]

    def index_at(self, cell: Cell | None) -> int | None:
        return None if cell is None else self.by_cell.get(as_cell(cell))

    def tile_cells(self, cell: Cell) -> list[Cell]:
        t = self.tile_at(cell)
        return [as_cell(c) for c in t["cells"]] if t else [as_cell(cell)]


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


def find_placement(pattern: str, cells: Iterable) -> tuple[int, Cell] | None:
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

def item_words(item: dict, cards: dict[str, dict] | None = None) -> str:
    if item.get("kind") == "land":
        return f"{item['land']} tile"
    return card_words(item.get("card", "?"), cards)


def card_words(card: str, cards: dict[str, dict] | None = None) -> str:
    if card in ("pilgrim", "barn", "ship"):
        return f"{card} card"
    info = (cards or {}).get(card)
    if info:
        return f"{info['land']} card {card} ({info['vp']} VP)"
    return f"card {card}"


def refusal_text(err: BaseException) -> str:
    """An engine refusal in people's words: its sentence, with the cells it is about
    (`err.cells`, structured) named as people read them on the board, (3, 3) -> D4.

    Nothing here reads the English to find out what it says: the cells come from the
    error. The translation catalogue will pick the sentence by `err.code` and fill it
    from `err.params`; this is the one place where that switch happens.
    """
    text = str(err)
    for c in getattr(err, "cells", ()):
        x, y = as_cell(c)
        name = cell_name((x, y))
        for form in (f"({x}, {y})", f"[{x}, {y}]", f"({x},{y})", f"[{x},{y}]"):
            text = text.replace(form, name)
    return text
