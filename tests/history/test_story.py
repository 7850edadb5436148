"""The story: its numbers are the engine's, round by round, and each fact is recomputed here
another way (from snapshots and money, not from the story's own helpers)."""
from __future__ import annotations

import json
from fractions import Fraction

import pytest

from ne_game import rules
from ne_game.game.gamedata import default_ruleset
from ne_game.history import FACT_KINDS, Replay, story_of
from ne_game.history.story import CLOSE_MARGIN

from .games import play

GAMES = [(("human", "easy", "easy", "easy"), 1), (("human", "easy", "medium", "easy"), 2),
         (("human", "easy", "easy"), 3), (("human", "medium", "medium", "easy"), 4),
         (("human", "easy", "easy", "easy"), 7), (("human", "easy", "easy"), 8)]


def _walk(save):
    """(index, seat, action, before snapshot, after snapshot, before state, after state) per action."""
    state = rules.new_game(save["players"], save["seed"])
    for k, action in enumerate(save["actions"]):
        after = rules.apply_action(state, action)
        yield k, state.current, action, rules.to_json(state), rules.to_json(after), state, after
        state = after


def _round_ends(save):
    """Engine scores at each round end, found by watching the round number change."""
    out = []
    for _, _, _, before, after, _, state in _walk(save):
        if before["round"] >= 1 and after["round"] == before["round"] + 1 and after["phase"] == "offer":
            out.append((before["round"], rules.final_scores(state)))
    return out


@pytest.mark.parametrize("kinds, seed", GAMES[:3])
def test_story_vp_and_money_by_round_are_the_engines_scores_at_each_round_end(kinds, seed):
    save = play(kinds, seed)
    story = story_of(Replay.from_save(save))
    ends = _round_ends(save)
    assert story.rounds == tuple(n for n, _ in ends) == tuple(range(1, len(ends) + 1))
    for seat in story.seats:
        assert seat.vp_by_round == tuple(rows[seat.seat]["total"] for _, rows in ends)
        assert seat.money_by_round == tuple(rows[seat.seat]["money"] for _, rows in ends)


@pytest.mark.parametrize("kinds, seed", GAMES[:3])
def test_story_final_score_by_source_adds_up_to_the_engines_total(kinds, seed):
    save = play(kinds, seed)
    end = rules.replay(save["players"], save["seed"], None, save["actions"])
    story = story_of(Replay.from_save(save))
    assert story.finished and story.winners == tuple(rules.winners(end))
    cards = default_ruleset().cards
    for seat, row in zip(story.seats, rules.final_scores(end)):
        final = seat.final
        assert final.total == row["total"] == final.land_cards_vp + final.figure_cards_vp + final.majority_vp
        assert final.majorities == row["majorities"] and final.money == row["money"]
        hand = rules.to_json(end)["players"][seat.seat]["cards"]
        assert final.figure_cards_vp == sum(cards[c].vp for c in hand if cards[c].figure)
        assert final.land_cards_vp == sum(cards[c].vp for c in hand if cards[c].land)
        # the end of the last round is the end of the game: no score changes at the last offer
        assert seat.vp_by_round[-1] == final.total


def _expected_facts(save):
    cards = default_ruleset().cards
    figures = default_ruleset().figures
    dev, bargain, spent = [], [], {}
    holders_at: list = []
    for k, seat, action, before, after, _, state in _walk(save):
        if not holders_at:
            holders_at.append({f: frozenset() for f in figures})
        rows = rules.final_scores(state)
        holders_at.append({f: frozenset(r["seat"] for r in rows if r["majorities"][f] > 0) for f in figures})
        gained = after["players"][seat]["cards"][len(before["players"][seat]["cards"]):]
        use = action.get("use", {})
        if gained and "develop" in use:
            dev.append(((cards[gained[0]].vp, len(use["develop"]), -k),
                        dict(seat=seat, round=before["round"], card=gained[0], parcels=len(use["develop"]),
                             vp=cards[gained[0]].vp, from_barn=action["type"] == "play_stored", index=k)))
        if action["type"] == "buy_card" and gained:
            price = before["players"][seat]["bid"]
            vp = cards[gained[0]].vp
            bargain.append(((Fraction(vp, price), vp, -k),
                            dict(seat=seat, round=before["round"], card=gained[0], price=price, vp=vp, index=k)))
        if action["type"] in ("buy_land", "buy_card"):
            paid = before["players"][seat]["money"] - after["players"][seat]["money"]
            entry = spent.setdefault((before["round"], seat), [0, 0, k])
            entry[0] += paid
            entry[1] += 1
    out = {}
    if dev:
        out["biggest_development"] = max(dev, key=lambda x: x[0])[1]
    if bargain:
        out["best_bargain"] = max(bargain, key=lambda x: x[0])[1]
    if spent:
        (rnd, seat), (total, count, first) = max(spent.items(), key=lambda x: (x[1][0], -x[1][2]))
        out["most_spent_round"] = dict(seat=seat, round=rnd, spent=total, purchases=count, index=first)
    end = rules.replay(save["players"], save["seed"], None, save["actions"])
    if rules.to_json(end)["phase"] != "game_over":
        return out
    ends = _round_ends(save)
    # the majority settled last: the last position whose holders differ from the final ones
    best = None
    for f in figures:
        final = holders_at[-1][f]
        if not final or not figures[f].majority_vp:
            continue
        q = max(p for p, h in enumerate(holders_at) if h[f] != final)
        if best is None or q > best[0]:
            best = (q, f, final)
    if best:
        q, f, final = best
        out["late_majority"] = dict(figure=f, seats=sorted(final), vp=figures[f].majority_vp,
                                    round=rules.to_json(rules.replay(save["players"], save["seed"], None,
                                                                     save["actions"][:q]))["round"],
                                    by=Replay.from_save(save).actor(q), index=q, last_round=len(ends))
    winners = rules.winners(end)
    deficits = [(max(r["total"] for r in rows) - rows[w]["total"], n, w, rows)
                for w in winners for n, rows in ends]
    worst = max(deficits, key=lambda d: (d[0], d[1]))
    if worst[0] > 0:
        behind, n, w, rows = worst
        out["comeback"] = dict(seat=w, round=n, behind=behind,
                               rank=1 + sum(r["total"] > rows[w]["total"] for r in rows),
                               leaders=[r["seat"] for r in rows if r["total"] == max(x["total"] for x in rows)])
    final_rows = rules.final_scores(end)
    if len(winners) > 1:
        out["close_finish"] = dict(winners=winners, runner_up=None, margin=0, money_decided=False, shared=True,
                                   winner_money=final_rows[winners[0]]["money"], runner_up_money=None)
    else:
        ranked = sorted(final_rows, key=lambda r: (-r["total"], -r["money"], r["seat"]))
        win, runner = ranked[0], ranked[1]
        if win["total"] - runner["total"] <= CLOSE_MARGIN:
            out["close_finish"] = dict(winners=[win["seat"]], runner_up=runner["seat"],
                                       margin=win["total"] - runner["total"],
                                       money_decided=win["total"] == runner["total"], shared=False,
                                       winner_money=win["money"], runner_up_money=runner["money"])
    return out


def test_story_facts_are_exact_structured_values():
    seen = set()
    for kinds, seed in GAMES:
        save = play(kinds, seed)
        story = story_of(Replay.from_save(save))
        facts = {f["kind"]: {k: v for k, v in f.items() if k != "kind"} for f in story.facts}
        assert [f["kind"] for f in story.facts] == [k for k in FACT_KINDS if k in facts]
        assert facts == _expected_facts(save), (kinds, seed)
        json.dumps(story.to_json())                      # JSON-compatible throughout
        for fact in story.facts:                         # codes and numbers, never sentences
            for value in fact.values():
                assert not (isinstance(value, str) and " " in value)
        seen |= set(facts)
    # every kind that a finished game can tell was told at least once in these games
    assert set(FACT_KINDS) == seen


def test_story_of_an_unfinished_game_keeps_to_the_rounds_that_ended():
    save = play(("human", "easy", "easy", "easy"), 1, stop=120)
    replay = Replay.from_save(save)
    story = story_of(replay)
    assert not story.finished and story.winners == ()
    ended = [r.number for r in replay.rounds if r.complete]
    assert story.rounds == tuple(ended) and all(len(s.vp_by_round) == len(ended) for s in story.seats)
    assert {f["kind"] for f in story.facts} <= {"biggest_development", "best_bargain", "most_spent_round"}
    assert {f["kind"]: {k: v for k, v in f.items() if k != "kind"} for f in story.facts} == _expected_facts(save)
    assert story.fact("comeback") is None
