"""The winner's confetti falls around the final scores, never over their words (playtest 2 saw
it run over "3 barns")."""
from __future__ import annotations

import random

import pygame

from ne_game.ui.scenes.table.draw import celebration


def _ribbons(n: int) -> list[tuple[float, float, float, float, float, int]]:
    rng = random.Random(7)
    return [(rng.random(), rng.uniform(-0.25, 0.1), rng.uniform(0.55, 1.0), rng.random() * 6.3,
             rng.uniform(-6, 6), rng.randrange(3)) for _ in range(n)]


def test_confetti_keeps_the_scores_clear() -> None:
    colours = [pygame.Color(200, 30, 30), pygame.Color(30, 200, 30), pygame.Color(30, 30, 200)]
    panel = pygame.Rect(300, 100, 1320, 800)
    drawn_outside = 0
    for k in (0.2, 0.4, 0.6, 0.8):
        surface = pygame.Surface((1920, 1080))
        surface.fill((0, 0, 0))
        celebration.confetti(surface, colours, _ribbons(220), k, keep_clear=panel)
        inside = pygame.mask.from_threshold(surface.subsurface(panel), (0, 0, 0), (1, 1, 1, 255))
        inside.invert()
        assert inside.count() == 0, (k, inside.count())
        everything = pygame.mask.from_threshold(surface, (0, 0, 0), (1, 1, 1, 255))
        everything.invert()
        drawn_outside += everything.count()
    assert drawn_outside > 0, "confetti still falls around the scores"
