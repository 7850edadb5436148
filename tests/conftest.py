"""Test-wide set-up: no display, no sound card, and a throw-away user data folder per test.

The environment is set at import time, before any test module imports pygame.
"""
import os
import tempfile

import pytest
from hypothesis import HealthCheck, settings

# Property tests: in CI a failure must be reproducible, so the examples are derived from the
# test itself (derandomize) and their number is fixed. HYPOTHESIS_PROFILE=slow searches more,
# with fresh random examples each run, for a deliberate hunt.
settings.register_profile("ci", derandomize=True, max_examples=60, deadline=None, print_blob=True,
                          suppress_health_check=[HealthCheck.too_slow])
settings.register_profile("slow", derandomize=False, max_examples=1000, deadline=None, print_blob=True,
                          suppress_health_check=[HealthCheck.too_slow])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
# a fallback home for anything imported before the fixture runs; every test gets its own
os.environ.setdefault("NE_GAME_HOME", tempfile.mkdtemp(prefix="ne-game-test-home-"))


@pytest.fixture(autouse=True)
def ne_game_home(tmp_path, monkeypatch):
    """Saves, settings, tutorial progress and crash logs go to an empty folder for every test."""
    home = tmp_path / "ne_home"
    home.mkdir()
    monkeypatch.setenv("NE_GAME_HOME", str(home))
    return home


@pytest.fixture(autouse=True)
def strict_sound_cues(monkeypatch):
    """An unknown sound cue name fails the test that asks for it (the game only logs it)."""
    from ne_game.audio.board import SoundBoard

    monkeypatch.setattr(SoundBoard, "strict", True)


@pytest.fixture(autouse=True)
def synchronous_computer_players(monkeypatch):
    """Every app in a test drives its computer players with the synchronous runner: no
    worker threads, no sleeping, no wall clock (tests of the threaded runner build it directly).

    The hard player thinks for the shortest budget the settings allow (0.05 s): the tests are
    about flow, and its strength is measured by benchmarks/ai_strength.py."""
    from ne_game.ui.shell.ai_runner import SyncRunner
    from ne_game.ui.shell.app import App

    monkeypatch.setattr(App, "default_runner", lambda app: SyncRunner(budget=lambda: 0.05))


@pytest.fixture(autouse=True)
def synchronous_records(monkeypatch):
    """Every app in a test writes and reads its records at once, inside the call that asks
    (ne_game/ui/shell/background.py's SyncWorker): no worker thread to wait for or race."""
    from ne_game.ui.shell.app import App
    from ne_game.ui.shell.background import SyncWorker

    monkeypatch.setattr(App, "default_records_worker", lambda app: SyncWorker())


@pytest.fixture(autouse=True)
def people_pace(monkeypatch):
    """The tests that drive whole games post a person's presses faster than a person can, and
    hot-seat games of four people: the press guard's graces are off, and the hand-over curtain
    and the "since your last turn" recap are down. The sofa tests (tests/ui/test_sofa.py) turn
    them on again with the `sofa` fixture, the recap tests with `recap`."""
    from ne_game.ui.scenes.table.controls import guard
    from ne_game.ui.scenes.table.scene import TableScene

    monkeypatch.setattr(guard, "SCALE", 0.0)
    monkeypatch.setattr(TableScene, "curtain", False)
    monkeypatch.setattr(TableScene, "recap", False)


@pytest.fixture
def recap(monkeypatch):
    """The table with its "since your last turn" recap, as people meet it."""
    from ne_game.ui.scenes.table.scene import TableScene

    monkeypatch.setattr(TableScene, "recap", True)


@pytest.fixture
def sofa(monkeypatch):
    """The table as people meet it: the press guard and the hand-over curtain on."""
    from ne_game.ui.scenes.table.controls import guard
    from ne_game.ui.scenes.table.scene import TableScene

    monkeypatch.setattr(guard, "SCALE", 1.0)
    monkeypatch.setattr(TableScene, "curtain", True)


@pytest.fixture(autouse=True)
def english_again():
    """Every test starts and ends in English, with no --lang override and no look at the
    system's locale: a test that runs the command line (which configures both) cannot leave
    the next test speaking another language, or following the machine's."""
    from ne_game import i18n

    i18n.configure_startup(None, follow_system=False)
    i18n.set_language("en")
    yield
    i18n.configure_startup(None, follow_system=False)
    i18n.set_language("en")
