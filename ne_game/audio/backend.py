"""What actually makes the noise: pygame's mixer, or nothing.

`MixerBackend` opens pygame.mixer (effects on a few channels, music streamed with
pygame.mixer.music). `SilentBackend` is used when there is no audio device: every call
does nothing. `RecordingBackend` remembers what would have been played (tests, and a
log for debugging) without any device.
"""
from __future__ import annotations

import logging
import os
from pathlib import Path
from typing import Protocol

log = logging.getLogger(__name__)

FREQUENCY = 44100
BUFFER = 512            # samples: about 12 ms, so a click follows the press at once
EFFECT_CHANNELS = 8     # a few effects at a time; the oldest gives way


#: a decoded sound, as the backend makes it from a file (a pygame Sound, a path, a name)
Sound = object


class NoAudio(Exception):
    """No mixer here (no device, a dummy driver, pygame without its mixer)."""


class Backend(Protocol):
    name: str

    def load(self, path: Path) -> Sound: ...
    def play(self, sound: Sound, volume: float) -> None: ...
    def play_music(self, path: Path) -> None: ...
    def music_volume(self, volume: float) -> None: ...
    def stop_music(self) -> None: ...
    def close(self) -> None: ...


class SilentBackend:
    name = "silent"

    def load(self, path: Path) -> Sound:
        return path

    def play(self, sound: Sound, volume: float) -> None:
        pass

    def play_music(self, path: Path) -> None:
        pass

    def music_volume(self, volume: float) -> None:
        pass

    def stop_music(self) -> None:
        pass

    def close(self) -> None:
        pass


class RecordingBackend(SilentBackend):
    """Plays nothing, remembers everything: `played` holds (file name, volume) per effect,
    `music` the music files started ("" when stopped), `volume` the music's last volume."""

    name = "recording"

    def __init__(self) -> None:
        self.played: list[tuple[str, float]] = []
        self.music: list[str] = []
        self.volume: float = 0.0

    def load(self, path: Path) -> Sound:
        return Path(path).name

    def play(self, sound: Sound, volume: float) -> None:
        self.played.append((str(sound), volume))

    def play_music(self, path: Path) -> None:
        self.music.append(Path(path).name)

    def music_volume(self, volume: float) -> None:
        self.volume = volume

    def stop_music(self) -> None:
        self.music.append("")

    @property
    def cues(self) -> list[str]:
        """The cue of each effect played: 'coins_pay_2.ogg' -> 'coins_pay'."""
        return [name.rsplit("_", 1)[0] for name, _ in self.played]


class MixerBackend:
    """pygame.mixer. Raises NoAudio when it cannot open a device."""

    name = "mixer"

    def __init__(self) -> None:
        driver = os.environ.get("SDL_AUDIODRIVER", "")
        if driver.strip().lower() == "dummy":
            raise NoAudio("the SDL audio driver is 'dummy'")
        try:
            import pygame
            import pygame.mixer
        except ImportError as err:   # a pygame built without SDL_mixer
            raise NoAudio(f"pygame has no mixer ({err})") from None
        self._pygame = pygame
        try:
            if not pygame.mixer.get_init():
                pygame.mixer.init(FREQUENCY, -16, 2, BUFFER)
            pygame.mixer.set_num_channels(EFFECT_CHANNELS)
        except (pygame.error, NotImplementedError) as err:
            raise NoAudio(str(err) or "no audio device") from None

    def load(self, path: Path) -> Sound:
        sound = self._pygame.mixer.Sound(str(path))
        # A file that decodes to nothing (a header-only WAV, a truncated OGG) is accepted by the
        # mixer and then crashes the process when played: refuse it here, where it is caught.
        if sound.get_length() <= 0 or not sound.get_raw():
            raise ValueError(f"{Path(path).name} holds no sound (it decodes to 0 samples)")
        return sound

    def play(self, sound: Sound, volume: float) -> None:
        channel = self._pygame.mixer.find_channel(True)   # True: take the oldest if all are busy
        if channel is None:
            return
        if isinstance(sound, self._pygame.mixer.Sound):     # what load() made
            channel.play(sound)
            channel.set_volume(volume)

    def play_music(self, path: Path) -> None:
        music = self._pygame.mixer.music
        music.load(str(path))
        music.set_volume(0.0)   # SoundBoard fades it in
        music.play(loops=-1)

    def music_volume(self, volume: float) -> None:
        self._pygame.mixer.music.set_volume(volume)

    def stop_music(self) -> None:
        self._pygame.mixer.music.stop()
        try:
            self._pygame.mixer.music.unload()
        except AttributeError:
            pass

    def close(self) -> None:
        try:
            self.stop_music()
            self._pygame.mixer.quit()
        except self._pygame.error:
            pass
