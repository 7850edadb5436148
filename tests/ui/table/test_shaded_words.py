"""Playtest 19a: the keyboard's ring on shaded ground in the start rounds said only "Parcel B3:
free."; it says why the start tile does not fit there."""
from __future__ import annotations

from tests.ui.table.test_playtest1_table import _table_at


def test_the_ring_on_shaded_ground_says_why_not():
    from ne_game.ui.scenes.table.controls import hit

    h = _table_at(3, (1280, 720))            # three start tiles down: ground in shadow
    try:
        scene = h.top
        targets = scene.inter.targets()
        shaded = next(g for g in scene.overlay.board.targets if g.style == "shade")
        cell = shaded.groups[0][0]
        words = hit._cell_info(cell, scene.inter, targets)
        assert "does not fit here" in words and words.startswith(hit.cell_name(cell))
        lit = sorted(targets["place"])[0]
        assert hit._cell_info(lit, scene.inter, targets) == ""
    finally:
        h.close()
