"""Dates from files and from the records database, bounded where they are read and formatted
so that no value can raise (no pygame here).

A game's date is Unix time. A file (an imported game, a row changed by hand, a pending game)
may carry any number: 3e11 (a year past 9999, which `datetime` cannot hold), 1e300, -1, NaN.
`bounded_time` is the one judge of a date read from such a place: a finite number after the
Unix epoch (0 is "no date": what the records read back for a date they cannot use) up to the
year 3000 (Windows' `localtime` stops there), else None.
`local_datetime` turns any value into a local `datetime`, or None, and never raises: every
place that shows or names a stored date goes through it.
"""
from __future__ import annotations

import datetime as dt
import logging
import math

log = logging.getLogger(__name__)

EARLIEST = 0.0                     # 1970-01-01 UTC, itself no date (the records' "unknown")
LATEST = 32_503_680_000.0          # 3000-01-01 UTC: later than any game, earlier than any limit


def bounded_time(value: object) -> float | None:
    """`value` as Unix time if it is a finite number after EARLIEST, up to LATEST; else None."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return None
    try:
        number = float(value)
    except OverflowError:          # an int too large for a float
        return None
    if not math.isfinite(number) or not EARLIEST < number <= LATEST:
        return None
    return number


def local_datetime(value: object) -> dt.datetime | None:
    """The local date and time of a Unix time, or None when `value` is not a date this game
    can show (out of bounds, not a number, or refused by the system's clock functions)."""
    when = bounded_time(value)
    if when is None:
        return None
    try:
        return dt.datetime.fromtimestamp(when)
    except (OverflowError, OSError, ValueError) as exc:
        log.warning("a date cannot be shown: %r (%s)", value, exc)
        return None


def stamp(value: object, pattern: str = "%Y-%m-%d %H:%M", unknown: str = "") -> str:
    """`value` as `pattern` writes it (strftime), or `unknown` when it is no date."""
    when = local_datetime(value)
    if when is None:
        return unknown
    try:
        return when.strftime(pattern)
    except (ValueError, OverflowError) as exc:
        log.warning("a date cannot be written as %r: %s", pattern, exc)
        return unknown
