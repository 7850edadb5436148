"""New game: as many players as the game data allows (3 or 4 shipped); each person gets a
name, a family and human/computer.

The engine fixes families to seats in the game data's order (seat 0 is its first family; a
game with fewer players uses the first ones), so "choosing a family" means choosing a seat:
picking a family another person holds swaps the two. The start player is drawn by
the engine from the game's seed; WhoStartsScene animates toward it.
"""
from __future__ import annotations

import dataclasses
from typing import TYPE_CHECKING, Any, cast

import pygame
import pygame_gui

from ne_game.ai.levels import menu_levels
from ne_game.game.gamedata import seat_counts
from ne_game.game.session import GameSession, Seat, family_order
from ne_game.i18n import _, fmt
from ne_game.ui.look import glyphs
from ne_game.ui.look.theme import Theme
from ne_game.ui.look.widgets import FocusGrid, Segmented, background, draw_badge, draw_panel, family_name, fit_render
from ne_game.ui.shell import input_map as im
from ne_game.ui.shell.scene_base import Scene
from ne_game.ui.text.seat_names import COMPUTER_NAMES, computer_name, default_name, is_placeholder
from ne_game.ui.text.words import level_name

if TYPE_CHECKING:  # pragma: no cover
    from ne_game.ui.shell.app import App

NAME_LIMIT = 16
VARIANT_KEY = "start_tiles_touch_diagonally"


PHONE = "phone"             # a person playing on a phone (ne_game.net; docs/phones.md)
PEOPLE = ("human", PHONE)


def seat_choices() -> tuple[str, ...]:
    """Who may sit at a seat of a new game: a person (at the TV, or on a phone), or a level
    the menus offer (ne_game.ai.LEVELS)."""
    return ("human", PHONE, *menu_levels())


def kind_label(kind: str) -> str:
    """A seat choice's words: the phone's here, a person's or a computer's from the table's words."""
    return _("On a phone") if kind == PHONE else level_name(kind)


class SetupScene(Scene):
    ref_content = (1200, 680)

    def __init__(self, app: App) -> None:
        super().__init__(app)
        fams = family_order()
        # The player counts offered and the rows of the form, from the game data's seat range.
        self.counts: list[int] = list(seat_counts())
        self.rows_max = self.counts[-1]
        last = app.settings.last_seats
        self.people: list[dict[str, str]] = []   # {name, family, kind} per person
        for i in range(self.rows_max):
            prev = last[i] if i < len(last) and isinstance(last[i], dict) else {}
            name = str(prev.get("name") or default_name(i + 1))[:NAME_LIMIT]
            kind = prev.get("kind") or "human"
            kind = kind if kind in seat_choices() else "human"
            self.people.append({"name": name, "family": fams[i], "kind": kind})
        # the name the setup gave each seat (a computer's colonist), "" where the player typed
        # it: only a given name follows the seat's kind (playtest 11a: a typed "Ezekiel" became
        # "Joueur 1" when its seat was made a person's). A remembered computer seat's colonist
        # was given by the setup then.
        self.given: list[str] = [p["name"] if p["kind"] not in PEOPLE and p["name"] in COMPUTER_NAMES else ""
                                 for p in self.people]
        for i in range(self.rows_max):
            if self.people[i]["kind"] not in PEOPLE and is_placeholder(self.people[i]["name"]):
                self._name_computer(i)
        prev_fams = [p.get("family") or "" for p in last[:self.rows_max]] if len(last) >= self.counts[0] else []
        if sorted(f for f in prev_fams if f) == sorted(fams[:len(prev_fams)]):
            for p, f in zip(self.people, prev_fams):
                p["family"] = f
        self.count = len(last) if len(last) in self.counts else self.rows_max
        self.variant_diagonal = False
        self._normalize_families()
        self.name_boxes: list[pygame_gui.elements.UITextEntryLine] = []
        self.kind_rows: list[Segmented] = []
        self.count_row: Segmented | None = None
        self.variant_row: Segmented | None = None
        self.family_hits: list[list[tuple[str, pygame.Rect]]] = []
        self.row_rects: list[pygame.Rect] = []
        self.panel_rect = pygame.Rect(0, 0, 0, 0)
        self.back: pygame_gui.elements.UIButton | None = None
        self.start: pygame_gui.elements.UIButton | None = None
        self.focus = FocusGrid()       # keyboard and pad play: every control of the form
        self.pad_of: dict[int, int] = {}   # person -> the pad bound to their seat (A on "Player N")
        self.label_rects: list[pygame.Rect] = []
        self.build()

    # ------------------------------------------------------------ model
    def families_in_play(self) -> list[str]:
        return family_order()[: self.count]

    def _normalize_families(self) -> None:
        """Active people hold exactly the families in play (swap with an inactive one if not)."""
        in_play = self.families_in_play()
        for i in range(self.count):
            if self.people[i]["family"] not in in_play:
                for j in range(self.count, self.rows_max):
                    if self.people[j]["family"] in in_play and self.people[j]["family"] not in \
                            [p["family"] for p in self.people[: self.count]]:
                        self.people[i]["family"], self.people[j]["family"] = \
                            self.people[j]["family"], self.people[i]["family"]
                        break

    def choose_family(self, person: int, family: str) -> None:
        for j, other in enumerate(self.people):
            if other["family"] == family and j != person:
                other["family"] = self.people[person]["family"]
        self.people[person]["family"] = family

    def _read_names(self) -> None:
        for i, box in enumerate(self.name_boxes):
            self.people[i]["name"] = box.get_text().strip()[:NAME_LIMIT]
            if self.people[i]["name"] != self.given[i]:
                self.given[i] = ""          # typed over: the player's own name from now on

    def _name_computer(self, i: int) -> None:
        others = [p["name"] for j, p in enumerate(self.people) if j != i]
        self.people[i]["name"] = self.given[i] = computer_name(others)

    def set_kind(self, i: int, kind: str) -> None:
        """A seat becomes human or computer. A computer seat nobody named gets a colonist's
        name; it gives that name back ("Player N") when it becomes human again; a name the
        player typed stays, whatever the kind."""
        self._read_names()
        person = self.people[i]
        was_computer = person["kind"] not in PEOPLE
        person["kind"] = kind
        if kind not in PEOPLE and is_placeholder(person["name"]):
            self._name_computer(i)
        elif kind in PEOPLE and was_computer and self.given[i] and person["name"] == self.given[i]:
            person["name"] = default_name(i + 1)
            self.given[i] = ""
        if i < len(self.name_boxes):
            self.name_boxes[i].set_text(person["name"])

    def seats(self) -> list[Seat]:
        """Seats in engine order: seat k is whoever chose family k."""
        self._read_names()
        by_family = {p["family"]: (i, p) for i, p in enumerate(self.people[: self.count])}
        out = []
        for fam in self.families_in_play():
            i, p = by_family[fam]
            name = p["name"]
            if not name:
                name = default_name(i + 1) if p["kind"] in PEOPLE else \
                    computer_name(q["name"] for q in self.people[: self.count])
            phone = p["kind"] == PHONE
            out.append(Seat(name=name, family=fam, kind="human" if phone else p["kind"], phone=phone))
        return out

    # ------------------------------------------------------------ widgets
    def build(self) -> None:
        if self.name_boxes:
            self._read_names()
        self.reset_ui_manager()
        app, mgr = self.app, self.ui_manager
        W, H = app.screen_size
        bh, gap, pad = self.px("button_height"), self.px("gap"), self.px("panel_padding") * 2
        row_h, name_w, fam_slot, kind_w, badge_w, label_w, inner_w = _columns(self)
        head = self.px("font_heading", 1.7)
        # Room for the most rows whatever the count: switching 4 -> 3 players must not move the
        # rows under the pointer (the panel would re-centre and the next click miss).
        h = pad * 2 + head + (bh + gap * 3) + self.rows_max * (row_h + gap) + bh * 2 + gap * 2
        self.panel_rect = pygame.Rect(0, 0, inner_w + pad * 2, h)
        self.panel_rect.center = (W // 2, H // 2)
        x0, y = self.panel_rect.x + pad, self.panel_rect.y + pad // 2
        pygame_gui.elements.UILabel(pygame.Rect(x0, y, inner_w, head), _("New game"), mgr,
                                    object_id=pygame_gui.core.ObjectID(class_id="@heading"))
        y += head
        pygame_gui.elements.UILabel(pygame.Rect(x0, y, label_w, bh), _("Players"), mgr)
        count_w = self.px("button_width", 0.35 * len(self.counts))   # each count's button keeps its width
        self.count_row = Segmented(mgr, pygame.Rect(x0 + label_w + gap, y, count_w, bh),
                                   [(n, str(n)) for n in self.counts], self.count, gap=gap // 2,
                                   object_prefix="count")
        vx = x0 + label_w + gap + count_w + gap * 4
        vlabel_w = max(self.px("button_width", 1.25),
                       app.theme.font("body", self.px("font_body")).size(_("Start tiles may touch diagonally"))[0]
                       + gap * 2)
        vlabel_w = min(vlabel_w, x0 + inner_w - vx - gap - self.px("button_width", 0.55))
        pygame_gui.elements.UILabel(pygame.Rect(vx, y, vlabel_w, bh), _("Start tiles may touch diagonally"),
                                    mgr)
        self.variant_row = Segmented(mgr, pygame.Rect(vx + vlabel_w + gap, y, self.px("button_width", 0.55), bh),
                                     [(False, _("No")), (True, _("Yes"))], self.variant_diagonal, gap=gap // 2,
                                     object_prefix="variant")
        y += bh + gap * 3
        self.name_boxes, self.kind_rows, self.family_hits, self.row_rects = [], [], [], []
        body = app.theme.font("body", self.px("font_body"))
        kind_weights = [body.size(kind_label(k))[0] + gap * 2 for k in seat_choices()]
        self.label_rects = []
        in_play = self.families_in_play()
        for i in range(self.count):
            person = self.people[i]
            row = pygame.Rect(x0, y, inner_w, row_h)
            self.row_rects.append(row)
            cy = row.centery
            lx = x0 + badge_w + gap
            self.label_rects.append(pygame.Rect(lx, cy - bh // 2, label_w, bh))
            pygame_gui.elements.UILabel(self.label_rects[-1], default_name(i + 1), mgr)
            nx = lx + label_w + gap
            box = pygame_gui.elements.UITextEntryLine(pygame.Rect(nx, cy - bh // 2, name_w, bh), mgr,
                                                      initial_text=person["name"])
            box.set_text_length_limit(NAME_LIMIT)
            self.name_boxes.append(box)
            fx = nx + name_w + gap * 2
            hits = []
            for fam in in_play:
                r = pygame.Rect(fx, cy - fam_slot // 2, fam_slot, fam_slot)
                hits.append((fam, r))
                fx += fam_slot + gap // 2
            self.family_hits.append(hits)
            kx = nx + name_w + gap * 4 + self.rows_max * (fam_slot + gap // 2)
            self.kind_rows.append(Segmented(mgr, pygame.Rect(kx, cy - bh // 2, kind_w, bh),
                                            [(k, kind_label(k)) for k in seat_choices()], person["kind"],
                                            gap=gap // 2, object_prefix=f"kind{i}", weights=kind_weights))
            y += row_h + gap
        if self.count < self.rows_max:
            # The empty rows' place stays (rows never jump); say why they are empty.
            out = ", ".join(family_name(f) for f in family_order()[self.count:])
            pygame_gui.elements.UILabel(pygame.Rect(x0, y + (row_h - bh) // 2, inner_w, bh),
                                        fmt("{count} players: the {family} family sits this game out.",
                                            count=self.count, family=out), mgr,
                                        object_id=pygame_gui.core.ObjectID(class_id="@dim"))
        y = self.panel_rect.bottom - pad // 2 - bh - gap
        order = " → ".join(family_name(f) for f in in_play)
        pygame_gui.elements.UILabel(pygame.Rect(x0, y - bh, inner_w, bh),
                                    fmt("Turn order runs {order}; the start player is drawn at random.",
                                        order=order), mgr,
                                    object_id=pygame_gui.core.ObjectID(class_id="@dim"))
        if self.app.pads.open or self.app.pads.last_device == "pad":
            # where binding a pad to a seat is offered, say how it works
            pygame_gui.elements.UILabel(pygame.Rect(x0, y - 2 * bh, inner_w, bh),
                                        _("Game pads: press A on a player's name label to give that seat its "
                                          "own pad. A pad with no seat plays whoever is on turn."), mgr,
                                        object_id=pygame_gui.core.ObjectID(class_id="@dim"))
        # the buttons grow to their words ("Commencer la partie" is longer than "Start game")
        bold = app.theme.font("bold", self.px("font_button"))
        bw = max(self.px("button_width", 0.8), max(bold.size(t)[0] for t in (_("Back"), _("Start game")))
                 + self.px("gap") * 4)
        self.back = pygame_gui.elements.UIButton(pygame.Rect(x0, y, bw, bh), _("Back"), mgr)
        self.start = pygame_gui.elements.UIButton(pygame.Rect(x0 + inner_w - bw, y, bw, bh), _("Start game"), mgr,
                                                  object_id=pygame_gui.core.ObjectID(object_id="#primary"))
        self._focus_rows()

    def _focus_rows(self) -> None:
        """The form as rows for the focus ring: players and variant; each person; Back, Start."""
        assert self.count_row and self.variant_row and self.back and self.start   # built above
        rows: list[list[tuple[Any, pygame.Rect]]] = [
            [(("count", v), self.count_row.rect_of(v)) for v in self.counts]
            + [(("variant", v), self.variant_row.rect_of(v)) for v in (False, True)]]
        for i in range(self.count):
            rows.append([(("pad", i), self.label_rects[i].copy()), (("name", i), self.name_boxes[i].rect.copy())]
                        + [(("family", i, fam), r) for fam, r in self.family_hits[i]]
                        + [(("kind", i, k), self.kind_rows[i].rect_of(k)) for k in seat_choices()])
        rows.append([(("back",), self.back.rect.copy()), (("start",), self.start.rect.copy())])
        self.focus.set_rows(rows, show=self.app.pads.last_device != "mouse", start=("start",))

    def bind_pad(self, i: int, pad: int | None) -> None:
        """Bind a pad to person i's seat (None: unbind): a bound pad then plays only that
        seat; a pad bound to nobody plays whoever is on turn."""
        self.pad_of = {j: p for j, p in self.pad_of.items() if p != pad and j != i}
        if pad is not None and pad >= 0:
            self.pad_of[i] = pad

    def activate(self, key: Any, from_pad: bool = False, pad: int = -1) -> None:
        """Enter (A) on the focused control: what a click on it does. A name opens the
        on-screen keyboard from a pad, the text field from the keyboard."""
        what = key[0]
        if what == "count":
            self.count = int(key[1])
            self._normalize_families()
            self.build()
        elif what == "variant":
            self.variant_diagonal = bool(key[1])
            if self.variant_row is not None:
                self.variant_row.select(key[1])
        elif what == "family":
            self.choose_family(key[1], key[2])
        elif what == "kind":
            self.set_kind(key[1], str(key[2]))
            self.kind_rows[key[1]].select(key[2])
        elif what == "name":
            self._edit_name(key[1], from_pad)
        elif what == "pad":     # A binds the pad that pressed it; again (or Enter) unbinds
            self.bind_pad(key[1], None if (not from_pad or self.pad_of.get(key[1]) == pad) else pad)
        elif what == "back":
            self.app.pop()
        elif what == "start":
            self.start_game()

    def _edit_name(self, i: int, from_pad: bool) -> None:
        box = self.name_boxes[i]
        if not from_pad:
            self.ui_manager.set_focus_set(box)
            box.edit_position = len(box.get_text())
            box.select_range = [0, len(box.get_text())]   # typing replaces the old name
            return
        self._read_names()

        def done(text: str) -> None:
            self.people[i]["name"] = text.strip()[:NAME_LIMIT]
            if i < len(self.name_boxes):
                self.name_boxes[i].set_text(self.people[i]["name"])

        self.app.push("on_screen_keyboard", text=self.people[i]["name"], limit=NAME_LIMIT,
                      title=f"Player {i + 1}", on_done=done)

    def on_resize(self, size: tuple[int, int]) -> None:
        self.build()

    # ------------------------------------------------------------ events
    def process_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_TEXT_ENTRY_FINISHED and event.ui_element in self.name_boxes:
            # Enter in a name field confirms it and gives the keyboard back to the focus ring
            self.ui_manager.set_focus_set(None)
            self._read_names()
            return True
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.back:
                self.app.pop()
                return True
            if event.ui_element is self.start:
                self.start_game()
                return True
            if self.count_row and (v := self.count_row.handle(event)) is not None:
                self.count = cast(int, v)   # the row's values are the counts offered
                self._normalize_families()
                self.build()
                return True
            if self.variant_row and (v := self.variant_row.handle(event)) is not None:
                self.variant_diagonal = bool(v)
                self.variant_row.select(v)
                return True
            for i, seg in enumerate(self.kind_rows):
                v = seg.handle(event)
                if v is not None:
                    self.set_kind(i, str(v))
                    seg.select(v)
                    return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            self.focus.at = None        # the mouse took over: no ring (Enter is Start game again)
            for i, hits in enumerate(self.family_hits):
                for fam, rect in hits:
                    if rect.collidepoint(event.pos):
                        self.choose_family(i, fam)   # badges are drawn, not widgets: no rebuild
                        return True
        if event.type == pygame.KEYDOWN:
            typing = any(b.is_focused for b in self.name_boxes)
            names = [c.name for c in im.commands(event)]
            if typing and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_ESCAPE):
                self.ui_manager.set_focus_set(None)      # Enter or Esc leaves the name field
                self._read_names()
                return True
            if names and names[0] in im.DIRECTIONS:
                return self.focus.move(names[0])
            if names == [im.CONFIRM] and self.focus.key is not None:
                self.activate(self.focus.key, from_pad=getattr(event, "from_pad", False),
                              pad=getattr(event, "pad", -1))
                return True
            if event.key == pygame.K_ESCAPE:
                self.app.pop()
                return True
            if event.key == pygame.K_TAB and self.name_boxes:
                # Tab walks the name fields, so a whole table can be named from the keyboard.
                focused = [i for i, b in enumerate(self.name_boxes) if b.is_focused]
                step = -1 if getattr(event, "mod", 0) & pygame.KMOD_SHIFT else 1
                nxt = ((focused[0] + step) if focused else 0) % len(self.name_boxes)
                box = self.name_boxes[nxt]
                self.ui_manager.set_focus_set(box)
                box.edit_position = len(box.get_text())
                box.select_range = [0, len(box.get_text())]   # typing replaces the old name
                self.focus.focus(("name", nxt))     # one focus: the ring is on the field being typed in
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) and not any(b.is_focused for b in self.name_boxes):
                self.start_game()
                return True
        return False

    def start_game(self) -> None:
        seats = self.seats()
        settings = self.app.settings
        remembered: list[dict[str, str | None]] = [dict(self.people[i]) for i in range(self.count)]
        self.app.apply_settings(dataclasses.replace(settings, last_seats=remembered))
        variant = {VARIANT_KEY: True} if self.variant_diagonal else {}
        session = GameSession.new(seats, variant=variant)
        self.app.pads.bound = {self.people[i]["family"]: pad for i, pad in self.pad_of.items()
                               if i < self.count}
        self.app.push("who_starts", session=session)

    # ------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        app = self.app
        surface.blit(background(app.theme, app.screen_size), (0, 0))
        draw_panel(surface, self.panel_rect, app.theme, self.gui_scale())
        cb = app.settings.colorblind
        for i, row in enumerate(self.row_rects):
            person = self.people[i]
            pygame.draw.rect(surface, app.theme.color("background_alt"), row, border_radius=self.px("corner_radius"))
            r = int(row.h * 0.36)
            draw_badge(surface, (row.x + row.h // 2 + self.px("gap"), row.centery), r, app.theme,
                       person["family"], cb)
            for fam, rect in self.family_hits[i]:
                chosen = fam == person["family"]
                rr = int(rect.w * (0.36 if chosen else 0.30))
                draw_badge(surface, rect.center, rr, app.theme, fam, cb, ring="gold" if chosen else None)
                if not chosen:
                    veil = pygame.Surface(rect.size, pygame.SRCALPHA)
                    pygame.draw.circle(veil, (0, 0, 0, 110), (rect.w // 2, rect.h // 2), rr + 1)
                    surface.blit(veil, rect)
        # Family names under the big badges would crowd the row; the picker's tooltip is the name.

    def draw_after_ui(self, surface: pygame.Surface) -> None:
        font = self.app.theme.font("body", self.px("font_small"))
        for i, row in enumerate(self.row_rects):
            fam = self.people[i]["family"]
            img = font.render(family_name(fam), True, self.app.theme.color("text_dim_on_dark"))
            cx = row.x + row.h // 2 + self.px("gap")
            surface.blit(img, img.get_rect(midtop=(cx, row.bottom - img.get_height() + 1)))
        pads = sorted(set(self.pad_of.values()))
        for i, pad in self.pad_of.items():     # "Pad 1" under the name of the seat it plays
            if i < len(self.label_rects):
                r = self.label_rects[i]
                h = max(10, r.h // 2)
                glyphs.draw_glyph(surface, fmt("Pad {n}", n=pads.index(pad) + 1), True, r.x,
                                  r.bottom + h // 3, h, self.app.theme)
        self.focus.draw(surface, self.app.theme, self.gui_scale())
        if any(b.is_focused for b in self.name_boxes) and self.row_rects:
            _typing_hint(surface, self.app.theme, self.px("font_body"), self.panel_rect,
                         self.row_rects[-1].bottom + self.px("gap"))

    def layout(self) -> dict[str, object]:
        out: dict[str, object] = {"panel": self.panel_rect.copy(), "rows": [r.copy() for r in self.row_rects],
                     "names": [b.rect.copy() for b in self.name_boxes],
                     "families": [{f: r.copy() for f, r in hits} for hits in self.family_hits],
                     "kinds": [{k: seg.rect_of(k) for k in seat_choices()} for seg in self.kind_rows]}
        if self.count_row:
            out.update({f"count_{n}": self.count_row.rect_of(n) for n in self.counts})
        if self.variant_row:
            out["variant_on"], out["variant_off"] = self.variant_row.rect_of(True), self.variant_row.rect_of(False)
        if self.start and self.back:
            out["button_start"], out["button_back"] = self.start.rect.copy(), self.back.rect.copy()
        return out


def _typing_hint(surface: pygame.Surface, theme: Theme, px: int, panel: pygame.Rect, y: int) -> None:
    """How to get out of a name field, under the seats' rows while one is typed in."""
    img = fit_render(theme, "body", px, _("Enter or Esc: done · Tab: next name"), theme.color("gold"),
                     panel.w - px)
    surface.blit(img, img.get_rect(midtop=(panel.centerx, y)))


def badge_edge(row_h: int, gap: int) -> int:
    """The room between a row's left end and its big badge (drawn with radius 0.36 of the row's
    height, its centre half a row's height and a gap in): the kind buttons end that far from
    the right end."""
    return gap + row_h // 2 - int(row_h * 0.36)


def _columns(setup: SetupScene) -> tuple[int, int, int, int, int, int, int]:
    """The form's columns: (row height, name, family slot, kind, badge, label, inner width).
    Dutch and French labels run longer: the columns grow to their words (measured in the
    theme's fonts), and the name fields give up room first when the window is narrow."""
    px, rows_max = setup.px, setup.rows_max
    W = setup.app.screen_size[0]
    bh, gap, pad = px("button_height"), px("gap"), px("panel_padding") * 2
    row_h = int(bh * 1.5)
    name_w = px("button_width", 0.85)
    fam_slot = int(bh * 1.15)
    body = setup.app.theme.font("body", px("font_body"))
    words = max(body.size(default_name(i + 1))[0] for i in range(rows_max)) + gap * 2
    kinds = [kind_label(k) for k in seat_choices()]
    # each choice as wide as its words (kind_weights): "On a phone" needs more than "Easy"
    kind_need = sum(body.size(k)[0] + gap * 2 for k in kinds) + gap * len(kinds)
    kind_w = max(px("button_width", 1.3), kind_need)
    badge_w = int(row_h * 1.1)
    label_w = max(px("button_width", 0.38), words, body.size(_("Players"))[0] + gap * 2)
    # the row's right end keeps the margin its left end has before the big badge (playtest 2:
    # "Hard" sat flush against the row's edge): the columns and their gaps, then that margin
    edge = badge_edge(row_h, gap)
    inner_w = badge_w + label_w + name_w + rows_max * (fam_slot + gap // 2) + kind_w + gap * 6 + edge
    room = W - pad * 2 - px("margin") * 2
    if inner_w > room:
        cut = max(0, min(inner_w - room, name_w - px("button_width", 0.5)))
        name_w -= cut
        inner_w -= cut
    if inner_w > room:      # then the seat choices keep only the room their words need
        cut = max(0, min(inner_w - room, kind_w - kind_need))
        kind_w -= cut
        inner_w -= cut
    if inner_w > room:      # last, the name fields narrow further (a name scrolls in its field)
        cut = max(0, min(inner_w - room, name_w - px("button_width", 0.3)))
        name_w -= cut
        inner_w -= cut
    return row_h, name_w, fam_slot, kind_w, badge_w, label_w, inner_w
