"""Brief 52b (issue 37, playtest 11b): what really differs in Mercy's round 5 (the placements
commute), counts of the game's end said as such, the parcels a barn card's pattern takes, whose
pieces a seat's name is, plain words for a pattern that fits, and natural French."""
from __future__ import annotations

from dataclasses import replace

from ne_game import i18n
from ne_game.coach.reasons import Step, Why, _chain, why_from_json
from ne_game.rules.errors import cell_label
from ne_game.ui.scenes.table.model import coach_words as words
from tests.coach import start_model

# ---- 1. Mercy's round 5: the place hardly matters, the second purchase does --------------------------


def _mercy(taken: dict[str, object] | None) -> tuple[Why, ...]:
    start = start_model()
    data = start.data
    card_land = {c: spec.land for c, spec in data.cards.items() if spec.land}
    start.offer = {7: ("card", "pilgrim"), 8: ("card", "pilgrim")}
    r = start.round
    a7 = cell_label(0, 6)
    steps = (Step(0, r, "buy", "pilgrim", 3, a7, use="place"),
             Step(2, r, "buy", "pilgrim", 2, "B6", use="place", role="instead"),
             Step(0, r, "buy", "pasture", 3, "", use="place", role="own", cells=("K4", "J4"), count=12))
    whys = (Why("majority", "pilgrim", 12, 0, 12, 4, counts=(4, 3, 3, 4)),
            Why("cause", "pilgrim", 12, 0, 12, amount=12, detail="better", steps=steps, seat=0))
    move = {"type": "buy_card", "slot": 7, "use": {"figure_on": [9, 2]}}
    return _chain(whys, start, move, data.coastal_figures, card_land, taken)


def test_a_placement_that_commutes_says_the_second_purchase_is_what_differs() -> None:
    out = _mercy({"type": "buy_card", "slot": 8, "use": {"figure_on": [0, 6]}})
    chain = out[1]
    assert chain.kind == "chain" and chain.amount == 1, out
    assert why_from_json(chain.to_json()) == chain
    said = words.why_sentence(chain)
    j3 = cell_label(9, 2)
    # (playtest 12b: the second card is the point, said first; "which ends the turn just as the
    # better move does" read as if the headline's move were beside the point)
    assert said == ("Where the pilgrim stands hardly matters: the point of the better move is that you also buy "
                    "the other Pilgrim card on the offer this turn, which gives you the most pilgrims (the "
                    f"majority, 4 VP). After your move you could still have done that, as {j3} was still free. "
                    "In the coach's games after your move you buy a pasture tile at K4 or J4 instead of the other Pilgrim card on the offer."), said
    for lang in ("nl", "fr"):
        i18n.set_language(lang)
        other = words.why_sentence(chain)
        assert other != said and j3 in other and "4" in other, other
    i18n.set_language("en")


def test_a_placement_that_does_not_commute_keeps_the_old_sentence() -> None:
    # another item taken, or the taken figure elsewhere than the better line's second one: not the same turn
    for taken in (None, {"type": "buy_land", "slot": 0, "cell": [0, 6]},
                  {"type": "buy_card", "slot": 8, "use": {"figure_on": [1, 6]}}):
        chain = _mercy(taken)[1]
        assert chain.kind == "chain" and chain.amount == 0, (taken, chain)
        assert words.why_sentence(chain).startswith("What matters is less the parcel"), taken
    # a stored chain of before (no amount) still reads as it did
    chain = _mercy({"type": "buy_card", "slot": 8, "use": {"figure_on": [0, 6]}})[1]
    assert words.why_sentence(replace(chain, amount=0)).startswith("What matters is less the parcel")


# ---- 2. a count says when it is ---------------------------------------------------------------------

def test_a_majority_count_says_when_it_is() -> None:
    from ne_game.coach.reasons import Sheet, _effects
    def sh(ships: int, ended: bool) -> Sheet:
        return Sheet(frozenset(), frozenset({"ship"}) if ships > 1 else frozenset(), 0, (), frozenset(), 0,
                     figures=(("ship", ships, 1 if ships > 1 else 2),), ended=ended)
    for ended, start in ((True, "At the game's end, typically you have 2 ships"),
                         (False, "By the next round's offer, typically you have 2 ships")):
        whys = _effects([sh(1, ended)] * 3, [sh(2, ended)] * 3, {}, {"ship": 2})
        assert whys[0].kind == "majority" and whys[0].detail == ("end" if ended else "offer"), whys
        assert why_from_json(whys[0].to_json()) == whys[0]
        said = words.counts_sentence(whys[0])
        assert said.startswith(start), said
        for lang in ("nl", "fr"):
            i18n.set_language(lang)
            assert words.counts_sentence(whys[0]) != said
        i18n.set_language("en")


# ---- 3. Josiah's round 4: the parcels the barn card's pattern takes ------------------------------------

def test_a_coast_chain_names_the_parcels_the_card_takes() -> None:
    from ne_game.ai.model import Tile
    from ne_game.coach.reasons import Sheet, _pattern_parcels
    start = start_model()
    seat = 0
    field = Tile(seat, "field", ((7, 0), (7, 1)), False, False, "ship")     # H1-H2, the ship on H1
    start.tiles.append(field)
    labels = tuple(sorted(cell_label(*c) for c in field.cells))
    chain = Why("chain", "ship", 8, 0, 8, detail="coast", seat=seat, steps=(
        Step(seat, 4, "buy", "settlement", 0, "A1", use="place"),
        Step(seat, 4, "move", "ship", 2, "A1", labels[0], role="first"),
        Step(seat, 4, "could", "F3L", 0, labels[0], "bought", role="card")))
    def sh(fits: tuple[str, ...]) -> Sheet:
        return Sheet(frozenset(), frozenset(), 0, (), frozenset(), 0, seat=seat, fits=(("F3L", fits),),
                     parcels=tuple((p, "open") for p in labels))
    # its pattern fits nowhere yet: the two open field parcels and one more
    out = _pattern_parcels(chain, [sh(())] * 8, start, 2)
    card = out.step("card")
    assert card is not None and card.cells == labels and card.count == 1, out
    assert why_from_json(out.to_json()) == out
    kept = Step(seat, 4, "buy", "F3L", 2, "H8", use="store")
    said = words.chain_sentence(out, kept)
    assert said.endswith(f"keep in your barn at H8: the card "
                         f"takes {labels[0]}, {labels[1]} and 1 more field parcel "
                         "of yours, which you will not have yet at the next round's offer."), said
    # its pattern fits three parcels in every game: those named
    three = labels + ("J9",)
    out = _pattern_parcels(chain, [sh(three)] * 8, start, 2)
    said = words.chain_sentence(out, kept)
    assert said.endswith(f"until you play it on {labels[0]}, {labels[1]} and J9."), said
    for lang in ("nl", "fr"):
        i18n.set_language(lang)
        assert words.chain_sentence(out, kept) != said
    i18n.set_language("en")


# ---- 4. whose pieces: a seat's name with its family's initial -----------------------------------------

def test_a_named_seat_carries_its_family_initial_as_the_board_shows_it() -> None:
    from tests.coach import NAMES
    families = ["winslow", "palmer", "howland", "annable"]
    labels = words.seat_labels(NAMES, families)
    assert labels == ["Player 1 (W)", "Mercy (P)", "Josiah (H)", "Prudence (A)"], labels
    assert words.seat_labels(NAMES, ["winslow"])[1:] == NAMES[1:]      # no family: the name alone
    main = Step(0, 5, "buy", "pilgrim", 3, "A7", use="place")
    rival = Step(3, 5, "buy", "pilgrim", 2, "", role="instead")
    w = Why("cause", "pilgrim", 12, 0, 12, amount=12, detail="better", steps=(main, rival), seat=0)
    assert "Prudence (A) buys the Pilgrim card instead" in words.why_sentence(w, labels)
    for lang in ("nl", "fr"):
        i18n.set_language(lang)
        assert words.seat_labels(NAMES, families)[3] == "Prudence (A)"
    i18n.set_language("en")


def test_the_coach_screen_and_the_live_coach_name_seats_with_their_initial() -> None:
    # the two places that hand the seats' names to the reasons and the bid lessons
    from tests.coach import ROOT
    scene = (ROOT / "ne_game/ui/scenes/coach/scene.py").read_text(encoding="utf-8")
    live = (ROOT / "ne_game/ui/scenes/table/motion/live_coach.py").read_text(encoding="utf-8")
    assert scene.count("seat_labels(self.names, self.families)") == 2
    assert "seat_labels(facts.names, facts.families)" in live and "decision_sentence(d, state, facts.names)" not in live


# ---- 5. plain words: parcels that form the shape a card needs, never "the pattern fits" -----------------

def test_no_reason_says_a_pattern_fits() -> None:
    from ne_game.coach.reasons import LAND_FOR
    for kind in LAND_FOR:
        for amount in (0, 2):
            w = Why(kind, "settlement", 6, 1, 8, 8, amount, detail="S4O")
            said = words.land_for_sentence(w, "in all 8 games")
            assert "pattern" not in said and "fits" not in said, said
            assert "your parcels of settlement land" in said or "your parcels of that land" in said, said
    w = Why("land_deck", "settlement", 6, 1, 8, 8, 0, detail="S4O")
    said = words.why_sentence(w)
    assert said.startswith(f"With the better move your parcels of settlement land form the shape {words.card_name('S4O')} needs "
                           "by the next offer"), said
    # the catalogue's reasons: no "pattern ... fits" left
    from tests.coach import ROOT
    src = (ROOT / "ne_game/ui/scenes/table/model/coach_words.py").read_text(encoding="utf-8")
    said = " ".join(x for x in src.replace('"\n', '"').split('"') if " " in x)    # its strings, roughly joined
    said = " ".join(said.split())
    assert "pattern fits" not in said and "fits a pattern" not in said and "then fits your" not in said


# ---- 6. French that reads naturally ---------------------------------------------------------------

def test_a_figure_just_named_is_said_as_a_pronoun_of_its_gender() -> None:
    import ne_game.rules as rules
    from tests.coach.test_playtest7b import _buying_a_figure
    state = _buying_a_figure()
    buy = next(a for a in rules.legal_actions(state) if a["type"] == "buy_card" and "figure_on" in a["use"])
    said = words.move_words(state, buy, taken=False)
    assert said.startswith("buy a barn for ") and said.endswith(" and place it on F4."), said
    i18n.set_language("fr")
    try:
        assert words.move_words(state, buy, taken=False).endswith("et posez-la en F4.")
        assert words.move_words(state, buy, taken=True).endswith("et l'avez posée en F4.")
        # the card's shape, as the rulebook says it ("agencées de la même manière"), never "le motif ... tient"
        w = Why("land_deck", "field", 6, 1, 8, 3, 0, detail="F2")
        text = words.land_for_sentence(w, "x")
        assert "sont agencées comme l'exige" in text and "motif" not in text and "tient" not in text, text
    finally:
        i18n.set_language("en")


def test_a_commuting_chain_is_not_followed_by_the_second_purchase_again() -> None:
    from ne_game.coach import Decision
    taken = {"type": "buy_card", "slot": 8, "use": {"figure_on": [0, 6]}}
    best = {"type": "buy_card", "slot": 7, "use": {"figure_on": [9, 2]}}
    names = ["Mercy (P)", "Player 1 (W)", "Prudence (A)", "Josiah (H)"]
    for commute, again in ((taken, False), (None, True)):
        why = _mercy(commute)
        d = Decision(0, 82, "buying", taken, best, 1.3, 0.2, 0.0, 12, 4, why=why)   # type: ignore[arg-type]
        text = words.reason(d, None, names)
        assert ("place the pilgrim on A7" in text) is again, text
        assert "Prudence (A) buys the Pilgrim card instead" in text or "Prudence (A) buys the other Pilgrim" in text, text


def test_a_card_kept_in_a_barn_says_what_a_barn_is_for() -> None:
    # playtest 12b: "keep the ... card in a barn, to use later" assumed the reader knows barns
    from ne_game.ui.scenes.table.model.coach_words import ruleset
    cards = ruleset().cards
    card = next(c for c, spec in cards.items() if spec.land)
    other = next(c for c, spec in cards.items() if spec.land and c != card)
    for w in (Why("stored", card, 8, 0, 8, cards[card].vp), Why("stored", card, 8, 0, 8, cards[card].vp, detail=other)):
        said = words.why_sentence(w)
        assert "face down in a barn (a barn keeps one card for you to play on a later turn)" in said, said
