"""Brief 48a (issue 37, playtest 10d): a finding says whether its move was the Hint's, a better
reveal claims no item the samples disagree on, a plain split by source, and French fixes."""
from __future__ import annotations

import ne_game.rules as rules
from ne_game import i18n
from ne_game.coach import Decision
from ne_game.coach.reasons import Sheet, Why, explain, why_from_json
from ne_game.ui.scenes.table.model import coach_words as words
from tests.coach import NAMES, ROOT


def _finding(state: rules.State, followed: bool | None, hint: rules.Action | None) -> Decision:
    legal = rules.legal_actions(state)
    return Decision(1, 0, "placing", legal[0], legal[1], 1.3, 0.3, 0.0, 6, 3, followed, hint)


# ---- 1. the Hint's move or not, said in the finding ---------------------------------------------
def test_a_finding_says_whether_it_was_the_hints_move() -> None:
    state = rules.new_game(players=4, seed=1)
    legal = rules.legal_actions(state)
    other = words.decision_sentence(_finding(state, False, legal[2]), state, NAMES)
    which = words.move_words(state, legal[2], taken=False)
    assert which and f"The Hint suggested another move here: {which}" in other, other
    better = words.decision_sentence(_finding(state, False, legal[1]), state, NAMES)
    assert "The Hint suggested the better move here." in better, better
    unknown = words.decision_sentence(_finding(state, False, None), state, NAMES)
    assert "The Hint suggested another move here." in unknown, unknown
    followed = words.decision_sentence(_finding(state, True, legal[0]), state, NAMES)
    assert "You followed the Hint here" in followed and "suggested" not in followed, followed
    # Player 1's round 9 (playtest 10d): no Hint asked at this move, by a seat that asked it 44 times
    own = words.decision_sentence(_finding(state, None, None), state, NAMES, hinted=True)
    assert "You did not ask the Hint here: this move was your own, not the Hint's." in own, own
    assert "Hint" not in words.decision_sentence(_finding(state, None, None), state, NAMES)
    i18n.set_language("fr")
    assert "Conseil" in words.decision_sentence(_finding(state, None, None), state, NAMES, hinted=True)


# ---- 2. a better reveal names no item: each of the coach's games drew its own -------------------
def _reveal_state() -> rules.State:
    import random
    rng = random.Random(3)
    for seed in range(1, 40):
        state = rules.new_game(players=4, seed=seed)
        for _ in range(400):
            legal = rules.legal_actions(state)
            if not legal:
                break
            if any(a["type"] == "reveal_extra" for a in legal):
                return state
            state = rules.apply_action(state, rng.choice(legal))
    raise AssertionError("no reveal found")


def test_a_better_reveal_says_only_what_the_samples_agree_on() -> None:
    state = _reveal_state()
    reveal = next(a for a in rules.legal_actions(state) if a["type"] == "reveal_extra")
    advice = words.move_words(state, reveal, taken=False)
    drawn = words.move_words(state, reveal, taken=True)      # what was revealed in the game itself
    item = drawn.rsplit(": ", 1)[1].rstrip(".")
    assert item not in advice, (advice, drawn)
    assert ("a land tile from the bag" if reveal["source"] == "land" else "a card from the deck") in advice, advice
    for lang in ("nl", "fr"):
        i18n.set_language(lang)
        assert words.move_words(state, reveal, taken=False) != advice


# ---- 3. the split by source, when its numbers do not add up: one plain sentence ----------------
def test_the_split_by_source_is_one_plain_sentence() -> None:
    majorities = Why("sources", "", 12, 0, 12, vp=1, amount=4, detail="mostly_majorities")
    cards = Why("sources", "", 12, 0, 12, vp=1, amount=4, detail="mostly_cards")
    assert words.why_sentence(majorities, again=True, loss=1.3) == "Most of the gain comes from the majorities."
    assert words.why_sentence(cards, again=True, loss=1.3) == "Most of the gain comes from your cards."
    for lang in ("nl", "fr"):
        i18n.set_language(lang)
        said = words.why_sentence(majorities, again=True, loss=1.3)
        assert said != "Most of the gain comes from the majorities." and ":" not in said, said


# ---- 4. French: "dans 44 décisions", who uses a parcel, the reveal, a whole phrase ----------------
def test_french_of_the_coach_reads_right() -> None:
    i18n.set_language("fr")
    said = i18n.nfmt("{name} followed the Hint in {n} decision.", "{name} followed the Hint in {n} decisions.", 44,
                     name="Player 1", n=44)
    assert said == "Player 1 a suivi le Conseil dans 44 décisions.", said
    parcel = words.parcel_sentence(Why("parcel", "G5", 8, 0, 8, detail="open"), "dans 8 parties")
    assert "vous pourrez l'utiliser avec une carte développement de terrain" in parcel, parcel
    assert "terrain peut" not in parcel
    same = Why("sources", "", 12, 0, 12, amount=2, detail="mostly_majorities")
    assert "vos cartes rapportent à peu près la même chose" in words.why_sentence(same, again=True)
    po = (ROOT / "assets/locale/fr/LC_MESSAGES/ne_game.po").read_text(encoding="utf-8")
    assert "votre pioche" not in po and "suivi le Conseil pour" not in po and "vos cartes à peu près" not in po


# ---- 5. "about 2 more settlement tiles" says what those tiles bring, from the score sheets -------
def _lands(n: int, cards: tuple[tuple[str, int], ...] = ()) -> Sheet:
    return Sheet(frozenset(c for c, _ in cards), frozenset(), 5, (("settlement", n),), frozenset(), 0,
                 card_counts=cards)


def test_more_tiles_say_what_the_score_sheets_show_they_bring() -> None:
    import json

    vp = {"S2": 3, "S3I": 6, "F2": 3}
    land = {"S2": "settlement", "S3I": "settlement", "F2": "field"}
    # the settlement cards the same in every game (a field card differs: not these tiles' doing)
    same = explain([_lands(2, (("F2", 1),)) for _ in range(8)], [_lands(4) for _ in range(8)], vp, {},
                   card_land=land)
    assert [w.kind for w in same][:2] == ["land", "land_cards"] and same[1].detail == "same", same
    said = words.why_sentence(same[1], again=True)
    assert said.startswith("By the next offer those tiles bring no VP yet: your settlement land-use cards score "
                           "the same after either move in all 8 of those games."), said
    # a settlement card gained with the tiles in 6 of 8 games: its VP, and the card, named
    gains = explain([_lands(2) for _ in range(8)], [_lands(4, (("S3I", 1),)) for _ in range(6)] + [_lands(4)] * 2,
                    vp, {}, card_land=land)
    fact = next(w for w in gains if w.kind == "land_cards")
    assert (fact.better, fact.vp, fact.detail) == (6, 4, "S3I"), fact
    assert why_from_json(json.loads(json.dumps(fact.to_json()))) == fact
    said = words.why_sentence(fact, again=True)
    assert "your settlement land-use cards score about 4 VP more, in 6 of those 8 games." in said, said
    assert "straight 3-parcel settlement card" in said, said
    # neither the same nor a clear gain: nothing is claimed
    mixed = explain([_lands(2) for _ in range(8)], [_lands(4, (("S2", 1),))] + [_lands(4)] * 7, vp, {}, card_land=land)
    assert all(w.kind != "land_cards" for w in mixed), mixed
    for lang in ("nl", "fr"):
        i18n.set_language(lang)
        assert "land-use" not in words.why_sentence(fact, again=True)
