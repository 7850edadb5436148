"""Shared makers for the file-robustness tests: a real save, deep JSON, the user folder's files."""
from __future__ import annotations

import json
from pathlib import Path

from ne_game import rules
from ne_game.game.session import GameSession, Seat, family_order


def real_save(moves: int = 6, names=("Alice", "Bob", "Cleo", "Dan")) -> dict:
    seats = [Seat(name, fam, "human") for name, fam in zip(names, family_order())]
    session = GameSession.new(seats, seed=11)
    for _ in range(moves):
        session.apply(rules.legal_actions(session.state)[0])
    return session.to_save()


def deep_json(levels: int = 990) -> str:
    return "[" * levels + "]" * levels


def write(path: Path, content: str | bytes) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_text(content, encoding="utf-8")
    return path


def dumps(data) -> str:
    return json.dumps(data)
