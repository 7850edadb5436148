"""Which sounds a game event makes: a pure function of the event's before/after facts.

No pygame here. The facts come from the positions before and after (`rules.position`),
never from the engine's English: money paid or received, tiles laid or developed, bid markers taken, offer
items revealed, figures placed or moved, cards stored, the game's end, and whose turn it is.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass

from ne_game.game.session import SessionEvent
from ne_game.rules import Position

# Every cue the game can play, with what it sounds for: assets/sounds/sounds.toml has files
# for each (a test checks both ways), and SoundBoard.cue refuses any other name.
CUES: Mapping[str, str] = {
    "tile": "a land tile laid", "develop": "a tile turned to its developed side",
    "coins_pay": "coins paid to the bank", "income": "income received", "bid": "a bid marker taken",
    "card": "a card drawn, revealed or stored", "pilgrim": "a pilgrim placed or moved",
    "barn": "a barn placed", "ship": "a ship placed or moved",
    "figure": "any other figure placed or moved (one the game data adds)",
    "refused": "an action refused", "turn": "a person's turn begins (a motif per seat)",
    "fanfare": "the winner crowned at the final scoring (played by the finale itself)", "click": "a UI button", "undo": "a move taken back",
}

# Seconds between the parts of one action, so they read as a little sequence, not a clash.
AFTER_PAYING = 0.16
DEAL_SPACING = 0.09
TURN_DELAY = 0.45          # the next player's bell waits for the move's own sound
MAX_DEALT = 4              # an offer of nine items still makes only a short flurry


def figure_cue(figure: str) -> str:
    """The cue of a figure: its own when the sounds have one, else the figure sound."""
    return figure if figure in CUES else "figure"


@dataclass(frozen=True)
class Cue:
    """One sound of an event. `lands`: it is the sound of a piece arriving on the board, so
    the board waits for the table's flight animation (SoundBoard.landing) before playing it."""
    name: str
    delay: float = 0.0
    seat: int | None = None
    gain: float = 1.0
    lands: bool = False


def _figures(pos: Position) -> Counter[tuple[tuple[tuple[int, int], ...], str]]:
    return Counter((t.cells, t.figure) for t in pos.tiles if t.figure)


def _offer_items(pos: Position) -> Counter[tuple[int, str]]:
    return Counter((o.slot, o.kind) for o in pos.offer)


def _stored(pos: Position) -> int:
    return sum(1 for p in pos.players for b in p.barns if b.card)


def cues_for_event(event: SessionEvent, human_seats: Iterable[int] = ()) -> list[Cue]:
    """The cues for one SessionEvent (kind, seat, before, action, after, index)."""
    if event.kind == "undone":
        return [Cue("undo")]
    before, after = event.was, event.now
    seat = event.seat
    out: list[Cue] = []
    at = 0.0

    # money: paid to the bank (a purchase), or received (income at the end of a buying turn)
    paid = received = 0
    for bp, ap in zip(before.players, after.players):
        delta = ap.money - bp.money
        if delta < 0:
            paid -= delta
        elif delta > 0:
            received += delta
    if paid:
        out.append(Cue("coins_pay"))
        at = AFTER_PAYING

    # bid markers taken
    if any(bp.bid is None and ap.bid is not None for bp, ap in zip(before.players, after.players)):
        out.append(Cue("bid", at))

    # tiles laid and tiles developed
    if len(after.tiles) > len(before.tiles):
        out.append(Cue("tile", at, lands=True))
        at += AFTER_PAYING
    developed = sum(1 for t in after.tiles if t.developed) - sum(1 for t in before.tiles if t.developed)
    if developed > 0:
        out.append(Cue("develop", at, lands=True))

    # figures placed or moved: a (tile, figure) pair that was not there before
    new_figures = _figures(after) - _figures(before)
    for (_, figure), _n in new_figures.items():
        out.append(Cue(figure_cue(figure), at, lands=True))
        break

    # a card put away into a barn (face down: the quiet card sound)
    if _stored(after) > _stored(before):
        out.append(Cue("card", at, gain=0.6))

    # offer items revealed: the offer dealt at the start of a round, or one extra item
    revealed = _offer_items(after) - _offer_items(before)
    if revealed:
        kinds = [kind for (slot, kind), n in sorted(revealed.items(), key=lambda kv: kv[0][0])
                 for _ in range(n)]
        if "land" in kinds:
            out.append(Cue("tile", at, gain=0.55))
        for k, _ in enumerate([k for k in kinds if k == "card"][:MAX_DEALT]):
            out.append(Cue("card", at + DEAL_SPACING * (k + 1)))

    if received:
        out.append(Cue("income", at))

    # the end of the game: no bell for anyone; the fanfare waits for the finale's crowning
    # (ne_game/ui/scenes/table/final_scoring.py), which a skip brings forward
    if after.phase == "game_over" and before.phase != "game_over":
        return out

    # the next human decision-maker hears his bell (one motif per seat, for hot-seat play)
    now, was = after.current_player, before.current_player
    humans = set(human_seats)
    if now is not None and now in humans and (now != was or after.phase != before.phase):
        if not (now == seat and now == was):
            out.append(Cue("turn", TURN_DELAY, seat=now))
    return out
