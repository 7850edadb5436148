"""Who plays each seat, changed during a game from the pause menu (playtest 13a: "nothing lets
the computers play a person's seat"): a person hands their seat to a computer, which then plays
its moves; a computer's seat is taken by a person, whom the table then waits for."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from ne_game.ui.scenes.seats import choice_words, choices, choose  # noqa: E402
from ne_game.ui.shell.ai_runner import SyncRunner  # noqa: E402
from tests.ui.table.driver import DT, make_app, make_session  # noqa: E402

SEATS = [("Alice", "winslow", "human"), ("Bob", "palmer", "medium"), ("Cleo", "howland", "medium")]


def _table(size=(1280, 720)):
    app = make_app(size=size, animation="off", handover=False, ai_pace="fast")
    app.ai_runner = SyncRunner(budget=lambda: 0.02)
    session = make_session(SEATS, seed=4)
    table = app.push("table", session=session)
    app.step(DT)
    return app, session, table


def _run_until(app, cond, limit=1200):
    for _ in range(limit):
        if cond():
            return True
        app.request_frame()
        app.step(DT)
    return cond()


def test_a_person_hands_the_seat_to_a_computer_which_then_plays_it():
    app, session, table = _table()
    assert _run_until(app, lambda: table.facts.seat == 0 and table.human_turn)
    done = len(session.actions)
    pause = app.push("pause", session=session)
    assert "seats" in pause.buttons and pause.buttons["seats"].is_enabled
    pause.activate("seats")
    seats = app.top
    assert seats.__class__.__name__ == "SeatsScene"
    seats.activate("0:medium")                       # a person -> a computer
    assert session.seats[0].kind == "medium"
    seats.activate("done")
    app.pop()                                        # the pause menu: back at the table
    app.step(DT)
    assert not table.human_turn, "the table still waits for a person on a computer's seat"
    assert _run_until(app, lambda: len(session.actions) > done and session.actions[done].get("player", 0) == 0
                      or len(session.actions) > done)
    assert len(session.actions) > done, "the computer did not play the seat it was given"


def test_a_person_takes_a_computers_seat_and_the_table_waits_for_them():
    app, session, table = _table()
    app.push("pause", session=session)
    seats = app.push("seats", session=session)
    seats.activate("1:human")                        # Bob: a computer -> a person
    assert session.seats[1].kind == "human"
    assert seats.rows[1].selected == "human", "the row marks who plays the seat now"
    seats.activate("done")
    app.pop()
    app.step(DT)
    assert _run_until(app, lambda: table.facts.seat == 1, limit=2000)
    n = len(session.actions)
    for _ in range(60):
        app.request_frame()
        app.step(DT)
    assert table.human_turn and len(session.actions) == n, "a computer played the person's seat"


def test_the_choices_and_their_words():
    # 14a: a press that cycled person -> easy -> medium left a seat on Medium instead of giving it
    # back: each seat offers every choice at once, the one in force marked
    from ne_game.game.session import Seat

    assert choices()[0] == "human" and len(choices()) >= 4
    seat = Seat("Ann", "winslow", "human", phone=True)
    assert choice_words(seat, "human") != choice_words(Seat("Bo", "palmer", "human"), "human")   # on a phone
    choose(seat, "human")
    assert seat.phone, "choosing what the seat already is changes nothing"
    choose(seat, "hard")
    assert (seat.kind, seat.phone) == ("hard", False)
    choose(seat, "human")
    assert (seat.kind, seat.phone) == ("human", False), "back from a computer, the seat is played here"


def test_no_seat_changes_where_the_game_cannot_be_saved():
    app = make_app(animation="off")
    pause = app.push("pause", session=None)
    assert not pause.buttons["seats"].is_enabled
    pause.activate("seats")
    assert app.top is pause
    pygame.event.clear()


def test_keys_alone_change_a_seat():
    # every device reaches it: Down to a seat, Enter changes it, Escape is Done
    app, session, _table_scene = _table()
    app.pads.last_device = "keyboard"
    app.push("pause", session=session)
    seats = app.push("seats", session=session)
    assert seats.focus.index == 0              # the ring starts on the first seat's first choice
    n = len(choices())
    steps = 2 * n + n - 1                      # to Cleo's row, her last choice (the strongest level)
    for key in [pygame.K_RIGHT] * steps + [pygame.K_RETURN]:
        seats.process_event(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
    assert [s.kind for s in session.seats] == ["human", "medium", choices()[-1]]
    assert seats.focus.index == steps, "the ring stays on the choice just made"
    seats.process_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
    assert app.top is not seats
