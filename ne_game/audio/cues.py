"""Which sounds a game event makes: a pure function of the event's before/after facts.

No pygame here. The facts come from the engine's snapshots (`rules.to_json`), never from
its English: money paid or received, tiles laid or developed, bid markers taken, offer
items revealed, figures placed or moved, cards stored, the game's end, and whose turn it is.
"""
from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from ne_game import rules

# Every cue the game can play; assets/sounds/sounds.toml has files for each.
CUES = ("tile", "develop", "coins_pay", "income", "bid", "card", "pilgrim", "barn", "ship",
        "refused", "turn", "fanfare", "click", "undo")
FIGURES = ("pilgrim", "barn", "ship")

# Seconds between the parts of one action, so they read as a little sequence, not a clash.
AFTER_PAYING = 0.16
DEAL_SPACING = 0.09
TURN_DELAY = 0.45          # the next player's bell waits for the move's own sound
MAX_DEALT = 4              # an offer of nine items still makes only a short flurry


@dataclass(frozen=True)
class Cue:
    """One sound of an event. `lands`: it is the sound of a piece arriving on the board, so
    the board waits for the table's flight animation (SoundBoard.landing) before playing it."""
    name: str
    delay: float = 0.0
    seat: int | None = None
    gain: float = 1.0
    lands: bool = False


def _snap(state: Any) -> dict:
    return state if isinstance(state, dict) else rules.to_json(state)


def _tile_key(tile: dict) -> tuple:
    return tuple(sorted(tuple(c) for c in tile.get("cells", [])))


def _figures(snap: dict) -> Counter:
    return Counter((_tile_key(t), t.get("figure")) for t in snap.get("tiles", []) if t.get("figure"))


def _offer_items(snap: dict) -> Counter:
    return Counter((o.get("slot"), (o.get("item") or {}).get("kind")) for o in snap.get("offer", []))


def _stored(snap: dict) -> int:
    return sum(1 for p in snap.get("players", []) for b in p.get("barns", []) if b.get("card"))


def cues_for_event(event: Any, human_seats: Iterable[int] = ()) -> list[Cue]:
    """The cues for one SessionEvent (kind, seat, before, action, after, index)."""
    if getattr(event, "kind", None) == "undone":
        return [Cue("undo")]
    before, after = _snap(event.before), _snap(event.after)
    seat = event.seat
    out: list[Cue] = []
    at = 0.0

    # money: paid to the bank (a purchase), or received (income at the end of a buying turn)
    b_players, a_players = before.get("players", []), after.get("players", [])
    paid = received = 0
    for bp, ap in zip(b_players, a_players):
        delta = int(ap.get("money", 0)) - int(bp.get("money", 0))
        if delta < 0:
            paid -= delta
        elif delta > 0:
            received += delta
    if paid:
        out.append(Cue("coins_pay"))
        at = AFTER_PAYING

    # bid markers taken
    if any(bp.get("bid") is None and ap.get("bid") is not None for bp, ap in zip(b_players, a_players)):
        out.append(Cue("bid", at))

    # tiles laid and tiles developed
    b_tiles, a_tiles = before.get("tiles", []), after.get("tiles", [])
    if len(a_tiles) > len(b_tiles):
        out.append(Cue("tile", at, lands=True))
        at += AFTER_PAYING
    developed = sum(1 for t in a_tiles if t.get("developed")) - sum(1 for t in b_tiles if t.get("developed"))
    if developed > 0:
        out.append(Cue("develop", at, lands=True))

    # figures placed or moved: a (tile, figure) pair that was not there before
    new_figures = _figures(after) - _figures(before)
    for (_, figure), _n in new_figures.items():
        if figure in FIGURES:
            out.append(Cue(figure, at, lands=True))
            break

    # a card put away into a barn (face down: the quiet card sound)
    if _stored(after) > _stored(before):
        out.append(Cue("card", at, gain=0.6))

    # offer items revealed: the offer dealt at the start of a round, or one extra item
    revealed = _offer_items(after) - _offer_items(before)
    if revealed:
        kinds = [kind for (slot, kind), n in sorted(revealed.items(), key=lambda kv: kv[0][0] or 0)
                 for _ in range(n)]
        if "land" in kinds:
            out.append(Cue("tile", at, gain=0.55))
        for k, _ in enumerate([k for k in kinds if k == "card"][:MAX_DEALT]):
            out.append(Cue("card", at + DEAL_SPACING * (k + 1)))

    if received:
        out.append(Cue("income", at))

    # the end of the game
    if after.get("phase") == "game_over" and before.get("phase") != "game_over":
        out.append(Cue("fanfare", at + 0.3))
        return out

    # the next human decision-maker hears his bell (one motif per seat, for hot-seat play)
    now, was = after.get("current_player"), before.get("current_player")
    humans = set(human_seats)
    if now is not None and now in humans and (now != was or after.get("phase") != before.get("phase")):
        if not (now == seat and now == was):
            out.append(Cue("turn", TURN_DELAY, seat=now))
    return out
