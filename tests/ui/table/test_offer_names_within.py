"""Playtest 9a (the replay at sofa distance): the banners naming cards ("Barn", "Field") and the
plates naming land tiles ("Pasture") were wider than their cards and tiles. A name never exceeds
its item's width, in en, nl and fr, desk and sofa, at every size; and it is never dropped. Since
playtest 13a a one-word name that the item's width cannot hold whole takes its cell's width
instead of breaking ("Settle-/ment")."""
from __future__ import annotations

import pygame
import pytest

from ne_game import i18n
from ne_game.game import gamedata
from ne_game.ui.look.theme import load_theme
from ne_game.ui.scenes.table.draw import card_face, gfx, layout, offer_view
from ne_game.ui.scenes.table.draw.card_face import TEXT_FLOOR
from ne_game.ui.text.words import land_title


@pytest.mark.parametrize("size", [(1280, 720), (1280, 800), (1920, 1080), (3840, 2160)])
@pytest.mark.parametrize("sofa", [False, True], ids=["desk", "sofa"])
@pytest.mark.parametrize("lang", ["en", "nl", "fr"])
@pytest.mark.parametrize("where", ["table", "replay"])
def test_an_offer_items_name_keeps_to_its_width(size, sofa, lang, where):
    pygame.init()
    i18n.set_language(lang)
    try:
        rs = gamedata.default_ruleset()
        st = gfx.Style(load_theme("default"))
        lay = layout.compute(size, sofa=sofa) if where == "table" else _replay_layout(size, sofa)
        grid = offer_view.offer_grid(lay, list(range(9)))
        floor = max(TEXT_FLOOR, lay.text_min)
        pad = lay.px(offer_view.OFFER_NAME_PAD)
        for cell in grid.cells.values():
            ir = offer_view.item_image_rect(lay, cell, "card")
            own = card_face.banner_px(st, card_face.card_geometry(ir.size)["band"],
                                      card_face.shown_titles(st, rs), floor) is not None
            if not own:
                for card in rs.card_ids:
                    lines = offer_view._banner_lines(lay, st, ir, cell, card, rs, floor)
                    assert lines, card
                    # a one-word name on one line may take the cell's width (playtest 13a: rather
                    # than "Settle-/ment"); never beyond the cell's focus ring band
                    wide = offer_view._banner_wide(lay, st, ir, cell, lines, floor)
                    banner = offer_view.name_banner_rect(lay, st, ir, cell, len(lines), floor, wide)
                    left, right = (ir.left, ir.right) if not wide else offer_view._within_cell(lay, cell)
                    assert left <= banner.left and banner.right <= right, (card, banner, ir)
            tile = offer_view.item_image_rect(lay, cell, "land")
            room = offer_view.land_label_room(lay, tile, offer_view.card_rect(cell, grid.tab_h),
                                              max(2, tile.width // 22), cell)
            assert tile.left <= room.left and room.right <= tile.right, (room, tile)
            for land in rs.lands:       # never dropped: condensed at most to CONDENSE_MOST
                most = offer_view.CONDENSE_MOST
                lines = offer_view.name_lines(st, land_title(land), "heading", floor, room.width - 2 * pad, most)
                assert offer_view._lines_fit(st, lines, floor, room.width - 2 * pad, most), land
    finally:
        i18n.set_language("en")


def _replay_layout(size: tuple[int, int], sofa: bool) -> layout.Layout:
    """The table's layout as the replay makes it (ReplayScene.on_resize): over its bar, where
    the cards are held by the height (playtest 9a: the pilgrim card's ribbon went blank)."""
    from ne_game.ui.scenes.replay.geometry import replay_geometry
    return replay_geometry(size, 4, 11, 9, set(), sofa=sofa)[0]
