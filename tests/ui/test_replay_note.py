"""The coach's finding over the replay is never cut (issue 37, playtest 8b): a finding too long
for its note at the text floor scrolls, by the wheel over it, PgUp / PgDn, the pad's right
stick and its arrows, and the prompt names the scroll input of the device in use."""
from __future__ import annotations

import pygame
import pytest

from ne_game import i18n
from ne_game.history import Replay
from ne_game.storage.settings import Settings
from ne_game.ui.scenes.table.draw import gfx
from ne_game.ui.scenes.table.draw.text_floor import floor_px
from ne_game.ui.shell import input_map as im
from tests.history.games import play

LONG = {
    "en": "Round 11: You bought a field tile for 3 and placed it at I3. Better: buy a field tile for 3 and place it "
          "at G1. Clearly better, by about 2.3 VP. With the better move you share the most ships (every tied player "
          "scores the majority's full 2 VP) in all 3 games the coach played on from here; after your move, in none. "
          "Typically you have 2 ships to the best rival's 2 with the better move, and 1 to their 2 after your move. "
          "With the better move you first move your ship from H1 to G1 in round 11: ships stand only on the coast. "
          "Then you buy a ship in round 12 with bid marker 2 and place it on H1, in all 3 of those games; after your "
          "move, in none. After your move Player 1 buys it instead, with bid marker 3, in 1 of them. In your own "
          "turn, after your move, you buy a pilgrim with bid marker 5 instead of it, in all of them. The end.",
    "fr": "Manche 11 : vous avez acheté une tuile champ pour 3 et l'avez placée en I3. Mieux : acheter une tuile "
          "champ pour 3 et la placer en G1. Nettement mieux, d'environ 2,3 PV. Avec le meilleur coup, vous partagez "
          "la majorité des navires (chaque joueur à égalité marque les 2 PV entiers de la majorité) dans les 3 "
          "parties que le coach a jouées à partir d'ici ; après votre coup, dans aucune. En général vous avez 2 "
          "navires contre 2 pour le meilleur rival avec le meilleur coup, et 1 contre 2 après votre coup. Avec le "
          "meilleur coup, vous déplacez d'abord votre navire de H1 à G1 à la manche 11 : les navires ne se tiennent "
          "que sur la côte. Puis vous achetez un navire à la manche 12 avec le marqueur d'enchère 2 et le placez en "
          "H1, dans ces 3 parties ; après votre coup, dans aucune. À votre tour, vous achetez un pèlerin avec le "
          "marqueur d'enchère 5 à sa place, dans toutes. La fin.",
}


def _long(lang: str, size: tuple[int, int]) -> str:
    """A finding too long for the note at `size` (at 720p the log and the panels hold a lot)."""
    return " ".join([LONG[lang]] * (3 if size[1] == 720 else 1))


def _open(harness, size, sofa, lang="en", text=None):
    h = harness(size=size, settings=Settings(animation="off", language=lang, sofa=sofa))
    i18n.set_language(lang)
    replay = Replay.from_save(play(("human", "easy", "medium", "easy"), seed=3, store=True))
    start = replay.last // 2
    h.app.push("replay", replay=replay, start=start, note=text or _long(lang, size))
    h.step(2)
    return h, h.top, start


def _drawn_lines(scene, monkeypatch) -> list[tuple[str, int]]:
    """The note's lines one draw of the scene blits (text, pixel size)."""
    drawn: list[tuple[str, int]] = []
    real = gfx.Style.text
    plan = scene.note_shown()

    def text(style, s, role, px, color):
        if str(s) in plan.lines:
            drawn.append((str(s), px))
        return real(style, s, role, px, color)
    monkeypatch.setattr(gfx.Style, "text", text)
    scene.draw(pygame.Surface(scene.app.screen.get_size()))
    monkeypatch.setattr(gfx.Style, "text", real)
    return drawn


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("size,sofa", [((1920, 1080), "on"), ((1280, 720), "off")], ids=["1080p-sofa", "720p"])
def test_every_line_of_a_long_finding_is_drawn_whole_at_some_scroll(harness, monkeypatch, lang, size, sofa):
    h, scene, _start = _open(harness, size, sofa, lang)
    try:
        plan = scene.note_shown()
        assert plan.scrolls, "the long finding fits: the test needs one that does not"
        floor = floor_px(scene.lay)
        assert plan.size >= floor
        # no word lost in the wrapping
        assert " ".join(plan.lines).split() == _long(lang, size).split()
        # the lines shown stay inside the box, clear of the scroll column
        assert plan.text_y + plan.rows * plan.line_h <= plan.box.bottom
        font = scene.style.font("body", plan.size)
        assert all(plan.text_x + font.size(line)[0] <= plan.column.x for line in plan.lines)
        seen: set[str] = set()
        for top in range(plan.last_top + 1):
            scene.note_top = top
            drawn = _drawn_lines(scene, monkeypatch)
            assert [s for s, _px in drawn] == list(plan.lines[top:top + plan.rows])
            assert all(px >= floor for _s, px in drawn)
            seen.update(s for s, _px in drawn)
        assert seen == set(plan.lines)           # the end ("La fin.", "The end.") is reached
    finally:
        i18n.set_language("en")


def test_the_wheel_over_the_note_scrolls_it_and_leaves_the_replay_where_it_is(harness):
    h, scene, start = _open(harness, (1920, 1080), "on")
    plan = scene.note_shown()
    box = plan.box.move(scene.table_rect.topleft)
    h.move(box.center)
    h.wheel(-1)
    assert scene.position == start and scene.note_top > 0
    h.wheel(+1)
    assert scene.position == start and scene.note_top == 0
    # the prompt names the wheel while the mouse is in use
    assert "wheel" in scene._with_keys(scene.shown.static).prompt.sub
    # off the note the wheel steps the replay, and the note starts at its top when shown again
    h.wheel(-3)
    h.move((scene.table_rect.centerx, scene.table_rect.centery))
    h.wheel(-1)
    assert scene.position == start + 1
    h.wheel(+1)
    assert scene.position == start and scene.note_top == 0
    # a click on the arrow down turns a page
    h.click(plan.down_rect().move(scene.table_rect.topleft))
    assert scene.position == start and scene.note_top == min(plan.page, plan.last_top)


def test_page_down_and_the_right_stick_scroll_the_note_and_name_their_key(harness):
    h, scene, start = _open(harness, (1920, 1080), "on")
    plan = scene.note_shown()
    h.key(pygame.K_PAGEDOWN)
    assert scene.position == start and scene.note_top == min(plan.page, plan.last_top)
    prompt = scene._with_keys(scene.shown.static).prompt
    assert prompt.device == "keyboard" and prompt.controls[0][0] in (im.LOG_FORWARD, im.LOG_BACK)
    h.key(pygame.K_PAGEUP)
    assert scene.position == start and scene.note_top == 0
    assert scene._with_keys(scene.shown.static).prompt.controls[0][0] == im.LOG_FORWARD
    # the pad's right stick, down then back to rest
    h.post(pygame.CONTROLLERAXISMOTION, instance_id=0, axis=pygame.CONTROLLER_AXIS_RIGHTY, value=32767)
    h.step(2)
    h.post(pygame.CONTROLLERAXISMOTION, instance_id=0, axis=pygame.CONTROLLER_AXIS_RIGHTY, value=0)
    h.step(2)
    assert scene.position == start and scene.note_top > 0
    prompt = scene._with_keys(scene.shown.static).prompt
    assert prompt.device == "pad" and prompt.controls[0][0] in (im.LOG_FORWARD, im.LOG_BACK)
    # rounds still step by R (PgDn steps rounds where no note scrolls: test_story_replay_recap)
    h.key(pygame.K_r)
    assert scene.position != start


def test_a_short_note_fits_and_nothing_scrolls(harness):
    h, scene, start = _open(harness, (1280, 720), "off", text="Round 3: you bought a field. Better: a pasture.")
    assert not scene.note_shown().scrolls
    h.key(pygame.K_PAGEDOWN)                       # PgDn is the round's key again
    assert scene.position != start
