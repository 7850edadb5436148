"""The rules summary, from assets/data/rules_summary.toml: a page in the rule pages' one look
(rulebook.py), the same headings, body face and margins as the whole rules."""
from __future__ import annotations

import logging
from collections.abc import Mapping

from ne_game.game.gamedata import read_toml
from ne_game.i18n import fmt
from ne_game.rules import DataError
from ne_game.storage.paths import resource_path
from ne_game.ui.scenes.rulebook import RulebookScene

SUMMARY_FILE = ("assets", "data", "rules_summary.toml")

log = logging.getLogger(__name__)


def load_summary() -> Mapping[str, object]:
    """The summary file as a page's data; a broken file gives a page that says so, not a crash."""
    path = resource_path(*SUMMARY_FILE)
    try:
        return read_toml(path, path.name)
    except DataError as err:
        log.warning("rules summary: %s", err)
        return {"error": fmt("The rules summary cannot be read: {file}", file=path.name), "section": []}


class RulesSummaryScene(RulebookScene):
    """The summary: the rules in short, without pictures."""

    def load(self) -> Mapping[str, object]:
        return load_summary()
