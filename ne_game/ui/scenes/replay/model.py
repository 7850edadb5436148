"""A replay's positions as the table's views (pure: no pygame drawing, no input).

Position p is the game after p actions (`Replay`). The table shows it exactly as the table
showed it then: the board, the panels, the offer, the bids and the money of state p, with
the move that led there glowing (its cells, its bid marker) and its sentence in the log and
the prompt. A finished game shows every barn's card; an unfinished one shows only what all
players knew (`Facts.barns`), so a shared replay gives nobody's barn away.
"""
from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from functools import lru_cache

from ne_game.history import Replay
from ne_game.i18n import _, fmt
from ne_game.rules import Action, Ruleset
from ne_game.ui.scenes.table.model import view_model as vm
from ne_game.ui.scenes.table.model.facts import Facts
from ne_game.ui.scenes.table.model.log import Entry, sentences
from ne_game.ui.text.words import phase_title

LOG_LINES = 60        # the log shows the last lines up to the position (it scrolls no further)


@dataclass(frozen=True)
class ReplayFrame:
    """Everything the table draws at one position."""

    position: int
    static: vm.StaticView
    overlay: vm.OverlayView
    money: tuple[vm.MoneyView, ...]
    where: str          # "Move 41 of 212 · Round 5": the bar's own line


class ReplayModel:
    """`ReplayModel(replay).frame(p)`: the table's views at position p (cached)."""

    def __init__(self, replay: Replay) -> None:
        self.replay = replay
        self.barns = "all" if replay.finished else "none"
        self.rs: Ruleset = replay.engine_state(0).rs
        self.facts = lru_cache(maxsize=128)(self._facts)
        first = self.facts(0)
        self.names = first.names
        self.entries = self._entries()
        self.frame = lru_cache(maxsize=64)(self._frame)   # per model: stepping back is a look-up

    @property
    def last(self) -> int:
        return self.replay.last

    def _facts(self, position: int) -> Facts:
        return Facts.at(self.replay.engine_state(position), self.replay.seats, position, self.barns)

    def action(self, position: int) -> Action | None:
        return self.replay.actions[position - 1] if position > 0 else None

    # ---- the log ---------------------------------------------------------------------------
    def _entries(self) -> list[Entry]:
        """Every sentence of the game, each tagged with the position its action led to."""
        from ne_game.rules import position as position_of

        names = list(self.names)
        state0 = position_of(self.replay.engine_state(0))
        out = [Entry(None, fmt("A game for {players} begins. {name} is start player.", players=state0.n,
                               name=names[state0.start_player]), 0)]
        before = state0
        for k, action in enumerate(self.replay.actions):
            after = position_of(self.replay.engine_state(k + 1))
            out.extend(Entry(who, text, k + 1) for who, text in sentences(before, action, after, names, self.rs))
            before = after
        return out

    def sentences_at(self, position: int) -> list[str]:
        """The sentences of the move that led to `position` (the game's start at 0)."""
        return [e.text for e in self.entries if e.index == position]

    # ---- one position ----------------------------------------------------------------------
    def _frame(self, position: int) -> ReplayFrame:
        p = max(0, min(self.last, position))
        facts = self.facts(p)
        action = self.action(p)
        lines = [e for e in self.entries if e.index <= p][-LOG_LINES:]
        log = vm.LogView(tuple(vm.LogLine(facts.family(e.seat) if e.seat is not None else None, e.text,
                                          e.index == p and p > 0) for e in lines), False)
        said = self.sentences_at(p)
        actor = self.replay.actor(p - 1) if p > 0 else None
        main = said[0] if said else ""
        sub = " ".join(said[1:])
        static = vm.build_static(facts, None, human_turn=False, hidden=frozenset(), lifted_from=None, log=log,
                                 prompt=(main, sub), announce_ends={})
        if actor is not None:   # the prompt wears the colour of who made the move
            static = _with_prompt_family(static, facts.family(actor))
        overlay = vm.build_overlay(facts, None, self._glows(p, facts), human_turn=False, preview=None,
                                   shown=self._shown(action), hover=None, drag=None, legal_bids=frozenset())
        money = tuple(vm.MoneyView(i, pl.money, facts.vp[i], self._money_change(p, i))
                      for i, pl in enumerate(facts.pos.players))
        return ReplayFrame(p, static, overlay, money, self.where(p))

    def ghost_frame(self, position: int, action: Action, words: str = "") -> ReplayFrame:
        """Position `position` (the moment before a decision) with `action`, a better move the
        coach found, drawn as a ghost: its cells and bid glow, and the prompt says it, in `words`
        when the coach's finding words it otherwise (a commuting finding's better line, as its
        list says it: playtest 14b, "Better here: Mercy buys a pilgrim … on J3" under a list that
        said "buy both copies of the Pilgrim card …")."""
        frame = self.frame(position)
        facts = self.facts(position)
        shown = vm.shown_move(facts, action)
        overlay = vm.build_overlay(facts, None, vm.Glows(), human_turn=False, preview=None, shown=shown, hover=None,
                                   drag=None, legal_bids=frozenset())
        seat = facts.seat
        prompt = dataclasses.replace(frame.static.prompt, main=fmt("Better here: {move}", move=words or shown.words),
                                     sub=_("The coach's better move glows on the table."),
                                     family=facts.family(seat) if seat is not None else None)
        return dataclasses.replace(frame, static=dataclasses.replace(frame.static, prompt=prompt), overlay=overlay)

    def _glows(self, p: int, facts: Facts) -> vm.Glows:
        if p == 0:
            return vm.Glows()
        before = self.facts(p - 1).pos
        changed = vm.changed_cells([(None, before, facts.pos)], seat=-1)
        return vm.Glows(vm.tile_groups(facts, changed) if changed else ())

    @staticmethod
    def _shown(action: Action | None) -> vm.ShownMove:
        """The move just made: its bid marker glows on the track. Its parcels are marked by the
        dashed halo of what changed (`_glows`), not by the gold hatch of a move still to come,
        which hid the finished tile (playtest 9a)."""
        if action is None:
            return vm.ShownMove()
        bid = action["value"] if action["type"] == "take_bid" else None
        return vm.ShownMove((), None, bid, "")

    def _money_change(self, p: int, seat: int) -> int:
        if p == 0:
            return 0
        return self.facts(p).money(seat) - self.facts(p - 1).money(seat)

    def where(self, p: int) -> str:
        """Where the cursor is, in words: the move's number, the round and its phase."""
        rnd = self.replay.round_at(p)
        phase_id = self.replay.frame(p).phase
        phase = phase_title(phase_id)
        # the game over is no round of its own (the offer that ended it was not played): said
        # as the table's status and the story say it (playtest 10c)
        place = fmt("Round {round} · {phase}", round=rnd, phase=phase) if rnd and phase_id != "game_over" else phase
        if phase_id == "game_over":
            place = fmt("Ended at the offer of round {round}", round=self.facts(p).pos.round)
        return fmt("Move {n} of {total} · {place}", n=p, total=self.last, place=place)


def _with_prompt_family(view: vm.StaticView, family: str) -> vm.StaticView:
    return dataclasses.replace(view, prompt=dataclasses.replace(view.prompt, family=family))
