"""Issue 35 (a newcomer's playtest): Tab never reached the player panels, so a keyboard (or pad)
player could not read what the mouse reads by resting on a panel: its money, VP, figures and bid,
and the words on each of its cards. The panels are a region of the table's focus (Tab /
Shift+Tab, LB / RB): Up / Down go from panel to panel, Left / Right along a panel's cards; the
ring shows the words the pointer gets there; Enter there does nothing."""
from __future__ import annotations

import pygame

from ne_game import rules
from ne_game.game.session import GameSession
from ne_game.storage.settings import Settings
from tests.history.games import play
from tests.ui.harness import Harness


def _buying_with_cards():
    """A save stopped on a purchase, once some player holds face-up cards."""
    save = play(("human",) * 4, seed=3)
    for i, a in enumerate(save["actions"]):
        if a["type"] not in ("buy_land", "buy_card") or i < 30:
            continue
        state = rules.replay(save["players"], save["seed"], save["variant"] or None, save["actions"][:i])
        if any(state.cards):
            return play(("human",) * 4, seed=3, stop=i)
    raise AssertionError("no player ever held a card")


def _table(size=(1280, 720), sofa="off"):
    h = Harness(size=size, settings=Settings(animation="off", handover=False, sofa=sofa))
    h.app.go("table", session=GameSession.from_save(_buying_with_cards()))
    h.step(2)
    return h


def _mouse_words(h, table, pos):
    h.move(pos)
    h.step(2)
    return table.hover, table.tooltip


def test_tab_reaches_the_panels_and_the_ring_reads_what_the_pointer_reads():
    h = _table()
    try:
        table = h.top
        assert table.facts.phase == "buying" and table.human_turn
        n = len(table.session.actions)
        # Shift+Tab from the turn's first region: the panels at once (they are the last stop)
        h.key(pygame.K_TAB, pygame.KMOD_SHIFT)      # the first press shows the ring where it is
        for _ in range(6):
            if table.focus.region == "panel":
                break
            h.key(pygame.K_TAB, pygame.KMOD_SHIFT)
        assert table.focus.region == "panel"
        row = table.focus_items["panel"]
        heads = [hit for hit, _r in row if hit[0] == "panel"]
        assert heads == [("panel", i) for i in range(len(table.lay.panels))]
        # to the first panel, then down the panels one by one
        for _ in range(len(heads)):
            h.key(pygame.K_UP)
        item = table.focus.current(table.focus_items)
        assert item is not None and item[0] == ("panel", 0)
        seen_cards = 0
        for seat in range(len(heads)):
            item = table.focus.current(table.focus_items)
            assert item is not None and item[0] == ("panel", seat), item
            ring_words = table.tooltip
            assert table.hover == ("panel", seat) and "VP" in ring_words, ring_words
            ring = table.keys.draw(h.app.screen)
            assert ring is not None and ring.contains(item[1]), "the ring round the panel"
            # along the panel's cards: each the words the pointer gets on that card
            parts = [(hit, r) for hit, r in row if hit[0] == "pcard" and hit[1][0] == seat]
            for hit, r in parts:
                h.key(pygame.K_RIGHT)
                assert table.focus.current(table.focus_items)[0] == hit
                words = table.tooltip
                assert table.hover == hit and words
                table.keys.draw(h.app.screen)
                assert _mouse_words(h, table, r.center) == (hit, words)
                h.key(pygame.K_LEFT)          # (the keys after the mouse: back on the panel's parts)
                h.key(pygame.K_RIGHT)
                seen_cards += 1
            # Enter on a panel or a card: nothing is bought, picked or played
            h.key(pygame.K_RETURN)
            assert len(table.session.actions) == n and table.inter.sel is None
            head = next(r for hit, r in row if hit == ("panel", seat))
            assert _mouse_words(h, table, head.center) == (("panel", seat), ring_words)
            h.key(pygame.K_DOWN)
            if seat + 1 < len(heads):
                assert table.focus.current(table.focus_items)[0] == ("panel", seat + 1)
        assert seen_cards >= 1
        assert len(table.session.actions) == n
    finally:
        h.close()


def test_the_panels_keys_legend_offers_no_enter():
    h = _table()
    try:
        table = h.top
        h.app.pads.last_device = "keyboard"
        table.focus.active = True
        table.focus.region = "panel"
        table.focus.index["panel"] = 0
        table.refresh_interaction()
        view = table.keys.with_controls(table.view)
        assert all(cmd != "confirm" for cmd, _words in view.prompt.controls), view.prompt.controls
    finally:
        h.close()
