"""Brief 43a (issue 37, playtest 6b): a reason names the decision in the sampled futures that
caused its fact (who bought what, in which round, with which bid marker, what was done first and
what happened instead), only when the samples show it."""
from __future__ import annotations

import pytest

import ne_game.rules as rules
from ne_game import i18n
from ne_game.ai import hard as hard_mod
from ne_game.ai import make_player
from ne_game.coach import Decision
from ne_game.coach.reasons import MIN_SHARE, Sheet, Step, Why, explain, steps_of, why_from_json
from ne_game.ui.scenes.table.model import coach_words as words
from tests.coach import NAMES

CARD_VP = {"F3L": 6, "P2": 3, "pilgrim": 1}
MAJORITY_VP = {"pilgrim": 4, "barn": 3, "ship": 2}


def sheet(seat: int, steps: tuple[Step, ...], majorities: frozenset[str] = frozenset(), **kw: object) -> Sheet:
    return Sheet(frozenset(), majorities, 5, (), frozenset(), 0, steps=steps, seat=seat, **kw)  # type: ignore[arg-type]


# Mercy's round 5 (playtest 6b): after the pilgrim at A7 she buys a pasture tile and Prudence the
# offer's other pilgrim; after J3 she buys that pilgrim herself and places it on A7
A7_STEPS = (Step(1, 5, "buy", "pasture", 3, "J4", use="place"), Step(3, 5, "buy", "pilgrim", 2, "B6", use="place"))
J3_STEPS = (Step(1, 5, "buy", "pilgrim", 3, "A7", use="place"), Step(3, 5, "buy", "field", 2, "B6", use="place"))


def mercy(n: int = 8, shown: int = 8, steps: bool = True) -> tuple[list[Sheet], list[Sheet]]:
    taken = [sheet(1, A7_STEPS if steps else (), rival_gets=frozenset({(3, "pilgrim")})) for _ in range(n)]
    better = [sheet(1, (J3_STEPS if k < shown else A7_STEPS) if steps else (), majorities=frozenset({"pilgrim"}))
              for k in range(n)]
    return taken, better


def test_a_majoritys_cause_is_the_purchase_the_futures_differ_by():
    taken, better = mercy()
    whys = explain(taken, better, CARD_VP, MAJORITY_VP)
    assert [w.kind for w in whys] == ["majority", "cause"]     # the rival who got the pilgrim is said by the cause
    cause = whys[1]
    assert (cause.detail, cause.better, cause.taken, cause.worlds, cause.seat) == ("better", 8, 0, 8, 1)
    assert cause.step("main") == Step(1, 5, "buy", "pilgrim", 3, "A7", use="place")
    instead = cause.step("instead")
    assert instead is not None and (instead.seat, instead.marker, cause.amount) == (3, 2, 8)


def test_without_the_futures_decisions_there_is_no_cause():
    taken, better = mercy(steps=False)
    assert "cause" not in [w.kind for w in explain(taken, better, CARD_VP, MAJORITY_VP)]


def test_a_cause_the_samples_do_not_show_is_never_named():
    n = 8
    few = round(MIN_SHARE * n) - 1             # fewer worlds than a fact needs
    taken, better = mercy(n, shown=few)
    for k in range(few, n):
        better[k] = sheet(1, A7_STEPS, majorities=frozenset({"pilgrim"}))
    assert "cause" not in [w.kind for w in explain(taken, better, CARD_VP, MAJORITY_VP)]


def test_a_card_kept_says_the_figure_moved_first_and_not_the_parcel_again():
    # Josiah's round 4: after the settlement at A1 he moves his ship from H1 to A1 and keeps the
    # F3L card in his barn; after H7 he keeps P2 there
    better_steps = (Step(2, 4, "move", "ship", 2, "A1", "H1"), Step(2, 4, "buy", "F3L", 2, "H8", use="store"))
    taken_steps = (Step(2, 4, "buy", "P2", 2, "H8", use="store"),)
    taken = [sheet(2, taken_steps, stored=frozenset({"P2"}), parcels=(("A1", "open"),)) for _ in range(6)]
    better = [sheet(2, better_steps, stored=frozenset({"F3L"}), parcels=(("A1", "ship"),)) for _ in range(6)]
    whys = explain(taken, better, CARD_VP, MAJORITY_VP, ("H7", "A1"))
    assert [w.kind for w in whys] == ["stored", "cause"]
    first = whys[1].step("first")
    assert first is not None and (first.item, first.source, first.where) == ("ship", "H1", "A1")
    assert whys[1].step("instead") is None          # the card kept instead: the stored fact says it
    said = words.why_sentence(whys[1], NAMES)
    assert "you buy an L-shaped 3-parcel field card in round 4 with bid marker 2 and keep it in the barn at H8" in said
    # what follows the better move, not "first" (playtest 8b: read as if moving the ship were the better move)
    assert "After the better move you move your ship from H1 to A1 (ships stand only on the coast)." in said


def test_the_cause_is_said_in_whole_sentences_in_every_language():
    taken, better = mercy()
    cause = explain(taken, better, CARD_VP, MAJORITY_VP)[1]
    said = words.why_sentence(cause, NAMES)
    # every game agrees: said lightly (playtest 7b); what Mercy did in that turn follows (she bought a pasture tile)
    # the contrast already said by the fact before: said shortly (playtest 8b); the figure named
    assert said == ("With the better move you buy a pilgrim in round 5 with bid marker 3 and place the pilgrim on A7, "
                    "in every one of those games, and in none after your move. After your move Prudence buys the Pilgrim "
                    "card instead of you, with bid marker 2, in all of them. In your own turn, after your move, you buy a pasture tile with bid "
                    "marker 3 instead of the Pilgrim card and place it at J4, in all of them.")
    try:
        for lang, word in (("nl", "biedfiche"), ("fr", "marqueur de mise")):
            i18n.set_language(lang)
            text = words.why_sentence(cause, NAMES)
            assert word in text and "Prudence" in text and "A7" in text and "{" not in text
    finally:
        i18n.set_language("en")


def test_a_stored_cause_comes_back_and_a_damaged_one_is_refused():
    taken, better = mercy()
    cause = explain(taken, better, CARD_VP, MAJORITY_VP)[1]
    assert why_from_json(cause.to_json()) == cause
    bad = cause.to_json()
    bad["steps"] = [{**cause.steps[0].to_json(), "verb": "steal"}]
    with pytest.raises(ValueError):
        why_from_json(bad)
    old = Why("majority", "pilgrim", 4, 0, 4, 4).to_json()
    assert "steps" not in old and "seat" not in old      # the other facts' rows keep their keys
    assert why_from_json(old) == Why("majority", "pilgrim", 4, 0, 4, 4)


def test_the_rollouts_trace_gives_the_futures_purchases():
    players = [make_player("medium", seed=20 + i) for i in range(4)]
    state = rules.new_game(players=4, seed=20)
    while state.phase != "bids" or state.round < 2:
        seat = state.current
        state = rules.apply_action(state, players[seat].choose(rules.observe(state, seat), rules.legal_actions(state)))
    seat = state.current
    base = rules.determinize(rules.observe(state, seat), 3)
    trace: list[tuple[rules.Snapshot, rules.Action]] = []
    hard_mod.HardPlayer(seed=1, time_budget=None, forecast=False)._rollout(
        rules, base, rules.legal_actions(state)[0], seat, 3, 1, trace=trace)
    steps = steps_of(trace)
    buys = [a for _, a in trace if a["type"] in ("buy_land", "buy_card")]
    assert len([st for st in steps if st.verb == "buy"]) == len(buys) > 0
    for st in steps:
        # the end of a turn has no parcel (playtest 7b: kept for "you buy nothing more, with 3 shillings")
        assert st.round == 2 and st.marker > 0 and (st.where or st.verb == "end")
    assert any(st.verb == "end" and st.money >= 0 for st in steps)


def test_the_cli_reason_says_the_cause_without_the_position():
    taken, better = mercy()
    why = explain(taken, better, CARD_VP, MAJORITY_VP)
    d = Decision(82, 5, "buying", {"type": "end_turn"}, {"type": "end_turn"}, 1.3, 0.2, 0.0, 8, 3, why=why)
    assert "Prudence buys the Pilgrim card instead of you, with bid marker 2" in words.reason(d, names=NAMES)


def test_counts_are_of_games_not_of_purchases():
    # Prudence buys both of the offer's pilgrims in each game after the move taken: 8 games, not 16
    two = A7_STEPS + (Step(3, 5, "buy", "pilgrim", 2, "C6", use="place"),)
    taken, better = mercy()
    taken = [sheet(1, two, rival_gets=frozenset({(3, "pilgrim")})) for _ in taken]
    cause = explain(taken, better, CARD_VP, MAJORITY_VP)[1]
    assert cause.amount == 8 and cause.amount <= cause.worlds
