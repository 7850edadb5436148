"""The Records screen's words at their size in English, Dutch and French: the button row is
one text size, and no word on the screen is drawn smaller than the size it was asked at (a
word that does not fit gets room, or a shorter wording, never a smaller size)."""
from __future__ import annotations

import pytest

from ne_game import i18n, rules
from ne_game.game.session import GameSession, Seat
from ne_game.storage.settings import Settings
from ne_game.ui.scenes.records import draw as records_scene
from ne_game.ui.scenes.records.words import ACTS, act_label, act_row
from ne_game.ui.shell import flow
from tests.ui.harness import Harness

SIZES = [(1280, 720), (1920, 1080)]
LANGS = ["en", "nl", "fr"]


def _finished_game() -> GameSession:
    game = GameSession.new([Seat(n, f, "human") for n, f in zip(("Ann", "Bob", "Cy"), ("winslow", "palmer", "howland"))],
                           seed=3)
    while not game.is_over():
        legal = rules.legal_actions(game.state)
        game.apply(next((a for a in legal if a["type"] != "move_figure"), legal[0]))
    return game


def _drawn(lang: str, size: tuple[int, int], device: str, monkeypatch) -> list[tuple[str, str, int, int]]:
    """(text, role, asked px, drawn px) of every fitted line the records screen draws."""
    drawn: list[tuple[str, str, int, int]] = []
    real = records_scene.fit_render

    def fit_render(theme, role, px, text, color, max_w):
        surf = real(theme, role, px, text, color, max_w)
        size_drawn = int(px)
        while theme.font(role, size_drawn).size(text)[0] > max_w and size_drawn > 4:
            size_drawn -= 1          # the size fit_render settled on (its own rule)
        drawn.append((text, role, int(px), size_drawn))
        return surf
    monkeypatch.setattr(records_scene, "fit_render", fit_render)
    h = Harness(size=size, settings=Settings(animation="off", sofa="off", language=lang))
    try:
        i18n.set_language(lang)
        h.step()
        flow.record_game(_finished_game())
        h.app.go("title")
        h.app.push("records")
        h.app.pads.last_device = device
        h.step(3)
        drawn.clear()
        h.app.relayout()
        h.step(2)
        return list(drawn)
    finally:
        h.close()
        i18n.set_language("en")


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", [SIZES[0], pytest.param(SIZES[1], marks=pytest.mark.slow)], ids=["720p", "1080p"])
def test_records_words_are_never_shrunk_and_the_buttons_share_one_size(lang, size, monkeypatch):
    drawn = _drawn(lang, size, "keyboard", monkeypatch)
    i18n.set_language(lang)
    labels = {act_label(a) for a in ACTS}
    i18n.set_language("en")
    buttons = [d for d in drawn if d[0] in labels]
    assert {d[0] for d in buttons} == labels, "every button drawn"
    assert len({d[3] for d in buttons}) == 1, f"the button row mixes sizes in {lang}: {buttons}"
    shrunk = [d for d in drawn if d[3] < d[2]]
    assert shrunk == [], f"records in {lang} at {size}: drawn smaller than asked: {shrunk[:6]}"


def test_the_row_gives_a_long_word_room_and_keeps_one_size():
    """The rule itself: words wider than an even share get their width, the others keep the
    share; only a row that cannot hold its words at all goes down a size, all of it."""
    class Font:
        def size(self, text):
            return (10 * len(text), 10)

    class Theme:
        def font(self, role, px):
            return Font()
    labels = [act_label(a) for a in ACTS]
    size, widths = act_row(Theme(), 20, 2000, 10, 200)
    assert size == 20
    assert widths == [max(10 * len(s) + 20, 200) for s in labels]
    size, widths = act_row(Theme(), 20, 10, 10, 200)        # no room at all: the smallest size, one for all
    assert size == 4
