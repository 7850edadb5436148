"""The Records screen drawn from its view (RecordsView): the list of games, the players'
totals, the filter, the button row and what to press. Drawing decides nothing: the scene
(scene.py) lays the screen out and reads the records; this draws what they gave."""
from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import pygame

from ne_game.history import GameRecord, PlayerTotals
from ne_game.i18n import _, fmt
from ne_game.storage import safe_io
from ne_game.ui.look.theme import Theme
from ne_game.ui.look.widgets import (
    background,
    blit_wrapped,
    draw_focus_ring,
    draw_heading_rule,
    draw_panel,
    fit_render,
)
from ne_game.ui.scenes.records.words import ACTS, GAME_ACTS, act_label, level_word, percent, totals_line
from ne_game.ui.text.dates import when

PAGE = 8          # games shown at once


@dataclass(frozen=True)
class RecordsView:
    """What the screen shows, where (the scene's layout) and at which sizes."""

    size: tuple[int, int]
    px: Callable[..., int]                # the scene's reference-pixel sizes (Scene.px)
    scale: float                          # the UI's scale (focus rings, panels)
    panel_rect: pygame.Rect
    list_rect: pygame.Rect
    totals_rect: pygame.Rect
    rows: list[pygame.Rect]
    buttons: dict[str, pygame.Rect]
    line: int
    px_body: int
    button_px: int
    count: int
    games: list[GameRecord]
    selected: int
    totals: list[PlayerTotals]
    player: PlayerTotals | None
    loading: bool
    problem: str
    message: str
    device: str


def draw_records(surface: pygame.Surface, theme: Theme, v: RecordsView) -> None:
    """The whole screen from its view."""
    surface.blit(background(theme, v.size), (0, 0))
    draw_panel(surface, v.panel_rect, theme, v.scale)
    pad = v.px("panel_padding") * 2
    text, dim, gold = theme.color("text_on_dark"), theme.color("text_dim_on_dark"), theme.color("gold")
    px_body = v.px_body
    # the title as every shell screen shows it: centred, in the heading face, over its ornament
    title = fit_render(theme, "heading", v.px("font_heading"), _("Records"), theme.color("title_text"),
                       v.panel_rect.w - 2 * pad)
    band = pygame.Rect(v.panel_rect.x, v.panel_rect.y + pad // 2, v.panel_rect.w,
                       v.px("font_heading", 1.7))
    surface.blit(title, title.get_rect(center=band.center))
    draw_heading_rule(surface, (band.centerx, band.bottom), min(v.panel_rect.w // 3, v.px("button_width")),
                      theme, v.scale)
    # the games
    head = fmt("Games ({n})", n=v.count) if v.player is None else \
        fmt("Games of {name} ({n})", name=v.player.name, n=v.count)
    surface.blit(fit_render(theme, "bold", px_body, head, dim, v.list_rect.w), v.list_rect.topleft)
    if v.loading or v.problem or not v.games:
        words = _("Reading the records…") if v.loading else \
            v.problem or _("No games yet: every game you finish is kept here.")
        surface.blit(fit_render(theme, "body", px_body, words, text, v.list_rect.w), v.rows[0].topleft)
    for i, (game, rect) in enumerate(zip(v.games, v.rows)):
        _draw_game(surface, theme, v, game, rect, i == v.selected, px_body)
    # the filter
    b = v.buttons
    for key, way in (("filter_prev", -1), ("filter_next", 1)):
        r = b[key]
        pygame.draw.rect(surface, theme.color("button"), r, border_radius=v.px("corner_radius"))
        pygame.draw.rect(surface, theme.color("button_border"), r, max(1, v.px("border_width")),
                         border_radius=v.px("corner_radius"))
        # the arrow drawn, not a glyph: the body font has no triangle (it showed as a box)
        s = max(3, r.h // 4)
        cx, cy = r.center
        tip = (cx + way * s, cy)
        pygame.draw.polygon(surface, theme.color("button_text"), [tip, (cx - way * s, cy - s), (cx - way * s, cy + s)])
    who = _("Every player") if v.player is None else v.player.name
    mid = pygame.Rect(b["filter_prev"].right, b["filter_prev"].y, b["filter_next"].x - b["filter_prev"].right,
                      b["filter_prev"].h)
    img = fit_render(theme, "bold", px_body, who, gold, mid.w - v.px("gap"))
    surface.blit(img, img.get_rect(center=mid.center))
    _draw_totals(surface, theme, v, px_body)
    # buttons and what to press
    for key in ACTS:
        label = act_label(key)
        idle = key in GAME_ACTS and not v.games      # nothing chosen: the game's acts are greyed
        pygame.draw.rect(surface, theme.color("button_disabled" if idle else "button"), b[key],
                         border_radius=v.px("corner_radius"))
        # edged as every other button (playtest 2: in high contrast they read as plain text)
        pygame.draw.rect(surface, theme.color("button_border"), b[key], max(1, v.px("border_width")),
                         border_radius=v.px("corner_radius"))
        img = fit_render(theme, "bold", v.button_px, label,
                         theme.color("button_text_disabled" if idle else "button_text"), b[key].w - v.px("gap"))
        surface.blit(img, img.get_rect(center=b[key].center))
    device = v.device
    how = {"pad": _("Up / Down: a game · Left / Right: a player · A: replay · X: story · RB: review · "
                    "Y: export · RT: import · B: close"),
           "keyboard": _("Up / Down: a game · Left / Right: a player · Enter: replay · H: story · Tab: review · "
                         "E: export · I: import · Escape: close")}.get(
        device, _("Click a game to choose it; the arrows beside the name choose a player."))
    words = safe_io.displayable(v.message) if v.message else how
    # above the buttons, across the panel: the keys, or what an export did (a long path)
    room = pygame.Rect(b["replay"].x, b["replay"].y - v.line * 2, b["close"].right - b["replay"].x,
                       v.line * 2)
    blit_wrapped(surface, theme, "body", max(8, int(px_body * 0.9)), words, dim, room, center=True,
                 max_lines=2)

def _draw_game(surface: pygame.Surface, theme: Theme, v: RecordsView, game: GameRecord, rect: pygame.Rect,
               chosen: bool, px: int) -> None:
    if chosen:
        pygame.draw.rect(surface, theme.color("panel_dark"), rect, border_radius=v.px("corner_radius"))
        if v.device != "mouse":
            draw_focus_ring(surface, rect, theme, v.scale, inside=True)
    x = rect.x + v.px("gap")
    col = int(rect.w * 0.3)
    date = fit_render(theme, "body", px, when(game.played_at), theme.color("text_dim_on_dark"),
                      col - v.px("gap"))
    surface.blit(date, date.get_rect(midleft=(x, rect.centery)))
    x += col
    seats = sorted(game.seats, key=lambda s: (s.rank, s.seat)) if game.finished else game.seats
    # the winner (or the winners of a shared win) wear a star; the score after a colon, with its
    # unit, so that a name ending in a number does not run into it (playtest 10g: "Player 1 10")
    parts = [(fmt("\u2605 {name}: {vp} VP", name=s.name, vp=s.total) if s.winner else
              fmt("{name}: {vp} VP", name=s.name, vp=s.total)) if game.finished else s.name for s in seats]
    line = " · ".join(parts)
    if not game.finished:
        line = fmt("{players} (unfinished)", players=line)
    color = theme.color("text_on_dark")
    img = fit_render(theme, "bold" if chosen else "body", px, line, color, rect.right - x - v.px("gap"))
    surface.blit(img, img.get_rect(midleft=(x, rect.centery)))

def _draw_totals(surface: pygame.Surface, theme: Theme, v: RecordsView, px: int) -> None:
    r = v.totals_rect
    dim, text = theme.color("text_dim_on_dark"), theme.color("text_on_dark")
    surface.blit(fit_render(theme, "bold", px, _("Players"), dim, r.w), r.topleft)
    shown = [v.player] if v.player is not None else v.totals[:PAGE]
    y = v.buttons["filter_prev"].bottom + v.px("gap")      # under the player chooser
    for t in shown:
        if t is None:
            continue
        surface.blit(fit_render(theme, "bold", px, t.name, text, r.w), (r.x, y))
        y += v.line * 3 // 4
        line = totals_line(t)
        y += blit_wrapped(surface, theme, "body", max(8, int(px * 0.9)), line, dim,
                          pygame.Rect(r.x, y, r.w, v.line * 2), max_lines=2)
        against = [fmt("vs {level}: {rate}", level=level_word(k), rate=percent(v.win_rate))
                   for k, v in sorted(t.against.items()) if v.games]
        if against and v.player is not None:
            for part in against:
                surface.blit(fit_render(theme, "body", max(8, int(px * 0.9)), part, dim, r.w), (r.x, y))
                y += v.line * 3 // 4
        y += v.line // 3
        if y > r.bottom:
            break

