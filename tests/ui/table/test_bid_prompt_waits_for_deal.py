"""Playtest 14a (41-deal1.png): while the offer was still dealt, the bar already said "Take marker
1: ..." beside the keys' ring on marker 1. The person's bid controls wait for the deal to land, as
a computer's move does (test_ai_waits_for_deal.py); a key press still skips the deal."""
from __future__ import annotations

import pygame

from ne_game.game.session import GameSession
from ne_game.storage.settings import Settings
from tests.history.games import play
from tests.ui.harness import Harness


def _dealing(table):
    return any(k is not None and k[0] == "slot" for k in table.anim.hidden)


def _announced(h):
    """A person announces the offer; it is being dealt; a person bids first."""
    save = play(("human",) * 4, seed=3)
    n = [i for i, a in enumerate(save["actions"]) if a["type"] == "announce_offer"][1]
    h.app.go("table", session=GameSession.from_save(play(("human",) * 4, seed=3, stop=n)))
    table = h.top
    assert h.run_until(lambda: not table.anim.busy and not table.guard.waiting(), 600)
    h.app.pads.last_device = "keyboard"
    table.refresh_interaction()
    assert table.facts.phase == "offer"
    table.act(save["actions"][n])
    h.step(1)
    assert _dealing(table), "the offer is dealt"
    assert table.facts.phase == "bids" and table.human_turn
    return table


def test_the_persons_bid_prompt_waits_for_the_deal():
    h = Harness(size=(1280, 720), settings=Settings(animation="normal", handover=False))
    try:
        table = _announced(h)
        frames = 0
        while _dealing(table):
            assert table.keys.draw(h.app.screen) is None, "the ring on a bid marker during the deal"
            assert not table.view.prompt.controls
            assert not table.focus_items.get("bids"), "the markers took the focus during the deal"
            assert not table.build_static().bids.bidding, "the markers lit for the person during the deal"
            assert not table.overlay.bidding and not table.overlay.bid_legal, "the markers glowed for the person during the deal"
            h.step(1)
            frames += 1
        assert frames > 5
        h.step(1)
        item = table.focus.current(table.focus_items)
        assert item is not None and item[0][0] == "bid", "the bid's focus once the deal landed"
        assert table.keys.draw(h.app.screen) is not None and table.tooltip
    finally:
        h.close()


def test_a_key_still_skips_the_deal():
    h = Harness(size=(1280, 720), settings=Settings(animation="normal", handover=False))
    try:
        table = _announced(h)
        h.key(pygame.K_SPACE, frames_after=1)
        assert not _dealing(table), "Space lands the dealt cards at once"
        assert table.focus_items.get("bids") and table.keys.draw(h.app.screen) is not None
    finally:
        h.close()
