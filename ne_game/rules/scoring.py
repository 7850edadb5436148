"""Final scoring (rules §5): card VP, figure majorities, and ranks with the money tie-break."""
from __future__ import annotations

from typing import TypedDict

from .state import FIGURE, OWNER, State


def majorities(s: State) -> list[dict[str, int]]:
    """Per seat: {figure: VP from that majority card}. Every seat tied for most (with at
    least one such figure) scores the card in full (rules §5)."""
    per = [dict.fromkeys(s.rs.figure_order, 0) for _ in range(s.n)]
    for fig in s.rs.figure_order:
        value = s.rs.figures[fig].majority_vp
        counts = s.figure_counts(fig)
        top = max(counts)
        if top > 0 and value:
            for seat, count in enumerate(counts):
                if count == top:
                    per[seat][fig] = value
    return per


def majority_vp(s: State) -> list[int]:
    """VP per seat from the majority cards."""
    return [sum(m.values()) for m in majorities(s)]


def figure_totals(s: State) -> list[dict[str, int]]:
    """Per seat: {figure: count on the board}."""
    per = [dict.fromkeys(s.rs.figure_order, 0) for _ in range(s.n)]
    for t in s.tiles:
        if t[FIGURE] is not None:
            per[t[OWNER]][t[FIGURE]] += 1
    return per


class ScoreRow(TypedDict):
    """One seat's line of the final scoring (engine contract; the breakdown is beyond it)."""
    seat: int
    family: str
    cards_vp: int
    majority_vp: int
    total: int
    money: int
    land_cards_vp: int
    figure_cards_vp: int
    majorities: dict[str, int]
    figures: dict[str, int]
    rank: int


def final_scores(s: State) -> list[ScoreRow]:
    cards = s.rs.cards
    won = majorities(s)
    figures = figure_totals(s)
    rows: list[ScoreRow] = []
    for seat in range(s.n):
        land_cards_vp = sum(cards[c].vp for c in s.cards[seat] if cards[c].figure is None)
        cards_vp = sum(cards[c].vp for c in s.cards[seat])
        majority = sum(won[seat].values())
        rows.append({
            "seat": seat,
            "family": s.rs.family_ids[seat],
            "cards_vp": cards_vp,
            "majority_vp": majority,
            "total": cards_vp + majority,
            "money": s.money[seat],
            # beyond the contract: the breakdown a scoring screen shows
            "land_cards_vp": land_cards_vp,            # land-use cards (developments)
            "figure_cards_vp": cards_vp - land_cards_vp,   # pilgrim, barn and ship cards
            "majorities": won[seat],
            "figures": figures[seat],
            "rank": 0,
        })
    for row in rows:
        better = sum((r["total"], r["money"]) > (row["total"], row["money"]) for r in rows)
        row["rank"] = 1 + better
    return rows


def winners(s: State) -> list[int]:
    """The seats ranked first (more than one when VP and money are both tied)."""
    return [r["seat"] for r in final_scores(s) if r["rank"] == 1]
