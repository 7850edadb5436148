"""Issue 35 (a newcomer's playtest): in the start rounds the keyboard's ring began on A1, the
map's corner, so Enter at once put the start tile in row 1. The ring starts on the open parcel
nearest the map's middle; no rule changes (it is one of the places the tile may go)."""
from __future__ import annotations

import pygame

from tests.ui.table.driver import DT, make_app, make_session, post_plan

SEATS = [("Alice", "winslow", "human"), ("Bob", "palmer", "easy"), ("Cleo", "howland", "easy"),
         ("Dan", "annable", "easy")]


def _ring_cell(scene):
    item = scene.focus.current(scene.focus_items)
    assert item is not None and item[0][0] == "cell", item
    return tuple(item[0][1])


def test_the_keyboards_ring_starts_a_start_tile_in_the_maps_middle():
    app = make_app(size=(1280, 720), animation="off")
    app.pads.last_device = "keyboard"
    app.go("table", session=make_session(SEATS, seed=1))
    scene = app.top
    seen = 0
    for _ in range(3000):
        app.step(DT)
        if not (scene.keys.mine() and scene.facts.phase == "start_tiles"):
            continue
        lay = scene.lay
        targets = {tuple(c) for c in scene.inter.start_targets()}
        cell = _ring_cell(scene)
        assert cell in targets
        mid = ((lay.cols - 1) / 2, (lay.rows - 1) / 2)

        def dist(c, mid=mid):
            return (c[0] - mid[0]) ** 2 + (c[1] - mid[1]) ** 2
        # the nearest the middle of the places the tile may go (not the corner's A1)
        assert dist(cell) <= min(dist(c) for c in targets) + 1.0, (cell, sorted(targets, key=dist)[:3])
        assert cell[1] > 0 and cell[0] > 0
        n = len(scene.session.actions)
        post_plan([("key", pygame.K_RETURN)])
        app.step(DT)
        assert len(scene.session.actions) == n + 1        # Enter places it there
        placed = scene.session.actions[-1]
        assert placed["type"] == "place_start_tile", placed
        seen += 1
        if seen == 2:
            return
    raise AssertionError(f"only {seen} of Alice's start tiles came")
