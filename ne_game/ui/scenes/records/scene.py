"""Records (title screen): the games played on this computer, newest first, and each
player's totals, from the game history (ne_game.history, SQLite in the user folder).

The list can be narrowed to one player (Left / Right, or the arrows beside the filter). The
chosen game opens in the replay viewer or as its story; it can be exported to a file in the
save format (to share it: Load game or the records of another computer read it), and the game
files a friend sent, put in the user folder's `imports` folder, are imported into the records.
Keyboard, pad and mouse reach everything; the words below the list name the keys of the device
in use. The records never stop the game: a store that cannot be opened shows why, and the
screen closes as usual.

No frame waits for the records: the screen keeps one store open while it is shown (closed when
it leaves); its first read (the once-per-process check of the database) and the games waiting
in `history-pending/` run on the app's records worker (ne_game/ui/shell/background.py), and an import
takes the files of `imports/` a few at a time, at most IMPORT_BUDGET seconds of each frame,
with a progress line. Every file it dealt with is moved out of the way, never deleted and never
over another file: into `imports/imported/` (a game now in the records), `imports/known/` (one
they held already) or `imports/damaged/` (a file that is not a game this version can read); a
file left where it was (the records could not be written) is read again at the next press.
"""
from __future__ import annotations

import logging
import math
import os
import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

import pygame

from ne_game.history import GameRecord, HistoryStore, PlayerTotals
from ne_game.i18n import _, fmt
from ne_game.storage import safe_io
from ne_game.ui.look.widgets import wrap_words
from ne_game.ui.scenes.records.draw import PAGE, RecordsView, draw_records
from ne_game.ui.scenes.records.files import (
    ImportRun,
    export_record,
    import_one,
    imports_dir,
)
from ne_game.ui.scenes.records.words import ACTS, act_row, totals_line
from ne_game.ui.shell import input_map as im
from ne_game.ui.shell.background import Job, SyncWorker
from ne_game.ui.shell.scene_base import Scene

if TYPE_CHECKING:
    from ne_game.ui.shell.app import App

log = logging.getLogger(__name__)

IMPORT_BUDGET = 0.03      # seconds of import work in one frame (a file takes 5-20 ms): with the frame's own
                          # drawing, no frame of an import takes much more than 50 ms
PENDING_PAUSE = 0.005     # seconds the worker rests between two pending games it takes in


#: a command's act here: Enter / A replays, H / X tells the story, Tab / RB reviews (the coach),
#: E / Y exports, R / RT imports
KEY_ACTS = {im.CONFIRM: "replay", im.HINT: "story", im.NEXT_TARGET: "review", im.END_TURN: "export",
            im.ROTATE: "import", im.CANCEL: "close"}


@dataclass
class Snapshot:
    """What one read of the records gives the screen."""

    count: int
    games: list[GameRecord]
    offset: int
    totals: list[PlayerTotals] | None      # None: not read again (a filter or a page)
    problem: bool


class RecordsScene(Scene):
    ref_content = (1100, 680)
    import_budget = IMPORT_BUDGET

    def __init__(self, app: App) -> None:
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
        self.store = HistoryStore()      # one store while the screen is open (no I/O until asked)
        self.importing: ImportRun | None = None
        self._importer: Iterator[None] | None = None
        self._step_cost = 0.0            # seconds one file of an import took lately (the longest, decaying)
        self._pending: Job[int] | None = None
        # the first read checks the database (once per process): off this thread
        self._opening: Job[Snapshot] | None = app.records_worker.submit(
            lambda: self._fetch(None, 0, totals=True), "open the records")
        self._poll_jobs()
        self.on_resize(app.screen_size)

    @property
    def loading(self) -> bool:
        return self._opening is not None

    @property
    def busy(self) -> bool:
        """Work under way that needs frames (an import, the first read, waiting games)."""
        return self._opening is not None or self._importer is not None or self._pending is not None

    # ------------------------------------------------------------ data
    @property
    def player(self) -> PlayerTotals | None:
        return self.totals[self.filter - 1] if 0 < self.filter <= len(self.totals) else None

    def _fetch(self, key: str | None, offset: int, *, totals: bool) -> Snapshot:
        """One read of the records (on any thread: the store has its lock). Never raises."""
        store = self.store
        try:
            all_totals = store.player_totals(flush=False) if totals else None
            count = store.count_games(player=key)
            offset = max(0, min(offset, max(0, count - PAGE)))
            games = store.games(player=key, limit=PAGE, offset=offset, flush=False)
            return Snapshot(count, games, offset, all_totals, store.problem is not None)
        except Exception as err:       # the records never stop the game: say why, go on
            log.warning("the records cannot be read: %s", err, exc_info=True)
            return Snapshot(0, [], 0, [] if totals else None, True)

    def _apply(self, snap: Snapshot) -> None:
        key = self.player.key if self.player is not None else None
        if snap.totals is not None:
            self.totals = snap.totals
            # the same player stays chosen when the totals change order
            keys = [t.key for t in self.totals]
            self.filter = keys.index(key) + 1 if key in keys else 0
        self.count, self.games, self.offset = snap.count, snap.games, snap.offset
        self.selected = max(0, min(self.selected, len(self.games) - 1))
        self.problem = _("The records cannot be read just now.") if snap.problem else ""
        self.on_resize(self.app.screen_size)       # the panel fits what it now shows

    def _read(self, *, totals: bool = False) -> None:
        if self.loading:
            return                      # the first read is on its way: it brings everything
        key = self.player.key if self.player is not None else None
        self._apply(self._fetch(key, self.offset, totals=totals))

    def _poll_jobs(self) -> None:
        """Take in what the records worker finished (called each frame and at once)."""
        if self._opening is not None and self._opening.done:
            snap = self._opening.result
            self._opening = None
            self._apply(snap if snap is not None else Snapshot(0, [], 0, [], True))
            # then the games that wait in history-pending/, on their own connection
            worker = self.app.records_worker
            pause = 0.0 if isinstance(worker, SyncWorker) else PENDING_PAUSE      # no thread to make room for
            self._pending = worker.submit(lambda: _take_in_pending(pause), "pending games")
        if self._pending is not None and self._pending.done:
            taken = self._pending.result or 0
            self._pending = None
            if taken:
                self._read(totals=True)

    def update(self, dt: float) -> None:
        self._poll_jobs()
        if self._importer is not None:
            # files while the next one (as long as the longest so far) still fits in the budget
            start = time.perf_counter()
            while self._importer is not None:
                before = time.perf_counter()
                try:
                    next(self._importer)
                except StopIteration:
                    self._importer = None
                now = time.perf_counter()
                self._step_cost = max(self._step_cost * 0.9, now - before)
                if now + self._step_cost - start >= self.import_budget:
                    break

    def wake_in(self) -> float | None:
        """Frames while work is under way (an import and its progress line, the first read,
        the games waiting in history-pending/); at rest otherwise (the app's loop sleeps)."""
        return 0.0 if self.busy else None

    def on_exit(self) -> None:
        self._importer = None          # the files not reached yet stay in imports/ for the next time
        self.importing = None
        self.store.close()
        super().on_exit()

    # ------------------------------------------------------------ layout
    def on_resize(self, size: tuple[int, int]) -> None:
        W, H = size
        m = self.px("margin")
        pad = self.px("panel_padding") * 2
        # One row of text at a comfortable pitch (not stretched to fill the window), and the
        # panel as tall as what it shows: the games and the players' totals, at least a few
        # rows, at most a page; centred, so no large empty middle stands in it.
        self.line = self.px("font_body", 2.1)
        self.head_h = self.px("font_heading", 1.7) + self.px("gap") * 2     # the title and its ornament
        bh, gap = self.px("button_height"), self.px("gap")
        # the head, the help line's two lines and the buttons; the list's heading row and its
        # rows make the rest (the player chooser sits in the Players column, under its heading)
        fixed = 2 * pad + self.head_h + self.line * 2 + bh + gap * 2
        inner_w = W - 2 * m - 2 * pad
        rows = max(3, min(PAGE, self._rows_wanted(inner_w - int(inner_w * 0.62) - pad // 2, bh + gap)))
        most = max(3, (H - 2 * m - fixed) // self.line - 1)
        self.line = min(self.line, max(self.px("font_body", 1.5), (H - 2 * m - fixed) // (rows + 1)))
        rows = min(rows, most)
        panel_h = min(H - 2 * m, fixed + self.line * (rows + 1))
        self.panel_rect = pygame.Rect(m, (H - panel_h) // 2, W - 2 * m, panel_h)
        inner = self.panel_rect.inflate(-2 * pad, -2 * pad)
        by = inner.bottom - bh
        # both columns run from under the title down to the help line over the buttons: the
        # games fill theirs (playtest 13a: one game's row, then an empty band, then the chooser
        # floating in the middle of the screen)
        top = inner.y + self.head_h
        self.list_rect = pygame.Rect(inner.x, top, int(inner.w * 0.62), by - self.line * 2 - gap - top)
        self.totals_rect = pygame.Rect(self.list_rect.right + pad // 2, self.list_rect.y,
                                       inner.right - self.list_rect.right - pad // 2, self.list_rect.h)
        y = self.list_rect.y + self.line
        self.rows = [pygame.Rect(self.list_rect.x, y + i * self.line, self.list_rect.w, self.line)
                     for i in range(PAGE)]
        # the player chooser: under the Players heading, its arrows at the column's two ends
        t = self.totals_rect
        fy = t.y + self.line
        self.buttons = {"filter_prev": pygame.Rect(t.x, fy, bh, bh),
                        "filter_next": pygame.Rect(t.right - bh, fy, bh, bh)}
        # the acts on the chosen game, then import and close, across the foot of the panel: one
        # text size for the whole row, and each button as wide as its words need
        gap = self.px("gap")
        self.px_body = max(8, int(self.line / 1.6))
        self.button_px, widths = act_row(self.app.theme, self.px_body, inner.w, gap, self.px("button_width"))
        x = inner.x
        for act, bw in zip(ACTS, widths):
            if act == "close":
                x = inner.right - bw
            self.buttons[act] = pygame.Rect(x, by, bw, bh)
            x += bw + gap

    def _rows_wanted(self, totals_w: int, chooser_h: int) -> int:
        """How many rows of the list's pitch the games and the players' totals take (the
        totals `totals_w` wide, under the player chooser `chooser_h` high), measured as
        _draw_totals draws them."""
        player = self.player
        totals = [player] if player is not None else self.totals[:PAGE]
        px = max(8, int(int(self.line / 1.6) * 0.9))
        text_line = self.app.theme.font("body", px).get_linesize()
        need = chooser_h / self.line
        for t in totals:
            if t is None:
                continue
            lines = len(wrap_words(self.app.theme, "body", px, totals_line(t), totals_w, max_lines=2))
            # the name (3/4 of a row), the numbers, a breath (1/3), a line for each kind of rival
            need += 3 / 4 + lines * text_line / self.line + 1 / 3 + \
                (3 / 4 * sum(1 for v in t.against.values() if v.games) if player is not None else 0)
        return max(len(self.games), math.ceil(need))

    def on_uncover(self) -> None:
        """Back from a replay, a story or the coach: the list as it is now, last words gone."""
        super().on_uncover()
        if self.importing is None:
            self.message = ""
        self._read(totals=True)

    # ------------------------------------------------------------ acts
    def move_filter(self, step: int) -> None:
        if self.loading:
            return
        self.filter = (self.filter + step) % (len(self.totals) + 1)
        self.offset = self.selected = 0
        if self.importing is None:
            self.message = ""
        self._read()

    def move_selection(self, step: int) -> None:
        index = self.offset + self.selected + step
        if self.loading or not 0 <= index < self.count:
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
        replay = self.store.replay(game.id, precompute=False)
        if replay is None:
            self.message = _("This game cannot be replayed: its record is damaged.")
            return
        if screen == "coach":
            if not replay.finished:
                self.message = _("Only a finished game can be reviewed.")
                return
            save = self.store.load_save(game.id)
            if save is not None:
                self.app.push("coach", replay=replay, save=save, game_id=game.id)
            return
        self.app.push(screen, replay=replay)

    # ------------------------------------------------------------ import
    def import_games(self) -> None:
        """Start taking in every file of the imports folder (a few each frame: see update)."""
        if self._importer is not None:
            return
        self._importer = self._import_steps()
        self.update(0.0)                # the listing and the first files at once

    def _import_steps(self) -> Iterator[None]:
        folder = imports_dir()
        try:
            folder.mkdir(parents=True, exist_ok=True)
            with os.scandir(folder) as entries:
                # every entry but the folders (ours: imported/, known/, damaged/)
                names = sorted(e.name for e in entries if not e.is_dir(follow_symlinks=False))
        except OSError as err:
            log.warning("the imports folder cannot be read: %s", err)
            self.message = fmt("The folder {path} cannot be read.", path=safe_io.path_text(folder))
            return
        if not names:
            self.message = fmt("No game files to import: put shared games (.json) in {path}.",
                               path=safe_io.path_text(folder))
            return
        run = self.importing = ImportRun(len(names))
        self.message = run.progress()
        yield
        for k, name in enumerate(names):
            if not import_one(folder / name, run, self.store):
                run.waiting = len(names) - k
                break
            run.done += 1
            self.message = run.progress()
            if run.done % 25 == 0:
                self._read()            # the list and its count grow as the games come in
            yield
        self.importing = None
        self.message = run.summary()
        self.offset = self.selected = 0
        self._read(totals=True)

    # ------------------------------------------------------------ export
    def export(self) -> None:
        """The chosen game to a file of its own in the exports folder (files.export_record)."""
        if self.games:
            self.message = export_record(self.store, self.games[self.selected])

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
        draw_records(surface, self.app.theme, RecordsView(
            self.app.screen_size, self.px, self.gui_scale(), self.panel_rect, self.list_rect, self.totals_rect,
            self.rows, self.buttons, self.line, self.px_body, self.button_px, self.count, self.games,
            self.selected, self.totals, self.player, self.loading, self.problem, self.message,
            self.app.pads.last_device))

    def layout(self) -> dict[str, object]:
        return {"rows": [r.copy() for r in self.rows[:len(self.games)]], **{k: r.copy() for k, r in self.buttons.items()},
                "games": [g.id for g in self.games], "filter": self.player.name if self.player else None}


def _take_in_pending(pause: float) -> int:
    """The games waiting in history-pending/ into the records (on the worker, its own store),
    with a breath of `pause` seconds between two games: the replay of each is Python, and the
    window's thread needs the interpreter to draw its frames meanwhile."""
    with HistoryStore() as store:
        return store.flush_pending(between=(lambda: time.sleep(pause)) if pause > 0 else None)
