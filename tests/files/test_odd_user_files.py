"""Odd files and folders in the user folder, and odd environments: every bad input is planted, then the game must start
(or the action complete), the input is set aside or ignored with a message in the player's
language, and nothing the player made is lost."""
from __future__ import annotations

import errno
import json
import logging
import os
import shutil
import struct
from pathlib import Path

import pygame
import pytest

from ne_game import crash, i18n
from ne_game.audio.board import SoundBoard
from ne_game.audio.library import SoundLibrary
from ne_game.game.session import GameSession
from ne_game.storage import instance_lock, paths, safe_io, saves, settings
from ne_game.tutorial import TutorialController
from ne_game.tutorial.controller import progress_path
from ne_game.ui.scenes.dialog import MessageDialog
from ne_game.ui.scenes.title import TitleScene
from tests.ui.harness import Harness

from .helpers import real_save, write

SURROGATE = "Al\\ud800ce"        # as JSON writes it: a legal escape, a lone UTF-16 surrogate

pytestmark = pytest.mark.usefixtures("fresh_lock_and_notices")


def _save_text(**seat0) -> str:
    data = real_save()
    data["seats"][0].update(seat0)
    return json.dumps(data).replace("SURROGATE", SURROGATE)


def _toasts(h: Harness) -> list[str]:
    return h.app.toasts.texts()


def _dismiss(h: Harness) -> None:
    while isinstance(h.top, MessageDialog):
        h.key(pygame.K_RETURN)


# ---------------------------------------------------------------- 1. lone surrogates
def test_a_surrogate_seat_name_in_the_autosave_starts_and_continues(harness, tmp_path):
    write(saves.autosave_path(), _save_text(name="SURROGATE"))
    h = harness()
    assert isinstance(h.top, TitleScene) and h.top.primary == "continue"
    h.click(h.layout()["button_continue"])
    h.step(3)
    assert h.top.__class__.__name__ == "TableScene"
    assert h.top.session.seats[0].name == "Al\ufffdce"   # kept, made fit to show
    h.screenshot(tmp_path / "table.png")                  # the first frame draws the name


def test_a_surrogate_in_a_saved_game_and_its_summary_loads(harness, tmp_path):
    data = json.loads(_save_text(name="SURROGATE"))
    data["summary"] = "SUMMARY"
    write(saves.saves_dir() / "odd.json", json.dumps(data).replace("SURROGATE", SURROGATE)
          .replace("SUMMARY", "Sum\\udfffmary"))
    h = harness()
    h.click(h.layout()["button_load"])
    h.step(2)
    assert "Sum\ufffdmary" in h.top.rows[0][0].text
    h.screenshot(tmp_path / "load.png")
    h.click(h.top.rows[0][0])
    h.step(3)
    assert h.top.__class__.__name__ == "TableScene"
    h.screenshot(tmp_path / "table.png")


def test_a_damaged_save_with_an_undecodable_file_name_is_listed(harness, tmp_path):
    folder = saves.saves_dir()
    bad = os.fsencode(folder) + b"/bad\xff.json"
    with open(bad, "wb") as fh:
        fh.write(b"{not json")
    h = harness()
    h.click(h.layout()["button_load"])
    h.step(2)
    label = h.top.rows[0][0].text
    assert "bad\ufffd.json" in label and "damaged" in label
    h.screenshot(tmp_path / "load.png")


def test_a_surrogate_in_the_remembered_seats_opens_new_game(harness, tmp_path):
    text = json.dumps({"last_seats": [{"name": "SURROGATE", "family": "palmer", "kind": "human"}]})
    write(settings.settings_path(), text.replace("SURROGATE", SURROGATE))
    h = harness()
    h.click(h.layout()["button_new"])
    h.step(2)
    assert h.top.__class__.__name__ == "SetupScene"
    h.screenshot(tmp_path / "setup.png")


def test_an_undecodable_unusable_user_folder_is_said_without_a_crash(tmp_path, monkeypatch, harness):
    blocker = write(tmp_path / "a_file", "x")
    home = os.fsencode(blocker) + b"/h\xffme"
    monkeypatch.setitem(os.environb, b"NE_GAME_HOME", home)
    h = harness()
    assert isinstance(h.top, TitleScene)
    h.step(2)
    assert any("cannot be used" in t and "\ufffd" in t for t in _toasts(h))
    h.screenshot(tmp_path / "title.png")


# ---------------------------------------------------------------- 2. "saves" that is no folder
@pytest.mark.parametrize("kind", ["file", "broken link", "looping link"])
def test_something_named_saves_is_set_aside(ne_game_home, harness, kind):
    target = ne_game_home / "saves"
    if kind == "file":
        write(target, "my notes")
    elif kind == "broken link":
        target.symlink_to(ne_game_home / "nowhere")
    else:
        target.symlink_to(target)
    h = harness()
    assert isinstance(h.top, TitleScene)
    assert (ne_game_home / "saves").is_dir() and os.path.lexists(ne_game_home / "saves.damaged")
    if kind == "file":
        assert (ne_game_home / "saves.damaged").read_text() == "my notes"    # nothing lost
    saves.write_slot(real_save())
    assert len(saves.list_slots()) == 1
    assert not list((ne_game_home / "logs").glob("crash-*")) if (ne_game_home / "logs").exists() else True


# ---------------------------------------------------------------- 3. sounds with no samples
def _header_only_wav(path: Path) -> Path:
    fmt = struct.pack("<IHHIIHH", 16, 1, 2, 44100, 44100 * 4, 4, 16)
    return write(path, b"RIFF" + struct.pack("<I", 36) + b"WAVEfmt " + fmt + b"data" + struct.pack("<I", 0))


def test_a_sound_that_decodes_to_nothing_is_refused_on_load(tmp_path, monkeypatch, caplog):
    from ne_game.audio.backend import MixerBackend, NoAudio

    monkeypatch.setenv("SDL_AUDIODRIVER", "disk")
    monkeypatch.setenv("SDL_DISKAUDIOFILE", str(tmp_path / "out.raw"))
    real = Path(__file__).resolve().parents[2] / "assets" / "sounds" / "click_1.ogg"
    write(tmp_path / "sounds" / "click_1.wav", _header_only_wav(tmp_path / "x.wav").read_bytes())
    write(tmp_path / "sounds" / "click_2.ogg", real.read_bytes()[: int(real.stat().st_size * 0.9)])
    write(tmp_path / "sounds" / "click_3.ogg", real.read_bytes())
    write(tmp_path / "sounds" / "sounds.toml",
          '[cues.click]\nfiles = ["click_1.wav", "click_2.ogg", "click_3.ogg"]\n')
    try:
        backend = MixerBackend()
    except NoAudio as err:
        pytest.skip(f"no disk audio driver here: {err}")
    try:
        board = SoundBoard(backend, SoundLibrary.load(tmp_path / "sounds"))
        with caplog.at_level(logging.WARNING):
            for _ in range(3):
                board.update(0.02)
        assert len(board._sounds["click"]) == 1                      # only the sound with samples
        assert caplog.text.count("0 samples") == 2
        for _ in range(5):                                            # and playing never crashes
            board.clock += 1
            assert board.cue("click")
    finally:
        backend.close()


# ---------------------------------------------------------------- 4. the lock fails closed
@pytest.mark.parametrize("odd", ["folder", "fifo", "link"])
def test_an_odd_lock_file_is_set_aside_and_locked_anew(ne_game_home, odd):
    lock = ne_game_home / ".lock"
    if odd == "folder":
        lock.mkdir()
    elif odd == "fifo":
        os.mkfifo(lock)
    else:
        lock.symlink_to(ne_game_home / "elsewhere")
    assert instance_lock.claim() == 1
    assert os.path.lexists(ne_game_home / ".lock.damaged") and lock.is_file()
    assert saves.autosave_path().name == "autosave.json"


def test_a_window_that_cannot_lock_keeps_off_the_shared_autosave(ne_game_home, monkeypatch):
    def no_locks(path):
        raise OSError(errno.ENOLCK, "No locks available")

    monkeypatch.setattr(instance_lock, "_lock", no_locks)
    theirs = write(ne_game_home / "autosave.json", json.dumps(real_save()))
    before = theirs.read_bytes()
    assert instance_lock.claim() == instance_lock.UNLOCKED
    assert saves.autosave_path().name == f"autosave-pid{os.getpid()}.json"
    assert "cannot lock" in instance_lock.message()
    session = GameSession.from_save(real_save())
    saves.write_autosave(session.to_save())
    assert theirs.read_bytes() == before                              # the shared one untouched
    assert saves.autosave_path().exists()


def test_nine_open_windows_give_the_tenth_its_own_autosave(ne_game_home, monkeypatch):
    monkeypatch.setattr(instance_lock, "_lock", lambda path: None)   # every lock is taken
    assert instance_lock.claim() == instance_lock.UNLOCKED
    assert saves.autosave_path().name.startswith("autosave-pid")


# ---------------------------------------------------------------- 5. a second window's game
def test_the_game_of_a_closed_second_window_is_offered(ne_game_home, harness):
    data = real_save()
    write(ne_game_home / "autosave-2.json", json.dumps(data))
    write(ne_game_home / f"autosave-pid{2 ** 22 + 7}.json", json.dumps(real_save(moves=3)))
    h = harness()
    assert isinstance(h.top, TitleScene)
    assert any("Load game" in t for t in _toasts(h))
    listed = saves.list_slots()
    assert len(listed) == 2 and not any(i.damaged for i in listed)
    assert not (ne_game_home / "autosave-2.json").exists()
    assert any(saves.read_save_file(i.path)["actions"] == data["actions"] for i in listed)


def test_the_game_of_an_open_second_window_is_left_alone(ne_game_home):
    import subprocess
    import sys

    from .test_user_folder import HOLD

    write(ne_game_home / "autosave-2.json", json.dumps(real_save()))
    first = subprocess.Popen([sys.executable, "-c", HOLD, str(ne_game_home)], stdin=subprocess.PIPE,
                             stdout=subprocess.PIPE, text=True)
    second = None
    try:
        assert first.stdout.readline().strip() == "1"      # the first window holds lock 1 ...
        second = subprocess.Popen([sys.executable, "-c", HOLD, str(ne_game_home)], stdin=subprocess.PIPE,
                                  stdout=subprocess.PIPE, text=True)
        assert second.stdout.readline().strip() == "2"     # ... before the second one starts
        saves.start_up()
        assert (ne_game_home / "autosave-2.json").exists() and saves.list_slots() == []
    finally:
        for p in (first, second):
            if p is not None:
                p.stdin.close()
                p.wait()


# ---------------------------------------------------------------- 6. tutorial progress
def test_progress_that_does_not_fit_its_lesson_restarts_it_with_a_note():
    controller = TutorialController(save_progress=False)
    chained = next(i for i, lesson in enumerate(controller.lessons)
                   if lesson.scenario == "previous" and not lesson.is_reading)
    other = TutorialController(save_progress=False)
    other.begin(0)
    from ne_game import rules

    wrong = rules.to_json(other.session.state)          # a sound position, from another lesson
    write(progress_path(), json.dumps({"version": 1, "index": chained, "lesson": controller.lessons[chained].id,
                                       "stage": "doing", "start": wrong}))
    controller.resume()
    assert controller.index == chained
    assert any("does not fit" in str(n) for n in safe_io.notices())
    controller.skip()                                    # was: DataError from perform_step
    assert controller.index == chained + 1


# ---------------------------------------------------------------- 7. caps on every data file
def test_a_deeply_nested_sounds_manifest_is_refused(tmp_path):
    write(tmp_path / "sounds.toml", "a = " + "[" * 30_000 + "]" * 30_000 + "\n")
    lib = SoundLibrary.load(tmp_path)
    assert lib.effects == {} and "nested" in lib.problems[0]


def test_a_fifo_catalogue_does_not_hang_the_start(tmp_path, monkeypatch, caplog):
    folder = tmp_path / "assets" / "locale" / "nl" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    os.mkfifo(folder / "ne_game.po")
    monkeypatch.setattr(i18n, "resource_path", lambda *p: tmp_path.joinpath(*p))
    i18n.reload_catalogues()
    try:
        with caplog.at_level(logging.ERROR):
            i18n.set_language("nl")
        assert i18n._("Settings") == "Settings" and "regular file" in caplog.text
    finally:
        i18n.set_language("en")
        i18n.reload_catalogues()


# ---------------------------------------------------------------- 8. placeholders that cannot be filled
def test_an_attribute_placeholder_falls_back_to_english_with_one_log_line(tmp_path, monkeypatch, caplog):
    folder = tmp_path / "assets" / "locale" / "fr" / "LC_MESSAGES"
    write(folder / "ne_game.po", 'msgid "Version {version}"\nmsgstr "Version {version.major}"\n'
                                 'msgid "Back"\nmsgstr "Retour"\n')
    monkeypatch.setattr(i18n, "resource_path", lambda *p: tmp_path.joinpath(*p))
    i18n.reload_catalogues()
    try:
        with caplog.at_level(logging.WARNING):
            i18n.set_language("fr")
            assert i18n.fmt("Version {version}", version="1.0") == "Version 1.0"
            assert i18n.fmt("Version {version}", version="1.0") == "Version 1.0"
        assert i18n._("Back") == "Retour"
        assert caplog.text.count("placeholders") == 1
    finally:
        i18n.set_language("en")
        i18n.reload_catalogues()


# ---------------------------------------------------------------- 9. a read-only user folder
def test_a_read_only_user_folder_uses_a_private_folder_and_offers_its_autosave(ne_game_home, monkeypatch):
    data = real_save()
    own = write(ne_game_home / "autosave.json", json.dumps(data))
    before = own.read_bytes()
    real_usable = paths._usable
    monkeypatch.setattr(paths, "_usable", lambda p: "read-only" if p == ne_game_home else real_usable(p))
    paths._RESOLVED.clear()
    try:
        used = paths.user_data_dir()
        assert used != ne_game_home and oct(used.stat().st_mode & 0o777) == "0o700"
        notes = saves.start_up()
        assert any("read-only" in str(n) for n in notes)
        assert saves.read_autosave()["actions"] == data["actions"]          # Continue offers it
        assert own.read_bytes() == before
        paths._RESOLVED.clear()
        assert paths.user_data_dir() != used                                 # never a shared name
    finally:
        paths._RESOLVED.clear()
        for folder in list(instance_lock._HELD):
            instance_lock.release(Path(folder))
        shutil.rmtree(used, ignore_errors=True)


# ---------------------------------------------------------------- 10. notices in the player's language
@pytest.mark.parametrize("lang, words", [("nl", "standaard"), ("fr", "défaut")])
def test_start_up_notices_speak_the_players_language(ne_game_home, lang, words):
    write(settings.settings_path(), "[" * 100 + "]" * 100)
    _settings, note = settings.load_settings()        # read before the language is known
    i18n.set_language(lang)
    assert words in note.text() and "settings.json" in note.text()
    write(progress_path(), "{")
    from ne_game.tutorial.controller import read_progress

    read_progress()
    (tutorial_note,) = safe_io.notices()
    assert "tutorial.json.damaged" in tutorial_note.text() and tutorial_note.text() != tutorial_note.english()


def test_the_crash_dialog_speaks_the_players_language(ne_game_home, monkeypatch, capsys):
    shown = []
    monkeypatch.setattr(crash, "show_crash_dialog", shown.append)
    i18n.set_language("fr")

    def boom() -> int:
        raise RuntimeError("x\udcff")

    assert crash.run_safely(boom) == 1
    assert "Une erreur" in shown[0] or "erreur" in shown[0].lower()
    assert "x\ufffd" in shown[0] or "x?" in shown[0]


# ---------------------------------------------------------------- 11. music that cannot be played
def test_music_that_cannot_be_played_is_given_up_once(caplog):
    from ne_game.audio.backend import RecordingBackend

    class Broken(RecordingBackend):
        name = "broken"
        tries = 0

        def play_music(self, path):
            Broken.tries += 1
            raise RuntimeError("cannot open")

    lib = SoundLibrary(root=Path("."))
    lib.music["menu"] = Path("menu.ogg")
    board = SoundBoard(Broken(), lib)
    with caplog.at_level(logging.WARNING):
        for _ in range(120):
            board.update(1 / 60, [])
    assert Broken.tries == 1 and caplog.text.count("cannot be played") == 1


# ---------------------------------------------------------------- 12. temp folders and crash logs
def test_the_smoke_test_leaves_no_folder_behind(monkeypatch, tmp_path):
    import tempfile

    from ne_game import smoke

    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    seen = []
    monkeypatch.setattr(smoke, "_run", lambda *a: seen.append(os.environ["NE_GAME_HOME"]) or 0)
    assert smoke.smoke_test() == 0
    assert seen and not Path(seen[0]).exists() and not list(tmp_path.glob("ne-game-smoke-*"))


def test_crash_logs_keep_the_newest_twenty(ne_game_home):
    logs = ne_game_home / "logs"
    for k in range(25):
        path = write(logs / f"crash-2020{k:02d}.log", "old")
        os.utime(path, (1000 + k, 1000 + k))
    newest = crash.write_crash_log(ValueError("now"))
    kept = sorted(p.name for p in logs.glob("crash-*.log"))
    assert len(kept) == crash.KEEP_LOGS and newest.name in kept and "crash-202000.log" not in kept


# ---------------------------------------------------------------- 13. an autosave that is a folder
def test_an_autosave_that_is_a_folder_is_set_aside(ne_game_home, harness):
    (ne_game_home / "autosave.json").mkdir()
    (ne_game_home / "autosave.json" / "inside.txt").write_text("kept")
    h = harness()
    assert (ne_game_home / "autosave.json.damaged" / "inside.txt").read_text() == "kept"
    assert any("autosave.json" in t for t in _toasts(h))
    saves.write_autosave(real_save())                       # the autosave works again
    assert saves.read_autosave()


# ---------------------------------------------------------------- 14. a long list of big saves
def test_the_save_list_reads_each_file_once(monkeypatch):
    for k in range(5):
        saves.write_slot(real_save(), name=f"s{k}")
    calls = []
    real = saves.read_save_file
    monkeypatch.setattr(saves, "read_save_file", lambda *a, **kw: calls.append(a) or real(*a, **kw))
    first = saves.list_slots()
    second = saves.list_slots()
    assert len(calls) == 5 and [i.path for i in first] == [i.path for i in second]
    saves.write_slot(real_save(moves=2), name="s0")          # a changed file is read again
    saves.list_slots()
    assert len(calls) == 6


# ---------------------------------------------------------------- 15. BOM and keys from a newer version
def test_a_byte_order_mark_is_accepted(ne_game_home):
    write(settings.settings_path(), b"\xef\xbb\xbf" + json.dumps({"ui_scale": 150}).encode())
    loaded, note = settings.load_settings()
    assert loaded.ui_scale == 150 and note is None
    path = write(saves.saves_dir() / "notepad.json", b"\xef\xbb\xbf" + json.dumps(real_save()).encode())
    assert GameSession.from_save(saves.read_save_file(path)).seats[0].name == "Alice"


def test_settings_keys_from_a_newer_version_are_kept(ne_game_home):
    write(settings.settings_path(), json.dumps({"ui_scale": 120, "future_option": {"a": [1, 2]}}))
    loaded, _note = settings.load_settings()
    loaded.ui_scale = 130
    settings.save_settings(loaded)
    written = json.loads(settings.settings_path().read_text())
    assert written["future_option"] == {"a": [1, 2]} and written["ui_scale"] == 130
