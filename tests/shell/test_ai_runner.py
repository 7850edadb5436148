"""The computer-player runners: the same request/poll/cancel face, stale answers dropped,
always a legal action. The synchronous runner needs no thread; the threaded one is driven
with gates and joins, never with sleeps or wall-clock waits."""
from __future__ import annotations

import threading

from ne_game import rules
from ne_game.game.session import GameSession, Seat
from ne_game.ui.shell.ai_runner import AIRunner, SyncRunner

SEATS = [Seat("A", "winslow", "easy"), Seat("B", "palmer", "easy"), Seat("C", "howland", "easy")]


class FirstLegal:
    def __init__(self, gate: threading.Event | None = None) -> None:
        self.gate, self.calls = gate, 0

    def choose(self, observation, legal):
        self.calls += 1
        if self.gate is not None:
            assert self.gate.wait(30), "the test never opened the gate"
        # legal[0], except endless figure moves (moving back and forth is always legal)
        return next((a for a in legal if a["type"] != "move_figure"), legal[0])


def stub(player):
    return lambda kind, seed, time_budget: player


def test_sync_runner_plays_a_whole_game_with_a_stub_player():
    player = FirstLegal()
    runner = SyncRunner(factory=stub(player))
    s = GameSession.new(SEATS, seed=1)
    while not s.is_over():
        assert runner.request(s)
        assert not runner.busy               # a synchronous answer is ready at once
        action = runner.poll()
        assert action in rules.legal_actions(s.state)
        assert runner.poll() is None         # each answer is given once
        s.apply(action)
    assert 0 < player.calls <= len(s.actions)


def test_busy_is_true_only_while_thinking():
    """`busy` is a property that answers, not a method that is always truthy."""
    runner = SyncRunner(factory=stub(FirstLegal()))
    s = GameSession.new(SEATS, seed=1)
    assert runner.busy is False              # nothing asked
    runner.hold()
    runner.request(s)
    assert runner.busy is True and runner.poll() is None
    runner.release()
    assert runner.busy is False
    assert runner.poll() in rules.legal_actions(s.state)
    runner.hold()
    runner.request(s)
    assert runner.busy is True
    runner.cancel()
    assert runner.busy is False
    runner.release()                         # the cancelled request's late answer is dropped
    assert runner.poll() is None and runner.busy is False


def test_threaded_runner_is_busy_while_its_worker_thinks_and_drops_a_cancelled_answer():
    gate = threading.Event()
    runner = AIRunner(factory=stub(FirstLegal(gate=gate)))
    s = GameSession.new(SEATS, seed=1)
    assert runner.busy is False
    assert runner.request(s)                 # returns while the worker waits at the gate
    assert runner.busy is True and runner.poll() is None
    runner.cancel()
    assert runner.busy is False
    gate.set()
    runner.join(30)
    assert runner.poll() is None and runner.busy is False   # stale answer ignored


def test_threaded_runner_answers_legally_once_its_worker_is_done():
    gate = threading.Event()
    runner = AIRunner(factory=stub(FirstLegal(gate=gate)))
    s = GameSession.new(SEATS, seed=1)
    runner.request(s)
    assert runner.request(s)                 # the same position again: still the one request
    gate.set()
    runner.join(30)
    assert runner.busy is False
    assert runner.poll() in rules.legal_actions(s.state)


def test_broken_player_falls_back_to_a_legal_action():
    class Broken:
        def choose(self, observation, legal):
            raise RuntimeError("boom")

    for runner in (SyncRunner(factory=stub(Broken())), AIRunner(factory=stub(Broken()))):
        s = GameSession.new(SEATS, seed=1)
        runner.request(s)
        if isinstance(runner, AIRunner):
            runner.join(30)
        assert runner.poll() in rules.legal_actions(s.state) and "boom" in runner.last_error


def test_an_illegal_answer_is_replaced_by_a_legal_one():
    class Cheater:
        def choose(self, observation, legal):
            return {"type": "take_everything"}

    runner = SyncRunner(factory=stub(Cheater()))
    s = GameSession.new(SEATS, seed=1)
    runner.request(s)
    assert runner.poll() in rules.legal_actions(s.state)
    assert "take_everything" in runner.last_error


def test_human_seat_is_not_requested():
    runner = SyncRunner(factory=stub(FirstLegal()))
    s = GameSession.new([Seat("A", "winslow"), Seat("B", "palmer"), Seat("C", "howland")], seed=1)
    assert runner.request(s) is False and runner.busy is False


def test_real_ai_module_answers_legally():
    runner = SyncRunner()
    s = GameSession.new([Seat("A", "winslow", "easy"), Seat("B", "palmer", "medium"),
                         Seat("C", "howland", "easy")], seed=3)
    for _ in range(6):
        runner.request(s)
        action = runner.poll()
        assert action in rules.legal_actions(s.state)
        s.apply(action)
