"""`ne-game host --headless` end to end: a process prints the phones' links, a phone plays
its seat by the protocol against two computers to the end, and the host ends with one line."""
from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from websockets.exceptions import ConnectionClosed

from ne_game.ai import make_player
from ne_game.net.headless import parse_seats
from tests.net.phone_client import TIMEOUT, Phone


def test_seat_specs():
    levels = ("easy", "medium", "hard")
    specs = parse_seats("phone:Ann, phone ,medium,hard", levels, range(3, 5))
    assert [(s.kind, s.name) for s in specs] == [("phone", "Ann"), ("phone", ""), ("medium", ""), ("hard", "")]
    for bad in ("phone,phone", "phone,robot,easy", "easy,easy,easy", "phone," * 5):
        with pytest.raises(ValueError):
            parse_seats(bad, levels, range(3, 5))


def test_a_headless_host_plays_a_whole_game_with_a_phone():
    env = dict(os.environ, PYTHONUNBUFFERED="1")
    proc = subprocess.Popen([sys.executable, "-m", "ne_game", "host", "--seats", "phone:Ann,easy,easy",
                             "--port", "0", "--bind", "127.0.0.1", "--headless", "--pace", "0", "--seed", "3"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    try:
        assert proc.stdout is not None
        line = json.loads(proc.stdout.readline())
        assert line["seat"] == 0 and line["family"] == "winslow" and line["url"].startswith("http://127.0.0.1:")
        host, token = line["url"][len("http://"):].split("/?t=")
        phone = Phone(f"ws://{host}/ws", token)
        assert phone.recv_until("welcome")["seats"][0]["name"] == "Ann"
        bot = make_player("random", seed=1)
        over = False
        for _ in range(5000):
            try:
                msg = phone.recv()
            except ConnectionClosed:
                break
            if msg["type"] == "view" and msg["legal"]:
                # a thumb's pace: one message a decision (the host's rate limit is for people)
                ends = [a for a in msg["legal"] if a["type"] == "end_turn"]
                phone.act(ends[0] if ends else bot.choose(msg["view"], msg["legal"]))
            if msg["type"] == "bye":
                over = msg["reason"] == "game_over"
        assert over
        end = json.loads(proc.stdout.readline())
        assert end["end"] == "game_over" and len(end["scores"]) == 3
        assert proc.wait(timeout=TIMEOUT) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait(timeout=TIMEOUT)
