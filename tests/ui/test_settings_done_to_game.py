"""Issue 35 (a newcomer's playtest): Settings opened from the game's pause menu, then Done, showed
the pause menu again, and the player had to press Resume too. Done goes straight back to the game;
Esc (B on a pad) still steps back one level, to the pause menu; the title's Settings is unchanged."""
from __future__ import annotations

import pygame

from tests.ui.test_shell_flow import start_game


def test_done_in_settings_from_the_pause_menu_returns_to_the_game(harness):
    h = harness()
    start_game(h)
    table = h.top
    h.key(pygame.K_ESCAPE)
    assert h.showing("pause")
    h.click(h.layout()["button_settings"])
    assert h.showing("settings")
    h.click(h.layout()["button_done"])
    assert h.top is table and len(h.app.stack) == 1


def test_escape_in_settings_from_the_pause_menu_steps_back_to_it(harness):
    h = harness()
    start_game(h)
    h.key(pygame.K_ESCAPE)
    h.click(h.layout()["button_settings"])
    h.key(pygame.K_ESCAPE)
    assert h.showing("pause")


def test_done_by_keyboard_from_the_pause_menu_returns_to_the_game(harness):
    h = harness()
    start_game(h)
    table = h.top
    h.key(pygame.K_ESCAPE)
    h.click(h.layout()["button_settings"])
    scene = h.top
    scene.focus.focus(("done",))
    h.key(pygame.K_RETURN)
    assert h.top is table


def test_done_in_the_titles_settings_returns_to_the_title(harness):
    h = harness()
    h.click(h.layout()["button_settings"])
    assert h.showing("settings")
    h.click(h.layout()["button_done"])
    assert h.showing("title") and len(h.app.stack) == 1
