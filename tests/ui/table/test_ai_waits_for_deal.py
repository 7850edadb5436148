"""Playtest 13a: "Mercy takes bid marker 6 ... Show now (Space)" stood in the action bar while
offer slot 7 still turned over and slots 8 and 9 lay face down. A computer's shown move (its
words, the glow of the bid marker it takes) waits for the offer's deal to end; a key press still
skips the deal at once."""
from __future__ import annotations

import pygame

from ne_game.game.session import GameSession
from ne_game.storage.settings import Settings
from ne_game.ui.shell.ai_runner import SyncRunner
from tests.history.games import play
from tests.ui.harness import Harness


def _before_the_deal():
    """A save one action before the offer is dealt, with a computer player to bid after it."""
    save = play(("easy",) * 4, seed=3)
    for n, a in enumerate(save["actions"]):
        if a["type"] == "take_bid":
            return play(("easy",) * 4, seed=3, stop=n - 1)
    raise AssertionError("no bid in the game")


def _table(h):
    h.app.ai_runner = SyncRunner()
    h.app.go("table", session=GameSession.from_save(_before_the_deal()))
    h.step(1)
    return h.top


def _dealing(table):
    return any(k is not None and k[0] == "slot" for k in table.anim.hidden)


def test_the_computers_move_waits_for_the_deal():
    h = Harness(size=(1280, 720), settings=Settings(animation="normal", handover=False, ai_pace="fast"))
    try:
        table = _table(h)
        assert h.run_until(lambda: _dealing(table), 600), "the offer is dealt"
        frames = 0
        while _dealing(table):
            assert table.ai_pending is None and not table.shown.words, \
                "the computer's move was on show while the offer was still dealt"
            h.step(1)
            frames += 1
        assert frames > 5
        assert h.run_until(lambda: table.ai_pending is not None, 600), "its move is shown after the deal"
        assert table.ai_pending["type"] == "take_bid" and table.shown.words
    finally:
        h.close()


def test_a_key_still_skips_the_deal():
    h = Harness(size=(1280, 720), settings=Settings(animation="normal", handover=False, ai_pace="slow"))
    try:
        table = _table(h)
        assert h.run_until(lambda: _dealing(table), 600)
        h.key(pygame.K_SPACE, frames_after=1)
        assert not _dealing(table), "Space lands the dealt cards at once"
        assert h.run_until(lambda: table.ai_pending is not None, 5)
    finally:
        h.close()
