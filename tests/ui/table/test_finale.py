"""The finale at the final scoring: counted source by source, the rows settling into the
ranking, the winner crowned with the fanfare; skipped by any press; at once with animations off;
the scene rests when it ends."""
from __future__ import annotations

import pygame
import pytest

from ne_game import rules
from ne_game.game.session import GameSession
from ne_game.ui.scenes.table.final_scoring import FinalScene
from ne_game.ui.scenes.table.motion.finale import Timeline
from tests.history.games import play
from tests.ui.table.driver import DT, make_app


@pytest.fixture(scope="module")
def save():
    return play(("easy", "easy", "easy", "easy"), 3)


def _final(save, animation="normal"):
    app = make_app(size=(1280, 720), animation=animation)
    session = GameSession.from_save(save)
    heard: list[str] = []
    app.sound.cue = lambda name, **kw: heard.append(name) or True
    app.go("table", session=session)
    for _ in range(600):       # the table shows the finale itself once the game is over
        app.step(DT)
        if isinstance(app.top, FinalScene):
            break
    assert isinstance(app.top, FinalScene)
    assert sum(isinstance(s, FinalScene) for s in app.stack) == 1
    return app, app.top, heard


def test_the_timeline_counts_cards_then_each_majority_and_settles_into_the_ranking(save):
    state = GameSession.from_save(save).state
    rows = rules.final_scores(state)
    figures = list(state.rs.figure_order)
    tl = Timeline(rows, figures)
    kinds = [(s.kind, s.figure) for s in tl.steps]
    won = [f for f in figures if any(r["majorities"].get(f) for r in rows)]
    assert kinds == [("cards", None), *[("majority", f) for f in won], ("settle", None)]
    assert all(a.end <= b.start + 1e-9 for a, b in zip(tl.steps, tl.steps[1:]))
    for r in rows:
        seat = r["seat"]
        assert tl.row(seat, 0.0).total == 0
        # the cards are counted in full before any majority
        after_cards = tl.row(seat, tl.steps[0].counted)
        assert (after_cards.cards_vp, after_cards.majority_vp) == (r["cards_vp"], 0)
        totals = [tl.row(seat, t / 20 * tl.end).total for t in range(21)]
        assert totals == sorted(totals), "points only ever count up"
        end = tl.row(seat, tl.end)
        assert (end.cards_vp, end.majority_vp, end.total) == (r["cards_vp"], r["majority_vp"], r["total"])
        assert end.slot == sorted(rows, key=lambda x: (x["rank"], x["seat"])).index(r)
    assert tl.steps[0].order_before == tuple(range(len(rows))), "the rows start in seat order"


def test_the_finale_moves_then_crowns_the_winner_with_the_fanfare_and_rests(save):
    app, final, heard = _final(save)
    assert not final.done and final.wake_in() == 0.0
    assert "fanfare" not in heard
    crowned_at = None
    for _frame in range(int(final.timeline.end / DT) + 30):
        app.step(DT)
        if crowned_at is None and "fanfare" in heard:
            crowned_at = final.t
    assert crowned_at is not None and abs(crowned_at - final.timeline.crown) < 0.1
    assert heard.count("fanfare") == 1
    assert "card" in heard, "the cards' count is heard"
    assert final.done and final.wake_in() is None, "the finale ends and the app rests"


@pytest.mark.parametrize("press", [
    pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(5, 5)),
    pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ", scancode=0),
    pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, button=0, instance_id=0),
])
def test_any_press_skips_to_the_final_table(save, press):
    app, final, heard = _final(save)
    app.step(DT)
    assert not final.done
    final.process_event(press)
    assert final.done and final.crowned and final.wake_in() is None
    assert heard.count("fanfare") == 1, "a skip still crowns the winner"
    app.step(DT)
    assert heard.count("fanfare") == 1 and final.wake_in() is None
    assert app.top is final, "the press that skips chooses nothing"


def test_with_animations_off_the_final_table_shows_at_once(save):
    app, final, heard = _final(save, animation="off")
    assert final.done and final.wake_in() is None
    assert heard == ["fanfare"]


def test_the_columns_say_what_they_count(save):
    app, final, _heard = _final(save)
    final.skip()
    drawn: list[str] = []
    real = final.style.text

    def text(s, role, px, color):
        drawn.append(s)
        return real(s, role, px, color)
    final.style.text = text
    final.draw(app.screen)
    heads = [h for h, _x, _w in final._columns()]
    assert "Card VP" in heads and "Cards" not in heads
    assert any(s.endswith("cards held") or s.endswith("card held") for s in drawn)


@pytest.mark.parametrize("animation", ["normal", "off"])
@pytest.mark.parametrize("press", [
    pygame.event.Event(pygame.MOUSEBUTTONDOWN, button=1, pos=(5, 5)),
    pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ", scancode=0),
    pygame.event.Event(pygame.CONTROLLERBUTTONDOWN, button=0, instance_id=0),
])
def test_a_press_in_the_first_half_second_does_not_skip_the_finale_unseen(save, press, animation, monkeypatch):
    """Playtest 4a saw no count-up: the key that ended the game (or the next one) skipped it."""
    from ne_game.ui.scenes.table.controls import guard

    monkeypatch.setattr(guard, "SCALE", 1.0)
    app, final, _heard = _final(save, animation=animation)
    assert final.grace == pytest.approx(0.5)
    assert final.wake_in() == 0.0, "the grace's clock is the frames: they run until it ends"
    t0 = final.t
    final.process_event(press)
    assert final.t == t0 and app.top is final, "a press in the first moment skips nothing, chooses nothing"
    while final.age < final.grace:
        app.step(DT)
    final.process_event(press)
    assert final.done, "after the grace, a press skips to the final table"
    app.step(DT)
    assert final.wake_in() is None, "then it rests"


def test_the_column_being_counted_is_lit_and_the_winner_gets_the_light(save):
    """Playtest 4a: "a plain table". Each source lights its column while it counts (the cards'
    VP, then the majorities', then the totals as the ranking settles); at the crowning rays
    turn behind the winner's name (and rest still once the finale ends)."""
    app, final, _heard = _final(save)
    steps = final.timeline.steps
    lit = []
    for st in steps:
        final.t = (st.start + st.end) / 2
        lit.append(final._counting_column())
    assert lit == [1, *[2] * (len(steps) - 2), 3]
    assert [final._columns()[i][0] for i in (1, 2, 3)] == ["Card VP", "Majority VP", "Total VP"]
    final.skip()
    assert final._counting_column() is None, "at rest no column is lit"

    from ne_game.ui.scenes.table.draw import celebration

    rays: list[float] = []
    real = celebration.sunburst
    celebration.sunburst = lambda *a, **kw: rays.append(a[5]) or real(*a, **kw)
    try:
        for t in (final.timeline.crown - 0.05, final.timeline.crown + 0.3, final.timeline.end):
            final.t = t
            final.draw(app.screen)
    finally:
        celebration.sunburst = real
    assert len(rays) == 2 and 0 < rays[0] < rays[1] == 1.0, "the light swells in at the crowning and stays"


@pytest.mark.parametrize("device,words", [("pad", "Press any button to skip"), ("keyboard", "Press any key to skip"),
                                          ("mouse", "Click or press any key to skip")])
def test_the_skip_hint_names_the_input_of_the_device_in_use(save, monkeypatch, device, words):
    from ne_game.ui.scenes.table import final_scoring

    app, final, _heard = _final(save)
    shown: list[str] = []
    real = final_scoring.fit_text

    def fit(st, text, *a, **k):
        shown.append(text)
        return real(st, text, *a, **k)
    monkeypatch.setattr(final_scoring, "fit_text", fit)
    app.pads.last_device = device
    final.draw(app.screen)
    assert words in shown


def test_rows_crossing_pass_over_and_under_each_other(save, monkeypatch):
    # playtest 18a: two rows swapping places overlapped each other's numbers, both full size
    from ne_game.ui.scenes.table.draw import finale_face

    app, scene, _ = _final(save)
    tl = scene.timeline
    moving = next(((s, t) for s in tl.steps for t in [s.counted + (s.end - s.counted) / 2]
                   if s.order_before != s.order_after), None)
    assert moving is not None, "this game's count moves its rows"
    step, t = moving
    calls: list[tuple[int, pygame.Rect]] = []
    real = finale_face.draw_row
    monkeypatch.setattr(finale_face, "draw_row",
                        lambda surface, p, r, row, rect, f, m: (calls.append((row.seat, rect)), real(surface, p, r, row, rect, f, m)))
    scene.t = t
    scene.draw(pygame.Surface(app.screen.get_size()))
    order = [seat for seat, _ in calls]
    rects = dict(calls)
    risers = [s for s in step.order_after if step.order_after.index(s) < step.order_before.index(s)]
    fallers = [s for s in step.order_after if step.order_after.index(s) > step.order_before.index(s)]
    assert risers and fallers
    steady = max(r.width for r in rects.values())
    for up in risers:
        for down in fallers:
            assert order.index(up) > order.index(down), "a rising row passes over a falling one"
            assert rects[down].width < rects[up].width == steady
