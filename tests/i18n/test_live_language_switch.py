"""A language switch in the middle of a game says the whole log again in the new language."""
from __future__ import annotations

from ne_game import i18n
from ne_game.game.session import GameSession
from ne_game.storage.settings import Settings
from ne_game.ui.scenes.table.model.log import GameLog
from ne_game.ui.shell import flow
from tests.history.games import play
from tests.ui.harness import Harness


def test_language_switch_mid_game_retells_the_log():
    h = Harness(settings=Settings(animation="off"))
    try:
        session = GameSession.from_save(play(("human", "easy", "easy"), seed=2, stop=30))
        flow.start_session(h.app, session)
        h.step(3)
        table = h.top
        english = [e.text for e in table.game_log.entries]
        i18n.set_language("nl")
        h.step(2)
        dutch = [e.text for e in table.game_log.entries]
        assert dutch == [e.text for e in GameLog(session, table.facts.names, table.rs).entries]
        assert len(dutch) == len(english) and sum(a != b for a, b in zip(english, dutch)) >= len(dutch) - 2
        assert dutch[-1].startswith("Het spel gaat verder") or "ronde" in dutch[-1].lower()
    finally:
        i18n.set_language("en")
        h.close()
