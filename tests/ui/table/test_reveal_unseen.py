"""Playtest 10j: a better move in the replay said "Josiah reveals an extra item ...: a pasture tile",
naming the tile the bag would give, while the coach's note rightly said it is unseen until drawn.
A move not made yet (a computer's on show, the Hint, a better move) never names what a reveal
draws: hidden information stays hidden; once made, the log names it."""
from __future__ import annotations

from ne_game import rules
from ne_game.game.session import GameSession
from ne_game.ui.scenes.table.model import log as log_words
from ne_game.ui.scenes.table.model.table_words import item_words
from ne_game.ui.text.words import ruleset
from tests.history.games import play


def _a_reveal() -> tuple[GameSession, dict]:
    save = play(("easy", "easy", "easy", "easy"), 3)
    for n in range(20, len(save["actions"])):
        session = GameSession.from_save(play(("easy", "easy", "easy", "easy"), 3, stop=n))
        reveal = next((a for a in session.legal_actions() if a["type"] == "reveal_extra"), None)
        if reveal is not None:
            return session, reveal
    raise AssertionError("no reveal in the game")


def test_a_reveal_not_made_yet_names_no_drawn_item():
    session, reveal = _a_reveal()
    state = session.state
    before = rules.position(state)
    after = rules.position(rules.apply_action(state, reveal))
    names = [s.name for s in session.seats]
    rs = ruleset()
    drawn = [o for o in after.offer if o.slot not in {o.slot for o in before.offer}]
    assert drawn
    told = item_words(drawn[0], rs)
    shown = log_words.sentences(before, reveal, after, names, rs, now=True)[0][1]
    done = log_words.sentences(before, reveal, after, names, rs)[0][1]
    assert told not in shown and "unseen" in shown, shown
    assert told in done, done
