"""Brief 44a (issue 37, playtest 7b): the last steps to "understandable". What you did yourself when
a rival bought the item instead; ships "as many as anyone's" (ties count); revealing is a choice;
one loss shown at one size; what a parcel freed by a figure is used for; the figure's move said
before the purchase; "1 to their 3"; lighter counts when every game agrees; French and Dutch."""
from __future__ import annotations

import re
from types import SimpleNamespace

import ne_game.rules as rules
from ne_game import i18n
from ne_game.ai import make_player
from ne_game.coach import Decision, Review
from ne_game.coach.reasons import Sheet, Step, Why, explain, why_from_json
from ne_game.ui.scenes.table.model import coach_words as words
from ne_game.ui.scenes.table.model.log import sentences
from ne_game.ui.text import help as help_text
from ne_game.ui.text.words import ruleset
from tests.coach import NAMES

CARD_VP = {"F3L": 6, "P2": 3, "pilgrim": 1}
MAJORITY_VP = {"pilgrim": 4, "barn": 3, "ship": 2}


def sheet(seat: int, steps: tuple[Step, ...], majorities: frozenset[str] = frozenset(), **kw: object) -> Sheet:
    return Sheet(frozenset(), majorities, 5, (), frozenset(), 0, steps=steps, seat=seat, **kw)  # type: ignore[arg-type]



# ---- 1. what you did yourself when a rival bought the item instead --------------------------
J3 = (Step(1, 5, "buy", "pilgrim", 3, "A7", use="place"), Step(1, 5, "end", "turn", 3, money=4))


def mercy(own: tuple[Step, ...], n: int = 8) -> list[Why]:
    taken = [sheet(1, own + (Step(3, 5, "buy", "pilgrim", 2, "B6", use="place"),)) for _ in range(n)]
    better = [sheet(1, J3, majorities=frozenset({"pilgrim"})) for _ in range(n)]
    return list(explain(taken, better, CARD_VP, MAJORITY_VP))


def test_a_rivals_purchase_instead_says_what_you_bought_in_that_turn() -> None:
    cause = mercy((Step(1, 5, "buy", "pasture", 3, "J4", use="place"), Step(1, 5, "end", "turn", 3, money=1)))[1]
    own = cause.step("own")
    assert own is not None and (own.verb, own.item, own.count) == ("buy", "pasture", 8)
    said = words.why_sentence(cause, NAMES)
    assert ("After your move Prudence buys the Pilgrim card instead of you, with bid marker 2, in all of them. In your own turn, after "
            "your move, you buy a pasture tile with bid marker 3 instead of the Pilgrim card and place it at J4, in all of them.") in said
    assert why_from_json(cause.to_json()) == cause


def test_a_turn_ended_without_buying_says_the_shillings_and_whether_they_could_pay() -> None:
    poor = mercy((Step(1, 5, "end", "turn", 3, money=2),))[1]
    assert "you buy nothing more: your 2 shillings left could not pay bid marker 3 for the Pilgrim card (in all of them)" in \
        words.why_sentence(poor, NAMES)
    rich = mercy((Step(1, 5, "end", "turn", 3, money=7),))[1]
    assert "you buy nothing more and end it with 7 shillings left (in all of them)" in words.why_sentence(rich, NAMES)


def test_what_you_did_is_not_guessed_when_the_games_disagree() -> None:
    n = 8
    taken = [sheet(1, ((Step(1, 5, "buy", "pasture", 3, "J4", use="place"),) if k < 1 else ()) +
                   (Step(3, 5, "buy", "pilgrim", 2, "B6", use="place"),)) for k in range(n)]
    better = [sheet(1, J3, majorities=frozenset({"pilgrim"})) for _ in range(n)]
    cause = explain(taken, better, CARD_VP, MAJORITY_VP)[1]
    assert cause.step("own") is None      # one game of 8 bought a pasture; no turn's end was kept


# ---- 2. ships: as many as anyone's; revealing is a choice; one loss, one size -----------------
def _reveal_state() -> rules.State:
    players = [make_player("medium", seed=40 + i) for i in range(4)]
    state = rules.new_game(players=4, seed=40)
    for _ in range(3000):
        legal = rules.legal_actions(state)
        if any(a["type"] == "reveal_extra" for a in legal):
            return state
        seat = state.current
        state = rules.apply_action(state, players[seat].choose(rules.observe(state, seat), legal))
    raise AssertionError("no reveal in the game")


def test_the_reveal_says_ships_as_many_as_anyones_and_that_it_was_a_choice() -> None:
    state = _reveal_state()
    reveal = next(a for a in rules.legal_actions(state) if a["type"] == "reveal_extra")
    end = next(a for a in rules.legal_actions(state) if a["type"] != "reveal_extra")
    assert words.move_words(state, reveal, taken=True).startswith(
        "Your ships (as many as anyone's) let you reveal an extra item: ")
    assert "most ships" not in words.move_words(state, reveal, taken=False)
    d = Decision(5, int(state.round), "buying", reveal, end, 1.4, 0.2, 0.0, 8, 3)
    text = words.decision_sentence(d, state, NAMES)
    assert "Revealing it was your choice, not a duty. Better, without revealing: " in text, text
    before, after = rules.position(state), rules.position(rules.apply_action(state, reveal))
    said = sentences(before, reveal, after, NAMES, state.rs)[-1][1]
    assert "with as many ships as anyone" in said and "most ships" not in said, said
    for lang in ("nl", "fr"):
        i18n.set_language(lang)
        assert "{" not in words.decision_sentence(d, state, NAMES)


def test_the_help_of_an_empty_extra_slot_says_ties_count() -> None:
    rs = ruleset()
    facts = SimpleNamespace(offer_item=lambda slot: None, rs=rs)
    said = help_text._slot(facts, rs.offer_slots, "")  # type: ignore[arg-type]
    assert "as many ships as anyone" in said and "the most ships" not in said, said


def test_a_reveal_finding_names_the_parcel_link_before_a_count() -> None:
    # Josiah's round 7: "1 more field tile" in 10 of 16, the ship on coastal G1 and off H1 in 16 of 16
    n = 16
    taken = [Sheet(frozenset(), frozenset(), 5, (("field", 2),), frozenset(), 0,
                   parcels=(("G1", "open"), ("H1", "ship"))) for _ in range(n)]
    better = [Sheet(frozenset(), frozenset(), 5, (("field", 3 if k < 10 else 2),), frozenset(), 0,
                    parcels=(("G1", "ship"), ("H1", "open"))) for k in range(n)]
    whys = explain(taken, better, CARD_VP, MAJORITY_VP, ("G1",), coastal_only=("ship",))
    assert [(w.kind, w.item) for w in whys] == [("parcel", "G1"), ("parcel", "H1")]


def test_one_loss_shown_at_two_sizes_says_which_and_why() -> None:
    take, best = {"type": "end_turn"}, {"type": "end_turn"}
    earlier = Decision(119, 7, "buying", take, best, 2.0, 0.2, 0.0, 16, 3)
    later = Decision(120, 7, "buying", take, best, 1.94, 0.2, 0.0, 16, 3)
    state = rules.new_game(players=4, seed=1)
    text = words.decision_sentence(later, state, NAMES, same_as=earlier)
    assert "in round 7, where it shows as about 2.0 VP" in text and "at the larger size" in text, text
    same = words.decision_sentence(Decision(120, 7, "buying", take, best, 2.04, 0.2, 0.0, 16, 3), state, NAMES,
                                   same_as=earlier)
    # the same size shown: nothing to explain; the same reasons too (playtest 14b): said once, there
    assert "in round 7, for the same reasons, said there: your total counts it only once" in same, same


# ---- 3 and 4. the parcel a figure leaves, and the order the games play it --------------------
def josiah(later: tuple[Step, ...], h1: str = "open", n: int = 6) -> Why:
    moved = (Step(2, 4, "move", "ship", 2, "A1", "H1"), Step(2, 4, "buy", "F3L", 2, "H8", use="store"))
    taken = [sheet(2, (Step(2, 4, "buy", "P2", 2, "H8", use="store"),), stored=frozenset({"P2"}),
                   parcels=(("H1", "ship"),)) for _ in range(n)]
    better = [sheet(2, moved + later, stored=frozenset({"F3L"}), parcels=(("H1", h1),)) for _ in range(n)]
    return explain(taken, better, CARD_VP, MAJORITY_VP, ("H7", "A1"))[1]


def test_the_parcel_a_figure_leaves_says_what_uses_it() -> None:
    played = josiah((Step(2, 5, "play", "F3L", 1, "H1", use="develop", cells=("H1", "I1", "H2")),), "developed")
    freed = played.step("freed")
    assert freed is not None and (freed.verb, freed.item, freed.count) == ("play", "F3L", 6)
    said = words.why_sentence(played, NAMES)
    assert ("Moving it frees H1: in round 5 you take the L-shaped 3-parcel field card out of the barn and develop "
            "H1, I1, H2 with it, in every one of those games.") in said, said   # 6: too few to quote (13b)
    # the futures stop before the card is played: only that H1 is still open is said, never a use
    still = words.why_sentence(josiah(()), NAMES)
    assert "Moving it frees H1 for a land-use card" in still and "still open at the next offer" in still
    assert josiah((), h1="developed").step("freed") is None


def test_the_figure_moved_in_an_earlier_round_off_the_parcel_is_said_first() -> None:
    # Josiah's round 11: the ship moves from H1 to G1 in round 11, a ship bought in round 12 goes on H1
    n = 8
    better_steps = (Step(2, 11, "move", "ship", 3, "G1", "H1"), Step(2, 12, "buy", "ship", 2, "H1", use="place"))
    taken = [sheet(2, (Step(0, 12, "buy", "ship", 3, "J8", use="place"),)) for _ in range(n)]
    better = [sheet(2, better_steps, majorities=frozenset({"ship"})) for _ in range(n)]
    cause = explain(taken, better, CARD_VP, MAJORITY_VP)[1]
    first = cause.step("first")
    assert first is not None and (first.round, first.source, first.where) == (11, "H1", "G1")
    said = words.why_sentence(cause, NAMES)
    move = said.index("After the better move you move your ship from H1 to G1 in round 11")
    assert move < said.index("Then you buy a ship in round 12 with bid marker 2 and place the ship on H1"), said


# ---- 5 and 6. "1 to their 3"; lighter counts; a zero is its own words --------------------------
def test_the_counts_say_their_and_every_game_is_said_lightly() -> None:
    w = Why("majority", "barn", 11, 0, 16, 3, counts=(2, 2, 1, 3))
    assert "and 1 to their 3 after your move" in words.counts_sentence(w)
    every = Why("card", "F3L", 39, 0, 39, 6)
    assert words.futures_words(every, against=True) == \
        "in all 39 games the coach played on from here; after your move, in none"
    assert words.futures_words(Why("card", "F3L", 30, 2, 39, 6), again=True, against=True) == \
        "in 30 of those 39 games, against 2 after your move"
    i18n.set_language("fr")
    said = words.why_sentence(Why("rival_gets", "pilgrim", 0, 16, 16, detail="3"), NAMES)
    # said shortly (playtest 8b), as the English "and in none after the better move" (playtest 15b)
    assert "et dans aucune après le meilleur coup" in said and "dans 0" not in said, said
    assert "dans aucune" in words.futures_words(every, against=True)


# ---- 7. French and Dutch -------------------------------------------------------------------------
def test_french_names_the_figure_bought_and_says_no_costly_decision_in_words() -> None:
    take = {"type": "take_bid", "value": 2}
    d = Decision(3, 1, "bids", take, {"type": "take_bid", "value": 3}, 0.1, 0.1, 0.0, 8, 2, followed_hint=True,
                 hint=take)
    review = Review(0, (d,), 1.0, 1)
    i18n.set_language("fr")
    line = words.summary(review, "Mercy")
    assert "Aucune de ces décisions n'a nettement coûté de PV." in line and ": 0" not in line, line
    i18n.set_language("nl")
    assert "Bij geen enkele daarvan" in words.summary(review, "Mercy")
    i18n.set_language("fr")
    state = _buying_a_figure()
    buy = next(a for a in rules.legal_actions(state) if a["type"] == "buy_card" and "figure_on" in a["use"])
    said = words.move_words(state, buy, taken=False)
    # the figure named with its article (playtest 8b: "posez la figurine en I8" for a barn)
    assert said.startswith("achetez un") and "une carte pour" not in said and "la figurine" not in said, said
    # the figure just named, as a pronoun of its gender (playtest 11b: "posez-la en I8")
    assert re.search(r"posez-(le|la) en", said) and ("étable" not in said or "posez-la" in said), said


def _buying_a_figure() -> rules.State:
    players = [make_player("medium", seed=60 + i) for i in range(4)]
    state = rules.new_game(players=4, seed=60)
    for _ in range(3000):
        legal = rules.legal_actions(state)
        if any(a["type"] == "buy_card" and "figure_on" in a["use"] for a in legal):
            return state
        seat = state.current
        state = rules.apply_action(state, players[seat].choose(rules.observe(state, seat), legal))
    raise AssertionError("no figure card to buy")
