"""The input map: raw events to named commands (no window needed, no state changed)."""
from __future__ import annotations

import pygame
import pytest

from ne_game.ui.shell import input_map as im


def key(k, mod=0):
    return pygame.event.Event(pygame.KEYDOWN, key=k, mod=mod, unicode="", scancode=0)


@pytest.mark.parametrize("event, expected", [
    (key(pygame.K_r), "rotate"),
    (key(pygame.K_r, pygame.KMOD_LSHIFT), "rotate_back"),
    (key(pygame.K_u), "undo"),
    (key(pygame.K_z, pygame.KMOD_LCTRL), "undo"),
    (key(pygame.K_SPACE), "skip"),
    (key(pygame.K_ESCAPE), "cancel"),
    (key(pygame.K_BACKSPACE), "clear"),
    (key(pygame.K_DELETE), "clear"),
    (key(pygame.K_RETURN), "confirm"),
    (key(pygame.K_KP_ENTER), "confirm"),
    (key(pygame.K_h), "hint"),
    (key(pygame.K_TAB), "next_target"),
    (key(pygame.K_TAB, pygame.KMOD_RSHIFT), "prev_target"),
    (key(pygame.K_F11), "fullscreen"),
])
def test_keys(event, expected):
    assert [c.name for c in im.commands(event)] == [expected]


def test_pointer_events_carry_their_position():
    pos = (10, 20)
    assert im.commands(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))) \
        == (im.Command("point", pos),)
    assert im.commands(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)) == (im.Command("press", pos),)
    assert im.commands(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=3)) == \
        (im.Command("secondary", pos),)
    assert im.commands(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1)) == (im.Command("release", pos),)
    assert im.commands(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=2)) == ()
    wheel = pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-2, flipped=False, precise_x=0.0, precise_y=-2.0)
    assert im.commands(wheel) == (im.Command("scroll", step=-2),)


def test_unmapped_events_mean_nothing():
    assert im.commands(key(pygame.K_q)) == ()
    assert im.commands(pygame.event.Event(pygame.KEYUP, key=pygame.K_r, mod=0)) == ()
    assert im.commands(pygame.event.Event(pygame.USEREVENT)) == ()


def test_every_command_is_documented():
    names = {v for k, v in vars(im).items() if k.isupper() and isinstance(v, str)}
    for name in names:
        assert name in (im.__doc__ or ""), name
