"""Pure geometry of the table, computed from the window size alone.

No drawing, no game state: given a window size (and the board's shape and the
number of players) this says where everything goes. The scene re-creates it on
every resize, which is how the table scales from 1280x720 to 3840x2160 without
ever scaling a finished surface.

Screen regions (16:9 reference):

    +-----------------------------------------------------------------+
    | title / round      |        bid track (1..10)       |  status   |
    +--------------------+--------------------------------+-----------+
    | player panels      |  sea (north)                   |  bag deck |
    |  (one per seat)    |  board 11 x 9          sea     |  offer    |
    |                    |                        (east)  |  slots    |
    | game log           |  prompt  ...  buttons          |  0..8(+)  |
    +-----------------------------------------------------------------+

UI scale (settings, 100-200 %): `u` = the window's own scale x the UI scale in use.
A larger scale never shrinks the board: above 100 % the land grid keeps at least its
100 % cell, the sea band is narrower, margins and bars keep their 100 % height (the
action bar grows only to what its prompt needs), and the side columns grow into the
width the board does not use. The scale in use (`Layout.scale`) is the setting or, where
the window has no room for it, the largest scale at which that still holds and the
panels, a log of a few lines and nine offer rows fit. In 16:9 windows that is about
1.23 (so 125 % to 200 % look alike there); wider or taller windows allow more. At 100 %
the layout is exactly the one from before the setting existed.

Sofa distance (Settings → Sofa distance) sets a floor under the table's text instead of
a larger scale: every text is at least `SOFA_TEXT` of the window's height (2.5 %: 18 px at
720p, 27 px at 1080p), read from three metres. The parts around the board grow only as
much as their words need (a taller action bar, a compact panel header, a log of a few
lines); the board gives up the rest.
"""
from __future__ import annotations

from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass, field

import pygame

REF_W, REF_H = 1280, 720
SOFA_TEXT = 0.025      # the smallest text at sofa distance, as a share of the window's height


@dataclass
class Layout:
    size: tuple[int, int]
    u: float                       # pixels per reference pixel (1.0 at 1280x720)
    cols: int
    rows: int
    top_bar: pygame.Rect
    title_rect: pygame.Rect
    status_rect: pygame.Rect
    bid_track: pygame.Rect
    bid_slots: list[pygame.Rect]
    left_col: pygame.Rect
    panels: list[pygame.Rect]
    log_rect: pygame.Rect
    board_area: pygame.Rect
    board_rect: pygame.Rect        # the land grid plus its sea band
    grid_rect: pygame.Rect         # the land grid only
    cell: int
    sea_north: int
    sea_east: int
    offer_rect: pygame.Rect
    bag_rect: pygame.Rect
    deck_rect: pygame.Rect
    offer_slots_rect: pygame.Rect
    action_bar: pygame.Rect
    prompt_rect: pygame.Rect
    map_rect: pygame.Rect          # the painted map: the board's sea and land, under the columns
    missing: set[tuple[int, int]] = field(default_factory=set)
    scale: float = 1.0             # the UI scale in use (<= the requested one: must fit)
    requested: float = 1.0         # the player's setting, 1.0 .. 2.0
    fits: bool = True              # everything at its minimum size or more
    text_min: int = 0              # the smallest text in pixels (sofa distance), 0: none
    #: the band's captions either side of the markers: what they are ("Bid markers") on the
    #: left, what their number means ("shillings per item") on the right (issue 35: the ten
    #: discs read as rounds 1..10)
    bid_caption: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))
    bid_note: pygame.Rect = field(default_factory=lambda: pygame.Rect(0, 0, 0, 0))

    @property
    def base(self) -> float:
        """Pixels per reference pixel for the window alone (UI scale 100 %)."""
        return self.u / self.scale

    # ---- sizes ---------------------------------------------------------------
    def px(self, ref: float) -> int:
        """A reference-pixel size (at 1280x720) in this window's pixels."""
        return max(1, int(round(ref * self.u)))

    def fs(self, ref: float) -> int:
        """A text size: `px(ref)`, and at sofa distance at least the sofa's floor."""
        return max(self.px(ref), self.text_min)

    def line(self, ref: float) -> int:
        """About the height of a line of text of size `fs(ref)`."""
        return line_height(self.fs(ref))

    # ---- board ---------------------------------------------------------------
    def cell_rect(self, x: int, y: int) -> pygame.Rect:
        return pygame.Rect(self.grid_rect.x + x * self.cell, self.grid_rect.y + y * self.cell,
                           self.cell, self.cell)

    def cell_center(self, x: int, y: int) -> tuple[int, int]:
        return self.cell_rect(x, y).center

    def cells_rect(self, cells: Iterable[Sequence[int]]) -> pygame.Rect:
        rects = [self.cell_rect(c[0], c[1]) for c in cells]
        return rects[0].unionall(rects[1:]) if rects else pygame.Rect(0, 0, 0, 0)

    def on_map(self, cell: tuple[int, int]) -> bool:
        """Whether a parcel is part of the map (not beyond its edge, nor the sea's corner)."""
        x, y = cell
        return 0 <= x < self.cols and 0 <= y < self.rows and (x, y) not in self.missing

    def cell_at(self, pos: tuple[int, int]) -> tuple[int, int] | None:
        if not self.grid_rect.collidepoint(pos):
            return None
        x = (pos[0] - self.grid_rect.x) // self.cell
        y = (pos[1] - self.grid_rect.y) // self.cell
        if not (0 <= x < self.cols and 0 <= y < self.rows) or (x, y) in self.missing:
            return None
        return int(x), int(y)

    # ---- offer ---------------------------------------------------------------
    def offer_slot_rects(self, n_slots: int) -> list[pygame.Rect]:
        """Rows for slots 0..n-1; at least 9 rows so the column does not jump."""
        n = max(9, n_slots)
        r = self.offer_slots_rect
        gap = self.px(4)
        h = min((r.height - gap * (n - 1)) // n, self.px(74))
        return [pygame.Rect(r.x, r.y + i * (h + gap), r.width, h) for i in range(n_slots)]

    # ---- action bar ----------------------------------------------------------
    def action_buttons(self, widths: list[int]) -> list[pygame.Rect]:
        """Buttons right-aligned at the foot of the action bar, in the given order."""
        gap = self.px(8)
        # at sofa distance the buttons fill their row (a quarter taller: a target for a thumb
        # on a pad's pointer or a touch screen, read from the sofa), the bar keeps its height
        pad = self.px(4) if self.text_min else self.px(10)
        h = min(self.action_bar.height, self.px(66)) - 2 * pad
        y = self.action_bar.bottom - pad - h
        x = self.action_bar.right - self.px(6)
        rects: list[pygame.Rect] = []
        for w in reversed(widths):
            x -= w
            rects.append(pygame.Rect(x, y, w, h))
            x -= gap
        rects.reverse()
        return rects


# Reference sizes (pixels at 1280x720, 100 %) that the fit test below relies on.
PANEL_COMFORT = 104     # a panel with a two-line header, cards row and figures row
PANEL_MIN = 84          # the compact panel (name only in the header) at larger scales
LOG_MIN = 78            # the log's heading and three lines or so
OFFER_ROW_MIN = 34      # an offer row: title and subtitle lines
MIN_CELL = 28           # board cells below this are too small to point at
CAPTION_W = 74          # the room beside the bid markers for their caption ("Bid markers")
CAPTION_GIVES = 0.7     # the markers' size kept at least, to make room for the left caption
MID_MIN = 400           # the middle column: ten bid markers, the prompt and its buttons
SEA_FRAC = 0.3          # the sea band along the grid's east coast, in cells
NORTH_FRAC = 0.25       # the sea band along the north coast (the column letters), in cells
LABEL_FRAC = 0.3        # the strip of land on the west for the row numbers, in cells
SOFA_WIDE = 34          # a sofa bar this many text heights wide says its prompt in four lines


def line_height(text_px: int) -> int:
    """About the height of a line of text `text_px` high (fonts' line size is ~1.2 em)."""
    return int(text_px * 1.2) + 1


def sofa_text(height: int) -> int:
    """The text floor in pixels at sofa distance for a window `height` pixels high."""
    return int(round(height * SOFA_TEXT))


def compute(size: tuple[int, int], players: int = 4, cols: int = 11, rows: int = 9,
            missing: Collection[tuple[int, int]] | None = None, ui_scale: float = 1.0,
            sofa: bool = False, screen_h: int | None = None, buttons: bool = True) -> Layout:
    """The layout for a window of `size` pixels.

    `ui_scale` (the player's 100-200 % setting) enlarges text, panels and buttons; the
    board keeps what is left. The window may be too small for the whole request: four
    panels and nine offer rows must stack in its height and the board must stay
    playable, so the scale actually used (`Layout.scale`) is the largest one, up to the
    request, at which everything fits. At 100 % the table is exactly as it always was.
    `sofa`: the text has a floor (`sofa_text` of the screen's height, `screen_h` when the table
    has only part of the screen), and the parts with words make room for it; `buttons=False`:
    the action bar only says something (the replay's), it needs no row of buttons."""
    w, h = max(640, int(size[0])), max(360, int(size[1]))
    want = min(2.0, max(1.0, float(ui_scale)))
    if sofa:
        # the floor carries the text: the rest keeps the 100 % sizes (a larger scale
        # would take the room the bigger words need)
        return _build(w, h, players, cols, rows, missing, 1.0, want, sofa_text(screen_h or h), buttons)
    if want <= 1.0:
        return _build(w, h, players, cols, rows, missing, 1.0, want)
    # The largest scale that fits this window (the fit is monotone in the scale), found
    # once for the whole range so that a larger setting never gives a smaller table.
    lo, hi = 1.0, 2.0
    if _build(w, h, players, cols, rows, missing, hi, want).fits:
        lo = hi
    else:
        for _ in range(12):
            mid = (lo + hi) / 2
            if _build(w, h, players, cols, rows, missing, mid, want).fits:
                lo = mid
            else:
                hi = mid
    return _build(w, h, players, cols, rows, missing, min(want, lo), want)


def _build(w: int, h: int, players: int, cols: int, rows: int, missing: Collection[tuple[int, int]] | None,
           scale: float, want: float, text_min: int = 0, buttons: bool = True) -> Layout:
    base = min(w / REF_W, h / REF_H)
    u = base * scale
    fits = True
    # The grid keeps a band of sea along its north and east coasts (the north one carries
    # the column letters) and a strip of land on the west for the row numbers; the rest of
    # the map lies under the panels, the offer and the action bar.
    hf, vf = cols + SEA_FRAC + LABEL_FRAC, rows + NORTH_FRAC
    # A larger scale never shrinks the board: its cell stays at least the 100 % one, and
    # the scale in use is the largest at which the enlarged columns still leave it that.
    cell0 = _build(w, h, players, cols, rows, missing, 1.0, 1.0).cell if scale > 1.0 else 0

    def px(v: float) -> int:
        return max(1, int(round(v * u)))

    def bpx(v: float) -> int:   # a bar's size: the height it takes is the board's
        return max(1, int(round(v * base)))

    m = max(1, int(round(10 * base)))       # margins do not grow with the UI scale
    top_h = bpx(60)
    top_bar = pygame.Rect(0, 0, w, top_h)
    # Left column scales with the window's width so wide screens get wider panels.
    left_w = max(px(280), int(w * 0.215))
    right_w = max(px(196), int(w * 0.15))
    if text_min:     # at sofa distance the columns are as wide as their larger words need
        left_w, right_w = max(left_w, 14 * text_min), max(right_w, 13 * text_min)
    if scale > 1.0:
        board_w = int(cell0 * hf) + 1
        if left_w + right_w > w - 4 * m - board_w:
            fits = False              # the side columns would take the width of the board
    sofa_bar = 0
    # at sofa distance the board's band and its gaps are the margins (it needs the height)
    gap_top, gap_bar = (0, max(2, m // 3)) if text_min else (m, m)
    bottom_m = max(2, m // 3) if text_min else m
    if text_min:
        line = line_height(text_min)
        # The offer and the panels share the width the board leaves, as they always have
        # (the offer's column keeps at least that width: its items are cards now).
        old_bar = 5 * line + px(66) + px(4) if buttons else 3 * line + px(16)
        cell_old = (h - top_h - 3 * m - old_bar) / (rows + 1.04)
        spare = (w - 4 * m - left_w - right_w) - int(cell_old * (cols + 1.04)) - 2
        if spare > 0:
            left_w += int(spare * 0.45)
            right_w += int(spare * 0.55) - 1
        # The instruction and its keys or details, across the bar above the buttons' row:
        # five lines in a bar narrower than SOFA_WIDE texts' heights, four in a wider one.
        left_floor = max(px(280), 14 * text_min)
        for lines in (4, 5):
            sofa_bar = lines * line + px(66) + px(4) if buttons else (lines - 2) * line + px(16)
            cell_h = (h - top_h - gap_top - gap_bar - bottom_m - sofa_bar) / vf
            need = int(cell_h * hf) + 2
            lw = max(left_floor, min(left_w, w - 4 * m - right_w - need))
            if w - 4 * m - right_w - lw >= SOFA_WIDE * text_min or lines == 5:
                left_w = lw
                break
    left_col = pygame.Rect(m, top_h + m, left_w, h - top_h - 2 * m)
    offer_rect = pygame.Rect(w - m - right_w, top_h + m, right_w, h - top_h - 2 * m)

    title_rect = pygame.Rect(m, 0, left_w, top_h)
    status_rect = pygame.Rect(offer_rect.x, 0, right_w, top_h)

    action_h = bpx(66)
    mid_w = offer_rect.x - left_col.right - 2 * m
    if mid_w < px(MID_MIN):
        fits = False
    if scale > 1.0:
        # The action bar has the height the board (at its 100 % cell or more) leaves, up
        # to what its prompt and buttons use: never a tall, mostly empty bar.
        want_h = px(70)
        by_h = int((h - top_h - 3 * m - want_h) / vf)
        cell_now = max(cell0, min(int(mid_w / hf), by_h))
        room = h - top_h - 3 * m - int(cell_now * vf) - 1
        action_h = min(room, want_h)
        if action_h < bpx(66):
            fits = False
    action_h = max(action_h, sofa_bar)
    board_area = pygame.Rect(left_col.right + m, top_h + gap_top, mid_w,
                             h - top_h - gap_top - action_h - gap_bar - bottom_m)
    action_bar = pygame.Rect(board_area.x, board_area.bottom + gap_bar, board_area.width, action_h)
    prompt_rect = action_bar.inflate(-px(16), -px(8))

    def widen_offer(give: int) -> tuple[pygame.Rect, pygame.Rect]:
        """The offer's column takes `give` pixels of the board's (the action bar follows the
        board's column): the status and prompt rects that go with the new widths."""
        offer_rect.x -= give
        offer_rect.width += give
        board_area.width -= give
        action_bar.width -= give
        return pygame.Rect(offer_rect.x, 0, offer_rect.width, top_h), action_bar.inflate(-px(16), -px(8))

    if not text_min and scale <= 1.0 and h * REF_W > w * REF_H:
        # A window taller than 16:9 (1280x800, the Steam Deck) holds the board by its width,
        # which left the offer its narrowest column (60 px cards where 720p has 78): the offer
        # keeps the width it has in the 16:9 window as wide, so its cards are never smaller
        # there, and the board gives up that width (issue 35).
        wide = _build(w, w * REF_H // REF_W, players, cols, rows, missing, 1.0, want, buttons=buttons)
        give = min(wide.offer_rect.width - offer_rect.width, board_area.width - px(MID_MIN))
        if give > 0:
            status_rect, prompt_rect = widen_offer(give)
    # Board: cols x rows square cells, a band of sea along the north and east coasts (the
    # column letters on the water) and a strip of land on the west (the row numbers).
    cell = int(min(board_area.width / hf, board_area.height / vf))
    if cell < MIN_CELL or cell < cell0:
        fits = False
    cell = max(4, cell)
    sea_n = int(cell * NORTH_FRAC)
    sea_e = int(cell * SEA_FRAC)
    lab = int(cell * LABEL_FRAC)
    bw = cols * cell + sea_e + lab
    bh = rows * cell + sea_n
    if not text_min and scale <= 1.0 and board_area.width - bw > 2 * m:
        # A board held by the height leaves sea beside it: the offer's column takes that
        # width (its cards grow: at 720p a card's pattern and VP read without hovering),
        # the board keeps its cell and the bars follow the board's column.
        status_rect, prompt_rect = widen_offer(board_area.width - bw - m)
    if text_min and board_area.height - bh > 2:
        # a narrow window (4:3) leaves height the board cannot use: the prompt takes it
        grow = board_area.height - bh - 2
        board_area.height -= grow
        action_bar.y -= grow
        action_bar.height += grow
        prompt_rect = action_bar.inflate(-px(16), -px(8))
    board_rect = pygame.Rect(0, 0, bw, bh)
    board_rect.center = board_area.center
    grid_rect = pygame.Rect(board_rect.x + lab, board_rect.y + sea_n, cols * cell, rows * cell)
    # The painted map: everything under the top bar; the columns and bars lie over its margins.
    map_rect = pygame.Rect(0, top_h, w, h - top_h)

    # Bid track: ten markers over the board's width.
    bid_track = pygame.Rect(board_area.x, bpx(6), board_area.width, top_h - bpx(12))
    n_bids = 10
    gap = px(6)
    # the markers stay centred and leave each side room for a caption (CAPTION_W at least:
    # two short lines at the text floor), a little smaller for it where the band is narrow;
    # never much smaller (a narrow sofa window, 4:3, keeps its markers and has no captions)
    # The price note on the right only where it costs the markers nothing (at sofa distance
    # both captions shrank the discs by a quarter): the caption on the left says what they are,
    # and the markers' own words say the price.
    cap_w = max(px(CAPTION_W), int(text_min * 5.5))
    whole = min(bid_track.height, (bid_track.width - gap * (n_bids - 1)) // n_bids)

    def fitting(captions: int) -> int:
        return min(bid_track.height, (bid_track.width - captions * (cap_w + gap) - gap * (n_bids - 1)) // n_bids)
    captions = 2 if fitting(2) >= whole else 1 if fitting(1) >= whole * CAPTION_GIVES else 0
    side = fitting(captions) if captions else whole
    total = n_bids * side + (n_bids - 1) * gap
    # centred in the band, or in what the one caption leaves of it
    left = bid_track.x + (cap_w + gap if captions == 1 else 0)
    x0 = (left + bid_track.right) // 2 - total // 2
    bid_slots = [pygame.Rect(x0 + i * (side + gap), bid_track.centery - side // 2, side, side)
                 for i in range(n_bids)]
    bid_caption = pygame.Rect(bid_track.x, bid_track.y, max(0, x0 - gap - bid_track.x) if captions else 0,
                              bid_track.height)
    bid_note = pygame.Rect(x0 + total + gap, bid_track.y,
                           max(0, bid_track.right - x0 - total - gap) if captions == 2 else 0, bid_track.height)

    # Left column: panels on top, the game log below. The log is the flexible part: it
    # gives up height (down to a few lines) before the panels go below their comfort.
    pgap = px(8)
    log_h = max(px(150), int(left_col.height * 0.26))
    spare = left_col.height - m - pgap * (players - 1) - players * px(PANEL_COMFORT)
    log_h = max(min(log_h, spare), px(LOG_MIN))
    if text_min:     # the heading and four lines at the sofa's size
        log_h = max(log_h, 5 * line_height(text_min) + px(16))
    log_rect = pygame.Rect(left_col.x, left_col.bottom - log_h, left_col.width, log_h)
    panels_h = left_col.height - log_h - m
    ph = (panels_h - pgap * (players - 1)) // players
    if ph < px(PANEL_MIN):
        fits = False
    panels = [pygame.Rect(left_col.x, left_col.y + i * (ph + pgap), left_col.width, ph)
              for i in range(players)]

    # Offer column: bag and deck on top (items fly from there), slots below.
    head_h = px(64) if scale <= 1.0 else px(52)
    heading_h = max(px(26), int(text_min * 1.3))
    half = (offer_rect.width - px(8)) // 2
    bag_rect = pygame.Rect(offer_rect.x, offer_rect.y, half, head_h)
    deck_rect = pygame.Rect(offer_rect.right - half, offer_rect.y, half, head_h)
    slots_rect = pygame.Rect(offer_rect.x, offer_rect.y + head_h + heading_h, offer_rect.width,
                             offer_rect.height - head_h - heading_h)
    if (slots_rect.height - px(4) * 8) // 9 < px(OFFER_ROW_MIN):
        fits = False

    lay = Layout(size=(w, h), u=u, cols=cols, rows=rows, top_bar=top_bar,
                 title_rect=title_rect, status_rect=status_rect, bid_track=bid_track,
                 bid_slots=bid_slots, left_col=left_col, panels=panels, log_rect=log_rect,
                 board_area=board_area, board_rect=board_rect, grid_rect=grid_rect, cell=cell,
                 sea_north=sea_n, sea_east=sea_e, offer_rect=offer_rect, bag_rect=bag_rect,
                 deck_rect=deck_rect, offer_slots_rect=slots_rect, action_bar=action_bar,
                 prompt_rect=prompt_rect, map_rect=map_rect, missing=set(missing or ()))
    lay.scale, lay.requested, lay.fits, lay.text_min = scale, want, fits, text_min
    lay.bid_caption, lay.bid_note = bid_caption, bid_note
    return lay
