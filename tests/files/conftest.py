"""Fixtures shared by the user-file tests: each test starts with no notices and no held
instance lock, and can build harnessed apps that are closed (and their locks released) after."""
from __future__ import annotations

from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from ne_game import i18n
from ne_game.storage import instance_lock, safe_io
from tests.ui.harness import Harness


def _release_locks() -> None:
    for folder in list(instance_lock._HELD):
        instance_lock.release(Path(folder))


@pytest.fixture
def fresh_lock_and_notices() -> Iterator[None]:
    safe_io.notices()
    yield
    _release_locks()
    safe_io.notices()
    i18n.set_language("en")


@pytest.fixture
def harness() -> Iterator[Callable[..., Harness]]:
    made: list[Harness] = []

    def build(**kw: Any) -> Harness:
        h = Harness(settings=None, **kw)
        made.append(h)
        return h

    yield build
    for h in made:
        h.close()
    _release_locks()
