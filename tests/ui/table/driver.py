"""Drive the table through posted pygame events only (as a person would)."""
from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

import pygame  # noqa: E402

from ne_game.ui.scenes.table.draw.offer_view import slot_rects  # noqa: E402
from ne_game.ui.scenes.table.model.geometry import as_cell, canon, orientations  # noqa: E402
from ne_game.ui.scenes.table.model.interaction import Selection  # noqa: E402
from ne_game.ui.scenes.table.model.view_model import end_turn_asks  # noqa: E402

DT = 1 / 60


def make_app(size=(1280, 720), animation="fast", **settings):
    from ne_game.storage.settings import Settings
    from ne_game.ui.shell.app import App

    s = Settings(animation=animation, **settings)
    return App(size=size, settings=s)


def make_session(seats, seed=0):
    from ne_game.game.session import GameSession, Seat

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


def wait_for_controls(app, scene) -> None:
    """As a person does: wait for their controls, which come once another's piece has landed."""
    for _ in range(600):
        if not scene.keys.waiting():
            return
        app.step(DT)
    raise AssertionError("the controls never came")


def perform(app, scene, action, steps: int = 1) -> None:
    """Take `action` through the events a person would make; check the engine took it."""
    session = scene.session
    n = len(session.actions)
    wait_for_controls(app, scene)
    one = scene.face.button("end_game")
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
    route = route_of(inter, action)
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
                b = scene.face.button_rect(f"land_{what}")
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
            1, len(_orients_for(inter, action)))
        steps = (route["orient"] - orient_now) % n
        plan.extend(("key", pygame.K_r) for _ in range(steps))
    if route["cell"] is not None:
        plan.append(("move", lay.cell_rect(*route["cell"]).center))
        # a pattern card: R chooses among the placements that fit at the pointed parcel
        plan.extend(("key", pygame.K_r) for _ in range(route.get("turns", 0)))
        plan.append(("click", lay.cell_rect(*route["cell"]).center))
        if "store_in_barn" in action.get("use", {}):
            # storing in a barn asks once: a second, deliberate press stores the card
            plan.append(("click", lay.cell_rect(*route["cell"]).center))
    elif route["button"] is not None:
        bid = route["button"]
        if bid.startswith("bid_"):
            value = int(bid[4:])
            money = inter.pos.players[inter.seat].money
            # a marker the player cannot pay for asks for a second click
            for _ in range(2 if money < value else 1):
                plan.append(("click", lay.bid_slots[value - 1].center))
        elif bid == "reveal_land":
            plan.append(("click", lay.bag_rect.center))
        elif bid == "reveal_card":
            plan.append(("click", lay.deck_rect.center))
        else:
            r = scene.face.button_rect(bid)
            if r is None and bid.startswith("announce_"):
                r = scene.face.button_rect("end_game")
            if r is not None:
                plan.append(("click", r.center))
                if bid == "end_turn" and end_turn_asks(inter):
                    plan.append(("click", r.center))     # purchases left: End turn asks once
    return plan


def _orients_for(inter, action: dict) -> tuple:
    if action["type"] == "buy_card":
        item = inter.pos.offer_item(action["slot"])
        card = item.card if item else None
    else:
        card = inter.stored_card(as_cell(action["barn"]))
    spec = inter.rs.cards.get(card) if card else None
    return orientations(spec.pattern) if spec is not None and spec.pattern else ((),)


# ---- where a given legal action is reached ---------------------------------------------
def _fit_route(inter, sel: Selection, action: dict) -> tuple:
    """Where to point to take a develop action, and how many R presses then: a parcel
    where it is the placement offered first if there is one (no R at all)."""
    keep = inter.sel, inter.fit
    inter.sel, inter.fit = sel, None
    try:
        want = inter.fit_cells(action)
        for c in sorted(want):
            fit = inter.fit_for(c)
            if fit is not None and inter.fit_cells(fit) == want:
                return c, 0
        c = min(want)
        here = [inter.fit_cells(a) for a in inter.fits_at(c)]
        first = inter.fit_for(c)
        i = here.index(inter.fit_cells(first)) if first is not None else 0
        return c, (here.index(want) - i) % max(1, len(here)) if want in here else 0
    finally:
        inter.sel, inter.fit = keep


def route_of(inter, action: dict) -> dict:
    """How a person reaches `action`: what to pick, how to turn, where to click.

    Returns {"pick": ("slot", n) | ("stored", cell) | ("figure", cell) | ("land", land) | None,
    "orient": int | None, "cell": cell | None, "button": id | None, "turns": int}.
    """
    t = action["type"]
    r: dict = {"pick": None, "orient": None, "cell": None, "button": None, "turns": 0}
    if t == "place_start_tile":
        cells = sorted(as_cell(c) for c in action["cells"])
        r["pick"] = ("land", action["land"])
        r["orient"] = 0 if cells[0][1] == cells[1][1] else 1
        r["cell"] = cells[0]
    elif t == "announce_offer":
        r["button"] = f"announce_{action['land_tiles']}"
    elif t == "take_bid":
        r["button"] = f"bid_{action['value']}"
    elif t == "reveal_extra":
        r["button"] = f"reveal_{action['source']}"
    elif t == "end_turn":
        r["button"] = "end_turn"
    elif t == "buy_land":
        r["pick"] = ("slot", action["slot"])
        r["cell"] = as_cell(action["cell"])
    elif t == "move_figure":
        r["pick"] = ("figure", as_cell(action["from"]))
        r["cell"] = as_cell(action["to"])
    elif t in ("buy_card", "play_stored"):
        if t == "buy_card":
            r["pick"] = ("slot", action["slot"])
            item = inter.pos.offer_item(action["slot"])
            card = item.card if item else None
        else:
            r["pick"] = ("stored", as_cell(action["barn"]))
            card = inter.stored_card(as_cell(action["barn"]))
        use = action["use"]
        if "store_in_barn" in use:
            r["cell"] = as_cell(use["store_in_barn"])
        elif "figure_on" in use:
            r["cell"] = as_cell(use["figure_on"])
        elif "develop" in use:
            sel = Selection("slot", slot=action["slot"], card=card) if t == "buy_card" \
                else Selection("stored", cell=as_cell(action["barn"]), card=card)
            r["cell"], r["turns"] = _fit_route(inter, sel, action)
    return r
