"""The finale's celebrations, drawn as pure functions of their progress `k` (0..1): a majority
won with a flourish, and the winner's confetti (ne_game/ui/scenes/table/final_scoring.py)."""
from __future__ import annotations

import math
from collections.abc import Callable, Sequence

import pygame

import ne_game.ui.scenes.table.draw.pieces as pieces
from ne_game.i18n import fmt
from ne_game.ui.scenes.table.draw.gfx import Style, alpha_rect, blit_center
from ne_game.ui.scenes.table.motion.tweens import ease_out_back, ease_out_cubic

#: one ribbon of confetti: where it starts across (0..1), its delay, speed, phase, spin, colour
Ribbon = tuple[float, float, float, float, float, int]


def flourish(surface: pygame.Surface, st: Style, px: Callable[[float], int], fig: str, vp: int, k: float,
             at: tuple[int, int]) -> None:
    """A majority won: the figure pops up beside the number, a golden ring spreads from it
    and "+n VP" rises and fades."""
    ring = ease_out_cubic(min(1.0, k * 1.4))
    radius = px(10) + int(px(34) * ring)
    alpha = int(200 * (1 - ring))
    if alpha > 0:
        alpha_rect(surface, (*st.color("accent")[:3], alpha),
                   pygame.Rect(at[0] - radius, at[1] - radius, radius * 2, radius * 2), radius, px(3))
    size = max(2, int(px(30) * max(0.05, ease_out_back(min(1.0, k * 2.5)))))
    icon = pieces.figure(st, fig, size)
    fade = 1.0 if k < 0.7 else (1 - k) / 0.3
    icon.set_alpha(int(255 * fade))
    blit_center(surface, icon, at)
    plus = st.text(fmt("+{vp} VP", vp=vp), "bold", px(18), st.color("accent"))
    plus.set_alpha(int(255 * fade))
    blit_center(surface, plus, (at[0] + px(34), at[1] - px(10) - int(px(22) * ease_out_cubic(k))))


def confetti(surface: pygame.Surface, colors: Sequence[pygame.Color], ribbons: Sequence[Ribbon], k: float,
             keep_clear: pygame.Rect | None = None) -> None:
    """The winner's celebration: ribbons in the winners' colours and gold fall across the
    screen and are gone when it ends; none over `keep_clear` (the scores being read)."""
    w, h = surface.get_size()
    size = max(3, int(h / 90))
    for x0, delay, speed, phase, spin, c in ribbons:
        life = k * 1.3 - delay - 0.15
        if life <= 0:
            continue
        y = -size * 2 + life * speed * h * 1.25
        if y > h + size * 2:
            continue
        x = x0 * w + math.sin(phase + life * 7.0) * size * 3
        if keep_clear is not None and keep_clear.inflate(size * 4, size * 4).collidepoint(x, y):
            continue
        a = phase + life * spin
        dx, dy = math.cos(a) * size, math.sin(a) * size * 0.45
        ex = math.cos(life * spin * 1.7) * 0.6 + 0.4      # the ribbon turning: its width breathes
        pts = [(x - dx * ex - dy, y - dy * ex + dx * 0.4), (x + dx * ex - dy, y + dy * ex + dx * 0.4),
               (x + dx * ex + dy, y + dy * ex - dx * 0.4), (x - dx * ex + dy, y - dy * ex - dx * 0.4)]
        pygame.draw.polygon(surface, colors[c % len(colors)], pts)
