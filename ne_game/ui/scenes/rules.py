"""The whole rules on one scrolling page, with pictures of the land tiles, the cards and
their patterns (the land-use cards are named as reconstructed). From assets/data/rules.toml.

An overlay: reachable at any time from the pause menu; the game below stays frozen. It has
the rule pages' one look (rulebook.py), as the rules summary has.

Every text is looked up in the current language when the page is drawn (data_text for the
file's texts), and the page is drawn again after a language switch.
"""
from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache

import pygame

from ne_game.game import data_caches
from ne_game.game.gamedata import read_toml
from ne_game.rules import DataError
from ne_game.storage.paths import resource_path
from ne_game.ui.scenes.rulebook import PAGE_W, RulebookScene, RulesSection, page_texts
from ne_game.ui.scenes.table.draw.gfx import Style, fit_text

RULES_FILE = ("assets", "data", "rules.toml")
__all__ = ["PAGE_W", "RULES_FILE", "RulesScene", "RulesSection", "load_rules", "page_texts"]


@data_caches.register
@lru_cache(maxsize=1)
def load_rules() -> dict[str, object]:
    """The rules file; a broken file gives a page that says so instead of a crash."""
    path = resource_path(*RULES_FILE)
    try:
        return read_toml(path, path.name)
    except DataError as err:
        return {"error": str(err), "section": []}


class RulesScene(RulebookScene):
    """The whole rules, with pictures."""

    def load(self) -> Mapping[str, object]:
        return load_rules()

    def fit(self, st: Style, text: str, role: str, px: int, color: pygame.Color, max_w: int) -> pygame.Surface:
        # through this module's name, so a test can follow what the page fits
        return fit_text(st, text, role, px, color, max_w)
