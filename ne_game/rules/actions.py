"""The actions of the game, typed: one TypedDict per kind (engine contract, "Actions").

At run time an action is the plain JSON-compatible dict the contract describes, the one
saves hold and `apply_action` takes; these types only let the type checker see which
fields each kind has. Narrow a union by its "type" (`if a["type"] == "take_bid": a["value"]`),
a card use by its key (`if "develop" in use`), or select one kind from a list with
`of_kind(legal, "buy_land")`.

Two actions are the same action when their `action_key`s are equal: every list of cells
sorted, as the contract says; the key is a hashable tuple, not a text.
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Literal, TypedDict, final, overload

Cell = tuple[int, int]
CellList = list[int]          # a cell as actions carry it: [x, y]

ActionType = Literal["place_start_tile", "announce_offer", "take_bid", "reveal_extra", "buy_land",
                     "buy_card", "play_stored", "move_figure", "end_turn"]
Phase = Literal["start_tiles", "offer", "bids", "buying", "game_over"]


@final
class DevelopUse(TypedDict):
    develop: list[CellList]


@final
class FigureUse(TypedDict):
    figure_on: CellList


@final
class StoreUse(TypedDict):
    store_in_barn: CellList


CardUse = DevelopUse | FigureUse | StoreUse


@final
class PlaceStartTile(TypedDict):
    type: Literal["place_start_tile"]
    land: str
    cells: list[CellList]


@final
class AnnounceOffer(TypedDict):
    type: Literal["announce_offer"]
    land_tiles: int


@final
class TakeBid(TypedDict):
    type: Literal["take_bid"]
    value: int


@final
class RevealExtra(TypedDict):
    type: Literal["reveal_extra"]
    source: Literal["land", "card"]


@final
class BuyLand(TypedDict):
    type: Literal["buy_land"]
    slot: int
    cell: CellList


@final
class BuyCard(TypedDict):
    type: Literal["buy_card"]
    slot: int
    use: CardUse


@final
class PlayStored(TypedDict):
    type: Literal["play_stored"]
    barn: CellList
    use: CardUse


MoveFigure = TypedDict("MoveFigure", {"type": Literal["move_figure"], "from": CellList, "to": CellList})


@final
class EndTurn(TypedDict):
    type: Literal["end_turn"]


Action = (PlaceStartTile | AnnounceOffer | TakeBid | RevealExtra | BuyLand | BuyCard | PlayStored | MoveFigure
          | EndTurn)

# ---------------------------------------------------------------- making actions


def place_start_tile(land: str, cells: Iterable[Iterable[int]]) -> PlaceStartTile:
    return {"type": "place_start_tile", "land": land, "cells": [list(c) for c in cells]}


def announce_offer(land_tiles: int) -> AnnounceOffer:
    return {"type": "announce_offer", "land_tiles": land_tiles}


def take_bid(value: int) -> TakeBid:
    return {"type": "take_bid", "value": value}


def reveal_extra(source: Literal["land", "card"]) -> RevealExtra:
    return {"type": "reveal_extra", "source": source}


def buy_land(slot: int, cell: Iterable[int]) -> BuyLand:
    return {"type": "buy_land", "slot": slot, "cell": list(cell)}


def buy_card(slot: int, use: CardUse) -> BuyCard:
    return {"type": "buy_card", "slot": slot, "use": use}


def play_stored(barn: Iterable[int], use: CardUse) -> PlayStored:
    return {"type": "play_stored", "barn": list(barn), "use": use}


def move_figure(source: Iterable[int], target: Iterable[int]) -> MoveFigure:
    return {"type": "move_figure", "from": list(source), "to": list(target)}


def end_turn() -> EndTurn:
    return {"type": "end_turn"}


def develop(cells: Iterable[Iterable[int]]) -> DevelopUse:
    return {"develop": [list(c) for c in cells]}


def figure_on(cell: Iterable[int]) -> FigureUse:
    return {"figure_on": list(cell)}


def store_in_barn(cell: Iterable[int]) -> StoreUse:
    return {"store_in_barn": list(cell)}


# ---------------------------------------------------------------- reading actions

@overload
def of_kind(actions: Iterable[Action], kind: Literal["place_start_tile"]) -> Sequence[PlaceStartTile]: ...
@overload
def of_kind(actions: Iterable[Action], kind: Literal["announce_offer"]) -> Sequence[AnnounceOffer]: ...
@overload
def of_kind(actions: Iterable[Action], kind: Literal["take_bid"]) -> Sequence[TakeBid]: ...
@overload
def of_kind(actions: Iterable[Action], kind: Literal["reveal_extra"]) -> Sequence[RevealExtra]: ...
@overload
def of_kind(actions: Iterable[Action], kind: Literal["buy_land"]) -> Sequence[BuyLand]: ...
@overload
def of_kind(actions: Iterable[Action], kind: Literal["buy_card"]) -> Sequence[BuyCard]: ...
@overload
def of_kind(actions: Iterable[Action], kind: Literal["play_stored"]) -> Sequence[PlayStored]: ...
@overload
def of_kind(actions: Iterable[Action], kind: Literal["move_figure"]) -> Sequence[MoveFigure]: ...
@overload
def of_kind(actions: Iterable[Action], kind: Literal["end_turn"]) -> Sequence[EndTurn]: ...
def of_kind(actions: Iterable[Action], kind: ActionType) -> Sequence[Action]:  # noqa: E302 - overloads above
    """The actions of one kind (a list), typed as that kind."""
    return [a for a in actions if a["type"] == kind]


def use_cells(use: CardUse) -> list[CellList]:
    """The cells a card use names: the developed parcels, or the one cell of its tile."""
    if "develop" in use:
        return use["develop"]
    if "figure_on" in use:
        return [use["figure_on"]]
    return [use["store_in_barn"]]


def use_kind(use: CardUse) -> Literal["develop", "figure_on", "store_in_barn"]:
    if "develop" in use:
        return "develop"
    if "figure_on" in use:
        return "figure_on"
    return "store_in_barn"


ActionKey = tuple[object, ...]


def _key(value: object) -> object:
    if isinstance(value, Mapping):
        return tuple(sorted((str(k), _key(v)) for k, v in value.items()))
    if isinstance(value, (list, tuple)):
        items = [_key(v) for v in value]
        if items and all(isinstance(v, tuple) for v in items) and all(
                isinstance(v, (list, tuple)) for v in value):
            items.sort()
        return tuple(items)
    return value


def action_key(action: Mapping[str, object]) -> ActionKey:
    """A hashable key under which the same actions are equal (every list of cells sorted)."""
    key = _key(action)
    assert isinstance(key, tuple)
    return key
