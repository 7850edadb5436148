"""Made for the sofa: no turn is lost by accident, nobody sees another player's barn at the
hand-over, the fixed commands work from the keyboard and a pad, and fullscreen fills the screen.

Each accident is planted as a person makes it: posted mouse, key and pad events through the
real app, with the press guard and the hand-over curtain on (the `sofa` fixture; the tests that
drive whole games at machine speed turn them off, tests/conftest.py).
"""
from __future__ import annotations

import dataclasses

import pygame
import pytest

from ne_game import rules
from ne_game.ui.look.widgets import background
from ne_game.ui.scenes.handover import HandoverScene
from ne_game.ui.scenes.table.controls import guard
from ne_game.ui.scenes.table.controls.guard import PressGuard
from ne_game.ui.scenes.table.model.view_model import END_TURN_KEY, end_turn_asks
from ne_game.ui.scenes.table.scene import TableScene
from ne_game.ui.shell import input_map as im
from tests.ui.table.driver import DT, FOUR, THREE, make_app, make_session

pytestmark = pytest.mark.usefixtures("sofa")


# ---------------------------------------------------------------- set-ups
def _to_buying(session):
    """Play the start rounds, the offer and the bids straight on the session (cheapest markers
    first) until a buying turn begins."""
    _play_until(session, lambda: rules.phase(session.state) == "buying")


def _to_bids(session):
    """Play straight on the session, the smallest offer and the first legal move, to the bids."""
    while rules.phase(session.state) != "bids":
        legal = rules.legal_actions(session.state)
        offers = [a for a in legal if a["type"] == "announce_offer"]
        session.apply(offers[0] if offers else legal[0])


def _play_until(session, done, seed: int = 7, max_actions: int = 3000, buy_chance: float = 0.8,
                high_bids: bool = False) -> None:
    """Play straight on the session until `done()`: cheapest bid markers, purchases where
    possible, the middle offer; skips the test when the game ends first."""
    import random

    rng = random.Random(seed)
    for _ in range(max_actions):
        if done():
            return
        legal = rules.legal_actions(session.state)
        if not legal:
            pytest.skip("the game ended before the situation this test wants")
        kinds = {a["type"] for a in legal}
        if "take_bid" in kinds:
            bids = sorted((a for a in legal if a["type"] == "take_bid"), key=lambda a: a["value"])
            choice = bids[-1] if high_bids else bids[0]
        elif "announce_offer" in kinds:
            offers = [a for a in legal if a["type"] == "announce_offer"]
            choice = offers[len(offers) // 2]
        else:
            buys = [a for a in legal if a["type"] in ("buy_land", "buy_card")]
            choice = rng.choice(buys) if buys and rng.random() < buy_chance else \
                next((a for a in legal if a["type"] == "end_turn"), legal[0])
        session.apply(choice)
    raise AssertionError("the situation never came")


def _table(seats, seed=0, handover=False, size=(1280, 720)):
    app = make_app(size, "off", handover=handover)
    session = make_session(seats, seed)
    scene = app.push("table", session=session)
    assert isinstance(scene, TableScene)
    app.step(DT)
    return app, scene, session


def _click(app, pos, frames: int = 0) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    for _ in range(frames):
        app.step(DT)


def _double_click(app, pos) -> None:
    """Two clicks 1/60 s apart: one double click."""
    _click(app, pos)
    app.step(DT)
    _click(app, pos)
    app.step(DT)


def _wait(app, seconds: float) -> None:
    for _ in range(int(seconds / DT) + 1):
        app.step(DT)


def _key(app, key: int, frames: int = 1) -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode="", scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key, mod=0, unicode="", scancode=0))
    for _ in range(frames):
        app.step(DT)


def _pad(app, button: int, frames: int = 1) -> None:
    pygame.event.post(pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, button=button, instance_id=0))
    pygame.event.post(pygame.event.Event(pygame.CONTROLLERBUTTONUP, button=button, instance_id=0))
    for _ in range(frames):
        app.step(DT)


def _press(app, device: str, key: int, button: int):
    """The press of one command on `device` ("keyboard" or "gamepad"): its key or its pad button."""
    return (lambda: _key(app, key)) if device == "keyboard" else (lambda: _pad(app, button))


def _end_turns(session) -> int:
    return sum(1 for a in session.actions if a["type"] == "end_turn")


# ---------------------------------------------------------------- the guard itself
def test_sofa_guard_graces():
    g = PressGuard(scale=1.0)
    assert g.allows_button("end_turn")
    g.turn_passed()
    assert g.quiet() and not g.allows_button("end_turn")
    g.tick(guard.HANDOVER + 0.01)
    assert not g.quiet() and g.allows_button("end_turn")
    g.buttons_placed([("hint", (500, 650, 80, 40))])
    g.buttons_placed([("end_turn", (500, 650, 100, 40))])      # End turn now stands where Hint stood
    assert not g.allows_button("end_turn")
    g.tick(guard.MOVED + 0.01)
    assert g.allows_button("end_turn")
    g.armed(("bid", 10))
    g.tick(0.1)
    assert not g.allows_confirm(("bid", 10))                  # the second click of one double click
    g.tick(guard.DOUBLE)
    assert g.allows_confirm(("bid", 10))
    off = PressGuard(scale=0.0)
    off.turn_passed()
    assert not off.quiet()


# ---------------------------------------------------------------- accidents
def test_sofa_double_click_on_end_turn_does_not_end_the_next_players_turn():
    app, scene, session = _table(THREE, seed=3)
    _to_buying(session)
    app.step(DT)
    _wait(app, 1.0)
    first = session.current_seat
    # spend nothing: End turn asks once while purchases are left; answer it deliberately
    end = scene.face.button_rect("end_turn")
    assert end is not None
    if end_turn_asks(scene.inter):
        _click(app, end.center, frames=1)
        assert scene.inter.armed == END_TURN_KEY and _end_turns(session) == 0
        _wait(app, 0.5)
    n = _end_turns(session)
    _double_click(app, scene.face.button_rect("end_turn").center)
    assert _end_turns(session) == n + 1, "the first click of the double click ends the turn"
    assert session.current_seat != first
    assert rules.phase(session.state) == "buying"
    # the second click reached the next buyer's End turn and did nothing
    _wait(app, 1.0)
    assert _end_turns(session) == n + 1
    assert scene.inter.armed is None


def _stores_now(session) -> list:
    if rules.phase(session.state) != "buying":
        return []
    return [a for a in rules.legal_actions(session.state) if a["type"] == "buy_card" and "store_in_barn" in a["use"]]


def test_sofa_a_click_where_a_button_was_a_moment_ago_does_nothing():
    app, scene, session = _table(THREE, seed=11)
    _play_until(session, lambda: bool(_stores_now(session)))
    store = _stores_now(session)[0]
    app.step(DT)
    _wait(app, 1.0)
    assert scene.face.button_rect("store") is None
    # picking a card that a barn could keep puts "Store in barn" into the bar
    from tests.ui.table.driver import offer_rects
    _click(app, offer_rects(scene)[store["slot"]].center, frames=1)
    button = scene.face.button_rect("store")
    assert button is not None
    n = len(session.actions)
    _click(app, button.center, frames=1)                      # a click a moment after the bar changed
    assert len(session.actions) == n, "a button that just appeared took the press"
    _wait(app, guard.MOVED + 0.1)
    _click(app, button.center, frames=1)                      # now it is a deliberate press
    assert len(session.actions) == n + 1 and "store_in_barn" in session.actions[-1]["use"]


def test_sofa_hint_keeps_its_place_and_end_turn_keeps_the_right_end():
    app, scene, session = _table(THREE, seed=5)
    _to_bids(session)
    app.step(DT)
    hint_in_bids = scene.face.button_rect("hint")
    _to_buying(session)
    app.step(DT)
    hint_in_buying, end = scene.face.button_rect("hint"), scene.face.button_rect("end_turn")
    assert hint_in_bids is not None and hint_in_buying is not None and end is not None
    assert hint_in_bids.left == hint_in_buying.left
    assert not end.colliderect(hint_in_bids)
    assert end.right == max(r.right for r in scene.button_rects)


def test_sofa_double_click_on_an_unaffordable_bid_marker_does_not_take_it():
    app, scene, session = _table(THREE, seed=1)

    def costly_bid() -> bool:
        if rules.phase(session.state) != "bids":
            return False
        money = rules.position(session.state).players[session.current_seat].money
        return any(a["value"] > money for a in rules.legal_actions(session.state) if a["type"] == "take_bid")

    _play_until(session, costly_bid, buy_chance=1.0, high_bids=True)
    app.step(DT)
    _wait(app, 1.0)
    seat = session.current_seat
    money = rules.position(session.state).players[seat].money
    costly = [v for v in scene.legal_bids if v > money]
    assert costly, "this seed wants a marker above the seat's money"
    value = max(costly)
    n = len(session.actions)
    _double_click(app, scene.lay.bid_slots[value - 1].center)
    assert len(session.actions) == n, "one double click took a marker the player cannot pay for"
    assert scene.inter.armed == ("bid", value)
    # the bar says so, not only the tooltip
    assert str(value) in scene.view.prompt.main and str(money) in scene.view.prompt.main
    _wait(app, guard.DOUBLE + 0.05)
    _click(app, scene.lay.bid_slots[value - 1].center, frames=1)
    assert len(session.actions) == n + 1 and session.actions[-1] == {"type": "take_bid", "value": value}


def test_sofa_handover_curtain_hides_the_next_seats_barn(monkeypatch):
    import ne_game.ui.scenes.table.model.handover as table_scene

    # every person has a card in a barn (a curtain only where it hides something: see
    # tests/ui/table/test_chrome_points.py)
    monkeypatch.setattr(table_scene, "hides_something", lambda facts, seat: True)
    app, scene, session = _table(FOUR[:2] + [("Cleo", "howland", "medium")], seed=2, handover=True)
    _to_buying(session)
    app.step(DT)
    # the first buyer is shown behind a curtain too (the turn came from another seat)
    if isinstance(app.top, HandoverScene):
        _wait(app, guard.HANDOVER + 0.1)
        _key(app, pygame.K_RETURN, frames=2)
    assert app.top is scene
    buyer = session.current_seat
    end = [a for a in rules.legal_actions(session.state) if a["type"] == "end_turn"][0]
    session.apply(end)
    # run the computer seats until a person is on turn again
    for _ in range(2000):
        if isinstance(app.top, HandoverScene) or rules.phase(session.state) != "buying":
            break
        app.step(DT)
    if rules.phase(session.state) != "buying" or session.current_seat == buyer:
        pytest.skip("this seed gives no second human buyer")
    curtain = app.top
    assert isinstance(curtain, HandoverScene) and curtain.seat == session.current_seat
    # the frame shows the curtain, not the table: the seat panels are the bare background
    frame = pygame.Surface(app.screen_size)
    app.draw(frame)
    bare = background(app.theme, app.screen_size)
    panel = scene.lay.panels[session.current_seat]
    probe = [(panel.x + dx, panel.y + dy) for dx in range(4, panel.w, 17) for dy in range(4, panel.h, 13)
             if not curtain.panel_rect.collidepoint(panel.x + dx, panel.y + dy)]
    assert probe
    assert all(frame.get_at(p) == bare.get_at(p) for p in probe), "the table shows through the curtain"
    # a click in the first moment does not lift it (the double click that ended the turn)
    _click(app, (10, 10), frames=1)
    assert app.top is curtain
    _wait(app, guard.HANDOVER + 0.1)
    _pad(app, pygame.CONTROLLER_BUTTON_A, frames=2)
    assert app.top is scene


def test_sofa_handover_can_be_turned_off():
    app, scene, session = _table(THREE, seed=2, handover=False)
    _to_buying(session)
    for _ in range(3):
        session.apply([a for a in rules.legal_actions(session.state) if a["type"] == "end_turn"][0])
        app.step(DT)
        assert app.top is scene
        if rules.phase(session.state) != "buying":
            break


def test_sofa_storing_in_a_barn_is_never_a_side_effect():
    app, scene, session = _table(THREE, seed=11)
    _play_until(session, lambda: bool(_stores_now(session)))
    stores = _stores_now(session)
    app.step(DT)
    _wait(app, 1.0)
    store = stores[0]
    from tests.ui.table.driver import offer_rects
    _click(app, offer_rects(scene)[store["slot"]].center, frames=1)
    barn = tuple(store["use"]["store_in_barn"])
    n = len(session.actions)
    _click(app, scene.lay.cell_rect(*barn).center, frames=1)
    assert len(session.actions) == n, "a click on the barn stored the card at once"
    assert "barn" in scene.view.prompt.main.lower()
    _wait(app, guard.DOUBLE + 0.05)
    _click(app, scene.lay.cell_rect(*barn).center, frames=1)
    assert len(session.actions) == n + 1 and session.actions[-1]["use"] == store["use"]


def test_keyboard_tab_reaches_store_in_barn_while_a_card_is_picked():
    """Playtest: with a card picked, Tab never left the board, so "Store in barn" (and Cancel)
    could only be reached through the barn's cell."""
    app, scene, session = _table(THREE, seed=11)
    _play_until(session, lambda: bool(_stores_now(session)))
    store = _stores_now(session)[0]
    app.step(DT)
    _wait(app, 1.0)
    _key(app, pygame.K_TAB)
    while scene.focus.region != "offer":
        _key(app, pygame.K_TAB)
    while scene.focus.current(scene.focus_items)[0] != ("slot", store["slot"]):
        _key(app, pygame.K_RIGHT)      # along the offer (Down keeps to its column)
    _wait(app, guard.DOUBLE + 0.05)
    _key(app, pygame.K_RETURN)
    assert scene.inter.sel is not None and scene.focus.region == "board"    # on to its targets
    n = len(session.actions)
    for _ in range(6):
        if scene.inter.fits():
            break           # this card fits somewhere: Tab steps through its places instead
        _key(app, pygame.K_TAB)
        if scene.focus.region == "buttons":
            break
    if scene.inter.fits():
        pytest.skip("the seed's storable card fits: Tab steps through its places")
    assert scene.focus.region == "buttons"
    while scene.focus.current(scene.focus_items)[0] != ("button", "store"):
        _key(app, pygame.K_LEFT)
    _wait(app, guard.MOVED + 0.1)
    _key(app, pygame.K_RETURN)
    assert len(session.actions) == n + 1 and "store_in_barn" in session.actions[-1]["use"]


# ---------------------------------------------------------------- fixed commands
@pytest.mark.parametrize("device", ["keyboard", "gamepad"])
def test_sofa_end_turn_has_a_key_and_a_pad_button_and_asks_once(device):
    app, scene, session = _table(THREE, seed=3)
    _to_buying(session)
    app.step(DT)
    _wait(app, 1.0)
    press = _press(app, device, pygame.K_e, pygame.CONTROLLER_BUTTON_Y)
    n = _end_turns(session)
    assert end_turn_asks(scene.inter), "this seed wants purchases left at the first buying turn"
    press()
    assert _end_turns(session) == n and scene.inter.armed == END_TURN_KEY
    assert scene.face.button("end_turn").warn                       # the bar says it asks
    press()                                                    # the same press at once: one double tap
    assert _end_turns(session) == n
    _wait(app, guard.DOUBLE + 0.05)
    press()
    assert _end_turns(session) == n + 1


@pytest.mark.parametrize("device", ["keyboard", "gamepad"])
def test_sofa_moving_the_focus_takes_back_end_turn_so_enter_buys_the_focused_item(device):
    """Playtest: E asked "End turn?", the ring went to an offer item, and Enter ended the turn."""
    app, scene, session = _table(THREE, seed=3)
    _to_buying(session)
    app.step(DT)
    _wait(app, 1.0)
    ask = _press(app, device, pygame.K_e, pygame.CONTROLLER_BUTTON_Y)
    go = _press(app, device, pygame.K_TAB, pygame.CONTROLLER_BUTTON_RIGHTSHOULDER)
    ok = _press(app, device, pygame.K_RETURN, pygame.CONTROLLER_BUTTON_A)
    n = _end_turns(session)
    ask()
    assert scene.inter.armed == END_TURN_KEY
    for _ in range(4):                      # on to the offer
        go()
        if scene.focus.region == "offer":
            break
    assert scene.focus.region == "offer" and scene.inter.armed is None
    assert not scene.face.button("end_turn").warn           # the question is taken back, and said so
    _wait(app, guard.DOUBLE + 0.05)
    ok()
    assert _end_turns(session) == n, "Enter on an offer item never ends the turn"
    assert scene.inter.sel is not None                 # it picked the focused item


def test_keyboard_after_a_purchase_is_placed_the_focus_goes_on_to_the_offer_or_end_turn():
    """Playtest: after a pilgrim was placed the ring sat on a figure on the board, where Enter
    picks the figure up to move it."""
    app, scene, session = _table(THREE, seed=3)

    def figures_and_purchases() -> bool:    # a buyer with a figure on the board, and money to buy
        if rules.phase(session.state) != "buying":
            return False
        legal = rules.legal_actions(session.state)
        return (any(a["type"] == "move_figure" for a in legal)
                and any(a["type"] in ("buy_land", "buy_card") for a in legal))
    _play_until(session, figures_and_purchases)
    app.step(DT)
    _wait(app, 1.0)
    _key(app, pygame.K_TAB)
    while scene.focus.region != "offer":
        _key(app, pygame.K_TAB)
    n = len(session.actions)
    _wait(app, guard.DOUBLE + 0.05)
    _key(app, pygame.K_RETURN)                      # pick the focused offer item
    assert scene.inter.sel is not None and scene.focus.region == "board"
    _wait(app, guard.DOUBLE + 0.05)
    _key(app, pygame.K_RETURN)                      # place it on the first target
    _wait(app, guard.DOUBLE + 0.05)
    if scene.inter.sel is not None:                 # a placement that asks once (a card's fit)
        _key(app, pygame.K_RETURN)
    assert len(session.actions) == n + 1 and scene.inter.sel is None
    assert scene.focus.region in ("offer", "buttons")
    if scene.focus.region == "buttons":
        assert scene.focus.current(scene.focus_items)[0] == ("button", "end_turn")


def test_keyboard_enter_with_nothing_focused_ends_the_turn():
    app, scene, session = _table(THREE, seed=3)
    _to_buying(session)
    app.step(DT)
    _wait(app, 1.0)
    assert not scene.focus.active
    n = _end_turns(session)
    _key(app, pygame.K_RETURN)
    _wait(app, guard.DOUBLE + 0.05)
    _key(app, pygame.K_RETURN)
    assert _end_turns(session) == n + 1


def test_gamepad_triggers_turn_the_tile():
    pads = im.Pads()
    right = pygame.event.Event(pygame.CONTROLLERAXISMOTION, instance_id=0,
                               axis=pygame.CONTROLLER_AXIS_TRIGGERRIGHT, value=30000)
    assert [c.name for c in pads.commands(right)] == [im.ROTATE]
    assert pads.commands(right) == ()                         # held: once per pull
    release = pygame.event.Event(pygame.CONTROLLERAXISMOTION, instance_id=0,
                                 axis=pygame.CONTROLLER_AXIS_TRIGGERRIGHT, value=0)
    assert pads.commands(release) == ()
    left = pygame.event.Event(pygame.CONTROLLERAXISMOTION, instance_id=0,
                              axis=pygame.CONTROLLER_AXIS_TRIGGERLEFT, value=32767)
    assert [c.name for c in pads.commands(left)] == [im.ROTATE_BACK]
    assert "Y" in im.pad_buttons_of(im.END_TURN) and "E" in im.keys_of(im.END_TURN)


# ---------------------------------------------------------------- the whole screen
def test_sofa_fullscreen_stays_fullscreen_when_settings_are_saved():
    from ne_game.storage.settings import Settings
    from ne_game.ui.shell.app import App

    app = App(size=(1280, 720), settings=Settings(animation="off"), fullscreen=True)
    try:
        assert app.fullscreen
        size = app.screen_size
        # starting a game saves the last seats: a --fullscreen window must not drop to a window
        app.apply_settings(dataclasses.replace(app.settings, last_seats=[{"name": "Ann", "family": "winslow",
                                                                          "kind": "human"}]))
        assert app.fullscreen and app.screen_size == size
    finally:
        app.shutdown()


# ---------------------------------------------------------------- menus
def test_keyboard_up_on_the_title_never_lands_on_quit_and_quit_asks_once():
    from tests.ui.harness import Harness

    h = Harness(size=(1280, 720))
    try:
        title = h.top
        keys = list(title.buttons)
        h.key(pygame.K_UP)                       # the first key shows the ring: on the main choice
        assert title.focus.index == keys.index(title.primary)
        for _ in range(len(keys)):
            h.key(pygame.K_UP)                   # the arrows stop at the top of the column
        assert keys[title.focus.index] != "quit"
        h.click(title.buttons["quit"])
        assert h.showing("dialog") and h.app.running
        h.click(h.layout()["buttons"][0])         # Stay
        assert h.showing("title") and h.app.running
        h.click(title.buttons["quit"])
        h.click(h.layout()["buttons"][1])         # Quit
        assert not h.app.running
    finally:
        h.close()


def test_gamepad_focus_ring_shows_from_the_first_frame():
    from tests.ui.harness import Harness

    h = Harness(size=(1280, 720))
    try:
        h.app.pads.last_device = "pad"
        h.app.go("title")
        h.step()
        assert h.top.focus.index is not None
    finally:
        h.close()


def test_keyboard_a_confirmed_name_gives_the_keyboard_back_to_the_ring():
    from tests.ui.harness import Harness

    h = Harness(size=(1280, 720))
    try:
        h.key(pygame.K_n)
        assert h.showing("setup")
        setup = h.top
        box = setup.name_boxes[0]
        h.click(box)
        assert box.is_focused
        h.type_text("Zoe")
        h.key(pygame.K_RETURN)
        assert not box.is_focused
        before = setup.focus.key
        h.key(pygame.K_UP)                       # the arrows move the ring again
        assert setup.focus.key != before
        assert setup.people[0]["name"] == "Zoe" or "Zoe" in box.get_text()
    finally:
        h.close()


def test_keyboard_after_the_last_purchase_the_ring_is_on_end_turn_and_never_wraps():
    app, scene, session = _table(THREE, seed=3)
    _to_buying(session)
    for _ in range(2):                                         # the two purchases a turn allows
        buys = [a for a in rules.legal_actions(session.state) if a["type"] in ("buy_land", "buy_card")]
        if not buys:
            pytest.skip("this seed's first buyer cannot buy twice")
        session.apply(buys[0])
    app.step(DT)
    _wait(app, 1.0)
    _key(app, pygame.K_DOWN)                                   # the first arrow shows the ring
    assert scene.focus.current(scene.focus_items)[0] == ("button", "end_turn")
    for _ in range(3):
        _key(app, pygame.K_RIGHT)
    assert scene.focus.current(scene.focus_items)[0] == ("button", "end_turn")
    n = _end_turns(session)
    _key(app, pygame.K_RETURN)
    assert _end_turns(session) == n + 1                         # nothing left to buy: no question


# ---------------------------------------------------------------- the whole screen, every path
@pytest.mark.parametrize("size", [(1920, 1080), (3840, 2160)], ids=["1080p", "4k"])
def test_sofa_the_table_fills_the_screen_after_new_game_continue_and_resize(size):
    from ne_game.storage.settings import Settings
    from tests.ui.harness import Harness
    from tests.ui.test_shell_flow import start_game

    h = Harness(size=size, settings=Settings(animation="off"))
    try:
        h.app.set_fullscreen(True, persist=False)     # the dummy display's "desktop" size
        start_game(h)
        h.run_until(lambda: h.showing("table"), max_frames=400)
        table = h.top
        assert h.app.fullscreen, "starting a game dropped fullscreen"
        assert table.lay.size == h.app.screen_size
        full = h.app.screen_size
        # back to a window of the size under test: the table and its board grow with it
        h.app.set_fullscreen(False, persist=False)
        h.resize(size)
        h.step(2)
        assert table.lay.size == size
        board_big = table.lay.board_rect.copy()
        h.resize((1280, 720))
        h.step(2)
        assert table.lay.size == (1280, 720) and table.lay.board_rect.width < board_big.width
        # continue the game in a new window, fullscreen again (F11 back and forth)
        h.key(pygame.K_F11)
        h.key(pygame.K_F11)
        h.key(pygame.K_F11)
        assert h.app.fullscreen and table.lay.size == full
        h.key(pygame.K_ESCAPE)
        h.click(h.layout()["button_quit"])
        assert h.showing("title")
        h.click(h.layout()["button_continue"])
        h.step(2)
        table = h.top
        assert h.app.fullscreen and table.lay.size == full
    finally:
        h.close()


def test_gamepad_glyphs_follow_the_make_of_the_pad():
    from ne_game.ui.look import glyphs

    assert im.pad_layout("PS5 Controller") == "playstation"
    assert im.pad_layout("Sony DualShock 4") == "playstation"
    assert im.pad_layout("Nintendo Switch Pro Controller") == "nintendo"
    assert im.pad_layout("Xbox Series X Controller") == "xbox" == im.pad_layout("")
    assert glyphs.labels_for(im.END_TURN, "pad", "playstation") == ["triangle"]
    assert glyphs.labels_for(im.NEXT_TARGET, "pad", "nintendo") == ["R"]
    assert glyphs.labels_for(im.END_TURN, "pad") == ["Y"]
    surface = pygame.Surface((200, 40))
    from ne_game.ui.look.theme import load_theme
    theme = load_theme("default")
    for label in ("cross", "circle", "square", "triangle", "L1", "ZR"):
        assert glyphs.draw_glyph(surface, label, True, 0, 20, 30, theme) >= 30


# ---------------------------------------------------------------- rebinding
@pytest.fixture
def default_bindings():
    yield
    im.apply_bindings({}, {})          # the input map is the module's: leave it as found


def _open_controls():
    from ne_game.storage.settings import Settings
    from tests.ui.harness import Harness

    h = Harness(size=(1280, 720), settings=Settings(animation="off"))
    h.app.push("settings")
    h.app.push("controls")
    h.step()
    return h


def test_keyboard_rebinding_end_turn_is_saved_and_refuses_duplicates(default_bindings):
    from ne_game.storage.settings import load_settings

    h = _open_controls()
    try:
        ctl = h.top
        cell = ctl.layout()["cells"][("key", im.END_TURN)]
        h.click(cell)
        assert ctl.capture == ("key", im.END_TURN)
        h.key(pygame.K_u)                                   # Undo's key: refused, named
        assert "Undo" in ctl.message and im.KEYS[pygame.K_e] == im.END_TURN
        h.click(cell)
        h.key(pygame.K_RETURN)                              # the same on every screen: refused
        assert im.KEYS[pygame.K_RETURN] == im.CONFIRM and ctl.message
        h.click(cell)
        h.key(pygame.K_f)
        assert im.KEYS.get(pygame.K_f) == im.END_TURN and pygame.K_e not in im.KEYS
        assert h.app.settings.key_bindings == {im.END_TURN: pygame.K_f}
        assert load_settings()[0].key_bindings == {im.END_TURN: pygame.K_f}       # saved
        assert [c.name for c in im.commands(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_f, mod=0))] \
            == [im.END_TURN]
        h.click(ctl.layout()["reset"])
        assert im.KEYS[pygame.K_e] == im.END_TURN and pygame.K_f not in im.KEYS
        assert load_settings()[0].key_bindings == {}
    finally:
        h.close()


def test_gamepad_rebinding_a_button_with_the_pad_alone(default_bindings):
    h = _open_controls()
    try:
        ctl = h.top
        h.app.pads.last_device = "pad"
        ctl.focus.focus(("pad", im.HINT))
        h.post(pygame.CONTROLLERBUTTONDOWN, instance_id=0, button=pygame.CONTROLLER_BUTTON_A)
        h.post(pygame.CONTROLLERBUTTONUP, instance_id=0, button=pygame.CONTROLLER_BUTTON_A)
        h.step()
        assert ctl.capture == ("pad", im.HINT)
        h.post(pygame.CONTROLLERBUTTONDOWN, instance_id=0, button=pygame.CONTROLLER_BUTTON_START)  # the pause
        h.step()
        assert ctl.message and im.PAD_BUTTONS[pygame.CONTROLLER_BUTTON_X] == im.HINT       # refused
        ctl.focus.focus(("pad", im.HINT))
        h.post(pygame.CONTROLLERBUTTONDOWN, instance_id=0, button=pygame.CONTROLLER_BUTTON_A)
        h.step()
        h.post(pygame.CONTROLLERBUTTONDOWN, instance_id=0, button=pygame.CONTROLLER_BUTTON_LEFTSTICK)
        h.step()
        # every pad button is in use: Hint and the help trade places
        assert im.PAD_BUTTONS[pygame.CONTROLLER_BUTTON_LEFTSTICK] == im.HINT
        assert im.PAD_BUTTONS[pygame.CONTROLLER_BUTTON_X] == im.CONTEXT_HELP
        assert h.app.settings.pad_bindings == {im.HINT: pygame.CONTROLLER_BUTTON_LEFTSTICK,
                                               im.CONTEXT_HELP: pygame.CONTROLLER_BUTTON_X}
        assert len(set(im.PAD_BUTTONS.values())) == len(im.PAD_BUTTONS)       # no command twice
    finally:
        h.close()


def test_sofa_saved_bindings_apply_at_start_and_bad_ones_are_skipped(default_bindings, ne_game_home):
    from ne_game.storage.settings import Settings
    from ne_game.ui.shell.app import App

    app = App(size=(1280, 720), settings=Settings(key_bindings={im.UNDO: pygame.K_z, im.HINT: pygame.K_e,
                                                                "nonsense": 5}))
    try:
        assert im.KEYS[pygame.K_z] == im.UNDO and pygame.K_u not in im.KEYS
        assert im.KEYS[pygame.K_e] == im.END_TURN and im.KEYS[pygame.K_h] == im.HINT   # E is End turn's
    finally:
        app.shutdown()


@pytest.mark.parametrize("device", ["keyboard", "gamepad"])
def test_keyboard_or_gamepad_help_on_the_focused_item(device):
    app, scene, session = _table(THREE, seed=1)
    _to_bids(session)
    app.step(DT)
    _key(app, pygame.K_DOWN)                        # the ring shows on the bids
    assert scene.focus.current(scene.focus_items)[0][0] == "bid"
    scene.tooltip = ""
    if device == "keyboard":
        _key(app, pygame.K_F1)
    else:
        _pad(app, pygame.CONTROLLER_BUTTON_LEFTSTICK)
    assert "marker" in scene.tooltip.lower(), scene.tooltip


def test_keyboard_the_ring_goes_to_what_the_hint_shows():
    app, scene, session = _table(THREE, seed=1)
    _to_bids(session)
    app.step(DT)
    _wait(app, 1.0)
    _key(app, pygame.K_DOWN)                     # the ring on the bids
    _key(app, pygame.K_h, frames=3)              # a hint (the runner answers at once in tests)
    assert scene.shown.bid is not None
    assert scene.focus.current(scene.focus_items)[0] == ("bid", scene.shown.bid)
    want = scene.shown.bid
    _wait(app, 0.1)
    _key(app, pygame.K_RETURN)
    if scene.inter is not None and scene.inter.armed == ("bid", want):    # a marker that asks twice
        _wait(app, guard.DOUBLE + 0.05)
        _key(app, pygame.K_RETURN)
    assert {"type": "take_bid", "value": want} in session.actions, session.actions[-3:]


def test_sofa_the_last_move_is_on_the_table_when_the_curtain_lifts(monkeypatch):
    import ne_game.ui.scenes.table.model.handover as table_scene

    monkeypatch.setattr(table_scene, "hides_something", lambda facts, seat: True)   # a card in a barn
    app, scene, session = _table(THREE, seed=2, handover=True)
    _to_buying(session)
    app.step(DT)
    if isinstance(app.top, HandoverScene):
        _wait(app, guard.HANDOVER + 0.1)
        _key(app, pygame.K_RETURN, frames=2)
    first = session.current_seat
    legal = rules.legal_actions(session.state)
    buy = next((a for a in legal if a["type"] in ("buy_land", "buy_card")), None)
    if buy is not None:
        session.apply(buy)                                    # a piece bought: it flies in...
    session.apply(next(a for a in rules.legal_actions(session.state) if a["type"] == "end_turn"))
    for _ in range(3):
        app.step(DT)
    assert isinstance(app.top, HandoverScene) and session.current_seat != first
    _wait(app, guard.HANDOVER + 0.1)
    _key(app, pygame.K_RETURN, frames=1)
    assert app.top is scene
    # ...and is drawn at once when the curtain lifts, without waiting for a key
    assert not scene.anim.hidden and scene.view == scene._make_static()


def test_keyboard_a_hinted_start_tile_is_the_one_placed():
    app, scene, session = _table(THREE, seed=4)
    _wait(app, 1.0)
    _key(app, pygame.K_DOWN)                                   # the ring on the board
    _key(app, pygame.K_h, frames=3)
    hint = scene.hint_action
    assert hint is not None and hint["type"] == "place_start_tile"
    assert scene.inter.start_land == hint["land"]
    assert scene.preview is not None and scene.preview.action is not None
    assert sorted(map(tuple, scene.preview.action["cells"])) == sorted(map(tuple, hint["cells"]))
    n = len(session.actions)
    _key(app, pygame.K_RETURN)
    assert len(session.actions) == n + 1 and session.actions[-1]["land"] == hint["land"]


def test_keyboard_a_question_is_taken_back_by_any_other_act():
    app, scene, session = _table(THREE, seed=3)
    _to_buying(session)
    app.step(DT)
    _wait(app, 1.0)
    _key(app, pygame.K_e)
    assert scene.inter.armed == END_TURN_KEY and scene.face.button("end_turn").warn
    slot = next(iter(scene.inter.selectable_slots()))
    from tests.ui.table.driver import offer_rects
    _click(app, offer_rects(scene)[slot].center, frames=1)     # the player buys instead
    assert scene.inter.armed is None and not scene.face.button("end_turn").warn


def test_keyboard_a_resting_pointer_lights_no_menu_button(harness):
    """A mouse left over a menu button must not look like a second focus once the keyboard (or
    a pad) is in use; moving the mouse brings its hover back."""
    h = harness()
    # (the first enabled one: Continue, first on the title, is greyed without a save)
    button = next(b for b in h.top.buttons.values() if b.is_enabled)
    h.move(button.rect.center)
    h.step(3)
    assert button.hovered
    h.key(pygame.K_DOWN)
    h.step(3)
    assert h.app.pads.last_device == "keyboard" and not button.hovered
    h.move((button.rect.centerx + 3, button.rect.centery))       # a nudge of the desk: still nothing lit
    h.step(3)
    assert not button.hovered
    h.move((button.rect.centerx + 40, button.rect.centery))      # the player reaches for the mouse
    h.step(3)
    assert button.hovered
