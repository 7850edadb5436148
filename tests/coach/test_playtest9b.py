"""Brief 46a (issue 37, playtest 9b): a bid's loss that was the unspent turn after it is the
turn's; where the VP differ by source; a habit said once at the head of the findings and in the
JSON; a rival's purchase hedged in a thin sample; every finding listed; no bid line that states
nothing usable."""
from __future__ import annotations

import json

import ne_game.rules as rules
from ne_game import i18n
from ne_game.coach import Decision, Review
from ne_game.coach.reasons import Sheet, Step, Why, _sources, explain, why_from_json
from ne_game.coach.review import _finish, habits_of
from ne_game.ui.scenes.table.model import coach_words as words
from tests.coach import NAMES

CARD_VP = {"pilgrim": 1, "F3L": 6}
MAJORITY_VP = {"pilgrim": 4, "barn": 3, "ship": 2}



# ---- 1. Mercy's round 3: the bid, then the turn ended with 8 shillings ------------------------
LAND = (Why("land", "settlement", 8, 0, 8, amount=2),)
BID = Decision(45, 3, "bids", {"type": "take_bid", "value": 4}, {"type": "take_bid", "value": 2}, 3.92, 0.35,
               0.0, 8, 3, why=LAND)
END = Decision(53, 3, "buying", {"type": "end_turn"}, {"type": "buy_land", "slot": 0, "cell": [1, 5]}, 3.77,
               0.2, 0.0, 25, 3, why=(Why("land", "settlement", 25, 0, 25, amount=2),))


def test_the_bid_is_no_finding_its_loss_is_the_unspent_turn() -> None:
    review = _finish(1, [BID, END], 0.5, 1, True, 1.0, 2)
    assert review.flagged == (END,) and review.costly == (END,)
    assert review.part_of(BID) == END and review.folded_into(END) == (BID,)
    assert abs(review.clear_loss - 3.92) < 1e-9          # counted once, at the larger size
    # the bid lessons no longer teach another marker for that round
    assert [d.index for d in review.own_losses] == [53]


def test_a_bid_whose_later_turn_is_another_loss_keeps_its_own() -> None:
    # another first difference: two losses, the bid keeps its own finding
    other = Decision(53, 3, "buying", {"type": "end_turn"}, {"type": "buy_land", "slot": 0, "cell": [1, 5]}, 1.0,
                     0.2, 0.0, 25, 3, why=(Why("money", "", 20, 5, 25, amount=3),))
    review = _finish(1, [BID, other], 0.5, 1, True, 1.0, 2)
    assert review.flagged == (BID, other) and review.part_of(BID) is None


def test_the_turn_says_the_bid_was_not_the_mistake() -> None:
    state = rules.new_game(players=4, seed=1)
    said = words.decision_sentence(END, state, NAMES, None, (BID,))
    assert ("The coach also judged your bid of marker 4 just before and found this same loss there: with marker 4 "
            "you could still buy what the better move here buys. The bid was not the mistake, ending the turn with "
            "the shillings was. Your total counts this loss only once.") in said, said
    for lang in ("nl", "fr"):
        i18n.set_language(lang)
        other = words.decision_sentence(END, state, NAMES, None, (BID,))
        assert "{" not in other and "marker 4" not in other and "4" in other, other


# ---- 2. where the VP differ, by source ---------------------------------------------------------
def _sheet(pilgrims: int, majority: bool, cards: tuple[tuple[str, int], ...] = ()) -> Sheet:
    counts = (("pilgrim", pilgrims),) + cards
    return Sheet(frozenset(c for c, _ in counts), frozenset({"pilgrim"}) if majority else frozenset(), 5, (),
                 frozenset(), 0, card_counts=counts, seat=1)


def test_sources_say_the_majority_is_what_the_move_wins() -> None:
    taken = [_sheet(3, False) for _ in range(12)]
    better = [_sheet(4, True) for _ in range(12)]
    w = _sources(taken, better, CARD_VP, MAJORITY_VP)
    assert w is not None and (w.detail, w.amount, w.vp) == ("mostly_majorities", 4, 1)
    said = words.why_sentence(w, again=True)
    assert said == ("Most of the difference is in the majorities: about 4 VP more for you with the better move, "
                    "and about 1 VP more from your cards."), said
    # said after the finding's facts, and read back from the JSON
    whys = explain(taken, better, CARD_VP, MAJORITY_VP)
    assert whys[0].kind == "majority" and whys[-1].kind == "sources"
    assert why_from_json(json.loads(json.dumps(w.to_json()))) == w


def test_sources_cards_the_same_and_nothing_guessed() -> None:
    same = _sources([_sheet(3, False) for _ in range(4)], [_sheet(3, True) for _ in range(4)], CARD_VP, MAJORITY_VP)
    assert same is not None and (same.detail, same.amount) == ("cards", 4)
    assert words.why_sentence(same, again=True).startswith("Your cards score the same after either move in every one of those games")
    # both sources about even: nothing is said
    f3l = (("F3L", 1),)
    assert _sources([_sheet(3, False) for _ in range(4)], [_sheet(3, True, f3l) for _ in range(4)], CARD_VP,
                    MAJORITY_VP) is None


# ---- 3. a habit, said once ---------------------------------------------------------------------
def _bid(index: int, taken: int, best: int) -> Decision:
    return Decision(index, index, "bids", {"type": "take_bid", "value": taken}, {"type": "take_bid", "value": best},
                    2.0, 0.1, 0.0, 8, 3)


def test_three_findings_of_one_kind_are_a_habit() -> None:
    found = [_bid(10, 5, 2), _bid(20, 6, 3), _bid(30, 4, 1), _bid(40, 2, 5)]
    review = _finish(0, found, 0.5, 1, True, 1.0, 4)
    (habit,) = review.habits
    assert (habit.kind, habit.count, habit.of, habit.indices) == ("bid_lower", 3, 4, (10, 20, 30))
    assert words.habit_finding_line(habit) == (
        "3 of your 4 costly decisions were bids where the coach found a lower marker better.")
    out = review.to_json()
    assert out["habits"] == [{"kind": "bid_lower", "count": 3, "of": 4, "indices": [10, 20, 30]}]
    assert {"seat", "decisions", "flagged", "bids"} <= set(out)
    assert habits_of(found[:2] + found[3:]) == ()       # two of a kind are no habit
    for lang in ("nl", "fr"):
        i18n.set_language(lang)
        line = words.habit_finding_line(habit)
        assert "{" not in line and "3" in line and "4" in line and "marker" not in line.lower(), line


# ---- 4. a rival's purchase in a thin sample is hedged -------------------------------------------
def _cause(amount: int, n: int) -> Why:
    steps = (Step(1, 5, "buy", "pilgrim", 3, "A7", use="place"),
             Step(3, 5, "buy", "pilgrim", 2, "B6", use="place", role="instead"))
    return Why("cause", "pilgrim", n, 0, n, amount=amount, detail="better", steps=steps, seat=1)


def test_a_rival_in_a_thin_sample_is_a_tendency_not_a_fact() -> None:
    thin = words.why_sentence(_cause(3, 6), NAMES, again=True)
    assert "In 3 of those 6 games, after your move, Prudence buys the Pilgrim card instead of you, with bid marker 2." in thin, thin
    assert "After your move Prudence buys the Pilgrim card instead" not in thin
    unsure = words.why_sentence(_cause(6, 6), NAMES, again=True, sure=False)
    # (playtest 13b: 6 games are too few to quote their number as proof)
    assert "In every one of those games, after your move, Prudence buys the Pilgrim card instead" in unsure, unsure
    sure = words.why_sentence(_cause(6, 6), NAMES, again=True)
    assert "After your move Prudence buys the Pilgrim card instead of you, with bid marker 2, in all of them." in sure, sure


# ---- 5. every finding listed --------------------------------------------------------------------
def test_every_finding_is_listed_and_added() -> None:
    found = [Decision(k, k + 1, "bids", {"type": "take_bid", "value": 2}, {"type": "take_bid", "value": 3}, 2.0,
                      0.1, 0.0, 8, 2) for k in range(7)]
    review = _finish(0, found, 0.5, 1, True, 1.0, 7)
    assert len(review.flagged) == 5 and len(review.costly) == 7     # the JSON keeps its TOP; the list all
    assert words.list_head(review) == "7 costly decisions:"
    assert words.summary(review, "Mercy").startswith("Mercy's 7 costly decisions add up to about 14.0 VP.")
    assert isinstance(Review.from_json(review.to_json()), Review)


def test_a_few_games_that_agree_are_said_with_their_count_and_none_in_words() -> None:
    few = words.why_sentence(_cause(4, 4), NAMES, again=True, sure=False)
    # (playtest 13b: a count of 4 reads as proof; the words say every one of them, the finding "probably")
    assert "In every one of those games, after your move, Prudence buys the Pilgrim card instead of you, with bid marker 2." in few, few
    many = words.why_sentence(_cause(8, 8), NAMES, again=True, sure=False)
    assert "In all 8 of those games, after your move, Prudence buys the Pilgrim card instead" in many, many
    rival = Why("cause", "barn", 0, 7, 15, amount=5, detail="taken", seat=0,
                steps=(Step(3, 9, "buy", "barn", 4, "C4", use="place"),
                       Step(3, 9, "buy", "settlement", 4, "C5", use="place", role="instead")))
    said = words.why_sentence(rival, NAMES, again=True)
    assert said.startswith("In 7 of those 15 games, after your move, Prudence buys a barn in round 9 with bid marker "
                           "4; after the better move, in none."), said
    assert "In 5 of those 15 games, with the better move, Prudence buys a settlement tile instead" in said, said


def test_a_bid_lesson_of_a_probable_marker_hedges_the_rival() -> None:
    from ne_game.coach.bids import BidRound

    r = BidRound(9, 148, 3, (("land", "settlement"),), 3, better=5, better_loss=1.3, why=(_cause(4, 4),), sure=False)
    line = words.bid_round_line(r)
    assert "In every one of those games, after your move, a rival buys the Pilgrim card instead" in line, line


def test_the_same_item_elsewhere_is_a_placement_another_item_a_purchase() -> None:
    from ne_game.coach.review import habit_kind

    def buy(slot: int, cell: list[int]) -> dict[str, object]:
        return {"type": "buy_land", "slot": slot, "cell": cell}
    at = Decision(1, 1, "buying", buy(2, [7, 2]), buy(3, [6, 0]), 2.0, 0.1, 0.0, 8, 3)  # type: ignore[arg-type]
    card = {"type": "buy_card", "slot": 7, "use": {"figure_on": [9, 2]}}
    other = Decision(2, 2, "buying", buy(1, [7, 6]), card, 2.0, 0.1, 0.0, 8, 3)  # type: ignore[arg-type]
    assert habit_kind(at) == "placement" and habit_kind(other) == "purchase"
    assert words.habit_finding_line(habits_of([at, at, at])[0]).startswith("3 of your 3 costly decisions placed a")
    assert habit_kind(END) == "unspent" and habit_kind(BID) == "bid_lower"


def test_sources_with_cards_even_say_so() -> None:
    w = Why("sources", "", 4, 0, 4, vp=0, amount=2, detail="mostly_majorities")
    assert words.why_sentence(w, again=True) == (
        "Most of the difference is in the majorities: about 2 VP more for you with the better move, and your cards "
        "score about the same.")
