"""A parcel marked in the start rounds is one some placement takes: with the pointer on it, the
tile goes where it fits (playtest 12a: B2 was marked, the pointer on it offered B2-C2, refused,
where A2-B2 fits)."""
from __future__ import annotations

from ne_game import rules
from ne_game.ui.scenes.table.model.interaction import Interaction
from tests.history.games import play


def test_every_marked_parcel_previews_a_legal_placement():
    checked = 0
    for seed, stop in ((3, 3), (9, 6), (5, 8)):
        save = play(("human",) * 4, seed=seed, stop=stop)
        state = rules.replay(save["players"], save["seed"], save["variant"] or None, save["actions"])
        inter = Interaction(state)
        for land in inter.start_lands():
            inter.choose_start_land(land)
            for orient in range(inter.n_orients()):
                inter.orient = orient
                for cell in sorted(inter.start_targets()):
                    p = inter.preview(cell)
                    assert p is not None and p.action is not None, (seed, land, orient, cell, p)
                    assert tuple(cell) in {tuple(c) for c in p.cells}
                    checked += 1
    assert checked > 100
