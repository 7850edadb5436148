"""The coach screen with a stored review that does not fit (issue 33, finding 5): a kind a newer
version added, an index past the game's end, an infinite margin, wrong types. Before, each
crashed the screen on every visit; now a review that fits is shown (a kind it does not know
read as its move's kind here) and one that does not is made again."""
from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from ne_game.coach.reasons import REASONS_VERSION
from ne_game.game.session import GameSession
from ne_game.history import HistoryStore, Replay
from ne_game.ui.shell import flow
from tests.coach.test_stored_review import game, stored

pytestmark = pytest.mark.usefixtures("quick_reviews")


def _flagged(data: dict) -> dict:
    return next(d for d in data["decisions"] if d["index"] in data["flagged"])


def _set(key: str, value: Any) -> Callable[[dict], None]:
    return lambda data: data.update({key: value})


CHANGES: dict[str, tuple[Callable[[dict], None], bool]] = {
    # name: (the change to the stored review, still shown after it)
    "as kept": (lambda data: None, True),
    "a kind a newer version added": (lambda data: [d.update(kind="trading") for d in data["decisions"]], True),
    "a flagged index past the game's end": (lambda data: (_flagged(data).update(index=10_000),
                                                          data.update(flagged=[10_000])), False),
    "an infinite margin": (lambda data: data["decisions"][0].update(value="inf"), False),
    "a margin of 1e300": (lambda data: data["decisions"][0].update(value=1e300), False),
    "a seat past the players": (lambda data: data.update(seat=7), False),
    "decisions as text": (_set("decisions", "none"), False),
    "the better move illegal": (lambda data: _flagged(data).update(best=data["decisions"][-1]["taken"]), False),
    "not a table": (lambda data: data.clear(), False),
}


@pytest.mark.parametrize("change", list(CHANGES))
def test_the_coach_screen_survives_any_stored_review(harness, change):
    save, replay, review = game()
    game_id = flow.record_game(GameSession.from_save(save))
    assert game_id is not None
    data = stored()
    alter, shown = CHANGES[change]
    alter(data)
    h = harness()
    settings = {"budget": float(h.app.settings.ai_budget), "seed": 1, "worlds": 2, "reasons": REASONS_VERSION}  # the coach's own
    with HistoryStore() as history:
        assert history.store_review(game_id, 0, settings, data)
    h.app.push("coach", replay=Replay.from_save(save), save=save, game_id=game_id, seat=0)
    coach = h.top
    h.step(2)           # drawn: the summary, the graph, the findings in words (or the progress of a new review)
    if shown:
        assert coach.job is None and coach.review is not None
        assert coach.review.flagged == review.flagged
        coach.activate("finding:0")                # the first finding opens in the replay
        assert h.showing("replay")
        h.step(2)
    else:
        assert coach.job is not None               # made again (not waited for here)
        coach.cancel()
        h.step(2)
        assert h.showing("coach")


def test_a_review_kept_with_older_reasons_is_made_again(harness):
    # playtest 3b: the reviews kept before the reasons learnt the counts and left out restated
    # parcels would go on showing the old puzzling reasons
    save, _replay, _review = game()
    game_id = flow.record_game(GameSession.from_save(save))
    assert game_id is not None
    h = harness()
    old = {"budget": float(h.app.settings.ai_budget), "seed": 1, "worlds": 2}
    with HistoryStore() as history:
        assert history.store_review(game_id, 0, old, stored())
    h.app.push("coach", replay=Replay.from_save(save), save=save, game_id=game_id, seat=0)
    coach = h.top
    h.step(2)
    assert coach.job is not None
    coach.cancel()
    h.step(2)
