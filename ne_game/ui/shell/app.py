"""The application shell: the loop that joins the window (window.py), the scene stack
(navigator.py), the toasts (toasts.py), the settings, the sound and the input devices.

Scenes (ne_game/ui/shell/scene_base.py) are stacked; the top one gets events first and may
pass them down (`pass_through_events`); overlays (`is_overlay`) are drawn over the
scene below. Each scene owns a pygame-gui UIManager (`scene.ui_manager`), so a
dialog's buttons always sit above the scene it covers and hidden scenes' widgets
never catch clicks. On a resize or a UI-scale change every scene gets a fresh
manager and `on_resize(size)` re-builds its widgets from the new size (fluid
layout, never a scaled bitmap).

Scale: `app.window_scale` = min(w/1280, h/720) (the layout's reference window);
`app.ui_scale` = window_scale × the player's UI-scale setting (100–200 %).
Multiply theme sizes (`theme.size(key)`) by `app.ui_scale`; `app.px(key)` does it.

Navigation is by name: `app.go("title")`, `app.push("pause", session=s)`,
`app.replace(...)`, `app.pop()`. The app imports no scene: it is given the screen
graph (ne_game/ui/shell/screens.py, name -> factory) by the entry point, and loads that
module on first use when none was given (tests may give a fake graph).

Computer players think through `app.ai_runner` (ne_game/ui/shell/ai_runner.py): a worker
thread in the game, a synchronous runner in tests and `--smoke-test`.

Tests drive `App.step(dt)` with a fixed dt and posted pygame events
(tests/ui/harness.py); `run()` is the same loop with a real clock.

A game at rest costs nothing. A step draws and flips only when something changed (an
event, a scene pushed or popped, a resize, a toast: `request_frame`) or while something
moves: the top scene's `wake_in()` (an animation, a timer, a computer's move on show, a
replay playing, a background job), its widgets (gui_manager.py), a toast on screen, a
computer thinking, a held mouse button or pad direction, the sound board's fades and
delayed cues. When nothing moves, `run()` does not step at all: it sleeps until an event
is queued (looking every rest.REST_POLL seconds, as often as the old 60 fps loop looked), until
a scene's timed wake (a text cursor's blink) or, every rest.REST_TICK seconds, for a step that
updates the top scene and draws only if that set something moving. The first event makes
the next step draw at once, and the loop is back at full frame rate while anything moves.
"""
from __future__ import annotations

import logging
import os
import time
import warnings
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

import pygame
import pygame_gui

from ne_game import i18n
from ne_game.audio import SoundBoard
from ne_game.game import gamedata
from ne_game.storage import safe_io, saves
from ne_game.storage.settings import Settings, load_settings
from ne_game.ui.look.theme import GuiTheme, Theme, ThemeError, family_ids, load_theme_or_default
from ne_game.ui.shell import events, input_map, preferences, rest
from ne_game.ui.shell.gui_manager import PointerAwareManager
from ne_game.ui.shell.navigator import Navigator
from ne_game.ui.shell.scene_base import Scene, ScreenFactory
from ne_game.ui.shell.toasts import Toasts
from ne_game.ui.shell.window import MIN_WINDOW, REFERENCE_SIZE, Window

if TYPE_CHECKING:  # pragma: no cover
    from ne_game.ui.shell.ai_runner import Runner
    from ne_game.ui.shell.background import Worker

log = logging.getLogger(__name__)

__all__ = ["App", "run", "REFERENCE_SIZE", "MIN_WINDOW"]

MAX_DT = 0.05          # clamp: a stall (drag of the window, a slow disk) never jumps animations
UI_MAX_DT = 1.0        # pygame-gui's own timers (a cursor's blink) see real time up to this after a rest
TARGET_FPS = 60
WAKE_EVENT = pygame.event.custom_type()   # posted from another thread: leave the rest now


class App:
    """One window, one scene stack. Build it, `go("title")`, then `run()` or `step()`."""

    def __init__(self, *, size: tuple[int, int] | None = None, fullscreen: bool = False,
                 theme: str | None = None, settings: Settings | None = None,
                 screens: Mapping[str, ScreenFactory] | None = None,
                 ai_runner: Runner | None = None, muted: bool = False) -> None:
        self.started = time.perf_counter()
        pygame.display.init()
        pygame.font.init()
        pygame.key.set_repeat(400, 40)
        # said once the language is known (the title shows them): notices translate when shown
        self.startup_messages: list[safe_io.Notice] = []
        # a game data file of one's own ($NE_GAME_DATA) that cannot be used: the shipped data
        # instead, and a notice that says which file and where (the game must start)
        problem = gamedata.own_data_problem()
        if problem is not None:
            gamedata.use_shipped_data(problem)
            safe_io.notify(gamedata.problem_notice(problem))
        if settings is None:
            settings, msg = load_settings()
            if msg:
                self.startup_messages.append(msg)
        self.settings: Settings = settings
        self.sound = SoundBoard.open(self.settings, muted=muted)   # silent when there is no audio device
        self.apply_bindings()
        self.theme: Theme = self.load_theme(theme or self.settings.theme)
        # `--theme` holds for this run (not saved) until the player chooses a theme in
        # Settings: saving another setting does not bring the saved theme back (playtest 18a)
        self.theme_pinned = theme is not None
        self.window = Window(size, bool(fullscreen or self.settings.fullscreen))
        pygame.display.set_caption("New England")
        self._set_icon()
        # --lang, else the saved choice, else the system's locale (ne_game/i18n); a later
        # switch lays every scene out again, so each speaks the new language at once.
        i18n.startup_language(self.settings.language)
        i18n.add_listener(self._on_language)
        pygame.display.set_caption(i18n._("New England"))
        self.nav = Navigator(self, screens)
        self.clock = pygame.time.Clock()
        self.clock_time = 0.0          # seconds of presentation time (sum of clamped dt)
        self.frame = 0                 # steps made (run(max_frames) counts these)
        self.frames_drawn = 0          # steps that drew and flipped
        # The rest: frames owed to a change; when the next frame is needed (0.0 at once,
        # seconds, None at rest) as the last step left it; the timed wake on the real clock.
        self._frames_owed = 1
        self.wake: float | None = 0.0
        self._wake_at: float | None = None
        self.buttons_held: set[int] = set()
        self._stack_seen: tuple[int, ...] = ()     # the scenes (ids) the last step ended with
        self.running = True
        self.exit_code = 0
        self.relayout_pending = False
        self._gui_theme_key: tuple[str, float] | None = None
        self._gui_theme: GuiTheme = {}
        self.toasts = Toasts()
        self.first_frame_time: float | None = None   # seconds from App() to the first flip
        self.event_hooks: list[Callable[[pygame.event.Event], None]] = []  # tests listen here
        # called every step after the events (the phones' host applies what they sent): True
        # when it changed something, so the frame is drawn
        self.frame_hooks: list[Callable[[], bool]] = []
        for note in saves.start_up():   # the user folder's lock; a stand-in folder; old temp files
            self.toast(note, seconds=8)
        self._ai_runner: Runner | None = ai_runner
        self._records_worker: Worker | None = None
        from ne_game.ui.shell.flow import record_finished_autosave

        record_finished_autosave(self)  # a finished game whose final scoring never came (the window closed)
        # Game controllers come and go at any time; their commands go to whoever is on turn.
        self.pads = input_map.Pads()

    @property
    def ai_runner(self) -> Runner:
        """The computer players' runner (ne_game/ui/shell/ai_runner.py): a worker thread unless one was given."""
        if self._ai_runner is None:
            self._ai_runner = self.default_runner()
        return self._ai_runner

    @ai_runner.setter
    def ai_runner(self, runner: Runner) -> None:
        self._ai_runner = runner

    def default_runner(self) -> Runner:
        """The runner made when none was given: computer players think in a worker thread."""
        from ne_game.ui.shell.ai_runner import AIRunner

        return AIRunner(budget=lambda: self.settings.ai_budget)

    @property
    def records_worker(self) -> Worker:
        """Where the records are written and waiting games taken in (ne_game/ui/shell/background.py):
        a worker thread, so that no frame waits for the disk; tests run it synchronously."""
        if self._records_worker is None:
            self._records_worker = self.default_records_worker()
        return self._records_worker

    def default_records_worker(self) -> Worker:
        # The worker's jobs import the records (and through them the computer players) the
        # first time they run; a package imported on two threads at once can meet itself half
        # made (a circular ImportError), so the game's thread imports it before the worker starts.
        import ne_game.history  # noqa: F401
        from ne_game.ui.shell.background import ThreadWorker

        return ThreadWorker("records")

    @property
    def screens(self) -> Mapping[str, ScreenFactory]:
        """The screen graph, name -> factory (ne_game/ui/shell/screens.py unless one was given)."""
        return self.nav.screens

    # ------------------------------------------------------------ the window
    @property
    def screen(self) -> pygame.Surface:
        return self.window.screen

    @property
    def fullscreen(self) -> bool:
        return self.window.fullscreen

    # ------------------------------------------------------------ setup helpers
    def load_theme(self, name: str) -> Theme:
        theme, problem = load_theme_or_default(name)
        if problem is not None:
            self.startup_messages.append(problem)
        return theme

    def apply_bindings(self) -> None:
        """The player's key and pad moves (Settings → Controls) into the input map."""
        skipped = input_map.apply_bindings(self.settings.key_bindings, self.settings.pad_bindings)
        if skipped:
            log.warning("controls: these moved commands keep their default keys: %s", ", ".join(skipped))

    def _set_icon(self) -> None:
        try:
            # the first family's badge: the art goes by the id the game data gives it
            self.window.set_icon(self.theme.sprite(f"badge_{family_ids()[0]}", (64, 64)))
        except (pygame.error, ThemeError) as err:
            log.info("no window icon: %s", err)

    # ------------------------------------------------------------ geometry
    @property
    def screen_size(self) -> tuple[int, int]:
        return self.window.size

    @property
    def window_scale(self) -> float:
        return self.window.scale

    @property
    def ui_scale(self) -> float:
        return self.window_scale * self.ui_scale_factor

    @property
    def ui_scale_factor(self) -> float:
        """The player's UI scale, larger at sofa distance (Settings.scale_factor)."""
        return self.settings.scale_factor(self.fullscreen)

    @property
    def sofa(self) -> bool:
        """Read from the sofa (Settings → Sofa distance): larger text everywhere."""
        return self.settings.sofa_on(self.fullscreen)

    def px(self, key: str, factor: float = 1.0) -> int:
        """A theme size in pixels at the current UI scale."""
        return max(1, int(round(self.theme.size(key) * self.ui_scale * factor)))

    def font(self, role: str, size_key: str, factor: float = 1.0) -> pygame.font.Font:
        """A theme font at a theme size, scaled (fonts are cached by the theme)."""
        return self.theme.font(role, self.px(size_key, factor))

    def make_ui_manager(self, scale: float | None = None) -> pygame_gui.UIManager:
        """A pygame-gui manager for the whole window, themed at `scale` (default: app.ui_scale)."""
        scale = self.ui_scale if scale is None else scale
        key = (self.theme.name, round(scale, 3))
        if self._gui_theme_key != key:   # building the dict is cheap, but not free per scene
            self._gui_theme_key, self._gui_theme = key, self.theme.gui_theme(scale)
        with warnings.catch_warnings():
            # pygame-gui frowns at fonts over 200 px; a 4K title legitimately is.
            warnings.filterwarnings("ignore", message=".*unusually large.*")
            warnings.filterwarnings("ignore", message="Theme validation found.*")
            warnings.filterwarnings("ignore", message="Font data validation errors.*")
            manager = PointerAwareManager(self.screen_size, self._gui_theme, enable_live_theme_updates=False,
                                          translation_directory_paths=i18n.gui_translation_dirs())
            manager.pointer_in_use = lambda: self.pads.last_device == "mouse"
            manager.set_locale(i18n.gui_locale())   # pygame-gui's own strings follow our language
        # Text boxes with <b> need the bold face loaded up front (else a warning and a slow path).
        body = self._gui_theme.get("defaults", {}).get("font", {})
        if body.get("name") and body.get("size"):
            manager.preload_fonts([{"name": body["name"], "point_size": int(body["size"]), "style": "bold"}])
        return manager

    @property
    def ui_manager(self) -> pygame_gui.UIManager:
        """The UI manager of the scene being built, else of the top scene."""
        scene = self.nav.building or self.nav.top
        if scene is None:
            raise RuntimeError("no scene: push one before asking for app.ui_manager")
        return scene.ui_manager

    # ------------------------------------------------------------ scene stack (navigator.py)
    @property
    def stack(self) -> list[Scene]:
        return self.nav.stack

    @property
    def top(self) -> Scene | None:
        return self.nav.top

    def make_screen(self, screen: str, **kw: object) -> Scene | None:
        return self.nav.make(screen, **kw)

    def go(self, screen: str, **kw: object) -> Scene | None:
        """Show `screen` alone: the whole stack (a game, its menus) is replaced."""
        return self.nav.go(screen, **kw)

    def push(self, screen: str, **kw: object) -> Scene | None:
        """Show `screen` on top of the current scene (a menu, a dialog)."""
        return self.nav.push(screen, **kw)

    def pop(self) -> Scene | None:
        return self.nav.pop()

    def replace(self, screen: str, **kw: object) -> Scene | None:
        """Swap the top scene for `screen`."""
        return self.nav.replace(screen, **kw)

    def find_scene(self, cls: type) -> Scene | None:
        return self.nav.find(cls)

    # ------------------------------------------------------------ settings, theme, window
    def apply_settings(self, settings: Settings, persist: bool = True) -> bool:
        """Take new settings (preferences.py); True when every scene was laid out again."""
        return preferences.apply(self, settings, persist)

    def _on_language(self, lang: str) -> None:
        preferences.on_language(self, lang)

    def set_fullscreen(self, on: bool, persist: bool = True) -> None:
        preferences.set_fullscreen(self, on, persist)

    def set_mute(self, on: bool) -> None:
        """Mute or unmute everything (M anywhere, or the Settings screen); the choice is saved."""
        preferences.set_mute(self, on)

    def toggle_fullscreen(self) -> None:
        self.set_fullscreen(not self.fullscreen)

    def resize(self, size: tuple[int, int]) -> None:
        """Resize the window (tests use this; players drag the window edge)."""
        if self.window.resize(size):
            self.relayout()

    def relayout(self) -> None:
        """Give every scene a fresh UI manager at the current size and scale, then `on_resize`."""
        self.relayout_pending = False
        self.request_frame()
        size = self.screen_size
        for scene in self.stack:
            scene.reset_ui_manager()
            scene.on_resize(size)
            # Only the top scene's manager is updated each frame, and pygame-gui draws only the
            # widgets an update found visible: a covered scene (the title under Settings after
            # a theme switch) would show its new widgets nowhere until it is on top again.
            scene.ui_manager.update(0.0)

    # ------------------------------------------------------------ messages
    def toast(self, text: str | safe_io.Notice, seconds: float = 3.0) -> None:
        """A short message over everything (saved, could not save, ...); a notice is said in
        the language of the moment it is drawn."""
        self.toasts.add(text, self.clock_time, seconds)
        self.request_frame()

    def show_error(self, title: str, text: str, on_close: Callable[[], None] | None = None) -> None:
        self.push("dialog", title=title, text=text, on_close=on_close)

    def quit(self, code: int = 0) -> None:
        self.running = False
        self.exit_code = code

    # ------------------------------------------------------------ the rest
    def request_frame(self, frames: int = 1) -> None:
        """Draw the next `frames` steps, whatever else moves: something changed that no
        scene's `wake_in` tells (an event, a scene pushed, a resize, a toast)."""
        self._frames_owed = max(self._frames_owed, frames)

    def moving(self) -> bool:
        """Something changes with time: the loop must make every frame (60 fps) while it does."""
        if self.relayout_pending or self.toasts.showing(self.clock_time) or self.pads.repeating:
            return True
        if self.buttons_held and not any(pygame.mouse.get_pressed()):
            # a release the window never heard (let go outside it): the button is up
            self.buttons_held.clear()
        if self.buttons_held or self.sound.busy:
            return True
        runner = self._ai_runner
        if runner is not None and runner.busy:     # its answer is polled by the scene each frame
            return True
        top = self.top
        return top is None or top.wake_in() == 0.0 or rest.widgets_wake(top) == 0.0


    def timed_wake(self) -> float | None:
        """Seconds until the top scene or its widgets need their next frame while nothing
        moves (a text cursor's blink), None when only an event brings one."""
        return rest.timed_wake(self.top)

    def wake_from_thread(self) -> None:
        """Leave the rest at once (another thread has news: a phone sent something). Posting
        an event is thread-safe in SDL; the resting loop wakes on any queued event."""
        try:
            pygame.event.post(pygame.event.Event(WAKE_EVENT))
        except pygame.error:       # the window is closing: nothing to wake
            log.debug("no wake: pygame is not running", exc_info=True)

    def _rest(self) -> None:
        if rest.sleep_until_needed(self._wake_at):
            self.request_frame()

    # ------------------------------------------------------------ the loop
    def handle_event(self, event: pygame.event.Event) -> None:
        """One event, routed to the app's own keys, the pads and the scenes (events.py)."""
        events.route(self, event)

    def pad_command(self, cmd: input_map.Command, pad: int = -1) -> None:
        events.route_pad(self, cmd, pad)

    def step(self, dt: float) -> None:
        """One frame: events, update (top scene), then draw (visible scenes) and flip when
        anything changed or moves; a step at rest draws nothing."""
        elapsed = max(0.0, dt)
        dt = max(0.0, min(MAX_DT, dt))
        was_moving = self.wake == 0.0   # the last frame left something moving: this one shows it
        self.clock_time += dt
        self.sound.update(dt, self.stack)   # delayed cues, music, the session on screen
        for event in pygame.event.get():
            self.handle_event(event)
            if not self.running:
                return
        for pad, cmd in self.pads.tick(dt):     # a held d-pad or stick repeats
            self.pad_command(cmd, pad)
        for hook in tuple(self.frame_hooks):
            if hook():
                self.request_frame()
        if self.relayout_pending:
            self.window.refresh()
            self.relayout()
        if not self.stack:
            self.quit(self.exit_code)
            return
        for note in safe_io.notices():   # a file set aside as .damaged while this frame was made
            self.toast(note, seconds=8)
        top = self.stack[-1]
        top.ui_manager.update(min(elapsed, UI_MAX_DT))   # a cursor blinks in real time after a rest
        top.update(dt)
        self.frame += 1
        stack = tuple(id(scene) for scene in self.stack)
        if stack != self._stack_seen:
            # a scene came or went (from an event, an update, the tutorial mounting its table):
            # this frame shows it, and the next one lets the sound follow the new stack
            self._stack_seen = stack
            self.request_frame(2)
        moving = self.moving()
        if was_moving or moving or self._frames_owed > 0:
            self._frames_owed = max(0, self._frames_owed - 1)
            self._wake_at = None
            self.draw(self.screen)
            pygame.display.flip()
            self.frames_drawn += 1
            if self.first_frame_time is None:
                self.first_frame_time = time.perf_counter() - self.started
        if moving or self._frames_owed > 0 or not self.running or not self.stack:
            self.wake = 0.0
            return
        self.wake = self.timed_wake()
        if self.wake is not None:
            at = time.perf_counter() + self.wake
            self._wake_at = at if self._wake_at is None else min(self._wake_at, at)

    def draw(self, surface: pygame.Surface) -> None:
        """Draw the visible part of the stack bottom-up (never changes game state)."""
        first = len(self.stack) - 1
        while first > 0 and self.stack[first].is_overlay:
            first -= 1
        for scene in self.stack[max(0, first):]:
            scene.draw(surface)
            scene.ui_manager.draw_ui(surface)
            scene.draw_after_ui(surface)
        self._draw_toasts(surface)

    def _draw_toasts(self, surface: pygame.Surface) -> None:
        floor = getattr(self.top, "toast_floor", None)     # a scene's bar of buttons stays clear
        self.toasts.draw(surface, self.clock_time, self, floor if isinstance(floor, int) else None)

    def run(self, max_frames: int | None = None) -> int:
        """The loop: 60 steps a second while anything moves, a sleep while nothing does
        (`max_frames` counts steps)."""
        while self.running and (max_frames is None or self.frame < max_frames):
            if self.wake != 0.0:
                self._rest()
            dt = self.clock.tick(TARGET_FPS) / 1000.0
            self.step(dt)
        self.shutdown()
        return self.exit_code

    def shutdown(self) -> None:
        i18n.remove_listener(self._on_language)
        self.nav.close_all()
        if self._ai_runner is not None:
            self._ai_runner.cancel()
        if self._records_worker is not None:
            self._records_worker.close()      # a game being recorded still goes in
        self.sound.shutdown()
        pygame.display.quit()


def run(*, size: tuple[int, int] | None = None, fullscreen: bool = False, theme: str | None = None,
        max_frames: int | None = None, mute: bool = False) -> int:
    """Open the window on the title screen and play until the player quits (`mute`: start silent)."""
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    from ne_game.ui.shell.screens import SCREENS

    app = App(size=size, fullscreen=fullscreen, theme=theme, screens=SCREENS, muted=mute)
    app.go("title")
    return app.run(max_frames=max_frames)
