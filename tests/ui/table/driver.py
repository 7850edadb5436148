"""Drive the table through posted pygame events only (as a person would)."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from ne_game.ui.table.model import canon, orientations  # noqa: E402
from ne_game.ui.table.offer_view import slot_rects  # noqa: E402

DT = 1 / 60


def make_app(size=(1280, 720), animation="fast", **settings):
    from ne_game.settings import Settings
    from ne_game.ui.app import App

    s = Settings(animation=animation, **settings)
    return App(size=size, settings=s)


def make_session(seats, seed=0):
    from ne_game.session import GameSession, Seat

    return GameSession([Seat(n, f, k) for n, f, k in seats], seed=seed)


FOUR = [("Alice", "winslow", "human"), ("Bob", "palmer", "human"),
        ("Cleo", "howland", "human"), ("Dan", "annable", "human")]
THREE = FOUR[:3]


def post_plan(plan) -> None:
    for kind, what in plan:
        if kind == "move":
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=what, rel=(0, 0),
                                                 buttons=(0, 0, 0)))
        elif kind in ("click", "rclick"):
            b = 1 if kind == "click" else 3
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=what, rel=(0, 0),
                                                 buttons=(0, 0, 0)))
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=what, button=b))
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=what, button=b))
        elif kind == "key":
            pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=what, mod=0, unicode="",
                                                 scancode=0))
            pygame.event.post(pygame.event.Event(pygame.KEYUP, key=what, mod=0, unicode="",
                                                 scancode=0))
        elif kind == "drag":
            a, b = what
            mid = ((a[0] + b[0]) // 2, (a[1] + b[1]) // 2)
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=a, rel=(0, 0),
                                                 buttons=(0, 0, 0)))
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=a, button=1))
            for p in (mid, b):
                pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=p, rel=(0, 0),
                                                     buttons=(1, 0, 0)))
            pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=b, button=1))
        else:
            raise ValueError(kind)


def perform(app, scene, action, steps: int = 1) -> None:
    """Take `action` through the events a person would make; check the engine took it."""
    session = scene.session
    n = len(session.actions)
    one = scene.button("end_game")
    if action["type"] == "announce_offer" and one is not None:
        action = one.action          # every offer ends the game: the table shows one choice
    plan = click_plan(scene, action)
    assert plan, f"no click plan for {action}"
    post_plan(plan)
    for _ in range(steps):
        app.step(DT)
    assert len(session.actions) == n + 1, f"{action} not taken by plan {plan}"
    assert canon(session.actions[-1]) == canon(action), (session.actions[-1], action)


def choose(rng, legal):
    """A random but game-like policy: prefer doing something over ending the turn."""
    reveals = [a for a in legal if a["type"] == "reveal_extra"]
    if reveals and rng.random() < 0.5:
        return rng.choice(reveals)
    non_end = [a for a in legal if a["type"] != "end_turn"]
    if non_end and rng.random() < 0.6:
        # purchases and moves first; moves only now and then so turns end
        buys = [a for a in non_end if a["type"] != "move_figure"]
        if buys and rng.random() < 0.85:
            return rng.choice(buys)
        return rng.choice(non_end)
    ends = [a for a in legal if a["type"] == "end_turn"]
    return ends[0] if ends else rng.choice(legal)


# ---- reading the table: its layout rectangles and the view it shows -------------------
def layout(scene) -> dict:
    """The table's regions by name (screen rects)."""
    lay = scene.lay
    return {"board": lay.board_rect.copy(), "grid": lay.grid_rect.copy(),
            "offer": lay.offer_rect.copy(), "bid_track": lay.bid_track.copy(),
            "log": lay.log_rect.copy(), "action_bar": lay.action_bar.copy(),
            **{f"panel_{i}": r.copy() for i, r in enumerate(lay.panels)}}


def offer_rects(scene) -> dict:
    """Offer slot number -> its row on screen."""
    return slot_rects(scene.lay, scene.offer_slots)


def click_plan(scene, action: dict) -> list:
    """The events a person makes to take `action` from the current screen.

    Steps are ("move", pos), ("click", pos), ("rclick", pos), ("key", key),
    ("drag", (from_pos, to_pos)). Assumes nothing is picked yet (a leading
    Backspace clears any pick).
    """
    inter = scene.inter
    if inter is None:
        return []
    route = inter.route(action)
    plan: list = []
    if inter.sel is not None:
        plan.append(("key", pygame.K_BACKSPACE))
    lay = scene.lay
    pick = route["pick"]
    orient_now = inter.orient
    if pick is not None:
        kind, what = pick
        if kind == "land":
            if inter.start_land != what:
                b = scene.button_rect(f"land_{what}")
                if b is not None:
                    plan.append(("click", b.center))
        elif kind == "slot":
            plan.append(("click", offer_rects(scene)[what].center))
            orient_now = 0
        elif kind == "stored":
            plan.append(("click", lay.cell_rect(*what).center))
            orient_now = 0
        elif kind == "figure":
            plan.append(("drag", (lay.cell_rect(*what).center,
                                  lay.cell_rect(*route["cell"]).center)))
            return plan
    if route["orient"] is not None:
        n = 2 if action["type"] == "place_start_tile" else max(
            1, len(_orients_for(inter, action, scene.cards)))
        steps = (route["orient"] - orient_now) % n
        plan.extend(("key", pygame.K_r) for _ in range(steps))
    if route["cell"] is not None:
        plan.append(("move", lay.cell_rect(*route["cell"]).center))
        # a pattern card: R chooses among the placements that fit at the pointed parcel
        plan.extend(("key", pygame.K_r) for _ in range(route.get("turns", 0)))
        plan.append(("click", lay.cell_rect(*route["cell"]).center))
    elif route["button"] is not None:
        bid = route["button"]
        if bid.startswith("bid_"):
            value = int(bid[4:])
            money = inter.snap["players"][inter.seat]["money"]
            # a marker the player cannot pay for asks for a second click
            for _ in range(2 if money < value else 1):
                plan.append(("click", lay.bid_slots[value - 1].center))
        elif bid == "reveal_land":
            plan.append(("click", lay.bag_rect.center))
        elif bid == "reveal_card":
            plan.append(("click", lay.deck_rect.center))
        else:
            r = scene.button_rect(bid)
            if r is None and bid.startswith("announce_"):
                r = scene.button_rect("end_game")
            if r is not None:
                plan.append(("click", r.center))
    return plan


def _orients_for(inter, action: dict, cards: dict) -> tuple:
    if action["type"] == "buy_card":
        card = (inter.slot_item(action["slot"]) or {}).get("card")
    else:
        card = None
        for p in inter.snap["players"][inter.seat]["barns"]:
            if inter.tkey(p["cell"]) == inter.tkey(action["barn"]):
                card = p.get("card")
    pattern = (cards.get(card) or {}).get("pattern")
    return orientations(pattern) if pattern else ((),)
