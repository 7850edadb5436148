"""Reviews under way: one per (game, seat), in a worker thread, or a decision per frame where
the app thinks synchronously (tests, the smoke test). A review goes on while the player browses
elsewhere; leaving the coach and coming back finds it where it is. A finished review is kept
with the game in the records, so a second look is instant."""
from __future__ import annotations

import logging
import threading
from typing import TypedDict

from ne_game.coach import Review, SeatReview
from ne_game.coach.review import Game

log = logging.getLogger(__name__)


class ReviewSettings(TypedDict):
    """What a review was made with (the key under which the records keep it)."""
    budget: float
    seed: int
    worlds: int | None
    reasons: int        # REASONS_VERSION: a review kept with older reasons is made again


class ReviewJob:
    def __init__(self, review: SeatReview, game_id: int | None, settings: ReviewSettings, threaded: bool) -> None:
        self.review = review
        self.game_id = game_id
        self.settings = settings
        self.threaded = threaded
        self.error = ""
        self.stored = False
        self._cancel = threading.Event()
        self._lock = threading.Lock()
        self._result: Review | None = None
        self._thread: threading.Thread | None = None
        if threaded:
            self._thread = threading.Thread(target=self._run, daemon=True, name="ne-coach")
            self._thread.start()

    # ---- state (read from the UI thread) ----------------------------------------------------
    @property
    def progress(self) -> tuple[int, int]:
        """Decisions reviewed and to review."""
        return len(self.review.reviewed), self.review.total

    @property
    def share(self) -> float:
        """How far the whole review is, 0..1, moving within a decision too."""
        total = self.review.total
        return min(1.0, self.review.progress / total) if total else 1.0

    @property
    def finished(self) -> bool:
        return self.result is not None or bool(self.error)

    @property
    def cancelled(self) -> bool:
        return self._cancel.is_set()

    @property
    def result(self) -> Review | None:
        with self._lock:
            return self._result

    def cancel(self) -> None:
        self._cancel.set()

    # ---- work -------------------------------------------------------------------------------
    def tick(self) -> None:
        """The synchronous way: one decision a frame."""
        if self.threaded or self.finished or self.cancelled:
            return
        self._one()

    def _run(self) -> None:
        while not self.finished and not self.cancelled:
            self._one()

    def _one(self) -> None:
        try:
            self.review.step()
            if self.review.done:
                self._finish()
        except Exception as err:   # a review is a bonus: say why in the log, the game goes on
            log.exception("the review failed")
            self.error = str(err)[:200] or type(err).__name__

    def _finish(self) -> None:
        result = self.review.result()
        with self._lock:
            self._result = result
        self.stored = store(self.game_id, result, self.settings)

    def join(self, timeout: float | None = None) -> None:
        if self._thread is not None:
            self._thread.join(timeout)


def store(game_id: int | None, review: Review, settings: ReviewSettings) -> bool:
    """Keep a finished review with its game in the records (False when it could not)."""
    if game_id is None:
        return False
    from ne_game.history import HistoryStore

    try:
        with HistoryStore() as history:
            return history.store_review(game_id, review.seat, settings, review.to_json())
    except Exception as err:   # the records are a keepsake: never stop for them
        log.warning("the review could not be kept in the records: %s", err)
        return False


def stored_reviews(game_id: int | None, settings: ReviewSettings, game: Game) -> dict[int, Review]:
    """The reviews of a game made before with the same settings, by seat (one read). A stored
    review that does not fit `game` (the replay of that game) is left out, with a line in the
    log: its seat is reviewed again, and the new review replaces it."""
    if game_id is None:
        return {}
    from ne_game.history import HistoryStore

    try:
        with HistoryStore() as history:
            kept = history.reviews(game_id)
    except Exception as err:
        log.warning("the stored reviews cannot be read: %s", err)
        return {}
    out: dict[int, Review] = {}
    for entry in kept:
        if entry.settings != settings:
            continue
        try:
            review = Review.from_json(entry.review, game)
        except ValueError as err:
            log.warning("a stored review of seat %d does not fit its game: %s", entry.seat, err)
            continue
        if review.seat != entry.seat:
            log.warning("a stored review of seat %d says it is seat %d's", entry.seat, review.seat)
            continue
        out[entry.seat] = review
    return out


#: the reviews under way or done in this run: (game key, seat) -> job
#: a reviewed game: (its record id, seed, last position, worlds per decision)
GameKey = tuple[int | None, int, int, int | None]
JOBS: dict[tuple[GameKey, int], ReviewJob] = {}


def cancel_all() -> None:
    for job in JOBS.values():
        job.cancel()
