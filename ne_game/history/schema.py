"""The records' SQLite schema (version SCHEMA_VERSION in PRAGMA user_version).

One row per game in `games`; its seats (names, families, kinds, scores by source, winners),
majorities, scores by round and save in tables keyed by the game's id, deleted with it
(ON DELETE CASCADE). `seats` copies the game's `finished` and `played_at` so that the Records
screen's queries (a page of a player's games, the totals per player) read one covering index.
"""
from __future__ import annotations

import sqlite3

SCHEMA_VERSION = 1

def _kind_bits() -> dict[str, int]:
    """Bits of seats.rivals (which kinds of seat a seat played against): a person, then each
    computer level in the registry's order (ne_game.ai.LEVELS; new levels are appended, so a
    level keeps its bit)."""
    from ne_game.ai.levels import LEVELS

    return {kind: 1 << k for k, kind in enumerate(("human", *LEVELS))}


KIND_BITS = _kind_bits()

SCHEMA = """
CREATE TABLE IF NOT EXISTS games (
    id              INTEGER PRIMARY KEY,
    game_key        TEXT    NOT NULL,   -- sha256 of seed, variant and seats: the same game again
    played_at       REAL    NOT NULL,   -- Unix time when it was recorded (ended or replaced)
    duration_s      REAL,               -- seconds of play, NULL when unknown
    language        TEXT    NOT NULL,   -- the game's language code when it was recorded
    finished        INTEGER NOT NULL,   -- 1: game over; 0: unfinished
    players         INTEGER NOT NULL,
    rounds          INTEGER NOT NULL,   -- rounds that ended (story.rounds)
    actions         INTEGER NOT NULL,
    source          TEXT    NOT NULL    -- "play" | "import"
);
CREATE INDEX IF NOT EXISTS games_newest ON games (played_at DESC, id DESC);
CREATE INDEX IF NOT EXISTS games_by_key ON games (game_key);

CREATE TABLE IF NOT EXISTS seats (
    game_id         INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat            INTEGER NOT NULL,
    name            TEXT    NOT NULL,   -- as written (cleaned)
    name_key        TEXT    NOT NULL,   -- casefolded, spaces collapsed: the player for filters and totals
    family          TEXT    NOT NULL,
    kind            TEXT    NOT NULL,   -- "human" | "easy" | "medium" | "hard"
    rivals          INTEGER NOT NULL,   -- KIND_BITS of the other seats' kinds
    total           INTEGER NOT NULL,   -- VP
    land_cards_vp   INTEGER NOT NULL,
    figure_cards_vp INTEGER NOT NULL,
    majority_vp     INTEGER NOT NULL,
    money           INTEGER NOT NULL,
    rank            INTEGER NOT NULL,   -- 1 = first, after the money tie-break
    winner          INTEGER NOT NULL,   -- 1 for each winner of a finished game
    finished        INTEGER NOT NULL,   -- copied from games: the Records queries read one table
    played_at       REAL    NOT NULL,   -- copied from games
    PRIMARY KEY (game_id, seat)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS seats_by_name ON seats (name_key, played_at DESC, game_id DESC);
CREATE INDEX IF NOT EXISTS seats_totals
    ON seats (kind, name_key, finished, winner, total, rivals, played_at, name);

CREATE TABLE IF NOT EXISTS majorities (
    game_id         INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat            INTEGER NOT NULL,
    figure          TEXT    NOT NULL,   -- "pilgrim" | "barn" | "ship"
    figures         INTEGER NOT NULL,   -- how many the seat had on the board
    vp              INTEGER NOT NULL,   -- VP from that majority
    PRIMARY KEY (game_id, seat, figure)
) WITHOUT ROWID;

CREATE TABLE IF NOT EXISTS rounds (
    game_id         INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    round           INTEGER NOT NULL,   -- 1, 2, ...: the rounds that ended (story.py)
    seat            INTEGER NOT NULL,
    vp              INTEGER NOT NULL,   -- running score at the end of the round
    money           INTEGER NOT NULL,
    PRIMARY KEY (game_id, round, seat)
) WITHOUT ROWID;

CREATE TABLE IF NOT EXISTS saves (
    game_id         INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    encoding        TEXT    NOT NULL,   -- "zlib+json": the save format's JSON, compressed
    body            BLOB    NOT NULL
);

CREATE TABLE IF NOT EXISTS reviews (
    game_id         INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat            INTEGER NOT NULL,
    settings_key    TEXT    NOT NULL,   -- the review settings as canonical JSON
    created_at      REAL    NOT NULL,
    body            TEXT    NOT NULL,   -- the review, JSON
    PRIMARY KEY (game_id, seat, settings_key)
) WITHOUT ROWID;
"""
# every table's columns, to tell a database of ours from a damaged one
COLUMNS = {
    "games": ("id", "game_key", "played_at", "duration_s", "language", "finished", "players", "rounds",
              "actions", "source"),
    "seats": ("game_id", "seat", "name", "name_key", "family", "kind", "rivals", "total", "land_cards_vp",
              "figure_cards_vp", "majority_vp", "money", "rank", "winner", "finished", "played_at"),
    "majorities": ("game_id", "seat", "figure", "figures", "vp"),
    "rounds": ("game_id", "round", "seat", "vp", "money"),
    "saves": ("game_id", "encoding", "body"),
    "reviews": ("game_id", "seat", "settings_key", "created_at", "body"),
}


def statements(script: str) -> list[str]:
    """A script's statements one by one (executescript would commit the open transaction)."""
    out: list[str] = []
    pending = ""
    for line in script.splitlines(keepends=True):
        pending += line
        if sqlite3.complete_statement(pending):
            out.append(pending.strip())
            pending = ""
    if pending.strip():
        raise ValueError("the schema ends in an incomplete statement")
    return out
