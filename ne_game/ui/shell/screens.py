"""The screen graph: every screen's name and the scene that shows it.

This is the one module that imports the scenes. A scene never imports another scene to
show it; it asks the app by name with keyword arguments (the pattern of Tuxemon's state
registry), so no scene module depends on the ones that follow it:

    app.go("title")                          # replace the whole stack
    app.push("pause", session=session)       # on top of the current scene
    app.replace("table", session=session)    # swap the top scene
    app.pop()

`SCREENS` maps a name to a factory `factory(app, **kw) -> Scene`. A factory may return
None when it showed why it could not (a tutorial whose files cannot be read). The entry point hands `SCREENS` to the App;
tests may hand it a smaller or fake graph.
"""
from __future__ import annotations

from collections.abc import Mapping

from ne_game.ui.scenes.coach.scene import CoachScene
from ne_game.ui.scenes.controls import ControlsScene
from ne_game.ui.scenes.dialog import MessageDialog
from ne_game.ui.scenes.handover import HandoverScene
from ne_game.ui.scenes.load import LoadScene
from ne_game.ui.scenes.osk import OnScreenKeyboard
from ne_game.ui.scenes.pause import PauseScene
from ne_game.ui.scenes.records import RecordsScene
from ne_game.ui.scenes.replay import ReplayScene
from ne_game.ui.scenes.rules import RulesScene
from ne_game.ui.scenes.rules_summary import RulesSummaryScene
from ne_game.ui.scenes.seats import SeatsScene
from ne_game.ui.scenes.settings import SettingsScene
from ne_game.ui.scenes.setup import SetupScene
from ne_game.ui.scenes.story import StoryScene
from ne_game.ui.scenes.table import FinalScene, TableScene
from ne_game.ui.scenes.title import TitleScene
from ne_game.ui.scenes.tutorial.scene import TutorialScene
from ne_game.ui.scenes.who_starts import WhoStartsScene
from ne_game.ui.shell.scene_base import ScreenFactory

SCREENS: Mapping[str, ScreenFactory] = {
    "title": TitleScene,
    "setup": SetupScene,
    "who_starts": WhoStartsScene,
    "table": TableScene,
    "pause": PauseScene,
    "handover": HandoverScene,
    "records": RecordsScene,
    "replay": ReplayScene,
    "story": StoryScene,
    "coach": CoachScene,
    "settings": SettingsScene,
    "seats": SeatsScene,
    "load": LoadScene,
    "rules": RulesScene,
    "rules_summary": RulesSummaryScene,
    "final_scoring": FinalScene,
    "tutorial": TutorialScene.open,
    "dialog": MessageDialog,
    "on_screen_keyboard": OnScreenKeyboard,
    "controls": ControlsScene,
}
