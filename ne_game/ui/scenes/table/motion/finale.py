"""The final scoring's timeline: the points counted up source by source, the rows settling into
their ranking, the winner crowned. A pure function of the seconds since it began (no pygame, no
clock): the scene draws whatever `at(t)` says, a skip is a jump to `end`, and a test reads any
moment without waiting for it.

Nominal seconds (the animation setting divides the scene's clock, "off" starts at the end):
the cards' VP count up, the rows move into the order they make; then each majority in the
figures' order (its winners' VP count up with a flourish), the rows move again; then the
shillings break ties, the rows settle into the final ranking and the winner is crowned, with
a celebration that ends by itself.
"""
from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ne_game.ui.scenes.table.motion.tweens import ease_in_out, ease_out_cubic

INTRO = 0.4            # the table appears before anything counts
COUNT = 0.9            # one source's numbers counting up
MOVE = 0.45            # the rows moving into the order the count made
SETTLE = 0.6           # the final order (ties broken by shillings), ranks shown
CELEBRATE = 2.8        # the winner's celebration, after which the scene rests
FLOURISH = 0.9         # a majority's flourish on a row that won it (within its COUNT + MOVE)


@dataclass(frozen=True)
class Step:
    """One source of points: "cards", or "majority" of `figure`; or "settle" (no points)."""
    kind: str
    figure: str | None
    start: float
    order_before: tuple[int, ...]     # seats from the top row down
    order_after: tuple[int, ...]

    @property
    def counted(self) -> float:
        """When its numbers have reached their value."""
        return self.start + (COUNT if self.kind != "settle" else 0.0)

    @property
    def end(self) -> float:
        return self.counted + (MOVE if self.kind != "settle" else SETTLE)


@dataclass(frozen=True)
class Row:
    """What one seat's row shows at a moment."""
    seat: int
    slot: float            # its place from the top (fractional while it moves)
    cards_vp: int
    majority_vp: int
    total: int
    won: tuple[str, ...]   # the majorities awarded to it so far


class Timeline:
    """The finale of one game's scores: `rows` are rules.final_scores rows (seat, cards_vp,
    majorities {figure: VP}, total, money, rank), `figures` the ruleset's figure order."""

    def __init__(self, rows: Sequence[Mapping[str, object]], figures: Sequence[str]) -> None:
        self.seats = [int(str(r["seat"])) for r in rows]
        self.cards = {int(str(r["seat"])): int(str(r["cards_vp"])) for r in rows}
        self.majority: dict[int, dict[str, int]] = {}
        for r in rows:
            won = r["majorities"]
            assert isinstance(won, Mapping)
            self.majority[int(str(r["seat"]))] = {str(f): int(v) for f, v in won.items() if v}
        self.total = {int(str(r["seat"])): int(str(r["total"])) for r in rows}
        final = tuple(int(str(r["seat"])) for r in sorted(rows, key=lambda r: (int(str(r["rank"])),
                                                                                  int(str(r["seat"])))))
        # only the majorities someone won are counted (a figure nobody placed scores nothing)
        self.figures = [f for f in figures if any(f in m for m in self.majority.values())]
        steps: list[Step] = []
        at = INTRO
        order = tuple(sorted(self.seats))
        running = {s: 0 for s in self.seats}
        for kind, fig in [("cards", None), *(("majority", f) for f in self.figures)]:
            for s in self.seats:
                running[s] += self.cards[s] if fig is None else self.majority[s].get(fig, 0)
            after = tuple(sorted(self.seats, key=lambda s: (-running[s], s)))
            step = Step(kind, fig, at, order, after)
            steps.append(step)
            at, order = step.end, after
        steps.append(Step("settle", None, at, order, final))
        self.steps = steps
        self.crown = steps[-1].end          # the winner is crowned: the fanfare plays
        self.end = self.crown + CELEBRATE   # nothing moves any more

    def step_at(self, t: float) -> Step | None:
        """The source being counted at `t` (None before the first and after the last)."""
        for s in self.steps:
            if s.start <= t < s.end:
                return s
        return None

    def _count(self, step: Step, t: float) -> float:
        """How far `step`'s numbers have counted at `t`, 0..1 (eased: fast, then slowing)."""
        if t >= step.counted:
            return 1.0
        if t <= step.start:
            return 0.0
        return ease_out_cubic((t - step.start) / COUNT)

    def row(self, seat: int, t: float) -> Row:
        cards = 0.0
        maj = 0.0
        won: list[str] = []
        slot = float(self.steps[0].order_before.index(seat))
        for step in self.steps:
            if t < step.start:
                break
            k = self._count(step, t)
            if step.kind == "cards":
                cards = self.cards[seat] * k
            elif step.kind == "majority" and step.figure is not None:
                vp = self.majority[seat].get(step.figure, 0)
                maj += vp * k
                if vp and t >= step.start:
                    won.append(step.figure)
            a, b = step.order_before.index(seat), step.order_after.index(seat)
            move_from = step.counted
            m = 1.0 if t >= step.end else max(0.0, (t - move_from) / max(1e-6, step.end - move_from))
            slot = a + (b - a) * ease_in_out(m)
        cards_i, maj_i = int(round(cards)), int(round(maj))
        total = self.total[seat] if t >= self.crown else cards_i + maj_i
        return Row(seat, slot, cards_i, maj_i, total, tuple(won))

    def flourish(self, seat: int, figure: str, t: float) -> float | None:
        """0..1 through the flourish of `seat` winning `figure`'s majority, None outside it."""
        for step in self.steps:
            if step.kind == "majority" and step.figure == figure and self.majority[seat].get(figure):
                k = (t - step.start) / FLOURISH
                return k if 0.0 <= k < 1.0 else None
        return None

    def celebration(self, t: float) -> float | None:
        """0..1 through the winner's celebration, None before the crowning and after it ends."""
        if self.crown <= t < self.end:
            return (t - self.crown) / CELEBRATE
        return None
