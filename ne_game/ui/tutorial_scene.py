"""The tutorial on screen: a lesson card and highlights over the real table.

    app.reset_to(...); TutorialScene.start(app, resume=True)

The stack is [TableScene, TutorialScene]: the tutorial is an overlay that lets events
through to the table, so the learner plays on the real table with the real mouse and
keys. Three narrow hooks, none inside the table's code:
- the session (`TutorialSession`) asks the controller before applying a learner's action,
  so only the taught action goes through; a refusal is an IllegalAction the table shows;
- the table gets a runner that lets computer seats play only when the step allows;
- a click the table would ignore (an illegal target) is explained here, in the engine's
  words, by asking the table's own read-only helpers what that click means.
Only the top scene is updated by the app, so this scene updates the table below it.
"""
from __future__ import annotations

import logging
import math
from typing import Any

import pygame

from ne_game.i18n import _, data_text, fmt
from ne_game.tutorial import TutorialController
from ne_game.tutorial.controller import describe_expect
from ne_game.ui.scene import Scene
from ne_game.ui.table import TableScene
from ne_game.ui.table.gfx import alpha_rect, fit_text, wrap
from ne_game.ui.table.offer_view import slot_rects

CARD_W = 318          # reference pixels at 1280x720 (the table's layout unit)
MSG_LINES = 5         # lines kept free for a refusal, so the card keeps its size while a step waits

log = logging.getLogger(__name__)


class TutorialRunner:
    """The table's computer-player runner, holding computer moves until the step allows them."""

    def __init__(self, inner: Any, controller: TutorialController) -> None:
        self.inner = inner
        self.ctl = controller
        self.session = None

    def request(self, session: Any) -> bool:
        self.session = session
        if self.ctl.computers_may_play():
            return bool(self.inner.request(session))
        return True

    def poll(self) -> dict | None:
        if self.session is None or not self.ctl.computers_may_play():
            return None
        scripted = self.ctl.scripted_move()   # a lesson may say exactly what the computers do
        if scripted is not None or self.ctl.script or isinstance(self.ctl.lesson.then, list):
            return scripted
        self.inner.request(self.session)     # idempotent for one position
        return self.inner.poll()

    def cancel(self) -> None:
        self.inner.cancel()


class TutorialScene(Scene):
    """The lesson card over the table; remounts the table when a lesson brings a new position."""

    is_overlay = True
    pass_through_events = True

    @classmethod
    def start(cls, app: Any, resume: bool = True,
              controller: TutorialController | None = None) -> TutorialScene | None:
        """Show the tutorial (from the saved lesson when `resume`), replacing whatever is shown."""
        from ne_game.rules.errors import DataError

        try:
            ctl = controller or TutorialController()
            session = ctl.resume() if resume else ctl.restart()
        except (DataError, ValueError) as err:   # a broken lesson file: say which, never crash
            log.warning("the tutorial cannot start: %s", err)
            app.show_error(_("The tutorial cannot start"),
                           fmt("The tutorial's files cannot be read: {problem}", problem=err))
            return None
        scene = cls(app, ctl)
        app.reset_to(scene.make_table(session))
        app.push(scene)
        ctl.listeners.append(scene._lesson_changed)
        return scene

    def __init__(self, app: Any, controller: TutorialController) -> None:
        super().__init__(app)
        self.ctl = controller
        self.table: TableScene | None = None
        self.clock = 0.0
        self.collapsed = False
        self.card = pygame.Rect(0, 0, 0, 0)
        self.buttons: list[tuple[str, str, bool, pygame.Rect]] = []   # (id, label, enabled, rect)
        self.hover_button: str | None = None
        self.dots: list[tuple[int, pygame.Rect]] = []   # progress dots: click one to open that lesson
        self.mouse: tuple[int, int] = (-1, -1)
        self._place_key: tuple | None = None
        self._remounting = False

    # ------------------------------------------------------------ the table below
    @property
    def _table(self) -> TableScene:
        """The table under the card: built by make_table, before any event or draw reaches here."""
        assert self.table is not None
        return self.table

    def make_table(self, session: Any) -> TableScene:
        runner = TutorialRunner(self.app.ai_runner, self.ctl)
        self.table = TableScene(self.app, session, runner=runner)
        return self.table

    def _lesson_changed(self, ctl: TutorialController) -> None:
        """A new lesson began: a new position gets a new table; a continued one keeps it."""
        self.collapsed = False
        self._place_key = None
        if self.table is not None and self.table.session is ctl.session:
            self.table.reload()               # the same game goes on: re-read it
            return
        if self.app.top is not self:
            return
        self._remounting = True
        try:
            self.app.pop()                    # this overlay
            self.app.replace(self.make_table(ctl.session))
            self.app.push(self)
        finally:
            self._remounting = False

    def on_exit(self) -> None:
        if not self._remounting:
            if self._lesson_changed in self.ctl.listeners:
                self.ctl.listeners.remove(self._lesson_changed)
        super().on_exit()

    @property
    def lay(self):
        return self.table.lay

    # ------------------------------------------------------------ commands
    def command(self, what: str) -> None:
        ctl = self.ctl
        if what == "next" and ctl.can_next():
            if ctl.next() is None:
                self._place_key = None
        elif what == "replay":
            ctl.replay()
        elif what == "skip":
            ctl.skip()
        elif what == "hide":
            self.collapsed = not self.collapsed
            self._place_key = None
        elif what == "leave":
            self.app.go("title")   # progress is saved at every lesson start
        elif what == "play":
            self._play_real_game()

    def _play_real_game(self) -> None:
        from ne_game.session import GameSession, Seat
        from ne_game.ui import flow

        fams = [s.family for s in self.ctl.seats(3)]
        names = [s.get("name") for s in getattr(self.app.settings, "last_seats", []) if isinstance(s, dict)]
        me = names[0] if names and names[0] else "Winslow"
        seats = [Seat(me, fams[0], "human"), Seat("Patience", fams[1], "easy"),
                 Seat("Hopestill", fams[2], "easy")]
        flow.start_session(self.app, GameSession.new(seats))

    # ------------------------------------------------------------ events
    def process_event(self, event: pygame.event.Event) -> bool:
        if self.table is None:
            return False
        et = event.type
        if et == pygame.MOUSEMOTION:
            self.hover_button = self._button_at(event.pos)
            self.mouse = event.pos
            if self.card.collidepoint(event.pos) and self.table.drag is None:   # a drag goes on below
                self.table.point((-1, -1))   # no table tooltips under the card
                return True
            return False
        if et in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEWHEEL):
            pos = getattr(event, "pos", None) or pygame.mouse.get_pos()
            if self.card.collidepoint(pos) and self.table.drag is None:
                if et == pygame.MOUSEBUTTONDOWN and event.button == 1:
                    b = self._button_at(pos)
                    if b is not None:
                        self.command(b)
                    else:
                        for k, hit in self.dots:
                            if hit.collidepoint(pos) and not self.collapsed:
                                self.ctl.begin(k)     # a "previous" lesson rebuilds its position
                                break
                return True
            if et == pygame.MOUSEBUTTONDOWN and event.button == 1:
                return self._explain_click(pos)
            return False
        if et == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                t = self.table
                if t.inter is not None and (t.inter.sel is not None or t.drag):
                    return False                  # the table puts the pick back
                self.app.push("pause", session=None)   # no "save game": progress saves itself
                return True
            # N, or Enter (A on a pad) once the step is done or only to be read: the next lesson
            if (event.key == pygame.K_n or event.key in (pygame.K_RETURN, pygame.K_KP_ENTER)) \
                    and self.ctl.can_next():
                self.command("next")
                return True
        return False

    def _explain_click(self, pos: tuple[int, int]) -> bool:
        """A click the table would ignore or that is not the taught one: say why. True = consumed."""
        t, ctl = self._table, self.ctl
        if not (t.human_turn and t.inter is not None) or ctl.stage == "finished":
            return False
        hit = t.hit_at(pos)
        if hit is None:
            return False
        kind, what = hit
        inter = t.inter
        phase = t.position.phase
        reason = ""
        ok = False            # a click the table takes as a step forward
        if kind == "cell":
            pv = inter.preview(what) if (inter.sel is not None or phase == "start_tiles") else None
            if pv is not None and pv.action is None and pv.reason:
                reason = pv.reason
            ok = (pv is not None and pv.action is not None) or (inter.sel is None and any(
                inter.tkey(what) == inter.tkey(c) for c in inter.movable_figures() + inter.stored_barns()))
        elif kind == "bid":
            ok = what in t.legal_bids
            reason = "" if ok else inter.reason({"type": "take_bid", "value": what})
        elif kind == "slot":
            expect = ctl.lesson.expect
            if what not in t.selectable_slots:
                reason = inter.slot_reason(what) if inter.pos.offer_item(what) is not None else ""
            elif ctl.stage == "done":
                ctl._refuse("refused", _("Well done — that step is finished. Press Next to go on."))
                return True                       # nothing picked
            elif ctl.lesson.is_reading:
                ctl._refuse("refused", _("First read this lesson, then press Next."))
                return True
            elif expect["type"] not in ("buy_land", "buy_card") or expect.get("slot", what) != what:
                ctl._refuse("refused", fmt("Not that. {step}", step=describe_expect(ctl.lesson)))
                return True                       # the wrong item stays in the offer
            ok = what in t.selectable_slots
        elif kind == "reveal":
            a = {"type": "reveal_extra", "source": what}
            ok = bool(inter.legal_match(a))
            reason = "" if ok else inter.reason(a)
        elif kind == "button":
            b = t.button(what)
            if b is not None and not b.enabled and b.reason:
                reason = b.reason
            ok = b is not None and b.enabled
        if reason:
            ctl.explain_illegal(reason)
        elif ok:
            ctl.clear_warning()       # the right kind of click: an old "Not that" goes
        return False

    def _button_at(self, pos: tuple[int, int]) -> str | None:
        for bid, _label, enabled, r in self.buttons:
            if enabled and r.collidepoint(pos):
                return bid
        return None

    # ------------------------------------------------------------ frame
    def update(self, dt: float) -> None:
        self.clock += dt
        if self.table is not None:
            self.table.update(dt)

    def on_resize(self, size: tuple[int, int]) -> None:
        self._place_key = None

    def draw(self, surface: pygame.Surface) -> None:
        if self.table is None:
            return
        if self.ctl.stage == "doing":
            self._draw_highlights(surface)
        self._draw_card(surface)

    def draw_after_ui(self, surface: pygame.Surface) -> None:
        # the table's tooltip (a reason, a hint) stays readable above the lesson card
        if self.table is not None and self.table.tooltip and not self.card.collidepoint(self.table.hover_pos):
            self.table.draw_tooltip(surface)

    # ------------------------------------------------------------ highlights
    def highlight_rects(self) -> list[pygame.Rect]:
        """Screen rects of what the lesson asks to look at (cells, slots, markers, panels...)."""
        t, lay = self._table, self._table.lay
        hl = self.ctl.lesson.highlight
        out: list[pygame.Rect] = []
        seen_tiles: set[int] = set()
        for c in hl.get("cells", []):
            k = t.position.tile_index((c[0], c[1]))   # a tile glows as one shape, not parcel by parcel
            if k is None:
                out.append(lay.cell_rect(c[0], c[1]))
            elif k not in seen_tiles:
                seen_tiles.add(k)
                out.append(lay.cells_rect(t.position.tiles[k].cells))
        rects = slot_rects(lay, t.offer_slots)
        out += [rects[s] for s in hl.get("slots", []) if s in rects]
        out += [lay.bid_slots[v - 1] for v in hl.get("bids", []) if 1 <= v <= len(lay.bid_slots)]
        out += [lay.panels[p] for p in hl.get("panels", []) if 0 <= p < len(lay.panels)]
        for bid in hl.get("buttons", []):
            r = t.button_rect(bid)
            if r is not None:
                out.append(r)
        regions = {"offer": lay.offer_rect, "bag": lay.bag_rect, "deck": lay.deck_rect,
                   "bid_track": lay.bid_track, "board": lay.board_rect, "action_bar": lay.action_bar,
                   "log": lay.log_rect, "status": lay.status_rect}
        out += [regions[k] for k in hl.get("regions", []) if k in regions]
        return [r.copy() for r in out]

    def _draw_highlights(self, surf: pygame.Surface) -> None:
        lay = self.lay
        pulse = 0.5 + 0.5 * math.sin(self.clock * 3.2)
        gold = pygame.Color(self._table.style.color("gold"))
        grow = lay.px(3 + 3 * pulse)
        for r in self.highlight_rects():
            rr = r.inflate(grow * 2, grow * 2)
            alpha_rect(surf, (gold.r, gold.g, gold.b, int(150 + 100 * pulse)), rr, lay.px(8), lay.px(3))

    # ------------------------------------------------------------ the lesson card
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
        return data_text(lesson.title), lesson.paragraphs(data_text(lesson.text))

    def _card_buttons(self) -> list[tuple[str, str, bool]]:
        ctl = self.ctl
        if self.collapsed:
            return [("hide", _("Show"), True)]
        if ctl.stage == "finished":
            return [("play", _("Play a game"), True), ("leave", _("Title screen"), True)]
        last = ctl.index == ctl.count - 1
        return [("next", _("Finish") if last else _("Next ▸"), ctl.can_next()), ("replay", _("Replay"), True),
                ("skip", _("Skip"), not last or ctl.stage == "doing"), ("hide", _("Hide"), True),
                ("leave", _("Leave"), True)]

    def _measure(self, w: int | None = None) -> tuple[int, list]:
        """The card's height for its content at width `w`, and its drawable lines."""
        st, lay = self._table.style, self.lay
        w = w or self.card.w or lay.px(CARD_W)
        inner = w - lay.px(28)
        pad = lay.px(14)
        title, paras = self._texts()
        rows: list[tuple[str, str, int, Any]] = []   # (text, role, px, colour key)
        h = pad + lay.px(16) + lay.px(24)            # "Lesson n of N" + title
        if not self.collapsed:
            for p in paras:
                for line in wrap(st, p, "body", lay.px(13), inner):
                    rows.append((line, "body", lay.px(13), "text_on_dark"))
                rows.append(("", "body", lay.px(6), None))
            # the message area: a refusal (or a success) when there is one, else what to do;
            # it always reserves MSG_LINES lines so the card neither grows nor jumps
            msg = self.ctl.message if self.ctl.stage != "finished" else ""
            block: list[tuple[str, str, int, Any]] = []
            if msg:
                block = [(line, "bold", lay.px(12), "msg")
                         for line in wrap(st, msg, "bold", lay.px(12), inner - lay.px(12))]
            elif self.ctl.stage == "doing" and not self.ctl.lesson.is_reading:
                block = [(line, "bold", lay.px(12), "title_text") for line in
                         wrap(st, "▸ " + describe_expect(self.ctl.lesson),
                              "bold", lay.px(12), inner)]
            if self.ctl.stage == "doing":
                line_h = st.font("bold", lay.px(12)).get_linesize()
                spare = MSG_LINES - len(block)
                rows += block
                if spare > 0:
                    rows.append(("", "body", spare * line_h, None))
            else:
                rows += block
            rows.append(("", "body", lay.px(6), None))
        for _text, role, size, _c in rows:
            h += st.font(role, max(size, 1)).get_linesize() if _text else size
        h += len(self._button_rows(w - 2 * pad)) * lay.px(38) + pad
        return h, [title] + rows

    def _place(self) -> pygame.Rect:
        """Where the card covers least of what matters: a corner of the board or the lower left
        column (over the game log and rival panels), away from what the lesson points at,
        what glows and the rivals' panels."""
        t, lay = self._table, self.lay
        g, col = lay.grid_rect, lay.left_col
        m = lay.px(6)
        spots = []
        w = col.width
        h = self._measure(w)[0]
        spots.append(pygame.Rect(col.x, col.bottom - h, w, h))
        w = lay.px(CARD_W)
        h = self._measure(w)[0]
        spots += [pygame.Rect(g.x + m, g.bottom - h - m, w, h), pygame.Rect(g.right - w - m, g.bottom - h - m, w, h),
                  pygame.Rect(g.x + m, g.y + m, w, h), pygame.Rect(g.right - w - m, g.y + m, w, h)]
        keep = self.highlight_rects()
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
            for weight, rects in ((4, keep), (1.5, mine), (0.5, others), (2.0, rivals)):
                for k in rects:
                    clip = r.clip(k)
                    total += weight * clip.w * clip.h
            return total
        return min(spots, key=cost)

    def _draw_card(self, surf: pygame.Surface) -> None:
        st, lay, ctl = self._table.style, self.lay, self.ctl
        # placed once per lesson stage: a card that moves while the learner aims is worse
        # than one that covers a corner (and "Hide" folds it away)
        key = (ctl.index, ctl.stage, self.collapsed, lay.size)
        if key != self._place_key:
            self.card = self._place()
            self._place_key = key
        h, lines = self._measure(self.card.w)
        if self.card.h != h:
            grow_up = self.card.bottom >= min(lay.grid_rect.bottom, lay.left_col.bottom) - lay.px(8)
            bottom = self.card.bottom
            self.card.h = h
            if grow_up:
                self.card.bottom = bottom
        r = self.card
        pad = lay.px(14)
        shadow = r.move(0, lay.px(4))
        alpha_rect(surf, (0, 0, 0, 90), shadow, lay.px(10))
        alpha_rect(surf, (*pygame.Color(st.color("panel_dark"))[:3], 255), r, lay.px(10))
        pygame.draw.rect(surf, st.color("gold"), r, max(1, lay.px(2)), border_radius=lay.px(10))
        x, y = r.x + pad, r.y + pad - lay.px(2)
        head = (fmt("Lesson {number} of {count}", number=ctl.index + 1, count=ctl.count)
                if ctl.stage != "finished" else _("Well done"))
        dx = lay.px(7)
        x0 = r.right - pad - dx * ctl.count          # progress dots, one per lesson, at the right
        done_head = fmt("{lesson}  ·  ✓ done", lesson=head)
        if ctl.stage == "done" and st.font("bold", lay.px(11)).size(done_head)[0] < x0 - x - lay.px(6):
            head = done_head
        img = fit_text(st, head, "bold", lay.px(11), st.color("text_dim_on_dark"), x0 - x - lay.px(6))
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
        y += lay.px(16)
        title = fit_text(st, lines[0], "title", lay.px(21), st.color("title_text"), r.w - 2 * pad)
        surf.blit(title, (x, y))
        y += lay.px(24)
        msg_rows = [row for row in lines[1:] if row[3] == "msg"]
        for text, role, size, ckey in lines[1:]:
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
        bh = lay.px(30)
        gap = lay.px(6)
        font_px = lay.px(13)
        rows = self._button_rows(r.w - 2 * pad)
        placed = []
        for k, row in enumerate(rows):
            by = r.bottom - pad - bh - (len(rows) - 1 - k) * lay.px(38)
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
        sized = [(s, st.font("bold", lay.px(13)).size(s[1])[0] + lay.px(16)) for s in specs]
        rows: list[list] = [[]]
        used = 0
        for item in sized:
            need = item[1] + (gap if rows[-1] else 0)
            if rows[-1] and used + need > inner:
                rows.append([])
                used, need = 0, item[1]
            rows[-1].append(item)
            used += need
        return rows

    def layout(self) -> dict[str, Any]:
        out: dict[str, Any] = {"card": self.card.copy()}
        for bid, _label, _enabled, r in self.buttons:
            out[f"button_{bid}"] = r.copy()
        return out


def row_is_first(rows: list, text: str) -> bool:
    return bool(rows) and rows[0][0] == text
