"""The types of JSON values: what a file, a snapshot field or a stored record holds before a
typed reader has checked it. A value of unknown shape is `JSON` (or `object`) until narrowed."""
from __future__ import annotations

JSON = None | bool | int | float | str | list["JSON"] | dict[str, "JSON"]
JSONObject = dict[str, JSON]
