"""The offer column: bag and deck (with counts), then the offer as cards on the table: slots
0..8 three a row (the lands' row, the row of land or card, the cards' row) and the extra
slots, each card face up at the largest size the column allows, its slot number above it."""
from __future__ import annotations

from dataclasses import dataclass

import pygame
from pygame.typing import ColorLike

import ne_game.ui.scenes.table.draw.pieces as pieces
from ne_game.i18n import _, nfmt, pgettext
from ne_game.rules import Ruleset
from ne_game.ui.look.widgets import ring_reach
from ne_game.ui.scenes.table.draw import card_face
from ne_game.ui.scenes.table.draw.card_face import TEXT_FLOOR
from ne_game.ui.scenes.table.draw.gfx import Style, alpha_rect, blit_center, fit_text, shade, wrap
from ne_game.ui.scenes.table.draw.layout import Layout, line_height
from ne_game.ui.scenes.table.draw.piece_art import CARD_ASPECT
from ne_game.ui.scenes.table.draw.text_floor import floor_px
from ne_game.ui.scenes.table.model.view_model import OfferView, OverlayView
from ne_game.ui.text.words import land_title

COLS = 3              # three slots a row: lands (1-3), land or card (4-6), cards (7-9), extras
BASE_ROWS = 3         # the rows of slots 0..8; the extras have a row of their own below
EXTRA_SHARE = 0.5     # the extras' row keeps at least this share of a card's height
GAP = 8               # between cards, reference pixels
ROW_GAP_MAX = 28      # rows spread over the column's height, at most this far apart
OFFER_NAME_PAD = 3    # an item's name plate beyond its words, reference pixels
NO_WORDS = 10_000     # a floor no ribbon's words reach: the card's own ribbon stays plain


@dataclass(frozen=True)
class OfferGrid:
    """The offer as a grid of cards: each slot a cell of a number tab over a card."""
    cells: dict[int, pygame.Rect]
    card: tuple[int, int]          # a card's size in pixels
    tab_h: int                     # the number tab's height above each card


def offer_grid(lay: Layout, slots: tuple[int, ...] | list[int]) -> OfferGrid:
    """Cells for slots 0..8 (always: the grid does not jump as slots empty) and the extras
    after them, three a row, as large as the offer region allows at a card's shape. The
    region keeps a row for the extras from the start (of full cards where the column is
    tall enough, else of cards at least half as tall), so that an extra item revealed by a
    ship moves no other card; many extras share that row, narrower."""
    n = max([9] + [s + 1 for s in slots])
    r = lay.offer_slots_rect
    gap = lay.px(GAP)
    tab_h = tab_height(lay)
    w_by_width = (r.width - gap * (COLS - 1)) // COLS
    # three rows of full cards and the extras' row of cards at least EXTRA_SHARE as tall
    h_by_height = int((r.height - gap * BASE_ROWS - (BASE_ROWS + 1) * tab_h) / (BASE_ROWS + EXTRA_SHARE))
    ch = max(8, min(int(w_by_width / CARD_ASPECT), h_by_height))
    cw = max(6, int(ch * CARD_ASPECT))
    # the extras' cards: full size where the column has the height, else what is left
    ech = max(8, min(ch, r.height - BASE_ROWS * (tab_h + ch) - gap * BASE_ROWS - tab_h))
    rows_h = BASE_ROWS * (tab_h + ch) + tab_h + ech
    # rows spread down the column (a tall column is not left empty at its foot), within reason
    spare = r.height - rows_h - gap * BASE_ROWS
    row_gap = gap + min(max(0, spare // (BASE_ROWS + 1)), lay.px(ROW_GAP_MAX))
    col_gap = gap if cw < w_by_width else (r.width - COLS * cw) // (COLS - 1)
    col_gap = min(col_gap, gap * 2)
    # a card held by the column's height leaves width beside it: its cell takes that width
    # (the card centred in it), so that its name, under a land tile or on a banner across a
    # card's foot, has the cell's width at the sofa's floor ("Nederzetting": playtest 3a)
    cell_w = max(cw, w_by_width)
    if cell_w > cw:
        col_gap = gap
    x0 = r.centerx - (COLS * cell_w + (COLS - 1) * col_gap) // 2
    used = rows_h + BASE_ROWS * row_gap
    y0 = r.y + max(0, min((r.height - used) // 2, lay.px(6)))     # under the heading
    cells = {i: pygame.Rect(x0 + (i % COLS) * (cell_w + col_gap), y0 + (i // COLS) * (tab_h + ch + row_gap),
                            cell_w, tab_h + ch) for i in range(BASE_ROWS * COLS)}
    extras = n - BASE_ROWS * COLS
    ey = y0 + BASE_ROWS * (tab_h + ch + row_gap)
    ecw = max(6, int(ech * CARD_ASPECT))
    if extras * ecw + (extras - 1) * gap > r.width:      # a crowded extras' row: narrower cards
        ecw = max(6, (r.width - gap * (extras - 1)) // extras)
        ech = int(ecw / CARD_ASPECT)
    if ecw == cw and extras <= COLS:
        ex, step = x0, cell_w + col_gap         # under the columns above
        ecw = cell_w
    else:
        ex, step = r.centerx - (extras * ecw + (extras - 1) * gap) // 2, ecw + gap
    for k in range(extras):
        cells[BASE_ROWS * COLS + k] = pygame.Rect(ex + k * step, ey, ecw, tab_h + ech)
    return OfferGrid(cells, (cw, ch), tab_h)


def tab_height(lay: Layout) -> int:
    """The number tab over a card: a line of the number's text below the band the keyboard's
    focus ring takes inside the slot (issue 35: the ring covered the "1".."9")."""
    return line_height(lay.fs(13)) + ring_reach(lay.base) + lay.px(1)


def number_rect(lay: Layout, cell: pygame.Rect, tab_h: int, size: tuple[int, int]) -> pygame.Rect:
    """Where a slot's number (a text of `size`) goes in its tab: right of and below the focus
    ring drawn inside the cell, so both the ring and the number read."""
    reach = ring_reach(lay.base)
    r = pygame.Rect((0, 0), size)
    r.x = cell.x + reach + lay.px(2)
    r.centery = cell.y + reach + (tab_h - reach) // 2
    return r


def slot_rects(lay: Layout, slots: tuple[int, ...] | list[int]) -> dict[int, pygame.Rect]:
    """Rect per slot number (`slots`: those in the offer now): its whole cell, number tab and
    card (what a click or the keyboard's ring takes); slots 0..8 always have one, extras follow."""
    return offer_grid(lay, slots).cells


def card_rect(cell: pygame.Rect, tab_h: int) -> pygame.Rect:
    """The card in its cell, under the number tab: as tall as the cell leaves, a card's shape,
    centred (a cell may be wider than its card: the width its name needs)."""
    h = cell.height - tab_h
    w = min(cell.width, max(6, int(h * CARD_ASPECT)))
    if cell.width - w <= 1:
        w = cell.width
    return pygame.Rect(cell.centerx - w // 2, cell.y + tab_h, w, h)


def item_image_rect(lay: Layout, cell: pygame.Rect, kind: str) -> pygame.Rect:
    """Where a slot's picture sits in its cell: the card, or the land tile (a square as wide
    as a card, in the card's place)."""
    tab_h = tab_height(lay)
    cr = card_rect(cell, tab_h)
    if kind != "land":
        return cr
    s = min(cr.width, cr.height)
    r = pygame.Rect(0, 0, s, s)
    r.midtop = cr.midtop
    return r


def draw_offer(surf: pygame.Surface, lay: Layout, st: Style, view: OfferView,
               rs: Ruleset) -> None:
    _draw_stock(surf, lay, st, view)
    head = pygame.Rect(lay.offer_rect.x, lay.bag_rect.bottom + lay.px(2), lay.offer_rect.width,
                       max(lay.px(24), lay.offer_slots_rect.y - lay.bag_rect.bottom - lay.px(4)))
    price = view.price
    label = nfmt("Offer · {n} shilling each", "Offer · {n} shillings each", price) if price else _("Offer")
    t = fit_text(st, label, "heading", lay.fs(19), st.color("title_text"), head.width)
    surf.blit(t, (head.x, head.centery - t.get_height() // 2))

    grid = offer_grid(lay, view.slots)
    floor = max(TEXT_FLOOR, lay.text_min)
    items = {i.slot: i for i in view.items}
    # the lines of each card's name on its banner, and the most in each row: the cards of a row
    # stand as tall as each other (playtest 10c: a name on two lines made its card shorter)
    names: dict[int, list[str]] = {}
    row_lines: dict[int, int] = {}
    for slot, cell in grid.cells.items():
        item = items.get(slot)
        if item is None or item.card is None or slot in view.hidden:
            continue
        ir = card_for_names(lay, st, cell, item_image_rect(lay, cell, item.kind), rs, floor)
        if card_face.banner_px(st, card_face.card_geometry(ir.size)["band"],
                               card_face.shown_titles(st, rs), floor) is None:
            names[slot] = _banner_lines(lay, st, ir, cell, item.card, rs, floor)
            row_lines[cell.y] = max(row_lines.get(cell.y, 0), len(names[slot]))
    for slot, cell in grid.cells.items():
        item = items.get(slot)
        cr = card_rect(cell, grid.tab_h)
        _tab(surf, lay, st, cell, grid.tab_h, slot, item is not None, slot in view.greyed)
        if item is None:
            _empty_slot(surf, lay, st, cr, slot, floor)
            continue
        if slot in view.hidden:       # still flying in from the bag or the deck
            continue
        lift = lay.px(6) if view.selected == slot else 0
        ir = item_image_rect(lay, cell, item.kind)
        if item.kind != "land":
            ir = card_for_names(lay, st, cell, ir, rs, floor)
        ir = ir.move(0, -lift)
        if item.kind == "land":
            assert item.land is not None   # a land item always names its land
            _land_item(surf, lay, st, ir, cr, item.land, rs.lands, floor, lifted=bool(lift), cell=cell)
        else:
            assert item.card is not None   # a card item always names its card
            # the card's own ribbon names it where every name fits it at the floor; else a
            # banner as wide as the cell, across the card's foot, does (never a blank ribbon)
            own = slot not in names
            lines = names.get(slot, [])
            rows = max(len(lines), row_lines.get(cell.y, 0))
            card_r = ir
            if rows > 1:
                # a name on two lines grows its banner up the card: the card is drawn smaller,
                # its picture (the pattern, the VP) ending where the banner starts (playtest 5a:
                # "Neder-zetting" covered a settlement card's pattern at sofa distance), and so
                # are the other cards of its row, their banners as tall (playtest 10c)
                card_r = _above_banner(ir, name_banner_rect(lay, st, ir, cell, rows, floor))
            _shadow(surf, lay, card_r, lifted=bool(lift))
            surf.blit(card_face.card(st, item.card, card_r.size, rs, floor if own else NO_WORDS), card_r)
            if lines:
                ir = ir.union(_name_banner(surf, lay, st, ir, cell, item.card, rs, floor, lines, rows))
        if slot in view.greyed:
            _greyed(surf, lay, ir)
        if view.selected == slot:
            pygame.draw.rect(surf, st.color("gold"), ir.inflate(lay.px(6), lay.px(6)),
                             lay.px(3), border_radius=lay.px(9))
    if view.note and not view.items:
        _draw_note(surf, lay, st, view.note, floor)



def note_rect(lay: Layout, st: Style, note: str, floor: int) -> tuple[pygame.Rect, list[str], int]:
    """Where the words over an empty offer stand (a slip across the middle of its slots), their
    lines and their size (at least the text floor)."""
    area = lay.offer_slots_rect
    grid = offer_grid(lay, tuple(range(9)))
    middle = grid.cells.get(4)            # over the middle row (not across two rows' words)
    px = max(floor, lay.fs(16))
    pad = lay.px(12)
    lines = wrap(st, note, "body", px, area.width - 2 * pad)
    line_h = st.font("body", px).get_linesize()
    r = pygame.Rect(0, 0, area.width, len(lines) * line_h + 2 * pad)
    r.center = (area.centerx, middle.centery if middle is not None else area.centery)
    return r, lines, px


def _draw_note(surf: pygame.Surface, lay: Layout, st: Style, note: str, floor: int) -> None:
    r, lines, px = note_rect(lay, st, note, floor)
    alpha_rect(surf, st.color("log_bg"), r, lay.px(8))
    pygame.draw.rect(surf, st.color("gold"), r, max(1, lay.px(1)), border_radius=lay.px(8))
    y = r.y + lay.px(12)
    for line in lines:
        t = st.text(line, "body", px, st.color("text_on_dark"))
        surf.blit(t, (r.centerx - t.get_width() // 2, y))
        y += st.font("body", px).get_linesize()


def _draw_stock(surf: pygame.Surface, lay: Layout, st: Style, view: OfferView) -> None:
    """Bag and deck with their counts."""
    for rect, count, is_bag in ((lay.bag_rect, view.bag_count, True), (lay.deck_rect, view.deck_count, False)):
        pygame.draw.rect(surf, st.color("panel_dark"), rect, border_radius=lay.px(6))
        warn = view.stock_low
        col = st.color("error") if warn else st.color("text_on_dark")
        t = st.text(str(count), "number", int(rect.height * 0.42), col)
        # The picture gives way (a little) so that the count stays inside the box.
        s = rect.height - lay.px(10)
        aspect = 1.0 if is_bag else 0.78
        # a short word under the count (the picture shows bag or deck): "in zakje", "au sac"
        words = pgettext("bag count", "tiles") if is_bag else pgettext("deck count", "cards")
        word_px = max(lay.fs(11), floor_px(lay))          # never under the text floor
        label_w = st.font("body", word_px).size(words)[0]
        room = rect.width - lay.px(14) - max(t.get_width(), label_w)
        # ...but never below 40 % of its size (a word that still does not fit is left out below)
        s = max(4, int(s * 0.4), min(s, int(room / aspect)))
        img = pieces.bag(st, s) if is_bag else pieces.deck(st, (int(s * 0.78), s))
        surf.blit(img, (rect.x + lay.px(5), rect.y + (rect.height - s) // 2))
        tx = rect.x + lay.px(10) + img.get_width()
        t = fit_text(st, str(count), "number", int(rect.height * 0.42), col,
                     rect.right - tx - lay.px(1))
        surf.blit(t, (tx, rect.y + lay.px(4)))
        room_w = rect.right - tx - lay.px(2)
        if st.font("body", word_px).size(words)[0] > room_w:
            continue      # a word that does not fit at the floor is left to the picture (bag or deck)
        t2 = st.text(words, "body", word_px, st.color("text_dim_on_dark"))
        surf.blit(t2, (tx, rect.y + lay.px(6) + t.get_height()))


def _tab(surf: pygame.Surface, lay: Layout, st: Style, cell: pygame.Rect, tab_h: int, slot: int,
         filled: bool, greyed: bool) -> None:
    """The slot's number (its key) above its card: "1".."9", "+" for an extra slot."""
    tag = str(slot + 1) if slot < 9 else "+"
    col = st.color("text_dim_on_dark") if (not filled or greyed) else st.color("title_text")
    t = st.text(tag, "bold", lay.fs(13), col)
    at = number_rect(lay, cell, tab_h, t.get_size())
    surf.blit(t, at)
    # a rule from the number to the card's edge: the number belongs to this card
    y = at.centery + 1
    x0 = at.right + lay.px(5)
    if cell.right - lay.px(3) > x0:
        pygame.draw.line(surf, shade(col, 0.7), (x0, y), (cell.right - lay.px(3), y), 1)


def _shadow(surf: pygame.Surface, lay: Layout, r: pygame.Rect, lifted: bool = False) -> None:
    """A soft shadow under a card or tile lying on the table (larger when it is picked up)."""
    off = lay.px(7) if lifted else lay.px(3)
    alpha_rect(surf, (0, 0, 0, 70), r.move(off // 2, off), max(2, r.width // 14))
    alpha_rect(surf, (0, 0, 0, 40), r.move(off // 2, off).inflate(lay.px(2), lay.px(2)), max(2, r.width // 12))


VOWELS = frozenset("aeiouyàâäéèêëîïôöûüù")


#: the narrowest a name's letters are drawn, as a share of their width: a word a little wider
#: than its room is set a little condensed (at the floor's height) rather than broken over two
#: lines that cover the item's picture (playtest 7a: "Neder-zetting" at sofa distance in Dutch)
CONDENSE = 0.86
#: the narrowest a card's banner sets a half of a broken name, where at CONDENSE it would not fit
#: the card's width at all (playtest 9a: the replay's cards, held by the height, left
#: "Pelgrim-" a pixel too wide, and the card's ribbon blank)
CONDENSE_MOST = 0.8
#: how much closer a name's letters are set where it is wider than its room, in em: tighter
#: before narrower, and both before a break over two lines (playtest 10c: "Neder-zetting" at
#: sofa distance made its card shorter than its neighbours)
TRACK = 0.05


def _track_px(px: int) -> int:
    return max(1, round(px * TRACK))


def _closed(text: str) -> list[int]:
    """For each letter of `text`, how many of the gaps before it are set closer: every gap but
    those at a space (playtest 10e: "tuile terrain" set closer read "tuileterrain")."""
    out, n = [0], 0
    for i in range(1, len(text)):
        n += text[i] != " " and text[i - 1] != " "
        out.append(n)
    return out[:len(text)]


def _set_width(font: pygame.font.Font, text: str, px: int) -> int:
    """The width of `text` at `px` with its letters set closer by the track."""
    return font.size(text)[0] - _track_px(px) * (_closed(text)[-1] if text else 0)


def _tracked(t: pygame.Surface, font: pygame.font.Font, text: str, px: int) -> pygame.Surface:
    """`t` (the line as rendered) with its letters set closer by the track: each letter's slice
    (its advance) moved left, the line drawn once (so that its words are the line's); the
    spaces keep their width."""
    k = _track_px(px)
    adv = [m[4] if m is not None else 0 for m in font.metrics(text)]
    if len(adv) < 2 or len(adv) != len(text) or sum(adv) > t.get_width() + len(adv):
        return t        # (the metrics do not tile the line: kept as it is)
    shift = _closed(text)
    out = pygame.Surface((max(1, t.get_width() - k * shift[-1]), t.get_height()), pygame.SRCALPHA)
    x = 0
    for i, a in enumerate(adv):
        w = a if i < len(adv) - 1 else t.get_width() - x
        out.blit(t, (x - k * shift[i], 0), pygame.Rect(x, 0, max(0, w), t.get_height()))
        x += a
    return out


def name_lines(st: Style, title: str, role: str, px: int, room: int, condense: float = CONDENSE) -> list[str]:
    """`title` in lines of at most `room` pixels at `px` (a line up to `room / CONDENSE` is set
    condensed: `name_text`): wrapped at its spaces, and a single word wider than that broken once
    with a hyphen at a syllable's edge nearest its middle ("Neder-zetting", "Pelgrim-vader",
    "Pâtu-rage"), so that an offer item's name is never cut."""
    font = st.font(role, px)
    out: list[str] = []
    # (a single word is broken here, not handed to wrap, which reports it as overflowing)
    for line in (wrap(st, title, role, px, room) or [title]) if " " in title else [title]:
        if _set_width(font, line, px) <= room / condense or " " in line:
            out.append(line)
            continue
        low = line.lower()
        # syllable breaks: between two consonants (Neder-zetting), or before a consonant that
        # opens a syllable (Pâtu-rage)
        cuts = [i for i in range(2, len(line) - 2)
                if low[i - 1].isalpha() and low[i].isalpha() and low[i] not in VOWELS
                and (low[i - 1] not in VOWELS or low[i + 1] in VOWELS)]
        cuts.sort(key=lambda i: (abs(i - len(line) / 2), -i))
        # halves that fit the room as they are, else (`condense` below CONDENSE) set condensed
        cut = next((i for i in cuts if font.size(line[:i] + "-")[0] <= room
                    and font.size(line[i:])[0] <= room), None)
        if cut is None and condense < CONDENSE:
            cut = next((i for i in cuts if font.size(line[:i] + "-")[0] <= room / condense
                        and font.size(line[i:])[0] <= room / condense), None)
        out.extend([line] if cut is None else [line[:cut] + "-", line[cut:]])
    return out


def _lines_fit(st: Style, lines: list[str], px: int, room: int, condense: float = CONDENSE) -> bool:
    """Every line of a name (name_lines) fits `room` pixels at `px`, condensed at most to
    `condense`: none would be cut."""
    font = st.font("heading", px)
    return all(_set_width(font, text, px) <= room / condense for text in lines)


def name_text(st: Style, text: str, px: int, color: ColorLike, room: int, role: str = "heading") -> pygame.Surface:
    """A line of a name at `px`, its letters set closer, then condensed (its height kept),
    where it is wider than `room`."""
    t = st.text(text, role, px, color)
    if t.get_width() > room:
        t = _tracked(t, st.font(role, px), text, px)
    if t.get_width() > room:
        t = pygame.transform.smoothscale(t, (room, t.get_height()))
    return t


def name_banner_rect(lay: Layout, st: Style, ir: pygame.Rect, cell: pygame.Rect, lines: int,
                     floor: int, wide: bool = False) -> pygame.Rect:
    """The banner naming a card whose own ribbon cannot hold its name at the floor: over the
    card's ribbon, no wider than the card (playtest 9a: banners wider than their cards read
    as loose labels) nor than the cell inside the focus ring's band, as tall as `lines` lines;
    `wide`: as wide as that cell (a one-word name that the card's width cannot hold whole)."""
    ribbon = card_face.card_geometry(ir.size)["ribbon"].move(ir.topleft)
    line = st.font("heading", floor).get_linesize()
    h = max(ribbon.height, lines * line + lay.px(4))
    left, right = _within_card(lay, ir, cell) if not wide else _within_cell(lay, cell)
    return pygame.Rect(left, ribbon.bottom - h, right - left, h)


def _within_card(lay: Layout, ir: pygame.Rect, cell: pygame.Rect) -> tuple[int, int]:
    """The left and right edges a name under or across an item keeps to: the item's own width,
    inside the keyboard focus ring's band of its cell."""
    inset = ring_reach(lay.base)
    return max(ir.x, cell.x + inset), min(ir.right, cell.right - inset)


def _within_cell(lay: Layout, cell: pygame.Rect) -> tuple[int, int]:
    """The left and right edges of `cell` inside the keyboard focus ring's band."""
    inset = ring_reach(lay.base)
    return cell.x + inset, cell.right - inset


def _banner_wide(lay: Layout, st: Style, ir: pygame.Rect, cell: pygame.Rect, lines: list[str], floor: int) -> bool:
    """A one-word name that the card's width cannot hold whole: its banner takes the cell's."""
    room = name_banner_rect(lay, st, ir, cell, 1, floor).width - 2 * lay.px(OFFER_NAME_PAD)
    return len(lines) == 1 and not _lines_fit(st, lines, floor, room, CONDENSE_MOST)


def _banner_lines(lay: Layout, st: Style, ir: pygame.Rect, cell: pygame.Rect, card_id: str, rs: Ruleset,
                  floor: int) -> list[str]:
    """The lines of a card's name on its banner; [] when even the name's halves do not fit the
    cell (an extra item in a crowded row): the card's picture says what it is and its tooltip
    names it; "B…" says nothing (playtest 5a). A one-word name is broken in the middle only where
    not even the cell holds it (playtest 13a: "Settle-/ment" where the cell had room): on one line,
    on a banner as wide as the cell where needed."""
    pad = 2 * lay.px(OFFER_NAME_PAD)
    room = name_banner_rect(lay, st, ir, cell, 1, floor).width - pad
    title = card_face.ribbon_title(st, card_id, rs)
    if " " not in title:
        wide = name_banner_rect(lay, st, ir, cell, 1, floor, wide=True).width - pad
        # one line wherever the tightest setting holds it (playtest 10c), the card's width first;
        # broken only where not even the cell holds it (Dutch "Nederzetting" at 1280x800 sofa)
        if any(_lines_fit(st, [title], floor, r, CONDENSE_MOST) for r in (room, wide)):
            return [title]
    for condense in (CONDENSE, CONDENSE_MOST):
        lines = name_lines(st, title, "heading", floor, room, condense)
        if _lines_fit(st, lines, floor, room, condense):
            return lines
    return []


def card_for_names(lay: Layout, st: Style, cell: pygame.Rect, ir: pygame.Rect, rs: Ruleset,
                   floor: int) -> pygame.Rect:
    """The card `ir` widened into its cell (centred, as tall) just enough that every card's name
    on its banner keeps to the card's width: a name's banner never sticks out of its card
    (playtest 14a: high contrast's "NEDERZETTING" at sofa distance in Dutch ran past the card on
    a banner as wide as the cell). Every card of the grid alike (one width for all the names);
    at most the cell's width, where a name that still does not fit one line breaks over two."""
    left, right = _within_cell(lay, cell)
    if ir.width >= cell.width or card_face.banner_px(
            st, card_face.card_geometry(ir.size)["band"], card_face.shown_titles(st, rs), floor) is not None:
        return ir
    titles = card_face.shown_titles(st, rs)
    pad = 2 * lay.px(OFFER_NAME_PAD)
    r = ir
    for w in range(ir.width, cell.width + 1, max(1, lay.px(2))):
        r = pygame.Rect(0, ir.y, w, ir.height)
        r.centerx = cell.centerx
        room = min(r.right, right) - max(r.left, left) - pad
        if all(_lines_fit(st, [t], floor, room, CONDENSE_MOST) for t in titles):
            return r
    r = pygame.Rect(cell.x, ir.y, cell.width, ir.height)
    return r


def _above_banner(ir: pygame.Rect, banner: pygame.Rect) -> pygame.Rect:
    """The card drawn shorter in `ir` (same top, same width) so that its ribbon starts where
    `banner` does: all of its picture shows above the banner."""
    ribbon = card_face.card_geometry(ir.size)["ribbon"]
    share = ribbon.top / max(1, ir.height)
    h = int((banner.top - ir.top) / share) if share > 0 else ir.height
    h = max(1, min(ir.height, h))
    # as wide as the card would be, only shorter: the banner under it is the card's width, and
    # a card drawn narrower made the banner stick out on both sides (playtest 10c, Dutch, sofa)
    return pygame.Rect(ir.x, ir.y, ir.width, h)


def _name_banner(surf: pygame.Surface, lay: Layout, st: Style, ir: pygame.Rect, cell: pygame.Rect,
                 card_id: str, rs: Ruleset, floor: int, lines: list[str], rows: int = 0) -> pygame.Rect:
    """A card's name (`lines`, from _banner_lines) on a banner of its ribbon's colour (see
    name_banner_rect), as tall as `rows` lines (its row's tallest name) where that is more;
    its rect."""
    fill, tcol = card_face.ribbon_colours(st, card_id, rs)
    wide = _banner_wide(lay, st, ir, cell, lines, floor)
    room = name_banner_rect(lay, st, ir, cell, 1, floor, wide).width - 2 * lay.px(OFFER_NAME_PAD)
    r = name_banner_rect(lay, st, ir, cell, max(len(lines), rows), floor, wide)
    rad = max(2, lay.px(4))
    pygame.draw.rect(surf, fill, r, border_radius=rad)
    pygame.draw.rect(surf, card_face.theme_palette(st).ink, r, max(1, lay.px(2)), border_radius=rad)
    line = st.font("heading", floor).get_linesize()
    y = r.centery - len(lines) * line // 2
    for text in lines:
        t = name_text(st, text, floor, tcol, room)
        surf.blit(t, (r.centerx - t.get_width() // 2, y + (line - t.get_height()) // 2))
        y += line
    return r


def _land_item(surf: pygame.Surface, lay: Layout, st: Style, ir: pygame.Rect, cr: pygame.Rect, land: str,
               lands: tuple[str, ...], floor: int, lifted: bool, cell: pygame.Rect | None = None) -> None:
    """A land tile as the piece it is: the tile, its cardboard edge below, and its land's name
    under it where that reads at the floor's size."""
    edge = max(2, ir.width // 22)
    _shadow(surf, lay, ir.move(0, edge), lifted)
    base = pieces.land_tile(st, land, False, ir.width)
    pygame.draw.rect(surf, shade(st.color("panel_border"), 0.8), ir.move(0, edge), border_radius=max(2, ir.width // 12))
    surf.blit(base, ir)
    pygame.draw.rect(surf, st.color("panel_border"), ir, max(1, lay.px(1)), border_radius=max(2, ir.width // 12))
    room = land_label_room(lay, ir, cr, edge, cell)
    titles = tuple(land_title(x) for x in lands)
    pad = lay.px(OFFER_NAME_PAD)
    px = _fit_all_px(st, "heading", min(lay.fs(16), int(room.height * 0.8)), floor, room.width - 2 * pad,
                     titles)
    if px is None:      # one size for all where all fit; else this tile's own name at the floor
        px = _fit_all_px(st, "heading", floor, floor, room.width - 2 * pad, (land_title(land),))
    title = land_title(land)
    col = pygame.Color(st.color("panel_dark"))
    col.a = 235
    if px is not None:
        t = st.text(title, "heading", px, st.color("text_on_dark"))
        # on a plate of its own: the painted sea's wave strokes never run through the words
        # (playtest 3a: "Pasture" on the waves)
        plate = pygame.Rect(0, 0, t.get_width() + 2 * pad, t.get_height() + lay.px(2))
        plate.center = room.center
        plate.clamp_ip(room)
        alpha_rect(surf, col, plate, max(2, plate.height // 4))
        blit_center(surf, t, plate.center)
        return
    # a name too wide for the tile even at the floor: one line all the same, a little condensed,
    # on a plate as wide as the slot allows (wider than the tile where it must); a land's name
    # is one word and never breaks in the middle (playtest 13a: "Settle-/ment" in the replay)
    inset = ring_reach(lay.base)
    box = cell if cell is not None else cr
    wide = pygame.Rect(box.x + inset, room.y, box.width - 2 * inset, room.height)
    line = st.font("heading", floor).get_linesize()
    for r in (room, wide):
        if _lines_fit(st, [title], floor, r.width - 2 * pad, CONDENSE_MOST):
            t = name_text(st, title, floor, st.color("text_on_dark"), r.width - 2 * pad)
            plate = pygame.Rect(0, 0, min(r.width, t.get_width() + 2 * pad), line + lay.px(2))
            plate.center = (ir.centerx, room.centery)
            plate.clamp_ip(wide)
            alpha_rect(surf, col, plate, max(2, lay.px(4)))
            blit_center(surf, t, plate.center)
            return
    # not even the slot holds it on one line (Dutch at 1280x800 sofa): in two lines on a plate
    # across the tile's foot (a name is never dropped: playtest 3a, "Nederzetting" at sofa distance)
    lines = name_lines(st, title, "heading", floor, room.width - 2 * pad, CONDENSE_MOST)
    if not _lines_fit(st, lines, floor, room.width - 2 * pad, CONDENSE_MOST):
        # a cell too narrow even for the name's halves (an extra item in a crowded row): the
        # tile's art says its land and its tooltip names it; a name cut to "F…" says nothing
        return
    plate = pygame.Rect(room.x, 0, room.width, len(lines) * line + lay.px(2))
    plate.bottom = room.bottom
    alpha_rect(surf, col, plate, max(2, lay.px(4)))
    y = plate.y + lay.px(1)
    for text in lines:
        t = name_text(st, text, floor, st.color("text_on_dark"), room.width - 2 * pad)
        surf.blit(t, (plate.centerx - t.get_width() // 2, y + (line - t.get_height()) // 2))
        y += line


def land_label_room(lay: Layout, ir: pygame.Rect, cr: pygame.Rect, edge: int,
                    cell: pygame.Rect | None = None) -> pygame.Rect:
    """Where a land tile's name goes under it: clear of the keyboard's focus ring, which is drawn
    inside the slot (playtest 2: the ring clipped "Settlement"'s first and last letters); never
    wider than the tile (playtest 9a: "Pasture" on a plate wider than its tile)."""
    inset = ring_reach(lay.base)
    top = ir.bottom + edge + lay.px(2)
    left, right = _within_card(lay, ir, cell if cell is not None else cr)
    return pygame.Rect(left, top, right - left, cr.bottom - inset - top)


def _fit_all_px(st: Style, role: str, want: int, floor: int, room: int, titles: tuple[str, ...]) -> int | None:
    """The largest size up to `want` at which every title fits `room`, or None under `floor`
    (names of one kind are shown all alike or not at all)."""
    px = want
    while px >= floor:
        font = st.font(role, px)
        if all(font.size(t)[0] <= room for t in titles):
            return px
        px -= 1
    return None


def _empty_slot(surf: pygame.Surface, lay: Layout, st: Style, cr: pygame.Rect, slot: int, floor: int) -> None:
    """A bought (or not yet filled) slot: a dashed outline where the card lay, and what the
    slot takes ("land", "land or card", "card"): in words where they read at the floor's size
    as set, whole (never squeezed, never a word broken); else as pictures in the slot's dashed
    style (playtest 11a: Dutch "kaartje" for "land or card" read as "card", and
    "ontwik-kelings-kaartje" broke over three lines at 4K at sofa distance)."""
    # on a dark plate of its own (not the painted sea's changing blues), in the dim text
    # colour unshaded: the words read at 4.5:1 at least in every theme (playtest 1: faint grey)
    plate = pygame.Color(st.color("panel_dark"))
    plate.a = 235
    alpha_rect(surf, plate, cr.inflate(-lay.px(4), -lay.px(4)), lay.px(6))
    col = st.color("text_dim_on_dark")
    _dashed(surf, col, cr.inflate(-lay.px(4), -lay.px(4)), max(1, lay.px(2)), lay.px(8))
    if slot >= 9:
        return
    inner = cr.width - lay.px(12)
    fit = slot_label(st, slot, max(lay.fs(11), floor), floor, inner, cr.height)
    if fit is None:
        _slot_pictures(surf, lay, col, cr, slot)
        return
    px, lines = fit
    lh = st.font("body", px).get_linesize()
    y = cr.centery - len(lines) * lh // 2
    for line in lines:
        t = name_text(st, line, px, col, inner, "body")
        surf.blit(t, (cr.centerx - t.get_width() // 2, y))
        y += lh


def slot_kinds(slot: int) -> tuple[str, ...]:
    """What an empty slot of 0..8 takes, as the pictures that say it: a land tile ("land"), a
    card ("card"), or either, side by side."""
    return ("land",) if slot < 3 else ("land", "card") if slot < 6 else ("card",)


def slot_picture_rects(lay: Layout, cr: pygame.Rect, slot: int) -> list[tuple[str, pygame.Rect]]:
    """Where an empty slot's pictures stand in its card's place `cr`: a land tile (a square)
    and a card (a card's shape), as large as the slot allows, side by side for "land or
    card", centred; each with its kind."""
    kinds = slot_kinds(slot)
    pad = lay.px(10)
    room = cr.inflate(-2 * pad, -2 * pad)
    gap = lay.px(6)
    # the height that fits both shapes' widths (a tile as wide as tall, a card CARD_ASPECT)
    widths = sum(1.0 if k == "land" else CARD_ASPECT for k in kinds)
    h = max(4, min(int(room.height * 0.72), int((room.width - gap * (len(kinds) - 1)) / widths)))
    rects: list[tuple[str, pygame.Rect]] = []
    # two pictures one above the other where that draws them larger (a narrow slot: playtest
    # 14a, Dutch "terrein of ontwikkeling" in pictures at 1280x720, side by side a third as tall)
    stacked = min((room.height - gap) // 2, room.width, int(room.width / CARD_ASPECT))
    if len(kinds) == 2 and stacked > h:
        y = room.centery - (2 * stacked + gap) // 2
        for k in kinds:
            w = stacked if k == "land" else int(stacked * CARD_ASPECT)
            rects.append((k, pygame.Rect(room.centerx - w // 2, y, w, stacked)))
            y += stacked + gap
        return rects
    total = sum(h if k == "land" else int(h * CARD_ASPECT) for k in kinds) + gap * (len(kinds) - 1)
    x = room.centerx - total // 2
    for k in kinds:
        w = h if k == "land" else int(h * CARD_ASPECT)
        rects.append((k, pygame.Rect(x, room.centery - h // 2, w, h)))
        x += w + gap
    return rects


def _slot_pictures(surf: pygame.Surface, lay: Layout, col: ColorLike, cr: pygame.Rect, slot: int) -> None:
    """An empty slot's kind as pictures, drawn at the slot's size in its dashed style: a
    land tile's square with a field's furrows, a card's back with its frame and its seal,
    or both side by side; told apart by shape, not colour."""
    line = max(1, lay.px(2))
    c = pygame.Color(col)
    for kind, r in slot_picture_rects(lay, cr, slot):
        dash = max(2, r.height // 10)
        _dashed(surf, c, r, line, dash)
        if kind == "land":
            # three furrows across the tile
            for k in (1, 2, 3):
                y = r.y + r.height * k // 4
                pygame.draw.line(surf, c, (r.x + r.width // 5, y), (r.right - r.width // 5, y), line)
        else:
            # the card back: an inner frame and a round seal in its middle (as the deck's)
            frame = r.inflate(-max(4, r.width // 4), -max(4, r.width // 4))
            pygame.draw.rect(surf, c, frame, line, border_radius=max(1, r.width // 12))
            pygame.draw.circle(surf, c, frame.center, max(2, frame.width // 4), line)


def slot_words(slot: int) -> tuple[str, str]:
    """What an empty slot takes, in words: as the item is named ("terreinkaartje"), and the
    shortest words that still say it ("terrein"), for a slot too narrow for the first on one
    line (at sofa distance the floor is 2.5 % of the screen's height, at every size). A card's
    slot has its shortest words too (Dutch "ontwikkeling" for "ontwikkelingskaartje", which no
    slot held: playtest 13a, pictures where English said "card"); a slot for any item has none:
    where its words do not fit, its pictures say it (playtest 11a: Dutch "kaartje" for "land or
    card" read as "card")."""
    # a context of their own: an empty slot names the kind of item it takes ("terreinkaartje"),
    # where the plain words serve inside sentences
    if slot < 3:
        full = pgettext("empty slot", "land")
        # TRANSLATORS: the shortest words for "land" (a land tile) in an empty slot of the
        # offer, where the "empty slot" words do not fit one line (at sofa distance)
        return full, pgettext("empty slot, short", "land")
    if slot < 6:
        full = pgettext("empty slot", "land or card")
        return full, full
    full = pgettext("empty slot", "card")
    # TRANSLATORS: the shortest words for "card" (a development card) in an empty slot of the
    # offer, where the "empty slot" words do not fit one line
    return full, pgettext("empty slot, short", "card")


def slot_label(st: Style, slot: int, px: int, floor: int, room: int, height: int) -> tuple[int, list[str]] | None:
    """An empty slot's words fitted (label_lines) where they read whole and as set: its full
    words on one line (at `px` or a step smaller) or over two lines broken at a space, else
    its shortest on one line (playtest 10i: Dutch "terrein|kaartje" broken at the joint at 4K
    at sofa distance, where "terrein" holds one line). Never squeezed, never a word broken
    (playtest 11a): its size and lines; None: the words do not read so, the pictures say it."""
    full, short = slot_words(slot)
    low = max(floor, int(px * LABEL_STEP))
    for words in dict.fromkeys((full, short)):
        # each size in turn: label_lines may settle on two lines set closer at `px` where, a
        # step smaller, they read as set (playtest 14a: Dutch "terrein of / ontwikkeling")
        for size in dict.fromkeys((px, low)):
            fit = label_lines(st, words, "body", size, floor, room, height)
            if fit is not None and fit[0] >= low and _as_set(st, fit, room) and _whole(fit[1], words):
                return fit
    return None


def _whole(lines: list[str], words: str) -> bool:
    """The lines are `words` broken only at their spaces (no word broken at a hyphen)."""
    return lines == [w for w in lines if not w.endswith("-")] and \
        " ".join(lines).split() == words.replace(SOFT_HYPHEN, "").split()


def _as_set(st: Style, fit: tuple[int, list[str]], room: int) -> bool:
    """Every line of a fitted label holds `room` as set: no letters closer, nothing condensed."""
    font = st.font("body", fit[0])
    return all(font.size(line)[0] <= room for line in fit[1])


#: the one step smaller an empty slot's words may take to keep to one line
LABEL_STEP = 0.88
#: where a translator allows a long compound to break (the soft hyphen, U+00AD): "terrein|kaartje"
SOFT_HYPHEN = "\u00ad"


def label_lines(st: Style, text: str, role: str, px: int, floor: int, room: int,
                height: int) -> tuple[int, list[str]] | None:
    """A short label (an empty slot's "land or card") in `room` pixels, as the card names are
    fitted (playtest 10e: "terrein-kaartje", "ontwik-kelings-kaartje" in Dutch): on one line
    as set, at `px`, then a step smaller (never under `floor`); else over two lines broken at
    a space at `px`; else on one line with its letters set closer or a little condensed
    (name_text), at `px`, then a step smaller; else broken at its spaces (each line fitted alike); else, a word that no
    line holds broken where its translator allows (a soft hyphen, with a hyphen drawn). Its
    size and lines; None: no readable setting fits `room` and `height`."""
    plain = text.replace(SOFT_HYPHEN, "")
    # one step smaller at most (never the floor at once: at 4K the desk's floor is a third of
    # the size, and "ontwikkelingskaartje" read as a smudge)
    sizes = sorted({px, max(floor, int(px * LABEL_STEP))}, reverse=True)

    def fits(line: str, size: int, condense: float = CONDENSE) -> bool:
        return _set_width(st.font(role, size), line, size) <= room / condense

    def tall(n: int, size: int) -> bool:
        return n * st.font(role, size).get_linesize() <= height

    def unsqueezed(lines: list[str], size: int) -> bool:
        font = st.font(role, size)
        return all(font.size(line)[0] <= room for line in lines)

    # as set, on one line, then a step smaller; then broken at a space over two lines at the
    # full size: never squeezed where two lines hold it (playtest 10i: "tuile terrain"
    # condensed to fit a slot at 1280x720 read squeezed)
    for size in sizes:
        if unsqueezed([plain], size):
            return size, [plain]
    two = wrap(st, plain, role, px, room) if " " in plain else []
    if len(two) == 2 and unsqueezed(two, px) and tall(2, px):
        return px, two
    for size in sizes:
        if fits(plain, size):
            return size, [plain]
    for size in sizes:
        words = text.split()
        lines: list[str] = []
        for word in words:
            whole = word.replace(SOFT_HYPHEN, "")
            if lines and fits(lines[-1] + " " + whole, size):
                lines[-1] += " " + whole
            elif fits(whole, size):
                lines.append(whole)
            else:
                parts = word.split(SOFT_HYPHEN)
                pieces = [p + "-" for p in parts[:-1]] + [parts[-1]]
                if size == sizes[-1]:
                    # last, at the smallest size: a part still too wide broken at a syllable's
                    # edge as a card's name is (name_lines), not left out (sofa distance, Dutch)
                    pieces = [q for p in pieces for q in
                              ([p] if fits(p, size, CONDENSE_MOST) else
                               name_lines(st, p.removesuffix("-"), role, size, room, CONDENSE_MOST))]
                    pieces = [q + "-" if i < len(pieces) - 1 and not q.endswith("-") else q
                              for i, q in enumerate(pieces)]
                if not all(fits(p, size, CONDENSE_MOST) for p in pieces):
                    lines = []
                    break
                lines.extend(pieces)
        if lines and tall(len(lines), size):
            return size, lines
    return None


def _dashed(surf: pygame.Surface, col: pygame.Color, r: pygame.Rect, width: int, dash: int) -> None:
    for x0, y0, x1, y1 in ((r.left, r.top, r.right, r.top), (r.left, r.bottom, r.right, r.bottom),
                           (r.left, r.top, r.left, r.bottom), (r.right, r.top, r.right, r.bottom)):
        length = max(abs(x1 - x0), abs(y1 - y0))
        for k in range(0, length, dash * 2):
            e = min(length, k + dash)
            if x0 == x1:
                pygame.draw.line(surf, col, (x0, y0 + k), (x0, y0 + e), width)
            else:
                pygame.draw.line(surf, col, (x0 + k, y0), (x0 + e, y0), width)


def _greyed(surf: pygame.Surface, lay: Layout, r: pygame.Rect) -> None:
    """Not to be bought now: dimmed AND hatched (not told by colour alone)."""
    tmp = pygame.Surface(r.size, pygame.SRCALPHA)
    pygame.draw.rect(tmp, (30, 34, 40, 140), tmp.get_rect(), border_radius=max(2, r.width // 14))
    step = max(6, lay.px(9))
    for k in range(-r.height, r.width, step):
        pygame.draw.line(tmp, (20, 22, 26, 150), (k, r.height), (k + r.height, 0), max(1, lay.px(2)))
    surf.blit(tmp, r)


def draw_offer_overlay(surf: pygame.Surface, lay: Layout, st: Style, view: OverlayView,
                       slots: tuple[int, ...], pulse: float) -> None:
    """Hover and AI-choice highlights on offer cards."""
    rects = slot_rects(lay, slots)
    hot = view.hover_slot
    if hot is not None and hot[0] in rects:
        col = st.color("highlight_hover" if hot[1] else "highlight_illegal")
        pygame.draw.rect(surf, col, rects[hot[0]], lay.px(2), border_radius=lay.px(6))
    if view.ai_slot is not None and view.ai_slot in rects:
        c = pygame.Color(st.color("gold"))
        r = rects[view.ai_slot].inflate(lay.px(6), lay.px(6))
        alpha_rect(surf, (c.r, c.g, c.b, int(120 + 100 * pulse)), r, lay.px(8), lay.px(4))


def draw_reveal_overlay(surf: pygame.Surface, lay: Layout, st: Style, view: OverlayView,
                        pulse: float) -> None:
    """The bag and the deck glow when the ship majority lets this player reveal from them."""
    if not view.reveal_active:
        return
    legal = view.reveal_legal
    hot = ("reveal", view.hover_reveal[0]) if view.hover_reveal else None
    for src, rect in (("land", lay.bag_rect), ("card", lay.deck_rect)):
        if src in legal:
            c = pygame.Color(st.color("gold"))
            alpha_rect(surf, (c.r, c.g, c.b, int(140 + 110 * pulse)), rect.inflate(lay.px(4), lay.px(4)),
                       lay.px(8), lay.px(3))
        if hot == ("reveal", src):
            col = st.color("highlight_hover" if src in legal else "highlight_illegal")
            pygame.draw.rect(surf, col, rect, lay.px(2), border_radius=lay.px(6))
