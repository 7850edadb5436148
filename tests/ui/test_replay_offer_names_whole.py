"""Playtest 13a: in the replay (its table smaller than the game's, the bar below it) the offer's
land tile was named "Settle-/ment". A land's name is one word: it never breaks in the middle; it
stands on one line, a little condensed or on a plate wider than the tile, within its slot."""
from __future__ import annotations

import pytest

from ne_game import i18n
from ne_game.history import Replay
from ne_game.storage.settings import Settings
from ne_game.ui.scenes.table.draw import offer_view
from tests.history.games import play


@pytest.mark.parametrize("lang", ["en", "nl", "fr"])
@pytest.mark.parametrize("size,sofa", [((1280, 720), "off"), ((1920, 1080), "off"), ((1920, 1080), "on"),
                                       ((3840, 2160), "on")], ids=["720p", "1080p", "1080p-sofa", "4k-sofa"])
def test_the_replays_land_names_never_break(harness, monkeypatch, size, sofa, lang):
    drawn: list[str] = []
    real = offer_view.name_text

    def spy(st, text, *a, **kw):
        drawn.append(text)
        return real(st, text, *a, **kw)

    monkeypatch.setattr(offer_view, "name_text", spy)
    h = harness(size=size, settings=Settings(animation="off", language=lang, sofa=sofa))
    i18n.set_language(lang)
    try:
        replay = Replay.from_save(play(("human", "easy", "medium", "easy"), seed=3))
        h.app.push("replay", replay=replay, start=0)
        h.step(2)
        for _ in range(40):
            h.top.do("next")
            h.step(1)
        broken = [t for t in drawn if t.endswith("-")]
        assert not broken, broken
    finally:
        i18n.set_language("en")
