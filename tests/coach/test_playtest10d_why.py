"""Brief 49a (issue 37, playtest 10d): a land count leads with the card it is for; a freed parcel
names the land-use card that develops its land."""
from __future__ import annotations

from dataclasses import replace

import ne_game.rules as rules
from ne_game import i18n
from ne_game.ai.model import Model, Tile
from ne_game.coach.reasons import Sheet, Step, Why, _could, explain, why_from_json
from ne_game.rules.errors import cell_label
from ne_game.ui.scenes.table.model import coach_words as words


def _start() -> Model:
    return Model.from_observation(rules.observe(rules.new_game(players=4, seed=1), 0))


def _sheet(settlements: int, patterns: frozenset[str]) -> Sheet:
    return Sheet(frozenset(), frozenset(), 5, (("settlement", settlements),), frozenset(), 0, seat=0,
                 patterns=patterns)


def test_a_land_count_leads_with_the_card_it_is_for() -> None:
    start = _start()
    data = start.data
    card_land = {c: spec.land for c, spec in data.cards.items() if spec.land}
    card_vp = {c: spec.vp for c, spec in data.cards.items()}
    s_card = next(c for c, land in sorted(card_land.items()) if land == "settlement")
    # no card of the land held or on the offer: the deck's card (Mercy's round 3, "cards still to come")
    start.offer = {0: ("land", "settlement")}
    start.barns[0] = []
    start.deck_counts = {s_card: 1}
    taken = [_sheet(3, frozenset())] * 8
    better = [_sheet(5, frozenset({s_card}))] * 8
    plain = explain(taken, better, card_vp, {}, card_land=card_land)
    assert plain[0].kind == "land", plain          # without the position: the count, as before
    why = explain(taken, better, card_vp, {}, card_land=card_land, start=start)
    assert why[0].kind == "land_deck" and why[0].detail == s_card and why[0].amount == 2, why
    assert why_from_json(why[0].to_json()) == why[0]
    said = words.why_sentence(why[0])
    assert said.startswith("With the better move your settlement parcels fit the pattern of"), said
    assert words.card_name(s_card) in said and "No card you can buy now needs that yet" in said, said
    # on the offer: said as what the land is for, before the count
    start.offer = {0: ("card", s_card)}
    why = explain(taken, better, card_vp, {}, card_land=card_land, start=start)
    said = words.why_sentence(why[0])
    assert why[0].kind == "land_offer" and said.startswith("The settlement land the better move gives you is for"), said
    assert said.index(words.card_name(s_card)) < said.index("2 more tiles of that land"), said
    for lang in ("nl", "fr"):
        i18n.set_language(lang)
        assert words.why_sentence(why[0]) != said


def test_a_freed_parcel_names_a_card_that_develops_its_land() -> None:
    start = _start()
    data = start.data
    card_land = {c: spec.land for c, spec in data.cards.items() if spec.land}
    tile = Tile(0, "field", ((7, 0), (7, 1)), False, False, "ship")
    start.tiles.append(tile)
    label = cell_label(*tile.cells[0])
    card = next(c for c, land in sorted(card_land.items()) if land == tile.land)
    start.offer = {3: ("card", card)}
    freed = Step(0, 1, "open", label, 0, label, role="freed", count=6)
    steps = (Step(0, 1, "buy", "ship", 2, "A1", use="place"), Step(0, 1, "move", "ship", 2, "A1", label, role="first"),
             freed)
    cause = Why("cause", "ship", 6, 0, 6, detail="better", steps=steps, seat=0)
    named = _could(cause, start, card_land, 0)
    could = named.step("card")
    assert could is not None and could.item == card and could.source == "offer", named
    assert why_from_json(named.to_json()) == named
    said = words.freed_sentence(freed, steps[1], 6, could)
    assert words.card_name(card) in said and "on the offer now" in said and label in said, said
    assert "for a land-use card" not in said
    # nothing of that land anywhere visible: the plain words stay
    start.offer = {}
    assert _could(cause, start, card_land, 0) == cause


def test_a_freed_parcel_names_the_card_the_better_move_buys() -> None:
    """Brief 49c (Josiah's round 4): both field cards on the offer; the better sequence buys F3L,
    so F3L is named, not F2 (first by name)."""
    start = _start()
    card_land = {c: spec.land for c, spec in start.data.cards.items() if spec.land}
    tile = Tile(0, "field", ((7, 0), (7, 1)), False, False, "ship")
    start.tiles.append(tile)
    label = cell_label(*tile.cells[0])
    start.offer = {2: ("card", "F2"), 3: ("card", "F3L")}
    freed = Step(0, 1, "open", label, 0, label, role="freed", count=6)
    steps = (Step(0, 1, "buy", "F3L", 2, "H8", use="store"), Step(0, 1, "move", "ship", 2, "A1", label, role="first"),
             freed)
    cause = Why("cause", "F3L", 6, 0, 6, detail="better", steps=steps, seat=0)
    could = _could(cause, start, card_land, 0).step("card")
    assert could is not None and could.item == "F3L", could
    # bought by neither: F2 covers the lone 2-parcel tile, F3L cannot
    plain = replace(cause, steps=steps[1:])
    could = _could(plain, start, card_land, 0).step("card")
    assert could is not None and could.item == "F2", could


def test_a_freed_parcel_prefers_a_card_whose_pattern_fits_there() -> None:
    """Brief 49c: the card whose pattern covers the freed parcel with the seat's parcels round it
    is named before one that cannot (here before the card kept in the barn)."""
    start = _start()
    card_land = {c: spec.land for c, spec in start.data.cards.items() if spec.land}
    # a lone 2-parcel settlement start tile under a figure: S2 covers it, S3I (three in a row) cannot
    tile = Tile(0, "settlement", ((7, 0), (7, 1)), False, False, "ship")
    start.tiles.append(tile)
    label = cell_label(*tile.cells[0])
    start.barns[0] = [[(9, 9), "S3I"]]
    start.offer = {3: ("card", "S2")}
    cause = Why("cause", "ship", 6, 0, 6, detail="better", seat=0,
                steps=(Step(0, 1, "move", "ship", 2, "A1", label, role="first"),
                       Step(0, 1, "open", label, 0, label, role="freed", count=6)))
    could = _could(cause, start, card_land, 0).step("card")
    assert could is not None and could.item == "S2" and could.source == "offer", could


def test_the_gain_from_cards_to_come_is_said_in_two_plain_sentences() -> None:
    """Brief 49c (Mercy's round 3): cause (the shape) first, at most two sentences."""
    why = Why("land_deck", "settlement", 25, 0, 25, 8, 2, detail="S4O")
    for lang in ("en", "nl", "fr"):
        i18n.set_language(lang)
        said = words.why_sentence(why)
        assert said.count(". ") <= 1 and words.card_name("S4O") in said, said
    i18n.set_language("en")
    said = words.why_sentence(why)
    assert said.startswith("With the better move your settlement parcels fit the pattern of"), said
    assert "cards to come" in said and "tiles" not in said, said
