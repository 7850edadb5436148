"""The parcels a land may go to are lit as one stretch of country (playtest 17a: lit parcels
framed one by one read as "square blocks laid on top" of the map, and the start rounds' stake on
every free parcel as "a forest of flags")."""
from __future__ import annotations

import math

import pygame

from ne_game.ui.look.theme import load_theme
from ne_game.ui.scenes.table.draw import board_view, layout, lit_area
from ne_game.ui.scenes.table.draw.gfx import Style
from ne_game.ui.scenes.table.model.view_model import BoardOverlayView, TargetGlow

GROUND = (118, 128, 96)          # a mid olive: the painted country


def _table() -> tuple[layout.Layout, Style]:
    """The 1080p table's layout and the default theme's style."""
    pygame.display.set_mode((64, 64))
    return layout.compute((1920, 1080), 4, missing={(10, 0)}), Style(load_theme("default"))


def _ground(lay: layout.Layout, st: Style, tile, developing: frozenset = frozenset()) -> pygame.Surface:
    """The painted country's colour with `tile` placed on it (`developing`: its parcels a card
    in hand would develop)."""
    from ne_game.ui.scenes.table.model.view_model import BoardView

    surf = pygame.Surface(lay.size)
    surf.fill(GROUND)
    board_view.draw_tiles(surf, lay, st, BoardView((tile,), developing=developing))
    return surf


def _drawn(style: str, cells: list[tuple[int, int]]) -> tuple[pygame.Surface, layout.Layout]:
    lay, st = _table()
    surf = pygame.Surface(lay.size)
    surf.fill(GROUND)
    groups = tuple((c,) for c in cells)
    board_view.draw_overlay(surf, lay, st, BoardOverlayView(
        targets=(TargetGlow("highlight_legal", style, groups),)), math.pi / 8)     # the pulse at its height
    return surf, lay


def _darker(p: pygame.Color, by: int = 120) -> bool:
    # the rule's dark line: well below the ground (the light only ever brightens it)
    return sum(p[:3]) < sum(GROUND) - by


def _dark_across(surf: pygame.Surface, xs: range, y: int, by: int = 120) -> int:
    return sum(1 for x in xs if _darker(surf.get_at((x, y)), by))


def test_parcels_side_by_side_are_lit_as_one_area_ruled_round_its_outside():
    surf, lay = _drawn("area", [(3, 3), (4, 3), (4, 4)])
    c = lay.cell
    a, b = lay.cell_rect(3, 3), lay.cell_rect(4, 3)
    y = a.centery
    # no rule where the two parcels meet
    assert _dark_across(surf, range(b.x - c // 6, b.x + c // 6), y) == 0
    # the rule on the area's outer sides
    assert _dark_across(surf, range(a.x, a.x + c // 8), y) >= 1
    assert _dark_across(surf, range(b.right - c // 8, b.right), y) >= 1
    # nor between (4, 3) and (4, 4) below it
    x = b.centerx
    assert sum(1 for yy in range(b.bottom - c // 6, b.bottom + c // 6) if _darker(surf.get_at((x, yy)))) == 0
    # and the light reaches round the inward corner: lit just inside (4, 4)'s corner by (3, 3)
    corner = lay.cell_rect(4, 4).topleft
    inner = lit_area.Widths(c, False).inner
    p = surf.get_at((corner[0] + inner + 2, corner[1] + inner + 2))
    assert sum(p[:3]) > sum(GROUND) + 60, tuple(p)


def test_many_free_parcels_leave_the_coast_open_and_rule_off_the_ground_too_near():
    near = {(x, y) for x in range(3, 6) for y in range(3, 6)}        # a tile and its neighbours
    cells = [(x, y) for x in range(11) for y in range(9) if (x, y) not in near and (x, y) != (10, 0)]
    surf, lay = _drawn("quiet", cells)
    c = lay.cell
    g = lay.grid_rect
    # the map's own edge is not ruled again
    assert _dark_across(surf, range(g.x, g.x + c // 6), lay.cell_rect(0, 7).centery, by=60) == 0
    # the ground too near the tile is: a line on its border, seen from both sides
    r = lay.cell_rect(3, 4)
    assert _dark_across(surf, range(r.x - c // 8, r.x + 2), r.centery, by=60) >= 1     # a quiet rule
    # unlit inside it, faintly lit outside
    inside, outside = surf.get_at(lay.cell_rect(4, 4).center), surf.get_at(lay.cell_rect(8, 6).center)
    assert tuple(inside)[:3] == GROUND
    assert 20 < sum(outside[:3]) - sum(GROUND) < 200


def test_a_lit_area_is_drawn_once_and_reused():
    pygame.display.set_mode((64, 64))
    col = pygame.Color(255, 233, 160, 153)
    a, at = lit_area.area(90, [(2, 2), (3, 2)], col)
    b, _ = lit_area.area(90, [(3, 2), (2, 2)], col)
    assert a is b and at == (2, 2) and a.get_size() == (180, 90)


def test_only_the_last_few_areas_are_kept():
    # an area may be as large as the board (several MB at 4K), and each choice makes a new one
    pygame.display.set_mode((64, 64))
    col = pygame.Color(255, 233, 160, 153)
    big = lit_area.SMALL + 1
    for x in range(lit_area.KEEP * 3):
        lit_area.area(90, [(x % 11, y) for y in range(big)], col)
    assert len(lit_area._AREAS) == lit_area.KEEP


def test_a_tile_s_area_is_kept_with_the_small_shapes():
    # a dozen tiles' rings are drawn every frame (the figures one may move): more than KEEP of
    # them must not be built again on every frame
    pygame.display.set_mode((64, 64))
    col = pygame.Color(255, 233, 160, 153)
    tiles = [[(x, 1), (x, 2)] for x in range(lit_area.KEEP * 2)]
    first = [lit_area.area(90, t, col)[0] for t in tiles]
    again = [lit_area.area(90, t, col)[0] for t in tiles]
    assert all(a is b for a, b in zip(first, again))


def test_the_start_rounds_put_the_ground_a_start_tile_may_not_take_in_shadow():
    # playtest 18a: on an empty board "nothing is lit" while the prompt spoke of lit parcels; the
    # free ground a start tile may not take (too near another, or no room this way) is shaded
    from tests.ui.table.test_playtest1_table import _table_at

    h = _table_at(3, (1280, 720))            # three start tiles down
    try:
        scene = h.top
        targets = scene.overlay.board.targets
        shade = [g for g in targets if g.style == "shade"]
        lit = {c for g in targets if g.style == "quiet" for grp in g.groups for c in grp}
        assert len(shade) == 1
        shaded = {c for grp in shade[0].groups for c in grp}
        taken = {tuple(c) for t in scene.inter.pos.tiles for c in t.cells}
        assert shaded and not shaded & lit and not shaded & taken
        # every free parcel is one or the other
        rs = scene.session.state.rs
        free = {tuple(rs.xy[i]) for i in rs.cells} - taken
        assert shaded | lit == free
        # and drawn darker than the ground, with the hatch
        c = next(iter(sorted(shaded)))
        img, at = lit_area.shaded(scene.lay.cell, shaded, pygame.Color(42, 30, 12, 76))
        px = img.get_at(((c[0] - at[0]) * scene.lay.cell + scene.lay.cell // 2,
                         (c[1] - at[1]) * scene.lay.cell + scene.lay.cell // 2))
        assert px.a > 0
    finally:
        h.close()


def test_a_picked_land_tile_shows_its_land_faintly_where_it_may_go():
    # playtests 18a, 19b: the places a bought land tile may go read as "pale cream squares"; the
    # land it would lay is painted there faintly instead, under the area's fine rule
    from ne_game.ui.scenes.table.draw import pieces

    plain, lay = _drawn("area", [(3, 3)])
    pygame.display.set_mode((64, 64))
    st = Style(load_theme("default"))
    surf = pygame.Surface(lay.size)
    surf.fill(GROUND)
    board_view.draw_overlay(surf, lay, st, BoardOverlayView(
        targets=(TargetGlow("highlight_legal", "area", (((3, 3),),), "pasture"),)), math.pi / 8)
    r = lay.cell_rect(3, 3)
    grass = pieces.land_plot(st, "pasture", False, lay.cell, variant=pieces.plot_variant(3, 3))
    g = grass.get_at((lay.cell // 2, lay.cell // 2))
    mid = surf.get_at(r.center)
    # the middle leans from the bare ground towards the pasture's own colour
    assert abs(mid.g - g.g) < abs(GROUND[1] - g.g) and tuple(mid)[:3] != GROUND
    assert tuple(plain.get_at(r.center))[:3] == GROUND       # (without a land: the map's own)


def test_the_view_names_the_land_of_a_picked_land_tile():
    from tests.ui.table.test_playtest1_table import _table_at

    h = _table_at(17, (1280, 720))           # a buying turn
    try:
        scene = h.top
        inter = scene.inter
        slot = next((s for s in sorted(inter.selectable_slots())
                     if inter.pick_slot(s) and inter.sel is not None and inter.sel.land), None)
        assert slot is not None
        scene.refresh_interaction()
        h.step(2)
        lands = {g.land for g in scene.overlay.board.targets}
        assert lands == {inter.sel.land}
    finally:
        h.close()


def test_a_develop_shows_the_parcels_developed_inside_the_estate_boundary():
    # playtest 20a: the light over one's own parcels a land-use card may develop was "faint, and
    # it covers the estate border"; they now show developed, under the boundary and the badge,
    # ruled inside the boundary
    from ne_game.ui.scenes.table.draw import pieces
    from ne_game.ui.scenes.table.model.view_model import TileView

    lay, st = _table()
    tile = TileView(0, "winslow", "field", ((3, 3), (3, 4)), True, False, None)    # a start tile
    base = _ground(lay, st, tile)
    surf = _ground(lay, st, tile, developing=frozenset(tile.cells))
    cells = (((3, 3),), ((3, 4),))
    board_view.draw_overlay(surf, lay, st, BoardOverlayView(targets=(
        TargetGlow("highlight_legal", "area", cells, "field", developed=True),)), math.pi / 8)
    c = lay.cell
    r = lay.cell_rect(3, 3)
    rule, ribbon, _ = board_view.boundary_widths(c)
    # the boundary (its dark rule and colour ribbon, all round) is as it was
    for y in range(r.y + c // 3, r.bottom, 7):
        for x in range(r.x, r.x + rule + ribbon):
            assert surf.get_at((x, y)) == base.get_at((x, y)), (x, y)
    # and so is the start tile's badge over the seam (but for a hint of what shows through it)
    seam = lay.cells_rect(tile.cells).center
    assert sum(abs(a - b) for a, b in zip(surf.get_at(seam), base.get_at(seam))) <= 6
    # inside it, the field leans towards its developed colour
    gold = pieces.land_plot(st, "field", True, c, variant=pieces.plot_variant(3, 4))
    plain = pieces.land_plot(st, "field", False, c, variant=pieces.plot_variant(3, 4))

    def mean(s: pygame.Surface, box: pygame.Rect) -> tuple[float, float, float]:
        px = [s.get_at((x, y)) for x in range(box.x, box.right, 3) for y in range(box.y, box.bottom, 3)]
        return tuple(sum(p[i] for p in px) / len(px) for i in range(3))     # type: ignore[return-value]

    inner = lay.cell_rect(3, 4).inflate(-c // 2, -c // 2).move(0, c // 6)
    local = inner.move(-lay.cell_rect(3, 4).x, -lay.cell_rect(3, 4).y)
    want = mean(gold, local)
    now, before = mean(surf, inner), mean(base, inner)
    assert sum(abs(a - b) for a, b in zip(now, want)) < sum(abs(a - b) for a, b in zip(before, want)) / 2
    assert mean(plain, local) != want


def test_the_view_shows_a_develop_as_the_land_developed():
    from tests.ui.table.test_playtest1_table import _table_at

    h = _table_at(35, (1280, 720))           # a buying turn, a land-use card that fits
    try:
        scene = h.top
        inter = scene.inter
        for slot in sorted(inter.selectable_slots()):
            if inter.pick_slot(slot) and "develop" in inter.targets():
                break
            inter.cancel()
        else:
            raise AssertionError("no land-use card fits on this turn")
        scene.refresh_interaction()
        h.step(2)
        glows = [g for g in scene.overlay.board.targets if g.developed]
        assert glows and all(g.land == scene.rs.cards[inter.sel.card].land for g in glows)
        # pencilled in on the static layer, under the estates' boundaries and badges
        assert scene.view.board.developing == frozenset(inter.targets()["develop"])
    finally:
        h.close()


def test_where_a_figure_may_stand_it_shows_there_inside_the_estate_boundary():
    # playtest 21a: a "glowing tile" for a barn read as the estate's border "turning dull gold";
    # the tile is lit inside its boundary, which stays whole, and the barn shows where it would stand
    from ne_game.ui.scenes.table.model.view_model import TileView

    lay, st = _table()
    tile = TileView(0, "winslow", "pasture", ((5, 5),), False, False, None)
    base = _ground(lay, st, tile)
    plain, with_barn = base.copy(), base.copy()
    for surf, figure in ((plain, None), (with_barn, "barn")):
        board_view.draw_overlay(surf, lay, st, BoardOverlayView(targets=(
            TargetGlow("highlight_legal", "fill", (((5, 5),),), figure=figure,
                       spots=(tile,) if figure else ()),)), math.pi / 8)
    c = lay.cell
    r = lay.cell_rect(5, 5)
    rule, ribbon, _ = board_view.boundary_widths(c)
    for surf in (plain, with_barn):
        for y in range(r.y, r.bottom, 5):
            for x in list(range(r.x, r.x + rule + ribbon)) + list(range(r.right - rule - ribbon, r.right)):
                assert surf.get_at((x, y)) == base.get_at((x, y)), (x, y)
    # the lit tile is brighter inside than the plain one, and the barn is seen where it would stand
    at = (r.x + board_view.estate_depth(c) + lit_area.Widths(c, False).inner + 2, r.centery)
    assert sum(plain.get_at(at)[:3]) > sum(base.get_at(at)[:3]) + 30
    changed = sum(1 for x in range(r.x, r.right, 2) for y in range(r.y, r.bottom, 2)
                  if plain.get_at((x, y)) != with_barn.get_at((x, y)))
    assert changed > (c // 2) ** 2 // 4 // 2


def test_the_view_shows_a_figure_card_s_figure_where_it_may_stand():
    from tests.ui.table.test_playtest1_table import _table_at

    h = _table_at(17, (1280, 720))           # a buying turn, a figure card that fits
    try:
        scene = h.top
        inter = scene.inter
        for slot in sorted(inter.selectable_slots()):
            if inter.pick_slot(slot) and "figure" in inter.targets():
                break
            inter.cancel()
        else:
            raise AssertionError("no figure card fits on this turn")
        scene.refresh_interaction()
        h.step(2)
        glow = next(g for g in scene.overlay.board.targets if g.spots)
        assert glow.figure == scene.rs.cards[inter.sel.card].figure
        assert {c for t in glow.spots for c in t.cells} == set(inter.targets()["figure"])
    finally:
        h.close()


def test_a_figure_one_may_pick_up_has_a_halo_round_its_base_and_the_boundary_stays_whole():
    # playtest 21b: a rule inside the tile of a figure one may move read as "a misaligned
    # selection box"; a halo on the ground round the figure's base says "lift me"
    from ne_game.ui.scenes.table.model.view_model import TileView

    lay, st = _table()
    tile = TileView(0, "howland", "field", ((4, 4),), False, False, "pilgrim")
    base = _ground(lay, st, tile)
    surf = base.copy()
    board_view.draw_overlay(surf, lay, st, BoardOverlayView(targets=(
        TargetGlow("highlight_hover", "ring", (((4, 4),),), spots=(tile,)),)), math.pi / 8)
    r = lay.cell_rect(4, 4)
    rule, ribbon, _ = board_view.boundary_widths(lay.cell)
    for y in range(r.y, r.bottom, 3):               # the boundary untouched
        for x in range(r.x, r.x + rule + ribbon):
            assert surf.get_at((x, y)) == base.get_at((x, y)), (x, y)
    fr = board_view.figure_rect(lay, tile, r)
    s = int(lay.cell * 0.66)
    foot_y = int(fr.centery + s * 0.47 + s * 0.25)   # the halo's front, below the base
    changed = sum(1 for x in range(fr.centerx - s // 3, fr.centerx + 1) for y in range(foot_y - 4, foot_y + 5)
                  if surf.get_at((x, y)) != base.get_at((x, y)))
    assert changed > 10, changed


def test_a_refused_place_shows_a_no_entry_sign():
    # playtest 21b: a red ring alone over free ground read as an estate of the red family's
    from ne_game.ui.scenes.table.model.view_model import PreviewView

    lay, st = _table()
    surf = pygame.Surface(lay.size)
    surf.fill(GROUND)
    board_view.draw_overlay(surf, lay, st, BoardOverlayView(
        preview=PreviewView(False, "figure", (((5, 4),),), None)), 0.0)
    cx, cy = lay.cell_rect(5, 4).center
    off = lay.cell // 12                        # beside the sign's bar, on its pale disc
    disc = surf.get_at((cx + off, cy - off))
    assert sum(disc[:3]) > sum(GROUND) + 250, tuple(disc)
