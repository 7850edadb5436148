"""Navigation by name: the app shows screens from the graph it was given; no scene imports
another scene to show it (ne_game/ui/shell/screens.py is the one module that knows the graph)."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

from ne_game.storage.settings import Settings
from ne_game.ui.shell.app import App
from ne_game.ui.shell.scene_base import Scene

ROOT = Path(__file__).resolve().parents[2]


class Page(Scene):
    def __init__(self, app, label: str = "", session=None) -> None:
        super().__init__(app)
        self.label, self.session, self.events = label, session, []

    def on_enter(self) -> None:
        self.events.append("enter")

    def on_exit(self) -> None:
        self.events.append("exit")
        super().on_exit()

    def on_cover(self) -> None:
        self.events.append("cover")

    def on_uncover(self) -> None:
        self.events.append("uncover")


@pytest.fixture
def app():
    arranged = []

    def arranges_itself(app_, **kw):
        arranged.append(kw)
        app_.go("a", label="arranged")
        return None

    screens = {"a": Page, "b": Page, "self": arranges_itself}
    made = App(size=(640, 360), settings=Settings(animation="off"), screens=screens)
    made.arranged = arranged
    yield made
    made.shutdown()


def test_go_push_replace_pop_by_name_with_keyword_arguments(app):
    first = app.go("a", label="one")
    assert app.stack == [first] and first.label == "one"
    second = app.push("b", label="two", session="s")
    assert app.top is second and second.session == "s" and first.events == ["enter", "cover"]
    third = app.replace("a", label="three")
    assert app.stack == [first, third] and second.events == ["enter", "exit"]
    assert app.pop() is third and first.events[-1] == "uncover"
    app.push("b")
    app.go("b", label="alone")
    assert len(app.stack) == 1 and app.top.label == "alone" and first.events[-1] == "exit"


def test_a_factory_may_arrange_the_stack_itself(app):
    app.go("b")
    assert app.go("self", resume=True) is None
    assert app.arranged == [{"resume": True}] and [s.label for s in app.stack] == ["arranged"]


def test_an_unknown_name_says_which_names_exist(app):
    with pytest.raises(KeyError, match="no screen named 'nowhere'.*a, b, self"):
        app.push("nowhere")


def test_scenes_are_made_by_name_only(app):
    assert not hasattr(app, "reset_to")
    with pytest.raises(KeyError):
        app.push(Page(app, "built"))          # a built scene is no screen name


def test_the_real_graph_has_every_screen_of_the_seam():
    from ne_game.ui.shell.screens import SCREENS

    assert set(SCREENS) >= {"title", "setup", "who_starts", "table", "pause", "settings", "load", "rules",
                            "rules_summary", "final_scoring", "tutorial", "dialog"}


def runtime_imports(path: Path) -> set[str]:
    """Modules a file imports when it runs (inside functions too; not under TYPE_CHECKING)."""
    out: set[str] = set()

    def visit(node: ast.AST) -> None:
        for child in ast.iter_child_nodes(node):
            if isinstance(child, ast.If) and getattr(child.test, "id", getattr(child.test, "attr", "")) == "TYPE_CHECKING":
                continue
            if isinstance(child, ast.ImportFrom) and child.module:
                out.add(child.module)
                out.update(f"{child.module}.{a.name}" for a in child.names)
            elif isinstance(child, ast.Import):
                out.update(a.name for a in child.names)
            visit(child)

    visit(ast.parse(path.read_text(encoding="utf-8")))
    return out


SHELL = ["ne_game/ui/shell/app.py", "ne_game/ui/shell/scene_base.py", "ne_game/ui/shell/flow.py", "ne_game/ui/scenes/title/scene.py",
         "ne_game/ui/scenes/setup.py", "ne_game/ui/scenes/who_starts.py", "ne_game/ui/scenes/pause.py",
         "ne_game/ui/scenes/settings.py", "ne_game/ui/scenes/load.py", "ne_game/ui/scenes/dialog.py",
         "ne_game/ui/scenes/rules_summary.py", "ne_game/ui/shell/overlay.py"]
SCENE_MODULES = {"ne_game.ui.scenes.title", "ne_game.ui.scenes.title.scene", "ne_game.ui.scenes.setup", "ne_game.ui.scenes.who_starts",
                 "ne_game.ui.scenes.pause", "ne_game.ui.scenes.settings", "ne_game.ui.scenes.load",
                 "ne_game.ui.scenes.dialog", "ne_game.ui.scenes.rules_summary", "ne_game.ui.scenes.rules",
                 "ne_game.ui.scenes.tutorial.scene", "ne_game.ui.scenes.table", "ne_game.ui.scenes.table.scene",
                 "ne_game.ui.scenes.table.final_scoring", "ne_game.ui.shell.screens"}


@pytest.mark.parametrize("path", SHELL)
def test_no_shell_module_imports_a_scene_to_show_it(path):
    imported = runtime_imports(ROOT / path)
    if path.endswith("app.py"):
        imported -= {"ne_game.ui.shell.screens", "ne_game.ui.shell.screens.SCREENS"}   # the graph, when none is given
    assert not imported & SCENE_MODULES, f"{path} imports {sorted(imported & SCENE_MODULES)}"
    assert "ne_game.ui.shell.app" not in imported or path.endswith("app.py")
