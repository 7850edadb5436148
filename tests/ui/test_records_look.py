"""Playtest 1 (a)8: the Records showed a small title at the left, unlike the other screens, and a
large empty middle. The title stands centred over the panel as on Settings, and the panel is as
tall as what it shows."""
from __future__ import annotations

import pygame
import pytest

from ne_game.history import HistoryStore
from ne_game.storage.settings import Settings
from tests.history.games import play


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (3840, 2160)])
def test_the_title_is_centred_and_the_panel_fits_its_rows(harness, size):
    save = play(("human", "easy", "easy"), 1)
    save["seats"][0]["name"] = "Anne"
    with HistoryStore() as store:
        store.record(save, played_at=1_650_000_000.0)
    h = harness(size=size, settings=Settings(animation="off"))
    h.click(h.layout()["button_records"])
    assert h.showing("records")
    records = h.top
    h.run_until(lambda: not records.loading, 300)
    h.step(2)
    assert len(records.games) == 1
    panel = records.panel_rect
    # one game and one player: a few rows, not a page of empty ones; the panel fits them (the
    # Players column holds the player chooser under its heading too: playtest 13a)
    shown_rows = (records.list_rect.h // records.line) - 1
    assert shown_rows <= 4
    assert panel.h < size[1] * 0.85
    assert abs(panel.centery - size[1] // 2) <= 2
    # the title's words sit in the middle of the panel, in the heading face at the heading size
    h.app.screen.fill((0, 0, 0))
    records.draw(h.app.screen)
    inset = records.px("panel_padding")
    band = pygame.Rect(panel.x + inset, panel.y + inset, panel.w - 2 * inset, records.head_h - inset)
    screen = h.app.screen

    def differs(x: int) -> bool:
        # the panel's face is one colour across a row: a column that differs from the band's
        # first one holds the title's words or its ornament
        for y in range(band.y, band.bottom, 2):
            a, b = screen.get_at((x, y)), screen.get_at((band.x, y))
            if abs(a.r - b.r) + abs(a.g - b.g) + abs(a.b - b.b) > 40:
                return True
        return False

    cols = [x for x in range(band.x, band.right, 2) if differs(x)]
    assert cols
    assert abs((cols[0] + cols[-1]) / 2 - panel.centerx) <= max(4, panel.w // 50)
    assert cols[0] - panel.x > panel.w // 5


@pytest.mark.parametrize("theme", ["default", "high_contrast"])
def test_every_records_button_has_a_visible_border(harness, theme):
    """Playtest 2 (a)1: in high contrast Replay, Story, Review, Export, Import and Close had no
    edge and read as plain text; they are edged in the theme's button border like every button."""
    save = play(("human", "easy", "easy"), 1)
    with HistoryStore() as store:
        store.record(save, played_at=1_650_000_000.0)
    h = harness(size=(1280, 720), settings=Settings(animation="off", theme=theme))
    h.click(h.layout()["button_records"])
    records = h.top
    h.run_until(lambda: not records.loading, 300)
    h.step(2)
    screen = h.app.screen
    records.draw(screen)
    border = pygame.Color(h.app.theme.color("button_border"))
    for key in ("replay", "story", "review", "export", "import", "close", "filter_prev", "filter_next"):
        r = records.buttons[key]
        edge = screen.get_at((r.centerx, r.y))         # the top edge's middle
        assert edge[:3] == border[:3], (key, edge, border)


def test_a_score_never_runs_into_a_name_ending_in_a_number(harness, monkeypatch):
    # playtest 10g: "Josiah 32 · Player 1 10" read as "Player 110"
    from ne_game.ui.scenes.records import draw as records_draw
    save = play(("human", "easy", "easy"), 1)
    save["seats"][0]["name"] = "Player 1"
    with HistoryStore() as store:
        store.record(save, played_at=1_650_000_000.0)
    said: list[str] = []
    real = records_draw.fit_render

    def spy(theme, role, px, text, *a, **k):
        said.append(str(text))
        return real(theme, role, px, text, *a, **k)
    monkeypatch.setattr(records_draw, "fit_render", spy)
    h = harness(size=(1920, 1080), settings=Settings(animation="off"))
    h.click(h.layout()["button_records"])
    records = h.top
    h.run_until(lambda: not records.loading, 300)
    h.step(2)
    line = next(s for s in said if "Player 1" in s and "·" in s)
    assert "Player 1: " in line and " VP" in line, line
