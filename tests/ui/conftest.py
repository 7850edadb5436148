"""Fixtures shared by the UI tests."""
from __future__ import annotations

from collections.abc import Callable, Iterator

import pytest

from ne_game.settings import Settings
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
