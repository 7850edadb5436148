"""The window game with phone seats: New game offers "On a phone", the table opens the host
while it is open, a phone's actions (over a real WebSocket on loopback) change the TV's
session through the app's own steps, no hand-over and no hidden card for a phone seat, the
game at rest draws nothing until a phone acts, and the host stops when the table closes.
No sleeps: the test waits on the host's inbox (bounded) and then steps the app."""
from __future__ import annotations

import dataclasses

import pygame
import pytest

from ne_game.game.session import GameSession, Seat
from ne_game.storage.settings import Settings
from ne_game.ui.scenes.table.model.facts import Facts
from ne_game.ui.scenes.table.model.handover import curtain_wanted
from ne_game.ui.scenes.table.phones import PhoneSeats
from ne_game.ui.scenes.table.phones.model import AWAY_AFTER, NOBODY_AFTER, Presence
from tests.net.phone_client import TIMEOUT, Phone
from tests.ui.table.driver import DT, make_app


@pytest.fixture(autouse=True)
def loopback(monkeypatch):
    monkeypatch.setattr(PhoneSeats, "bind", "127.0.0.1")
    monkeypatch.setattr(PhoneSeats, "port", 0)


def wait_inbox(host) -> None:
    """Until the host's inbox holds something (bounded; nothing taken from it; _qsize: the
    lock is held here)."""
    q = host.inbox
    with q.not_empty:
        assert q.not_empty.wait_for(lambda: q._qsize() > 0, timeout=TIMEOUT), "nothing came from the phone"


def current_view(phone: Phone, seq: int) -> dict:
    """The phone's view of the game as it is now (it may have come already)."""
    if phone.view is not None and phone.view["seq"] == seq:
        return phone.view
    return phone.recv_until("view", seq=seq)


def phone_game(phones=(0, 1, 2, 3), seed=5):
    fams = ["winslow", "palmer", "howland", "annable"]
    seats = [Seat(f.capitalize(), f, "human", phone=i in phones) for i, f in enumerate(fams)]
    return GameSession(seats, seed=seed)


def open_table(session, size=(1280, 720)):
    app = make_app(size=size, handover=True)
    app.go("table", session=session)
    table = app.top
    for _ in range(3):
        app.step(DT)
    return app, table


def join(app, table, seat) -> Phone:
    part = table.phones
    phone = Phone(f"ws://127.0.0.1:{part.host.port}/ws", part.host.tokens[seat])
    phone.recv_until("welcome")
    phone.recv_until("view")
    wait_inbox(part.host)
    app.step(DT)
    assert part.host.connected(seat) and seat in part.presence.joined
    return phone


def test_setup_offers_a_phone_seat_and_remembers_it():
    app = make_app()
    app.go("setup")
    setup = app.top
    setup.activate(("kind", 1, "phone"))          # what Enter (A) on the focused choice does
    seats = setup.seats()
    assert [(s.kind, s.phone) for s in seats][:2] == [("human", False), ("human", True)]
    setup.start_game()
    assert app.settings.last_seats[1]["kind"] == "phone"
    again = Settings.from_dict(dataclasses.asdict(app.settings))   # the remembered setup survives a reload
    assert again.last_seats[1]["kind"] == "phone"
    app.go("setup")
    assert app.top.people[1]["kind"] == "phone"


def test_a_phone_seat_is_kept_in_the_save():
    session = phone_game(phones=(2,))
    again = GameSession.from_save(session.to_save())
    assert [s.phone for s in again.seats] == [False, False, True, False]


def test_a_phone_plays_its_seat_on_the_tv_session_with_no_hand_over():
    session = phone_game()
    app, table = open_table(session)
    part = table.phones
    assert part is not None and part.listening and len(part.links) == 4
    phones = {seat: join(app, table, seat) for seat in range(4)}
    try:
        for _ in range(12):
            seat = session.current_seat
            phone = phones[seat]
            view = current_view(phone, part.host.seq)
            assert view["legal"], "the seat on turn gets its legal actions"
            before = len(session.actions)
            phone.act(view["legal"][0])
            wait_inbox(part.host)
            app.step(DT)
            assert len(session.actions) == before + 1          # applied through the TV's session
            assert table.facts.position == before + 1          # the table re-read it this step
            assert app.top is table                            # no hand-over curtain for a phone seat
            for s in range(4):
                assert not table.facts.may_see_barn(s)         # a phone seat's barns stay hidden on the TV
    finally:
        for p in phones.values():
            p.close()
    app.go("title")
    assert not part.listening                                  # the table closed: no server


def test_no_curtain_for_a_phone_seat_but_for_a_person_at_the_tv(monkeypatch):
    import ne_game.ui.scenes.table.model.handover as handover

    session = phone_game(phones=(0,))
    while session.position.phase == "start_tiles":     # past the start rounds: a curtain may be wanted
        session.apply(session.legal_actions()[0])
    facts = Facts.of(session)
    monkeypatch.setattr(handover, "hides_something", lambda facts, seat: True)   # a card in a barn
    assert facts.phase != "start_tiles" and facts.is_phone(0) and not facts.is_phone(1)
    assert not curtain_wanted(facts, 0, None, enabled=True)
    assert curtain_wanted(facts, 1, 0, enabled=True)


def test_the_host_stops_when_the_table_closes_and_a_game_without_phones_opens_none():
    app, table = open_table(phone_game(phones=(1,)))
    part = table.phones
    assert part.listening
    app.go("title")
    assert not part.listening and part.pump not in app.frame_hooks
    app2, table2 = open_table(phone_game(phones=()))
    assert table2.phones is None


def test_at_rest_the_table_draws_nothing_until_a_phone_acts(monkeypatch):
    flips: list[int] = []
    real = pygame.display.flip
    monkeypatch.setattr(pygame.display, "flip", lambda: (flips.append(1), real())[1])
    session = phone_game()
    app, table = open_table(session)
    phone = join(app, table, session.current_seat)
    for _ in range(600):
        app.step(DT)
        if app.wake != 0.0:
            break
    before = len(flips)
    for _ in range(120):
        app.step(DT)
    assert len(flips) == before                 # two seconds at rest: not one frame
    view = current_view(phone, table.phones.host.seq)
    phone.act(view["legal"][0])
    wait_inbox(table.phones.host)
    assert pygame.event.peek(), "the phone's message woke the loop (an event is queued)"
    app.step(DT)
    assert len(flips) == before + 1             # the step after the phone acted draws at once
    phone.close()
    app.go("title")


def test_the_tv_asks_when_nobody_joined_and_when_a_phone_stays_away(monkeypatch):
    now = [100.0]
    monkeypatch.setattr(PhoneSeats, "clock", staticmethod(lambda: now[0]))
    session = phone_game(phones=(0, 1, 2, 3))
    app, table = open_table(session)
    assert table.phones.wake_in(session.current_seat) == NOBODY_AFTER   # a timed wake, no polling frames
    now[0] += NOBODY_AFTER
    app.step(DT)
    assert type(app.top).__name__ == "MessageDialog"
    app.top.choices[0][1]()                            # "Keep waiting"
    app.pop()
    app.step(DT)
    now[0] += AWAY_AFTER
    app.step(DT)
    dialog = app.top
    assert type(dialog).__name__ == "MessageDialog" and len(dialog.choices) == 3
    seat = session.current_seat
    dialog.choices[2][1]()                             # "Let a computer play"
    app.pop()
    assert session.seats[seat].kind == "medium" and not session.seats[seat].phone
    assert not table.facts.is_human(seat)
    app.go("title")


def test_presence_timers():
    p = Presence((0, 2), started=0.0)
    assert p.nobody_due(NOBODY_AFTER) and not p.nobody_due(NOBODY_AFTER - 1)
    p.seen(0, True, 5.0)
    assert not p.nobody_due(100.0)
    assert not p.away_due(0, 1000.0)
    p.seen(0, False, 10.0)
    assert not p.away_due(0, 10.0 + AWAY_AFTER - 1) and p.away_due(0, 10.0 + AWAY_AFTER)
    assert not p.away_due(1, 1e6)                       # not a phone seat


def test_a_language_change_in_settings_reaches_the_phones():
    from ne_game import i18n

    session = phone_game(phones=(0,))
    app, table = open_table(session)
    phone = join(app, table, 0)
    i18n.set_language("nl")            # what Settings → Language does
    welcome = phone.recv_until("welcome")
    assert welcome["lang"] == "nl"
    phone.close()
    app.go("title")


def test_q_and_a_click_hide_and_show_the_codes_and_the_tv_can_take_a_seat():
    session = phone_game(phones=(0, 1))
    app, table = open_table(session)
    part = table.phones
    assert part.panel_wanted() and part.hide_rect is not None
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_q, mod=0, unicode="q", scancode=0))
    app.step(DT)
    assert not part.panel_wanted()
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=part.hide_rect.center, button=1))
    app.step(DT)
    assert part.panel_wanted()
    seat = session.current_seat
    part.play_here(seat)            # "Play this seat here"
    table._sync()
    assert not session.seats[seat].phone and table.facts.is_human(seat) and not table.facts.is_phone(seat)
    phone = join(app, table, seat)
    view = phone.view
    assert view is not None
    phone.act(view["legal"][0] if view["legal"] else {"type": "end_turn"})
    wait_inbox(part.host)
    app.step(DT)
    assert phone.recv_until("refused")["code"] == "seat_taken"
    phone.close()
    app.go("title")
