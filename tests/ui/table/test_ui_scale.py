"""The UI-scale setting (100-200 %) at the table: bigger text, nothing clipped, board playable.

Set NE_SHOTS=/some/dir to keep the PNGs for a person to look at.
"""
from __future__ import annotations

import os
from pathlib import Path

import pygame
import pytest

from ne_game import rules
from ne_game.sim import RandomPlayer
from ne_game.ui.scenes.table.draw import layout, panels
from tests.ui.table.driver import DT, FOUR, click_plan, offer_rects, post_plan
from tests.ui.table.driver import layout as regions

SIZES = [(1280, 720), (1920, 1080), (3840, 2160), (1280, 1024), (2560, 1080)]
SCALES = [100, 125, 150, 175, 200]


# ---- pure geometry: every size, every step, three and four players -----------------------
@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("players", [3, 4])
def test_layout_fits_at_every_scale(size, players):
    w, h = size
    screen = pygame.Rect(0, 0, w, h)
    last = 0.0
    for pct in SCALES:
        lay = layout.compute(size, players, ui_scale=pct / 100)
        assert lay.fits, (size, players, pct)
        assert 1.0 <= lay.scale <= pct / 100 + 1e-9
        assert lay.scale >= last - 1e-9, "a larger setting never gives a smaller table"
        last = lay.scale
        assert lay.cell >= layout.MIN_CELL, (size, pct, lay.cell)
        regions = {"board": lay.board_rect, "offer": lay.offer_rect, "log": lay.log_rect,
                   "action_bar": lay.action_bar, "top_bar": lay.top_bar,
                   **{f"panel_{i}": r for i, r in enumerate(lay.panels)}}
        for name, r in regions.items():
            assert screen.contains(r), (size, pct, name, r)
        names = [k for k in regions if k != "top_bar"]
        for i, a in enumerate(names):
            for b in names[i + 1:]:
                assert not regions[a].colliderect(regions[b]), (size, pct, a, b)
        assert lay.board_area.contains(lay.board_rect)
        assert lay.offer_rect.contains(lay.bag_rect) and lay.offer_rect.contains(lay.deck_rect)
        assert not lay.bag_rect.colliderect(lay.deck_rect)
        for r in lay.offer_slot_rects(9):
            assert lay.offer_slots_rect.contains(r), (size, pct, r)
        for r in lay.bid_slots:
            assert lay.top_bar.contains(r), (size, pct, r)


def test_100_percent_is_the_old_table():
    """The 100 % layout is pinned: the setting must not move anything for its default."""
    lay = layout.compute((1280, 720), 4, ui_scale=1.0)
    assert lay.u == 1.0 and lay.cell == 60     # the painted map's thinner sea bands: 56 before
    assert lay.panels[0] == pygame.Rect(10, 70, 280, 110)
    assert lay.log_rect == pygame.Rect(10, 544, 280, 166)
    # issue 35: the offer's column takes the sea the board (held by the height) leaves: its
    # cards are 78x110 at 720p, no longer 60x84
    assert lay.action_bar == pygame.Rect(300, 644, 706, 66)
    assert lay.offer_rect == pygame.Rect(1016, 70, 254, 640)
    big = layout.compute((1920, 1080), 4, ui_scale=1.0)
    assert big.cell == 91 and big.panels[0].height == 165 and big.log_rect.height == 249


# ---- the rendered table ----------------------------------------------------------------------
def _to_buying(app, scene, rounds=4):
    """Play (as the engine's random player) to a buying turn in a later round."""
    p = RandomPlayer(4, 0.9)
    s = scene.session
    for _ in range(3000):
        snap = scene.session.snapshot()
        if snap["phase"] == "buying" and snap["round"] >= rounds and any(
                a["type"] == "buy_card" and "develop" in a["use"] for a in scene.inter.legal):
            break
        if s.is_over():
            break
        scene.act(p.choose(None, rules.legal_actions(s.state)))
    for _ in range(3):
        app.step(DT)


def _render(table, size, pct):
    app, scene = table(FOUR, seed=4, size=size, animation="off", ui_scale=pct)
    _to_buying(app, scene)
    assert scene.session.snapshot()["phase"] == "buying"
    a = next(a for a in scene.inter.legal if a["type"] == "buy_card" and "develop" in a["use"])
    post_plan(click_plan(scene, a)[:-1])          # an item picked, the pointer on a target
    for _ in range(4):
        app.step(DT)
    assert scene.inter.sel is not None
    out = os.environ.get("NE_SHOTS")
    if out:
        Path(out).mkdir(parents=True, exist_ok=True)
        pygame.image.save(app.screen, str(Path(out) / f"scale{pct}_{size[0]}x{size[1]}.png"))
    return app, scene


def _inside(outer: pygame.Rect, inner: pygame.Rect) -> bool:
    return inner.width == 0 or outer.contains(inner)


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_table_at_ui_scales(table, size):
    names, cells = {}, {}
    for pct in (100, 150, 200):
        app, scene = _render(table, size, pct)
        lay = regions(scene)
        w, h = app.screen.get_size()
        screen = pygame.Rect(0, 0, w, h)
        keys = ["board", "offer", "log", "action_bar", "bid_track"] + \
            [k for k in lay if k.startswith("panel_")]
        for k in keys:
            assert screen.contains(lay[k]), (pct, k, lay[k])
        solid = [k for k in keys if k != "bid_track"]
        for i, a in enumerate(solid):
            for b in solid[i + 1:]:
                assert not lay[a].colliderect(lay[b]), (pct, a, b)
        assert scene.lay.cell >= 28, (pct, scene.lay.cell)
        cells[pct] = scene.lay.cell
        # Panel contents stay in their panel; the name fits its header.
        for seat in range(len(scene.session.snapshot()["players"])):
            pv = scene.view.panels[seat]
            geo = panels.geometry(scene.lay, seat, pv.barn_cells)
            r = geo["rect"]
            for part in ("header", "money", "row_b", "row_c", "bid"):
                assert _inside(r, geo[part]), (pct, seat, part, geo[part], r)
            for _, br in geo["barns"]:
                assert _inside(geo["row_c"], br), (pct, seat, br)
            for _, _, cr, _tr in panels.card_slots(scene.lay, scene.style, pv):
                assert _inside(geo["row_b"], cr), (pct, seat, cr)
            t = panels.name_text(scene.lay, scene.style, pv)
            assert t.get_height() <= geo["header"].height + scene.lay.px(2), (pct, seat)
        names[pct] = panels.name_text(scene.lay, scene.style, scene.view.panels[0]).get_height()
        # Offer rows, bag and deck inside the offer column; buttons inside the action bar.
        for slot, row in offer_rects(scene).items():
            assert lay["offer"].contains(row), (pct, slot, row)
        for br in scene.button_rects:
            assert lay["action_bar"].contains(br), (pct, br)
        if pct > 100:   # the scene's layout honours the setting
            assert scene.lay.scale > 1.0
        pygame.display.quit()
    assert names[150] > names[100] and names[200] >= names[150], names
    assert names[200] > names[100], names
    assert cells[200] <= cells[100]
