"""Settings at sofa distance, on pages under tabs: the box keeps one size whichever tab is shown
(playtest 3a (a)8: it changed height between tabs, and the tabs and buttons moved with it)."""
from __future__ import annotations

import pytest

from ne_game.storage.settings import Settings


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080), (3840, 2160)])
@pytest.mark.parametrize("language", ["en", "fr"])
def test_every_tab_has_the_same_box(harness, size, language):
    h = harness(size=size, settings=Settings(animation="off", sofa="on", language=language))
    h.click(h.layout()["button_settings"])
    scene = h.top
    if scene.tabs is None:
        pytest.skip("every group fits at once here: no tabs")
    boxes = {}
    for page, _title in scene.tabs.options:
        scene.set_page(int(page))
        h.step(1)
        boxes[page] = (scene.panel_rect.copy(), scene.tabs.rect_of(0).copy(), scene.done.rect.copy(),
                       scene.gui_scale())
    assert len(set(map(repr, boxes.values()))) == 1, boxes


@pytest.mark.parametrize("device", ["keys", "mouse"])
def test_turning_sofa_distance_on_stays_on_its_tab_with_the_focus_on_it(harness, device):
    """Playtest 4a (b)4: Sofa distance on put the settings on pages and showed the first tab."""
    import pygame

    from ne_game.ui.scenes.settings import SECTION_OF, SECTIONS

    h = harness(size=(1920, 1080), settings=Settings(animation="off", sofa="off"))
    h.click(h.layout()["button_settings"])
    scene = h.top
    assert scene.tabs is None, "at the desk every group shows at once"
    if device == "keys":
        h.key(pygame.K_DOWN)
        assert scene.focus.focus(("sofa", "on"))
        h.key(pygame.K_RETURN)
    else:
        h.click(scene.layout()["sofa=on"])
    assert h.top is scene and scene.tabs is not None, "at sofa distance 1080p goes on pages"
    page = [sid for sid, _t in SECTIONS].index(SECTION_OF["sofa"])
    assert scene.tabs.selected == page and scene.page == page
    assert "sofa=on" in scene.layout(), "the row just set is on the page shown"
    if device == "keys":
        assert scene.focus.key == ("sofa", "on")
