"""The story's VP chart is the race (issue 35: axes say what they count, "VP ahead of / behind"):
each seat's VP after a round less the most any other seat had, so the leader is above zero by
its lead and the others below by how far they trail, as the story's comeback fact counts it."""
from __future__ import annotations

from ne_game.history import Replay, story_of
from ne_game.ui.scenes.story.scene import lead_by_round
from tests.history.games import play


def test_the_race_is_the_lead_over_the_best_other_seat():
    story = story_of(Replay.from_save(play(("human", "easy", "easy"), seed=2, names=("Ann", "Bob", "Cy"))))
    for s in story.seats:
        lead = lead_by_round(story, s.seat)
        assert len(lead) == len(s.vp_by_round)
        for i, v in enumerate(s.vp_by_round):
            best_other = max(o.vp_by_round[i] for o in story.seats if o.seat != s.seat)
            assert lead[i] == v - best_other
    # after every round exactly the leaders stand at or above zero
    for i in range(len(story.rounds)):
        top = max(s.vp_by_round[i] for s in story.seats)
        assert all((lead_by_round(story, s.seat)[i] >= 0) == (s.vp_by_round[i] == top) for s in story.seats)
    comeback = story.fact("comeback")
    if comeback is not None:        # the chart and the fact count "behind the leader" alike
        k = list(story.rounds).index(comeback["round"])
        assert lead_by_round(story, comeback["seat"])[k] == -comeback["behind"]
