"""The replay model: every position equals the engine's own replay, turns and rounds cut the
actions exactly, stepping lands where it should, and an unfinished game shows only what the
table knows."""
from __future__ import annotations

import pytest

from ne_game import rules
from ne_game.history import Replay, public_view
from ne_game.history.replay import HIDDEN
from ne_game.storage.saves import SaveError

from .games import engine_state, play


def _stored_game() -> tuple[dict, int]:
    """An unfinished game stopped while some seat holds a card in a barn, and that position."""
    for seed in range(1, 10):
        save = play(("human", "easy", "easy", "easy"), seed, store=True)
        state = rules.new_game(save["players"], save["seed"])
        for k, action in enumerate(save["actions"]):
            state = rules.apply_action(state, action)
            if any(b["card"] for p in rules.to_json(state)["players"] for b in p["barns"]):
                return play(("human", "easy", "easy", "easy"), seed, stop=k + 12, store=True), k + 1
    raise AssertionError("no game with a card stored in a barn")


def test_replay_every_position_of_a_finished_game_is_the_engines_replay():
    save = play(("human", "easy", "medium", "easy"), 2)
    replay = Replay.from_save(save)
    ready = Replay.from_save(save, precompute=True)
    assert replay.finished and replay.last == len(save["actions"])
    for p in range(replay.last + 1):
        assert replay.view(p) == rules.to_json(engine_state(save, p)), f"position {p}"
        assert ready.frame(p) == replay.frame(p)
    assert replay.view(replay.last)["phase"] == "game_over"


def test_replay_of_an_unfinished_game_shows_only_public_information():
    save, stored_at = _stored_game()
    replay = Replay.from_save(save)
    assert not replay.finished
    seen_hidden = False
    for p in range(replay.last + 1):
        view = replay.view(p)
        assert view == public_view(engine_state(save, p)), f"position {p}"
        assert not {"bag", "deck", "seed"} & set(view)
        for player in view["players"]:
            for barn in player["barns"]:
                assert barn["card"] in (None, HIDDEN)
                seen_hidden |= barn["card"] == HIDDEN
    assert seen_hidden, "the game was meant to have a stored card on show"
    # the stored card is counted among the unseen cards (the deck and every barn), not shown
    full = rules.to_json(engine_state(save, stored_at))
    stored = [b["card"] for p in full["players"] for b in p["barns"] if b["card"]]
    public = replay.view(stored_at)
    for card in set(stored):
        assert public["unseen_cards"][card] == full["deck"].count(card) + stored.count(card)


def test_replay_viewer_of_an_unfinished_game_sees_its_own_barn_only():
    save, stored_at = _stored_game()
    full = rules.to_json(engine_state(save, stored_at))
    owner = next(k for k, p in enumerate(full["players"]) if any(b["card"] for b in p["barns"]))
    mine = Replay.from_save(save, viewer=owner)
    assert mine.view(stored_at) == rules.observe(engine_state(save, stored_at), owner)
    assert any(b["card"] not in (None, HIDDEN) for b in mine.view(stored_at)["players"][owner]["barns"])


def test_replay_turns_and_rounds_cut_the_actions_exactly():
    save = play(("human", "easy", "easy"), 3)
    replay = Replay.from_save(save)
    # turns: consecutive, covering every action once, each by one seat in one phase and round
    assert replay.turns[0].start == 0 and replay.turns[-1].stop == replay.last
    for a, b in zip(replay.turns, replay.turns[1:]):
        assert a.stop == b.start
    for turn in replay.turns:
        assert turn.start < turn.stop
        for k in range(turn.start, turn.stop):
            state = engine_state(save, k)
            assert (state.current, state.round, state.phase) == (turn.seat, turn.round, turn.phase)
        if turn.phase == "buying":
            assert save["actions"][turn.stop - 1]["type"] == "end_turn"
        else:
            assert turn.stop - turn.start == 1      # a start tile, an announcement, a bid
    # rounds: consecutive; every complete round ends with an end_turn that starts the next
    assert [r.number for r in replay.rounds] == list(range(len(replay.rounds)))
    for a, b in zip(replay.rounds, replay.rounds[1:]):
        assert a.stop == b.start
    for span in replay.rounds[1:-1]:
        assert span.complete and not span.ends_game
        assert save["actions"][span.stop - 1]["type"] == "end_turn"
        assert engine_state(save, span.stop).round == span.number + 1
    assert replay.rounds[-1].ends_game and not replay.rounds[-1].complete
    assert save["actions"][-1]["type"] == "announce_offer"


def test_replay_steps_by_action_turn_and_round():
    save = play(("human", "easy", "easy", "easy"), 4)
    replay = Replay.from_save(save)
    assert replay.first().position == 0 and replay.first().action is None
    assert replay.next_action().position == 1
    assert replay.next_action().action == save["actions"][1]
    assert replay.prev_action().position == 1
    # by turn: from 0 to the end, visiting every turn's end once
    replay.first()
    visited = []
    while replay.position < replay.last:
        visited.append(replay.next_turn().position)
    assert visited == [t.stop for t in replay.turns]
    frame = replay.frame()
    assert frame.turn == replay.turns[-1] and frame.actor == replay.turns[-1].seat
    back = []
    while replay.position > 0:
        back.append(replay.prev_turn().position)
    assert back == [t.start for t in reversed(replay.turns)]
    # by round: the starts of the rounds, then the last position
    replay.first()
    marks = []
    while replay.position < replay.last:
        marks.append(replay.next_round().position)
    assert marks == [r.start for r in replay.rounds[1:]] + [replay.last]
    # goto clamps; goto_round and goto_turn land on the spans' edges
    assert replay.goto(-5).position == 0 and replay.goto(10**6).position == replay.last
    assert replay.goto_round(3).position == replay.rounds[3].start
    assert replay.round_at(replay.position) == 3
    assert replay.goto_turn(10).position == replay.turns[10].stop
    assert replay.turn_at(replay.position) == replay.turns[10]
    with pytest.raises(IndexError):
        replay.goto_round(999)
    with pytest.raises(IndexError):
        replay.frame(replay.last + 1)


def test_replay_recap_span_is_what_the_others_did_since_the_seats_last_turn():
    save = play(("human", "easy", "easy", "easy"), 5)
    replay = Replay.from_save(save)
    turn = replay.turns[40]
    seat = turn.seat
    later = next(t for t in replay.turns[41:] if t.seat == seat)
    start, stop = replay.recap_span(seat, later.start)
    assert (start, stop) == (turn.stop, later.start)
    assert all(replay.actor(k) != seat for k in range(start, stop))
    assert replay.recap_span(seat, 0) == (0, 0)


def test_replay_of_a_broken_save_raises_a_save_error():
    save = play(("human", "easy", "easy"), 6, stop=30)
    save["actions"][20] = {"type": "take_bid", "value": 99}
    with pytest.raises(SaveError, match="action 21 of 30"):
        Replay.from_save(save, source="broken.json")
    with pytest.raises(SaveError, match="not a New England save"):
        Replay.from_save({"format": "something else"}, source="other.json")
