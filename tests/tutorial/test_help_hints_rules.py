"""Context help on hover, the Hint button, and the rules screen — through real events."""
from __future__ import annotations

import random

import pygame

from ne_game import rules
from ne_game.game.gamedata import default_ruleset
from ne_game.ui.text.words import card_name
from tests.ui.table.driver import DT, choose, make_app, make_session, offer_rects, perform, post_plan

SEATS = [("Ann", "winslow", "human"), ("Bob", "palmer", "human"), ("Cleo", "howland", "human")]


def _table(hints=True, actions=30, seed=3):
    from ne_game.ui.scenes.table import TableScene

    app = make_app((1280, 720), "off", hints=hints)
    session = make_session(SEATS, seed)
    scene = app.push("table", session=session)
    assert isinstance(scene, TableScene)
    app.step(DT)
    rng = random.Random(1)
    while len(session.actions) < actions:
        perform(app, scene, choose(rng, rules.legal_actions(session.state)))
    for _ in range(3):
        app.step(DT)
    return app, scene


def _hover(app, scene, pos) -> str:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    app.step(DT)
    return scene.tooltip


def test_hovering_any_element_explains_it():
    app, t = _table()
    try:
        lay, snap = t.lay, t.session.snapshot()
        assert snap["phase"] == "buying"
        seat = 1
        money = snap["players"][seat]["money"]
        tip = _hover(app, t, lay.panels[seat].center)
        assert "Bob" in tip and f"money {money}" in tip
        assert "bag" in _hover(app, t, lay.bag_rect.center).lower()   # the table's reveal tip, or ours
        assert "deck" in _hover(app, t, lay.deck_rect.center).lower()
        assert "Round" in _hover(app, t, lay.status_rect.center)
        assert "log" in _hover(app, t, lay.log_rect.center).lower()
        for o in snap["offer"]:
            tip = _hover(app, t, offer_rects(t)[o["slot"]].center)
            # a card is named in words, never by its code (F2 is also a parcel)
            card = o["item"].get("card")
            what = (o["item"].get("land") or (card if card in default_ruleset().figures
                                              else card_name(card)))
            assert what.lower() in tip.lower(), (o, tip)
        held = [p["bid"] for p in snap["players"] if p["bid"]]
        free = [v for v in range(1, 11) if v not in held]
        assert "held by" in _hover(app, t, lay.bid_slots[held[0] - 1].center)
        assert "free" in _hover(app, t, lay.bid_slots[free[0] - 1].center)
        figure_tile = next(x for x in snap["tiles"] if x["figure"])
        tip = _hover(app, t, lay.cell_rect(*figure_tile["cells"][0]).center)
        assert tip, "a figure on the board says something"
        taken = {tuple(c) for x in snap["tiles"] for c in x["cells"]}
        free_cell = next((x, y) for y in range(1, 9) for x in range(10) if (x, y) not in taken)
        assert "free" in _hover(app, t, lay.cell_rect(*free_cell).center)
    finally:
        pygame.display.quit()


def test_hint_button_highlights_the_medium_players_choice():
    app, t = _table(hints=True)
    try:
        assert any(b.id == "hint" for b in t.buttons)
        r = t.face.button_rect("hint")
        n = len(t.session.actions)
        post_plan([("move", r.center), ("click", r.center)])
        for _ in range(3):       # the synchronous runner answers within the frame that asked
            app.step(DT)
        action = t.hint_action
        assert action in rules.legal_actions(t.session.state)
        assert t.shown.cells or t.shown.slot is not None or t.shown.bid or action["type"] == "end_turn"
        assert len(t.session.actions) == n             # a hint shows; it never plays
        assert t.hint_words
    finally:
        pygame.display.quit()


def test_no_hint_button_when_hints_are_off():
    app, t = _table(hints=False, actions=5)
    try:
        assert not any(b.id == "hint" for b in t.buttons)
    finally:
        pygame.display.quit()


def test_rules_screen_scrolls_and_names_the_reconstructed_cards():
    from ne_game.ui.scenes.rules import load_rules

    data = load_rules()
    titles = [s["title"] for s in data["section"]]
    for needed in ("Start rounds", "Barns", "The end and the score"):
        assert any(needed in t for t in titles)
    assert "reconstructed" in " ".join(s["text"] for s in data["section"])
    cards = {p[5:] for s in data["section"] for p in s.get("pictures", []) if p.startswith("card:")}
    from ne_game.game.gamedata import default_ruleset
    assert cards == set(default_ruleset().cards)     # every card is pictured
    app, t = _table(actions=2)
    try:
        app.push("rules")
        app.step(DT)
        scene = app.top
        assert scene.max_scroll() > 0
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-3, flipped=False,
                                             precise_x=0.0, precise_y=-3.0, touch=False))
        app.step(DT)
        assert scene.scroll > 0
        pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
        app.step(DT)
        assert app.top is t
    finally:
        pygame.display.quit()


def test_pause_menu_reaches_the_whole_rules_from_the_tutorial():
    from ne_game.ui.scenes.pause import PauseScene
    from ne_game.ui.scenes.rules import RulesScene
    from tests.tutorial.driver import open_tutorial, scene

    h = open_tutorial()
    try:
        tut = scene(h)
        h.key(pygame.K_ESCAPE)
        assert isinstance(h.top, PauseScene)
        h.click(h.layout()["button_full_rules"])
        assert isinstance(h.top, RulesScene)
        h.key(pygame.K_ESCAPE)
        h.key(pygame.K_ESCAPE)
        assert h.top is tut
    finally:
        h.close()


def test_a_broken_lesson_file_is_reported_by_name_not_a_crash(tmp_path, monkeypatch):
    import shutil

    from ne_game.storage.paths import resource_path
    from ne_game.tutorial import lessons
    from ne_game.ui.scenes.dialog import MessageDialog
    from tests.tutorial.driver import open_tutorial

    broken = tmp_path / "tutorial"
    shutil.copytree(resource_path("levels", "tutorial"), broken)
    path = broken / "05_bid.toml"
    path.write_text(path.read_text(encoding="utf-8").replace('type = "take_bid"', 'type = "bid"'),
                    encoding="utf-8")
    monkeypatch.setattr(lessons, "tutorial_folder", lambda: broken)
    h = open_tutorial()
    try:
        assert isinstance(h.top, MessageDialog)
        text = " ".join(str(v) for v in vars(h.top).values() if isinstance(v, str))
        assert "05_bid.toml" in text and "expect.type" in text
    finally:
        h.close()


def test_a_rules_file_that_cannot_be_read_shows_a_page_that_says_so(monkeypatch):
    """The page for a broken rules file has no pictures; it is drawn, not a KeyError."""
    from ne_game.ui.scenes import rules as rules_scene

    monkeypatch.setattr(rules_scene, "load_rules", lambda: {"error": "rules.toml: line 3: bad", "section": []})
    app = make_app((1280, 720), "off")
    scene = app.push("rules")
    assert isinstance(scene, rules_scene.RulesScene)
    app.step(DT)
    app.draw(app.screen)
    title, sections = rules_scene.page_texts(rules_scene.load_rules())
    assert sections and "pictures" not in sections[0]
