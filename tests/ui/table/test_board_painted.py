"""The placed lands as one painted country (playtest 10i: "the board still reads as flat tiles
with heavy borders laid on a map"): parcels of one land differ from each other, the map's hills
light the tiles as they light the ground, and an estate's boundary is a fine line."""
from __future__ import annotations

import pygame

from ne_game.ui.look.theme import load_theme
from ne_game.ui.scenes.table.draw import board_view, layout, pieces
from ne_game.ui.scenes.table.draw.gfx import Style
from ne_game.ui.scenes.table.model.view_model import BoardView, TileView

MISSING = {(10, 0)}


def _lay(size: tuple[int, int] = (1920, 1080)) -> layout.Layout:
    pygame.display.set_mode((64, 64))
    return layout.compute(size, 4, missing=MISSING)


def _mask(img: pygame.Surface, rgb: tuple[int, int, int], tol: int = 10) -> set[tuple[int, int]]:
    w, h = img.get_size()
    return {(x, y) for x in range(w) for y in range(h)
            if all(abs(a - b) <= tol for a, b in zip(img.get_at((x, y))[:3], rgb))}


def _overlap(a: set[tuple[int, int]], b: set[tuple[int, int]]) -> float:
    return len(a & b) / max(1, len(a | b))


def test_neighbouring_parcels_of_one_land_are_not_one_stamp():
    # the houses of a developed settlement and the sheep of a developed pasture stand where each
    # parcel's own plan puts them: in a 2x2 block no two parcels share their picture
    _lay()
    st = Style(load_theme("default"))
    block = [(3, 3), (4, 3), (3, 4), (4, 4)]
    for land, rgb in (("settlement", (236, 224, 196)), ("pasture", (246, 243, 232))):
        masks = [_mask(pieces.land_plot(st, land, True, 96, pieces.plot_variant(x, y)), rgb) for x, y in block]
        assert all(m for m in masks), land
        for i in range(len(masks)):
            for j in range(i + 1, len(masks)):
                assert _overlap(masks[i], masks[j]) < 0.6, (land, block[i], block[j])


def test_the_parcels_take_many_plans_over_the_board():
    variants = {pieces.plot_variant(x, y) for x in range(11) for y in range(9)}
    assert len(variants) >= 10


def _inner_lightness(theme: str) -> list[float]:
    lay = _lay()
    st = Style(load_theme(theme))
    cells = [(x, y) for x in range(1, 9) for y in range(1, 8)]
    tiles = tuple(TileView(i, "winslow", "pasture", (c,), False, False, None) for i, c in enumerate(cells))
    surf = pygame.Surface(lay.size)
    board_view.draw_tiles(surf, lay, st, BoardView(tiles))
    out = []
    for (x, y) in cells:
        if x in (1, 8) or y in (1, 7):
            continue                       # the boundary's wash lies on the estate's edge parcels
        r = lay.cell_rect(x, y).inflate(-lay.cell // 3, -lay.cell // 3)
        px = [surf.get_at((px_, py_)) for px_ in range(r.x, r.right, 3) for py_ in range(r.y, r.bottom, 3)]
        out.append(sum(0.299 * p[0] + 0.587 * p[1] + 0.114 * p[2] for p in px) / len(px))
    return out


def test_the_maps_hills_light_the_placed_tiles(monkeypatch):
    # one and the same plot everywhere: what still differs from parcel to parcel is the light of
    # the country's hills over it (terrain.relief), as on the ground around it
    monkeypatch.setattr(pieces, "plot_variant", lambda x, y: 0)
    painted = _inner_lightness("default")
    assert max(painted) - min(painted) > 6
    flat = _inner_lightness("high_contrast")          # a flat theme paints no hills
    assert max(flat) - min(flat) < 1


def test_an_estates_boundary_is_a_fine_line():
    # 10i: a ribbon between two dark rules, 9 px at 1080p, read as "heavy borders"; the rule and
    # the opaque ribbon together are at most 5 px there, the colour's wash fading inside it
    lay = _lay()
    st = Style(load_theme("default"))
    surf = pygame.Surface(lay.size)
    surf.fill((0, 0, 0))
    t = TileView(0, "winslow", "settlement", ((4, 4),), False, False, None)
    board_view.draw_tiles(surf, lay, st, BoardView((t,)))
    fam = st.family("winslow")
    r = lay.cell_rect(4, 4)
    y = r.centery
    solid = 0
    for x in range(r.x, r.centerx):
        p = surf.get_at((x, y))
        dark = max(p[:3]) < 90
        own = all(abs(a - b) <= 12 for a, b in zip(p[:3], fam[:3]))
        if not (dark or own):
            break
        solid += 1
    assert 1 <= solid <= 5, solid


def test_a_figures_letter_reads_from_the_sofa(monkeypatch):
    # 10i: the letter on a figure's base measured about 15 px from the sofa: its badge is more
    # than a third of a parcel
    sizes: list[int] = []
    real = pieces.owner_mark

    def recording(style, family, size):
        sizes.append(size)
        return real(style, family, size)
    monkeypatch.setattr(pieces, "owner_mark", recording)
    lay = _lay()
    st = Style(load_theme("default"))
    surf = pygame.Surface(lay.size)
    board_view.draw_figure_on(surf, lay, st, "pilgrim", lay.cell_rect(4, 4), "palmer")
    assert sizes and sizes[-1] >= lay.cell * 0.35


def test_not_every_plain_settlement_has_its_well():
    # 11a: "every settlement has the same two wells": the free corner holds a well on some
    # parcels, a tree, a woodpile or a garden on others
    _lay()
    st = Style(load_theme("default"))
    stone = (172, 164, 150)
    wells = [len(_mask(pieces.land_plot(st, "settlement", False, 96, v), stone, 6)) > 40
             for v in range(pieces.PLOT_VARIANTS)]
    assert any(wells) and not all(wells), wells


def test_the_owners_wash_leaves_the_parcels_middle_its_own_colour(monkeypatch):
    # 11a: "Winslow's fields look orange, Howland's pastures purple": the family's wash fades out
    # within a sixth of a parcel from the estate's edge, the rest keeps the land's colour
    monkeypatch.setattr(board_view, "_badges", lambda *a, **k: None)     # (the estate's badge)
    lay = _lay()
    st = Style(load_theme("default"))
    t = TileView(0, "howland", "pasture", ((4, 4),), False, False, None)
    surf = pygame.Surface(lay.size)
    board_view.draw_tiles(surf, lay, st, BoardView((t,)))
    bare = pygame.Surface(lay.size)
    r = lay.cell_rect(4, 4)
    bare.blit(pieces.land_plot(st, "pasture", False, lay.cell, pieces.plot_variant(4, 4)), r)
    bare.blit(board_view.terrain.relief(lay.map_rect.size, lay.cell), r, r.move(-lay.map_rect.x, -lay.map_rect.y))
    inner = r.inflate(-int(lay.cell * 0.4), -int(lay.cell * 0.4))
    differ = sum(1 for x in range(inner.x, inner.right, 2) for y in range(inner.y, inner.bottom, 2)
                 if surf.get_at((x, y)) != bare.get_at((x, y)))
    assert differ == 0, differ


def test_a_double_boundary_is_two_lines_with_land_between():
    # 11a: Howland's "double" read as solid: a 1 px line down a 3 px ribbon made one dark line;
    # 13a: a second rule along the ribbon's inner side still read as solid from the sofa. The
    # second line is ruled in from the first, land between them, both in the family's colour
    lay = _lay()
    st = Style(load_theme("default"))
    surf = pygame.Surface(lay.size)
    t = TileView(0, "howland", "pasture", ((4, 4),), False, False, None)
    board_view.draw_tiles(surf, lay, st, BoardView((t,)))
    fam = st.family("howland")
    r = lay.cell_rect(4, 4)
    rule, ribbon, _ = board_view.boundary_widths(lay.cell)
    gap = board_view.double_gap(lay.cell)
    runs: list[tuple[str, int]] = []
    for d in range(0, 2 * (rule + ribbon) + gap + 2):
        p = surf.get_at((r.centerx, r.y + d))
        kind = "dark" if max(p[:3]) < 70 else "own" if all(abs(a - b) <= 14 for a, b in zip(p[:3], fam[:3])) else "land"
        if runs and runs[-1][0] == kind:
            runs[-1] = (kind, runs[-1][1] + 1)
        else:
            runs.append((kind, 1))
    kinds = [k for k, _ in runs]
    assert kinds[:5] == ["dark", "own", "land", "dark", "own"], runs
    assert runs[1][1] >= ribbon and runs[4][1] >= 2, runs
    assert runs[2][1] >= lay.cell // 12, ("land between the two lines, seen from the sofa", runs)


def test_plain_fields_are_ploughed_every_way_as_a_patchwork():
    # 12a: "every undeveloped field the same diagonal hatching": a parcel's seed turns its drills,
    # the way farmland seen from above runs every way; variant 1 runs up to the right
    _lay()
    st = Style(load_theme("default"))
    size = 112
    assert pieces.FURROW_TURNS[1] == 90

    def corr(a: list[float], b: list[float]) -> float:
        ma, mb = sum(a) / len(a), sum(b) / len(b)
        num = sum((p - ma) * (q - mb) for p, q in zip(a, b))
        den = (sum((p - ma) ** 2 for p in a) * sum((q - mb) ** 2 for q in b)) ** 0.5
        return num / den

    def along(img: pygame.Surface, sign: int) -> float:
        def lum(x: int, y: int) -> float:
            return sum(img.get_at((x, y))[:3]) / 3
        step = size // 7
        y0 = 56
        row = [lum(x, y0) for x in range(8, size - 8 - step)]
        moved = [lum(x + step // 2, y0 + sign * (step // 2)) for x in range(8, size - 8 - step)]
        return corr(row, moved)

    down = pieces.land_plot(st, "field", False, size, 0)
    up = pieces.land_plot(st, "field", False, size, 1)
    assert along(down, 1) > 0.5 and along(up, -1) > 0.5
    assert along(up, 1) < along(up, -1) - 0.3


def test_a_developed_field_has_shocks_of_sheaves_drawn_in_a_dark_line():
    # playtest 21a: a developed field was "the least obvious of the three" (sheep on a pasture,
    # houses on a settlement, only paler rows on a field); shocks of sheaves stand in it now,
    # outlined darker than anything the wheat's rows draw
    from ne_game.ui.look.theme import available_themes
    from ne_game.ui.scenes.table.draw.gfx import shade

    pygame.display.set_mode((64, 64))
    for theme in available_themes():
        st = Style(load_theme(theme))
        limit = sum(shade(st.land("field", True), 0.56)[:3])
        for v in range(pieces.PLOT_VARIANTS):
            plot = pieces.land_plot(st, "field", True, 96, variant=v)
            ink = sum(1 for x in range(96) for y in range(96) if sum(plot.get_at((x, y))[:3]) < limit)
            assert ink > 60, (theme, v, ink)
