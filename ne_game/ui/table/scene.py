"""TableScene: the game table during play (start rounds, offer, bids, buying).

Screens render, the core decides: every highlight, greyed item and target comes
from `rules.legal_actions`, every "why not" from `rules.apply_action`'s
IllegalAction text (see interaction.py). Animations are built from the before
and after snapshots of each action (anim.py) and never block input.
"""
from __future__ import annotations

import math
from typing import Any

import pygame

from ne_game import rules

from . import board_view, data, layout, panels
from .anim import Animator, Tween, ease_in_out, ease_out_back
from .gfx import Style, alpha_rect, badge, blit_center, fit_text, shade, wrap
from .interaction import FIGURES, Button, Interaction
from .log import Entry, present, sentences
from .model import TileIndex, as_cell, cell_name, people_text
from .bid_track import draw_bid_overlay, draw_bid_track
from .offer_view import (draw_offer, draw_offer_overlay, draw_reveal_overlay, item_image_rect,
                         slot_rects)
from . import pieces
from .runner import resolve_runner

try:  # the shell's scene base class (pygame-gui manager, lifecycle hooks)
    from ne_game.ui.scene import Scene as _SceneBase
except Exception:  # pragma: no cover - only while the shell is missing
    class _SceneBase:  # type: ignore[no-redef]
        def __init__(self, app: Any) -> None:
            self.app = app


def _setting(app: Any, name: str, default: Any) -> Any:
    s = getattr(app, "settings", None)
    if s is None:
        return default
    if isinstance(s, dict):
        return s.get(name, default)
    return getattr(s, name, default)


PHASE_TITLES = {"start_tiles": "Start rounds", "offer": "Offer", "bids": "Bids",
                "buying": "Buying", "game_over": "Game over"}


class TableScene(_SceneBase):
    """The table. `TableScene(app, session)`; the session holds the engine state."""

    def __init__(self, app: Any, session: Any, runner: Any = None) -> None:
        super().__init__(app)
        self.session = session
        self.cards = data.cards()
        self.card_order = list(self.cards)
        lvl = "classic"
        try:
            lvl = rules.to_json(session.state).get("level", "classic")
        except Exception:
            pass
        self.cols, self.rows, self.missing = data.board_shape(lvl)
        self.sea_edges = data.coastal_edges(lvl)
        self.style = Style(app.theme, bool(_setting(app, "colorblind", False)))
        self.anim = Animator(float(_setting(app, "animation_factor", 1.0)))
        self.runner = runner if runner is not None else resolve_runner(app)
        self.history: list[dict] = []
        self.log: list[Entry] = []
        self.last_turn: dict[int, int] = {}
        self.money_delta: dict[int, int] = {}
        self.log_scroll = 0
        self.clock = 0.0
        self.hover: tuple | None = None
        self.hover_pos: tuple[int, int] = (-1, -1)
        self.hover_cell: tuple[int, int] | None = None
        self.preview = None
        self.tooltip: str = ""
        self.drag: dict | None = None
        self.ai_pending: dict | None = None
        self.ai_words = ""
        self.ai_timer = 0.0
        self.ai_requested = False
        self.ai_show_cells: list = []
        self.ai_show_slot: int | None = None
        self.ai_show_bid: int | None = None
        self.final_pushed = False
        self.game_over_timer = 0.0
        self.inter: Interaction | None = None
        self._static: pygame.Surface | None = None
        self._static_key: tuple | None = None
        self._board_base: pygame.Surface | None = None
        self._version = 0
        self.lay = self._compute_layout(self._screen_size())
        self._sync()
        first = self.snap
        if getattr(session, "actions", None):
            self._replay_log()
            rnd = first.get("round", 0)
            where = f"round {rnd}" if rnd else "the start rounds"
            self.log.append(Entry(None, f"The game goes on in {where}; "
                                        f"{self.seat_name(first['start_player'])} is start "
                                        f"player.", len(self.history)))
        else:
            self.log.append(Entry(None, f"A game for {len(first['players'])} begins. "
                                        f"{self.seat_name(first['start_player'])} is start "
                                        f"player.", 0))

    def _replay_log(self) -> None:
        """A resumed game gets back its log and 'changed since your last turn' outlines:
        the session keeps every state, so each action's before/after is at hand."""
        session = self.session
        if not (hasattr(session, "state_before") and hasattr(session, "actor_of")):
            return
        actions = session.actions
        snaps = [rules.to_json(session.state_before(i)) for i in range(len(actions))] + [self.snap]
        names = [self.seat_name(i) for i in range(len(self.snap["players"]))]
        for i, action in enumerate(actions):
            seat = session.actor_of(i)
            self.history.append({"seat": seat, "action": action, "before": snaps[i], "after": snaps[i + 1]})
            for who, text in sentences(snaps[i], action, snaps[i + 1], names, self.cards):
                self.log.append(Entry(who, text, len(self.history)))
            if seat is not None:
                self.last_turn[seat] = len(self.history)
        self.log = self.log[-200:]
        self._sync()

    # ---- helpers used by the views ------------------------------------------------
    def _screen_size(self) -> tuple[int, int]:
        size = getattr(self.app, "screen_size", None)
        if size:
            return tuple(size)
        surf = pygame.display.get_surface()
        return surf.get_size() if surf else (1280, 720)

    def _compute_layout(self, size: tuple[int, int]) -> layout.Layout:
        n = len(self.session.seats)
        settings = getattr(self.app, "settings", None)
        scale = settings.ui_scale_factor if settings is not None else 1.0
        return layout.compute(size, n, self.cols, self.rows, self.missing, ui_scale=scale)

    def family(self, seat: int) -> str:
        return self.snap["players"][seat]["family"]

    def seat_name(self, seat: int | None) -> str:
        if seat is None:
            return ""
        seats = getattr(self.session, "seats", None)
        if seats and seat < len(seats) and getattr(seats[seat], "name", ""):
            return seats[seat].name
        return data.family_names().get(self.family(seat), f"Seat {seat + 1}")

    def seat_kind(self, seat: int) -> str:
        seats = getattr(self.session, "seats", None)
        if seats and seat < len(seats):
            return getattr(seats[seat], "kind", "human")
        return "human"

    def seat_sub(self, seat: int) -> str:
        fam = data.family_names().get(self.family(seat), "")
        kind = self.seat_kind(seat)
        who = "" if kind == "human" else f" · computer ({kind})"
        name = self.seat_name(seat)
        base = f"family {fam}" if fam and fam != name else ""
        if self.snap.get("start_player") == seat and self.snap.get("phase") != "game_over":
            base += " · start player"
        return (base + who).strip(" ·") or "player"

    def is_human(self, seat: int | None) -> bool:
        return seat is not None and self.seat_kind(seat) == "human"

    def may_see_barn(self, seat: int) -> bool:
        """Hotseat privacy: barn contents show only to their owner on his own turn."""
        return self.snap.get("current_player") == seat and self.is_human(seat)

    def is_coast(self, c: tuple[int, int]) -> bool:
        x, y = c
        edges = self.sea_edges
        if "north" in edges and y == 0:
            return True
        if "east" in edges and x == self.cols - 1:
            return True
        if "north" in edges and (x, y - 1) in self.missing:
            return True
        if "east" in edges and (x + 1, y) in self.missing:
            return True
        return False

    def on_board(self, c: tuple[int, int]) -> bool:
        return 0 <= c[0] < self.cols and 0 <= c[1] < self.rows and tuple(c) not in self.missing

    def remaining_start_lands(self, seat: int) -> list[str]:
        placed = {t["land"] for t in self.snap.get("tiles", [])
                  if t["owner"] == seat and t.get("start")}
        return [land for land in ("settlement", "field", "pasture") if land not in placed]

    def figure_counts(self, seat: int) -> dict[str, int]:
        out: dict[str, int] = {}
        for t in self.snap.get("tiles", []):
            if t["owner"] == seat and t.get("figure"):
                out[t["figure"]] = out.get(t["figure"], 0) + 1
        return out

    def current_price(self) -> int | None:
        if self.snap.get("phase") != "buying":
            return None
        seat = self.snap.get("current_player")
        return None if seat is None else self.snap["players"][seat].get("bid")

    def stock_low(self, bag: bool) -> bool:
        if self.snap.get("phase") != "offer":
            return False
        return bool(self.announce_ends)

    # ---- state sync ---------------------------------------------------------------
    def _sync(self) -> None:
        """Re-read the engine state after any change (action, undo, load)."""
        state = self.session.state
        self.snap = rules.to_json(state)
        self.tindex = TileIndex(self.snap)
        seat = self.snap.get("current_player")
        keep = self.inter
        self.inter = Interaction(rules, state, self.snap, self.cards) if seat is not None else None
        if self.inter is not None:
            self.inter.board = self.on_board
        if keep and self.inter and keep.phase == self.inter.phase == "start_tiles":
            self.inter.orient = keep.orient
        self.human_turn = self.is_human(seat)
        self.legal_bids = {a["value"] for a in self.inter.by_type("take_bid")} if self.inter else set()
        self.selectable_slots = self.inter.selectable_slots() if self.inter else set()
        self.vp_estimate = {s["seat"]: s["total"] for s in rules.final_scores(state)}
        for i, p in enumerate(self.snap["players"]):
            self.anim.counter(("money", i), p["money"])
        # Which announcements would end the game: asked of the engine, before the choice.
        self.announce_ends: dict[int, bool] = {}
        self.announce_result: dict[int, str] = {}
        if self.inter and self.snap.get("phase") == "offer":
            for a in self.inter.by_type("announce_offer"):
                try:
                    after = rules.to_json(rules.apply_action(state, a))
                    if after.get("phase") == "game_over":
                        self.announce_ends[a["land_tiles"]] = True
                except Exception:
                    pass
        self.end_turn_gain: int | None = None
        if self.inter and self.inter.by_type("end_turn"):
            try:
                after = rules.to_json(rules.apply_action(state, self.inter.by_type("end_turn")[0]))
                self.end_turn_gain = after["players"][seat]["money"] - self.snap["players"][seat]["money"]
            except Exception:
                pass
        self.changed_cells = self._changed_since_last_turn(seat) if self.human_turn else set()
        self.ai_requested = False
        self.ai_pending = None
        self.ai_show_cells, self.ai_show_slot, self.ai_show_bid = [], None, None
        self._refresh_interaction()

    def _refresh_interaction(self) -> None:
        """Targets, buttons and preview after a selection or orientation change."""
        self.targets = self.inter.targets() if (self.inter and self.human_turn) else {}
        self.buttons = self._build_buttons()
        self._place_buttons()
        self._update_hover(self.hover_pos)
        self._version += 1

    def _changed_since_last_turn(self, seat: int | None) -> set:
        if seat is None or seat not in self.last_turn:
            return set()
        cells: set = set()
        for h in self.history[self.last_turn[seat]:]:
            if h["seat"] == seat:
                continue
            before = {tuple(map(tuple, t["cells"])): t for t in h["before"].get("tiles", [])}
            for t in h["after"].get("tiles", []):
                key = tuple(map(tuple, t["cells"]))
                old = before.get(key)
                if old is None or old.get("developed") != t.get("developed") or \
                        old.get("figure") != t.get("figure"):
                    cells.update(as_cell(c) for c in t["cells"])
        return cells

    # ---- buttons ------------------------------------------------------------------
    def _build_buttons(self) -> list[Button]:
        inter, snap = self.inter, self.snap
        out: list[Button] = []
        if inter is None:
            return out
        seat = snap.get("current_player")
        if not self.human_turn:
            out.append(Button("skip", "Show now (Space)", command="skip",
                              reason="apply the computer's move without waiting"))
            return out
        phase = snap.get("phase")
        if phase == "start_tiles":
            for land in self.remaining_start_lands(seat):
                ok = land in inter.start_lands()
                out.append(Button(f"land_{land}", land.capitalize(), command=f"land:{land}",
                                  enabled=ok, selected=(land == inter.start_land),
                                  reason="" if ok else "cannot be placed now"))
            out.append(Button("rotate", "Turn (R)", command="rotate",
                              reason="turn the tile: right button or R"))
        elif phase == "offer":
            for n in range(3, 7):
                a = {"type": "announce_offer", "land_tiles": n}
                legal = inter.legal_match(a)
                ends = self.announce_ends.get(n, False)
                out.append(Button(f"announce_{n}", f"{n} tiles", action=a, enabled=bool(legal),
                                  reason=inter.reason(a) if not legal else (
                                      "too few in stock: choosing this ENDS THE GAME now"
                                      if ends else f"{n} land tiles and {9 - n} cards"),
                                  warn="ends game" if ends else "",
                                  sub=f"+{9 - n} cards"))
        elif phase == "buying":
            if inter.sel is not None:
                stores = inter.store_actions()
                if stores:
                    out.append(Button("store", "Store in barn", command="store",
                                      reason="keep the card face down in an empty barn; "
                                             "play it later for free"))
                out.append(Button("cancel", "Cancel", command="cancel",
                                  reason="put it back (right button)"))
            can = bool(getattr(self.session, "can_undo", lambda: False)())
            out.append(Button("undo", "Undo", command="undo", enabled=can,
                              reason="take back your last purchase or move" if can else
                              "nothing to undo: only purchases and moves of this turn "
                              "that revealed nothing"))
            a = {"type": "end_turn"}
            legal = inter.legal_match(a)
            gain = self.end_turn_gain
            label = f"End turn  +{gain}" if gain is not None else "End turn"
            out.append(Button("end_turn", label, action=a, enabled=bool(legal),
                              reason=(f"return your bid marker and take {gain} shillings "
                                      "income") if legal else inter.reason(a)))
        from ne_game.ui import hints   # "show me a good move" (settings: hints)
        if hints.enabled(self):
            out.insert(0, Button("hint", "Hint", command="hint",
                                 reason="show me a good move: the medium computer player's "
                                        "choice glows"))
        return out

    def _place_buttons(self) -> None:
        lay, st = self.lay, self.style
        px = lay.px(15)
        widths = []
        for b in self.buttons:
            w = st.font("bold", px).size(b.label)[0] + lay.px(26)
            if b.warn:
                w = max(w, st.font("bold", lay.px(11)).size(b.warn)[0] + lay.px(20))
            widths.append(max(w, lay.px(70)))
        total = sum(widths) + lay.px(8) * len(widths)
        bar = lay.action_bar
        # A tall bar (larger UI scales) puts the prompt above the buttons, across its width.
        self.prompt_above = bar.height >= lay.px(66) + lay.px(34)
        limit = bar.width - lay.px(16) if self.prompt_above else int(bar.width * 0.56)
        if total > limit and widths:
            f = limit / total
            widths = [int(w * f) for w in widths]
        self.button_rects = lay.action_buttons(widths)

    # ---- hit testing ---------------------------------------------------------------
    def _hit(self, pos: tuple[int, int]) -> tuple | None:
        for b, r in zip(self.buttons, self.button_rects):
            if r.collidepoint(pos):
                return ("button", b.id)
        for v, r in enumerate(self.lay.bid_slots, start=1):
            if r.collidepoint(pos):
                return ("bid", v)
        if self.lay.bag_rect.collidepoint(pos):
            return ("reveal", "land")
        if self.lay.deck_rect.collidepoint(pos):
            return ("reveal", "card")
        if self.lay.offer_rect.collidepoint(pos):
            for slot, r in slot_rects(self).items():
                if r.collidepoint(pos):
                    return ("slot", slot)
        seat = self.snap.get("current_player")
        if seat is not None and self.lay.panels[seat].collidepoint(pos):
            for cell, r in panels.geometry(self, seat)["barns"]:
                if r.collidepoint(pos):
                    return ("barn", cell)
        for i, pr in enumerate(self.lay.panels):
            if pr.collidepoint(pos):
                if self.snap.get("phase") == "start_tiles" and i == seat:
                    for land, r in panels.start_tile_rects(self, i):
                        if r.collidepoint(pos):
                            return ("button", f"land_{land}")
                if self.snap.get("phase") != "start_tiles":
                    for cid, n, cr, _ in panels.card_slots(self, i):
                        if cr.collidepoint(pos):
                            return ("pcard", (i, cid, n))
                return ("panel", i)
        cell = self.lay.cell_at(pos)
        if cell is not None:
            return ("cell", cell)
        return None

    def _button(self, bid: str) -> Button | None:
        for b in self.buttons:
            if b.id == bid:
                return b
        return None

    def _update_hover(self, pos: tuple[int, int]) -> None:
        self.hover_pos = pos
        self.hover = self._hit(pos) if pos[0] >= 0 else None
        self.hover_cell = self.hover[1] if self.hover and self.hover[0] == "cell" else None
        self.preview = None
        self.tooltip = ""
        inter = self.inter
        if self.hover and self.hover[0] == "pcard":
            seat, cid, n = self.hover[1]
            info = self.cards.get(cid, {})
            what = (f"{cid.capitalize()} card: 1 VP" if info.get("figure") else
                    f"{info.get('land', '').capitalize()} card {cid}: {info.get('vp')} VP")
            self.tooltip = f"{self.seat_name(seat)}: {what}" + (f", ×{n}" if n > 1 else "")
            return
        if inter is None or not self.human_turn or self.hover is None:
            self._context_help(pos)
            return
        kind, what = self.hover
        if kind == "cell":
            cell = what
            if self.drag and self.drag.get("moved"):
                self.preview = inter.preview(cell)
            elif inter.sel is not None or inter.phase == "start_tiles":
                self.preview = inter.preview(cell)
            if self.preview is not None and self.preview.action is None and self.preview.reason:
                why = self.preview.reason
                name = cell_name(cell)
                self.tooltip = (why[:1].upper() + why[1:]) if name in why else f"{name}: {why}"
            elif self.preview is None:
                self.tooltip = self._cell_info(cell)
        elif kind == "button":
            b = self._button(what)
            if b is not None:
                self.tooltip = b.reason
        elif kind == "bid" and self.snap.get("phase") == "bids":
            a = {"type": "take_bid", "value": what}
            if what in self.legal_bids:
                self.tooltip = (f"take marker {what}: you buy in turn order {what} "
                                f"(highest first) and pay {what} per item")
            else:
                self.tooltip = inter.reason(a)
        elif kind == "slot" and self.snap.get("phase") == "buying":
            if what in self.selectable_slots:
                self.tooltip = "pick this item, then choose where it goes"
            elif inter.slot_item(what) is not None:
                self.tooltip = inter.slot_reason(what)
        elif kind == "reveal" and self.snap.get("phase") == "buying":
            a = {"type": "reveal_extra", "source": what}
            thing = "land tile from the bag" if what == "land" else "card from the deck"
            if inter.legal_match(a):
                self.tooltip = f"Ship majority: click to reveal one extra {thing} into the offer"
            else:
                self.tooltip = f"Reveal an extra {thing}: {inter.reason(a)}"
        elif kind == "barn":
            if any(self._same_tile(what, b) for b in inter.stored_barns()):
                self.tooltip = "play the card stored in this barn (free)"
        self._context_help(pos)

    def _context_help(self, pos: tuple[int, int]) -> None:
        """Where the table has no tooltip of its own: what is here and what it does now."""
        if pos[0] < 0 or self.drag is not None:
            return
        about_item = bool(self.hover and self.hover[0] == "slot")   # say what it is, then how
        if not self.tooltip or about_item:
            from ne_game.ui import help as context_help
            what = context_help.explain(self, pos)
            if what and self.tooltip:
                what = f"{what} {self.tooltip[:1].upper()}{self.tooltip[1:]}."
            self.tooltip = what or self.tooltip

    def _same_tile(self, a, b) -> bool:
        return self.inter.tkey(a) == self.inter.tkey(b)

    def _cell_info(self, cell: tuple[int, int]) -> str:
        """A hover hint over the board when nothing is picked."""
        inter = self.inter
        if inter is None:
            return ""
        if cell in self.targets.get("movable", set()) or any(
                self._same_tile(cell, c) for c in self.targets.get("movable", set())):
            return f"{cell_name(cell)}: drag this figure to move it"
        if any(self._same_tile(cell, c) for c in self.targets.get("stored", set())):
            return f"{cell_name(cell)}: click to play the card stored in this barn"
        if self.snap.get("phase") == "buying" and inter.sel is None:
            return ""
        return ""

    # ---- events ----------------------------------------------------------------------
    def process_event(self, event: pygame.event.Event) -> bool:
        et = event.type
        if et == pygame.MOUSEMOTION:
            if self.drag is not None:
                self.drag["pos"] = event.pos
                fx, fy = self.drag["start"]
                if not self.drag["moved"] and \
                        abs(event.pos[0] - fx) + abs(event.pos[1] - fy) > self.lay.px(6):
                    self.drag["moved"] = True
                    self._version += 1          # the static layer hides the lifted figure
            self._update_hover(event.pos)
            return True
        if et == pygame.MOUSEBUTTONDOWN:
            self._update_hover(event.pos)
            if event.button == 1:
                return self._left_down(event.pos)
            if event.button == 3:
                return self._right_click()
            return False
        if et == pygame.MOUSEBUTTONUP and event.button == 1:
            return self._left_up(event.pos)
        if et == pygame.MOUSEWHEEL:
            if self.lay.log_rect.collidepoint(self.hover_pos):
                # The wheel over the log reads back through older sentences.
                self.log_scroll = max(0, min(len(self.log) - 1, self.log_scroll + event.y))
                self._version += 1
                return True
            if self.inter and self.human_turn and self.inter.n_orients() > 1:
                self.inter.rotate(1 if event.y > 0 else -1)
                self._refresh_interaction()
                return True
            return False
        if et == pygame.KEYDOWN:
            return self._key(event)
        return False

    def _key(self, event: pygame.event.Event) -> bool:
        k = event.key
        if k == pygame.K_ESCAPE:
            # Escape puts a picked item back; with nothing picked the shell pauses.
            if self.inter is not None and (self.inter.sel is not None or self.drag):
                self._command("cancel")
                self.drag = None
                return True
            return False
        if k == pygame.K_SPACE:
            self._skip()
            return True
        if not (self.inter and self.human_turn):
            return False
        if k == pygame.K_r:
            self.inter.rotate(-1 if event.mod & pygame.KMOD_SHIFT else 1)
            self._refresh_interaction()
            return True
        if k in (pygame.K_BACKSPACE, pygame.K_DELETE):
            self._command("cancel")
            return True
        if k == pygame.K_z and event.mod & pygame.KMOD_CTRL or k == pygame.K_u:
            self._command("undo")
            return True
        if k in (pygame.K_RETURN, pygame.K_KP_ENTER):
            b = self._button("end_turn")
            if b and b.enabled:
                self._act(b.action)
            return True
        return False

    def _skip(self) -> None:
        if self.ai_pending is not None:
            self.ai_timer = 0.0
            self._apply_ai()
        self.anim.finish()
        self._version += 1

    def _right_click(self) -> bool:
        if not (self.inter and self.human_turn):
            self._skip()
            return True
        if self.snap.get("phase") == "start_tiles":
            self.inter.rotate(1)
        elif self.inter.sel is not None:
            self.inter.cancel()
        self.drag = None
        self._refresh_interaction()
        return True

    def _left_down(self, pos: tuple[int, int]) -> bool:
        if not self.human_turn:
            self._skip()
            return True
        hit = self.hover
        inter = self.inter
        if hit is None or inter is None:
            return False
        kind, what = hit
        if kind == "button":
            b = self._button(what)
            if b is None or not b.enabled:
                return True
            if b.action is not None:
                self._act(b.action)
            elif b.command:
                self._command(b.command)
            return True
        if kind == "bid":
            if what in self.legal_bids:
                self._act({"type": "take_bid", "value": what})
            return True
        if kind == "slot":
            if inter.sel is not None and inter.sel.kind == "slot" and inter.sel.slot == what:
                inter.cancel()
            elif not inter.pick_slot(what):
                return True
            self._refresh_interaction()
            return True
        if kind == "reveal":
            a = inter.legal_match({"type": "reveal_extra", "source": what})
            if a is not None:
                self._act(a)
            return True
        if kind == "barn":
            if inter.pick_stored(what):
                self._refresh_interaction()
            return True
        if kind == "cell":
            return self._click_cell(what, pos)
        return False

    def _click_cell(self, cell: tuple[int, int], pos: tuple[int, int]) -> bool:
        inter = self.inter
        pv = self.preview
        if pv is not None and pv.action is not None:
            self._act(pv.action)
            return True
        # Nothing placed here: maybe a figure to pick up or a barn card to play.
        if inter.phase == "buying":
            if any(self._same_tile(cell, c) for c in inter.movable_figures()):
                inter.pick_figure(cell)
                self.drag = {"from": cell, "start": pos, "pos": pos, "moved": False}
                self._refresh_interaction()
                return True
            if inter.sel is None and inter.pick_stored(cell):
                self._refresh_interaction()
                return True
        return True

    def _left_up(self, pos: tuple[int, int]) -> bool:
        drag = self.drag
        if drag is None:
            return False
        self.drag = None
        if drag.get("moved"):
            cell = self.lay.cell_at(pos)
            pv = self.inter.preview(cell) if (self.inter and cell) else None
            if pv is not None and pv.action is not None:
                self._act(pv.action)
                return True
        # A plain click (or a drop on no target) leaves the figure picked: click a target next.
        self._refresh_interaction()
        return True

    def _command(self, cmd: str) -> None:
        inter = self.inter
        if inter is None:
            return
        if cmd == "rotate":
            inter.rotate(1)
        elif cmd == "cancel":
            inter.cancel()
        elif cmd == "store":
            stores = inter.store_actions()
            if stores:
                self._act(stores[0])
                return
        elif cmd == "undo":
            if getattr(self.session, "can_undo", lambda: False)():
                seat = self.snap.get("current_player")
                self.session.undo()
                if self.history:
                    self.history.pop()
                self.log.append(Entry(seat, f"{self.seat_name(seat)} took back the last move.",
                                      len(self.history)))
                self.anim.finish()
                self._sync()
                return
        elif cmd.startswith("land:"):
            land = cmd.split(":", 1)[1]
            if land in inter.start_lands():
                inter.start_land = land
        elif cmd == "skip":
            self._skip()
            return
        elif cmd == "hint":
            from ne_game.ui import hints
            hints.request(self)
            return
        self._refresh_interaction()

    # ---- acting ---------------------------------------------------------------------
    def _act(self, action: dict) -> None:
        """Apply an engine action through the session, log and animate it."""
        before = self.snap
        seat = before.get("current_player")
        self.anim.finish()
        try:
            self.session.apply(action)
        except rules.IllegalAction as err:   # should not happen: we offer only legal ones
            self.tooltip = people_text(str(err))
            return
        after = rules.to_json(self.session.state)
        self.history.append({"seat": seat, "action": action, "before": before, "after": after})
        self.log_scroll = 0
        names = [self.seat_name(i) for i in range(len(after["players"]))]
        for s, text in sentences(before, action, after, names, self.cards):
            self.log.append(Entry(s, text, len(self.history)))
        if len(self.log) > 300:
            self.log = self.log[-200:]
        if seat is not None:
            self.last_turn[seat] = len(self.history)
        self.drag = None
        self._animate(before, action, after)
        self._sync()

    # ---- animation from before/after snapshots ----------------------------------------
    def _animate(self, before: dict, action: dict, after: dict) -> None:
        lay, st = self.lay, self.style
        seat = before.get("current_player")
        old_tiles = {tuple(map(tuple, t["cells"])): t for t in before.get("tiles", [])}
        src_rect = None
        if action.get("type") in ("buy_land", "buy_card"):
            rects = slot_rects(self)
            row = rects.get(action["slot"])
            if row is not None:
                item = next((o["item"] for o in before.get("offer", [])
                             if o["slot"] == action["slot"]), {"kind": "card"})
                src_rect = item_image_rect(self, row, item["kind"])
        panel_rect = lay.panels[seat].copy() if seat is not None else lay.board_rect
        for i, t in enumerate(after.get("tiles", [])):
            key = tuple(map(tuple, t["cells"]))
            end = lay.cells_rect(t["cells"])
            old = old_tiles.get(key)
            if old is None:
                start = src_rect or pygame.Rect(panel_rect.centerx - end.width // 2,
                                                panel_rect.centery - end.height // 2,
                                                end.width, end.height)
                img = board_view.tile_surface(self, t, end)
                self.anim.add(Tween(("tile", i), start, end, 0.45,
                                    _blit_scaled(img), arc=lay.px(40)))
            elif not old.get("developed") and t.get("developed"):
                plain = board_view.tile_surface(self, t, end, developed=False)
                dev = board_view.tile_surface(self, t, end, developed=True)
                self.anim.add(Tween(("tile", i), end, end, 0.5, _flip(plain, dev),
                                    delay=0.05 * (i % 4), ease=ease_in_out,
                                    hide_until_start=False))
            if t.get("figure") and (old is None or old.get("figure") != t.get("figure")):
                fs = int(lay.cell * 0.66)
                img = pieces.figure(st, t["figure"], fs)
                start = None
                if action.get("type") == "move_figure":
                    start = lay.cells_rect([action["from"]])
                start = start or src_rect or panel_rect
                r_end = pygame.Rect(0, 0, fs, fs)
                r_end.center = board_view.figure_rect(self, t, end).center
                r_start = pygame.Rect(0, 0, fs, fs)
                r_start.center = start.center
                self.anim.add(Tween(("fig", i), r_start, r_end, 0.45, _blit_scaled(img),
                                    arc=lay.px(30), ease=ease_out_back))
        # Cards gained fly to the panel.
        if seat is not None and action.get("type") in ("buy_card", "play_stored"):
            gained = after["players"][seat]["cards"][len(before["players"][seat]["cards"]):]
            stored = "store_in_barn" in action.get("use", {})
            start = src_rect or lay.panels[seat]
            geo = panels.geometry(self, seat)
            for cid in gained or ([None] if stored else []):
                size = (int(geo["row_b"].height * 0.72), geo["row_b"].height)
                img = pieces.card(st, cid, size, self.cards) if cid else pieces.card_back(st, size)
                end = pygame.Rect(geo["row_b"].topleft, size)
                if stored and geo["barns"]:
                    end = geo["barns"][-1][1]
                self.anim.add(Tween(None, start, end, 0.5, _blit_scaled(img), arc=lay.px(30)))
        # New offer items come out of the bag and the deck.
        old_slots = {o["slot"] for o in before.get("offer", [])}
        rects = slot_rects(self)
        k = 0
        for o in after.get("offer", []):
            if o["slot"] in old_slots or o["slot"] not in rects:
                continue
            item = o["item"]
            ir = item_image_rect(self, rects[o["slot"]], item["kind"])
            if item["kind"] == "land":
                img = pieces.land_tile(st, item["land"], False, ir.height)
                start = lay.bag_rect
            else:
                img = pieces.card(st, item["card"], ir.size, self.cards)
                start = lay.deck_rect
            s = pygame.Rect(0, 0, ir.width, ir.height)
            s.center = start.center
            self.anim.add(Tween(("slot", o["slot"]), s, ir, 0.35, _blit_scaled(img),
                                delay=0.09 * k))
            k += 1
        # A bid marker moves from the track to the player's panel.
        if action.get("type") == "take_bid" and seat is not None:
            v = action["value"]
            geo = panels.geometry(self, seat)
            img = pieces.bid_marker(st, v, geo["bid"].width)
            self.anim.add(Tween(("bid", v), lay.bid_slots[v - 1], geo["bid"], 0.45,
                                _blit_scaled(img), arc=-lay.px(20)))
        # At the end of a turn the bid marker goes back to the track and the income flies in.
        if action.get("type") == "end_turn" and seat is not None:
            v = before["players"][seat].get("bid")
            geo = panels.geometry(self, seat)
            if v:
                img = pieces.bid_marker(st, v, geo["bid"].width)
                self.anim.add(Tween(("bid", v), geo["bid"], lay.bid_slots[v - 1], 0.5,
                                    _blit_scaled(img), arc=lay.px(30)))
            gain = after["players"][seat]["money"] - before["players"][seat]["money"]
            cs = lay.px(22)
            coin_img = pieces.coin(st, cs)
            src = pygame.Rect(0, 0, cs, cs)
            src.center = lay.action_bar.center
            dst = pygame.Rect(geo["money"].x, geo["money"].y, cs, cs)
            for k in range(min(max(gain, 0), 8)):
                self.anim.add(Tween(None, src, dst, 0.45, _blit_scaled(coin_img), delay=0.06 * k,
                                    arc=lay.px(60)))
        # Money ticks.
        for i, (pb, pa) in enumerate(zip(before["players"], after["players"])):
            if pb["money"] != pa["money"]:
                self.money_delta[i] = pa["money"] - pb["money"]
                self.anim.counter(("money", i), pb["money"])
                self.anim.set_counter(("money", i), pa["money"], 0.7)

    # ---- computer seats ------------------------------------------------------------
    def _ai_turn(self, dt: float) -> None:
        seat = self.snap.get("current_player")
        if seat is None or self.human_turn or self.runner is None:
            return
        if self.ai_pending is None:
            if not self.ai_requested:
                self.runner.request(self.session)
                self.ai_requested = True
            action = self.runner.poll()
            if action is None:
                return
            self.ai_pending = action
            self.ai_timer = float(_setting(self.app, "ai_delay", 1.0))
            self._show_ai(action)
            return
        if self.anim.busy:
            return
        self.ai_timer -= dt
        if self.ai_timer <= 0:
            self._apply_ai()

    def _show_ai(self, action: dict) -> None:
        """Highlight what the computer chose, so people can follow it."""
        t = action.get("type")
        self.ai_show_slot = action.get("slot")
        self.ai_show_bid = action.get("value") if t == "take_bid" else None
        cells: list = []
        if t == "place_start_tile":
            cells = action["cells"]
        elif t == "buy_land":
            cells = [action["cell"]]
        elif t == "move_figure":
            cells = [action["from"], action["to"]]
        elif "use" in action:
            use = action["use"]
            cells = use.get("develop") or [use.get("figure_on") or use.get("store_in_barn")]
        self.ai_show_cells = [as_cell(c) for c in cells if c is not None]
        # Say it in the log's words before it happens (the engine computes the outcome).
        self.ai_words = ""
        try:
            after = rules.to_json(rules.apply_action(self.session.state, action))
            names = [self.seat_name(i) for i in range(len(after["players"]))]
            said = sentences(self.snap, action, after, names, self.cards)
            if said:
                self.ai_words = present(said[0][1])
        except Exception:
            pass
        self._refresh_interaction()
        self.tooltip = ""
        self._version += 1

    def _apply_ai(self) -> None:
        action = self.ai_pending
        if action is None:
            return
        self.ai_pending = None
        if self.inter and self.inter.legal_match(action):
            self._act(action)
        else:   # the state moved on (undo, load): ask again
            self._sync()

    # ---- frame -------------------------------------------------------------------------
    def update(self, dt: float) -> None:
        self.clock += dt
        self.anim.factor = float(_setting(self.app, "animation_factor", self.anim.factor))
        cb = bool(_setting(self.app, "colorblind", False))
        if cb != self.style.colorblind or self.app.theme is not self.style.theme:
            self.style = Style(self.app.theme, cb)
            self._board_base = None
            self._version += 1
        self.anim.update(dt)
        if self.snap.get("phase") == "game_over":
            self.game_over_timer += dt
            if not self.final_pushed and (not self.anim.busy or self.game_over_timer > 3.0):
                self.final_pushed = True
                self._show_final()
            return
        self._ai_turn(dt)
        if getattr(self, "_hint_asker", None) is not None:
            from ne_game.ui import hints
            hints.poll(self)

    def _show_final(self) -> None:
        from .final_scoring import FinalScene

        scene = FinalScene(self.app, self.session)
        if hasattr(self.app, "push"):
            self.app.push(scene)

    def on_resize(self, size: tuple[int, int]) -> None:
        self.lay = self._compute_layout(size)
        self._board_base = None
        self._static = None
        self.anim.finish()
        self._refresh_interaction()

    def on_exit(self) -> None:
        if self.runner is not None:
            try:
                self.runner.cancel()
            except Exception:
                pass
        base = getattr(super(), "on_exit", None)
        if base:
            base()

    # ---- drawing -------------------------------------------------------------------
    def draw(self, surface: pygame.Surface) -> None:
        if surface.get_size() != self.lay.size:
            # Drawing must not change game state; re-layout is presentation only.
            self.lay = self._compute_layout(surface.get_size())
            self._board_base = None
            self._place_buttons()
        key = (self._version, self.anim.version, self.lay.size, id(self.snap))
        if self._static is None or self._static_key != key or \
                self._static.get_size() != surface.get_size():
            self._static = self._draw_static(surface)
            self._static_key = key
        surface.blit(self._static, (0, 0))
        pulse = 0.65 + 0.35 * math.sin(self.clock * 4.0)
        for i in range(len(self.snap["players"])):
            panels.draw_money(self, surface, i)
        self._draw_barn_cards_overlay(surface, pulse)
        board_view.draw_overlay(self, surface, self.clock)
        draw_offer_overlay(self, surface, pulse)
        draw_bid_overlay(self, surface, pulse)
        draw_reveal_overlay(self, surface, pulse)
        self._draw_buttons(surface)
        self.anim.draw(surface)

    def _draw_barn_cards_overlay(self, surface: pygame.Surface, pulse: float) -> None:
        """A barn card its owner may play now glows in his panel (and the barn on the board)."""
        if not (self.human_turn and self.inter and self.snap.get("phase") == "buying"):
            return
        seat = self.snap.get("current_player")
        playable = self.inter.stored_barns()
        if not playable:
            return
        c = pygame.Color(self.style.color("gold"))
        sel = self.inter.sel
        for cell, r in panels.geometry(self, seat)["barns"]:
            if any(self._same_tile(cell, b) for b in playable):
                picked = sel is not None and sel.kind == "stored" and self._same_tile(cell, sel.cell)
                alpha = 255 if picked else int(120 + 120 * pulse)
                alpha_rect(surface, (c.r, c.g, c.b, alpha), r.inflate(self.lay.px(4), self.lay.px(4)),
                           self.lay.px(4), self.lay.px(2))

    def draw_after_ui(self, surface: pygame.Surface) -> None:
        self._draw_tooltip(surface)

    def _draw_static(self, like: pygame.Surface) -> pygame.Surface:
        lay, st, snap = self.lay, self.style, self.snap
        surf = pygame.Surface(like.get_size()).convert() if pygame.display.get_surface() \
            else pygame.Surface(like.get_size())
        surf.fill(st.color("background"))
        # Top bar.
        pygame.draw.rect(surf, st.color("panel_dark"), lay.top_bar)
        pygame.draw.line(surf, st.color("gold"), (0, lay.top_bar.bottom - 1),
                         (lay.top_bar.right, lay.top_bar.bottom - 1), max(1, lay.px(2)))
        t = st.text("New England", "title", lay.px(30), st.color("title_text"))
        surf.blit(t, (lay.title_rect.x, lay.title_rect.centery - t.get_height() // 2))
        self._draw_status(surf)
        draw_bid_track(self, surf)
        # Board.
        if self._board_base is None:
            self._board_base = board_view.draw_base(self)
        # The board lies on the table: a soft shadow and a thin frame.
        alpha_rect(surf, (0, 0, 0, 70), lay.board_rect.move(lay.px(5), lay.px(6)), lay.px(6))
        surf.blit(self._board_base, lay.board_rect)
        pygame.draw.rect(surf, shade(st.color("panel_border"), 0.8),
                         lay.board_rect.inflate(lay.px(4), lay.px(4)), lay.px(2),
                         border_radius=lay.px(3))
        board_view.draw_tiles(self, surf)
        for i in range(len(snap["players"])):
            panels.draw_panel(self, surf, i)
        draw_offer(self, surf)
        self._draw_log(surf)
        self._draw_prompt(surf)
        return surf

    def _draw_status(self, surf: pygame.Surface) -> None:
        """Round and phase, and whose turn it is (badge = colour and initial)."""
        lay, st, snap = self.lay, self.style, self.snap
        r = lay.status_rect
        rnd = snap.get("round", 0)
        phase = PHASE_TITLES.get(snap.get("phase"), "")
        line1 = f"Round {rnd} · {phase}" if rnd else phase
        if snap.get("phase") == "game_over":
            line1 = f"After {rnd} rounds"
        seat = snap.get("current_player")
        x = r.x
        if seat is not None:
            b = badge(st, self.family(seat), int(r.height * 0.62))
            surf.blit(b, (x, r.centery - b.get_height() // 2))
            x += b.get_width() + lay.px(8)
        t1 = fit_text(st, line1, "body", lay.px(12), st.color("text_dim_on_dark"), r.right - x)
        who = f"{self.seat_name(seat)}'s turn" if seat is not None else "Game over"
        t2 = fit_text(st, who, "bold", lay.px(16), st.color("text_on_dark"), r.right - x)
        y = r.centery - (t1.get_height() + t2.get_height()) // 2
        surf.blit(t1, (x, y))
        surf.blit(t2, (x, y + t1.get_height()))

    def _draw_log(self, surf: pygame.Surface) -> None:
        lay, st = self.lay, self.style
        r = lay.log_rect
        alpha_rect(surf, st.color("log_bg"), r, lay.px(8))
        head = st.text("Game log", "bold", lay.px(12), st.color("text_dim_on_dark"))
        surf.blit(head, (r.x + lay.px(8), r.y + lay.px(5)))
        px = lay.px(12)
        lh = st.font("body", px).get_linesize()
        inner_w = r.width - lay.px(30)
        y = r.bottom - lay.px(6)
        seat = self.snap.get("current_player")
        since = self.last_turn.get(seat, 10 ** 9) if self.human_turn else 10 ** 9
        top = r.y + lay.px(8) + head.get_height()
        shown = self.log[:len(self.log) - self.log_scroll] if self.log_scroll else self.log
        if self.log_scroll:
            note = st.text(f"earlier entries · wheel down for the newest", "body", lay.px(10),
                           st.color("text_dim_on_dark"))
            surf.blit(note, (r.right - note.get_width() - lay.px(8), r.y + lay.px(6)))
        for e in reversed(shown):
            lines = wrap(st, e.text, "body", px, inner_w)
            h = lh * len(lines)
            if y - h < top:
                break
            y -= h
            new = e.index > since and e.seat != seat
            col = st.color("title_text") if new else st.color("log_text")
            if e.seat is not None:
                surf.blit(badge(st, self.family(e.seat), lh - 2), (r.x + lay.px(6), y + 1))
            for i, line in enumerate(lines):
                surf.blit(st.text(line, "body", px, col), (r.x + lay.px(24), y + i * lh))
            y -= lay.px(3)

    def prompt_text(self) -> tuple[str, str]:
        """The two-line instruction in the action bar: what to do now, and how."""
        snap, inter = self.snap, self.inter
        seat = snap.get("current_player")
        if seat is None:
            return "The game is over.", "Final scores follow."
        who = self.seat_name(seat)
        phase = snap.get("phase")
        if not self.human_turn:
            if self.ai_pending is not None:
                return self.ai_words or f"{who} (computer) chose.", "Space or a click: go on now."
            return f"{who} (computer) is thinking…", "Space or a click skips waiting."
        if phase == "start_tiles":
            return (f"{who}: place a start tile ({inter.start_land}).",
                    "Glowing parcels fit. R or the right button turns it; pick a land below.")
        if phase == "offer":
            warn = sorted(n for n, e in self.announce_ends.items() if e)
            legal_n = {a["land_tiles"] for a in inter.by_type("announce_offer")}
            if warn and set(warn) >= legal_n:
                extra = ("  The stock is too low: any choice ends the game now "
                         "(then the final scoring).")
            elif warn:
                extra = f"  Careful: {', '.join(map(str, warn))} ends the game."
            else:
                extra = ""
            return (f"{who}: how many land tiles in the offer?",
                    f"The rest of the 9 slots are filled with cards.{extra}")
        if phase == "bids":
            return (f"{who}: take a bid marker from the track above.",
                    "Its number is your price per item and your place in the buying order "
                    "(highest first).")
        if phase == "buying":
            price = self.current_price()
            s = inter.sel
            bought = snap.get("purchases", 0)
            if s is None:
                reveal = bool(inter.by_type("reveal_extra"))
                hint = ("Ship majority: you may first click the bag or deck to reveal one "
                        "more item. " if reveal else "")
                return (f"{who}: buy up to 2 items, {price} each ({bought} bought).",
                        hint + "Click an offer item; drag a figure to move it; "
                               "then End turn.")
            if s.kind == "slot" and s.land:
                return (f"Place the {s.land} tile.", "Click a glowing parcel. "
                        "Right button cancels.")
            if s.kind == "figure":
                return ("Move the figure.", "Click or drop on a glowing tile. "
                        "Right button cancels.")
            if s.card in FIGURES:
                return (f"Place the {s.card}.", "Click a glowing tile, or store the card in "
                        "a barn. Right button cancels.")
            if s.card:
                return (f"Develop with {s.card}.", "Point at your parcels; R or the wheel "
                        "turns the shape. Click when it glows.")
        return (f"{who}'s turn.", "")

    def _draw_prompt(self, surf: pygame.Surface) -> None:
        lay, st = self.lay, self.style
        r = lay.action_bar
        pygame.draw.rect(surf, st.color("panel_dark"), r, border_radius=lay.px(8))
        seat = self.snap.get("current_player")
        if seat is not None:
            c = st.family(self.family(seat))
            pygame.draw.rect(surf, c, (r.x, r.y, lay.px(6), r.height),
                             border_top_left_radius=lay.px(8), border_bottom_left_radius=lay.px(8))
        main, sub = self.prompt_text()
        x = r.x + lay.px(16)
        if getattr(self, "prompt_above", False) or not self.button_rects:
            w = r.right - x - lay.px(12)
            bottom = (self.button_rects[0].y - lay.px(2)) if self.button_rects else r.bottom
        else:
            w = self.button_rects[0].x - r.x - lay.px(24)
            bottom = r.bottom
        fs_main, fs_sub = lay.px(16), lay.px(12)
        y = r.y + lay.px(10)
        mains = [main]
        if st.font("bold", max(6, int(fs_main * 0.6))).size(main)[0] > w:
            # Too long for one line even in a smaller font: two lines, in a smaller
            # font if that makes it fit, else the second one shortened.
            for f in (1.0, 0.9, 0.8, 0.7):
                mains = wrap(st, main, "bold", max(6, int(fs_main * f)), w)
                if len(mains) <= 2:
                    break
            fs_main = max(6, int(fs_main * f))
            if len(mains) > 2:
                mains = [mains[0], _shorten(st, " ".join(mains[1:]), "bold", fs_main, w)]
        for line in mains:
            t = fit_text(st, line, "bold", fs_main, st.color("text_on_dark"), w)
            surf.blit(t, (x, y))
            y += t.get_height()
        y += lay.px(2)
        lh = st.font("body", fs_sub).get_linesize()
        room = max(0, min(2 if not getattr(self, "prompt_above", False) else 3,
                          (bottom - y) // max(1, lh)))
        lines = wrap(st, sub, "body", fs_sub, w) if sub else []
        if len(lines) > room:
            lines = lines[:room]
            if lines:
                lines[-1] = _shorten(st, lines[-1], "body", fs_sub, w)
        for line in lines:
            tt = st.text(line, "body", fs_sub, st.color("text_dim_on_dark"))
            surf.blit(tt, (x, y))
            y += tt.get_height()

    def _draw_buttons(self, surf: pygame.Surface) -> None:
        lay, st = self.lay, self.style
        hot = self.hover[1] if self.hover and self.hover[0] == "button" else None
        for b, r in zip(self.buttons, self.button_rects):
            if not b.enabled:
                bg, fg = st.color("button_disabled"), st.color("button_text_disabled")
            elif b.selected:
                bg, fg = st.color("gold"), st.color("text")
            elif b.id == hot:
                bg, fg = st.color("button_hover"), st.color("button_text")
            else:
                bg, fg = st.color("button"), st.color("button_text")
            if b.warn and b.enabled:
                bg = shade(st.color("error"), 0.85 if b.id != hot else 1.0)
            pygame.draw.rect(surf, bg, r, border_radius=lay.px(7))
            pygame.draw.rect(surf, st.color("button_border"), r, max(1, lay.px(1)),
                             border_radius=lay.px(7))
            if b.id == "end_turn" and b.enabled:
                pygame.draw.rect(surf, st.color("gold"), r, lay.px(2), border_radius=lay.px(7))
            t = fit_text(st, b.label, "bold", lay.px(15), fg, r.width - lay.px(8))
            second = b.warn or b.sub or ""
            if second:
                t2 = fit_text(st, second, "bold", lay.px(11), st.color("title_text"),
                              r.width - lay.px(6))
                blit_center(surf, t, (r.centerx, r.centery - t2.get_height() // 2))
                blit_center(surf, t2, (r.centerx, r.centery + t.get_height() // 2))
            else:
                blit_center(surf, t, r.center)

    def _draw_tooltip(self, surf: pygame.Surface) -> None:
        if not self.tooltip or self.hover_pos[0] < 0:
            return
        lay, st = self.lay, self.style
        px = lay.px(13)
        lines = wrap(st, self.tooltip, "body", px, lay.px(300))
        surfs = [st.text(line, "body", px, st.color("tooltip_text")) for line in lines]
        w = max(s.get_width() for s in surfs) + lay.px(14)
        h = sum(s.get_height() for s in surfs) + lay.px(10)
        x, y = self.hover_pos[0] + lay.px(16), self.hover_pos[1] + lay.px(18)
        W, H = surf.get_size()
        if x + w > W:
            x = self.hover_pos[0] - w - lay.px(8)
        if y + h > H:
            y = self.hover_pos[1] - h - lay.px(8)
        r = pygame.Rect(x, y, w, h)
        alpha_rect(surf, st.color("tooltip_bg"), r, lay.px(6))
        yy = y + lay.px(5)
        for s in surfs:
            surf.blit(s, (x + lay.px(7), yy))
            yy += s.get_height()

    # ---- queries for tests and the shell's harness --------------------------------------
    def layout(self) -> dict[str, Any]:
        lay = self.lay
        return {"board": lay.board_rect.copy(), "grid": lay.grid_rect.copy(),
                "offer": lay.offer_rect.copy(), "bid_track": lay.bid_track.copy(),
                "log": lay.log_rect.copy(), "action_bar": lay.action_bar.copy(),
                **{f"panel_{i}": r.copy() for i, r in enumerate(lay.panels)}}

    def click_plan(self, action: dict) -> list[tuple[str, Any]]:
        """The events a person makes to take `action` from the current screen.

        Steps are ("move", pos), ("click", pos), ("rclick", pos), ("key", key),
        ("drag", (from_pos, to_pos)). Assumes nothing is picked yet (a leading
        Backspace clears any pick).
        """
        inter = self.inter
        if inter is None:
            return []
        route = inter.route(action)
        plan: list[tuple[str, Any]] = []
        if inter.sel is not None:
            plan.append(("key", pygame.K_BACKSPACE))
        lay = self.lay
        pick = route["pick"]
        orient_now = inter.orient
        if pick is not None:
            kind, what = pick
            if kind == "land":
                if inter.start_land != what:
                    b = self._button_rect(f"land_{what}")
                    if b is not None:
                        plan.append(("click", b.center))
            elif kind == "slot":
                plan.append(("click", slot_rects(self)[what].center))
                orient_now = 0
            elif kind == "stored":
                plan.append(("click", lay.cell_rect(*what).center))
                orient_now = 0
            elif kind == "figure":
                plan.append(("drag", (lay.cell_rect(*what).center,
                                      lay.cell_rect(*route["cell"]).center)))
                return plan
        if route["orient"] is not None:
            n = 2 if action["type"] == "place_start_tile" else max(
                1, len(_orients_for(inter, action, self.cards)))
            steps = (route["orient"] - orient_now) % n
            plan.extend(("key", pygame.K_r) for _ in range(steps))
        if route["cell"] is not None:
            plan.append(("move", lay.cell_rect(*route["cell"]).center))
            plan.append(("click", lay.cell_rect(*route["cell"]).center))
        elif route["button"] is not None:
            bid = route["button"]
            if bid.startswith("bid_"):
                plan.append(("click", lay.bid_slots[int(bid[4:]) - 1].center))
            elif bid == "reveal_land":
                plan.append(("click", lay.bag_rect.center))
            elif bid == "reveal_card":
                plan.append(("click", lay.deck_rect.center))
            else:
                r = self._button_rect(bid)
                if r is not None:
                    plan.append(("click", r.center))
        return plan

    def _button_rect(self, bid: str) -> pygame.Rect | None:
        for b, r in zip(self.buttons, self.button_rects):
            if b.id == bid:
                return r
        return None


def _shorten(st: Style, line: str, role: str, px: int, max_w: int) -> str:
    """A line cut at a word with an ellipsis: it goes on but there is no more room."""
    font = st.font(role, px)
    words = line.split(" ")
    while len(words) > 1 and font.size(" ".join(words) + " …")[0] > max_w:
        words.pop()
    return " ".join(words).rstrip(".,;:") + " …"


def _orients_for(inter: Interaction, action: dict, cards: dict) -> tuple:
    from .model import orientations

    if action["type"] == "buy_card":
        card = (inter.slot_item(action["slot"]) or {}).get("card")
    else:
        card = None
        for p in inter.snap["players"][inter.seat]["barns"]:
            if inter.tkey(p["cell"]) == inter.tkey(action["barn"]):
                card = p.get("card")
    pattern = (cards.get(card) or {}).get("pattern")
    return orientations(pattern) if pattern else ((),)


def _blit_scaled(img: pygame.Surface):
    def draw(surface: pygame.Surface, rect: pygame.Rect, t: float) -> None:
        if img.get_size() == rect.size:
            surface.blit(img, rect)
        else:
            surface.blit(pygame.transform.scale(img, rect.size), rect)
    return draw


def _flip(plain: pygame.Surface, dev: pygame.Surface):
    """A tile turning over: it narrows to an edge, then widens showing the other side."""
    def draw(surface: pygame.Surface, rect: pygame.Rect, t: float) -> None:
        img = plain if t < 0.5 else dev
        f = abs(math.cos(math.pi * t))
        w = max(1, int(rect.width * f)) if rect.width >= rect.height else rect.width
        h = rect.height if rect.width >= rect.height else max(1, int(rect.height * f))
        if rect.width >= rect.height:
            w = max(1, int(rect.width * f))
        r = pygame.Rect(0, 0, w, h)
        r.center = rect.center
        surface.blit(pygame.transform.scale(img, r.size), r)
    return draw
