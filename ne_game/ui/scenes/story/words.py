"""A story fact as one sentence of the player's language (the history hands over numbers only)."""
from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ne_game.i18n import fmt, join_list, nfmt
from ne_game.ui.text.words import card_name, figure_name

if TYPE_CHECKING:
    from ne_game.history.story import StoryFact


def fact_sentence(fact: StoryFact, names: Sequence[str]) -> str:
    """The sentence for `fact` (see ne_game.history.story for the kinds); "" for an unknown kind."""
    kind = fact.get("kind")

    def name(seat: int | None) -> str:
        return names[seat] if seat is not None and 0 <= seat < len(names) else "?"

    if kind == "biggest_development":
        if fact.get("from_barn"):
            return nfmt("The biggest development: {name} took {card} out of a barn in round {round} and "
                        "developed {n} parcel for {vp} VP.",
                        "The biggest development: {name} took {card} out of a barn in round {round} and "
                        "developed {n} parcels for {vp} VP.", int(fact["parcels"]),
                        name=name(fact["seat"]), card=card_name(fact["card"]), round=fact["round"], vp=fact["vp"])
        return nfmt("The biggest development: {name} developed {n} parcel with {card} in round {round}, "
                    "for {vp} VP.",
                    "The biggest development: {name} developed {n} parcels with {card} in round {round}, "
                    "for {vp} VP.", int(fact["parcels"]),
                    name=name(fact["seat"]), card=card_name(fact["card"]), round=fact["round"], vp=fact["vp"])
    if kind == "best_bargain":
        return nfmt("The best bargain: {name} paid {n} shilling for {card} in round {round} and scored "
                    "{vp} VP with it.",
                    "The best bargain: {name} paid {n} shillings for {card} in round {round} and scored "
                    "{vp} VP with it.", int(fact["price"]),
                    name=name(fact["seat"]), card=card_name(fact["card"]), round=fact["round"], vp=fact["vp"])
    if kind == "most_spent_round":
        return nfmt("The biggest shopping round: {name} spent {n} shilling in round {round}.",
                    "The biggest shopping round: {name} spent {n} shillings in round {round}.", int(fact["spent"]),
                    name=name(fact["seat"]), round=fact["round"])
    if kind == "late_majority":
        holders = list(fact.get("seats") or [])
        who = join_list([name(s) for s in holders])
        return nfmt("The {figures} majority was settled last, in round {round}: {names} scored {vp} VP for it.",
                    "The {figures} majority was settled last, in round {round}: {names} shared it, {vp} VP each.",
                    len(holders), figures=figure_name(fact["figure"], 2), round=fact["round"], names=who,
                    vp=fact["vp"])
    if kind == "comeback":
        return nfmt("A comeback: {name} was {n} VP behind the leader after round {round} and still won.",
                    "A comeback: {name} was {n} VP behind the leader after round {round} and still won.",
                    int(fact["behind"]), name=name(fact["seat"]), round=fact["round"])
    if kind == "close_finish":
        winners = list(fact.get("winners") or [])
        if fact.get("shared"):
            return fmt("A shared win: {names} finished level on VP and on shillings.",
                       names=join_list([name(s) for s in winners]))
        if fact.get("money_decided"):
            return fmt("Level on VP: {name} won on shillings, {money} against {other}.",
                       name=name(winners[0] if winners else None), money=fact["winner_money"],
                       other=fact["runner_up_money"])
        return nfmt("A close finish: {name} finished {n} VP ahead of {other}.",
                    "A close finish: {name} finished {n} VP ahead of {other}.", int(fact["margin"]),
                    name=name(winners[0] if winners else None), other=name(fact.get("runner_up")))
    return ""


def fact_position(fact: StoryFact) -> int | None:
    """Where the replay shows a fact: just after its action (None: a fact of the whole game)."""
    index = fact.get("index")
    return int(index) + 1 if isinstance(index, int) else None
