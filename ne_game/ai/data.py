"""Static game data the computer players need: cards, figures, board shape.

Taken from the engine's validated Ruleset (assets/data/game.toml, levels/classic.toml),
so a corrected card list reaches the players too. The AI never
imports the engine's internals: it only sees observations and action dicts.
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ne_game.game import data_caches
from ne_game.game.gamedata import default_ruleset

Cell = tuple[int, int]



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
    lands: tuple[str, ...]                        # the ruleset's lands, in its order
    figures: tuple[str, ...]                      # its figures, in its order
    coastal_figures: frozenset[str]               # figures that stand only on coastal tiles
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


@data_caches.register
@lru_cache(maxsize=1)
def game_data() -> GameData:
    """The AI's view of the shipped data, taken from the engine's validated Ruleset (one
    reading of the files, one derivation of the pattern orientations)."""
    rs = default_ruleset()
    cards: dict[str, CardInfo] = {}
    for cid, c in rs.cards.items():
        shapes = tuple(sorted(c.shapes))
        cards[cid] = CardInfo(cid, c.land, c.figure, c.copies, c.vp, shapes, c.parcels)
    land_cards = {
        land: tuple(sorted((ci for ci in cards.values() if ci.land == land), key=lambda ci: -ci.vp))
        for land in rs.lands
    }
    return GameData(
        cards=cards,
        lands=rs.lands,
        figures=rs.figure_order,
        coastal_figures=frozenset(f for f, spec in rs.figures.items() if spec.coastal_only),
        land_cards=land_cards,
        majority_vp={f: rs.figures[f].majority_vp for f in rs.figure_order},
        figure_counts={f: rs.figures[f].count for f in rs.figure_order},
        start_money=rs.start_money,
        income=rs.income,
        income_per_pilgrim=rs.income_per_pilgrim,
        max_purchases=rs.max_purchases,
        offer_slots=rs.offer_slots,
        tiles_per_land=rs.tiles_per_land,
        cells=frozenset(rs.xy[i] for i in rs.cells),
        coastal=frozenset(rs.xy[i] for i in rs.cells if rs.coastal[i]),
        width=rs.width,
        height=rs.height,
    )
