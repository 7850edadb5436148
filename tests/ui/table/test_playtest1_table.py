"""Playtest 1 (issue 35): the table's findings, each pinned by a test that fails without its fix."""
from __future__ import annotations

import pygame

from ne_game.game.session import GameSession, Seat
from ne_game.storage.settings import Settings

FOUR = [Seat("Ann", "winslow"), Seat("Ben", "palmer"), Seat("Cat", "howland"), Seat("Dot", "annable")]


def _legal_cell_center(table):
    """The centre of a board parcel where a click would place the start tile now."""
    cell = sorted(table.targets["place"])[len(table.targets["place"]) // 2]
    return table.lay.cell_center(*cell)


def test_who_starts_shows_the_draw_and_its_closing_click_places_nothing(harness, sofa):
    """(b)6 + (c)1: a click during the draw shows who was drawn; the second click of the same
    double click does not begin; the result waits (no game that begins by itself under a
    click meant for the box); the click that begins places no start tile."""
    h = harness(size=(1920, 1080), settings=Settings(animation="normal"))
    session = GameSession(list(FOUR), seed=3)
    h.app.go("who_starts", session=session)
    h.step(3)
    who = h.top
    assert not who.landed
    h.click((5, 5), frames_after=1)          # a click during "Drawing lots…": the result
    assert h.showing("who_starts") and who.landed
    h.click((5, 5), frames_after=1)          # the double click's second press: still the result
    assert h.showing("who_starts")
    h.wait(6.0)                              # it waits for the player
    assert h.showing("who_starts")
    h.click((5, 5))
    assert h.showing("table")
    table = h.top
    spot = _legal_cell_center(table)
    h.click(spot, frames_after=1)            # the same person's next click, a moment later
    assert session.actions == [], "the click right after the box closed placed a start tile"
    h.wait(1.0)
    h.click(spot)
    assert len(session.actions) == 1          # a deliberate click later plays as ever
