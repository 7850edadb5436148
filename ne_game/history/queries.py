"""The SQL of the records: writing one game in one transaction, and the Records screen's reads."""
from __future__ import annotations

import logging
import math
import sqlite3
from collections.abc import Callable

from ne_game.rules import Action
from ne_game.storage.saves import SaveError

from .dates import bounded_time
from .recording import SAVE_ENCODING, PreparedGame, decode_save, encode_save
from .records import GameRecord, LevelRecord, PlayerTotals, Recorded, SeatRecord
from .schema import KIND_BITS
from .texts import LANGUAGE_LIMIT, clean_label, clean_name, name_key

log = logging.getLogger(__name__)


def ints(value: object, default: int = 0) -> int:
    return value if isinstance(value, int) and not isinstance(value, bool) else default


def real(value: object) -> float | None:
    return float(value) if isinstance(value, (int, float)) and math.isfinite(value) else None


def _stored_actions(conn: sqlite3.Connection, game_id: int) -> list[Action] | None:
    row = conn.execute("SELECT encoding, body FROM saves WHERE game_id = ?", (game_id,)).fetchone()
    if row is None:
        return None
    try:
        return list(decode_save(row[0], row[1], f"record {game_id}")["actions"])
    except SaveError as exc:
        log.warning("records: %s", exc)
        return None


def writer(game: PreparedGame) -> Callable[[sqlite3.Connection], Recorded]:
    return lambda conn: write_game(conn, game)


def write_game(conn: sqlite3.Connection, game: PreparedGame) -> Recorded:
    """One game in one transaction: a new record, or the one it continues, brought up to date."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        target: int | None = None
        for (game_id, was_finished) in conn.execute(
                "SELECT id, finished FROM games WHERE game_key = ? ORDER BY id", (game.key,)).fetchall():
            stored = _stored_actions(conn, game_id)
            if stored is None:
                continue
            if stored == game.actions[:len(stored)]:
                if len(stored) == len(game.actions) and (was_finished or not game.finished):
                    conn.execute("COMMIT")        # recorded already: nothing to add
                    return Recorded(int(game_id), "known")
                target = int(game_id)
                break
            if game.actions == stored[:len(game.actions)]:
                conn.execute("COMMIT")            # an earlier moment of a game recorded further on
                return Recorded(int(game_id), "known")
        values = (game.key, game.played_at, game.duration_s, game.language, int(game.finished), game.players,
                  game.rounds, len(game.actions), game.source)
        updated = target
        if target is None:
            cursor = conn.execute(
                "INSERT INTO games (game_key, played_at, duration_s, language, finished, players, rounds, actions, "
                "source) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)", values)
            if cursor.lastrowid is None:
                raise sqlite3.OperationalError("no row id for a new game")
            target = int(cursor.lastrowid)
        else:
            conn.execute("UPDATE games SET game_key = ?, played_at = ?, duration_s = COALESCE(?, duration_s), "
                         "language = ?, finished = ?, players = ?, rounds = ?, actions = ?, source = ? WHERE id = ?",
                         (*values, target))
            for table in ("seats", "majorities", "rounds", "reviews"):   # a review of less is no review of this
                conn.execute(f"DELETE FROM {table} WHERE game_id = ?", (target,))
        conn.executemany(
            "INSERT INTO seats (game_id, seat, name, name_key, family, kind, rivals, total, land_cards_vp, "
            "figure_cards_vp, majority_vp, money, rank, winner, finished, played_at) "
            "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
            [(target, *row, int(game.finished), game.played_at) for row in game.seats])
        conn.executemany("INSERT INTO majorities (game_id, seat, figure, figures, vp) VALUES (?, ?, ?, ?, ?)",
                         [(target, *row) for row in game.majorities])
        conn.executemany("INSERT INTO rounds (game_id, round, seat, vp, money) VALUES (?, ?, ?, ?, ?)",
                         [(target, *row) for row in game.round_rows])
        conn.execute("INSERT OR REPLACE INTO saves (game_id, encoding, body) VALUES (?, ?, ?)",
                     (target, SAVE_ENCODING, encode_save(game.save_json)))
        conn.execute("COMMIT")
        return Recorded(target, "new" if updated is None else "updated")
    except BaseException:
        if conn.in_transaction:
            conn.execute("ROLLBACK")
        raise


# ---------------------------------------------------------------- the queries
_GAME_COLUMNS = "id, played_at, duration_s, language, finished, players, rounds, actions, source"


def page(conn: sqlite3.Connection, player: str | None, limit: int, offset: int) -> list[GameRecord]:
    if player is None:
        ids = [r[0] for r in conn.execute("SELECT id FROM games ORDER BY played_at DESC, id DESC LIMIT ? OFFSET ?",
                                          (limit, offset))]
    else:
        ids = [r[1] for r in conn.execute(
            "SELECT DISTINCT played_at, game_id FROM seats WHERE name_key = ? "
            "ORDER BY played_at DESC, game_id DESC LIMIT ? OFFSET ?", (name_key(player), limit, offset))]
    return games_by_id(conn, ids)


def games_by_id(conn: sqlite3.Connection, ids: list[int]) -> list[GameRecord]:
    if not ids:
        return []
    marks = ", ".join("?" * len(ids))
    seats: dict[int, list[list[object]]] = {}
    for row in conn.execute(
            "SELECT game_id, seat, name, family, kind, total, land_cards_vp, figure_cards_vp, majority_vp, money, "
            f"rank, winner FROM seats WHERE game_id IN ({marks}) ORDER BY game_id, seat", ids):
        seats.setdefault(row[0], []).append(list(row[1:]))
    parts: dict[tuple[int, int], tuple[dict[str, int], dict[str, int]]] = {}
    for game_id, seat, figure, figures, vp in conn.execute(
            f"SELECT game_id, seat, figure, figures, vp FROM majorities WHERE game_id IN ({marks})", ids):
        label = clean_label(figure)
        if label:
            vps, counts = parts.setdefault((game_id, seat), ({}, {}))
            vps[label] = ints(vp)
            counts[label] = ints(figures)
    games: dict[int, GameRecord] = {}
    for row in conn.execute(f"SELECT {_GAME_COLUMNS} FROM games WHERE id IN ({marks})", ids):
        game_id = ints(row[0])
        seat_rows = []
        for s in seats.get(game_id, []):
            seat = ints(s[0])
            vps, counts = parts.get((game_id, seat), ({}, {}))
            seat_rows.append(SeatRecord(
                seat=seat, name=clean_name(s[1]), family=clean_label(s[2]), kind=clean_label(s[3]),
                total=ints(s[4]), land_cards_vp=ints(s[5]), figure_cards_vp=ints(s[6]), majority_vp=ints(s[7]),
                majorities=_in_figure_order(vps), figures=_in_figure_order(counts), money=ints(s[8]), rank=ints(s[9]), winner=bool(ints(s[10]))))
        games[game_id] = GameRecord(
            id=game_id, played_at=bounded_time(row[1]) or 0.0, duration_s=real(row[2]),
            language=clean_label(row[3], LANGUAGE_LIMIT),
            finished=bool(ints(row[4])), players=ints(row[5]), rounds=ints(row[6]), actions=ints(row[7]),
            source=clean_label(row[8], 16, "play"), seats=tuple(seat_rows))
    return [games[i] for i in ids if i in games]


def _in_figure_order(values: dict[str, int]) -> dict[str, int]:
    from ne_game.game.gamedata import default_ruleset

    order = {fig: k for k, fig in enumerate(default_ruleset().figure_order)}
    return dict(sorted(values.items(), key=lambda item: (order.get(item[0], len(order)), item[0])))


def totals(conn: sqlite3.Connection, kinds: tuple[str, ...]) -> list[PlayerTotals]:
    if not kinds:
        return []
    marks = ", ".join("?" * len(kinds))
    bits = list(KIND_BITS.items())
    against = ", ".join(f"SUM(finished AND (rivals & {bit}) != 0), SUM(finished AND winner AND (rivals & {bit}) != 0)"
                        for _, bit in bits)
    names = {key: name for key, name, _ in conn.execute(
        f"SELECT name_key, name, MAX(played_at) FROM seats WHERE kind IN ({marks}) GROUP BY name_key", kinds)}
    out: list[PlayerTotals] = []
    for row in conn.execute(
            "SELECT name_key, SUM(finished), SUM(finished AND winner), SUM(NOT finished), "
            "MAX(CASE WHEN finished THEN total END), AVG(CASE WHEN finished THEN total END), "
            f"{against} FROM seats WHERE kind IN ({marks}) GROUP BY name_key", kinds):
        key = row[0] if isinstance(row[0], str) else ""
        levels = {kind: LevelRecord(ints(row[6 + 2 * k]), ints(row[7 + 2 * k])) for k, (kind, _) in enumerate(bits)}
        average = real(row[5])
        out.append(PlayerTotals(
            name=clean_name(names.get(key, key)), key=key, games=ints(row[1]), wins=ints(row[2]),
            unfinished=ints(row[3]), best=row[4] if isinstance(row[4], int) else None,
            average=average, against={k: v for k, v in levels.items() if v.games}))
    out.sort(key=lambda t: (-t.games, -t.unfinished, t.key))
    return out
