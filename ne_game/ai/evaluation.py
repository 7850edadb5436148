"""The hand-written evaluation shared by the medium and hard players.

Everything is measured in victory points (VP), so the terms can be added: VP
already scored, VP the open parcels can still become (land-use patterns that fit),
room to grow, income, money, expected majorities and cards kept in barns. Money and
potential are worth less as the game runs out: a shilling can only turn into VP
while there are rounds left to spend it.

Two styles share this code. `HORIZON` (today's medium and hard) knows from the public
stock sizes when a round is surely the last (`Model.rounds_ahead`): then money only breaks
ties and open parcels are worth nothing after this turn (before that, the tuned curve of
the baseline values money); and it values a stored card by its chance to be played
(`play_chance`). `BASELINE` ("medium_v1") is the evaluation as it was before that, kept to
measure the new one against. (A purse valued by the rounds' full spending capacity was
tried and measured weaker against the baseline.)
"""
from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from ne_game.ai.data import CardInfo, Cell, game_data
from ne_game.ai.model import Model, orth, placements
from ne_game.rules.ruleset import PILGRIM, SHIP

# ---- weights (VP-equivalents) --------------------------------------------------------
MONEY_VP_EARLY = 0.25       # a shilling with many rounds ahead (tuned: 0.25 beat 0.3 in medium-vs-medium)
MONEY_RESERVE = 8           # money beyond a reserve plus a little per round left is nearly idle
MONEY_SPEND_PER_ROUND = 2.5
MONEY_IDLE_VP = 0.04
MONEY_VP_LATE = 0.03        # with no round left, money only breaks ties
MONEY_ROUNDS_FULL = 5.0     # rounds ahead at which a shilling is worth MONEY_VP_EARLY
POTENTIAL_SHARE = 0.65      # share of a fitting pattern's VP counted before the card is bought
POTENTIAL_ROUNDS_FULL = 3.0 # rounds ahead needed for the full share
LOOSE_PARCEL_VP = 1.2       # an open parcel that fits no pattern yet (it may with one more tile)
ROOM_VP = 0.35              # each free parcel the area may still grow into (first few only)
ROOM_CAP = 3
DEAD_AREA_VP = -0.3         # a land type whose area can no longer grow
MAJORITY_LEAD = 1.0         # share of a majority's VP when leading alone
MAJORITY_TIE = 0.7
MAJORITY_BEHIND_1 = 0.25
MAJORITY_BEHIND_2 = 0.05
STORED_LAND_CARD = 0.45     # share of a stored land-use card's VP
STORED_FIGURE_CARD = 1.2    # a stored figure card: its VP plus flexibility
SHIP_REVEAL_VP = 0.35       # per round ahead, the extra reveal a ship majority brings
OPPONENT_WEIGHT = 0.5       # how much the best rival's evaluation is subtracted

# ---- the horizon style's weights ---------------------------------------------------------
# Money is worth its full rate only up to what the rounds left can turn into items
# (about a shilling a round beyond the income, no reserve); the rest is nearly idle, so
# bids rise as money piles up. Measured over 200 games against medium_v1: the baseline's
# reserve of 8 and 2.5 a round left 13.7 shillings unspent at the end, this (with the high
# marker in a probable last round) 5.2, and it won 35 % (see README, "Computer opponents").
H_MONEY_RESERVE = 0.0
H_MONEY_PER_ROUND = 1.0
H_MONEY_IDLE_VP = 0.02
H_MONEY_ROUNDS_FULL = 5.0
MONEY_TIE_VP = 0.01         # money beyond what can be spent: only the tie-break
STORE_MIN_CHANCE = 0.65     # store a card only when it is at least this likely to be played
MAX_MISSING_TO_STORE = 1    # land tiles a stored card may still wait for (two: mostly lost)
TILE_CHANCE_PER_ROUND = 0.5 # chance to get one more land tile of a wanted type in a round
STORED_FIGURE_VP = 1.4      # a figure card's VP plus its share in a majority
STORED_FIGURE_WAIT = 0.3    # a figure card stored for want of a free tile is seldom played
STORED_SHARE = 0.5          # of a stored card's chance-weighted VP (its parcels count as potential too)


@dataclass(frozen=True)
class Style:
    """Which evaluation a player uses (see the module text)."""

    name: str
    horizon: bool


HORIZON = Style("horizon", True)
BASELINE = Style("baseline", False)


def money_vp(rounds: float, full: float = MONEY_ROUNDS_FULL) -> float:
    f = min(1.0, rounds / full)
    return MONEY_VP_LATE + (MONEY_VP_EARLY - MONEY_VP_LATE) * f


def money_value(money: float, rounds: float, reserve: float = MONEY_RESERVE,
                per_round: float = MONEY_SPEND_PER_ROUND, idle: float = MONEY_IDLE_VP,
                full: float = MONEY_ROUNDS_FULL) -> float:
    """VP-worth of a purse: full rate up to what the rounds left can use, then idle."""
    mv = money_vp(rounds, full)
    cap = reserve + per_round * rounds
    return min(money, cap) * mv + max(0.0, money - cap) * min(mv, idle)


def potential_share(rounds: float) -> float:
    if rounds <= 0:
        return 0.12  # the current round's later buyers or a stored card may still use it
    return POTENTIAL_SHARE * min(1.0, 0.35 + 0.65 * rounds / POTENTIAL_ROUNDS_FULL)


@lru_cache(maxsize=200_000)
def best_packing(land: str, cells: frozenset[Cell], pairs: frozenset[tuple[Cell, ...]],
                 blocked: frozenset[str]) -> tuple[int, int]:
    """(most VP from disjoint land-use patterns on `cells`, parcels left over).

    `blocked` names card ids no longer to be had. Exact search by the first uncovered
    parcel; areas are small (rarely over a dozen parcels), and results are cached.
    """
    cards: list[CardInfo] = [c for c in game_data().land_cards[land] if c.id not in blocked]
    if not cells or not cards:
        return 0, len(cells)
    opts: list[tuple[int, tuple[Cell, ...]]] = []
    for ci in cards:
        for pl in placements(cells, pairs, ci.shapes):
            opts.append((ci.vp, pl))
    if not opts:
        return 0, len(cells)
    by_cell: dict[Cell, list[tuple[int, frozenset[Cell]]]] = {}
    for vp, pl in opts:
        fs = frozenset(pl)
        for c in pl:
            by_cell.setdefault(c, []).append((vp, fs))
    memo: dict[frozenset[Cell], tuple[int, int]] = {}

    def go(rest: frozenset[Cell]) -> tuple[int, int]:
        if not rest:
            return 0, 0
        hit = memo.get(rest)
        if hit is not None:
            return hit
        c = min(rest)
        vp, left = go(rest - {c})
        best = (vp, left + 1)
        for v, fs in by_cell.get(c, ()):
            if fs <= rest:
                sub = go(rest - fs)
                cand = (sub[0] + v, sub[1])
                if cand[0] > best[0] or (cand[0] == best[0] and cand[1] < best[1]):
                    best = cand
        memo[rest] = best
        return best

    return go(cells)


def blocked_cards(m: Model) -> frozenset[str]:
    """Land-use cards every copy of which is already face up somewhere."""
    data = m.data
    taken = m.cards_taken()
    return frozenset(cid for cid, ci in data.cards.items() if ci.land and taken.get(cid, 0) >= ci.copies)


def majority_shares(m: Model) -> tuple[list[dict[str, float]], list[dict[str, int]]]:
    counts = m.figure_counts()
    out: list[dict[str, float]] = [dict.fromkeys(m.data.figures, 0.0) for _ in range(m.n)]
    for f in m.data.figures:
        for s in range(m.n):
            c = counts[s][f]
            if c == 0:
                continue
            o = max((counts[t][f] for t in range(m.n) if t != s), default=0)
            if c > o:
                share = MAJORITY_LEAD
            elif c == o:
                share = MAJORITY_TIE
            elif c == o - 1:
                share = MAJORITY_BEHIND_1
            elif c == o - 2:
                share = MAJORITY_BEHIND_2
            else:
                share = 0.0
            out[s][f] = share
    return out, counts


def player_value(m: Model, seat: int, rounds: float, blocked: frozenset[str],
                 shares: list[dict[str, float]], counts: list[dict[str, int]],
                 style: Style = BASELINE) -> float:
    data = m.data
    v = float(sum(data.cards[c].vp for c in m.cards[seat] if c in data.cards))
    v += purse(m.money[seat], rounds, style)
    if style.horizon and rounds <= 0:
        pshare = 0.0   # the last round for sure: only this turn's combos (searched) still score
    else:
        pshare = potential_share(rounds)
        # Income from pilgrims: one shilling per pilgrim for every round still to come.
        v += counts[seat][PILGRIM] * data.income_per_pilgrim * rounds * money_vp(rounds / 2)
    # Majorities, at their chance of holding.
    for f in data.figures:
        v += data.majority_vp[f] * shares[seat][f]
    if shares[seat][SHIP] >= MAJORITY_TIE:
        v += SHIP_REVEAL_VP * min(rounds, 4.0)
    # Patterns the open parcels can still become, and room to grow.
    for land in data.lands:
        cells, pairs = m.open_cells(seat, land)
        vp, left = best_packing(land, cells, pairs, blocked)
        v += pshare * (vp + LOOSE_PARCEL_VP * left)
        if rounds > 0:
            room = len(m.frontier(seat, land))
            if room == 0:
                v += DEAD_AREA_VP
            else:
                v += ROOM_VP * min(room, ROOM_CAP) * min(1.0, rounds / 3.0)
    # Cards kept in barns.
    for _, card in m.barns[seat]:
        if card is None:
            continue
        if card == "hidden":
            v += min(1.0, rounds) if style.horizon else 1.0
            continue
        ci = data.cards.get(card)
        if ci is None:
            continue
        if style.horizon:
            v += STORED_SHARE * play_chance(m, seat, card, rounds) * (ci.vp if ci.land else STORED_FIGURE_VP)
        else:
            v += (STORED_LAND_CARD * ci.vp if ci.land else STORED_FIGURE_CARD) * (1.0 if rounds > 0 else 0.5)
    return v


# ---- the horizon style -----------------------------------------------------------------

def purse(money: float, rounds: float, style: Style) -> float:
    """VP-worth of a purse. In the last round (known for sure from the stock sizes) money
    can buy nothing after this turn: it only breaks ties."""
    if not style.horizon:
        return money_value(money, rounds)
    if rounds <= 0:
        return money * MONEY_TIE_VP
    return money_value(money, rounds, H_MONEY_RESERVE, H_MONEY_PER_ROUND, H_MONEY_IDLE_VP,
                       H_MONEY_ROUNDS_FULL)


def parcels_missing(m: Model, seat: int, card: str) -> int | None:
    """How many more land tiles seat needs before `card` can be played: 0, 1, 2, or None
    (not within two tiles)."""
    ci = m.data.cards[card]
    if ci.land is None:
        free = any(t.owner == seat and not t.developed and t.figure is None
                   and (ci.figure not in m.data.coastal_figures or any(c in m.data.coastal for c in t.cells))
                   for t in m.tiles)
        if m.supply.get(card, 0) <= 0:
            return None
        return 0 if free else 1
    cells, pairs = m.open_cells(seat, ci.land)
    if placements(cells, pairs, ci.shapes):
        return 0
    front = m.frontier(seat, ci.land)
    if not front:
        return None
    for f in front:
        if placements(cells | {f}, pairs, ci.shapes):
            return 1
    if len(cells) + 2 >= ci.size and len(front) >= 1:
        return 2
    return None


def play_chance(m: Model, seat: int, card: str, rounds: float) -> float:
    """Chance that a card kept in seat's barn is played before the end. A card that can be
    played now counts in full (the medium player plays it at once, also in the last round);
    one that cannot counts for nothing in the last round: what is not played is lost."""
    missing = parcels_missing(m, seat, card)
    if missing == 0:
        return 1.0
    if rounds <= 0 or missing is None or missing > MAX_MISSING_TO_STORE:
        return 0.0
    miss: float = (1.0 - TILE_CHANCE_PER_ROUND) ** max(rounds, 0.0)   # mypy does not type float ** float as float
    chance = (1.0 - miss) ** missing
    if m.data.cards[card].land is None:
        # A figure waits for a free undeveloped tile; measured, a player seldom leaves one
        # free (its tiles get developed or take figures), so most such cards were lost.
        chance *= STORED_FIGURE_WAIT
    return chance


def rounds_for(m: Model, style: Style) -> float:
    """Rounds still to come after this one: the rough estimate, but 0 when the stock sizes
    make this round the last for sure (horizon style)."""
    if style.horizon and m.rounds_ahead() <= 0:
        return 0.0
    return m.future_rounds()


def values(m: Model, style: Style = HORIZON) -> list[float]:
    """Every seat's evaluation in VP-equivalents.

    A model made by `Model.apply` from one already evaluated keeps the values of the seats
    the action cannot have touched (`_untouched`): the same numbers, computed once. A
    player weighing its choices evaluates the position and then each choice's outcome, so
    most of the rivals' values are read again rather than worked out again."""
    hit = m.vcache.get(style)
    if hit is not None:
        return list(hit[3])
    rounds = rounds_for(m, style)
    blocked = blocked_cards(m)
    shares, counts = majority_shares(m)
    parent = m.parent
    before = parent.vcache.get(style) if parent is not None else None
    if parent is None or before is None or before[0] != rounds or before[1] != blocked or parent.supply != m.supply:
        before = None
    out = [before[3][s] if before is not None and _untouched(m, s, shares, counts, before) else
           player_value(m, s, rounds, blocked, shares, counts, style) for s in range(m.n)]
    m.vcache[style] = (rounds, blocked, (shares, counts), tuple(out))
    return out


def _untouched(m: Model, seat: int, shares: list[dict[str, float]], counts: list[dict[str, int]],
               before: tuple[float, frozenset[str], tuple[list[dict[str, float]], list[dict[str, int]]],
                             tuple[float, ...]]) -> bool:
    """Whether `player_value` of seat reads the same in m as in m's parent (evaluated as
    `before`, with the same rounds, blocked cards and supply): seat did not act, its
    majority shares, pilgrims, money, cards and barns are the same, and the land tile
    the actor laid (if any) changed none of seat's frontiers: it did not take one of its
    parcels, nor stand next to seat's frontier of its own land type."""
    parent = m.parent
    if parent is None or seat == m.actor:
        return False
    old_shares, old_counts = before[2]
    if (shares[seat] != old_shares[seat] or counts[seat][PILGRIM] != old_counts[seat][PILGRIM]
            or m.money[seat] != parent.money[seat] or m.cards[seat] != parent.cards[seat]
            or m.barns[seat] != parent.barns[seat]):
        return False
    if m.placed is not None:
        c, land = m.placed
        for other in m.data.lands:
            front = parent.frontier(seat, other)
            if c in front or (other == land and any(d in front for d in orth(c))):
                return False
    return True


def evaluate(m: Model, seat: int, style: Style = HORIZON, rival_weight: float = OPPONENT_WEIGHT) -> float:
    """Seat's value minus part (`rival_weight`) of its best rival's: the score to maximise."""
    vals = values(m, style)
    rival = max(v for s, v in enumerate(vals) if s != seat)
    return vals[seat] - rival_weight * rival


def final_estimate(m: Model) -> list[tuple[int, int]]:
    """(VP, money) per seat if the game ended now: cards face up plus majorities."""
    data = m.data
    counts = m.figure_counts()
    vp = [sum(data.cards[c].vp for c in m.cards[s] if c in data.cards) for s in range(m.n)]
    for f in data.figures:
        top = max(c[f] for c in counts)
        if top > 0:
            for s in range(m.n):
                if counts[s][f] == top:
                    vp[s] += data.majority_vp[f]
    return [(vp[s], m.money[s]) for s in range(m.n)]
