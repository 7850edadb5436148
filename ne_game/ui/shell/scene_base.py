"""The scene protocol: the app keeps a stack of scenes and drives the top one(s).

Events go to the top scene first; a scene returns True when it consumed the event.
When it did not and the scene has `pass_through_events`, the scene below gets it;
overlays (pause menu, dialogs) leave it False so the table underneath is frozen.
`draw` never changes game state, so any frame can be re-rendered for a screenshot.

Each scene owns a pygame-gui UIManager (`self.ui_manager`, made on first use at the
app's current size and UI scale). On a resize or a UI-scale change the app throws
it away and calls `on_resize(size)`: build your widgets in one method and call it
from `__init__`/`on_enter` and `on_resize`.

A game at rest costs nothing: the app draws a frame only when something changed (an
event, a scene pushed or popped, a resize) or while something moves, and otherwise
waits for input. A scene says when it moves with `wake_in()`: 0.0 while it animates or
counts time (every frame, at full rate), a number of seconds when it needs one frame
then (nothing moves before), None while it rests until an event. A scene that overrides
`update` is taken to move every frame unless it also says when it rests; a scene whose
`update` does nothing between events should say so, or it keeps the loop at full rate.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

import pygame

if TYPE_CHECKING:  # pragma: no cover
    import pygame_gui

    from ne_game.ui.shell.app import App


class Scene:
    """Base class for every screen. Subclasses override what they need."""

    #: drawn over the scene below it (which stays visible, frozen)
    is_overlay: bool = False
    #: pass events this scene does not consume to the scene below
    pass_through_events: bool = False

    def __init__(self, app: App) -> None:
        self.app = app
        self._ui_manager: pygame_gui.UIManager | None = None
        # While a scene is being built, app.ui_manager means this scene's manager.
        app.nav.building = self

    # -- the protocol -------------------------------------------------------
    def process_event(self, event: pygame.event.Event) -> bool:
        """Handle one event; return True when consumed."""
        return False

    def update(self, dt: float) -> None:
        """Advance presentation by dt seconds (clamped by the app); only the top scene updates."""

    def wake_in(self) -> float | None:
        """Seconds until this scene next needs a frame when no event comes: 0.0 while it moves
        (an animation, a timer that counts, a background job to show), None at rest.

        Asked of the top scene after each frame; its `update` runs and the frame is drawn at
        full rate while this says 0.0. The default is safe rather than frugal: a scene with
        its own `update` may count time there, so it moves until it says otherwise."""
        return 0.0 if type(self).update is not Scene.update else None

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the scene below its pygame-gui widgets; must not change game state."""

    def draw_after_ui(self, surface: pygame.Surface) -> None:
        """Draw above this scene's widgets (drag previews, tooltips). Optional."""

    def on_resize(self, size: tuple[int, int]) -> None:
        """The window or UI scale changed; the UI manager is fresh: build widgets again."""

    # -- lifecycle hooks (called by the app) -------------------------------
    def on_enter(self) -> None:
        """The scene was pushed (or replaced another)."""

    def on_exit(self) -> None:
        """The scene left the stack for good: stop threads, drop widgets."""
        self._ui_manager = None

    def on_cover(self) -> None:
        """Another scene was pushed on top of this one."""

    def on_uncover(self) -> None:
        """The scene above was popped; this one is on top again."""

    # -- UI manager ----------------------------------------------------------
    @property
    def ui_manager(self) -> pygame_gui.UIManager:
        if self._ui_manager is None:
            self._ui_manager = self.app.make_ui_manager(self.gui_scale())
        return self._ui_manager

    #: (w, h) of this scene's content at scale 1 (theme units); when set, the scene's scale
    #: shrinks so the content always fits the window, whatever the UI-scale setting.
    ref_content: tuple[int, int] | None = None

    def gui_scale(self) -> float:
        """The scale of this scene's widgets and fonts (app.ui_scale, shrunk to fit if needed)."""
        scale = self.app.ui_scale
        if self.ref_content:
            w, h = self.app.screen_size
            scale = min(scale, w * 0.96 / self.ref_content[0], h * 0.96 / self.ref_content[1])
        return max(0.3, scale)

    def px(self, key: str, factor: float = 1.0) -> int:
        """A theme size in pixels at this scene's scale."""
        return max(1, int(round(self.app.theme.size(key) * self.gui_scale() * factor)))

    def reset_ui_manager(self) -> None:
        self._ui_manager = None

    def handle_event(self, event: pygame.event.Event) -> bool:
        """Widgets first (a click on a button is not also a click on the board), then the scene."""
        if self.ui_manager.process_events(event):
            return True
        return bool(self.process_event(event))

    # -- helpers for automated tests ---------------------------------------
    def layout(self) -> Mapping[str, object]:
        """Named screen rects of this scene's key regions (for tests and screenshots)."""
        return {}


#: what ne_game/ui/shell/screens.py maps a screen name to: `factory(app, **kw)` gives the scene, or
#: None when it arranged the stack itself (the tutorial mounts its own table).
ScreenFactory = Callable[..., "Scene | None"]


def typing_in(top: Scene | None) -> bool:
    """A text field of `top` has the keyboard (then M is a letter, not mute)."""
    import pygame_gui  # at run time only here: this module's other uses are annotations
    manager = getattr(top, "_ui_manager", None) if top is not None else None
    focus = manager.get_focus_set() if manager is not None else None
    return any(isinstance(e, (pygame_gui.elements.UITextEntryLine, pygame_gui.elements.UITextEntryBox))
               for e in (focus or ()))
