"""Reasons that name the parcels and the barns (brief 39d): what stands on the seat's parcels in
the futures after the better move (a ship on the coast, a barn, a parcel left open for a card's
pattern, a developed parcel) and a card kept in a barn, on made-up score sheets."""
from __future__ import annotations

import pytest

from ne_game import i18n
from ne_game.coach.reasons import Sheet, Why, explain, restates, why_from_json
from ne_game.coach.review import _parcels_of
from ne_game.ui.scenes.table.model import coach_words as words

CARD_VP, MAJORITY_VP = {"S3I": 6, "F3L": 6}, {"pilgrim": 4}


def sheet(parcels=(), cards=(), stored=(), margin=0) -> Sheet:
    return Sheet(frozenset(cards), frozenset(), 5, (), frozenset(), margin, stored=frozenset(stored),
                 parcels=tuple(sorted(parcels)))


def test_a_ship_on_a_coastal_parcel_is_named_instead_of_only_ahead() -> None:
    # the move taken laid the tile inland at H3, the better one at H1 and a ship stood there:
    # nothing else differs, so before parcel facts the reason only said "further ahead"
    taken = [sheet([("H3", "open")], margin=0)] * 4
    better = [sheet([("H1", "ship")], margin=2)] * 4
    whys = explain(taken, better, CARD_VP, MAJORITY_VP, focus=("H3", "H1"))
    assert whys[0] == Why("parcel", "H1", 4, 0, 4, detail="ship")
    assert all(w.kind != "ahead" for w in whys)


def test_a_parcel_left_open_and_the_figure_placed_elsewhere() -> None:
    taken = [sheet([("C7", "barn"), ("F4", "open")])] * 4
    better = [sheet([("C7", "open"), ("F4", "barn")])] * 4
    whys = explain(taken, better, CARD_VP, MAJORITY_VP, focus=("C7", "F4"))
    assert [(w.item, w.detail) for w in whys] == [("C7", "open"), ("F4", "barn")]


def test_the_link_follows_a_card_and_the_moves_own_parcels_come_first() -> None:
    taken = [sheet([("C4", "open"), ("A1", "open")])] * 4
    better = [sheet([("C4", "developed"), ("A1", "pilgrim")], cards=["S3I"])] * 4
    whys = explain(taken, better, CARD_VP, MAJORITY_VP, focus=("C4",))
    assert whys[0].kind == "card" and whys[1] == Why("parcel", "C4", 4, 0, 4, detail="developed")
    assert len(whys) == 2                                   # one link only: two sentences in all
    # a link is a parcel the moves use; another parcel that differs is not one
    assert explain(taken, better, CARD_VP, MAJORITY_VP, focus=())[0].kind == "card"
    assert all(w.kind != "parcel" for w in explain(taken, better, CARD_VP, MAJORITY_VP, focus=()))


def test_a_parcel_difference_the_samples_do_not_show_is_not_claimed() -> None:
    taken = [sheet([("H3", "open")], margin=0)] * 8
    better = [sheet([("H3", "ship")], margin=3)] + [sheet([("H3", "open")], margin=3)] * 7   # 1 of 8 < MIN_SHARE
    whys = explain(taken, better, CARD_VP, MAJORITY_VP, focus=("H3",))
    assert [w.kind for w in whys] == ["ahead"]


def test_a_card_kept_in_a_barn() -> None:
    taken = [sheet([("J9", "barn")])] * 4
    better = [sheet([("J9", "barn")], stored=["F3L"])] * 4
    assert explain(taken, better, CARD_VP, MAJORITY_VP) == (Why("stored", "F3L", 4, 0, 4, 6),)


def test_parcel_facts_go_through_json_and_old_rows_still_load() -> None:
    w = Why("parcel", "H1", 4, 0, 4, detail="ship")
    row = w.to_json()
    assert set(row) == {"kind", "item", "better", "taken", "worlds", "vp", "amount", "detail", "counts"}
    assert why_from_json(row) == w
    old = {"kind": "card", "item": "S3I", "better": 3, "taken": 0, "worlds": 4, "vp": 6, "amount": 0}
    assert why_from_json(old) == Why("card", "S3I", 3, 0, 4, 6)
    assert why_from_json(Why("stored", "F3L", 4, 0, 4, 6).to_json()).kind == "stored"
    with pytest.raises(ValueError):
        why_from_json({**row, "detail": "no such state!"})


def test_the_parcels_a_move_uses() -> None:
    assert _parcels_of({"type": "buy_land", "slot": 0, "cell": [7, 0]}) == ("H1",)   # type: ignore[typeddict-item]
    assert _parcels_of({"type": "move_figure", "from": [9, 5], "to": [10, 6]}) == ("J6", "K7")   # type: ignore[typeddict-item]
    assert _parcels_of({"type": "buy_card", "slot": 5, "use": {"develop": [[2, 3], [2, 4]]}}) == ("C4", "C5")   # type: ignore[typeddict-item]
    assert _parcels_of({"type": "end_turn"}) == ()    # type: ignore[typeddict-item]


FACTS = (Why("parcel", "H1", 4, 0, 4, detail="ship"), Why("parcel", "F4", 4, 0, 4, detail="barn"),
         Why("parcel", "C4", 3, 1, 4, detail="developed"), Why("parcel", "C7", 4, 0, 4, detail="open"),
         Why("stored", "F3L", 4, 0, 4, 6))


def test_parcel_and_barn_reasons_are_whole_sentences_in_every_language() -> None:
    i18n.set_language("en")
    said = [words.why_sentence(w) for w in FACTS]
    assert "H1 is on the coast, where ships stand" in said[0] and "in every game the coach played on from here; after your move, in none" in said[0]   # 4 games: few (13b)
    assert "your barn stands at F4" in said[1] and "develop C4" in said[2]
    assert "C7 is yours, undeveloped and without a figure" in said[3] and "in a barn" in said[4]
    assert all(s[0].isupper() and s.endswith(".") for s in said)
    try:
        for lang in ("nl", "fr"):
            i18n.set_language(lang)
            for w in FACTS:
                s, short = words.why_sentence(w), words.short_why(w)
                assert "{" not in s and s != words.why_sentence.__name__ and short, (lang, s)
                assert w.item in s or w.kind == "stored", (lang, s)
            assert words.why_sentence(FACTS[0]) != said[0]      # translated, not the English
    finally:
        i18n.set_language("en")


def test_a_parcel_fact_that_restates_the_better_move_is_no_reason() -> None:
    # playtest 3b (a)2: "place a barn on I8" and then "your barn stands at I8" as its reason
    taken = [sheet([("K6", "open")])] * 4
    better = [sheet([("I8", "barn"), ("C2", "open")], margin=2)] * 4
    barn = {"type": "buy_card", "slot": 7, "use": {"figure_on": [8, 7]}}
    whys = explain(taken, better, CARD_VP, MAJORITY_VP, focus=("K6", "I8"), move=barn, coastal_only={"ship"})
    assert ("I8", "barn") not in [(w.item, w.detail) for w in whys]
    # a ship the move puts on the coast keeps its fact: the coast is the cause the move does not say
    ship = {"type": "buy_card", "slot": 7, "use": {"figure_on": [8, 7]}}
    shipped = [sheet([("I8", "ship")], margin=2)] * 4
    assert explain(taken, shipped, CARD_VP, MAJORITY_VP, focus=("I8",), move=ship,
                   coastal_only={"ship"})[0] == Why("parcel", "I8", 4, 0, 4, detail="ship")
    # developing the parcel the move develops, laying the tile where the move lays it: restated
    assert restates(Why("parcel", "C4", 4, 0, 4, detail="developed"),
                    {"type": "buy_card", "slot": 1, "use": {"develop": [[2, 3], [2, 4]]}}, ())
    assert restates(Why("parcel", "E3", 4, 0, 4, detail="open"), {"type": "buy_land", "slot": 0, "cell": [4, 2]}, ())
    # a figure moved OFF the parcel, then developed: a cause (rules §4.4), kept
    off = {"type": "move_figure", "from": [5, 5], "to": [1, 7]}
    assert not restates(Why("parcel", "F6", 4, 0, 4, detail="developed"), off, ())


def test_the_words_leave_out_a_restated_fact_of_a_stored_review_and_say_what_blocks() -> None:
    from ne_game.coach import Decision
    i18n.set_language("en")
    barn = {"type": "buy_card", "slot": 7, "use": {"figure_on": [8, 7]}}
    d = Decision(1, 9, "buying", {"type": "end_turn"}, barn, 1.1, 0.3, 0.0, 9, 3,   # type: ignore[arg-type]
                 why=(Why("majority", "barn", 5, 0, 9, 3), Why("parcel", "I8", 9, 0, 9, detail="barn")))
    text = words.reason(d)
    assert "barns" in text and "I8" not in text
    off = {"type": "move_figure", "from": [5, 5], "to": [1, 7]}
    d = Decision(1, 4, "moving", {"type": "move_figure", "from": [9, 2], "to": [1, 7]}, off, 1.0, 0.2, 0.0,  # type: ignore[arg-type]
                 40, 3, why=(Why("parcel", "F6", 40, 0, 40, detail="developed"),))
    assert "cannot be developed" in words.reason(d) and "F6" in words.reason(d)


def test_a_majority_says_the_counts_that_make_it_change_hands() -> None:
    # playtest 3b (a)1: a pilgrim on A7 or on J3 gives 3 pilgrims either way, yet "the most pilgrims in
    # 7 of 7 futures, against 0": true by the next offer (the better move leaves her the offer's
    # second pilgrim, 4 to the rival's 3; after her move the rival has it, 3 to 4); the counts say so
    def with_pilgrims(own: int, rival: int) -> Sheet:
        return Sheet(frozenset(), frozenset(["pilgrim"]) if own >= rival else frozenset(), 5, (), frozenset(), 0,
                     rival_majorities=frozenset(["pilgrim"]) if rival > own else frozenset(),
                     figures=(("pilgrim", own, rival), ("barn", 0, 1)))
    whys = explain([with_pilgrims(3, 4)] * 7, [with_pilgrims(4, 3)] * 7, CARD_VP, MAJORITY_VP)
    assert whys[0] == Why("majority", "pilgrim", 7, 0, 7, 4, counts=(4, 3, 3, 4), detail="offer")   # brief 52b: the futures stop at the next offer
    assert why_from_json(whys[0].to_json()) == whys[0]
    i18n.set_language("en")
    text = words.why_sentence(whys[0])
    assert "you have 4 pilgrims to the best rival's 3 with the better move, and 3 to their 4 after your move" in text
    # the rival's majority of the same figure is the same change seen from the other side: said once
    assert [w.kind for w in whys].count("rival_majority") == 0


def test_a_card_kept_in_a_barn_names_the_card_kept_instead_or_ranks_below_a_linked_fact() -> None:
    # playtest 3b (a)3: "a settlement at A1" then "you keep the F3L in a barn" with no link; the
    # samples show the pasture card P2 kept there after the move taken: that is the link
    taken = [sheet(stored=["P2"])] * 4
    better = [sheet(stored=["F3L"])] * 4
    whys = explain(taken, better, CARD_VP, MAJORITY_VP)
    assert whys[0] == Why("stored", "F3L", 4, 0, 4, 6, detail="P2")
    assert why_from_json(whys[0].to_json()) == whys[0]
    i18n.set_language("en")
    assert "after your move the barn holds the 2-parcel pasture card (3 VP) instead" in words.why_sentence(whys[0])
    # no card kept instead: a lone stored card ranks below a fact with a link (a land, 1 VP a tile here)
    lone = explain([Sheet(frozenset(), frozenset(), 5, (("field", 1),), frozenset(), 0)] * 4,
                   [Sheet(frozenset(), frozenset(), 5, (("field", 3),), frozenset(), 0, stored=frozenset(["F3L"]))] * 4,
                   CARD_VP, MAJORITY_VP)
    assert [w.kind for w in lone] == ["land", "stored"]


def test_a_majority_names_the_rival_who_got_the_figure_that_moved_it() -> None:
    # playtest 4b (a): "4 pilgrims to the best rival's 3 with the better move, and 3 to 4 after your
    # move" left the newcomer asking why; the futures show who got the offer's next pilgrim
    def futures(own: int, rival: int, prudence_gets: bool) -> Sheet:
        return Sheet(frozenset(), frozenset(["pilgrim"]) if own >= rival else frozenset(), 5, (), frozenset(), 0,
                     rival_majorities=frozenset(["pilgrim"]) if rival > own else frozenset(),
                     figures=(("pilgrim", own, rival), ("barn", 0, 1)),
                     rival_gets=frozenset([(3, "pilgrim")]) if prudence_gets else frozenset([(2, "barn")]))
    taken = [futures(3, 4, True)] * 7 + [futures(3, 3, False)]
    better = [futures(4, 3, False)] * 8
    whys = explain(taken, better, CARD_VP, MAJORITY_VP)
    assert whys[0].kind == "majority" and whys[1] == Why("rival_gets", "pilgrim", 0, 7, 8, detail="3"), whys
    assert why_from_json(whys[1].to_json()) == whys[1]
    i18n.set_language("en")
    names = ["Player 1", "Mercy", "Josiah", "Prudence"]
    assert words.why_sentence(whys[1], names) == (
        "After your move Prudence gets a pilgrim before the next offer in 7 of those 8 games; after the better "
        "move, in none.")
    assert "a rival gets a pilgrim" in words.why_sentence(whys[1])
    # no rival got it more often after the move taken: no such fact is claimed
    same = explain([futures(3, 4, True)] * 8, [futures(4, 3, True)] * 8, CARD_VP, MAJORITY_VP)
    assert all(w.kind != "rival_gets" for w in same), same
    with pytest.raises(ValueError):
        why_from_json({**whys[1].to_json(), "detail": "Prudence"})


def test_a_card_kept_in_a_barn_comes_after_what_the_better_move_changed_on_its_parcels() -> None:
    # playtest 4b (b): Josiah's round 4, a settlement at A1 instead of a pasture at H7, and "you
    # keep the F3L in a barn; after your move the barn holds P2" first: no link a newcomer could
    # follow. The futures show his ship moved onto A1 after the better move: that link comes first
    taken = [sheet(stored=["P2"], parcels=[("H7", "open")])] * 10
    better = [sheet(stored=["F3L"], parcels=[("A1", "ship")])] * 10
    whys = explain(taken, better, CARD_VP, MAJORITY_VP, ("H7", "A1"),
                   move={"type": "buy_land", "slot": 2, "cell": [0, 0]}, coastal_only=("ship",))
    assert [(w.kind, w.item) for w in whys] == [("parcel", "A1"), ("stored", "F3L")], whys
    # without such a link the card kept, with the card kept instead, is still said
    alone = explain([sheet(stored=["P2"])] * 10, [sheet(stored=["F3L"])] * 10, CARD_VP, MAJORITY_VP, ("H7", "A1"))
    assert [w.kind for w in alone] == ["stored"], alone


def test_a_finding_says_the_games_of_the_coach_in_full_once():
    """Playtest 5b: "in N of M games the coach played on from here" two or three times in a
    finding; said once, then "of those games"."""
    from ne_game.coach import Decision

    i18n.set_language("en")
    facts = (Why("card", "S3I", 4, 0, 4, 6), Why("parcel", "C7", 4, 0, 4, detail="open"))
    d = Decision(index=0, round=1, kind="buying", taken={"type": "end_turn"}, best={"type": "end_turn"},
                 loss=2.0, se=0.1, value=0.0, worlds=4, candidates=2, why=facts)
    said = words.reason(d)
    assert said.count("the coach played on from here") == 1, said
    assert "in every one of those games, and in none after your move" in said     # the contrast said shortly (playtest 8b)


def test_an_open_parcel_where_a_figure_stands_says_the_figure_leaves():
    """Playtest 5b: "H1 is yours, undeveloped and without a figure" while the ship stood on H1."""
    from ne_game import rules
    from ne_game.game.session import GameSession
    from tests.history.games import play

    state = GameSession.from_save(play(("easy", "easy", "easy"), seed=4, stop=60)).state
    pos = rules.position(state)
    tile = next(t for t in pos.tiles if t.figure)
    from ne_game.ui.scenes.table.model.geometry import cell_name
    label = cell_name(tile.cells[0])
    i18n.set_language("en")
    said = words.why_sentence(Why("parcel", label, 4, 0, 4, detail="open"), state=state)
    assert "leaves " + label in said and "without a figure" not in said


def test_a_bid_lesson_says_the_games_of_the_coach_in_full_once():
    """Playtest 6b: "in 4 of 4 games the coach played on from here" three times in one bid line."""
    from ne_game.coach.bids import BidRound

    i18n.set_language("en")
    r = BidRound(round=3, index=10, marker=4, bought=(), paid=0, better=2, better_loss=3.8,
                 why=(Why("land", "settlement", 4, 0, 4, amount=2), Why("room", "pasture", 4, 0, 4, amount=1)))
    line = words.bid_round_line(r)
    assert line.count("the coach played on from here") == 1, line
    # every game agrees: said lightly (playtest 7b), and 4 games too few to quote their number (13b)
    assert line.count("in every one of those games") == 2, line


def test_the_majority_counts_say_typically_not_those():
    """Playtest 6b: "In those games" read as the games of the sentence before."""
    i18n.set_language("en")
    w = Why("majority", "pilgrim", 4, 0, 4, 4, counts=(4, 3, 3, 4))
    said = words.counts_sentence(w)
    assert said.startswith("Typically you have 4 pilgrims")
