"""The finale's celebrations, drawn as pure functions of their progress `k` (0..1): a majority
won with a flourish, and the winner's confetti (ne_game/ui/scenes/table/final_scoring.py)."""
from __future__ import annotations

import functools
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
             at: tuple[int, int], within: pygame.Rect | None = None) -> pygame.Rect:
    """A majority won: the figure pops up beside the number, a golden ring spreads from it
    and "+n VP" rises and fades. With `within` (the score sheet's row) all of it stays inside
    that rect: the ring is clipped to it and the words rise only as far as its top (playtest 9a:
    "+4 VP" crossed the row borders). Returns where the words stand."""
    ring = ease_out_cubic(min(1.0, k * 1.4))
    radius = px(10) + int(px(34) * ring)
    alpha = int(200 * (1 - ring))
    clip = surface.get_clip()
    if within is not None:
        surface.set_clip(within.clip(clip))
    if alpha > 0:
        alpha_rect(surface, (*st.color("accent")[:3], alpha),
                   pygame.Rect(at[0] - radius, at[1] - radius, radius * 2, radius * 2), radius, px(3))
    surface.set_clip(clip)
    size = max(2, int(px(30) * max(0.05, ease_out_back(min(1.0, k * 2.5)))))
    icon = pieces.figure(st, fig, size)
    fade = 1.0 if k < 0.7 else (1 - k) / 0.3
    icon.set_alpha(int(255 * fade))
    blit_center(surface, icon, at)
    plus = st.text(fmt("+{vp} VP", vp=vp), "bold", px(18), st.color("accent"))
    plus.set_alpha(int(255 * fade))
    if within is None:
        c = (at[0] + px(34), at[1] - px(10) - int(px(22) * ease_out_cubic(k)))
        blit_center(surface, plus, c)
        return plus.get_rect(center=c)
    # beside the figure, rising from the row's lower half to its top edge, never past it
    r = plus.get_rect()
    low = within.bottom - px(2) - r.height // 2
    high = within.top + px(2) + r.height // 2
    r.center = (at[0] + px(22) + r.width // 2, int(low + (min(high, low) - low) * ease_out_cubic(k)))
    r.clamp_ip(within)
    surface.blit(plus, r)
    return r


def confetti(surface: pygame.Surface, colors: Sequence[pygame.Color], ribbons: Sequence[Ribbon], k: float,
             keep_clear: pygame.Rect | Sequence[pygame.Rect] | None = None) -> None:
    """The winner's celebration: ribbons in the winners' colours and gold fall across the
    screen and are gone when it ends; none over `keep_clear` (the words being read: one
    rect, or several, so the ribbons may fall between them)."""
    w, h = surface.get_size()
    size = max(3, int(h / 90))
    clear = [] if keep_clear is None else [keep_clear] if isinstance(keep_clear, pygame.Rect) else list(keep_clear)
    clear = [r.inflate(size * 4, size * 4) for r in clear]
    for x0, delay, speed, phase, spin, c in ribbons:
        life = k * 1.3 - delay - 0.15
        if life <= 0:
            continue
        y = -size * 2 + life * speed * h * 1.25
        if y > h + size * 2:
            continue
        x = x0 * w + math.sin(phase + life * 7.0) * size * 3
        if any(r.collidepoint(x, y) for r in clear):
            continue
        a = phase + life * spin
        dx, dy = math.cos(a) * size, math.sin(a) * size * 0.45
        ex = math.cos(life * spin * 1.7) * 0.6 + 0.4      # the ribbon turning: its width breathes
        pts = [(x - dx * ex - dy, y - dy * ex + dx * 0.4), (x + dx * ex - dy, y + dy * ex + dx * 0.4),
               (x + dx * ex + dy, y + dy * ex - dx * 0.4), (x - dx * ex + dy, y - dy * ex - dx * 0.4)]
        pygame.draw.polygon(surface, colors[c % len(colors)], pts)


@functools.lru_cache(maxsize=8)
def _radial_fade(radius: int) -> pygame.Surface:
    """White, opaque at the centre and clear at `radius`: multiplied into the rays so they
    fade out instead of ending at a hard circle (cached by size: drawn crisp at each size)."""
    fade = pygame.Surface((radius * 2, radius * 2), pygame.SRCALPHA)
    steps = max(8, min(48, radius // 6))
    for i in range(steps, 0, -1):
        r = radius * i / steps
        a = int(255 * (1 - i / steps) ** 0.8)
        pygame.draw.circle(fade, (255, 255, 255, a), (radius, radius), max(1, int(r)))
    return fade


def sunburst(surface: pygame.Surface, color: pygame.Color, center: tuple[int, int], radius: int, angle: float,
             strength: float, clip: pygame.Rect | None = None) -> None:
    """The winner's light: rays turning slowly behind the winner's name, fading outward.
    `strength` 0..1 scales their opacity (they swell in at the crowning); `clip` keeps them
    out of what is read below (the rows)."""
    if strength <= 0 or radius < 4:
        return
    rays = pygame.Surface((radius * 2, radius * 2), pygame.SRCALPHA)
    n = 18
    fill = (color.r, color.g, color.b, int(85 * min(1.0, strength)))
    for i in range(n):
        a0 = angle + i * 2 * math.pi / n
        a1 = a0 + math.pi / n * 0.9
        pygame.draw.polygon(rays, fill, [(radius, radius),
                                          (radius + math.cos(a0) * radius * 1.5, radius + math.sin(a0) * radius * 1.5),
                                          (radius + math.cos(a1) * radius * 1.5, radius + math.sin(a1) * radius * 1.5)])
    rays.blit(_radial_fade(radius), (0, 0), special_flags=pygame.BLEND_RGBA_MULT)
    prev = surface.get_clip()
    if clip is not None:
        surface.set_clip(clip.clip(prev) if prev else clip)
    surface.blit(rays, (center[0] - radius, center[1] - radius))
    surface.set_clip(prev)
