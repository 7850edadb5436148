"""Settings: animation speed, computer pace, colour-blind palette, UI scale, theme,
fullscreen, thinking time of the hard computer, sound volumes and mute. Changes apply at
once and persist."""
from __future__ import annotations

import dataclasses
import functools
import logging
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

import pygame
import pygame_gui

from ne_game import i18n
from ne_game.i18n import LANGUAGES, N_, _, fmt, pgettext
from ne_game.storage.settings import AI_BUDGETS, AI_PACES, ANIMATION_SPEEDS, SOFA_MODES, offered_budget
from ne_game.ui.look.theme import Theme, ThemeError, available_themes, load_theme
from ne_game.ui.look.widgets import (
    FocusGrid,
    Segmented,
    draw_badge,
    draw_heading_rule,
    draw_parchment,
    family_info,
    fit_render,
    ring_reach,
    wrap_words,
)
from ne_game.ui.shell import input_map as im
from ne_game.ui.shell.overlay import PanelOverlay

if TYPE_CHECKING:  # pragma: no cover
    from ne_game.ui.shell.app import App

log = logging.getLogger(__name__)

UI_SCALES = (100, 125, 150, 175, 200)
VOLUMES = (0, 20, 40, 60, 80, 100)
VOLUME_ROWS = (("master_volume", N_("Master volume")), ("effects_volume", N_("Effects volume")),
               ("music_volume", N_("Music volume")))
# the shipped themes' names (assets/themes/*/theme.toml), so the catalogue has them
THEME_NAMES = (N_("New England"), N_("High contrast"))
#: the groups of the settings, each under its heading, in this order. Four groups of about
#: the same size, so the two columns end level (three left a large empty area under one).
SECTIONS = (("game", N_("Game")), ("assists", N_("Assists")), ("screen", N_("Screen")), ("sound", N_("Sound")))
#: which group a row goes in; a row not named here joins the first group
SECTION_OF = {"language": "game", "animation": "game", "ai_pace": "game", "ai_budget": "game",
              "hints": "assists", "handover": "assists", "recap": "assists", "coach_live": "assists",
              "colorblind": "assists",
              "ui_scale": "screen", "theme": "screen", "fullscreen": "screen", "sofa": "screen",
              "master_volume": "sound", "effects_volume": "sound", "music_volume": "sound", "mute": "sound"}


def _speed(value: str) -> str:
    return {"off": pgettext("speed", "Off"), "normal": pgettext("speed", "Normal"),
            "fast": pgettext("speed", "Fast"), "slow": pgettext("speed", "Slow")}.get(value, value)


def label_margin(gap: int, border: int) -> int:
    """The room between an option's word and its button's border, on each side."""
    return border + max(4, gap)


def _nearest(options: Sequence[int], value: float) -> int:
    return min(options, key=lambda v: abs(v - value))


@functools.lru_cache(maxsize=16)
def _theme_label(name: str) -> str:
    try:
        return load_theme(name).display_name
    except ThemeError as err:
        log.warning("theme %r cannot be loaded for its label: %s", name, err)
        return name


#: the smallest scale the settings shrink to to fit the window (body text stays >= 13 px);
#: below it the rows are pressed closer instead
MIN_FIT_SCALE = 0.72
#: at sofa distance, the share of the sofa's scale the settings keep before they go on pages
SOFA_KEEP = 0.9


@functools.lru_cache(maxsize=8)
def _loaded_theme(name: str) -> Theme | None:
    """A shipped theme, to measure the dialog's words in (None: it cannot be loaded)."""
    try:
        return load_theme(name)
    except ThemeError as err:
        log.warning("theme %r cannot be loaded to measure the settings in: %s", name, err)
        return None


@dataclasses.dataclass(frozen=True)
class _Widths:
    """What the settings' box needs (across, and its height's parts), measured in one theme at
    one scale."""
    side: int          # the frame's margin beside the cards
    gap: int
    card_pad: int
    seg_gap: int
    label_w: int       # the rows' names
    seg_need: int      # the widest row of options, as wide as its words need
    button_w: int      # a button's width: the options' column is at least as wide
    tabs_need: int     # the row of tabs (paged)
    button_h: int
    head: int          # the dialog's title
    sec_head: int      # a group's heading
    pad: int           # above the title and below the buttons

    def width(self, n_cols: int, tight: bool) -> int:
        seg = self.seg_need if tight else max(self.seg_need, self.button_w)
        col = self.card_pad * 2 + self.label_w + self.gap + seg
        return self.side * 2 + n_cols * col + (n_cols - 1) * self.gap

    def height(self, columns: Sequence[Sequence[tuple[str, Sequence[object]]]], paged: bool) -> int:
        """The box's height for `columns` of groups (each a (title, rows)), rows not pressed."""
        pitch = self.button_h + self.gap
        body = max(sum(self.sec_head + self.card_pad * 2 + len(items) * pitch for _t, items in c)
                   + self.gap * 2 * (len(c) - 1) for c in columns)
        foot = self.button_h + self.gap * 3 + (self.button_h + self.gap if paged else 0)
        return self.pad + self.head + body + foot


def _measure(theme: Theme, scale: float, words: _Words, paged: bool) -> _Widths:
    """The box's widths in `theme` at `scale` for `words` (every language's)."""
    def px(key: str, factor: float = 1.0) -> int:
        return max(1, int(round(theme.size(key) * scale * factor)))
    gap, bh = px("gap"), px("button_height")
    # options stand far enough apart that the focus ring around one covers none of its neighbours
    seg_gap = max(gap // 2, ring_reach(scale) + 2)
    body = theme.font("body", px("font_body"))
    label_w = max(px("button_width", 0.5), min(px("button_width", 0.7),
                                               max(body.size(t)[0] for t in words.labels) + gap))
    # Every option's word fits its button with a margin on each side (measured in the
    # buttons' own face, the bold one, so no word touches its border); the colour-blind
    # row leaves room beside its two options for the family samples.
    bold = theme.font("bold", px("font_body"))
    margin = label_margin(gap, px("border_width"))
    seg_need = 0
    for key, options in words.options:
        widest = max(bold.size(name)[0] for name in options) + 2 * margin
        need = len(options) * widest + (len(options) - 1) * seg_gap
        if key == "colorblind":
            need += badges_width(gap, bh)
        seg_need = max(seg_need, need)
    tabs_need = max(sum(bold.size(t)[0] + 2 * margin + seg_gap for t in titles)
                    for titles in words.tabs) if paged else 0
    return _Widths(side=px("panel_padding", 1.5), gap=gap, card_pad=px("panel_padding"), seg_gap=seg_gap,
                   label_w=label_w, seg_need=seg_need, button_w=px("button_width"), tabs_need=tabs_need,
                   button_h=bh, head=px("font_heading", 1.7), sec_head=px("font_heading", 1.45),
                   pad=px("panel_padding") * 2)


def badges_width(gap: int, bh: int) -> int:
    """The room the family samples take beside the colour-blind options (row height `bh`)."""
    r = max(6, int(bh * 0.36))
    n = len(family_info())
    return gap * 3 + n * 2 * r + (n - 1) * gap


@dataclasses.dataclass(frozen=True)
class _Words:
    """What the dialog's widths are measured on, in every language."""
    labels: list[str]
    options: list[tuple[str, list[str]]]
    tabs: list[list[str]]


class SettingsScene(PanelOverlay):
    # No fixed reference size: `build` measures the words it shows (Dutch and French run
    # longer) and shrinks the scale only as much as the window needs, so a larger scale (the
    # sofa's) shows larger wherever there is room.
    ref_content = None

    def __init__(self, app: App, to_game: bool = False) -> None:
        super().__init__(app)
        #: opened from the game's pause menu: Done goes straight back to the game (issue 35:
        #: Done, then Resume, was one press too many); Esc still steps back to the pause menu
        self.to_game = to_game
        self.rows: dict[str, Segmented] = {}
        self.labels: dict[str, pygame.Rect] = {}
        self.done: pygame_gui.elements.UIButton | None = None
        self.controls: pygame_gui.elements.UIButton | None = None
        self.focus = FocusGrid()            # keyboard and pad play
        self.panel_rect = pygame.Rect(0, 0, 0, 0)
        self.badge_row = pygame.Rect(0, 0, 0, 0)
        self.cards: list[tuple[str, pygame.Rect]] = []     # (heading, parchment card) of each group
        self.label_text: dict[str, str] = {}
        self._fit = 1.0        # how much build shrank the app's scale to fit the window
        self.paged = False     # one group at a time under tabs (sofa distance, a short window)
        self.page = 0
        self.tabs: Segmented | None = None
        self.changed: str | None = None   # the row last set: a re-layout keeps it in sight
        self.build()

    def gui_scale(self) -> float:
        return max(0.3, self.app.ui_scale * self._fit)

    def _rows(self) -> list[tuple[str, str, Sequence[tuple[object, str]], object]]:
        s = self.app.settings
        off_on = [(False, _("Off")), (True, _("On"))]
        return [
            # each language named in its own language, so anyone can find theirs
            ("language", _("Language"), list(LANGUAGES.items()), i18n.current_language()),
            ("animation", _("Animations"), [(v, _speed(v)) for v in ANIMATION_SPEEDS], s.animation),
            ("ai_pace", _("Computer pace"), [(v, _speed(v)) for v in AI_PACES], s.ai_pace),
            ("colorblind", _("Colour-blind palette"), off_on, s.colorblind),
            ("ui_scale", _("UI scale"), [(v, i18n.number(v, percent=True)) for v in UI_SCALES], s.ui_scale),
            # the theme in force (`--theme` may hold it for this run)
            ("theme", _("Theme"), [(n, _(_theme_label(n))) for n in available_themes()],
             self.app.theme.name if self.app.theme_pinned else s.theme),
            ("fullscreen", _("Fullscreen (F11)"), off_on, self.app.fullscreen),
            # "Auto" says what it chose (playtest 10a: On at a fullscreen 1080p "changed nothing")
            ("sofa", _("Sofa distance"), [(v, {"auto": pgettext("sofa distance", "Auto (on now)") if self.app.sofa
                                               else pgettext("sofa distance", "Auto (off now)"),
                                               "on": _("On"), "off": _("Off")}[v]) for v in SOFA_MODES], s.sofa),
            # Only budgets measured to buy strength are offered: with one, there is no choice.
            *([("ai_budget", _("Hard computer thinks"),
                [(v, fmt("{seconds} s", seconds=i18n.number(v))) for v in AI_BUDGETS],
                offered_budget(s.ai_budget))] if len(AI_BUDGETS) > 1 else []),
            ("hints", _("Hint button"), off_on, s.hints),
            ("handover", _("Hand-over between players"), off_on, s.handover),
            ("recap", _("Recap since your last turn"), off_on, s.recap),
            ("coach_live", _("Coach while I play"), off_on, s.coach_live),
            *[(key, _(label), [(v, pgettext("volume", "Off") if v == 0 else f"{v}") for v in VOLUMES],
               _nearest(VOLUMES, getattr(s, key))) for key, label in VOLUME_ROWS],
            ("mute", _("Mute (M)"), off_on, self.app.sound.muted),
        ]

    def _sections(self, rows: Sequence[tuple[str, str, Sequence[tuple[object, str]], object]]
                  ) -> list[tuple[str, list[tuple[str, str, Sequence[tuple[object, str]], object]]]]:
        """The rows grouped under their headings, in SECTIONS' order; a row no section names
        (one added later) joins the first, the game's."""
        groups: dict[str, list[tuple[str, str, Sequence[tuple[object, str]], object]]] = {
            sid: [] for sid, _title in SECTIONS}
        for row in rows:
            groups[SECTION_OF.get(row[0], SECTIONS[0][0])].append(row)
        return [(_(title), groups[sid]) for sid, title in SECTIONS if groups[sid]]

    def build(self) -> None:
        # At sofa distance the settings must show larger than at the desk; when every group at
        # once would have to shrink below SOFA_KEEP of the sofa's scale (1080p: the window is
        # not tall enough), the groups go on pages, one at a time, under a row of tabs.
        was_paged = self.paged
        self.paged = False
        fits = self._fit_layout()
        # (a small window that cannot hold every group even at the smallest scale goes on
        # pages too, whatever the distance)
        if not fits or (self.app.sofa and self.gui_scale() < self.app.ui_scale * SOFA_KEEP):
            self.paged = True
            if not was_paged and self.changed is not None:
                # the row just set (Sofa distance itself) put the screen on pages: show its
                # page, not the first (playtest 4a was sent to "Game")
                self.page = self.page_of(self.changed)
            self._fit_layout()

    @staticmethod
    def page_of(key: str) -> int:
        """The page (SECTIONS' index) that holds row `key`."""
        ids = [sid for sid, _title in SECTIONS]
        return ids.index(SECTION_OF.get(key, ids[0]))

    def _fit_layout(self) -> bool:
        """Build at the largest scale that fits (down to MIN_FIT_SCALE); whether it fits."""
        self._fit = 1.0
        for _try in range(4):      # each try shrinks by the measured overshoot
            over = self._build()
            if over <= 1.0:
                break
            self._fit = max(MIN_FIT_SCALE / max(0.01, self.app.ui_scale), self._fit / over * 0.99)
        else:
            self._fit = max(MIN_FIT_SCALE / max(0.01, self.app.ui_scale), self._fit)
            self._build(force=True)
        return pygame.Rect((0, 0), self.app.screen_size).contains(self.panel_rect)

    def set_page(self, page: int) -> None:
        """Show the group `page` (sofa distance, paged); the focus stays on its tab."""
        self.page = page % len(SECTIONS)
        keyed = self.focus.key is not None
        self.build()
        if keyed:
            self.focus.focus(("tab", self.page))

    def _build(self, force: bool = False) -> float:
        """Lay the screen out at the current scale; when it does not fit (two columns too wide,
        or too tall) and the scale may still shrink, build nothing and say by how much it is
        too large."""
        self.reset_ui_manager()
        app, mgr = self.app, self.ui_manager
        rows = self._rows()
        sections = self._sections(rows)
        every = sections
        if self.paged:
            sections = [sections[self.page % len(sections)]]
            rows = [row for _title, items in sections for row in items]
        bh, gap, pad = self.px("button_height"), self.px("gap"), self.px("panel_padding") * 2
        side = self.px("panel_padding", 1.5)     # the frame's margin beside the cards
        head = self.px("font_heading", 1.7)
        sec_head = self.px("font_heading", 1.45)
        # labels grow to their words (Dutch and French run longer); the option rows give way
        body = app.theme.font("body", self.px("font_body"))
        # (a label longer than a button's width wraps onto a second line in its row)
        # Every width below is the widest language's need (playtest 17a: the dialog jumped when
        # the language was switched in it): the same box in English, Dutch and French.
        words = self._words_everywhere()
        own = _measure(app.theme, self.gui_scale(), words, self.paged)
        label_w, seg_need, card_pad, seg_gap = own.label_w, own.seg_need, own.card_pad, own.seg_gap
        # ... and the widest theme's (issue 35: high contrast's larger words and gaps made a
        # wider box than the default's): the box keeps one width when the theme is switched
        # in it; the current theme's option columns take up the difference
        every_theme = [own] + [_measure(t, self.gui_scale(), words, self.paged) for t in self._other_themes()]
        # (the window's margin too: the widest theme's)
        edge = max(m.gap for m in every_theme)
        room_w, room_h = app.screen_size[0] - 2 * edge, app.screen_size[1] - 2 * edge
        tabs_h = bh + gap if self.paged else 0
        foot = bh + gap * 3 + tabs_h

        def col_width(seg: int) -> int:
            return card_pad * 2 + label_w + gap + seg

        def widest(n_cols: int, tight: bool) -> int:
            """The box's width with `n_cols` columns in the theme that needs most (`tight`:
            the options only as wide as their words, else at least a button's width)."""
            return max(m.width(n_cols, tight) for m in every_theme)

        def height(group: Sequence[tuple[str, list[Any]]], pitch: int) -> int:
            return sum(sec_head + card_pad * 2 + len(items) * pitch for _t, items in group) + gap * 2 * (len(group) - 1)

        # Two columns of groups side by side when they fit the window's width (split where the
        # columns are most nearly even; the options as wide as a button, or as their words
        # need); else one column, its rows pressed closer to fit the height. Every row stays
        # on screen at any window size and UI scale: no scrolling.
        pitch = bh + gap
        seg_w = max(seg_need, self.px("button_width"))
        columns: list[list[tuple[str, list[Any]]]] = [sections]
        two = [tight for tight in (False, True) if widest(2, tight) <= room_w]
        can_shrink = not force and self.gui_scale() > MIN_FIT_SCALE + 0.005
        if can_shrink and len(sections) > 1 and not two:
            return widest(2, True) / room_w
        n_cols, tight = 1, False
        if len(sections) > 1 and two:
            n_cols, tight = 2, two[0]
            split = min(range(1, len(sections)),
                        key=lambda k: max(height(sections[:k], pitch), height(sections[k:], pitch)))
            columns = [sections[:split], sections[split:]]
        # the options' column as wide as the widest theme's box leaves it here
        seg_w = max(seg_need, (widest(n_cols, tight) - side * 2 - (n_cols - 1) * gap) // n_cols
                    - col_width(0))
        col_w = col_width(seg_w)
        # Paged (sofa distance), the box is as tall as the tallest page, whichever tab is shown:
        # a box that changed its height from tab to tab moved the tabs' neighbours about.
        measured = [[group] for group in every] if self.paged else columns
        body_h = max(height(c, pitch) for c in measured)
        # (shrunk as much as the tallest theme needs: the scale, so the width, is the same in all)
        tallest = max(m.height(measured, self.paged) for m in every_theme)
        if can_shrink and max(tallest, pad + head + body_h + foot) > room_h:
            return max(tallest, pad + head + body_h + foot) / room_h
        if pad + head + body_h + foot > room_h:
            n_rows = max(sum(len(items) for _t, items in c) for c in measured)
            spare = room_h - pad - head - foot - max(height(c, 0) for c in measured)
            line = body.get_linesize()
            pitch = max(line + 4, spare // max(1, n_rows))
            bh = max(line + 2, pitch - max(2, gap // 2))
            body_h = max(height(c, pitch) for c in measured)
        w = max(side * 2 + len(columns) * col_w + (len(columns) - 1) * gap,
                max(m.side * 2 + m.tabs_need for m in every_theme),
                widest(n_cols, tight))     # (the columns' halves may round a pixel short of it)
        if can_shrink and w > room_w:
            return w / room_w
        if self.paged:     # the one group's card as wide as the panel
            col_w = w - side * 2
        h = pad + head + body_h + foot
        self.panel_rect = pygame.Rect(0, 0, w, h)
        self.panel_rect.center = (app.screen_size[0] // 2, app.screen_size[1] // 2)
        pygame_gui.elements.UILabel(pygame.Rect(self.panel_rect.x, self.panel_rect.y + pad // 2,
                                                self.panel_rect.w, head), _("Settings"), mgr,
                                    object_id=pygame_gui.core.ObjectID(class_id="@heading"))
        top = self.panel_rect.y + pad // 2 + head + gap + tabs_h
        self.tabs = None
        if self.paged:
            self.tabs = Segmented(mgr, pygame.Rect(self.panel_rect.x + side, top - tabs_h, w - 2 * side, bh),
                                  [(i, t) for i, (t, _items) in enumerate(every)], self.page % len(every),
                                  gap=seg_gap, object_prefix="tab", class_id="@segment")
        self.rows, self.labels, self.label_text, self.cards = {}, {}, {}, []
        for c, column in enumerate(columns):
            x = self.panel_rect.x + side + c * (col_w + gap)
            y = top
            for title, items in column:
                card = pygame.Rect(x, y, col_w, body_h if self.paged else sec_head + card_pad * 2 + len(items) * pitch)
                self.cards.append((title, card))
                y = card.y + card_pad // 2 + sec_head + card_pad
                for key, label, options, selected in items:
                    lr = pygame.Rect(x + card_pad, y, label_w, bh)
                    self.labels[key] = lr
                    self.label_text[key] = label
                    sr = pygame.Rect(lr.right + gap, y, seg_w if key != "colorblind" else
                                     seg_w - self._badges_width(bh), bh)
                    self.rows[key] = Segmented(mgr, sr, options, selected, gap=seg_gap, object_prefix=key,
                                               class_id="@paper_segment")
                    if key == "colorblind":
                        self.badge_row = pygame.Rect(x, y + bh, label_w, gap)
                    y += pitch
                y = card.bottom + gap * 2
        y = self.panel_rect.bottom - bh - gap * 2
        # the two buttons stay inside the panel (one group on a page makes a narrow panel)
        bw = min(self.px("button_width"), (self.panel_rect.w - 2 * side) // 2 - gap)
        self.controls = pygame_gui.elements.UIButton(
            pygame.Rect(self.panel_rect.centerx - bw - gap, y, bw, bh), _("Controls"), mgr)
        self.done = pygame_gui.elements.UIButton(
            pygame.Rect(self.panel_rect.centerx + gap, y, bw, bh), _("Done"), mgr,
            object_id=pygame_gui.core.ObjectID(object_id="#primary"))
        # the focus goes down a column, then on to the next one, and ends on the buttons
        tab_row = [[(("tab", i), self.tabs.rect_of(i)) for i, _t in self.tabs.options]] if self.tabs else []
        self.focus.set_rows(tab_row + [[((key, v), seg.rect_of(v)) for v, _label in seg.options]
                                       for key, seg in self.rows.items()]
                            + [[(("controls",), self.controls.rect.copy()), (("done",), self.done.rect.copy())]],
                            show=self.app.pads.last_device != "mouse")
        return 1.0

    def _other_themes(self) -> list[Theme]:
        """The shipped themes other than the one in use (the box is as wide as the widest)."""
        out = []
        for name in available_themes():
            if name == self.app.theme.name:
                continue
            theme = _loaded_theme(name)
            if theme is not None:
                out.append(theme)
        return out

    def _words_everywhere(self) -> _Words:
        """The rows' labels, their options' words and the groups' titles in every language the
        game speaks (and the one in use), to size the dialog for the widest."""
        labels: list[str] = []
        options: list[tuple[str, list[str]]] = []
        tabs: list[list[str]] = []
        for lang in dict.fromkeys([*LANGUAGES, i18n.current_language()]):
            with i18n.words_of(lang):
                rows = self._rows()
                labels += [label for _k, label, _o, _s in rows]
                options += [(key, [str(name) for _v, name in opts]) for key, _l, opts, _s in rows]
                tabs.append([title for title, _items in self._sections(rows)])
        return _Words(labels, options, tabs)

    def _badges_width(self, bh: int) -> int:
        """The room the family samples take beside the colour-blind options (row height `bh`)."""
        return badges_width(self.px("gap"), bh)

    def badge_rects(self) -> list[pygame.Rect]:
        """Where the family samples are drawn (beside the colour-blind options)."""
        seg = self.rows.get("colorblind")
        if seg is None:
            return []
        right = max(b.rect.right for b in seg.buttons.values())
        row = seg.rect_of(True)
        r = max(6, int(row.h * 0.36))
        x = right + self.px("gap") * 3 + r
        out = []
        for _fid in family_info():
            out.append(pygame.Rect(x - r, row.centery - r, 2 * r, 2 * r))
            x += 2 * r + self.px("gap")
        return out

    def draw(self, surface: pygame.Surface) -> None:
        super().draw(surface)
        scale = self.gui_scale()
        heading = self.px("font_heading", 0.95)
        draw_heading_rule(surface, (self.panel_rect.centerx, self.panel_rect.y + self.px("panel_padding")
                                    + self.px("font_heading", 1.7) - self.px("gap") // 2),
                          min(self.panel_rect.w // 3, self.px("button_width")), self.app.theme, scale)
        for title, card in self.cards:
            draw_parchment(surface, card, self.app.theme, scale, title, heading)
        # the rows' names, in ink on the card: one line, or two for a long one (never cut)
        theme, px = self.app.theme, self.px("font_body")
        for key, rect in self.labels.items():
            lines = wrap_words(theme, "body", px, self.label_text[key], rect.w, max_lines=2)
            imgs = [fit_render(theme, "body", px, line, theme.color("text"), rect.w) for line in lines]
            y = rect.centery - sum(i.get_height() for i in imgs) // 2
            for img in imgs:
                surface.blit(img, (rect.x, y))
                y += img.get_height()

    def on_resize(self, size: tuple[int, int]) -> None:
        self.build()

    def set(self, key: str, value: object) -> None:
        if key == "fullscreen":
            self.app.set_fullscreen(bool(value))   # re-lays out every scene, this one too
            return
        if key == "mute":
            self.app.set_mute(bool(value))
            self.rows[key].select(value)
            return
        self.changed = key
        if key == "theme" and value != self.app.theme.name:
            self.app.theme_pinned = False      # the player's choice replaces `--theme`
        change: dict[str, Any] = {key: value}   # a row's key is a Settings field; its values have that field's type
        new = dataclasses.replace(self.app.settings, **change)
        if not self.app.apply_settings(new):
            self.rows[key].select(value)   # only the selection changed: show it

    def process_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.done:
                self.finish()
                return True
            if event.ui_element is self.controls:
                self.app.push("controls")
                return True
            if self.tabs is not None:
                page = self.tabs.handle(event)
                if page is not None:
                    self.set_page(int(str(page)))
                    return True
            for key, seg in self.rows.items():
                value = seg.handle(event)
                if value is not None:
                    self.set(key, value)
                    return True
        names = [c.name for c in im.commands(event)] if event.type == pygame.KEYDOWN else []
        if names and names[0] in im.DIRECTIONS:
            self.focus.move(names[0])
        elif names == [im.CONFIRM] and self.focus.key is not None:
            key = self.focus.key
            if key == ("done",):
                self.finish()
            elif key == ("controls",):
                self.app.push("controls")
            elif key[0] == "tab":
                self.set_page(int(str(key[1])))
            else:
                self.set(*key)
        elif names == [im.CONFIRM]:
            self.finish()
        elif names == [im.CANCEL]:
            self.app.pop()       # one step back (to the pause menu when opened from it)
        return True

    def finish(self) -> None:
        """Done: back where the player came from; from the game's pause menu, to the game
        itself (the pause menu closes too, as its Resume would)."""
        self.app.pop()
        if self.to_game:
            self.app.pop()

    def wake_in(self) -> float | None:
        """At rest: what `update` follows (the mute key) changes only with an event."""
        return None

    def update(self, dt: float) -> None:
        # M may have been pressed while this screen is open: show the mute row as it is
        row = self.rows.get("mute")
        if row is not None and row.selected != self.app.sound.muted:
            row.select(self.app.sound.muted)

    def draw_after_ui(self, surface: pygame.Surface) -> None:
        self.focus.draw(surface, self.app.theme, self.gui_scale())
        # A preview of the family colours under the colour-blind row: colour AND initial.
        for fid, rect in zip(family_info(), self.badge_rects()):
            draw_badge(surface, rect.center, rect.w // 2, self.app.theme, fid, self.app.settings.colorblind)

    def layout(self) -> dict[str, pygame.Rect]:
        out = {"panel": self.panel_rect.copy()}
        for key, seg in self.rows.items():
            for value, _label in seg.options:
                out[f"{key}={value}"] = seg.rect_of(value)
        if self.done:
            out["button_done"] = self.done.rect.copy()
        if self.controls:
            out["button_controls"] = self.controls.rect.copy()
        return out
