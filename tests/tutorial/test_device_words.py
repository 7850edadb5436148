"""The tutorial's words name the input of the device in use: a keyboard or pad player is never
told to click or point (`[how]` paragraphs and per-device hints in the lesson files)."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from ne_game import i18n
from ne_game.i18n import data_text
from ne_game.rules.errors import DataError
from ne_game.tutorial.controller import describe_expect
from ne_game.tutorial.lessons import load_lesson, load_tutorial

MOUSE_WORDS = re.compile(r"click|point at|mouse|klik|wijs .{0,40}aan|muis|cliqu|pointez|survol|souris", re.I)


@pytest.mark.parametrize("lang", ["en", "nl", "fr"])
def test_keyboard_and_gamepad_lessons_never_say_click(lang):
    tutorial = load_tutorial()
    i18n.set_language(lang)
    try:
        for lesson in tutorial.lessons:
            for device in ("keyboard", "pad"):
                for text in lesson.paragraphs_for(device, data_text) + [describe_expect(lesson, device)]:
                    assert not MOUSE_WORDS.search(text), (lang, lesson.id, device, text)
            # the mouse reads the lesson as written
            assert lesson.paragraphs_for("mouse", data_text) == lesson.paragraphs(data_text(lesson.text))
    finally:
        i18n.set_language("en")


def test_keyboard_and_gamepad_words_name_their_own_keys():
    lessons = {lesson.id: lesson for lesson in load_tutorial().lessons}
    income = lessons["income"]
    assert "Press E" in income.paragraphs_for("keyboard")[0] and "Press Y" in income.paragraphs_for("pad")[0]
    assert "Click End turn" in income.paragraphs_for("mouse")[0]
    assert describe_expect(lessons["bid"], "pad").endswith("press A.")
    assert describe_expect(lessons["bid"], "keyboard").endswith("press Enter.")


@pytest.mark.parametrize("how, problem", [
    ('[how]\nkeys = "x"\nmouse = "y"\n', "mouse"),                   # the mouse reads the text itself
    ('[how]\nparagraph = 9\nkeys = "x"\n', "paragraph"),              # no such paragraph
    ('[how]\nkeys = ""\n', "text"),
])
def test_keyboard_how_paragraphs_are_checked_on_load(tmp_path: Path, how, problem):
    path = tmp_path / "lesson.toml"
    path.write_text('id = "x"\ntitle = "X"\ntext = "One.\\n\\nTwo."\n[expect]\ntype = "next"\n' + how,
                    encoding="utf-8")
    with pytest.raises(DataError) as err:
        load_lesson(path)
    assert "how" in str(err.value) and problem in str(err.value)


def test_keyboard_hint_table_needs_the_mouse_hint(tmp_path: Path):
    path = tmp_path / "lesson.toml"
    path.write_text('id = "x"\ntitle = "X"\ntext = "One."\n[expect]\ntype = "end_turn"\n'
                    'hint = { keys = "Press E.", pad = "Press Y." }\n', encoding="utf-8")
    with pytest.raises(DataError) as err:
        load_lesson(path)
    assert "expect.hint" in str(err.value)
