"""The hand-over curtain of a hot-seat game: when the table must hide itself until the next
person is ready (pure: the position's facts decide)."""
from __future__ import annotations

from ne_game.ui.scenes.table.model.facts import Facts


def hides_something(facts: Facts, seat: int) -> bool:
    """The seat's turn shows what the others may not see: a card stored in one of its barns."""
    return any(b.card is not None for b in facts.pos.players[seat].barns)


def curtain_wanted(facts: Facts, seat: int | None, last_seat: int | None, *, enabled: bool) -> bool:
    """Hot seat: the turn passes from one person to another, whose barn shows its stored card
    face up on their turn. A curtain hides the table until the next person is ready, but only
    where it hides something: never in the start rounds (every start tile is in sight of all),
    nor for a person with no card stored in a barn. `last_seat`: the seat the last curtain was
    shown for; `enabled`: the setting is on and no lesson runs. A seat played on a phone needs
    none: its hidden cards are on the phone, never on the TV."""
    if not enabled or seat is None or not facts.is_human(seat) or seat == last_seat or facts.is_phone(seat):
        return False
    if facts.phase == "start_tiles" or not hides_something(facts, seat):
        return False
    return sum(1 for i in range(len(facts.pos.players)) if facts.is_human(i)) >= 2
