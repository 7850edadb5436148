"""Errors raised by the rules core, and the stable refusal codes of `IllegalAction`.

Refusal codes
=============
Every refusal names the rule that refused it with `err.code`, the board cells it is about
with `err.cells` ((x, y) tuples, engine coordinates) and the values a translated sentence
needs with `err.params`. Cells in params are given as board labels ("D4": column letter,
row from 1, as the board shows them). Offer slots in params are engine slots (0-based)
with `slot_label` the number the screen shows (1-based). `owner` is a seat number and
`owner_name` that family's name. The English `str(err)` never shows raw coordinates.

==========================  ==========================================================
code                        params (cells)
==========================  ==========================================================
not_an_action               got (type name)
unknown_action              action (short text of the given type)
action_fields               action, missing (list), unexpected (list)
game_over                   -
wrong_phase                 action, phase
not_a_cell                  what ("cell", "barn", ...)
off_board                   what, edge ("west" | "east" | "north" | "south"), column | row
                            (the board's label of the edge passed), cell (when the point
                            lies in the board's frame but is a hole in the map)
not_whole_number            what, got (type name)
unknown_land                land, lands (list)
start_land_placed           land
start_tile_cells            -
not_adjacent                cell_a, cell_b  (both cells)
cell_taken                  cell  (the cell)
start_tile_contact          cell, touching, owner, owner_name, land, diagonal_allowed
                            (the cell, the touched start tile's cell)
start_tile_blocked          -
offer_count                 value, min, max
no_bid_marker               value, low, high
bid_taken                   value, owner, owner_name
reveal_source               source
already_revealed            -
reveal_after_purchase       -
no_ship                     -
ship_majority               owner, owner_name, ships (theirs), mine
bag_empty                   -
deck_empty                  -
slot_empty                  slot, slot_label
slot_kind                   slot, slot_label, holds ("land" | "card"), wanted
purchase_limit              max
too_poor                    money, cost
rival_contact               cell, touching, owner, owner_name, land  (the cell, the rival's)
not_connected               cell, land  (the cell)
no_tile                     cell  (the cell)
not_a_barn                  cell  (the cell)
barn_empty                  cell  (the cell)
barn_full                   cell  (the cell)
bad_use                     -
no_restore                  card
unknown_use                 use
card_develops               card
card_places_figure          card, figure
supply_empty                figure
cell_repeated               cell  (the cell)
tile_not_yours              cell, owner, owner_name  (the cell)
figure_on_developed         cell, figure  (the cell)
figure_occupied             cell, figure, standing  (the cell)
not_coastal                 cell, figure  (the cell)
parcel_count                card, need, given
start_tile_whole            cell  (the missing half)
land_mismatch               cell, land, card_land  (the cell)
already_developed           cell  (the cell)
figure_blocks_development   cell, figure  (the cell)
pattern_mismatch            card, pattern  (the cells)
no_own_figure               cell  (the cell)
figure_immovable            figure
figure_same_tile            cell, figure  (the cell)
replay_failed               refusal (the replayed action's code), step, steps, and that refusal's params and cells
==========================  ==========================================================
"""
from __future__ import annotations

from collections.abc import Iterable, Mapping

COLUMNS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"

def _codes_from_table(doc: str) -> frozenset[str]:
    """The codes of the table above (the one list; tests check every raise site uses one)."""
    lines = doc.splitlines()
    rules = [k for k, line in enumerate(lines) if line.startswith("=" * 26 + "  ")]
    body = lines[rules[1] + 1:rules[2]] if len(rules) >= 3 else []
    return frozenset(line.split()[0] for line in body if line[:1].isalpha())


REFUSAL_CODES = _codes_from_table(__doc__ or "")


def column_label(x: int) -> str:
    """The board's letter for column x (0 -> "A"); past Z, two letters ("AA")."""
    if 0 <= x < len(COLUMNS):
        return COLUMNS[x]
    return COLUMNS[x // len(COLUMNS) - 1] + COLUMNS[x % len(COLUMNS)] if x > 0 else "?"


def cell_label(x: int, y: int) -> str:
    """A cell as the board labels it: column letter and row from 1, (3, 3) -> "D4"."""
    return f"{column_label(x)}{y + 1}"


def brief(value: object, limit: int = 40) -> str:
    """A short, safe description of any value for a message: never recursive, never long
    (a value nested thousands deep or a huge int must not break the message)."""
    if value is None or isinstance(value, bool):
        return repr(value)
    if type(value) is int:
        return str(value) if value.bit_length() <= 64 else "a very large number"
    if isinstance(value, str):
        text = repr(value[:limit])
        return text if len(value) <= limit else text[:-1] + "…" + text[-1]
    if isinstance(value, float):
        return repr(value)
    return f"a {type(value).__name__}"


class IllegalAction(ValueError):
    """An action that the rules do not allow now.

    `str(err)` says why in English words a player reads. For every other language, and
    for any UI logic, the error is structured: `code` names the rule that refused (a
    stable snake_case id listed in this module's docstring, e.g. "rival_contact" or
    "too_poor"), `cells` are the board cells ((x, y) tuples) the refusal is about, and
    `params` holds the named values a translated sentence needs (e.g. {"cost": 7,
    "money": 5}). The UI never parses the English text.
    """

    def __init__(self, message: str = "", *, code: str = "illegal",
                 cells: Iterable[Iterable[int]] = (),
                 params: Mapping[str, object] | None = None) -> None:
        super().__init__(message)
        self.code: str = code
        # [x, y] lists or (x, y) tuples in, (x, y) tuples out; the engine only passes pairs
        self.cells: tuple[tuple[int, ...], ...] = tuple(tuple(c) for c in cells)
        self.params: dict[str, object] = dict(params or {})


class DataError(ValueError):
    """Game data (board level, cards, families) that cannot be used; the message names the file and key."""

    def __init__(self, source: str, key: str, problem: str) -> None:
        self.source, self.key, self.problem = source, key, problem
        super().__init__(f"{source}: key '{key}': {problem}")
