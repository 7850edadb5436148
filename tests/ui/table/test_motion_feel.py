"""Animation that feels good: eased flights, a card turned over where it lands, coins that stream
into (or out of) a purse while the number counts; and with animations off, none of it."""
from __future__ import annotations

import pygame
import pytest

from ne_game.ui.scenes.table.motion import animations
from ne_game.ui.scenes.table.motion.animations import COIN_STREAM_MAX, deal_and_flip, flip_frame
from ne_game.ui.scenes.table.motion.tweens import Animator, ease_in_out_cubic
from tests.ui.table.driver import DT, FOUR, make_app, make_session


def _solid(color, size=(40, 60)):
    s = pygame.Surface(size)
    s.fill(color)
    return s


def test_ease_in_out_cubic_starts_and_ends_slowly():
    vals = [ease_in_out_cubic(i / 100) for i in range(101)]
    assert vals[0] == 0 and vals[-1] == 1 and vals == sorted(vals)
    assert vals[5] < 0.01 and vals[95] > 0.99 and abs(vals[50] - 0.5) < 1e-9


def test_a_flip_narrows_the_front_to_an_edge_and_widens_the_back():
    front, back = _solid((200, 0, 0)), _solid((0, 0, 200))
    rect = pygame.Rect(100, 100, 40, 60)
    img, r = flip_frame(front, back, rect, 0.0)
    assert img is front and r == rect
    img, r = flip_frame(front, back, rect, 0.5)
    assert r.width <= 2 and r.center == rect.center
    img, r = flip_frame(front, back, rect, 1.0)
    assert r.size == rect.size and img.get_at((20, 30))[:3] == (0, 0, 200)
    widths = [flip_frame(front, back, rect, t / 20)[1].width for t in range(21)]
    assert widths[:10] == sorted(widths[:10], reverse=True) and widths[11:] == sorted(widths[11:])


def test_a_dealt_card_travels_face_down_and_lands_face_up():
    back, face = _solid((0, 120, 0)), _solid((240, 240, 240))
    draw = deal_and_flip(back, face)
    rect = pygame.Rect(10, 10, 40, 60)
    for t, want in ((0.2, (0, 120, 0)), (1.0, (240, 240, 240))):
        screen = _solid((0, 0, 0), (80, 100))
        draw(screen, rect, t)
        assert screen.get_at(rect.center)[:3] == want, t


@pytest.fixture
def table():
    app = make_app(size=(1280, 720), animation="normal")
    app.go("table", session=make_session(FOUR))
    for _ in range(3):
        app.step(DT)
    return app.top


@pytest.mark.parametrize("delta, coins, pop", [(5, 5, 1), (-3, 3, 0), (40, COIN_STREAM_MAX, 1)])
def test_money_streams_coins_between_the_bank_and_the_purse(table, delta, coins, pop):
    b = table.animations
    b.anim.finish()
    purse = pygame.Rect(100, 100, 60, 20)
    bank = pygame.Rect(600, 600, 40, 40)
    seconds = b.coin_stream(delta, purse, bank)
    assert len(b.anim.tweens) == coins + pop
    first = b.anim.tweens[0]
    if delta > 0:
        assert bank.collidepoint(first.start.center) and purse.collidepoint(first.end.center)
    else:
        assert purse.collidepoint(first.start.center) and bank.collidepoint(first.end.center)
    assert seconds == pytest.approx(animations.COIN_FLIGHT + animations.COIN_GAP * (coins - 1))
    assert b.anim.moving
    b.anim.finish()


def test_with_animations_off_money_moves_nothing(table):
    anim = Animator(factor=0.0)
    b = animations.AnimationBuilder(anim, table.rs, table.lay, table.style)
    b.coin_stream(7, pygame.Rect(0, 0, 10, 10), pygame.Rect(50, 50, 10, 10))
    anim.counter(("money", 0), 3)
    anim.set_counter(("money", 0), 10, 0.7)
    assert not anim.tweens and not anim.busy and anim.counter(("money", 0), 10).shown == 10


@pytest.mark.parametrize("sofa", ["off", "on"])
@pytest.mark.parametrize("delta", [6, -4])
def test_coins_land_on_the_purse_and_never_cross_the_vp(delta, sofa):
    """Playtest 17a: a coin flying to a panel passed over and came to rest on its VP figures.
    Coins land on the purse's coin at its size, the last stretch level along the money's line."""
    from ne_game.ui.scenes.table.draw import panels
    from ne_game.ui.scenes.table.model.view_model import MoneyView
    from ne_game.ui.scenes.table.motion.tweens import lerp_rect

    app = make_app(size=(1920, 1080), animation="normal", sofa=sofa)
    app.go("table", session=make_session(FOUR))
    for _ in range(3):
        app.step(DT)
    b = app.top.animations
    for seat in range(4):
        b.anim.finish()
        geo = panels.geometry(b.lay, seat)
        scratch = pygame.Surface((geo["rect"].right + 1, geo["rect"].bottom + 1))
        drawn = panels.draw_money(scratch, b.lay, b.style, MoneyView(seat, 12, 13, 0), geo)
        b.purse_flight(seat, 12, 12 + delta, geo, b.lay.action_bar)
        coins = [t for t in b.anim.tweens if t.duration < animations.COIN_FLIGHT]
        assert coins
        ends = [t.end if delta > 0 else t.start for t in b.anim.tweens if t.arc == 0 and t.start != t.end]
        assert ends and all(e == drawn["coin"] for e in ends), (ends, drawn["coin"])
        for t in b.anim.tweens:
            if t.start == t.end:        # the purse's pop
                continue
            for k in range(41):
                r = lerp_rect(t.start, t.end, t.ease(k / 40), t.arc)
                assert not r.colliderect(drawn["vp"]), (seat, k / 40, r, drawn["vp"])
    b.anim.finish()


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
@pytest.mark.parametrize("delta", [4, -3])
def test_income_coins_never_fly_over_the_prompt(size, delta):
    """Playtest 21a: the coins of an income rose from the middle of the action bar, across its
    words ("takes 4 shillings income"); the bank is at the bar's west end, by the log."""
    from ne_game.ui.scenes.table.draw import panels
    from ne_game.ui.scenes.table.motion.tweens import lerp_rect

    app = make_app(size=size, animation="normal")
    app.go("table", session=make_session(FOUR))
    for _ in range(3):
        app.step(DT)
    b = app.top.animations
    words = b.lay.prompt_rect.inflate(-b.lay.px(24), 0)
    for seat in range(4):
        b.anim.finish()
        b.purse_flight(seat, 12, 12 + delta, panels.geometry(b.lay, seat), b.bank())
        moving = [t for t in b.anim.tweens if t.start != t.end]
        assert moving
        for t in moving:
            for k in range(41):
                r = lerp_rect(t.start, t.end, t.ease(k / 40), t.arc)
                assert not r.colliderect(words), (seat, k / 40, r, words)
    b.anim.finish()
