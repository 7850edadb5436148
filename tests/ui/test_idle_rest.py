"""A game at rest costs nothing: a step draws and flips only when something changed or moves
(ne_game/ui/shell/app.py), and `run()` sleeps between events while nothing moves.

The steps are driven by hand with a fixed dt (tests/ui/harness.py); flips are counted by a
patched pygame.display.flip. No test sleeps or waits for a thread: computer players think
through a held SyncRunner."""
from __future__ import annotations

import math
from collections.abc import Iterator

import pygame
import pygame_gui
import pytest

from ne_game import rules
from ne_game.game.session import GameSession, Seat
from ne_game.storage.settings import Settings
from ne_game.ui.shell import app as app_module
from ne_game.ui.shell.ai_runner import SyncRunner
from tests.history.games import play
from tests.ui.harness import Harness

SETTLE = 900     # frames (15 s at 60 fps) a scene may take to come to rest: music fade, glows


@pytest.fixture
def flips(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """Every pygame.display.flip the app makes, counted (the frame's step number)."""
    seen: list[int] = []
    real = pygame.display.flip

    def counting() -> None:
        seen.append(1)
        real()

    monkeypatch.setattr(pygame.display, "flip", counting)
    yield seen


def settle(h: Harness, flips: list[int], quiet: int = 30) -> None:
    """Step until `quiet` steps in a row draw nothing (then `run()` would sleep between them)."""
    calm = 0
    for _ in range(SETTLE):
        before = len(flips)
        h.step()
        calm = calm + 1 if len(flips) == before else 0
        if calm >= quiet:
            assert h.app.wake != 0.0      # and the app says so: run() sleeps now
            return
    raise AssertionError("the app never came to rest")


def drawn_in(h: Harness, flips: list[int], frames: int) -> int:
    before = len(flips)
    h.step(frames)
    return len(flips) - before


def people_at_the_table(h: Harness, kinds: tuple[str, ...] = ("human", "human", "human")) -> GameSession:
    h.app.ai_runner = SyncRunner()
    seats = [Seat(f"P{i}", fam, kind) for i, (fam, kind) in enumerate(zip(("winslow", "palmer", "howland"), kinds))]
    session = GameSession.new(seats, seed=11)
    h.app.push("table", session=session)
    h.step()
    return session


# ---------------------------------------------------------------- at rest
def test_the_title_screen_at_rest_draws_nothing_and_an_event_draws_the_next_step(harness, flips):
    h = harness()
    settle(h, flips)
    assert not h.app.moving()
    assert drawn_in(h, flips, 120) == 0           # two seconds of steps, not one frame drawn
    h.post(pygame.MOUSEMOTION, pos=(10, 10), rel=(1, 1), buttons=(0, 0, 0), touch=False)
    assert drawn_in(h, flips, 1) == 1             # the event's step draws at once
    settle(h, flips)
    assert drawn_in(h, flips, 60) == 0


def test_the_table_waiting_for_a_person_comes_to_rest_once_its_glows_stop(harness, flips):
    h = harness(settings=Settings(animation="normal", handover=False, recap=False))
    people_at_the_table(h)
    table = h.top
    assert table.wake_in() == 0.0                 # the targets pulse at first
    settle(h, flips)
    assert h.showing("table") and table.human_turn
    assert drawn_in(h, flips, 120) == 0
    # the glows hold still at their brightest: what was drawn last is what stays
    assert math.sin(table.glow.clock * table.glow.speed) == pytest.approx(1.0)
    h.move((h.app.screen_size[0] // 2, h.app.screen_size[1] // 2))   # the pointer over the board
    assert table.wake_in() == 0.0 and table.glow.moving   # any input: the glows pulse again


def test_a_move_flies_at_full_frame_rate_then_the_table_rests(harness, flips):
    h = harness(settings=Settings(animation="normal", handover=False, recap=False))
    session = people_at_the_table(h)
    settle(h, flips)
    table = h.top
    session.apply(rules.legal_actions(session.state)[0])     # a person's move: its pieces fly
    assert table.anim.busy and h.app.moving()
    frames = 0
    while table.anim.busy:
        assert drawn_in(h, flips, 1) == 1                    # every frame of the flight is drawn
        frames += 1
        assert frames < 600
    assert frames > 5
    settle(h, flips)
    assert drawn_in(h, flips, 60) == 0


def test_the_table_moves_while_a_computer_thinks_and_shows_its_move(harness, flips):
    h = harness(settings=Settings(animation="normal", handover=False, recap=False))
    runner = SyncRunner()
    runner.hold()                                 # the computer "is thinking" until released
    h.app.ai_runner = runner
    seats = [Seat("Cleo", "winslow", "easy"), Seat("Dan", "palmer", "easy"), Seat("Eve", "howland", "easy")]
    session = GameSession.new(seats, seed=4)
    h.app.push("table", session=session)
    for _ in range(SETTLE // 3):                  # long after every glow would have stopped
        assert drawn_in(h, flips, 1) == 1
    assert runner.busy and h.app.moving()
    runner.release()
    before = len(session.actions)
    assert h.run_until(lambda: len(session.actions) > before, max_frames=SETTLE)
    assert len(flips) >= SETTLE // 3 + 10


def test_a_toast_keeps_the_frames_coming_until_it_is_gone(harness, flips):
    h = harness()
    settle(h, flips)
    h.app.toast("Saved", seconds=1.0)
    assert h.app.moving()
    assert drawn_in(h, flips, 30) == 30
    settle(h, flips)
    assert h.app.toasts.texts() == [] or not h.app.toasts.showing(h.app.clock_time)
    assert drawn_in(h, flips, 30) == 0


def test_the_replay_moves_while_it_plays_and_rests_when_it_stands(harness, flips):
    from ne_game.history import Replay

    h = harness()
    replay = Replay.from_save(play(("human", "easy", "easy"), seed=5, store=True))
    h.app.push("replay", replay=replay, start=0)
    settle(h, flips)
    scene = h.top
    assert drawn_in(h, flips, 30) == 0
    h.key(pygame.K_SPACE, unicode=" ")            # play
    assert scene.playing
    start = scene.position
    assert drawn_in(h, flips, 180) == 180         # three seconds of autoplay, every frame drawn
    assert scene.position > start                 # and it went on by itself
    h.key(pygame.K_SPACE, unicode=" ")            # stop
    assert not scene.playing
    settle(h, flips)
    assert drawn_in(h, flips, 30) == 0


def test_a_held_pad_direction_repeats_at_full_rate_and_a_release_lets_the_app_rest(harness, flips):
    h = harness()
    settle(h, flips)
    h.post(pygame.CONTROLLERBUTTONDOWN, instance_id=0, button=pygame.CONTROLLER_BUTTON_DPAD_DOWN)
    h.step()
    assert h.app.pads.repeating and h.app.moving()
    repeats: list[object] = []
    real = h.app.pad_command
    h.app.pad_command = lambda cmd, pad=-1: (repeats.append(cmd), real(cmd, pad))   # type: ignore[method-assign]
    assert drawn_in(h, flips, 60) == 60
    assert len(repeats) >= 5                      # the held direction went on repeating
    h.post(pygame.CONTROLLERBUTTONUP, instance_id=0, button=pygame.CONTROLLER_BUTTON_DPAD_DOWN)
    settle(h, flips)
    assert not h.app.pads.repeating
    assert drawn_in(h, flips, 30) == 0


def test_a_resize_and_a_new_scene_are_drawn_at_rest(harness, flips):
    h = harness()
    settle(h, flips)
    h.app.resize((1000, 700))
    assert drawn_in(h, flips, 1) == 1
    settle(h, flips)
    h.app.push("settings")
    assert drawn_in(h, flips, 1) == 1
    settle(h, flips)
    assert drawn_in(h, flips, 30) == 0


def test_a_focused_text_field_asks_only_for_its_blinks(harness, flips):
    h = harness()
    h.app.push("setup")
    entries = [e for e in h.top.ui_manager.get_sprite_group().sprites()
               if isinstance(e, pygame_gui.elements.UITextEntryLine)]
    assert entries, "the setup screen's name fields"
    entries[0].focus()
    settle(h, flips)
    assert h.app.wake is not None and 0.0 < h.app.wake <= 0.5   # a blink, not every frame
    assert drawn_in(h, flips, 30) == 0                         # steps without the timed wake draw nothing


# ---------------------------------------------------------------- the loop's sleep
def test_rest_returns_at_once_for_a_queued_event_and_for_a_due_wake(harness, flips, monkeypatch):
    h = harness()
    settle(h, flips)
    slept: list[float] = []
    monkeypatch.setattr(app_module.time, "sleep", lambda s: slept.append(s))
    h.post(pygame.KEYDOWN, key=pygame.K_a, mod=0, unicode="a", scancode=0)
    h.app._rest()
    assert slept == []                            # an event waiting: no sleep at all
    pygame.event.clear()
    h.app._wake_at = 0.0                          # a timed wake long due (a cursor's blink)
    h.app._rest()
    assert slept == [] and h.app._frames_owed >= 1   # no sleep, and its frame is owed


def test_a_pulse_runs_for_a_while_then_holds_still_at_its_crest():
    from ne_game.ui.scenes.table.motion.tweens import PULSE_SECONDS, Pulse

    p = Pulse(4.0)
    dt = 1 / 60
    for _ in range(int(PULSE_SECONDS / dt)):
        p.update(dt)
        assert p.moving
    for _ in range(200):                          # at most one more period (1.57 s)
        p.update(dt)
    assert not p.moving
    assert math.sin(p.clock * p.speed) == pytest.approx(1.0)
    still = p.clock
    p.update(dt)
    assert p.clock == still
    p.stir()
    assert p.moving


def test_records_draw_while_their_work_is_under_way_and_rest_once_it_is_done(harness, flips):
    """The Records screen's first read and waiting games run on the records worker: frames
    come while they do (the list appears as soon as it is read), none once they are done."""
    h = harness()
    settle(h, flips)
    worker = h.app.records_worker
    worker.hold()
    h.app.push("records")
    records = h.top
    h.step()
    assert records.busy and h.app.moving()
    assert drawn_in(h, flips, 5) == 5             # 'Reading the records…' while the worker reads
    worker.release()                              # the first read is done: the step that takes it in
    assert drawn_in(h, flips, 1) == 1             # draws the list (then waiting games: none here)
    worker.release()
    settle(h, flips)
    assert not records.busy and drawn_in(h, flips, 60) == 0
