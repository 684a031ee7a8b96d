"""No printed data in Python (DESIGN.md 2, DATA.md): region ids and names, region and
scoreboard values, and the power-card table live in ``cards/*/set.yaml`` only.

The check greps the code of ``elgrande/**/*.py`` (of the imported package) with comments
and docstrings removed: examples in documentation are fine, figures in code are not.
"""

from __future__ import annotations

import ast
import functools
import io
import re
import tokenize
from pathlib import Path

import pytest
import yaml

import elgrande
from elgrande.files.resources import cards_dir

PACKAGE = Path(elgrande.__file__).resolve().parent
SOURCES = sorted(PACKAGE.rglob("*.py"))
MANIFEST = yaml.safe_load((cards_dir() / "base" / "set.yaml").read_text(encoding="utf-8"))
# "castillo" is a game term (RULES.md) and a field name, not only a data id.
TERMS = {"castillo", "Castillo"}


def _docstring_lines(tree: ast.AST) -> set[int]:
    """First lines of the docstrings of the module, classes and functions."""
    out = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if (body and isinstance(body[0], ast.Expr)
                    and isinstance(body[0].value, ast.Constant)
                    and isinstance(body[0].value.value, str)):
                out.add(body[0].lineno)
    return out


def code_text(path: Path) -> str:
    """The file's source without comments and docstrings (other strings are kept)."""
    source = path.read_text(encoding="utf-8")
    docs = _docstring_lines(ast.parse(source))
    kept: list[str] = []
    for tok in tokenize.generate_tokens(io.StringIO(source).readline):
        if tok.type == tokenize.COMMENT:
            continue
        if tok.type == tokenize.STRING and tok.start[0] in docs:
            continue
        kept.append(tok.string)
    return " ".join(kept)


@functools.cache
def code() -> dict[str, str]:
    """Each module's path under the package -> :func:`code_text` (read once, when a test
    first asks: not at collection, which every worker does)."""
    return {p.relative_to(PACKAGE).as_posix(): code_text(p) for p in SOURCES}


def _forbidden_words() -> list[str]:
    words = []
    for r in MANIFEST["regions"]:
        words += [r["id"], r["name"]]
    words += [MANIFEST["castillo"]["id"], MANIFEST["castillo"]["name"]]
    return sorted({w for w in words if w not in TERMS})


def _number_run(numbers: list[int], seps: str = r"\s*,\s*") -> str:
    """A regex for ``numbers`` written in a row (``4, 2, 0``), not inside a longer number."""
    return r"(?<![\w.])" + seps.join(str(n) for n in numbers) + r"(?![\w.])"


def _forbidden_number_runs() -> dict[str, str]:
    """What each printed table would look like if copied into code."""
    out: dict[str, str] = {}
    values = [r["values"] for r in MANIFEST["regions"]]
    values += [MANIFEST["castillo"]["values"]]
    values += [sb["values"] for sb in MANIFEST["scoreboards"]]
    for v in values:
        out[f"values {v}"] = _number_run(v)
        out[f"values {'/'.join(map(str, v))}"] = _number_run(v, "/")
        out[f"values {'-'.join(map(str, v))}"] = _number_run(v, "-")
    power = MANIFEST["power_cards"]
    counts = [power[k] for k in sorted(power)]
    for i in range(len(counts) - 3):  # any 4 consecutive entries of the table
        out[f"power-card counts {counts[i:i + 4]}"] = _number_run(counts[i:i + 4])
    keys = sorted(power)
    for a, b in zip(keys, keys[1:], strict=False):  # {1: 6, 2: 5, ...}
        out[f"power-card entries {a}: {power[a]}, {b}: {power[b]}"] = (
            rf"(?<![\w.]){a}\s*:\s*{power[a]}\s*,\s*{b}\s*:\s*{power[b]}(?![\w.])")
    return out


def test_the_package_sources_are_found() -> None:
    assert "model/board.py" in code() and "tools/scenario.py" in code()
    # the stripping keeps code and plain strings, drops docstrings and comments
    board = code()["data/manifests.py"]
    assert "def load_board" in board and "set.yaml" in code()["data/sets.py"]
    assert "Set manifests" not in board


def test_the_checks_would_catch_a_copied_table() -> None:
    runs = _forbidden_number_runs()
    assert re.search(runs["values [6, 4, 2]"], "VALUES = (6, 4, 2)")
    assert not re.search(runs["values [6, 4, 2]"], "x = (16, 4, 2)")
    assert re.search(runs["power-card counts [6, 5, 5, 4]"], "T = [6,5,5,4,4]")
    assert re.search(runs["power-card entries 1: 6, 2: 5"], "{1: 6, 2: 5}")
    assert "old_castile" in _forbidden_words() and "Old Castile" in _forbidden_words()


@pytest.mark.parametrize("word", _forbidden_words())
def test_no_region_id_or_name_in_code(word: str) -> None:
    pattern = re.compile(rf"\b{re.escape(word)}\b", re.IGNORECASE)
    found = [name for name, text in code().items() if pattern.search(text)]
    assert found == [], f"{word!r} appears in {found}: region data belongs in set.yaml"


@pytest.mark.parametrize("what", sorted(_forbidden_number_runs()))
def test_no_printed_table_in_code(what: str) -> None:
    pattern = re.compile(_forbidden_number_runs()[what])
    found = [name for name, text in code().items() if pattern.search(text)]
    assert found == [], f"{what} appears in {found}: printed data belongs in set.yaml"
