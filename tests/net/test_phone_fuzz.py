"""Hostile phones: at least 10,000 messages that are malformed, oversized, with a wrong token,
replayed, out of turn or of the wrong types. The server stays up, every one is refused or
ignored, and the game is exactly as it was. The test's thread pumps the host itself: after
each batch a `resync` (answered in order by the server's thread) marks that every message
before it has been read, so nothing here waits on a clock."""
from __future__ import annotations

import json
import logging
import random
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed

from ne_game import rules
from ne_game.ai import make_player
from ne_game.net import Limits
from tests.net.phone_client import Phone, Table

BATCH = 100


def hostile(rng: random.Random, seat: int, table: Table, history: list[tuple[int, dict[str, Any]]]) -> str | bytes:
    """One hostile message for `seat`'s socket (never a legal action of the seat on turn)."""
    seq = table.host.seq
    legal = table.session.legal_actions()
    current = table.session.current_seat
    kind = rng.randrange(12)
    if kind == 0:       # not JSON
        return rng.choice(["", "{", "}", "null", "[]", "\"act\"", "{'type': 'act'}", "\x00\xff", "{\"type\":",
                           "NaN", "[" * 4000 + "]" * 4000, "{\"a\":" * 2500 + "1" + "}" * 2500])
    if kind == 1:       # JSON of the wrong shape
        return json.dumps(rng.choice([1, "hello", [1, 2], None, True, {"type": None}, {"type": 7}, {"type": ["act"]},
                                      {"type": "ACT"}, {"type": "unknown"}, {"type": "hello"}, {"no": "type"}]))
    if kind == 2:       # a wrong token on a socket that has joined
        return json.dumps({"type": "hello", "token": "x" * rng.randrange(1, 80)})
    if kind == 3:       # seq of the wrong type
        bad = rng.choice([None, "1", 1.5, -1, True, [seq], {"n": seq}, 2**70, float("inf")])
        return json.dumps({"type": rng.choice(["act", "undo"]), "seq": bad, "action": {"type": "end_turn"}},
                          allow_nan=True)
    if kind == 4:       # the action of the wrong type
        return json.dumps({"type": "act", "seq": seq, "action": rng.choice([None, 1, "end_turn", [], {"type": 3},
                                                                            {"kind": "end_turn"}])})
    if kind == 5 and history:       # replayed: an action that was legal, with its old seq
        old_seq, action = rng.choice(history)
        return json.dumps({"type": "act", "seq": old_seq, "action": action})
    if kind == 6 and legal and seat != current:     # out of turn, with the right seq
        return json.dumps({"type": "act", "seq": seq, "action": rng.choice(legal)})
    if kind == 7:       # an action the engine refuses
        action = rng.choice([
            {"type": "take_bid", "value": rng.choice([0, 11, -3, "5", 5.0, True])},
            {"type": "buy_land", "slot": rng.randrange(-2, 12), "cell": [rng.randrange(-3, 15), rng.randrange(-3, 12)]},
            {"type": "buy_card", "slot": 0, "use": {"develop": [[0, 0]] * rng.randrange(0, 5)}},
            {"type": "buy_card", "slot": 0, "use": {"teleport": [1, 1]}},
            {"type": "place_start_tile", "land": "ocean", "cells": [[0, 0], [0, 1]]},
            {"type": "move_figure", "from": [99, 99], "to": [0, 0]},
            {"type": "end_turn", "extra": 1},
            {"type": "announce_offer", "land_tiles": 99},
            {"type": "reveal_extra", "source": "bag"},
            {"type": "play_stored", "barn": "D4", "use": None},
            {"type": "x" * 200},
        ])
        if action in legal:
            action = {"type": "end_turn", "extra": True}
        return json.dumps({"type": "act", "seq": seq if rng.random() < 0.7 else seq + rng.randrange(1, 5),
                           "action": action})
    if kind == 8:       # a stale undo, or one with nothing to undo
        return json.dumps({"type": "undo", "seq": seq - rng.randrange(0, 3)})
    if kind == 9:       # binary frames
        return bytes(rng.randrange(256) for _ in range(rng.randrange(1, 64)))
    if kind == 10:      # junk fields, deep nesting inside an action
        nest: Any = 1
        for _ in range(rng.randrange(5, 40)):
            nest = [nest]
        return json.dumps({"type": "act", "seq": seq, "action": {"type": "buy_card", "slot": 0, "use": nest}})
    if legal and seat == current:   # the seat on turn, but a step behind
        return json.dumps({"type": "act", "seq": seq - 1 - rng.randrange(3), "action": rng.choice(legal)})
    return json.dumps({"type": "pong", "junk": "z" * rng.randrange(100)})


def sync(phone: Phone) -> int:
    """Read until the answer to a resync: every message sent before it has been handled by
    the server's thread (and its acts are in the host's queue). Returns the messages read."""
    phone.send({"type": "resync"})
    count = 0
    while phone.recv()["type"] != "welcome":
        count += 1
    phone.recv_until("view")
    return count


def test_ten_thousand_hostile_messages_leave_the_server_up_and_the_game_intact(caplog):
    table = Table.open(seed=21)
    rng = random.Random(5)
    try:
        phones = {seat: table.phone(seat) for seat in range(4)}
        # play into the first buying step, keeping what was sent for replays
        bots = {s: make_player("random", seed=s) for s in range(4)}
        history: list[tuple[int, dict[str, Any]]] = []
        while rules.phase(table.session.state) != "buying" or len(history) < 20:
            seat = table.session.current_seat
            assert seat is not None
            action = bots[seat].choose(rules.observe(table.session.state, seat), table.session.legal_actions())
            history.append((table.host.seq, action))
            table.session.apply(action)
        for p in phones.values():
            p.recv_until("view", seq=table.host.seq)
        before, seq, actions = table.session.snapshot(), table.host.seq, list(table.session.actions)

        sent = refusals = 0
        while sent < 12_000:
            for seat, phone in phones.items():
                for _ in range(BATCH):
                    phone.send(hostile(rng, seat, table, history))
                    sent += 1
                refusals += sync(phone)
                while table.host.pump(0):
                    pass
                refusals += sync(phone)
        # oversized messages: the socket is closed with 1009, the server stays
        for _ in range(20):
            big = Phone(table.ws_url, table.host.tokens[1])
            big.recv_until("view")
            big.send(json.dumps({"type": "act", "seq": seq, "action": {"type": "end_turn", "pad": "x" * 17_000}}))
            sent += 1
            with pytest.raises(ConnectionClosed) as closed:
                for _ in range(5):
                    big.recv()
            assert closed.value.rcvd is not None and closed.value.rcvd.code == 1009
        # wrong tokens, each on a socket of its own
        for _ in range(300):
            stranger = Phone(table.ws_url, rng.choice(["", "t", "A" * 32, table.host.tokens[0][:-1] + "?"]))
            sent += 1
            answer = stranger.recv()
            assert answer["type"] == "refused" and answer["code"] in ("unknown_token", "bad_field")
            with pytest.raises(ConnectionClosed):
                stranger.recv()
        assert sent >= 10_000 and refusals >= 5_000
        while table.host.pump(0):
            pass
        assert table.session.snapshot() == before and table.session.actions == actions and table.host.seq == seq
        # nothing a phone sent made the host or the engine fail (they log such failures as errors)
        assert [r.getMessage()[:120] for r in caplog.records if r.levelno >= logging.ERROR] == []
        # and the game goes on: the seat on turn plays a legal action from a fresh phone
        seat = table.session.current_seat
        assert seat is not None
        phone = table.phone(seat)
        phone.act(phone.view["legal"][-1])
        table.pump_until(lambda: table.host.seq == seq + 1)
        assert phone.recv_until("view")["seq"] == seq + 1
    finally:
        table.close()


def test_a_phone_that_floods_is_slowed_not_served():
    table = Table.open(seed=21, limits=Limits(rate=20, burst=30))
    try:
        phone = table.phone(0)
        for _ in range(60):      # the burst allows 30; a pong has no answer of its own
            phone.send({"type": "pong"})
        codes = [phone.recv().get("code") for _ in range(20)]
        assert set(codes) == {"rate_limited"}
        assert table.host.server.running
    finally:
        table.close()
