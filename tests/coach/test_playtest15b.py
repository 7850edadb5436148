"""Brief 56c (issue 37, playtest 15b): the coach's head adds up the findings it lists; the last
English and French snags of the reasons; the chart says when rival lines need the rivals' reviews.
Read on the playtest's own reviews (tests/coach/playtest15b.json: each seat's flaggable decisions,
the game of tests/coach/playtest13b.json)."""
from __future__ import annotations

import json
import re
from functools import cache
from typing import Any

import pytest

from ne_game import i18n
from ne_game.coach.review import Review, _decision, _finish
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
