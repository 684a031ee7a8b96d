"""Every base action card and the King's card is exercised by the card scenario cases.

The cases live in ``tests/cases/cards/`` (format: ``shared/cases/README.md``). For each card
id found in ``cards/base`` with kind ``action`` or ``king``:

- at least one case carries out its special action (a ``special`` step) and checks the
  result (its ``expect`` is not ``illegal``);
- if the card's effect can ask a player anything, at least one case ends with that card's
  ``special`` step refused (``expect: {illegal: RULE}``).

Whether an effect can ask is read from its parsed script: an either/or, or a primitive
whose declaration (``elgrande.dsl.signatures``) raises a decision, except the two forms
whose outcome the rules fix (a fixed number sent from the court alone, B8.7; all
caballeros moved from one region to one region, B8.2).

The cases themselves are run (and must pass) by ``test_scenarios.py``.
"""

from __future__ import annotations

import functools
from collections import defaultdict
from pathlib import Path
from typing import Any

import pytest
import yaml

from elgrande.data.library import load_library
from elgrande.dsl import ast
from elgrande.dsl.caballero_moves import form
from elgrande.dsl.signatures import SIGNATURES

ROOT = Path(__file__).resolve().parent.parent
BASE_CARDS = ROOT / "cards" / "base"
CARD_CASES = Path(__file__).resolve().parent / "cases" / "cards"
KINDS = ("action", "king")


def _card_ids() -> list[str]:
    """Ids of the base action cards and the King's card, read from the card files."""
    ids = []
    for p in sorted(BASE_CARDS.rglob("*.yaml")):
        if p.name == "set.yaml":
            continue
        data = yaml.safe_load(p.read_text(encoding="utf-8"))
        if isinstance(data, dict) and data.get("kind") in KINDS:
            ids.append(str(data["id"]))
    return ids


@functools.cache
def _cases() -> list[tuple[Path, dict[str, Any]]]:
    """The card cases, read once per session (every parametrized test reads them)."""
    out = []
    for p in sorted(CARD_CASES.rglob("*.yaml")):
        data = yaml.safe_load(p.read_text(encoding="utf-8"))
        assert isinstance(data, dict), f"{p}: a case must be a mapping"
        out.append((p, data))
    return out


def _specials(data: dict[str, Any]) -> list[dict[str, Any]]:
    return [st["special"] for st in data.get("do") or []
            if isinstance(st, dict) and isinstance(st.get("special"), dict)]


def _is_illegal(data: dict[str, Any]) -> bool:
    return bool((data.get("expect") or {}).get("illegal"))


@functools.cache
def _coverage() -> tuple[dict[str, list[str]], dict[str, list[str]], dict[str, list[str]]]:
    """(card -> result cases, card -> refusal cases, card -> cases giving it answers)."""
    results: dict[str, list[str]] = defaultdict(list)
    refusals: dict[str, list[str]] = defaultdict(list)
    answered: dict[str, list[str]] = defaultdict(list)
    for path, data in _cases():
        cid = str(data.get("id", path.stem))
        steps = data.get("do") or []
        for sp in _specials(data):
            card = str(sp.get("card"))
            if sp.get("answers"):
                answered[card].append(cid)
            if not _is_illegal(data):
                results[card].append(cid)
        last = steps[-1] if steps else None
        if (_is_illegal(data) and isinstance(last, dict)
                and isinstance(last.get("special"), dict)):
            refusals[str(last["special"].get("card"))].append(cid)
    return results, refusals, answered


def _single(node: Any) -> bool:
    return isinstance(node, (ast.Name, ast.Castillo, ast.King))


def can_ask(node: Any) -> bool:
    """Whether running ``node`` (a script, block or statement) can raise a decision."""
    if isinstance(node, ast.Script):
        return can_ask(node.body)
    if isinstance(node, ast.Block):
        return any(can_ask(s) for s in node.body)
    if isinstance(node, ast.Either):
        return True
    if isinstance(node, (ast.EachPlayer, ast.ForEachPlayer)):
        return can_ask(node.body)
    if isinstance(node, ast.If):
        return can_ask(node.then) or (node.otherwise is not None and can_ask(node.otherwise))
    if isinstance(node, ast.Call):
        if not SIGNATURES[node.name].decides:
            return False
        qty = node.arg("qty")
        fixed = isinstance(qty, ast.Qty) and qty.mode in ("all", "exactly")
        if form(node) == "send" and fixed and isinstance(node.arg("source"), ast.Court):
            return False  # B8.7: a fixed number from the court alone
        if (node.name == "move" and node.arg("piece") == "caballeros"
                and isinstance(qty, ast.Qty) and qty.mode == "all"
                and _single(node.arg("source")) and _single(node.arg("to"))):
            return False  # B8.2: all of them, from one region to one region
        return True
    raise AssertionError(f"unknown statement {node!r}")


CARD_IDS = _card_ids()


def _script(card: str) -> ast.Script:
    script = load_library(("base",)).card(card).script
    assert script is not None, f"card {card} has no effect script"
    return script


def test_base_cards_were_found() -> None:
    assert len(CARD_IDS) == 33  # 32 distinct action cards (B8.8, DATA.md) + the King's card
    assert len(set(CARD_IDS)) == len(CARD_IDS)


def test_card_cases_exist() -> None:
    assert _cases(), f"no case files under {CARD_CASES}"


def test_case_specials_name_known_cards() -> None:
    known = set(load_library(("base",)).cards.cards)
    unknown = sorted({f"{data.get('id')}: {sp.get('card')}" for _p, data in _cases()
                      for sp in _specials(data) if str(sp.get("card")) not in known})
    assert not unknown, "cases name cards that do not exist:\n" + "\n".join(unknown)


@pytest.mark.parametrize("card", CARD_IDS)
def test_card_has_a_result_case(card: str) -> None:
    results, _refusals, _answered = _coverage()
    assert results.get(card), (f"no case in {CARD_CASES.relative_to(ROOT)} carries out "
                               f"{card}'s special action and checks its result")


@pytest.mark.parametrize("card", CARD_IDS)
def test_deciding_card_has_a_refusal_case(card: str) -> None:
    _results, refusals, answered = _coverage()
    if can_ask(_script(card)):
        assert refusals.get(card), (f"{card} can ask a decision, but no case in "
                                    f"{CARD_CASES.relative_to(ROOT)} ends with one of its "
                                    "answers refused (expect: illegal)")
    else:
        # Consistency of the analysis: a card that asks nothing takes no answers.
        assert not answered.get(card), (f"{card} should ask nothing, but cases "
                                        f"{answered[card]} give it answers")


def test_can_ask_sees_both_kinds() -> None:
    asking = [c for c in CARD_IDS if can_ask(_script(c))]
    assert asking and len(asking) < len(CARD_IDS)
