"""A stored review read back (Review.from_json with the game it reviews): whatever the records
hold (a kind a newer version added, an index past the game's end, an infinite loss, wrong
types anywhere), what reaches the coach screen is a review that fits the game, or none."""
from __future__ import annotations

import copy
import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from ne_game import rules
from ne_game.coach import Decision, Review, SeatReview, kind_of
from ne_game.coach.review import _finish
from ne_game.history import Replay
from ne_game.ui.scenes.table.model.coach_words import decision_sentence, summary
from tests.history.games import play

NAMES = ["Anne", "Bram", "Cleo"]


def finished() -> dict:
    return play(("human", "easy", "easy"), seed=2)


_CACHE: dict[str, Any] = {}


def game() -> tuple[dict, Replay, Review]:
    """A finished game, its replay and a review of seat 0 that fits it (made up: every move
    kept, a few flagged with another legal move as the better one; no rollouts)."""
    if not _CACHE:
        save = finished()
        replay = Replay.from_save(save)
        job = SeatReview(save, 0, worlds=2)
        decisions = []
        for n, k in enumerate(job.todo):
            state = replay.engine_state(k)
            taken = replay.actions[k]
            other = next(a for a in rules.legal_actions(state) if rules.action_key(a) != rules.action_key(taken))
            costly = n % 7 == 3
            decisions.append(Decision(k, int(state.round), kind_of(taken), copy.deepcopy(taken),
                                      copy.deepcopy(other if costly else taken), 2.0 if costly else 0.1,
                                      0.2, float(n % 5) - 2.0, 3, 2))
        _CACHE.update(save=save, replay=replay, review=_finish(0, decisions, 0.5, 1, True, 1.0, len(decisions)))
    return _CACHE["save"], _CACHE["replay"], _CACHE["review"]


def stored() -> dict[str, Any]:
    """The review as the records keep it (through JSON text)."""
    return json.loads(json.dumps(game()[2].to_json()))


def test_a_review_that_fits_reads_back_whole():
    _, replay, review = game()
    back = Review.from_json(stored(), replay)
    assert back.to_json() == review.to_json()
    assert back.flagged and back.flagged == review.flagged


def test_a_kind_a_newer_version_added_is_read_as_the_kind_its_move_has_here():
    _, replay, review = game()
    data = stored()
    for d in data["decisions"]:
        d["kind"] = "trading"                    # a kind this version does not know
    back = Review.from_json(data, replay)
    assert [d.kind for d in back.decisions] == [d.kind for d in review.decisions]
    assert summary(back, "Anne")                 # loss_by_kind knows every kind it meets


@pytest.mark.parametrize("change", [
    "index past the end", "index negative", "index of another seat's move", "taken not the move made",
    "best not legal", "round wrong", "loss infinite", "loss nan", "loss negative", "loss huge",
    "se text", "value bool", "index float", "index text", "seat past the players", "seat text",
    "decisions not a list", "decision not a table", "taken unknown type", "taken a list", "twice the same",
    "complete text", "flagged a table", "budget infinite", "seed float", "planned fewer than done",
    "not a table", "worlds negative",
])
def test_a_review_that_does_not_fit_its_game_is_refused(change):
    _, replay, review = game()
    data = stored()
    ds = data["decisions"]
    flagged = next(d for d in ds if d["index"] in data["flagged"])
    changes = {
        "index past the end": lambda: ds[-1].update(index=replay.last + 5),
        "index negative": lambda: ds[0].update(index=-1),
        "index of another seat's move": lambda: ds[0].update(index=ds[0]["index"] + 1),
        "taken not the move made": lambda: flagged.update(taken=flagged["best"]),
        "best not legal": lambda: flagged.update(best=ds[-1]["taken"] if ds[-1] is not flagged else ds[0]["taken"]),
        "round wrong": lambda: ds[0].update(round=ds[0]["round"] + 3),
        "loss infinite": lambda: ds[0].update(loss="inf"),
        "loss nan": lambda: ds[0].update(loss=float("nan")),
        "loss negative": lambda: ds[0].update(loss=-1.0),
        "loss huge": lambda: ds[0].update(loss=1e300),
        "se text": lambda: ds[0].update(se="0.2"),
        "value bool": lambda: ds[0].update(value=True),
        "index float": lambda: ds[0].update(index=float(ds[0]["index"])),
        "index text": lambda: ds[0].update(index=str(ds[0]["index"])),
        "seat past the players": lambda: data.update(seat=3),
        "seat text": lambda: data.update(seat="0"),
        "decisions not a list": lambda: data.update(decisions="abc"),
        "decision not a table": lambda: ds.append(7),
        "taken unknown type": lambda: ds[0]["taken"].update(type="trade_goods"),
        "taken a list": lambda: ds[0].update(taken=[1, 2]),
        "twice the same": lambda: ds.append(copy.deepcopy(ds[0])),
        "complete text": lambda: data.update(complete="yes"),
        "flagged a table": lambda: data.update(flagged={"a": 1}),
        "budget infinite": lambda: data.update(budget=float("inf")),
        "seed float": lambda: data.update(seed=1.5),
        "planned fewer than done": lambda: data.update(planned=1),
        "not a table": lambda: None,
        "worlds negative": lambda: ds[0].update(worlds=-3),
    }
    changes[change]()
    value: Any = [] if change == "not a table" else data
    with pytest.raises(ValueError):
        Review.from_json(value, replay)


def test_flagged_decisions_that_are_not_there_are_dropped():
    _, replay, review = game()
    data = stored()
    data["flagged"] = data["flagged"] + [replay.last + 100, 999_999]
    back = Review.from_json(data, replay)
    assert back.flagged == review.flagged


JSON = st.recursive(st.none() | st.booleans() | st.integers(-10**6, 10**6) | st.floats(allow_nan=True)
                    | st.text(max_size=8),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
                    max_leaves=12)
FIELDS = ["seat", "decisions", "flagged", "budget", "seed", "complete", "seconds", "planned"]
DECISION_FIELDS = ["index", "round", "kind", "taken", "best", "loss", "se", "value", "worlds", "candidates"]


@given(st.lists(st.tuples(st.sampled_from(FIELDS + DECISION_FIELDS), st.integers(0, 100), JSON), max_size=4))
def test_any_stored_value_gives_a_review_that_fits_or_a_value_error(edits):
    """Hypothesis: a fitting review with any fields replaced by any JSON value either reads back
    as a review the coach screen can say in words, or is refused with ValueError (never another
    exception)."""
    _, replay, _ = game()
    data = stored()
    for name, where, value in edits:
        if name in DECISION_FIELDS:
            ds = data["decisions"]
            if isinstance(ds, list) and ds and isinstance(ds[where % len(ds)], dict):
                ds[where % len(ds)][name] = value
        else:
            data[name] = value
    try:
        review = Review.from_json(data, replay)
    except ValueError:
        return
    assert 0 <= review.seat < replay.players
    assert summary(review, "Anne")
    for d in review.flagged:
        assert 0 <= d.index < replay.last
        assert decision_sentence(d, replay.engine_state(d.index), NAMES)
