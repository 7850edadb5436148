"""The phones' server: one asyncio event loop in one worker thread, serving the page and the
WebSocket `/ws` on one port with the `websockets` library.

It holds no game state and decides nothing about the game. It checks who a socket is (the
seat's token), what it sends (size, rate, shape: protocol.parse_client) and then hands the
message to the game's thread through a thread-safe queue (`Inbound`). The game's thread
answers through `publish` and `send_to`, which hop onto the loop with
`call_soon_threadsafe`. Every connection's outgoing messages go through its own queue and
writer task, so views arrive in the order the game made them.
"""
from __future__ import annotations

import asyncio
import hmac
import logging
import queue
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from http import HTTPStatus
from typing import Literal
from urllib.parse import urlsplit

from websockets.asyncio.server import Server, ServerConnection, serve
from websockets.datastructures import Headers
from websockets.exceptions import ConnectionClosed
from websockets.http11 import Request, Response

import ne_game.net.protocol as protocol

from .lan import is_ip_literal
from .protocol import ClientMessage, Refusal

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class Limits:
    """What one socket may do. The defaults suit a phone: a tap is one message."""
    max_message: int = protocol.MAX_MESSAGE
    rate: float = 20.0            # messages a second, sustained
    burst: float = 30.0           # and this many at once
    hello_timeout: float = 10.0   # a socket that does not say who it is is closed
    ping_every: float = 10.0      # the app-level heartbeat (phones' sockets die silently)
    dead_after: float = 35.0      # nothing heard for this long: the socket is closed
    max_strikes: int = 100        # refusals for rate in a row before the socket is closed
    out_queue: int = 256          # messages waiting for a slow phone before it is dropped


@dataclass(frozen=True)
class Inbound:
    """A message for the game's thread. `conn` names the socket (refusals go back to it)."""
    kind: Literal["joined", "left", "act", "undo"]
    seat: int
    conn: int
    seq: int = -1
    action: dict[str, object] | None = None


@dataclass(frozen=True)
class WebFile:
    body: bytes
    content_type: str


class _Bucket:
    """A token bucket: `rate` a second, at most `burst` saved up."""

    def __init__(self, rate: float, burst: float) -> None:
        self.rate, self.burst, self.level, self.at = rate, burst, burst, time.monotonic()

    def take(self) -> bool:
        now = time.monotonic()
        self.level = min(self.burst, self.level + (now - self.at) * self.rate)
        self.at = now
        if self.level >= 1.0:
            self.level -= 1.0
            return True
        return False


@dataclass(eq=False)
class _Conn:
    id: int
    ws: ServerConnection
    bucket: _Bucket
    out: asyncio.Queue[str | None]
    seen: float
    seat: int | None = None
    strikes: int = 0
    writer: asyncio.Task[None] | None = field(default=None, repr=False)


class NetServer:
    """Start with `start()` (returns the port), stop with `stop()`. Thread-safe: `publish`,
    `send_to`, `set_welcome`, `close_all`; the rest runs on the server's own thread."""

    def __init__(self, tokens: Mapping[str, int], inbox: queue.Queue[Inbound], *,
                 files: Mapping[str, WebFile], words: Callable[[], bytes], bind: str = "0.0.0.0",
                 port: int = 0, limits: Limits | None = None, wake: Callable[[], None] | None = None,
                 allowed_hosts: tuple[str, ...] = ("localhost",)) -> None:
        self._tokens = dict(tokens)
        self._inbox = inbox
        self._files = dict(files)
        self._words = words
        self.bind = bind
        self.port = port
        self.limits = limits or Limits()
        self._wake = wake
        self._allowed_hosts = tuple(h.lower() for h in allowed_hosts)
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._ready = threading.Event()
        self._failure: BaseException | None = None
        self._stop: asyncio.Event | None = None
        self._server: Server | None = None
        # loop-thread state
        self._conns: dict[int, _Conn] = {}
        self._by_seat: dict[int, _Conn] = {}
        self._latest: dict[int, str] = {}
        self._welcome: dict[int, str] = {}
        self._next_id = 0
        self._tasks: set[asyncio.Task[None]] = set()     # fire-and-forget closes, kept alive

    # ------------------------------------------------------------ the game's thread
    def start(self, timeout: float = 10.0) -> int:
        """Listen (in a worker thread) and return the port; OSError when it cannot."""
        if self._thread is not None:
            raise RuntimeError("the phones' server is already running")
        self._thread = threading.Thread(target=self._run, name="ne-game-phones", daemon=True)
        self._thread.start()
        if not self._ready.wait(timeout):
            raise OSError("the phones' server did not start")
        if self._failure is not None:
            self._thread.join(timeout)
            self._thread = None
            raise OSError(f"cannot listen on {self.bind}:{self.port}: {self._failure}") from self._failure
        return self.port

    def stop(self, reason: str = "host_closed", timeout: float = 5.0) -> None:
        """Say bye to every phone, close the sockets and stop listening."""
        loop, thread = self._loop, self._thread
        if loop is None or thread is None:
            return
        if not loop.is_closed():
            try:
                loop.call_soon_threadsafe(self._begin_stop, reason)
            except RuntimeError:      # the loop closed between the check and the call
                log.debug("phones' server loop already closed")
        thread.join(timeout)
        if thread.is_alive():
            log.warning("the phones' server thread did not stop within %s s", timeout)
        self._thread = None

    @property
    def running(self) -> bool:
        return self._thread is not None and self._thread.is_alive()

    def publish(self, seat: int, text: str) -> None:
        """The newest view of `seat`: sent to its socket now, and to any socket that joins later."""
        self._call(self._publish, seat, text)

    def send_to(self, conn: int, text: str) -> None:
        """One message to one socket (a refusal goes back to the socket that sent the action)."""
        self._call(self._send_to, conn, text)

    def set_welcome(self, seat: int, text: str, resend: bool = False) -> None:
        """The welcome a socket of `seat` gets after its hello; `resend`: the seat's phone
        gets it now too (the language changed: the page fetches its words again)."""
        self._call(self._set_welcome, seat, text, resend)

    def close_all(self, reason: str) -> None:
        """Bye to every phone (the game is over); the server keeps listening until stop()."""
        self._call(self._close_all, reason)

    def _call(self, fn: Callable[..., None], *args: object) -> None:
        loop = self._loop
        if loop is None or loop.is_closed():
            return
        try:
            loop.call_soon_threadsafe(fn, *args)
        except RuntimeError:          # closed in between: the server is going away anyway
            log.debug("phones' server gone; message dropped")

    # ------------------------------------------------------------ the server's thread
    def _run(self) -> None:
        loop = asyncio.new_event_loop()
        self._loop = loop
        try:
            loop.run_until_complete(self._main())
        except BaseException as err:     # noqa: BLE001 - reported to start(), logged, never lost
            if not self._ready.is_set():
                self._failure = err
            else:
                log.exception("the phones' server stopped on an error")
        finally:
            self._ready.set()
            try:
                loop.run_until_complete(loop.shutdown_asyncgens())
            finally:
                loop.close()

    async def _main(self) -> None:
        self._stop = asyncio.Event()
        self._server = await serve(
            self._handle, self.bind, self.port, process_request=self._process_request,
            max_size=self.limits.max_message, ping_interval=20, ping_timeout=20, close_timeout=3,
            server_header=None, open_timeout=10, logger=log)
        sockets = list(self._server.sockets)
        self.port = int(sockets[0].getsockname()[1]) if sockets else self.port
        self._ready.set()
        beat = asyncio.create_task(self._heartbeat())
        await self._stop.wait()
        beat.cancel()
        writers = [c.writer for c in self._conns.values() if c.writer is not None]
        if writers:       # let the byes go out before the sockets close
            await asyncio.wait(writers, timeout=2.0)
        self._server.close(close_connections=True)
        await self._server.wait_closed()

    def _begin_stop(self, reason: str) -> None:
        self._close_all(reason)
        if self._stop is not None:
            self._stop.set()

    def _put(self, item: Inbound) -> None:
        self._inbox.put(item)
        if self._wake is not None:
            try:
                self._wake()
            except Exception:     # a failing wake-up must not take the server down
                log.exception("waking the game's thread failed")

    # -- HTTP: the page's own files, and the checks before a WebSocket opens
    def _process_request(self, conn: ServerConnection, request: Request) -> Response | None:
        host = request.headers.get("Host", "")
        hostname = (urlsplit(f"//{host}").hostname or "") if host else ""
        # An IP literal or a known name only: a name that some DNS server points here
        # (DNS rebinding) would make a foreign page same-origin with this one.
        if not (is_ip_literal(hostname) or hostname.lower() in self._allowed_hosts):
            return conn.respond(HTTPStatus.MISDIRECTED_REQUEST, "Unknown host name.\n")
        path = urlsplit(request.path).path
        if path == "/ws":
            origin = request.headers.get("Origin")
            # Browsers always send Origin: it must be this page's own. Programs that are not
            # browsers (tests, a relay later) send none and still need a seat's token.
            if origin is not None and origin != f"http://{host}":
                log.info("refused a WebSocket from origin %r (host %r)", origin[:80], host[:80])
                return conn.respond(HTTPStatus.FORBIDDEN, "Wrong origin.\n")
            return None
        if path == "/words.json":
            return self._response(conn, WebFile(self._words(), "application/json; charset=utf-8"), host)
        name = "index.html" if path == "/" else path[1:]
        # a name is looked up among the page's files, never opened as a path
        found = self._files.get(name)
        if found is None:
            return conn.respond(HTTPStatus.NOT_FOUND, "Not found.\n")
        return self._response(conn, found, host)

    @staticmethod
    def _response(conn: ServerConnection, file: WebFile, host: str) -> Response:
        response = conn.respond(HTTPStatus.OK, "")
        headers = Headers([
            ("Content-Type", file.content_type),
            ("Content-Length", str(len(file.body))),
            ("Cache-Control", "no-cache"),
            ("X-Content-Type-Options", "nosniff"),
            ("Referrer-Policy", "no-referrer"),     # the address holds the seat's token
            ("Content-Security-Policy",
             f"default-src 'self'; connect-src 'self' ws://{host}; img-src 'self' data:; "
             "style-src 'self'; script-src 'self'; frame-ancestors 'none'"),
            ("Connection", "close"),
        ])
        return Response(response.status_code, response.reason_phrase, headers, file.body)

    # -- WebSocket
    def _seat_of(self, token: str) -> int | None:
        found = None
        for known, seat in self._tokens.items():    # every token compared, in constant time
            if hmac.compare_digest(known.encode(), token.encode("utf-8", "surrogatepass")):
                found = seat
        return found

    async def _handle(self, ws: ServerConnection) -> None:
        loop = asyncio.get_running_loop()
        self._next_id += 1
        conn = _Conn(self._next_id, ws, _Bucket(self.limits.rate, self.limits.burst),
                     asyncio.Queue(), loop.time())
        self._conns[conn.id] = conn
        conn.writer = asyncio.create_task(self._write(conn))
        try:
            await self._session(conn)
        except ConnectionClosed:
            pass
        finally:
            await self._drop(conn)

    async def _session(self, conn: _Conn) -> None:
        ws = conn.ws
        try:
            first = await asyncio.wait_for(ws.recv(), self.limits.hello_timeout)
        except asyncio.TimeoutError:
            await ws.close(1008, "hello expected")
            return
        msg = protocol.parse_client(first)
        if isinstance(msg, Refusal) or msg.kind != "hello":
            code = msg.code if isinstance(msg, Refusal) else "hello_first"
            await self._refuse_and_close(conn, code)
            return
        seat = self._seat_of(msg.token)
        if seat is None:
            log.info("refused a phone with an unknown token")
            await self._refuse_and_close(conn, "unknown_token")
            return
        old = self._by_seat.get(seat)
        if old is not None:       # the newest socket of a seat wins: a reload, a second tab
            self._enqueue(old, protocol.bye("replaced"))
            self._enqueue(old, None)
        conn.seat = seat
        self._by_seat[seat] = conn
        self._enqueue(conn, self._welcome.get(seat, protocol.encode({"type": "welcome", "seat": seat})))
        latest = self._latest.get(seat)
        if latest is not None:
            self._enqueue(conn, latest)
        self._put(Inbound("joined", seat, conn.id))
        async for data in ws:
            conn.seen = asyncio.get_running_loop().time()
            if not conn.bucket.take():
                conn.strikes += 1
                if conn.strikes > self.limits.max_strikes:
                    await self._refuse_and_close(conn, "rate_limited")
                    return
                self._enqueue(conn, protocol.refused("rate_limited"))
                continue
            conn.strikes = 0
            self._handle_message(conn, seat, protocol.parse_client(data))
            if conn.out.qsize() > self.limits.out_queue:
                log.info("phone of seat %s is too slow; closing its socket", seat)
                await ws.close(1013, "too slow")
                return

    def _handle_message(self, conn: _Conn, seat: int, msg: ClientMessage | Refusal) -> None:
        if isinstance(msg, Refusal):
            log.debug("seat %s: refused %s (%s)", seat, msg.code, msg.detail)
            self._enqueue(conn, protocol.refused(msg.code))
        elif msg.kind == "hello":
            self._enqueue(conn, protocol.refused("already_joined"))
        elif msg.kind == "resync":
            self._enqueue(conn, self._welcome.get(seat, ""))
            latest = self._latest.get(seat)
            if latest is not None:
                self._enqueue(conn, latest)
        elif msg.kind == "bye":
            self._enqueue(conn, None)
        elif msg.kind in ("act", "undo"):
            self._put(Inbound(msg.kind, seat, conn.id, msg.seq, msg.action))
        # pong: being heard is all it is for

    async def _refuse_and_close(self, conn: _Conn, code: str) -> None:
        self._enqueue(conn, protocol.refused(code))
        self._enqueue(conn, None)
        if conn.writer is not None:
            await asyncio.wait([conn.writer], timeout=self.limits.hello_timeout)

    def _enqueue(self, conn: _Conn, text: str | None) -> None:
        if text is not None and text == "":
            return
        conn.out.put_nowait(text)

    async def _write(self, conn: _Conn) -> None:
        """The socket's one writer: messages in order; None closes the socket."""
        try:
            while True:
                text = await conn.out.get()
                if text is None:
                    await conn.ws.close(1000, "bye")
                    return
                await conn.ws.send(text)
        except ConnectionClosed:
            return

    async def _drop(self, conn: _Conn) -> None:
        self._conns.pop(conn.id, None)
        if conn.seat is not None and self._by_seat.get(conn.seat) is conn:
            del self._by_seat[conn.seat]
            self._put(Inbound("left", conn.seat, conn.id))
        if conn.writer is not None and not conn.writer.done():
            conn.writer.cancel()

    def _publish(self, seat: int, text: str) -> None:
        self._latest[seat] = text
        conn = self._by_seat.get(seat)
        if conn is not None:
            self._enqueue(conn, text)

    def _send_to(self, conn_id: int, text: str) -> None:
        conn = self._conns.get(conn_id)
        if conn is not None:
            self._enqueue(conn, text)

    def _set_welcome(self, seat: int, text: str, resend: bool = False) -> None:
        self._welcome[seat] = text
        conn = self._by_seat.get(seat)
        if resend and conn is not None:
            self._enqueue(conn, text)

    def _close_all(self, reason: str) -> None:
        for conn in list(self._conns.values()):
            self._enqueue(conn, protocol.bye(reason))
            self._enqueue(conn, None)

    async def _heartbeat(self) -> None:
        """A ping to every socket; one not heard from for `dead_after` is closed (its phone
        slept or left the Wi-Fi: it will come back with a new socket and get the whole view)."""
        loop = asyncio.get_running_loop()
        while True:
            await asyncio.sleep(self.limits.ping_every)
            now = loop.time()
            for conn in list(self._conns.values()):
                if now - conn.seen > self.limits.dead_after:
                    log.info("seat %s: no heartbeat for %.0f s; closing its socket", conn.seat, now - conn.seen)
                    task = asyncio.create_task(conn.ws.close(1001, "heartbeat lost"))
                    self._tasks.add(task)
                    task.add_done_callback(self._tasks.discard)
                else:
                    self._enqueue(conn, protocol.PING)
