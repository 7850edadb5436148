"""The hand-written evaluation shared by the medium and hard players.

Everything is measured in victory points (VP), so the terms can be added: VP
already scored, VP the open parcels can still become (land-use patterns that fit),
room to grow, income, money, expected majorities and cards kept in barns. Money and
potential are worth less as the game runs out: a shilling can only turn into VP
while there are rounds left to spend it.
"""
from __future__ import annotations

from functools import lru_cache

from ne_game.ai.data import FIGURES, LANDS, Cell, CardInfo, game_data
from ne_game.ai.model import Model, placements

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


def money_vp(rounds: float) -> float:
    f = min(1.0, rounds / MONEY_ROUNDS_FULL)
    return MONEY_VP_LATE + (MONEY_VP_EARLY - MONEY_VP_LATE) * f


def money_value(money: float, rounds: float) -> float:
    """VP-worth of a purse: full rate up to what the rounds left can use, then idle."""
    mv = money_vp(rounds)
    cap = MONEY_RESERVE + MONEY_SPEND_PER_ROUND * rounds
    return min(money, cap) * mv + max(0.0, money - cap) * min(mv, MONEY_IDLE_VP)


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
    out: list[dict[str, float]] = [dict.fromkeys(FIGURES, 0.0) for _ in range(m.n)]
    for f in FIGURES:
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
                 shares: list[dict[str, float]], counts: list[dict[str, int]]) -> float:
    data = m.data
    v = float(sum(data.cards[c].vp for c in m.cards[seat] if c in data.cards))
    mv = money_vp(rounds)
    pshare = potential_share(rounds)
    v += money_value(m.money[seat], rounds)
    # Income from pilgrims: one shilling per pilgrim for every round still to come.
    v += counts[seat]["pilgrim"] * data.income_per_pilgrim * rounds * money_vp(rounds / 2)
    # Majorities, at their chance of holding.
    for f in FIGURES:
        v += data.majority_vp[f] * shares[seat][f]
    if shares[seat]["ship"] >= MAJORITY_TIE:
        v += SHIP_REVEAL_VP * min(rounds, 4.0)
    # Patterns the open parcels can still become, and room to grow.
    for land in LANDS:
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
            v += 1.0
            continue
        ci = data.cards.get(card)
        if ci is None:
            continue
        v += (STORED_LAND_CARD * ci.vp if ci.land else STORED_FIGURE_CARD) * (1.0 if rounds > 0 else 0.5)
    return v


def values(m: Model) -> list[float]:
    """Every seat's evaluation in VP-equivalents."""
    rounds = m.future_rounds()
    blocked = blocked_cards(m)
    shares, counts = majority_shares(m)
    return [player_value(m, s, rounds, blocked, shares, counts) for s in range(m.n)]


def evaluate(m: Model, seat: int) -> float:
    """Seat's value minus part of its best rival's: the score to maximise."""
    vals = values(m)
    rival = max(v for s, v in enumerate(vals) if s != seat)
    return vals[seat] - OPPONENT_WEIGHT * rival


def final_estimate(m: Model) -> list[tuple[int, int]]:
    """(VP, money) per seat if the game ended now: cards face up plus majorities."""
    data = m.data
    counts = m.figure_counts()
    vp = [sum(data.cards[c].vp for c in m.cards[s] if c in data.cards) for s in range(m.n)]
    for f in FIGURES:
        top = max(c[f] for c in counts)
        if top > 0:
            for s in range(m.n):
                if counts[s][f] == top:
                    vp[s] += data.majority_vp[f]
    return [(vp[s], m.money[s]) for s in range(m.n)]
