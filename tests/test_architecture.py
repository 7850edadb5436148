"""The layers of docs/architecture.md, held: no import in ne_game goes up a layer.

Every import is read from the source (lazy ones inside functions too). A package may import
its own layer and the layers below. The few lazy imports that go up are listed in EXCEPTIONS,
each with its reason; a new one fails here until it is moved down or argued for.
"""
from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parents[1] / "ne_game"

# lowest first; a module's layer is that of the longest prefix that names it
LAYERS: list[tuple[str, ...]] = [
    ("ne_game.rules",),
    ("ne_game.storage", "ne_game.i18n", "ne_game.__version__"),
    ("ne_game.game",),
    ("ne_game.ai", "ne_game.history", "ne_game.net", "ne_game.coach", "ne_game.tutorial", "ne_game.audio",
     "ne_game.sim"),
    ("ne_game.ui.look", "ne_game.ui.text", "ne_game.ui.shell.input_map"),
    ("ne_game.ui.shell",),
    ("ne_game.ui.scenes",),
    ("ne_game.cli", "ne_game.__main__", "ne_game.smoke", "ne_game.build", "ne_game.crash", "ne_game"),
]

#: (importing module, imported module): why it may go up
EXCEPTIONS: dict[tuple[str, str], str] = {
    ("ne_game.rules", "ne_game.game.gamedata"):
        "new_game() without a ruleset takes the shipped one: the one lazy door from the core to its data",
    ("ne_game.storage.saves", "ne_game.game.gamedata"):
        "a save's families and seat count are checked against the game data (lazy)",
    ("ne_game.storage.settings", "ne_game.game.gamedata"):
        "remembered seats are checked against the game data's range and families (lazy)",
    ("ne_game.storage.settings", "ne_game.game.session"):
        "remembered seats are checked with the session's seat kinds (lazy)",
    ("ne_game.game.session", "ne_game.ai.levels"):
        "a seat's kind is a person or any registered computer level (the registry, lazy)",
    ("ne_game.tutorial.controller", "ne_game.ui.scenes.table.model.table_words"):
        "a refused action is explained in the table's own words (a pure module, no pygame)",
    ("ne_game.ui.text.help", "ne_game.ui.scenes.table.model.facts"):
        "the context help is filled with the table's facts of the position (typing only)",
    ("ne_game.ui.text.help", "ne_game.ui.scenes.table.draw.layout"): "typing only",
    ("ne_game.ui.text.help", "ne_game.ui.scenes.table.draw.offer_view"): "which offer slot is pointed at (lazy)",
    ("ne_game.ui.text.help", "ne_game.ui.scenes.table.model.geometry"): "a cell's name, D4 (lazy)",
    ("ne_game.ui.shell.screens", "ne_game.ui.scenes"): "the screen graph: the one module that imports the scenes",
}


def layer_of(module: str) -> int:
    best, level = "", len(LAYERS) - 1
    for k, names in enumerate(LAYERS):
        for name in names:
            if (module == name or module.startswith(name + ".")) and len(name) > len(best):
                best, level = name, k
    return level


def imports() -> list[tuple[str, str]]:
    found: list[tuple[str, str]] = []
    for path in sorted(PACKAGE.rglob("*.py")):
        parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
        module = ".".join(parts[:-1] if parts[-1] == "__init__" else parts)
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:        # relative: from the package that holds this module
                    package = parts[:-1] if parts[-1] == "__init__" else parts[:-1]
                    base = ".".join(list(package[:len(package) - node.level + 1]) + ([base] if base else []))
                if not base.startswith("ne_game"):
                    continue
                for alias in node.names:      # `from pkg import module` imports pkg.module
                    sub = f"{base}.{alias.name}"
                    path_of = PACKAGE.parent.joinpath(*sub.split("."))
                    is_module = path_of.with_suffix(".py").is_file() or path_of.is_dir()
                    found.append((module, sub if is_module or base == "ne_game" else base))
            elif isinstance(node, ast.Import):
                found += [(module, a.name) for a in node.names if a.name.startswith("ne_game")]
    return found


def _excused(module: str, target: str) -> bool:
    return any((module == m or module.startswith(m + ".")) and (target == t or target.startswith(t + "."))
               for m, t in EXCEPTIONS)


def test_no_import_goes_up_a_layer():
    up = sorted({(m, t) for m, t in imports() if layer_of(t) > layer_of(m) and not _excused(m, t)})
    assert up == [], "imports that go up a layer (docs/architecture.md):\n" + "\n".join(f"{m} -> {t}" for m, t in up)


def test_every_exception_is_still_needed():
    used = {(m, t) for m, t in imports() if layer_of(t) > layer_of(m)}
    stale = [k for k in EXCEPTIONS if not any(_excused(m, t) and (m, t) in used and
                                               (m == k[0] or m.startswith(k[0] + ".")) for m, t in used)]
    assert stale == []


def test_scenes_show_each_other_by_name_only():
    """A scene module imports no other scene, except the table that the tutorial, the replay,
    the story and the coach draw on, and the rule pages' one page (rulebook: no screen of its
    own) that the whole rules and the summary are drawn with."""
    def scene_of(module: str) -> str | None:
        parts = module.split(".")
        return ".".join(parts[:4]) if parts[:3] == ["ne_game", "ui", "scenes"] and len(parts) > 3 else None

    crossing = sorted({(m, t) for m, t in imports() if scene_of(m) and scene_of(t) and scene_of(m) != scene_of(t)
                       and scene_of(t) not in ("ne_game.ui.scenes.table", "ne_game.ui.scenes.rulebook")})
    assert crossing == []


def test_the_rules_core_imports_no_pygame_and_does_no_io():
    for path in (PACKAGE / "rules").rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        names = {a.name.split(".")[0] for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names}
        names |= {n.module.split(".")[0] for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) and n.module}
        assert not names & {"pygame", "pygame_gui", "sqlite3", "socket", "threading", "os", "pathlib"}, path
