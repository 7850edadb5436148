"""Brief 55b (issue 37, playtest 14b): the replay's banner words a commuting finding as its list
does; the reasons speak of "the next round's offer", not of "the coach's games stopping"; a
reveal is said what it is the first time; "instead" says instead of what; a finding that is the
same loss as the one before it shows only its headline and the short line. Read on the
playtest's own game and findings (tests/coach/playtest13b.json, the same game)."""
from __future__ import annotations

from ne_game import i18n
from ne_game.history import Replay
from ne_game.ui.scenes.replay import ReplayModel
from ne_game.ui.scenes.table.model import coach_words as words
from tests.coach import NAMES
from tests.coach.test_playtest13b import _finding, _stored


# ---- 1. the replay's banner: the list's better line ---------------------------------------------

def test_the_replay_banner_of_a_commuting_finding_names_the_lists_better_line() -> None:
    d, state = _finding(82)
    model = ReplayModel(Replay.from_save(_stored()["game"]))
    for lang in ("en", "nl", "fr"):
        i18n.set_language(lang)
        line = words.line_words(d, state)
        assert line and line in words.decision_sentence(d, state, NAMES)
        banner = model.ghost_frame(d.index, d.best, line).static.prompt.main
        assert line in banner, (lang, banner)
    i18n.set_language("en")
    banner = model.ghost_frame(d.index, d.best, words.line_words(d, state)).static.prompt.main
    assert banner == ("Better here: buy both copies of the Pilgrim card on the offer this turn: a pilgrim on J3, then "
                      "a pilgrim on A7."), banner
    # a finding that does not commute keeps the table's words for the better move
    assert model.ghost_frame(d.index, d.best).static.prompt.main.startswith("Better here: Mercy buys a pilgrim")
