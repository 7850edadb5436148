"""Fixtures shared by the UI tests."""
from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest

from ne_game.storage.settings import Settings
from tests.ui.harness import Harness


@pytest.fixture
def harness() -> Iterator[Callable[..., Harness]]:
    """`harness(**kw)` builds a headless app (animations off unless asked); every one is closed after the test."""
    made: list[Harness] = []

    def build(**kw) -> Harness:
        kw.setdefault("settings", Settings(animation="off"))
        h = Harness(**kw)
        made.append(h)
        return h

    yield build
    for h in made:
        h.close()


@pytest.fixture
def cut_texts():
    """Every text the drawing had to shorten with an ellipsis or let run out of its box."""
    from ne_game.ui.scenes.table.draw import gfx

    seen: list[tuple[str, str]] = []
    note = lambda kind, text: seen.append((kind, text))   # noqa: E731
    gfx.TEXT_WATCHERS.append(note)
    yield seen
    gfx.TEXT_WATCHERS.remove(note)


@pytest.fixture
def quick_reviews(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The coach screen's reviews with 2 sampled worlds a decision, and no review job left over
    from another test (the coach screens' tests use it for every test)."""
    from ne_game.ui.scenes.coach import jobs
    from ne_game.ui.scenes.coach.scene import CoachScene
    monkeypatch.setattr(CoachScene, "default_worlds", 2)
    jobs.JOBS.clear()
    yield
    jobs.cancel_all()
    jobs.JOBS.clear()
