"""The coach's findings in the player's language: whole sentences with placeholders."""
from __future__ import annotations

from collections.abc import Sequence

from ne_game import i18n, rules
from ne_game.coach import Decision, Review
from ne_game.i18n import _, fmt, nfmt
from ne_game.rules import Action, Ruleset, State
from ne_game.ui.scenes.table.model.log import sentences


def vp(value: float) -> str:
    """A VP estimate as the language writes a number with one decimal."""
    return i18n.number(value, decimals=1)


def move_words(state: State, action: Action, names: Sequence[str], rs: Ruleset, now: bool) -> str:
    """What an action did (`now` False: the log's past tense) or would do (present tense)."""
    try:
        after = rules.position(rules.apply_action(state, action))
    except rules.IllegalAction:
        return ""
    said = sentences(rules.position(state), action, after, list(names), rs, now=now)
    return said[0][1] if said else ""


def decision_sentence(d: Decision, state: State, names: Sequence[str]) -> str:
    """"Round 5: Anne took bid marker 8. Better: Anne takes bid marker 4. About 1.8 VP more
    expected (± 0.6).": the move taken, the better one, and the estimate with its error."""
    rs = state.rs
    taken = move_words(state, d.taken, names, rs, now=False)
    best = move_words(state, d.best, names, rs, now=True)
    if d.round == 0:
        return fmt("Start rounds: {taken} Better: {best} About {vp} VP more expected (± {se}).",
                   taken=taken, best=best, vp=vp(d.loss), se=vp(d.se))
    return fmt("Round {round}: {taken} Better: {best} About {vp} VP more expected (± {se}).",
               round=d.round, taken=taken, best=best, vp=vp(d.loss), se=vp(d.se))


def kind_sentence(kind: str | None) -> str:
    """Where most was lost, as a whole sentence."""
    return {"start": _("Most was lost with the start tiles."), "offer": _("Most was lost in announcing the offer."),
            "bids": _("Most was lost in bidding."), "buying": _("Most was lost in buying."),
            "developing": _("Most was lost in developing land."), "moving": _("Most was lost in moving figures."),
            None: _("Nothing clearly better was found.")}.get(kind, "")


def summary(review: Review, name: str) -> str:
    """One line per reviewed seat: the VP clearly lost (the decisions beyond the noise) and
    where most of it was."""
    n = len(review.decisions)
    head = nfmt("{name} lost about {vp} VP over {n} decision.", "{name} lost about {vp} VP over {n} decisions.",
                n, name=name, vp=vp(review.clear_loss))
    return fmt("{summary} {where}", summary=head, where=kind_sentence(review.worst_kind))
