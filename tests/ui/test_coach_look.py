"""Playtest 1 on the coach screen: (a)4 the findings' rows used different text sizes (a long one
was shrunk); (b)2 the headline "lost about 26.1 VP" over a chart that went down to -12 seemed to
disagree; the keys line did not name the "Lessons about the bid" button."""
from __future__ import annotations

import pygame
import pytest

from ne_game import i18n
from ne_game.game.session import GameSession
from ne_game.storage.settings import Settings
from ne_game.ui.scenes.table.draw.gfx import Style
from ne_game.ui.scenes.table.model.coach_words import summary, vp
from ne_game.ui.shell import flow
from ne_game.ui.shell.ai_runner import SyncRunner
from tests.history.games import play

pytestmark = pytest.mark.usefixtures("quick_reviews")


@pytest.mark.parametrize("size,lang", [((1280, 720), "en"), ((1920, 1080), "fr")])
def test_findings_at_one_size_headline_a_sum_keys_name_the_button(harness, monkeypatch, size, lang):
    h = harness(size=size, settings=Settings(animation="off", ai_pace="fast"))
    h.app.ai_runner = SyncRunner()
    flow.start_session(h.app, GameSession.from_save(play(("human", "easy", "easy"), seed=2)))
    assert h.run_until(lambda: h.showing("final_scoring"), max_frames=600)
    h.top.t = 10.0
    h.click(h.top.button_rects()["review"])
    coach = h.top
    assert h.run_until(lambda: coach.review is not None, max_frames=400)
    try:
        i18n.set_language(lang)
        h.app.relayout()
        review = coach.review
        assert len(review.flagged) >= 3, "this seeded game has several costly decisions"
        # the headline says it is a sum of the costly decisions, with their number
        line = summary(review, "Anne")
        costly = sum(1 for d in review.decisions if d.flaggable)
        shown = sum(d.loss for d in review.flagged)
        assert (vp(review.clear_loss) if costly == len(review.flagged) else vp(shown)) in line and str(costly) in line
        if lang == "en":
            assert "costly decisions add up to about" in line and "lost about" not in line
        # every finding drawn at one size, never shrunk
        sizes: list[int] = []
        sentences = [coach._sentence(d) for d in review.flagged]
        real_text = Style.text

        def spy(self, text, role, px, color):
            if role == "body" and len(text) > 15 and any(text.rstrip("…") in s for s in sentences):
                sizes.append(px)
            return real_text(self, text, role, px, color)

        monkeypatch.setattr(Style, "text", spy)
        h.key(pygame.K_DOWN)
        h.step()
        assert sizes and len(set(sizes)) == 1, sorted(set(sizes))
        assert sizes[0] >= 12
        rows = [r for k, r in coach.rects.items() if k.startswith("finding:")]
        assert len({r.h for r in rows}) == 1
        # the keys line names the button beside Close
        drawn: list[str] = []

        def spy_all(self, text, role, px, color):
            drawn.append(text)
            return real_text(self, text, role, px, color)

        monkeypatch.setattr(Style, "text", spy_all)
        h.step()
        coach.draw(h.app.screen)
        keys_line = " ".join(t for t in drawn if "Escape" in t or "Échap" in t or "·" in t)
        assert coach.view_label() in " ".join(drawn)
        assert coach.view_label().split()[0] in keys_line
        # the bid lessons: each row as tall as its lines, none running into the next (playtest 2
        # at 720p: long lessons overlapped), all above the buttons
        coach.activate("view")
        coach.draw(h.app.screen)
        bid_rows = sorted((r for k, r in coach.rects.items() if k.startswith("bid:")), key=lambda r: r.y)
        assert len(bid_rows) == len(coach.bid_lines())
        assert all(a.bottom <= b.y for a, b in zip(bid_rows, bid_rows[1:]))
        assert len({r.h for r in bid_rows}) > 1        # a plain round's row is shorter than a lesson's
        assert bid_rows[-1].bottom <= coach.rects["close"].y
    finally:
        i18n.set_language("en")
