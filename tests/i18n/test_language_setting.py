"""Choosing a language: the setting, --lang, and the Settings screen switching at once."""
import json

import pygame
import pytest

from ne_game import cli, i18n
from ne_game.storage.settings import Settings, load_settings, settings_path


def test_language_setting_is_validated():
    assert Settings().language == ""                      # not chosen yet: the system decides
    assert Settings(language="nl").normalized().language == "nl"
    for bad in ("de", "NL", 3, None, "pseudo"):
        assert Settings(language=bad).normalized().language == ""


def test_language_setting_survives_a_round_trip(ne_game_home):
    settings_path().write_text(json.dumps({"version": 1, "language": "fr"}), encoding="utf-8")
    assert load_settings()[0].language == "fr"
    settings_path().write_text(json.dumps({"version": 1, "language": "klingon"}), encoding="utf-8")
    assert load_settings()[0].language == ""


@pytest.mark.parametrize("argv,lang", [(["--lang", "nl"], "nl"), (["--lang", "FR"], "fr"),
                                       (["--lang", "en", "--smoke-test"], "en"),
                                       (["simulate", "--lang", "fr"], "fr"), (["--lang", "nl", "simulate"], "nl"),
                                       ([], None)])
def test_lang_option_parses(argv, lang):
    assert cli.build_parser().parse_args(argv).lang == lang


def test_lang_option_refuses_other_languages(capsys):
    with pytest.raises(SystemExit):
        cli.build_parser().parse_args(["--lang", "de"])
    assert "choose from en, nl, fr" in capsys.readouterr().err


def test_simulate_runs_in_the_chosen_language(capsys):
    assert cli.main(["simulate", "--lang", "nl", "--games", "1", "--players", "3"]) == 0
    assert i18n.current_language() == "nl"
    assert "winner" in capsys.readouterr().out      # sim's report is wrapped in phase B


def _harness(settings=None, size=(1280, 720)):
    from tests.ui.harness import Harness

    return Harness(size=size, settings=settings or Settings(animation="off"))


def _labels(scene) -> list[str]:
    import pygame_gui

    # (the settings draw their rows' names themselves, in ink on parchment: label_text)
    return [el.text for el in scene.ui_manager.get_sprite_group().sprites()
            if isinstance(el, (pygame_gui.elements.UILabel, pygame_gui.elements.UIButton))] + \
        list(getattr(scene, "label_text", {}).values())


def test_settings_language_row_switches_at_once_and_persists():
    from ne_game.ui.scenes.rules import RulesScene

    h = _harness()
    try:
        app = h.app
        app.push("rules")                  # a scene below the settings follows the switch too
        app.push("settings")
        h.step()
        assert "Language" in _labels(app.top)
        assert {"English", "Nederlands", "Français"} <= set(_labels(app.top))
        h.click(h.layout()["language=nl"])
        assert i18n.current_language() == "nl"
        assert app.settings.language == "nl"
        assert load_settings()[0].language == "nl"
        assert "Taal" in _labels(app.top) and "Language" not in _labels(app.top)
        assert {"English", "Nederlands", "Français"} <= set(_labels(app.top))   # each in its own language
        assert app.top.rows["language"].selected == "nl"
        h.click(h.layout()["language=fr"])
        assert "Langue" in _labels(app.top)
        h.key(pygame.K_ESCAPE)
        assert isinstance(app.top, RulesScene)
        h.step()
        assert app.top.title == "Les règles de New England"
        assert app.top.ui_manager.get_locale() == "fr"     # pygame-gui's own strings follow
    finally:
        h.close()


def test_pygame_gui_speaks_dutch_too():
    import i18n as gui_i18n  # python-i18n, pygame-gui's translation library

    h = _harness()
    try:
        i18n.set_language("nl")
        manager = h.app.make_ui_manager()
        assert manager.get_locale() == "nl"
        assert gui_i18n.t("pygame-gui.Cancel") == "Annuleren"
        i18n.set_language("fr")
        manager = h.app.make_ui_manager()
        assert gui_i18n.t("pygame-gui.Cancel") == "Annuler"
    finally:
        h.close()


def test_a_saved_language_is_used_at_start_and_lang_overrides_it():
    h = _harness(Settings(animation="off", language="fr"))
    try:
        assert i18n.current_language() == "fr"
    finally:
        h.close()
    i18n.configure_startup("nl", follow_system=False)
    h = _harness(Settings(animation="off", language="fr"))
    try:
        assert i18n.current_language() == "nl"
    finally:
        h.close()
