"""Placed tiles as part of the painted country (playtest 9a: "tiles with thick coloured borders sit
on a mottled field"): parcels edge to edge, one boundary round each family's estate, one badge an
estate; a quiet mark on each of many free parcels; the piece a move on show would place."""
from __future__ import annotations

import pygame

from ne_game.ui.look.theme import load_theme
from ne_game.ui.scenes.table.draw import board_view, layout
from ne_game.ui.scenes.table.draw.gfx import Style
from ne_game.ui.scenes.table.model.view_model import BoardOverlayView, BoardView, TargetGlow, TileView

MISSING = {(10, 0)}


def _lay() -> layout.Layout:
    pygame.display.set_mode((64, 64))
    return layout.compute((1920, 1080), 4, missing=MISSING)


def _drawn(tiles: tuple[TileView, ...]) -> tuple[pygame.Surface, layout.Layout, Style]:
    lay = _lay()
    st = Style(load_theme("default"))
    surf = pygame.Surface(lay.size)
    surf.fill((0, 0, 0))
    board_view.draw_tiles(surf, lay, st, BoardView(tiles))
    return surf, lay, st


def _near(a: pygame.Color, b: pygame.Color, tol: int = 24) -> bool:
    return all(abs(x - y) <= tol for x, y in zip(a[:3], b[:3]))


def test_one_boundary_runs_round_a_familys_estate_not_round_each_parcel():
    a = TileView(0, "winslow", "field", ((3, 3),), False, False, None)
    b = TileView(1, "winslow", "field", ((4, 3),), False, False, None)
    other = TileView(2, "palmer", "field", ((3, 5),), False, False, None)
    surf, lay, st = _drawn((a, b, other))
    fam = st.family("winslow")
    rule, ribbon, _ = board_view.boundary_widths(lay.cell)
    depth = rule + ribbon // 2                      # the middle of the colour ribbon
    left, right = lay.cell_rect(3, 3), lay.cell_rect(4, 3)
    y = left.centery
    # the estate's outer edge wears the family's colour ...
    assert _near(surf.get_at((left.x + depth, y)), fam)
    assert _near(surf.get_at((right.right - 1 - depth, y)), fam)
    # ... the seam between its two parcels does not: no box round each tile
    assert not _near(surf.get_at((left.right - 1 - depth, y)), fam)
    assert not _near(surf.get_at((right.x + depth, y)), fam)
    # and nothing lies on the parcels beyond the tiles: no shadow, no frame outside
    outside = lay.cell_rect(6, 6)
    assert surf.get_at(outside.center)[:3] == (0, 0, 0)


def test_the_boundary_turns_an_inner_corner_without_a_gap():
    # an L of three parcels: the corner inside the L is bounded too
    tiles = tuple(TileView(i, "howland", "pasture", (c,), False, False, None)
                  for i, c in enumerate(((2, 2), (3, 2), (2, 3))))
    surf, lay, st = _drawn(tiles)
    rule, ribbon, _ = board_view.boundary_widths(lay.cell)
    corner = lay.cell_rect(2, 2)
    d = rule + ribbon // 2
    # the point of (2, 2) nearest the free parcel (3, 3), just inside by the ribbon's middle
    assert _near(surf.get_at((corner.right - 1 - d, corner.bottom - 1 - d)), st.family("howland"))


def test_one_badge_an_estate(monkeypatch):
    marks: list[str] = []
    real = board_view.pieces.owner_mark

    def counting(style, family, size):
        marks.append(family)
        return real(style, family, size)

    monkeypatch.setattr(board_view.pieces, "owner_mark", counting)
    row = tuple(TileView(i, "winslow", "field", ((i, 4),), False, False, None) for i in range(4))
    apart = TileView(9, "winslow", "pasture", ((8, 8),), False, False, None)
    start = TileView(10, "palmer", "settlement", ((5, 1), (6, 1)), True, False, None)
    beside = TileView(11, "palmer", "field", ((7, 1),), False, False, None)
    _drawn(row + (apart, start, beside))
    # four joined parcels: one badge; one apart: another; Palmer's estate: its start tile's badge
    assert sorted(marks) == ["palmer", "winslow", "winslow"]


def test_many_free_parcels_get_a_quiet_mark_that_leaves_the_map_in_sight():
    lay = _lay()
    st = Style(load_theme("default"))
    cells = tuple(((x, y),) for x in range(10) for y in range(9))

    def covered(style: str) -> float:
        surf = pygame.Surface(lay.size)
        surf.fill((0, 0, 0))
        board_view.draw_overlay(surf, lay, st, BoardOverlayView(
            targets=(TargetGlow("highlight_legal", style, cells),)), 0.0)
        r = lay.cell_rect(4, 4)
        lit = sum(1 for x in range(r.x, r.right) for y in range(r.y, r.bottom)
                  if surf.get_at((x, y))[:3] != (0, 0, 0))
        strong = sum(1 for x in range(r.x, r.right) for y in range(r.y, r.bottom)
                     if max(surf.get_at((x, y))[:3]) > 60)
        return lit / r.width / r.height, strong / r.width / r.height

    quiet_lit, quiet_strong = covered("quiet")
    _, ring_strong = covered("fill")      # a tile to choose, lit on its own
    assert quiet_lit > 0.3               # the parcel still says "here"
    assert quiet_strong < ring_strong / 2 and quiet_strong < 0.2


def test_many_targets_are_marked_quietly_by_the_view():
    from tests.ui.table.test_playtest1_table import _table_at

    h = _table_at(1, (1280, 720))           # the start rounds: almost every parcel is free
    try:
        targets = h.top.overlay.board.targets
        assert targets and {g.style for g in targets} <= {"quiet", "shade"}
        assert sum(len(g.groups) for g in targets if g.style == "quiet") > 24
    finally:
        h.close()


def test_a_move_on_show_shows_the_piece_it_places():
    from ne_game.ui.scenes.table.model import view_model as vm
    from tests.history.games import play
    from tests.ui.table.test_playtest1_table import _table_at

    actions = play(("human",) * 4, seed=3)["actions"]
    for n, kind in ((52, "tile"), (65, "develop"), (121, "figure"), (5, "tile")):
        h = _table_at(n, (1280, 720))
        try:
            action = actions[n]
            h.top._show_ai(action)
            h.step(1)
            ghost = h.top.overlay.board.ai_ghost
            assert ghost is not None and ghost.kind == kind, (n, ghost)
            if kind == "figure":
                assert ghost.figure == "pilgrim"
            if n == 52:
                item = h.top.facts.offer_item(action["slot"])
                assert ghost.tile is not None and ghost.tile.land == item.land
                assert ghost.tile.cells == (tuple(action["cell"]),)
            assert vm.shown_ghost(h.top.facts, {"type": "bid", "value": 3}) is None
        finally:
            h.close()


def test_the_families_estates_are_told_apart_in_grey_by_their_rule():
    """Playtest 10a: in greyscale the four outlines were one grey. Each family's boundary has a
    line of its own (solid, dashed, dotted, double): the dark pixels along the middle of the
    ribbon and across it differ."""
    lay = _lay()
    st = Style(load_theme("default"))
    rule, ribbon, _ = board_view.boundary_widths(lay.cell)

    def grey(c: pygame.Color) -> float:
        return 0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2]

    signatures = {}
    for fam in ("winslow", "palmer", "howland", "annable"):
        tiles = tuple(TileView(i, fam, "field", ((x, 4),), False, False, None) for i, x in enumerate(range(2, 6)))
        surf, lay, st = _drawn(tiles)
        top = lay.cell_rect(2, 4).y
        fam_grey = grey(st.family(fam))
        x0, x1 = lay.cell_rect(2, 4).x + lay.cell // 2, lay.cell_rect(5, 4).centerx
        along = [grey(surf.get_at((x, top + rule + ribbon // 2))) < fam_grey - 40 for x in range(x0, x1)]
        # across the whole boundary: its outer rule, the ribbon and, for a double line, the
        # second line ruled inside it (playtest 11a: a line down a narrow ribbon was lost; 14a: a
        # second rule along the ribbon merged with the first from the sofa)
        across = [grey(surf.get_at((lay.cell_rect(3, 4).x + 3, top + d))) < fam_grey - 40
                  for d in range(0, 2 * (rule + ribbon) + board_view.double_gap(lay.cell) + 1)]
        signatures[fam] = (round(sum(along) / len(along), 1), sum(across))
    assert len(set(signatures.values())) == 4, signatures


def test_a_figure_stands_on_a_base_in_its_owners_colour():
    # playtest 10c: "figures carry no owner mark"; the piece itself says whose it is
    t = TileView(0, "howland", "pasture", ((4, 4),), False, False, "barn")
    surf, lay, st = _drawn((t,))
    fam = st.family("howland")
    r = lay.cell_rect(4, 4)
    s = int(lay.cell * 0.66)
    foot_y = int(r.centery + s * 0.47)
    # beside the piece's foot, left and right, the base shows the family's colour
    xs = range(r.centerx - int(s * 0.5), r.centerx + int(s * 0.5))
    hits = [x for x in xs if _near(surf.get_at((x, foot_y)), fam, 30)]
    assert any(x < r.centerx - s * 0.3 for x in hits) and any(x > r.centerx + s * 0.3 for x in hits)


def test_a_plain_field_is_ploughed_in_straight_drills():
    # playtest 10c: waving ridges read as wood grain, 10e/10g: level bands as planks; a plough
    # leaves straight drills, here slantwise as old maps hatch a field: the light-dark rhythm
    # along one diagonal of the plot is the rhythm along the next
    from ne_game.ui.scenes.table.draw import pieces
    _lay()
    st = Style(load_theme("default"))
    size = 112
    img = pieces.land_plot(st, "field", False, size, 0)

    def lum(x: int, y: int) -> float:
        return sum(img.get_at((x, y))[:3]) / 3

    def corr(a: list[float], b: list[float]) -> float:
        ma, mb = sum(a) / len(a), sum(b) / len(b)
        num = sum((p - ma) * (q - mb) for p, q in zip(a, b))
        den = (sum((p - ma) ** 2 for p in a) * sum((q - mb) ** 2 for q in b)) ** 0.5
        return num / den
    step = size // 7            # the drills' spacing divides the parcel
    across = [lum(x, 20) for x in range(8, size - 8)]
    down_the_drill = [lum(x + step // 2, 20 + step // 2) for x in range(8, size - 8 - step)]
    # (x, y) and (x + d, y + d) lie on one drill
    assert corr(across[:len(down_the_drill)], down_the_drill) > 0.6
    level = [lum(20, y) for y in range(8, size - 8)]
    assert max(level) - min(level) > 30           # and the drills cross a level line: not bands


def test_a_figure_wears_its_familys_letter_too(monkeypatch):
    # playtest 10e: in grey, Winslow's and Howland's figures looked alike; the letter says it
    from ne_game.ui.scenes.table.draw import pieces
    marks: list[str] = []
    real = pieces.owner_mark

    def counting(style, family, size):
        marks.append(family)
        return real(style, family, size)
    monkeypatch.setattr(pieces, "owner_mark", counting)
    t = TileView(0, "howland", "pasture", ((4, 4),), False, False, "barn")
    _drawn((t,))
    # the figure's letter, which is the estate's mark too (20a: a badge beside it piled discs up)
    assert marks.count("howland") == 1


def test_a_plain_field_shows_its_sown_crop():
    # playtest 10e: drills alone read as planks; green shoots come up along them
    from ne_game.ui.scenes.table.draw import pieces
    _lay()
    st = Style(load_theme("default"))
    img = pieces.land_plot(st, "field", False, 96, 0)
    greens = sum(1 for x in range(96) for y in range(96)
                 if (c := img.get_at((x, y))).g > c.r + 8 and c.g > c.b + 40)
    assert greens > 96 * 96 * 0.02


def test_a_plain_settlement_is_laid_out_not_paved_all_over():
    # playtest 10g: a parcel cobbled all over read as paving stones; plain settlement land is
    # trodden ground with a cobbled lane across it (and house lots staked out beside it)
    from ne_game.ui.scenes.table.draw import pieces
    from ne_game.ui.scenes.table.draw.gfx import shade
    _lay()
    st = Style(load_theme("default"))
    size = 120
    joint = shade(st.land("settlement", False), 0.62)
    lanes = 0
    # (playtest 12a: some parcels have a cart track of earth instead of the cobbled lane)
    def joints(img: pygame.Surface, y0: float, y1: float) -> float:
        rows = range(int(size * y0), int(size * y1))
        hits = sum(1 for y in rows for x in range(4, size - 4) if _near(img.get_at((x, y)), joint, 10))
        return hits / (len(rows) * (size - 8))
    for v in range(pieces.PLOT_VARIANTS):
        img = pieces.land_plot(st, "settlement", False, size, v)
        assert joints(img, 0.42, 0.5) < 0.05, v                                # the ground is not paved
        lanes += joints(img, 0.52, 0.7) > 3 * joints(img, 0.42, 0.5) + 0.02    # the lane's joints, not the ground's
    assert lanes >= 2


def test_the_families_rules_stay_apart_from_the_sofa():
    """Playtest 14a: a 4K board seen at a third of its size, in grey: Palmer's dashes and
    Annable's beads both read as "dashed", Howland's double line as solid (18a: still alike). Long dashes against
    small beads, and the double line's two lines with land between, survive the reduction."""
    pygame.display.set_mode((64, 64))
    lay = layout.compute((3840, 2160), 4, missing=MISSING)
    st = Style(load_theme("default"))
    rule, ribbon, _ = board_view.boundary_widths(lay.cell)

    def grey(c) -> float:
        return 0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2]

    def runs(flags: list[bool]) -> list[int]:
        out, n = [], 0
        for f in flags + [False]:
            if f:
                n += 1
            elif n:
                out.append(n)
                n = 0
        return out

    dark_along, dark_across = {}, {}
    for fam in ("palmer", "annable", "howland", "winslow"):
        surf = pygame.Surface(lay.size)
        surf.fill((160, 160, 120))
        tiles = tuple(TileView(i, fam, "field", ((x, 4),), False, False, None) for i, x in enumerate(range(2, 6)))
        board_view.draw_tiles(surf, lay, st, BoardView(tiles))
        small = pygame.transform.smoothscale(surf, (lay.size[0] // 3, lay.size[1] // 3))
        r = lay.cell_rect(2, 4)
        y = (r.y + rule + ribbon // 2) // 3
        x0, x1 = (r.x + lay.cell // 2) // 3, lay.cell_rect(5, 4).centerx // 3
        line = [grey(small.get_at((x, y))) for x in range(x0, x1)]
        mid = (max(line) + min(line)) / 2
        dark_along[fam] = runs([v < mid - 10 for v in line])
        if fam == "annable":
            # a string of beads with the land between them, not a pale ribbon cut by dark dots
            # (playtest 18a: that still read as dashes, like Palmer's)
            ordered = sorted(line)
            assert ordered[len(ordered) // 2] < ordered[int(len(ordered) * 0.8)] - 30, ordered
        reach = (2 * (rule + ribbon) + board_view.double_gap(lay.cell) + 3 * ribbon) // 3
        col = [grey(small.get_at(((r.x + lay.cell // 2) // 3, r.y // 3 + d))) for d in range(reach)]
        land = grey(small.get_at(((r.x + lay.cell // 2) // 3, r.y // 3 + reach + 2)))
        dark_across[fam] = len(runs([v < land - 25 for v in col]))
    mean = {f: sum(v) / len(v) for f, v in dark_along.items() if v}
    assert len(dark_along["palmer"]) >= 4 and len(dark_along["annable"]) >= 8, dark_along
    assert mean["palmer"] >= 1.6 * mean["annable"], ("dashes as long as beads", mean)
    assert dark_across["howland"] >= 2 and dark_across["winslow"] == 1, dark_across


def test_a_parcel_looks_the_same_at_every_size():
    # playtest 18a: the houses, wells and trees on the same parcel changed with the window's size
    from ne_game.ui.scenes.table.draw import pieces
    _lay()
    st = Style(load_theme("default"))
    for land in ("settlement", "field", "pasture"):
        for developed in (False, True):
            for v in range(pieces.PLOT_VARIANTS):
                small = pieces.land_plot(st, land, developed, 60, v)
                large = pygame.transform.smoothscale(pieces.land_plot(st, land, developed, 180, v), (60, 60))
                diff = sum(abs(a - b) for x in range(0, 60, 2) for y in range(0, 60, 2)
                           for a, b in zip(small.get_at((x, y))[:3], large.get_at((x, y))[:3])) / (30 * 30 * 3)
                assert diff < 14, (land, developed, v, diff)


def test_a_figure_s_base_is_its_estate_s_only_letter(monkeypatch):
    # playtest 20a: late in a game a barn's or pilgrim's letter sat beside its start tile's or
    # estate's badge, two discs piled on one parcel; a figure's base now is the estate's mark
    from ne_game.ui.look.theme import load_theme
    from ne_game.ui.scenes.table.draw import board_view, layout, pieces
    from ne_game.ui.scenes.table.draw.gfx import Style
    from ne_game.ui.scenes.table.model.view_model import BoardView, TileView

    pygame.display.set_mode((64, 64))
    lay = layout.compute((1920, 1080), 4, missing={(10, 0)})
    st = Style(load_theme("default"))
    marks: list[str] = []
    real = pieces.owner_mark
    monkeypatch.setattr(pieces, "owner_mark", lambda style, fam, size: marks.append(fam) or real(style, fam, size))

    def count(*tiles: TileView) -> int:
        marks.clear()
        board_view.draw_tiles(pygame.Surface(lay.size), lay, st, BoardView(tiles=tiles))
        return len(marks)

    start = TileView(0, "winslow", "settlement", ((3, 3), (3, 4)), True, False, None)
    assert count(start) == 1                                        # the start tile's badge
    assert count(TileView(0, "winslow", "settlement", ((3, 3), (3, 4)), True, False, "barn")) == 1
    plain = TileView(1, "palmer", "field", ((6, 6),), False, False, None)
    more = TileView(2, "palmer", "field", ((6, 7),), False, False, "pilgrim")
    assert count(plain) == 1                                        # the estate's small badge
    assert count(plain, more) == 1                                  # the pilgrim's base only
