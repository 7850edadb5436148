"""One reset for every per-process cache of the game's data (ne_game.game.data_caches)."""
from __future__ import annotations

import ast
import importlib
from pathlib import Path

from ne_game.game import data_caches

PACKAGE = Path(__file__).resolve().parents[1] / "ne_game"
CACHING = {"cache", "lru_cache"}


def _decorator_names(fn: ast.FunctionDef) -> set[str]:
    names: set[str] = set()
    for dec in fn.decorator_list:
        node = dec.func if isinstance(dec, ast.Call) else dec
        names.add(node.attr if isinstance(node, ast.Attribute) else getattr(node, "id", ""))
    return names


def _cached_without_arguments() -> list[tuple[str, str, bool]]:
    """(module, function, registered) for every module-level cached function that takes no
    argument: such a function can only be caching something read from outside (a file)."""
    found = []
    for path in sorted(PACKAGE.rglob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        module = ".".join(path.relative_to(PACKAGE.parent).with_suffix("").parts)
        for node in tree.body:
            if isinstance(node, ast.FunctionDef):
                names = _decorator_names(node)
                args = node.args
                if names & CACHING and not (args.args or args.kwonlyargs or args.vararg or args.posonlyargs):
                    found.append((module, node.name, "register" in names))
    return found


def test_every_cache_of_data_is_registered_for_the_one_reset():
    found = _cached_without_arguments()
    assert len(found) >= 6, found      # the ruleset, the game file, the AI's data, the forecast, help, rules...
    assert [f"{m}.{f}" for m, f, ok in found if not ok] == []


def test_reset_forgets_every_registered_cache():
    for module, name, _ in _cached_without_arguments():
        fn = getattr(importlib.import_module(module), name)
        fn()
        assert fn.cache_info().currsize == 1, f"{module}.{name}"
    data_caches.reset()
    for module, name, _ in _cached_without_arguments():
        assert getattr(importlib.import_module(module), name).cache_info().currsize == 0, f"{module}.{name}"
