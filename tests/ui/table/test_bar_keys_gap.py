"""Playtest 9a: in French the bar's second row of keys ("H Conseil") touched the "Conseil" button
under it. The keys' rows keep a clear gap from every button, in every language, for the
keyboard's keys and the pad's glyphs, desk and sofa."""
from __future__ import annotations

import pygame
import pytest

from ne_game import i18n
from ne_game.storage.settings import Settings
from ne_game.ui.scenes.table.draw import chrome

STOPS = (2, 14, 22)      # a start placement, a bid, a purchase


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)], ids=["720p", "1080p"])
@pytest.mark.parametrize("sofa", [False, True], ids=["desk", "sofa"])
@pytest.mark.parametrize("lang", ["en", "nl", "fr"])
def test_the_keys_rows_keep_clear_of_the_buttons(monkeypatch, size, sofa, lang):
    rows: list[tuple[pygame.Rect, list[pygame.Rect], int]] = []
    real = chrome.glyphs.draw_prompt
    i18n.set_language(lang)
    try:
        for stop in STOPS:
            rows += _rows_drawn(monkeypatch, real, size, sofa, lang, stop)
    finally:
        i18n.set_language("en")
    assert rows, "the bar showed the keys"
    for row, buttons, gap in rows:
        row = row.copy()
        row.width -= 2 * (row.height // 3)      # the rect says the room after its last item too
        if row.width <= 0:
            continue                            # a row with nothing in it (no item fitted its room)
        for b in buttons:
            assert not row.colliderect(b.inflate(2 * gap, 2 * gap)), (row, b)


def _rows_drawn(monkeypatch, real, size, sofa, lang, stop):
    """The rows of keys drawn after a key and after a pad button, with the bar's buttons."""
    from ne_game.game.session import GameSession
    from tests.history.games import play
    from tests.ui.harness import Harness

    out: list[tuple[pygame.Rect, list[pygame.Rect], int]] = []
    h = Harness(size=size, settings=Settings(animation="off", handover=False, language=lang,
                                             sofa="on" if sofa else "off"))
    try:
        h.app.go("table", session=GameSession.from_save(play(("human",) * 4, seed=3, stop=stop)))
        h.step(3)
        table = h.top

        def draw(*a, **kw):
            r = real(*a, **kw)
            out.append((r, list(table.button_rects), table.lay.px(4)))
            return r
        monkeypatch.setattr(chrome.glyphs, "draw_prompt", draw)
        h.key(pygame.K_TAB)
        h.step(2)
        h.pad(pygame.CONTROLLER_BUTTON_DPAD_DOWN)
        h.step(2)
        monkeypatch.setattr(chrome.glyphs, "draw_prompt", real)
    finally:
        h.close()
    return out
