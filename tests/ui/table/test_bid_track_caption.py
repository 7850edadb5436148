"""Issue 35 (a newcomer's playtest): the ten numbered discs along the top read as a round track
(rounds 1..10), and the game surprised him by running to round 13. The band says what they are
("Bid markers", the rulebooks' "biedfiches", "marqueurs de mise") and what their number is
("shillings per item", where that costs the markers nothing), beside the markers, at or above
the text floor, in every language, from 1280x720 up and at sofa distance."""
from __future__ import annotations

import pygame
import pytest

from ne_game.i18n import _
from ne_game.ui.scenes.table.draw import bid_track
from ne_game.ui.scenes.table.draw.text_floor import floor_px
from tests.ui.harness import table_at, texts_drawn


@pytest.mark.parametrize("size,sofa", [((1280, 720), "off"), ((1920, 1080), "off"), ((1920, 1080), "on"),
                                       ((3840, 2160), "on")], ids=["720p", "1080p", "1080p-sofa", "4k-sofa"])
@pytest.mark.parametrize("lang", ["en", "nl", "fr"])
def test_the_bid_track_says_its_markers_are_bid_markers_and_their_price(size, sofa, lang, monkeypatch):
    with table_at(14, size, sofa, lang) as h:
        t = h.top
        lay, st = t.lay, t.style
        floor = floor_px(lay)
        drawn = texts_drawn(monkeypatch)
        bid_track.draw_bid_captions(pygame.Surface(lay.size), lay, st)
        caption, note = _("Bid markers"), _("shillings per item")
        assert caption != "Bid markers" or lang == "en"
        # the caption always; the price note where it costs the markers nothing (at sofa
        # distance both shrank the discs by a quarter: the markers' words say the price there)
        assert lay.bid_caption.width > 0
        shown = [(caption, lay.bid_caption)] + ([(note, lay.bid_note)] if lay.bid_note.width else [])
        assert len(shown) == 2 or sofa == "on"
        assert lay.bid_slots[0].height >= 0.95 * lay.bid_track.height
        for words, rect in shown:
            # the caption's words all drawn (none left out), none under the floor
            said = [(s, px) for s, px in drawn if s in words]
            assert " ".join(s for s, _px in said) == words, (words, said)
            assert all(px >= floor for _s, px in said), said
            # beside the markers, within the band, over none of them
            assert lay.bid_track.contains(rect), (rect, lay.bid_track)
            assert not any(rect.colliderect(r) for r in lay.bid_slots)
        assert lay.bid_caption.right <= lay.bid_slots[0].left
        assert not lay.bid_note.width or lay.bid_note.left >= lay.bid_slots[-1].right
