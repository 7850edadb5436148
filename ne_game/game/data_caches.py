"""Every per-process cache of what was read from the game's data files, in one registry.

Reading the data (the ruleset, the rules page, the help texts, the computer players' view, the
hard player's forecast) is done once per process and kept. Whatever changes the data a
process plays with (a test that swaps in a data copy, the game refusing $NE_GAME_DATA and
going on with the shipped data) must forget all of them at once, or one forgotten cache
judges new data with old facts. So each such cache registers here where it is defined, and
`reset()` clears them all. No pygame, no game imports: any layer may register.

    @data_caches.register
    @functools.cache
    def default_ruleset() -> Ruleset: ...

    data_caches.reset()          # after the data changed
"""
from __future__ import annotations

import logging
from collections.abc import Callable, MutableMapping
from typing import Protocol, TypeVar

log = logging.getLogger(__name__)


class _Clearable(Protocol):
    def cache_clear(self) -> None: ...


C = TypeVar("C", bound=_Clearable)
M = TypeVar("M", bound=MutableMapping[object, object])

_CLEARERS: list[tuple[str, Callable[[], None]]] = []


def register(cached: C) -> C:
    """Register a `functools.cache`d (or lru_cache'd) function; returns it unchanged."""
    _CLEARERS.append((getattr(cached, "__qualname__", repr(cached)), cached.cache_clear))
    return cached


def register_mapping(store: M, name: str) -> M:
    """Register a module-level dict used as a cache of data-derived values (e.g. pictures)."""
    _CLEARERS.append((name, store.clear))
    return store


def registered() -> list[str]:
    """The names of the registered caches (for tests and the log)."""
    return [name for name, _ in _CLEARERS]


def reset() -> None:
    """Forget everything read from the data files."""
    for _name, clear in _CLEARERS:
        clear()
    log.debug("data caches cleared: %s", ", ".join(registered()))
