"""The buying phase (rules §4.3–4.5): land tiles, land-use cards, figures, barns, ships, moves, income."""
import pytest

from ne_game import rules

from .helpers import buying_position, card, cellset, land, of_type, snap, tile

W_FIELD = tile(0, "field", [(2, 4), (3, 4)], start=True)
W_SETTLEMENT = tile(0, "settlement", [(6, 6), (7, 6)], start=True)
W_PASTURE = tile(0, "pasture", [(9, 1), (10, 1)], start=True)       # on the coast (x = 10)
P_FIELD = tile(1, "field", [(5, 4)])
P_PASTURE = tile(1, "pasture", [(0, 0), (1, 0)], start=True)


def position(extra_tiles=(), offer=None, **kw):
    tiles = [W_FIELD, W_SETTLEMENT, W_PASTURE, P_FIELD, P_PASTURE, *extra_tiles]
    return buying_position(tiles, offer if offer is not None else {0: land("field")}, **kw)


def buy(state, **fields):
    kind = "buy_land" if "cell" in fields else "buy_card"
    return rules.apply_action(state, {"type": kind, **fields})


# ---- land tiles ---------------------------------------------------------------

def test_land_tile_goes_next_to_own_land_of_that_type_and_never_next_to_a_rivals():
    state = position()
    cells = {tuple(a["cell"]) for a in of_type(state, "buy_land")}
    assert cells == {(1, 4), (2, 3), (3, 3), (2, 5), (3, 5)}   # (4, 4) touches Palmer's field
    with pytest.raises(rules.IllegalAction, match=r"cell E5 touches Palmer's field"):
        buy(state, slot=0, cell=[4, 4])
    with pytest.raises(rules.IllegalAction, match=r"cell A9 is not next to your own field"):
        buy(state, slot=0, cell=[0, 8])
    with pytest.raises(rules.IllegalAction, match=r"cell D5 is taken"):
        buy(state, slot=0, cell=[3, 4])


def test_diagonal_contact_with_a_rivals_land_is_fine():
    state = position(extra_tiles=[tile(1, "field", [(4, 2)])])
    assert [3, 3] in [a["cell"] for a in of_type(state, "buy_land")]


def test_a_land_tile_without_a_legal_parcel_cannot_be_bought():
    walled = [tile(1, "settlement", [(x, y)]) for x, y in [(1, 4), (2, 3), (3, 3), (2, 5), (3, 5), (4, 4)]]
    state = position(extra_tiles=walled)
    assert of_type(state, "buy_land") == []


def test_buying_a_land_tile_places_it_undeveloped_and_costs_the_bid():
    after = snap(buy(position(), slot=0, cell=[2, 3]))
    assert after["players"][0]["money"] == 2
    assert tile(0, "field", [(2, 3)]) in after["tiles"]
    assert after["offer"] == [] and after["purchases"] == 1


def test_a_purchase_needs_the_money():
    state = position(money=[5, 12, 12, 12], bids=[7, 10, 4, 2])
    assert of_type(state, "buy_land") == []
    with pytest.raises(rules.IllegalAction, match="you hold 5 shillings; this costs 7"):
        buy(state, slot=0, cell=[2, 3])


def test_at_most_two_purchases_a_turn():
    state = position(offer={0: land("field"), 1: land("field"), 2: land("pasture")}, money=[40, 12, 12, 12], bids=[3, 10, 4, 2])
    state = buy(buy(state, slot=0, cell=[2, 3]), slot=1, cell=[3, 3])
    assert of_type(state, "buy_land") == []
    with pytest.raises(rules.IllegalAction, match="already bought 2 items"):
        buy(state, slot=2, cell=[9, 2])


# ---- land-use cards -------------------------------------------------------------

def develop_sets(state, slot):
    return {cellset(a["use"]["develop"]) for a in of_type(state, "buy_card")
            if a["slot"] == slot and "develop" in a["use"]}


def test_a_land_use_card_develops_own_parcels_in_its_pattern_turned_any_way():
    extra = [tile(0, "field", [(2, 3)]), tile(0, "field", [(3, 3)]), tile(0, "field", [(1, 4)])]
    state = position(extra_tiles=extra, offer={6: card("F2"), 7: card("F3L")})
    # a start tile is used whole: (1,4)+(2,4) would split it
    assert develop_sets(state, 6) == {cellset([(2, 4), (3, 4)]), cellset([(2, 3), (3, 3)])}
    assert develop_sets(state, 7) == {
        cellset([(2, 3), (2, 4), (3, 4)]), cellset([(3, 3), (2, 4), (3, 4)]),
    }
    after = snap(buy(state, slot=7, use={"develop": [[3, 4], [2, 3], [2, 4]]}))   # any order
    developed = {tuple(c) for t in after["tiles"] if t["developed"] for c in t["cells"]}
    assert developed == {(2, 3), (2, 4), (3, 4)}
    assert after["players"][0]["cards"] == ["F3L"]


def test_develop_refusals_say_what_is_wrong():
    extra = [tile(0, "field", [(2, 3)]), tile(0, "field", [(1, 4)]), tile(0, "field", [(1, 3)], figure="pilgrim"),
             tile(0, "field", [(0, 4)])]
    state = position(extra_tiles=extra, offer={6: card("F2"), 7: card("F3L"), 8: card("S2")})
    with pytest.raises(rules.IllegalAction, match="start tile is developed whole"):
        buy(state, slot=6, use={"develop": [[1, 4], [2, 4]]})
    with pytest.raises(rules.IllegalAction, match="develops 2 parcels, not 3"):
        buy(state, slot=6, use={"develop": [[1, 4], [2, 4], [3, 4]]})
    with pytest.raises(rules.IllegalAction, match="pilgrim stands at"):
        buy(state, slot=6, use={"develop": [[1, 3], [2, 3]]})
    with pytest.raises(rules.IllegalAction, match="is field, not settlement"):
        buy(state, slot=8, use={"develop": [[2, 4], [3, 4]]})
    with pytest.raises(rules.IllegalAction, match="belongs to Palmer"):
        buy(state, slot=6, use={"develop": [[5, 4], [6, 4]]})
    with pytest.raises(rules.IllegalAction, match="do not form the F3L pattern"):
        buy(state, slot=7, use={"develop": [[0, 4], [1, 4], [2, 3]]})


def test_developed_land_cannot_be_developed_again_nor_take_a_figure():
    state = position(offer={6: card("F2"), 7: card("pilgrim")}, money=[40, 12, 12, 12], bids=[3, 10, 4, 2])
    state = buy(state, slot=6, use={"develop": [[2, 4], [3, 4]]})
    targets = {tuple(a["use"]["figure_on"]) for a in of_type(state, "buy_card")}
    assert (2, 4) not in targets and (3, 4) not in targets
    with pytest.raises(rules.IllegalAction, match="is developed"):
        buy(state, slot=7, use={"figure_on": [3, 4]})


# ---- figures --------------------------------------------------------------------

def test_figures_stand_on_own_undeveloped_empty_tiles_one_per_tile_ships_on_the_coast():
    state = position(offer={6: card("pilgrim"), 7: card("ship")})
    pilgrim = {tuple(a["use"]["figure_on"]) for a in of_type(state, "buy_card") if a["slot"] == 6}
    ship = {tuple(a["use"]["figure_on"]) for a in of_type(state, "buy_card") if a["slot"] == 7}
    assert pilgrim == {(2, 4), (6, 6), (9, 1)}           # each tile listed once, by its first cell
    assert ship == {(9, 1)}
    after = snap(buy(state, slot=7, use={"figure_on": [10, 1]}))   # any cell of the tile
    assert next(t for t in after["tiles"] if t["cells"] == [[9, 1], [10, 1]])["figure"] == "ship"
    assert after["supply"]["ship"] == 9 and after["players"][0]["cards"] == ["ship"]
    with pytest.raises(rules.IllegalAction, match="must stand on the coast"):
        buy(state, slot=7, use={"figure_on": [2, 4]})
    with pytest.raises(rules.IllegalAction, match="belongs to Palmer"):
        buy(state, slot=6, use={"figure_on": [5, 4]})


def test_a_figure_card_with_an_empty_supply_can_only_be_stored():
    barn = tile(0, "settlement", [(6, 5)], figure="barn")
    state = position(extra_tiles=[barn], offer={6: card("pilgrim")},
                     barns={0: [{"cell": [6, 5], "card": None}]}, supply={"pilgrim": 0, "barn": 10, "ship": 10})
    uses = [a["use"] for a in of_type(state, "buy_card")]
    assert uses == [{"store_in_barn": [6, 5]}]
    with pytest.raises(rules.IllegalAction, match="no pilgrims are left"):
        buy(state, slot=6, use={"figure_on": [2, 4]})
    no_barn = position(offer={6: card("pilgrim")}, supply={"pilgrim": 0, "barn": 11, "ship": 10})
    assert of_type(no_barn, "buy_card") == []


# ---- barns ----------------------------------------------------------------------

def test_a_barn_stores_one_card_face_down_and_it_is_played_later_for_free():
    state = position(offer={5: card("barn"), 6: card("S4O"), 7: card("pilgrim")}, money=[40, 12, 12, 12], bids=[3, 10, 4, 2])
    state = buy(state, slot=5, use={"figure_on": [6, 6]})
    s = snap(state)
    assert s["players"][0]["barns"] == [{"cell": [6, 6], "card": None}]
    state = buy(state, slot=7, use={"store_in_barn": [7, 6]})
    s = snap(state)
    assert s["players"][0]["barns"] == [{"cell": [6, 6], "card": "pilgrim"}]
    assert s["players"][0]["cards"] == ["barn"]                     # a stored card scores nothing
    assert rules.observe(state, 1)["players"][0]["barns"][0]["card"] == "hidden"
    assert rules.observe(state, 0)["players"][0]["barns"][0]["card"] == "pilgrim"
    # the same turn (DECIDED), at no cost, not a purchase
    plays = of_type(state, "play_stored")
    assert {tuple(a["use"]["figure_on"]) for a in plays} == {(2, 4), (9, 1)}
    money = s["players"][0]["money"]
    after = rules.apply_action(state, {"type": "play_stored", "barn": [7, 6], "use": {"figure_on": [2, 4]}})
    a = snap(after)
    assert a["players"][0]["money"] == money and a["purchases"] == 2
    assert a["players"][0]["cards"] == ["barn", "pilgrim"] and a["players"][0]["barns"][0]["card"] is None
    with pytest.raises(rules.IllegalAction, match="cannot be stored again"):
        rules.apply_action(state, {"type": "play_stored", "barn": [6, 6], "use": {"store_in_barn": [6, 6]}})


def test_a_full_barn_takes_no_second_card_and_barns_never_move():
    barn = tile(0, "settlement", [(6, 5)], figure="barn")
    state = position(extra_tiles=[barn], offer={6: card("pilgrim")}, barns={0: [{"cell": [6, 5], "card": "S2"}]},
                     supply={"pilgrim": 13, "barn": 10, "ship": 10})
    assert not [a for a in of_type(state, "buy_card") if "store_in_barn" in a["use"]]
    with pytest.raises(rules.IllegalAction, match="already stores a card"):
        buy(state, slot=6, use={"store_in_barn": [6, 5]})
    assert not [a for a in of_type(state, "move_figure") if a["from"] == [6, 5]]
    with pytest.raises(rules.IllegalAction, match="a barn never moves"):
        rules.apply_action(state, {"type": "move_figure", "from": [6, 5], "to": [2, 4]})


# ---- ships and the extra item ---------------------------------------------------------

def ships(counts):
    """Ships on coastal single tiles for each seat: {seat: n}."""
    spots = iter([(x, 8) for x in (10,)] + [(10, y) for y in range(3, 8)] + [(x, 0) for x in range(2, 9)])
    tiles = []
    for seat, n in counts.items():
        for _ in range(n):
            tiles.append(tile(seat, "settlement", [next(spots)], figure="ship"))
    return tiles


@pytest.mark.parametrize("counts,may", [({0: 1}, True), ({0: 1, 1: 1}, True), ({0: 1, 1: 2}, False), ({1: 1}, False), ({}, False)])
def test_the_ship_majority_reveals_one_extra_item(counts, may):
    state = position(extra_tiles=ships(counts))
    assert bool(of_type(state, "reveal_extra")) == may
    if not may:
        with pytest.raises(rules.IllegalAction, match="ship"):
            rules.apply_action(state, {"type": "reveal_extra", "source": "land"})


def test_an_extra_item_takes_the_next_slot_once_before_the_first_purchase_and_stays_for_others():
    state = position(extra_tiles=ships({0: 1, 1: 1}), current=0)
    before = snap(state)
    state = rules.apply_action(state, {"type": "reveal_extra", "source": "card"})
    s = snap(state)
    assert s["offer"][-1] == {"slot": 9, "item": {"kind": "card", "card": before["deck"][0]}}
    assert s["deck_count"] == before["deck_count"] - 1
    assert of_type(state, "reveal_extra") == []
    with pytest.raises(rules.IllegalAction, match="already revealed"):
        rules.apply_action(state, {"type": "reveal_extra", "source": "land"})
    # Palmer (tied on ships, next in bid order) reveals too: slot 10
    state = rules.apply_action(state, {"type": "end_turn"})
    state = rules.apply_action(state, {"type": "reveal_extra", "source": "land"})
    s = snap(state)
    assert [e["slot"] for e in s["offer"]][-2:] == [9, 10] and s["offer"][-1]["item"]["kind"] == "land"


def test_no_extra_item_after_a_purchase():
    state = buy(position(extra_tiles=ships({0: 1})), slot=0, cell=[2, 3])
    assert of_type(state, "reveal_extra") == []
    with pytest.raises(rules.IllegalAction, match="before your first purchase"):
        rules.apply_action(state, {"type": "reveal_extra", "source": "land"})


# ---- moving figures ---------------------------------------------------------------------

def test_pilgrims_move_to_own_undeveloped_empty_tiles_ships_along_the_coast():
    extra = [tile(0, "field", [(1, 4)], figure="pilgrim"), tile(0, "pasture", [(10, 2)], figure="ship"),
             tile(0, "pasture", [(10, 3)]), tile(0, "field", [(2, 3)], developed=True)]
    state = position(extra_tiles=extra)
    moves = {(tuple(a["from"]), tuple(a["to"])) for a in of_type(state, "move_figure")}
    assert {m[1] for m in moves if m[0] == (1, 4)} == {(2, 4), (6, 6), (9, 1), (10, 3)}
    assert {m[1] for m in moves if m[0] == (10, 2)} == {(9, 1), (10, 3)}
    after = snap(rules.apply_action(state, {"type": "move_figure", "from": [1, 4], "to": [7, 6]}))
    figures = {tuple(t["cells"][0]): t["figure"] for t in after["tiles"]}
    assert figures[(1, 4)] is None and figures[(6, 6)] == "pilgrim"
    with pytest.raises(rules.IllegalAction, match="inland"):
        rules.apply_action(state, {"type": "move_figure", "from": [10, 2], "to": [2, 4]})
    with pytest.raises(rules.IllegalAction, match="is developed"):
        rules.apply_action(state, {"type": "move_figure", "from": [1, 4], "to": [2, 3]})
    with pytest.raises(rules.IllegalAction, match="no figure of yours"):
        rules.apply_action(state, {"type": "move_figure", "from": [5, 4], "to": [2, 4]})


# ---- end of turn, end of round ------------------------------------------------------------

def test_ending_a_turn_pays_four_plus_one_per_pilgrim_and_returns_the_bid():
    extra = [tile(0, "field", [(1, 4)], figure="pilgrim"), tile(0, "field", [(2, 3)], figure="pilgrim")]
    state = position(extra_tiles=extra)
    s = snap(rules.apply_action(state, {"type": "end_turn"}))
    assert s["players"][0]["money"] == 12 + 4 + 2 and s["players"][0]["bid"] is None
    assert s["current_player"] == 1                                        # next highest bid


def test_after_the_last_turn_the_offer_is_cleared_and_the_start_player_moves_clockwise():
    state = position(offer={0: land("field"), 6: card("F2")})
    start = snap(state)["start_player"]
    for _ in range(4):
        state = rules.apply_action(state, {"type": "end_turn"})
    s = snap(state)
    assert s["phase"] == "offer" and s["offer"] == [] and s["start_player"] == (start + 1) % 4
    assert s["current_player"] == s["start_player"]
    assert "field" in s["discarded"]["lands"] and "F2" in s["discarded"]["cards"]
    assert all(p["bid"] is None for p in s["players"])


@pytest.mark.parametrize("palmer_ships", [0, 1])
def test_the_ship_majority_is_judged_when_the_buying_turn_begins(palmer_ships):
    """A ship played from a barn during the turn does not make its owner eligible for the
    extra reveal (NL "op dat ogenblik", FR "à ce moment-là"; rules §4.3)."""
    barn = tile(0, "settlement", [(8, 6)], figure="barn")
    palmer = [tile(1, "pasture", [(2, 0)], figure="ship")] if palmer_ships else []
    state = position(extra_tiles=[barn, *palmer], barns={0: [{"cell": [8, 6], "card": "ship"}]})
    assert of_type(state, "reveal_extra") == []
    state = rules.apply_action(state, {"type": "play_stored", "barn": [8, 6], "use": {"figure_on": [9, 1]}})
    assert state.figure_counts("ship")[0] == 1                      # now as many ships as anyone, or more
    assert of_type(state, "reveal_extra") == []
    with pytest.raises(rules.IllegalAction) as info:
        rules.apply_action(state, {"type": "reveal_extra", "source": "card"})
    assert info.value.code == "no_ship"                              # none when the turn began
    # the next turn is judged afresh: at its start Winslow's ship counts
    state = rules.apply_action(state, {"type": "end_turn"})
    assert snap(state)["turn_ships"] == state.figure_counts("ship")[state.current]


def test_a_ship_lead_held_when_the_turn_begins_still_allows_the_reveal_after_playing_another_ship():
    barn = tile(0, "settlement", [(8, 6)], figure="barn")
    own = tile(0, "pasture", [(10, 2)], figure="ship")
    state = position(extra_tiles=[barn, own], barns={0: [{"cell": [8, 6], "card": "ship"}]})
    state = rules.apply_action(state, {"type": "play_stored", "barn": [8, 6], "use": {"figure_on": [9, 1]}})
    assert of_type(state, "reveal_extra")
    rules.apply_action(state, {"type": "reveal_extra", "source": "land"})
