"""The static data of a game — board geometry, lands, families, figures, cards — and the
tables derived from it once (neighbours, coast, pattern placements), so play is fast.

Built from plain dicts (parsed TOML) and validated here, so every client gets the same
checks; reading the files is `ne_game.game.gamedata`'s job, not this package's.
"""
from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, NoReturn

from .errors import DataError

SIDES = ("north", "east", "south", "west")
# The figures with a rule of their own: the pilgrim's income, the barn's storage, the ship's
# majority (its coast is the flag coastal_only). Any other figure in the data is plain: it is
# counted, scored by its majority, placed and moved by its flags.
PILGRIM, BARN, SHIP = "pilgrim", "barn", "ship"
SPECIAL_FIGURES = (PILGRIM, BARN, SHIP)
MAX_NUMBER = 1_000_000     # any number in the data (money, VP, slots) is at most this
MAX_PIECES = 1_000        # copies of a card, tiles of a land, figures of a kind: each at most this
Shape = tuple[tuple[int, int], ...]   # a pattern turned one way: (dx, dy) offsets, minimum 0


@dataclass(frozen=True)
class CardSpec:
    id: str
    vp: int
    copies: int
    land: str | None = None       # land-use cards
    pattern: str | None = None
    figure: str | None = None     # figure cards
    shapes: tuple[Shape, ...] = ()            # distinct rotations (never mirrors): tuples of (dx, dy), min 0

    @property
    def parcels(self) -> int:
        return len(self.shapes[0]) if self.shapes else 0

    @property
    def is_figure_card(self) -> bool:
        return self.figure is not None


@dataclass(frozen=True)
class FigureSpec:
    id: str
    count: int
    majority_vp: int
    coastal_only: bool
    movable: bool
    # how people name it (English; the catalogue translates each with its context): "pilgrim",
    # "pilgrims", the card's title "Pilgrim", "a pilgrim" and "a pilgrim card"
    name: str = ""
    plural: str = ""
    title: str = ""
    with_article: str = ""
    card_with_article: str = ""


@dataclass(frozen=True)
class LandSpec:
    """A land type and how people name it: "field", its title "Field", "a field tile"."""
    id: str
    name: str
    title: str
    tile_with_article: str


@dataclass(frozen=True)
class FamilySpec:
    id: str
    name: str
    initial: str


class _Reader:
    """Typed access to a parsed TOML dict that raises DataError naming file and key."""

    def __init__(self, source: str) -> None:
        self.source = source

    def fail(self, key: str, problem: str) -> NoReturn:
        raise DataError(self.source, key, problem)

    def get(self, table: Mapping[str, Any], key: str, path: str, kind: type | tuple[type, ...],
            default: Any = ...) -> Any:
        if not isinstance(table, Mapping):
            self.fail(path.rsplit(".", 1)[0] or path, "expected a table")
        if key not in table:
            if default is not ...:
                return default
            self.fail(path, "missing")
        value = table[key]
        kinds = kind if isinstance(kind, tuple) else (kind,)
        if bool not in kinds and isinstance(value, bool) and int in kinds:
            self.fail(path, f"expected {kinds[0].__name__}, got a boolean")
        if not isinstance(value, kinds):
            self.fail(path, f"expected {' or '.join(k.__name__ for k in kinds)}, got {type(value).__name__} {value!r}")
        return value

    def positive(self, table: Mapping[str, Any], key: str, path: str, minimum: int = 1,
                 maximum: int = MAX_NUMBER) -> int:
        value: int = self.get(table, key, path, int)
        if value < minimum:
            self.fail(path, f"must be at least {minimum}, got {value}")
        if value > maximum:       # a deck or bag of 10**30 would take all memory
            self.fail(path, f"must be at most {maximum:,}, got {value if value.bit_length() <= 64 else 'more'}")
        return value


def pattern_shapes(pattern: str) -> tuple[Shape, ...]:
    """Every distinct rotation of a pattern like "X./XX", the printed one first, each a sorted
    tuple of (dx, dy) with its minimum at 0. Patterns turn but are never mirrored (rules
    §4.4): an asymmetric pattern's mirror image is not among them unless a rotation gives it."""
    cur = [(x, y) for y, row in enumerate(pattern.split("/")) for x, ch in enumerate(row) if ch == "X"]
    shapes: list[Shape] = []
    for _ in range(4):
        mx, my = min(x for x, _ in cur), min(y for _, y in cur)
        shape = tuple(sorted((x - mx, y - my) for x, y in cur))
        if shape not in shapes:
            shapes.append(shape)
        cur = [(-y, x) for x, y in cur]
    return tuple(shapes)


class Ruleset:
    """Immutable game data plus derived lookup tables. Cells are indexed `y * width + x`."""

    # read from the files
    level_name: str
    width: int
    height: int
    missing: set[tuple[int, int]]
    sea_edges: tuple[str, ...]
    players_min: int
    players_max: int
    start_money: int
    income: int
    income_per_pilgrim: int
    max_purchases: int
    offer_slots: int
    land_only_slots: int
    card_only_slots: int
    offer_land_min: int
    offer_land_max: int
    bid_values: tuple[int, ...]
    start_rounds: int
    lands: tuple[str, ...]
    land_specs: dict[str, LandSpec]
    tiles_per_land: int
    figures: dict[str, FigureSpec]
    figure_order: tuple[str, ...]
    families: tuple[FamilySpec, ...]
    cards: dict[str, CardSpec]
    # derived lookup tables, per cell index unless said otherwise
    size: int
    valid: tuple[bool, ...]
    cells: tuple[int, ...]                      # the indices of the parcels
    xy: tuple[tuple[int, int], ...]
    coastal: tuple[bool, ...]
    orth: tuple[tuple[int, ...], ...]
    ring: tuple[tuple[int, ...], ...]
    dominoes: tuple[tuple[int, int], ...]
    placements: dict[str, tuple[tuple[tuple[int, ...], ...], ...]]  # card id -> anchor cell -> cell sets
    family_ids: tuple[str, ...]
    family_names: dict[str, str]
    card_ids: tuple[str, ...]
    deck_composition: tuple[tuple[str, int], ...]

    def __init__(self, game: Mapping[str, Any], level: Mapping[str, Any], game_source: str = "game data",
                 level_source: str = "level", level_id: str = "classic"):
        self.level_id = level_id
        self._read_level(level, _Reader(level_source))
        self._read_game(game, _Reader(game_source))
        self._derive()

    # ---- reading -----------------------------------------------------------

    def _read_level(self, level: Mapping[str, Any], r: _Reader) -> None:
        board = r.get(level, "board", "board", dict)
        self.level_name = r.get(board, "name", "board.name", str, "board")
        self.width = r.positive(board, "width", "board.width", 2)
        self.height = r.positive(board, "height", "board.height", 2)
        missing = r.get(board, "missing", "board.missing", list, [])
        self.missing = set()
        for i, cell in enumerate(missing):
            key = f"board.missing[{i}]"
            if not (isinstance(cell, list) and len(cell) == 2 and all(type(v) is int for v in cell)):
                r.fail(key, f"expected a cell [x, y], got {cell!r}")
            x, y = cell
            if not (0 <= x < self.width and 0 <= y < self.height):
                r.fail(key, f"cell [{x}, {y}] lies outside the {self.width}x{self.height} board")
            self.missing.add((x, y))
        edges = r.get(board, "sea_edges", "board.sea_edges", list, [])
        for i, edge in enumerate(edges):
            if edge not in SIDES:
                r.fail(f"board.sea_edges[{i}]", f"expected one of {', '.join(SIDES)}, got {edge!r}")
        self.sea_edges = tuple(edges)

    def _read_game(self, game: Mapping[str, Any], r: _Reader) -> None:
        rules = r.get(game, "rules", "rules", dict)
        self.players_min = r.positive(rules, "players_min", "rules.players_min", 2)
        self.players_max = r.positive(rules, "players_max", "rules.players_max", self.players_min)
        self.start_money = r.positive(rules, "start_money", "rules.start_money", 0)
        self.income = r.positive(rules, "income", "rules.income", 0)
        self.income_per_pilgrim = r.positive(rules, "income_per_pilgrim", "rules.income_per_pilgrim", 0)
        self.max_purchases = r.positive(rules, "max_purchases", "rules.max_purchases")
        self.offer_slots = r.positive(rules, "offer_slots", "rules.offer_slots")
        self.land_only_slots = r.positive(rules, "land_only_slots", "rules.land_only_slots", 0)
        self.card_only_slots = r.positive(rules, "card_only_slots", "rules.card_only_slots", 0)
        self.offer_land_min = r.positive(rules, "offer_land_min", "rules.offer_land_min", 0)
        self.offer_land_max = r.positive(rules, "offer_land_max", "rules.offer_land_max", self.offer_land_min)
        if self.offer_land_min < self.land_only_slots:
            r.fail("rules.offer_land_min", "must be at least land_only_slots")
        if self.offer_land_max > self.offer_slots - self.card_only_slots:
            r.fail("rules.offer_land_max", "leaves no room for the card-only slots")
        bids = r.get(rules, "bid_values", "rules.bid_values", list)
        if not bids or not all(type(b) is int and 0 < b <= MAX_NUMBER for b in bids) or len(set(bids)) != len(bids):
            r.fail("rules.bid_values", "expected distinct positive whole numbers")
        self.bid_values = tuple(sorted(bids))
        self.start_rounds = r.positive(rules, "start_rounds", "rules.start_rounds")

        lands = r.get(game, "lands", "lands", dict)
        order = r.get(lands, "order", "lands.order", list)
        if not order or not all(isinstance(x, str) for x in order) or len(set(order)) != len(order):
            r.fail("lands.order", "expected a list of distinct land names")
        self.lands = tuple(order)
        self.tiles_per_land = r.positive(lands, "tiles_per_land", "lands.tiles_per_land", 1, MAX_PIECES)
        words = {key: r.get(lands, key, f"lands.{key}", dict, {}) for key in ("names", "titles", "tiles")}
        self.land_specs = {}
        def word(land: str, key: str, default: str) -> str:
            value: str = r.get(words[key], land, f"lands.{key}.{land}", str, default)
            return value

        for land in self.lands:
            self.land_specs[land] = LandSpec(land, word(land, "names", land), word(land, "titles", land.title()),
                                             word(land, "tiles", f"a {land} tile"))
        if self.start_rounds != len(self.lands):
            r.fail("rules.start_rounds", f"each family has one start tile per land type: expected {len(self.lands)}")

        figures = r.get(game, "figures", "figures", dict)
        self.figures = {}
        for fid, spec in figures.items():
            p = f"figures.{fid}"
            name: str = r.get(spec, "name", p + ".name", str, fid)
            self.figures[fid] = FigureSpec(
                fid,
                r.positive(spec, "count", p + ".count", 0, MAX_PIECES),
                r.positive(spec, "majority_vp", p + ".majority_vp", 0),
                r.get(spec, "coastal_only", p + ".coastal_only", bool, False),
                r.get(spec, "movable", p + ".movable", bool, False),
                name,
                r.get(spec, "plural", p + ".plural", str, name + "s"),
                r.get(spec, "title", p + ".title", str, name.title()),
                r.get(spec, "with_article", p + ".with_article", str, f"a {name}"),
                r.get(spec, "card_with_article", p + ".card_with_article", str, f"a {name} card"),
            )
        for needed in SPECIAL_FIGURES:       # the figures with a rule of their own (rules §4)
            if needed not in self.figures:
                r.fail(f"figures.{needed}", "missing")
        self.figure_order = tuple(self.figures)

        fams = r.get(game, "families", "families", list)
        families: list[FamilySpec] = []
        for i, spec in enumerate(fams):
            p = f"families[{i}]"
            initial = r.get(spec, "initial", p + ".initial", str)
            if len(initial) != 1:
                r.fail(p + ".initial", f"expected one letter, got {initial!r}")
            families.append(FamilySpec(r.get(spec, "id", p + ".id", str), r.get(spec, "name", p + ".name", str), initial))
        if len(families) < self.players_max:
            r.fail("families", f"{self.players_max} players need {self.players_max} families, found {len(families)}")
        self.families = tuple(families)

        cards = r.get(game, "cards", "cards", list)
        self.cards = {}
        for i, spec in enumerate(cards):
            p = f"cards[{i}]"
            cid = r.get(spec, "id", p + ".id", str)
            if cid in self.cards:
                r.fail(p + ".id", f"card id {cid!r} appears twice")
            copies = r.positive(spec, "copies", p + ".copies", 1, MAX_PIECES)
            vp = r.positive(spec, "vp", p + ".vp", 0)
            if "figure" in spec:
                fig = r.get(spec, "figure", p + ".figure", str)
                if fig not in self.figures:
                    r.fail(p + ".figure", f"unknown figure {fig!r}")
                self.cards[cid] = CardSpec(cid, vp, copies, figure=fig)
            else:
                land = r.get(spec, "land", p + ".land", str)
                if land not in self.lands:
                    r.fail(p + ".land", f"unknown land {land!r} (known: {', '.join(self.lands)})")
                pattern = r.get(spec, "pattern", p + ".pattern", str)
                rows = pattern.split("/")
                if not pattern or set(pattern) - set("X./") or "X" not in pattern or len({len(x) for x in rows}) != 1:
                    r.fail(p + ".pattern", f"expected rows of X and . split by '/', all the same length, got {pattern!r}")
                self.cards[cid] = CardSpec(cid, vp, copies, land=land, pattern=pattern, shapes=pattern_shapes(pattern))

    # ---- derived tables ----------------------------------------------------

    def _derive(self) -> None:
        w, h = self.width, self.height
        self.size = w * h
        self.valid = tuple((i % w, i // w) not in self.missing for i in range(self.size))
        self.cells = tuple(i for i in range(self.size) if self.valid[i])
        self.xy = tuple((i % w, i // w) for i in range(self.size))

        def on(x: int, y: int) -> bool:
            return 0 <= x < w and 0 <= y < h and self.valid[y * w + x]

        def coastal(x: int, y: int) -> bool:
            return (("north" in self.sea_edges and y == 0) or ("south" in self.sea_edges and y == h - 1)
                    or ("west" in self.sea_edges and x == 0) or ("east" in self.sea_edges and x == w - 1))

        self.coastal = tuple(self.valid[i] and coastal(*self.xy[i]) for i in range(self.size))
        orth: list[tuple[int, ...]] = []
        ring: list[tuple[int, ...]] = []
        for i in range(self.size):
            x, y = self.xy[i]
            orth.append(tuple(b * w + a for a, b in ((x, y - 1), (x - 1, y), (x + 1, y), (x, y + 1)) if on(a, b)))
            ring.append(tuple((y + dy) * w + x + dx for dy in (-1, 0, 1) for dx in (-1, 0, 1)
                              if (dx or dy) and on(x + dx, y + dy)))
        self.orth, self.ring = tuple(orth), tuple(ring)
        # every pair of orthogonally adjacent parcels, lower index first: where a start tile may lie
        self.dominoes = tuple((i, j) for i in self.cells for j in self.orth[i] if j > i)
        # pattern placements per card, anchored at their lowest cell index so each set appears once
        self.placements = {}
        for cid, card in self.cards.items():
            if card.land is None:
                continue
            by_anchor: list[list[tuple[int, ...]]] = [[] for _ in range(self.size)]
            for shape in card.shapes:
                for y in range(h):
                    for x in range(w):
                        if all(on(x + dx, y + dy) for dx, dy in shape):
                            cells = tuple(sorted((y + dy) * w + x + dx for dx, dy in shape))
                            by_anchor[cells[0]].append(cells)
            self.placements[cid] = tuple(tuple(p) for p in by_anchor)
        self.family_ids = tuple(f.id for f in self.families)
        self.family_names = {f.id: f.name for f in self.families}
        self.card_ids = tuple(self.cards)
        self.deck_composition = tuple((cid, c.copies) for cid, c in self.cards.items())

    # ---- names and lists for people and players ------------------------------------
    def land(self, land: str) -> LandSpec:
        """The land's spec; an id the data does not know is named by its id."""
        return self.land_specs.get(land) or LandSpec(land, land, land.title(), f"a {land} tile")

    def figure(self, figure: str) -> FigureSpec:
        """The figure's spec; an id the data does not know is named by its id."""
        return self.figures.get(figure) or FigureSpec(figure, 0, 0, False, False, figure, figure + "s",
                                                      figure.title(), f"a {figure}", f"a {figure} card")

    def card_order(self) -> tuple[str, ...]:
        """The card ids in the data's order (land-use cards, then figure cards as listed)."""
        return self.card_ids

    def on_board(self, cell: object) -> bool:
        """True when an [x, y] cell is a parcel of this board."""
        return self.index(cell) is not None

    def is_coast(self, cell: object) -> bool:
        """True when an [x, y] cell is a coastal parcel (where ships may stand): the one coast rule."""
        i = self.index(cell)
        return i is not None and self.coastal[i]

    def index(self, cell: object) -> int | None:
        """The index of an [x, y] cell, or None when it is not a parcel of the board."""
        if not (isinstance(cell, (list, tuple)) and len(cell) == 2):
            return None
        x, y = cell
        if type(x) is not int or type(y) is not int or not (0 <= x < self.width and 0 <= y < self.height):
            return None
        i = y * self.width + x
        return i if self.valid[i] else None
