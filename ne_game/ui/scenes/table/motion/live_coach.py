"""Coach while I play, at the table (Settings → Coach while I play, off by default): the
table's one hook (`LiveLine.tick`, each frame) keeps ne_game.coach.live.LiveCoach fed and
allowed only while no computer needs the machine, and at a person's turn, once the last turn
is judged, says in one quiet line whether a clearly better move existed, with its reason (the
whole finding goes to the log file). Never in the tutorial."""
from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from ne_game.coach.live import LiveCoach
from ne_game.i18n import _
from ne_game.ui.scenes.table.model.coach_words import decision_sentence, live_line, seat_labels
from ne_game.ui.shell.ai_runner import SyncRunner

if TYPE_CHECKING:  # pragma: no cover
    from ne_game.game.session import GameSession
    from ne_game.ui.scenes.table.model.facts import Facts
    from ne_game.ui.scenes.table.motion.pacing import Pacer
    from ne_game.ui.shell.app import App

log = logging.getLogger(__name__)

LINE_SECONDS = 9.0     # long enough to read a finding; it never blocks anything


class LiveLine:
    def __init__(self) -> None:
        self.coach: LiveCoach | None = None
        self.told: tuple[int, int] | None = None    # (seat, actions) of the turn a line was said for

    def tick(self, app: App, session: GameSession, facts: Facts, pacer: Pacer, *, human_turn: bool,
             gated: bool) -> None:
        """Each frame: `human_turn` whether a person decides now, `gated` whether a hand-over or
        another gate stands before the table."""
        settings = app.settings
        on = (bool(getattr(settings, "coach_live", False)) and not gated
              and getattr(session, "controller", None) is None and facts.phase != "game_over")
        if not on:
            self.stop()
            return
        if self.coach is None:
            self.coach = LiveCoach(float(settings.ai_budget), seed=int(session.seed),
                                   threaded=not isinstance(app.ai_runner, SyncRunner))
        coach = self.coach
        coach.observe(session, {i for i, s in enumerate(session.seats) if s.is_human})
        runner = pacer.runner
        # never while a computer's move (or a hint) needs the machine
        coach.allowed = (human_turn and pacer.hint_for is None and not (runner is not None and runner.busy))
        coach.work()
        seat = facts.seat
        if not human_turn or seat is None or not coach.idle or coach.judged(seat) == 0:
            return
        turn = (seat, len(session.actions))
        if self.told is not None and self.told[0] == seat and self.told[1] == turn[1]:
            return
        self.told = turn
        found = coach.finding_for(seat)
        if found is None:
            app.toast(_("The coach: no clearly better move in your last turn."), LINE_SECONDS)
            return
        d, state = found
        names = seat_labels(facts.names, facts.families)     # "Prudence (H)", as on the board (playtest 11b)
        finding = decision_sentence(d, state, names)
        log.info("coach while playing, seat %d, decision %d: %s", seat, d.index, finding)
        app.toast(live_line(d, state, names), LINE_SECONDS)

    def stop(self) -> None:
        if self.coach is not None:
            self.coach.stop()
            self.coach = None
