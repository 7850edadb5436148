"""The scene stack, and navigation by screen name.

    nav.go("title")                          # replace the whole stack
    nav.push("pause", session=session)       # on top of the current scene
    nav.replace("table", session=session)    # swap the top scene
    nav.pop()

Scenes are made from the screen graph (ne_game/ui/shell/screens.py, name -> factory, handed in by
the entry point or loaded on first use; tests may hand in a fake graph), so no scene imports
the scene that follows it. A factory may return None when it showed why it could not make
its scene (a dialog); the stack is then left as it is.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping

from ne_game.ui.shell.scene_base import Scene, ScreenFactory


class Navigator:
    def __init__(self, owner: object, screens: Mapping[str, ScreenFactory] | None = None) -> None:
        self.owner = owner                      # handed to every factory: the app
        self.stack: list[Scene] = []
        self._screens = screens
        self.building: Scene | None = None      # the scene being made (its UI manager is app.ui_manager)

    @property
    def screens(self) -> Mapping[str, ScreenFactory]:
        """The screen graph, name -> factory (ne_game/ui/shell/screens.py unless one was given)."""
        if self._screens is None:
            from ne_game.ui.shell.screens import SCREENS

            self._screens = SCREENS
        return self._screens

    @property
    def top(self) -> Scene | None:
        return self.stack[-1] if self.stack else None

    def make(self, screen: str, **kw: object) -> Scene | None:
        """The scene for a screen name; None when its factory showed why it could not be made."""
        try:
            factory = self.screens[screen]
        except (KeyError, TypeError):
            raise KeyError(f"no screen named {screen!r}; known: {', '.join(sorted(self.screens))}") from None
        return factory(self.owner, **kw)

    def _show(self, screen: str, kw: dict[str, object], leave: Callable[[], None]) -> Scene | None:
        scene = self.make(screen, **kw)
        if scene is None:
            return None
        self.building = None
        leave()
        self.stack.append(scene)
        scene.on_enter()
        return scene

    def go(self, screen: str, **kw: object) -> Scene | None:
        """Show `screen` alone: the whole stack (a game, its menus) is replaced."""
        def leave_all() -> None:
            while self.stack:
                self.stack.pop().on_exit()
        return self._show(screen, kw, leave_all)

    def push(self, screen: str, **kw: object) -> Scene | None:
        """Show `screen` on top of the current scene (a menu, a dialog)."""
        def cover() -> None:
            if self.stack:
                self.stack[-1].on_cover()
        return self._show(screen, kw, cover)

    def replace(self, screen: str, **kw: object) -> Scene | None:
        """Swap the top scene for `screen`."""
        def leave_top() -> None:
            if self.stack:
                self.stack.pop().on_exit()
        return self._show(screen, kw, leave_top)

    def pop(self) -> Scene | None:
        self.building = None
        if not self.stack:
            return None
        scene = self.stack.pop()
        scene.on_exit()
        if self.stack:
            self.stack[-1].on_uncover()
        return scene

    def find(self, cls: type) -> Scene | None:
        for scene in reversed(self.stack):
            if isinstance(scene, cls):
                return scene
        return None

    def close_all(self) -> None:
        while self.stack:
            self.stack.pop().on_exit()
