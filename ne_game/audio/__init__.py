"""Sound effects and music: see board.py for the SoundBoard, cues.py for which
game events make which sound, library.py for the files (assets/sounds/sounds.toml)."""
from ne_game.audio.backend import MixerBackend, NoAudio, RecordingBackend, SilentBackend
from ne_game.audio.board import SoundBoard
from ne_game.audio.cues import CUES, Cue, cues_for_event
from ne_game.audio.library import SoundLibrary

__all__ = ["CUES", "Cue", "MixerBackend", "NoAudio", "RecordingBackend", "SilentBackend", "SoundBoard",
           "SoundLibrary", "cues_for_event"]
