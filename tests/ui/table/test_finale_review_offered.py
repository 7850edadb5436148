"""Playtest 11a: the final scores of a game of computers only offered "Review my game" (the
coach on a person's decisions), where no seat was a person's. Its button, and the keys that
reach it, are offered only where a seat was a person's."""
from __future__ import annotations

import pygame
import pytest

from ne_game.game.session import GameSession
from ne_game.storage.settings import Settings
from ne_game.ui.shell import flow
from ne_game.ui.shell.ai_runner import SyncRunner
from tests.history.games import play


@pytest.mark.parametrize("kinds, offered", [(("easy", "easy", "easy"), False),
                                            (("human", "easy", "easy"), True)],
                         ids=["computers", "a-person"])
def test_review_my_game_only_where_a_seat_was_a_persons(harness, kinds, offered):
    h = harness(settings=Settings(animation="off", ai_pace="fast"))
    h.app.ai_runner = SyncRunner()
    flow.start_session(h.app, GameSession.from_save(play(kinds, seed=2)))
    assert h.run_until(lambda: h.showing("final_scoring"), max_frames=600)
    final = h.top
    final.t = 10.0
    h.step(40)                  # past the first moment, when no press counts
    assert ("review" in final.button_rects()) == offered
    assert ("review" in final.focusable()) == offered
    # the keys step through what is offered: never onto a review that is not
    seen = set()
    for _ in range(len(final.focusable()) + 1):
        h.key(pygame.K_TAB)
        seen.add(final.hover)
    assert ("review" in seen) == offered
    # every offered button is on the sheet, side by side, none over another
    rects = list(final.button_rects().values())
    for i, a in enumerate(rects):
        assert final.panel_rect().contains(a)
        assert not any(a.colliderect(b) for b in rects[i + 1:])
    if not offered:
        final._choose("review")                 # (nothing reaches it; were it asked, nothing opens)
        assert h.showing("final_scoring")
