"""The story of a game: numbers by round, the final score by source, and facts worth telling.

    story = story_of(Replay.from_save(save))
    story.seats[0].vp_by_round        # (3, 3, 7, ...): VP at the end of rounds 1, 2, 3, ...
    story.seats[0].final.majorities   # {"pilgrim": 4, "barn": 0, "ship": 2}
    story.facts                       # ({"kind": "biggest_development", "seat": 2, ...}, ...)

No sentences here: a fact is a kind and its numbers, and the screen words it in the player's
language. Every number comes from the engine (`rules.final_scores`) or from the actions.

The end of a round
    Round r (r >= 1) ends when its last buyer's end_turn is applied: the state right after it,
    in which round r+1's offer is due (`Replay.round_end`). VP and money by round are the
    engine's running score (`rules.final_scores`: cards, plus majorities as they stand) and the
    money in that state, income included. Only rounds that ended count: the round whose offer
    could not be filled (the end of the game) is not played, and an unfinished game's round
    under way has no end yet. `final` is the score at the last position: the game over (equal
    to the end of the last round, as the game-ending offer changes no score), or, for an
    unfinished game, the running score where it stopped.

Fact kinds (each present at most once, in this order; params are JSON-compatible)
    biggest_development  the development worth most VP (then most parcels; the first such):
                         seat, round, card, parcels, vp, from_barn, index
    best_bargain         the card bought and used at once with the most VP per shilling paid
                         (then more VP; the first such): seat, round, card, price, vp, index
    most_spent_round     the most shillings one seat paid for purchases in one round (the first
                         such): seat, round, spent, purchases, index (its first purchase)
    late_majority        finished games: of the figure majorities that score, the one whose
                         final holders were settled last; `index` is the action after which the
                         holders never changed again: figure, seats (holders), vp, round, by
                         (who took that action), index, last_round (rounds played)
    comeback             finished games: the most VP a winner was behind the leader at the end
                         of a round (the latest such round); only when behind > 0: seat, round,
                         behind, rank (by VP then), leaders
    close_finish         finished games won by at most CLOSE_MARGIN VP, or shared: winners,
                         runner_up (None when shared), margin, money_decided (level on VP, the
                         money tie-break decided), shared, winner_money, runner_up_money
`index` is an action's index (the replay's position index + 1 shows it done); `round` is the
engine's round number in which the action was taken.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass
from fractions import Fraction
from typing import TypedDict

from ne_game import rules
from ne_game.rules import Action, ScoreRow

from .replay import Replay

CLOSE_MARGIN = 2
FACT_KINDS = ("biggest_development", "best_bargain", "most_spent_round", "late_majority", "comeback",
              "close_finish")
PURCHASES = ("buy_land", "buy_card")


class StoryFact(TypedDict, total=False):
    """One fact as the builders make it: `kind` always, the rest by kind (see the module's notes)."""

    kind: str
    seat: int
    round: int
    index: int
    card: str
    parcels: int
    vp: int
    from_barn: bool
    price: int
    spent: int
    purchases: int
    figure: str
    seats: list[int]
    by: int | None
    last_round: int
    behind: int
    rank: int
    leaders: list[int]
    winners: list[int]
    runner_up: int | None
    margin: int
    money_decided: bool
    shared: bool
    winner_money: int
    runner_up_money: int | None


@dataclass(frozen=True)
class ScoreParts:
    """A seat's score by source, from one `rules.final_scores` row."""

    land_cards_vp: int
    figure_cards_vp: int
    majorities: dict[str, int]        # VP per figure majority (figure order)
    total: int
    money: int
    rank: int

    @property
    def cards_vp(self) -> int:
        return self.land_cards_vp + self.figure_cards_vp

    @property
    def majority_vp(self) -> int:
        return sum(self.majorities.values())

    @classmethod
    def from_row(cls, row: ScoreRow) -> ScoreParts:
        return cls(int(row["land_cards_vp"]), int(row["figure_cards_vp"]),
                   {str(k): int(v) for k, v in row["majorities"].items()}, int(row["total"]),
                   int(row["money"]), int(row["rank"]))


@dataclass(frozen=True)
class SeatStory:
    seat: int
    vp_by_round: tuple[int, ...]      # VP at the end of each round of Story.rounds
    money_by_round: tuple[int, ...]   # money at the end of each round of Story.rounds
    final: ScoreParts


@dataclass(frozen=True)
class Story:
    finished: bool
    rounds: tuple[int, ...]           # the rounds that ended: 1, 2, ..., K
    round_ends: tuple[int, ...]       # the replay position at each one's end
    seats: tuple[SeatStory, ...]
    winners: tuple[int, ...]          # after the money tie-break; () while unfinished
    facts: tuple[StoryFact, ...]      # plain dicts for the screens that word them

    def fact(self, kind: str) -> StoryFact | None:
        return next((f for f in self.facts if f["kind"] == kind), None)

    def to_json(self) -> dict[str, object]:
        return asdict(self)


def story_of(replay: Replay) -> Story:
    ends = [(span.number, span.stop) for span in replay.rounds if span.complete]
    at_ends = [replay.scores(pos) for _, pos in ends]
    final_rows = replay.scores(replay.last)
    seats = tuple(
        SeatStory(seat, tuple(rows[seat]["total"] for rows in at_ends),
                  tuple(rows[seat]["money"] for rows in at_ends), ScoreParts.from_row(final_rows[seat]))
        for seat in range(replay.players))
    winners = tuple(rules.winners(replay.engine_state(replay.last))) if replay.finished else ()
    acts = _acts(replay)
    facts: list[StoryFact | None] = [_biggest_development(replay, acts), _best_bargain(replay, acts),
                                     _most_spent_round(acts)]
    if replay.finished:
        facts += [_late_majority(replay, len(ends)), _comeback(winners, ends, at_ends),
                  _close_finish(winners, final_rows)]
    return Story(replay.finished, tuple(n for n, _ in ends), tuple(p for _, p in ends), seats, winners,
                 tuple(f.copy() for f in facts if f is not None))


# ---------------------------------------------------------------- what the actions did
@dataclass(frozen=True)
class _Act:
    index: int
    seat: int
    round: int
    kind: str
    action: Action
    gained: tuple[str, ...]    # the face-up cards the action gave its seat
    price: int | None          # what a purchase cost (the buyer's bid)


def _acts(replay: Replay) -> list[_Act]:
    out: list[_Act] = []
    for k, action in enumerate(replay.actions):
        seat = replay.actor(k)
        if seat is None:
            continue
        before, after = replay.engine_state(k), replay.engine_state(k + 1)
        kind = str(action.get("type"))
        gained = after.cards[seat][len(before.cards[seat]):]
        price = before.bid[seat] if kind in PURCHASES else None
        out.append(_Act(k, seat, before.round, kind, action, tuple(gained), price))
    return out


def _card_vp(replay: Replay, card: str) -> int:
    return replay.engine_state(0).rs.cards[card].vp


def _biggest_development(replay: Replay, acts: list[_Act]) -> StoryFact | None:
    best: tuple[int, int] | None = None
    fact: StoryFact | None = None
    for act in acts:
        use = act.action.get("use")
        if act.kind not in ("buy_card", "play_stored") or not isinstance(use, dict) or "develop" not in use:
            continue
        if not act.gained:
            continue
        card = act.gained[0]
        vp, parcels = _card_vp(replay, card), len(use["develop"])
        if best is None or (vp, parcels) > best:
            best = (vp, parcels)
            fact = {"kind": "biggest_development", "seat": act.seat, "round": act.round, "card": card,
                    "parcels": parcels, "vp": vp, "from_barn": act.kind == "play_stored", "index": act.index}
    return fact


def _best_bargain(replay: Replay, acts: list[_Act]) -> StoryFact | None:
    best: tuple[Fraction, int] | None = None
    fact: StoryFact | None = None
    for act in acts:
        if act.kind != "buy_card" or not act.gained or not act.price:
            continue
        card = act.gained[0]
        vp = _card_vp(replay, card)
        key = (Fraction(vp, act.price), vp)
        if best is None or key > best:
            best = key
            fact = {"kind": "best_bargain", "seat": act.seat, "round": act.round, "card": card,
                    "price": act.price, "vp": vp, "index": act.index}
    return fact


def _most_spent_round(acts: list[_Act]) -> StoryFact | None:
    spent: dict[tuple[int, int], list[int]] = {}     # (round, seat) -> [spent, purchases, first index]
    for act in acts:
        if act.price is None:
            continue
        entry = spent.setdefault((act.round, act.seat), [0, 0, act.index])
        entry[0] += act.price
        entry[1] += 1
    if not spent:
        return None
    # the most spent; among equals the first (dicts keep the order of the first purchase)
    (rnd, seat), (total, count, first) = max(spent.items(), key=lambda item: (item[1][0], -item[1][2]))
    return {"kind": "most_spent_round", "seat": seat, "round": rnd, "spent": total, "purchases": count,
            "index": first}


def _holders(replay: Replay, position: int, figure: str) -> frozenset[int]:
    counts = replay.engine_state(position).figure_counts(figure)
    top = max(counts)
    return frozenset(s for s, c in enumerate(counts) if c == top) if top > 0 else frozenset()


def _late_majority(replay: Replay, rounds_played: int) -> StoryFact | None:
    rs = replay.engine_state(0).rs
    latest: tuple[int, str, frozenset[int]] | None = None
    for figure in rs.figure_order:
        if not rs.figures[figure].majority_vp:
            continue
        final = _holders(replay, replay.last, figure)
        if not final:
            continue
        p = replay.last
        while p > 0 and _holders(replay, p - 1, figure) == final:
            p -= 1
        if p == 0:      # held from the start: nothing was decided (a new game has no figures)
            continue
        if latest is None or p > latest[0]:
            latest = (p, figure, final)
    if latest is None:
        return None
    p, figure, seats = latest
    index = p - 1
    return {"kind": "late_majority", "figure": figure, "seats": sorted(seats), "vp": rs.figures[figure].majority_vp,
            "round": replay.engine_state(index).round, "by": replay.actor(index), "index": index,
            "last_round": rounds_played}


def _comeback(winners: tuple[int, ...], ends: list[tuple[int, int]],
              at_ends: list[list[ScoreRow]]) -> StoryFact | None:
    best: tuple[int, int] | None = None      # (behind, round number)
    fact: StoryFact | None = None
    for seat in winners:
        for (number, _), rows in zip(ends, at_ends):
            top = max(r["total"] for r in rows)
            behind = top - rows[seat]["total"]
            if behind > 0 and (best is None or (behind, number) >= best):
                best = (behind, number)
                fact = {"kind": "comeback", "seat": seat, "round": number, "behind": behind,
                        "rank": 1 + sum(r["total"] > rows[seat]["total"] for r in rows),
                        "leaders": [r["seat"] for r in rows if r["total"] == top]}
    return fact


def _close_finish(winners: tuple[int, ...], rows: list[ScoreRow]) -> StoryFact | None:
    if not winners:
        return None
    if len(winners) > 1:
        money = rows[winners[0]]["money"]
        return {"kind": "close_finish", "winners": list(winners), "runner_up": None, "margin": 0,
                "money_decided": False, "shared": True, "winner_money": money, "runner_up_money": None}
    win = rows[winners[0]]
    others = [r for r in rows if r["seat"] != win["seat"]]
    runner = max(others, key=lambda r: (r["total"], r["money"], -r["seat"]))
    margin = win["total"] - runner["total"]
    if margin > CLOSE_MARGIN:
        return None
    return {"kind": "close_finish", "winners": [win["seat"]], "runner_up": runner["seat"], "margin": margin,
            "money_decided": margin == 0, "shared": False, "winner_money": win["money"],
            "runner_up_money": runner["money"]}
