"""The phone protocol's messages (docs/phones.md): reading what a client sends, strictly, and
writing what the server sends. Pure: no sockets, no threads, no game state.

A client message is one JSON object of at most MAX_MESSAGE bytes with a string "type";
anything else is refused with a code, never an exception that reaches the server."""
from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any, Literal

from .words import refusal_message

PROTOCOL_VERSION = 1
MAX_MESSAGE = 16 * 1024           # bytes: the largest action is far below this
MAX_DEPTH = 8                     # an action nests 4 deep (use -> develop -> cell -> int)
TOKEN_BYTES = 24                  # secrets.token_urlsafe(24): 192 bits, 32 characters
MAX_TOKEN = 64

ClientKind = Literal["hello", "act", "undo", "pong", "resync", "bye"]
CLIENT_TYPES: tuple[str, ...] = ("hello", "act", "undo", "pong", "resync", "bye")


@dataclass(frozen=True)
class ClientMessage:
    kind: ClientKind
    token: str = ""                         # hello
    seq: int = -1                           # act, undo
    action: dict[str, Any] | None = None    # act


@dataclass(frozen=True)
class Refusal:
    code: str
    detail: str = ""                        # for the log, never shown to the player


def _depth_ok(value: object, depth: int = 0) -> bool:
    """Only JSON's plain values, nested at most MAX_DEPTH deep."""
    if depth > MAX_DEPTH:
        return False
    if isinstance(value, dict):
        return all(isinstance(k, str) and _depth_ok(v, depth + 1) for k, v in value.items())
    if isinstance(value, list):
        return all(_depth_ok(v, depth + 1) for v in value)
    return value is None or isinstance(value, (bool, int, float, str))


def _seq(value: object) -> int | None:
    # bool is an int in Python; a seq of `true` is a wrong type, not 1
    return value if type(value) is int and 0 <= value < 2**53 else None


def parse_client(data: str | bytes) -> ClientMessage | Refusal:
    """One client message, checked field by field; a Refusal says what is wrong."""
    if isinstance(data, bytes):
        return Refusal("malformed", "binary frame")
    if len(data.encode("utf-8", "surrogatepass")) > MAX_MESSAGE:
        return Refusal("malformed", "too long")
    try:
        msg = json.loads(data)
    except (ValueError, RecursionError) as err:     # RecursionError: [[[[... nested past the stack
        return Refusal("malformed", f"not JSON: {type(err).__name__}")
    if not isinstance(msg, dict):
        return Refusal("malformed", "not an object")
    kind = msg.get("type")
    if not isinstance(kind, str) or kind not in CLIENT_TYPES:
        return Refusal("unknown_type", "type")
    if not _depth_ok(msg):
        return Refusal("bad_field", "nested too deep")
    if kind == "hello":
        token = msg.get("token")
        if not isinstance(token, str) or not 0 < len(token) <= MAX_TOKEN:
            return Refusal("bad_field", "token")
        return ClientMessage("hello", token=token)
    if kind in ("act", "undo"):
        seq = _seq(msg.get("seq"))
        if seq is None:
            return Refusal("bad_field", "seq")
        if kind == "undo":
            return ClientMessage("undo", seq=seq)
        action = msg.get("action")
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            return Refusal("bad_field", "action")
        return ClientMessage("act", seq=seq, action=action)
    if kind == "pong":
        return ClientMessage("pong")
    if kind == "resync":
        return ClientMessage("resync")
    return ClientMessage("bye")


def encode(message: dict[str, Any]) -> str:
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False)


def refused(code: str, **extra: Any) -> str:
    """A refusal in the player's language (read at call time: the game's current language)."""
    return encode({"type": "refused", "code": code, "message": refusal_message(code), **extra})


def bye(reason: str) -> str:
    return encode({"type": "bye", "reason": reason})


PING = encode({"type": "ping"})
