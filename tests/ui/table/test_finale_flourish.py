"""Playtest 9a: the majorities' "+4 VP" flourishes crossed the score sheet's row borders. Every
frame of the finale, at every size and language, each flourish's words stay inside their row."""
from __future__ import annotations

import pygame
import pytest

from ne_game import i18n
from ne_game.game.session import GameSession
from ne_game.ui.scenes.table.draw import celebration, finale_face
from ne_game.ui.scenes.table.final_scoring import FinalScene
from tests.history.games import play
from tests.ui.table.driver import DT, make_app


@pytest.fixture(scope="module")
def save():
    return play(("easy", "easy", "easy", "easy"), 3)


@pytest.mark.parametrize(("size", "lang", "sofa"), [((1280, 720), "en", "off"), ((1920, 1080), "nl", "on"),
                                                    ((1280, 720), "fr", "on"), ((3840, 2160), "en", "off")])
def test_the_flourish_words_stay_inside_their_row(save, monkeypatch, size, lang, sofa):
    rows: list[pygame.Rect] = []
    words: list[tuple[pygame.Rect, pygame.Rect]] = []
    real_row, real_flourish = finale_face.draw_row, celebration.flourish

    def draw_row(surface, p, r, row, rect, f, m):
        rows.append(rect)
        real_row(surface, p, r, row, rect, f, m)

    def flourish(*args, **kw):
        out = real_flourish(*args, **kw)
        words.append((rows[-1], out))
        return out
    monkeypatch.setattr(finale_face, "draw_row", draw_row)
    monkeypatch.setattr(celebration, "flourish", flourish)
    app = make_app(size=size, animation="normal", sofa=sofa, language=lang)
    try:
        app.go("table", session=GameSession.from_save(save))
        for _ in range(600):
            app.step(DT)
            if isinstance(app.top, FinalScene):
                break
        final = app.top
        assert isinstance(final, FinalScene)
        while not final.done:
            app.step(DT)
    finally:
        app.shutdown()
        i18n.set_language("en")
    assert words, "the majorities were counted with a flourish"
    for row, w in words:
        assert isinstance(w, pygame.Rect) and row.contains(w), f"{w} crosses its row {row}"
