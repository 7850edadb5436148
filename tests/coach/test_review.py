"""The coach's review of one seat (ne_game.coach): what it covers, what it flags, how it is kept."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from ne_game import rules
from ne_game.coach import Cancelled, Decision, Review, SeatReview, kind_of, review_seat
from ne_game.coach.review import FLAG_VP, FLAG_Z
from tests.history.games import engine_state, play

ROOT = Path(__file__).resolve().parents[2]


def short_game() -> dict:
    return play(("human", "easy", "easy"), seed=2, stop=40)


def test_review_covers_every_real_decision_of_the_seat_and_only_those():
    save = short_game()
    job = SeatReview(save, 0, worlds=2)
    expected = [k for k in range(len(save["actions"]))
                if rules.current_player(engine_state(save, k)) == 0
                and len(rules.legal_actions(engine_state(save, k))) > 1]
    assert job.todo == expected and expected
    review = review_seat(save, 0, worlds=2, seed=3)
    assert [d.index for d in review.decisions] == expected
    for d in review.decisions:
        assert d.taken == save["actions"][d.index]
        assert d.loss >= 0 and d.se >= 0 and d.worlds == 2
        assert (d.loss == 0) == (d.best == d.taken) or d.loss == 0
        assert d.kind == kind_of(d.taken)
        assert d.best in rules.legal_actions(engine_state(save, d.index))


def test_review_is_deterministic_given_seed_and_worlds():
    save = short_game()
    a = review_seat(save, 1, worlds=2, seed=5).to_json()
    b = review_seat(save, 1, worlds=2, seed=5).to_json()
    a.pop("seconds"), b.pop("seconds")
    assert a == b


def test_a_close_call_is_never_flagged():
    base = dict(index=4, round=1, kind="bids", taken={"type": "take_bid", "value": 3},
                best={"type": "take_bid", "value": 5}, value=1.0, worlds=8, candidates=3)
    assert not Decision(loss=FLAG_VP * 0.9, se=0.01, **base).flaggable          # too small to matter
    assert not Decision(loss=2.0, se=2.0 / FLAG_Z * 1.1, **base).flaggable      # within the noise
    assert Decision(loss=2.0, se=0.3, **base).flaggable


def test_review_json_has_the_documented_fields_and_reads_back():
    review = review_seat(short_game(), 0, worlds=2)
    data = json.loads(json.dumps(review.to_json()))
    assert {"seat", "mean_loss", "total_loss", "decisions"} <= set(data)
    for d in data["decisions"]:
        assert {"index", "round", "taken", "best", "loss", "se"} <= set(d)
    back = Review.from_json(data)
    assert back.to_json()["decisions"] == data["decisions"]
    assert [d.index for d in back.flagged] == [d.index for d in review.flagged]
    assert abs(back.total_loss - review.total_loss) < 1e-3
    with pytest.raises(ValueError):
        Review.from_json({"seat": 0})


def test_review_can_be_cancelled_and_keeps_what_it_did():
    save = short_game()
    calls = []
    with pytest.raises(Cancelled) as stop:
        review_seat(save, 0, worlds=2, progress=lambda done, total: calls.append(done),
                    cancel=lambda: len(calls) >= 2)
    partial = stop.value.partial
    assert not partial.complete and len(partial.decisions) == 2 and partial.planned > 2


def test_review_refuses_a_seat_that_is_not_there():
    with pytest.raises(ValueError):
        SeatReview(short_game(), 7)


@pytest.mark.slow
def test_review_headless_command_prints_one_json_object(tmp_path):
    path = tmp_path / "game.json"
    path.write_text(json.dumps(short_game()), encoding="utf-8")
    out = subprocess.run([sys.executable, "-m", "ne_game", "review", str(path), "--seat", "0", "--worlds", "2",
                          "--json"], cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stderr
    data = json.loads(out.stdout)
    assert data["seat"] == 0 and data["decisions"]
    # issue 37: each decision's reason and whether it followed the Hint; the bid lessons
    assert all("reason" in d and "followed_hint" in d for d in data["decisions"])
    assert all(d["reason"] for d in data["decisions"] if d["best"] != d["taken"])
    assert data["bids"]["seat"] == 0 and data["bids"]["rounds"]
    bad = subprocess.run([sys.executable, "-m", "ne_game", "review", str(tmp_path / "missing.json"), "--seat", "0"],
                         cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert bad.returncode == 2 and "ne-game review" in bad.stderr


def test_the_coach_judges_by_the_hand_written_evaluation_not_by_hards_forecast(monkeypatch):
    """The hard player judges rollouts by its fitted forecast; the coach does not (it told easy
    from medium less well with it, README "The coach"): a forecast that says 42 everywhere
    reaches no value of a review."""
    from ne_game.ai import forecast as fc
    from ne_game.ai import hard as hard_mod

    class Fixed(fc.Forecast):
        def margin(self, m, seat, rival_weight=1.0):
            return 42.0

    fixed = Fixed(fc.fact_names(), ((0.0,) * (len(fc.fact_names()) + 1),))
    monkeypatch.setattr(hard_mod, "shipped_forecast", lambda: fixed)
    assert hard_mod.HardPlayer(seed=1).forecast is fixed     # the game's hard player would use it
    review = review_seat(short_game(), 0, worlds=2, seed=3)
    assert review.decisions and all(d.value != 42.0 for d in review.decisions)


def test_review_json_reasons_know_the_seats_names(tmp_path, monkeypatch, capsys):
    """A reason names the rival who took a figure ("Prudence also gets a pilgrim"): the command
    gives the reasons the seats' names from the save, not "a rival"."""
    import ne_game.ui.scenes.table.model.coach_words as coach_words
    from ne_game.cli import main

    save = short_game()
    path = tmp_path / "game.json"
    path.write_text(json.dumps(save), encoding="utf-8")
    seen: list[list[str]] = []

    def reason(d, state=None, names=()):
        seen.append(list(names))
        return "because"
    monkeypatch.setattr(coach_words, "reason", reason)
    assert main(["review", str(path), "--seat", "0", "--worlds", "2", "--json"]) == 0
    capsys.readouterr()
    assert seen and all(n == [s["name"] for s in save["seats"]] for n in seen)


def test_review_json_reasons_know_the_position(tmp_path, monkeypatch, capsys):
    """The command's reasons are said as the coach's screen says them, with the position of the
    decision (brief 44a: "H1 is yours, undeveloped and without a figure" on the command line
    where the screen said "your ship leaves H1")."""
    import ne_game.ui.scenes.table.model.coach_words as coach_words
    from ne_game import rules
    from ne_game.cli import main
    from ne_game.game.session import GameSession

    save = short_game()
    path = tmp_path / "game.json"
    path.write_text(json.dumps(save), encoding="utf-8")
    seen: list[tuple[int, object]] = []

    def reason(d, state=None, names=()):
        seen.append((d.index, state))
        return "because"
    monkeypatch.setattr(coach_words, "reason", reason)
    assert main(["review", str(path), "--seat", "0", "--worlds", "2", "--json"]) == 0
    capsys.readouterr()
    session = GameSession.from_save(save)
    assert seen and all(s is not None and rules.to_json(s) == rules.to_json(session.state_before(i)) for i, s in seen)
