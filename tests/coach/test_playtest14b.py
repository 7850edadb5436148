"""Brief 55b (issue 37, playtest 14b): the replay's banner words a commuting finding as its list
does; the reasons speak of "the next round's offer", not of "the coach's games stopping"; a
reveal is said what it is the first time; "instead" says instead of what; a finding that is the
same loss as the one before it shows only its headline and the short line. Read on the
playtest's own game and findings (tests/coach/playtest13b.json, the same game)."""
from __future__ import annotations

import json
from dataclasses import replace
from functools import cache
from typing import Any

from ne_game import i18n
from ne_game.coach.review import Decision, _decision
from ne_game.game.session import GameSession
from ne_game.history import Replay
from ne_game.rules import State
from ne_game.ui.scenes.replay import ReplayModel
from ne_game.ui.scenes.table.model import coach_words as words
from tests.coach import NAMES, ROOT
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


@cache
def _josiah() -> dict[str, Any]:
    data: dict[str, Any] = json.loads((ROOT / "tests" / "coach" / "playtest14b.json").read_text())
    return data


def _josiahs(index: int) -> tuple[Decision, State]:
    game = _stored()["game"]
    return (_decision(_josiah()["decisions"][str(index)], len(game["actions"])),
            GameSession.from_save(game).state_before(index))


def _said(index: int, lang: str = "en") -> str:
    """Josiah's finding `index` as the coach's list says it (round 5's second with its twin, round
    7's placement with the reveal before it)."""
    d, state = _josiahs(index)
    same = _josiahs(88)[0] if index == 90 else None
    folded = (_josiahs(119)[0],) if index == 120 else ()
    i18n.set_language(lang)
    try:
        return words.decision_sentence(d, state, NAMES, same, folded)
    finally:
        i18n.set_language("en")


# ---- 2. no "coach's games stop": the next round's offer, as a player says it ------------------------

def test_no_finding_speaks_of_the_coachs_games_stopping() -> None:
    said = _said(68)
    assert "which you will not have yet at the next round's offer" in said, said
    for index in (68, 88, 90, 120):
        for lang in ("en", "nl", "fr"):
            text = _said(index, lang)
            assert "games stop" not in text and "coach's games from" not in text, (index, lang, text)
    for lang, stop in (("nl", "stoppen"), ("fr", "s'arrêtent")):
        assert stop not in _said(68, lang), lang


# ---- 3. a reveal said what it is, the first time -----------------------------------------------------

def test_a_reveal_folded_into_its_placement_is_said_what_it_is() -> None:
    said = _said(120)
    assert ("Just before, you revealed an extra item: as your ships allowed, you drew one more land tile from the "
            "bag onto the offer. The coach judged that reveal too") in said, said
    assert said.index("revealed an extra item") == said.index("reveal"), "said what it is where it is first named"
    for lang, word in (("nl", "zak"), ("fr", "sac")):
        assert word in _said(120, lang), lang


# ---- 4. "instead" says instead of whom or what --------------------------------------------------------

def test_a_rival_who_buys_instead_says_instead_of_whom_or_what() -> None:
    d, state = _finding(191)
    said = words.decision_sentence(d, state, NAMES)
    assert "Player 1 buys the Ship card instead of you, with bid marker 3" in said, said
    assert "the Ship card instead," not in said
    for lang, word in (("nl", "in jouw plaats"), ("fr", "à votre place")):
        i18n.set_language(lang)
        assert word in words.decision_sentence(d, state, NAMES), lang
    i18n.set_language("en")
    # no sentence of a purchase made instead leaves out of what or of whom
    pot = (ROOT / "assets" / "locale" / "ne_game.pot").read_text()
    for bare in ("{item} instead,", "{item} instead.", "games after your move you buy {other} instead."):
        assert bare not in pot.replace('"\n"', ""), bare


# ---- 5. the same loss for the same reasons: the headline and the short line ----------------------------

def test_a_finding_with_the_same_loss_and_reasons_as_the_one_before_says_them_once() -> None:
    first, second = _said(88), _said(90)
    assert "A1 is on the coast, where ships stand" in first, first
    assert "A1 is on the coast" not in second, second
    assert second == ("Round 5: You bought a settlement tile for 1 and placed it at B4. Better: buy a settlement tile "
                      "for 1 and place it at A1. Clearly better, by about 1.2 VP. This is the same loss as the finding "
                      "before it, in round 5, for the same reasons, said there: your total counts it only once."), second
    for lang in ("nl", "fr"):
        said = _said(90, lang)
        assert len(said) < 0.6 * len(_said(88, lang)) and "A1" in said, (lang, said)
    # the same loss for reasons of its own: they are said, then the short line
    d, state = _josiahs(90)
    twin = replace(_josiahs(88)[0], why=_josiahs(88)[0].why[:1])
    said = words.decision_sentence(d, state, NAMES, twin)
    assert "A1 is on the coast, where ships stand" in said and said.endswith(
        "This is the same loss as the finding before it, in round 5: your total counts it only once."), said


def test_a_commuting_finding_opened_from_the_coachs_list_shows_the_line_in_the_replay(monkeypatch) -> None:
    from ne_game.coach.review import Review
    from ne_game.ui.scenes.coach.scene import CoachScene
    from tests.ui.table.driver import DT, make_app

    data = _stored()
    review = Review.from_json({"seat": 1, "decisions": [data["decisions"]["82"]], "flagged": [82], "budget": 0.5,
                               "seed": 1})
    opened = CoachScene._open

    def _open(scene: CoachScene) -> None:     # the review as kept, not made again here
        opened(scene)
        if scene.job is not None:
            scene.job.cancel()
            scene.job = None
        scene.review = review

    monkeypatch.setattr(CoachScene, "_open", _open)
    app = make_app(size=(1280, 720), animation="off")
    app.push("coach", replay=Replay.from_save(data["game"]), save=data["game"], game_id=None, seat=1)
    coach = app.top
    assert isinstance(coach, CoachScene) and [d.index for d in coach.flagged] == [82]
    coach.activate("finding:0")
    app.step(DT)
    banner = app.top.shown.static.prompt.main
    assert banner == ("Better here: buy both copies of the Pilgrim card on the offer this turn: a pilgrim on J3, then "
                      "a pilgrim on A7."), banner
