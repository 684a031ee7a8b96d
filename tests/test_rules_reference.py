"""The rules reference: every rule id cited anywhere exists in the registry
``elgrande/errors/rule_ids.py``; ``docs/rules.md`` and ``elgrande rules`` show it; an
``IllegalMove`` ends with its rule id and title; and no internal source notes reach the
user-facing docs or the card files.
"""

from __future__ import annotations

import ast
import pickle
import re
from pathlib import Path
from typing import Any

import pytest
import yaml
from click.testing import CliRunner

from elgrande.dsl.signatures import SIGNATURES
from elgrande.errors import IllegalMove
from elgrande.errors.rule_ids import RULE_ID, RULES, SOURCES, lookup, rule_key, suggest, title
from elgrande.play.game import new_game
from elgrande.tools.cli import main
from elgrande.tools.docs import render_docs

ROOT = Path(__file__).resolve().parent.parent

#: The ids the reference must hold: the numbered rules of every section, the section
#: ids the code cites (``B1`` .. ``B8``) and the sub-ids (``B3.7a``/``b``, ``B8.5a``).
EXPECTED = (
    [f"B{n}" for n in range(1, 9)]
    + [f"B1.{i}" for i in range(0, 7)] + [f"B2.{i}" for i in range(1, 6)]
    + [f"B3.{i}" for i in range(1, 8)] + ["B3.7a", "B3.7b"]
    + [f"B4.{i}" for i in range(1, 7)] + [f"B5.{i}" for i in range(1, 4)]
    + [f"B6.{i}" for i in range(1, 10)] + ["B7.1"]
    + [f"B8.{i}" for i in range(1, 9)] + ["B8.5a"]
    + [f"I{i}" for i in range(1, 10)] + [f"C{i}" for i in range(1, 14)]
    + [f"X{i}" for i in range(1, 4)]
)

#: Matches of the id pattern that are not citations, by (file, token), with the reason. The
#: pattern only takes an upper-case B, I, C or X followed by digits as a whole word, so CSS
#: colours (``#c33``), card ids (``power-1``), dates and identifiers such as ``AB1`` do not
#: match; what is left are this file's deliberate non-ids. Keyed by file, so the same token
#: elsewhere (a typo in the engine) is still caught.
NOT_RULE_IDS = {
    ("tests/test_rules_reference.py", "B5.9"): "an unknown id on purpose (did-you-mean test)",
    ("tests/test_rules_reference.py", "B1.10"): "a sort-order example (two-digit number)",
}


def _cited_files() -> list[Path]:
    """Every file whose text may cite a rule id: the package, card files and manifests,
    the grammar, the homebrew examples, the hand-written docs, the README and the tests."""
    files = sorted((ROOT / "elgrande").rglob("*.py"))
    files += sorted((ROOT / "cards").rglob("*.yaml"))
    files += sorted((ROOT / "grammar").rglob("*.lark"))
    files += sorted((ROOT / "examples").rglob("*.yaml"))
    files += [ROOT / "README.md", ROOT / "docs" / "homebrew.md"]
    files += sorted((ROOT / "tests").rglob("*.py"))
    files += sorted((ROOT / "tests" / "cases").rglob("*.yaml"))
    return files


def _citations() -> list[tuple[str, int, str]]:
    out = []
    for path in _cited_files():
        text = path.read_text(encoding="utf-8")
        for m in RULE_ID.finditer(text):
            name = path.relative_to(ROOT).as_posix()
            if (name, m.group()) not in NOT_RULE_IDS:
                out.append((name, text.count("\n", 0, m.start()) + 1, m.group()))
    return out


def test_the_reference_holds_every_numbered_rule_and_section() -> None:
    missing = [r for r in EXPECTED if r not in RULES]
    assert not missing, f"rules missing from elgrande/errors/rule_ids.py: {missing}"
    assert set(RULES) == set(EXPECTED), f"unexpected ids: {set(RULES) - set(EXPECTED)}"


def test_every_rule_id_cited_in_code_cards_docs_and_tests_exists() -> None:
    cites = _citations()
    assert len(cites) > 500, "the scan found too few citations: is the pattern broken?"
    unknown = [f"{f}:{line}: {rid}" for f, line, rid in cites if rid not in RULES]
    assert not unknown, "rule ids not in the reference:\n" + "\n".join(unknown)


def test_the_id_pattern_finds_ids_and_skips_look_alikes() -> None:
    found = RULE_ID.findall('IllegalMove("B5.2", ...) rule="C4" (B8.5a, I9; X3) B1 '
                            "#c33 power-1 AB1.2 XB3 b5 2026-11-30")
    assert found == ["B5.2", "C4", "B8.5a", "I9", "X3", "B1"]


def _card_files() -> list[Path]:
    files = [p for p in (ROOT / "cards").rglob("*.yaml") if p.name != "set.yaml"]
    return sorted(files + list((ROOT / "examples").rglob("*.yaml")))


def test_every_card_rules_entry_is_a_known_rule_id() -> None:
    bad = []
    for path in _card_files():
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        for rid in data.get("rules", []) if isinstance(data, dict) else []:
            if rid not in RULES:
                bad.append(f"{path.relative_to(ROOT)}: {rid!r}")
    assert not bad, bad


def test_every_primitive_rule_is_a_known_rule_id() -> None:
    bad = [(name, r) for name, sig in SIGNATURES.items() for r in sig.rules if r not in RULES]
    assert not bad


def test_every_illegal_move_raised_in_the_package_cites_a_known_rule() -> None:
    cited = []
    for path in sorted((ROOT / "elgrande").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Call) and getattr(node.func, "id", "") == "IllegalMove":
                rule = node.args[0] if node.args else next(
                    (k.value for k in node.keywords if k.arg == "rule"), None)
                if isinstance(rule, ast.Constant):
                    cited.append((path.name, node.lineno, rule.value))
    assert len(cited) > 20  # the walk finds the raises (few: one code path per rule)
    assert [c for c in cited if c[2] not in RULES] == []


def test_each_rule_has_a_one_line_title_a_text_and_a_source() -> None:
    for rid, r in RULES.items():
        assert r.id == rid and RULE_ID.fullmatch(rid), rid
        assert r.title and "\n" not in r.title and len(r.title) <= 60, rid
        assert len(r.text) >= 20 and "\n" not in r.text, rid
        assert r.source in SOURCES, rid
        expected = {"B": "base", "I": "intrigue", "C": "colonies", "X": "both"}[rid[0]]
        assert r.source == expected, rid


def test_rules_are_in_reading_order() -> None:
    assert list(RULES) == sorted(RULES, key=rule_key)
    assert rule_key("B1.2") < rule_key("B1.10") < rule_key("I1") < rule_key("C1")
    assert rule_key("B8.5") < rule_key("B8.5a") < rule_key("B8.6")


# -- IllegalMove messages ---------------------------------------------------------------------
def test_an_illegal_move_ends_with_its_rule_id_and_title() -> None:
    exc = IllegalMove("B5.2", "no caballero may enter the king's region")
    assert str(exc) == "no caballero may enter the king's region " \
        "(B5.2: the king's region is closed)"
    assert exc.rule == "B5.2" and exc.message == "no caballero may enter the king's region"
    assert str(IllegalMove("Z9", "odd")) == "odd (Z9)"  # an id the reference lacks
    copy = pickle.loads(pickle.dumps(exc))
    assert (copy.rule, copy.message, str(copy)) == (exc.rule, exc.message, str(exc))


def test_a_refused_answer_in_a_game_names_its_rule_title() -> None:
    game = new_game(["red", "blue", "green"], seed=3)
    d = game.pending
    assert d is not None
    with pytest.raises(IllegalMove) as info:
        game.answer(d.players[0], 99)  # no power card 99 (B3.2)
    exc = info.value
    assert str(exc).endswith(f"({exc.rule}: {title(exc.rule)})"), str(exc)
    assert title(exc.rule) and exc.message and exc.rule not in exc.message


# -- the command ------------------------------------------------------------------------------
def test_rules_command_lists_every_rule() -> None:
    result = CliRunner().invoke(main, ["rules"])
    assert result.exit_code == 0, result.output
    lines = result.output.splitlines()
    assert len(lines) == len(RULES)
    assert lines[0].split()[0] == next(iter(RULES))
    assert any(line.startswith("B5.2 ") and "the king's region is closed" in line
               and "El Grande (base game)" in line for line in lines)
    assert any(line.startswith("C4 ") and SOURCES["colonies"] in line for line in lines)


def test_rules_command_prints_the_full_text_of_the_ids_given() -> None:
    result = CliRunner().invoke(main, ["rules", "B5.2", "c4"])
    assert result.exit_code == 0, result.output
    assert "B5.2: the king's region is closed" in result.output
    assert "C4: France" in result.output
    assert " ".join(result.output.split()).count(RULES["C4"].text) == 1


def test_rules_command_refuses_an_unknown_id_with_a_suggestion() -> None:
    result = CliRunner().invoke(main, ["rules", "B5.9"])
    assert result.exit_code == 1
    assert isinstance(result.exception, SystemExit)  # no traceback
    text = result.output  # stdout and stderr as the user sees them
    assert "unknown rule id 'B5.9'" in text and "did you mean" in text and "B5.2" in text
    assert "Traceback" not in text
    assert "B5.2" in suggest("B5.9")
    with pytest.raises(KeyError, match="did you mean"):
        lookup("B5.9")


# -- no internal notes ------------------------------------------------------------------------
#: What must not reach a user: internal source keys, file names of the team's notes, and
#: quotations in Chinese (CJK ideographs and punctuation).
INTERNAL = re.compile(r"\bAIS\b|\bRGG\w*|\bDIZED\b|\bBGA\b|DATA\.md|RULES\.md|EXPANSIONS\.md"
                      r"|\bseeds? ?\d{3}\b|\bseed's\b|[\u3000-\u303f\u4e00-\u9fff\uff00-\uffef]")


def test_the_internal_notes_pattern_catches_what_it_should() -> None:
    for bad in ("seed 000; DATA.md", "(AIS)", "RGG14", "seed 000: 不論顏色", "per RULES.md"):
        assert INTERNAL.search(bad), bad
    for fine in ("--seed 7", "the base game rules", "Castillo", "a seed of the shuffle"):
        assert not INTERNAL.search(fine), fine


def _strings(value: Any) -> list[str]:
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in _strings(v)]
    if isinstance(value, list):
        return [s for v in value for s in _strings(v)]
    return []


def test_card_files_carry_no_internal_notes() -> None:
    bad = []
    for path in _card_files():
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        for s in _strings(data):
            if INTERNAL.search(s):
                bad.append(f"{path.relative_to(ROOT)}: {s[:80]!r}")
    assert not bad, "\n".join(bad)


def test_every_shipped_card_says_where_its_text_comes_from() -> None:
    for path in _card_files():
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
        if "examples" not in path.parts:
            assert len(str(data.get("source", ""))) >= 20, path


@pytest.mark.parametrize("fmt", ["md", "html"])
def test_generated_docs_carry_no_internal_notes(fmt: str) -> None:
    for name, text in render_docs(fmt).items():
        m = INTERNAL.search(text)
        assert m is None, f"{name}: {text[max(0, m.start() - 60):m.end() + 20]!r}"


def test_committed_user_docs_carry_no_internal_notes() -> None:
    files = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md")),
             *sorted((ROOT / "docs" / "html").glob("*.html")),
             *sorted(p for p in (ROOT / "examples").rglob("*") if p.is_file())]
    bad = []
    for path in files:
        for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if INTERNAL.search(line):
                bad.append(f"{path.relative_to(ROOT)}:{n}: {line[:80]}")
    assert not bad, "\n".join(bad)


def test_the_rule_texts_carry_no_internal_notes() -> None:
    for r in RULES.values():
        assert not INTERNAL.search(r.text + r.title), r.id


# -- the rules page ---------------------------------------------------------------------------
def test_the_rules_page_has_an_entry_for_every_rule_and_card_links_resolve() -> None:
    md = render_docs("md")
    page = md["rules.md"]
    for rid, r in RULES.items():
        assert f'<a id="rule-{rid}"></a>' in page, rid
        assert r.text in page.replace("\\", ""), rid
    targets = re.findall(r"\]\(rules\.md#([^)]+)\)", md["cards.md"] + md["dsl.md"])
    assert targets and all(t.removeprefix("rule-") in RULES for t in targets)
    for anchor in set(targets):
        assert f'<a id="{anchor}"></a>' in page
    for cid in re.findall(r"\]\(cards\.md#card-([^)]+)\)", page):
        assert f'<a id="card-{cid}"></a>' in md["cards.md"], cid
