"""`ne-game host --headless`: a game with no window. Phone seats play from their phones,
computer seats play here; one JSON line per phone seat on start, one at the end."""
from __future__ import annotations

import json
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TextIO

from ne_game import rules
from ne_game.game.session import GameSession, Seat, family_order

from .host import PhoneHost
from .qr import qr_text
from .server import Limits

log = logging.getLogger(__name__)

PHONE = "phone"


@dataclass(frozen=True)
class SeatSpec:
    kind: str          # "phone" or a computer level
    name: str


def parse_seats(text: str, levels: tuple[str, ...], counts: range | tuple[int, ...]) -> list[SeatSpec]:
    """'phone,phone:Ann,medium,hard' -> seats; ValueError says what is wrong."""
    specs: list[SeatSpec] = []
    for part in [p.strip() for p in text.split(",") if p.strip()]:
        kind, _, name = part.partition(":")
        kind = kind.strip().lower()
        if kind != PHONE and kind not in levels:
            raise ValueError(f"unknown seat {kind!r}; use {PHONE} or a level ({', '.join(levels)})")
        specs.append(SeatSpec(kind, name.strip()[:24]))
    if len(specs) not in counts:
        raise ValueError(f"give {min(counts)} to {max(counts)} seats, e.g. phone,phone,medium,hard")
    if not any(s.kind == PHONE for s in specs):
        raise ValueError("no seat is on a phone; use `ne-game simulate` for computer games")
    return specs


def make_session(specs: list[SeatSpec], seed: int | None = None) -> GameSession:
    order = family_order()
    seats = [Seat(name=spec.name or order[i].capitalize(), family=order[i],
                  kind="human" if spec.kind == PHONE else spec.kind) for i, spec in enumerate(specs)]
    return GameSession.new(seats, seed)


class Computers:
    """The computer seats' players (ne_game.ai), each seeing only its seat's observation."""

    def __init__(self, session: GameSession, budget: float | None) -> None:
        from ne_game.ai import make_player

        self.players = {i: make_player(s.kind, seed=session.seed * 31 + i, time_budget=budget)
                        for i, s in enumerate(session.seats) if not s.is_human}

    def move(self, session: GameSession) -> bool:
        """Play the computer's decision if one is due; False when a person decides."""
        seat = session.current_seat
        if seat is None or seat not in self.players:
            return False
        action = self.players[seat].choose(rules.observe(session.state, seat), session.legal_actions())
        session.apply(action)
        return True


def run_host(specs: list[SeatSpec], *, port: int, bind: str | None, seed: int | None = None,
             budget: float | None = None, pace: float = 0.6, show_qr: bool = False,
             out: TextIO, limits: Limits | None = None,
             started: Callable[[PhoneHost], None] | None = None) -> int:
    """Run one game to its end (or Ctrl+C). Returns the exit status."""
    session = make_session(specs, seed)
    phones = [i for i, s in enumerate(specs) if s.kind == PHONE]
    host = PhoneHost(session, phones, bind=bind or "0.0.0.0", port=port,
                     address=bind if bind not in (None, "0.0.0.0", "::") else None, limits=limits)
    try:
        seats = host.start()
    except OSError as err:
        print(json.dumps({"end": "error", "message": f"cannot listen: {err}"}), file=out, flush=True)
        return 2
    for s in seats:
        print(json.dumps({"seat": s.seat, "family": s.family, "url": s.url}), file=out, flush=True)
        if show_qr:
            print(qr_text(s.url), file=out, flush=True)
    if started is not None:
        started(host)
    computers = Computers(session, budget)
    end: dict[str, Any]
    try:
        while not session.is_over():
            host.pump(0)
            if computers.move(session):
                deadline = time.monotonic() + pace     # let the phones see the computer's move
                while time.monotonic() < deadline:
                    host.pump(max(0.0, deadline - time.monotonic()))
                continue
            host.pump(1.0)     # a person decides: wait for their phone
        scores = rules.final_scores(session.state)
        end = {"end": "game_over", "winners": rules.winners(session.state),
               "scores": [{"seat": r["seat"], "family": r["family"], "vp": r["total"], "money": r["money"]}
                          for r in scores],
               "message": "The game is over."}
        host.server.close_all("game_over")
    except KeyboardInterrupt:
        end = {"end": "interrupted", "message": "Stopped (Ctrl+C); the game was not finished."}
    finally:
        host.stop()
    print(json.dumps(end), file=out, flush=True)
    return 0
