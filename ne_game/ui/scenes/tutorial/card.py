"""The tutorial's lesson card: its words, its size, where it sits over the table (where it
covers least of what matters), and its buttons and progress dots. Drawing only: what a
press on a button does is the tutorial scene's (tutorial_scene.py).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

import pygame

from ne_game.i18n import _, data_text, fmt
from ne_game.tutorial import TutorialController
from ne_game.tutorial.controller import describe_expect
from ne_game.ui.look.widgets import draw_panel
from ne_game.ui.scenes.table.draw.gfx import alpha_rect, fit_text, wrap

if TYPE_CHECKING:  # pragma: no cover
    from ne_game.ui.scenes.table import TableScene
    from ne_game.ui.scenes.table.draw.layout import Layout

CARD_W = 318          # reference pixels at 1280x720 (the table's layout unit)
#: at sofa distance, the most of the room between the bid markers and the action bar a card
#: takes (a longer lesson is read a page at a time)
SOFA_CARD_SHARE = 0.62
MSG_LINES = 5         # lines kept free for a refusal, so the card keeps its size while a step waits

#: one line of the card's text: (text, font role, px, colour key); a spacer has no text and
#: no colour ("") and `px` is its height
CardRow = tuple[str, str, int, str]


class LessonCard:
    """The card of the lesson on show, over `table` (read through its public face)."""

    def __init__(self, ctl: TutorialController) -> None:
        self.ctl = ctl
        self.table: TableScene | None = None
        self.collapsed = False
        # at sofa distance a card whose words would cover what the step asks for shows only
        # its task ("brief") until the learner asks to read it all (full_for: that lesson step)
        self.brief = False
        self.full_for: tuple[int, str] | None = None
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.buttons: list[tuple[str, str, bool, pygame.Rect]] = []   # (id, label, enabled, rect)
        self.hover_button: str | None = None
        self.dots: list[tuple[int, pygame.Rect]] = []   # progress dots: click one to open that lesson
        self.mouse: tuple[int, int] = (-1, -1)
        self.highlights: list[pygame.Rect] = []           # what the lesson points at (kept clear)
        self._place_key: tuple[object, ...] | None = None
        # A lesson whose words are taller than the room between the bid-marker row and the
        # action bar (sofa distance in a small window) is read a page at a time: `pages` holds
        # the paragraphs of each page (None: every paragraph at once), `page` the one shown.
        self.pages: list[list[int]] | None = None
        self.page = 0

    @property
    def _table(self) -> TableScene:
        assert self.table is not None      # the scene hands the card its table before drawing
        return self.table

    @property
    def lay(self) -> Layout:
        return self._table.lay

    # sizes that follow the text (larger at sofa distance, layout.Layout.fs)
    def _head_h(self) -> int:
        return max(self.lay.px(16), self.lay.line(11))

    def _title_h(self) -> int:
        return max(self.lay.px(24), self.lay.line(21))

    def _button_h(self) -> int:
        return max(self.lay.px(30), self.lay.line(13) + self.lay.px(6))

    def _card_w(self) -> int:
        """The card's width: as wide as its words need to keep their lines (sofa distance)."""
        lay = self.lay
        return int(lay.px(CARD_W) * lay.fs(13) / lay.px(13))

    def replace(self) -> None:
        """Place the card again at the next draw (a new lesson stage, a new size)."""
        self._place_key = None

    def button_at(self, pos: tuple[int, int]) -> str | None:
        for bid, _label, enabled, r in self.buttons:
            if enabled and r.collidepoint(pos):
                return bid
        return None

    def dot_at(self, pos: tuple[int, int]) -> int | None:
        if self.collapsed:
            return None
        return next((k for k, hit in self.dots if hit.collidepoint(pos)), None)

    def _texts(self) -> tuple[str, list[str]]:
        ctl = self.ctl
        lesson = ctl.lesson
        if ctl.stage == "finished":
            paras = lesson.paragraphs(data_text(lesson.done)) if lesson.done.strip() else []
            return _("Tutorial complete"), paras + [_("You know the whole game now. Play a real one: "
                                                      "you against two computer players.")]
        if ctl.stage == "done":
            paras = lesson.paragraphs(data_text(lesson.done)) if lesson.done.strip() else [_("Done!")]
            if ctl.waiting_for_computers():
                paras.append(_("The computer players are taking their turns…"))
            return data_text(lesson.title), paras
        device = self._table.app.pads.last_device
        ctl.device = device                  # its refusals name the same input
        return data_text(lesson.title), lesson.paragraphs_for(device, data_text)

    def _card_buttons(self) -> list[tuple[str, str, bool]]:
        ctl = self.ctl
        if self.collapsed:
            return [("hide", _("Show"), True)]
        if ctl.stage == "finished":
            return [("play", _("Play a game"), True), ("leave", _("Title screen"), True)]
        last = ctl.index == ctl.count - 1
        # the key that goes on, for the device in use: N (or Enter), or A on a pad
        device = self._table.app.pads.last_device
        go_on = {"keyboard": _("Next ▸ (N)"), "pad": _("Next ▸ (A)")}.get(device, _("Next ▸"))
        more = [("more", _("Read the lesson"), True)] if self.brief else []
        if self.pages is not None and len(self.pages) > 1 and not self.brief:
            more.append(("page", fmt("More ({page} of {pages})", page=self.page + 1, pages=len(self.pages)), True))
        return [("next", _("Finish") if last else go_on, ctl.can_next()), *more, ("replay", _("Replay"), True),
                ("skip", _("Skip"), not last or ctl.stage == "doing"), ("hide", _("Hide"), True),
                ("leave", _("Leave"), True)]

    def _measure(self, w: int | None = None) -> tuple[int, str, list[CardRow]]:
        """The card's height for its content at width `w`, its title and its other lines."""
        st, lay = self._table.style, self.lay
        w = w or self.rect.w or self._card_w()
        inner = w - lay.px(28)
        pad = lay.px(14)
        title, paras = self._texts()
        if self.pages is not None and not self.brief:
            shown = self.pages[min(self.page, len(self.pages) - 1)]
            paras = [paras[i] for i in shown if i < len(paras)]
        rows: list[CardRow] = []
        h = pad + self._head_h() + self._title_h()    # "Lesson n of N" + title
        if not self.collapsed:
            for p in ([] if self.brief else paras):
                for line in wrap(st, p, "body", lay.fs(13), inner):
                    rows.append((line, "body", lay.fs(13), "text_on_dark"))
                rows.append(("", "body", lay.px(6), ""))
            # the message area: a refusal (or a success) when there is one, else what to do;
            # it always reserves MSG_LINES lines so the card neither grows nor jumps
            msg = self.ctl.message if self.ctl.stage != "finished" else ""
            block: list[CardRow] = []
            if msg:
                block = [(line, "bold", lay.fs(12), "msg")
                         for line in wrap(st, msg, "bold", lay.fs(12), inner - lay.px(12))]
            elif self.ctl.stage == "doing" and not self.ctl.lesson.is_reading:
                block = [(line, "bold", lay.fs(12), "title_text") for line in
                         wrap(st, "▸ " + describe_expect(self.ctl.lesson, self._table.app.pads.last_device),
                              "bold", lay.fs(12), inner)]
            # (a lesson that is only read never shows a refusal: no lines kept for one, so
            # its card covers no more of the table than its words need)
            if self.ctl.stage == "doing" and not self.ctl.lesson.is_reading:
                line_h = st.font("bold", lay.fs(12)).get_linesize()
                spare = MSG_LINES - len(block)
                rows += block
                if spare > 0:
                    rows.append(("", "body", spare * line_h, ""))
            else:
                rows += block
            rows.append(("", "body", lay.px(6), ""))
        for _text, role, size, _c in rows:
            h += st.font(role, max(size, 1)).get_linesize() if _text else size
        h += len(self._button_rows(w - 2 * pad)) * (self._button_h() + lay.px(8)) + pad
        return h, title, rows

    def _place(self) -> pygame.Rect:
        """Where the card covers least of what matters: a corner of the board or the lower left
        column (over the game log and rival panels), away from what the lesson points at,
        what glows and the rivals' panels."""
        ctl, lay = self.ctl, self.lay
        self.brief = False
        self.pages, self.page = None, 0
        best, covers = self._best_spot()
        if (lay.text_min and covers and ctl.stage == "doing" and not ctl.lesson.is_reading
                and self.full_for != (ctl.index, ctl.stage)):
            self.brief = True       # the task, in a card small enough to leave the targets free
            self.pages, self.page = None, 0
            best, _covers = self._best_spot()
        return best

    def room(self) -> pygame.Rect:
        """Where the card may stand: below the top bar (the bid-marker row), above the action
        bar, between the screen's left edge and the offer."""
        lay = self.lay
        m = lay.px(6)
        return pygame.Rect(0, lay.top_bar.bottom + m, lay.offer_rect.x - m,
                           lay.action_bar.y - lay.top_bar.bottom - 2 * m)

    def _paginate(self, w: int, most: int) -> None:
        """Split the lesson's paragraphs into pages, each as many as fit `most` pixels."""
        _title, paras = self._texts()
        pages: list[list[int]] = [[]]
        for k in range(len(paras)):
            # measured as shown: with the button that turns the page (a second, empty page)
            self.pages, self.page = [[*pages[-1], k], [len(paras)]], 0
            if pages[-1] and self._measure(w)[0] > most:
                pages.append([k])
            else:
                pages[-1].append(k)
        self.pages, self.page = pages, 0

    def next_page(self) -> None:
        """The next page of a lesson read a page at a time (round to the first)."""
        if self.pages:
            self.page = (self.page + 1) % len(self.pages)

    def _best_spot(self) -> tuple[pygame.Rect, bool]:
        """The spot that covers least, and whether it covers what the step points at."""
        t, lay = self._table, self.lay
        g, col = lay.grid_rect, lay.left_col
        m = lay.px(6)
        spots = []
        w = col.width
        h = self._measure(w)[0]
        # the left column below the players' panels (over the game log): never over a panel,
        # whose names, money and cards the lessons keep talking about
        below = max((p.bottom for p in lay.panels), default=col.y) + m
        if h <= col.bottom - below:
            spots.append(pygame.Rect(col.x, col.bottom - h, w, h))
        w = self._card_w()
        h = self._measure(w)[0]
        # long words at sofa distance: a wider card rather than one taller than the room
        # between the bid-marker row and the action bar (never over either), up to the width
        # of the board; still too tall, the lesson is read a page at a time
        # (at sofa distance the card keeps to SOFA_CARD_SHARE of that height, so most of the
        # board stays in sight: the lesson turns its pages instead)
        room = self.room()
        most = int(room.height * SOFA_CARD_SHARE) if lay.text_min else room.height
        while h > most and w < g.width - 2 * m and not lay.text_min:
            w = min(g.width - 2 * m, int(w * 1.15))
            h = self._measure(w)[0]
        if h > most and not self.brief:
            self._paginate(w, most)
            h = self._measure(w)[0]
        corners = [pygame.Rect(g.x + m, g.bottom - h - m, w, h), pygame.Rect(g.right - w - m, g.bottom - h - m, w, h),
                   pygame.Rect(g.x + m, g.y + m, w, h), pygame.Rect(g.right - w - m, g.y + m, w, h)]
        spots += corners
        # the painted map reaches past the grid (its sea and coast): each corner may also hang
        # over that margin, between the columns and above the action bar, to leave a corner
        # parcel in sight
        free = pygame.Rect(col.right + m, lay.top_bar.bottom + m, lay.offer_rect.x - col.right - 2 * m,
                           lay.action_bar.y - lay.top_bar.bottom - 2 * m)
        for spot in corners:
            out = spot.move(-lay.px(48) if spot.x == g.x + m else lay.px(48),
                            lay.px(48) if spot.bottom == g.bottom - m else -lay.px(48))
            if free.width >= w and free.height >= h:
                spots.append(out.clamp(free))
        keep = list(self.highlights)
        for _kind, cells in (t.targets or {}).items():
            keep += [lay.cell_rect(*c) for c in cells]
        keep.append(lay.panels[self.ctl.learner])           # your money and cards stay in view
        mine: list[pygame.Rect] = []
        others: list[pygame.Rect] = []
        for tile in t.position.tiles:
            rects = [lay.cell_rect(*c) for c in tile.cells]
            (mine if tile.owner == self.ctl.learner else others).extend(rects)
        rivals = [r for k, r in enumerate(lay.panels) if k != self.ctl.learner]

        def cost(r: pygame.Rect) -> float:
            total = 0.0
            # the rival panels are what the lessons keep pointing to (their money, cards,
            # bids): a free corner of the board covers less of what the lesson is about
            # (a brief card is there so that the step's targets stay in sight: they weigh most)
            for weight, rects in ((50 if self.brief else 4, keep), (1.5, mine), (0.5, others), (2.0, rivals)):
                for k in rects:
                    clip = r.clip(k)
                    total += weight * clip.w * clip.h
            return total
        # a spot over a player's panel only when every spot is (a window too small for any other)
        clear = [r for r in spots if not any(r.colliderect(p) for p in lay.panels)]
        best = min(clear or spots, key=cost)
        targets = keep[:-1]       # what the step points at (not the learner's own panel)
        return best, any(best.colliderect(k) for k in targets)

    def draw(self, surf: pygame.Surface) -> None:
        st, lay, ctl = self._table.style, self.lay, self.ctl
        # placed once per lesson stage: a card that moves while the learner aims is worse
        # than one that covers a corner (and "Hide" folds it away); and again when the device
        # changes, as its words (and so the card's height) do
        key = (ctl.index, ctl.stage, self.collapsed, lay.size, self._table.app.pads.last_device, self.full_for)
        if key != self._place_key:
            self.rect = self._place().clamp(pygame.Rect((0, 0), lay.size))
            if self.rect.h <= self.room().h:
                self.rect = self.rect.clamp(self.room())
            self._place_key = key
        h, title_text, lines = self._measure(self.rect.w)
        if self.rect.h != h:
            grow_up = self.rect.bottom >= min(lay.grid_rect.bottom, lay.left_col.bottom) - lay.px(8)
            bottom = self.rect.bottom
            self.rect.h = h
            if grow_up:
                self.rect.bottom = bottom
            if h <= self.room().h:
                self.rect = self.rect.clamp(self.room())
        r = self.rect
        pad = lay.px(14)
        # the shell's panel (lit face, wooden edge, gold inlay), edged in gold: the lesson speaks
        draw_panel(surf, r, st.theme, lay.u)
        pygame.draw.rect(surf, st.color("gold"), r, max(1, lay.px(2)), border_radius=lay.px(8))
        x, y = r.x + pad, r.y + pad - lay.px(2)
        head = (fmt("Lesson {number} of {count}", number=ctl.index + 1, count=ctl.count)
                if ctl.stage != "finished" else _("Well done"))
        dx = lay.px(7)
        x0 = r.right - pad - dx * ctl.count          # progress dots, one per lesson, at the right
        done_head = fmt("{lesson}  ·  ✓ done", lesson=head)
        if ctl.stage == "done" and st.font("bold", lay.fs(11)).size(done_head)[0] < x0 - x - lay.px(6):
            head = done_head
        img = fit_text(st, head, "bold", lay.fs(11), st.color("text_dim_on_dark"), x0 - x - lay.px(6))
        surf.blit(img, (x, y))
        dots_y = y + img.get_height() // 2
        self.dots = []
        for k in range(ctl.count):
            done = k < ctl.index or (k == ctl.index and ctl.stage in ("done", "finished"))
            col = st.color("gold") if done else (st.color("text_on_dark") if k == ctl.index else st.color("button_disabled"))
            center = (x0 + k * dx + dx // 2, dots_y)
            pygame.draw.circle(surf, col, center, max(2, lay.px(2.4)))
            hit = pygame.Rect(0, 0, dx, lay.px(16))
            hit.center = center
            self.dots.append((k, hit))                 # a click on a dot opens that lesson
            if hit.collidepoint(self.mouse):
                pygame.draw.circle(surf, st.color("title_text"), center, max(3, lay.px(4.5)), max(1, lay.px(1.2)))
        y += self._head_h()
        title = fit_text(st, title_text, "title", lay.fs(21), st.color("title_text"), r.w - 2 * pad)
        surf.blit(title, (x, y))
        y += self._title_h()
        msg_rows = [row for row in lines if row[3] == "msg"]
        for text, role, size, ckey in lines:
            if not text:
                y += size
                continue
            font_h = st.font(role, size).get_linesize()
            if ckey == "msg":
                if row_is_first(msg_rows, text):
                    box = pygame.Rect(x - lay.px(4), y - lay.px(2), r.w - 2 * pad + lay.px(8),
                                      font_h * len(msg_rows) + lay.px(4))
                    colour = st.color("success") if ctl.message_kind == "ok" else st.color("accent")
                    alpha_rect(surf, (*pygame.Color(colour)[:3], 200), box, lay.px(6))
                surf.blit(st.text(text, role, size, st.color("text_inverse")), (x + lay.px(2), y))
            else:
                surf.blit(st.text(text, role, size, st.color(ckey)), (x, y))
            y += font_h
        # buttons
        self.buttons = []
        bh = self._button_h()
        gap = lay.px(6)
        font_px = lay.fs(13)
        rows = self._button_rows(r.w - 2 * pad)
        placed = []
        for k, row in enumerate(rows):
            by = r.bottom - pad - bh - (len(rows) - 1 - k) * (bh + lay.px(8))
            total = sum(bw for _s, bw in row) + gap * (len(row) - 1)
            scale = min(1.0, (r.w - 2 * pad) / max(1, total))
            bx = x
            for spec, bw in row:
                bw = int(bw * scale)
                placed.append((spec, pygame.Rect(bx, by, bw, bh)))
                bx += bw + gap
        for (bid, label, enabled), br in placed:
            bw = br.w
            primary = bid in ("next", "play") and enabled
            if not enabled:
                bg, fg = st.color("button_disabled"), st.color("button_text_disabled")
            elif primary:
                bg, fg = st.color("gold"), st.color("text")
            elif bid == self.hover_button:
                bg, fg = st.color("button_hover"), st.color("button_text")
            else:
                bg, fg = st.color("button"), st.color("button_text")
            pygame.draw.rect(surf, bg, br, border_radius=lay.px(6))
            pygame.draw.rect(surf, st.color("text_dim_on_dark"), br, 1, border_radius=lay.px(6))  # edges in any theme
            if bid == self.hover_button and enabled:
                pygame.draw.rect(surf, st.color("title_text"), br, max(1, lay.px(2)), border_radius=lay.px(6))
            t = fit_text(st, label, "bold", font_px, fg, bw - lay.px(6))
            surf.blit(t, t.get_rect(center=br.center))
            self.buttons.append((bid, label, enabled, br))

    def _button_rows(self, inner: int) -> list[list[tuple[tuple[str, str, bool], int]]]:
        """The card's buttons in rows: one row while their words fit, else two (Dutch and
        French words are longer), so no label is squeezed below a readable size."""
        st, lay = self._table.style, self.lay
        gap = lay.px(6)
        specs = self._card_buttons()
        sized = [(s, st.font("bold", lay.fs(13)).size(s[1])[0] + lay.px(16)) for s in specs]
        rows: list[list[tuple[tuple[str, str, bool], int]]] = [[]]
        used = 0
        for item in sized:
            need = item[1] + (gap if rows[-1] else 0)
            if rows[-1] and used + need > inner:
                rows.append([])
                used, need = 0, item[1]
            rows[-1].append(item)
            used += need
        return rows



def row_is_first(rows: list[CardRow], text: str) -> bool:
    return bool(rows) and rows[0][0] == text
