"""Issue 9: no file in the user folder can stop a launch or crash Continue; each case seen."""
from __future__ import annotations

import datetime
import json
import os
import subprocess
import sys

import pygame
import pytest

from ne_game import crash
from ne_game.storage import instance_lock, paths, safe_io, saves
from ne_game.storage.saves import SaveError
from ne_game.storage.settings import Settings, load_settings, settings_path
from ne_game.tutorial import TutorialController, has_progress, read_progress
from ne_game.tutorial.controller import progress_path
from ne_game.ui.shell.flow import load_session

from .helpers import deep_json, real_save, write

pytestmark = pytest.mark.usefixtures("fresh_lock_and_notices")


# ---------------------------------------------------------------- deep JSON in every file
def test_deep_json_autosave_is_set_aside_on_continue(ne_game_home):
    write(saves.autosave_path(), deep_json())
    with pytest.raises(SaveError, match="nested") as err:
        load_session(saves.autosave_path())
    assert "autosave.json.damaged" in str(err.value)
    assert (ne_game_home / "autosave.json.damaged").read_text() == deep_json()


def test_deep_json_in_saves_is_listed_as_damaged():
    write(saves.saves_dir() / "deep.json", deep_json())
    saves.write_slot(real_save(), name="good")
    listed = {info.path.name: info for info in saves.list_slots()}
    assert listed["deep.json"].damaged and listed["deep.json"].summary == ""
    assert not listed["good.json"].damaged and "Alice" in listed["good.json"].summary


def test_deep_json_settings_fall_back_to_defaults(ne_game_home):
    write(settings_path(), deep_json())
    settings, msg = load_settings()
    assert settings == Settings() and "settings.json" in msg and "nested" in msg
    assert (ne_game_home / "settings.json.damaged").exists()


def test_deep_json_tutorial_progress_starts_afresh(ne_game_home):
    write(progress_path(), deep_json())
    assert read_progress() is None and not has_progress()
    assert (ne_game_home / "tutorial.json.damaged").exists()
    assert any("tutorial.json" in str(n) and "tutorial.json.damaged" in str(n) for n in safe_io.notices())


# ---------------------------------------------------------------- tutorial.json
@pytest.mark.parametrize("index", ["3", None, -1, 10**6, 2.5, True, [3]])
def test_tutorial_index_of_the_wrong_type(ne_game_home, index):
    write(progress_path(), json.dumps({"version": 1, "index": index, "stage": "doing"}))
    assert not has_progress()
    assert (ne_game_home / "tutorial.json.damaged").exists()
    controller = TutorialController(save_progress=False)
    controller.resume()
    assert controller.index == 0


def test_tutorial_progress_that_is_sound_still_resumes():
    write(progress_path(), json.dumps({"version": 1, "index": 2, "lesson": "nope", "stage": "doing", "count": 9}))
    assert has_progress() and read_progress()["index"] == 2


# ---------------------------------------------------------------- settings.json
@pytest.mark.parametrize("text", ['{"ui_scale": Infinity}', '{"ui_scale": 1e400}', '{"ui_scale": NaN}',
                                  '{"ai_budget": -Infinity}'])
def test_non_finite_numbers_in_settings(ne_game_home, text):
    write(settings_path(), text)
    settings, msg = load_settings()
    assert settings.ui_scale == 100 and settings.ai_budget == Settings().ai_budget
    assert "damaged" in msg and (ne_game_home / "settings.json.damaged").read_text() == text


def test_a_bad_value_costs_only_that_value(ne_game_home):
    write(settings_path(), json.dumps({"version": 1, "ui_scale": 150, "colorblind": True, "theme": "bad\x00name"}))
    settings, msg = load_settings()
    assert settings.ui_scale == 150 and settings.colorblind and settings.theme == "default"
    assert "theme" in msg and "settings.json.damaged" in msg
    again, msg2 = load_settings()   # the repaired file was written back
    assert again == settings and msg2 is None


@pytest.mark.parametrize("theme", ["bad\x00name", "../../../etc", "/abs", "x" * 200, 7])
def test_theme_names_that_are_no_names(theme):
    write(settings_path(), json.dumps({"theme": theme}))
    assert load_settings()[0].theme == "default"


@pytest.mark.parametrize("seat", [{"name": "A", "family": 3}, {"name": "A", "family": ["winslow"]},
                                  {"name": "A\x00B", "family": "winslow"}, {"name": "x" * 17},
                                  {"name": "A", "kind": "god"}, 5, [1]])
def test_last_seats_with_bad_rows_are_dropped(seat):
    good = {"name": "Bob", "family": "palmer", "kind": "human"}
    write(settings_path(), json.dumps({"last_seats": [seat, good]}))
    settings, msg = load_settings()
    assert "last_seats" in msg
    assert all(s in ([good],) or s == good for s in settings.last_seats) or settings.last_seats == []


# ---------------------------------------------------------------- save files
def _save_with(**changes) -> str:
    data = real_save()
    for key, value in changes.items():
        data[key] = value
    return json.dumps(data)


def test_a_4301_digit_seed_is_a_save_error():
    path = write(saves.saves_dir() / "seed.json", _save_with()[:-1] + ', "x": ' + "9" * 4301 + "}")
    with pytest.raises(SaveError, match="digits"):
        saves.read_save_file(path)
    path = write(saves.saves_dir() / "seed2.json", _save_with(seed=2 ** 70))
    with pytest.raises(SaveError, match="seed"):
        saves.read_save_file(path)


@pytest.mark.parametrize("name", ["Al\x00ce", "x" * 10_000, "x" * 17, "tab\there"])
def test_seat_names_are_checked(name):
    data = real_save()
    data["seats"][0]["name"] = name
    path = write(saves.saves_dir() / "names.json", json.dumps(data))
    with pytest.raises(SaveError, match="name"):
        load_session(path)
    assert path.with_name("names.json.damaged").exists()


@pytest.mark.parametrize("family", ["martian", 3, "palmer"])
def test_seat_families_must_be_known_and_distinct(family):
    data = real_save()
    data["seats"][0]["family"] = family
    with pytest.raises(SaveError):
        saves.check_envelope(data, "x.json")


def test_a_one_megabyte_summary_is_not_read_into_the_list():
    path = write(saves.saves_dir() / "big.json", _save_with(summary="x" * 1_000_000))
    (info,) = saves.list_slots()
    assert info.path == path and info.damaged and path.exists()


def test_a_fifo_in_saves_neither_hangs_nor_hides_the_others():
    os.mkfifo(saves.saves_dir() / "pipe.json")
    saves.write_slot(real_save(), name="good")
    listed = {i.path.name: i for i in saves.list_slots()}
    assert listed["pipe.json"].damaged and "Alice" in listed["good.json"].summary
    with pytest.raises(SaveError, match="not a regular file"):
        load_session(saves.saves_dir() / "pipe.json")
    assert (saves.saves_dir() / "pipe.json.damaged").exists()


def test_an_autosave_linked_to_dev_zero_is_refused(ne_game_home):
    saves.autosave_path().symlink_to("/dev/zero")
    with pytest.raises(SaveError, match="outside its folder"):
        load_session(saves.autosave_path())
    assert (ne_game_home / "autosave.json.damaged").is_symlink()


def test_a_good_save_still_loads():
    data = real_save()
    path = saves.write_slot(data)
    session = load_session(path)
    assert session.actions == data["actions"]


# ---------------------------------------------------------------- the user folder itself
def test_an_unusable_user_folder_falls_back_to_a_temporary_one(tmp_path, monkeypatch, capsys):
    blocker = write(tmp_path / "a_file", "not a folder")
    monkeypatch.setenv("NE_GAME_HOME", str(blocker / "home"))
    used = paths.user_data_dir()
    assert used != blocker / "home" and used.is_dir() and os.access(used, os.W_OK)
    assert "cannot be used" in paths.fallback_message()
    assert paths.fallback_message() in saves.start_up()
    saves.write_autosave(real_save())
    assert saves.read_autosave()["seed"] == 11
    log = crash.write_crash_log(RuntimeError("boom"))
    assert log.is_file() and log.parent == used / "logs"


def test_the_crash_log_goes_to_the_temp_folder_when_the_user_folder_fails(monkeypatch, tmp_path):
    monkeypatch.setattr(crash, "user_data_dir", lambda: (_ for _ in ()).throw(OSError("gone")))
    monkeypatch.setattr(crash.tempfile, "gettempdir", lambda: str(tmp_path))
    assert crash.write_crash_log(RuntimeError("boom")).parent == tmp_path


def test_crash_log_names_never_collide(monkeypatch):
    fixed = datetime.datetime(2026, 1, 2, 3, 4, 5)

    class Frozen(datetime.datetime):
        @classmethod
        def now(cls, tz=None):
            return fixed

    monkeypatch.setattr(crash.datetime, "datetime", Frozen)
    logs = [crash.write_crash_log(RuntimeError(f"crash {k}")) for k in range(3)]
    assert len({p.name for p in logs}) == 3
    assert [f"crash {k}" in p.read_text() for k, p in enumerate(logs)] == [True] * 3


def test_save_names_made_in_the_same_second_never_collide(monkeypatch):
    monkeypatch.setattr(saves.time, "strftime", lambda fmt, *a: "20260102-030405")
    datas = [real_save(moves=k) for k in range(3)]
    paths_ = [saves.write_slot(d) for d in datas]
    assert [p.name for p in paths_] == ["save-20260102-030405.json", "save-20260102-030405-2.json",
                                       "save-20260102-030405-3.json"]
    assert [len(json.loads(p.read_text())["actions"]) for p in paths_] == [0, 1, 2]


def test_write_json_new_never_replaces(tmp_path):
    target = write(tmp_path / "f" / "a.json", "old")
    assert not saves.write_json_new(target, {"new": 1})
    assert target.read_text() == "old" and list(target.parent.iterdir()) == [target]


def test_orphaned_temp_files_are_cleaned_at_start(ne_game_home):
    old = [write(ne_game_home / f"autosave.json.{k}.tmp", "{") for k in range(5)]
    old.append(write(ne_game_home / "saves" / "save-1.json.x.tmp", "{"))
    for path in old:
        os.utime(path, (1, 1))
    fresh = write(ne_game_home / "autosave.json.live.tmp", "{")   # a write in progress elsewhere
    keep = write(ne_game_home / "notes.tmp", "mine")
    saves.start_up()
    assert not any(p.exists() for p in old) and fresh.exists() and keep.exists()


# ---------------------------------------------------------------- two windows, one folder
HOLD = ("import sys; from pathlib import Path; from ne_game.storage import instance_lock; "
        "print(instance_lock.claim(Path(sys.argv[1])), flush=True); sys.stdin.read()")


def test_a_second_window_keeps_its_own_autosave(ne_game_home):
    other = subprocess.Popen([sys.executable, "-c", HOLD, str(ne_game_home)], stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, text=True)
    try:
        assert other.stdout.readline().strip() == "1"    # the first window holds the folder
        notes = saves.start_up()
        assert instance_lock.instance_number() == 2 and saves.autosave_path().name == "autosave-2.json"
        assert any("autosave-2.json" in n for n in notes)
        saves.write_autosave(real_save())
        assert not (ne_game_home / "autosave.json").exists()
    finally:
        other.stdin.close()
        other.wait()
    instance_lock.release()
    assert instance_lock.claim() == 1   # the first window is gone: its lock went with it
    assert saves.autosave_path().name == "autosave.json" and instance_lock.message() is None


def test_the_pid_file_lock_takes_over_a_dead_pid(ne_game_home, monkeypatch):
    monkeypatch.setattr(instance_lock, "fcntl", None)
    monkeypatch.setattr(instance_lock, "msvcrt", None)
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    write(ne_game_home / ".lock", dead.stdout)
    assert instance_lock.claim() == 1
    assert (ne_game_home / ".lock").read_text().strip() == str(os.getpid())
    instance_lock.release()
    assert not (ne_game_home / ".lock").exists()
    write(ne_game_home / ".lock", str(os.getppid()))   # a live process holds it
    assert instance_lock.claim() == 2


# ---------------------------------------------------------------- drawing what a file held
def test_fit_text_is_logarithmic_and_drops_control_characters():
    from ne_game.ui.scenes.table.draw.gfx import fit_text

    drawn: list[str] = []

    class CountingStyle:
        def text(self, s, role, px, color):
            drawn.append(s)
            return pygame.Surface((8 * len(s), 10))

    for length in (20, 10_000, 100_000):
        drawn.clear()
        surf = fit_text(CountingStyle(), "A\x00" + "x" * length, "body", 20, (0, 0, 0), 120)
        assert surf.get_width() <= 120
        # 8 sizes tried (20 px down to 60 %), then a binary search over at most 256 characters
        assert len(drawn) <= 9 + 10, (length, len(drawn))
        assert not any("\x00" in s for s in drawn) and max(len(s) for s in drawn) <= 257
