"""Medium: the hand-written evaluation with one-ply look-ahead over its own choices.

- Start tiles: the placement with most room around it (and a coastal tile for ships).
- Announcement: ends the game when it leads alone, never when it trails; otherwise
  leans towards land tiles or cards by what its areas need.
- Bids: for each free bid marker, guesses which items the players buying earlier
  will take and what it can still buy itself at that price, and takes the marker
  with the best expected gain.
- Buying: tries each legal action on a private model and keeps the best by the
  evaluation; a land tile is also scored together with a land-use card from the offer
  it would make usable. Figures are moved only when that strictly improves the
  evaluation, so a turn cannot loop.

Money and stored cards follow the game's end (evaluation style HORIZON): money is worth
its full rate only up to what the rounds left can turn into items (the rest is nearly
idle, so bids rise as money piles up); in a round that is probably the last it takes the
highest of the best bid markers (money left afterwards buys nothing); in the round the
stock sizes make surely the last, money and open parcels count for nothing after this turn
and the offer is announced with as many cards as it can hold; a card goes into a barn only
when it is likely to be played (`play_chance`), and a stored card that can be played now
is played first. `MediumV1Player` ("medium_v1") is the player as it was before, kept as
the baseline to measure against.
"""
from __future__ import annotations

import math
import random
from collections.abc import Callable
from typing import TYPE_CHECKING, cast

from ne_game.ai.base import BasePlayer, Observation, end_turn_from
from ne_game.ai.common import announce_ends_game, item_action, item_uses, leads_now, start_tile_scorer
from ne_game.ai.evaluation import (
    BASELINE,
    HORIZON,
    STORE_MIN_CHANCE,
    Style,
    best_packing,
    blocked_cards,
    evaluate,
    majority_shares,
    money_vp,
    parcels_missing,
    play_chance,
    player_value,
    purse,
    rounds_for,
)
from ne_game.ai.model import Model, expected_rounds
from ne_game.rules.actions import buy_card, develop

if TYPE_CHECKING:
    from ne_game.ai.common import ItemUse
    from ne_game.rules import Action  # for annotations only
    from ne_game.rules.actions import AnnounceOffer, BuyCard, PlaceStartTile, TakeBid

MOVE_MIN_GAIN = 0.05       # a figure moves only for at least this much evaluation
REVEAL_MIN_GAIN = 0.0      # reveal when the expected best new item is worth this much
COMBO_DISCOUNT = 0.9       # a land+card combo still needs the second purchase to happen
ANNOUNCE_DEFAULT = 4
# In a round that is probably the last (expected rounds ahead at most this), money left
# after it buys nothing: among the markers within the slack (VP) of the best, the highest.
# Measured: 0.5 left 5.9 shillings unspent, 0.75 left 4.2, 1.0 left 3.5 but lost strength.
LAST_ROUND_LIKELY = 0.75
LAST_ROUND_BID_SLACK = 0.3


def seat_value(m: Model, seat: int, style: Style = HORIZON) -> float:
    shares, counts = majority_shares(m)
    return player_value(m, seat, rounds_for(m, style), blocked_cards(m), shares, counts, style)


def item_gain(m: Model, seat: int, item: tuple[str, str], base: float | None = None,
              style: Style = HORIZON) -> tuple[float, ItemUse | None]:
    """Seat's best value gain from getting `item` for free, and the use that gives it."""
    if base is None:
        base = seat_value(m, seat, style)
    best, best_use = -math.inf, None
    slot = -1
    for use in item_uses(m, seat, item):
        m2 = m.copy()
        m2.offer[slot] = item
        m2.bids = list(m2.bids)
        m2.bids[seat] = 0  # free: the price is judged separately
        m2 = m2.apply(item_action(slot, item, use), seat)
        g = seat_value(m2, seat, style) - base
        if g > best:
            best, best_use = g, use
    return best, best_use


class MediumPlayer(BasePlayer):
    kind = "medium"
    style: Style = HORIZON
    play_stored_first = True     # (horizon) a stored card that can be played is played now
    filter_stores = True         # (horizon) a barn only for a card likely to be played
    last_round_offer = True      # (horizon) the certain last round's offer: as many cards as can be
    last_round_bid_high = True   # (horizon) a probable last round: the highest of the best markers

    def decide(self, observation: Observation, legal: list[Action], seat: int) -> Action:
        rng = self.rng_for(observation)
        m = Model.from_observation(observation)
        kind = legal[0]["type"]     # one phase, one kind: every legal action is of this kind (the casts)
        if kind == "place_start_tile":
            return self._best(cast("list[PlaceStartTile]", legal), start_tile_scorer(m, seat), rng)
        if kind == "announce_offer":
            return self.announce(m, seat, cast("list[AnnounceOffer]", legal), rng)
        if kind == "take_bid":
            return self.bid(m, seat, cast("list[TakeBid]", legal), rng)
        return self.buy(m, seat, legal, rng)

    # ---- helpers -------------------------------------------------------------
    def judge(self, m: Model, seat: int) -> float:
        """The score of a position for seat's buying choices."""
        return evaluate(m, seat, self.style)

    @staticmethod
    def _best(legal: list[PlaceStartTile], score: Callable[[PlaceStartTile], float],
              rng: random.Random) -> PlaceStartTile:
        # Tiny noise breaks ties reproducibly without favouring list order.
        return max(legal, key=lambda a: (score(a), rng.random()))

    # ---- announcement --------------------------------------------------------
    def announce(self, m: Model, seat: int, legal: list[AnnounceOffer], rng: random.Random) -> AnnounceOffer:
        ending = [a for a in legal if announce_ends_game(m, a["land_tiles"])]
        going = [a for a in legal if a not in ending]
        if ending and (not going or leads_now(m, seat)):
            return ending[0]
        if self.style.horizon and self.last_round_offer and going and all(self.last_offer(m, a["land_tiles"]) for a in going):
            # The last round for sure: a land tile scores nothing any more unless a card
            # develops it at once, so the offer had best hold as many cards as it can.
            return min(going, key=lambda a: a["land_tiles"])
        want = self.land_share(m, seat)
        target = 3 + want * 3
        return min(going or legal, key=lambda a: (abs(a["land_tiles"] - target), rng.random()))

    @staticmethod
    def last_offer(m: Model, land_tiles: int) -> bool:
        """True when, after announcing `land_tiles`, no later offer can be filled."""
        cards = m.data.offer_slots - land_tiles
        return expected_rounds(m.bag - land_tiles, m.deck - cards) == 0.0

    @staticmethod
    def land_share(m: Model, seat: int) -> float:
        """0..1: how much seat's areas want land tiles rather than cards."""
        blocked = blocked_cards(m)
        want_land, want_cards = 0.0, 1.0  # figures are always of some use
        for land in m.data.lands:
            cells, pairs = m.open_cells(seat, land)
            vp, left = best_packing(land, cells, pairs, blocked)
            want_cards += vp / 3.0
            if m.frontier(seat, land):
                want_land += 1.0 + 0.5 * left
        return want_land / (want_land + want_cards)

    # ---- bids ---------------------------------------------------------------
    def bid(self, m: Model, seat: int, legal: list[TakeBid], rng: random.Random) -> TakeBid:
        scored = self.bid_scores(m, seat, legal)
        if self.style.horizon and self.last_round_bid_high and m.rounds_ahead() <= LAST_ROUND_LIKELY:
            # Probably the last round: money left after it is worth nothing, so among the
            # markers about as good as the best, the highest (first choice). Its score
            # already counts how many items that price still lets it buy.
            best = max(v for _, v in scored)
            close = [a for a, v in scored if v >= best - LAST_ROUND_BID_SLACK]
            return max(close, key=lambda a: (a["value"], rng.random()))
        # Equal expectations: the cheaper marker.
        return max(scored, key=lambda av: (av[1], -av[0]["value"], rng.random()))[0]

    def bid_scores(self, m: Model, seat: int, legal: list[TakeBid]) -> list[tuple[TakeBid, float]]:
        """(take_bid action, expected gain in VP) for each free marker."""
        style = self.style
        rounds = rounds_for(m, style)

        # What spending costs: the purse's worth lost (idle savings cost little).
        def cost(money: int, spent: int) -> float:
            return purse(money, rounds, style) - purse(money - spent, rounds, style)
        items = sorted(m.offer.items())
        gains = self.offer_gains(m, seat, [it for _, it in items])
        free = sorted(a["value"] for a in legal)
        taken = {s: b for s, b in enumerate(m.bids) if b is not None and s != seat}
        waiting = [s for s in range(m.n) if s != seat and m.bids[s] is None]

        def outcome(v: int, ahead: list[tuple[int, int]]) -> float:
            left = set(range(len(items)))
            for s, price in sorted(ahead, key=lambda sp: -sp[1]):
                self._take(gains[s], left, price, m.money[s], cost)
            return self._take(gains[seat], left, v, m.money[seat], cost)

        def expected(v: int) -> float:
            known = [(s, b) for s, b in taken.items() if b > v]
            rest = [x for x in free if x != v]
            p = (sum(1 for x in rest if x > v) / len(rest)) if rest else 0.0
            # Eager bidders (those with most to gain) are assumed to bid above us first.
            order = sorted(waiting, key=lambda s: -sum(sorted(gains[s])[-2:]))
            total = 0.0
            k_max = len(order)
            for k in range(k_max + 1):
                prob = math.comb(k_max, k) * p ** k * (1 - p) ** (k_max - k)
                if prob < 1e-6:
                    continue
                guess = [(s, min(10, v + 1 + i)) for i, s in enumerate(order[:k])]
                total += prob * outcome(v, known + guess)
            return total

        return [(a, expected(a["value"])) for a in legal]

    def offer_gains(self, m: Model, seat: int, items: list[tuple[str, str]]) -> list[list[float]]:
        """Per seat, what each offered item would be worth to it (VP, at least 0)."""
        gains: list[list[float]] = []
        for s in range(m.n):
            base = seat_value(m, s, self.style)
            gains.append([max(0.0, item_gain(m, s, it, base, self.style)[0]) for it in items])
        return gains

    @staticmethod
    def _take(gain: list[float], left: set[int], price: int, money: int, cost: Callable[[int, int], float]) -> float:
        """A buyer takes up to two of its most valuable items worth their price."""
        can = min(2, money // price) if price > 0 else 2
        got = 0.0
        for k in range(can):
            best = max(left, key=lambda i: gain[i], default=None)
            if best is None:
                break
            c = cost(money - k * price, price)
            if gain[best] <= c:
                break
            left.discard(best)
            got += gain[best] - c
        return got

    # ---- buying -------------------------------------------------------------
    def buy(self, m: Model, seat: int, legal: list[Action], rng: random.Random) -> Action:
        scored = self.score_buying(m, seat, legal)
        best_a, best_v = None, -math.inf
        for a, v in scored:
            if v > best_v or (v == best_v and rng.random() < 0.5):
                best_a, best_v = a, v
        return best_a if best_a is not None else (end_turn_from(legal) or legal[0])

    def score_buying(self, m: Model, seat: int, legal: list[Action]) -> list[tuple[Action, float]]:
        """(action, score) for the actions worth considering this buying step."""
        style = self.style
        if style.horizon and self.play_stored_first:
            # A stored card that can be played now is played now (before it is lost).
            plays = [a for a in legal if a["type"] == "play_stored"]
            if plays:
                return [(a, self.judge(m.apply(a, seat), seat)) for a in plays]
        here = self.judge(m, seat)
        out: list[tuple[Action, float]] = []
        price = m.price(seat)
        can_buy_more = m.purchases < m.data.max_purchases and m.money[seat] >= price
        for a in legal:
            t = a["type"]
            if t == "end_turn":
                out.append((a, here))
            elif t == "reveal_extra":
                if can_buy_more:
                    out.append((a, here + self.reveal_gain(m, seat, a)))
            elif t == "move_figure":
                v = self.judge(m.apply(a, seat), seat)
                if v > here + MOVE_MIN_GAIN:
                    out.append((a, v))
            else:
                if style.horizon and self.filter_stores and t == "buy_card" \
                        and "store_in_barn" in cast("BuyCard", a)["use"] \
                        and not self.worth_storing(m, seat, cast("BuyCard", a)):
                    continue
                after = m.apply(a, seat)
                v = self.judge(after, seat)
                if t == "buy_land":
                    v = max(v, self.combo(after, seat))
                out.append((a, v))
        return out

    def worth_storing(self, m: Model, seat: int, action: BuyCard) -> bool:
        """Store a card only when it is likely to be played before the end."""
        item = m.offer.get(int(action["slot"]))
        if item is None or item[0] != "card":
            return False
        if parcels_missing(m, seat, item[1]) == 0:
            return False  # usable now: use it (a barn is for what cannot be used yet)
        return play_chance(m, seat, item[1], rounds_for(m, self.style)) >= STORE_MIN_CHANCE

    def combo(self, after: Model, seat: int) -> float:
        """Value of following a land tile with a land-use card it makes usable."""
        price = after.price(seat)
        if after.purchases >= after.data.max_purchases or after.money[seat] < price:
            return -math.inf
        best = -math.inf
        for slot, item in after.offer.items():
            if item[0] != "card" or after.data.cards[item[1]].land is None:
                continue
            for pl in after.develop_options(seat, item[1]):
                a = buy_card(slot, develop(pl))
                best = max(best, self.judge(after.apply(a, seat), seat))
        if best == -math.inf:
            return best
        return best * COMBO_DISCOUNT + (1 - COMBO_DISCOUNT) * self.judge(after, seat)

    def reveal_gain(self, m: Model, seat: int, action: Action) -> float:
        """Expected best gain of one extra random item of the chosen source."""
        src = action.get("source", "card")
        style = self.style
        base = seat_value(m, seat, style)
        if src == "land":
            counts = {land: k for land, k in m.bag_counts.items() if k > 0} or dict.fromkeys(m.data.lands, 1)
            total = sum(counts.values())
            exp = sum(k * max(0.0, item_gain(m, seat, ("land", land), base, style)[0])
                      for land, k in counts.items()) / total
        else:
            counts = {c: k for c, k in m.deck_counts.items() if k > 0}
            total = sum(counts.values())
            if not total:
                return -1.0
            exp = sum(k * max(0.0, item_gain(m, seat, ("card", c), base, style)[0])
                      for c, k in counts.items()) / total
        price, money = m.price(seat), m.money[seat]
        if style.horizon:
            rounds = rounds_for(m, style)
            cost = purse(money, rounds, style) - purse(money - price, rounds, style)
        else:
            cost = price * money_vp(m.future_rounds() + 1)
        return max(0.0, exp - cost) * 0.8 + REVEAL_MIN_GAIN


class MediumV1Player(MediumPlayer):
    """The medium player before it followed the game's end: the baseline ("medium_v1")."""

    kind = "medium_v1"
    style = BASELINE
