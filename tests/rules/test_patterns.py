"""Every land-use card's pattern, turned every way, against a brute-force reading of §4.4."""
import itertools
import random

import pytest

from ne_game import rules
from ne_game.game import gamedata

from .helpers import buying_position, card, cellset, of_type, tile

RS = gamedata.default_ruleset()
LAND_CARDS = [cid for cid, c in RS.cards.items() if c.land]


def shape_key(cells):
    """A shape up to translation and rotation (patterns are never mirrored)."""
    forms = []
    cur = list(cells)
    for _ in range(4):
        cur = [(-y, x) for x, y in cur]
        mx, my = min(x for x, _ in cur), min(y for _, y in cur)
        forms.append(tuple(sorted((x - mx, y - my) for x, y in cur)))
    return min(forms)


def brute_force(tiles, seat, cid):
    spec = RS.cards[cid]
    pattern = [(x, y) for y, row in enumerate(spec.pattern.split("/")) for x, ch in enumerate(row) if ch == "X"]
    want = shape_key(pattern)
    usable = [t for t in tiles if t["owner"] == seat and t["land"] == spec.land and not t["developed"] and not t["figure"]]
    cells = [tuple(c) for t in usable for c in t["cells"]]
    whole = {tuple(c): {tuple(d) for d in t["cells"]} for t in usable for c in t["cells"]}
    out = set()
    for combo in itertools.combinations(cells, len(pattern)):
        chosen = set(combo)
        if all(whole[c] <= chosen for c in chosen) and shape_key(combo) == want:
            out.add(frozenset(combo))
    return out


def random_area(rng, land):
    """Own tiles of one land in a 5x4 window, in one piece as bought land always is: a start
    tile, singles grown from it, some developed or under figures."""
    tiles, taken = [], set()
    ox, oy = rng.randrange(0, 6), rng.randrange(1, 5)
    start = [(ox + 1, oy + 1), (ox + 2, oy + 1)] if rng.random() < 0.5 else [(ox + 1, oy + 1), (ox + 1, oy + 2)]
    tiles.append(tile(0, land, start, start=True, figure="pilgrim" if rng.random() < 0.15 else None))
    taken |= set(start)
    window = [(x, y) for x in range(ox, ox + 5) for y in range(oy, oy + 4)]
    for _ in range(rng.randint(4, 16)):
        edge = [c for c in window if c not in taken
                and any((c[0] + dx, c[1] + dy) in taken for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)))]
        if not edge:
            break
        x, y = rng.choice(edge)
        roll = rng.random()
        tiles.append(tile(0, land, [(x, y)], developed=roll < 0.1, figure="pilgrim" if 0.1 <= roll < 0.2 else None))
        taken.add((x, y))
    # a rival's parcels of the same land never count
    tiles.append(tile(1, land, [(10, 8)]))
    return tiles


@pytest.mark.parametrize("cid", LAND_CARDS)
def test_develop_options_equal_a_brute_force_search(cid):
    rng = random.Random(cid)
    total = 0
    for _ in range(25):
        tiles = random_area(rng, RS.cards[cid].land)
        state = buying_position(tiles, {6: card(cid)})
        listed = {cellset(a["use"]["develop"]) for a in of_type(state, "buy_card") if "develop" in a["use"]}
        assert listed == brute_force(tiles, 0, cid)
        total += len(listed)
    assert total > 10, f"{cid}: the random areas should allow many placements"


def test_patterns_turn_but_never_mirror():
    """An asymmetric pattern gives its four turns and never its mirror image (rules §4.4)."""
    from ne_game.rules.ruleset import pattern_shapes

    s_shape = pattern_shapes("XX./.XX")                  # S tetromino: two turns
    z_shape = pattern_shapes(".XX/XX.")                  # its mirror image
    assert len(s_shape) == 2 and not set(s_shape) & set(z_shape)
    j_shape = pattern_shapes("X../XXX")                  # J tetromino: four turns
    l_shape = pattern_shapes("..X/XXX")
    assert len(j_shape) == 4 and not set(j_shape) & set(l_shape)
    assert pattern_shapes("X./XX")[0] == ((0, 0), (0, 1), (1, 1))   # the printed one first


def test_a_mirrored_placement_of_an_asymmetric_card_is_refused_in_play():
    import copy

    from ne_game.rules import Ruleset

    game = copy.deepcopy(gamedata.game_file())
    game["cards"].append({"id": "F4S", "land": "field", "pattern": "XX./.XX", "copies": 1, "vp": 8})
    rs = Ruleset(game, gamedata.level_file(), level_id="classic")
    assert len(rs.cards["F4S"].shapes) == 2
    s_cells = [(2, 4), (3, 4), (3, 5), (4, 5)]            # XX. / .XX
    z_cells = [(3, 4), (4, 4), (2, 5), (3, 5)]            # .XX / XX.  (the mirror image)
    for cells, ok in ((s_cells, True), (z_cells, False)):
        tiles = [tile(0, "field", [c]) for c in cells]
        d = rules.to_json(buying_position(tiles, {6: card("F2")}))
        d["offer"][0]["item"]["card"] = "F4S"                # the F2 left the game earlier instead
        d["discarded"]["cards"].append("F2")
        state = rules.from_json(d, rs)
        listed = {cellset(a["use"]["develop"]) for a in rules.legal_actions(state)
                  if a["type"] == "buy_card" and "develop" in a["use"]}
        assert (cellset(cells) in listed) == ok
        action = {"type": "buy_card", "slot": 6, "use": {"develop": [list(c) for c in cells]}}
        if ok:
            rules.apply_action(state, action)
        else:
            with pytest.raises(rules.IllegalAction) as info:
                rules.apply_action(state, action)
            assert info.value.code == "pattern_mismatch"
