"""The Babel extractor for TOML data texts, and the template being up to date with the sources."""
import io
import sys
from pathlib import Path

import pytest

from ne_game.i18n.extract import data_texts, extract_toml, plural_texts, visible_keys
from ne_game.storage.paths import resource_path

ROOT = Path(__file__).resolve().parents[2]

LESSON = '''id = "bid"
title = "Take a bid marker"
scenario = "scenarios/bids.toml"
text = """
First paragraph.

Second paragraph.
"""
done = ""
then = "computers"
[highlight]
regions = ["bid_track"]
[expect]
type = "take_bid"
hint = "Click a marker."
'''


def test_lessons_give_title_text_done_and_hint_but_no_ids():
    found = data_texts(LESSON, "levels/tutorial/05_bid.toml")
    assert [(key, msgid) for _, _, msgid, key in found] == [
        ("title", "Take a bid marker"), ("text", "First paragraph.\n\nSecond paragraph."),
        ("expect.hint", "Click a marker.")]          # done = "" is no message; ids, types, regions are data
    assert [line for line, *_ in found] == [2, 4, 15]


def test_game_toml_gives_the_names_of_lands_and_figures_with_a_context_and_nothing_else():
    text = resource_path("assets", "data", "game.toml").read_text(encoding="utf-8")
    found = {(ctx, msgid) for _, ctx, msgid, _ in data_texts(text, "assets/data/game.toml")}
    assert {("land", "field"), ("land title", "Pasture"), ("tile with article", "a settlement tile"),
            ("card title", "Barn"), ("figure with article", "a ship"), ("card with article", "a pilgrim card")} <= found
    assert len(found) == 3 * 3 + 3 * 3                   # three lands and three figures, three words each
    assert not any(m in ("winslow", "Winslow", "F2", "XX") for _, m in found)    # ids, names, patterns: data
    plurals = {(ctx, one, many) for _, ctx, one, many, _ in plural_texts(text, "assets/data/game.toml")}
    assert plurals == {("figure", "pilgrim", "pilgrims"), ("figure", "barn", "barns"), ("figure", "ship", "ships")}


def test_rules_give_titles_texts_and_captions_but_not_picture_ids():
    text = resource_path("assets", "data", "rules.toml").read_text(encoding="utf-8")
    found = {key: msgid for _, _, msgid, key in data_texts(text, "assets/data/rules.toml")}
    assert found["title"] == "The rules of New England"
    assert "section.7.captions.0" in found and "Field" in found["section.7.captions.0"]
    assert not any("pictures" in key for key in found)
    assert not any(m.startswith(("card:", "land:", "figure:")) for m in found.values())
    assert all(m == m.strip() and m for m in found.values())


def test_help_texts_keep_their_placeholders():
    text = resource_path("assets", "data", "help.toml").read_text(encoding="utf-8")
    found = {key: msgid for _, _, msgid, key in data_texts(text, "assets/data/help.toml")}
    assert "{count}" in found["bag.text"]
    assert found["figure_barn.text"].startswith("A barn stands here")


def test_scenarios_and_unknown_files_have_no_visible_text():
    assert visible_keys("levels/tutorial/scenarios/ships.toml") == []
    assert visible_keys("levels/classic.toml") == []
    assert visible_keys("assets/themes/default/theme.toml") == []


def test_babel_calls_the_extractor_like_any_other_method():
    babel = pytest.importorskip("babel.messages.extract")
    fileobj = io.BytesIO(LESSON.encode("utf-8"))
    fileobj.name = "levels/tutorial/05_bid.toml"
    got = list(extract_toml(fileobj, {}, [], {}))
    assert got[0][:3] == (2, "gettext", "Take a bid marker")
    assert "05_bid.toml: title" in got[0][3]
    # and through Babel's own machinery, with the method named by its entry point string
    named = io.BytesIO(LESSON.encode("utf-8"))
    named.name = "levels/tutorial/05_bid.toml"      # Babel hands over the open file: its name decides the keys
    out = list(babel.extract("ne_game.i18n.extract:extract_toml", named,
                             keywords={"gettext": None, "pgettext": ((1, "c"), 2)}))
    assert [m[1] for m in out] == ["Take a bid marker", "First paragraph.\n\nSecond paragraph.", "Click a marker."]


def test_land_names_come_out_as_pgettext_for_babel():
    pytest.importorskip("babel")
    from babel.messages.extract import extract

    with resource_path("assets", "data", "game.toml").open("rb") as f:
        out = list(extract("ne_game.i18n.extract:extract_toml", f,
                           keywords={"gettext": None, "pgettext": ((1, "c"), 2), "npgettext": ((1, "c"), 2, 3)}))
    assert ("settlement", "land") in [(m[1], m[3]) for m in out]
    assert (("ship", "ships"), "figure") in [(m[1], m[3]) for m in out]


def test_the_template_is_up_to_date_with_the_sources():
    """Fails when a wrapped string or a data text changed without `uv run python tools/update_catalogues.py`."""
    pytest.importorskip("babel")
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import update_catalogues
    finally:
        sys.path.remove(str(ROOT / "tools"))
    assert update_catalogues.check() == 0
    template = update_catalogues.build_template()
    ids = {m.id for m in template if m.id}
    assert "The rules of New England" in ids          # a data text
    assert "Wheel or arrow keys scroll · Escape closes" in ids   # a wrapped code string
