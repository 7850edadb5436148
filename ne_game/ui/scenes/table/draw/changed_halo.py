""""New since your turn" as a halo around a tile, outside it (playtest 4a, (a)2).

The old gold frame lay inside the tile, over its small owner badge, and its gold was near
Palmer's yellow. The halo lies wholly outside the tile's rectangle, so the badge and the
tile's family border stay on top and in sight, and it is drawn as white corner brackets on a
dark edge: a colour and a shape no family's boundary has, in every theme, on light and dark
lands alike.
"""
from __future__ import annotations

import pygame

from ne_game.ui.scenes.table.draw.gfx import cached_shape

WHITE = (255, 255, 255, 255)
DARK = (20, 24, 28, 230)


def margin(cell: int) -> int:
    """How far the halo reaches out of the tile: thin enough to stay clear of a neighbour's
    badge, thick enough to read from the sofa."""
    return max(3, cell // 11)


def halo(cell: int, size: tuple[int, int]) -> pygame.Surface:
    """The halo for a tile of `size` pixels: a surface `margin` larger on every side, clear
    (alpha 0) over the tile itself; blit it at the tile's rect inflated by 2 * margin."""
    m = margin(cell)
    w, h = size

    def build() -> pygame.Surface:
        # four corner brackets, white on a dark edge: "new" in a shape no estate's boundary has
        # (playtest 10c: the dashed ring read as Annable's dotted boundary)
        s = pygame.Surface((w + 2 * m, h + 2 * m), pygame.SRCALPHA)
        outer = s.get_rect()
        arm = max(2 * m, min(w, h) // 3)
        t = max(1, (m + 1) // 2)
        for col, grow in ((DARK, max(1, (m - t) // 2 + 1)), (WHITE, 0)):
            lw = t + 2 * grow
            o = (m - t) // 2 - grow                 # the stroke's offset from the halo's edge
            for cx, cy, sx, sy in ((outer.left, outer.top, 1, 1), (outer.right, outer.top, -1, 1),
                                   (outer.left, outer.bottom, 1, -1), (outer.right, outer.bottom, -1, -1)):
                x = cx + o if sx > 0 else cx - o - lw
                y = cy + o if sy > 0 else cy - o - lw
                hx = x if sx > 0 else x + lw - (arm + 2 * grow)
                vy = y if sy > 0 else y + lw - (arm + 2 * grow)
                s.fill(col, pygame.Rect(hx, y, arm + 2 * grow, lw))
                s.fill(col, pygame.Rect(x, vy, lw, arm + 2 * grow))
        s.fill((0, 0, 0, 0), pygame.Rect(m, m, w, h))      # never over the tile
        return s

    return cached_shape(("changed_halo", cell, w, h), build)


def draw_halo(surf: pygame.Surface, cell: int, tile: pygame.Rect) -> None:
    m = margin(cell)
    surf.blit(halo(cell, tile.size), (tile.x - m, tile.y - m))
