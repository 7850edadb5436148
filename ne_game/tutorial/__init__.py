"""The tutorial: lessons (levels/tutorial/*.toml) played on the real table, one taught action
at a time. Pure layer here (no pygame): scenario files, lesson files, the step machine.
The screens are in ne_game/ui/scenes/tutorial/scene.py."""
from .controller import TutorialController, TutorialSession, clear_progress, has_progress, read_progress
from .lessons import Lesson, Tutorial, load_lesson, load_tutorial, matches
from .scenario import build_scenario, load_scenario, scenario_snapshot

__all__ = ["TutorialController", "TutorialSession", "Lesson", "Tutorial", "load_tutorial", "load_lesson",
           "matches", "load_scenario", "build_scenario", "scenario_snapshot", "has_progress",
           "read_progress", "clear_progress"]
