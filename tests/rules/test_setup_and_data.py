"""New games, variants, and the game data files (board level, cards, families)."""
import pytest

from ne_game import rules
from ne_game.game import gamedata
from ne_game.rules import DataError, Ruleset

from .helpers import snap


@pytest.mark.parametrize("players", [3, 4])
def test_new_game_gives_each_family_start_money_and_full_stock(players):
    s = snap(rules.new_game(players=players, seed=7))
    assert [p["family"] for p in s["players"]] == ["winslow", "palmer", "howland", "annable"][:players]
    assert {p["money"] for p in s["players"]} == {12}
    assert s["bag_count"] == 60 and sorted(s["bag"]) == sorted(["settlement", "field", "pasture"] * 20)
    assert s["deck_count"] == 58 and s["deck"].count("pilgrim") == 13 and s["deck"].count("S4O") == 2
    assert 0 <= s["start_player"] < players


def test_the_first_start_player_is_drawn_from_the_seed():
    starts = {snap(rules.new_game(seed=k))["start_player"] for k in range(40)}
    assert starts == {0, 1, 2, 3}
    assert snap(rules.new_game(seed=3)) == snap(rules.new_game(seed=3))
    assert snap(rules.new_game(seed=3))["bag"] != snap(rules.new_game(seed=4))["bag"]


@pytest.mark.parametrize("players", [2, 5, "4", 3.0])
def test_only_three_or_four_players(players):
    with pytest.raises(ValueError, match="players"):
        rules.new_game(players=players)


def test_unknown_or_malformed_variants_are_refused():
    with pytest.raises(ValueError, match="unknown variant 'fast'"):
        rules.new_game(variant={"fast": True})
    with pytest.raises(ValueError, match="true or false"):
        rules.new_game(variant={"start_tiles_touch_diagonally": "yes"})


def test_board_is_eleven_by_nine_without_the_north_east_corner():
    rs = gamedata.default_ruleset()
    assert len(rs.cells) == 98
    assert rs.index([10, 0]) is None and rs.index([9, 0]) is not None and rs.index([10, 8]) is not None
    coast = [rs.xy[i] for i in rs.cells if rs.coastal[i]]
    assert len(coast) == 18 and all(y == 0 or x == 10 for x, y in coast)


def test_card_data_matches_the_rules_table():
    rs = gamedata.default_ruleset()
    assert sum(c.copies for c in rs.cards.values()) == 58
    table = {cid: (c.land or c.figure, c.parcels, c.copies, c.vp) for cid, c in rs.cards.items()}
    assert table == {
        "F2": ("field", 2, 4, 3), "F3L": ("field", 3, 4, 6), "S2": ("settlement", 2, 2, 3),
        "S3I": ("settlement", 3, 4, 6), "S4O": ("settlement", 4, 2, 10), "P2": ("pasture", 2, 4, 3),
        "P3L": ("pasture", 3, 4, 6), "pilgrim": ("pilgrim", 0, 13, 1), "barn": ("barn", 0, 11, 1),
        "ship": ("ship", 0, 10, 1),
    }
    # rotations (and mirror images, which add nothing for these shapes)
    assert len(rs.cards["F3L"].shapes) == 4 and len(rs.cards["S3I"].shapes) == 2 and len(rs.cards["S4O"].shapes) == 1


def _game_data():
    return gamedata.read_toml(gamedata.resource_path(*gamedata.GAME_FILE))


def _level():
    return gamedata.read_toml(gamedata.level_path("classic"))


@pytest.mark.parametrize("mutate,key", [
    (lambda g, lv: g["cards"][1].update(pattern="X?/XX"), "cards[1].pattern"),
    (lambda g, lv: g["cards"][0].pop("vp"), "cards[0].vp"),
    (lambda g, lv: g["cards"][2].update(land="forest"), "cards[2].land"),
    (lambda g, lv: g["rules"].update(start_money="12"), "rules.start_money"),
    (lambda g, lv: g["families"][3].update(initial="AN"), "families[3].initial"),
    (lambda g, lv: lv["board"]["missing"].append([11, 0]), "board.missing[1]"),
    (lambda g, lv: lv["board"].update(sea_edges=["north", "up"]), "board.sea_edges[1]"),
])
def test_bad_game_data_is_reported_by_file_and_key(mutate, key):
    game, level = _game_data(), _level()
    mutate(game, level)
    with pytest.raises(DataError) as err:
        Ruleset(game, level, game_source="assets/data/game.toml", level_source="levels/classic.toml")
    assert f"key '{key}'" in str(err.value)
    assert ("levels/classic.toml" if key.startswith("board") else "assets/data/game.toml") in str(err.value)


def test_malformed_toml_is_reported_with_file_and_line(tmp_path):
    broken = tmp_path / "broken.toml"
    broken.write_text('[board]\nwidth = 11\nheight = = 9\n')
    with pytest.raises(DataError) as err:
        gamedata.load_ruleset(level_file=broken)
    assert str(broken) in str(err.value) and "line 3" in str(err.value)
    with pytest.raises(DataError, match="file not found"):
        gamedata.load_ruleset(level_file=tmp_path / "missing.toml")


def test_a_board_from_a_level_file_changes_the_game(tmp_path):
    small = tmp_path / "small.toml"
    small.write_text('[board]\nname = "Small"\nwidth = 6\nheight = 5\nmissing = [[0, 4]]\nsea_edges = ["south"]\n')
    rs = gamedata.load_ruleset(level_file=small)
    assert len(rs.cells) == 29 and sum(rs.coastal) == 5
    state = rules.new_game(players=3, seed=1, ruleset=rs)
    assert all(0 <= c[0] < 6 and 0 <= c[1] < 5 for a in rules.legal_actions(state) for c in a["cells"])
