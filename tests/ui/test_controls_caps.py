"""Settings -> Controls: a key that can move is its key caps in a frame, not a bar of colour;
only the cell waiting for its new key is filled (playtest 3a (a)7: every movable row looked
selected)."""
from __future__ import annotations

import pytest

from ne_game.storage.settings import Settings
from ne_game.ui.shell import input_map as im


def _open(harness, theme: str):
    h = harness(size=(1920, 1080), settings=Settings(animation="off", theme=theme, sofa="off"))
    h.click(h.layout()["button_settings"])
    h.click(h.layout()["button_controls"])
    return h


@pytest.mark.parametrize("theme", ["default", "high_contrast"])
def test_only_the_cell_waiting_for_a_key_is_filled(harness, theme):
    h = _open(harness, theme)
    scene = h.top
    active = h.app.theme.color("panel_active")
    cells = h.layout()["cells"]
    assert cells, "no movable cell"
    surface = h.app.screen

    def inside(rect):   # between the frame and the first cap: what fills the cell, if anything
        return surface.get_at((rect.x + max(2, scene.line // 12) + 1, rect.centery))[:3]

    for key, rect in cells.items():
        assert tuple(inside(rect)) != tuple(active[:3]), f"{key} is drawn as a selected bar"
        # a frame around the caps: no wider than the caps it holds and a little room
        command_row = next(r for r in scene.shown if r[0] == key[1])
        labels = command_row[2] if key[0] == "key" else command_row[3]
        assert rect.w <= scene._caps_width(labels, key[0] == "pad") + scene.line // 2
    target = ("key", im.ROTATE)
    h.click(cells[target])
    assert scene.capture == target
    h.step(2)
    assert tuple(inside(h.layout()["cells"][target])) == tuple(active[:3]), "the cell waiting for a key is not lit"


@pytest.mark.parametrize("lang,english", [("fr", ("Page Up", "Page Down", "Right stick")),
                                          ("nl", ("Page Up", "Page Down", "Right stick"))])
def test_the_log_keys_speak_the_language(lang, english):
    """The log's keys (Page Up / Down, the right stick) were English in the French Controls."""
    from ne_game import i18n
    from ne_game.ui.look import glyphs
    from ne_game.ui.scenes.controls import ControlsScene

    i18n.set_language(lang)
    try:
        caps = glyphs.key_caps(im.LOG_BACK) + glyphs.key_caps(im.LOG_FORWARD)
        sticks = ControlsScene._shown_labels(None, im.pad_buttons_of(im.LOG_BACK) + im.pad_buttons_of(im.LOG_FORWARD))
        assert caps and sticks
        assert not any(word in label for label in caps + sticks for word in english), caps + sticks
    finally:
        i18n.set_language("en")
