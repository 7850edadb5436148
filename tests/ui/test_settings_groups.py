"""Settings look like a game's options (issue 35): the rows stand in groups under headings on
parchment cards, every row inside its card and on screen, the options far enough apart that
the focus ring around one covers none of its neighbours, and a row the groups do not name
(one added later) joins the first group."""
from __future__ import annotations

import pygame
import pytest

from ne_game import i18n
from ne_game.storage.settings import Settings
from ne_game.ui.look.widgets import ring_reach
from ne_game.ui.scenes import settings as settings_scene
from tests.ui.harness import Harness


@pytest.mark.parametrize("size,sofa,lang", [((1280, 720), "auto", "fr"), ((1920, 1080), "on", "nl"),
                                            ((3840, 2160), "auto", "en")])
def test_rows_stand_in_groups_on_cards(size, sofa, lang):
    h = Harness(size=size, settings=Settings(animation="off", sofa=sofa))
    try:
        i18n.set_language(lang)
        h.app.push("settings")
        h.step()
        scene = h.app.top
        screen = h.app.screen.get_rect()
        titles = [t for t, _card in scene.cards]
        if scene.paged:      # sofa distance in a window too short for every group: one at a time
            assert len(scene.cards) == 1 and scene.tabs is not None
            assert [t for _v, t in scene.tabs.options] == [i18n._(t) for _sid, t in settings_scene.SECTIONS]
        else:
            assert titles == [i18n._(t) for _sid, t in settings_scene.SECTIONS]
            assert len(scene.cards) == 4
        for key, seg in scene.rows.items():
            want = settings_scene.SECTION_OF[key]
            card = dict(scene.cards)[i18n._(dict(settings_scene.SECTIONS)[want])]
            for value, _label in seg.options:
                r = seg.rect_of(value)
                assert card.contains(r) and screen.contains(r), (key, value, r, card)
            assert card.contains(scene.labels[key])
            rects = sorted((seg.rect_of(v) for v, _ in seg.options), key=lambda r: r.x)
            reach = ring_reach(scene.gui_scale())
            assert all(b.x - a.right > reach for a, b in zip(rects, rects[1:])), key
        # no two cards overlap, and the buttons sit below them
        cards = [c for _t, c in scene.cards]
        assert not any(a.colliderect(b) for i, a in enumerate(cards) for b in cards[i + 1:])
        assert all(c.bottom <= scene.done.rect.top for c in cards)
        # at 1280x720 and up the groups stand in two columns (never a squeezed single column)
        assert scene.paged or len({c.x for c in cards}) == 2
    finally:
        h.close()
        i18n.set_language("en")


def test_a_row_no_group_names_joins_the_first(monkeypatch):
    h = Harness(size=(1280, 720), settings=Settings(animation="off"))
    try:
        h.app.push("settings")
        scene = h.app.top
        rows = scene._rows() + [("future_row", "A row added later", [(False, "Off"), (True, "On")], False)]
        groups = scene._sections(rows)
        assert groups[0][1][-1][0] == "future_row"
    finally:
        h.close()


@pytest.mark.parametrize("size,sofa,lang,theme", [((1280, 720), "off", "nl", "default"),
                                                  ((1280, 720), "auto", "fr", "high_contrast"),
                                                  ((1536, 864), "on", "nl", "default"),
                                                  ((1920, 1080), "on", "fr", "default"),
                                                  ((3840, 2160), "off", "en", "high_contrast")])
def test_words_keep_off_their_borders_and_the_columns_end_level(size, sofa, lang, theme):
    """Playtest 1 (a)5: "Nederlands" touched its button's border, the colour-blind samples
    stuck out of their card, and a large empty area stood under the Game card."""
    h = Harness(size=size, settings=Settings(animation="off", sofa=sofa, theme=theme))
    try:
        i18n.set_language(lang)
        h.app.relayout()
        h.app.push("settings")
        h.step()
        scene = h.app.top
        font = h.app.theme.font("bold", scene.px("font_body"))
        margin = settings_scene.label_margin(scene.px("gap"), scene.px("border_width"))
        assert margin >= 4
        for key, seg in scene.rows.items():
            for value, label in seg.options:
                room = seg.rect_of(value).w - 2 * margin
                assert font.size(str(label))[0] <= room, (key, label, seg.rect_of(value))
        if scene.paged:
            scene.set_page([sid for sid, _t in settings_scene.SECTIONS].index("assists"))
            h.step()
        card = next(c for _t, c in scene.cards if c.contains(scene.labels["colorblind"]))
        badges = scene.badge_rects()
        assert len(badges) == 4 and all(card.contains(b) for b in badges), (badges, card)
        seg = scene.rows["colorblind"]
        assert all(not b.colliderect(seg.rect_of(v)) for b in badges for v, _l in seg.options)
        if scene.paged:
            return
        # the two columns end within one row of each other
        bottoms: dict[int, int] = {}
        for _t, c in scene.cards:
            bottoms[c.x] = max(bottoms.get(c.x, 0), c.bottom)
        pitch = scene.labels["animation"].y - scene.labels["language"].y
        assert len(bottoms) == 2 and abs(max(bottoms.values()) - min(bottoms.values())) <= pitch
        assert h.app.screen.get_rect().contains(scene.panel_rect)
    finally:
        h.close()
        i18n.set_language("en")


@pytest.mark.parametrize("size", [(1920, 1080), (3840, 2160), (1280, 720)])
def test_sofa_on_shows_the_shell_screens_larger(size):
    """Playtest 1 (b)4: "On" changed nothing on the Settings screen, at 1080p or 4K. At sofa
    distance the settings and the title show their words and buttons larger; where every group
    no longer fits, the settings go on pages under tabs, and the tabs reach every group."""
    scales = {}
    for sofa in ("off", "on"):
        h = Harness(size=size, settings=Settings(animation="off", sofa=sofa))
        try:
            title = h.app.top.gui_scale()
            h.app.push("settings")
            h.step()
            scene = h.app.top
            scales[sofa] = (title, scene.gui_scale(), scene)
            if sofa == "on":
                assert h.app.screen.get_rect().contains(scene.panel_rect)
                assert scene.panel_rect.contains(scene.done.rect) and scene.panel_rect.contains(scene.controls.rect)
                if scene.paged:
                    # the tabs are reached and pressed from the keyboard (and a pad) as well
                    scene.focus.focus(("tab", 1))
                    h.key(pygame.K_RETURN)
                    assert scene.page == 1 and scene.focus.key == ("tab", 1) and h.showing("settings")
                    seen = set()
                    for page in range(len(settings_scene.SECTIONS)):
                        scene.set_page(page)
                        h.step()
                        seen |= set(scene.rows)
                        assert h.app.screen.get_rect().contains(scene.panel_rect)
                    assert seen == set(settings_scene.SECTION_OF) - ({"ai_budget"} - seen)
        finally:
            h.close()
    assert scales["on"][1] >= scales["off"][1] * 1.2, scales
    assert scales["on"][0] >= scales["off"][0] * 1.1, scales
