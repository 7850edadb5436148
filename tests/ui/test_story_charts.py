"""Playtest 2 (a)2: the story's charts in high contrast at 720p. The race chart's y-axis labels
never overlap (fewer of them when the plot is short), and the score's sources differ in colour
and in pattern, in the bars and in the legend."""
from __future__ import annotations

import pygame
import pytest

from ne_game.ui.look.theme import load_theme
from ne_game.ui.scenes.story.charts import Series, draw_line_chart
from ne_game.ui.scenes.table.draw.gfx import Style


def _style(name: str) -> Style:
    return Style(load_theme(name), False)


@pytest.mark.parametrize("height", [120, 160, 240, 400])
def test_axis_labels_never_overlap(monkeypatch, height):
    pygame.init()
    st = _style("high_contrast")
    drawn: list[tuple[str, int]] = []
    real_blit = pygame.Surface.blit
    labels: dict[int, str] = {}
    real_text = Style.text

    def text(self, words, role, px, colour):
        img = real_text(self, words, role, px, colour)
        labels[id(img)] = words
        return img

    surface = pygame.Surface((500, height + 40))

    class Spy(pygame.Surface):
        def blit(self, source, dest, *a, **kw):      # the labels' places
            words = labels.get(id(source))
            if words is not None and (words.startswith("+") or words.startswith("\u2212") or words == "0"):
                drawn.append((words, dest[1]))
            return real_blit(self, source, dest, *a, **kw)

    monkeypatch.setattr(Style, "text", text)
    spy = Spy(surface.get_size())
    series = [Series("winslow", (0, 10, -10, 4, -6, 8, -12)), Series("palmer", (0, -3, 5, 10, 2, -4, 1))]
    draw_line_chart(spy, pygame.Rect(0, 0, 500, height), st, "The race", [1, 2, 3, 4, 5, 6, 7], series, 1.0,
                    y_caption="VP ahead", x_caption="round")
    assert len(drawn) >= 2
    ys = sorted(y for _w, y in drawn)
    line = st.font("body", 13).get_linesize()
    assert all(b - a >= line - 1 for a, b in zip(ys, ys[1:])), (height, drawn)


def test_sources_differ_in_pattern_as_well_as_colour():
    """Each source's part of a bar and its legend swatch: a pattern by its place (plain, stripes,
    dots), so two sources of one colour are still told apart; and the majorities are no longer
    drawn in the figure cards' gold's yellow (high contrast)."""
    from ne_game.ui.scenes.story.charts import _patterned

    gold = pygame.Color(_style("high_contrast").color("gold"))
    looks = []
    for kind in range(3):
        surface = pygame.Surface((30, 30))
        _patterned(surface, pygame.Rect(0, 0, 30, 30), gold, kind, 5)
        looks.append(pygame.image.tobytes(surface, "RGB"))
    assert len(set(looks)) == 3
    for theme in ("default", "high_contrast"):
        st = _style(theme)
        assert st.color("sea_foam") != st.color("gold") and st.color("sea_foam") != st.land("pasture", True)


def test_lines_are_told_apart_by_their_markers_not_only_their_colours(monkeypatch):
    """Issue 35: in high contrast the race's lines (and the shillings') crossed and ran together,
    told apart by colour alone between their ends. Each seat's points have a shape of their
    own, repeated before its name at the line's end (the legend)."""
    import ne_game.ui.scenes.story.charts as charts
    pygame.init()
    st = _style("high_contrast")
    shapes: dict[str, set[str]] = {}
    real = charts.marker

    def marker(surface, k, at, r, colour, edge):
        shape = real(surface, k, at, r, colour, edge)
        key = f"{colour.r},{colour.g},{colour.b}"
        shapes.setdefault(key, set()).add(shape)
        return shape
    monkeypatch.setattr(charts, "marker", marker)
    fams = ("winslow", "palmer", "howland", "annable")
    series = [Series(f, (3, 1, 4, 1, 5), label=f.title()) for f in fams]
    surf = pygame.Surface((640, 360))
    draw_line_chart(surf, pygame.Rect(10, 10, 600, 320), st, "Race", (1, 2, 3, 4, 5), series, 1.0)
    assert len(shapes) == 4 and all(len(v) == 1 for v in shapes.values()), shapes
    assert len({next(iter(v)) for v in shapes.values()}) == 4        # four different shapes
