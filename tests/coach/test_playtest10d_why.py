"""Brief 49a (issue 37, playtest 10d): a land count leads with the card it is for; a freed parcel
names the land-use card that develops its land."""
from __future__ import annotations

from dataclasses import replace

from ne_game import i18n
from ne_game.ai.model import Tile
from ne_game.coach.reasons import Sheet, Step, Why, _chain, _could, explain, why_from_json
from ne_game.rules.errors import cell_label
from ne_game.ui.scenes.table.model import coach_words as words
from tests.coach import pilgrim_chain, start_model


def _sheet(settlements: int, patterns: frozenset[str]) -> Sheet:
    return Sheet(frozenset(), frozenset(), 5, (("settlement", settlements),), frozenset(), 0, seat=0,
                 patterns=patterns)


def test_a_land_count_leads_with_the_card_it_is_for() -> None:
    start = start_model()
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
    assert said.startswith("With the better move your parcels of settlement land form the shape"), said
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
    start = start_model()
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
    start = start_model()
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
    start = start_model()
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
    assert said.startswith("With the better move your parcels of settlement land form the shape"), said
    assert "cards to come" in said and "tiles" not in said, said


def test_a_coast_tile_in_a_chain_says_it_frees_the_parcel_for_the_card() -> None:
    """Brief 49c (Josiah's round 4): the settlement at A1 is a coast parcel for the ship, so moving
    it there frees H1 for the F3L card the turn then buys; said once, as the chain's point."""
    start = start_model()
    data = start.data
    card_land = {c: spec.land for c, spec in data.cards.items() if spec.land}
    start.offer = {2: ("land", "settlement"), 3: ("card", "F3L")}
    a1 = cell_label(0, 0)
    steps = (Step(0, start.round, "buy", "F3L", 2, "H8", use="store"),
             Step(0, start.round, "move", "ship", 2, a1, "H1", role="first"),
             Step(0, start.round, "open", "H1", 0, "H1", role="freed", count=16),
             Step(0, start.round, "could", "F3L", 0, "H1", "offer", role="card"))
    whys = (Why("stored", "F3L", 16, 0, 16, 6, detail="P2"),
            Why("cause", "F3L", 16, 0, 16, detail="better", steps=steps, seat=0))
    move = {"type": "buy_land", "slot": 2, "cell": [0, 0]}
    out = _chain(whys, start, move, data.coastal_figures, card_land)
    assert [w.kind for w in out] == ["stored", "chain", "cause"], out
    chain, cause = out[1], out[2]
    assert chain.detail == "coast" and cause.step("first") is None and cause.step("freed") is None
    assert why_from_json(chain.to_json()) == chain
    said = words.why_sentence(chain)
    assert said == (f"Your new tile at {a1} is a coast parcel for your ship, so moving the ship there frees H1 for "
                    f"{words.card_name('F3L')}, which you buy next."), said
    for lang in ("nl", "fr"):
        i18n.set_language(lang)
        assert words.why_sentence(chain) != said
    i18n.set_language("en")
    # the ship moves elsewhere: no chain is claimed
    other = replace(whys[1], steps=(steps[0], replace(steps[1], where="B1"), *steps[2:]))
    assert _chain((whys[0], other), start, move, data.coastal_figures, card_land) == (whys[0], other)


def test_a_figure_in_a_chain_says_the_majority_it_wins() -> None:
    """Brief 49c (Mercy's round 5): the order does not matter; the turn ends with a second pilgrim
    instead of a pasture tile, and that pilgrim wins the majority."""
    out = pilgrim_chain()
    assert [w.kind for w in out] == ["majority", "chain", "cause"], out
    assert out[2].step("own") is None
    said = words.why_sentence(out[1])
    # said plainly, with the majority's VP (playtest 10f: "The order is not the point: ... you also place" confused)
    assert said == ("What matters is less the parcel than the purchase after it: in the coach's games, after a "
                    f"pilgrim on {cell_label(9, 2)} you buy another one this turn, which gives you the most "
                    "pilgrims (the majority, 4 VP); after your move you buy a pasture tile at K4 or J4 instead."), said
    assert why_from_json(out[1].to_json()) == out[1]
    for lang in ("nl", "fr"):
        i18n.set_language(lang)
        assert words.why_sentence(out[1]) != said
    i18n.set_language("en")
