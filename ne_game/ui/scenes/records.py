"""Records (title screen): the games played on this computer, newest first, and each
player's totals, from the game history (ne_game.history, SQLite in the user folder).

The list can be narrowed to one player (Left / Right, or the arrows beside the filter). The
chosen game opens in the replay viewer or as its story; it can be exported to a file in the
save format (to share it: Load game or the records of another computer read it), and the game
files a friend sent, put in the user folder's `imports` folder, are imported into the records. Keyboard, pad and mouse reach everything; the words below the
list name the keys of the device in use. The records never stop the game: a store that
cannot be opened shows why, and the screen closes as usual.
"""
from __future__ import annotations

import datetime as dt
import logging
import re
from pathlib import Path

import pygame

from ne_game import i18n
from ne_game.history import GameRecord, HistoryStore, PlayerTotals, export_game, import_game
from ne_game.history.exchange import ExchangeError
from ne_game.i18n import _, fmt, nfmt, pgettext
from ne_game.paths import user_data_dir
from ne_game.ui import input_map as im
from ne_game.ui.scene_base import Scene
from ne_game.ui.widgets import background, blit_wrapped, draw_focus_ring, draw_panel, fit_render

log = logging.getLogger(__name__)

PAGE = 8          # games shown at once
ACTS = ("replay", "story", "review", "export", "import", "close")
GAME_ACTS = frozenset({"replay", "story", "review", "export"})   # the acts on the chosen game     # the buttons at the foot, left to right
IMPORT_AT_ONCE = 50   # files read from the imports folder in one go


#: a command's act here: Enter / A replays, H / X tells the story, Tab / RB reviews (the coach),
#: E / Y exports, R / RT imports
KEY_ACTS = {im.CONFIRM: "replay", im.HINT: "story", im.NEXT_TARGET: "review", im.END_TURN: "export",
            im.ROTATE: "import", im.CANCEL: "close"}


def act_label(act: str) -> str:
    return {"replay": pgettext("game replay", "Replay"), "story": _("Story"), "review": _("Review"),
            "export": _("Export game"), "import": _("Import games"), "close": _("Close")}[act]


def imports_dir() -> Path:
    """Where shared game files go to be imported (a folder of its own in the user folder)."""
    return user_data_dir() / "imports"


def when(played_at: float) -> str:
    """A game's date and time as the current language writes them (Babel)."""
    from babel.dates import format_datetime

    lang = {"pseudo": "en"}.get(i18n.current_language(), i18n.current_language()) or "en"
    stamp = dt.datetime.fromtimestamp(played_at)
    try:
        return str(format_datetime(stamp, "short", locale=lang))
    except (ValueError, LookupError):
        return stamp.strftime("%Y-%m-%d %H:%M")


def percent(rate: float | None) -> str:
    return "–" if rate is None else i18n.number(round(rate * 100), percent=True)


class RecordsScene(Scene):
    ref_content = (1100, 680)

    def __init__(self, app) -> None:
        super().__init__(app)
        self.totals: list[PlayerTotals] = []
        self.games: list[GameRecord] = []
        self.count = 0
        self.filter = 0                  # 0: every player; k: self.totals[k - 1]
        self.offset = 0
        self.selected = 0
        self.problem = ""
        self.message = ""
        self.rows: list[pygame.Rect] = []
        self.buttons: dict[str, pygame.Rect] = {}
        self._read()
        self.on_resize(app.screen_size)

    # ------------------------------------------------------------ data
    def _store(self) -> HistoryStore | None:
        try:
            return HistoryStore()
        except Exception as err:       # the records never stop the game: say why, go on
            log.warning("the records cannot be opened: %s", err)
            self.problem = _("The records cannot be read just now.")
            return None

    @property
    def player(self) -> PlayerTotals | None:
        return self.totals[self.filter - 1] if 0 < self.filter <= len(self.totals) else None

    def _read(self) -> None:
        store = self._store()
        if store is None:
            return
        try:
            self.totals = store.player_totals()
            key = self.player.key if self.player is not None else None
            self.count = store.count_games(player=key)
            self.offset = max(0, min(self.offset, max(0, self.count - PAGE)))
            self.games = store.games(player=key, limit=PAGE, offset=self.offset)
            self.selected = max(0, min(self.selected, len(self.games) - 1))
            if store.problem is not None:
                self.problem = _("The records cannot be read just now.")
        finally:
            store.close()

    # ------------------------------------------------------------ layout
    def on_resize(self, size) -> None:
        W, H = size
        m = self.px("margin")
        self.panel_rect = pygame.Rect(m, m, W - 2 * m, H - 2 * m)
        pad = self.px("panel_padding") * 2
        inner = self.panel_rect.inflate(-2 * pad, -2 * pad)
        self.line = max(self.px("font_body", 1.5), (inner.h - self.px("font_heading", 5)) // (PAGE + 4))
        self.list_rect = pygame.Rect(inner.x, inner.y + self.px("font_heading", 2.2), int(inner.w * 0.62),
                                     self.line * (PAGE + 1))
        self.totals_rect = pygame.Rect(self.list_rect.right + pad // 2, self.list_rect.y,
                                       inner.right - self.list_rect.right - pad // 2, self.list_rect.h)
        y = self.list_rect.y + self.line
        self.rows = [pygame.Rect(self.list_rect.x, y + i * self.line, self.list_rect.w, self.line)
                     for i in range(PAGE)]
        bh = self.px("button_height")
        by = inner.bottom - bh
        self.buttons = {"filter_prev": pygame.Rect(inner.x, self.list_rect.bottom + self.px("gap"), bh, bh),
                        "filter_next": pygame.Rect(inner.x + int(inner.w * 0.4), self.list_rect.bottom
                                                   + self.px("gap"), bh, bh)}
        # the acts on the chosen game, then import and close, across the foot of the panel
        gap = self.px("gap")
        bw = min(self.px("button_width"), (inner.w - gap * (len(ACTS) - 1)) // len(ACTS))
        for k, act in enumerate(ACTS):
            x = inner.right - bw if act == "close" else inner.x + k * (bw + gap)
            self.buttons[act] = pygame.Rect(x, by, bw, bh)

    def on_uncover(self) -> None:
        """Back from a replay, a story or the coach: the list as it is now, last words gone."""
        super().on_uncover()
        self.message = ""
        self._read()

    # ------------------------------------------------------------ acts
    def move_filter(self, step: int) -> None:
        self.filter = (self.filter + step) % (len(self.totals) + 1)
        self.offset = self.selected = 0
        self.message = ""
        self._read()

    def move_selection(self, step: int) -> None:
        index = self.offset + self.selected + step
        if not 0 <= index < self.count:
            return
        if index < self.offset or index >= self.offset + PAGE:
            self.offset = max(0, index - (PAGE - 1 if step > 0 else 0))
            self._read()
        self.selected = index - self.offset

    def open_game(self, screen: str) -> None:
        """The chosen game in the replay viewer or its story."""
        if not self.games:
            return
        game = self.games[self.selected]
        store = self._store()
        if store is None:
            return
        try:
            replay = store.replay(game.id, precompute=False)
        finally:
            store.close()
        if replay is None:
            self.message = _("This game cannot be replayed: its record is damaged.")
            return
        if screen == "coach":
            if not replay.finished:
                self.message = _("Only a finished game can be reviewed.")
                return
            store = self._store()
            save = store.load_save(game.id) if store is not None else None
            if store is not None:
                store.close()
            if save is not None:
                self.app.push("coach", replay=replay, save=save, game_id=game.id)
            return
        self.app.push(screen, replay=replay)

    def import_games(self) -> None:
        """Every game file in the imports folder goes into the records (once each)."""
        folder = imports_dir()
        try:
            folder.mkdir(parents=True, exist_ok=True)
            files = sorted(p for p in folder.iterdir() if p.suffix.lower() == ".json" and p.is_file())
        except OSError as err:
            log.warning("the imports folder cannot be read: %s", err)
            self.message = fmt("The folder {path} cannot be read.", path=str(folder))
            return
        if not files:
            self.message = fmt("No game files to import: put shared games (.json) in {path}.", path=str(folder))
            return
        added = known = 0
        failed: list[str] = []
        for path in files[:IMPORT_AT_ONCE]:
            try:
                result = import_game(path)
            except ExchangeError as err:
                log.warning("import of %s failed: %s", path.name, err)
                failed.append(path.name)
                continue
            if result.outcome == "known":
                known += 1
            else:
                added += 1
        # whole sentences, each with its own count
        parts = [nfmt("{n} game imported.", "{n} games imported.", added)]
        if known:
            parts.append(nfmt("{n} game was here already.", "{n} games were here already.", known))
        if failed:
            parts.append(nfmt("{n} file could not be read: {files}.", "{n} files could not be read: {files}.",
                              len(failed), files=", ".join(failed[:3])))
        self.message = " ".join(parts)
        self.offset = self.selected = 0
        self._read()

    def export(self) -> None:
        if not self.games:
            return
        game = self.games[self.selected]
        names = "-".join(re.sub(r"[^A-Za-z0-9]+", "", s.name)[:12] or "player" for s in game.seats)
        folder = user_data_dir() / "exports"
        path = folder / f"new-england-{dt.datetime.fromtimestamp(game.played_at):%Y%m%d-%H%M}-{names}.json"
        store = self._store()
        if store is None:
            return
        try:
            folder.mkdir(parents=True, exist_ok=True)
            written = export_game(store, game.id, path, overwrite=False)
            self.message = fmt("Exported to {path}", path=str(written))
        except (ExchangeError, OSError) as err:
            log.warning("export failed: %s", err)
            self.message = fmt("The game could not be exported: {reason}", reason=str(err)[:120])
        finally:
            store.close()

    # ------------------------------------------------------------ events
    def process_event(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1:
            for i, rect in enumerate(self.rows[:len(self.games)]):
                if rect.collidepoint(event.pos):
                    self.selected = i
                    return True
            hit = next((k for k, r in self.buttons.items() if r.collidepoint(event.pos)), None)
            if hit == "filter_prev":
                self.move_filter(-1)
            elif hit == "filter_next":
                self.move_filter(1)
            elif hit is not None:
                self.act(hit)
            return True
        if event.type == pygame.MOUSEWHEEL:
            self.move_selection(-int(event.y))
            return True
        if event.type != pygame.KEYDOWN:
            return True
        names = [c.name for c in im.commands(event)]
        name = names[0] if names else ""
        if name in (im.UP, im.DOWN):
            self.move_selection(-1 if name == im.UP else 1)
        elif name in (im.LEFT, im.RIGHT):
            self.move_filter(-1 if name == im.LEFT else 1)
        elif name in KEY_ACTS:
            self.act(KEY_ACTS[name])
        elif event.key == pygame.K_i:
            self.act("import")
        return True     # a full screen: nothing below takes keys

    def act(self, act: str) -> None:
        if act in ("replay", "story"):
            self.open_game(act)
        elif act == "review":
            self.open_game("coach")
        elif act == "export":
            self.export()
        elif act == "import":
            self.import_games()
        elif act == "close":
            self.app.pop()

    # ------------------------------------------------------------ drawing
    def draw(self, surface: pygame.Surface) -> None:
        app, theme = self.app, self.app.theme
        surface.blit(background(theme, app.screen_size, with_map=False), (0, 0))
        draw_panel(surface, self.panel_rect, theme, self.gui_scale())
        pad = self.px("panel_padding") * 2
        text, dim, gold = theme.color("text_on_dark"), theme.color("text_dim_on_dark"), theme.color("gold")
        px_body = max(8, int(self.line / 1.6))
        title = fit_render(theme, "heading", self.px("font_heading"), _("Records"), theme.color("title_text"),
                           self.panel_rect.w - 2 * pad)
        surface.blit(title, (self.panel_rect.x + pad, self.panel_rect.y + pad // 2))
        # the games
        head = fmt("Games ({n})", n=self.count) if self.player is None else \
            fmt("Games of {name} ({n})", name=self.player.name, n=self.count)
        surface.blit(fit_render(theme, "bold", px_body, head, dim, self.list_rect.w), self.list_rect.topleft)
        if self.problem or not self.games:
            words = self.problem or _("No games yet: every game you finish is kept here.")
            surface.blit(fit_render(theme, "body", px_body, words, text, self.list_rect.w), self.rows[0].topleft)
        for i, (game, rect) in enumerate(zip(self.games, self.rows)):
            self._draw_game(surface, game, rect, i == self.selected, px_body)
        # the filter
        b = self.buttons
        for key, arrow in (("filter_prev", "\u25c0"), ("filter_next", "\u25b6")):
            pygame.draw.rect(surface, theme.color("button"), b[key], border_radius=self.px("corner_radius"))
            img = fit_render(theme, "bold", px_body, arrow, theme.color("button_text"), b[key].w)
            surface.blit(img, img.get_rect(center=b[key].center))
        who = _("Every player") if self.player is None else self.player.name
        mid = pygame.Rect(b["filter_prev"].right, b["filter_prev"].y, b["filter_next"].x - b["filter_prev"].right,
                          b["filter_prev"].h)
        img = fit_render(theme, "bold", px_body, who, gold, mid.w - self.px("gap"))
        surface.blit(img, img.get_rect(center=mid.center))
        self._draw_totals(surface, px_body)
        # buttons and what to press
        for key in ACTS:
            label = act_label(key)
            idle = key in GAME_ACTS and not self.games      # nothing chosen: the game's acts are greyed
            pygame.draw.rect(surface, theme.color("button_disabled" if idle else "button"), b[key],
                             border_radius=self.px("corner_radius"))
            img = fit_render(theme, "bold", px_body, label,
                             theme.color("button_text_disabled" if idle else "button_text"), b[key].w - self.px("gap"))
            surface.blit(img, img.get_rect(center=b[key].center))
        device = app.pads.last_device
        how = {"pad": _("Up / Down: a game · Left / Right: a player · A: replay · X: story · RB: review · "
                        "Y: export · RT: import · B: close"),
               "keyboard": _("Up / Down: a game · Left / Right: a player · Enter: replay · H: story · Tab: review · "
                             "E: export · I: import · Escape: close")}.get(
            device, _("Click a game to choose it; the arrows beside the name choose a player."))
        words = self.message or how
        # above the buttons, across the panel: the keys, or what an export did (a long path)
        room = pygame.Rect(b["replay"].x, b["replay"].y - self.line * 2, b["close"].right - b["replay"].x,
                           self.line * 2)
        blit_wrapped(surface, theme, "body", max(8, int(px_body * 0.9)), words, dim, room, center=True,
                     max_lines=2)

    def _draw_game(self, surface: pygame.Surface, game: GameRecord, rect: pygame.Rect, chosen: bool,
                   px: int) -> None:
        theme = self.app.theme
        if chosen:
            pygame.draw.rect(surface, theme.color("panel_dark"), rect, border_radius=self.px("corner_radius"))
            if self.app.pads.last_device != "mouse":
                draw_focus_ring(surface, rect, theme, self.gui_scale(), inside=True)
        x = rect.x + self.px("gap")
        col = int(rect.w * 0.3)
        date = fit_render(theme, "body", px, when(game.played_at), theme.color("text_dim_on_dark"),
                          col - self.px("gap"))
        surface.blit(date, date.get_rect(midleft=(x, rect.centery)))
        x += col
        seats = sorted(game.seats, key=lambda s: (s.rank, s.seat)) if game.finished else game.seats
        # the winner (or the winners of a shared win) wear a star
        parts = [(fmt("\u2605 {name} {vp}", name=s.name, vp=s.total) if s.winner else
                  fmt("{name} {vp}", name=s.name, vp=s.total)) if game.finished else s.name for s in seats]
        line = " · ".join(parts)
        if not game.finished:
            line = fmt("{players} (unfinished)", players=line)
        color = theme.color("text_on_dark")
        img = fit_render(theme, "bold" if chosen else "body", px, line, color, rect.right - x - self.px("gap"))
        surface.blit(img, img.get_rect(midleft=(x, rect.centery)))

    def _draw_totals(self, surface: pygame.Surface, px: int) -> None:
        theme = self.app.theme
        r = self.totals_rect
        dim, text = theme.color("text_dim_on_dark"), theme.color("text_on_dark")
        surface.blit(fit_render(theme, "bold", px, _("Players"), dim, r.w), r.topleft)
        shown = [self.player] if self.player is not None else self.totals[:PAGE]
        y = r.y + self.line
        for t in shown:
            if t is None:
                continue
            surface.blit(fit_render(theme, "bold", px, t.name, text, r.w), (r.x, y))
            y += self.line * 3 // 4
            line = nfmt("{n} game, {wins} won ({rate}); best {best}, average {avg} VP",
                        "{n} games, {wins} won ({rate}); best {best}, average {avg} VP", t.games,
                        wins=t.wins, rate=percent(t.win_rate), best="–" if t.best is None else t.best,
                        avg="–" if t.average is None else i18n.number(round(t.average, 1)))
            y += blit_wrapped(surface, theme, "body", max(8, int(px * 0.9)), line, dim,
                              pygame.Rect(r.x, y, r.w, self.line * 2), max_lines=2)
            against = [fmt("vs {level}: {rate}", level=_level(k), rate=percent(v.win_rate))
                       for k, v in sorted(t.against.items()) if v.games]
            if against and self.player is not None:
                for part in against:
                    surface.blit(fit_render(theme, "body", max(8, int(px * 0.9)), part, dim, r.w), (r.x, y))
                    y += self.line * 3 // 4
            y += self.line // 3
            if y > r.bottom:
                break

    def layout(self) -> dict:
        return {"rows": [r.copy() for r in self.rows[:len(self.games)]], **{k: r.copy() for k, r in self.buttons.items()},
                "games": [g.id for g in self.games], "filter": self.player.name if self.player else None}


def _level(kind: str) -> str:
    from ne_game.ui.words import level_name

    return level_name(kind) if kind != "human" else _("people")
