"""The coach's tests read the coach's words in English unless a test switches the language; a
switched language never leaks into the next test."""
from __future__ import annotations

from collections.abc import Iterator

import pytest

from ne_game import i18n


@pytest.fixture(autouse=True)
def english() -> Iterator[None]:
    i18n.set_language("en")
    yield
    i18n.set_language("en")
