"""Brief 56c (issue 37, playtest 15b): the coach's head adds up the findings it lists; the last
English and French snags of the reasons; the chart says when rival lines need the rivals' reviews.
Read on the playtest's own reviews (tests/coach/playtest15b.json: each seat's flaggable decisions,
the game of tests/coach/playtest13b.json)."""
from __future__ import annotations

import json
import re
from dataclasses import replace
from functools import cache
from typing import Any

import pytest

from ne_game import i18n
from ne_game.coach.reasons import Why
from ne_game.coach.review import Review, _decision, _finish
from ne_game.game.session import GameSession
from ne_game.ui.scenes.table.model import coach_words as words
from tests.coach import NAMES, ROOT


@cache
def _stored() -> dict[str, Any]:
    data: dict[str, Any] = json.loads((ROOT / "tests" / "coach" / "playtest15b.json").read_text())
    return data


def _review(seat: int) -> Review:
    rows = _stored()["seats"][str(seat)]
    return _finish(seat, [_decision(row, 10**6) for row in rows], 0.5, 1, True, 1.0, len(rows))


# ---- 1. the head adds up what the list shows ------------------------------------------------------

@pytest.mark.parametrize("seat,total", [(0, "1.2"), (1, "6.1"), (2, "8.8")])
def test_the_head_adds_up_the_findings_as_the_list_shows_them(seat: int, total: str) -> None:
    i18n.set_language("en")
    review = _review(seat)
    head = words.summary(review, NAMES[seat])
    assert f"add{'s' if len(review.costly) == 1 else ''} up to about {total} VP." in head, head
    # the reader's own sum: each finding's "by about … VP", a finding that is the same loss as
    # the one before it (and says so) counted once
    shown = 0.0
    for d in review.costly:
        if review.same_as(d) is None:
            shown += float(words.vp(d.loss))
    assert words.vp(shown) == total


def test_mercy_the_folded_bid_is_not_added_at_its_own_size() -> None:
    # the bid of round 3 (3.9 VP by its own games) is said inside the finding of the turn ended
    # with 8 shillings (3.8 VP): the head counted 3.9, the list showed 3.8 (6.3 against 6.1)
    review = _review(1)
    bid = next(d for d in review.decisions if d.taken["type"] == "take_bid")
    assert review.part_of(bid) is not None and bid.loss > review.part_of(bid).loss  # type: ignore[union-attr]
    for lang in ("en", "nl", "fr"):
        i18n.set_language(lang)
        head = words.summary(review, "Mercy")
        assert re.search(r"\b6[.,]1\b", head), (lang, head)
    i18n.set_language("en")


@cache
def _session() -> GameSession:
    data = json.loads((ROOT / "tests" / "coach" / "playtest13b.json").read_text())
    return GameSession.from_save(data["game"])


def _listed(seat: int, lang: str) -> list[str]:
    """Each finding of the seat as the coach's list says it, in `lang`."""
    review = _review(seat)
    i18n.set_language(lang)
    try:
        return [words.decision_sentence(d, _session().state_before(d.index), NAMES, review.same_as(d),
                                        review.folded_into(d)) for d in review.costly]
    finally:
        i18n.set_language("en")


# ---- 2. English: "which you will not have yet", "in every one of those games, and in none after" -----

def test_josiahs_round_4_says_the_parcels_are_not_had_yet_at_the_next_offer() -> None:
    said = _listed(2, "en")[0]
    assert said.startswith("Round 4:") and "which you will not have yet at the next round's offer." in said, said
    assert "do not yet have by" not in said


def test_the_short_contrast_says_every_one_of_those_games_and_none_after() -> None:
    said = " ".join(_listed(1, "en") + _listed(2, "en"))
    assert "in every one of those games, and in none after your move" in said
    assert "never after" not in said and "in all of them, never" not in said
    w = Why("majority", "pilgrim", 11, 0, 11)
    assert words.futures_words(w, again=True, against=True) == "in every one of those games, and in none after your move"
    assert words.rivals_words(replace(w, better=0, taken=11), again=True) == \
        "in every one of those games, and in none after the better move"


# ---- 3. French: "d'ici l'offre du tour suivant", "vous gagnez de la place", no word-for-word calques -----

def test_french_findings_say_by_the_next_offer_and_you_gain_room() -> None:
    mercy = " ".join(_listed(1, "fr"))
    assert "vous gagnez de la place pour les cartes à venir" in mercy, mercy
    josiah = _listed(2, "fr")[0]
    assert "que vous n'aurez pas encore d'ici l'offre du tour suivant." in josiah, josiah
    assert "de vos parcelles de" in josiah and "à vous, que" not in josiah


def test_the_french_catalogue_keeps_none_of_the_calques_read() -> None:
    text = (ROOT / "assets" / "locale" / "fr" / "LC_MESSAGES" / "ne_game.po").read_text(encoding="utf-8")
    joined = text.replace('"\n"', "")     # a message's wrapped lines as one
    for calque in ("le gain est de la place", "sont de la place pour", "à l'offre du tour suivant",
                   "raisons, données là-bas", "préfère le meilleur coup d'environ", "vaut la peine d'être essayé",
                   "est dit dans la décision", "à la fin est d'environ", "à vous, que"):
        assert calque not in joined, calque


# ---- 4. the chart: the rivals' lines need the rivals' reviews, and it says so --------------------------

def test_the_rival_lines_note_says_what_the_chart_waits_for() -> None:
    assert words.rival_lines_note(0, 3) == "Review the other players to see their lines here."
    assert words.rival_lines_note(2, 1) == ("The thin lines are the players reviewed so far; review the others to "
                                            "see their lines too.")
    assert words.rival_lines_note(3, 0) == ""            # every other line drawn
    assert words.rival_lines_note(0, 3, kept=False) == ""  # no review kept for this game: no line can join


@pytest.mark.parametrize("others,note", [((), "Review the other players to see their lines here."),
                                         ((1, 2), "The thin lines are the players reviewed so far"),
                                         ((1, 2, 3), None)])
def test_the_coach_chart_says_when_rival_lines_wait_for_their_reviews(monkeypatch: pytest.MonkeyPatch,
                                                                      others: tuple[int, ...],
                                                                      note: str | None) -> None:
    from ne_game.history import Replay
    from ne_game.ui.scenes.coach.scene import CoachScene
    from tests.ui.harness import words_drawn
    from tests.ui.table.driver import DT, make_app

    game = json.loads((ROOT / "tests" / "coach" / "playtest13b.json").read_text())["game"]
    reviews = {seat: _review(seat) for seat in (0, 1, 2)}
    reviews[3] = replace(reviews[2], seat=3)

    def _open(self: CoachScene) -> None:      # the reviews as the records would give them
        self.focus, self._sentences, self._habits, self.scroll, self.job = 0, {}, {}, {}, None
        self.others = {seat: reviews[seat] for seat in others}
        self.review = reviews[self.seat]

    monkeypatch.setattr(CoachScene, "_open", _open)
    app = make_app(size=(1280, 720), animation="off")
    app.push("coach", replay=Replay.from_save(game), save=game, game_id=1, seat=0)
    drawn = words_drawn(monkeypatch)
    app.step(DT)
    assert any(t.startswith("The line: your expected lead") for t in drawn), drawn
    said = [t for t in drawn if "review the others" in t or "Review the other players" in t]
    if note is None:
        assert not said, said
    else:
        assert said and said[0].startswith(note), said
