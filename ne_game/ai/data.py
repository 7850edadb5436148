"""Static game data the computer players need: cards, figures, board shape.

Read from the same bundled data files the rules engine uses (assets/data/game.toml,
levels/classic.toml), so a corrected card list reaches the players too. The AI never
imports the engine's internals: it only sees observations and action dicts.
"""
from __future__ import annotations

import sys
from dataclasses import dataclass
from functools import lru_cache

from ne_game.paths import resource_path

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - Python 3.10
    import tomli as tomllib

Cell = tuple[int, int]

LANDS: tuple[str, ...] = ("settlement", "field", "pasture")
FIGURES: tuple[str, ...] = ("pilgrim", "barn", "ship")


@dataclass(frozen=True)
class CardInfo:
    id: str
    land: str | None        # None for figure cards
    figure: str | None      # None for land-use cards
    copies: int
    vp: int
    shapes: tuple[tuple[Cell, ...], ...]   # every rotation/mirror, normalised; () for figures
    size: int


@dataclass(frozen=True)
class GameData:
    cards: dict[str, CardInfo]
    land_cards: dict[str, tuple[CardInfo, ...]]   # land -> its land-use cards
    majority_vp: dict[str, int]
    figure_counts: dict[str, int]
    start_money: int
    income: int
    income_per_pilgrim: int
    max_purchases: int
    offer_slots: int
    tiles_per_land: int
    cells: frozenset[Cell]
    coastal: frozenset[Cell]
    width: int
    height: int


def orientations(pattern: str) -> tuple[tuple[Cell, ...], ...]:
    """All rotations and mirror images of a card pattern, each normalised and sorted."""
    pts = [(x, y) for y, row in enumerate(pattern.split("/")) for x, ch in enumerate(row) if ch == "X"]
    shapes: set[tuple[Cell, ...]] = set()
    for flip in (False, True):
        cur = [(-x, y) if flip else (x, y) for x, y in pts]
        for _ in range(4):
            cur = [(-y, x) for x, y in cur]
            mx, my = min(x for x, _ in cur), min(y for _, y in cur)
            shapes.add(tuple(sorted((x - mx, y - my) for x, y in cur)))
    return tuple(sorted(shapes))


@lru_cache(maxsize=1)
def game_data() -> GameData:
    with open(resource_path("assets", "data", "game.toml"), "rb") as fh:
        game = tomllib.load(fh)
    with open(resource_path("levels", "classic.toml"), "rb") as fh:
        level = tomllib.load(fh)["board"]
    cards: dict[str, CardInfo] = {}
    for c in game["cards"]:
        if "pattern" in c:
            shapes = orientations(c["pattern"])
            cards[c["id"]] = CardInfo(c["id"], c["land"], None, c["copies"], c["vp"], shapes, len(shapes[0]))
        else:
            cards[c["id"]] = CardInfo(c["id"], None, c["figure"], c["copies"], c["vp"], (), 0)
    land_cards = {
        land: tuple(sorted((ci for ci in cards.values() if ci.land == land), key=lambda ci: -ci.vp))
        for land in LANDS
    }
    w, h = level["width"], level["height"]
    missing = {tuple(c) for c in level.get("missing", [])}
    cells = frozenset((x, y) for x in range(w) for y in range(h) if (x, y) not in missing)
    edges = set(level.get("sea_edges", ["north", "east"]))
    coastal = frozenset(
        (x, y) for (x, y) in cells
        if ("north" in edges and y == 0) or ("east" in edges and x == w - 1)
        or ("south" in edges and y == h - 1) or ("west" in edges and x == 0)
    )
    rules = game["rules"]
    figs = game["figures"]
    return GameData(
        cards=cards,
        land_cards=land_cards,
        majority_vp={f: figs[f]["majority_vp"] for f in FIGURES},
        figure_counts={f: figs[f]["count"] for f in FIGURES},
        start_money=rules["start_money"],
        income=rules["income"],
        income_per_pilgrim=rules["income_per_pilgrim"],
        max_purchases=rules["max_purchases"],
        offer_slots=rules["offer_slots"],
        tiles_per_land=game["lands"]["tiles_per_land"],
        cells=cells,
        coastal=coastal,
        width=w,
        height=h,
    )
