"""Issue 37: one judge (the Hint's moves known to the coach, flagged only when clearly worse), a
reason for every finding from what differs between the sampled futures, and the bid lessons."""
from __future__ import annotations

import copy
from dataclasses import replace

from ne_game import rules
from ne_game.coach import Decision, SeatReview
from ne_game.coach.bids import bid_lessons, habit_of
from ne_game.coach.reasons import Sheet, Why, explain, why_from_json
from ne_game.coach.review import FLAG_VP, Review
from ne_game.game.session import GameSession
from ne_game.i18n import _
from ne_game.ui.scenes.table.model import coach_words as words
from tests.history.games import engine_state, play


def decision(loss: float, se: float, followed: bool | None, why: tuple[Why, ...] = ()) -> Decision:
    bid = rules.actions.take_bid(3)
    return Decision(4, 1, "bids", bid, rules.actions.take_bid(5), loss, se, 0.0, 8, 3, followed, bid, why)


def test_a_followed_hint_is_flagged_only_when_clearly_worse_by_the_coachs_samples():
    # beyond the plain rule's noise, but not clearly: flagged for a move of one's own, not for the Hint's
    assert decision(1.2, 0.4, None).flaggable and decision(1.2, 0.4, False).flaggable
    assert not decision(1.2, 0.4, True).flaggable
    assert decision(3.0, 0.4, True).flaggable                  # clearly worse: said, even for the Hint
    assert not decision(FLAG_VP / 2, 0.01, None).flaggable
    # ... and only when the same futures judged as the Hint judges them (its forecast) agree
    clear = decision(3.0, 0.4, True)
    assert not replace(clear, hint_loss=0.3, hint_se=0.4).flaggable
    assert replace(clear, hint_loss=2.5, hint_se=0.4).flaggable


def test_the_session_keeps_the_hints_shown_saves_them_and_drops_a_damaged_one():
    save = play(("human", "easy", "easy"), seed=2, stop=30)
    s = GameSession.from_save(save)
    legal = s.legal_actions()
    s.note_hint(legal[-1])
    k = len(s.actions)
    again = GameSession.from_save(copy.deepcopy(s.to_save()))
    assert again.hints == {k: legal[-1]}
    damaged = s.to_save()
    damaged["hints"] = [{"index": k, "action": {"type": "take_bid", "value": 99}}, {"index": "x"}, 7,
                        {"index": 3, "action": save["actions"][3]}]
    assert GameSession.from_save(damaged).hints == {3: save["actions"][3]}   # the legal one stays
    bad = s.to_save()
    bad["hints"] = "nonsense"
    assert GameSession.from_save(bad).hints == {}


def test_the_review_knows_which_decisions_followed_the_hint_and_keeps_it_in_json():
    save = play(("human", "easy", "easy"), seed=2, stop=40)
    job = SeatReview(save, 0, worlds=2)
    followed, other = job.todo[0], job.todo[1]
    state = engine_state(save, other)
    elsewhere = next(a for a in rules.legal_actions(state)
                     if rules.action_key(a) != rules.action_key(save["actions"][other]))
    save["hints"] = [{"index": followed, "action": save["actions"][followed]},
                     {"index": other, "action": elsewhere}]
    review = SeatReview(save, 0, worlds=2)
    while review.step():
        pass
    result = review.result()
    by = {d.index: d for d in result.decisions}
    assert by[followed].followed_hint is True and by[other].followed_hint is False
    assert all(d.followed_hint is None for k, d in by.items() if k not in (followed, other))
    assert by[other].hint == elsewhere and by[other].candidates >= 2      # the Hint's move was weighed
    back = Review.from_json(result.to_json())
    assert [(d.followed_hint, d.hint, d.why) for d in back.decisions] == \
        [(d.followed_hint, d.hint, d.why) for d in result.decisions]
    assert result.to_json()["bids"] is not None


def sheet(cards=(), majorities=(), money=5, lands=(), rival=(), margin=0) -> Sheet:
    return Sheet(frozenset(cards), frozenset(majorities), money, tuple(lands), frozenset(rival), margin)


def test_a_reason_names_what_differs_in_the_sampled_futures_and_nothing_they_do_not_show():
    card_vp, majority_vp = {"S3I": 6, "P2": 2}, {"pilgrim": 4}
    taken = [sheet(cards=["P2"]), sheet(cards=["P2"]), sheet(), sheet()]
    better = [sheet(cards=["P2", "S3I"]), sheet(cards=["S3I"]), sheet(cards=["S3I"], majorities=["pilgrim"]), sheet()]
    whys = explain(taken, better, card_vp, majority_vp)
    assert whys[0] == Why("card", "S3I", 3, 0, 4, 6)
    assert all(w.item != "P2" for w in whys)            # not more often held after the better move
    same = [sheet(money=3)] * 4
    assert explain(same, same, card_vp, majority_vp) == ()       # nothing differs: no reason claimed
    assert why_from_json(whys[0].to_json()) == whys[0]
    richer = explain(same, [sheet(money=9)] * 4, card_vp, majority_vp)
    assert richer == (Why("money", "", 4, 0, 4, 0, 6),)
    # a card held in both futures but twice after the better move (a second S3I) is named too
    once = Sheet(frozenset(["S3I"]), frozenset(), 5, (), frozenset(), 0, card_counts=(("S3I", 1),))
    twice = Sheet(frozenset(["S3I"]), frozenset(), 5, (), frozenset(), 6, card_counts=(("S3I", 2),))
    assert explain([once] * 4, [twice] * 4, card_vp, majority_vp)[0] == Why("card_more", "S3I", 4, 0, 4, 6)


def test_every_kind_of_reason_is_a_whole_sentence_naming_its_item():
    said = {w.kind: words.why_sentence(w) for w in (
        Why("card", "S3I", 5, 1, 6, 6), Why("majority", "pilgrim", 4, 0, 6, 4), Why("rival_card", "F2", 1, 5, 6, 2),
        Why("money", "", 5, 1, 6, 0, 3), Why("land", "field", 5, 1, 6, 0, 1), Why("ahead", "", 5, 1, 6, 0, 2),
        Why("card_more", "S3I", 5, 0, 6, 6), Why("rival_majority", "ship", 1, 5, 6, 2),
        Why("income", "", 5, 0, 6, 0, 1), Why("room", "pasture", 5, 0, 6, 0, 2))}
    # cards are named in words, never by their codes (F2 is also a parcel of the board)
    assert "the straight 3-parcel settlement card (6 VP) in 5 of 6 games the coach played on from here, against 1" in said["card"]
    assert "pilgrims" in said["majority"] and "the 2-parcel field card" in said["rival_card"]
    assert not any(code in s for s in said.values() for code in ("S3I", "F2"))
    assert "3 shillings" in said["money"] and "field tile" in said["land"] and "2 VP" in said["ahead"]
    assert "one more copy of the straight 3-parcel settlement card" in said["card_more"] and "ships" in said["rival_majority"]
    assert "1 shilling a round" in said["income"] and "2 more free parcels where a pasture" in said["room"]
    assert all(s.endswith(".") and s[0].isupper() for s in said.values())
    assert all(words.short_why(w) for w in (Why("card_more", "S3I", 5, 0, 6, 6), Why("room", "field", 5, 0, 6, 0, 1)))


def test_ending_the_turn_too_early_reads_as_what_to_do_first():
    save = play(("human", "easy", "easy"), seed=2)
    s = GameSession.from_save(save)
    for k, a in enumerate(s.actions):
        state = s.state_before(k)
        if a["type"] != "end_turn":
            continue
        moves = rules.of_kind(rules.legal_actions(state), "move_figure")
        if moves:
            break
    else:
        raise AssertionError("this game has an end of turn with a figure that could move")
    d = Decision(k, int(state.round), "buying", a, moves[0], 2.0, 0.1, 0.0, 8, 3, None, None,
                 (Why("card", "S3I", 5, 1, 6, 6),))
    text = words.decision_sentence(d, state, [p.name for p in s.seats])
    assert "before ending your turn" in text and text.split(": ", 1)[1].startswith("Move the ")
    assert "Clearly better" in text and "±" not in text and "the straight 3-parcel settlement card" in text


def test_bid_lessons_say_what_each_marker_bought_and_where_a_lower_one_bought_the_same():
    save = play(("human", "easy", "medium", "medium"), seed=5)
    s = GameSession.from_save(save)
    bids = bid_lessons(s.actions, s.state_before, 0)
    assert len(bids.rounds) >= 8 and bids.paid == sum(r.marker * len(r.bought) for r in bids.rounds)
    lowered = [r for r in bids.rounds if r.lower is not None]
    assert lowered, "this seeded game has a round where a lower marker bought the same"
    for r in lowered:
        assert r.lower < r.marker and r.saved == (r.marker - r.lower) * len(r.bought)
        buying = next(k for k in range(r.index, len(s.actions)) if rules.phase(s.state_before(k)) == "buying")
        others = [p.bid for i, p in enumerate(rules.position(s.state_before(buying)).players) if i != 0]
        assert not any(r.lower <= b < r.marker for b in others)    # the same place in the buying order
    lines = words.bid_lines(bids)
    assert lines[0][1].startswith("You paid") and len(lines) >= len(bids.rounds) + 1
    assert habit_of([1, 2, 3, 1, 9]).count == 4 and habit_of([1, 5, 9, 2]) is None and habit_of([1, 2]) is None


def test_the_hint_asks_the_hard_player_and_says_when_it_thinks():
    from ne_game.ui.scenes.table.model import hints
    from ne_game.ui.scenes.table.model import view_model as vm
    from ne_game.ui.scenes.table.model.facts import Facts
    from ne_game.ui.scenes.table.model.interaction import Interaction

    assert hints.HINT_KIND == "hard"
    s = GameSession.from_save(play(("human", "easy", "easy"), seed=2, stop=0))
    facts = Facts.of(s)
    inter = Interaction(facts.state, facts.names)
    label = {t: vm.buttons(facts, inter, True, {}, None, False, hints=True, thinking=bool(t))[0].label
             for t in (0, 1)}
    assert label == {0: _("Hint"), 1: _("Thinking…")}
