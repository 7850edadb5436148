"""The coach's words (ne_game/ui/scenes/table/model/coach_words.py) on made-up reviews: the
headline counts what the list shows."""
from __future__ import annotations

from ne_game import i18n
from ne_game.coach import Decision, Review
from ne_game.coach.review import TOP
from ne_game.ui.scenes.table.model.coach_words import list_head, summary


def _decision(index: int, loss: float) -> Decision:
    take = {"type": "take_bid", "marker": 2}
    return Decision(index, 1, "bids", take, {"type": "take_bid", "marker": 3}, loss, 0.1, 0.0, 8, 2)  # type: ignore[arg-type]


def _review(losses: list[float]) -> Review:
    ds = tuple(_decision(k, loss) for k, loss in enumerate(losses))
    flagged = sorted((d for d in ds if d.flaggable), key=lambda d: -d.loss)[:TOP]
    return Review(0, ds, 1.0, 1, flagged=tuple(sorted(flagged, key=lambda d: d.index)))


def test_headline_counts_the_decisions_the_list_shows() -> None:
    i18n.set_language("en")
    review = _review([3.0, 2.0, 2.0, 2.0, 2.0, 1.0])      # six costly, the list shows five
    assert len(review.flagged) == 5
    line = summary(review, "Mercy")
    assert line.startswith("The 5 costliest of Mercy's 6 costly decisions add up to about 11.0 VP."), line
    assert list_head(review) == "The 5 costliest of 6 costly decisions:"
    whole = _review([3.0, 2.0])
    assert summary(whole, "Mercy").startswith("Mercy's 2 costly decisions add up to about 5.0 VP.")
    assert list_head(whole) == "2 costly decisions:"


def test_headline_in_every_language() -> None:
    review = _review([3.0, 2.0, 2.0, 2.0, 2.0, 1.0])
    try:
        for lang in ("nl", "fr"):
            i18n.set_language(lang)
            line, head = summary(review, "Mercy"), list_head(review)
            assert "5" in line and "6" in line and i18n.number(11.0, decimals=1) in line, line
            assert "5" in head and "6" in head and "costliest" not in head, head
    finally:
        i18n.set_language("en")
