"""The one safe reader: regular files only, size and depth caps, finite numbers, paths inside."""
from __future__ import annotations

import os
from pathlib import Path

import pytest

from ne_game.storage import safe_io
from ne_game.storage.safe_io import UnsafeFile

from .helpers import deep_json, write


def test_a_regular_file_reads(tmp_path):
    path = write(tmp_path / "a.json", '{"a": [1, 2.5, "x"]}')
    assert safe_io.load_json(path, "settings") == {"a": [1, 2.5, "x"]}


def test_a_missing_file_is_file_not_found(tmp_path):
    with pytest.raises(FileNotFoundError):
        safe_io.read_bytes(tmp_path / "nope.json", 100)


def test_a_fifo_is_refused_without_blocking(tmp_path):
    fifo = tmp_path / "x.json"
    os.mkfifo(fifo)   # nobody writes: opening it for reading would block forever
    with pytest.raises(UnsafeFile, match="not a regular file"):
        safe_io.read_bytes(fifo, 100)


def test_a_device_and_a_link_out_of_the_folder_are_refused(tmp_path):
    with pytest.raises(UnsafeFile):
        safe_io.read_bytes(Path("/dev/zero"), 100)
    link = tmp_path / "zero.json"
    link.symlink_to("/dev/zero")
    with pytest.raises(UnsafeFile, match="outside its folder"):
        safe_io.read_bytes(link, 100)
    outside = write(tmp_path / "elsewhere" / "real.json", "{}")
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "link.json").symlink_to(outside)
    with pytest.raises(UnsafeFile, match="outside its folder"):
        safe_io.read_bytes(tmp_path / "sub" / "link.json", 100)


def test_a_link_inside_the_folder_is_fine(tmp_path):
    real = write(tmp_path / "real.json", "{}")
    (tmp_path / "alias.json").symlink_to(real)
    assert safe_io.load_json(tmp_path / "alias.json", "settings") == {}


def test_size_cap(tmp_path):
    path = write(tmp_path / "big.json", "[" + "1," * 50_000 + "1]")
    with pytest.raises(UnsafeFile, match="too large"):
        safe_io.load_json(path, "settings")


@pytest.mark.parametrize("text", [deep_json(990), deep_json(33), '{"a":' * 500 + "1" + "}" * 500,
                                  deep_json(3000)[:-5]])
def test_depth_cap_json(text):
    with pytest.raises(UnsafeFile, match="nested|damaged"):
        safe_io.parse_json(text, "x.json")


def test_brackets_inside_strings_do_not_count():
    text = '{"a": "' + "[" * 500 + '", "b": [[1]]}'
    assert safe_io.parse_json(text)["b"] == [[1]]


@pytest.mark.parametrize("text", ["NaN", "[Infinity]", '{"x": -Infinity}', "[1e400]", "[-1e400]",
                                  "[" + "9" * 4301 + "]", '{"seed": ' + "1" * 30 + "}"])
def test_numbers_must_be_finite_and_short(text):
    with pytest.raises(UnsafeFile):
        safe_io.parse_json(text, "x.json")


def test_long_digit_strings_are_fine():
    assert safe_io.parse_json('{"s": "' + "1" * 100 + '"}')["s"] == "1" * 100


def test_depth_cap_toml():
    deep = "a = " + "[" * 990 + "]" * 990 + "\n"
    with pytest.raises(UnsafeFile, match="nested"):
        safe_io.parse_toml(deep, "x.toml")
    inline = "a = " + "{b = " * 200 + "1" + "}" * 200 + "\n"
    with pytest.raises(UnsafeFile, match="nested"):
        safe_io.parse_toml(inline, "x.toml")
    fine = 'a = "[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[["  # [[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[\nb = [[1], [2]]\n[[t]]\n'
    assert safe_io.parse_toml(fine, "x.toml")["b"] == [[1], [2]]


def test_toml_syntax_error_names_the_line():
    with pytest.raises(UnsafeFile, match="line 2"):
        safe_io.parse_toml("a = 1\nb = = 2\n", "x.toml")


@pytest.mark.parametrize("name", ["../x.toml", "/etc/hostname", "a/../../x", "a\x00b", "", "x\\..\\y",
                                  "C:/x", "a\nb"])
def test_inside_refuses_escapes(tmp_path, name):
    with pytest.raises(UnsafeFile):
        safe_io.inside(tmp_path, name)


def test_inside_refuses_a_link_out(tmp_path):
    (tmp_path / "out").symlink_to("/etc")
    with pytest.raises(UnsafeFile, match="outside"):
        safe_io.inside(tmp_path, "out/hostname")
    assert safe_io.inside(tmp_path, "sub/ok.toml") == tmp_path / "sub" / "ok.toml"


def test_quarantine_never_overwrites_an_earlier_damaged_file(tmp_path):
    path = tmp_path / "settings.json"
    kept = []
    for k in range(3):
        write(path, f"bad {k}")
        kept.append(safe_io.quarantine(path))
    assert [p.name for p in kept] == ["settings.json.damaged", "settings.json.damaged2", "settings.json.damaged3"]
    assert [p.read_text() for p in kept] == ["bad 0", "bad 1", "bad 2"]
    assert not path.exists()


def test_quarantine_moves_a_fifo_and_a_link_themselves(tmp_path):
    fifo = tmp_path / "a.json"
    os.mkfifo(fifo)
    assert safe_io.quarantine(fifo).name == "a.json.damaged" and not fifo.exists()
    link = tmp_path / "b.json"
    link.symlink_to("/dev/zero")
    kept = safe_io.quarantine(link)
    assert kept.is_symlink() and not os.path.lexists(link)


def test_clean_text():
    assert safe_io.clean_text("Alice", 16) == "Alice"
    assert safe_io.clean_text("A\x00", 16) is None
    assert safe_io.clean_text("x" * 17, 16) is None
    assert safe_io.clean_text(3, 16) is None
    assert safe_io.clean_text("a\nb", 16) is None and safe_io.clean_text("a\nb", 16, multiline=True) == "a\nb"


def test_notices_are_given_once_and_without_control_characters(tmp_path):
    safe_io.notices()
    safe_io.set_aside(write(tmp_path / "x\x07.json", "x"), "bad", "defaults are used.")
    notes = safe_io.notices()
    assert [str(n) for n in notes] == ["x?.json was damaged (kept as x?.json.damaged): defaults are used."]
    assert safe_io.notices() == []
