"""Reads the shipped game data files (board level, cards, families) into a rules Ruleset.

The only place that does file I/O for the rules; errors name the file, the key and, for
TOML syntax errors, the line. Every read goes through ne_game.storage.safe_io (regular files only,
a size cap, a depth cap), and a level is checked for size and playability before the
rules build their tables from it.
"""
from __future__ import annotations

import logging
import os
from functools import cache
from pathlib import Path

from ne_game.game import data_caches
from ne_game.rules.errors import DataError
from ne_game.rules.ruleset import Ruleset
from ne_game.storage import safe_io
from ne_game.storage.paths import resource_path
from ne_game.storage.safe_io import TomlDoc

log = logging.getLogger(__name__)

GAME_FILE = ("assets", "data", "game.toml")
# A game data file of one's own instead of the shipped one (a variant with another figure or
# card, and the tests that prove such a file plays end to end). Read with the same checks.
GAME_FILE_ENV = "NE_GAME_DATA"
LEVELS_DIR = "levels"
BOARD_MAX = 30               # columns and rows; the classic board is 11 x 9


def read_toml(path: Path, shown: str | None = None) -> TomlDoc:
    """A TOML file as a dict; a missing, oversized, too deeply nested or malformed file raises
    DataError naming it (and, for syntax errors, the line)."""
    shown = shown or str(path)
    try:
        return safe_io.load_toml(path, "toml", shown)
    except FileNotFoundError:
        raise DataError(shown, "(file)", "file not found") from None
    except safe_io.UnsafeFile as err:
        text = str(err)
        problem = text
        for prefix in (shown + ": ", path.name + ": "):       # the file is named once, as `shown`
            if text.startswith(prefix):
                problem = text[len(prefix):]
                break
        key = "(syntax)" if "syntax" in problem else "(file)"
        raise DataError(shown, key, problem) from None


def level_path(level_id: str) -> Path:
    """The bundled level file of that id; an id that would leave levels/ raises DataError."""
    try:
        return safe_io.inside(resource_path(LEVELS_DIR), f"{level_id}.toml", "level")
    except safe_io.UnsafeFile as err:
        raise DataError(f"levels/{str(level_id)[:40]!r}", "(file)", str(err)) from None


def check_level(level: TomlDoc, source: str) -> None:
    """Caps on a level before any table is built from it (an 800 x 800 board took 4 GB)."""
    board = level.get("board")
    if not isinstance(board, dict):
        return   # the Ruleset names the missing table
    for key in ("width", "height"):
        value = board.get(key)
        if isinstance(value, int) and not isinstance(value, bool) and value > BOARD_MAX:
            raise DataError(source, f"board.{key}", f"{value} is too large (at most {BOARD_MAX})")
    missing = board.get("missing")
    if isinstance(missing, list) and len(missing) > BOARD_MAX * BOARD_MAX:
        raise DataError(source, "board.missing", "more cells than a board can have")


def check_game(game: TomlDoc, source: str) -> None:
    """What the Ruleset does not check itself: family ids are unique."""
    seen: set[str] = set()
    families = game.get("families")
    if not isinstance(families, list):
        return   # the Ruleset names a missing or wrong table
    for i, fam in enumerate(families):
        fid = fam.get("id") if isinstance(fam, dict) else None
        if not isinstance(fid, str):
            continue    # the Ruleset names it
        if fid in seen:
            raise DataError(source, f"families[{i}].id", f"family id {fid!r} appears twice")
        seen.add(fid)


def check_start_fits(rs: Ruleset, source: str) -> None:
    """Refuse a board on which the start rounds cannot be completed by the most players.

    The real rules place the start tiles, each time the first legal one: if even that runs out
    of places, no game can start (a 4x3 board made `simulate` report "-1 rounds" and a smoke
    test loop forever).
    """
    # the engine module itself: the rules package reads its default data from here
    from ne_game.rules.engine import apply_action, legal_actions, new_game

    for diagonal in (False, True):
        state = new_game(rs, rs.players_max, 1, {"start_tiles_touch_diagonally": diagonal})
        for _ in range(rs.players_max * rs.start_rounds + 1):
            if state.phase != "start_tiles":
                break
            moves = legal_actions(state)
            if not moves:
                what = "touching diagonally" if diagonal else "without touching"
                raise DataError(source, "board", f"the start tiles of {rs.players_max} players do not fit "
                                                 f"on this board ({what})")
            state = apply_action(state, moves[0])


#: why the game data file $NE_GAME_DATA names was set aside for this run, when it was (the game
#: then plays with the shipped data: `use_shipped_data`)
refused: DataError | None = None


def game_data_path() -> Path:
    """The game data file: $NE_GAME_DATA when set (and not set aside), else the shipped
    assets/data/game.toml."""
    own = os.environ.get(GAME_FILE_ENV)
    return Path(own) if own and refused is None and "\x00" not in own else resource_path(*GAME_FILE)


def own_data_problem() -> DataError | None:
    """Why the game data file $NE_GAME_DATA names cannot be used: it is read and checked as a
    game would be (with the classic board). None when it can, or when none is named."""
    own = os.environ.get(GAME_FILE_ENV)
    if not own or refused is not None:
        return None
    if "\x00" in own:
        return DataError(safe_io.displayable(own), "(file)", "not a file name")
    try:
        load_ruleset("classic")
    except DataError as err:
        return err
    return None


def use_shipped_data(problem: DataError) -> None:
    """Play this run with the shipped game data: the file $NE_GAME_DATA names cannot be used."""
    global refused
    log.warning("%s is not used: %s", GAME_FILE_ENV, problem)
    refused = problem
    data_caches.reset()       # everything read from the refused file, in every layer


def problem_notice(problem: DataError, *, command: bool = False) -> safe_io.Notice:
    """The problem in one line for the player: the file, the key (or the line, in a syntax
    error's details) and what is wrong there. `command`: for `ne-game simulate` and `review`,
    which stop; the game says it goes on with the shipped data."""
    file, detail = problem.source, problem.problem
    if problem.key.startswith("("):          # "(file)", "(syntax)": no key to name
        if command:
            return safe_io.Notice("ne-game: the game data file {file} (NE_GAME_DATA) cannot be used: {detail}",
                                  file=file, detail=detail)
        return safe_io.Notice("The game data file {file} cannot be used ({detail}). The game plays with its "
                              "shipped data.", file=file, detail=detail)
    if command:
        return safe_io.Notice("ne-game: the game data file {file} (NE_GAME_DATA) cannot be used: key {key}: "
                              "{detail}", file=file, key=problem.key, detail=detail)
    return safe_io.Notice("The game data file {file} cannot be used (key {key}: {detail}). The game plays with "
                          "its shipped data.", file=file, key=problem.key, detail=detail)


def load_ruleset(level_id: str = "classic", game_path: Path | None = None, level_file: Path | None = None) -> Ruleset:
    game_path = game_path or game_data_path()
    level_file = level_file or level_path(level_id)
    game_name = "/".join(GAME_FILE) if game_path == resource_path(*GAME_FILE) else safe_io.path_text(game_path)
    level_name = f"levels/{level_id}.toml" if level_file == level_path(level_id) else safe_io.path_text(level_file)
    return build_ruleset(read_toml(game_path, game_name), read_toml(level_file, level_name), game_name, level_name,
                         level_id)


def build_ruleset(game: TomlDoc, level: TomlDoc, game_name: str, level_name: str, level_id: str = "classic") -> Ruleset:
    """A Ruleset from parsed game data and level, checked; DataError naming the file and key."""
    check_game(game, game_name)
    check_level(level, level_name)
    rs = Ruleset(game, level, game_source=game_name, level_source=level_name, level_id=level_id)
    check_start_fits(rs, level_name)
    return rs


@data_caches.register
@cache
def default_ruleset() -> Ruleset:
    """The classic board with the shipped cards, read once per process."""
    return load_ruleset("classic")


def seat_counts(rs: Ruleset | None = None) -> range:
    """How many may sit at a game, from the ruleset (game.toml [rules] players_min..players_max):
    the one place the seat range comes from, so a data file with another range is played as is."""
    rs = rs or default_ruleset()
    return range(rs.players_min, rs.players_max + 1)


def seat_counts_text(rs: Ruleset | None = None) -> str:
    """The seat range in words for messages: "3 or 4", "2 to 5"."""
    counts = seat_counts(rs)
    if len(counts) == 1:
        return str(counts[0])
    joiner = " or " if len(counts) == 2 else " to "
    return f"{counts[0]}{joiner}{counts[-1]}"


@data_caches.register
@cache
def game_file() -> TomlDoc:
    """The shipped game data as parsed TOML (names, patterns, VP) for screens that show it;
    validated first, by building the default ruleset from the same file."""
    default_ruleset()
    path = game_data_path()
    return read_toml(path, "/".join(GAME_FILE) if path == resource_path(*GAME_FILE) else safe_io.path_text(path))


@data_caches.register
@cache
def level_file(level_id: str = "classic") -> TomlDoc:
    """A board level as parsed TOML, validated by building a ruleset from it."""
    load_ruleset(level_id)
    return read_toml(level_path(level_id), f"levels/{level_id}.toml")
