"""Where the replay puts its table and its bar: the table as large as the game's (playtest 17a:
the replay's offer cards were 90 px wide where the game's were 125, under a bar of two tall rows).

The bar runs along the foot of the window under the log's and the board's columns only; the
offer's column keeps the window's full height beside it, as in the game. Pure geometry.
"""
from __future__ import annotations

from collections.abc import Collection

import ne_game.ui.scenes.table.draw.layout as layout
from ne_game.ui.scenes.replay.bar import BarLayout, bar_layout
from ne_game.ui.scenes.table.draw.gfx import Style


def replay_geometry(size: tuple[int, int], players: int, cols: int, rows: int,
                    missing: Collection[tuple[int, int]], ui_scale: float = 1.0, sofa: bool = False,
                    st: Style | None = None) -> tuple[layout.Layout, BarLayout]:
    """The table's layout (over the whole window, its offer's column to the foot) and the bar's."""
    w, h = size
    text_min = layout.sofa_text(h) if sofa else 0
    game = layout.compute(size, players, cols, rows, missing, ui_scale=ui_scale, sofa=sofa)
    bar = bar_layout(size, ui_scale, text_min, game.offer_rect.x - game.px(5), st)
    lay = game
    for _ in range(3):       # the bar's width follows the offer's column, which follows the bar's height
        # the bar lies over half of the table's bottom margin (the log and the prompt keep the rest)
        over = max(0, min(h - game.action_bar.bottom, h - game.log_rect.bottom)) // 2
        lay = layout.compute((w, h - bar.rect.height + over), players, cols, rows, missing, ui_scale=ui_scale,
                             sofa=sofa, screen_h=h, buttons=False)
        again = bar_layout(size, ui_scale, text_min, lay.offer_rect.x - lay.px(5), st)
        if again == bar:
            break
        bar = again
    # the offer's column and the map under it reach the window's foot, beside the bar
    extra = h - lay.size[1]
    for r in (lay.offer_rect, lay.offer_slots_rect, lay.map_rect):
        r.height += extra
    lay.size = (w, h)
    return lay, bar
