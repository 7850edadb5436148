"""Brief 51b (issue 37, playtest 10j): a better reveal says what it adds (the rule that a reveal
comes before the first purchase, the purchase still made, the revealed tile bought and the card
whose pattern its land then fits), not "G5 is yours, undeveloped"; French and Dutch that read
naturally."""
from __future__ import annotations

import json

from ne_game import i18n
from ne_game.ai.model import Tile
from ne_game.coach import Decision
from ne_game.coach.reasons import Sheet, Step, Why, explain, steps_of, why_from_json
from ne_game.rules.errors import cell_label
from ne_game.ui.scenes.table.model import coach_words as words
from tests.coach import NAMES, start_model

# ---- 1. Josiah's round 9: the reveal's point ---------------------------------------------------------


def _reveal_facts():  # type: ignore[no-untyped-def]
    """Josiah's round 9 in small: the move taken buys the offer's settlement tile at C4; the better
    move reveals a land tile first, then makes the same purchase and buys the revealed tile (a
    pasture tile at G5 in 5 of 8 games), after which the 2-parcel pasture card's pattern fits."""
    start = start_model()
    data = start.data
    start.offer = {3: ("land", "settlement")}
    r, c4 = start.round, cell_label(2, 3)
    settle = Step(0, r, "buy", "settlement", 3, c4, use="place")

    def sheet(steps: tuple[Step, ...], parcels: tuple[tuple[str, str], ...] = (),
              patterns: frozenset[str] = frozenset()) -> Sheet:
        return Sheet(frozenset(), frozenset(), 4, (), frozenset(), 0, parcels=parcels, steps=steps, seat=0,
                     patterns=patterns)

    taken = [sheet((settle,)) for _ in range(8)]
    pasture = Step(0, r, "buy", "pasture", 3, "G5", use="place", revealed=True)
    field = Step(0, r, "buy", "field", 3, "I4", use="place", revealed=True)
    better = [sheet((settle, pasture), (("G5", "open"),), frozenset({"P2"})) for _ in range(5)] + \
             [sheet((settle, field), (("I4", "open"),)) for _ in range(3)]     # I4: another revealed tile
    return explain(taken, better, {c: s.vp for c, s in data.cards.items()}, dict(data.majority_vp), ("G5", c4),
                   move={"type": "reveal_extra", "source": "land"}, coastal_only=data.coastal_figures,
                   card_land={c: s.land for c, s in data.cards.items() if s.land}, start=start,
                   taken_move={"type": "buy_land", "slot": 3, "cell": [2, 3]})


def test_a_better_reveal_says_what_it_adds_not_an_open_parcel() -> None:
    whys = _reveal_facts()
    assert [w.kind for w in whys] == ["reveal", "land_deck"], whys
    reveal, pattern = whys
    main, own = reveal.step("main"), reveal.step("own")
    assert main is not None and (main.item, main.where, main.count) == ("pasture", "G5", 5)
    assert own is not None and (own.item, own.where, own.count) == ("settlement", cell_label(2, 3), 8)
    assert (pattern.detail, pattern.better, pattern.taken) == ("P2", 5, 0)
    assert why_from_json(json.loads(json.dumps(reveal.to_json()))) == reveal       # stored and read back
    said = words.why_sentence(reveal)
    assert said.startswith("A reveal is allowed only before your first purchase of the turn: buying first gave it "
                           "up. With the better move you reveal first and still buy a settlement tile at C4, in all 8 "
                           "games the coach played on from here. You also buy the land tile the reveal draws, in all "
                           "8 of those games. Most often it is a pasture tile, placed at G5: in 5 of those 8 games."), said
    assert "undeveloped" not in said
    assert "2-parcel pasture card" in words.why_sentence(pattern, again=True)


def test_the_reveal_in_dutch_and_french() -> None:
    reveal, pattern = _reveal_facts()
    try:
        for lang, word in (("nl", "extra kaartje"), ("fr", "élément supplémentaire")):
            i18n.set_language(lang)
            said = words.why_sentence(reveal) + " " + words.why_sentence(pattern, again=True)
            assert word in said and "G5" in said and "{" not in said and "reveal" not in said, said
    finally:
        i18n.set_language("en")


def test_a_purchase_of_a_revealed_item_is_marked() -> None:
    snap = {"current_player": 1, "round": 3, "players": [{"bid": 1}, {"bid": 4, "money": 9}],
            "offer": [{"slot": 2, "item": {"land": "field"}}, {"slot": 9, "item": {"land": "pasture"}}],
            "tiles": []}
    trace = [(snap, {"type": "buy_land", "slot": 9, "cell": [6, 4]}), (snap, {"type": "buy_land", "slot": 2,
                                                                           "cell": [6, 5]})]
    revealed, plain = steps_of(trace)   # type: ignore[arg-type]
    assert (revealed.item, revealed.revealed, plain.item, plain.revealed) == ("pasture", True, "field", False)
    assert revealed == Step(1, 3, "buy", "pasture", 4, "G5", use="place")    # the same purchase all the same


# ---- 2. French and Dutch that a native would write -----------------------------------------------------

def test_french_and_dutch_say_every_game_and_an_undeveloped_parcel_naturally() -> None:
    could = Why("parcel", "H3", 6, 3, 6, detail="open", steps=(Step(2, 8, "could", "F2", 0, "H3", "offer",
                                                                       role="card"),))
    try:
        i18n.set_language("fr")
        every = [words.futures_words(Why("card", "F2", 8, 0, 8), again=again, against=against)
                 for again in (False, True) for against in (False, True)]
        every.append(words.them_words(4, 8))
        assert not [s for s in every if "chacune" in s or "d'entre elles" in s], every
        said = words.parcel_sentence(could, words.futures_words(could, against=True))
        assert said.startswith("Avec le meilleur coup, la parcelle champ H3 est à vous, encore inutilisée et sans "
                               "figurine\u00a0: vous pourrez l'utiliser avec "), said
        i18n.set_language("nl")
        said = words.parcel_sentence(could, words.futures_words(could, against=True))
        # (no compound glued to the land's name: "nederzettingperceel" misses its s)
        assert said.startswith("Met de betere zet is het perceel veld op H3 van jou, nog ongebruikt en zonder figuur: "
                               "je kunt het in gebruik nemen met "), said
        moved = words.first_sentence(Step(2, 11, "move", "ship", 0, "G1", "H1", role="first"),
                                     Step(2, 12, "buy", "ship", 2, "H1", use="place"))
        assert "verzet je je schip" in moved and "verplaats" not in moved, moved
    finally:
        i18n.set_language("en")


# ---- 3. Josiah's round 8: what stands on the open parcel after the move taken --------------------------

def test_an_open_parcel_says_the_figure_the_move_taken_puts_there() -> None:
    start = start_model()
    data = start.data
    start.offer = {5: ("card", "F2")}
    r = start.round

    def sheet(parcels: tuple[tuple[str, str], ...], steps: tuple[Step, ...] = ()) -> Sheet:
        return Sheet(frozenset(), frozenset(), 4, (), frozenset(), 0, parcels=parcels, steps=steps, seat=0)

    on = [Step(0, r, "buy", "barn", 1, where, use="place") for where in ("H3", "H4")]
    taken = [sheet((("H3", "barn"), ("H4", "open")), (on[0],)) for _ in range(5)] + \
            [sheet((("H3", "open"), ("H4", "barn")), (on[1],)) for _ in range(3)]
    better = [sheet((("H3", "open"), ("H4", "open"))) for _ in range(8)]
    whys = explain(taken, better, {c: s.vp for c, s in data.cards.items()}, dict(data.majority_vp), (),
                   move={"type": "take_bid", "value": 2}, coastal_only=data.coastal_figures,
                   card_land={c: s.land for c, s in data.cards.items() if s.land}, start=start,
                   taken_move={"type": "take_bid", "value": 1})
    assert [(w.kind, w.item) for w in whys] == [("parcel", "H3")], whys       # H4 is said by the H3 fact
    blocked = whys[0].step("instead")
    assert blocked is not None and (blocked.item, blocked.cells, blocked.count) == ("barn", ("H3", "H4"), 8)
    assert why_from_json(json.loads(json.dumps(whys[0].to_json()))) == whys[0]
    said = words.parcel_sentence(whys[0], words.futures_words(whys[0], against=True))
    assert said.endswith("After your move you place your barn on H3 or H4 yourself, in all 8 of those games, and a "
                         "tile under a figure cannot be developed."), said


# ---- 3. Mercy's round 4: how an announcement lets a rival take a card -----------------------------------

def test_an_announcement_says_it_draws_more_cards_for_a_rival() -> None:
    rival = Why("rival_card", "S4O", 2, 4, 7, 10)
    cause = Why("cause", "S4O", 2, 4, 7, detail="taken", seat=1,
                steps=(Step(0, 4, "buy", "S4O", 4, "E5", use="develop"),))
    d = Decision(57, 4, "offer", {"type": "announce_offer", "land_tiles": 4},  # type: ignore[arg-type]
                 {"type": "announce_offer", "land_tiles": 6}, 2.0, 0.4, 0.0, 7, 3, why=(rival, cause))
    said = words.reason(d, None, NAMES)
    end = ("The offer is drawn anew after your announcement, its cards from the deck: your move draws 5 cards, the "
           "better move 3, and each card more is one more chance for the square 4-parcel settlement card to come up "
           "for a rival.")
    assert said.endswith(end) and said.count("drawn anew") == 1, said
    fewer = Decision(57, 4, "offer", {"type": "announce_offer", "land_tiles": 6},  # type: ignore[arg-type]
                     {"type": "announce_offer", "land_tiles": 4}, 2.0, 0.4, 0.0, 7, 3, why=(rival,))
    assert "drawn anew" not in words.reason(fewer, None, NAMES)


# ---- 3. Josiah's round 5: the card still in the deck whose pattern the freed parcel serves ---------------

def test_a_freed_parcel_names_the_deck_card_whose_pattern_then_fits() -> None:
    start = start_model()
    data = start.data
    card_land = {c: s.land for c, s in data.cards.items() if s.land}
    start.offer = {}
    tile = Tile(0, "field", ((7, 0), (7, 1)), False, False, "ship")     # a start tile the ship stands on
    start.tiles.append(tile)
    label = cell_label(*tile.cells[0])
    card = next(c for c in sorted(card_land) if card_land[c] == tile.land and start.deck_counts.get(c, 0) > 0)

    def sheet(state: str, patterns: frozenset[str] = frozenset()) -> Sheet:
        return Sheet(frozenset(), frozenset(), 4, (), frozenset(), 0, parcels=((label, state),), seat=0,
                     patterns=patterns)

    taken = [sheet("ship") for _ in range(8)]
    better = [sheet("open", frozenset({card})) for _ in range(6)] + [sheet("open") for _ in range(2)]
    whys = explain(taken, better, {c: s.vp for c, s in data.cards.items()}, dict(data.majority_vp), (label,),
                   move={"type": "buy_land", "slot": 2, "cell": [0, 0]}, coastal_only=data.coastal_figures,
                   card_land=card_land, start=start, taken_move={"type": "buy_land", "slot": 0, "cell": [7, 5]})
    could = whys[0].step("card")
    assert could is not None and (could.item, could.source, could.count) == (card, "deck", 6), whys
    said = words.parcel_sentence(whys[0], words.futures_words(whys[0], against=True))
    assert (f"by the next offer your parcels of {words.land_word(tile.land)} land then form the shape {words.card_name(card)} "
            "needs, a card still in the deck, in 6 of those 8 games.") in said and "on the offer now" not in said, said
    # a freed parcel's sentence never says such a card is on the offer
    freed = Step(0, 1, "open", label, 0, label, role="freed", count=6)
    plain = words.freed_sentence(freed, Step(0, 1, "move", "ship", 0, "A1", label, role="first"), 8, could)
    assert "on the offer now" not in plain and "for a land-use card" in plain, plain


# ---- 3. Josiah's round 1: a purchase made in every game is not said as made in some --------------------

def test_a_purchase_on_several_parcels_is_counted_in_every_game_that_makes_it() -> None:
    def sheet(majorities: frozenset[str], steps: tuple[Step, ...]) -> Sheet:
        return Sheet(frozenset(), majorities, 4, (), frozenset(), 0, steps=steps, seat=0)

    better = [sheet(frozenset({"pilgrim"}), (Step(0, 1, "buy", "pilgrim", 9, where, use="place"),))
              for where in ("H8", "H8", "H8", "H8", "B2", "B2", "B2", "H1")]
    taken = [sheet(frozenset(), (Step(1, 1, "buy", "pilgrim", 9, "J3", use="place"),
                                 Step(0, 1, "buy", "barn", 6, "B2", use="place"))) for _ in range(8)]
    data = start_model().data
    whys = explain(taken, better, {c: s.vp for c, s in data.cards.items()}, dict(data.majority_vp))
    cause = next(w for w in whys if w.kind == "cause")
    main = cause.step("main")
    assert main is not None and (main.where, cause.better, main.count) == ("H8", 4, 8), cause
    said = words.cause_sentence(cause, NAMES)
    assert "With the better move bid marker 9 is yours: you buy a pilgrim with it in round 1, in every one of those " \
           "games, and in none after your move." in said, said
