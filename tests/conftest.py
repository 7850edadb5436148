"""Test-wide set-up: no display, no sound card, and a throw-away user data folder."""
import os
import tempfile

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("NE_GAME_HOME", tempfile.mkdtemp(prefix="ne-game-test-home-"))
