"""The desk's text floor: every word the table and the shell screens draw is at least 12 px
at 1280x720 and 1280x800 at 100 % UI scale (the Steam Deck's screen), in English, Dutch and
French, measured as drawn (after any shrinking to fit): the start rounds, the bids, buying
with a card picked, the "since your last turn" feed, the final scoring, and the shell's
screens. Sofa distance has its own, higher floor (test_sofa_text.py)."""
from __future__ import annotations

import pytest

from ne_game import i18n
from ne_game.game.session import GameSession
from ne_game.storage.settings import Settings
from ne_game.ui.scenes.table.draw.chrome import DESK_FLOOR
from tests.history.games import play
from tests.ui.harness import Harness
from tests.ui.test_sofa_text import TextSizes

SIZES = [(1280, 720), (1280, 800)]
LANGS = ["en", "nl", "fr"]


def _table(size: tuple[int, int], lang: str, stop: int, kinds=("human", "human", "human", "human")) -> Harness:
    h = Harness(size=size, settings=Settings(animation="off", sofa="off", language=lang, handover=False))
    i18n.set_language(lang)
    save = play(kinds, seed=3, stop=stop)
    h.app.go("table", session=GameSession.from_save(save))
    h.step(3)
    return h


def _measure(h: Harness, rec: TextSizes, prepare=None) -> list[tuple[int, str, str]]:
    if prepare is not None:
        prepare(h)
    rec.clear()
    h.app.relayout()            # every layer drawn afresh
    h.step(2)
    assert rec.drawn, "nothing drawn"
    return rec.small(DESK_FLOOR)


def _pick_card(h: Harness) -> None:
    table = h.top
    slots = sorted(table.inter.selectable_slots())
    cards = [s for s in slots if (table.facts.offer_item(s) is not None and table.facts.offer_item(s).card)]
    assert cards, "a card to pick"
    table.inter.pick_slot(cards[0])
    table.refresh_interaction()
    h.step(2)


def _recap_feed(h: Harness) -> None:
    table = h.top
    table.recap = True
    table.recap_since = 0           # everything since the start is news: a long feed
    table.update_hover(table.hover_pos)
    h.step(2)
    assert table.view.log.recap is not None


# (actions played, what to do then) for each part of the table
TABLE = {"start_rounds": (2, None), "bids": (14, None), "buying_card_picked": (32, _pick_card),
         "recap_feed": (60, _recap_feed)}


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", [SIZES[0], pytest.param(SIZES[1], marks=pytest.mark.slow)], ids=["720p", "800p"])
@pytest.mark.parametrize("part", list(TABLE))
def test_desk_table_words_are_at_least_12_px(part, size, lang, monkeypatch):
    stop, prepare = TABLE[part]
    rec = TextSizes(monkeypatch)
    h = _table(size, lang, stop)
    try:
        small = _measure(h, rec, prepare)
        assert small == [], f"{part} in {lang} at {size}: under {DESK_FLOOR} px: {small[:6]}"
    finally:
        rec.undo()
        h.close()
        i18n.set_language("en")


# ---------------------------------------------------------------- the shell's screens
class ShellSizes:
    """The size of every word the shell draws: its own lines (every font of the theme renders
    through a recording wrapper; a shrunk line's last size counts) and pygame-gui's labels,
    buttons and text boxes (their font's size)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        from ne_game.ui.look.theme import Theme

        self.drawn: list[tuple[str, int]] = []
        real_font = Theme.font
        sizes = self

        class Recording:
            def __init__(self, font, px: int) -> None:
                self._font, self._px = font, px

            def render(self, text, *args, **kwargs):
                if str(text).strip():
                    sizes.drawn.append((str(text), self._px))
                return self._font.render(text, *args, **kwargs)

            def __getattr__(self, name):
                return getattr(self._font, name)

        def font(theme, role, px):
            f = real_font(theme, role, px)
            return Recording(f, f.get_height() and int(round(px)))
        monkeypatch.setattr(Theme, "font", font)

    def gui(self, app) -> None:
        import pygame_gui

        for scene in app.stack:
            mgr = getattr(scene, "_ui_manager", None) or getattr(scene, "ui_manager", None)
            if mgr is None:
                continue
            for el in mgr.get_sprite_group().sprites():
                text = getattr(el, "text", "") or ""
                if isinstance(el, pygame_gui.elements.UITextBox):
                    text = el.html_text
                if not isinstance(el, (pygame_gui.elements.UILabel, pygame_gui.elements.UIButton,
                                       pygame_gui.elements.UITextBox)) or not text.strip():
                    continue
                font = getattr(el, "font", None)
                if font is not None:
                    self.drawn.append((text, int(font.get_point_size())))

    def small(self, floor: int) -> list[tuple[int, str]]:
        return sorted({(px, s[:60]) for s, px in self.drawn if px < floor and sum(c.isalpha() for c in s) >= 2})


SHELL = ["title", "setup", "who_starts", "pause", "seats", "settings", "rules_summary", "load", "dialog", "records",
         "handover"]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", [SIZES[0], pytest.param(SIZES[1], marks=pytest.mark.slow)], ids=["720p", "800p"])
@pytest.mark.parametrize("name", SHELL)
def test_desk_shell_words_are_at_least_12_px(name, size, lang, monkeypatch):
    from tests.i18n.test_every_scene import _scenes

    h = Harness(size=size, settings=Settings(animation="off", sofa="off"))
    try:
        i18n.set_language(lang)
        h.step()
        rec = ShellSizes(monkeypatch)
        dict(_scenes(h))[name]()
        h.step(2)
        rec.drawn.clear()
        h.app.relayout()
        h.step(2)
        rec.gui(h.app)
        assert rec.drawn, "nothing drawn"
        small = rec.small(DESK_FLOOR)
        assert small == [], f"{name} in {lang} at {size}: under {DESK_FLOOR} px: {small[:6]}"
    finally:
        h.close()
        i18n.set_language("en")


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("size", [SIZES[0], pytest.param(SIZES[1], marks=pytest.mark.slow)], ids=["720p", "800p"])
def test_desk_final_scoring_words_are_at_least_12_px(size, lang, monkeypatch):
    rec = TextSizes(monkeypatch)
    h = Harness(size=size, settings=Settings(animation="off", sofa="off", language=lang))
    try:
        i18n.set_language(lang)
        session = GameSession.from_save(play(("human", "easy", "easy", "easy"), seed=3))
        h.app.go("final_scoring", session=session)
        h.top.t = 99.0              # every count has run up
        small = _measure(h, rec)
        assert small == [], f"final scoring in {lang} at {size}: under {DESK_FLOOR} px: {small[:6]}"
    finally:
        rec.undo()
        h.close()
        i18n.set_language("en")
