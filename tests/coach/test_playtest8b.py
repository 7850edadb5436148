"""Brief 45b (issue 37, playtest 8b): the last round of the coach's reasons. A loss shown where the
two games really part (the placement, not the reveal before it); where your own purchase went;
"after the better move" for a figure moved in the coach's games; the contrast said once in a
finding; French and Dutch: one costly decision with its number, "votre bateau", the figure named,
"la remarque juste avant", straight apostrophes, "all 11 games" rather than "11 of 11"."""
from __future__ import annotations

from pathlib import Path

import ne_game.rules as rules
from ne_game import i18n
from ne_game.coach import Decision, Review
from ne_game.coach.reasons import Sheet, Step, Why, explain
from ne_game.coach.review import _finish
from ne_game.ui.scenes.table.model import coach_words as words
from tests.coach import NAMES

CARD_VP = {"F3L": 6, "P2": 3, "pilgrim": 1}
MAJORITY_VP = {"pilgrim": 4, "barn": 3, "ship": 2}
LOCALE = Path(__file__).resolve().parents[2] / "assets" / "locale"



# ---- 1. the reveal and the placement: one loss, shown at the placement ------------------------
G1 = {"type": "buy_land", "slot": 0, "cell": [6, 0]}
REVEAL = Decision(119, 7, "buying", {"type": "reveal_extra", "source": "land"}, G1, 1.96, 0.3, 0.0, 12, 4,
                  why=(Why("parcel", "G1", 12, 1, 12, detail="ship"),))
H3 = Decision(120, 7, "buying", {"type": "buy_land", "slot": 9, "cell": [7, 2]}, dict(G1), 1.95, 0.3, 0.0,  # type: ignore[arg-type]
              10, 4, why=(Why("parcel", "G1", 10, 0, 10, detail="ship"),))


def test_the_reveal_is_no_finding_its_loss_is_the_placements() -> None:
    review = _finish(2, [REVEAL, H3], 0.5, 1, True, 1.0, 2)
    assert review.flagged == (H3,) and review.costly == (H3,)
    assert review.part_of(REVEAL) == H3 and review.folded_into(H3) == (REVEAL,) and review.same_as(H3) is None
    assert abs(review.clear_loss - 1.96) < 1e-9          # counted once, at the larger size
    # the head adds up the finding as shown (1.95 written 1.9), not the reveal's own estimate (playtest 15b)
    assert words.summary(review, "Josiah").startswith("Josiah's 1 costly decision adds up to about 1.9 VP.")
    # a review stored with both flagged (before this) shows the placement only
    stored = Review.from_json({**review.to_json(), "flagged": [119, 120]})
    assert [d.index for d in stored.flagged] == [120]


def test_the_placement_says_revealing_was_not_the_mistake() -> None:
    state = rules.new_game(players=4, seed=1)
    said = words.decision_sentence(H3, state, NAMES, None, (REVEAL,))
    assert "revealing was not the mistake, the placement was. Your total counts this loss only once." in said, said
    assert "same loss as the finding before it" not in said
    for lang in ("nl", "fr"):
        i18n.set_language(lang)
        assert "{" not in words.decision_sentence(H3, state, NAMES, None, (REVEAL,))


def test_a_bid_and_the_unspent_turn_after_it_are_one_loss_of_the_turn() -> None:
    # the same first difference but not the same better move; since playtest 9b the loss is the
    # end of the turn's (with marker 4 the settlement tile was still affordable): test_playtest9b.py
    land = (Why("land", "settlement", 6, 0, 6, amount=2),)
    bid = Decision(45, 3, "bids", {"type": "take_bid", "value": 4}, {"type": "take_bid", "value": 2}, 3.89, 0.3,
                   0.0, 6, 3, why=land)
    end = Decision(53, 3, "buying", {"type": "end_turn"}, dict(G1), 3.77, 0.3, 0.0, 16, 3, why=land)  # type: ignore[arg-type]
    review = _finish(1, [bid, end], 0.5, 1, True, 1.0, 2)
    assert review.flagged == (end,) and review.part_of(bid) == end and review.same_as(end) is None


# ---- 2. where your own purchase went ---------------------------------------------------------
J3 = (Step(1, 5, "buy", "pilgrim", 3, "A7", use="place"), Step(1, 5, "end", "turn", 3, money=4))


def _mercy(wheres: list[str]) -> Why:
    taken = [Sheet(frozenset(), frozenset(), 5, (), frozenset(), 0, seat=1,
                   steps=(Step(1, 5, "buy", "pasture", 3, w, use="place"), Step(3, 5, "buy", "pilgrim", 2, "B6",
                                                                                 use="place")))
             for w in wheres]
    better = [Sheet(frozenset(), frozenset({"pilgrim"}), 5, (), frozenset(), 0, seat=1, steps=J3) for _ in wheres]
    return explain(taken, better, CARD_VP, MAJORITY_VP)[1]


def test_your_own_purchase_says_where_it_went_when_the_games_agree() -> None:
    said = words.why_sentence(_mercy(["J4"] * 8), NAMES)
    assert "you buy a pasture tile with bid marker 3 instead of the Pilgrim card and place it at J4, in all of them." in said, said
    own = _mercy(["J4"] * 8).step("own")
    assert own is not None and own.where == "J4" and own.count == 8


def test_a_figure_you_bought_instead_is_placed_by_name() -> None:
    own = Step(2, 11, "buy", "pilgrim", 5, "H4", use="place", role="own", count=4)
    assert words.own_sentence(own, 4, "the Barn card") == (
        "In your own turn, after your move, you buy a pilgrim with bid marker 5 instead of the Barn card and place "
        "the pilgrim on H4, in all of them.")


# ---- 3. what follows the better move --------------------------------------------------------------
def test_the_figure_moved_in_the_games_follows_the_better_move() -> None:
    said = words.first_sentence(Step(2, 4, "move", "ship", 2, "A1", "H1"), Step(2, 4, "buy", "F3L", 2, "H8"))
    assert said == "After the better move you move your ship from H1 to A1 (ships stand only on the coast)."


# ---- 4. the contrast said once -----------------------------------------------------------------------
def test_a_finding_says_the_contrast_in_full_once() -> None:
    facts = (Why("card", "F3L", 40, 0, 40, 6), Why("parcel", "C7", 40, 0, 40, detail="open"))
    d = Decision(index=0, round=4, kind="buying", taken={"type": "end_turn"}, best={"type": "end_turn"},
                 loss=1.0, se=0.1, value=0.0, worlds=40, candidates=2, why=facts)
    said = words.reason(d)
    assert said.count("after your move, in none") == 1 and "in every one of those games, and in none after your move" in said, said
    every = Why("parcel", "G1", 12, 1, 12, detail="ship")
    assert words.futures_words(every, against=True) == \
        "in all 12 games the coach played on from here, against 1 after your move"


# ---- 5. French and Dutch ----------------------------------------------------------------------------
def test_one_costly_decision_is_said_with_its_number_in_french_and_dutch() -> None:
    d = Decision(156, 9, "buying", {"type": "end_turn"}, dict(G1), 1.26, 0.2, 0.0, 11, 3)  # type: ignore[arg-type]
    review = _finish(0, [d], 0.5, 1, True, 1.0, 1)
    i18n.set_language("fr")
    line = words.summary(review, "Player 1")
    assert line.startswith("Player 1\u00a0: 1 décision coûteuse") and "La 1 " not in line, line
    i18n.set_language("nl")
    line = words.summary(review, "Player 1")
    assert line.startswith("Player 1: 1 dure beslissing") and "De 1 " not in line, line


def test_french_says_votre_bateau_and_counts_every_game_in_words() -> None:
    i18n.set_language("fr")
    said = words.parcel_sentence(Why("parcel", "G1", 12, 1, 12, detail="ship"), "X")
    assert "votre bateau" in said and "figurine (" not in said, said
    assert words.futures_words(Why("parcel", "G1", 11, 1, 11, detail="ship"), against=True).startswith(
        "dans toutes les 11 parties")
    state = rules.new_game(players=4, seed=1)
    same = words.decision_sentence(H3, state, NAMES, REVEAL)
    assert "la remarque précédente" not in same and "juste avant" in same, same


def test_the_french_catalogue_uses_one_apostrophe() -> None:
    text = (LOCALE / "fr" / "LC_MESSAGES" / "ne_game.po").read_text(encoding="utf-8")
    strings = [line for line in text.splitlines() if line.startswith(("msgstr", '"'))]
    assert not [s for s in strings if "\u2019" in s]


def test_your_own_purchase_split_between_two_parcels_names_both() -> None:
    # Mercy's round 5 in the stored game: the pasture tile went to K4 in 7 games, to J4 in 5
    split = _mercy(["K4"] * 7 + ["J4"] * 5)
    own = split.step("own")
    assert own is not None and own.where == "" and own.cells == ("K4", "J4")
    assert "instead of the Pilgrim card and place it at K4 or J4, in all of them." in words.why_sentence(split, NAMES)
    three = _mercy(["K4"] * 6 + ["J4"] * 4 + ["A1"] * 2).step("own")
    assert three is not None and three.where == "" and three.cells == ()       # never a guess
