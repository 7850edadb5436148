"""Playtest 10e: the final scoring hid the whole finished map. "Show the map" (a button, the Hint's
key or pad button, named in the input of the device in use) hides the score sheet until any
press brings it back."""
from __future__ import annotations

import pygame
import pytest

from ne_game.ui.shell import input_map as im
from tests.ui.table.test_finale import _final, save  # noqa: F401  (the module's game)


def _sheet_drawn(app, final) -> bool:
    """Whether the finale draws its sheet (the panel's colour in its middle) this frame."""
    surf = pygame.Surface(app.screen.get_size())
    surf.fill((1, 2, 3))
    final.draw(surf)
    return surf.get_at(final.panel_rect().center)[:3] != (1, 2, 3)


@pytest.mark.parametrize("how", ["click", "key", "pad"])
def test_show_the_map_hides_the_scores_until_any_press(save, how):  # noqa: F811
    app, final, _heard = _final(save)
    final.skip()
    final.age = 10.0
    assert final.done and "map" in final.layout()
    assert _sheet_drawn(app, final)
    if how == "click":
        r = final.map_rect()
        final.process_event(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=r.center, button=1))
    elif how == "key":
        final.process_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_h, mod=0, unicode="h"))
    else:
        final.process_event(im.key_event(im.Command(im.HINT), pad=0))
    assert final.map_shown and not _sheet_drawn(app, final), "the map in sight"
    # any press brings the scores back, and does nothing else
    final.process_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r"))
    assert not final.map_shown and _sheet_drawn(app, final)
    assert getattr(final, "chosen", None) is None


@pytest.mark.parametrize("device,cap,words", [
    ("keyboard", "H", "The final map. Press any key to show the scores again."),
    ("pad", "X", "The final map. Press any button to show the scores again."),
    ("mouse", "", "The final map. Click or press any key to show the scores again.")])
def test_the_map_button_and_its_note_name_the_input_in_use(save, monkeypatch, device, cap, words):  # noqa: F811
    from ne_game.ui.scenes.table import final_scoring

    app, final, _heard = _final(save)
    final.skip()
    final.age = 10.0
    app.pads.last_device = device
    assert final.map_key() == cap
    shown: list[str] = []
    real = final_scoring.fit_text

    def fit(st, text, *a, **k):
        shown.append(text)
        return real(st, text, *a, **k)
    monkeypatch.setattr(final_scoring, "fit_text", fit)
    final.draw(app.screen)
    assert "Show the map" in shown
    # the keys reach it: the map's button is the first the arrows stop at
    final.process_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RIGHT, mod=0, unicode=""))
    assert final.hover == "map" and final.keyed
    final.process_event(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r"))
    assert final.map_shown
    shown.clear()
    final.draw(app.screen)
    assert words in shown
