""""New since your turn" as a halo around a tile, outside it (playtest 4a, (a)2).

The old gold frame lay inside the tile, over its small owner badge, and its gold was near
Palmer's yellow. The halo lies wholly outside the tile's rectangle, so the badge and the
tile's family border stay on top and in sight, and it is drawn in white dashes on a dark
line: a colour and a pattern no family has, in every theme, on light and dark lands alike.
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
        s = pygame.Surface((w + 2 * m, h + 2 * m), pygame.SRCALPHA)
        outer = s.get_rect()
        pygame.draw.rect(s, DARK, outer, m, border_radius=m * 2)
        # white dashes along the middle of the band: the pattern says "new", not a family
        dash, gap = max(4, cell // 7), max(3, cell // 12)
        t = max(1, (m + 1) // 2)
        inset = (m - t) // 2
        band = outer.inflate(-2 * inset, -2 * inset)
        for x0, x1, y in ((band.left, band.right, band.top), (band.left, band.right, band.bottom - t)):
            for x in range(x0 + m, x1 - m, dash + gap):
                s.fill(WHITE, pygame.Rect(x, y, min(dash, x1 - m - x), t))
        for y0, y1, x in ((band.top, band.bottom, band.left), (band.top, band.bottom, band.right - t)):
            for y in range(y0 + m, y1 - m, dash + gap):
                s.fill(WHITE, pygame.Rect(x, y, t, min(dash, y1 - m - y)))
        s.fill((0, 0, 0, 0), pygame.Rect(m, m, w, h))      # never over the tile
        return s

    return cached_shape(("changed_halo", cell, w, h), build)


def draw_halo(surf: pygame.Surface, cell: int, tile: pygame.Rect) -> None:
    m = margin(cell)
    surf.blit(halo(cell, tile.size), (tile.x - m, tile.y - m))
