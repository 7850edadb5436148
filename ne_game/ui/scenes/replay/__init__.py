"""The replay viewer: any saved game, step by step, on the table's own drawing.

    model.py   ReplayModel: a replay's position as the table's views (pure, cached)
    bar.py     the control bar: the timeline with its rounds, the step buttons
    note.py    the coach's finding over the log: whole, scrolling when too long for its box
    scene.py   ReplayScene: keys, pad, mouse and the slider turned into steps
"""
from __future__ import annotations

from ne_game.ui.scenes.replay.model import ReplayModel
from ne_game.ui.scenes.replay.scene import ReplayScene

__all__ = ["ReplayModel", "ReplayScene"]
