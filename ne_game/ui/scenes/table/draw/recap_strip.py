""""Since your last turn" as pictures: a row per player, drawn with the game's own pieces.

Playtest 4a, (b)1: told in sentences, the recap showed one to three moves and "... and 8 more";
a round of three or four players' moves did not fit the log's box at sofa distance. Here each
player who moved is one row: the family badge and the name, then each move as its little
picture (the bid marker, a mini land tile, a mini card, a figure, a coin) with a few words
beside it ("bid 4", "field at J7", "+4 shillings income": playtest 9a, the pictures alone
were shorthand a newcomer could not read). The sentences stay in the log, and each row's
tooltip says the row in words (`recap_rows` gives both the
drawing and the pointer the same rectangles). When even the pictures do not fit, the oldest
rows give way and a note says how many moves (the newest row is always shown).
"""
from __future__ import annotations

import dataclasses
import logging
import math
from collections.abc import Callable
from dataclasses import dataclass

import pygame

from ne_game.i18n import _, fmt, nfmt
from ne_game.ui.scenes.table.draw import pieces
from ne_game.ui.scenes.table.draw.gfx import Style, alpha_rect, badge, fit_text, wrap
from ne_game.ui.scenes.table.draw.layout import Layout
from ne_game.ui.scenes.table.draw.text_floor import fit_floor, floor_px, size_at_floor
from ne_game.ui.scenes.table.model.view_model import LogLine, RecapView
from ne_game.ui.text.words import figure_name, land_word

log = logging.getLogger(__name__)


@dataclass(frozen=True)
class RecapRow:
    family: str
    name: str
    glyphs: tuple[tuple[str, ...], ...]     # log.move_glyph's pictures, oldest first
    words: str                              # the row in words (its tooltip)
    moves: int
    terse: bool = False                     # pictures and numbers only (an older row, short of room)


def rows_of(lines: tuple[LogLine, ...]) -> list[RecapRow]:
    """One row per player who moved, where the first of their moves stood, oldest first; the
    game's own events (a round begins, the offer's count) are left to the log."""
    order: list[tuple[str, str]] = []
    runs: dict[tuple[str, str], list[LogLine]] = {}
    for line in lines:
        if line.family is None:
            continue
        key = (line.family, line.name)
        if key not in runs:
            order.append(key)
            runs[key] = []
        runs[key].append(line)
    out: list[RecapRow] = []
    for family, name in order:
        run = runs[(family, name)]
        words = (fmt("{name}: {moves}", name=name, moves=" ".join(ln.short or ln.text for ln in run))
                 if name else " ".join(ln.text for ln in run))
        # a move without a picture keeps its few words as a chip (a move seldom made)
        glyphs = tuple(ln.glyph if ln.glyph else ("words", ln.short or ln.text) for ln in run)
        if name:        # whose row it is, in words beside the badge
            glyphs = (("name", fmt("{name}:", name=name)), *glyphs)
        out.append(RecapRow(family, name, glyphs, words, len(run)))
    return out


def recap_note(n: int) -> str:
    """What the strip says of the `n` moves it left out, and where to read them."""
    return nfmt("… and {n} earlier move: scroll the log.", "… and {n} earlier moves: scroll the log.", n)


def _sizes(lay: Layout, st: Style) -> tuple[int, int, int]:
    """(text px, a picture's height, the gap between pictures)."""
    px = max(floor_px(lay), lay.fs(12))
    lh = st.font("body", px).get_linesize()
    # a picture as high as a line of text (a little more at the desk, where lines are small):
    # four players' rounds fit the log's box at sofa distance
    return px, max(lh, lay.px(22)), lay.px(5)


def _chip_width(st: Style, g: tuple[str, ...], px: int, h: int, terse: bool = False) -> int:
    kind = g[0]
    label = _label(g, terse)
    lw = st.font("bold" if kind == "name" else "body", px).size(label)[0] if label else 0
    if kind in ("words", "name"):
        return lw
    icon = int(h * 0.72) if kind in ("card", "barn", "reveal") else h
    extra = h // 2 if kind == "major" else 0
    return icon + extra + (lw + max(2, h // 8) if label else 0)


TERSE = "terse"       # a glyph's fourth field: this one move is shown in pictures and numbers


def _label(g: tuple[str, ...], terse: bool = False) -> str:
    """The words beside a move's picture: short words a newcomer reads without hovering
    (playtest 9a: "P 4 [icon] D3 [icon] J7 +4" was shorthand), with the grid's references;
    `terse`: numbers and references only (an older row where the words leave no room)."""
    kind = g[0]
    what = g[1] if len(g) > 1 else ""
    where = g[2] if len(g) > 2 else ""
    if kind in ("words", "name"):
        return what
    if terse or g[3:4] == (TERSE,):
        return "" if kind == "bid" else what if kind in ("offer", "coin") else where
    if kind == "bid":
        return fmt("bid {n}", n=what)
    if kind == "offer":
        return nfmt("offer of {n} land tile", "offer of {n} land tiles", _number(what), n=what)
    if kind == "coin":
        return nfmt("+{n} shilling income", "+{n} shillings income", _number(what), n=_number(what))
    if kind == "start":
        return fmt("start tile at {cells}", cells=where)
    if kind == "land":
        return fmt("{land} at {cells}", land=land_word(what or None), cells=where)
    if kind == "card":
        return fmt("card, developed {cells}", cells=where)
    if kind == "figure":
        return fmt("{figure} at {cell}", figure=figure_name(what or None), cell=where)
    if kind == "barn":
        return fmt("card stored in the barn at {cell}", cell=where)
    if kind == "move":
        return fmt("{figure} moved {route}", figure=figure_name(what or None), route=where)
    if kind == "reveal":
        return _("extra land tile shown") if what == "land" else _("extra card shown")
    if kind == "major":
        return fmt("most {figures} {vp} VP", figures=figure_name(what or None, 2), vp=where)
    return where


def _number(text: str) -> int:
    """A count the move's picture carries ("5", "+4"): the plural form of its words."""
    try:
        return abs(int(text.replace("−", "-")))
    except ValueError:
        log.warning("recap: not a number in a move's picture: %r", text)
        return 0


def _flow(st: Style, row: RecapRow, px: int, h: int, gap: int, width: int) -> list[list[tuple[int, tuple[str, ...]]]]:
    """The row's pictures in lines of `width` pixels: (x offset, picture)."""
    lines: list[list[tuple[int, tuple[str, ...]]]] = [[]]
    x = 0
    for g in row.glyphs:
        if row.terse and g[0] == "name":
            continue        # (the badge says whose row it is)
        w = _chip_width(st, g, px, h, row.terse)
        if not row.terse and g[0] not in ("words", "name") and w > width:
            # a move whose words are wider than the strip itself (a narrow strip, a long
            # language): its picture and references, as an older row shows it
            g = g[:3] + (TERSE,) if len(g) >= 3 else g + ("",) * (3 - len(g)) + (TERSE,)
            w = _chip_width(st, g, px, h, True)
        if g[0] == "words" and w > width:       # a long sentence: wrapped, a line of its own
            for part in wrap(st, g[1], "body", px, width):
                if lines[-1]:
                    lines.append([])
                lines[-1].append((0, ("words", part)))
                lines.append([])
            x = 0
            continue
        if lines[-1] and x + w > width:
            lines.append([])
            x = 0
        lines[-1].append((x, g))
        x += w + gap
    return [ln for ln in lines if ln]


@dataclass(frozen=True)
class Placed:
    row: RecapRow
    rect: pygame.Rect                                   # the whole row (its tooltip's place)
    chips: tuple[tuple[int, int, tuple[str, ...]], ...]  # (x, y, picture)


def recap_heading(lay: Layout, st: Style, view: RecapView, px: int) -> str:
    """The heading with the person's name, or without it where the name would make it too wide
    at the floor (playtest 5a: "Sam, depuis votre tour…" was cut)."""
    if size_at_floor(st, view.heading, "bold", max(px, lay.fs(13)), lay.log_rect.width - lay.px(16), px) is not None:
        return view.heading
    return _("Since your last turn:")


def _mixed(row: RecapRow, k: int) -> RecapRow:
    """`row` with its first `k` moves in pictures and numbers (their tooltips say them), the rest
    in words."""
    moves = [i for i, g in enumerate(row.glyphs) if g[0] not in ("words", "name")]
    glyphs = tuple(g[:3] + ("",) * (3 - len(g[:3])) + (TERSE,) if i in moves[:k] else g
                   for i, g in enumerate(row.glyphs))
    return dataclasses.replace(row, glyphs=glyphs)


def _compact(row: RecapRow) -> RecapRow:
    """`row` shorter but still read without hovering: its name, and its bids in words ("bid 8":
    a marker alone read as a stray number), its other moves as their pictures and references
    (a start tile's picture and "F4, G4")."""
    glyphs = tuple(g if g[0] in ("words", "name", "bid") else g[:3] + ("",) * (3 - len(g[:3])) + (TERSE,)
                   for g in row.glyphs)
    return dataclasses.replace(row, glyphs=glyphs)


def _moves_in_pictures(row: RecapRow) -> int:
    """How many of the row's moves can be shown in pictures and numbers (_mixed)."""
    return sum(1 for g in row.glyphs if g[0] not in ("words", "name"))


def _whole_round(rows: list[RecapRow], flowed: Callable[[RecapRow], RecapRow],
                 fits: Callable[[list[RecapRow]], bool]) -> list[RecapRow] | None:
    """The rows with the newest one's first moves terse, as few as keep every row in the box;
    else, the newest in pictures but its latest move, each older row its latest moves, as many as
    fit, led by how many it leaves out; None when even one move a row does not fit. (`flowed`
    lays a new row out; `fits`: whether rows fit the box, none left out.)"""
    newest = rows[-1]
    count = _moves_in_pictures(newest)
    mixed = newest
    for k in range(1, count + 1):
        mixed = flowed(_mixed(newest, k))
        if fits(rows[:-1] + [mixed]):
            return rows[:-1] + [mixed]
    if count > 1:
        mixed = flowed(_mixed(newest, count - 1))
    most = max((row.moves for row in rows[:-1]), default=0)
    for m in range(most - 1, 0, -1):
        older = [flowed(_latest(row, m)) for row in rows[:-1]]
        if fits(older + [mixed]):
            return older + [mixed]
    return None


def _latest(row: RecapRow, m: int) -> RecapRow:
    """`row` with only its latest `m` moves, led by how many it leaves out ("… 3 earlier"): each
    player keeps a line of their own, and the whole row is still in its tooltip."""
    moves = [i for i, g in enumerate(row.glyphs) if g[0] != "name"]
    if len(moves) <= m:
        return row
    cut = set(moves[:-m])
    more = ("words", nfmt("… {n} earlier,", "… {n} earlier,", len(cut), n=len(cut)))
    kept = [g for i, g in enumerate(row.glyphs) if i not in cut]
    at = next((i for i, g in enumerate(kept) if g[0] != "name"), len(kept))
    return dataclasses.replace(row, glyphs=(*kept[:at], more, *kept[at:]))


def recap_layout(lay: Layout, st: Style, view: RecapView) -> tuple[pygame.Surface, list[Placed], int, int]:
    """The heading, the rows that fit the log's box (newest kept), where each goes, the moves
    left out and the top of the note saying so (0 when none)."""
    r = lay.log_rect
    px, h, gap = _sizes(lay, st)
    head = fit_floor(st, recap_heading(lay, st, view, px), "bold", max(px, lay.fs(13)), st.color("title_text"),
                     r.width - lay.px(16), px)
    indent = lay.px(8) + h + lay.px(6)
    width = r.right - lay.px(8) - (r.x + indent)
    top = r.y + lay.px(8) + head.get_height()
    room = r.bottom - lay.px(6) - top
    rgap = lay.px(5)
    lh = st.font("body", px).get_linesize()
    full = rows_of(view.lines)
    short = [dataclasses.replace(row, terse=True) for row in full]
    compact = [_compact(row) for row in full]
    flow_of = {id(row): _flow(st, row, px, h, gap, width) for row in (*full, *short, *compact)}

    def height(row: RecapRow) -> int:
        return len(flow_of[id(row)]) * h + (len(flow_of[id(row)]) - 1) * lay.px(2)

    def need(rows: list[RecapRow], k: int) -> int:
        shown = [height(row) for row in rows[k:]]
        left = sum(row.moves for row in rows[:k])
        note = lh * len(wrap(st, recap_note(left), "body", px, r.width - lay.px(16))) + rgap if left else 0
        return sum(shown) + rgap * max(0, len(shown) - 1) + note

    # every row in words where they fit; else the oldest rows compact (the name and the bids in
    # words, the other moves as pictures and references: playtest 11a, a row of pictures only
    # read "F4, G4 8"), then the newest row's first moves as pictures too, then the oldest rows as
    # pictures and numbers (their tooltips say them in words), so that the round stays whole,
    # the newest's latest move always in words; only then the oldest rows give way
    # (playtest 4a: the whole round; 9a: words a newcomer reads)
    tries = [compact[:k] + full[k:] for k in range(len(full))]
    if len(full) > 1:
        # then the newest row's first moves as pictures too (its latest in words), as few as it takes
        mixed = [_mixed(full[-1], k) for k in range(1, _moves_in_pictures(full[-1]))]
        flow_of.update({id(row): _flow(st, row, px, h, gap, width) for row in mixed})
        tries += [compact[:-1] + [row] for row in mixed]
    tries += [short[:j] + compact[j:-1] + full[-1:] for j in range(1, len(full))]
    rows = next((t for t in tries if need(t, 0) <= room), short[:-1] + full[-1:])
    def flowed(row: RecapRow) -> RecapRow:
        flow_of[id(row)] = _flow(st, row, px, h, gap, width)
        return row

    def dropped(rows: list[RecapRow]) -> int:
        """How many of the oldest rows give way so that the rest fit (never the newest)."""
        first = 0
        while first < len(rows) - 1 and need(rows, first) > room:
            first += 1
        return first

    first = dropped(rows)
    if first and rows and not rows[-1].terse:
        # an older player would give way (playtest 10e: at sofa distance the box showed only the
        # newest player and "... and 8 earlier moves"): first the newest row's first moves in
        # pictures and numbers too, as few as it takes, so that every player since your turn stays
        whole = _whole_round(rows, flowed, lambda candidate: need(candidate, 0) <= room)
        if whole is not None:
            rows, first = whole, 0
    if rows and need(rows, first) > room and not rows[-1].terse:
        # the newest row alone in words is taller than the box (a long turn at sofa distance,
        # playtest 10c: its last line ran below the box): its first moves in pictures and numbers
        # (their tooltip says them), as few as it takes, the latest in words; all of them shown
        newest = rows[-1]
        for k in range(1, _moves_in_pictures(newest) + 1):
            rows = rows[:-1] + [flowed(_mixed(newest, k))]
            first = dropped(rows)
            if need(rows, first) <= room:
                break
    log.debug("recap strip: room %d, needs %s", room, [need(rows, k) for k in range(len(rows))])
    left = sum(row.moves for row in rows[:first])
    y = top
    note_top = 0
    if left:
        note_top = y
        y += lh * len(wrap(st, recap_note(left), "body", px, r.width - lay.px(16))) + rgap
    placed: list[Placed] = []
    for row in rows[first:]:
        flow = flow_of[id(row)]
        if y + len(flow) * (h + lay.px(2)) > r.bottom:
            # still too tall (a tiny box): the lines that fit, never drawn past the box
            flow = flow[:max(1, (r.bottom - y) // (h + lay.px(2)))]
        chips: list[tuple[int, int, tuple[str, ...]]] = []
        for i, line in enumerate(flow):
            ly = y + i * (h + lay.px(2))
            chips.extend((r.x + indent + x, ly, g) for x, g in line)
        hgt = len(flow) * h + (len(flow) - 1) * lay.px(2)
        placed.append(Placed(row, pygame.Rect(r.x + lay.px(4), y - rgap // 2, r.width - lay.px(8), hgt + rgap),
                             tuple(chips)))
        y += hgt + rgap
    return head, placed, left, note_top


def draw_recap(surf: pygame.Surface, lay: Layout, st: Style, view: RecapView) -> None:
    """The strip in the log's place: a frame, whose turn it is, and a row of pictures a player."""
    r = lay.log_rect
    alpha_rect(surf, st.color("log_bg"), r, lay.px(8))
    pygame.draw.rect(surf, st.color("gold"), r, max(1, lay.px(2)), border_radius=lay.px(8))
    px, h, _gap = _sizes(lay, st)
    head, placed, left, note_top = recap_layout(lay, st, view)
    surf.blit(head, (r.x + lay.px(8), r.y + lay.px(5)))
    lh = st.font("body", px).get_linesize()
    if left:
        y = note_top
        for row in wrap(st, recap_note(left), "body", px, r.width - lay.px(16)):
            surf.blit(st.text(row, "body", px, st.color("text_dim_on_dark")), (r.x + lay.px(8), y))
            y += lh
    for i, p in enumerate(placed):
        if i:       # a hairline between players: each row reads as one player's turn
            ly = p.rect.y
            pygame.draw.line(surf, st.color("text_dim_on_dark"), (p.rect.x + lay.px(4), ly), (p.rect.right - lay.px(4), ly))
        surf.blit(badge(st, p.row.family, h), (r.x + lay.px(8), p.rect.y + (p.rect.height - h) // 2))
        for x, y, g in p.chips:
            _draw_chip(surf, lay, st, g, x, y, px, h, p.row.terse)


def _draw_chip(surf: pygame.Surface, lay: Layout, st: Style, g: tuple[str, ...], x: int, y: int, px: int, h: int,
               terse: bool = False) -> None:
    kind = g[0]
    ink = st.color("title_text")
    label = _label(g, terse)
    if kind in ("words", "name"):
        surf.blit(fit_text(st, label, "bold" if kind == "name" else "body", px, ink, lay.log_rect.right - x - lay.px(8)),
                  (x, y + (h - px) // 3))
        return
    cw = int(h * 0.72)
    if kind == "bid":
        surf.blit(pieces.bid_marker(st, int(g[1]) if g[1].isdigit() else 0, h), (x, y))
        icon = h
    elif kind == "coin":
        surf.blit(pieces.coin(st, h), (x, y))
        icon = h
    elif kind == "offer":
        surf.blit(pieces.bag(st, h), (x, y))
        icon = h
    elif kind in ("land", "start"):
        side = int(h * 0.86)
        ty = y + (h - side) // 2
        if g[1]:
            surf.blit(pieces.land_tile(st, g[1], False, side), (x + (h - side) // 2, ty))
        pygame.draw.rect(surf, st.color("panel_border") if kind == "land" else st.color("gold"),
                         (x + (h - side) // 2, ty, side, side), max(1, lay.px(1)))
        icon = h
    elif kind in ("card", "barn", "reveal"):
        surf.blit(pieces.card_back(st, (cw, h)), (x, y))
        inner = int(cw * 0.62)
        if kind == "card" and g[1]:
            surf.blit(pieces.land_tile(st, g[1], True, inner), (x + (cw - inner) // 2, y + (h - inner) // 2))
        elif kind == "barn":
            surf.blit(pieces.figure(st, "barn", inner), (x + (cw - inner) // 2, y + (h - inner) // 2))
        icon = cw
    else:   # figure, move, major: the figure
        if g[1]:
            surf.blit(pieces.figure(st, g[1], h), (x, y))
        icon = h
        if kind == "major":
            _star(surf, st, (x + h + h // 4, y + h // 2), h // 4)
            icon += h // 2
    if label:
        t = st.text(label, "bold" if kind == "major" else "body", px, ink)
        surf.blit(t, (x + icon + max(2, h // 8), y + (h - t.get_height()) // 2))


def _star(surf: pygame.Surface, st: Style, c: tuple[int, int], r: int) -> None:
    """A five-pointed star: points won (a majority), in gold ringed dark."""
    pts = [(c[0] + (r if i % 2 == 0 else r * 0.45) * math.sin(i * math.pi / 5),
            c[1] - (r if i % 2 == 0 else r * 0.45) * math.cos(i * math.pi / 5)) for i in range(10)]
    pygame.draw.polygon(surf, st.color("gold"), pts)
    pygame.draw.polygon(surf, st.color("text"), pts, 1)
