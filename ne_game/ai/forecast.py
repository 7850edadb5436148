"""The hard player's forecast: where each seat's VP will end, read from a position at an offer.

A hard player's rollouts stop at the next round's offer, and the position there must be
judged. The hand-written evaluation (`evaluation.py`) was made for choosing between one
seat's purchases in the middle of a round; as a forecast of who wins it is weaker. This is
a linear model per stage (the rounds still ahead after the offer, rounded; the last stage
also stands for every later one) over a few facts per seat, fitted by ridge regression to
where seeded games between four medium players ended. `benchmarks/fit_forecast.py` plays
those games and writes the weights to `assets/data/forecast.toml`; the README's "Strength,
measured" gives what it bought.

The facts are named from the ruleset (one count per figure it defines), so a ruleset with
other figures needs its own fit: a weights file whose names do not match is refused, and the
hard player then judges with the hand-written evaluation (logged).
"""
from __future__ import annotations

import logging
import math
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from ne_game.ai.data import GameData, game_data
from ne_game.ai.evaluation import HORIZON, STORED_FIGURE_VP, best_packing, blocked_cards, play_chance, rounds_for
from ne_game.game import data_caches
from ne_game.game.gamedata import read_toml
from ne_game.rules.errors import DataError
from ne_game.storage.paths import resource_path

if TYPE_CHECKING:
    from collections.abc import Sequence

    from ne_game.ai.model import Model

log = logging.getLogger(__name__)

FORECAST_FILE = ("assets", "data", "forecast.toml")
BASE = "base"                 # the constant term's name
WEIGHT_LIMIT = 1000.0         # no sane weight is larger: a bigger one is a damaged file
ROOM_CAP = 3                  # free parcels counted per land type (as the evaluation does)
MAX_STAGES = 30


def fact_names(data: GameData | None = None) -> tuple[str, ...]:
    """The facts a forecast reads per seat, in order (the weights file lists them too)."""
    data = data or game_data()
    return ("cards_vp", "majority_lead", "majority_tie", "majority_behind", "money",
            *(f"figures.{f}" for f in data.figures),
            "pattern_vp", "loose_parcels", "room", "closed_lands", "stored_vp")


def facts(m: Model) -> list[list[float]]:
    """Per seat, the facts of `fact_names` (in that order) in position m.

    cards_vp: VP of its cards face up. majority_lead / _tie / _behind: the VP of the
    majorities it holds alone, shares at the top, or misses by one figure. figures.*: its
    figures of each kind. pattern_vp: the most VP land-use patterns on its open parcels could
    score (cards no longer to be had left out); loose_parcels: open parcels no such pattern
    covers; room: free parcels its areas may still grow into (at most ROOM_CAP per land
    type); closed_lands: land types it cannot lay a tile of; stored_vp: the cards in its
    barns, each at its chance to be played."""
    data = m.data
    counts = m.figure_counts()
    blocked = blocked_cards(m)
    rounds = max(rounds_for(m, HORIZON), 1.0)   # at an offer, that round is still to be bought in
    out: list[list[float]] = []
    for s in range(m.n):
        lead = tie = behind = 0.0
        for fig in data.figures:
            c = counts[s][fig]
            if c == 0:
                continue
            other = max(counts[t][fig] for t in range(m.n) if t != s)
            vp = data.majority_vp[fig]
            if c > other:
                lead += vp
            elif c == other:
                tie += vp
            elif c == other - 1:
                behind += vp
        pattern = loose = room = closed = 0.0
        for land in data.lands:
            cells, pairs = m.open_cells(s, land)
            vp, left = best_packing(land, cells, pairs, blocked)
            pattern += vp
            loose += left
            free = len(m.frontier(s, land))
            if free:
                room += min(free, ROOM_CAP)
            else:
                closed += 1
        stored = 0.0
        for _, card in m.barns[s]:
            ci = data.cards.get(card) if card not in (None, "hidden") else None
            if ci is not None:
                stored += play_chance(m, s, ci.id, rounds) * (ci.vp if ci.land else STORED_FIGURE_VP)
        out.append([float(sum(data.cards[c].vp for c in m.cards[s] if c in data.cards)), lead, tie, behind,
                    float(m.money[s]), *(float(counts[s][f]) for f in data.figures),
                    pattern, loose, room, closed, stored])
    return out


def stage_of(m: Model, stages: int) -> int:
    """The stage of a position: the rounds ahead after its offer, rounded, at most stages - 1."""
    return max(0, min(stages - 1, math.floor(m.rounds_ahead() + 0.5)))


@dataclass(frozen=True)
class Forecast:
    """Per stage, a weight for each fact and then the constant (`BASE`)."""

    names: tuple[str, ...]
    stages: tuple[tuple[float, ...], ...]

    def predict(self, m: Model) -> list[float]:
        """Every seat's expected final VP."""
        w = self.stages[stage_of(m, len(self.stages))]
        return [sum(x * y for x, y in zip(f, w)) + w[-1] for f in facts(m)]

    def margin(self, m: Model, seat: int, rival_weight: float = 1.0) -> float:
        """Seat's forecast minus `rival_weight` times its best rival's: the value to maximise."""
        pred = self.predict(m)
        return pred[seat] - rival_weight * max(p for s, p in enumerate(pred) if s != seat)


def parse_forecast(doc: Mapping[str, object], shown: str, data: GameData | None = None) -> Forecast:
    """A Forecast from a weights file's contents; DataError names the file and the key."""
    names = fact_names(data)
    listed = doc.get("facts")
    if listed != list(names):
        raise DataError(shown, "facts", f"expected {list(names)} (this ruleset's facts); "
                        "refit with benchmarks/fit_forecast.py")
    stages = doc.get("stage")
    if not isinstance(stages, list) or not 1 <= len(stages) <= MAX_STAGES:
        raise DataError(shown, "stage", f"expected 1 to {MAX_STAGES} [[stage]] tables")
    rows: list[tuple[float, ...]] = []
    for i, st in enumerate(stages):
        where = f"stage[{i}]"
        if not isinstance(st, dict) or st.get("rounds_ahead") != i or isinstance(st.get("rounds_ahead"), bool):
            raise DataError(shown, f"{where}.rounds_ahead", f"expected {i} (the stages in order from 0)")
        w = st.get("weights")
        if not isinstance(w, list) or len(w) != len(names) + 1:
            raise DataError(shown, f"{where}.weights", f"expected {len(names) + 1} numbers (one per fact, then {BASE})")
        for k, x in enumerate(w):
            if isinstance(x, bool) or not isinstance(x, (int, float)) or not math.isfinite(x) or abs(x) > WEIGHT_LIMIT:
                label = names[k] if k < len(names) else BASE
                raise DataError(shown, f"{where}.weights[{k}]", f"{label}: expected a number within ±{WEIGHT_LIMIT:g}")
        rows.append(tuple(float(x) for x in w))
    return Forecast(names, tuple(rows))


def load_forecast(path: Path | None = None) -> Forecast:
    """The forecast in a weights file (the shipped one by default); DataError if it is bad."""
    path = path or resource_path(*FORECAST_FILE)
    shown = "/".join(FORECAST_FILE) if path == resource_path(*FORECAST_FILE) else str(path)
    return parse_forecast(read_toml(path, shown), shown)


@data_caches.register
@lru_cache(maxsize=1)
def shipped_forecast() -> Forecast | None:
    """The shipped forecast, or None (logged) when its file is missing or damaged: the hard
    player then judges its rollouts with the hand-written evaluation and the game goes on."""
    try:
        return load_forecast()
    except DataError as err:
        log.error("the hard player's forecast cannot be read (%s); it judges by the hand-written evaluation", err)
        return None


# ---- fitting (used by benchmarks/fit_forecast.py; pure Python, no numerical library) ----

def ridge(rows: Sequence[Sequence[float]], targets: Sequence[float], penalty: float) -> list[float]:
    """Weights w (one per column, then a constant) minimising the squared error of
    rows @ w + constant against targets plus `penalty` times the squared weights (the
    constant is not penalised). Solved by Gaussian elimination on the normal equations."""
    k = len(rows[0]) + 1
    a = [[0.0] * k for _ in range(k)]
    b = [0.0] * k
    for r, y in zip(rows, targets):
        x = [*r, 1.0]
        for i in range(k):
            xi = x[i]
            if xi == 0.0:
                continue
            b[i] += xi * y
            row = a[i]
            for j in range(k):
                row[j] += xi * x[j]
    for i in range(k - 1):
        a[i][i] += penalty
    for col in range(k):
        pivot = max(range(col, k), key=lambda i: abs(a[i][col]))
        if abs(a[pivot][col]) < 1e-12:
            raise ValueError("the facts do not vary enough to fit (too few games?)")
        a[col], a[pivot] = a[pivot], a[col]
        b[col], b[pivot] = b[pivot], b[col]
        for below in range(col + 1, k):
            f = a[below][col] / a[col][col]
            if f:
                for j in range(col, k):
                    a[below][j] -= f * a[col][j]
                b[below] -= f * b[col]
    w = [0.0] * k
    for i in range(k - 1, -1, -1):
        w[i] = (b[i] - sum(a[i][j] * w[j] for j in range(i + 1, k))) / a[i][i]
    return w


def to_toml(forecast: Forecast, comment: Sequence[str] = ()) -> str:
    """The weights file's text (what `load_forecast` reads back)."""
    lines = [f"# {c}" if c else "#" for c in comment]
    lines.append("facts = [" + ", ".join(f'"{n}"' for n in forecast.names) + "]")
    for i, w in enumerate(forecast.stages):
        lines += ["", "[[stage]]", f"rounds_ahead = {i}",
                  "weights = [" + ", ".join(f"{x:.5f}" for x in w) + "]"]
    return "\n".join(lines) + "\n"

