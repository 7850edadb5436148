"""A whole game at the table and the first tutorial lessons, played headless in Dutch and in
French through the real scenes: every log sentence, prompt, refusal and lesson is built in that
language along the way (a broken translation or placeholder would raise or fall back)."""
from __future__ import annotations

import logging

import pytest

from ne_game import i18n, rules
from ne_game.storage.settings import Settings


@pytest.mark.parametrize("lang", ["nl", "fr"])
def test_a_whole_game_at_the_table(lang, caplog):
    from ne_game.game.session import GameSession, Seat
    from ne_game.sim import RandomPlayer
    from tests.ui.harness import Harness

    h = Harness(settings=Settings(animation="off"))
    try:
        i18n.set_language(lang)
        s = GameSession([Seat(n, f, "human") for n, f in
                         (("Ann", "winslow"), ("Bob", "palmer"), ("Cy", "howland"))], seed=11)
        h.app.go("table", session=s)
        h.step(2)
        scene = h.app.top
        p = RandomPlayer(3, 0.9)
        with caplog.at_level(logging.WARNING, logger="ne_game.i18n"):
            for k in range(6000):
                if s.is_over():
                    break
                scene.act(p.choose(None, rules.legal_actions(s.state)))
                if k % 25 == 0:
                    h.step()
        assert s.is_over()
        h.run_until(lambda: type(h.app.top).__name__ == "FinalScene", 300)
        h.step(2)
        # the log speaks the language; no translation fell back to English
        said = " ".join(e.text for e in scene.game_log.entries)
        word = {"nl": "biedfiche", "fr": "marqueur de mise"}[lang]
        assert word in said
        assert " took bid marker " not in said and " bought " not in said
        assert not [r for r in caplog.records if "cannot be filled" in r.getMessage()]
    finally:
        h.close()


@pytest.mark.parametrize("lang", ["nl", "fr"])
def test_the_first_tutorial_lessons(lang):
    from tests.tutorial.driver import open_tutorial, press_next, scene, take_taught_action, wait_next

    h = open_tutorial()
    try:
        i18n.set_language(lang)
        h.step(2)
        sc = scene(h)
        ctl = sc.ctl
        titles = []
        for _lesson in range(5):
            k = ctl.index
            title, paras = sc.card._texts()
            titles.append(title)
            assert paras and all(p.strip() for p in paras)
            if not ctl.lesson.is_reading:
                n = len(ctl.session.actions)
                take_taught_action(h)
                assert len(ctl.session.actions) == n + 1, (ctl.lesson.id, ctl.message)
                wait_next(h)
            press_next(h)
            assert ctl.index == k + 1
        english = [i18n.data_text(t) for t in titles]
        assert titles == english          # what was shown is what the catalogue gives now
        i18n.set_language("en")
        assert [i18n.data_text(ctl.tutorial.lessons[i].title) for i in range(5)] != titles
    finally:
        h.close()
