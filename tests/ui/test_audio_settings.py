"""Sound settings (issue 14): volumes and mute persisted and validated, the Settings rows,
M anywhere (but not while typing a name), clicks on buttons, `ne-game --mute`."""
from __future__ import annotations

import json
import random

import pygame
import pytest

from ne_game import cli
from ne_game.audio import RecordingBackend, SoundBoard, SoundLibrary
from ne_game.storage.settings import Settings, load_settings, save_settings, settings_path
from ne_game.ui.scenes.settings import SettingsScene
from tests.ui.harness import Harness


def recording(app) -> RecordingBackend:
    """Swap the app's silent board (dummy driver) for one that records what it plays."""
    old = app.sound
    app.sound = SoundBoard(RecordingBackend(), SoundLibrary.load(), rng=random.Random(1))
    app.sound.apply_settings(app.settings)
    app.sound.force_muted = old.force_muted
    return app.sound.backend


@pytest.mark.parametrize("bad, expected", [
    (float("nan"), 80), (float("inf"), 80), ("loud", 80), (True, 80), (None, 80), ([50], 80),
    (-5, 0), (250, 100), (33.6, 34),
])
def test_audio_volume_settings_are_finite_and_clamped(bad, expected):
    s = Settings.from_dict({"master_volume": bad, "effects_volume": bad})
    assert s.master_volume == expected and s.effects_volume == expected
    assert isinstance(s.master_volume, int)


def test_audio_settings_persist_and_a_bad_mute_value_is_ignored():
    save_settings(Settings(master_volume=30, effects_volume=0, music_volume=100, mute=True))
    s, msg = load_settings()
    assert msg is None
    assert (s.master_volume, s.effects_volume, s.music_volume, s.mute) == (30, 0, 100, True)
    data = json.loads(settings_path().read_text())
    data.update(mute="yes", music_volume=-1)
    settings_path().write_text(json.dumps(data))
    s, msg = load_settings()
    # a bad value in the file goes back to its default (and is named); the good ones stay
    assert s.mute is False and s.music_volume == 60 and s.master_volume == 30
    assert "music_volume" in msg and "mute" in msg


def test_audio_rows_on_the_settings_screen_change_the_volumes():
    h = Harness(size=(1280, 720))
    h.app.push("settings")
    h.step(2)
    lay = h.layout()
    for key in ("master_volume=0", "effects_volume=100", "music_volume=20", "mute=True"):
        assert lay[key].colliderect(lay["panel"]) and lay["panel"].contains(lay[key])
    h.click(lay["music_volume=20"])
    assert h.app.settings.music_volume == 20 and h.app.sound.music_volume == 20
    h.click(h.layout()["effects_volume=0"])
    assert h.app.settings.effects_volume == 0 and h.app.sound.effect_gain == 0
    h.click(h.layout()["mute=True"])
    assert h.app.sound.muted and h.app.settings.mute
    assert load_settings()[0].mute is True, "saved at once"
    h.key(pygame.K_m)
    assert not h.app.sound.muted
    assert h.top.rows["mute"].selected is False, "the row follows the M key"


def test_audio_m_toggles_mute_everywhere_but_not_while_typing_a_name():
    h = Harness(size=(1280, 720))
    h.key(pygame.K_m)
    assert h.app.sound.muted and load_settings()[0].mute
    h.key(pygame.K_m)
    assert not h.app.sound.muted
    h.key(pygame.K_m, mod=pygame.KMOD_LCTRL)
    assert not h.app.sound.muted, "Ctrl+M is not mute"
    h.click(h.layout()["button_new"])
    names = h.layout().get("names")
    assert names, "the setup screen has name fields"
    h.click(names[0])
    h.key(pygame.K_m, unicode="m")
    assert not h.app.sound.muted, "an M typed into a name is a letter"


def test_audio_button_presses_click():
    h = Harness(size=(1280, 720))
    rec = recording(h.app)
    h.click(h.layout()["button_settings"])
    assert isinstance(h.top, SettingsScene)
    assert rec.cues == ["click"]


def test_audio_mute_flag_on_the_command_line(monkeypatch):
    seen = {}
    import ne_game.ui.shell.app as app_module

    monkeypatch.setattr(app_module, "run", lambda **kw: seen.update(kw) or 0)
    assert cli.main(["--mute"]) == 0
    assert seen["mute"] is True
    assert cli.main([]) == 0 and seen["mute"] is False


def test_audio_started_muted_stays_muted_through_other_settings_until_m():
    from ne_game.ui.shell.app import App

    app = App(size=(1280, 720), muted=True)
    app.go("title")
    assert app.sound.muted and not app.settings.mute, "--mute is for this run, not saved"
    app.apply_settings(Settings(animation="fast"))
    assert app.sound.muted
    app.set_mute(False)
    assert not app.sound.muted
    app.shutdown()
