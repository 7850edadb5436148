"""Playtest 10c: a card in flight when the pause menu opened stayed frozen mid-air behind it.
Opening the pause menu (any cover) lands every piece first: the table below is the position."""
from __future__ import annotations

import pygame

from ne_game.game.session import GameSession
from ne_game.storage.settings import Settings
from tests.history.games import play
from tests.ui.harness import Harness


def test_opening_the_pause_menu_lands_every_piece_in_flight():
    h = Harness(size=(1280, 720), settings=Settings(animation="normal", handover=False))
    try:
        h.app.go("table", session=GameSession.from_save(play(("human",) * 4, seed=3, stop=17)))
        h.step(3)
        table = h.top
        buy = next(a for a in table.inter.legal if a["type"] == "buy_card")
        table.act(buy)
        h.step(1)
        assert table.anim.tweens, "the bought card flies to its buyer"
        h.key(pygame.K_ESCAPE, frames_after=1)
        assert h.showing("pause")
        assert not table.anim.tweens and not table.anim.hidden
        assert table.view == table.build_static()      # drawn from the position, no piece missing
    finally:
        h.close()
