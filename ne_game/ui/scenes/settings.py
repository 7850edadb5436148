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
from ne_game.ui.look.theme import ThemeError, available_themes, load_theme
from ne_game.ui.look.widgets import FocusGrid, Segmented, draw_badge, family_info
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


def _speed(value: str) -> str:
    return {"off": pgettext("speed", "Off"), "normal": pgettext("speed", "Normal"),
            "fast": pgettext("speed", "Fast"), "slow": pgettext("speed", "Slow")}.get(value, value)


def _nearest(options: Sequence[int], value: float) -> int:
    return min(options, key=lambda v: abs(v - value))


@functools.lru_cache(maxsize=16)
def _theme_label(name: str) -> str:
    try:
        return load_theme(name).display_name
    except ThemeError as err:
        log.warning("theme %r cannot be loaded for its label: %s", name, err)
        return name


class SettingsScene(PanelOverlay):
    ref_content = (880, 830)

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.rows: dict[str, Segmented] = {}
        self.labels: dict[str, pygame.Rect] = {}
        self.done: pygame_gui.elements.UIButton | None = None
        self.controls: pygame_gui.elements.UIButton | None = None
        self.focus = FocusGrid()            # keyboard and pad play
        self.panel_rect = pygame.Rect(0, 0, 0, 0)
        self.badge_row = pygame.Rect(0, 0, 0, 0)
        self.build()

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
            ("theme", _("Theme"), [(n, _(_theme_label(n))) for n in available_themes()], s.theme),
            ("fullscreen", _("Fullscreen (F11)"), off_on, self.app.fullscreen),
            ("sofa", _("Sofa distance"), [(v, {"auto": pgettext("sofa distance", "Auto"),
                                               "on": _("On"), "off": _("Off")}[v]) for v in SOFA_MODES], s.sofa),
            # Only budgets measured to buy strength are offered: with one, there is no choice.
            *([("ai_budget", _("Hard computer thinks"),
                [(v, fmt("{seconds} s", seconds=i18n.number(v))) for v in AI_BUDGETS],
                offered_budget(s.ai_budget))] if len(AI_BUDGETS) > 1 else []),
            ("hints", _("Hint button"), off_on, s.hints),
            ("handover", _("Hand-over between players"), off_on, s.handover),
            ("recap", _("Recap since your last turn"), off_on, s.recap),
            ("coach_live", _("Coach while I play"), off_on, s.coach_live),
            *[(key, _(label), [(v, _("Off") if v == 0 else f"{v}") for v in VOLUMES],
               _nearest(VOLUMES, getattr(s, key))) for key, label in VOLUME_ROWS],
            ("mute", _("Mute (M)"), off_on, self.app.sound.muted),
        ]

    def build(self) -> None:
        self.reset_ui_manager()
        app, mgr = self.app, self.ui_manager
        rows = self._rows()
        bh, gap, pad = self.px("button_height"), self.px("gap"), self.px("panel_padding") * 2
        head = self.px("font_heading", 1.7)
        # labels grow to their words (Dutch and French run longer); the option rows give way
        body = app.theme.font("body", self.px("font_body"))
        label_w = max(self.px("button_width", 0.85), max(body.size(r[1])[0] for r in rows) + self.px("gap"))
        seg_w = self.px("button_width", 1.65)
        if label_w > self.px("button_width", 0.85):
            seg_w = max(self.px("button_width", 1.3), seg_w - (label_w - self.px("button_width", 0.85)))
        for _key, _label, options, _sel in rows:     # every option's word fits its button
            widest = max(body.size(str(name))[0] for _v, name in options) + self.px("gap") * 2
            seg_w = max(seg_w, len(options) * widest + (len(options) - 1) * (self.px("gap") // 2))
        col_w = label_w + gap * 2 + seg_w
        # One column while it fits the window's height; else two columns side by side, so
        # every row stays on screen at any window size and UI scale (no scrolling in a dialog).
        # Failing both (a small window, a large theme), one column with rows pressed closer.
        per_col = len(rows)
        room_w, room_h = app.screen_size[0] - 2 * gap, app.screen_size[1] - 2 * gap
        if pad + head + per_col * (bh + gap) + bh + gap * 3 > room_h:
            if pad * 3 + 2 * col_w <= room_w:
                per_col = (len(rows) + 1) // 2
            else:
                pitch = (room_h - pad - head - gap * 3) // (len(rows) + 1)
                bh = max(int(bh * 0.7), pitch - gap // 2)
                gap = max(2, pitch - bh)
        cols = (len(rows) + per_col - 1) // per_col
        w = pad * 2 + cols * col_w + (cols - 1) * pad
        h = pad + head + per_col * (bh + gap) + bh + gap * 3
        self.panel_rect = pygame.Rect(0, 0, w, h)
        self.panel_rect.center = (app.screen_size[0] // 2, app.screen_size[1] // 2)
        pygame_gui.elements.UILabel(pygame.Rect(self.panel_rect.x, self.panel_rect.y + pad // 2,
                                                self.panel_rect.w, head), _("Settings"), mgr,
                                    object_id=pygame_gui.core.ObjectID(class_id="@heading"))
        top = self.panel_rect.y + pad // 2 + head + gap
        self.rows, self.labels = {}, {}
        for n, (key, label, options, selected) in enumerate(rows):
            col, line = divmod(n, per_col)
            x = self.panel_rect.x + pad + col * (col_w + pad)
            y = top + line * (bh + gap)
            lr = pygame.Rect(x, y, label_w, bh)
            pygame_gui.elements.UILabel(lr, label, mgr, object_id=pygame_gui.core.ObjectID(object_id="#right"))
            self.labels[key] = lr
            sr = pygame.Rect(lr.right + gap * 2, y, seg_w if key != "colorblind" else seg_w // 2, bh)
            self.rows[key] = Segmented(mgr, sr, options, selected, gap=gap // 2, object_prefix=key)
            if key == "colorblind":
                self.badge_row = pygame.Rect(x, y + bh, label_w, gap)
        y = top + per_col * (bh + gap)
        bw = self.px("button_width")
        self.controls = pygame_gui.elements.UIButton(
            pygame.Rect(self.panel_rect.centerx - bw - gap, y + gap, bw, bh), _("Controls"), mgr)
        self.done = pygame_gui.elements.UIButton(
            pygame.Rect(self.panel_rect.centerx + gap, y + gap, bw, bh), _("Done"), mgr)
        self.focus.set_rows([[((key, v), seg.rect_of(v)) for v, _label in seg.options]
                             for key, seg in self.rows.items()]
                            + [[(("controls",), self.controls.rect.copy()), (("done",), self.done.rect.copy())]],
                            show=self.app.pads.last_device != "mouse")

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
        change: dict[str, Any] = {key: value}   # a row's key is a Settings field; its values have that field's type
        new = dataclasses.replace(self.app.settings, **change)
        if not self.app.apply_settings(new):
            self.rows[key].select(value)   # only the selection changed: show it

    def process_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame_gui.UI_BUTTON_PRESSED:
            if event.ui_element is self.done:
                self.app.pop()
                return True
            if event.ui_element is self.controls:
                self.app.push("controls")
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
                self.app.pop()
            elif key == ("controls",):
                self.app.push("controls")
            else:
                self.set(*key)
        elif names in ([im.CANCEL], [im.CONFIRM]):
            self.app.pop()
        return True

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
        seg = self.rows.get("colorblind")
        if seg is None:
            return
        right = max(b.rect.right for b in seg.buttons.values())
        row = seg.rect_of(True)
        r = max(6, int(row.h * 0.36))
        x = right + self.px("gap") * 3 + r
        y = row.centery
        for fid in family_info():
            draw_badge(surface, (x, y), r, self.app.theme, fid, self.app.settings.colorblind)
            x += 2 * r + self.px("gap")

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
