"""The title screen.

    scene.py    TitleScene: new game, continue, tutorial, load, records, settings, quit
    picture.py  the painted map beside the menu: the table's own map with a colony on it
"""
from __future__ import annotations

from ne_game.ui.scenes.title.scene import TitleScene

__all__ = ["TitleScene"]
