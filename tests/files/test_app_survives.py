"""The real app, headless, against a user folder full of every bad file issue 9 lists:
the title comes up, and Continue, Load game, Tutorial and New game do not crash."""
from __future__ import annotations

import json
import os

import pygame
import pytest

from ne_game.storage import saves
from ne_game.storage.settings import settings_path
from ne_game.tutorial.controller import progress_path
from ne_game.ui.scenes.dialog import MessageDialog
from ne_game.ui.scenes.title import TitleScene

from .helpers import deep_json, real_save, write


@pytest.fixture
def hostile_home(ne_game_home):
    home = ne_game_home
    write(saves.autosave_path(), deep_json())
    write(settings_path(), json.dumps({
        "version": 1, "ui_scale": 1e300, "theme": "bad\x00name", "animation": "off",
        "last_seats": [{"name": "Al\x00ce", "family": 3}, {"name": "x" * 10_000, "family": ["palmer"]},
                       {"name": "Bob", "family": "palmer", "kind": "human"}]}).replace("1e+300", "1e400"))
    write(progress_path(), json.dumps({"version": 1, "index": "3", "stage": None}))
    folder = saves.saves_dir()
    os.mkfifo(folder / "pipe.json")
    (folder / "zero.json").symlink_to("/dev/zero")
    write(folder / "deep.json", deep_json())
    big = real_save()
    big["summary"] = "x" * 1_000_000
    write(folder / "big.json", json.dumps(big))
    nul = real_save()
    nul["seats"][0]["name"] = "Al\x00ce"
    write(folder / "nul.json", json.dumps(nul))
    long = real_save()
    long["seats"][1]["name"] = "y" * 10_000
    write(folder / "long.json", json.dumps(long))
    seed = json.dumps(real_save())
    write(folder / "seed.json", seed.replace('"seed":', '"seed": ' + "9" * 4301 + ', "x":'))
    for k in range(5):
        os.utime(write(home / f"autosave.json.{k}.tmp", "{"), (1, 1))
    return home


def _dismiss(h):
    while isinstance(h.top, MessageDialog):
        h.key(pygame.K_RETURN)


def test_the_title_comes_up_and_nothing_crashes(hostile_home, harness, tmp_path):
    h = harness()
    # the settings were repaired (kept as .damaged) and said so in a note over the title
    assert isinstance(h.top, MessageDialog) and "settings.json" in h.top.text
    assert h.app.settings.ui_scale == 100 and h.app.settings.theme == "default"
    assert h.app.settings.last_seats == [{"name": "Bob", "family": "palmer", "kind": "human"}]
    assert not list(hostile_home.glob("autosave.json.*.tmp"))
    _dismiss(h)
    title = h.top
    assert isinstance(title, TitleScene)
    assert title.continue_info == "(the save looks damaged)"
    assert (hostile_home / "tutorial.json.damaged").exists()
    h.step(2)   # the notice of the tutorial file becomes a toast
    h.screenshot(tmp_path / "title.png")

    # Continue: the deep autosave is set aside and named
    h.click(h.layout()["button_continue"])
    assert isinstance(h.top, MessageDialog) and "autosave.json" in h.top.text
    assert (hostile_home / "autosave.json.damaged").exists()
    _dismiss(h)
    assert isinstance(h.top, TitleScene) and not h.top.buttons["continue"].is_enabled

    # Load game: every hostile save is listed as damaged, none hangs or crashes
    h.click(h.layout()["button_load"])
    h.step(3)
    h.screenshot(tmp_path / "load.png")
    h.key(pygame.K_ESCAPE)
    _dismiss(h)
    listed = {i.path.name: i.damaged for i in saves.list_slots()}
    assert all(listed.values()) and "pipe.json" in listed
    for name in listed:   # and loading each one refuses it with a message, setting it aside
        from ne_game.ui.shell.flow import open_save

        assert not open_save(h.app, saves.saves_dir() / name)
        _dismiss(h)
    assert saves.list_slots() == []

    # New game: the setup screen opens with the one good remembered seat, and a game starts
    assert isinstance(h.top, TitleScene)
    h.click(h.layout()["button_new"])
    h.step(2)
    h.screenshot(tmp_path / "setup.png")
    h.click(h.layout()["button_start"])
    h.key(pygame.K_SPACE)   # past the draw for the start player
    h.step(2)
    assert h.top.__class__.__name__ in ("TableScene", "StandInTable"), type(h.top)
    assert h.top.session.seats[0].name == "Bob"
    h.step(5)
    assert saves.read_autosave()["seats"][0]["name"] == "Bob"


def test_a_second_window_says_it_keeps_its_own_autosave(ne_game_home, harness):
    import subprocess
    import sys

    from .test_user_folder import HOLD

    other = subprocess.Popen([sys.executable, "-c", HOLD, str(ne_game_home)], stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, text=True)
    try:
        assert other.stdout.readline().strip() == "1"
        h = harness()
        assert any("autosave-2.json" in text for text in h.app.toasts.texts())
        assert saves.autosave_path().name == "autosave-2.json"
    finally:
        other.stdin.close()
        other.wait()


def test_an_unusable_user_folder_is_said_at_start(tmp_path, monkeypatch, harness):
    blocker = write(tmp_path / "a_file", "x")
    monkeypatch.setenv("NE_GAME_HOME", str(blocker / "home"))
    h = harness()
    assert isinstance(h.top, TitleScene)
    assert any("cannot be used" in text for text in h.app.toasts.texts())
