"""Random clicks, drags, wheel turns and keys: nothing raises, the engine state stays legal."""
from __future__ import annotations

import random

import pygame
import pytest

from ne_game import rules
from tests.ui.table.driver import DT, FOUR, THREE

KEYS = [pygame.K_r, pygame.K_SPACE, pygame.K_BACKSPACE, pygame.K_u, pygame.K_RETURN,
        pygame.K_DELETE, pygame.K_a, pygame.K_1]


def _random_event(rng: random.Random, size, targets):
    w, h = size
    roll = rng.random()
    # Half the clicks go to interesting places (board cells, offer, buttons, bids).
    if targets and rng.random() < 0.5:
        x, y = rng.choice(targets)
    else:
        x, y = rng.randrange(w), rng.randrange(h)
    if roll < 0.35:
        return [pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y), rel=(0, 0), buttons=(0, 0, 0)),
                pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=1),
                pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(x, y), button=1)]
    if roll < 0.5:
        x2, y2 = rng.randrange(w), rng.randrange(h)
        if targets and rng.random() < 0.5:
            x2, y2 = rng.choice(targets)
        return [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=1),
                pygame.event.Event(pygame.MOUSEMOTION, pos=(x2, y2), rel=(0, 0),
                                   buttons=(1, 0, 0)),
                pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(x2, y2), button=1)]
    if roll < 0.6:
        return [pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=(x, y), button=3),
                pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(x, y), button=3)]
    if roll < 0.67:
        return [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=rng.choice((-1, 1)),
                                   flipped=False, precise_x=0.0, precise_y=1.0)]
    if roll < 0.8:
        k = rng.choice(KEYS)
        return [pygame.event.Event(pygame.KEYDOWN, key=k, mod=0, unicode="", scancode=0)]
    return [pygame.event.Event(pygame.MOUSEMOTION, pos=(x, y), rel=(0, 0), buttons=(0, 0, 0))]


def _targets(scene):
    lay = scene.lay
    pts = [lay.cell_rect(x, y).center for x in range(lay.cols) for y in range(lay.rows)]
    pts += [r.center for r in lay.bid_slots]
    pts += [r.center for r in scene.button_rects] * 6
    from tests.ui.table.driver import offer_rects
    pts += [r.center for r in offer_rects(scene).values()] * 3
    return pts


def _monkey(table, seats, seed, n_events, size):
    app, scene = table(seats, seed=seed, size=size, animation="fast")
    rng = random.Random(seed)
    session = scene.session
    seen_phases = set()
    i = 0
    while i < n_events:
        if app.top is not scene:       # the final screen: the monkey's game is over
            break
        targets = _targets(scene)
        for ev in _random_event(rng, size, targets):
            pygame.event.post(ev)
            i += 1
        app.step(DT)
        # The engine state is always one the engine itself reached by legal actions.
        if session.actions:
            seen_phases.add(rules.to_json(session.state)["phase"])
    # Replaying the recorded actions gives the same state: every action was legal.
    state = rules.new_game(len(seats), session.seed, session.variant)
    for a in session.actions:
        state = rules.apply_action(state, a)
    assert rules.to_json(state) == rules.to_json(session.state)
    return seen_phases, len(session.actions)


@pytest.mark.slow
def test_monkey_four_players(table):
    phases, n = _monkey(table, FOUR, 3, 20000, (1280, 720))
    assert n > 10
    assert "buying" in phases


@pytest.mark.slow
def test_monkey_three_players_with_computers_big_window(table):
    """Two computer seats: their moves are on show while the monkey clicks (skips) them."""
    seats = [THREE[0], ("Bob", "palmer", "easy"), ("Cleo", "howland", "easy")]
    phases, n = _monkey(table, seats, 8, 8000, (1920, 1080))
    assert n > 5
