"""Every rule of the rules reference (``elgrande rules``) has a test in the default run.

The default run (``pytest -n 2``) leaves out the tests marked ``slow`` and the browser
tests (``pyproject.toml``), so a rule whose only test is a slow sweep or a page in the
browser would go untested there. A rule id counts as
tested in the default run when one of these names it:

- a test function of ``tests/test_*.py`` (at module level or in a ``Test`` class) that is
  not marked ``slow`` (no ``slow`` mark on the function, its class or the module's
  ``pytestmark``) and is not a browser test (no argument that is a browser fixture,
  ``tab``, ``new_tab`` or ``chromium``, or a fixture of its module that takes one), through
  - its name: the id in lower or upper case with ``_`` for ``.`` (``test_b5_2_...``,
    ``test_B8_5a_...``, ``test_I1_I7_...``);
  - its docstring: the id as written (``B5.2``), or a range of one section (``B2.1-B2.4``
    names B2.1, B2.2, B2.3 and B2.4);
  - a ``@pytest.mark.rule("B5.2", ...)`` mark;
- a scenario case in ``tests/cases/`` (or a folder below it) that lists it under
  ``rules:``: the default run plays every one of them (``tests/test_scenarios.py``,
  checked below).

A section heading (``B1`` .. ``B8``: no dot, base game) is tested when every rule of its
section is. The files are read, not imported (the check needs no collection and sees the
marks as written); a test naming a rule is trusted to check it, which review keeps true.
"""

from __future__ import annotations

import ast
import functools
import re
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import yaml

from elgrande.errors.rule_ids import RULE_ID, RULES

LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
TESTS = Path(__file__).resolve().parent
CASES = TESTS / "cases"

#: A rule id in a test's name: ``b5_2``, ``B8_5a``, ``c10``, each between underscores.
NAME_ID = re.compile(r"(?:^|_)([BICXbicx])(\d+)(?:_(\d+))?([a-z])?(?=_|$)")
#: A range of rules of one section in a docstring: ``B2.1-B2.4``.
RANGE = re.compile(r"\b([BICX]\d+)\.(\d+)\s*[-\u2013]\s*(?:\1\.)?(\d+)\b")


def ids_in_name(name: str) -> set[str]:
    """The rule ids a test's name spells: ``test_b8_5a_x`` -> ``{"B8.5a"}``."""
    out = set()
    for m in NAME_ID.finditer(name):
        rid = m.group(1).upper() + m.group(2)
        if m.group(3):
            rid += "." + m.group(3)
        out.add(rid + (m.group(4) or ""))
    return out


def ids_in_text(text: str) -> set[str]:
    """The rule ids written in a docstring, ranges of one section spelled out."""
    out = set(RULE_ID.findall(text))
    for m in RANGE.finditer(text):
        lo, hi = int(m.group(2)), int(m.group(3))
        out.update(f"{m.group(1)}.{i}" for i in range(lo, hi + 1))
    return out


def _is_slow_mark(node: ast.expr) -> bool:
    """``pytest.mark.slow`` (called or not)."""
    if isinstance(node, ast.Call):
        node = node.func
    return isinstance(node, ast.Attribute) and node.attr == "slow"


def _module_is_slow(tree: ast.Module) -> bool:
    """The module's ``pytestmark`` holds ``slow``."""
    for node in tree.body:
        if isinstance(node, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id == "pytestmark" for t in node.targets):
            value = node.value
            marks = value.elts if isinstance(value, (ast.List, ast.Tuple)) else [value]
            if any(_is_slow_mark(m) for m in marks):
                return True
    return False


def _rule_marks(fn: ast.FunctionDef | ast.AsyncFunctionDef) -> set[str]:
    """The ids of a ``@pytest.mark.rule(...)`` mark."""
    out: set[str] = set()
    for d in fn.decorator_list:
        if (isinstance(d, ast.Call) and isinstance(d.func, ast.Attribute)
                and d.func.attr == "rule"):
            out.update(a.value for a in d.args
                       if isinstance(a, ast.Constant) and isinstance(a.value, str))
    return out


#: The browser's fixtures (``tests/browser.py``): the tests using them are marked
#: ``browser`` at collection (``tests/conftest.py``) and left out of the default run.
BROWSER_FIXTURES = {"chromium", "new_tab", "tab"}


def _arguments(fn: ast.FunctionDef | ast.AsyncFunctionDef) -> set[str]:
    return {a.arg for a in fn.args.args + fn.args.kwonlyargs}


def _browser_fixtures(tree: ast.Module) -> set[str]:
    """The browser's fixtures and the module's fixtures that take one, however deep."""
    found = set(BROWSER_FIXTURES)
    fixtures = [fn for fn in ast.walk(tree) if isinstance(fn, (ast.FunctionDef,
                ast.AsyncFunctionDef)) and not fn.name.startswith("test")]
    grew = True
    while grew:
        new = {fn.name for fn in fixtures if fn.name not in found and _arguments(fn) & found}
        found |= new
        grew = bool(new)
    return found


def default_run_tests(path: Path) -> Iterator[tuple[str, set[str], set[str]]]:
    """``(name, ids it names, ids of its rule marks)`` for each test of ``path`` that the
    default run collects (not marked ``slow``, no browser test)."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    if _module_is_slow(tree):
        return
    browser = _browser_fixtures(tree)
    holders: list[tuple[ast.AST, bool]] = [(tree, False)]
    holders += [(c, any(_is_slow_mark(d) for d in c.decorator_list))
                for c in tree.body if isinstance(c, ast.ClassDef) and c.name.startswith("Test")]
    for holder, slow_class in holders:
        for fn in getattr(holder, "body", []):
            if not isinstance(fn, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            if not fn.name.startswith("test") or slow_class:
                continue
            if any(_is_slow_mark(d) for d in fn.decorator_list) or _arguments(fn) & browser:
                continue
            marks = _rule_marks(fn)
            named = ids_in_name(fn.name) | ids_in_text(ast.get_docstring(fn) or "") | marks
            yield f"{path.name}::{fn.name}", named, marks


@functools.cache
def all_default_run_tests() -> tuple[tuple[str, set[str], set[str]], ...]:
    """:func:`default_run_tests` of every ``tests/test_*.py`` (read once per session)."""
    return tuple(t for path in sorted(TESTS.glob("test_*.py")) for t in default_run_tests(path))


@functools.cache
def rules_with_tests() -> dict[str, list[str]]:
    """Rule id -> the default-run tests and cases that name it."""
    found: dict[str, list[str]] = {}
    for name, ids, _ in all_default_run_tests():
        for rid in ids:
            found.setdefault(rid, []).append(name)
    for case in sorted(CASES.rglob("*.yaml")):
        data = yaml.load(case.read_text(encoding="utf-8"), Loader=LOADER) or {}
        for rid in data.get("rules") or []:
            found.setdefault(str(rid), []).append(str(case.relative_to(TESTS)))
    return found


def sections() -> dict[str, list[str]]:
    """Section heading id -> the ids of its rules (``B5`` -> ``B5.1``, ``B5.2``, ``B5.3``)."""
    return {s: [r for r in RULES if r.startswith(s + ".")]
            for s in RULES if "." not in s and any(r.startswith(s + ".") for r in RULES)}


def untested_rules() -> list[str]:
    """The ids of the registry that no default-run test or case names, in reading order."""
    found = rules_with_tests()
    heads = sections()
    missing = [r for r in RULES if r not in heads and r not in found]
    missing += [s for s, rules in heads.items() if any(r not in found for r in rules)]
    return sorted(missing, key=list(RULES).index)


def test_every_rule_of_the_reference_has_a_test_in_the_default_run() -> None:
    missing = untested_rules()
    assert not missing, (
        f"rules with no test in the default run (name the rule in a test's name, docstring "
        f"or @pytest.mark.rule, or in a case's rules:): {', '.join(missing)}")


def test_the_rule_marks_name_known_rules() -> None:
    unknown = {(name, rid) for name, _, marks in all_default_run_tests() for rid in marks
               if rid not in RULES}
    assert not unknown, f"@pytest.mark.rule names ids the reference does not hold: {unknown}"


def test_the_default_run_plays_every_case_of_tests_cases() -> None:
    """The cases count for the default run only because tests/test_scenarios.py plays each
    of them there: its case test takes ``scenario_case`` and is not marked slow."""
    tree = ast.parse((TESTS / "test_scenarios.py").read_text(encoding="utf-8"))
    assert not _module_is_slow(tree)
    players = [fn for fn in tree.body if isinstance(fn, ast.FunctionDef)
               and fn.name.startswith("test")
               and "scenario_case" in [a.arg for a in fn.args.args]]
    assert players and not any(_is_slow_mark(d) for fn in players for d in fn.decorator_list)


def test_the_criterion_reads_names_docstrings_marks_and_slow_marks(tmp_path: Path) -> None:
    assert ids_in_name("test_b8_5a_no_seed") == {"B8.5a"}
    assert ids_in_name("test_I1_I7_invariants") == {"I1", "I7"}
    assert ids_in_name("test_c10_seat") == {"C10"}
    assert ids_in_name("test_b2_setup") == {"B2"}
    assert ids_in_name("test_bids_are_refused") == set()
    assert ids_in_text("B2.1-B2.4: the setup; also C13.") == {
        "B2.1", "B2.2", "B2.3", "B2.4", "C13"}
    src = tmp_path / "test_sample.py"
    src.write_text(
        "import pytest\n"
        "def test_b5_2_a():\n    '''B6.1 too.'''\n"
        "@pytest.mark.slow\ndef test_b5_3_b():\n    pass\n"
        "@pytest.mark.rule('B4.4')\ndef test_c():\n    pass\n"
        "class TestD:\n    def test_x(self):\n        '''I2.'''\n"
        "@pytest.fixture\ndef page(tab):\n    return tab\n"
        "def test_b6_1_clicks(page):\n    pass\n"
        "def test_b6_2_clicks(new_tab):\n    pass\n", encoding="utf-8")
    got = {name.split("::")[1]: ids for name, ids, _ in default_run_tests(src)}
    assert got == {"test_b5_2_a": {"B5.2", "B6.1"}, "test_c": {"B4.4"}, "test_x": {"I2"}}
    src.write_text("import pytest\npytestmark = [pytest.mark.slow]\ndef test_b5_2():\n"
                   "    pass\n", encoding="utf-8")
    assert list(default_run_tests(src)) == []


#: Modules mixing browser tests (directly or through a module fixture) and other tests.
_MIXED = ("test_viewer.py", "test_server_page_check.py", "test_server_page_answering.py")


def _collected(*marks: str) -> set[str]:
    """``file::function`` of what pytest collects from :data:`_MIXED` with the project's
    options (and ``-m`` given by ``marks``), parameters dropped."""
    out = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-p", "no:cacheprovider",
         *marks, *(str(TESTS / f) for f in _MIXED)],
        capture_output=True, text=True, cwd=TESTS.parent, check=False)
    return {line.split("[")[0].removeprefix("tests/") for line in out.stdout.splitlines()
            if "::" in line}


def test_the_criterion_leaves_out_what_the_browser_marker_does() -> None:
    """The browser tests ``tests/conftest.py`` marks at collection are the ones this
    criterion reads as browser tests from the source: the default run collects exactly the
    tests the criterion counts, and ``-m browser`` the rest."""
    default, browser = _collected(), _collected("-m", "browser")
    counted = {name for f in _MIXED for name, _, _ in default_run_tests(TESTS / f)}
    assert default and browser and not default & browser
    assert default == counted
