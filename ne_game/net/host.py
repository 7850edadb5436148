"""The game's side of the phones: seats' tokens, a view for every phone after every change,
and the phones' actions applied on the game's own thread.

    host = PhoneHost(session, phone_seats=[0, 1])
    for seat in host.start():            # listening now; seat.url goes into the QR code
        ...
    host.pump(timeout)                   # on the game's thread: apply what the phones sent
    host.stop()                          # when the game closes

The session stays the only authority: an action from a phone goes through the same
`session.apply` as a click on the TV, on the thread that calls `pump` (the window's main
loop, or the headless host's). The window game later uses this same class: it calls `pump(0)`
every frame, passes `wake=` to be woken when a phone sends something, and reads `connected()`
to show a phone that is away.
"""
from __future__ import annotations

import logging
import queue
import secrets
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import ne_game.net.protocol as protocol
from ne_game import rules
from ne_game.game.session import GameSession, SessionEvent, families
from ne_game.i18n import current_language

from .lan import LOOPBACK, lan_address
from .server import Inbound, Limits, NetServer, WebFile
from .words import page_words

log = logging.getLogger(__name__)

WEB_DIR = Path(__file__).resolve().parent / "web"
CONTENT_TYPES = {".html": "text/html; charset=utf-8", ".css": "text/css; charset=utf-8",
                 ".js": "text/javascript; charset=utf-8", ".svg": "image/svg+xml", ".png": "image/png"}
DEFAULT_PORT = 8765


def web_files(folder: Path = WEB_DIR) -> dict[str, WebFile]:
    """The page's own files, read once: the server answers from this table only, so no name
    in a request is ever opened as a path."""
    found: dict[str, WebFile] = {}
    for path in sorted(folder.iterdir()):
        kind = CONTENT_TYPES.get(path.suffix)
        if path.is_file() and kind is not None:
            found[path.name] = WebFile(path.read_bytes(), kind)
    return found


@dataclass(frozen=True)
class PhoneSeat:
    """A seat played on a phone: its address (with the seat's token) is the QR code's text."""
    seat: int
    family: str
    name: str
    token: str
    url: str


class PhoneHost:
    def __init__(self, session: GameSession, phone_seats: Iterable[int], *, bind: str = "0.0.0.0",
                 port: int = DEFAULT_PORT, address: str | None = None, limits: Limits | None = None,
                 wake: Callable[[], None] | None = None,
                 on_presence: Callable[[int, bool], None] | None = None) -> None:
        self.session = session
        self.phone_seats = tuple(sorted(set(phone_seats)))
        for seat in self.phone_seats:
            if not 0 <= seat < len(session.seats) or not session.seats[seat].is_human:
                raise ValueError(f"seat {seat} cannot be played on a phone (it is not a person's seat)")
        for seat in self.phone_seats:
            session.seats[seat].phone = True      # the session says so too (the TV, the save)
        self.bind = bind
        self.port = port
        self.address = address
        self.on_presence = on_presence
        self.inbox: queue.Queue[Inbound] = queue.Queue()
        # a token is the seat's one credential: 192 random bits, new for every game
        self.tokens = {seat: secrets.token_urlsafe(protocol.TOKEN_BYTES) for seat in self.phone_seats}
        self._conn_of: dict[int, int] = {}      # seat -> its socket now (presence)
        self.seq = 0
        self._limits = limits
        self._wake = wake
        self.server = self._make_server(port)
        self._listening = False

    def _make_server(self, port: int) -> NetServer:
        return NetServer({t: s for s, t in self.tokens.items()}, self.inbox, files=web_files(),
                         words=self._words_json, bind=self.bind, port=port, limits=self._limits, wake=self._wake,
                         allowed_hosts=("localhost",))

    # ------------------------------------------------------------ life
    def start(self, fallback: bool = False) -> list[PhoneSeat]:
        """Listen, publish the first views, and give each phone seat its address. `fallback`:
        when the port is taken (another program, a second game), take any free port instead
        (the window game: its QR codes carry the port; a headless host asked for its port)."""
        try:
            port = self.server.start()
        except OSError:
            if not fallback or self.port == 0:
                raise
            log.warning("port %s is taken; the phones get any free port", self.port, exc_info=True)
            self.server = self._make_server(0)
            port = self.server.start()
        self.port = port
        self._listening = True
        self.session.add_listener(self._changed)
        for seat in self.phone_seats:
            self.server.set_welcome(seat, protocol.encode(self.welcome(seat)))
        self._publish()
        address = self.address or self._advertised()
        host = f"[{address}]" if ":" in address else address
        return [PhoneSeat(seat, self.session.seats[seat].family, self.session.seats[seat].name, token,
                          f"http://{host}:{port}/?t={token}") for seat, token in self.tokens.items()]

    def _advertised(self) -> str:
        if self.bind in ("0.0.0.0", "", "::"):
            return lan_address()
        return self.bind if self.bind else LOOPBACK

    def stop(self, reason: str = "host_closed") -> None:
        """Stop listening (the game closed): every phone gets a bye."""
        if not self._listening:
            return
        self._listening = False
        self.session.remove_listener(self._changed)
        self.server.stop(reason)

    @property
    def listening(self) -> bool:
        return self._listening

    def connected(self, seat: int) -> bool:
        """A phone holds this seat now (as far as the game's thread has heard)."""
        return seat in self._conn_of

    def language_changed(self) -> None:
        """The game's language changed: a new welcome to every phone (its page sees the new
        `lang` and fetches its words again), then the views."""
        for seat in self.phone_seats:
            self.server.set_welcome(seat, protocol.encode(self.welcome(seat)), resend=True)
        self._publish()

    # ------------------------------------------------------------ what the phones see
    def welcome(self, seat: int) -> dict[str, Any]:
        """Who is who and the board's shape: what a phone needs once per connection."""
        rs = self.session.state.rs
        names = {f["id"]: f for f in families()}
        return {
            "type": "welcome",
            "protocol": protocol.PROTOCOL_VERSION,
            "seat": seat,
            "lang": current_language(),
            "seats": [{"seat": i, "name": s.name, "family": s.family,
                       "initial": str(names[s.family]["initial"]) if s.family in names else s.family[:1].upper(),
                       "kind": s.kind, "phone": i in self.phone_seats}
                      for i, s in enumerate(self.session.seats)],
            "board": {"width": rs.width, "height": rs.height,
                      "cells": [list(rs.xy[c]) for c in rs.cells],
                      "coast": [list(rs.xy[c]) for c in rs.cells if rs.coastal[c]]},
            "cards": {cid: {"vp": spec.vp, "land": spec.land, "figure": spec.figure,
                            "pattern": [list(d) for d in spec.shapes[0]] if spec.shapes else None}
                      for cid, spec in rs.cards.items()},
            "bid_values": list(rs.bid_values),
            "max_purchases": rs.max_purchases,
        }

    def view(self, seat: int) -> dict[str, Any]:
        """The seat's view message: exactly `rules.observe(state, seat)`, its legal actions when
        it decides now, and the public running score."""
        state = self.session.state
        mine = rules.current_player(state) == seat
        return {
            "type": "view",
            "seq": self.seq,
            "seat": seat,
            "view": rules.observe(state, seat),
            "legal": rules.legal_actions(state) if mine else [],
            "undo": mine and self.session.can_undo(),
            "scores": rules.final_scores(state),      # public: cards face up, figures, money
        }

    def _publish(self) -> None:
        for seat in self.phone_seats:
            self.server.publish(seat, protocol.encode(self.view(seat)))

    def _changed(self, event: SessionEvent) -> None:
        self.seq += 1
        self._publish()

    def _words_json(self) -> bytes:
        return protocol.encode(page_words()).encode("utf-8")

    # ------------------------------------------------------------ what the phones send
    def pump(self, timeout: float | None = 0.0) -> int:
        """Handle what the phones sent, on this (the game's) thread. Waits up to `timeout`
        seconds for the first message (None: until one comes), then takes all that wait."""
        handled = 0
        try:
            item = self.inbox.get(timeout=timeout) if timeout != 0 else self.inbox.get_nowait()
        except queue.Empty:
            return 0
        while True:
            self._handle(item)
            handled += 1
            try:
                item = self.inbox.get_nowait()
            except queue.Empty:
                return handled

    def _handle(self, item: Inbound) -> None:
        if item.kind == "joined":
            self._conn_of[item.seat] = item.conn
            if self.on_presence is not None:
                self.on_presence(item.seat, True)
            return
        if item.kind == "left":
            if self._conn_of.get(item.seat) == item.conn:
                del self._conn_of[item.seat]
                if self.on_presence is not None:
                    self.on_presence(item.seat, False)
            return
        code = self._check(item)
        if code is not None:
            self._refuse(item, code)
            return
        if item.kind == "undo":
            self.session.undo()
            return
        assert item.action is not None
        legal = {rules.action_key(a): a for a in self.session.legal_actions()}
        try:
            key = rules.action_key(item.action)
            canonical = legal.get(key)
        except (TypeError, ValueError, RecursionError):   # unhashable or odd shapes: not an action
            canonical = None
        if canonical is None:
            self._refuse(item, "illegal_action", rule=self._rule(item.action))
            return
        # the engine's own dict from legal_actions, never the phone's (True is not 1)
        self.session.apply(canonical)

    def _check(self, item: Inbound) -> str | None:
        session = self.session
        if session.is_over():
            return "game_over"
        if item.seq != self.seq:
            return "stale_seq"
        if not session.seats[item.seat].phone:
            return "seat_taken"       # the TV took the seat back, or gave it to a computer
        if session.current_seat != item.seat:
            return "not_your_turn"
        if item.kind == "undo" and not session.can_undo():
            return "nothing_to_undo"
        return None

    def _rule(self, action: dict[str, object]) -> str:
        """The engine's refusal code for an action that is not legal (why, for the phone)."""
        try:
            rules.apply_action(self.session.state, action)
        except rules.IllegalAction as err:
            return err.code
        except Exception:     # a phone's odd input must never take the game down; logged to fix
            log.exception("the engine failed on an action from a phone: %.200r", action)
            return "unknown"
        return "unknown"

    def _refuse(self, item: Inbound, code: str, **extra: Any) -> None:
        self.server.send_to(item.conn, protocol.refused(code, **extra))
        if code == "stale_seq":       # the phone is behind: the whole view again
            self.server.send_to(item.conn, protocol.encode(self.view(item.seat)))
