"""Playtest 19b: while the offer was dealt, the bar still asked "how many land tiles in the
offer?", a question already answered; it says what is being dealt."""
from __future__ import annotations

from ne_game.rules import of_kind
from tests.ui.table.driver import DT, FOUR, make_app, make_session


def test_the_bar_says_what_is_dealt_while_the_offer_is_dealt():
    app = make_app(size=(1280, 720), animation="normal")
    session = make_session(FOUR, seed=4)
    while session.snapshot()["phase"] != "offer":
        from ne_game import rules
        session.apply(rules.legal_actions(session.state)[0])
    scene = app.push("table", session=session)
    for _ in range(120):
        app.step(DT)
    from ne_game import rules
    announce = of_kind(rules.legal_actions(session.state), "announce_offer")
    assert announce
    scene.act(announce[-1])
    seen = []
    for _ in range(40):
        app.step(DT)
        if scene.anim.hidden:
            seen.append(scene.view.prompt.main)
    assert seen, "the deal flies"
    assert all("offer is dealt" in m for m in seen), seen[:3]
