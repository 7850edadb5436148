"""The Hint and the keyboard cursor (issue 37, a playtest): after a Hint shows a placement, Enter
takes the hinted place and R turns the hinted tile there, never the spot the cursor stood on."""
from __future__ import annotations

import pygame
import pytest

from ne_game import rules
from ne_game.game.session import GameSession, Seat
from ne_game.storage.settings import Settings
from ne_game.ui.scenes.table.controls.focus_controls import hinted_cell
from ne_game.ui.scenes.table.model import hints
from tests.ui.test_first_game_details import buying_with_choice, session_until


@pytest.fixture(autouse=True)
def quick_hint(monkeypatch):
    # the medium player answers the same way every time: the test is about the cursor
    monkeypatch.setattr(hints, "HINT_KIND", "medium")


def taken_after_enters(h, session, presses: int = 3):
    n = len(session.actions)
    for _ in range(presses):
        if len(session.actions) > n:
            break
        h.key(pygame.K_RETURN)
        h.step(3)
    return session.actions[-1] if len(session.actions) > n else None


def hinted_buying_by_keys(harness):
    """A buying turn with a choice, played with the keys, the Hint asked: (harness, session)."""
    s = session_until(buying_with_choice)
    h = harness(settings=Settings(animation="off", hints=True, handover=False))
    h.app.go("table", session=s)
    h.step(2)
    h.key(pygame.K_RIGHT)            # keyboard play: the cursor is somewhere on the table
    h.step(2)
    h.key(pygame.K_h)
    h.step(3)
    return h, s


def test_enter_after_a_hint_places_the_hinted_purchase_at_the_hinted_cell(harness):
    h, s = hinted_buying_by_keys(harness)
    hint = h.top.hint_action
    assert hint is not None and hint["type"] in ("buy_land", "buy_card")
    taken = taken_after_enters(h, s)
    assert taken is not None and rules.action_key(taken) == rules.action_key(hint)


def test_a_hint_asked_with_the_mouse_still_puts_the_keyboard_cursor_on_its_place(harness):
    s = GameSession([Seat("A", "winslow", "human"), Seat("B", "palmer", "human"), Seat("C", "howland", "human")],
                    seed=3)
    h = harness(settings=Settings(animation="off", hints=True, handover=False))
    h.app.go("table", session=s)
    h.step(30)
    h.click(h.top.face.button_rect("hint"))
    h.step(6)
    hint = h.top.hint_action
    assert hint is not None and hint["type"] == "place_start_tile"
    h.key(pygame.K_RIGHT)            # the first key shows the cursor where it is: at the Hint's place
    h.step(2)
    assert h.top.preview is not None and sorted(h.top.preview.cells) == sorted(tuple(c) for c in hint["cells"])
    taken = taken_after_enters(h, s)
    assert taken is not None and rules.action_key(taken) == rules.action_key(hint)


def test_asking_the_hint_again_with_its_item_in_hand_keeps_the_cursor_on_its_place(harness):
    """Playtest 3b (c)1: Enter took the Hint's offer item, H again sent the ring back to the offer
    and the next Enter put the item back (a loop). The ring stays on the hinted parcel."""
    h, s = hinted_buying_by_keys(harness)
    hint = h.top.hint_action
    assert hint is not None and hint["type"] in ("buy_land", "buy_card")
    n = len(s.actions)
    h.key(pygame.K_RETURN)           # the Hint's item in hand
    h.step(3)
    place = hinted_cell(hint, h.top.inter.sel)
    assert place is not None and len(s.actions) == n
    h.key(pygame.K_h)                # the Hint again
    h.step(3)
    item = h.top.focus.current(h.top.focus_items)
    assert item is not None and item[0] == ("cell", place)
    taken = taken_after_enters(h, s)
    assert taken is not None and rules.action_key(taken) == rules.action_key(hint)


def test_the_hint_asked_while_the_computers_play_says_it_waits(harness):
    s = GameSession([Seat("A", "winslow", "medium"), Seat("B", "palmer", "medium"), Seat("C", "howland", "human")],
                    seed=3)
    h = harness(settings=Settings(animation="off", hints=True, handover=False))
    h.app.go("table", session=s)
    h.step(2)
    assert not h.top.human_turn
    h.key(pygame.K_h)
    h.step(1)
    assert any("your own turn" in str(text) for text in h.app.toasts.texts())


def test_a_focused_buttons_words_never_cover_the_hints_words_in_the_prompt(harness, monkeypatch):
    """Playtest 5b: the Hint said "end the turn", the ring went to End turn, and End turn's own
    words covered the Hint's sentence in the prompt."""
    from ne_game.ui.scenes.table.draw import chrome

    h, s = hinted_buying_by_keys(harness)
    assert h.top.shown.words
    boxes: list[pygame.Rect] = []
    real = chrome.draw_focus_words

    def spy(*a, **k):
        r = real(*a, **k)
        if r is not None:
            boxes.append(r)
        return r
    monkeypatch.setattr(chrome, "draw_focus_words", spy)
    t = h.top
    t.focus.point_at(("button", "end_turn"), t.focus_items)   # the ring on a button of the bar
    t.tooltip = "Return your bid marker and take 4 shillings income."
    t.draw_after_ui(h.app.screen)
    assert boxes and not boxes[-1].colliderect(t.lay.prompt_rect)


def test_back_from_the_pause_menu_with_keys_the_ring_is_on_an_item(harness):
    """Playtest 5a: after Resume in the start rounds nothing had the focus, and Enter did nothing
    while the bar said "Enter: Choose"."""
    s = GameSession([Seat("A", "winslow", "human"), Seat("B", "palmer", "human"), Seat("C", "howland", "human")],
                    seed=3)
    h = harness(settings=Settings(animation="off", hints=True, handover=False))
    h.app.go("table", session=s)
    h.step(40)
    h.key(pygame.K_ESCAPE)
    h.step(3)
    h.key(pygame.K_ESCAPE)       # Resume
    h.step(3)
    t = h.top
    assert t.focus.active and t.focus.current(t.focus_items) is not None


def test_enter_twice_after_a_hint_to_move_a_figure_moves_it_where_the_hint_said(harness):
    """Playtest 21b: after the Hint "moves a pilgrim from F6 to H7", Enter picked the pilgrim up,
    the ring stayed on F6 and the next Enter put it back, again and again."""
    import random

    s = GameSession([Seat("A", "winslow", "human"), Seat("B", "palmer", "human"), Seat("C", "howland", "human")],
                    seed=4)
    rng = random.Random(4)

    def moves() -> list:
        return [a for a in rules.legal_actions(s.state) if a["type"] == "move_figure"
                and tuple(a["from"]) != tuple(a["to"])]
    for _ in range(3000):
        if s.snapshot()["phase"] == "buying" and moves():
            break
        legal = rules.legal_actions(s.state)
        s.apply(rng.choice([a for a in legal if a["type"] != "move_figure"] or legal))
    else:
        raise AssertionError("no figure to move")
    move = moves()[-1]
    h = harness(settings=Settings(animation="off", hints=True, handover=False))
    h.app.go("table", session=s)
    h.step(2)
    h.top.pacer.hint = lambda session: move          # the Hint's answer, whatever it thinks
    h.key(pygame.K_RIGHT)
    h.step(2)
    h.top._poll_hint()
    h.step(2)
    assert h.top.hint_action == move
    taken = taken_after_enters(h, s)
    assert taken is not None and rules.action_key(taken) == rules.action_key(move), (taken, move)
