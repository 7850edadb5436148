"""Brief 47a (issue 37, playtest 10b): a freed parcel names the card the samples show (else "a
land-use card"), the better move's own tile on an open parcel, a habit that names the figure and
the parcel, no bid line without a point, a split by source that adds up to the finding, plain
"counts this loss only once", and the French of the bid."""
from __future__ import annotations

import json

import ne_game.rules as rules
from ne_game import i18n
from ne_game.coach import Decision
from ne_game.coach.bids import BidRound, Bids, Habit
from ne_game.coach.reasons import Sheet, Step, Why, _parcels, why_from_json
from ne_game.coach.review import _finish
from ne_game.ui.scenes.table.model import coach_words as words
from tests.coach import NAMES, ROOT


def _sheet(state: str, fits: tuple[tuple[str, tuple[str, ...]], ...] = (), steps: tuple[Step, ...] = ()) -> Sheet:
    return Sheet(frozenset(), frozenset(), 5, (), frozenset(), 0, parcels=(("G5", state),), fits=fits, steps=steps,
                 seat=2)


# ---- 1. the card a freed parcel is open for, when the samples show it ------------------------
def test_an_open_parcel_names_the_barn_card_that_fits_it() -> None:
    taken = [_sheet("pasture_missing") for _ in range(8)]
    better = [_sheet("open", fits=(("F3L", ("G5", "G6")),)) for _ in range(6)] + [_sheet("open") for _ in range(2)]
    (w,) = _parcels(taken, better, 8, 2, ())
    fits = w.step("freed")
    assert fits is not None and (fits.verb, fits.item, fits.count) == ("fits", "F3L", 6)
    assert why_from_json(json.loads(json.dumps(w.to_json()))) == w       # stored and read back
    said = words.parcel_sentence(w, "in all 8 games")
    assert "needs, and that card is kept in your barn, in 6 of those 8 games." in said, said
    assert "field card" in said, said


def test_without_a_card_in_the_samples_it_is_a_land_use_card_plainly(monkeypatch) -> None:
    w = Why("parcel", "G5", 8, 0, 8, detail="open")
    said = words.parcel_sentence(w, "in all 8 games")
    assert "so a land-use card may still develop it" in said and "card's pattern" not in said, said
    # a ship on it now (the decision's position): it leaves, and the sentence claims no card
    monkeypatch.setattr(words, "_figure_on", lambda state, label: "ship" if label == "H1" else None)
    moved = words.parcel_sentence(Why("parcel", "H1", 8, 0, 8, detail="open"), "in all 8 games")
    assert moved == "With the better move your ship leaves H1, so a land-use card may develop it, in all 8 games."
    fits = (Step(2, 0, "fits", "F3L", 0, "H1", role="freed", count=8),)
    named = words.parcel_sentence(Why("parcel", "H1", 8, 0, 8, detail="open", steps=fits), "in all 8 games")
    assert named.startswith("With the better move your ship leaves H1, which with your parcels next to it forms the shape ") and "kept in your barn" in named


# ---- 4. the tile laid on the open parcel is the better move's own purchase --------------------
def test_the_better_move_buys_the_tile_it_leaves_open() -> None:
    buy = Step(2, 9, "buy", "pasture", 3, "G5", use="place")
    taken = [_sheet("none") for _ in range(4)]
    better = [_sheet("open", steps=(buy,)) for _ in range(4)]
    (w,) = _parcels(taken, better, 4, 1, ())
    said = words.parcel_sentence(w, "in all 4 games")
    assert ("You lay that tile yourself: with the better move you buy a pasture tile in round 9 and place it at G5, "
            "in every one of those games.") in said, said   # 4 games: too few to quote (13b)


# ---- 2. a habit that names the figure and the parcel ------------------------------------------
def _left(index: int) -> Decision:
    cause = Why("cause", "ship", 8, 0, 8, detail="better", seat=2,
                steps=(Step(2, 5, "move", "ship", 0, "A1", "H1", role="first"),
                       Step(2, 5, "buy", "settlement", 1, "A1", use="place")))
    return Decision(index, index, "buying", {"type": "buy_land", "slot": 1, "cell": [0, 0]},
                    {"type": "buy_land", "slot": 2, "cell": [0, 1]}, 2.0, 0.1, 0.0, 8, 3, why=(cause,))


def test_a_figure_left_on_one_parcel_is_the_habit_said() -> None:
    review = _finish(2, [_left(10), _left(20), _left(30)], 0.5, 1, True, 1.0, 3)
    state = rules.new_game(players=4, seed=1)
    lines = words.habit_lines(review, lambda k: state)
    # (playtest 10j: not "where moving it first was better": the better move may first buy the coast tile)
    assert lines == ["3 of your 3 costly decisions left your ship on H1, where the better move lets it leave and "
                     "frees the parcel (a tile under a figure cannot be developed)."], lines
    # two are no habit of that kind: the generic line stays
    two = _finish(2, [_left(10), _left(20)], 0.5, 1, True, 1.0, 2)
    assert words.habit_lines(two, lambda k: state) == []


def test_a_bid_habit_without_a_judgement_is_left_out() -> None:
    rounds = tuple(BidRound(k, 10 * k, 2, (("land", "field"),), 2) for k in range(1, 6))
    plain = words.bid_lines(Bids(0, rounds, Habit(1, 3, 5, 5)))
    assert not any("habit" in line for _, line in plain), plain
    advised = words.bid_lines(Bids(0, rounds, Habit(1, 3, 5, 5, higher=2)))
    assert any("habit" in line for _, line in advised)


# ---- 6. no bid line without a point -------------------------------------------------------------
def test_every_bid_line_has_a_verdict() -> None:
    nothing = BidRound(3, 45, 4, (), 0)
    assert words.bid_round_line(nothing, 3) == (
        "Round 3: you took marker 4 and bought nothing. What that bid cost is in the costly decision of round 3.")
    fair = BidRound(8, 133, 3, (("card", "F3L"), ("land", "field")), 6)
    assert words.bid_round_line(fair).endswith("The coach found no clearly better marker: a fair price.")
    # the Hint's pick gets the verdict too (the Hint and the coach agree); a cheaper marker is the line's point
    hinted = words.bid_round_line(BidRound(8, 133, 3, (("land", "field"),), 3, hinted=True))
    assert hinted.endswith("This marker was the Hint's pick. The coach found no clearly better marker: a fair price.")
    cheaper = BidRound(8, 133, 3, (("land", "field"),), 3, lower=1, saved=2)
    assert "fair price" not in words.bid_round_line(cheaper)
    lines = words.bid_lines(Bids(0, (nothing, fair), None), {45: 3})
    assert lines[1][1].endswith("costly decision of round 3.")


# ---- 5. the split by source adds up to the finding, else only which source ---------------------
def test_sources_in_numbers_only_when_they_add_up() -> None:
    w = Why("sources", "", 12, 0, 12, vp=1, amount=4, detail="mostly_majorities")
    off = words.why_sentence(w, again=True, loss=1.3)
    assert off == "Most of the gain comes from the majorities.", off
    near = words.why_sentence(w, again=True, loss=4.8)
    # (playtest 13b: said as a player would, not "By source")
    assert near == ("Most of the difference is in the majorities: about 4 VP more for you with the better move, and "
                    "about 1 VP more from your cards."), near


def test_the_total_counts_this_loss_only_once() -> None:
    state = rules.new_game(players=4, seed=1)
    bid = Decision(45, 3, "bids", {"type": "take_bid", "value": 4}, {"type": "take_bid", "value": 2}, 3.9, 0.3,
                   0.0, 8, 3)
    end = Decision(53, 3, "buying", {"type": "end_turn"}, {"type": "buy_land", "slot": 0, "cell": [1, 5]}, 3.8, 0.2,
                   0.0, 25, 3)
    said = words.decision_sentence(end, state, NAMES, None, (bid,))
    assert said.endswith("Your total counts this loss only once.") and "The total counts it once" not in said
    i18n.set_language("fr")
    fr = words.decision_sentence(end, state, NAMES, None, (bid,))
    assert "ce que vous achèteriez ici avec le meilleur coup" in fr and "ne compte cette perte qu'une fois" in fr, fr
    assert "le meilleur coup achète" not in fr


# ---- 7. the French of the bid: "mise", never "enchères" ----------------------------------------
def test_french_says_mise_for_a_bid() -> None:
    po = (ROOT / "assets/locale/fr/LC_MESSAGES/ne_game.po").read_text(encoding="utf-8")
    said = [line for line in po.splitlines() if line.startswith(("msgstr", '"')) and "enchère" in line.lower()]
    assert said == [], said
    i18n.set_language("fr")
    assert "mises" in i18n.nfmt("You paid {paid} shilling in bids.", "You paid {paid} shillings in bids.", 5, paid=5)


# ---- 3. a ship moved off the parcel the new ship takes: two coast parcels are the point --------
def test_a_ship_chain_says_two_coast_parcels_are_the_point() -> None:
    steps = (Step(2, 11, "move", "ship", 0, "G1", "H1", role="first"),
             Step(2, 12, "buy", "ship", 2, "H1", use="place"))
    w = Why("cause", "ship", 3, 0, 3, detail="better", seat=2, steps=steps)
    said = words.why_sentence(w, NAMES, again=True)
    assert ("Either ship could stand on either parcel: what matters is that G1 and H1 are two coast parcels, room "
            "for two ships.") in said, said
    # a pilgrim (not held to the coast) gets no such sentence
    pil = Why("cause", "pilgrim", 3, 0, 3, detail="better", seat=2,
              steps=(Step(2, 11, "move", "pilgrim", 0, "G1", "H1", role="first"),
                     Step(2, 12, "buy", "pilgrim", 2, "H1", use="place")))
    assert "coast parcels" not in words.why_sentence(pil, NAMES, again=True)
