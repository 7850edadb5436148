"""Seeded mutation fuzzing of every loader that takes free-form data from a file.

Each loader gets real files mutated at random (structured: a value swapped for a hostile one, a
key dropped; and raw: bytes flipped, cut, or wrapped in deep brackets). Whatever comes in:
- no exception escapes but the loader's documented one (SaveError for saves, ThemeError for
  themes, none at all for settings and tutorial progress);
- a file that was refused is set aside as `.damaged`, and the defaults are what is used.
"""
from __future__ import annotations

import copy
import json
import random
import shutil
import warnings
from pathlib import Path

from ne_game.storage import saves
from ne_game.storage.paths import resource_path
from ne_game.storage.saves import SaveError
from ne_game.storage.settings import Settings, load_settings, save_settings, settings_path
from ne_game.tutorial import read_progress
from ne_game.tutorial.controller import progress_path
from ne_game.ui.look.theme import ThemeError, theme_from_file
from ne_game.ui.shell.flow import load_session

from .helpers import real_save

RUNS = 150

HOSTILE = [None, True, False, 0, -1, 2 ** 63, -(2 ** 70), 1e308, -1e-308, 0.5, "", "x" * 5000,
           "\x00", "Al\x00ce", "\u202e", [], {}, [[[[[]]]]], {"a": {"b": {"c": []}}}, ["x"] * 50,
           "winslow", "human", "place_start_tile", "finished", "default", 3, 4, 100, 200]


def _paths(node, prefix=()):
    yield prefix
    if isinstance(node, dict):
        for k, v in node.items():
            yield from _paths(v, prefix + (k,))
    elif isinstance(node, list):
        for i, v in enumerate(node):
            yield from _paths(v, prefix + (i,))


def _mutate_tree(data, rng: random.Random):
    data = json.loads(json.dumps(data))
    for _ in range(rng.randint(1, 3)):
        paths = [p for p in _paths(data) if p]
        if not paths:
            break
        path = rng.choice(paths)
        parent = data
        for step in path[:-1]:
            parent = parent[step]
        if isinstance(parent, dict) and rng.random() < 0.2:
            del parent[path[-1]]
        else:
            parent[path[-1]] = copy.deepcopy(rng.choice(HOSTILE))
    return json.dumps(data)


def _mutate_text(text: str, rng: random.Random) -> str:
    kind = rng.randrange(6)
    if kind == 0:   # flip bytes
        chars = list(text)
        for _ in range(rng.randint(1, 5)):
            chars[rng.randrange(len(chars))] = chr(rng.choice([0, 34, 44, 58, 91, 93, 123, 125, 48, 57, 0x7f, 0xe9]))
        return "".join(chars)
    if kind == 1:   # cut
        return text[: rng.randrange(len(text))]
    if kind == 2:   # deep
        n = rng.choice([31, 33, 990, 3000])
        return "[" * n + text + "]" * n
    if kind == 3:   # hostile number tokens
        return text.replace("1", rng.choice(["Infinity", "NaN", "1e400", "9" * 4301, "-0"]), 1)
    if kind == 4:   # duplicate a slice
        i = rng.randrange(len(text))
        return text[:i] + text[i: i + rng.randint(1, 200)] * rng.randint(2, 50) + text[i:]
    return text + rng.choice(["", "}", "]", ",", "\x00", "garbage"])


def _mutant(data, rng: random.Random) -> str:
    return _mutate_tree(data, rng) if rng.random() < 0.6 else _mutate_text(json.dumps(data), rng)


def _damaged(path: Path) -> bool:
    return any(p.name.startswith(path.name + ".damaged") for p in path.parent.iterdir())


def _clear(path: Path) -> None:
    for p in path.parent.glob(path.name + "*"):
        p.unlink()


def test_fuzz_saves():
    rng = random.Random(9001)
    original = real_save(moves=8)
    path = saves.saves_dir() / "fuzz.json"
    loaded = refused = 0
    for _ in range(RUNS):
        _clear(path)
        path.write_text(_mutant(original, rng), encoding="utf-8")
        saves.list_slots()   # the title's list never raises either
        try:
            session = load_session(path)
        except SaveError as err:
            refused += 1
            assert not path.exists() and _damaged(path), str(err)
            assert "fuzz.json" in str(err)
            continue
        loaded += 1
        assert len(session.seats) in (3, 4) and all(len(s.name) <= 16 for s in session.seats)
    assert refused > RUNS // 3 and loaded > 0


def test_fuzz_settings():
    rng = random.Random(9002)
    save_settings(Settings(ui_scale=150, theme="high_contrast", colorblind=True,
                           last_seats=[{"name": "Ann", "family": "palmer", "kind": "easy"}]))
    original = json.loads(settings_path().read_text())
    reported = 0
    for _ in range(RUNS):
        _clear(settings_path())
        settings_path().write_text(_mutant(original, rng), encoding="utf-8")
        settings, msg = load_settings()          # never raises
        assert settings == settings.normalized()  # every value legal
        if msg is not None:
            reported += 1
            assert _damaged(settings_path()) and "settings.json" in msg
        else:
            assert not _damaged(settings_path())
    assert RUNS // 4 < reported < RUNS


def test_fuzz_tutorial_progress():
    rng = random.Random(9003)
    original = {"version": 1, "index": 3, "lesson": "bid", "stage": "doing", "count": 14, "start": None}
    refused = 0
    for _ in range(RUNS):
        _clear(progress_path())
        progress_path().write_text(_mutant(original, rng), encoding="utf-8")
        data = read_progress()                   # never raises
        if data is None:
            refused += 1
            assert _damaged(progress_path())
        else:
            assert isinstance(data.get("index", 0), int) and progress_path().exists()
    assert RUNS // 4 < refused < RUNS


def _mutate_toml(text: str, rng: random.Random) -> str:
    lines = text.splitlines()
    values = ['"../../../etc/hostname"', '"/etc/hostname"', "nan", "inf", "-1", "1e6", "[[[[]]]]", '"\\u0000"',
              "{ a = 1 }", '"#zzzzzz"', "true", '"' + "x" * 3000 + '"', "0", '"sprites.png"']
    for _ in range(rng.randint(1, 3)):
        i = rng.randrange(len(lines))
        if "=" in lines[i] and not lines[i].lstrip().startswith("#"):
            key = lines[i].split("=")[0]
            lines[i] = f"{key}= {rng.choice(values)}"
        elif rng.random() < 0.3:
            lines[i] = rng.choice(["[", "]]", "= =", "a = " + "[" * 500, "[sizes]", "[fonts]"])
    return "\n".join(lines) + "\n"


def test_fuzz_theme_toml(tmp_path):
    import pygame

    rng = random.Random(9004)
    folder = tmp_path / "fuzz"
    folder.mkdir()
    default = resource_path("assets", "themes", "default")
    for name in ("sprites.toml", "sprites.png"):
        shutil.copy(default / name, folder / name)
    original = (default / "theme.toml").read_text()
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((64, 64))
    ok = refused = 0
    try:
        for _ in range(RUNS):
            (folder / "theme.toml").write_text(_mutate_toml(original, rng))
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                try:
                    theme = theme_from_file(folder / "theme.toml")
                except ThemeError as err:
                    refused += 1
                    assert str(folder) in str(err) or "theme" in str(err)
                    continue
                ok += 1
                theme.gui_theme(scale=2.0)
                theme.font("body", 30).render("Ag", True, (0, 0, 0))
                theme.sprite("badge_winslow", (20, 20))
    finally:
        pygame.display.quit()
    assert ok > 0 and refused > 0
