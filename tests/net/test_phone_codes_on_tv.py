"""The QR codes on the TV: large enough to scan at 720p with three phones still to join, and
shown or hidden from a pad (LB+RB together), the hint line naming the device used last."""
from __future__ import annotations

import pygame
import pytest

from ne_game.ui.scenes.table.phones import PhoneSeats
from ne_game.ui.scenes.table.phones.draw import _matrix
from tests.ui.table.driver import DT
from tests.ui.test_phone_table import open_table, phone_game

LB, RB = pygame.CONTROLLER_BUTTON_LEFTSHOULDER, pygame.CONTROLLER_BUTTON_RIGHTSHOULDER


@pytest.fixture(autouse=True)
def loopback(monkeypatch):
    monkeypatch.setattr(PhoneSeats, "bind", "127.0.0.1")
    monkeypatch.setattr(PhoneSeats, "port", 0)


def pad(kind: int, button: int) -> None:
    pygame.event.post(pygame.event.Event(kind, instance_id=0, button=button))


@pytest.mark.parametrize("size", [(1280, 720), (1280, 800), (1920, 1080)])
def test_three_codes_are_large_enough_to_scan(size):
    session = phone_game(phones=(1, 2, 3))
    app, table = open_table(session, size=size)
    part = table.phones
    try:
        assert len(part.code_px) == 3
        n = len(_matrix(part.links[0].url))
        assert min(part.code_px) >= 120, part.code_px          # was 82 px at 720p
        assert all(px // n >= 3 and px % n == 0 for px in part.code_px)   # whole modules of 3 px or more
    finally:
        app.go("title")


def test_four_codes_still_fit_with_whole_modules():
    session = phone_game(phones=(0, 1, 2, 3))
    app, table = open_table(session)
    part = table.phones
    try:
        n = len(_matrix(part.links[0].url))
        assert len(part.code_px) == 4 and all(px % n == 0 and px // n >= 2 for px in part.code_px)
        assert part.hide_rect is not None and part.hide_rect.bottom <= table.lay.offer_rect.union(
            table.lay.deck_rect).bottom
    finally:
        app.go("title")


def test_a_pad_shows_and_hides_the_codes_with_both_shoulders():
    session = phone_game(phones=(0, 1))
    app, table = open_table(session)
    part = table.phones
    try:
        assert part.panel_wanted()
        assert "Q" in part.hide_words(False)             # the mouse was used last
        pad(pygame.CONTROLLERBUTTONDOWN, LB)
        app.step(DT)
        assert part.panel_wanted(), "one shoulder alone is its own command"
        assert part.hide_words(False) == "LB+RB together: hide"   # the pad was used last
        pad(pygame.CONTROLLERBUTTONDOWN, RB)
        app.step(DT)
        assert not part.panel_wanted()
        assert part.hide_words(True) == "LB+RB together: phone codes"
        pad(pygame.CONTROLLERBUTTONUP, LB)
        pad(pygame.CONTROLLERBUTTONUP, RB)
        app.step(DT)
        pad(pygame.CONTROLLERBUTTONDOWN, RB)
        pad(pygame.CONTROLLERBUTTONDOWN, LB)
        app.step(DT)
        assert part.panel_wanted()
        # under the pause menu the chord does nothing at the table
        pad(pygame.CONTROLLERBUTTONUP, LB)
        pad(pygame.CONTROLLERBUTTONUP, RB)
        app.push("pause", session=session)
        app.step(DT)
        pad(pygame.CONTROLLERBUTTONDOWN, LB)
        pad(pygame.CONTROLLERBUTTONDOWN, RB)
        app.step(DT)
        assert part.panel_wanted()
    finally:
        app.go("title")


def test_the_hint_names_a_playstation_pads_buttons(monkeypatch):
    session = phone_game(phones=(0,))
    app, table = open_table(session)
    try:
        app.pads.last_device = "pad"
        monkeypatch.setattr(type(app.pads), "layout", property(lambda self: "playstation"))
        assert table.phones.hide_words(False) == "L1+R1 together: hide"
    finally:
        app.go("title")
