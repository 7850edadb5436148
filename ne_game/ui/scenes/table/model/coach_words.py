"""The coach's findings in the player's language: whole sentences with placeholders (here, by the
table, because the table says them too: Coach while I play, motion/live_coach.py)."""
from __future__ import annotations

import logging
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import cast

from ne_game import i18n, rules
from ne_game.coach import Decision, Review
from ne_game.coach.bids import BidRound, Bids, Habit
from ne_game.coach.reasons import Step, Why, restates
from ne_game.coach.review import CLEAR_WORLDS
from ne_game.coach.review import Habit as FindingHabit
from ne_game.i18n import N_, _, fmt, nfmt, pfmt, pgettext
from ne_game.rules import Action, State
from ne_game.ui.scenes.table.model.geometry import cell_name, cells_name
from ne_game.ui.scenes.table.model.table_words import item_words
from ne_game.ui.text.words import a_figure, a_land_tile, card_name, figure_name, figure_title, land_word, ruleset

log = logging.getLogger(__name__)


def vp(value: float) -> str:
    """A VP estimate as the language writes a number with one decimal."""
    return i18n.number(value, decimals=1)


def _say(taken: bool, past: str, advice: str, **values: object) -> str:
    """`past` for the move the player made ("You bought …"), `advice` for the better one ("buy …")."""
    return fmt(past if taken else advice, **values)


def move_words(state: State, action: Action, taken: bool) -> str:
    """What the seat's own move did ("You bought a field tile for 2 and placed it at G2.") or, for
    the better move, what to do ("buy a field tile for 2 and place it at G1."): the coach speaks
    to the seat in one voice, as its reasons do ("your move"), never by name (playtest 2:
    "Mercy bought …" beside "Your move let a rival …")."""
    try:
        after = rules.position(rules.apply_action(state, action))
    except rules.IllegalAction:
        return ""
    before, rs = rules.position(state), state.rs
    seat = before.current_player
    t = action["type"]
    if action["type"] == "place_start_tile":
        return _say(taken, N_("You placed the start tile ({land}) at {cells}."),
                    N_("place the start tile ({land}) at {cells}."), land=land_word(action["land"]),
                    cells=cells_name(action["cells"]))
    if action["type"] == "announce_offer":
        n = action["land_tiles"]
        if after.phase == "game_over":
            return _say(taken, N_("You announced {lands} land tiles: too few in stock, the game ended."),
                        N_("announce {lands} land tiles: too few in stock, the game ends."), lands=n)
        return _say(taken, N_("You announced {lands} land tiles and {cards} cards."),
                    N_("announce {lands} land tiles and {cards} cards."), lands=n, cards=rs.offer_slots - n)
    if action["type"] == "take_bid":
        return _say(taken, N_("You took bid marker {value}."), N_("take bid marker {value}."), value=action["value"])
    if action["type"] == "reveal_extra":
        old = {o.slot for o in before.offer}
        new = [o for o in after.offer if o.slot not in old]
        what = item_words(new[0], rs) if new else (a_land_tile(None) if action["source"] == "land" else _("a card"))
        # the rules' words (§4.3: a player no one has more ships than may reveal one extra item;
        # ties count), not "the ship majority", which a newcomer reads as the majority card scored
        # at the end (playtest 6b), nor "the most ships" for a 1-1 tie (playtest 7b)
        if not taken:
            # the better move's item is unseen until drawn: the coach's games each drew their own
            # (playtest 10d: "a pasture tile" named as certain, then "in 8 games you buy a field
            # tile"), so the advice says only what they all agree on, where it comes from
            if action["source"] == "land":
                return _("reveal an extra item (your ships are as many as anyone's): a land tile from the bag, unseen "
                         "until you draw it.")
            return _("reveal an extra item (your ships are as many as anyone's): a card from the deck, unseen until "
                     "you draw it.")
        return fmt("Your ships (as many as anyone's) let you reveal an extra item: {item}.", item=what)
    if action["type"] == "buy_land" and seat is not None:
        item = before.offer_item(action["slot"])
        return _say(taken, N_("You bought {tile} for {price} and placed it at {cell}."),
                    N_("buy {tile} for {price} and place it at {cell}."),
                    tile=a_land_tile(item.land if item else None), price=before.players[seat].bid,
                    cell=cell_name(action["cell"]))
    if action["type"] == "buy_card" and seat is not None:
        item = before.offer_item(action["slot"])
        card = item.card if item is not None and item.card else None
        price, use = before.players[seat].bid, action["use"]
        if "develop" in use:
            return _say(taken, N_("You bought {card} for {price} and developed {cells}."),
                        N_("buy {card} for {price} and develop {cells}."),
                        card=card_name(card, definite=False), price=price, cells=cells_name(use["develop"]))
        if "figure_on" in use:
            spec = rs.cards.get(card) if card else None
            fig = spec.figure if spec is not None and spec.figure else card
            # the figure just named, said again as a pronoun (playtest 11b: "posez l'étable en I8" read
            # word for word; "posez-la"): one sentence per figure of the game, so that each language
            # gives the pronoun its figure's gender; a figure of another ruleset is named again
            v: dict[str, object] = dict(figure=a_figure(fig), price=price, cell=cell_name(use["figure_on"]))
            said = {("pilgrim", True): lambda: pfmt("'it': the pilgrim", "You bought {figure} for {price} and placed "
                                                    "it on {cell}.", **v),
                    ("pilgrim", False): lambda: pfmt("'it': the pilgrim", "buy {figure} for {price} and place it on "
                                                     "{cell}.", **v),
                    ("barn", True): lambda: pfmt("'it': the barn", "You bought {figure} for {price} and placed it on "
                                                 "{cell}.", **v),
                    ("barn", False): lambda: pfmt("'it': the barn", "buy {figure} for {price} and place it on {cell}.",
                                                  **v),
                    ("ship", True): lambda: pfmt("'it': the ship", "You bought {figure} for {price} and placed it on "
                                                 "{cell}.", **v),
                    ("ship", False): lambda: pfmt("'it': the ship", "buy {figure} for {price} and place it on {cell}.",
                                                  **v)}.get((fig or "", taken))
            if said is not None:
                return said()
            return _say(taken, N_("You bought {figure} for {price} and placed {the_figure} on {cell}."),
                        N_("buy {figure} for {price} and place {the_figure} on {cell}."),
                        figure=a_figure(fig), the_figure=the_figure(fig), price=price, cell=cell_name(use["figure_on"]))
        # the seat's own review: the card stored is the seat's own knowledge, so it is named
        return _say(taken, N_("You bought {card} for {price} and stored it face down in the barn at {cell}."),
                    N_("buy {card} for {price} and store it face down in the barn at {cell}."),
                    card=card_name(card, definite=False), price=price, cell=cell_name(use["store_in_barn"]))
    if action["type"] == "play_stored" and seat is not None:
        # the card's face shows once it is played: read it from the position after
        gained = after.players[seat].cards[len(before.players[seat].cards):]
        card = gained[0] if gained else None
        use, where = action["use"], cell_name(action["barn"])
        if card and "develop" in use:
            return _say(taken, N_("You took {card} out of the barn at {barn} and developed {cells}."),
                        N_("take {card} out of the barn at {barn} and develop {cells}."),
                        card=card_name(card), barn=where, cells=cells_name(use["develop"]))
        if "figure_on" in use:
            spec = rs.cards.get(card) if card else None
            fig = (spec.figure or card) if spec is not None else card
            return _say(taken, N_("You took {figure} out of the barn at {barn} and placed it on {cell}."),
                        N_("take {figure} out of the barn at {barn} and place it on {cell}."),
                        figure=a_figure(fig), barn=where, cell=cell_name(use["figure_on"]))
        return _say(taken, N_("You played the card stored in the barn at {barn}."),
                    N_("play the card stored in the barn at {barn}."), barn=where)
    if action["type"] == "move_figure":
        tile = before.tile_at((action["from"][0], action["from"][1]))
        return _say(taken, N_("You moved {figure} from {start} to {end}."), N_("move {figure} from {start} to {end}."),
                    figure=a_figure(tile.figure if tile else None), start=cell_name(action["from"]),
                    end=cell_name(action["to"]))
    if action["type"] == "end_turn":
        return _say(taken, N_("You ended your turn."), N_("end your turn."))
    log.warning("the coach has no words for a %s move", t)
    return ""


def decision_sentence(d: Decision, state: State, names: Sequence[str], same_as: Decision | None = None,
                      folded: Sequence[Decision] = (), hinted: bool = False) -> str:
    """"Round 5: Anne took bid marker 8. Better: Anne takes bid marker 4. Probably about 1.8 VP
    better. With marker 4 you hold …": the move taken, the better one, how sure, and why.
    Ending the turn too early reads as what to do first ("Move the ship from J9 to F1 before
    ending your turn."), not as if ending the turn were the mistake. `hinted`: the seat asked the
    Hint at some decision of the game (a finding then says whether this move was the Hint's)."""
    best = line_words(d, state) or move_words(state, d.best, taken=False)
    sure = clearly_sentence(d)
    if d.taken["type"] == "end_turn" and d.best["type"] != "end_turn" and d.best["type"] != "move_figure":
        # what the player did, then what to do first (playtest 3b: "Before ending your turn, buy …"
        # never said that the turn was ended with the shillings still in hand)
        seat = rules.current_player(state)
        money = rules.position(state).players[seat].money if seat is not None else 0
        taken = nfmt("You ended your turn with {money} shilling.", "You ended your turn with {money} shillings.",
                     money, money=money)
        head = (fmt("Start rounds: {taken} Better: {best}", taken=taken, best=best) if d.round == 0 else
                fmt("Round {round}: {taken} Better: {best}", round=d.round, taken=taken, best=best))
    elif d.taken["type"] == "end_turn" and d.best["type"] != "end_turn":
        first = before_ending(d.best, state) or fmt("Before ending your turn, {best}", best=best)
        head = (fmt("Start rounds: {first}", first=first) if d.round == 0 else
                fmt("Round {round}: {first}", round=d.round, first=first))
    elif d.taken["type"] == "reveal_extra" and d.best["type"] != "reveal_extra":
        # revealing is optional (rules §4.3); the better move skips it (playtest 7b: the finding
        # read as if the reveal had been forced on the player)
        taken = move_words(state, d.taken, taken=True)
        head = fmt("Round {round}: {taken} Revealing it was your choice, not a duty. Better, without revealing: "
                   "{best}", round=d.round, taken=taken, best=best)
    else:
        taken = move_words(state, d.taken, taken=True)
        head = (fmt("Start rounds: {taken} Better: {best}", taken=taken, best=best) if d.round == 0 else
                fmt("Round {round}: {taken} Better: {best}", round=d.round, taken=taken, best=best))
    parts = [head, sure]
    parts.append(hint_sentence(d, state, hinted))
    why = reason(d, state, names)
    # the same loss as the finding before it, for reasons that would be said again word for word
    # (playtest 14b, Josiah's two round-5 findings): the headline and the short line only
    again = same_as is not None and why == reason(same_as, state, names)
    if same_as is not None and again and vp(same_as.loss) != vp(d.loss):
        parts.append(fmt("This is the same loss as the finding before it, in round {round}, for the same reasons, "
                         "said there, where it shows as about {vp} VP: each finding is measured in its own games, so "
                         "the two sizes differ a little. The total counts it only once, at the larger size.",
                         round=same_as.round, vp=vp(same_as.loss)))
    elif same_as is not None and again:
        parts.append(fmt("This is the same loss as the finding before it, in round {round}, for the same reasons, "
                         "said there: your total counts it only once.", round=same_as.round))
    else:
        parts.append(why)
    if again:
        pass    # said above, with the reasons
    elif same_as is not None and vp(same_as.loss) != vp(d.loss):
        # the two sizes come from two sets of the coach's games (playtest 7b: "the same loss" shown
        # as 1.8 and 1.9 VP): the earlier one's is counted, and the sentence says why they differ
        parts.append(fmt("This is the same loss as the finding before it, in round {round}, where it shows as about "
                         "{vp} VP: each finding is measured in its own games, so the two sizes differ a little. The "
                         "total counts it only once, at the larger size.", round=same_as.round, vp=vp(same_as.loss)))
    elif same_as is not None:
        parts.append(fmt("This is the same loss as the finding before it, in round {round}: your total counts it only "
                         "once.",
                         round=same_as.round))
    for early in folded:
        # an earlier move whose loss the coach's games show to be this one's (playtest 8b: the reveal
        # was flagged for where the revealed tile was then placed): said here, never a finding of its own
        # (playtest 14b: "the coach's games from your reveal" was the coach's inside, and "reveal"
        # was not yet said: what the earlier move was, then that the coach judged it too)
        if early.taken["type"] == "take_bid" and d.taken["type"] == "end_turn":
            # the bid's loss was the shillings left unspent after it (playtest 9b: Mercy's round 3)
            parts.append(fmt("The coach also judged your bid of marker {marker} just before and found this same loss "
                             "there: with marker {marker} you could still buy what the better move here buys. The bid "
                             "was not the mistake, ending the turn with the shillings was. Your total counts this loss "
                             "only once.", marker=early.taken["value"]))
        elif early.taken["type"] == "reveal_extra" and early.taken["source"] == "land":
            parts.append(_("Just before, you revealed an extra item: as your ships allowed, you drew one more land "
                           "tile from the bag onto the offer. The coach judged that reveal too and found this same "
                           "loss there: revealing was not the mistake, the placement was. Your total counts this loss "
                           "only once."))
        elif early.taken["type"] == "reveal_extra":
            parts.append(_("Just before, you revealed an extra item: as your ships allowed, you drew one more card "
                           "from the deck onto the offer. The coach judged that reveal too and found this same loss "
                           "there: revealing was not the mistake, the placement was. Your total counts this loss only "
                           "once."))
        else:
            parts.append(fmt("The coach also judged your move just before it, in round {round}, and found this same "
                             "loss there: that move was not the mistake, this one was. Your total counts this loss "
                             "only once.", round=early.round))
    # sentences follow one another through the catalogue (a language may put them otherwise),
    # so the whole finding is one text wherever it is wrapped
    return _sentences(parts)


def line_words(d: Decision, state: State) -> str:
    """The better LINE, when the placement commutes (reasons._commutes; playtest 13b, Mercy's round 5:
    "Better: buy a pilgrim … and place it on J3" over a reason that says where the pilgrim stands
    hardly matters): the finding's point is the turn's two purchases of one figure card, so the
    headline names them, "buy both copies of the Pilgrim card on the offer this turn: a pilgrim on
    J3, then a pilgrim on A7". Read from the facts: the commuting chain (the better parcel, its first step), the
    cause's purchase after it in the coach's games (the second parcel; else the move taken's, which
    `_commutes` found to be the same) and the offer at the decision (two copies: "both"). "" for
    any other finding: its headline is the better move itself."""
    chain = next((w for w in d.why if w.kind == "chain" and w.detail == "majority" and w.amount), None)
    if chain is None or d.best["type"] != "buy_card" or d.taken["type"] != "buy_card":
        return ""
    placed = chain.step("main")
    cause = next((w for w in d.why if w.kind == "cause" and w.detail == "better"), None)
    second = cause.step("main") if cause is not None else None
    use = d.taken["use"]
    taken_on = cell_name(use["figure_on"]) if "figure_on" in use else ""
    other = second.where if second is not None and second.where else taken_on
    before = rules.position(state)
    item = before.offer_item(d.best["slot"])
    card = item.card if item is not None else None
    spec = ruleset().cards.get(card) if card else None
    if placed is None or spec is None or not spec.figure or spec.figure != chain.item or not other \
            or other == placed.where:
        return ""
    copies = sum(1 for o in before.offer if o.card == card)
    values: dict[str, object] = dict(figure=figure_title(spec.figure), a_figure=a_figure(spec.figure),
                                     parcel=placed.where, other=other)
    if copies == 2:
        return fmt("buy both copies of the {figure} card on the offer this turn: {a_figure} on {parcel}, then "
                   "{a_figure} on {other}.", **values)
    return fmt("buy two copies of the {figure} card on the offer this turn: {a_figure} on {parcel}, then {a_figure} "
               "on {other}.", **values)


def hint_sentence(d: Decision, state: State, hinted: bool = False) -> str:
    """Whether the move taken was the Hint's (playtest 10d: "Player 1 followed the Hint in 44
    decisions. None of them clearly cost VP." over a finding that never said it was not one of
    them): followed, another move suggested (which, when the review kept it), or not asked here
    by a seat that asked it elsewhere; "" when the seat never asked it."""
    if d.followed_hint:
        return _("You followed the Hint here; the games the coach played on from here show it clearly worse this time.")
    if d.followed_hint is False:
        if d.hint is not None and rules.action_key(d.hint) == rules.action_key(d.best):
            return _("The Hint suggested the better move here.")
        hint = move_words(state, d.hint, taken=False) if d.hint is not None else ""
        if hint:
            return fmt("The Hint suggested another move here: {move}", move=hint)
        return _("The Hint suggested another move here.")
    if hinted:
        return _("You did not ask the Hint here: this move was your own, not the Hint's.")
    return ""


def _sentences(parts: list[str]) -> str:
    """Sentences one after another, through the catalogue (a language may set them otherwise),
    so that the whole is one text wherever it is wrapped."""
    line = ""
    for part in parts:
        if part:
            line = fmt("{summary} {where}", summary=line, where=part) if line else part
    return line


def before_ending(best: Action, state: State) -> str:
    """"Move the ship from J9 to F1 before ending your turn." (a figure moved; "" otherwise)."""
    if best["type"] != "move_figure":
        return ""
    src, dst = best["from"], best["to"]
    tile = rules.position(state).tile_at((src[0], src[1]))
    figure = tile.figure if tile is not None else None
    return fmt("Move the {figure} from {source} to {target} before ending your turn.",
               figure=figure_name(figure), source=cell_name(src), target=cell_name(dst))


def few(n: int) -> bool:
    """Too few games to quote their number as proof (playtest 13b: "Probably better … in all 3 games"):
    fewer than the coach needs to call a finding clear (review.CLEAR_WORLDS). The coach plays on
    from a decision for its time budget, at least 3 games (review.MIN_WORLDS); near the end each game
    runs to the game's end, and 3 to 7 are common there (59 of the 145 decisions of playtest 13b's
    three seats). "In all 3 games" then reads as proof; "in every game the coach played on from
    here", with "Probably" and a word that they were few, says what the samples show."""
    return n < CLEAR_WORLDS


def clearly_sentence(d: Decision) -> str:
    """How much better and how sure, in plain words (no "± 0.6"); with few games, that they were few."""
    if d.clearly:
        return fmt("Clearly better, by about {vp} VP.", vp=vp(d.loss))
    if few(d.worlds):
        return fmt("Probably better, by about {vp} VP: the coach could play on only a few games from here, so this "
                   "is less sure.", vp=vp(d.loss))
    return fmt("Probably better, by about {vp} VP.", vp=vp(d.loss))


def reason(d: Decision, state: State | None = None, names: Sequence[str] = ()) -> str:
    """Why, from what differed between the sampled futures (ne_game/coach/reasons.py): whole
    sentences naming the card, the majority, the land or the shillings; never more than the
    samples show. A parcel fact that only restates the better move is left out (a review
    stored before the coach knew it still has some); one the better move frees by moving a
    figure off it says so (`state`: the position of the decision, to name the figure; `names`:
    the seats' names, to say which rival got a figure)."""
    coastal = frozenset(f for f, spec in ruleset().figures.items() if spec.coastal_only)
    facts = [w for w in d.why if not restates(w, cast(dict[str, object], d.best), coastal)]
    # "the games the coach played on from here" once; after it, "of those games" (playtest 5b:
    # the phrase two or three times in a finding made it hard to read)
    said: list[str] = []
    for k, w in enumerate(facts):
        nxt = facts[k + 1] if k + 1 < len(facts) else None
        if k and _kept(facts[k - 1], w) is not None:
            continue    # the chain before it said this purchase, with the barn (playtest 10f)
        if w.kind == "chain" and _kept(w, nxt) is not None:
            said.append(chain_sentence(w, _kept(w, nxt)))
            continue
        if w.kind == "cause" and k and facts[k - 1].kind == "chain" and facts[k - 1].detail == "majority" \
                and facts[k - 1].amount:
            # the chain has said the second purchase and that the move taken could make it too
            # (playtest 11b): the cause says only what happens instead
            said.append(cause_sentence(w, names, state, d.clearly, second_said=True))
            continue
        said.append(blocked_sentence(w, d.best, state, again=k > 0)
                    or why_sentence(w, names, again=k > 0, state=state, sure=d.clearly, loss=d.loss))
        # after the rival's purchase that the cause says, when it follows (playtest 10j)
        rival = w if w.kind == "rival_card" else facts[k - 1] if k and w.kind == "cause" else None
        if rival is not None and rival.kind == "rival_card" and not (w is rival and nxt is not None
                                                                    and nxt.kind == "cause"):
            said.append(announce_sentence(d, rival))
    if not said and d.loss > 0:
        # no difference the coach can name: say so plainly, with the size of the estimate's preference
        return fmt("The games the coach played on from here differ only in the board's position; the coach's estimate of the rest of the game "
                   "prefers the better move by about {vp} VP.", vp=vp(d.loss))
    return _sentences(said)


def announce_sentence(d: Decision, w: Why) -> str:
    """How an announcement lets a rival take a card (playtest 10j, Mercy's round 4: "your move let a
    rival take the square card" did not say how announcing could): the offer is drawn anew after the
    announcement, its cards from the deck (rules §4.1), and the move taken draws more of them. ""
    when the moves are not two announcements, or the move taken draws no more cards."""
    if d.taken["type"] != "announce_offer" or d.best["type"] != "announce_offer" or w.kind != "rival_card":
        return ""
    slots = ruleset().offer_slots
    taken, best = slots - int(d.taken["land_tiles"]), slots - int(d.best["land_tiles"])
    if taken <= best:
        return ""
    return nfmt("The offer is drawn anew after your announcement, its cards from the deck: your move draws {taken} "
                "card, the better move {better}, and each card more is one more chance for {card} to come up "
                "for a rival.",
                "The offer is drawn anew after your announcement, its cards from the deck: your move draws {taken} "
                "cards, the better move {better}, and each card more is one more chance for {card} to come up "
                "for a rival.", taken, taken=taken, better=best, card=card_name(w.item))


def _kept(chain: Why, cause: Why | None) -> Step | None:
    """The barn purchase a "coast" chain's card is (playtest 10f, Josiah's round 4: "frees H1 for the
    L-shaped field card, which you buy next" and then "With the better move you buy an L-shaped field
    card ... and keep it in the barn at H8" read as two plans for one card): the cause's main step
    when it buys that very card into a barn and the cause says nothing else; None otherwise."""
    if chain.kind != "chain" or chain.detail != "coast" or cause is None or cause.kind != "cause":
        return None
    card, main = chain.step("card"), cause.step("main")
    if card is None or card.source != "bought" or main is None or main.item != card.item or main.use != "store" \
            or not main.where or main.seat != cause.seat or cause.detail != "better" \
            or any(st.role != "main" for st in cause.steps):
        return None
    return main


def futures_words(w: Why, again: bool = False, against: bool = False) -> str:
    """In how many of the games the coach played on the fact holds: said in full the first
    time in a finding, after that as "of those games"; `against`: with how many after your move.
    When every game agrees it is said lighter (playtest 7b: "in 39 of 39 games ... against 0 after
    your move" in every fact): "in all 39 games the coach played on from here; after your move, in
    none" (a zero is its own words, never a plural form of 0)."""
    every, none = w.better == w.worlds, w.taken == 0
    if every and few(w.worlds):
        # too few games to quote their number as proof (playtest 13b: "in all 3 games")
        if against and none:
            return _("in every one of those games, and in none after your move") if again else \
                _("in every game the coach played on from here; after your move, in none")
        if against:
            return fmt("in every one of those games, against {taken} after your move", taken=w.taken) if again else \
                fmt("in every game the coach played on from here, against {taken} after your move", taken=w.taken)
        return _("in every one of those games") if again else _("in every game the coach played on from here")
    if against and every and none:
        if again:
            # the finding has named the games and said the contrast once (playtest 8b: "in all 40 of
            # those games; after your move, in none" two or three times in a finding): said shortly,
            # never dropped
            return _("in every one of those games, and in none after your move")
        return nfmt("in all {n} games the coach played on from here; after your move, in none",
                    "in all {n} games the coach played on from here; after your move, in none", w.worlds, n=w.worlds)
    if against and none:
        if again:
            return nfmt("in {better} of those {n} game; after your move, in none",
                        "in {better} of those {n} games; after your move, in none", w.worlds,
                        better=w.better, n=w.worlds)
        return nfmt("in {better} of {n} game the coach played on from here; after your move, in none",
                    "in {better} of {n} games the coach played on from here; after your move, in none", w.worlds,
                    better=w.better, n=w.worlds)
    if against and every:
        # "in all 12 games ..., against 1 after your move" (playtest 8b: "in 12 of 12 games" beside
        # "in all 10 games" in the twin finding read as two kinds of count)
        if again:
            return nfmt("in all {n} of those games, against {taken} after your move",
                        "in all {n} of those games, against {taken} after your move", w.worlds,
                        n=w.worlds, taken=w.taken)
        return nfmt("in all {n} games the coach played on from here, against {taken} after your move",
                    "in all {n} games the coach played on from here, against {taken} after your move", w.worlds,
                    n=w.worlds, taken=w.taken)
    if against:
        if again:
            return nfmt("in {better} of those {n} game, against {taken} after your move",
                        "in {better} of those {n} games, against {taken} after your move", w.worlds,
                        better=w.better, n=w.worlds, taken=w.taken)
        return nfmt("in {better} of {n} game the coach played on from here, against {taken} after your move",
                    "in {better} of {n} games the coach played on from here, against {taken} after your move",
                    w.worlds, better=w.better, n=w.worlds, taken=w.taken)
    if every:
        if again:
            return nfmt("in all {n} of those games", "in all {n} of those games", w.worlds, n=w.worlds)
        return nfmt("in all {n} games the coach played on from here", "in all {n} games the coach played on from here",
                    w.worlds, n=w.worlds)
    if again:
        return nfmt("in {better} of those {n} game", "in {better} of those {n} games", w.worlds,
                    better=w.better, n=w.worlds)
    return nfmt("in {better} of {n} game the coach played on from here",
                "in {better} of {n} games the coach played on from here", w.worlds,
                better=w.better, n=w.worlds)


def rivals_words(w: Why, again: bool = False) -> str:
    """A rival's gain after your move, then after the better move ("in 16 of those 16 games;
    after the better move, in 5"), lighter when every game agrees ("in all 16 of those games;
    after the better move, in none")."""
    every, none = w.taken == w.worlds, w.better == 0
    if every and few(w.worlds):
        # (playtest 13b: too few games to quote their number as proof)
        if none:
            return _("in every one of those games, and in none after the better move") if again else \
                _("in every game the coach played on from here; after the better move, in none")
        return fmt("in every one of those games; after the better move, in {better}", better=w.better) if again \
            else fmt("in every game the coach played on from here; after the better move, in {better}",
                     better=w.better)
    if every and none:
        if again:
            return _("in every one of those games, and in none after the better move")
        return nfmt("in all {n} games the coach played on from here; after the better move, in none",
                    "in all {n} games the coach played on from here; after the better move, in none", w.worlds,
                    n=w.worlds)
    if none:
        if again:
            return nfmt("in {taken} of those {n} game; after the better move, in none",
                        "in {taken} of those {n} games; after the better move, in none", w.worlds,
                        taken=w.taken, n=w.worlds)
        return nfmt("in {taken} of {n} game the coach played on from here; after the better move, in none",
                    "in {taken} of {n} games the coach played on from here; after the better move, in none",
                    w.worlds, taken=w.taken, n=w.worlds)
    if every:
        if again:
            return nfmt("in all {n} of those games; after the better move, in {better}",
                        "in all {n} of those games; after the better move, in {better}", w.worlds,
                        n=w.worlds, better=w.better)
        return nfmt("in all {n} games the coach played on from here; after the better move, in {better}",
                    "in all {n} games the coach played on from here; after the better move, in {better}",
                    w.worlds, n=w.worlds, better=w.better)
    if again:
        return nfmt("in {taken} of those {n} game; after the better move, in {better}",
                    "in {taken} of those {n} games; after the better move, in {better}", w.worlds,
                    taken=w.taken, n=w.worlds, better=w.better)
    return nfmt("in {taken} of {n} game the coach played on from here; after the better move, in {better}",
                "in {taken} of {n} games the coach played on from here; after the better move, in {better}",
                w.worlds, taken=w.taken, n=w.worlds, better=w.better)


def why_sentence(w: Why, names: Sequence[str] = (), again: bool = False, state: State | None = None,
                 sure: bool = True, loss: float | None = None) -> str:
    """One difference as a whole sentence in the player's language (`names`: the seats', to name
    a rival; "a rival" without them; `again`: not the finding's first fact; `state`: the
    decision's position, to say a figure leaves a parcel; `sure`: the finding is "clearly" better,
    else a rival's purchase is hedged, `cause_sentence`; `loss`: the finding's size, which a split
    by source in numbers must add up to, else it says only which source is most)."""
    futures, versus = futures_words(w, again), futures_words(w, again, against=True)
    if w.kind == "card":
        return fmt("With the better move you hold {card} ({vp} VP) {futures}.", card=card_name(w.item), vp=w.vp,
                   futures=versus)
    if w.kind == "card_more":
        return fmt("With the better move you hold one more copy of {card} ({vp} VP) {futures}.",
                   card=card_name(w.item), vp=w.vp, futures=futures)
    if w.kind == "majority" and len(w.counts) == 4 and w.counts[0] == w.counts[1]:
        # a tie in the typical future is no "most" (playtest 4b: "you have the most barns ... 2 barns
        # to the best rival's 2" read as a contradiction); the rules give every tied player the full VP
        said = fmt("With the better move you share the most {figures} (every tied player scores the majority's "
                   "full {vp} VP) {futures}.", figures=figure_name(w.item, 2), vp=w.vp, futures=versus)
        return _sentences([said, counts_sentence(w)])
    if w.kind == "chain":
        return chain_sentence(w)
    if w.kind == "majority":
        said = fmt("With the better move you have the most {figures} (the majority, {vp} VP) {futures}.",
                   figures=figure_name(w.item, 2), vp=w.vp, futures=versus)
        return _sentences([said, counts_sentence(w)])
    if w.kind == "rival_card":
        return fmt("Your move let a rival take {card} ({vp} VP) {futures}.", card=card_name(w.item), vp=w.vp,
                   futures=rivals_words(w, again))
    if w.kind == "rival_majority":
        said = fmt("Your move left a rival the most {figures} (the majority, {vp} VP) {futures}.",
                   figures=figure_name(w.item, 2), vp=w.vp, futures=rivals_words(w, again))
        return _sentences([said, counts_sentence(w)])
    if w.kind == "income":
        return nfmt("With the better move your income is about {amount} shilling a round more ({futures}).",
                    "With the better move your income is about {amount} shillings a round more ({futures}).",
                    w.amount, amount=w.amount, futures=futures)
    if w.kind == "money":
        return nfmt("The better move keeps about {amount} shilling more for later ({futures}).",
                    "The better move keeps about {amount} shillings more for later ({futures}).",
                    w.amount, amount=w.amount, futures=futures)
    if w.kind == "land_cards":
        # what the land fact's tiles bring, from the futures' score sheets (playtest 10d)
        return land_cards_sentence(w)
    if w.kind in ("land_held", "land_offer", "land_deck") and w.detail in ruleset().cards:
        return land_for_sentence(w, versus)
    if w.kind == "land":
        return nfmt("With the better move you own about {amount} more {land} tile ({futures}).",
                    "With the better move you own about {amount} more {land} tiles ({futures}).",
                    w.amount, amount=w.amount, land=land_word(w.item), futures=futures)
    if w.kind == "room":
        return nfmt("With the better move you have about {amount} more free parcel where a {land} tile may go, "
                    "room for the cards to come ({futures}).",
                    "With the better move you have about {amount} more free parcels where a {land} tile may go, "
                    "room for the cards to come ({futures}).",
                    w.amount, amount=w.amount, land=land_word(w.item), futures=futures)
    if w.kind == "stored" and w.detail and w.detail in ruleset().cards:
        # (playtest 12b: "in a barn, to use later" assumed the reader knows what a barn does)
        return fmt("With the better move you store {card} ({vp} VP) face down in a barn (a barn keeps one card for "
                   "you to play on a later turn), {futures}; after your move the barn holds {other} ({other_vp} VP) "
                   "instead.", card=card_name(w.item), vp=w.vp,
                   futures=futures, other=card_name(w.detail), other_vp=ruleset().cards[w.detail].vp)
    if w.kind == "stored":
        return fmt("With the better move you store {card} ({vp} VP) face down in a barn (a barn keeps one card for "
                   "you to play on a later turn), {futures}.",
                   card=card_name(w.item), vp=w.vp, futures=versus)
    if w.kind == "parcel":
        return parcel_sentence(w, versus, state)
    if w.kind == "reveal":
        return reveal_sentence(w)
    if w.kind == "rival_gets":
        return rival_gets_sentence(w, names)
    if w.kind == "cause":
        return cause_sentence(w, names, state, sure)
    if w.kind == "sources" and w.detail == "cards" and few(w.worlds):
        return fmt("Your cards score the same after either move in every one of those games: the difference is the "
                   "majorities, about {amount} VP more for you with the better move.", amount=w.amount)
    if w.kind == "sources" and w.detail == "cards":
        # where the VP differ (playtest 9b: why the pilgrim's square mattered): not the cards
        return nfmt("Your cards score the same after either move in all {n} of those games: the difference is the "
                    "majorities, about {amount} VP more for you with the better move.",
                    "Your cards score the same after either move in all {n} of those games: the difference is the "
                    "majorities, about {amount} VP more for you with the better move.", w.worlds, n=w.worlds,
                    amount=w.amount)
    if w.kind == "sources" and w.detail == "mostly_majorities" and w.vp == 0:
        # (playtest 13b: "By source" is the coach's word, not a player's)
        return nfmt("Most of the difference is in the majorities: about {amount} VP more for you with the better "
                    "move, and your cards score about the same.",
                    "Most of the difference is in the majorities: about {amount} VP more for you with the better "
                    "move, and your cards score about the same.", w.amount, amount=w.amount)
    if w.kind == "sources" and w.detail == "mostly_cards" and w.vp == 0:
        return nfmt("Most of the difference is in your cards: about {amount} VP more for you with the better move, "
                    "and the majorities score about the same.",
                    "Most of the difference is in your cards: about {amount} VP more for you with the better move, "
                    "and the majorities score about the same.", w.amount, amount=w.amount)
    # the split in numbers only when it adds up to the finding's size (playtest 10b: "about 4 VP more
    # from majorities and 1 from cards" under a finding of 1.3 VP: the size is the margin over the
    # best rival, the split is your own VP); else only which source gives most
    adds_up = loss is None or abs(w.amount + w.vp - loss) <= max(1.0, 0.25 * loss)
    if w.kind == "sources" and w.detail == "mostly_majorities" and not adds_up:
        # one plain sentence (playtest 10d: "By source, in those games what you gain … the majority is
        # what the move wins" said the same thing twice)
        return _("Most of the gain comes from the majorities.")
    if w.kind == "sources" and w.detail == "mostly_cards" and not adds_up:
        return _("Most of the gain comes from your cards.")
    if w.kind == "sources" and w.detail == "mostly_majorities":
        return nfmt("Most of the difference is in the majorities: about {amount} VP more for you with the better "
                    "move, and about {vp} VP more from your cards.",
                    "Most of the difference is in the majorities: about {amount} VP more for you with the better "
                    "move, and about {vp} VP more from your cards.", w.amount, amount=w.amount, vp=w.vp)
    if w.kind == "sources" and w.detail == "mostly_cards":
        return nfmt("Most of the difference is in your cards: about {amount} VP more for you with the better move, "
                    "and about {vp} VP more from the majorities.",
                    "Most of the difference is in your cards: about {amount} VP more for you with the better move, "
                    "and about {vp} VP more from the majorities.", w.amount, amount=w.amount, vp=w.vp)
    if w.kind == "sources" and few(w.worlds):
        return fmt("Your majorities are the same after either move in every one of those games: the difference is "
                   "your cards, about {amount} VP more with the better move.", amount=w.amount)
    if w.kind == "sources":
        return nfmt("Your majorities are the same after either move in all {n} of those games: the difference is "
                    "your cards, about {amount} VP more with the better move.",
                    "Your majorities are the same after either move in all {n} of those games: the difference is "
                    "your cards, about {amount} VP more with the better move.", w.worlds, n=w.worlds,
                    amount=w.amount)
    if w.kind == "ahead":
        return fmt("The better move ends about {amount} VP further ahead of the best rival {futures}.",
                   amount=w.amount, futures=futures)
    return ""


def step_item(item: str) -> str:
    """What a step bought, with its article: a figure ("a pilgrim"), a card, a land tile."""
    rs = ruleset()
    spec = rs.cards.get(item)
    if spec is not None and spec.figure:
        return a_figure(spec.figure)
    if spec is not None:
        return card_name(item, definite=False)
    return a_land_tile(item if item in rs.lands else None)


def the_figure(item: str | None) -> str:
    """A figure (or a figure card's id) with its definite article: "the barn", "l'étable", "de
    schuur" (playtest 8b: "posez la figurine en I8"); the figure's plain name for one the catalogue
    does not know."""
    spec = ruleset().cards.get(item) if item else None
    fig = spec.figure if spec is not None and spec.figure else item
    known = {"pilgrim": lambda: pgettext("figure with definite article", "the pilgrim"),
             "barn": lambda: pgettext("figure with definite article", "the barn"),
             "ship": lambda: pgettext("figure with definite article", "the ship")}
    said = known.get(fig or "")
    return said() if said is not None else figure_name(fig)


def seat_labels(names: Sequence[str], families: Sequence[str]) -> list[str]:
    """Each seat's name with its family's initial as the board shows it on its pieces (playtest 11b:
    "Prudence buys a barn" where the board shows only the letter discs W/H/A/P): "Prudence (H)".
    What the coach's reasons and bid lessons are given as the seats' names; a seat without a
    family keeps its name."""
    initials = {spec.id: spec.initial for spec in ruleset().families}
    out = list(names)
    for seat, family in enumerate(families[:len(out)]):
        if family in initials:
            out[seat] = fmt(pgettext("a seat's name with its family's initial, as on the board's pieces",
                                     "{name} ({initial})"), name=out[seat], initial=initials[family])
    return out


def _who(seat: int, names: Sequence[str]) -> str:
    return names[seat] if 0 <= seat < len(names) else _("a rival")


def them_words(count: int, n: int) -> str:
    """In how many of the games just named a step shows: "in all of them" when in every one."""
    if count >= n:
        return _("in all of them")
    return nfmt("in {count} of them", "in {count} of them", count, count=count)


def _thin(count: int, n: int, sure: bool) -> bool:
    """A rival's purchase shown in at most half of the games, or in a finding only "probably"
    better, is a tendency of the coach's games, not a fact (playtest 9b: "After your move Prudence
    buys it instead" in a thin sample): said with its count first."""
    return not sure or 2 * count <= n


def _hedged(count: int, n: int, name: str, marker: int, item: str, other: str = "") -> tuple[str, str]:
    """The hedged sentences of a rival who buys the item instead, with the count first (after your
    move, with the better move): "In 3 of those 6 games, after your move, Prudence buys the Pilgrim
    card instead of you ..."; "In all 4 of those games, ..." when every one of a few games shows it. `item`
    names what is bought (playtest 10f: "buys it" left the reader to guess which card); `other`, for
    the better move's sentence, what or whom it is bought instead of (playtest 14b: "Player 1 buys
    the Ship card instead" said not instead of what): the rival of the move taken, or its item."""
    if count >= n and few(n):
        # (playtest 13b: too few games to quote their number as proof)
        return (fmt("In every one of those games, after your move, {name} buys {item} instead of you, with bid "
                    "marker {marker}.", name=name, marker=marker, item=item),
                fmt("In every one of those games, with the better move, {name} buys {item} instead of {other}, with "
                    "bid marker {marker}.", name=name, marker=marker, item=item, other=other))
    if count >= n:
        return (fmt("In all {n} of those games, after your move, {name} buys {item} instead of you, with bid marker "
                    "{marker}.", n=n, name=name, marker=marker, item=item),
                fmt("In all {n} of those games, with the better move, {name} buys {item} instead of {other}, with bid "
                    "marker {marker}.", n=n, name=name, marker=marker, item=item, other=other))
    return (nfmt("In {count} of those {n} game, after your move, {name} buys {item} instead of you, with bid marker "
                 "{marker}.",
                 "In {count} of those {n} games, after your move, {name} buys {item} instead of you, with bid marker "
                 "{marker}.", n, count=count, n=n, name=name, marker=marker, item=item),
            nfmt("In {count} of those {n} game, with the better move, {name} buys {item} instead of {other}, with bid "
                 "marker {marker}.",
                 "In {count} of those {n} games, with the better move, {name} buys {item} instead of {other}, with bid "
                 "marker {marker}.", n, count=count, n=n, name=name, marker=marker, item=item, other=other))


def the_item(item: str, other: bool = False) -> str:
    """What a rival buys instead, named (playtest 10f: "after your move Prudence buys it instead"
    left "it" unclear): a card by its name ("the Barn card"), the offer's other copy of a figure card
    when the better move buys the first one (`other`), a land tile with its land."""
    spec = ruleset().cards.get(item)
    if spec is not None and spec.figure and other:
        return fmt(pgettext("the offer's second copy of a figure card", "the other {figure} card on the offer"),
                   figure=figure_title(spec.figure))
    if spec is not None:
        return card_name(item)
    return step_item(item)


def _hedged_rival(w: Why, main: Step, name: str, item: str) -> str:
    """A rival's purchase after your move, hedged with its counts first (`_thin`)."""
    n = w.worlds
    if w.taken >= n and few(n):
        # (playtest 13b: too few games to quote their number as proof)
        if w.better == 0:
            return fmt("In every one of those games, after your move, {name} buys {item} in round {round} with bid "
                       "marker {marker}; after the better move, in none.", name=name, item=item, round=main.round,
                       marker=main.marker)
        return fmt("In every one of those games, after your move, {name} buys {item} in round {round} with bid marker "
                   "{marker}; after the better move, in {better}.", name=name, item=item, round=main.round,
                   marker=main.marker, better=w.better)
    if w.taken >= n and w.better == 0:
        return fmt("In all {n} of those games, after your move, {name} buys {item} in round {round} with bid marker "
                   "{marker}; after the better move, in none.", n=n, name=name, item=item, round=main.round,
                   marker=main.marker)
    if w.better == 0:
        return nfmt("In {taken} of those {n} game, after your move, {name} buys {item} in round {round} with bid "
                    "marker {marker}; after the better move, in none.",
                    "In {taken} of those {n} games, after your move, {name} buys {item} in round {round} with bid "
                    "marker {marker}; after the better move, in none.", n, taken=w.taken, n=n, name=name, item=item,
                    round=main.round, marker=main.marker)
    if w.taken >= n:
        return fmt("In all {n} of those games, after your move, {name} buys {item} in round {round} with bid marker "
                   "{marker}; after the better move, in {better}.", n=n, name=name, item=item, round=main.round,
                   marker=main.marker, better=w.better)
    return nfmt("In {taken} of those {n} game, after your move, {name} buys {item} in round {round} with bid marker "
                "{marker}; after the better move, in {better}.",
                "In {taken} of those {n} games, after your move, {name} buys {item} in round {round} with bid marker "
                "{marker}; after the better move, in {better}.", n, taken=w.taken, n=n, better=w.better, name=name,
                item=item, round=main.round, marker=main.marker)


def cause_sentence(w: Why, names: Sequence[str], state: State | None = None, sure: bool = True,
                   second_said: bool = False) -> str:
    """The decision in the sampled games that made the fact before it true (playtest 6b: "Prudence
    gets the pilgrim" with no word of why the parcel mattered): who bought what, in which round,
    with which bid marker, what the seat did first (a figure moved) and what the parcel it left is
    used for, what happened instead in the other games and, when a rival bought the item there,
    what you did in that turn. Said in the order the games play it (playtest 7b: "you buy a ship
    and place it on H1" came before the ship's move off H1). Whole sentences; "" when the steps
    are not a cause's. `second_said`: a chain before it said the second copy of a figure card the
    better move buys, so that purchase is not said again."""
    main, first, instead = w.step("main"), w.step("first"), w.step("instead")
    if main is None or main.verb != "buy":
        return ""
    seat = w.seat if w.seat >= 0 else None
    mine = seat is not None and main.seat == seat
    n, item = w.worlds, step_item(main.item)
    futures = futures_words(w, again=True, against=True)
    parts: list[str] = []
    if mine and w.detail == "better":
        then = first is not None and first.verb == "move" and first.item in ruleset().figures
        freed = w.step("freed")
        if first is not None and then:
            parts.append(first_sentence(first, main))
            if freed is not None:   # what the parcel it leaves is used for: said with the move
                parts.append(freed_sentence(freed, first, n, w.step("card")))
        figure = main.use == "place" and main.item in ruleset().figures
        second = _buys(state, main.item, main.round)
        own = w.step("own")
        rival = instead is not None and instead.item == main.item and instead.seat != main.seat
        # a bid outbid (playtest 10f, Josiah's round 9: "Player 1 buys it instead" never said why):
        # in that round the better move holds the marker the rival takes after your move, and your
        # own marker then is lower, so the rival buys first (rules: the buying order goes by marker)
        outbid = (rival and own is not None and instead is not None and own.round == main.round == instead.round
                  and 0 < own.marker < instead.marker == main.marker)
        # a sentence that names no parcel counts the purchase on any parcel (playtest 10j, `_cause`)
        anywhere = futures_words(Why(w.kind, w.item, main.count, w.taken, n), again=True, against=True) \
            if main.count > w.better else futures
        if outbid and instead is not None:
            parts.append(fmt("With the better move bid marker {marker} is yours: you buy {item} with it in round "
                             "{round}, {futures}.", marker=main.marker, item=item, round=main.round, futures=anywhere))
            # the coach's games, not this game (playtest 10h: in the replay another rival bought it)
            parts.append(fmt("In the games the coach played on after your move, {name} takes bid marker {marker} and "
                             "buys before you (the buying order goes by marker, highest first), so {name} gets "
                             "{card} ({those}).",
                             name=_who(instead.seat, names), marker=instead.marker, card=the_item(main.item),
                             those=those_words(w.amount, n)))
        elif figure and second_said:
            pass    # the chain before it said this purchase (`second_said`, playtest 11b)
        elif figure and second:
            # the better move buys the same figure: this is the offer's other one, bought as well
            parts.append(fmt("Then you buy {item} as well, with bid marker {marker}, and place {the_figure} on "
                             "{parcel}, {futures}.", item=item, the_figure=the_figure(main.item), marker=main.marker,
                             parcel=main.where, futures=futures) if then
                         else fmt("With the better move you buy {item} as well, with bid marker {marker}, and place "
                                  "{the_figure} on {parcel}, {futures}.", item=item, the_figure=the_figure(main.item),
                                  marker=main.marker, parcel=main.where, futures=futures))
        elif figure:
            parts.append(fmt("Then you buy {item} in round {round} with bid marker {marker} and place {the_figure} "
                             "on {parcel}, {futures}.", item=item, the_figure=the_figure(main.item), round=main.round,
                             marker=main.marker, parcel=main.where, futures=futures) if then
                         else fmt("With the better move you buy {item} in round {round} with bid marker {marker} and "
                                  "place {the_figure} on {parcel}, {futures}.", item=item,
                                  the_figure=the_figure(main.item), round=main.round, marker=main.marker,
                                  parcel=main.where, futures=futures))
        elif main.use == "store":
            parts.append(fmt("Then you buy {item} in round {round} with bid marker {marker} and keep it in the barn "
                             "at {parcel}, {futures}.", item=item, round=main.round, marker=main.marker,
                             parcel=main.where, futures=futures) if then
                         else fmt("With the better move you buy {item} in round {round} with bid marker {marker} and "
                                  "keep it in the barn at {parcel}, {futures}.", item=item, round=main.round,
                                  marker=main.marker, parcel=main.where, futures=futures))
        else:
            parts.append(fmt("Then you buy {item} in round {round} with bid marker {marker}, {futures}.", item=item,
                             round=main.round, marker=main.marker, futures=anywhere) if then
                         else fmt("With the better move you buy {item} in round {round} with bid marker {marker}, "
                                  "{futures}.", item=item, round=main.round, marker=main.marker, futures=anywhere))
        if (first is not None and figure and first.verb == "move" and first.item == main.item
                and main.where == first.source and first.where and ruleset().figure(main.item).coastal_only):
            # the figure moved off the parcel the new one then takes (playtest 10b: "why not put the
            # new ship on G1?"): which ship stands where does not matter, two coast parcels do
            parts.append(fmt("Either {figure} could stand on either parcel: what matters is that {moved_to} and "
                             "{parcel} are two coast parcels, room for two {figures}.",
                             figure=figure_name(main.item, 1), figures=figure_name(main.item, 2),
                             moved_to=first.where, parcel=first.source))
        named = the_item(main.item, other=second)
        if outbid:
            pass    # said above, with the marker
        elif rival and instead is not None and _thin(w.amount, n, sure):
            parts.append(_hedged(w.amount, n, _who(instead.seat, names), instead.marker, named)[0])
        elif rival and instead is not None:
            parts.append(fmt("After your move {name} buys {item} instead of you, with bid marker {marker}, {them}.",
                             name=_who(instead.seat, names), item=named, marker=instead.marker,
                             them=them_words(w.amount, n)))
        if own is not None and rival:
            parts.append(own_sentence(own, w.amount, named))
        elif instead is not None and instead.seat == main.seat:
            parts.append(fmt("After your move you buy {item} instead of {other}, with bid marker {marker}, {them}.",
                             item=step_item(instead.item), other=named, marker=instead.marker,
                             them=them_words(w.amount, n)))
        return _sentences(parts)
    if not mine and w.detail == "taken":
        if _thin(w.taken, n, sure):
            parts.append(_hedged_rival(w, main, _who(main.seat, names), item))
        else:
            parts.append(fmt("After your move {name} buys {item} in round {round} with bid marker {marker}, "
                             "{futures}.", name=_who(main.seat, names), item=item, round=main.round,
                             marker=main.marker, futures=rivals_words(w, again=True)))
        named = the_item(main.item)
        if instead is not None and instead.item == main.item and seat is not None and instead.seat == seat:
            parts.append(fmt("With the better move you buy {item} yourself, with bid marker {marker}, {them}.",
                             item=named, marker=instead.marker, them=them_words(w.amount, n)))
        # instead of whom (another rival gets the item) or of what (the same rival buys another item),
        # said whole (playtest 14b: "Player 1 buys the Ship card instead": instead of what?)
        elif instead is not None and instead.item == main.item and _thin(w.amount, n, sure):
            parts.append(_hedged(w.amount, n, _who(instead.seat, names), instead.marker, named,
                                 _who(main.seat, names))[1])
        elif instead is not None and instead.item == main.item:
            parts.append(fmt("With the better move {name} buys {item} instead of {other}, with bid marker {marker}, "
                             "{them}.", name=_who(instead.seat, names), item=named, other=_who(main.seat, names),
                             marker=instead.marker, them=them_words(w.amount, n)))
        elif instead is not None and instead.seat == main.seat and _thin(w.amount, n, sure):
            parts.append(_hedged(w.amount, n, _who(instead.seat, names), instead.marker, step_item(instead.item),
                                 named)[1])
        elif instead is not None and instead.seat == main.seat:
            parts.append(fmt("With the better move {name} buys {item} instead of {other}, with bid marker {marker}, "
                             "{them}.", name=_who(instead.seat, names), item=step_item(instead.item), other=named,
                             marker=instead.marker, them=them_words(w.amount, n)))
        return _sentences(parts)
    return ""


def chain_sentence(w: Why, kept: Step | None = None) -> str:
    """The point of a better move the games continue in the same turn, in one sentence (playtest
    10d, brief 49c: "place at J3, then A7" said no why): the coast parcel the ship moves to and the
    parcel it frees for a card ("coast"), or the figure the turn ends with instead of another
    purchase and the majority it wins or ties ("majority"). "" for steps it does not know."""
    rs = ruleset()
    if w.detail == "coast":
        tile, first, card = w.step("main"), w.step("first"), w.step("card")
        if tile is None or first is None or card is None or card.item not in rs.cards or first.item not in rs.figures:
            return ""
        values = dict(parcel=tile.where, figure=figure_name(first.item), the_figure=the_figure(first.item),
                      source=first.source, card=card_name(card.item))
        if card.source == "bought" and kept is not None and card.cells and card.count:
            # where the card's other parcels come from (playtest 11b: "until you play it on H1" where
            # the L-shaped card takes three): the parcels of its land open in every game, and how many
            # more it needs, which the games (they stop at the next offer) do not show yet
            # (playtest 14b: "when the coach's games stop" was the coach's inside, not a player's words)
            return nfmt("Your new tile at {parcel} is a coast parcel for your {figure}, so moving {the_figure} there "
                        "frees {source} for {card}, which you buy next and keep in your barn at {barn}: the card "
                        "takes {parcels} and {count} more {land} parcel of yours, which you will not have yet at "
                        "the next round's offer.",
                        "Your new tile at {parcel} is a coast parcel for your {figure}, so moving {the_figure} there "
                        "frees {source} for {card}, which you buy next and keep in your barn at {barn}: the card "
                        "takes {parcels} and {count} more {land} parcels of yours, which you will not have yet at "
                        "the next round's offer.", card.count, barn=kept.where, count=card.count,
                        parcels=", ".join(card.cells), land=land_word(rs.cards[card.item].land or ""),
                        **values)
        if card.source == "bought" and kept is not None and card.cells:
            return fmt("Your new tile at {parcel} is a coast parcel for your {figure}, so moving {the_figure} there "
                       "frees {source} for {card}, which you buy next and keep in your barn at {barn} until you play "
                       "it on {parcels}.", barn=kept.where, parcels=i18n.join_list(list(card.cells)), **values)
        if card.source == "bought" and kept is not None:
            # one card, one plan: bought, kept in the barn, for the parcel freed (`_kept`)
            return fmt("Your new tile at {parcel} is a coast parcel for your {figure}, so moving {the_figure} there "
                       "frees {source} for {card}, which you buy next and keep in your barn at {barn} until you play "
                       "it on {source}.", barn=kept.where, **values)
        if card.source == "bought":
            return fmt("Your new tile at {parcel} is a coast parcel for your {figure}, so moving {the_figure} there "
                       "frees {source} for {card}, which you buy next.", **values)
        if card.source == "barn":
            return fmt("Your new tile at {parcel} is a coast parcel for your {figure}, so moving {the_figure} there "
                       "frees {source} for {card}, kept in your barn.", **values)
        return fmt("Your new tile at {parcel} is a coast parcel for your {figure}, so moving {the_figure} there "
                   "frees {source} for {card}, on the offer now.", **values)
    placed, instead = w.step("main"), w.step("instead")
    if w.detail != "majority" or placed is None or instead is None or w.item not in rs.figures:
        return ""
    if instead.where:
        other = fmt(pgettext("what a turn buys instead", "{item} at {parcel}"), item=step_item(instead.item),
                    parcel=instead.where)
    elif len(instead.cells) == 2 and instead.use == "place":
        other = fmt(pgettext("what a turn buys instead", "{item} at {parcel} or {other}"),
                    item=step_item(instead.item), parcel=instead.cells[0], other=instead.cells[1])
    else:
        other = step_item(instead.item)
    # the cause, plainly (playtest 10f, Mercy's round 5: "The order is not the point: with the better
    # move you also place a pilgrim on J3" read as if J3 came on top of the better move, which it is)
    said: dict[str, object] = dict(a_figure=a_figure(w.item), figures=figure_name(w.item, 2), parcel=placed.where,
                                   other=other, vp=w.vp)
    # the chain is two of that figure bought in the turn (reasons._chain): the majority comes from
    # the second one, which the coach's games buy after the better parcel and not after yours; why
    # the parcel changes that, the games do not tell (playtest 10j: "why J3 rather than A7?")
    if w.amount:
        # the move taken could still end the turn the same way (reasons._commutes; playtest 11b: "J3,
        # not A7" where the better line puts its second pilgrim on A7 too): the parcel hardly matters,
        # the second purchase does, and the player could still have made it: said plainly
        said.update(card=the_item(placed.item, other=True), the_figure=the_figure(w.item))
        if len(w.counts) == 4 and w.counts[0] == w.counts[1]:
            return fmt("Where {the_figure} stands hardly matters: the point of the better move is that you also buy "
                       "{card} this turn, which gives you a share of the most {figures} (the majority, {vp} VP). "
                       "After your move you could still have done that, as {parcel} was still free. In the coach's "
                       "games after your move you buy {other} instead of {card}.", **said)
        # (playtest 12b: "which ends the turn just as the better move does" read as if the
        # headline's move were beside the point; the second card is the point, said first)
        return fmt("Where {the_figure} stands hardly matters: the point of the better move is that you also buy "
                   "{card} this turn, which gives you the most {figures} (the majority, {vp} VP). After your move "
                   "you could still have done that, as {parcel} was still free. In the coach's games after your "
                   "move you buy {other} instead of {card}.", **said)
    if len(w.counts) == 4 and w.counts[0] == w.counts[1]:
        return fmt("What matters is less the parcel than the purchase after it: in the coach's games, after "
                   "{a_figure} on {parcel} you buy another one this turn, which gives you a share of the most "
                   "{figures} (the majority, {vp} VP); after your move you buy {other} instead.", **said)
    return fmt("What matters is less the parcel than the purchase after it: in the coach's games, after {a_figure} "
               "on {parcel} you buy another one this turn, which gives you the most {figures} (the majority, "
               "{vp} VP); after your move you buy {other} instead.", **said)


def first_sentence(first: Step, main: Step) -> str:
    """The figure the seat moves before the purchase, said first (the order of the games), as what
    follows the better move (playtest 8b: "With the better move you first move your ship" read as if
    moving the ship were the better move, which was buying the A1 tile)."""
    coast = ruleset().figure(first.item).coastal_only
    if first.round != main.round and coast:
        return fmt("After the better move you move your {figure} from {source} to {target} in round {round} "
                   "({figures} stand only on the coast).", figure=figure_name(first.item), source=first.source,
                   target=first.where, round=first.round, figures=figure_name(first.item, 2))
    if first.round != main.round:
        return fmt("After the better move you move your {figure} from {source} to {target} in round {round}.",
                   figure=figure_name(first.item), source=first.source, target=first.where, round=first.round)
    if coast:
        return fmt("After the better move you move your {figure} from {source} to {target} ({figures} stand "
                   "only on the coast).", figure=figure_name(first.item), source=first.source, target=first.where,
                   figures=figure_name(first.item, 2))
    return fmt("After the better move you move your {figure} from {source} to {target}.",
               figure=figure_name(first.item), source=first.source, target=first.where)


def those_words(count: int, n: int) -> str:
    """In how many of the games already named ("in 5 of those 16 games", "in all 16 of those games")."""
    if count >= n and few(n):
        return _("in every one of those games")
    if count >= n:
        return nfmt("in all {n} of those games", "in all {n} of those games", n, n=n)
    return nfmt("in {count} of those {n} game", "in {count} of those {n} games", n, count=count, n=n)


def freed_sentence(freed: Step, first: Step, n: int, card: Step | None = None) -> str:
    """What the parcel the figure left is used for in those games (playtest 7b: "you move your
    ship from H1 to A1" left out why H1 mattered); `card`: a land-use card of the parcel's land in
    your barn or on the offer (playtest 10d: "for a land-use card" named none)."""
    those, parcel = those_words(freed.count, n), first.source
    if freed.verb == "play" and freed.use == "develop":
        return fmt("Moving it frees {parcel}: in round {round} you take {card} out of the barn and develop {cells} "
                   "with it, {those}.", parcel=parcel, round=freed.round, card=card_name(freed.item),
                   cells=", ".join(freed.cells), those=those)
    if freed.verb == "buy" and freed.use == "develop":
        return fmt("Moving it frees {parcel}: in round {round} you buy {card} and develop {cells} with it, {those}.",
                   parcel=parcel, round=freed.round, card=card_name(freed.item, definite=False),
                   cells=", ".join(freed.cells), those=those)
    if freed.verb in ("buy", "play"):
        return fmt("Moving it frees {parcel}: in round {round} you place {item} on it, {those}.", parcel=parcel,
                   round=freed.round, item=step_item(freed.item), those=those)
    if freed.verb == "fits":
        return fmt("Moving it frees {parcel}: by the next offer it and your parcels next to it form the shape {card} "
                   "needs, and that card is in your barn, {those}.",
                   parcel=parcel, card=card_name(freed.item), those=those)
    if card is not None and card.verb == "could" and card.item in ruleset().cards and card.source in ("barn", "offer"):
        # no card used it in the samples (they stop at the next offer): the cards that could, by land
        values = dict(parcel=parcel, land=land_word(ruleset().cards[card.item].land or ""),
                      card=card_name(card.item), those=those)
        # (playtest 14b: "the coach's games stop at the next offer" said in a player's words)
        if card.source == "barn":
            return fmt("Moving it frees {parcel}, a {land} parcel, for {card}, kept in your barn, which develops {land} "
                       "land (a tile under a figure cannot be developed); the card is not yet played there by the "
                       "next round's offer, but {parcel} is still open then {those}.", **values)
        return fmt("Moving it frees {parcel}, a {land} parcel, for {card}, on the offer now, which develops {land} "
                   "land (a tile under a figure cannot be developed); the card is not yet played there by the next "
                   "round's offer, but {parcel} is still open then {those}.", **values)
    # no card in the samples: "a land-use card", plainly (playtest 10b: "a card's pattern" read as vague)
    return fmt("Moving it frees {parcel} for a land-use card (a tile under a figure cannot be developed): it is "
               "still open at the next offer {those}.", parcel=parcel, those=those)


def own_sentence(own: Step, among: int, what: str) -> str:
    """What you did in that turn where a rival bought the item instead (playtest 7b: "why couldn't
    I buy the second pilgrim myself?"): what you bought, or that you bought nothing more, and
    whether your shillings could pay for it (`among`: the games where the rival bought it; `what`:
    the item named, playtest 10f: "instead of it" left the reader to guess which)."""
    them = them_words(own.count, among)
    # where it went, when every game that bought it agrees (playtest 8b: the pasture tile's parcel
    # J4 is what links it to the finding's parcels)
    if own.verb == "buy" and not own.where and len(own.cells) == 2 and own.use == "place" and \
            own.item not in ruleset().cards:
        # the games split between two parcels: both said, never one guessed
        return fmt("In your own turn, after your move, you buy {item} with bid marker {marker} instead of {what} and "
                   "place it at {parcel} or {other}, {them}.", item=step_item(own.item), marker=own.marker,
                   parcel=own.cells[0], other=own.cells[1], them=them, what=what)
    if own.verb == "buy" and own.where and own.use == "place" and own.item in ruleset().cards:
        return fmt("In your own turn, after your move, you buy {item} with bid marker {marker} instead of {what} and "
                   "place {the_figure} on {parcel}, {them}.", item=step_item(own.item),
                   the_figure=the_figure(own.item), marker=own.marker, parcel=own.where, them=them, what=what)
    if own.verb == "buy" and own.where and own.use == "place":
        return fmt("In your own turn, after your move, you buy {item} with bid marker {marker} instead of {what} and "
                   "place it at {parcel}, {them}.", item=step_item(own.item), marker=own.marker, parcel=own.where,
                   them=them, what=what)
    if own.verb == "buy" and own.where and own.use == "store":
        return fmt("In your own turn, after your move, you buy {item} with bid marker {marker} instead of {what} and "
                   "keep it in the barn at {parcel}, {them}.", item=step_item(own.item), marker=own.marker,
                   parcel=own.where, them=them, what=what)
    if own.verb == "buy" and own.where and own.use == "develop":
        return fmt("In your own turn, after your move, you buy {item} with bid marker {marker} instead of {what} and "
                   "develop {cells} with it, {them}.", item=step_item(own.item), marker=own.marker,
                   cells=", ".join(own.cells or (own.where,)), them=them, what=what)
    if own.verb == "buy":
        return fmt("In your own turn, after your move, you buy {item} with bid marker {marker} instead of {what}, {them}.",
                   item=step_item(own.item), marker=own.marker, them=them, what=what)
    if own.money < own.marker:
        return nfmt("In your own turn, after your move, you buy nothing more: your {money} shilling left could "
                    "not pay bid marker {marker} for {what} ({them}).",
                    "In your own turn, after your move, you buy nothing more: your {money} shillings left could "
                    "not pay bid marker {marker} for {what} ({them}).", own.money, money=own.money, marker=own.marker, them=them, what=what)
    return nfmt("In your own turn, after your move, you buy nothing more and end it with {money} shilling left "
                "({them}).",
                "In your own turn, after your move, you buy nothing more and end it with {money} shillings left "
                "({them}).", own.money,
                money=own.money, them=them)


def _buys(state: State | None, item: str, round_: int) -> bool:
    """True when the decision's position offers `item` and the seat is buying: the better move's
    own purchase of it makes the futures' purchase the offer's other one."""
    if state is None:
        return False
    pos = rules.position(state)
    return (pos.phase == "buying" and state.round == round_
            and sum(1 for o in pos.offer if o.card == item) >= 2)


def rival_gets_sentence(w: Why, names: Sequence[str]) -> str:
    """Who got the figure that moved a majority (playtest 4b: "after your move Prudence gets
    a pilgrim before the next offer in 7 of those 8 games ...")."""
    seat = int(w.detail) if w.detail.isdigit() else -1
    if 0 <= seat < len(names):
        return fmt("After your move {name} gets {figure} before the next offer {futures}.", name=names[seat],
                   figure=a_figure(w.item), futures=rivals_words(w, again=True))
    return fmt("After your move a rival gets {figure} before the next offer {futures}.", figure=a_figure(w.item),
               futures=rivals_words(w, again=True))


def blocked_sentence(w: Why, best: Action, state: State | None, again: bool = False) -> str:
    """A parcel the better move frees by moving its figure off, then develops or keeps open:
    the cause is the figure (rules §4.4: a tile under a figure cannot be developed). "" when
    the fact is another."""
    if (w.kind != "parcel" or w.detail not in ("developed", "open") or best["type"] != "move_figure"
            or cell_name(best["from"]) != w.item):
        return ""
    tile = rules.position(state).tile_at((best["from"][0], best["from"][1])) if state is not None else None
    futures = futures_words(w, again, against=True)
    if w.detail == "developed":
        return fmt("A tile under a figure cannot be developed: moving the {figure} off {parcel} lets you develop it "
                   "with a card {futures}.", figure=figure_name(tile.figure if tile else None), parcel=w.item,
                   futures=futures)
    return fmt("A tile under a figure cannot be developed: moving the {figure} off {parcel} leaves it free for a "
               "card's pattern {futures}.", figure=figure_name(tile.figure if tile else None), parcel=w.item,
               futures=futures)


def counts_sentence(w: Why) -> str:
    """What makes a majority change hands, from the counts in the typical sampled future: "In
    those futures you have 4 pilgrims to the best rival's 3 with the better move, and 3 to 4
    after your move." (playtest 3b: both placements give 3 pilgrims now; the better one leaves
    the second pilgrim of the offer to you). "" when the counts were not kept."""
    if len(w.counts) != 4:
        return ""
    own, rival, own_taken, rival_taken = w.counts
    # the noun takes its plural from the count (figure_name); the rest of the sentence does not change
    # "typically": the counts of the typical game (playtest 6b: "in those games" read as the
    # games of the sentence before, a different number of them)
    # "1 to their 3" (playtest 7b: "1 to 3" read as a range)
    # when (playtest 11b: "2 ships to the best rival's 2" read as now, where the board shows 1 each):
    # the games' end, or the next round's offer where the coach's games stop (reasons.COUNTS_WHEN)
    said = dict(own=own, figures=figure_name(w.item, own), rival=rival, own_taken=own_taken, rival_taken=rival_taken)
    if w.detail == "end":
        return fmt("At the game's end, typically you have {own} {figures} to the best rival's {rival} with the better "
                   "move, and {own_taken} to their {rival_taken} after your move.", **said)
    if w.detail == "offer":
        return fmt("By the next round's offer, typically you have {own} {figures} to the best rival's {rival} with the "
                   "better move, and {own_taken} to their {rival_taken} after your move.", **said)
    return fmt("Typically you have {own} {figures} to the best rival's {rival} with the better move, and "
               "{own_taken} to their {rival_taken} after your move.", **said)


def parcel_sentence(w: Why, futures: str, state: State | None = None) -> str:
    """What stands on one of your parcels after the better move: the link between two placements
    (rules §4.4: a ship stands only on the coast, a tile under a figure cannot be developed).
    `futures`: in how many games, against how many after your move (`futures_words`, against)."""
    if w.detail not in ("developed", "open"):        # a figure of the ruleset's
        if w.detail not in ruleset().figures:
            return ""                                  # a review made with other game data
        if ruleset().figure(w.detail).coastal_only:
            return fmt("{parcel} is on the coast, where {figures} stand: with the better move your {figure} is there "
                       "{futures}.", parcel=w.item, figures=figure_name(w.detail, 2),
                       figure=figure_name(w.detail, 1), futures=futures)
        return fmt("With the better move your {figure} stands at {parcel} {futures}.",
                   figure=figure_name(w.detail, 1), parcel=w.item, futures=futures)
    if w.detail == "developed":
        return fmt("With the better move you develop {parcel} with a card {futures}.", parcel=w.item, futures=futures)
    here = _figure_on(state, w.item)
    fits, placed = w.step("freed"), w.step("main")
    if here and fits is not None and fits.verb == "fits":
        # the card the samples show may develop it (playtest 10b: "a card's pattern" named none)
        return fmt("With the better move your {figure} leaves {parcel}, which with your parcels next to it forms the "
                   "shape {card} needs, and that card is kept in your barn, {futures}.", figure=figure_name(here, 1),
                   parcel=w.item,
                   card=card_name(fits.item), futures=futures)
    could = w.step("card")
    if could is not None and could.verb == "could" and could.item in ruleset().cards:
        values = dict(parcel=w.item, land=land_word(ruleset().cards[could.item].land or ""),
                      card=card_name(could.item), futures=futures)
        barn = could.source == "barn"
        if could.source == "deck":
            # a card still unseen whose pattern then fits (playtest 10j, Josiah's round 5)
            those = those_words(could.count, w.worlds)
            if here:
                return fmt("With the better move your {figure} leaves {parcel}, a {land} parcel, {futures}; by the "
                           "next offer your parcels of {land} land then form the shape {card} needs, a card still in the deck, "
                           "{those}.", figure=figure_name(here, 1), those=those, **values)
            return fmt("With the better move {parcel} is yours, undeveloped and without a figure, a {land} parcel, "
                       "{futures}; by the next offer your parcels of {land} land then form the shape {card} needs, a card "
                       "still in the deck, {those}.", those=those, **values)
        if here and barn:
            return fmt("With the better move your {figure} leaves {parcel}, a {land} parcel that {card}, kept in your "
                       "barn, may develop, {futures}.", figure=figure_name(here, 1), **values)
        if here:
            return fmt("With the better move your {figure} leaves {parcel}, a {land} parcel that {card}, on the offer "
                       "now, may develop, {futures}.", figure=figure_name(here, 1), **values)
        line = (fmt("With the better move {parcel} is yours, undeveloped and without a figure, a {land} parcel that "
                    "{card}, kept in your barn, may still develop, {futures}.", **values) if barn else
                fmt("With the better move {parcel} is yours, undeveloped and without a figure, a {land} parcel that "
                    "{card}, on the offer now, may still develop, {futures}.", **values))
    elif here:
        # the figure standing there now moves off in those games (playtest 5b: "H1 is yours ...
        # without a figure" read as untrue while the ship stood on it); no card shown: said plainly
        return fmt("With the better move your {figure} leaves {parcel}, so a land-use card may develop it, "
                   "{futures}.", figure=figure_name(here, 1), parcel=w.item, futures=futures)
    else:
        line = fmt("With the better move {parcel} is yours, undeveloped and without a figure, so a land-use card may "
                   "still develop it, {futures}.", parcel=w.item, futures=futures)
    extra = []
    if placed is not None and placed.verb == "buy":
        # the tile laid there is the better move's own purchase (playtest 10b: Josiah's round 9
        # "reveal a pasture tile" then "G5 stays yours" did not say who put the tile there)
        extra.append(fmt("You lay that tile yourself: with the better move you buy {item} in round {round} and place "
                         "it at {parcel}, {those}.", item=step_item(placed.item), round=placed.round,
                         parcel=w.item, those=those_words(placed.count, w.better)))
    if fits is not None and fits.verb == "fits":
        extra.append(fmt("By the next offer it and your parcels next to it form the shape {card} needs, and that card "
                         "is kept in your barn, {those}.", card=card_name(fits.item),
                         those=those_words(fits.count, w.better)))
    blocked = w.step("instead")
    if blocked is not None and blocked.verb == "buy" and blocked.item in ruleset().cards \
            and ruleset().cards[blocked.item].figure:
        # what stands there after the move taken (playtest 10j, Josiah's round 8): the seat's own figure
        figure = str(ruleset().cards[blocked.item].figure)
        those = those_words(blocked.count, w.worlds)
        extra.append(fmt("After your move you place your {figure} on {parcel} or {other} yourself, {those}, and a "
                         "tile under a figure cannot be developed.", figure=figure_name(figure, 1),
                         parcel=blocked.cells[0], other=blocked.cells[1], those=those)
                     if len(blocked.cells) == 2 else
                     fmt("After your move you place your {figure} on {parcel} yourself, {those}, and a tile under a "
                         "figure cannot be developed.", figure=figure_name(figure, 1), parcel=blocked.where,
                         those=those))
    return _sentences([line, *extra])


def reveal_sentence(w: Why) -> str:
    """What a better reveal adds (playtest 10j, Josiah's round 9: "G5 is yours, undeveloped" said
    no why): the rule that a reveal comes before the first purchase (when the games show the move
    taken's purchase still made after it), then the item the reveal draws that you buy that turn,
    and which one most often, with its parcel when the games agree (reasons._reveal)."""
    main, own = w.step("main"), w.step("own")
    if main is None:
        return ""
    said = []
    if own is not None:
        said.append(_("A reveal is allowed only before your first purchase of the turn: buying first gave it up."))
        still = futures_words(Why(w.kind, w.item, own.count, 0, w.worlds))
        said.append(fmt("With the better move you reveal first and still buy {item} at {parcel}, {futures}.",
                        item=step_item(own.item), parcel=own.where, futures=still) if own.where else
                    fmt("With the better move you reveal first and still buy {item}, {futures}.",
                        item=step_item(own.item), futures=still))
        those = those_words(w.better, w.worlds)
        said.append(fmt("You also buy the card the reveal draws, {futures}.", futures=those) if w.item == "card" else
                    fmt("You also buy the land tile the reveal draws, {futures}.", futures=those))
    else:
        futures = futures_words(w)
        said.append(fmt("With the better move you buy the card the reveal draws, {futures}.", futures=futures)
                    if w.item == "card" else
                    fmt("With the better move you buy the land tile the reveal draws, {futures}.", futures=futures))
    item = step_item(main.item)
    if main.count >= w.better:
        said.append(fmt("It is {item}, placed at {parcel}.", item=item, parcel=main.where) if main.where else
                    fmt("It is {item}.", item=item))
    else:
        those = those_words(main.count, w.worlds)
        said.append(fmt("Most often it is {item}, placed at {parcel}: {those}.", item=item, parcel=main.where,
                        those=those) if main.where else
                    fmt("Most often it is {item}: {those}.", item=item, those=those))
    return _sentences(said)


def _figure_on(state: State | None, label: str) -> str | None:
    """The figure on the parcel called `label` ("H1") in `state`, if any."""
    if state is None:
        return None
    pos = rules.position(state)
    for t in pos.tiles:
        if t.figure and any(cell_name(c) == label for c in t.cells):
            return t.figure
    return None


def kind_sentence(kind: str | None) -> str:
    """Where most was lost, as a whole sentence."""
    return {"start": _("Most was lost with the start tiles."), "offer": _("Most was lost in announcing the offer."),
            "bids": _("Most was lost in bidding."), "buying": _("Most was lost in buying."),
            "developing": _("Most was lost in developing land."), "moving": _("Most was lost in moving figures."),
            None: _("Nothing clearly better was found.")}.get(kind, "")


def list_head(review: Review) -> str:
    """The words over the list of findings: how many it shows (every finding: playtest 9b, "the 5
    costliest of 7" hid two; the list scrolls)."""
    return nfmt("{n} costly decision:", "{n} costly decisions:", len(review.costly))


def habit_finding_line(h: FindingHabit) -> str:
    """A loss made again and again, said once at the head of the findings (playtest 9b: the same
    kind of loss told in four findings, one by one): "3 of your 5 costly decisions were bids where
    the coach found a lower marker better."."""
    c, n = h.count, h.of
    if h.kind == "bid_lower":
        return nfmt("{count} of your {n} costly decision was a bid where the coach found a lower marker better.",
                    "{count} of your {n} costly decisions were bids where the coach found a lower marker better.",
                    c, count=c, n=n)
    if h.kind == "bid_higher":
        return nfmt("{count} of your {n} costly decision was a bid where the coach found a higher marker better.",
                    "{count} of your {n} costly decisions were bids where the coach found a higher marker better.",
                    c, count=c, n=n)
    if h.kind == "unspent":
        return nfmt("{count} of your {n} costly decision ended a buying turn with shillings a purchase could use.",
                    "{count} of your {n} costly decisions ended a buying turn with shillings a purchase could use.",
                    c, count=c, n=n)
    if h.kind == "placement":
        return nfmt("{count} of your {n} costly decision placed a land tile or a figure where the coach found "
                    "another parcel or tile better.",
                    "{count} of your {n} costly decisions placed a land tile or a figure where the coach found "
                    "another parcel or tile better.",
                    c, count=c, n=n)
    if h.kind == "purchase":
        return nfmt("{count} of your {n} costly decision bought an item where another purchase was better.",
                    "{count} of your {n} costly decisions bought an item where another purchase was better.",
                    c, count=c, n=n)
    if h.kind == "offer":
        return nfmt("{count} of your {n} costly decision announced an offer where another mix was better.",
                    "{count} of your {n} costly decisions announced an offer where another mix was better.",
                    c, count=c, n=n)
    if h.kind == "moving":
        return nfmt("{count} of your {n} costly decision moved a figure where another move was better.",
                    "{count} of your {n} costly decisions moved a figure where another move was better.",
                    c, count=c, n=n)
    return ""


def left_figure(d: Decision, state: State | None) -> set[tuple[str, str]]:
    """The (figure, parcel) pairs the better move's futures move off a parcel where the move taken
    left them: a cause whose first step moves the figure, or a parcel fact that the figure leaves."""
    out: set[tuple[str, str]] = set()
    for w in d.why:
        first = w.step("first") if w.kind == "cause" else None
        if first is not None and first.verb == "move" and first.source:
            out.add((first.item, first.source))
        if w.kind == "parcel" and w.detail == "open":
            here = _figure_on(state, w.item)
            if here:
                out.add((here, w.item))
    return out


HABIT_SHARED = 3        # findings that share a figure left on one parcel: a habit said in those words


def habit_lines(review: Review, state_at: Callable[[int], State]) -> list[str]:
    """The habits over the findings, the concrete one first (playtest 10b: "5 of your 6 costly
    decisions placed a land tile or a figure ..." named no habit): when at least HABIT_SHARED findings
    leave the same figure on the same parcel where the better move moves it, that is said, and the
    generic placement and purchase lines it explains are left out; the others as before."""
    pairs: Counter[tuple[str, str]] = Counter()
    for d in review.costly:
        pairs.update(left_figure(d, state_at(d.index)))
    out: list[str] = []
    shared = pairs.most_common(1)[0] if pairs else None
    if shared is not None and shared[1] >= HABIT_SHARED:
        (figure, parcel), count = shared
        # (playtest 10j: "where moving it first was better" read as if the ship could just move; in
        # most findings the better move first buys the coast tile it moves to)
        # (playtest 12b: why the parcel matters was said only in another seat's review)
        out.append(nfmt("{count} of your {n} costly decision left your {figure} on {parcel}, where the better move "
                        "lets it leave and frees the parcel (a tile under a figure cannot be developed).",
                        "{count} of your {n} costly decisions left your {figure} on {parcel}, where the better move "
                        "lets it leave and frees the parcel (a tile under a figure cannot be developed).", count, count=count, n=len(review.costly),
                        figure=figure_name(figure, 1), parcel=parcel))
    for h in review.habits:
        if out and h.kind in ("placement", "purchase", "moving"):
            continue
        out.append(habit_finding_line(h))
    return out


def rival_lines_note(shown: int, missing: int, kept: bool = True) -> str:
    """The line under the chart's caption about the other players' lines: each is drawn from that
    player's own review (a seat's review holds only its lead over the best rival, never the
    rivals' own leads), so the chart says when some are still to review ("" when every other seat's
    line is drawn, or when reviews are not kept for this game and no line can join)."""
    if missing <= 0 or not kept:
        return ""
    if shown == 0:
        return _("Review the other players to see their lines here.")
    return _("The thin lines are the players reviewed so far; review the others to see their lines too.")


def listed_total(review: Review) -> float:
    """The sum a reader makes of the findings listed: each loss as its finding writes it (to the
    tenth, `vp`), a loss two findings share once (`Review.listed_losses`)."""
    return sum(round(loss, 1) for loss in review.listed_losses)


def summary(review: Review, name: str) -> str:
    """One line per reviewed seat: what the costly decisions (those beyond the noise) add up to,
    said as a sum (the chart under it is the expected margin, another number), and where most
    of it was."""
    n = len(review.decisions)
    costly = len(review.costly)     # a loss that is a later finding's is counted there (playtest 8b)
    if costly:
        # every finding is listed under it (playtest 9b), so the headline adds them all up, as
        # shown: each to the tenth the list writes it, a shared loss once (playtest 15b: a head of
        # 8.9 over findings that add up to 8.8)
        head = nfmt("{name}'s {n} costly decision adds up to about {vp} VP.",
                    "{name}'s {n} costly decisions add up to about {vp} VP.",
                    costly, name=name, vp=vp(listed_total(review)))
    else:
        head = nfmt("None of {name}'s {n} decision clearly cost VP.", "None of {name}'s {n} decisions clearly cost VP.",
                    n, name=name)
    line = fmt("{summary} {where}", summary=head, where=kind_sentence(review.worst_kind))
    followed = [d for d in review.decisions if d.followed_hint]
    if followed:
        flagged = sum(1 for d in review.costly if d.followed_hint)
        # two sentences, each with its own plural; none is its own words (playtest 7b: the French
        # "nettement coûteuses en PV : 0")
        hint = _sentences([
            nfmt("{name} followed the Hint in {n} decision.", "{name} followed the Hint in {n} decisions.",
                 len(followed), name=name),
            nfmt("{flagged} of them clearly cost VP.", "{flagged} of them clearly cost VP.", flagged, flagged=flagged)
            if flagged else _("None of them clearly cost VP.")])
        line = fmt("{summary} {hint}", summary=line, hint=hint)
    return line


def item_name(kind: str, what: str, count: int = 1) -> str:
    """An item bought, named in words: "a field tile", "2 field tiles", "the straight 3-parcel
    settlement card"."""
    if kind == "land":
        if count > 1:
            return nfmt("{n} {land} tile", "{n} {land} tiles", count, land=land_word(what))
        return a_land_tile(what)
    if count > 1:
        return nfmt("{n} copy of {card}", "{n} copies of {card}", count, card=card_name(what))
    return card_name(what)


def items_words(bought: Sequence[tuple[str, str]]) -> str:
    """The items a marker bought, the same ones counted together ("2 field tiles", never "a field
    tile and a field tile"), in the order first bought."""
    counts: dict[tuple[str, str], int] = {}
    for item in bought:
        counts[item] = counts.get(item, 0) + 1
    return i18n.join_list([item_name(kind, what, n) for (kind, what), n in counts.items()])


def bid_lines(bids: Bids, folded: Mapping[int, int] | None = None,
              names: Sequence[str] = ()) -> list[tuple[int, str]]:
    """The bid section: (the replay's position to open, the line), the totals and the habit first.
    One voice, "you", as the findings speak (playtest 2: "Player 1 paid…" beside "Your habit: you…").
    `folded`: a bid whose loss is a later finding's (Review.part_of), by its index: that finding's round.
    `names`: the seats' names, to name the rival who buys an item instead (playtest 10f)."""
    out: list[tuple[int, str]] = []
    folded = folded or {}
    first = bids.rounds[0].index if bids.rounds else 0
    head = nfmt("You paid {paid} shilling in bids.", "You paid {paid} shillings in bids.", bids.paid,
                paid=bids.paid)
    if bids.thrown_away:
        head = fmt("{head} {wasted}", head=head, wasted=nfmt(
            "In hindsight, with the bids that followed, lower markers would have bought the same items for "
            "{n} shilling less.",
            "In hindsight, with the bids that followed, lower markers would have bought the same items for "
            "{n} shillings less.", bids.thrown_away, n=bids.thrown_away))
    out.append((first, head))
    if bids.habit is not None and bids.habit.advice is not None:
        # a habit with no judgement the samples back says nothing (playtest 10b): left out
        out.append((first, habit_line(bids.habit)))
    for r in bids.rounds:
        out.append((r.index, bid_round_line(r, folded.get(r.index), names)))
    return out


def habit_line(h: Habit) -> str:
    """The seat's habit, stated; advice only where the coach's own samples found a better marker
    on one side of it in several rounds (Habit.advice), never a guess."""
    line = nfmt("Your habit: you took markers {low} to {high} in {count} of {rounds} round.",
                "Your habit: you took markers {low} to {high} in {count} of {rounds} rounds.",
                h.rounds, low=h.low, high=h.high, count=h.count, rounds=h.rounds)
    if h.advice == "higher":
        advice = nfmt("In {n} round the games the coach played on found a higher marker clearly better: bidding higher "
                      "more often is worth trying.",
                      "In {n} rounds the games the coach played on found a higher marker clearly better: bidding higher "
                      "more often is worth trying.", h.higher)
    elif h.advice == "lower":
        advice = nfmt("In {n} round the games the coach played on found a lower marker clearly better: bidding lower "
                      "more often is worth trying.",
                      "In {n} rounds the games the coach played on found a lower marker clearly better: bidding lower "
                      "more often is worth trying.", h.lower)
    else:
        # no advice the samples back: the habit alone, never a line that states nothing usable
        # (playtest 9b: "... found no clear reason to bid otherwise")
        return line
    return fmt("{summary} {where}", summary=line, where=advice)


def bid_round_line(r: BidRound, finding_round: int | None = None, names: Sequence[str] = ()) -> str:
    """One round of bidding as whole sentences: what the marker bought, whether it was the Hint's
    pick, and its lesson (the lower marker said as hindsight: it relies on the bids that followed)."""
    if r.bought:
        line = nfmt("Round {round}: you took marker {marker} and bought {items} for {paid} shilling.",
                    "Round {round}: you took marker {marker} and bought {items} for {paid} shillings.", r.paid,
                    round=r.round, marker=r.marker, items=items_words(r.bought), paid=r.paid)
    else:
        line = fmt("Round {round}: you took marker {marker} and bought nothing.", round=r.round, marker=r.marker)
    if r.hinted:
        line = fmt("{line} {lesson}", line=line, lesson=_("This marker was the Hint's pick."))
    if r.lower is not None and r.saved and r.better is not None and r.better > r.marker:
        # one line, one advice (playtest 4b: "marker 1 would have bought the same items for 2 shillings
        # less. By the coach's samples marker 5 was better"): the saving in hindsight, then why the
        # higher marker still wins, in one sentence that resolves it
        why = " ".join(why_sentence(w, names, again=True, sure=r.sure) for w in r.why)   # the lesson has said "the games" in full
        lesson = nfmt("A lower marker would have saved {saved} shilling, but marker {better} was better still: about "
                      "{vp} VP more in the games the coach played on from here.",
                      "A lower marker would have saved {saved} shillings, but marker {better} was better still: about "
                      "{vp} VP more in the games the coach played on from here.", r.saved, saved=r.saved, better=r.better, vp=vp(r.better_loss))
        return fmt("{line} {lesson} {why}", line=line, lesson=lesson, why=why).strip()
    if r.lower is not None and r.saved:
        line = fmt("{line} {lesson}", line=line, lesson=nfmt(
            "In hindsight, with the bids that followed, marker {lower} would have bought the same items for "
            "{saved} shilling less.",
            "In hindsight, with the bids that followed, marker {lower} would have bought the same items for "
            "{saved} shillings less.", r.saved, lower=r.lower, saved=r.saved))
    if r.better is not None:
        why = " ".join(why_sentence(w, names, again=True, sure=r.sure) for w in r.why)   # the lesson has said "the games" in full
        lesson = fmt("In the games the coach played on from here, marker {better} was better, by about {vp} VP.", better=r.better,
                     vp=vp(r.better_loss))
        line = fmt("{line} {lesson} {why}", line=line, lesson=lesson, why=why).strip()
    elif not (r.lower is not None and r.saved):
        # no line without a point (playtest 10b: "you took marker 4 and bought nothing." said no verdict):
        # the costly decision the bid's loss is part of when there is one (playtest 9b: Mercy's round 3,
        # the shillings left unspent after it), else the coach's verdict on the marker
        if finding_round is not None:
            verdict = fmt("What that bid cost is in the costly decision of round {round}.", round=finding_round)
        elif r.bought:
            verdict = _("The coach found no clearly better marker: a fair price.")
        else:
            verdict = _("The coach found no clearly better marker.")
        line = fmt("{line} {lesson}", line=line, lesson=verdict)
    return line


def land_cards_sentence(w: Why) -> str:
    """The VP source of "about 2 more settlement tiles": the seat's land-use cards for that land,
    by the futures' end (the next offer): the same in every game, or about `vp` VP more (with the
    card most often gained when the samples show one)."""
    if w.detail == "same" and few(w.worlds):
        # (playtest 13b: too few games to quote their number as proof)
        return fmt("By the next offer those tiles bring no VP yet: your {land} land-use cards score the same after "
                   "either move in every one of those games. The tiles are room for cards to come.",
                   land=land_word(w.item))
    if w.detail == "same":
        return nfmt("By the next offer those tiles bring no VP yet: your {land} land-use cards score the "
                    "same after either move in all {n} of those games. The tiles are room for cards to come.",
                    "By the next offer those tiles bring no VP yet: your {land} land-use cards score the "
                    "same after either move in all {n} of those games. The tiles are room for cards to come.",
                    w.worlds, n=w.worlds, land=land_word(w.item))
    gain = nfmt("With the better move your {land} land-use cards score about {vp} VP more, in {count} of "
                "those {n} games.",
                "With the better move your {land} land-use cards score about {vp} VP more, in {count} of "
                "those {n} games.", w.worlds, land=land_word(w.item), vp=w.vp, count=w.better, n=w.worlds)
    if w.detail and w.detail in ruleset().cards:
        return _sentences([gain, fmt("The card most often gained there is {card}.", card=card_name(w.detail))])
    return gain


def land_for_sentence(w: Why, futures: str) -> str:
    """What a land count is for, said first (playtest 10d, Mercy's round 3: "about 2 more
    settlement tiles" was an outcome, not a cause): the card whose pattern the better move's land
    fits by the next offer (`futures`, against the move taken), then the count."""
    card, land = card_name(w.detail), land_word(w.item)
    if w.amount == 0 and w.kind == "land_held":
        # after a reveal's tile (reasons._reveal): no land count to say, the tile was just named
        return fmt("With the better move your parcels of {land} land form the shape {card} needs by the next offer "
                   "({futures}); that card is kept in your barn.", card=card, land=land, futures=futures)
    if w.amount == 0 and w.kind == "land_offer":
        return fmt("With the better move your parcels of {land} land form the shape {card} needs by the next offer "
                   "({futures}); that card is on the offer now.", card=card, land=land, futures=futures)
    if w.kind == "land_held":
        return nfmt("The {land} land the better move gives you is for {card}, kept in your barn: by the next offer "
                    "your parcels of that land form the shape it needs {futures}, thanks to about {amount} more tile "
                    "of that land.",
                    "The {land} land the better move gives you is for {card}, kept in your barn: by the next offer "
                    "your parcels of that land form the shape it needs {futures}, thanks to about {amount} more tiles "
                    "of that land.", w.amount, land=land, card=card, futures=futures, amount=w.amount)
    if w.kind == "land_offer":
        return nfmt("The {land} land the better move gives you is for {card}, on the offer now: by the next offer "
                    "your parcels of that land form the shape it needs {futures}, thanks to about {amount} more tile "
                    "of that land.",
                    "The {land} land the better move gives you is for {card}, on the offer now: by the next offer "
                    "your parcels of that land form the shape it needs {futures}, thanks to about {amount} more tiles "
                    "of that land.", w.amount, land=land, card=card, futures=futures, amount=w.amount)
    # no card the seat can buy needs it (brief 49c: Mercy's round 3 took three long clauses to say
    # so): the cause (the shape) first, in two plain sentences; the tile count, an outcome, is not said
    if w.step("later") is not None:
        # the move's tile alone does not make the pattern (playtest 10f, Mercy's round 3: "fits by the
        # next offer" with B6 and A7-C7, no square yet): the tiles bought after it, shown in the games
        return fmt("With the better move, and the tiles of that land you buy after it, your parcels of {land} land form the "
                   "shape {card} needs by the next offer ({futures}). No card you can buy now needs that yet: the gain "
                   "is room for cards to come.", land=land, card=card, futures=futures)
    return fmt("With the better move your parcels of {land} land form the shape {card} needs by the next offer ({futures}). "
               "No card you can buy now needs that yet: the gain is room for cards to come.",
               land=land, card=card, futures=futures)


def short_why(w: Why) -> str:
    """A reason in a few words, for the one quiet line of Coach while I play."""
    if w.kind == "card" or w.kind == "card_more":
        return fmt("{card}, {vp} VP", card=card_name(w.item), vp=w.vp)
    if w.kind == "majority":
        return fmt("the majority of {figures}, {vp} VP", figures=figure_name(w.item, 2), vp=w.vp)
    if w.kind == "rival_card":
        return fmt("{card} kept from a rival", card=card_name(w.item))
    if w.kind == "rival_majority":
        return fmt("no majority of {figures} for a rival", figures=figure_name(w.item, 2))
    if w.kind == "income":
        return nfmt("{amount} shilling more income a round", "{amount} shillings more income a round", w.amount,
                    amount=w.amount)
    if w.kind == "money":
        return nfmt("{amount} shilling more", "{amount} shillings more", w.amount, amount=w.amount)
    if w.kind == "land":
        return nfmt("{amount} more {land} tile", "{amount} more {land} tiles", w.amount, amount=w.amount,
                    land=land_word(w.item))
    if w.kind in ("land_held", "land_offer", "land_deck") and w.detail in ruleset().cards:
        return fmt("{land} land for {card}", land=land_word(w.item), card=card_name(w.detail))
    if w.kind == "room":
        return nfmt("{amount} more free parcel for a {land} tile", "{amount} more free parcels for a {land} tile",
                    w.amount, amount=w.amount, land=land_word(w.item))
    if w.kind == "stored":
        return fmt("{card} kept in a barn", card=card_name(w.item))
    if w.kind == "parcel":
        return short_parcel(w)
    if w.kind == "reveal":
        main = w.step("main")
        return fmt("{item} from a reveal", item=step_item(main.item)) if main is not None else ""
    if w.kind == "rival_gets":
        return fmt("{figure} kept from a rival", figure=a_figure(w.item))
    if w.kind == "ahead":
        return fmt("{amount} VP further ahead", amount=w.amount)
    return ""


def short_parcel(w: Why) -> str:
    """A parcel fact in a few words (Coach while I play)."""
    if w.detail not in ("developed", "open"):        # a figure of the ruleset's
        if w.detail not in ruleset().figures:
            return ""                                  # a review made with other game data
        return fmt("your {figure} at {parcel}", figure=figure_name(w.detail, 1), parcel=w.item)
    if w.detail == "developed":
        return fmt("{parcel} developed", parcel=w.item)
    return fmt("{parcel} left free for a card's pattern", parcel=w.item)


def live_line(d: Decision, state: State, names: Sequence[str]) -> str:
    """Coach while I play: the better move of the person's last turn, and its main reason, in one line."""
    best = line_words(d, state) or move_words(state, d.best, taken=False)
    why = short_why(d.why[0]) if d.why else ""
    if why:
        return fmt("The coach, on your last turn: {best} Why: {why}.", best=best, why=why)
    return fmt("The coach, on your last turn: {best}", best=best)
