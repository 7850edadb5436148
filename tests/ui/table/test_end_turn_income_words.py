"""Playtest 9a: "End turn +4" was explained only on hover; a newcomer did not know what "+4" was.
The button says "+4 shillings income" under "End turn" (its short words "+4 shillings"), and the
key's words under the prompt say it too, for the keyboard and the pad."""
from __future__ import annotations

import pygame
import pytest

from ne_game import i18n
from ne_game.game.session import GameSession
from ne_game.storage.settings import Settings
from ne_game.ui.scenes.table.model.focus import prompt_controls
from ne_game.ui.shell import input_map as im
from tests.history.games import play
from tests.ui.harness import Harness, words_drawn


def test_the_end_turn_key_says_the_income():
    controls = dict(prompt_controls("offer", None, False, False, can_end=True, end_gain=4))
    assert controls[im.END_TURN] == "End turn: +4 shillings income"


@pytest.mark.parametrize(("size", "sofa", "lang", "words"), [
    ((1920, 1080), "off", "en", "shillings income"), ((1280, 720), "on", "en", "shillings"),
    ((1280, 720), "off", "fr", "shillings"), ((1920, 1080), "on", "nl", "shilling")])
def test_the_end_turn_button_and_key_say_what_plus_n_is(monkeypatch, size, sofa, lang, words):
    i18n.set_language(lang)
    h = Harness(size=size, settings=Settings(animation="off", handover=False, language=lang, sofa=sofa))
    try:
        h.app.go("table", session=GameSession.from_save(play(("human",) * 4, seed=3, stop=22)))
        h.step(3)
        table = h.top
        gain = table.end_turn_gain
        assert gain is not None
        drawn = words_drawn(monkeypatch)
        h.resize(size)          # drawn afresh, the button's words recorded
        h.step(2)
        assert any(w.startswith(f"+{gain} ") and words in w for w in drawn), [w for w in drawn if "+" in w]
        for press in (lambda: h.key(pygame.K_TAB), lambda: h.pad(pygame.CONTROLLER_BUTTON_DPAD_DOWN)):
            press()
            h.step(2)
            said = dict(table.view.prompt.controls).get(im.END_TURN, "")
            assert f"+{gain} " in said and words in said, table.view.prompt.controls
    finally:
        h.close()
        i18n.set_language("en")
