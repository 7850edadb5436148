"""Whole games played by posting mouse and key events only."""
from __future__ import annotations

import random

from ne_game import rules
from ne_game.ui.scenes.table import FinalScene
from tests.ui.table.driver import DT, FOUR, THREE, choose, perform, post_plan


def _play(app, scene, rng, max_actions=2000):
    session = scene.session
    for _ in range(max_actions):
        if session.is_over():
            break
        legal = rules.legal_actions(session.state)
        action = choose(rng, legal)
        perform(app, scene, action)
    assert session.is_over(), "game did not finish"
    for _ in range(240):               # let the last animations play; final scoring shows
        app.step(DT)
        if isinstance(app.top, FinalScene):
            break
    assert isinstance(app.top, FinalScene)
    return session


def test_four_player_game_by_events(table):
    app, scene = table(FOUR, seed=11)
    session = _play(app, scene, random.Random(5))
    types = {a["type"] for a in session.actions}
    # The game went through every kind of step a person takes.
    assert {"place_start_tile", "announce_offer", "take_bid", "buy_land", "buy_card",
            "end_turn"} <= types


def test_three_player_game_to_final_screen(table):
    app, scene = table(THREE, seed=4, size=(1920, 1080), animation="off")
    _play(app, scene, random.Random(9))
    final = app.top
    final.t = 10.0
    surf = app.screen
    app.step(DT)
    # The final screen shows how the game went (its story, its replay) and the ways on.
    rects = final.button_rects()
    assert set(rects) == {"story", "replay", "review", "play_again", "title"}
    assert surf.get_at(rects["title"].center) != surf.get_at((2, 2))
    post_plan(final.click_plan("title"))
    app.step(DT)
    from ne_game.ui.scenes.title import TitleScene
    assert isinstance(app.top, TitleScene)


def test_play_again_starts_a_new_game(table):
    app, scene = table(THREE, seed=6, animation="off")
    _play(app, scene, random.Random(1))
    final = app.top
    post_plan(final.click_plan("play_again"))
    app.step(DT)
    app.step(DT)
    from ne_game.ui.scenes.table import TableScene
    top = app.top
    assert isinstance(top, TableScene) and top is not scene
    assert top.session.snapshot()["phase"] == "start_tiles"
    assert [s.name for s in top.session.seats] == [s.name for s in scene.session.seats]
