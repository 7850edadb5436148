"""Coach while I play (issue 37): a person's finished turns judged in the background, only while
the machine is free, and said once at that person's next turn."""
from __future__ import annotations

from ne_game.coach.live import LiveCoach
from ne_game.game.session import GameSession
from ne_game.storage.settings import Settings
from tests.history.games import play


def session_at(stop: int) -> GameSession:
    return GameSession.from_save(play(("human", "easy", "easy"), seed=2, stop=stop))


def test_it_is_off_by_default_and_a_damaged_value_is_off():
    assert Settings().coach_live is False
    assert Settings.from_dict({"coach_live": "yes"}).coach_live is False
    assert Settings.from_dict({"coach_live": True}).coach_live is True


def test_only_finished_turns_of_people_are_queued_and_nothing_runs_unless_allowed():
    s = session_at(40)
    coach = LiveCoach(0.05, threaded=False)
    coach.observe(s, {0})
    queued = [j.index for j in coach._queue]
    assert queued and all(s.actor_of(k) == 0 for k in queued)
    if s.current_seat == 0:                       # the turn under way may still be undone: not yet
        assert all(k < len(s.actions) - 1 or s.actor_of(k) != 0 for k in queued)
    coach.allowed = False
    coach.work()
    assert coach.judged(0) == 0 and len(coach._queue) == len(queued)
    coach.allowed = True
    while not coach.idle:
        coach.work()
    assert coach.judged(0) == len(queued)
    found = coach.finding_for(0)
    assert found is None or (found[0].flaggable and found[0].clearly)
    assert coach.judged(0) == 0                    # said once


def test_a_judgement_stops_at_once_when_a_computer_needs_the_machine_and_is_judged_again_later():
    s = session_at(40)
    coach = LiveCoach(0.05, threaded=False)
    coach.observe(s, {0})
    n = len(coach._queue)
    job = coach._queue.pop(0)
    coach._running = job
    coach.allowed = False                         # a computer is on turn: the first rollout stops it
    coach._judge(job)
    assert coach._queue[0] == job and len(coach._queue) == n and coach._running is None
    assert coach.judged(0) == 0


def test_an_undo_forgets_what_was_queued_after_it():
    s = session_at(40)
    coach = LiveCoach(0.05, threaded=False)
    coach.observe(s, {0, 1, 2})
    shorter = session_at(20)
    coach.observe(shorter, {0, 1, 2})
    assert all(j.index < 20 for j in coach._queue)
