"""A game made ready for the records: a save checked, replayed and scored (no database here)."""
from __future__ import annotations

import hashlib
import json
import logging
import time
import zlib
from dataclasses import dataclass
from typing import cast

from ne_game.rules import JSON, Action
from ne_game.storage import safe_io
from ne_game.storage.saves import SUMMARY_LIMIT, SaveData, SaveError, check_envelope

from .dates import bounded_time
from .replay import Replay
from .schema import KIND_BITS
from .story import Story, story_of
from .texts import LANGUAGE_LIMIT, clean_label, clean_name, is_storable, name_key

log = logging.getLogger(__name__)

# a `seats` row: seat, name, name key, family, kind, rivals (KIND_BITS), total, land cards VP,
# figure cards VP, majority VP, money, rank, won (0/1)
SeatRow = tuple[int, str, str, str, str, int, int, int, int, int, int, int, int]
MajorityRow = tuple[int, str, int, int]      # seat, figure, figures held, VP
RoundRow = tuple[int, int, int, int]         # round, seat, VP, money

SOURCES = ("play", "import")
SAVE_ENCODING = "zlib+json"


@dataclass
class PreparedGame:
    """A save replayed and scored, ready for one transaction (made outside the lock)."""

    key: str
    save_json: str
    actions: list[Action]
    finished: bool
    players: int
    rounds: int
    played_at: float
    duration_s: float | None
    language: str
    source: str
    seats: list[SeatRow]
    majorities: list[MajorityRow]
    round_rows: list[RoundRow]
    story: Story


def game_key(save: SaveData) -> str:
    """What makes two records the same game: seed, variant, and the seats as set up."""
    seats = [[str(s["name"]), str(s["family"]), str(s["kind"])] for s in save["seats"]]
    ident = {"seed": save["seed"], "variant": save["variant"], "seats": seats}
    text = json.dumps(ident, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(text.encode("ascii")).hexdigest()


def _number(value: object, lo: float, hi: float) -> float | None:
    return float(value) if isinstance(value, (int, float)) and safe_io.is_number(value, lo, hi) else None


def prepare(save: object, *, finished: bool | None = None, duration_s: object = None,
            language: object = "", played_at: object = None, source: str = "play",
            name: str = "game") -> PreparedGame:
    """Check and replay a save, and work out everything a record holds; SaveError if it cannot.
    Every value is checked here (a game waiting in history-pending/ comes from a file)."""
    raw: JSON = json.loads(json.dumps(save, ensure_ascii=True))   # one JSON form: lists, not tuples
    seats_in = raw.get("seats") if isinstance(raw, dict) else None
    if isinstance(raw, dict) and isinstance(seats_in, list):
        # a stray character in a name costs that character, not the game: the names are cleaned,
        # and the optional texts that repeat them (the summary) are dropped when not clean
        for seat in seats_in:
            if isinstance(seat, dict) and isinstance(seat.get("name"), str):
                seat["name"] = clean_name(seat["name"])
        for key, limit in (("summary", SUMMARY_LIMIT), ("saved_at", 64), ("game_version", 64)):
            text = raw.get(key)
            if key in raw and (safe_io.clean_text(text, limit) is None or not is_storable(text)):
                log.info("%s: its %s is left out of the records (not a clean text)", name, key)
                del raw[key]
    replay = Replay.from_save(raw, source=name)
    played_s = raw.get("played_s") if isinstance(raw, dict) else None
    data = cast("SaveData", raw)      # checked by Replay.from_save just now
    if finished is not None and finished != replay.finished:
        log.warning("%s: recorded as %s, but the replay says %s", name,
                    "finished" if finished else "unfinished", "finished" if replay.finished else "unfinished")
    story = story_of(replay)
    rows = replay.scores(replay.last)
    kinds = [s.kind for s in replay.seats]
    winners = set(story.winners)
    seats: list[SeatRow] = []
    majorities: list[MajorityRow] = []
    for info, row in zip(replay.seats, rows):
        rivals = 0
        for other, kind in enumerate(kinds):
            if other != info.seat:
                rivals |= KIND_BITS.get(kind, 0)
        name_text = clean_name(info.name)
        seats.append((info.seat, name_text, name_key(name_text), info.family, info.kind, rivals, row["total"],
                      row["land_cards_vp"], row["figure_cards_vp"], row["majority_vp"], row["money"], row["rank"],
                      int(info.seat in winners)))
        for figure, vp in row["majorities"].items():
            majorities.append((info.seat, figure, row["figures"].get(figure, 0), vp))
    round_rows = [(number, seat.seat, seat.vp_by_round[k], seat.money_by_round[k])
                  for k, number in enumerate(story.rounds) for seat in story.seats]
    when = bounded_time(played_at)
    return PreparedGame(
        key=game_key(data), save_json=json.dumps(data, separators=(",", ":"), ensure_ascii=True),
        actions=list(data["actions"]), finished=replay.finished, players=replay.players,
        rounds=len(story.rounds), played_at=time.time() if when is None else when,
        duration_s=_number(duration_s if duration_s is not None else played_s, 0, 1e9),
        language=clean_label(language, LANGUAGE_LIMIT), source=source if source in SOURCES else "play",
        seats=seats, majorities=majorities, round_rows=round_rows, story=story)


def encode_save(save_json: str) -> bytes:
    return zlib.compress(save_json.encode("ascii"), 6)


def decode_save(encoding: object, body: object, name: str) -> SaveData:
    """A stored save back, through the caps and checks of a save file; SaveError if it fails."""
    if encoding != SAVE_ENCODING or not isinstance(body, bytes):
        raise SaveError(f"{name}: damaged (unknown encoding)")
    cap = safe_io.CAPS["save"]
    try:
        inflater = zlib.decompressobj()
        raw = inflater.decompress(body, cap + 1)
    except zlib.error as exc:
        raise SaveError(f"{name}: damaged ({exc})") from None
    if len(raw) > cap or inflater.unconsumed_tail:
        raise SaveError(f"{name}: damaged (larger than a save may be)")
    try:
        data = safe_io.parse_json(raw.decode("utf-8"), name)
    except (UnicodeDecodeError, safe_io.UnsafeFile) as exc:
        raise SaveError(f"{name}: damaged ({exc})") from None
    save = check_envelope(data, name)
    for seat in save["seats"]:
        seat["name"] = clean_name(seat["name"])
    return save
