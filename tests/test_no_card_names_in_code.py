"""The engine knows no card: no card id or title appears in the Python code (DESIGN.md 2).

Ids are searched in every string constant and identifier of ``elgrande/**/*.py``; titles
in every string constant that is not a docstring. A few titles are also the game's own
terms for a piece or a mechanic, defined by the rules rather than by a card; they are
exempt, each with the rule that defines the term.
"""

from __future__ import annotations

import ast
import functools
import re
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
#: Titles that are also rule terms: the piece or mechanic, not the card.
RULE_TERMS = {
    "Grande": "B1.2 (the Grande piece)",
    "Veto": "B8.4 (the Veto mechanic: reaction windows, lasting effect kind)",
    "Intrigue": "B8.3 (the name of group 1)",
    "Special Scoring": "B8.6 (special scorings)",
    "Power Cards": "B1.3 (power cards)",
    "Mobile scoreboard": "B1.5 (the mobile scoreboards)",
    "Grand Inquisitor": "C1, C8 (the Grand Inquisitor piece and its holder)",
    "King card": "I3, I5 (the King card handed to the highest card)",
    "Intrigue card": "I3, I5 (the Intrigue card handed to the lowest card)",
    "Conspiracy": "C13 (the new special action the rules text names)",
}


@functools.cache
def _cards() -> list[dict[str, object]]:
    out = []
    for p in sorted((ROOT / "cards").rglob("*.yaml")):
        if p.name == "set.yaml" or "fills" in p.parts:  # manifests and fills hold no card
            continue
        data = yaml.safe_load(p.read_text(encoding="utf-8"))
        if isinstance(data, dict) and data.get("kind") != "erratum":
            out.append(data)
    return out


@functools.cache
def _python() -> list[tuple[Path, list[str], list[str]]]:
    """(file, non-docstring string constants, identifiers) per Python file."""
    out = []
    for p in sorted((ROOT / "elgrande").rglob("*.py")):
        tree = ast.parse(p.read_text(encoding="utf-8"))
        docs = set()
        constants: list[ast.Constant] = []
        names: list[str] = []
        attrs: list[str] = []
        for node in ast.walk(tree):  # one walk (four took most of the test's time)
            if isinstance(node, ast.Constant):
                if isinstance(node.value, str):
                    constants.append(node)
            elif isinstance(node, ast.Name):
                names.append(node.id)
            elif isinstance(node, ast.Attribute):
                attrs.append(node.attr)
            elif isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef,
                                   ast.AsyncFunctionDef)) and node.body:
                first = node.body[0]
                if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                    docs.add(id(first.value))
        strings = [n.value for n in constants if id(n) not in docs]
        out.append((p, strings, names + attrs))
    return out


def _any_of(strings: list[str], words: set[str], edge: str) -> list[str]:
    """The strings in which one of ``words`` stands with no ``edge`` character either side
    (one pattern for all: a string no word's own pattern matches is left out, so the
    per-word search below it sees the same hits, only faster)."""
    alt = "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))
    pat = re.compile(rf"(?<!{edge})(?:{alt})(?!{edge})")
    return [s for s in strings if pat.search(s)]


def test_cards_were_found() -> None:
    cards = _cards()
    assert len(cards) >= 46  # 33 distinct base action/King's cards + 13 power cards


def test_no_card_id_in_python() -> None:
    ids = {str(c["id"]) for c in _cards()}
    pats = {cid: re.compile(rf"(?<![\w-]){re.escape(cid)}(?![\w-])") for cid in ids}
    found = []
    for path, strings, names in _python():
        maybe = _any_of(strings, ids, r"[\w-]")  # the strings any id's pattern can match
        named = set(names)
        for cid in ids:
            hits = [s for s in maybe if pats[cid].search(s)]
            if cid.replace("-", "_") in named:
                hits += [n for n in names if n == cid.replace("-", "_")]
            if hits:
                found.append(f"{path.relative_to(ROOT)}: card id {cid!r} in {hits[:3]}")
    assert not found, "\n".join(found)


def test_no_card_title_in_python() -> None:
    titles = {str(c["title"]) for c in _cards() if c.get("title")} - set(RULE_TERMS)
    pats = {t: re.compile(rf"(?<!\w){re.escape(t)}(?!\w)") for t in titles}
    found = []
    for path, strings, _names in _python():
        maybe = _any_of(strings, titles, r"\w")
        for title in titles:
            hits = [s for s in maybe if pats[title].search(s)]
            if hits:
                found.append(f"{path.relative_to(ROOT)}: card title {title!r} in {hits[:3]}")
    assert not found, "\n".join(found)


def test_rule_term_exemptions_are_real_titles() -> None:
    titles = {str(c["title"]) for c in _cards() if c.get("title")}
    assert set(RULE_TERMS) <= titles, "an exemption names no card: remove it"
