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
