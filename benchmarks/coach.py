"""How far the coach can be trusted, whether it agrees with the Hint, and how long it takes.
Prints numbers; asserts nothing. Run (heavy: about half an hour on 2 cores):

    nice uv run python benchmarks/coach.py [--games 8] [--budget 1.0] [--hard-budget 0.5] [--out F.json]
    nice uv run python benchmarks/coach.py --rejudge F.json [--worlds 16]   # the stored findings again

1. One judge (issue 37's "Done when"): games with seats [hard, medium, medium, medium], the hard
   seat rotated. The hard seat plays what the Hint would (the Hint is the hard player at the
   table's thinking time, 0.5 s), so its every move is recorded as a hint followed in the save,
   as the table records it. The coach reviews the hard seat and the medium seat after it:
   flags per game (with the Hint rule, and what the plain rule alone would flag) and the mean
   loss per decision of each.
2. Validity: games with seats [easy, medium, medium, medium], the easy seat rotated; the coach
   reviews the easy seat and the medium seat after it: easy should lose more.
3. Speed: seconds to review one seat of a whole game as the screen runs it (at most 45 s
   spread over the decisions), and the longest wait between two progress reports.
Every flagged finding (game, seat, index, the moves and the reason facts) goes to --out, to be
read against the replay.
"""
from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def _play(kinds: list[str], seed: int, hard_budget: float, hinted: int | None = None) -> dict:
    """A whole game between computer players; with `hinted`, that seat's moves are saved as
    hints it followed (it is the player the Hint asks)."""
    from ne_game import rules
    from ne_game.ai import make_player
    from ne_game.game.session import GameSession, Seat, family_order

    families = family_order()
    seats = [Seat(f"{k} {i}", families[i], k) for i, k in enumerate(kinds)]
    session = GameSession(seats, seed)
    players = [make_player(k, seed=seed * 16 + i, time_budget=hard_budget) for i, k in enumerate(kinds)]
    while not session.is_over():
        seat = session.current_seat
        assert seat is not None
        action = players[seat].choose(rules.observe(session.state, seat), session.legal_actions())
        if seat == hinted:
            session.note_hint(action)
        session.apply(action)
    return session.to_save()


def _interval(values: list[float]) -> str:
    if len(values) < 2:
        return f"{values[0]:.2f}" if values else "–"
    mean = statistics.fmean(values)
    half = 1.96 * statistics.stdev(values) / math.sqrt(len(values))
    return f"{mean:.2f} ({mean - half:.2f} – {mean + half:.2f})"


def _review(save: dict, seat: int, budget: float, seed: int):
    from ne_game.coach import SeatReview
    from ne_game.coach.review import WHOLE_REVIEW

    # as the screen runs it: the whole review spread over WHOLE_REVIEW seconds at most, and the
    # progress bar's moves (within a decision too) timed
    job = SeatReview(save, seat, budget=budget, seed=seed, whole=WHOLE_REVIEW)
    marks: list[float] = []
    moved = job._advance

    def advance(share: float) -> None:
        moved(share)
        marks.append(time.perf_counter())

    job._advance = advance   # type: ignore[method-assign]
    t0 = time.perf_counter()
    while job.step():
        marks.append(time.perf_counter())
    gaps = [b - a for a, b in zip([t0] + marks, marks)]
    return job.result(), time.perf_counter() - t0, max(gaps) if gaps else 0.0


def _plain_flags(review) -> int:
    """What the plain rule (no Hint rule) would flag."""
    from ne_game.coach.review import FLAG_VP, FLAG_Z, TOP

    return min(TOP, sum(1 for d in review.decisions if d.loss >= FLAG_VP and d.loss >= FLAG_Z * d.se))


def _findings(review, game: int, level: str) -> list[dict]:
    return [{"game": game, "level": level, "seat": review.seat, "index": d.index, "round": d.round,
             "taken": d.taken, "best": d.best, "loss": round(d.loss, 2), "se": round(d.se, 2),
             "followed_hint": d.followed_hint, "why": [w.to_json() for w in d.why]} for d in review.flagged]


# what a land count is for names the card (land_held/land_offer/land_deck, 49a); a chain names
# the parcel and the figure (49c)
CONCRETE = ("card", "card_more", "majority", "rival_card", "rival_majority", "money", "income", "land", "room",
            "stored", "parcel", "rival_gets", "cause", "land_held", "land_offer", "land_deck", "chain",
            "reveal")     # a reveal's reason names the item it draws and the purchase still made (51b)


def rejudge(path: str, worlds: int) -> None:
    """Judge the stored findings of an earlier run again (its saves are in the file) with the
    reasons as they are now, at a fixed number of worlds: how many name a concrete item."""
    from ne_game.coach.review import Decision, _review_decision
    from ne_game.game.session import GameSession

    data = json.loads(Path(path).read_text())
    out, plain = [], 0
    judged: list[tuple[str, Decision]] = []
    data_seat: dict[tuple[str, int], int] = {}
    for f in data["findings"]:
        key = ("hard" if f["level"] in ("hard", "medium") else "easy") + str(f["game"])
        session = GameSession.from_save(data["saves"][key], "review")
        k = f["index"]
        d = _review_decision(session.state_before(k), session.actions[k], f["seat"], k, 1.0, 1, worlds, None,
                             session.hints.get(k))
        judged.append((key, d))
        data_seat[(key, k)] = f["seat"]
        kinds = [w.kind for w in d.why]
        concrete = any(kd in CONCRETE for kd in kinds)
        plain += not concrete
        out.append({**f, "best_now": d.best, "loss_now": round(d.loss, 2), "why_now": [w.to_json() for w in d.why]})
        print(f"{key} seat {f['seat']} index {k}: {' + '.join(kinds) or 'nothing'}"
              f"{'' if concrete else '  <- no concrete item'}", flush=True)
    print(f"rejudged {len(out)} findings at {worlds} worlds: {len(out) - plain} name a concrete item, {plain} do not")
    # playtest 4b: what the reasons say now (first facts, who got a figure, shared majorities, a card
    # kept in a barn said first, losses counted once)
    from collections import Counter

    from ne_game.coach.review import same_loss
    firsts = Counter(d.why[0].kind for _, d in judged if d.why)
    print("first fact:", ", ".join(f"{k} {n}" for k, n in firsts.most_common()))
    print("a rival who got the figure named:", sum(any(w.kind == "rival_gets" for w in d.why) for _, d in judged))
    print("majorities shared (a tie in the typical game):",
          sum(w.kind == "majority" and len(w.counts) == 4 and w.counts[0] == w.counts[1] for _, d in judged
              for w in d.why))
    print("a card kept in a barn said first:", firsts.get("stored", 0))
    # brief 43a: the decision in the futures that caused a fact (who bought what, when, with which marker)
    causes = [w for _, d in judged for w in d.why if w.kind == "cause"]
    print("a cause named (a decision in the futures):", sum(any(w.kind == "cause" for w in d.why) for _, d in judged),
          "of", len(judged), "- with a figure moved first:", sum(w.step("first") is not None for w in causes),
          "- with what happened instead:", sum(w.step("instead") is not None for w in causes))
    caused = Counter(d.why[k - 1].kind for _, d in judged for k, w in enumerate(d.why) if w.kind == "cause" and k)
    print("the facts given a cause:", ", ".join(f"{k} {n}" for k, n in caused.most_common()))
    by_seat: dict[tuple[str, int], list[Decision]] = {}
    for key, d in judged:
        by_seat.setdefault((key, data_seat[(key, d.index)]), []).append(d)
    print("findings counted once (the same loss as an earlier one):",
          sum(len(same_loss(ds)) for ds in by_seat.values()))
    # brief 44a (playtest 7b): what you did when a rival bought the item instead, what a parcel freed
    # by a figure is used for, facts where every game agrees (said lightly), one loss at two sizes
    print("causes with what you did in that turn (a rival bought it instead):",
          sum(w.step("own") is not None for w in causes), "of",
          sum(w.step("instead") is not None and w.step("instead").seat != w.seat == w.step("main").seat  # type: ignore[union-attr]
              for w in causes),
          "- bought:", sum(w.step("own") is not None and w.step("own").verb == "buy" for w in causes),  # type: ignore[union-attr]
          "- bought nothing more:", sum(w.step("own") is not None and w.step("own").verb == "end" for w in causes))  # type: ignore[union-attr]
    firsts_of = [w.step("first") for w in causes if w.step("first") is not None]
    print("figures moved first:", len(firsts_of), "- in an earlier round than the purchase:",
          sum(f.round != w.step("main").round for w in causes if (f := w.step("first")) is not None),  # type: ignore[union-attr]
          "- the parcel it leaves then used or open:",
          Counter(w.step("freed").verb for w in causes if w.step("freed") is not None))  # type: ignore[union-attr]
    facts = [w for _, d in judged for w in d.why if w.kind in ("card", "majority", "stored", "parcel", "cause")]
    print("facts where every game agrees (said 'in all N games ...; after your move, in none'):",
          sum(w.better == w.worlds and w.taken == 0 for w in facts), "of", len(facts))
    twice = [(d, e) for ds in by_seat.values() for i, e in same_loss(ds).items() for d in ds if d.index == i]
    print("counted once at another shown size (the sentence says the earlier size and why):",
          sum(f"{d.loss:.1f}" != f"{e.loss:.1f}" for d, e in twice), "of", len(twice))
    # brief 45b (playtest 8b): a loss shown where the games part (a reveal's loss is the placement's
    # after it), where your own purchase went, the contrast said once in a finding
    folded = [(e, d) for ds in by_seat.values() for i, d in same_loss(ds).items() for e in ds
              if e.index == i and d.index > i]
    print("findings whose loss is a later one's (shown at the later, where the games part):", len(folded),
          "- kinds:", Counter(f"{e.taken['type']} -> {d.taken['type']}" for e, d in folded))
    owns = [w.step("own") for w in causes if w.step("own") is not None and w.step("own").verb == "buy"]  # type: ignore[union-attr]
    print("your own purchase instead, with its parcel (every game agrees):",
          sum(bool(o.where) for o in owns if o is not None), "of", len(owns))
    said_again = sum(k > 0 and w.better == w.worlds and w.taken == 0 for _, d in judged for k, w in enumerate(d.why)
                     if w.kind in ("card", "majority", "stored", "parcel", "cause"))
    print("later facts of a finding where every game agrees (said 'in all of them, never after your move'):",
          said_again)
    # brief 46a (playtest 9b): a bid whose loss is the unspent turn after it, where the VP differ by
    # source, a rival's purchase hedged in a thin sample, the habits at the head of the findings
    from ne_game.coach.review import habits_of
    from ne_game.ui.scenes.table.model.coach_words import _thin
    print("bids whose loss is the unspent turn after it (shown at the turn):",
          sum(e.taken["type"] == "take_bid" and d.taken["type"] == "end_turn" for e, d in folded))
    print("where the VP differ, by source:", Counter(w.detail for _, d in judged for w in d.why if w.kind == "sources"))
    rivals = [(w, d) for _, d in judged for w in d.why if w.kind == "cause" and (
        (w.detail == "taken" and w.step("main").seat != w.seat)  # type: ignore[union-attr]
        or (w.step("instead") is not None and w.step("instead").seat != w.seat))]  # type: ignore[union-attr]
    hedged = sum(_thin(w.taken if w.detail == "taken" and w.step("main").seat != w.seat  # type: ignore[union-attr]
                       else w.amount, w.worlds, d.clearly) for w, d in rivals)
    print("causes naming a rival:", len(rivals), "- hedged (a 'probably' finding, or at most half the games):", hedged)
    habits = [h for ds in by_seat.values() for h in habits_of([d for d in ds if d.flaggable])]
    print("seats with a habit (3 findings or more of one kind):", len(habits), "of", len(by_seat), "-",
          Counter(h.kind for h in habits))
    Path(path).with_suffix(".rejudged.json").write_text(json.dumps(out))


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--rejudge", help="judge the findings stored by an earlier --out again, and stop")
    parser.add_argument("--worlds", type=int, default=16, help="worlds per decision with --rejudge")
    parser.add_argument("--games", type=int, default=8)
    parser.add_argument("--budget", type=float, default=1.0, help="the coach's seconds per decision")
    parser.add_argument("--hard-budget", type=float, default=0.5, help="the hard player's seconds per decision")
    parser.add_argument("--out", default="/tmp/coach_findings.json", help="the flagged findings, as JSON")
    args = parser.parse_args()
    if args.rejudge:
        rejudge(args.rejudge, args.worlds)
        return

    findings: list[dict] = []
    saves: dict[str, dict] = {}
    times, waits = [], []
    hard_flags, hard_plain, hard_loss, med_flags, med_loss = [], [], [], [], []
    for g in range(args.games):
        seat = g % 4
        kinds = ["medium"] * 4
        kinds[seat] = "hard"
        save = _play(kinds, 300 + g, args.hard_budget, hinted=seat)
        saves[f"hard{g}"] = save
        r_hard, secs, wait = _review(save, seat, args.budget, seed=1)
        r_med, secs2, wait2 = _review(save, (seat + 1) % 4, args.budget, seed=1)
        times += [secs, secs2]
        waits += [wait, wait2]
        hard_flags.append(len(r_hard.flagged))
        hard_plain.append(_plain_flags(r_hard))
        hard_loss.append(r_hard.mean_loss)
        med_flags.append(len(r_med.flagged))
        med_loss.append(r_med.mean_loss)
        findings += _findings(r_hard, g, "hard") + _findings(r_med, g, "medium")
        print(f"hint game {g + 1}: hard seat {seat} mean loss {r_hard.mean_loss:.2f}, {len(r_hard.flagged)} flagged "
              f"({_plain_flags(r_hard)} by the plain rule) of {len(r_hard.decisions)}; medium mean loss "
              f"{r_med.mean_loss:.2f}, {len(r_med.flagged)} flagged; {secs:.1f} s + {secs2:.1f} s", flush=True)
    print(f"one judge: over {args.games} games the hard seat (every move a hint followed) had "
          f"{statistics.fmean(hard_flags):.2f} flagged a game ({statistics.fmean(hard_plain):.2f} by the plain rule), "
          f"mean loss {_interval(hard_loss)}; the medium seat {statistics.fmean(med_flags):.2f} flagged a game, "
          f"mean loss {_interval(med_loss)}; hard below medium in "
          f"{sum(h < m for h, m in zip(hard_loss, med_loss))} of {args.games} games", flush=True)

    easy, medium = [], []
    for g in range(args.games):
        seat = g % 4
        kinds = ["medium"] * 4
        kinds[seat] = "easy"
        save = _play(kinds, 100 + g, args.hard_budget)
        saves[f"easy{g}"] = save
        r_easy, secs, wait = _review(save, seat, args.budget, seed=1)
        r_med, secs2, wait2 = _review(save, (seat + 1) % 4, args.budget, seed=1)
        easy.append(r_easy.mean_loss)
        medium.append(r_med.mean_loss)
        times += [secs, secs2]
        waits += [wait, wait2]
        findings += _findings(r_easy, g, "easy") + _findings(r_med, g, "medium (easy games)")
        print(f"easy game {g + 1}: easy seat {seat} mean loss {r_easy.mean_loss:.2f} ({len(r_easy.flagged)} flagged), "
              f"medium {r_med.mean_loss:.2f} ({len(r_med.flagged)} flagged); {secs:.1f} s + {secs2:.1f} s", flush=True)
    print(f"validity: mean loss a decision over {args.games} games: easy {_interval(easy)}, medium {_interval(medium)}; "
          f"easy above medium in {sum(e > m for e, m in zip(easy, medium))} of {args.games} games")
    print(f"speed: one seat reviewed in {statistics.median(times):.1f} s median, {max(times):.1f} s at most "
          f"(budget {args.budget} s a decision); longest wait between two progress reports {max(waits):.2f} s")
    with_reason = sum(1 for f in findings if f["why"])
    print(f"findings: {len(findings)} flagged, {with_reason} with a concrete reason (a card, majority, land or money)")
    Path(args.out).write_text(json.dumps({"findings": findings, "saves": saves}))
    print(f"written: {args.out}")


if __name__ == "__main__":
    main()
