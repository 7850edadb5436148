"""A real browser plays a turn on the phone page: Debian's chromium, driven by Playwright's
sync API (executable_path: no browser is downloaded), at a phone's 360x640 in portrait.

The test's thread is the game's thread: after each tap it pumps the host until the action
is handled (bounded), and the computer seats move only when the test moves them."""
from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from ne_game import rules
from ne_game.net.headless import Computers
from tests.net.phone_client import Table

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
pytestmark = pytest.mark.skipif(CHROMIUM is None, reason="Debian's chromium is not installed "
                                "(apt-get install -y chromium; .ci/run installs it)")
WAIT = 10_000      # ms: any wait for the page


@pytest.fixture
def browser() -> Iterator[object]:
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, headless=True)
        try:
            yield b
        finally:
            b.close()


def open_phone(browser, url: str):   # type: ignore[no-untyped-def]
    page = browser.new_page(viewport={"width": 360, "height": 640}, device_scale_factor=2,
                            is_mobile=True, has_touch=True)
    page.set_default_timeout(WAIT)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(url)
    return page, errors


def bring_turn(table: Table, computers: Computers, seat: int = 0) -> None:
    """The computer seats play until the phone's seat decides."""
    while table.session.current_seat != seat and not table.session.is_over():
        assert computers.move(table.session)


def tap_and_handle(table: Table, page, selector: str) -> None:   # type: ignore[no-untyped-def]
    before = table.host.seq
    page.tap(selector)
    table.pump_until(lambda: table.host.seq > before)
    page.wait_for_selector(f'body[data-seq="{table.host.seq}"]', state="attached")


def test_a_whole_turn_by_taps_with_a_reload(browser):
    table = Table.open(seed=4, phones=[0], kinds=["human", "easy", "easy", "easy"])
    computers = Computers(table.session, None)
    try:
        page, errors = open_phone(browser, table.urls[0])
        table.pump_until(lambda: table.host.connected(0))
        page.wait_for_selector("#status")
        # the start rounds: a land, then two glowing parcels side by side
        for _ in range(3):
            bring_turn(table, computers)
            page.wait_for_selector(f'body[data-seq="{table.host.seq}"]', state="attached")
            page.tap("#act .row button")
            page.tap(".cell.glow")
            tap_and_handle(table, page, ".cell.glow")
        assert sum(t.owner == 0 for t in table.session.position.tiles) == 3
        # rounds until the phone buys a land tile and places it on the small map
        bought = False
        for _ in range(12):
            bring_turn(table, computers)
            page.wait_for_selector(f'body[data-seq="{table.host.seq}"]', state="attached")
            phase = rules.phase(table.session.state)
            if phase == "offer":
                tap_and_handle(table, page, "#act .row button >> nth=-1")      # the most land tiles
                continue
            if phase == "bids":
                tap_and_handle(table, page, "#act button[data-bid]:not([disabled]) >> nth=-1")   # the highest free
                continue
            assert phase == "buying"
            money = table.session.state.money[0]
            lands = page.locator(".item.glow[data-kind=land]")
            if lands.count() and not bought:
                lands.first.tap()
                tap_and_handle(table, page, ".cell.glow")
                assert table.session.actions[-1]["type"] == "buy_land"
                assert table.session.state.money[0] < money
                bought = True
                # mid-turn, the page reloads: the same address, the whole view again, go on
                page.reload()
                table.pump_until(lambda: table.host.connected(0))
                page.wait_for_selector(f'body[data-seq="{table.host.seq}"]', state="attached")
                assert page.locator("#act button.main").count() == 1
                # Undo takes the purchase back (the TV's session too), as the TV's Undo would
                n = len(table.session.actions)
                tap_and_handle(table, page, '#act button:has-text("Undo")')
                assert len(table.session.actions) == n - 1 and table.session.state.money[0] == money
            tap_and_handle(table, page, "#act button.main")            # end turn
            assert table.session.actions[-1]["type"] == "end_turn"
            if bought:
                break
        assert bought, "no land tile was offered to buy"
        assert errors == []
    finally:
        table.close()


@pytest.mark.parametrize("lang", ["en", "nl", "fr"])
def test_screenshots_of_the_page(browser, lang, tmp_path):
    """The page in each language, on the phone's turn in the buying step with an item picked
    (the screenshots are looked at by a person: tests/net/screenshots/ keeps the last ones)."""
    from ne_game import i18n

    i18n.set_language(lang)
    table = Table.open(seed=4, phones=[0], kinds=["human", "easy", "easy", "easy"])
    computers = Computers(table.session, None)
    try:
        state = table.session
        while not (state.current_seat == 0 and rules.phase(state.state) == "buying"):
            if state.current_seat == 0:
                legal = state.legal_actions()
                state.apply(legal[-1] if rules.phase(state.state) == "bids" else legal[0])
            else:
                computers.move(state)
        page, errors = open_phone(browser, table.urls[0])
        table.pump_until(lambda: table.host.connected(0))
        page.wait_for_selector(f'body[data-seq="{table.host.seq}"]', state="attached")
        assert page.evaluate("document.documentElement.lang") == lang
        assert page.locator("#status").inner_text() != ""
        if page.locator(".item.glow").count():
            page.locator(".item.glow").first.tap()
        out = Path(__file__).parent / "screenshots"
        out.mkdir(exist_ok=True)
        page.evaluate("window.scrollTo(0, 0)")
        page.screenshot(path=str(out / f"phone_{lang}.png"), full_page=True)
        size = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
        assert size[0] <= size[1], "the page is wider than the phone"
        assert errors == []
    finally:
        i18n.set_language("en")
        table.close()


def first_buying_turn(table: Table, computers: Computers) -> None:
    """Seed 0: the phone's seat plays its start rounds, offers and bids by script (the
    lowest free bid: it buys last), and the computers play theirs, until the phone's seat is
    buying in round 1. The offer then holds a barn and a pilgrim (the test checks it)."""
    session = table.session
    while not (session.current_seat == 0 and rules.phase(session.state) == "buying"):
        if session.current_seat == 0:
            legal = session.legal_actions()
            bids = [a for a in legal if a["type"] == "take_bid"]
            session.apply(min(bids, key=lambda a: a["value"]) if bids else legal[0])
        else:
            assert computers.move(session)


def figure_tiles(session, figure: str) -> list[tuple[int, ...]]:   # type: ignore[no-untyped-def]
    return sorted(tuple(sorted(map(tuple, t["cells"])))
                  for t in rules.observe(session.state, 0)["tiles"] if t["figure"] == figure and t["owner"] == 0)


@pytest.mark.parametrize("lang", ["en", "nl", "fr"])
def test_every_decision_of_a_buying_turn_by_taps(browser, lang):
    """By taps only, in one turn: a barn card placed on its tile, a pilgrim card stored in
    that barn, the stored pilgrim played from the barn onto a tile, the pilgrim moved, the
    move undone, the turn ended. Each step is checked on the TV's session. A screenshot of
    the page is taken while each decision is half made (tests/net/screenshots/)."""
    from ne_game import i18n
    from ne_game.net.words import page_words

    i18n.set_language(lang)
    words = page_words()["text"]
    out = Path(__file__).parent / "screenshots"
    out.mkdir(exist_ok=True)
    table = Table.open(seed=0, phones=[0], kinds=["human", "easy", "easy", "easy"])
    session = table.session
    try:
        first_buying_turn(table, Computers(session, None))
        offer = {o["item"].get("card"): o["slot"] for o in rules.observe(session.state, 0)["offer"]}
        assert "barn" in offer and "pilgrim" in offer, "seed 0 no longer offers a barn and a pilgrim"
        page, errors = open_phone(browser, table.urls[0])
        table.pump_until(lambda: table.host.connected(0))
        page.wait_for_selector(f'body[data-seq="{table.host.seq}"]', state="attached")

        def shot(step: str) -> None:
            page.screenshot(path=str(out / f"phone_{step}_{lang}.png"))

        # 1. the barn card, placed on one of the seat's tiles
        money = session.state.money[0]
        page.tap(f'.item.glow[data-slot="{offer["barn"]}"]')
        page.wait_for_selector(".cell.glow")
        shot("1_barn_on_tile")
        tap_and_handle(table, page, ".cell.glow")
        last = session.actions[-1]
        assert last["type"] == "buy_card" and last["slot"] == offer["barn"] and "figure_on" in last["use"]
        assert len(figure_tiles(session, "barn")) == 1 and session.state.money[0] < money

        # 2. the pilgrim card, stored face down in that barn
        page.tap(f'.item.glow[data-slot="{offer["pilgrim"]}"]')
        page.tap(f'#act button:text-is("{words["store"]}")')
        page.wait_for_selector(f'#act button.on:text-is("{words["store"]}")')
        shot("2_store_in_barn")
        tap_and_handle(table, page, ".cell.glow")
        last = session.actions[-1]
        assert last["type"] == "buy_card" and "store_in_barn" in last["use"]
        assert [b["card"] for b in rules.observe(session.state, 0)["players"][0]["barns"]] == ["pilgrim"]
        # the seat's own page shows the stored card face up, in its barn
        assert page.locator("#mybarns button.glow").inner_text().endswith(page_words()["figures"]["pilgrim"])

        # 3. the stored pilgrim, played from the barn onto a tile
        page.tap("#mybarns button.glow")
        page.wait_for_selector(".cell.glow")
        shot("3_play_stored")
        tap_and_handle(table, page, ".cell.glow >> nth=-1")
        last = session.actions[-1]
        assert last["type"] == "play_stored" and "figure_on" in last["use"]
        assert [b["card"] for b in rules.observe(session.state, 0)["players"][0]["barns"]] == [None]
        placed = figure_tiles(session, "pilgrim")
        assert len(placed) == 1

        # 4. the pilgrim, moved: its tile glows, then where it may go
        page.tap(".cell.glow")
        page.wait_for_selector(".cell.picked")
        shot("4_move_figure")
        tap_and_handle(table, page, ".cell.glow:not(.picked)")
        last = session.actions[-1]
        assert last["type"] == "move_figure"
        moved = figure_tiles(session, "pilgrim")
        assert len(moved) == 1 and moved != placed

        # 5. Undo takes the move back, on the TV's session too
        n = len(session.actions)
        page.evaluate("window.scrollTo(0, 0)")
        shot("5_undo")
        tap_and_handle(table, page, f'#act button:text-is("{words["undo"]}")')
        assert len(session.actions) == n - 1 and figure_tiles(session, "pilgrim") == placed

        tap_and_handle(table, page, "#act button.main")            # end turn
        assert session.actions[-1]["type"] == "end_turn"
        size = page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]")
        assert size[0] <= size[1], "the page is wider than the phone"
        assert errors == []
    finally:
        i18n.set_language("en")
        table.close()
