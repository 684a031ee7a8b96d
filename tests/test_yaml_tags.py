"""No explicit YAML tag is accepted in any file elgrande reads (card files, set manifests,
fills, scenario cases): ``!!python/object``, ``!!binary``, ``!custom``, even ``!!str``
are refused with the tag's line and column, never dropped or read another way
(docs/homebrew.md, section 2)."""

from __future__ import annotations

from pathlib import Path

import pytest

from elgrande.data import yamlpos
from elgrande.data.cards import read_file
from elgrande.data.fills import load_fill
from elgrande.data.manifests import load_board
from elgrande.errors import CardError, DataError
from elgrande.tools.scenario import load_case

TAGS = ["!!python/object:os.system", "!!python/name:os.system", "!!binary", "!custom",
        "!!str", "!!int", "!!map", "!", "!e!local"]


def _valued(tag: str) -> str:
    """A value for ``tag`` that PyYAML's safe loader would otherwise read (or choke on)."""
    return {"!!binary": "aGk=", "!!map": "{}", "!!int": "'2'"}.get(tag, "5")


@pytest.mark.parametrize("tag", TAGS)
def test_an_explicit_tag_is_refused_at_its_line_and_column(tag: str) -> None:
    head = "%TAG !e! tag:example.com,2000:\n---\n" if tag.startswith("!e!") else ""
    text = head + f"id: x\nlist:\n  - 1\n  - {tag} {_valued(tag)}\n"
    with pytest.raises(DataError) as e:
        yamlpos.load(text, "f.yaml")
    assert "tag" in e.value.message and "not allowed" in e.value.message
    assert (e.value.line, e.value.column) == (head.count("\n") + 4, 5)
    assert e.value.path == "f.yaml"


@pytest.mark.parametrize("text,where", [
    ("a: !!seq [1]\n", (1, 4)), ("? !!set {a: null}\n: 1\n", (1, 3)),
    ("a: &x !!str 1\nb: *x\n", (1, 4)), ("--- !!map\na: 1\n", (1, 5)),
])
def test_a_tag_on_a_collection_key_or_anchor_is_refused_too(
        text: str, where: tuple[int, int]) -> None:
    with pytest.raises(DataError) as e:
        yamlpos.load(text, "f.yaml")
    assert "tag" in e.value.message and (e.value.line, e.value.column) == where


def test_an_exclamation_mark_in_text_is_no_tag() -> None:
    data, _ = yamlpos.load("title: Viva!\ntext: 'Go! Now!'\neffect: |\n  x != 1\n", "f.yaml")
    assert data == {"title": "Viva!", "text": "Go! Now!", "effect": "x != 1\n"}


CARD = """id: hb-card
set: homebrew
kind: action
title: "A card"
text: "Text."
stack: {stack}
effect: |
  pass
"""


@pytest.mark.parametrize("tag", ["!!python/object:builtins.dict", "!!str", "!custom"])
def test_a_card_file_with_a_tag_is_a_located_card_error(tmp_path: Path, tag: str) -> None:
    path = tmp_path / "c.yaml"
    path.write_text(CARD.format(stack=f"{tag} 1"), encoding="utf-8")
    with pytest.raises(CardError) as e:
        read_file(path)
    assert e.value.code == "E-YAML" and (e.value.line, e.value.column) == (6, 8)
    assert "tag" in e.value.message


def test_a_set_manifest_with_a_tag_is_refused_where_it_is(tmp_path: Path) -> None:
    d = tmp_path / "homebrew-set"
    d.mkdir()
    (d / "set.yaml").write_text("set: homebrew-set\ntitle: !!binary aGk=\n", encoding="utf-8")
    with pytest.raises(DataError) as e:
        load_board(("base", "homebrew-set"), search=(tmp_path,))
    assert "tag" in e.value.message and (e.value.line, e.value.column) == (2, 8)
    assert e.value.path.endswith("set.yaml")


def test_a_fill_with_a_tag_is_refused_where_it_is(tmp_path: Path) -> None:
    (tmp_path / "fills").mkdir()
    (tmp_path / "fills" / "mine.yaml").write_text(
        "fill: mine\ncards:\n  some-card: !custom {stack: 1}\n", encoding="utf-8")
    with pytest.raises(CardError) as e:
        load_fill("mine", [tmp_path])
    assert "tag" in e.value.message and (e.value.line, e.value.column) == (3, 14)


def test_a_scenario_case_with_a_tag_is_refused_where_it_is(tmp_path: Path) -> None:
    case = tmp_path / "case.yaml"
    case.write_text("id: tagged\nplayers: !!python/object:builtins.int 3\n", encoding="utf-8")
    with pytest.raises(DataError) as e:
        load_case(case)
    assert "tag" in e.value.message and (e.value.line, e.value.column) == (2, 10)
