"""Atomic save files, quarantine of damaged files, persisted settings."""
from __future__ import annotations

import json
import os

import pytest

from ne_game.game.session import GameSession, Seat
from ne_game.storage import saves
from ne_game.storage.saves import SaveError, quarantine, read_save_file, write_json_atomic
from ne_game.storage.settings import Settings, load_settings, save_settings, settings_path

SEATS = [Seat("A", "winslow"), Seat("B", "palmer"), Seat("C", "howland")]


def test_atomic_write_leaves_no_temp_files(ne_game_home):
    path = ne_game_home / "x.json"
    for i in range(5):
        write_json_atomic(path, {"i": i})
    assert json.loads(path.read_text()) == {"i": 4}
    assert sorted(p.name for p in ne_game_home.iterdir()) == ["x.json"]


def test_atomic_write_keeps_old_file_when_serialising_fails(ne_game_home):
    path = ne_game_home / "x.json"
    write_json_atomic(path, {"ok": True})
    with pytest.raises(TypeError):
        write_json_atomic(path, {"bad": object()})
    assert json.loads(path.read_text()) == {"ok": True}
    assert sorted(p.name for p in ne_game_home.iterdir()) == ["x.json"]


def test_autosave_round_trip():
    s = GameSession.new(SEATS, seed=4)
    for _ in range(5):
        s.apply(s.legal_actions()[0])
    saves.write_autosave(s.to_save())
    assert saves.has_autosave()
    back = GameSession.from_save(saves.read_autosave(), source="autosave.json")
    assert back.actions == s.actions
    saves.clear_autosave()
    assert not saves.has_autosave()


@pytest.mark.parametrize("content, words", [
    (b"{ not json", "not valid JSON"),
    (b"\xff\xfe\x00garbage", "damaged"),
    (b"[1, 2, 3]", "expected a JSON object"),
    (json.dumps({"format": "ne-game-save", "version": 99, "seed": 1, "variant": {}, "actions": [],
                 "seats": []}).encode(), "newer version"),
])
def test_damaged_files_are_named(ne_game_home, content, words):
    path = ne_game_home / "autosave.json"
    path.write_bytes(content)
    with pytest.raises(SaveError) as err:
        read_save_file(path)
    assert "autosave.json" in str(err.value) and words in str(err.value)


def test_quarantine_keeps_the_file(ne_game_home):
    path = ne_game_home / "autosave.json"
    path.write_text("junk")
    kept = quarantine(path)
    assert kept.name == "autosave.json.damaged" and kept.read_text() == "junk" and not path.exists()
    path.write_text("junk2")
    kept2 = quarantine(path)
    assert kept2.name == "autosave.json.damaged2" and kept.read_text() == "junk"


def test_slots_listed_newest_first():
    s = GameSession.new(SEATS, seed=4)
    a = saves.write_slot(s.to_save())
    b = saves.write_slot(s.to_save())
    os.utime(a, (1, 1))
    infos = saves.list_slots()
    assert [i.path for i in infos] == [b, a] and a != b
    assert "A, B, C" in infos[0].summary


def test_settings_persist_and_normalise():
    s = Settings(animation="fast", ai_pace="slow", colorblind=True, ui_scale=150, theme="high_contrast",
                 ai_budget=0.5)
    save_settings(s)
    back, msg = load_settings()
    assert msg is None and back == s
    bad = Settings(animation="warp", ui_scale=900, ai_budget=-1).normalized()
    assert bad.animation == "normal" and bad.ui_scale == 200 and bad.ai_budget > 0
    assert Settings(animation="off").animation_factor == 0
    assert Settings(ai_pace="slow").ai_delay > Settings(ai_pace="fast").ai_delay


def test_the_hard_players_budget_is_one_the_settings_offer():
    """The default is the hard player's own; a budget no longer offered (1 s bought no
    strength) or an odd one becomes the nearest offered, so what Settings offer is what
    the hard player gets."""
    from ne_game.ai.hard import DEFAULT_BUDGET
    from ne_game.storage.settings import AI_BUDGETS

    assert Settings().ai_budget == DEFAULT_BUDGET == AI_BUDGETS[0]
    assert Settings(ai_budget=4.0).normalized().ai_budget == max(AI_BUDGETS)
    assert Settings(ai_budget=1.0).normalized().ai_budget == min(AI_BUDGETS, key=lambda v: (abs(v - 1.0), v))
    assert Settings(ai_budget=0.7).normalized().ai_budget == 0.5
    assert Settings(ai_budget=float("nan")).normalized().ai_budget in AI_BUDGETS


def test_damaged_settings_fall_back_and_are_kept():
    path = settings_path()
    path.write_text("{{{{")
    s, msg = load_settings()
    assert s == Settings() and "settings.json" in msg and "damaged" in msg
    assert path.with_name("settings.json.damaged").exists()
