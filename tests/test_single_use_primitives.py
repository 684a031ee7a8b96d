"""No primitive is used by a single card unless its declaration says why.

The card language keeps few, general statements: a primitive that at most one shipped or
example card uses is a one-off unless its ``Signature.single_use`` says why no general form
fits (``elgrande/dsl/signatures.py``). This counts, over every card script in ``cards/``
(the sets' card files, their fills' scripts and errata) and ``examples/`` (the homebrew
cards and the example sets), the cards that use each primitive, and fails both ways: a
primitive used by at most one card with no reason, and a reason on a primitive several
cards use (a stale one).
"""

from __future__ import annotations

import functools
from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import yaml

from elgrande.dsl import ast
from elgrande.dsl.parser import parse
from elgrande.dsl.signatures import SIGNATURES

ROOT = Path(__file__).resolve().parent.parent
FOLDERS = (ROOT / "cards", ROOT / "examples")


def _scripts(data: Any, path: Path) -> Iterator[tuple[str, str]]:
    """``(card, script)`` for each effect script of one YAML file: a card file's
    ``effect``, an erratum's ``replaces.effect``, a fill's ``cards.ID.effect``."""
    if not isinstance(data, dict):
        return
    where = str(path.relative_to(ROOT))
    if isinstance(data.get("effect"), str):
        yield f"{where} ({data.get('id')})", data["effect"]
    replaces = data.get("replaces")
    if isinstance(replaces, dict) and isinstance(replaces.get("effect"), str):
        yield f"{where} (erratum {data.get('id')})", replaces["effect"]
    if "fill" in data and isinstance(data.get("cards"), dict):
        for card, fields in data["cards"].items():
            if isinstance(fields, dict) and isinstance(fields.get("effect"), str):
                yield f"{where} ({card}, fill {data['fill']})", fields["effect"]


@functools.cache
def uses() -> dict[str, set[str]]:
    """Primitive name -> the cards (file and id) whose scripts use it."""
    out: dict[str, set[str]] = defaultdict(set)
    for folder in FOLDERS:
        for path in sorted(folder.rglob("*.yaml")):
            data = yaml.safe_load(path.read_text(encoding="utf-8"))
            for card, script in _scripts(data, path):
                for node in ast.walk(parse(script, str(path))):
                    if isinstance(node, ast.Call):
                        out[node.name].add(card)
    return out


def test_the_count_sees_the_cards_of_every_kind_of_file() -> None:
    cards = set().union(*uses().values())
    assert any("fill " in c for c in cards)          # a fill's script
    assert any("(erratum " in c for c in cards)      # an erratum's
    assert any(c.startswith("examples/homebrew/") for c in cards)
    assert any(c.startswith("examples/sets/") for c in cards)
    assert len(uses()["move"]) > 10


def test_a_primitive_used_by_at_most_one_card_says_why() -> None:
    silent = sorted(f"{name} (used by {sorted(uses()[name]) or 'no card'})"
                    for name, sig in SIGNATURES.items()
                    if len(uses()[name]) <= 1 and not sig.single_use.strip())
    assert not silent, ("primitives used by at most one card, with no reason why no general "
                        "form fits (Signature.single_use):\n" + "\n".join(silent))


def test_a_primitive_several_cards_use_gives_no_single_use_reason() -> None:
    stale = sorted(f"{name} (used by {len(uses()[name])} cards)"
                   for name, sig in SIGNATURES.items()
                   if len(uses()[name]) > 1 and sig.single_use)
    assert not stale, "a stale single_use reason:\n" + "\n".join(stale)


def test_a_reason_is_a_sentence_of_its_own() -> None:
    for name, sig in SIGNATURES.items():
        if sig.single_use:
            assert len(sig.single_use.split()) >= 12, name  # says why, not only "one card"
