"""Each region-set expression form is declared once (elgrande/dsl/region_forms.py) and
evaluated once (elgrande/engine/regions.py); parser, checker, renderer, validate and docs
read the declaration."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from elgrande.data.manifests import load_board
from elgrande.dsl import ast
from elgrande.dsl.checker import check_script
from elgrande.dsl.parser import parse, parser
from elgrande.dsl.region_forms import FORMS, PlaceSets, exact, form_of, possible
from elgrande.dsl.render import render_node
from elgrande.engine.regions import EVALUATORS
from elgrande.tools.docs.dsl_page import _example, grammar_alternatives
from elgrande.tools.validate.never_acts import place_sets

ROOT = Path(__file__).resolve().parent.parent
SET_RULES = ("set_expr", "set_union", "set_term", "set_atom")


def _aliases() -> set[str]:
    return {str(r.alias) for r in parser().rules
            if r.origin.name in SET_RULES and r.alias is not None}


def test_the_engine_evaluates_exactly_the_declared_forms() -> None:
    assert set(EVALUATORS) == set(FORMS)


def test_the_engine_evaluates_each_form_by_its_ast_class() -> None:
    from elgrande.engine.regions import by_node_type

    assert {f.node: EVALUATORS[f.name] for f in FORMS.values()} == by_node_type()


def test_every_region_set_alias_of_the_grammar_is_declared_and_back() -> None:
    assert _aliases() == set(FORMS)


def test_each_form_has_its_own_ast_class() -> None:
    classes = [f.node for f in FORMS.values()]
    assert len(set(classes)) == len(classes)
    assert all(form_of(f.node.__new__(f.node)) is f for f in FORMS.values())


def _examples() -> list[tuple[str, str]]:
    out = []
    for rule in SET_RULES:
        for expansion, alias in grammar_alternatives(rule):
            if alias:
                out.append((alias, _example(expansion)))
    return out


@pytest.mark.parametrize(("alias", "example"), _examples())
def test_each_grammar_alternative_parses_to_its_declared_class(alias: str,
                                                                example: str) -> None:
    call = parse(f"x = choose region from {example}\n").body.body[0]
    assert isinstance(call, ast.Call)
    node = call.arg("choice").set
    assert type(node) is FORMS[alias].node
    words = render_node(node)
    assert words and "{" not in words


@pytest.mark.parametrize("name", sorted(FORMS))
def test_each_form_has_words_in_every_mode_and_a_docs_entry(name: str) -> None:
    example = dict(_examples())[name]
    call = parse(f"x = choose region from {example}\n").body.body[0]
    assert isinstance(call, ast.Call)
    node = call.arg("choice").set

    class W:
        poss, court = "your", None

        def set(self, n: object, mode: str, nested: bool = False) -> str:
            return "SUB"

        def name(self, n: str, mode: str) -> str:
            return n

        def piece(self, token: str) -> str:
            return token

    for mode in ("any", "every", "all"):
        assert FORMS[name].words(node, W(), mode, False)  # type: ignore[arg-type]
    assert FORMS[name].doc


def test_the_docs_region_table_reads_each_declaration() -> None:
    text = (ROOT / "docs" / "dsl.md").read_text(encoding="utf-8")
    section = text.split("## Region sets", 1)[1].split("\n## ", 1)[0]
    for form in FORMS.values():
        first = form.doc.split("\n")[0][:30]
        assert first.replace("``", "`")[:20] in section.replace("``", "`"), form.name


def test_checks_come_from_the_declarations() -> None:
    ids = list(load_board(("base",)).index)
    probs = check_script(parse("score regions with value 100\n"), "f", ids)
    assert [p.code for p in probs] == ["E-RANGE"]
    probs = check_script(parse("score regions with at least 31 own caballeros\n"), "f", ids,
                         max_count=30)
    assert [p.code for p in probs] == ["E-RANGE"]
    probs = check_script(parse("score court\n"), "f", ids)
    assert [p.code for p in probs] == ["E-TYPE"]


def _where(text: str) -> Any:
    call = parse(text).body.body[0]
    assert isinstance(call, ast.Call)
    return call.arg("where")


def test_the_never_acts_approximation_reads_the_declarations() -> None:
    pl = place_sets(load_board(("base",)))
    assert isinstance(pl, PlaceSets)
    node = _where("score anywhere except castillo\n")
    assert possible(pl, node, {}) == pl.scoring
    assert exact(pl, node.base, {}) == pl.everything
    king = _where("score king\n")
    assert possible(pl, king, {}) == {"@king"}


_LADDER = re.compile(r"isinstance\([^)]*ast\.(" + "|".join(
    f.node.__name__ for f in FORMS.values()) + r")\b")


@pytest.mark.parametrize("path", [
    "elgrande/engine/regions.py", "elgrande/dsl/render.py", "elgrande/dsl/parser.py",
    *[str(p.relative_to(ROOT)) for p in sorted((ROOT / "elgrande/tools/docs").glob("*.py"))],
    *[str(p.relative_to(ROOT)) for p in sorted((ROOT / "elgrande/tools/validate").glob("*.py"))]])
def test_no_isinstance_ladder_over_region_forms(path: str) -> None:
    assert not _LADDER.findall((ROOT / path).read_text(encoding="utf-8"))


def test_the_checker_tests_region_forms_only_in_its_rule_safety_warnings() -> None:
    text = (ROOT / "elgrande/dsl/checker.py").read_text(encoding="utf-8")
    head, _, safety = text.partition("def safety(")
    assert not _LADDER.findall(head)
    assert len(_LADDER.findall(safety)) <= 4


def test_every_registered_primitive_is_declared_and_every_declaration_registered() -> None:
    """The engine's primitives (base and rules modules) and the DSL's signatures name the
    same primitives (the engine does not import the signatures)."""
    import elgrande.rules.base
    import elgrande.rules.colonies
    import elgrande.rules.intrigue_king  # noqa: F401 - the rules modules register theirs
    from elgrande.dsl.signatures import SIGNATURES
    from elgrande.engine.primitives import PRIMITIVES

    assert set(PRIMITIVES) == set(SIGNATURES)
