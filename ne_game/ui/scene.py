"""The scene protocol: the app keeps a stack of scenes and drives the top one(s).

Events go to the top scene first; a scene returns True when it consumed the event,
otherwise the app offers it to the scene below (so an overlay like the pause menu
catches input before the table underneath). `draw` never changes game state, so any
frame can be re-rendered for a screenshot.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pygame

if TYPE_CHECKING:  # pragma: no cover
    from ne_game.ui.app import App


class Scene:
    """Base class for every screen. Subclasses override what they need."""

    #: an overlay is drawn on top of the scene below it (which stays visible, paused)
    is_overlay: bool = False
    #: when False, events a scene does not consume are not passed further down the stack
    pass_through_events: bool = False

    def __init__(self, app: "App") -> None:
        self.app = app

    # -- lifecycle hooks (called by the app) -------------------------------
    def on_enter(self) -> None:
        """The scene became the top of the stack (pushed, or the one above was popped)."""

    def on_exit(self) -> None:
        """The scene left the stack (popped or replaced): free pygame-gui elements here."""

    # -- the protocol -------------------------------------------------------
    def process_event(self, event: pygame.event.Event) -> bool:
        """Handle one event; return True when consumed."""
        return False

    def update(self, dt: float) -> None:
        """Advance presentation by dt seconds (already clamped by the app)."""

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the scene; must not change game state."""

    def on_resize(self, size: tuple[int, int]) -> None:
        """The window (or UI scale) changed: lay out again from `size`."""

    # -- helpers for automated tests ---------------------------------------
    def layout(self) -> dict[str, Any]:
        """Named screen rects of this scene's key regions (for tests and screenshots)."""
        return {}
