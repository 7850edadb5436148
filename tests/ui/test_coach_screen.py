"""The coach on screen: "Review my game" from the final scores and from Records, the findings
opening the replay with the better move as a ghost, the review kept in the records, and the
keys and pad (`pytest -k "coach or review"`)."""
from __future__ import annotations

import pygame
import pytest

from ne_game.game.session import GameSession
from ne_game.history import HistoryStore, Replay
from ne_game.storage.settings import Settings
from ne_game.ui.scenes.coach import jobs
from ne_game.ui.shell import flow
from ne_game.ui.shell.ai_runner import SyncRunner
from tests.history.games import play

pytestmark = pytest.mark.usefixtures("quick_reviews")


def finished() -> dict:
    return play(("human", "easy", "easy"), seed=2)


def test_review_from_the_final_scores_opens_findings_in_the_replay_and_is_kept_in_records(harness):
    h = harness(settings=Settings(animation="off", ai_pace="fast"))
    h.app.ai_runner = SyncRunner()
    flow.start_session(h.app, GameSession.from_save(finished()))
    assert h.run_until(lambda: h.showing("final_scoring"), max_frames=600)
    final = h.top
    final.t = 10.0
    h.click(final.button_rects()["review"])
    assert h.showing("coach")
    coach = h.top
    assert coach.seat == 0 and coach.job is not None          # the person's seat, reviewed a decision a frame
    total = coach.job.progress[1]
    assert total > 10
    assert h.run_until(lambda: coach.review is not None, max_frames=total + 20)
    review = coach.review
    assert review.complete and len(review.decisions) == total
    # the review went into the records with the game
    with HistoryStore() as store:
        game = store.games()[0]
        assert [r.seat for r in store.reviews(game.id)] == [0]
    assert review.flagged, "this game has a costly decision (seeded)"
    h.key(pygame.K_RETURN)                                     # the first finding, in the replay
    assert h.showing("replay")
    d = review.costly[0]      # the list shows every finding (playtest 9b)
    shown = h.top.shown
    assert h.top.position == d.index and shown.static.prompt.main.startswith("Better here")
    h.key(pygame.K_ESCAPE)
    assert h.showing("coach")
    h.key(pygame.K_ESCAPE)
    assert h.showing("final_scoring")


def test_review_from_records_is_instant_the_second_time_with_keyboard_and_gamepad(harness):
    save = finished()
    flow.record_game(GameSession.from_save(save))
    h = harness()
    h.click(h.layout()["button_records"])
    h.key(pygame.K_TAB)                                        # Tab: review the chosen game
    assert h.showing("coach")
    coach = h.top
    assert h.run_until(lambda: coach.review is not None, max_frames=200)
    first = coach.review.to_json()
    h.key(pygame.K_ESCAPE)
    assert h.showing("records")
    h.pad(pygame.CONTROLLER_BUTTON_RIGHTSHOULDER)            # RB: review again
    assert h.showing("coach")
    again = h.top
    assert again.job is None and again.review is not None      # kept in the records: no new review
    assert again.review.to_json()["decisions"] == first["decisions"]
    h.pad(pygame.CONTROLLER_BUTTON_DPAD_RIGHT)               # another seat: its own review starts
    assert again.seat == 1 and again.job is not None
    h.pad(pygame.CONTROLLER_BUTTON_B)                        # back while it runs: it goes on
    assert h.showing("records")
    job = jobs.JOBS[next(iter(k for k in jobs.JOBS if k[1] == 1))]
    assert not job.cancelled


def test_review_can_be_cancelled_with_the_mouse_and_shows_what_it_did(harness):
    save = finished()
    h = harness()
    h.app.push("coach", replay=Replay.from_save(save), save=save, game_id=None)
    coach = h.top
    h.step(3)
    assert coach.job is not None
    h.click(h.layout()["cancel"])
    assert coach.job is None and coach.review is not None and not coach.review.complete
    assert 0 < len(coach.review.decisions) < coach.review.planned


_REVIEW: dict = {}


def _a_review(save: dict):
    from ne_game.coach import review_seat

    if "r" not in _REVIEW:
        _REVIEW["r"] = review_seat(save, 0, worlds=2)
    return _REVIEW["r"]


@pytest.mark.parametrize("lang", ["en", "nl", "fr"])
@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)], ids=lambda s: f"{s[0]}x{s[1]}")
def test_review_screens_render_in_every_language_with_nothing_cut(harness, cut_texts, lang, size, tmp_path):
    from ne_game import i18n

    save = finished()
    h = harness(size=size, settings=Settings(animation="off", language=lang))
    i18n.set_language(lang)
    try:
        h.app.push("coach", replay=Replay.from_save(save), save=save, game_id=None)
        coach = h.top
        h.step(2)
        h.screenshot(tmp_path / f"coach-progress-{lang}.png")
        coach.job.cancel()
        coach.job, coach.review = None, _a_review(save)
        h.step(2)
        h.screenshot(tmp_path / f"coach-{lang}.png")
        screen = h.app.screen.get_rect()
        for key, rect in h.layout().items():
            assert screen.contains(rect), key
        h.key(pygame.K_ESCAPE)
        flow.start_session(h.app, GameSession.from_save(save))
        assert h.run_until(lambda: h.showing("final_scoring"), max_frames=600)
        h.top.t = 10.0
        h.step(2)
        h.screenshot(tmp_path / f"final-{lang}.png")
    finally:
        i18n.set_language("en")
    assert not cut_texts, cut_texts
