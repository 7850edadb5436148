"""The offer (rules §4.1), the bids (§4.2) and the end of the game at the offer step (§5)."""
import pytest

from ne_game import rules

from .helpers import after_start, edit, of_type, snap


@pytest.mark.parametrize("n", [3, 4, 5, 6])
def test_offer_draws_n_land_tiles_then_cards_up_to_nine(n):
    state = after_start(seed=2)
    before = snap(state)
    s = snap(rules.apply_action(state, {"type": "announce_offer", "land_tiles": n}))
    assert [e["item"] for e in s["offer"][:n]] == [{"kind": "land", "land": x} for x in before["bag"][:n]]
    assert [e["item"] for e in s["offer"][n:]] == [{"kind": "card", "card": c} for c in before["deck"][:9 - n]]
    assert [e["slot"] for e in s["offer"]] == list(range(9))


@pytest.mark.parametrize("bad", [2, 7, "4", None])
def test_announcing_outside_three_to_six_is_refused(bad):
    with pytest.raises(rules.IllegalAction):
        rules.apply_action(after_start(seed=2), {"type": "announce_offer", "land_tiles": bad})


def shrink_stock(d: dict, bag: int, deck: int) -> None:
    """Leave `bag` land tiles and `deck` cards; the rest left the game earlier (offer leftovers)."""
    d["discarded"] = {"lands": d["bag"][bag:], "cards": d["deck"][deck:]}
    d["bag"], d["deck"] = d["bag"][:bag], d["deck"][:deck]
    d["bag_count"], d["deck_count"] = len(d["bag"]), len(d["deck"])


@pytest.mark.parametrize("bag,deck,n,ends", [
    (4, 9, 5, True), (5, 4, 5, False), (5, 3, 5, True), (6, 3, 6, False), (2, 30, 3, True), (30, 5, 3, True),
])
def test_too_little_stock_ends_the_game_at_once(bag, deck, n, ends):
    state = edit(after_start(seed=3), lambda d: shrink_stock(d, bag, deck))
    s = snap(rules.apply_action(state, {"type": "announce_offer", "land_tiles": n}))
    assert (s["phase"] == "game_over") == ends
    if ends:
        assert s["current_player"] is None and s["offer"] == [] and rules.legal_actions(rules.from_json(s)) == []


def test_cards_left_in_barns_are_discarded_at_the_end():
    state = after_start(seed=3)

    def change(d):
        d["tiles"][0]["figure"] = "barn"
        d["players"][d["tiles"][0]["owner"]]["barns"] = [{"cell": d["tiles"][0]["cells"][0], "card": "S4O"}]
        d["supply"]["barn"] = 10
        d["deck"].remove("S4O")                         # the stored card came from the deck
        shrink_stock(d, 2, len(d["deck"]))

    s = snap(rules.apply_action(edit(state, change), {"type": "announce_offer", "land_tiles": 3}))
    assert s["phase"] == "game_over"
    assert all(b["card"] is None for p in s["players"] for b in p["barns"])
    assert "S4O" in s["discarded"]["cards"]


def test_bids_start_with_the_start_player_and_go_clockwise():
    state = rules.apply_action(after_start(players=3, seed=4), {"type": "announce_offer", "land_tiles": 3})
    start = snap(state)["start_player"]
    for k, value in enumerate([5, 9, 1]):
        assert snap(state)["current_player"] == (start + k) % 3
        state = rules.apply_action(state, {"type": "take_bid", "value": value})
    s = snap(state)
    assert s["phase"] == "buying"
    assert s["buy_order"] == [(start + 1) % 3, start, (start + 2) % 3]
    assert s["current_player"] == (start + 1) % 3


def test_a_taken_bid_marker_cannot_be_taken_again():
    state = rules.apply_action(after_start(seed=4), {"type": "announce_offer", "land_tiles": 3})
    state = rules.apply_action(state, {"type": "take_bid", "value": 6})
    assert 6 not in [a["value"] for a in of_type(state, "take_bid")]
    with pytest.raises(rules.IllegalAction, match="bid marker 6 is taken by"):
        rules.apply_action(state, {"type": "take_bid", "value": 6})
    with pytest.raises(rules.IllegalAction, match="no bid marker 11"):
        rules.apply_action(state, {"type": "take_bid", "value": 11})


def test_actions_out_of_phase_or_malformed_are_refused_with_reasons():
    state = after_start(seed=4)
    with pytest.raises(rules.IllegalAction, match="not possible now"):
        rules.apply_action(state, {"type": "take_bid", "value": 3})
    with pytest.raises(rules.IllegalAction, match="unexpected extra"):
        rules.apply_action(state, {"type": "announce_offer", "land_tiles": 3, "extra": 1})
    with pytest.raises(rules.IllegalAction, match="missing land_tiles"):
        rules.apply_action(state, {"type": "announce_offer"})
    with pytest.raises(rules.IllegalAction, match="unknown action type"):
        rules.apply_action(state, {"type": "cheat"})
    with pytest.raises(rules.IllegalAction):
        rules.apply_action(state, "end_turn")
