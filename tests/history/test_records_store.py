"""The records: what a game leaves in them, the Records screen's queries, and recording the
same game again."""
from __future__ import annotations

import sqlite3

import pytest

from ne_game import rules
from ne_game.history import HistoryStore, Replay, story_of
from ne_game.history.store import default_path

from .games import engine_state, play


@pytest.fixture
def store():
    with HistoryStore() as s:
        yield s


def test_records_live_in_the_user_folder(store, ne_game_home):
    assert store.path == default_path() == ne_game_home / "history.sqlite3"
    store.games()
    assert store.path.is_file()
    with sqlite3.connect(store.path) as raw:
        assert raw.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_records_a_finished_game_with_its_scores_parts_and_winner(store):
    save = play(("human", "easy", "medium", "easy"), 2)
    game_id = store.record(save, finished=True, duration_s=1234.5, language="nl", played_at=1_700_000_000.0)
    assert game_id is not None and store.problem is None
    [game] = store.games()
    end = engine_state(save)
    rows = rules.final_scores(end)
    assert game.id == game_id and game.finished and game.source == "play"
    assert (game.played_at, game.duration_s, game.language) == (1_700_000_000.0, 1234.5, "nl")
    assert game.players == 4 and game.actions == len(save["actions"])
    assert game.rounds == rules.to_json(end)["round"] - 1        # the last offer is not a round played
    assert game.winners == tuple(rules.winners(end))
    for seat, row, setup in zip(game.seats, rows, save["seats"]):
        assert (seat.name, seat.family, seat.kind) == (setup["name"], setup["family"], setup["kind"])
        assert (seat.total, seat.money, seat.rank) == (row["total"], row["money"], row["rank"])
        assert (seat.land_cards_vp, seat.figure_cards_vp) == (row["land_cards_vp"], row["figure_cards_vp"])
        assert seat.cards_vp == row["cards_vp"] and seat.majority_vp == row["majority_vp"]
        assert seat.majorities == row["majorities"] and list(seat.majorities) == ["pilgrim", "barn", "ship"]
        assert seat.figures == row["figures"]
        assert seat.winner == (row["seat"] in rules.winners(end))
    # the rounds, as the story tells them, and the save itself
    detail = store.game(game_id)
    story = story_of(Replay.from_save(save))
    assert detail is not None and detail.game == game
    assert detail.vp_by_round == tuple(s.vp_by_round for s in story.seats)
    assert detail.money_by_round == tuple(s.money_by_round for s in story.seats)
    assert store.load_save(game_id) == save
    assert store.replay(game_id).view(10) == Replay.from_save(save).view(10)


def test_records_an_unfinished_game_and_later_the_same_game_finished_as_one_record(store):
    whole = play(("human", "easy", "easy"), 3)
    part = play(("human", "easy", "easy"), 3, stop=90)
    first = store.record(part, finished=False, duration_s=300.0, language="en", played_at=100.0)
    [game] = store.games()
    assert not game.finished and game.actions == 90 and game.winners == ()
    assert store.player_totals()[0].unfinished == 1 and store.player_totals()[0].games == 0
    assert store.store_review(first, 0, {"level": "hard"}, {"marks": [1, 2]})
    # finished later: the same record, brought up to date (and its stale review gone)
    again = store.record(whole, finished=True, duration_s=900.0, language="en", played_at=200.0)
    assert again == first and store.count_games() == 1
    [game] = store.games()
    assert game.finished and game.actions == len(whole["actions"]) and game.played_at == 200.0
    assert game.duration_s == 900.0 and store.load_review(first, 0, {"level": "hard"}) is None
    # recording it again, or an earlier moment of it, changes nothing
    assert store.record(whole, finished=True, played_at=300.0) == first
    assert store.record(part, finished=False, played_at=400.0) == first
    assert store.count_games() == 1 and store.games()[0].played_at == 200.0


def test_records_a_game_that_branched_off_is_a_game_of_its_own(store):
    part = play(("human", "easy", "easy"), 3, stop=90)
    store.record(part, played_at=1.0)
    other = play(("human", "easy", "easy"), 3, stop=90)
    other["actions"] = other["actions"][:60]
    legal = rules.legal_actions(engine_state(other))
    other["actions"].append(legal[-1] if legal[-1] != part["actions"][60] else legal[0])
    assert other["actions"][60] != part["actions"][60]
    store.record(other, played_at=2.0)
    assert store.count_games() == 2


def test_records_list_newest_first_paged_and_filtered_by_player_name(store):
    ids = []
    for seed in range(1, 7):
        names = ("Anne", "Bram", "Cleo") if seed % 2 else ("bram", "Dirk", "Eva")
        ids.append(store.record(play(("human", "human", "easy"), seed, names=names), played_at=1000.0 + seed))
    newest = list(reversed(ids))
    assert [g.id for g in store.games(limit=4)] == newest[:4]
    assert [g.id for g in store.games(limit=4, offset=4)] == newest[4:]
    assert [g.id for g in store.games(player="  ANNE ")] == [ids[4], ids[2], ids[0]]
    assert [g.id for g in store.games(player="Bram", limit=2, offset=1)] == newest[1:3]   # any case
    assert store.games(player="nobody") == []
    assert store.count_games(player="bram") == 6 and store.count_games(player="anne") == 3


def test_records_totals_per_player_with_win_rates_against_each_computer_level(store):
    games = [(("human", "easy", "easy"), 1), (("human", "medium", "easy"), 2), (("human", "medium", "medium"), 3),
             (("human", "human", "easy", "easy"), 4), (("human", "easy", "medium", "easy"), 5)]
    expected = {"easy": [0, 0], "medium": [0, 0]}
    wins = scores = 0
    best = 0
    total_vp = []
    for kinds, seed in games:
        save = play(kinds, seed, names=("Anne", "Bram", "Cleo", "Dirk")[:len(kinds)])
        store.record(save, played_at=float(seed))
        end = engine_state(save)
        won = 0 in rules.winners(end)
        vp = rules.final_scores(end)[0]["total"]
        wins += won
        scores += 1
        best = max(best, vp)
        total_vp.append(vp)
        for level in set(kinds[1:]) - {"human"}:
            expected[level][0] += 1
            expected[level][1] += won
    store.record(play(("human", "hard", "easy"), 6, names=("Anne", "Bram", "Cleo"), stop=50), played_at=9.0)
    totals = {t.key: t for t in store.player_totals()}
    assert set(totals) == {"anne", "bram"}                       # humans only by default
    anne = totals["anne"]
    assert (anne.name, anne.games, anne.wins, anne.unfinished, anne.best) == ("Anne", scores, wins, 1, best)
    assert anne.average == pytest.approx(sum(total_vp) / len(total_vp))
    assert {k: (v.games, v.wins) for k, v in anne.against.items() if k in ("easy", "medium", "hard")} == \
        {k: tuple(v) for k, v in expected.items()}
    assert anne.win_rate == pytest.approx(wins / scores)
    assert totals["bram"].games == 1 and totals["bram"].against["human"].games == 1
    every = {t.key for t in store.player_totals(kinds=None)}
    assert {"anne", "bram", "cleo", "dirk"} <= every


def test_records_keep_reviews_per_game_seat_and_settings(store):
    game_id = store.record(play(("human", "easy", "easy"), 1))
    assert store.store_review(game_id, 0, {"level": "hard", "budget": 1.0}, {"blunders": [3, 17]})
    assert store.store_review(game_id, 0, {"budget": 1.0, "level": "hard"}, {"blunders": [3]})   # replaces
    assert store.store_review(game_id, 1, {"level": "hard", "budget": 1.0}, {"blunders": []})
    assert store.load_review(game_id, 0, {"level": "hard", "budget": 1.0}) == {"blunders": [3]}
    assert store.load_review(game_id, 0, {"level": "easy"}) is None
    assert [(r.seat, r.review) for r in store.reviews(game_id)] == [(0, {"blunders": [3]}), (1, {"blunders": []})]
    assert not store.store_review(game_id + 100, 0, {}, {})          # no such game
    with pytest.raises(ValueError):
        store.store_review(game_id, 0, {}, {"x": float("nan")})


def test_records_names_with_control_characters_or_lone_surrogates_are_cleaned(store):
    save = play(("human", "human", "easy"), 1, names=("An\x07ne", "Br\ud800am", "Cleo"))
    game_id = store.record(save, played_at=5.0)
    assert game_id is not None, store.problem
    names = [s.name for s in store.games()[0].seats]
    assert names == ["Anne", "Br\ufffdam", "Cleo"]         # a surrogate is made fit to show
    assert [s["name"] for s in store.load_save(game_id)["seats"]] == names
    assert {t.name for t in store.player_totals()} == {"Anne", "Br\ufffdam"}
    # a name changed by hand in the database is cleaned when it is read back
    with sqlite3.connect(store.path) as raw:
        raw.execute("UPDATE seats SET name = CAST(X'416E6E1B5B326A65FF' AS TEXT) WHERE seat = 0")
    name = store.games()[0].seats[0].name
    assert name.startswith("Ann") and "\x1b" not in name and store.problem is None


def test_records_refuse_a_save_that_cannot_be_replayed_and_go_on(store):
    save = play(("human", "easy", "easy"), 1, stop=40)
    save["actions"][10] = {"type": "end_turn"}
    assert store.record(save) is None
    assert store.problem.kind == "invalid" and "action 11 of 40" in store.problem.detail
    assert store.count_games() == 0 and store.pending() == []
    assert store.record(play(("human", "easy", "easy"), 1, stop=40)) is not None
