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
    hint = "Click marker 5."           # optional: said when the learner does something else;
                                       # or one per device:
                                       # hint = { mouse = "Click marker 5.",
                                       #          keys = "Choose marker 5, press Enter.",
                                       #          pad = "Choose marker 5, press A." }
    [how]                              # optional: a paragraph of the text as the keyboard or
    keys = "Press Enter on marker 5."  # a pad player does it (the text says what a mouse
    pad = "Press A on marker 5."       # does); it replaces paragraph `paragraph` (1 = the
    paragraph = 3                      # first; the last when not given) for that device.
                                       # Several: [[how]] tables, each with its paragraph.

Loading validates every file and names file and key on a mistake (DataError). No pygame.
"""
from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TypedDict, cast

from ne_game import rules
from ne_game.game.gamedata import default_ruleset, read_toml
from ne_game.game.session import seat_kinds
from ne_game.rules import normalize_action
from ne_game.rules.engine import FIELDS, PHASE_OF
from ne_game.rules.errors import DataError, brief
from ne_game.storage import safe_io
from ne_game.storage.paths import resource_path

from .scenario import _Check, load_scenario

TUTORIAL_DIR = ("levels", "tutorial")
INDEX = "index.toml"
PREVIOUS = "previous"
THEN = ("none", "computers")
HIGHLIGHT_KEYS = {"cells", "slots", "bids", "panels", "buttons", "regions"}
REGIONS = ("offer", "bag", "deck", "bid_track", "board", "action_bar", "log", "status")
_LESSON_KEYS = {"id", "title", "scenario", "text", "done", "then", "highlight", "expect", "how"}
#: the devices a lesson may word its steps for: the mouse (the text itself), keys, a pad
DEVICES = ("mouse", "keys", "pad")
#: ne_game.ui.shell.input_map's "last device" names -> a lesson's device keys
DEVICE_KEY = {"mouse": "mouse", "keyboard": "keys", "pad": "pad"}
USE_KINDS = ("develop", "figure_on", "store_in_barn")


class Highlight(TypedDict, total=False):
    """What a lesson points at (each key optional; load_lesson checks every value's kind)."""
    cells: list[list[int]]
    slots: list[int]
    bids: list[int]
    panels: list[int]
    buttons: list[str]
    regions: list[str]


@dataclass
class Lesson:
    id: str
    title: str
    text: str
    done: str
    expect: dict[str, object]          # {"type": ..., fixed fields...}
    hint: str = ""                     # the mouse's hint (and every device's, when alone)
    scenario: str = PREVIOUS           # a path relative to the tutorial folder, or "previous"
    then: str | list[dict[str, object]] = "none"   # "none", "computers", or scripted actions
    highlight: Highlight = field(default_factory=Highlight)
    source: str = ""                   # the file, as shown in messages
    hints: dict[str, str] = field(default_factory=dict)   # device key ("keys", "pad") -> hint
    # (paragraph, {device key: text}): the text's paragraph (1-based; 0: the last) as a
    # keyboard ("keys") or pad ("pad") player reads it
    how: list[tuple[int, dict[str, str]]] = field(default_factory=list)

    def hint_for(self, device: str) -> str:
        """The hint in English for a device ("mouse", "keyboard", "pad")."""
        return self.hints.get(DEVICE_KEY.get(device, "mouse"), self.hint)

    def paragraphs_for(self, device: str, translate: Callable[[str], str] = str) -> list[str]:
        """The text's paragraphs as a player on `device` reads them, each through `translate`."""
        paras = self.paragraphs(translate(self.text))
        key = DEVICE_KEY.get(device, "mouse")
        for paragraph, words in self.how:
            own = words.get(key)
            k = (paragraph or len(paras)) - 1
            if own and 0 <= k < len(paras):
                paras[k] = " ".join(translate(own).split())
        return paras

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
    seats: list[dict[str, str]]        # [{"name", "kind"}] per seat; seat 0 is the learner
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
        c.need(isinstance(s, dict) and isinstance(s.get("name"), str) and s.get("kind") in seat_kinds(),
               f"seat[{k}]", f"expected {{ name = \"…\", kind = one of {', '.join(seat_kinds())} }}")
    lessons = []
    ids = set()
    for k, name in enumerate(files):
        c.need(isinstance(name, str) and name.endswith(".toml"), f"lessons[{k}]",
               f"expected a .toml file name, found {brief(name)}")
        c.need(safe_io.stays_inside(folder, name), f"lessons[{k}]", f"{brief(name)} leaves the tutorial folder")
        lesson = load_lesson(folder / name, folder)
        c.need(lesson.id not in ids, f"lessons[{k}]", f"lesson id {brief(lesson.id)} is used twice")
        ids.add(lesson.id)
        if k == 0:
            src = Path(lesson.source)
            if lesson.scenario == PREVIOUS:
                raise DataError(str(src), "scenario", "the first lesson needs a scenario file")
        lessons.append(lesson)
    if check_scenarios:
        _walk(lessons, folder)
    return Tutorial(title, lessons, folder, seats)


def _walk(lessons: list[Lesson], folder: Path) -> None:
    """Every scenario loads, and every lesson's `expect` can be met where the lesson starts:
    the phase fits and some legal action matches (else the learner would be stuck). A lesson
    that goes on after computer play ("then = computers") starts where only play can tell;
    its `expect` was checked field by field when it loaded."""
    state = None
    for lesson in lessons:
        if lesson.scenario != PREVIOUS:
            state = load_scenario(folder / lesson.scenario, _shown(folder, folder / lesson.scenario))
        if state is not None and not lesson.is_reading:
            kind = str(lesson.expect["type"])    # a text: load_lesson checked it
            phase = rules.phase(state)
            if PHASE_OF[kind] != phase:
                raise DataError(lesson.source, "expect.type",
                                f"a {kind} action is impossible in the lesson's position ({phase} phase)")
            fits = [a for a in rules.legal_actions(state) if matches(lesson.expect, a)]
            if not fits:
                raise DataError(lesson.source, "expect", "no legal action in the lesson's position fits it")
            state = rules.apply_action(state, fits[0])
        if isinstance(lesson.then, list) and state is not None:
            for k, action in enumerate(lesson.then):
                try:
                    state = rules.apply_action(state, dict(action))
                except rules.IllegalAction as err:
                    raise DataError(lesson.source, f"then[{k}]", f"this action does not fit the position: {err}") from None
        elif lesson.then == "computers":
            state = None


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
        c.need(safe_io.stays_inside(folder, scenario), "scenario", f"{brief(scenario)} leaves the tutorial folder")
        c.need((folder / scenario).is_file(), "scenario", f"no file {brief(scenario)} in {_shown(folder, folder)}")
    then = c.get(data, "then", "then", (str, list), "none")
    if isinstance(then, str):
        c.need(then in THEN, "then", f"{brief(then)}; one of {', '.join(THEN)}, or a list of actions")
    else:
        for k, a in enumerate(then):
            c.need(isinstance(a, dict) and isinstance(a.get("type"), str) and a["type"] in FIELDS, f"then[{k}]",
                   f"an action table with a type ({', '.join(FIELDS)}), found {brief(a)}")
            want = {"type", *FIELDS[a["type"]]}
            c.need(set(a) == want, f"then[{k}]", f"a {a['type']} action has exactly the fields {', '.join(sorted(want))}")
    highlight = c.get(data, "highlight", "highlight", dict, {})
    c.unknown(highlight, HIGHLIGHT_KEYS, "highlight")
    for key, value in highlight.items():
        c.need(isinstance(value, list), f"highlight.{key}", "expected a list")
        for v in value:
            if key == "cells":
                c.need(isinstance(v, list) and len(v) == 2 and all(isinstance(i, int) for i in v),
                       "highlight.cells", f"a cell is [x, y], found {brief(v)}")
            elif key in ("slots", "bids", "panels"):
                c.need(isinstance(v, int) and not isinstance(v, bool), f"highlight.{key}", f"expected numbers, found {brief(v)}")
            elif key == "regions":
                c.need(v in REGIONS, "highlight.regions", f"unknown region {brief(v)}; one of {', '.join(REGIONS)}")
            else:
                c.need(isinstance(v, str), f"highlight.{key}", f"expected names, found {brief(v)}")
    expect = dict(c.get(data, "expect", "expect", dict))
    hint = expect.pop("hint", "")
    hints: dict[str, str] = {}
    if isinstance(hint, dict):
        c.unknown(hint, set(DEVICES), "expect.hint")
        c.need(all(isinstance(v, str) and v.strip() for v in hint.values()), "expect.hint",
               "each device's hint is a text")
        c.need("mouse" in hint, "expect.hint", "the mouse's hint (mouse = ...) is needed beside keys and pad")
        hints = {k: v for k, v in hint.items() if k != "mouse"}
        hint = hint["mouse"]
    c.need(isinstance(hint, str), "expect.hint", "expected text, or a table of mouse, keys and pad")
    how_data = c.get(data, "how", "how", (dict, list), [])
    hows: list[tuple[int, dict[str, str]]] = []
    count = len([p for p in text.strip().split("\n\n") if p.strip()])
    for k, entry in enumerate([how_data] if isinstance(how_data, dict) else how_data):
        where = "how" if isinstance(how_data, dict) else f"how[{k}]"
        c.need(isinstance(entry, dict), where, "a table of keys, pad and paragraph")
        entry = dict(entry)
        paragraph = entry.pop("paragraph", 0)
        c.unknown(entry, {"keys", "pad"}, where)
        c.need(isinstance(paragraph, int) and not isinstance(paragraph, bool) and 0 <= paragraph <= count,
               f"{where}.paragraph", f"a paragraph's number, 1 to {count}")
        c.need(all(isinstance(v, str) and v.strip() for v in entry.values()), where,
               "each device's paragraph is a text")
        hows.append((paragraph, entry))
    kind = c.get(expect, "type", "expect.type", str)
    c.need(kind == "next" or kind in FIELDS, "expect.type",
           f"unknown action type {brief(kind)}; one of next, {', '.join(FIELDS)}")
    if kind != "next":
        c.unknown(expect, {"type", *FIELDS[kind]}, "expect")
        _check_expect_fields(c, expect)
    else:
        c.unknown(expect, {"type"}, "expect")
    # the highlight's values were checked key by key above
    return Lesson(lid, title, text, done, expect, hint, scenario, then, cast(Highlight, highlight), shown, hints, hows)


def _check_expect_fields(c: _Check, expect: Mapping[str, object]) -> None:
    """Each fixed field of `expect` is a value the game can ever produce (a slot on the
    table, a bid marker that exists, a parcel of the board...), else the step could never
    be done."""
    rs = default_ruleset()
    slots = rs.offer_slots + rs.players_max       # the offer, plus one extra reveal per buyer
    ok_cell = rs.on_board
    checks: dict[str, tuple[Callable[[object], bool], str]] = {
        "slot": (lambda v: type(v) is int and 0 <= v < slots, f"a slot from 0 to {slots - 1}"),
        "value": (lambda v: v in rs.bid_values and type(v) is int, "a bid marker's value"),
        "land_tiles": (lambda v: type(v) is int and rs.offer_land_min <= v <= rs.offer_land_max,
                       f"{rs.offer_land_min} to {rs.offer_land_max} land tiles"),
        "land": (lambda v: isinstance(v, str) and v in rs.lands, f"one of {', '.join(rs.lands)}"),
        "source": (lambda v: v in ("land", "card"), "land or card"),
        "cell": (ok_cell, "a parcel [x, y] of the board"),
        "barn": (ok_cell, "a parcel [x, y] of the board"),
        "from": (ok_cell, "a parcel [x, y] of the board"),
        "to": (ok_cell, "a parcel [x, y] of the board"),
        "cells": (lambda v: isinstance(v, list) and len(v) == 2 and all(ok_cell(x) for x in v),
                  "two parcels [x, y] of the board"),
        "use": (_use_ok, f"one of {', '.join(USE_KINDS)} or a use table such as {{ develop = [[2, 3], [3, 3]] }}"),
    }
    for key, value in expect.items():
        if key in checks:
            ok, wanted = checks[key]
            c.need(ok(value), f"expect.{key}", f"expected {wanted}, found {brief(value)}; the step could never be done")


def _use_ok(use: object) -> bool:
    if isinstance(use, str):
        return use in USE_KINDS
    if not (isinstance(use, dict) and len(use) == 1):
        return False
    (kind, where), = use.items()
    rs = default_ruleset()
    if kind == "develop":
        return isinstance(where, list) and bool(where) and all(rs.on_board(x) for x in where)
    return kind in USE_KINDS and rs.on_board(where)


# ---- matching an action against a lesson's `expect` -----------------------------------

# lists of cells compare as sets: the engine's own notion of the same action
_norm = normalize_action


def matches(expect: Mapping[str, object], action: Mapping[str, object]) -> bool:
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
