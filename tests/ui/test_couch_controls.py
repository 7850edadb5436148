"""Couch controls (issue 13): whole games with the keyboard alone, and with a gamepad alone.

Only keyboard or controller events are posted (never a mouse event). The tests read the
scenes' focus to decide which key a person would press next, as a person reads the ring.
The controller module may be missing under the dummy video driver: pad events are
posted with an `instance_id` and the input map takes them without a real device.
"""
from __future__ import annotations

import pygame
import pytest

from ne_game import rules
from ne_game.storage.settings import Settings
from ne_game.ui.shell import input_map as im
from tests.ui.harness import Harness

PAD = 7      # the instance id of our pretend controller


class FastComputers(Settings):
    @property
    def ai_delay(self) -> float:  # type: ignore[override]
        return 0.0


_KEYS = {im.CONFIRM: (pygame.K_RETURN, 0), im.CANCEL: (pygame.K_ESCAPE, 0),
         im.UP: (pygame.K_UP, 0), im.DOWN: (pygame.K_DOWN, 0), im.LEFT: (pygame.K_LEFT, 0),
         im.RIGHT: (pygame.K_RIGHT, 0), im.NEXT_TARGET: (pygame.K_TAB, 0),
         im.PREV_TARGET: (pygame.K_TAB, pygame.KMOD_LSHIFT), im.ROTATE: (pygame.K_r, 0),
         im.HINT: (pygame.K_h, 0), im.UNDO: (pygame.K_u, 0), im.NEXT: (pygame.K_n, 0)}
_PAD = {name: button for button, name in im.PAD_BUTTONS.items()}
_STICK = {im.LEFT: (pygame.CONTROLLER_AXIS_LEFTX, -32000), im.RIGHT: (pygame.CONTROLLER_AXIS_LEFTX, 32000),
          im.UP: (pygame.CONTROLLER_AXIS_LEFTY, -32000), im.DOWN: (pygame.CONTROLLER_AXIS_LEFTY, 32000)}


class Keyboard:
    """Presses commands on the keyboard."""

    device = "keyboard"

    def __init__(self, h: Harness) -> None:
        self.h = h

    def press(self, name: str) -> None:
        key, mod = _KEYS[name]
        self.h.post(pygame.KEYDOWN, key=key, mod=mod, unicode="\r" if key == pygame.K_RETURN else "",
                    scancode=0)
        self.h.post(pygame.KEYUP, key=key, mod=mod, unicode="", scancode=0)
        self.h.step()


class Gamepad(Keyboard):
    """Presses commands on a pad: buttons, and every other direction with the left stick."""

    device = "pad"

    def __init__(self, h: Harness) -> None:
        super().__init__(h)
        self.turn = 0

    def press(self, name: str) -> None:
        self.turn += 1
        if name in _STICK and self.turn % 2:
            axis, value = _STICK[name]
            self.h.post(pygame.CONTROLLERAXISMOTION, instance_id=PAD, axis=axis, value=value)
            self.h.step()
            self.h.post(pygame.CONTROLLERAXISMOTION, instance_id=PAD, axis=axis, value=0)
            self.h.step()
            return
        button = _PAD[name]
        self.h.post(pygame.CONTROLLERBUTTONDOWN, instance_id=PAD, button=button)
        self.h.post(pygame.CONTROLLERBUTTONUP, instance_id=PAD, button=button)
        self.h.step()


def _until(dev: Keyboard, name: str, done, limit: int = 30) -> None:
    for _ in range(limit):
        if done():
            return
        dev.press(name)
    assert done(), f"{name} x{limit} did not get there"


def choose_on_title(h: Harness, dev: Keyboard, button: str) -> None:
    """Move the title's focus ring down to `button` (a layout key) and confirm it."""
    title = h.top
    want = h.layout()[button]
    _until(dev, im.DOWN, lambda: title.focus.index is not None
           and title.focus.buttons[title.focus.index].rect == want)
    dev.press(im.CONFIRM)


def set_up_by_focus(h: Harness, dev: Keyboard, kinds=("human", "easy", "easy")) -> None:
    """Title -> New game -> a seat per kind (three or four) -> Start -> the draw -> the table."""
    assert h.showing("title")
    dev.press(im.DOWN)                          # the ring appears on "New game"
    dev.press(im.CONFIRM)
    assert h.showing("setup")
    setup = h.top
    assert setup.focus.key == ("start",)        # the ring shows at once, on the likely next act
    _until(dev, im.UP, lambda: setup.focus.key[0] in ("count", "variant"))
    n = len(kinds)
    _until(dev, im.LEFT, lambda: setup.focus.key == ("count", n))
    dev.press(im.CONFIRM)
    assert setup.count == n
    for i, kind in enumerate(kinds):
        _until(dev, im.DOWN, lambda i=i: setup.focus.key[0] != "count" and setup.focus.key[1:2] == (i,))
        _until(dev, im.RIGHT, lambda i=i, kind=kind: setup.focus.key == ("kind", i, kind))
        dev.press(im.CONFIRM)
    _until(dev, im.DOWN, lambda: setup.focus.key in (("back",), ("start",)))
    _until(dev, im.RIGHT, lambda: setup.focus.key == ("start",))
    dev.press(im.CONFIRM)
    assert h.showing("who_starts")
    assert [s.kind for s in h.top.session.seats] == list(kinds)
    dev.press(im.CONFIRM)
    h.step(2)
    assert h.showing("table"), type(h.top)


def _goto(dev: Keyboard, scene, region: str, want) -> None:
    if not scene.focus.active:
        dev.press(im.DOWN)                      # the first arrow shows the ring where it is
    _until(dev, im.NEXT_TARGET, lambda: scene.focus.region == region, limit=6)
    _until(dev, im.RIGHT, lambda: want(scene.focus.current(scene.focus_items)[0]), limit=40)


def play_human_turn(dev: Keyboard, scene) -> None:
    """One decision of the human seat, by the focus alone."""
    session = scene.session
    n = len(session.actions)
    phase = scene.facts.phase
    if phase == "start_tiles":
        _goto(dev, scene, "board", lambda hit: True)
    elif phase == "offer":
        # every offer ending the game shows one "End the game" button (issue 11, item 4)
        _goto(dev, scene, "buttons", lambda hit: str(hit[1]).startswith("announce_") or hit[1] == "end_game")
    elif phase == "bids":
        _goto(dev, scene, "bids", lambda hit: True)
    else:
        _goto(dev, scene, "buttons", lambda hit: hit == ("button", "end_turn"))
    dev.press(im.CONFIRM)
    if phase in ("bids", "buying") and len(session.actions) == n:
        # a marker one cannot pay for asks twice; so does End turn while purchases are left
        assert scene.inter.armed is not None
        dev.press(im.CONFIRM)
    assert len(session.actions) == n + 1, (phase, scene.focus, scene.focus.current(scene.focus_items))


def play_whole_game(h: Harness, dev: Keyboard) -> None:
    set_up_by_focus(h, dev)
    scene = h.top
    session = scene.session
    for _ in range(20000):
        if session.is_over():
            break
        if scene.human_turn and not scene.anim.busy:
            play_human_turn(dev, scene)
        else:
            h.step()
    assert session.is_over()
    assert h.run_until(lambda: h.showing("final_scoring"), max_frames=600)
    assert len(rules.final_scores(session.state)) == 3
    final = h.top
    dev.press(im.CONFIRM)                                # the count-up finishes at once
    _until(dev, im.RIGHT, lambda: final.keyed and final.hover == "title")
    dev.press(im.CONFIRM)
    assert h.showing("title")


def test_keyboard_whole_three_player_game_from_title_to_final_scoring():
    h = Harness(size=(1280, 720), settings=FastComputers(animation="off"))
    try:
        play_whole_game(h, Keyboard(h))
        assert h.app.pads.last_device == "keyboard"
    finally:
        h.close()


def test_gamepad_whole_game_from_title_to_final_scoring():
    h = Harness(size=(1920, 1080), settings=FastComputers(animation="off"))
    try:
        h.post(pygame.CONTROLLERDEVICEADDED, device_index=0)   # no real pad: nothing opens, no crash
        h.step()
        play_whole_game(h, Gamepad(h))
        assert h.app.pads.last_device == "pad"
    finally:
        h.close()


@pytest.mark.parametrize("device", ["keyboard", "gamepad"])
def test_keyboard_or_gamepad_tutorial_lessons(device):
    """From the title to the tutorial, through its reading lessons (N or Enter; A on a pad)
    and the first lesson that asks for a move, which is made with the focus alone."""
    from ne_game.tutorial import matches
    from ne_game.ui.scenes.tutorial.scene import TutorialScene

    h = Harness(size=(1280, 720), settings=Settings(animation="off", ai_pace="fast"))
    try:
        dev = Keyboard(h) if device == "keyboard" else Gamepad(h)
        choose_on_title(h, dev, "button_tutorial")
        h.step(3)
        tut = h.app.find_scene(TutorialScene)
        ctl = tut.ctl
        for turn in range(20):
            if not ctl.lesson.is_reading:
                break
            dev.press(im.NEXT if turn % 2 and device == "keyboard" else im.CONFIRM)   # N, Enter or A
        assert not ctl.lesson.is_reading
        # the lesson's words name the device in use: its keys or buttons, never a click
        _title, paras = tut.card._texts()
        words = " ".join(paras)
        assert ("Enter" if device == "keyboard" else "A places it") in words, words
        assert "click" not in words.lower() and "point at" not in words.lower(), words
        table = tut.table
        n = len(ctl.session.actions)
        expect = ctl.lesson.expect

        def fits() -> bool:
            pv = table.preview
            return pv is not None and pv.action is not None and matches(expect, pv.action)

        if table.facts.phase == "start_tiles" and expect.get("land"):
            _goto(dev, table, "panel", lambda hit: hit == ("button", f"land_{expect['land']}"))
            dev.press(im.CONFIRM)
        if not table.focus.active:
            dev.press(im.DOWN)
        _until(dev, im.NEXT_TARGET, lambda: table.focus.region == "board", limit=6)
        snake = [im.RIGHT] * 12 + [im.DOWN] + [im.LEFT] * 12 + [im.DOWN]
        for step in range(300):
            for _turn in range(4):
                if fits():
                    break
                dev.press(im.ROTATE)
            if fits():
                break
            dev.press(snake[step % len(snake)])
        assert fits(), (ctl.lesson.id, expect)
        dev.press(im.CONFIRM)
        assert len(ctl.session.actions) == n + 1, ctl.message
        assert h.app.pads.last_device == ("keyboard" if device == "keyboard" else "pad")
    finally:
        h.close()


def test_gamepad_added_and_removed_in_the_middle_of_a_turn():
    """A pad plugged in and pulled out in the middle of a turn, its stick held: no crash,
    the focus stays, and a second pad plays on (a pad belongs to no seat)."""
    h = Harness(size=(1280, 720), settings=FastComputers(animation="off"))
    try:
        set_up_by_focus(h, Keyboard(h), kinds=("human", "human", "human"))
        table = h.top
        pad = Gamepad(h)
        dev = Keyboard(h)
        dev.press(im.DOWN)
        assert table.focus.active and table.focus.region == "board"
        pad.press(im.RIGHT)                              # the stick moves the cursor
        h.post(pygame.CONTROLLERDEVICEADDED, device_index=0)
        h.step()
        h.post(pygame.CONTROLLERAXISMOTION, instance_id=PAD, axis=pygame.CONTROLLER_AXIS_LEFTX, value=32000)
        h.step()                                         # one step right, then held ...
        before = table.focus.current(table.focus_items)
        h.post(pygame.CONTROLLERDEVICEREMOVED, instance_id=PAD)   # ... and pulled out
        h.step()
        h.wait(1.0)                                      # a removed pad's held stick must not repeat
        assert table.focus.current(table.focus_items) == before
        assert h.showing("table")
        n = len(table.session.actions)
        h.pad(pygame.CONTROLLER_BUTTON_DPAD_DOWN, PAD + 1, frames_after=1)   # another pad
        h.pad(pygame.CONTROLLER_BUTTON_A, PAD + 1, frames_after=1)
        assert len(table.session.actions) == n + 1
        assert table.focus.active
        h.pad(pygame.CONTROLLER_BUTTON_START, PAD + 1, frames_after=1)
        assert h.showing("pause")
        h.pad(pygame.CONTROLLER_BUTTON_START, PAD + 1, frames_after=1)
        assert h.showing("table")
    finally:
        h.close()


def test_gamepad_stick_has_a_dead_zone_and_repeats_when_held():
    pads = im.Pads()
    move = pygame.event.Event(pygame.CONTROLLERAXISMOTION, instance_id=1, axis=pygame.CONTROLLER_AXIS_LEFTY,
                              value=int(32767 * im.DEAD_ZONE * 0.8))
    assert pads.commands(move) == ()                 # a resting, worn stick says nothing
    move = pygame.event.Event(pygame.CONTROLLERAXISMOTION, instance_id=1, axis=pygame.CONTROLLER_AXIS_LEFTY,
                              value=-30000)
    assert [c.name for c in pads.commands(move)] == [im.UP]
    assert pads.commands(move) == ()                 # still held: no new command per event
    assert pads.tick(im.REPEAT_DELAY / 2) == ()
    assert [(p, c.name) for p, c in pads.tick(im.REPEAT_DELAY / 2 + 0.01)] == [(1, im.UP)]
    assert [(p, c.name) for p, c in pads.tick(im.REPEAT_EVERY)] == [(1, im.UP)]
    back = pygame.event.Event(pygame.CONTROLLERAXISMOTION, instance_id=1, axis=pygame.CONTROLLER_AXIS_LEFTY,
                              value=0)
    assert pads.commands(back) == () and pads.tick(1.0) == ()
    a = pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, instance_id=3, button=pygame.CONTROLLER_BUTTON_A)
    assert [c.name for c in pads.commands(a)] == [im.CONFIRM]
    ev = im.key_event(im.Command(im.CONFIRM))
    assert ev.type == pygame.KEYDOWN and [c.name for c in im.commands(ev)] == [im.CONFIRM]


def test_gamepad_name_entry_through_the_on_screen_keyboard():
    """Setup: A on a name opens the on-screen keyboard; the d-pad walks it, A types,
    Done gives the name back; the game starts with it."""
    from ne_game.ui.scenes.osk import DONE

    h = Harness(size=(1920, 1080), settings=FastComputers(animation="off"))
    try:
        pad = Gamepad(h)
        pad.press(im.DOWN)
        pad.press(im.CONFIRM)
        assert h.showing("setup")
        setup = h.top
        assert setup.focus.key == ("start",)        # a pad sees the ring at once
        _until(pad, im.UP, lambda: setup.focus.key[1:2] == (0,) and setup.focus.key[0] != "count")
        _until(pad, im.LEFT, lambda: setup.focus.key in (("name", 0), ("pad", 0)))
        if setup.focus.key == ("pad", 0):
            pad.press(im.RIGHT)
        assert setup.focus.key == ("name", 0)
        pad.press(im.CONFIRM)
        assert h.showing("on_screen_keyboard")
        osk = h.top
        _until(pad, im.RIGHT, lambda: osk.grid.key == ("char", "A"))   # where it opens
        for _ in range(20):                              # clear the old name with Delete
            if not osk.text:
                break
            _until(pad, im.DOWN, lambda: osk.grid.key in ("space", "delete", DONE))
            _until(pad, im.RIGHT, lambda: osk.grid.key == "delete")
            pad.press(im.CONFIRM)
        assert osk.text == ""
        for ch in "Zoe":
            _until(pad, im.DOWN, lambda ch=ch: any(k == ("char", ch) for row in osk.grid.rows for k, _ in row)
                   and osk.grid.rows[osk.grid.at[0]] is next(row for row in osk.grid.rows
                                                             if any(k == ("char", ch) for k, _ in row)))
            _until(pad, im.RIGHT, lambda ch=ch: osk.grid.key == ("char", ch))
            pad.press(im.CONFIRM)
        assert osk.text == "Zoe"
        _until(pad, im.DOWN, lambda: osk.grid.key in ("space", "delete", DONE))
        _until(pad, im.RIGHT, lambda: osk.grid.key == DONE)
        pad.press(im.CONFIRM)
        assert h.showing("setup") and setup.name_boxes[0].get_text() == "Zoe"
        _until(pad, im.DOWN, lambda: setup.focus.key in (("back",), ("start",)))
        _until(pad, im.RIGHT, lambda: setup.focus.key == ("start",))
        pad.press(im.CONFIRM)
        assert h.showing("who_starts") and h.top.session.seats[0].name == "Zoe"
    finally:
        h.close()


def test_keyboard_settings_controls_lists_every_binding():
    """Settings -> Controls, reached with the keyboard, lists every command of the input
    map with its keys and pad buttons (generated from input_map: they cannot disagree)."""
    from ne_game.ui.scenes.controls import bindings

    h = Harness(size=(1280, 720))
    try:
        dev = Keyboard(h)
        choose_on_title(h, dev, "button_settings")
        assert h.showing("settings")
        settings = h.top
        _until(dev, im.DOWN, lambda: settings.focus.key in (("controls",), ("done",)), limit=40)
        _until(dev, im.LEFT, lambda: settings.focus.key == ("controls",))
        dev.press(im.CONFIRM)
        assert h.showing("controls")
        rows = {c: (keys, buttons) for c, _words, keys, buttons in bindings()}
        assert h.top.layout()["rows"] == list(im.BINDABLE)
        from ne_game.ui.look.glyphs import key_cap

        for key, name in im.KEYS.items():                # every plain key is listed, as its cap
            assert key_cap(pygame.key.name(key).title()) in rows[name][0], name
        for button, name in im.PAD_BUTTONS.items():      # every pad button is listed
            assert im.PAD_GLYPHS[button] in rows[name][1], name
        assert rows[im.UP][1] == ["\u2191", "Left stick"]
        dev.press(im.CANCEL)
        assert h.showing("settings")
    finally:
        h.close()


def test_gamepad_bound_to_a_seat_in_setup_plays_only_that_seat():
    """Setup: A on "Player 2" binds the pad that pressed it to that seat. At the table the
    bound pad moves nothing while another seat is on turn; an unbound pad plays any seat."""
    h = Harness(size=(1280, 720), settings=FastComputers(animation="off"))
    try:
        pad = Gamepad(h)
        pad.press(im.DOWN)
        pad.press(im.CONFIRM)
        setup = h.top
        _until(pad, im.UP, lambda: setup.focus.key == ("pad", 1) or setup.focus.key[1:2] == (1,))
        _until(pad, im.LEFT, lambda: setup.focus.key == ("pad", 1))
        pad.press(im.CONFIRM)
        assert setup.pad_of == {1: PAD}
        family = setup.people[1]["family"]
        _until(pad, im.DOWN, lambda: setup.focus.key in (("back",), ("start",)))
        _until(pad, im.RIGHT, lambda: setup.focus.key == ("start",))
        pad.press(im.CONFIRM)
        assert h.app.pads.bound == {family: PAD}
        pad.press(im.CONFIRM)
        h.step(2)
        table = h.top
        session = table.session
        for _ in range(8):                               # to a turn that is not the pad's seat
            if session.seats[session.current_seat].family != family:
                break
            play_human_turn(Keyboard(h), table)
        assert session.seats[session.current_seat].family != family
        # The keyboard may have lit the ring above (when the pad's seat started): the mouse
        # puts it out, so that what follows shows the bound pad alone.
        h.move((5, 5))
        assert not table.focus.active
        n = len(session.actions)
        h.pad(pygame.CONTROLLER_BUTTON_DPAD_DOWN, PAD, frames_after=1)
        h.pad(pygame.CONTROLLER_BUTTON_A, PAD, frames_after=1)
        assert len(session.actions) == n and not table.focus.active   # the bound pad waits its turn
        h.pad(pygame.CONTROLLER_BUTTON_DPAD_DOWN, PAD + 1, frames_after=1)
        h.pad(pygame.CONTROLLER_BUTTON_A, PAD + 1, frames_after=1)
        assert len(session.actions) == n + 1                # a free pad plays the seat on turn
        for _ in range(12):
            if session.seats[session.current_seat].family == family:
                break
            play_human_turn(Keyboard(h), table)
        assert session.seats[session.current_seat].family == family
        n = len(session.actions)
        h.pad(pygame.CONTROLLER_BUTTON_A, PAD, frames_after=1)
        assert len(session.actions) == n + 1                # its own seat: it plays
    finally:
        h.close()


class CountingDevice:
    """Wraps a device: counts presses per act and records what each confirm pressed."""

    def __init__(self, dev: Keyboard, scene) -> None:
        self.dev, self.scene = dev, scene
        self.presses = 0
        self.confirmed: list[object] = []
        self.wrapped = False

    def press(self, name: str) -> None:
        scene = self.scene
        item = scene.focus.current(scene.focus_items) if scene.focus.active else None
        if name == im.CONFIRM:
            self.confirmed.append(item[0] if item else None)
        before = (scene.focus.region, scene.focus.index.get(scene.focus.region, 0))
        self.presses += 1
        self.dev.press(name)
        after = (scene.focus.region, scene.focus.index.get(scene.focus.region, 0))
        # an arrow in the action bar never wraps from one end to the other
        if scene.focus.region == "buttons" and before[0] == after[0] == "buttons":
            if name == im.RIGHT and after[1] < before[1] or name == im.LEFT and after[1] > before[1]:
                self.wrapped = True


def _four_people_game_press_counts(dev_class) -> dict[str, list[int]]:
    h = Harness(size=(1920, 1080), settings=FastComputers(animation="off"))
    try:
        dev = dev_class(h)
        set_up_by_focus(h, dev, kinds=("human", "human", "human", "human"))
        scene = h.top
        session = scene.session
        counter = CountingDevice(dev, scene)
        counts: dict[str, list[int]] = {}
        for _ in range(20000):
            if session.is_over():
                break
            if scene.human_turn and not scene.anim.busy:
                phase = scene.facts.phase
                start = counter.presses
                play_human_turn(counter, scene)  # type: ignore[arg-type]
                counts.setdefault(phase, []).append(counter.presses - start)
            else:
                h.step()
        assert session.is_over()
        assert not counter.wrapped, "an arrow wrapped round the action bar"
        assert ("button", "undo") not in counter.confirmed, "Undo was pressed"
        return counts
    finally:
        h.close()


@pytest.mark.parametrize("device", ["keyboard", "gamepad"])
def test_keyboard_or_gamepad_four_people_at_one_device_press_counts(device):
    counts = _four_people_game_press_counts(Keyboard if device == "keyboard" else Gamepad)
    # measured: a start tile 1-2 presses, the offer 1, a bid 1 (the ring starts on the bids),
    # ending a turn 3 (Tab to the bar, which starts on End turn; Enter; Enter again, as it asks
    # while purchases are left)
    assert max(counts["start_tiles"]) <= 4, counts["start_tiles"]
    assert max(counts["offer"]) <= 2, counts["offer"]
    assert max(counts["bids"]) <= 2, counts["bids"]
    assert max(counts["buying"]) <= 3, counts["buying"]
