"""The action bar's words flow as one paragraph (playtest 12a, Dutch at 3840x2160 at sofa
distance: what did not fit above the buttons started again at the buttons' top, leaving an empty
line in the middle of the sentence)."""
from __future__ import annotations

import dataclasses

import pygame
import pytest

from tests.ui.table.test_playtest1_table import SIZES, _table_at

LONG = ("Meeste schepen: klik eerst op het zakje of de stapel voor een extra kaartje. Klik op een kaartje "
        "van het aanbod; klik op een figuur of sleep hem om hem te verzetten; dan Beurt beëindigen.")


@pytest.mark.parametrize("sofa", [False, True], ids=["desk", "sofa"])
@pytest.mark.parametrize("size", SIZES, ids=["720p", "1080p", "4k"])
def test_the_prompts_words_leave_no_empty_line(size, sofa):
    from ne_game.ui.scenes.table.draw import chrome
    from ne_game.ui.scenes.table.draw.gfx import Style

    h = _table_at(24, size, sofa)
    try:
        t = h.top
        lay, st = t.lay, Style(h.app.theme)
        prompt = dataclasses.replace(t.view.prompt, sub=LONG, controls=())
        # no Hint button (the tutorial's steps): the bar's first button stands right of the words
        buttons = tuple(b for b in t.buttons if b.id != "hint")
        rects, above = chrome.place_buttons(lay, st, buttons)
        plan = chrome.prompt_plan(lay, st, prompt, rects, above)
        surf = pygame.Surface(lay.size)
        surf.fill((0, 0, 0))
        chrome.draw_prompt(surf, lay, st, prompt, rects, above)
        dark = st.color("panel_dark")
        x0, x1 = plan.x, plan.x + max(1, min(plan.w, (rects[0].x - plan.x - lay.px(12)) if rects else plan.w))
        inked = [y for y in range(lay.action_bar.y, lay.action_bar.bottom)
                 if any(sum(abs(a - b) for a, b in zip(surf.get_at((x, y))[:3], dark[:3])) > 120
                        for x in range(x0, x1, 2))]
        assert inked
        lh = st.font("body", plan.fs_sub).get_linesize()
        gaps = [b - a for a, b in zip(inked, inked[1:])]
        assert max(gaps) < lh, (size, sofa, max(gaps), lh, plan.lines, plan.side)
    finally:
        h.close()


@pytest.mark.parametrize("hint", [True, False], ids=["hint", "no-hint"])
@pytest.mark.parametrize("size", SIZES, ids=["720p", "1080p", "4k"])
def test_the_prompts_lines_never_stand_on_a_button(size, hint):
    """Dutch, sofa distance, a buying turn with the long detail (playtest 12a): every line of
    the prompt clear of every button, and the lines one after the other with no empty one."""
    from ne_game.i18n import current_language, set_language
    from ne_game.ui.scenes.table.draw import chrome
    from ne_game.ui.scenes.table.draw.gfx import Style

    was = current_language()
    set_language("nl")
    h = _table_at(24, size, True)
    try:
        t = h.top
        lay, st = t.lay, Style(h.app.theme)
        prompt = dataclasses.replace(t.view.prompt, sub=LONG, controls=())
        buttons = t.buttons if hint else tuple(b for b in t.buttons if b.id != "hint")
        rects, above = chrome.place_buttons(lay, st, buttons)
        plan = chrome.prompt_plan(lay, st, prompt, rects, above)
        assert all(line.strip() for line in plan.lines + plan.side), (plan.lines, plan.side)
        y = lay.action_bar.y + lay.px(10) + sum(st.font("bold", plan.fs_main).get_height() for _ in plan.mains) + lay.px(2)
        for line in plan.lines + plan.side:
            s = st.text(line, "body", plan.fs_sub, (255, 255, 255))
            box = pygame.Rect(plan.x, y, s.get_width(), s.get_height()).inflate(0, -s.get_height() // 4)
            assert not any(box.colliderect(r) for r in rects), (size, hint, line)
            y += s.get_height()
    finally:
        h.close()
        set_language(was)
