"""The title's buttons keep their order and places whether or not a game can be continued
(issue 35: "Continue" appearing used to shift every other button down)."""
from __future__ import annotations

import pytest

from ne_game import rules
from ne_game.game.session import GameSession, Seat
from ne_game.storage import saves

KEYS = ("continue", "new", "tutorial", "load", "records", "settings", "quit")


def _places(h) -> dict[str, tuple[int, int]]:
    lay = h.layout()
    return {k: lay[f"button_{k}"].topleft for k in KEYS}


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_the_buttons_stay_put_when_a_save_appears(harness, size):
    bare = harness(size=size)
    without = _places(bare)
    assert not bare.top.buttons["continue"].is_enabled            # there, greyed
    assert list(bare.top.buttons) == list(KEYS)
    s = GameSession.new([Seat("Ada", "winslow"), Seat("Bo", "palmer"), Seat("Cy", "howland")], seed=4)
    s.apply(rules.legal_actions(s.state)[0])
    saves.write_autosave(s.to_save())
    bare.top.build()                                               # as on coming back to the title
    assert bare.top.buttons["continue"].is_enabled
    assert list(bare.top.buttons) == list(KEYS)
    assert _places(bare) == without


def test_the_last_games_line_follows_the_language(harness):
    """Playtest 7a: after switching to Nederlands the title still said "Last game: Josiah won
    with 28 VP" in English (the autosave's line was kept per file only)."""
    import random

    from ne_game import i18n
    from ne_game.ui.shell import flow
    harness(size=(1280, 720))
    s = GameSession.new([Seat("Ada", "winslow"), Seat("Bo", "palmer"), Seat("Cy", "howland")], seed=4)
    rng = random.Random(4)
    while not s.is_over():
        s.apply(rng.choice(rules.legal_actions(s.state)))
    saves.write_autosave(s.to_save())
    try:
        i18n.set_language("en")
        english = flow.autosave_status()
        assert english is not None and english.result.startswith("Last game")
        i18n.set_language("nl")
        dutch = flow.autosave_status()
        assert dutch is not None and dutch.result and not dutch.result.startswith("Last game"), dutch.result
    finally:
        i18n.set_language("en")
