"""The rule pages' one look: the whole rules (rules.py) and the summary (rules_summary.py)
are the same kind of page, a sheet of parchment in the shell's frame, with the same headings,
body face, margins and card pictures. A page is drawn once onto a tall surface (cached by
size, scale, theme and language); scrolling blits a window of it.

Wheel, arrow keys, Page Up/Down, Home/End scroll; Escape or Close returns.
"""
from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypedDict

import pygame

from ne_game import i18n
from ne_game.game.gamedata import default_ruleset
from ne_game.i18n import _, data_text, fmt, land_name
from ne_game.rules import Ruleset
from ne_game.ui.look.widgets import dim, draw_heading_rule, draw_panel, draw_parchment
from ne_game.ui.scenes.table.draw.gfx import Style, alpha_rect, fit_text, wrap
from ne_game.ui.shell.scene_base import Scene

if TYPE_CHECKING:  # pragma: no cover
    from ne_game.ui.shell.app import App

PAGE_W = 860          # reference pixels at 1280x720


class _SectionText(TypedDict):
    title: str
    text: str


class RulesSection(_SectionText, total=False):
    """One section of a rules page, in the current language."""
    pictures: list[str]      # "card:F2", "land:field", "developed:field", "figure:ship"
    captions: list[str]


def page_texts(data: Mapping[str, object]) -> tuple[str, list[RulesSection]]:
    """(title, sections) of a rules file in the current language."""
    if "error" in data:
        return _("Rules"), [{"title": _("The rules cannot be shown"), "text": str(data["error"])}]
    sections: list[RulesSection] = []
    raw = data.get("section", [])
    for sec in raw if isinstance(raw, list) else []:
        sections.append({
            "title": data_text(str(sec.get("title", ""))),
            "text": data_text(str(sec.get("text", ""))),
            "pictures": list(sec.get("pictures", [])),
            "captions": [data_text(str(c)) for c in sec.get("captions", [])],
        })
    return data_text(str(data.get("title", ""))) or _("Rules"), sections


class RulebookScene(Scene):
    """A page of rules from a data file (`load`), in the rule pages' one look."""

    is_overlay = True

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.data = self.load()
        self.scroll = 0
        self.page: pygame.Surface | None = None
        self.panel = pygame.Rect(0, 0, 0, 0)
        self.view = pygame.Rect(0, 0, 0, 0)
        self.close_rect = pygame.Rect(0, 0, 0, 0)
        self.hover_close = False
        self.mouse: tuple[int, int] | None = None
        self.card_rects: list[tuple[str, pygame.Rect]] = []   # card pictures, page coordinates
        self.sheet = pygame.Rect(0, 0, 0, 0)
        self._built_for: tuple[int, int, float, str, bool, str] | None = None
        self.title = ""

    def load(self) -> Mapping[str, object]:
        """The page's data: a title and [[section]]s (title, text, pictures, captions)."""
        raise NotImplementedError

    def fit(self, st: Style, text: str, role: str, px: int, color: pygame.Color, max_w: int) -> pygame.Surface:
        """A line shrunk to fit (gfx.fit_text); a page may route it through its own module."""
        return fit_text(st, text, role, px, color, max_w)

    # ------------------------------------------------------------ layout
    def _u(self) -> float:
        w, h = self.app.screen_size
        return min(w / 1280, h / 720) * self.app.ui_scale_factor

    def px(self, v: float, factor: float = 1.0) -> int:  # type: ignore[override]
        return max(1, int(round(v * self._u() * factor)))

    def _build(self) -> None:
        w, h = self.app.screen_size
        key = (w, h, self._u(), self.app.theme.name, bool(getattr(self.app.settings, "colorblind", False)),
               i18n.current_language())
        if key == self._built_for and self.page is not None:
            return
        self._built_for = key
        st = Style(self.app.theme, key[4])
        pw = min(self.px(PAGE_W), w - self.px(40))
        self.panel = pygame.Rect(0, 0, pw, h - self.px(40))
        self.panel.center = (w // 2, h // 2)
        head = self.px(58)
        foot = self.px(56)
        # the parchment sheet fills the frame between the title and the foot; the text sits
        # inside it with a page's margins, the scroll bar in its right margin
        self.sheet = pygame.Rect(self.panel.x + self.px(16), self.panel.y + head, pw - self.px(32),
                                 self.panel.h - head - foot)
        self.view = self.sheet.inflate(-self.px(56), -self.px(24))
        self.view.x = self.sheet.x + self.px(24)
        bw, bh = self.px(180), self.px(40)
        # Close at the foot's right end, the keys hint at its left with the width it needs
        self.close_rect = pygame.Rect(self.sheet.right - bw, self.panel.bottom - foot + (foot - bh) // 2, bw, bh)
        self.title, sections = page_texts(self.data)
        self.page = self._render_page(st, self.view.w, sections)
        self.scroll = max(0, min(self.scroll, self.max_scroll()))

    def _render_page(self, st: Style, width: int, sections: list[RulesSection]) -> pygame.Surface:
        """Draw the whole text once onto a tall surface; scrolling just blits a window of it."""
        body, head = self.px(14), self.px(22)
        ops: list[tuple[str, Any, int]] = []     # (kind, what, height)
        line_h = st.font("body", body).get_linesize()
        rs = default_ruleset()
        for sec in sections:
            ops.append(("head", sec["title"], st.font("title", head).get_linesize() + self.px(10)))
            for para in sec["text"].split("\n\n"):
                items: list[str] = []
                for raw in para.splitlines():
                    line = raw.strip()
                    if line.startswith("- "):
                        items.append("• " + line[2:])
                    elif items:
                        items[-1] += " " + line
                    else:
                        items.append(line)
                for item in items:
                    indent = self.px(16) if item.startswith("• ") else 0
                    for k, line in enumerate(wrap(st, item, "body", body, width - indent - self.px(16))):
                        ops.append(("line", (line, indent if (k == 0 or not indent) else indent + self.px(12)), line_h))
                ops.append(("gap", None, self.px(8)))
            pics = sec.get("pictures", [])   # a page that says the file is broken has none
            if pics:
                caps = [self._caption(p, c) for p, c in zip(pics, sec["captions"] + [""] * len(pics))]
                tall = self.px(100) if any(p.startswith("card:") for p in pics) else self.px(64)
                slot_w = self._slot_w(width, len(pics))
                cap_font = st.font("body", self.px(11))
                rows = max(len(self._caption_lines(st, c, slot_w)) for c in caps)
                ops.append(("pics", list(zip(pics, caps)), tall + self.px(18) + rows * cap_font.get_linesize()))
            ops.append(("gap", None, self.px(10)))
        total = sum(h for _, _, h in ops) + self.px(10)
        self.card_rects = []
        surf = pygame.Surface((width, total), pygame.SRCALPHA)
        y = 0
        for kind, what, h in ops:
            if kind == "head":
                surf.blit(st.text(what, "title", head, st.color("accent")), (0, y))
                rule_y = y + st.font("title", head).get_linesize()
                pygame.draw.line(surf, st.color("panel_border"), (0, rule_y), (width - self.px(16), rule_y),
                                 max(1, self.px(1)))
            elif kind == "line":
                text, indent = what
                surf.blit(st.text(text, "body", body, st.color("text")), (indent, y))
            elif kind == "pics":
                self._draw_pictures(surf, st, what, y, width, rs)
            y += h
        return surf

    def _draw_pictures(self, surf: pygame.Surface, st: Style, items: list[tuple[str, str]], y: int, width: int, rs: Ruleset) -> None:
        from ne_game.ui.scenes.table.draw import card_face, pieces
        slot_w = self._slot_w(width, len(items))
        cap_px = self.px(11)
        tallest = 0
        for name, _caption in items:
            tallest = max(tallest, self.px(100) if name.startswith("card:") else self.px(64))
        for k, (name, caption) in enumerate(items):
            kind, _sep, what = name.partition(":")
            cx = k * slot_w + slot_w // 2
            img = None
            if kind == "card":
                img = card_face.card(st, what, (self.px(72), self.px(100)), rs)
            elif kind in ("land", "developed"):
                img = pieces.land_tile(st, what, kind == "developed", self.px(64))
            elif kind == "figure":
                img = pieces.figure(st, what, self.px(64))
            if img is not None:
                r = img.get_rect(midtop=(cx, y + self.px(4)))
                surf.blit(img, r)
                if kind == "card":
                    self.card_rects.append((what, r.copy()))     # page coordinates
            lines = self._caption_lines(st, caption, slot_w)
            yy = y + tallest + self.px(10)
            for line in lines:
                t = st.text(line, "body", cap_px, st.color("text_dim"))
                surf.blit(t, t.get_rect(midtop=(cx, yy)))
                yy += t.get_height()

    def _slot_w(self, width: int, n: int) -> int:
        return min(self.px(118), width // max(1, n))

    @staticmethod
    def _caption(name: str, caption: str) -> str:
        """The caption under a picture: the file's, else the land's name in this language."""
        kind, _sep, what = name.partition(":")
        if caption or kind not in ("land", "developed"):
            return caption
        return land_name(what) if kind == "land" else fmt("{land}, developed", land=land_name(what))

    def _caption_lines(self, st: Style, caption: str, slot_w: int) -> list[str]:
        """Each " · " part of a caption on its own line(s): no part is ever cut off."""
        lines: list[str] = []
        for part in caption.split(" · "):
            lines += wrap(st, part, "body", self.px(11), slot_w - self.px(6))
        return [line for line in lines if line]

    def max_scroll(self) -> int:
        return max(0, (self.page.get_height() if self.page else 0) - self.view.h)

    def scroll_by(self, dy: int) -> None:
        self.scroll = max(0, min(self.max_scroll(), self.scroll + dy))

    # ------------------------------------------------------------ events
    def on_resize(self, size: tuple[int, int]) -> None:
        self._built_for = None

    def process_event(self, event: pygame.event.Event) -> bool:
        self._build()
        step = self.px(48)
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-event.y * step)
        elif event.type == pygame.MOUSEMOTION:
            self.hover_close = self.close_rect.collidepoint(event.pos)
            self.mouse = tuple(event.pos)
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            if self.close_rect.collidepoint(event.pos):
                self.app.pop()
            elif self._track().collidepoint(event.pos):
                t = self._track()
                self.scroll = int((event.pos[1] - t.y) / max(1, t.h) * self.max_scroll())
        elif event.type == pygame.KEYDOWN:
            k = event.key
            if k in (pygame.K_ESCAPE, pygame.K_RETURN):
                self.app.pop()
            elif k in (pygame.K_DOWN, pygame.K_UP):
                self.scroll_by(step if k == pygame.K_DOWN else -step)
            elif k in (pygame.K_PAGEDOWN, pygame.K_SPACE, pygame.K_PAGEUP):
                self.scroll_by(self.view.h - step if k != pygame.K_PAGEUP else step - self.view.h)
            elif k == pygame.K_HOME:
                self.scroll = 0
            elif k == pygame.K_END:
                self.scroll = self.max_scroll()
        return True   # modal

    def _track(self) -> pygame.Rect:
        return pygame.Rect(self.sheet.right - self.px(18), self.view.y, self.px(8), self.view.h)

    # ------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        self._build()
        theme = self.app.theme
        st = Style(theme, bool(getattr(self.app.settings, "colorblind", False)))
        dim(surface, theme)
        scale = self._u()
        draw_panel(surface, self.panel, theme, scale)
        title = self.fit(st, self.title, "title", self.px(28), st.color("title_text"), self.panel.w - self.px(40))
        surface.blit(title, title.get_rect(midtop=(self.panel.centerx, self.panel.y + self.px(8))))
        draw_heading_rule(surface, (self.panel.centerx, self.panel.y + self.px(12) + title.get_height()),
                          min(self.panel.w // 3, self.px(260)), theme, scale)
        draw_parchment(surface, self.sheet, theme, scale)
        if self.page is not None:
            surface.blit(self.page, self.view.topleft, pygame.Rect(0, self.scroll, self.view.w, self.view.h))
        track = self._track()
        if self.page is not None and self.max_scroll() > 0:
            alpha_rect(surface, (*pygame.Color(st.color("panel_border"))[:3], 60), track, self.px(4))
            frac = self.view.h / max(1, self.page.get_height())
            th = max(self.px(24), int(track.h * frac))
            ty = track.y + int((track.h - th) * self.scroll / max(1, self.max_scroll()))
            alpha_rect(surface, (*pygame.Color(st.color("panel_border"))[:3], 230),
                       pygame.Rect(track.x, ty, track.w, th), self.px(4))
        radius = self.px(8)
        pygame.draw.rect(surface, st.color("button_hover") if self.hover_close else st.color("button"),
                         self.close_rect, border_radius=radius)
        pygame.draw.rect(surface, st.color("gold") if self.hover_close else st.color("button_border"),
                         self.close_rect, max(1, self.px(2)), border_radius=radius)
        t = self.fit(st, _("Close"), "bold", self.px(17), st.color("button_text"), self.close_rect.w)
        surface.blit(t, t.get_rect(center=self.close_rect.center))
        hint = self.fit(st, _("Wheel or arrow keys scroll · Escape closes"), "body", self.px(12),
                        st.color("text_dim_on_dark"), self.close_rect.x - self.panel.x - self.px(36))
        surface.blit(hint, (self.panel.x + self.px(24), self.close_rect.centery - hint.get_height() // 2))
        card = self.hovered_card()
        if card is not None and self.mouse is not None:
            self._draw_card_zoom(surface, st, card, self.mouse)

    def hovered_card(self) -> str | None:
        """The card picture under the pointer (shown large, its pattern drawn)."""
        pos = self.mouse
        if pos is None or not self.view.collidepoint(pos):
            return None
        at = (pos[0] - self.view.x, pos[1] - self.view.y + self.scroll)
        return next((cid for cid, r in self.card_rects if r.collidepoint(at)), None)

    def _draw_card_zoom(self, surface: pygame.Surface, st: Style, card: str,
                        pos: tuple[int, int]) -> None:

        ch = min(self.px(260), int(surface.get_height() * 0.5))
        cw = int(ch * 0.72)
        x, y = pos
        r = pygame.Rect(0, 0, cw + self.px(16), ch + self.px(16))
        r.midleft = (x + self.px(24), y)
        if r.right > surface.get_width():
            r.midright = (x - self.px(24), y)
        r.clamp_ip(surface.get_rect())
        alpha_rect(surface, st.color("tooltip_bg"), r, self.px(8))
        pygame.draw.rect(surface, st.color("gold"), r, max(1, self.px(1)), border_radius=self.px(8))
        from ne_game.ui.scenes.table.draw import card_face

        surface.blit(card_face.card(st, card, (cw, ch), default_ruleset()), (r.x + self.px(8), r.y + self.px(8)))

    def layout(self) -> dict[str, pygame.Rect]:
        self._build()
        return {"panel": self.panel.copy(), "view": self.view.copy(), "sheet": self.sheet.copy(),
                "button_close": self.close_rect.copy()}
