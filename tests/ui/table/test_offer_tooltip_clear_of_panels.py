"""Issue 35 (a newcomer's playtest): a card's tooltip in the offer (the card shown large, its
words under it) covered the player panels in the left column, the money and cards one weighs
while choosing. An offer item's tooltip never covers a panel: it goes beside the offer, over the
board or its margin, away from the item, at the desk and at sofa distance."""
from __future__ import annotations

import pygame
import pytest

from ne_game.ui.scenes.table.draw import chrome
from ne_game.ui.scenes.table.draw.offer_view import slot_rects
from ne_game.ui.scenes.table.table_face import PLACES
from tests.ui.harness import table_at


@pytest.mark.parametrize("size,sofa", [((1280, 720), "off"), ((1920, 1080), "off"), ((1920, 1080), "on")],
                         ids=["720p", "1080p", "1080p-sofa"])
@pytest.mark.parametrize("lang", ["en", "nl", "fr"])
def test_an_offer_items_tooltip_never_covers_the_player_panels(size, sofa, lang):
    with table_at(14, size, sofa, lang) as h:
        t = h.top
        lay = t.lay
        rects = slot_rects(lay, t.view.offer.slots)
        shown = 0
        for slot, rect in sorted(rects.items()):
            t.update_hover(rect.center)
            if not t.tooltip:
                continue
            surf = pygame.Surface(lay.size)
            r = chrome.draw_tooltip(surf, lay, t.style, t.tooltip, t.hover_pos, zoom=t.overlay.zoom, rs=t.rs,
                                    target=t.hover_rect, offer=list(rects.values()),
                                    glow=[lay.cell_rect(*c) for kind, cells in t.targets.items()
                                          if kind in PLACES for c in cells])
            assert r is not None
            shown += 1
            assert not any(r.colliderect(p) for p in lay.panels), (slot, t.overlay.zoom, r)
            assert not r.colliderect(rect), (slot, r, rect)        # away from the item itself
            assert not r.colliderect(lay.action_bar), (slot, r)       # the turn's question in sight
            assert pygame.Rect((0, 0), lay.size).contains(r)
        assert shown >= 5


@pytest.mark.parametrize("size,sofa", [((1280, 720), "off"), ((1920, 1080), "on")], ids=["720p", "1080p-sofa"])
def test_a_card_shown_large_for_a_piece_on_the_board_keeps_off_the_panels(size, sofa):
    # playtest 21c: the card of a ship on C1, shown large, hid two players' panels
    with table_at(14, size, sofa) as h:
        t = h.top
        lay, st = t.lay, t.style
        card = next(iter(t.facts.rs.cards))
        for cell in ((0, 0), (2, 4), (9, 8)):
            pos = lay.cell_rect(*cell).center
            r = chrome.draw_card_zoom(pygame.Surface(lay.size), lay, st, card, "Words under the card. " * 3,
                                      pos, t.facts.rs)
            assert not any(r.colliderect(p) for p in lay.panels), (cell, r)
