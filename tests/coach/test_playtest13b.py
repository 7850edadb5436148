"""Brief 54b (issue 37, playtest 13b): a commuting finding's headline names the better line, the
split of the VP said as a player would, and no count of very few games quoted as proof. Read on
the playtest's own game and findings (tests/coach/playtest13b.json)."""
from __future__ import annotations

import json
from dataclasses import replace
from functools import cache
from typing import Any

from ne_game import i18n
from ne_game.coach.review import Decision, _decision
from ne_game.game.session import GameSession
from ne_game.rules import State
from ne_game.ui.scenes.table.model import coach_words as words
from tests.coach import NAMES, ROOT


@cache
def _stored() -> dict[str, Any]:
    data: dict[str, Any] = json.loads((ROOT / "tests" / "coach" / "playtest13b.json").read_text())
    return data


def _finding(index: int) -> tuple[Decision, State]:
    data = _stored()
    session = GameSession.from_save(data["game"])
    return _decision(data["decisions"][str(index)], len(data["game"]["actions"])), session.state_before(index)


# ---- 1. Mercy's round 5: the headline names the better line ---------------------------------------

def test_a_commuting_finding_names_the_better_line_in_its_headline() -> None:
    d, state = _finding(82)
    said = words.decision_sentence(d, state, NAMES)
    assert said.startswith("Round 5: You bought a pilgrim for 3 and placed it on A7. Better: buy both copies of the "
                           "Pilgrim card on the offer this turn: a pilgrim on J3, then a pilgrim on A7. Clearly better"), said
    # the reason that follows says the same point (not "place it on J3" above "where it stands hardly matters")
    assert "Where the pilgrim stands hardly matters" in said
    assert words.live_line(d, state, NAMES).startswith("The coach, on your last turn: buy both copies of the Pilgrim card")
    english = words.line_words(d, state)
    for lang, word in (("nl", "beide exemplaren van het kaartje Pelgrimvader"), ("fr", "les deux exemplaires de la carte Colon")):
        i18n.set_language(lang)
        other = words.line_words(d, state)
        assert word in other and "J3" in other and "A7" in other and other != english, other
    i18n.set_language("en")


def test_a_finding_that_does_not_commute_keeps_the_better_move_as_its_headline() -> None:
    d, state = _finding(82)
    plain = replace(d, why=tuple(replace(w, amount=0) if w.kind == "chain" else w for w in d.why))
    assert words.line_words(plain, state) == ""
    assert "Better: buy a pilgrim for 3 and place it on J3." in words.decision_sentence(plain, state, NAMES)


# ---- 2. the split of the VP as a player says it ----------------------------------------------------

def test_no_sentence_of_the_split_says_by_source() -> None:
    from ne_game.coach.reasons import Why
    for detail in ("mostly_majorities", "mostly_cards"):
        for vp, loss in ((0, None), (1, 5.0), (1, 1.0)):
            w = Why("sources", "", 3, 0, 3, vp=vp, amount=4, detail=detail)
            for lang in ("en", "nl", "fr"):
                i18n.set_language(lang)
                said = words.why_sentence(w, again=True, loss=loss)
                assert said and "source" not in said.lower() and "bron" not in said.lower(), (lang, said)
                if lang != "en" and loss != 1.0:
                    assert not said.startswith("Most of"), (lang, said)     # translated
            i18n.set_language("en")
            said = words.why_sentence(w, again=True, loss=loss)
            assert said.startswith("Most of the"), said
    d, state = _finding(191)
    said = words.decision_sentence(d, state, NAMES)
    assert said.endswith("Most of the difference is in the majorities: about 2 VP more for you with the better move, "
                         "and your cards score about the same."), said


# ---- 3. a count of very few games is no proof ----------------------------------------------------

def test_few_games_are_not_quoted_as_proof() -> None:
    from ne_game.coach.review import CLEAR_WORLDS
    d, state = _finding(191)
    assert d.worlds == 3 < CLEAR_WORLDS and not d.clearly
    for lang in ("en", "nl", "fr"):
        i18n.set_language(lang)
        said = words.decision_sentence(d, state, NAMES)
        # "all 3 games" / "alle 3 partijen" / "les 3 parties": no number of games quoted as every one of them
        for quoted in ("all 3", "alle 3", "les 3 parties", "toutes les 3"):
            assert quoted not in said, (lang, said)
    i18n.set_language("en")
    said = words.decision_sentence(d, state, NAMES)
    assert ("Probably better, by about 2.3 VP: the coach could play on only a few games from here, so this is less "
            "sure.") in said, said
    assert "in every game the coach played on from here; after your move, in none" in said, said
    # enough games: the count is said, as before
    many = replace(d, worlds=CLEAR_WORLDS, why=tuple(replace(w, better=CLEAR_WORLDS if w.better == w.worlds else
                                                             w.better, worlds=CLEAR_WORLDS) for w in d.why))
    assert f"in all {CLEAR_WORLDS} games the coach played on from here" in words.decision_sentence(many, state, NAMES)


def test_every_all_of_few_sentence_drops_the_number() -> None:
    from ne_game.coach.reasons import Step, Why
    main = Step(3, 9, "buy", "ship", 4, "H1", use="place")
    for n in (3, 5, 7):
        w = Why("majority", "ship", n, 0, n, 2)
        for again in (False, True):
            for against in (False, True):
                assert str(n) not in words.futures_words(w, again, against)
            assert str(n) not in words.rivals_words(Why("rival_card", "ship", 0, n, n, 2), again)
        assert str(n) not in words.those_words(n, n)
        assert all(str(n) not in s for s in words._hedged(n, n, "Prudence (A)", 4, "a ship"))
        assert str(n) not in words._hedged_rival(Why("cause", "ship", 0, n, n), main, "Prudence (A)", "a ship")
        for detail in ("cards", "majorities"):
            assert str(n) not in words.why_sentence(Why("sources", "", n, 0, n, amount=2, detail=detail), again=True)
        assert str(n) not in words.land_cards_sentence(Why("land_cards", "field", n, 0, n, detail="same"))
