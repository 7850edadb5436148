"""The worker-thread runner: never blocks, drops stale answers, always yields a legal action."""
from __future__ import annotations

import threading
import time

from ne_game import rules
from ne_game.session import GameSession, Seat
from ne_game.ui.ai_runner import AIRunner

SEATS = [Seat("A", "winslow", "easy"), Seat("B", "palmer", "easy"), Seat("C", "howland", "easy")]


class FirstLegal:
    def __init__(self, delay: float = 0.0, gate: threading.Event | None = None) -> None:
        self.delay, self.gate, self.calls = delay, gate, 0

    def choose(self, observation, legal):
        self.calls += 1
        if self.gate is not None:
            self.gate.wait(5)
        time.sleep(self.delay)
        # legal[0], except endless figure moves (moving back and forth is always legal)
        return next((a for a in legal if a["type"] != "move_figure"), legal[0])


def poll_until(runner, timeout=5.0):
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        a = runner.poll()
        if a is not None:
            return a
        time.sleep(0.002)
    return None


def test_runner_plays_a_whole_game_with_a_stub_player():
    player = FirstLegal()
    runner = AIRunner(factory=lambda kind, seed, time_budget: player)
    s = GameSession.new(SEATS, seed=1)
    while not s.is_over():
        assert runner.request(s)
        action = poll_until(runner)
        assert action in rules.legal_actions(s.state)
        s.apply(action)
    assert 0 < player.calls <= len(s.actions)


def test_request_returns_at_once_and_cancel_drops_answer():
    gate = threading.Event()
    runner = AIRunner(factory=lambda kind, seed, time_budget: FirstLegal(gate=gate))
    s = GameSession.new(SEATS, seed=1)
    t0 = time.perf_counter()
    runner.request(s)
    assert time.perf_counter() - t0 < 0.5       # the window is never blocked
    assert runner.poll() is None and runner.busy
    runner.cancel()
    gate.set()
    runner.wait()
    assert runner.poll() is None                # stale answer ignored


def test_broken_player_falls_back_to_a_legal_action():
    class Broken:
        def choose(self, observation, legal):
            raise RuntimeError("boom")

    runner = AIRunner(factory=lambda kind, seed, time_budget: Broken())
    s = GameSession.new(SEATS, seed=1)
    runner.request(s)
    action = poll_until(runner)
    assert action in rules.legal_actions(s.state) and "boom" in runner.last_error


def test_human_seat_is_not_requested():
    runner = AIRunner(factory=lambda kind, seed, time_budget: FirstLegal())
    s = GameSession.new([Seat("A", "winslow"), Seat("B", "palmer"), Seat("C", "howland")], seed=1)
    assert runner.request(s) is False


def test_real_ai_module_answers_legally():
    runner = AIRunner()
    s = GameSession.new([Seat("A", "winslow", "easy"), Seat("B", "palmer", "medium"),
                         Seat("C", "howland", "easy")], seed=3)
    for _ in range(6):
        runner.request(s)
        action = poll_until(runner, timeout=20)
        assert action in rules.legal_actions(s.state)
        s.apply(action)
