"""Lesson files: `levels/tutorial/index.toml` lists lesson files in order; each lesson is TOML.

    id = "bid"
    title = "Take a bid marker"
    scenario = "scenarios/bids.toml"   # or "previous": the position the last lesson left
    text = '''Short paragraphs, separated by blank lines.'''
    done = '''What the learner sees after doing it.'''
    then = "computers"                 # optional: "computers" (they play until it is your
                                       # turn again), "none" (default), or a list of the
                                       # computer seats' exact actions, played in order:
                                       # then = [{ type = "end_turn" }, { type = "end_turn" }]
    [highlight]                        # optional: what glows while the step waits
    cells = [[3, 4]]
    slots = [0]
    bids = [5]
    panels = [0]                       # player panels, by seat
    buttons = ["end_turn"]             # table buttons by id
    regions = ["offer"]                # offer, bag, deck, bid_track, board, action_bar, log
    [expect]                           # the action that moves the lesson on
    type = "take_bid"                  # an action type, or "next" (just read, press Next)
    value = 5                          # optional fixed fields; a missing field means "any"
    hint = "Click marker 5."           # optional: said when the learner does something else

Loading validates every file and names file and key on a mistake (DataError). No pygame.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ne_game import safe_io
from ne_game.gamedata import read_toml
from ne_game.paths import resource_path
from ne_game.rules import normalize_action
from ne_game.rules.engine import FIELDS
from ne_game.rules.errors import DataError

from .scenario import _Check, load_scenario

TUTORIAL_DIR = ("levels", "tutorial")
INDEX = "index.toml"
PREVIOUS = "previous"
THEN = ("none", "computers")
HIGHLIGHT_KEYS = {"cells", "slots", "bids", "panels", "buttons", "regions"}
REGIONS = ("offer", "bag", "deck", "bid_track", "board", "action_bar", "log", "status")
_LESSON_KEYS = {"id", "title", "scenario", "text", "done", "then", "highlight", "expect"}
USE_KINDS = ("develop", "figure_on", "store_in_barn")


@dataclass
class Lesson:
    id: str
    title: str
    text: str
    done: str
    expect: dict                       # {"type": ..., fixed fields...}
    hint: str = ""
    scenario: str = PREVIOUS           # a path relative to the tutorial folder, or "previous"
    then: str | list = "none"          # "none", "computers", or scripted actions (dicts)
    highlight: dict = field(default_factory=dict)
    source: str = ""                   # the file, as shown in messages

    @property
    def is_reading(self) -> bool:
        """A step that only asks the learner to read and press Next."""
        return self.expect.get("type") == "next"

    def paragraphs(self, text: str | None = None) -> list[str]:
        raw = self.text if text is None else text
        return [" ".join(p.split()) for p in raw.strip().split("\n\n") if p.strip()]


@dataclass
class Tutorial:
    title: str
    lessons: list[Lesson]
    folder: Path
    seats: list[dict]                  # [{"name", "kind"}] per seat; seat 0 is the learner
    learner: int = 0

    def scenario_path(self, lesson: Lesson) -> Path:
        return self.folder / lesson.scenario


def tutorial_folder() -> Path:
    return resource_path(*TUTORIAL_DIR)


def _shown(folder: Path, path: Path) -> str:
    """A file as people see it in messages: levels/tutorial/… for shipped files."""
    try:
        return str(Path(*TUTORIAL_DIR) / path.relative_to(folder))
    except ValueError:
        return str(path)


def load_tutorial(folder: Path | None = None, check_scenarios: bool = True) -> Tutorial:
    """The tutorial in `folder` (default: the shipped one), every lesson validated."""
    folder = Path(folder) if folder else tutorial_folder()
    index_path = folder / INDEX
    shown = _shown(folder, index_path)
    data = read_toml(index_path, shown)
    c = _Check(shown)
    c.unknown(data, {"title", "lessons", "seat"}, "")
    title = c.get(data, "title", "title", str, "Tutorial")
    files = c.get(data, "lessons", "lessons", list)
    c.need(bool(files), "lessons", "no lessons listed")
    seats = c.get(data, "seat", "seat", list, [])
    for k, s in enumerate(seats):
        c.need(isinstance(s, dict) and isinstance(s.get("name"), str)
               and s.get("kind") in ("human", "easy", "medium", "hard"),
               f"seat[{k}]", "expected { name = \"…\", kind = \"human\" | \"easy\" | \"medium\" | \"hard\" }")
    lessons = []
    ids = set()
    for k, name in enumerate(files):
        c.need(isinstance(name, str) and name.endswith(".toml"), f"lessons[{k}]", f"expected a .toml file name, found {name!r}")
        c.need(safe_io.stays_inside(folder, name), f"lessons[{k}]", f"{name!r} leaves the tutorial folder")
        lesson = load_lesson(folder / name, folder)
        c.need(lesson.id not in ids, f"lessons[{k}]", f"lesson id {lesson.id!r} is used twice")
        ids.add(lesson.id)
        if k == 0:
            src = Path(lesson.source)
            if lesson.scenario == PREVIOUS:
                raise DataError(str(src), "scenario", "the first lesson needs a scenario file")
        lessons.append(lesson)
    if check_scenarios:
        for lesson in lessons:
            if lesson.scenario != PREVIOUS:
                load_scenario(folder / lesson.scenario, _shown(folder, folder / lesson.scenario))
    return Tutorial(title, lessons, folder, seats)


def load_lesson(path: Path, folder: Path | None = None) -> Lesson:
    folder = folder or path.parent
    shown = _shown(folder, path)
    data = read_toml(path, shown)
    c = _Check(shown)
    c.unknown(data, _LESSON_KEYS, "")
    lid = c.get(data, "id", "id", str)
    c.need(bool(lid.strip()), "id", "empty")
    title = c.get(data, "title", "title", str)
    text = c.get(data, "text", "text", str)
    c.need(bool(text.strip()), "text", "empty")
    done = c.get(data, "done", "done", str, "")
    scenario = c.get(data, "scenario", "scenario", str, PREVIOUS)
    if scenario != PREVIOUS:
        c.need(safe_io.stays_inside(folder, scenario), "scenario", f"{scenario!r} leaves the tutorial folder")
        c.need((folder / scenario).is_file(), "scenario", f"no file {scenario!r} in {_shown(folder, folder)}")
    then = c.get(data, "then", "then", (str, list), "none")
    if isinstance(then, str):
        c.need(then in THEN, "then", f"{then!r}; one of {', '.join(THEN)}, or a list of actions")
    else:
        for k, a in enumerate(then):
            c.need(isinstance(a, dict) and a.get("type") in FIELDS, f"then[{k}]",
                   f"an action table with a type ({', '.join(FIELDS)}), found {a!r}")
            want = {"type", *FIELDS[a["type"]]}
            c.need(set(a) == want, f"then[{k}]", f"a {a['type']} action has exactly the fields {', '.join(sorted(want))}")
    highlight = c.get(data, "highlight", "highlight", dict, {})
    c.unknown(highlight, HIGHLIGHT_KEYS, "highlight")
    for key, value in highlight.items():
        c.need(isinstance(value, list), f"highlight.{key}", "expected a list")
        for v in value:
            if key == "cells":
                c.need(isinstance(v, list) and len(v) == 2 and all(isinstance(i, int) for i in v),
                       "highlight.cells", f"a cell is [x, y], found {v!r}")
            elif key in ("slots", "bids", "panels"):
                c.need(isinstance(v, int) and not isinstance(v, bool), f"highlight.{key}", f"expected numbers, found {v!r}")
            elif key == "regions":
                c.need(v in REGIONS, "highlight.regions", f"unknown region {v!r}; one of {', '.join(REGIONS)}")
            else:
                c.need(isinstance(v, str), f"highlight.{key}", f"expected names, found {v!r}")
    expect = dict(c.get(data, "expect", "expect", dict))
    hint = expect.pop("hint", "")
    c.need(isinstance(hint, str), "expect.hint", "expected text")
    kind = c.get(expect, "type", "expect.type", str)
    c.need(kind == "next" or kind in FIELDS, "expect.type",
           f"unknown action type {kind!r}; one of next, {', '.join(FIELDS)}")
    if kind != "next":
        c.unknown(expect, {"type", *FIELDS[kind]}, "expect")
        use = expect.get("use")
        if isinstance(use, str):
            c.need(use in USE_KINDS, "expect.use", f"{use!r}; one of {', '.join(USE_KINDS)} or a full use table")
    else:
        c.unknown(expect, {"type"}, "expect")
    return Lesson(lid, title, text, done, expect, hint, scenario, then, highlight, shown)


# ---- matching an action against a lesson's `expect` -----------------------------------

# lists of cells compare as sets: the engine's own notion of the same action
_norm = normalize_action


def matches(expect: dict, action: dict) -> bool:
    """True when `action` is the one the step asks for (fields not named in expect are free)."""
    if expect.get("type") != action.get("type"):
        return False
    for key, want in expect.items():
        if key == "type":
            continue
        have = action.get(key)
        if key == "use" and isinstance(want, str):
            if not (isinstance(have, dict) and want in have):
                return False
        elif _norm(want) != _norm(have):
            return False
    return True
