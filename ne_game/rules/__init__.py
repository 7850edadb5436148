"""The rules core of New England: pure Python, no pygame, no I/O, no global state.

Public face (../shared/rules/engine-contract.md): new_game, legal_actions, apply_action,
to_json, from_json, final_scores, IllegalAction. Additions: observe (a seat's view without
hidden information), determinize (a full state sampled from a view), replay (a saved game's
seed, variant and actions back to a state), winners, current_player and phase, and
`position(state)`: the typed, read-only view that listeners and screens read (to_json is
for saves). Actions are typed per kind (ne_game/rules/actions.py); at run time they are
the contract's plain dicts.

The game data (board level, cards, families) is a Ruleset handed in by the caller; when none
is given, `ne_game.game.gamedata` reads the shipped files once — that module does the file I/O.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence

from . import engine, scoring, snapshot
from .actions import (
    Action,
    ActionKey,
    ActionType,
    AnnounceOffer,
    BuyCard,
    BuyLand,
    CardUse,
    Cell,
    DevelopUse,
    EndTurn,
    FigureUse,
    MoveFigure,
    Phase,
    PlaceStartTile,
    PlayStored,
    RevealExtra,
    StoreUse,
    TakeBid,
    action_key,
    of_kind,
)
from .errors import REFUSAL_CODES, DataError, IllegalAction, brief, cell_label
from .json_types import JSON, JSONObject
from .position import HIDDEN, BarnView, OfferItem, PlayerView, Position, TileView, position
from .ruleset import CardSpec, FamilySpec, FigureSpec, Ruleset
from .scoring import ScoreRow
from .snapshot import Observation, Snapshot, SnapshotOrView
from .state import State

__all__ = [
    "new_game", "legal_actions", "apply_action", "to_json", "from_json", "final_scores",
    "IllegalAction", "DataError", "Ruleset", "State", "observe", "determinize", "replay", "winners",
    "normalize_action", "action_key", "on_board", "is_coast", "REFUSAL_CODES", "cell_label", "Action",
    "ActionKey", "ActionType", "Cell", "Phase", "of_kind", "current_player", "phase", "position", "Position",
    "PlayerView", "TileView", "BarnView", "OfferItem", "HIDDEN", "CardSpec", "FigureSpec", "FamilySpec",
    "PlaceStartTile", "AnnounceOffer", "TakeBid", "RevealExtra", "BuyLand", "BuyCard", "PlayStored",
    "MoveFigure", "EndTurn", "CardUse", "DevelopUse", "FigureUse", "StoreUse",
    "JSON", "JSONObject", "ScoreRow", "Snapshot", "Observation", "SnapshotOrView",
]


def _default(ruleset: Ruleset | None) -> Ruleset:
    if ruleset is not None:
        return ruleset
    from ne_game.game.gamedata import default_ruleset

    return default_ruleset()


def new_game(players: int = 4, seed: int = 0, variant: dict[str, bool] | None = None, ruleset: Ruleset | None = None) -> State:
    """A new game in the start rounds; bag, deck and first start player follow from `seed`."""
    return engine.new_game(_default(ruleset), players, seed, variant)


def legal_actions(state: State) -> list[Action]:
    """Every action the current decision-maker may take now; empty only when the game is over."""
    return engine.legal_actions(state)


def apply_action(state: State, action: Mapping[str, object]) -> State:
    """The state after `action`; raises IllegalAction (with the reason in words) if it is not legal."""
    return engine.apply_action(state, action)


def current_player(state: State) -> int | None:
    """The seat that decides now (None when the game is over)."""
    return state.current


def phase(state: State) -> Phase:
    """"start_tiles" | "offer" | "bids" | "buying" | "game_over"."""
    return state.phase


def to_json(state: State) -> Snapshot:
    return snapshot.to_json(state)


def from_json(d: object, ruleset: Ruleset | None = None) -> State:
    return snapshot.from_json(d, _default(ruleset))


def final_scores(state: State) -> list[ScoreRow]:
    return scoring.final_scores(state)


def winners(state: State) -> list[int]:
    return scoring.winners(state)


def observe(state: State, seat: int) -> Observation:
    return snapshot.observe(state, seat)


def determinize(observation: object, seed: int = 0, ruleset: Ruleset | None = None) -> State:
    return snapshot.determinize(observation, seed, _default(ruleset))


def on_board(state: State, cell: object) -> bool:
    """True when an [x, y] cell is a parcel of this game's board."""
    return state.rs.on_board(cell)


def is_coast(state: State, cell: object) -> bool:
    """True when an [x, y] cell is coastal on this game's board (ships stand only there)."""
    return state.rs.is_coast(cell)


def normalize_action(value: object) -> object:
    """An action (or any part of one) with every list of cells sorted: two actions are the
    same action when their normalized forms are equal (engine contract). `action_key` is the
    hashable form for sets and look-ups."""
    if isinstance(value, dict):
        return {k: normalize_action(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        items = [normalize_action(v) for v in value]
        if items and all(isinstance(i, list) for i in items):
            items.sort()
        return items
    return value


def replay(players: int, seed: int, variant: dict[str, bool] | None, actions: Sequence[Mapping[str, object]],
           ruleset: Ruleset | None = None) -> State:
    """The state after playing `actions` from a new game (how saved games come back)."""
    state = new_game(players, seed, variant, ruleset)
    for k, action in enumerate(actions):
        try:
            state = engine.apply_action(state, action)
        except IllegalAction as err:
            kind = action.get("type") if isinstance(action, dict) else None
            kind = kind if isinstance(kind, str) and len(kind) <= 40 else brief(kind)
            raise IllegalAction(f"action {k + 1} of {len(actions)} ({kind}) cannot be replayed: {err}",
                                code="replay_failed", cells=err.cells,
                                params={**err.params, "refusal": err.code, "step": k + 1,
                                        "steps": len(actions)}) from None
    return state
