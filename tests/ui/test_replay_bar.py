"""The replay's bar belongs to the table (issue 35): a wooden rail under the dialogs' gold
inlay (flat in high contrast), the timeline on a parchment plate with every round numbered,
and its words at the desk's 12 px floor at 1280x720."""
from __future__ import annotations

import pygame
import pytest

from ne_game.ui.look.theme import load_theme
from ne_game.ui.scenes.replay.bar import BarView, bar_layout, draw_bar, plate_rect
from ne_game.ui.scenes.table.draw import gfx
from tests.ui.harness import texts_drawn

ROUNDS = tuple((k * 12, k) for k in range(13))
VIEW = BarView(position=78, last=156, rounds=ROUNDS, where="Move 78 of 156 · Round 6 · Buying",
               playing=False, family="palmer")


def _draw(theme: str, size=(1280, 720), monkeypatch=None) -> tuple[pygame.Surface, list[tuple[str, int]], object]:
    st = gfx.Style(load_theme(theme))
    drawn: list[tuple[str, int]] = texts_drawn(monkeypatch) if monkeypatch is not None else []
    surf = pygame.Surface(size)
    bl = bar_layout(size)
    draw_bar(surf, bl, st, VIEW)
    return surf, drawn, bl


@pytest.mark.parametrize("theme", ["default", "high_contrast"])
def test_the_replay_bars_words_and_round_numbers_read_at_720p(theme, monkeypatch):
    _surf, drawn, _bl = _draw(theme, monkeypatch=monkeypatch)
    assert min(px for _s, px in drawn) >= 12, sorted(set(drawn), key=lambda d: d[1])[:4]
    numbers = {s for s, _px in drawn if s.isdigit()}
    assert {str(n) for n in range(1, 13)} <= numbers      # every round's tick numbered


def test_the_replay_bar_is_wood_and_parchment_and_flat_in_high_contrast():
    surf, _drawn, bl = _draw("default")
    st = gfx.Style(load_theme("default"))
    plate = plate_rect(bl)
    # the position is written on a parchment plate like the player panels
    assert surf.get_at((plate.x + bl.px(3), plate.centery))[:3] == tuple(st.color("panel"))[:3]
    # the rail is wood, not the slate band it was
    rail = (bl.rect.x + bl.px(2), bl.rect.bottom - bl.px(2))
    assert surf.get_at(rail)[:3] != tuple(st.color("panel_dark"))[:3]
    assert surf.get_at((bl.rect.centerx, bl.rect.y + bl.px(3)))[:3] == tuple(st.color("gold"))[:3]  # the inlay
    flat, _d, fbl = _draw("high_contrast")
    hc = gfx.Style(load_theme("high_contrast"))
    # high contrast: the rail one flat colour (no grain), the plate its flat panel
    # (along the rail's foot between the step buttons: the plate holds the left end in one band)
    row = {tuple(flat.get_at((x, fbl.rect.bottom - 2)))[:3]
           for x in range(fbl.buttons["first"].right + 1, fbl.buttons["prev_round"].x - 1)}
    assert row == {tuple(hc.color("panel_dark"))[:3]}
