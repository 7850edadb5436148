"""Extension points are registries: a computer level, a language and a sound cue are each one
module or file plus one registry entry, and everything else reads the registry."""
from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest

from ne_game import i18n
from ne_game.ai import LEVELS, make_player
from ne_game.ai.easy import EasyPlayer
from ne_game.ai.levels import Level

ROOT = Path(__file__).resolve().parent.parent


class CautiousPlayer(EasyPlayer):
    kind = "cautious"


@pytest.fixture
def cautious(monkeypatch):
    monkeypatch.setitem(LEVELS, "cautious", Level("cautious", "Cautious", lambda seed, time_budget=None:
                                                  CautiousPlayer(seed)))
    return "cautious"


def test_a_new_computer_level_is_one_entry_everywhere(cautious, capsys):
    from ne_game import cli
    from ne_game.game.session import GameSession, Seat, seat_kinds
    from ne_game.storage.settings import Settings
    from ne_game.ui.scenes.setup import seat_choices
    from ne_game.ui.shell.ai_runner import default_factory
    from ne_game.ui.text.words import level_name

    assert isinstance(make_player(cautious, seed=1), CautiousPlayer)
    assert isinstance(default_factory(cautious, 1, 0.5), CautiousPlayer)
    assert cautious in seat_choices() and cautious in seat_kinds()
    assert level_name(cautious) == "Cautious"
    assert cli.main(["simulate", "--games", "1", "--seats", f"{cautious},easy,easy", "--seed", "3"]) == 0
    assert "cautious" in capsys.readouterr().out
    seats = [Seat("A", "winslow", cautious), Seat("B", "palmer"), Seat("C", "howland")]
    save = GameSession.new(seats, seed=2).to_save()
    assert GameSession.from_save(save).seats[0].kind == cautious          # saves accept it
    remembered = Settings(last_seats=[{"name": "A", "family": "winslow", "kind": cautious}]).normalized()
    assert remembered.last_seats and remembered.last_seats[0]["kind"] == cautious


def test_a_level_kept_out_of_the_menus_is_still_playable(monkeypatch):
    from ne_game.ui.scenes.setup import seat_choices

    assert "medium_v1" not in seat_choices() and "random" not in seat_choices()
    assert make_player("medium_v1", seed=1).kind == "medium_v1"


def test_a_new_language_is_its_catalogue_plus_one_entry(tmp_path, monkeypatch):
    from ne_game import cli
    from ne_game.storage.settings import Settings

    folder = tmp_path / "assets" / "locale" / "de" / "LC_MESSAGES"
    folder.mkdir(parents=True)
    (folder / "ne_game.po").write_text('msgid ""\nmsgstr ""\n"Plural-Forms: nplurals=2; plural=(n != 1);\\n"\n\n'
                                       'msgid "Settings"\nmsgstr "Einstellungen"\n', encoding="utf-8")
    monkeypatch.setattr(i18n, "resource_path", lambda *p: tmp_path.joinpath(*p))
    monkeypatch.setitem(i18n.LANGUAGE_REGISTRY, "de", i18n.Language("de", "Deutsch", ("german", "deutsch")))
    monkeypatch.setitem(i18n.LANGUAGES, "de", "Deutsch")
    i18n.reload_catalogues()
    try:
        assert i18n.normalize_language("German_Germany.1252") == "de"
        assert i18n.set_language("de") == "de" and i18n._("Settings") == "Einstellungen"
        assert Settings(language="de").normalized().language == "de"
        assert cli.build_parser().parse_args(["--lang", "de"]).lang == "de"
    finally:
        i18n.set_language("en")
        i18n.reload_catalogues()


def _cue_names_in_code() -> set[str]:
    """Every cue name the code asks for by a literal: `.cue("name")` and `Cue("name", ...)`."""
    names: set[str] = set()
    for path in (ROOT / "ne_game").rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant) \
                    and isinstance(node.args[0].value, str):
                fn = node.func
                called = fn.attr if isinstance(fn, ast.Attribute) else getattr(fn, "id", "")
                if called in ("cue", "Cue"):
                    names.add(node.args[0].value)
    return names


def test_every_sound_cue_the_code_names_is_registered_and_has_sounds():
    from ne_game.audio.cues import CUES
    from ne_game.audio.library import SoundLibrary

    used = _cue_names_in_code()
    assert used and used <= set(CUES), sorted(used - set(CUES))
    assert set(SoundLibrary.load().effects) == set(CUES)        # and the sounds file has them all


def test_an_unknown_cue_fails_a_test(monkeypatch):
    from ne_game.audio.board import SoundBoard

    assert SoundBoard.strict              # tests/conftest.py: an unknown name raises
    with pytest.raises(ValueError):
        SoundBoard().cue("thunder")


def test_the_catalogue_tool_reads_the_language_registry():
    text = (ROOT / "tools" / "update_catalogues.py").read_text(encoding="utf-8")
    assert "TRANSLATED" in text and '("nl", "fr")' not in text
    assert set(i18n.TRANSLATED) == {p.name for p in (ROOT / "assets" / "locale").iterdir()
                                    if (p / "LC_MESSAGES" / "ne_game.po").exists()}
    assert json.loads(json.dumps(list(i18n.LANGUAGES)))[0] == "en"
