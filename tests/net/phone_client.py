"""A test phone: a real WebSocket client on loopback (websockets' sync client), with bounded
timeouts, and a test harness that drives the host synchronously from the test's thread."""
from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from websockets.sync.client import ClientConnection, connect

from ne_game import rules
from ne_game.game.session import GameSession, Seat, family_order
from ne_game.net import Limits, PhoneHost

TIMEOUT = 10.0      # any single wait on loopback; a hang fails the test instead of blocking CI


class Phone:
    def __init__(self, url: str, token: str | None, *, origin: str | None = None) -> None:
        self.url, self.token = url, token
        headers = {"Origin": origin} if origin else None
        self.ws: ClientConnection = connect(url, open_timeout=TIMEOUT, additional_headers=headers,
                                            max_size=2**22, legacy=True)
        self.received: list[dict[str, Any]] = []
        self.view: dict[str, Any] | None = None
        self.welcome: dict[str, Any] | None = None
        self.pings = 0
        if token is not None:
            self.send({"type": "hello", "token": token})

    def send(self, msg: dict[str, Any] | str | bytes) -> None:
        self.ws.send(msg if isinstance(msg, (str, bytes)) else json.dumps(msg))

    def recv(self) -> dict[str, Any]:
        msg: dict[str, Any] = json.loads(self.ws.recv(timeout=TIMEOUT))
        if msg.get("type") == "ping" and self.pings > 3:
            raise AssertionError("only heartbeats for 30 s")
        self.pings = self.pings + 1 if msg.get("type") == "ping" else 0
        self.received.append(msg)
        if msg.get("type") == "ping":          # as the page does: the heartbeat's answer
            self.send({"type": "pong"})
        elif msg.get("type") == "view":
            self.view = msg
        elif msg.get("type") == "welcome":
            self.welcome = msg
        return msg

    def recv_until(self, kind: str, **match: Any) -> dict[str, Any]:
        for _ in range(1000):     # bounded: heartbeats alone must not keep a test waiting
            msg = self.recv()
            if msg.get("type") == kind and all(msg.get(k) == v for k, v in match.items()):
                return msg
        raise AssertionError(f"no {kind} {match} in 1000 messages")

    def act(self, action: dict[str, Any], seq: int | None = None) -> None:
        assert self.view is not None
        self.send({"type": "act", "seq": self.view["seq"] if seq is None else seq, "action": action})

    def close(self) -> None:
        self.ws.close()


@dataclass
class Table:
    """A host on 127.0.0.1 with every seat on a phone; the test's thread is the game's thread."""
    session: GameSession
    host: PhoneHost
    urls: dict[int, str]
    states: dict[int, rules.State] = field(default_factory=dict)   # seq -> the state it showed

    @classmethod
    def open(cls, seats: int = 4, seed: int = 7, limits: Limits | None = None,
             phones: list[int] | None = None, kinds: list[str] | None = None) -> Table:
        order = family_order()
        kinds = kinds or ["human"] * seats
        session = GameSession.new([Seat(order[i].capitalize(), order[i], kinds[i]) for i in range(seats)], seed)
        # a test phone acts faster than a thumb: the rate limit is tested on its own
        host = PhoneHost(session, phones if phones is not None else range(seats), bind="127.0.0.1", port=0,
                         limits=limits or Limits(rate=10_000, burst=10_000))
        table = cls(session, host, {})
        table.states[0] = session.state
        for s in host.start():
            table.urls[s.seat] = s.url
        # after the host's own listener: host.seq is already the new one
        session.add_listener(lambda event: table.states.__setitem__(host.seq, session.state))
        return table

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.host.port}/ws"

    def phone(self, seat: int) -> Phone:
        phone = Phone(self.ws_url, self.host.tokens[seat])
        phone.recv_until("welcome")
        phone.recv_until("view")
        self.pump_until(lambda: self.host.connected(seat))
        return phone

    def pump_until(self, done: Any, limit: int = 50) -> None:
        """Pump the host (bounded waits) until `done()`; fails rather than hangs."""
        for _ in range(limit):
            if done():
                return
            self.host.pump(timeout=TIMEOUT / limit)
        assert done(), "the host did not get there"

    def handle(self, count: int = 1) -> None:
        """Pump until the host has handled `count` messages from the phones (bounded)."""
        handled = 0
        for _ in range(50):
            handled += self.host.pump(timeout=TIMEOUT / 50)
            if handled >= count:
                return
        raise AssertionError(f"the host handled {handled} of {count} messages")

    def close(self) -> None:
        self.host.stop()


def hidden_cards_ok(view: dict[str, Any], seat: int) -> bool:
    """No other seat's barn card is readable in a view for `seat`, and no bag, deck or seed."""
    if any(k in view for k in ("bag", "deck", "seed")):
        return False
    return all(b["card"] in (None, rules.HIDDEN) for i, p in enumerate(view["players"]) if i != seat
               for b in p["barns"])
