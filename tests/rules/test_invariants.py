"""Property tests: thousands of seeded random games, with the bookkeeping checked at every step."""
import os
import random
from collections import Counter

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ne_game import rules
from ne_game.game import gamedata

from .helpers import random_game, snap

RS = gamedata.default_ruleset()
FIGURES = {"pilgrim": 13, "barn": 11, "ship": 10}


def check_invariants(s: dict) -> None:
    lands = Counter(s["bag"]) + Counter(s["discarded"]["lands"])
    lands += Counter(e["item"]["land"] for e in s["offer"] if e["item"]["kind"] == "land")
    lands += Counter(t["land"] for t in s["tiles"] if not t["start"])
    assert lands == {land: 20 for land in RS.lands}, "land tiles are conserved"
    assert len([t for t in s["tiles"] if t["start"]]) <= 3 * len(s["players"])
    cards = Counter(s["deck"]) + Counter(s["discarded"]["cards"])
    cards += Counter(e["item"]["card"] for e in s["offer"] if e["item"]["kind"] == "card")
    for p in s["players"]:
        cards += Counter(p["cards"]) + Counter(b["card"] for b in p["barns"] if b["card"])
    assert cards == {cid: c.copies for cid, c in RS.cards.items()}, "cards are conserved"
    on_board = Counter(t["figure"] for t in s["tiles"] if t["figure"])
    assert {f: on_board[f] + s["supply"][f] for f in FIGURES} == FIGURES, "figures are conserved"
    for seat, p in enumerate(s["players"]):
        assert p["money"] >= 0
        barns = sorted(tuple(t["cells"][0]) for t in s["tiles"] if t["owner"] == seat and t["figure"] == "barn")
        assert sorted(tuple(b["cell"]) for b in p["barns"]) == barns, "every barn of a player is listed once"
    owner = {}
    for t in s["tiles"]:
        for c in t["cells"]:
            assert tuple(c) not in owner, "one tile per parcel"
            owner[tuple(c)] = (t["owner"], t["land"])
        if t["developed"]:
            assert t["figure"] is None
        if t["figure"] == "ship":
            assert any(c[1] == 0 or c[0] == 10 for c in t["cells"]), "ships stand on the coast"
    for (x, y), (seat, land) in owner.items():
        for nb in ((x + 1, y), (x, y + 1)):
            if nb in owner and owner[nb][1] == land:
                assert owner[nb][0] == seat, f"{land} parcels of two owners touch at {(x, y)}-{nb}"
    for seat in range(len(s["players"])):
        for land in RS.lands:
            cells = {c for c, o in owner.items() if o == (seat, land)}
            if cells:
                start = next(iter(cells))
                seen, todo = {start}, [start]
                while todo:
                    x, y = todo.pop()
                    for nb in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                        if nb in cells and nb not in seen:
                            seen.add(nb)
                            todo.append(nb)
                assert seen == cells, f"seat {seat}'s {land} is in one connected area"


def canonical(state, action) -> str:
    """The same-action key of the contract, with tile cells mapped to their tile's first cell."""
    s = snap(state)
    first = {tuple(c): tuple(t["cells"][0]) for t in s["tiles"] for c in t["cells"]}

    def norm(key, v):
        if isinstance(v, dict):
            return {k: norm(k, w) for k, w in sorted(v.items())}
        if key in ("figure_on", "store_in_barn", "barn", "from", "to") and isinstance(v, list):
            return list(first.get(tuple(v), tuple(v)))
        if isinstance(v, list) and v and all(isinstance(w, list) for w in v):
            return sorted(v)
        return v

    return repr(norm(None, action))


def perturb(action, rng):
    """A nearby action: a cell nudged, a slot or value changed, a field dropped or added."""
    a = {k: (dict(v) if isinstance(v, dict) else v) for k, v in action.items()}
    fields = [k for k in a if k != "type"]
    roll = rng.random()
    if not fields or roll < 0.1:
        a["extra"] = 1
        return a
    key = rng.choice(fields)
    value = a[key]
    if isinstance(value, dict):
        (k2, v2), = value.items()
        value[k2] = [[c[0] + rng.choice((-1, 1)), c[1]] for c in v2] if k2 == "develop" else [v2[0], v2[1] + rng.choice((-1, 1))]
    elif isinstance(value, list):
        a[key] = [value[0] + rng.choice((-2, -1, 1, 2)), value[1]] if isinstance(value[0], int) else [value[0], [9, 9]]
    elif isinstance(value, int):
        a[key] = value + rng.choice((-1, 1, 3))
    else:
        a[key] = rng.choice(["field", "pasture", "settlement", "land", "card", "lava"])
    return a


def play_checked(players, seed, bias, variant=None, deep=True):
    rng = random.Random(seed)
    steps = 0
    for state, action in random_game(players, seed, bias, variant):
        s = snap(state)
        check_invariants(s)
        if action is None:
            assert s["phase"] == "game_over" and rules.legal_actions(state) == []
            return steps
        steps += 1
        if deep:
            legal = rules.legal_actions(state)
            keys = {canonical(state, a) for a in legal}
            assert len(keys) == len(legal), "each legal action is listed once"
            # a snapshot plays on exactly like the state it came from
            twin = rules.from_json(s)
            assert rules.legal_actions(twin) == legal
            assert snap(rules.apply_action(twin, action)) == snap(rules.apply_action(state, action))
            # every listed action applies; nearby unlisted ones are refused with a reason
            for other in rng.sample(legal, min(3, len(legal))):
                rules.apply_action(state, other)
            for _ in range(3):
                wrong = perturb(rng.choice(legal), rng)
                if canonical(state, wrong) not in keys:
                    try:
                        rules.apply_action(state, wrong)
                    except rules.IllegalAction as err:
                        assert str(err).strip()
                    else:
                        raise AssertionError(f"{wrong} is not listed as legal but was accepted")
        assert snap(state) == s, "apply_action left its input alone"


@given(seed=st.integers(0, 2**31), players=st.sampled_from([3, 4]), bias=st.floats(0.3, 1.0),
       diagonal=st.booleans())
def test_random_games_keep_every_invariant_and_agree_with_their_snapshots(seed, players, bias, diagonal):
    play_checked(players, seed, bias, {"start_tiles_touch_diagonally": diagonal})


@pytest.mark.slow
def test_thousands_of_seeded_games_keep_the_bookkeeping():
    """1,000 whole games by default, NE_SOAK_GAMES for more (play_checked asserts every
    invariant at every step and that each game ends); then the games must really differ and
    really be played out."""
    games = int(os.environ.get("NE_SOAK_GAMES", "1000"))
    lengths = [play_checked(3 + seed % 2, seed, 0.5 + (seed % 5) / 10, deep=False) for seed in range(games)]
    start_placements = 3 * 3
    assert min(lengths) > start_placements + 20, "every game goes well past the start rounds"
    assert len(set(lengths)) > 50, "different seeds give different games"
