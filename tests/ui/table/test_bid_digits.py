"""Playtest 14a (28s.png): during bids, pressing 4 did nothing; only the arrows and Enter took a
marker. The digits 1-9 and 0 (= 10) take that bid marker as a click on it does (a taken one says
why); the keys legend says so during bids, on the keyboard only."""
from __future__ import annotations

import pygame

from ne_game.game.session import GameSession
from ne_game.i18n import pgettext
from ne_game.storage.settings import Settings
from ne_game.ui.shell import input_map as im
from tests.history.games import play
from tests.ui.harness import Harness


def _at_bids(h):
    save = play(("human",) * 4, seed=3)
    # the second bid of the game: one marker is taken already
    n = [i for i, a in enumerate(save["actions"]) if a["type"] == "take_bid"][1]
    h.app.go("table", session=GameSession.from_save(play(("human",) * 4, seed=3, stop=n)))
    table = h.top
    assert h.run_until(lambda: table.facts.phase == "bids" and not table.anim.busy
                       and not table.guard.waiting(), 600)
    h.step(2)
    return table


def test_the_digits_are_bid_commands():
    def cmd(key):
        return im.commands(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0))
    assert cmd(pygame.K_4) == (im.Command(im.BID, value=4),)
    assert cmd(pygame.K_0) == (im.Command(im.BID, value=10),)
    assert cmd(pygame.K_KP_7) == (im.Command(im.BID, value=7),)


def test_a_digit_takes_its_bid_marker():
    h = Harness(size=(1280, 720), settings=Settings(animation="normal", handover=False))
    try:
        table = _at_bids(h)
        bids = sorted(table.legal_bids)
        n = len(table.session.actions)
        pick = next((v for v in bids if v < 10), bids[0])
        h.key(pygame.K_0 if pick == 10 else getattr(pygame, f"K_{pick}"), frames_after=2)
        if table.inter is not None and table.inter.armed == ("bid", pick):     # a costly one asks first
            h.key(getattr(pygame, f"K_{pick % 10}"), frames_after=2)
        assert len(table.session.actions) == n + 1, "the digit took its marker"
        assert table.session.actions[-1]["type"] == "take_bid"
        assert table.session.actions[-1]["value"] == pick
    finally:
        h.close()


def test_a_taken_marker_says_why():
    h = Harness(size=(1280, 720), settings=Settings(animation="normal", handover=False))
    try:
        table = _at_bids(h)
        taken = next(v for v in range(1, 11) if v not in table.legal_bids)
        n = len(table.session.actions)
        h.key(pygame.K_0 if taken == 10 else getattr(pygame, f"K_{taken}"), frames_after=1)
        assert len(table.session.actions) == n
        assert table.tooltip and table.tooltip == table.inter.reason({"type": "take_bid", "value": taken})
        assert table.hover == ("bid", taken), "its words stand at the marker"
    finally:
        h.close()


def test_the_keys_legend_names_the_digits_during_bids():
    h = Harness(size=(1280, 720), settings=Settings(animation="normal", handover=False))
    try:
        table = _at_bids(h)
        h.key(pygame.K_RIGHT, frames_after=2)
        assert (im.BID, pgettext("keys legend", "Bid")) in table.view.prompt.controls
        h.app.pads.last_device = "pad"
        table.refresh_interaction()
        assert not any(c == im.BID for c, _w in table.view.prompt.controls), "pads unchanged"
    finally:
        h.close()
