"""SoundBoard: the game's one source of sound.

    board = SoundBoard.open(settings)       # the mixer, or silence when there is no device
    board.cue("click")                      # an effect by name (ne_game.audio.cues.CUES)
    board.attach(session)                   # effects follow the session's events
    board.update(dt, app.stack)             # each frame: delayed cues, music, the session shown

Volumes are the player's settings, 0-100 each: an effect plays at master x effects, the
music at master x music, both through a perceptual curve (amplitude = (percent/100)²), so
50 % sounds about half as loud. Mute silences everything without forgetting the volumes.
Frequent effects have several recorded variants (different pitch and timbre, made by
tools/make_sounds.py); a variant never plays twice in a row and each play gets a little
volume jitter, so a long game never hammers one sample. pygame's mixer cannot shift pitch
at play time, which is why the pitch variety is baked into the variants.
"""
from __future__ import annotations

import logging
import random
from collections.abc import Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from ne_game.audio.backend import Backend, MixerBackend, NoAudio, SilentBackend, Sound
from ne_game.audio.cues import CUES, cues_for_event
from ne_game.audio.library import SoundLibrary

if TYPE_CHECKING:
    from ne_game.game.session import GameSession, SessionEvent

log = logging.getLogger(__name__)

MUSIC_FADE_OUT = 0.8       # seconds to fade the old loop out when the music changes
MUSIC_FADE_IN = 2.5
REPEAT_GAP = 0.04          # the same cue asked twice within this is played once
JITTER = (0.82, 1.0)       # volume range of one play, for variety
LANDING = 0.4             # seconds a piece flies on the table at normal animation speed
DUCK = {"fanfare": (5.0, 0.25)}   # cue: (seconds, music factor) the music steps back for it
LOADS_PER_FRAME = 2        # effects are decoded a few a frame, so start-up does not wait for them


def _gain(*percents: float) -> float:
    g = 1.0
    for p in percents:
        g *= max(0.0, min(100.0, float(p))) / 100.0
    return g * g


class SoundBoard:
    #: an unknown cue name is a programming error: tests set this so it fails them at once;
    #: the game logs it once and plays nothing
    strict = False

    def __init__(self, backend: Backend | None = None, library: SoundLibrary | None = None, *,
                 master: float = 80, effects: float = 80, music: float = 60, muted: bool = False,
                 rng: random.Random | None = None) -> None:
        self.backend: Backend = backend if backend is not None else SilentBackend()
        self.library = library if library is not None else SoundLibrary(root=Path("."))
        self.master, self.effects_volume, self.music_volume = master, effects, music
        self.setting_muted = bool(muted)     # the saved setting
        self.force_muted = False             # `ne-game --mute`, until the player unmutes
        self.rng = rng or random.Random()
        self.clock = 0.0
        self.session: GameSession | None = None
        self._listening = False
        self.landing = LANDING           # scaled by the animation speed setting
        self._humans: list[int] = []
        self._sounds: dict[str, list[Sound]] = {}
        self._unloaded: list[tuple[str, Path]] = [(name, p) for name, paths in self.library.effects.items()
                                                  for p in paths]
        self._last_variant: dict[str, int] = {}
        self._last_played: dict[str, float] = {}
        self._pending: list[tuple[float, str, int | None, float]] = []
        self._music_want: str | None = None
        self._music_now: str | None = None
        self._music_fade = 0.0
        self._music_sent: float | None = None
        self._duck_until = 0.0
        self._duck_factor = 1.0
        self._broken_music: set[str] = set()   # loops that failed once: never reopened
        self._unknown: set[str] = set()        # unknown cue names, each logged once

    # ------------------------------------------------------------ construction
    @classmethod
    def open(cls, settings: object = None, *, muted: bool = False, root: Path | None = None) -> SoundBoard:
        """The real mixer with the game's sounds, or a silent board (one info line in the log)."""
        try:
            backend: Backend = MixerBackend()
        except NoAudio as err:
            log.info("No sound: %s. The game runs silently.", err)
            backend = SilentBackend()
        board = cls(backend, SoundLibrary.load(root) if backend.name != "silent" else None)
        if settings is not None:
            board.apply_settings(settings)
        board.force_muted = bool(muted)
        return board

    def _load(self, name: str, path: Path) -> None:
        try:
            self._sounds.setdefault(name, []).append(self.backend.load(path))
        except Exception as err:   # a damaged file: that variant stays silent, play goes on
            log.warning("sound: %s cannot be decoded (%s); left out", path, err)

    def _load_cue(self, name: str) -> None:
        """Decode the variants of `name` not loaded yet (a cue asked before update() got to it)."""
        if any(n == name for n, _ in self._unloaded):
            for n, path in [u for u in self._unloaded if u[0] == name]:
                self._load(n, path)
            self._unloaded = [u for u in self._unloaded if u[0] != name]

    @property
    def available(self) -> bool:
        return self.backend.name != "silent"

    # ------------------------------------------------------------ volumes
    @property
    def muted(self) -> bool:
        return self.setting_muted or self.force_muted

    def apply_settings(self, settings: object) -> None:
        self.master = getattr(settings, "master_volume", self.master)
        self.effects_volume = getattr(settings, "effects_volume", self.effects_volume)
        self.music_volume = getattr(settings, "music_volume", self.music_volume)
        self.setting_muted = bool(getattr(settings, "mute", self.setting_muted))
        self.landing = LANDING * float(getattr(settings, "animation_factor", 1.0))
        self._music_sent = None   # re-send the music volume on the next update

    @property
    def effect_gain(self) -> float:
        return 0.0 if self.muted else _gain(self.master, self.effects_volume)

    @property
    def music_gain(self) -> float:
        return 0.0 if self.muted else _gain(self.master, self.music_volume)

    # ------------------------------------------------------------ effects
    def cue(self, name: str, *, seat: int | None = None, delay: float = 0.0, gain: float = 1.0) -> bool:
        """Play effect `name` now (or after `delay` seconds of update time). `seat` picks the
        seat's own motif for "turn". True when something was played or scheduled."""
        if name not in CUES:
            if self.strict:
                raise ValueError(f"unknown sound cue {name!r} (the registry is ne_game.audio.cues.CUES)")
            if name not in self._unknown:
                self._unknown.add(name)
                log.warning("sound: unknown cue %r (not in ne_game.audio.cues.CUES); it stays silent", name)
            return False
        if delay > 0:
            self._pending.append((self.clock + delay, name, seat, gain))
            return True
        return self._play(name, seat, gain)

    def _play(self, name: str, seat: int | None, gain: float) -> bool:
        volume = self.effect_gain * gain
        if volume <= 0:
            return False
        self._load_cue(name)
        sounds = self._sounds.get(name)
        if not sounds:
            return False
        last = self._last_played.get(name)
        if last is not None and self.clock - last < REPEAT_GAP:
            return False
        if name == "turn" and seat is not None:
            k = seat % len(sounds)
        elif len(sounds) > 1:
            choices = [i for i in range(len(sounds)) if i != self._last_variant.get(name)]
            k = self.rng.choice(choices)
        else:
            k = 0
        self._last_variant[name] = k
        self._last_played[name] = self.clock
        if name in DUCK:
            seconds, factor = DUCK[name]
            self._duck_until, self._duck_factor = self.clock + seconds, factor
        try:
            self.backend.play(sounds[k], min(1.0, volume * self.rng.uniform(*JITTER)))
        except Exception as err:   # a sound must never break the game
            log.warning("sound: playing %s failed (%s)", name, err)
            return False
        return True

    # ------------------------------------------------------------ the session
    def attach(self, session: GameSession) -> None:
        """Follow `session`'s events (and stop following the previous one)."""
        if session is self.session:
            return
        self.detach()
        self.session = session
        seats = getattr(session, "seats", [])
        self._humans = [i for i, s in enumerate(seats) if getattr(s, "is_human", False)]
        try:
            session.add_listener(self.on_session_event)
            self._listening = True
        except Exception as err:   # a session kind without listeners: no game sounds, no crash
            log.info("sound: %s takes no listeners (%s); its moves stay silent", type(session).__name__, err)
            self._listening = False

    def detach(self) -> None:
        if self.session is not None:
            self._pending.clear()   # a game left: its last bells are not rung over the menu
            if self._listening:
                try:
                    self.session.remove_listener(self.on_session_event)
                except (AttributeError, ValueError) as err:   # a session already gone
                    log.debug("sound: the session's listener could not be removed (%s)", err)
        self.session = None
        self._listening = False
        self._humans = []

    def on_session_event(self, event: SessionEvent) -> None:
        """A session listener: the event's facts become cues. Never raises."""
        try:
            for c in cues_for_event(event, self._humans):
                self.cue(c.name, seat=c.seat, delay=c.delay + (self.landing if c.lands else 0.0), gain=c.gain)
        except Exception:
            log.exception("sound: event %s could not be turned into sound", getattr(event, "action", "?"))

    # ------------------------------------------------------------ music
    def play_music(self, name: str | None) -> None:
        """Ask for a loop ("menu", "play") or None for silence; the change fades in update()."""
        known = name is not None and name in self.library.music and name not in self._broken_music
        self._music_want = name if known else None

    # ------------------------------------------------------------ each frame
    @property
    def busy(self) -> bool:
        """`update` has work on the next frames: sounds still to decode, cues waiting for their
        moment, the music fading, switching, ducked or owed a volume. SDL's mixer plays what
        was started in its own thread, so a steady loop needs no frames and the app may rest;
        all this counts time by `update`'s dt, so the app keeps making frames until it is done."""
        if self._unloaded or self._pending or self.clock < self._duck_until:
            return True
        want = self._music_want if self.music_gain > 0 and self.available else None
        if want != self._music_now:
            return True
        return self._music_now is not None and (self._music_fade < 1.0 or self._music_sent is None)

    def update(self, dt: float, scenes: Iterable[object] | None = None) -> None:
        """Advance time: play due cues, follow the session on screen, fade the music.

        `scenes` (the app's stack): the top-most scene with a session decides what is
        followed; the play loop while a game is on screen, the menu loop otherwise."""
        self.clock += max(0.0, dt)
        for name, path in self._unloaded[:LOADS_PER_FRAME]:
            self._load(name, path)
        del self._unloaded[:LOADS_PER_FRAME]
        if scenes is not None:
            session = None
            for scene in reversed(list(scenes)):
                s = getattr(scene, "session", None)
                if s is not None and hasattr(s, "add_listener"):
                    session = s
                    break
            if session is not None:
                self.attach(session)
            else:
                self.detach()
            self.play_music("play" if session is not None else "menu")
        if self._pending:
            due = [p for p in self._pending if p[0] <= self.clock]
            self._pending = [p for p in self._pending if p[0] > self.clock]
            for _, name, seat, gain in sorted(due, key=lambda p: p[0]):
                self._play(name, seat, gain)
        self._update_music(dt)

    def _update_music(self, dt: float) -> None:
        want = self._music_want if self.music_gain > 0 and self.available else None
        if want != self._music_now:
            if self._music_now is not None and self._music_fade > 0:
                self._music_fade = max(0.0, self._music_fade - dt / MUSIC_FADE_OUT)
            else:
                self._switch_music(want)
        if want == self._music_now and self._music_now is not None and self._music_fade < 1.0:
            self._music_fade = min(1.0, self._music_fade + dt / MUSIC_FADE_IN)
        duck = self._duck_factor if self.clock < self._duck_until else 1.0
        volume = round(self.music_gain * self._music_fade * duck, 4)
        if self._music_now is not None and volume != self._music_sent:
            self._music_sent = volume
            try:
                self.backend.music_volume(volume)
            except Exception as err:
                log.warning("sound: music volume failed (%s)", err)

    def _switch_music(self, want: str | None) -> None:
        try:
            if self._music_now is not None:
                self.backend.stop_music()
            self._music_now, self._music_fade, self._music_sent = None, 0.0, None
            if want is not None:
                self.backend.play_music(self.library.music[want])
                self._music_now = want
        except Exception as err:   # a damaged music file: no music, the game goes on
            log.warning("sound: music %s cannot be played (%s); it is left out", want, err)
            if want is not None:
                self._broken_music.add(want)     # asked again every frame: give up on it once
            self._music_want = None

    def shutdown(self) -> None:
        self.detach()
        self._pending.clear()
        try:
            self.backend.close()
        except Exception as err:   # closing the mixer at exit must never stop the quit
            log.info("sound: the mixer did not close cleanly (%s)", err)
