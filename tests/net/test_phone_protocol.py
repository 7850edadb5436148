"""The phone protocol over real sockets on 127.0.0.1 (docs/phones.md): four phones play a
whole game; every view equals rules.observe for its seat; nothing hidden leaks; a reconnect
resyncs; a refused action changes nothing. The test's thread is the game's thread: it pumps
the host itself, so nothing here sleeps or races the game."""
from __future__ import annotations

import json
import random
from typing import Any

import pytest
from websockets.exceptions import ConnectionClosed, InvalidStatus

from ne_game import rules
from ne_game.ai import make_player
from tests.net.phone_client import TIMEOUT, Phone, Table, hidden_cards_ok

SERVER_TYPES = {"welcome", "view", "refused", "ping", "bye"}


def check_messages(table: Table, seat: int, phone: Phone) -> None:
    """Every message a phone got: a known type; a view is exactly the seat's observation of
    the state at its seq, its legal actions only on its turn, no hidden card of another."""
    for msg in phone.received:
        assert msg["type"] in SERVER_TYPES, msg["type"]
        if msg["type"] != "view":
            continue
        assert set(msg) == {"type", "seq", "seat", "view", "legal", "undo", "scores"}
        state = table.states[msg["seq"]]
        assert msg["seat"] == seat
        assert msg["view"] == json.loads(json.dumps(rules.observe(state, seat)))
        mine = rules.current_player(state) == seat
        assert msg["legal"] == (json.loads(json.dumps(rules.legal_actions(state))) if mine else [])
        assert msg["scores"] == json.loads(json.dumps(rules.final_scores(state)))
        assert hidden_cards_ok(msg["view"], seat)
    phone.received.clear()


def test_four_phones_play_a_whole_game():
    table = Table.open(seed=11)
    try:
        phones = {seat: table.phone(seat) for seat in range(4)}
        bots = {seat: make_player("random", seed=seat) for seat in range(4)}
        rng = random.Random(3)
        stored_seen = reconnected = undone = 0
        while not table.session.is_over():
            seat = table.session.current_seat
            assert seat is not None
            phone = phones[seat]
            assert phone.view is not None and phone.view["seq"] == table.host.seq
            # the phone decides from what it received, as the page does
            action = bots[seat].choose(phone.view["view"], phone.view["legal"])
            seq = table.host.seq
            phone.act(action)
            table.pump_until(lambda seq=seq: table.host.seq > seq)
            for p in phones.values():
                p.recv_until("view", seq=table.host.seq)
            if phones[seat].view["undo"] and rng.random() < 0.25:   # undo a purchase or a move
                seq = table.host.seq
                phones[seat].send({"type": "undo", "seq": seq})
                table.pump_until(lambda seq=seq: table.host.seq > seq)
                for p in phones.values():
                    p.recv_until("view", seq=table.host.seq)
                undone += 1
            if rules.phase(table.session.state) == "buying" and reconnected < 3 and rng.random() < 0.05:
                # mid-turn: the phone drops and comes back with the same address
                who = table.session.current_seat
                assert who is not None
                check_messages(table, who, phones[who])
                phones[who].close()
                table.pump_until(lambda who=who: not table.host.connected(who))
                phones[who] = table.phone(who)
                assert phones[who].view is not None and phones[who].view["seq"] == table.host.seq
                reconnected += 1
            for s, p in phones.items():
                stored_seen += sum(1 for b in p.view["view"]["players"][s]["barns"] if b["card"])
                check_messages(table, s, p)
        assert reconnected >= 1 and undone >= 1
        for p in phones.values():
            assert p.view is not None and p.view["view"]["phase"] == "game_over"
            assert p.view["legal"] == []
    finally:
        table.close()


def test_a_phone_sees_its_own_stored_card_and_nobody_else_does():
    """Play until a barn holds a card; its owner's view shows it, every other view hides it."""
    table = Table.open(seed=5)
    try:
        phones = {seat: table.phone(seat) for seat in range(4)}
        rng = random.Random(9)
        found = False
        while not table.session.is_over() and not found:
            seat = table.session.current_seat
            assert seat is not None
            legal = phones[seat].view["legal"]
            stores = [a for a in legal if a["type"] == "buy_card" and "store_in_barn" in a["use"]]
            # buy when possible (a barn comes sooner); never move figures back and forth for ever
            buys = [a for a in legal if a["type"] in ("buy_card", "buy_land", "place_start_tile",
                                                      "announce_offer", "take_bid", "end_turn")]
            action = stores[0] if stores else rng.choice(buys or legal)
            seq = table.host.seq
            phones[seat].act(action)
            table.pump_until(lambda seq=seq: table.host.seq > seq)
            for s, p in phones.items():
                p.recv_until("view", seq=table.host.seq)
                check_messages(table, s, p)
            if stores:
                found = True
                barns = [p.view["view"]["players"][seat]["barns"] for p in phones.values()]
                owner = [b["card"] for b in phones[seat].view["view"]["players"][seat]["barns"]]
                assert any(c not in (None, rules.HIDDEN) for c in owner)
                for s, bs in enumerate(barns):
                    if s != seat:
                        assert all(b["card"] in (None, rules.HIDDEN) for b in bs)
                        assert any(b["card"] == rules.HIDDEN for b in bs)
        assert found, "no card was stored in this game"
    finally:
        table.close()


def refused(phone: Phone) -> dict[str, Any]:
    return phone.recv_until("refused")


def test_refused_actions_change_nothing():
    table = Table.open(seed=3)
    try:
        phones = {seat: table.phone(seat) for seat in range(4)}
        seat = table.session.current_seat
        assert seat is not None
        other = (seat + 1) % 4
        before, seq, actions = table.session.snapshot(), table.host.seq, list(table.session.actions)
        legal = phones[seat].view["legal"]
        # out of turn: another seat sends the current seat's legal action
        phones[other].act(legal[0], seq=seq)
        table.handle()
        answer = refused(phones[other])
        assert answer["code"] == "not_your_turn" and answer["message"]
        # stale seq: refused, and the whole view comes again
        phones[seat].act(legal[0], seq=seq + 5)
        table.handle()
        assert refused(phones[seat])["code"] == "stale_seq"
        assert phones[seat].recv_until("view")["seq"] == seq
        # not a legal action: the engine's reason comes along
        phones[seat].act({"type": "place_start_tile", "land": "field", "cells": [[0, 0], [5, 5]]})
        table.handle()
        answer = refused(phones[seat])
        assert answer["code"] == "illegal_action" and answer["rule"] == "not_adjacent"
        # a boolean where a number belongs is not the number
        phones[seat].send({"type": "act", "seq": True, "action": legal[0]})
        assert refused(phones[seat])["code"] == "bad_field"
        phones[seat].send({"type": "undo", "seq": seq})
        table.handle()
        assert refused(phones[seat])["code"] == "nothing_to_undo"
        assert table.session.snapshot() == before and table.host.seq == seq
        assert table.session.actions == actions
    finally:
        table.close()


def test_refusals_speak_the_games_language():
    from ne_game import i18n

    table = Table.open(seed=3)
    try:
        i18n.set_language("fr")
        seat = (table.session.current_seat or 0) + 1
        phone = table.phone(seat % 4)
        phone.act({"type": "end_turn"})
        table.handle()
        answer = refused(phone)
        assert answer["code"] == "not_your_turn"
        assert answer["message"] == i18n._("It is not your turn.") != "It is not your turn."
    finally:
        i18n.set_language("en")
        table.close()


def test_tokens_origins_and_hosts():
    table = Table.open(seed=3, phones=[0, 1], kinds=["human", "human", "easy", "easy"])
    try:
        assert set(table.host.tokens) == {0, 1}
        assert all(len(t) >= 32 for t in table.host.tokens.values())    # 192 bits, URL-safe
        stranger = Phone(table.ws_url, "A" * 32)
        assert stranger.recv()["code"] == "unknown_token"
        with pytest.raises(ConnectionClosed):
            stranger.recv()
        silent = Phone(table.ws_url, None)
        silent.send({"type": "act", "seq": 0, "action": {"type": "end_turn"}})
        assert silent.recv()["code"] == "hello_first"
        # a browser's page from elsewhere may not open a socket here
        with pytest.raises(InvalidStatus):
            Phone(table.ws_url, table.host.tokens[0], origin="http://evil.example")
        ok = Phone(table.ws_url, table.host.tokens[0], origin=f"http://127.0.0.1:{table.host.port}")
        assert ok.recv()["type"] == "welcome"
        # a second socket for a seat takes it over; the first is told why
        again = Phone(table.ws_url, table.host.tokens[0])
        assert again.recv()["type"] == "welcome"
        assert ok.recv_until("bye")["reason"] == "replaced"
    finally:
        table.close()


def test_the_server_serves_only_the_pages_own_files():
    import http.client

    table = Table.open(seed=3)
    try:
        def get(path: str, host: str = f"127.0.0.1:{table.host.port}") -> tuple[int, bytes]:
            conn = http.client.HTTPConnection("127.0.0.1", table.host.port, timeout=TIMEOUT)
            conn.putrequest("GET", path, skip_host=True)
            conn.putheader("Host", host)
            conn.endheaders()
            response = conn.getresponse()
            body = response.read()
            conn.close()
            return response.status, body

        status, body = get("/")
        assert status == 200 and b"<html" in body.lower()
        assert get("/phone.js")[0] == 200
        words = json.loads(get("/words.json")[1])
        assert words["lang"] == "en" and words["text"]["end_turn"] == "End turn"
        for path in ("/../pyproject.toml", "/%2e%2e/pyproject.toml", "/../../ne_game/net/host.py", "/host.py",
                     "//etc/passwd", "/web/index.html", "/.%2e/.%2e/etc/passwd", "/index.html/../../x"):
            assert get(path)[0] == 404, path
        assert get("/", host="evil.example:80")[0] == 421     # a rebinding name is not this host
        assert get("/", host=f"localhost:{table.host.port}")[0] == 200
    finally:
        table.close()


def test_the_server_listens_only_while_the_game_is_open():
    import socket

    table = Table.open(seed=3)
    port = table.host.port
    table.close()
    with socket.socket() as s, pytest.raises(OSError):
        s.settimeout(TIMEOUT)
        s.connect(("127.0.0.1", port))
