"""The story of a game: the records database, the replay of any saved game, the end-of-game
story, and the export and import of games. Pure Python (sqlite3 from the standard library);
no pygame, no UI: the screens are built on these modules.

    store.py     HistoryStore: every finished (or replaced unfinished) game in SQLite
    replay.py    Replay: every position of a saved game, stepped by action, turn or round
    story.py     story_of: VP and money by round, the final score by source, facts worth telling
    exchange.py  export_game / import_game: a game to a file and back (the save format)
    records.py   the values the store hands back (GameRecord, PlayerTotals, ...)
    recording.py a save checked, replayed and scored, ready for the records
    schema.py    the SQLite schema
    queries.py   the SQL: one game's transaction, the Records screen's reads
    texts.py     how names and labels read back are cleaned
"""
from __future__ import annotations

from .exchange import ExchangeError, ImportResult, export_game, export_save, import_game, read_import
from .records import (
    GameDetail,
    GameRecord,
    HistoryProblem,
    HistoryUnavailable,
    LevelRecord,
    PlayerTotals,
    Recorded,
    SeatRecord,
    StoredReview,
)
from .replay import Frame, Replay, RoundSpan, SeatInfo, Turn, public_view
from .store import HistoryStore, default_path
from .story import FACT_KINDS, ScoreParts, SeatStory, Story, story_of

__all__ = [
    "HistoryStore", "HistoryProblem", "HistoryUnavailable", "GameRecord", "GameDetail", "SeatRecord",
    "PlayerTotals", "LevelRecord", "Recorded", "StoredReview", "default_path",
    "Replay", "Frame", "Turn", "RoundSpan", "SeatInfo", "public_view",
    "Story", "SeatStory", "ScoreParts", "story_of", "FACT_KINDS",
    "ExchangeError", "ImportResult", "export_game", "export_save", "import_game", "read_import",
]
