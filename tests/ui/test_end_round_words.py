"""Playtest 10c: the story said "after 12 rounds", the replay "ended at the offer of round 13".
Both count as the rules do (the game ends at the offer step of a round, §5) and say it in the
same words, in every language: the story's headline, the replay's place and the table's status."""
from __future__ import annotations

import pytest

from ne_game import i18n
from ne_game.history import Replay
from ne_game.i18n import fmt
from ne_game.storage.settings import Settings
from ne_game.ui.scenes.replay import ReplayModel
from tests.ui.test_story_replay_recap import finished


@pytest.mark.parametrize("lang", ["en", "nl", "fr"])
def test_the_story_and_the_replay_name_the_same_round_in_the_same_words(harness, lang):
    replay = Replay.from_save(finished())
    end = replay.engine_state(replay.last)
    assert end.phase == "game_over"
    h = harness(settings=Settings(animation="off", language=lang))
    i18n.set_language(lang)
    try:
        words = fmt("Ended at the offer of round {round}", round=end.round)
        model = ReplayModel(replay)
        frame = model.frame(replay.last)
        assert words in frame.where, frame.where
        assert frame.static.status.line1 == words
        h.app.push("story", replay=replay)
        h.step(2)
        headline = h.top._headline()
        assert words in headline, headline
    finally:
        i18n.set_language("en")
