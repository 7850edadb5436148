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
