"""The tutorial's step machine: which lesson is on, whether the learner's action is the taught
one, replay, skip, and progress saved in the user data folder. No pygame here.

The table applies every action through the session; `TutorialSession.apply` asks the
controller first (`gate`), so a learner can only take the taught action while a step asks
for it, and any other try is refused with a friendly sentence (IllegalAction carries it,
which the table already shows). The engine stays the judge of what is legal: an illegal
try is explained with the engine's own reason.
"""
from __future__ import annotations

import logging
import time
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TypedDict, cast

from ne_game import rules
from ne_game.game.session import GameSession, Seat, SessionEvent, families
from ne_game.i18n import N_, _, data_text, fmt, land_name
from ne_game.rules import State
from ne_game.rules.errors import DataError
from ne_game.storage import safe_io
from ne_game.storage.paths import user_data_dir
from ne_game.storage.saves import SaveData
from ne_game.ui.scenes.table.model.table_words import refusal_text  # pure: no pygame

from .lessons import PREVIOUS, Lesson, Tutorial, load_tutorial, matches
from .scenario import load_scenario

log = logging.getLogger(__name__)

PROGRESS_FILE = "tutorial.json"
# Seats the tutorial file does not name; "" means the name of the seat's family in the game
# data (the learner sits at seat 0 under the first family's name).
DEFAULT_SEATS = [{"name": "", "kind": "human"}, {"name": "Patience", "kind": "easy"},
                 {"name": "Hopestill", "kind": "easy"}, {"name": "Mercy", "kind": "easy"}]

# How a step's expected action is said to a person: one whole sentence per action type.
ASK = {
    "place_start_tile": N_("This step asks you to place a start tile."),
    "announce_offer": N_("This step asks you to announce how many land tiles go in the offer."),
    "take_bid": N_("This step asks you to take a bid marker."),
    "reveal_extra": N_("This step asks you to reveal an extra item from the bag or the deck."),
    "buy_land": N_("This step asks you to buy a land tile and place it."),
    "buy_card": N_("This step asks you to buy a card and use it."),
    "play_stored": N_("This step asks you to play the card stored in your barn."),
    "move_figure": N_("This step asks you to move one of your figures."),
    "end_turn": N_("This step asks you to end your turn."),
}


def progress_path() -> Path:
    return user_data_dir() / PROGRESS_FILE


def describe_expect(lesson: Lesson, device: str = "mouse") -> str:
    """A short 'do this' sentence for a step (its hint for `device` when the lesson gives one)."""
    if lesson.hint:
        return data_text(lesson.hint_for(device))   # looked up now: a language switch applies at once
    e = lesson.expect
    if e.get("type") == "next":
        return _("Read the lesson, then press Next.")
    if e["type"] == "take_bid" and "value" in e:
        return fmt("This step asks you to take bid marker {value}.", value=e["value"])
    if e["type"] == "announce_offer" and "land_tiles" in e:
        return fmt("This step asks you to announce {lands} land tiles.", lands=e["land_tiles"])
    if e["type"] == "place_start_tile" and "land" in e:
        return fmt("This step asks you to place your start tile ({land}).", land=land_name(str(e["land"])))
    ask = ASK.get(str(e["type"]))   # the type and the land are texts: load_lesson checked them
    if ask:
        return _(ask)
    return _("This step asks you to make a move.")


class TutorialSession(GameSession):
    """A game session that starts from any engine state (a scenario) and asks a gate first.

    It is never saved as a game (a tutorial saves its own progress), and undo is off so a
    step cannot be walked back past its start."""

    def __init__(self, seats: list[Seat], state: State, controller: TutorialController | None = None) -> None:
        self.seats = list(seats)
        self.seed = state.seed if isinstance(state.seed, int) else 0
        self.variant = dict(state.variant)
        self.actions = []
        self.on_change = None
        self.started_at = time.time()
        self._states = [state]
        self._actors = []
        self._listeners = []
        self.controller = controller

    def apply(self, action: Mapping[str, object]) -> None:
        seat = rules.current_player(self.state)
        ctl = self.controller
        if ctl is not None and seat == ctl.learner:
            refusal = ctl.gate(self.state, action)
            if refusal:
                raise rules.IllegalAction(refusal)
        self._push(action)
        # the listeners: the controller (first), the table's log, animations and view
        self._notify(SessionEvent("applied", seat, self._states[-2], self.actions[-1],
                                  self._states[-1], len(self.actions) - 1))

    def can_undo(self) -> bool:
        return False

    def to_save(self) -> SaveData:  # pragma: no cover - the pause menu's Save is off in the tutorial
        raise ValueError("a tutorial is not saved as a game")


class TutorialController:
    """Lesson n of N: its position, its expected action, the feedback shown to the learner."""

    def __init__(self, tutorial: Tutorial | None = None, save_progress: bool = True) -> None:
        self.tutorial = tutorial or load_tutorial()
        self.lessons = self.tutorial.lessons
        self.learner = self.tutorial.learner
        self.save_progress = save_progress
        self.index = 0
        self.stage = "doing"                 # doing | done | finished
        self.message = ""                    # feedback under the lesson text
        self.message_kind = ""               # "" | "refused" | "illegal" | "ok"
        self.refusals = 0                    # refused tries so far (tests read it)
        self.device = "mouse"                # the learner's device used last: the words name its input
        self.start_state: State | None = None
        self.session: TutorialSession | None = None
        self.listeners: list[Callable[[TutorialController], None]] = []   # told when the lesson changes
        self.script: list[dict[str, object]] = []   # scripted computer actions still to come

    # ------------------------------------------------------------ state
    @property
    def lesson(self) -> Lesson:
        return self.lessons[self.index]

    @property
    def count(self) -> int:
        return len(self.lessons)

    def seats(self, n: int) -> list[Seat]:
        spec = (self.tutorial.seats or DEFAULT_SEATS) + DEFAULT_SEATS[len(self.tutorial.seats):]
        fams = families()
        return [Seat(spec[k]["name"] or str(fams[k]["name"]), str(fams[k]["id"]),
                     spec[k]["kind"] if k != self.learner else "human")
                for k in range(n)]

    def learner_to_act(self) -> bool:
        return self.session is not None and rules.current_player(self.session.state) == self.learner

    def game_over(self) -> bool:
        return self.session is not None and self.session.is_over()

    # ------------------------------------------------------------ starting a lesson
    def begin(self, index: int = 0, state: State | None = None) -> TutorialSession:
        """Start lesson `index` from its scenario, or from `state` (the previous lesson's end)."""
        self.index = max(0, min(index, self.count - 1))
        lesson = self.lesson
        if lesson.scenario != PREVIOUS:
            state = load_scenario(self.tutorial.scenario_path(lesson), f"levels/tutorial/{lesson.scenario}")
        elif state is None:
            state = self._fallback_state()
        self.start_state = state
        self.stage = "doing"
        self.script = []
        self.message, self.message_kind = "", ""
        n = state.n
        if not (lesson.scenario == PREVIOUS and self.session is not None and state is self.session.state):
            # a lesson that goes on from the last one keeps its session (and the table its log)
            self.session = TutorialSession(self.seats(n), state, self)
            session = self.session
            session.add_listener(lambda event: self._on_session(event, session))
        self.save()
        for fn in list(self.listeners):
            fn(self)
        return self.session

    def _fallback_state(self) -> State:
        """A lesson that continues the previous position, started on its own (resume with a
        lost position, or skip): rebuild the chain from the nearest scenario, doing each step."""
        k = self.index
        while k > 0 and self.lessons[k].scenario == PREVIOUS:
            k -= 1
        lesson = self.lessons[k]
        state = load_scenario(self.tutorial.scenario_path(lesson))
        for j in range(k, self.index):
            state = self.perform_step(self.lessons[j], state)
        return state

    # ------------------------------------------------------------ the gate
    def gate(self, state: State, action: Mapping[str, object]) -> str | None:
        """None when the learner may take `action` now; else a friendly sentence why not."""
        lesson = self.lesson
        if self.stage == "finished":
            return None
        if self.stage == "done":
            return self._refuse("refused", _("Well done — that step is finished. Press Next to go on."))
        try:
            rules.apply_action(state, action)
        except rules.IllegalAction as err:
            return self.explain_illegal(refusal_text(err))
        if lesson.is_reading:
            return self._refuse("refused", _("First read this lesson, then press Next."))
        if not matches(lesson.expect, action):
            return self._refuse("refused", fmt("Not yet. {step}", step=describe_expect(lesson, self.device)))
        return None

    def explain_illegal(self, reason: str) -> str:
        """An illegal try: the engine's reason (already in people's words), said kindly."""
        text = fmt("That is not allowed: {reason}", reason=reason)
        if self.stage == "doing" and not self.lesson.is_reading:
            text = fmt("That is not allowed: {reason} {step}", reason=reason, step=describe_expect(self.lesson, self.device))
        return self._refuse("illegal", text)

    def refuse_pick(self, slot: int) -> str | None:
        """Picking offer item `slot` now: None when the step allows it, else the words why not
        (a finished step, a lesson to read, another item than the one taught)."""
        lesson = self.lesson
        if self.stage == "done":
            return self._refuse("refused", _("Well done — that step is finished. Press Next to go on."))
        if lesson.is_reading:
            return self._refuse("refused", _("First read this lesson, then press Next."))
        expect = lesson.expect
        if expect["type"] not in ("buy_land", "buy_card") or expect.get("slot", slot) != slot:
            return self._refuse("refused", fmt("Not that. {step}", step=describe_expect(lesson, self.device)))
        return None

    def clear_warning(self) -> None:
        """The learner did something the table accepts: an old refusal no longer applies."""
        if self.message_kind in ("refused", "illegal"):
            self.message, self.message_kind = "", ""

    def _refuse(self, kind: str, text: str) -> str:
        self.message, self.message_kind = text, kind
        self.refusals += 1
        return text

    def _on_session(self, event: SessionEvent, session: TutorialSession) -> None:
        """The lesson's session took an action (a lesson left behind is not listened to)."""
        if event.kind == "applied" and session is self.session:
            self.applied(event.seat, event.action, session)

    def applied(self, seat: int | None, action: Mapping[str, object], session: TutorialSession) -> None:
        """The session took an action (the learner's taught one, or a computer's)."""
        if seat == self.learner and self.stage == "doing":
            # the last step finishes the tutorial (it ends the game: final scores follow)
            self.stage = "finished" if self.index == self.count - 1 else "done"
            self.message, self.message_kind = "", "ok"
            then = self.lesson.then
            self.script = [dict(a) for a in then] if isinstance(then, list) else []
            self.save()

    # ------------------------------------------------------------ moving on
    def waiting_for_computers(self) -> bool:
        """After the step, computer seats still play (the next lesson needs their moves)."""
        if self.stage != "done" or self.lesson.then == "none" or self.session is None:
            return False
        if isinstance(self.lesson.then, list) and not self.script:
            return False
        return not (self.learner_to_act() or self.game_over())

    def computers_may_play(self) -> bool:
        """Computer seats play only when a step lets them (else the table waits for Next)."""
        if self.session is None or self.learner_to_act() or self.game_over():
            return False
        if self.stage == "done":
            return self.lesson.then == "computers" or bool(self.script)
        return self.stage == "doing"

    def scripted_move(self) -> dict[str, object] | None:
        """The lesson's next scripted computer action, when it is legal now (else the script ends)."""
        if not self.script or self.session is None or not self.computers_may_play():
            return None
        action = self.script[0]
        try:
            rules.apply_action(self.session.state, action)
        except rules.IllegalAction as err:
            self.script = []
            self.message = fmt("(The lesson's script stops: {reason})", reason=refusal_text(err))
            self.message_kind = "refused"
            return None
        return self.script.pop(0)

    def can_next(self) -> bool:
        if self.stage == "finished":
            return False
        if self.lesson.is_reading:
            return True
        return self.stage == "done" and not self.waiting_for_computers()

    def next(self) -> TutorialSession | None:
        """The next lesson (None when the tutorial is finished)."""
        state = self.session.state if self.session is not None else None
        if self.index + 1 >= self.count:
            self.stage = "finished"
            self.message, self.message_kind = "", ""
            self.save()
            return None
        return self.begin(self.index + 1, state)

    def replay(self) -> TutorialSession:
        """This lesson again, from its start."""
        if self.lesson.scenario != PREVIOUS:
            return self.begin(self.index)
        return self.begin(self.index, self.start_state)

    def skip(self) -> TutorialSession | None:
        """Go on without doing the step (the step is done for the learner when later lessons need it)."""
        state = self.session.state if self.session is not None else self.start_state
        if state is None or self.start_state is None:
            raise ValueError("no lesson has begun")
        if self.stage == "doing" and not self.lesson.is_reading:
            state = self.perform_step(self.lesson, self.start_state)
        elif self.stage == "done" and self.lesson.then != "none":
            state = self.play_script(self.lesson, self.script, state) if isinstance(self.lesson.then, list) \
                else self.play_computers(state)
        if self.index + 1 >= self.count:
            self.stage = "finished"
            self.save()
            return None
        return self.begin(self.index + 1, state)

    def perform_step(self, lesson: Lesson, state: State) -> State:
        """The position after a lesson's taught action (the first legal one that fits) and its `then`."""
        if not lesson.is_reading:
            fits = [a for a in rules.legal_actions(state) if matches(lesson.expect, a)]
            if not fits:
                raise DataError(lesson.source, "expect", "no legal action fits it in this position")
            state = rules.apply_action(state, fits[0])
        if lesson.then == "computers":
            state = self.play_computers(state)
        elif isinstance(lesson.then, list):
            state = self.play_script(lesson, lesson.then, state)
        return state

    @staticmethod
    def play_script(lesson: Lesson, script: list[dict[str, object]], state: State) -> State:
        """A lesson's scripted computer actions, at once; one that does not fit names the file."""
        for k, action in enumerate(script):
            try:
                state = rules.apply_action(state, dict(action))
            except rules.IllegalAction as err:
                raise DataError(lesson.source, f"then[{k}]", f"this action does not fit the position: {err}") from None
        return state

    def play_computers(self, state: State, limit: int = 200) -> State:
        """Computer seats play (at once, no pacing) until the learner decides or the game ends."""
        from ne_game.ai import make_player

        seats = self.seats(state.n)
        for _step in range(limit):
            seat = rules.current_player(state)
            if seat is None or seat == self.learner:
                break
            kind = seats[seat].kind if seats[seat].kind != "human" else "easy"
            player = make_player(kind, seed=seat + 1)
            action = player.choose(rules.observe(state, seat), rules.legal_actions(state))
            state = rules.apply_action(state, action)
        return state

    # ------------------------------------------------------------ progress
    def save(self) -> None:
        if not self.save_progress:
            return
        data = {"version": 1, "index": self.index, "lesson": self.lesson.id, "stage": self.stage,
                "count": self.count,
                "start": rules.to_json(self.start_state) if self.start_state is not None else None}
        try:
            from ne_game.storage.saves import write_json_atomic

            write_json_atomic(progress_path(), data)
        except (OSError, ImportError, TypeError, ValueError) as exc:
            # progress is a convenience: never stop the lesson over it
            log.warning("cannot save the tutorial progress: %s", exc)

    def resume(self) -> TutorialSession:
        """Start where the learner left off (the start of the lesson he was on)."""
        data = read_progress()
        if not data or data.get("stage") == "finished":
            return self.begin(0)
        index = data.get("index", 0)
        ids = [lesson.id for lesson in self.lessons]
        if data.get("lesson") in ids:   # lessons may have been reordered since
            index = ids.index(data["lesson"])
        if not isinstance(index, int) or not 0 <= index < self.count:
            return self.begin(0)
        state = None
        start = data.get("start")
        if self.lessons[index].scenario == PREVIOUS and isinstance(start, dict):
            try:
                state = rules.from_json(start)
            except (ValueError, TypeError, KeyError, IndexError) as exc:
                log.warning("the saved tutorial position cannot be used (%s); the lesson's own is", exc)
                state = None
            if state is not None and not self.fits_chain(index, state):
                # a sound position, but not one this lesson can go on from (Skip would stop there)
                safe_io.notify(safe_io.Notice("The saved tutorial position does not fit lesson {number}: "
                                              "it starts again from its beginning.", number=index + 1))
                state = None
        return self.begin(index, state)

    def fits_chain(self, index: int, state: State) -> bool:
        """True when lesson `index`, and every following lesson that goes on from its position,
        can be played from `state`: each step has a legal action that fits it."""
        j = index
        try:
            while j < self.count and (j == index or self.lessons[j].scenario == PREVIOUS):
                state = self.perform_step(self.lessons[j], state)
                j += 1
        except (DataError, rules.IllegalAction, ValueError, TypeError, KeyError, IndexError) as exc:
            log.warning("the tutorial position does not fit lesson %d (%s)", j + 1, exc)
            return False
        return True

    def restart(self) -> TutorialSession:
        clear_progress()
        return self.begin(0)


PROGRESS_STAGES = ("doing", "done", "finished")


class Progress(TypedDict, total=False):
    """The saved progress (tutorial.json), as _progress_problem checks it."""
    version: int
    index: int
    count: int
    lesson: str
    stage: str
    start: dict[str, object] | None     # the lesson's start position (rules.to_json form)


def _progress_problem(data: object) -> str | None:
    """What is wrong with a progress record, field by field, or None when it is sound."""
    if not isinstance(data, dict):
        return "not a JSON object"
    if not safe_io.is_int(data.get("version", 1), 1, 1):
        return "unknown version"
    for key in ("index", "count"):
        if key in data and not safe_io.is_int(data[key], 0, 999):
            return f"field '{key}' is not a lesson number"
    if "lesson" in data and safe_io.clean_text(data["lesson"], 64) is None:
        return "field 'lesson' is not a lesson id"
    if data.get("stage", "doing") not in PROGRESS_STAGES:
        return "field 'stage' is unknown"
    if data.get("start") is not None and not isinstance(data["start"], dict):
        return "field 'start' is not a position"
    return None


def read_progress() -> Progress | None:
    """The saved progress, or None when there is none. A file that fails the checks is set
    aside as `tutorial.json.damaged` (the player is told) and the tutorial starts afresh."""
    path = progress_path()
    try:
        data = safe_io.load_json(path, "progress")
        problem = _progress_problem(data)
    except FileNotFoundError:
        return None
    except safe_io.UnsafeFile as exc:
        problem = str(exc).removeprefix(f"{path.name}: ")
    if problem is None:
        return cast(Progress, data)    # _progress_problem checked every field
    safe_io.set_aside(path, problem, safe_io.Notice("the tutorial starts afresh."))
    return None


def has_progress() -> bool:
    """True when a tutorial was started and not finished (the title screen offers to resume)."""
    data = read_progress()
    if not data:
        return False
    return data.get("stage") != "finished" and (data.get("index", 0) > 0 or data.get("stage") == "done")


def clear_progress() -> None:
    try:
        progress_path().unlink()
    except FileNotFoundError:
        pass
    except OSError as exc:
        log.warning("cannot remove the tutorial progress: %s", exc)
