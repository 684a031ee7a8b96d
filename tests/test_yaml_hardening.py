"""Bad YAML gives one located error, never a traceback: keys that are
not plain values, files that are not UTF-8 or nest too deeply, ids ending in a newline,
tabs in the indentation."""

from __future__ import annotations

from pathlib import Path

import pytest

from elgrande.data import yamlpos
from elgrande.data.card_format import check_fields
from elgrande.data.cards import read_file
from elgrande.data.manifests import load_board
from elgrande.errors import CardError, DataError

CARD = """id: hb-card
set: homebrew
kind: action
title: "A card"
text: "Text."
stack: 1
effect: |
  pass
"""


@pytest.mark.parametrize("text", ["? !!set {a: null}\n: 1\n", "? [1, 2]\n: 1\n",
                                  "? {a: 1}\n: 1\n", "a:\n  ? !!set {b: null}\n  : 2\n"])
def test_a_key_that_is_not_a_plain_value_is_refused_where_it_is(text: str) -> None:
    with pytest.raises(DataError) as e:
        yamlpos.load(text, "f.yaml")
    assert "plain value" in e.value.message and e.value.line > 0 and e.value.column > 0


@pytest.mark.parametrize("text", [
    "a: " + "[" * 3000 + "]" * 3000 + "\n",
    "".join("  " * i + f"k{i}:\n" for i in range(300)) + "  " * 300 + "x: 1\n",
    "a: " + "{b: " * 400 + "1" + "}" * 400 + "\n",
])
def test_deep_nesting_is_refused_where_it_is(text: str) -> None:
    with pytest.raises(DataError) as e:
        yamlpos.load(text, "f.yaml")
    assert e.value.line > 0


def test_a_tab_in_the_indentation_is_named(tmp_path: Path) -> None:
    path = tmp_path / "c.yaml"
    path.write_text(CARD.replace("stack: 1\n", "stack: 1\nerrata:\n\t- a\n"), encoding="utf-8")
    with pytest.raises(CardError) as e:
        read_file(path)
    assert "tab" in e.value.message and (e.value.line, e.value.column) == (8, 1)
    assert e.value.code == "E-YAML"


def test_a_tab_inside_an_effect_script_is_no_yaml_error() -> None:
    data, _ = yamlpos.load("effect: |\n  if 1 >= 1:\n  \tpass\n", "f.yaml")
    assert data == {"effect": "if 1 >= 1:\n\tpass\n"}


def test_an_id_ending_in_a_newline_is_refused() -> None:
    data, pos = yamlpos.load(CARD.replace("id: hb-card", 'id: "hb-card\\n"'), "c.yaml")
    assert data["id"] == "hb-card\n"
    errs = check_fields(data, "c.yaml", pos)
    assert [(e.code, e.line) for e in errs] == [("E-SCHEMA-TYPE", 1)]


def test_a_card_file_that_is_not_utf8_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "c.yaml"
    path.write_bytes(CARD.encode() + b"notes: \xff\xfe\n")
    with pytest.raises(CardError) as e:
        read_file(path)
    assert "UTF-8" in e.value.message


def _set(tmp_path: Path, raw: bytes) -> Path:
    d = tmp_path / "homebrew-set"
    d.mkdir()
    (d / "set.yaml").write_bytes(raw)
    return tmp_path


def test_a_set_manifest_that_is_not_utf8_is_refused_where_it_is(tmp_path: Path) -> None:
    root = _set(tmp_path, b"set: homebrew-set\ntitle: \"caf\xe9\"\n")
    with pytest.raises(DataError) as e:
        load_board(("base", "homebrew-set"), search=(root,))
    assert "UTF-8" in e.value.message and e.value.line == 2
    assert e.value.path.endswith("set.yaml")


def test_a_set_manifest_nested_too_deeply_is_refused(tmp_path: Path) -> None:
    root = _set(tmp_path, ("set: homebrew-set\nx: " + "[" * 5000 + "]" * 5000 + "\n").encode())
    with pytest.raises(DataError) as e:
        load_board(("base", "homebrew-set"), search=(root,))
    assert e.value.line > 0


def test_an_unclosed_quote_names_where_the_string_starts() -> None:
    with pytest.raises(DataError) as e:
        yamlpos.load('id: x\nname: "abc\n', "f.yaml")
    assert (e.value.line, e.value.column) == (3, 1)
    assert "starts at line 2, column 7" in e.value.message


def test_an_error_at_the_end_of_the_file_shows_an_end_of_file_caret() -> None:
    from elgrande.tools.validate.diagnostics import Diagnostic

    lines = ['id: x\n', 'name: "abc\n']
    text = Diagnostic("f.yaml", 3, 1, "error", "E-YAML", "YAML syntax error", "").format(lines)
    assert text.splitlines()[1] == "  ^ end of file"
    inside = Diagnostic("f.yaml", 2, 7, "error", "E-YAML", "m", "").format(lines)
    assert inside.splitlines()[1:] == ['  name: "abc', "        ^"]
