"""Screenshots at 1280x720 and 1920x1080: not blank, key regions where the layout says.

Set NE_SHOTS=/some/dir to keep the PNGs for a person to look at.
"""
from __future__ import annotations

import os
import random
from pathlib import Path

import pygame
import pytest

from ne_game import rules
from ne_game.ui.scenes.table import FinalScene
from tests.ui.table.driver import DT, FOUR, choose, click_plan, layout, offer_rects, perform, post_plan


def _advance(app, scene, rng, until, limit=1500):
    s = scene.session
    for _ in range(limit):
        if until(scene):
            return True
        if s.is_over():
            return False
        perform(app, scene, choose(rng, rules.legal_actions(s.state)))
    return until(scene)


def _settle(app, frames=40):
    for _ in range(frames):
        app.step(DT)


def _save(app, name, size):
    out = os.environ.get("NE_SHOTS")
    if out:
        Path(out).mkdir(parents=True, exist_ok=True)
        pygame.image.save(app.screen, str(Path(out) / f"{name}_{size[0]}x{size[1]}.png"))


def _distinct_colors(surf, rect, step=7):
    seen = set()
    for x in range(rect.left, rect.right, step):
        for y in range(rect.top, rect.bottom, step):
            seen.add(tuple(surf.get_at((x, y)))[:3])
    return len(seen)


def _check_regions(app, scene):
    surf = app.screen
    lay = layout(scene)
    w, h = surf.get_size()
    screen = pygame.Rect(0, 0, w, h)
    for key in ("board", "offer", "bid_track", "log", "action_bar", "panel_0"):
        r = lay[key]
        assert screen.contains(r), (key, r)
        assert _distinct_colors(surf, r) > 4, f"{key} looks blank"
    # Regions do not overlap each other.
    names = ["board", "offer", "log"] + [k for k in lay if k.startswith("panel_")]
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            assert not lay[a].colliderect(lay[b]), (a, b)
    # The board shows sea along the north and parcels below it.
    g = lay["grid"]
    # (the painted map's north band is thin: its middle, between two column letters)
    cell = scene.lay.cell
    sea = surf.get_at((g.x + cell * 3, (max(lay["board"].y, scene.lay.top_bar.bottom) + g.y) // 2))
    parcel = surf.get_at(scene.lay.cell_rect(0, 8).center)
    assert sea.b > sea.r, "the north band is sea-blue"
    assert sea != parcel


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_screens(table, size):
    app, scene = table(FOUR, seed=21, size=size, animation="fast")
    rng = random.Random(2)
    lay = scene.lay
    # 1. Start rounds: point at a free spot; the domino follows the pointer.
    legal = rules.legal_actions(scene.session.state)
    cell = legal[len(legal) // 2]["cells"][0]
    post_plan([("move", lay.cell_rect(*cell).center)])
    _settle(app, 3)
    assert scene.preview is not None and scene.preview.action is not None
    _check_regions(app, scene)
    _save(app, "1_start", size)
    # 2. Offer.
    assert _advance(app, scene, rng, lambda s: s.session.snapshot()["phase"] == "offer")
    _settle(app)
    _check_regions(app, scene)
    _save(app, "2_offer", size)
    # 3. Bids (one taken already).
    assert _advance(app, scene, rng, lambda s: s.session.snapshot()["phase"] == "bids"
                    and any(p["bid"] for p in s.session.snapshot()["players"]))
    _settle(app)
    _save(app, "3_bids", size)
    # 4. Buying with a land-use card picked and a legal placement under the pointer.

    def develop_ready(s):
        return s.session.snapshot()["phase"] == "buying" and any(
            a["type"] == "buy_card" and "develop" in a["use"] for a in s.inter.legal)

    assert _advance(app, scene, rng, develop_ready)
    _settle(app)
    a = next(a for a in scene.inter.legal if a["type"] == "buy_card" and "develop" in a["use"])
    plan = click_plan(scene, a)
    post_plan(plan[:-1])                 # everything but the final click
    _settle(app, 3)
    assert scene.inter.sel is not None and scene.preview is not None
    assert scene.preview.action is not None
    _check_regions(app, scene)
    _save(app, "4_buying_develop", size)
    post_plan(plan[-1:])
    _settle(app, 3)
    _settle(app, 30)
    _save(app, "5_after_develop", size)
    # 5. A hover over an offer item says what it is and, greyed, why it cannot be bought
    # (the engine's reason); one that can be bought says how.
    inter = scene.inter
    assert scene.human_turn and scene.session.snapshot()["phase"] == "buying"
    for slot, row in offer_rects(scene).items():
        if inter.pos.offer_item(slot) is None:
            continue
        post_plan([("move", row.center)])
        _settle(app, 1)
        tip = scene.tooltip
        why = inter.slot_reason(slot)
        if slot in inter.selectable_slots():
            assert "Pick this item" in tip, (slot, tip)
        else:
            assert why and f"{why[:1].upper()}{why[1:]}" in tip, (slot, why, tip)
        assert scene.overlay.hover_slot == (slot, slot in inter.selectable_slots())
    # 6. Play on to the end: the final scoring screen.
    _advance(app, scene, rng, lambda s: False, limit=3000)
    for _ in range(300):
        app.step(DT)
        if isinstance(app.top, FinalScene):
            break
    assert isinstance(app.top, FinalScene)
    app.top.t = 10
    _settle(app, 2)
    _save(app, "6_final", size)
