"""Playtest 14a (16-tab-c.png, 17-s.png): with keys only, Tab from the board went to the player
panel and no ring showed where the focus was; the words beside it told the panel's money and VP,
not what Enter does. Every Tab stop of the table shows the ring and says what Enter does there,
in the start rounds, at bids and while buying."""
from __future__ import annotations

import pygame
import pytest

from ne_game.game.session import GameSession
from ne_game.storage.settings import Settings
from tests.history.games import play
from tests.ui.harness import Harness


def _stop_before(kind):
    save = play(("human",) * 4, seed=3)
    return [i for i, a in enumerate(save["actions"]) if a["type"] == kind][1]


@pytest.mark.parametrize("kind", ["place_start_tile", "take_bid", "buy_land"])
def test_every_tab_stop_shows_the_ring_and_what_enter_does(kind):
    h = Harness(size=(1280, 720), settings=Settings(animation="normal", handover=False))
    try:
        h.app.go("table", session=GameSession.from_save(play(("human",) * 4, seed=3, stop=_stop_before(kind))))
        table = h.top
        assert h.run_until(lambda: not table.anim.busy and not table.guard.waiting(), 600)
        h.step(2)
        stops = [r for r, row in table.focus_items.items() if row]
        assert len(stops) >= 2, stops
        seen = set()
        for _ in range(len(stops) + 1):
            h.key(pygame.K_TAB, frames_after=2)
            region = table.focus.region
            seen.add(region)
            item = table.focus.current(table.focus_items)
            assert item is not None, region
            ring = table.keys.draw(h.app.screen)
            assert ring is not None and ring.colliderect(item[1]), f"no ring at the {region} stop"
            assert table.hover == item[0], "the words are the focused item's"
            assert table.tooltip, f"nothing says what Enter does at the {region} stop"
            if region != "panel":
                # (the panels' stop reads the panel, as the pointer does: its money, its VP; issue 35)
                assert "money" not in table.tooltip, (region, table.tooltip)
        assert seen == set(stops), (seen, stops)
        if kind == "place_start_tile":
            assert not [hit for hit, _r in table.focus_items["panel"] if hit[0] == "button"], \
                "the panel's start tiles are the bar's land buttons again"
    finally:
        h.close()
