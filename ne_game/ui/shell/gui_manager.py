"""The pygame-gui manager of every scene, aware of the device in use.

While the keyboard or a pad is in use, the mouse pointer resting somewhere on the window must
not keep a button lit: its hover looked like a second focus beside the focus ring. The manager
then places the pointer nowhere, until the mouse really moves (more than a nudge of the desk:
MOVED pixels from where it rested) or clicks, which is when the player reaches for it.
"""
from __future__ import annotations

from collections.abc import Callable

import pygame
import pygame_gui

NOWHERE = (-1_000_000, -1_000_000)
MOVED = 24          # pixels the resting pointer must travel to light buttons again
BLINK = 0.4         # pygame-gui's cursor blink time, for a text field that does not say its own


class PointerAwareManager(pygame_gui.UIManager):
    #: whether the mouse is the device in use (the app sets it to ask its pads)
    pointer_in_use: Callable[[], bool] = staticmethod(lambda: True)
    _rested_at: tuple[int, int] | None = None

    def _update_mouse_position(self) -> None:
        # pygame-gui's documented hook for "messing with" the pointer position
        pos = pygame.mouse.get_pos()
        if self.pointer_in_use():
            self._rested_at = None
        else:
            if self._rested_at is None:
                self._rested_at = pos
            if abs(pos[0] - self._rested_at[0]) + abs(pos[1] - self._rested_at[1]) <= MOVED:
                self.mouse_position = NOWHERE
                return
        super()._update_mouse_position()  # type: ignore[no-untyped-call]  # pygame-gui: unannotated

    def wake_in(self) -> float | None:
        """When this manager's widgets next need a frame without an event (the app's rest,
        ne_game/ui/shell/app.py): 0.0 while a widget's colours blend from one state to the next,
        the cursor's blink time while a text field is focused or still shows its cursor,
        else None (buttons change only on events: hover, press, focus)."""
        wake: float | None = None
        for element in self.get_sprite_group().sprites():
            state = getattr(getattr(element, "drawable_shape", None), "active_state", None)
            if state is not None and state.transition is not None:
                return 0.0
            if isinstance(element, (pygame_gui.elements.UITextEntryLine, pygame_gui.elements.UITextEntryBox)) \
                    and (element.is_focused or element.cursor_on):
                # One frame per blink time: the blink comes out at half pygame-gui's speed
                # (its cursor toggles on every other look), for a tenth of the frames.
                blink = float(getattr(element, "blink_cursor_time", BLINK))
                wake = blink if wake is None else min(wake, blink)
        return wake
