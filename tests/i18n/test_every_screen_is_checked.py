"""The every-scene checks (test_every_scene.py: text that fits, in every language, at every size)
open every screen of the screen graph (ne_game/ui/shell/screens.py): a new screen cannot be
forgotten, because this test names it until an opener shows it."""
from __future__ import annotations

import inspect
import re

from ne_game.ui.shell.screens import SCREENS
from tests.i18n import test_every_scene


def test_every_screen_of_the_graph_is_opened_by_the_every_scene_checks():
    source = inspect.getsource(test_every_scene._scenes)
    opened = set(re.findall(r'app\.(?:go|push|replace)\(\s*"(\w+)"', source))
    assert sorted(set(SCREENS) - opened) == []
