"""Playtest 14a (05-sr1.png): while Mercy's start tile still landed ("Mercy places the start tile
at D5, E5", "Turn: Mercy"), the bar already showed Player 1's keys legend and land buttons, and
Player 1's ghost tile stood at A1. A person's controls wait for another's piece in flight, with
the turn's words; a key pressed meanwhile lands the piece at once and is not lost."""
from __future__ import annotations

import pygame

from ne_game.game.session import GameSession
from ne_game.storage.settings import Settings
from tests.history.games import play
from tests.ui.harness import Harness


def _in_flight(h):
    """The table just after the first person's start tile, the next person's turn, by keys."""
    h.app.go("table", session=GameSession.from_save(play(("human",) * 4, seed=3, stop=0)))
    h.step(3)
    table = h.top
    h.app.pads.last_device = "keyboard"
    table.refresh_interaction()
    assert table.view.prompt.controls, "the first person's keys legend"
    start = next(a for a in table.inter.legal if a["type"] == "place_start_tile")
    table.act(start)
    h.step(1)
    assert table.anim.hidden, "the start tile slides to its parcels"
    assert table.human_turn, "the next seat is a person's"
    return table


def test_the_persons_controls_wait_for_the_piece_in_flight():
    h = Harness(size=(1280, 720), settings=Settings(animation="normal", handover=False))
    try:
        table = _in_flight(h)
        for _ in range(3):
            view = table.build_static()
            assert not view.prompt.controls, "the keys legend ran ahead of the piece"
            assert table.preview is None, "the focus's ghost tile ran ahead of the piece"
            assert table.keys.draw(h.app.screen) is None, "the focus ring ran ahead of the piece"
            # the bar keeps what it showed while the piece flew: Space lands it
            assert [b.id for b in table.buttons] == ["skip"], [b.id for b in table.buttons]
            assert "computer" not in table.buttons[0].reason, "a person's turn: no computer's move to show"
            assert not table.targets
            h.step(1)
        assert h.run_until(lambda: not table.anim.hidden, 600)
        h.step(1)
        assert table.view.prompt.controls, "the keys legend once the piece landed"
        assert table.targets and table.preview is not None, "the ghost tile once the piece landed"
        assert table.keys.draw(h.app.screen) is not None
    finally:
        h.close()


def test_a_key_meanwhile_lands_the_piece_and_acts():
    h = Harness(size=(1280, 720), settings=Settings(animation="normal", handover=False))
    try:
        table = _in_flight(h)
        before = table.focus.current(table.focus_items)
        h.key(pygame.K_RIGHT, frames_after=1)
        assert not table.anim.hidden, "the key landed the piece at once"
        assert table.view.prompt.controls
        after = table.focus.current(table.focus_items)
        assert after is not None and after != before, "and the arrow moved the focus"
        table2 = _in_flight(h)
        n = len(table2.session.actions)
        h.key(pygame.K_RETURN, frames_after=1)
        assert not table2.anim.hidden and len(table2.session.actions) == n, \
            "Enter lands the piece and shows the ring; it places nothing unseen"
        assert table2.keys.draw(h.app.screen) is not None
    finally:
        h.close()
