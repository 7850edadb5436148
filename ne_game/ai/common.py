"""Judgements shared by several players: where to put start tiles, how to use an
offered item, whether an announcement ends the game."""
from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, cast

from ne_game.ai.data import Cell
from ne_game.ai.model import Model, cell, orth

if TYPE_CHECKING:
    from ne_game.rules import Action  # for annotations only
    from ne_game.rules.actions import CardUse, CellList, PlaceStartTile

    # How seat would use an offered item: a land tile's {"cell": [x, y]}, a card's use.
    ItemUse = CardUse | dict[str, CellList]

START_RADIUS = 3
START_COAST_BONUS = 2.5       # ships need an own undeveloped coastal tile
START_OWN_CROWD = 0.5         # share of a parcel's worth lost when my other tiles also want it


def start_tile_score(m: Model, seat: int, action: PlaceStartTile) -> float:
    """How good a start tile placement is: free room around it for its land type."""
    return start_tile_scorer(m, seat)(action)


def start_tile_scorer(m: Model, seat: int) -> Callable[[PlaceStartTile], float]:
    """`start_tile_score` for many placements of one position: the board is read once."""
    data = m.data
    mine = [c for t in m.tiles if t.owner == seat for c in t.cells]
    rival_any = {c for t in m.tiles if t.owner != seat for c in t.cells}
    rival_by_land = {land: {c for t in m.tiles if t.owner != seat and t.land == land for c in t.cells}
                     for land in data.lands}
    near_mine = {(x + dx, y + dy) for (x, y) in mine for dx in range(-2, 3) for dy in range(-2, 3)
                 if abs(dx) + abs(dy) <= 2}
    has_coast = any(c in data.coastal for c in mine)

    def score(action: PlaceStartTile) -> float:
        land = action["land"]
        cells = [cell(c) for c in action["cells"]]
        rival_same = rival_by_land.get(land, set())
        total = 0.0
        seen: set[Cell] = set()
        for (cx, cy) in cells:
            for dx in range(-START_RADIUS, START_RADIUS + 1):
                for dy in range(-START_RADIUS, START_RADIUS + 1):
                    d = abs(dx) + abs(dy)
                    c = (cx + dx, cy + dy)
                    if d == 0 or d > START_RADIUS or c in seen or c in cells:
                        continue
                    seen.add(c)
                    if c not in data.cells or c in m.occ:
                        continue
                    if any(n in rival_same for n in orth(c)):
                        continue
                    w = 1.0 / d
                    if c in rival_any or any(n in rival_any for n in orth(c)):
                        w *= 0.6
                    if c in near_mine:
                        w *= START_OWN_CROWD
                    total += w
        if not has_coast and any(c in data.coastal for c in cells):
            total += START_COAST_BONUS
        return total

    return score


def announce_ends_game(m: Model, n: int) -> bool:
    slots = m.data.offer_slots
    return m.bag < n or m.deck < slots - n


def leads_now(m: Model, seat: int) -> bool:
    """Would seat win alone if the game ended now (VP, then money)?"""
    from ne_game.ai.evaluation import final_estimate

    est = final_estimate(m)
    mine = est[seat]
    return all(est[s] < mine for s in range(m.n) if s != seat)


def item_uses(m: Model, seat: int, item: tuple[str, str]) -> list[ItemUse]:
    """The `use`/`cell` choices seat would have for an offered item (for look-ahead)."""
    kind, what = item
    if kind == "land":
        return [{"cell": list(c)} for c in sorted(m.frontier(seat, what))]
    info = m.data.cards[what]
    uses: list[ItemUse] = []
    if info.land is not None:
        uses = [{"develop": [list(c) for c in pl]} for pl in m.develop_options(seat, what)]
    else:
        if m.supply.get(what, 0) > 0:
            for t in m.tiles:
                if t.owner == seat and not t.developed and t.figure is None:
                    if m.data.cards[what].figure in m.data.coastal_figures and not any(
                            c in m.data.coastal for c in t.cells):
                        continue
                    uses.append({"figure_on": list(t.cells[0])})
    for b in m.barns[seat]:
        if b[1] is None:
            uses.append({"store_in_barn": list(b[0])})
            break
    return uses


def item_action(slot: int, item: tuple[str, str], use: ItemUse) -> Action:
    if item[0] == "land":
        return {"type": "buy_land", "slot": slot, "cell": cast("dict[str, CellList]", use)["cell"]}
    return {"type": "buy_card", "slot": slot, "use": cast("CardUse", use)}
