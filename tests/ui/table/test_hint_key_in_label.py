"""Playtest 13a: the action bar showed a "Tip" button and beside it, between the buttons, a
loose key legend "[H] Tip". The Hint's key is in its own label ("Tip (H)"), as "Show now (Space)"
has its key, and no legend stands in a gap between buttons."""
from __future__ import annotations

import dataclasses

import pygame
import pytest

from ne_game import i18n
from ne_game.game.session import GameSession
from ne_game.storage.settings import Settings
from ne_game.ui.scenes.table.draw import chrome
from tests.history.games import play
from tests.ui.harness import Harness


@pytest.mark.parametrize("lang", ["en", "nl", "fr"])
@pytest.mark.parametrize("size,sofa", [((1280, 720), "off"), ((1280, 720), "on"), ((1920, 1080), "off"),
                                       ((3840, 2160), "on")], ids=["720p", "720p-sofa", "1080p", "4k-sofa"])
def test_the_hints_key_is_in_its_label_and_nothing_stands_between_buttons(size, sofa, lang):
    i18n.set_language(lang)
    h = Harness(size=size, settings=Settings(animation="off", handover=False, sofa=sofa, language=lang))
    try:
        h.app.go("table", session=GameSession.from_save(play(("human", "easy", "easy", "easy"), seed=3, stop=24)))
        h.step(3)
        table = h.top
        h.key(pygame.K_TAB)
        h.key(pygame.K_TAB)
        h.step(2)
        hint = table.face.button("hint")
        assert hint is not None and hint.label.endswith("(H)"), hint
        prompt = table.view.prompt
        assert prompt.controls and all(c != "hint" for c, _w in prompt.controls), prompt.controls
        lay, st = table.lay, table.style
        band_top = min(b.top for b in table.button_rects)
        long_main = "A long instruction that takes two lines in the bar, with its details said in full. " * 2
        for p in (prompt, dataclasses.replace(prompt, main=long_main)):
            plan = chrome.prompt_plan(lay, st, p, table.button_rects, table.prompt_above)
            top = lay.action_bar.y + lay.px(10) + st.font("bold", plan.fs_main).get_height() * len(plan.mains)
            rows = chrome.key_rows(lay, st, p, table.button_rects, table.prompt_above, top)
            assert rows, "the first keys are still shown"
            for items, (_x, cy), _gh, _w in rows:
                if table.prompt_above:
                    assert cy < band_top, (items, "a legend in the buttons' band, between two buttons")
    finally:
        h.close()
        i18n.set_language("en")
