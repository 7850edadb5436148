"""A date and time in the words of the current language (Babel): the records' list and the
saved games' list write them alike."""
from __future__ import annotations

import logging

from ne_game import i18n
from ne_game.history.dates import local_datetime

log = logging.getLogger(__name__)


def when(played_at: float) -> str:
    """A game's date and time as the current language writes them (Babel); "–" for a value
    that is no date (a record changed by hand, an imported file from far in the future)."""
    from babel.dates import format_datetime

    moment = local_datetime(played_at)
    if moment is None:
        return "–"
    lang = {"pseudo": "en"}.get(i18n.current_language(), i18n.current_language()) or "en"
    try:
        return str(format_datetime(moment, "short", locale=lang))
    except (ValueError, LookupError, OverflowError) as err:
        log.warning("a date cannot be written in %s: %s", lang, err)
        return moment.strftime("%Y-%m-%d %H:%M")
