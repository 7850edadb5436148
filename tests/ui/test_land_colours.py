"""Lands told apart without colour: the mean colours of the six land looks (three lands,
plain and developed) are at least MIN_DELTA_E apart (CIE76 in Lab, D65) in every theme, with
the colour-blind setting on and off, under normal vision and under Machado et al.'s 2009
simulations of protanopia, deuteranopia and tritanopia at severity 1.0.

Each tile is drawn by the table's own drawing code (pieces.land_tile) at a typical cell size;
its mean colour is the alpha-weighted mean sRGB colour of the tile's pixels."""
from __future__ import annotations

import itertools
import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402
import pytest  # noqa: E402

from ne_game.ui.look.theme import available_themes, load_theme  # noqa: E402
from ne_game.ui.scenes.table.draw import pieces  # noqa: E402
from ne_game.ui.scenes.table.draw.gfx import Style  # noqa: E402

MIN_DELTA_E = 20.0
CELL = 96            # a typical cell: about 1080p's
LANDS = ("settlement", "field", "pasture")

# Machado, G. M., Oliveira, M. M., Fernandes, L. A. F. (2009), "A Physiologically-based Model
# for Simulation of Color Vision Deficiency", IEEE TVCG 15(6): 1291-1298; the matrices for
# severity 1.0 from the authors' table, https://www.inf.ufrgs.br/~oliveira/pubs_files/
# CVD_Simulation/CVD_Simulation.html (applied to linear RGB, as DaltonLens and colorspacious do).
MACHADO: dict[str, tuple[tuple[float, float, float], ...]] = {
    "normal": ((1.0, 0.0, 0.0), (0.0, 1.0, 0.0), (0.0, 0.0, 1.0)),
    "protanopia": ((0.152286, 1.052583, -0.204868),
                   (0.114503, 0.786281, 0.099216),
                   (-0.003882, -0.048116, 1.051998)),
    "deuteranopia": ((0.367322, 0.860646, -0.227968),
                     (0.280085, 0.672501, 0.047413),
                     (-0.011820, 0.042940, 0.968881)),
    "tritanopia": ((1.255528, -0.076749, -0.178779),
                   (-0.078411, 0.930809, 0.147602),
                   (0.004733, 0.691367, 0.303900)),
}


def _to_linear(c: float) -> float:
    c /= 255.0
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def lab(rgb: tuple[float, float, float], vision: str = "normal") -> tuple[float, float, float]:
    """CIE Lab (D65) of an sRGB colour (0-255) as seen with `vision`."""
    lin = [_to_linear(v) for v in rgb]
    m = MACHADO[vision]
    r, g, b = (min(1.0, max(0.0, sum(m[i][j] * lin[j] for j in range(3)))) for i in range(3))
    x = (0.4124564 * r + 0.3575761 * g + 0.1804375 * b) / 0.95047
    y = 0.2126729 * r + 0.7151522 * g + 0.0721750 * b
    z = (0.0193339 * r + 0.1191920 * g + 0.9503041 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > (6 / 29) ** 3 else t / (3 * (6 / 29) ** 2) + 4 / 29
    fx, fy, fz = f(x), f(y), f(z)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def delta_e(a: tuple[float, float, float], b: tuple[float, float, float]) -> float:
    return sum((p - q) ** 2 for p, q in zip(a, b)) ** 0.5


def mean_colour(surf: pygame.Surface) -> tuple[float, float, float]:
    """The alpha-weighted mean sRGB colour of a tile."""
    r, g, b, _a = pygame.transform.average_color(surf, consider_alpha=True)
    return float(r), float(g), float(b)


def land_means(theme_name: str, colorblind: bool, cell: int = CELL) -> dict[str, tuple[float, float, float]]:
    st = Style(load_theme(theme_name), colorblind=colorblind)
    return {f"{land} {'developed' if dev else 'plain'}": mean_colour(pieces.land_tile(st, land, dev, cell))
            for land in LANDS for dev in (False, True)}


def smallest(means: dict[str, tuple[float, float, float]], vision: str) -> tuple[float, str, str]:
    labs = {k: lab(v, vision) for k, v in means.items()}
    return min((delta_e(labs[a], labs[b]), a, b) for a, b in itertools.combinations(labs, 2))


@pytest.fixture(scope="module", autouse=True)
def _pygame():
    pygame.init()
    pygame.display.set_mode((64, 64))
    yield


@pytest.mark.parametrize("vision", list(MACHADO))
@pytest.mark.parametrize("colorblind", [False, True], ids=["colours", "colour-blind setting"])
@pytest.mark.parametrize("theme", available_themes())
def test_any_two_lands_are_twenty_apart(theme, colorblind, vision):
    d, a, b = smallest(land_means(theme, colorblind), vision)
    assert d >= MIN_DELTA_E, f"{theme}, {vision}: {a} and {b} are only {d:.1f} apart"


def test_the_matrices_reproduce_a_known_case():
    """The model as the issue measured it: pure red under protanopia is a dark olive."""
    r = lab((255, 0, 0), "protanopia")
    assert 30 < r[0] < 60 and abs(r[1]) < 25
    assert delta_e(lab((255, 0, 0)), lab((255, 0, 0), "normal")) == 0


def test_tiles_are_drawn_at_their_size_and_cached():
    st = Style(load_theme("default"))
    for size in (40, 96, 182):
        for land in LANDS:
            for dev in (False, True):
                t = pieces.land_tile(st, land, dev, size)
                assert t.get_size() == (size, size)
                assert pieces.land_tile(st, land, dev, size) is t


# ------------------------------------------------------------------ the families
def family_means(theme_name: str) -> dict[str, tuple[float, float, float]]:
    """The colour-blind palette's family colours, as the theme gives them to every badge."""
    from ne_game.ui.look.theme import family_ids

    theme = load_theme(theme_name)
    return {fid: tuple(float(v) for v in tuple(theme.family_color(fid, colorblind=True))[:3])  # type: ignore[misc]
            for fid in family_ids()}


@pytest.mark.parametrize("vision", list(MACHADO))
@pytest.mark.parametrize("theme", available_themes())
def test_colour_blind_families_are_twenty_apart(theme, vision):
    """Playtest 3a (a)4: Winslow's orange and Annable's yellow sat 17 apart under deuteranopia."""
    d, a, b = smallest(family_means(theme), vision)
    assert d >= MIN_DELTA_E, f"{theme}, {vision}: families {a} and {b} are only {d:.1f} apart"
