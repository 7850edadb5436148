"""At every step a wrong try is refused with an explanation, and the tutorial does not advance."""
from __future__ import annotations

import pygame

from ne_game import rules
from ne_game.tutorial import matches
from tests.tutorial.driver import clear_of_card, open_tutorial, press_next, scene, take_taught_action, wait_next
from tests.ui.table.driver import click_plan, offer_rects, post_plan


def _wrong_legal(sc):
    """A legal action the step does not ask for, reachable by clicks clear of the lesson card."""
    ctl = sc.ctl
    legal = rules.legal_actions(ctl.session.state)
    wrong = [a for a in legal if ctl.lesson.is_reading or not matches(ctl.lesson.expect, a)]
    # a different kind of action first: it says the most about the gate
    wrong.sort(key=lambda a: a["type"] == ctl.lesson.expect.get("type"))
    for a in wrong:
        plan = click_plan(sc.table, a)
        if plan and clear_of_card(sc, plan):
            return a, plan
    return None, None


def _illegal_click(sc):
    """A board click the rules refuse (a start tile touching another, a taken marker, ...)."""
    t = sc.table
    lay = t.lay
    snap = t.session.snapshot()
    if snap["phase"] == "start_tiles":
        for x in range(11):
            for y in range(9):
                if (x, y) == (10, 0):
                    continue
                pv = t.inter.preview((x, y))
                pos = lay.cell_rect(x, y).center
                if pv is not None and pv.action is None and pv.reason and not sc.card.rect.collidepoint(pos):
                    return [("move", pos), ("click", pos)]
    taken = [p["bid"] for p in snap["players"] if p["bid"]]
    if snap["phase"] != "bids" or taken:              # a marker that cannot be taken now
        pos = lay.bid_slots[(taken[0] if taken else 1) - 1].center
        return [("move", pos), ("click", pos)]
    for slot, r in offer_rects(t).items():
        if slot not in t.selectable_slots and t.inter.pos.offer_item(slot) is not None:
            return [("move", r.center), ("click", r.center)]
    return None


def test_a_wrong_try_at_every_step_is_explained_and_refused():
    h = open_tutorial()
    try:
        sc = scene(h)
        ctl = sc.ctl
        tried = 0
        while True:
            k, lesson = ctl.index, ctl.lesson
            before = len(ctl.session.actions)
            a, plan = _wrong_legal(sc)
            if plan is None:
                plan = _illegal_click(sc)
            assert plan is not None, f"no wrong try found for lesson {lesson.id}"
            ctl.message = ""
            post_plan(plan)
            h.step(4)
            assert ctl.index == k and ctl.stage == "doing", lesson.id
            assert len(ctl.session.actions) == before, (lesson.id, a)
            assert ctl.message, f"{lesson.id}: refused without a word"
            assert ctl.message_kind in ("refused", "illegal")
            tried += 1
            # an illegal try is explained in the engine's words, where the position has one
            illegal = _illegal_click(sc)
            if illegal:
                h.key(pygame.K_BACKSPACE)
                ctl.message = ""
                post_plan(illegal)
                h.step(4)
                assert ctl.message.startswith("That is not allowed:"), (lesson.id, ctl.message)
                assert ctl.index == k and len(ctl.session.actions) == before
            h.key(pygame.K_BACKSPACE)   # put back anything picked
            # then the right action moves the lesson on
            if lesson.is_reading:
                press_next(h)
            else:
                take_taught_action(h)
                if ctl.stage == "finished":
                    break
                wait_next(h)
                press_next(h)
            assert ctl.index == k + 1
        assert tried == ctl.count
    finally:
        h.close()


def test_refusal_names_what_the_step_asks():
    h = open_tutorial()
    try:
        sc = scene(h)
        ctl = sc.ctl
        for _ in range(5):
            h.click(sc.layout()["button_skip"])
            h.step(3)
        assert ctl.lesson.id == "buy_land"
        # End turn is legal, but this step teaches buying the pasture
        post_plan(click_plan(sc.table, {"type": "end_turn"}))
        h.step(3)
        assert "pasture" in ctl.message and len(ctl.session.actions) == 0
        # the settlement in row 1 is not the taught item: it is not even picked up
        post_plan([("click", offer_rects(sc.table)[0].center)])
        h.step(3)
        assert sc.table.inter.sel is None and "Not that" in ctl.message
    finally:
        h.close()
