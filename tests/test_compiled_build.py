"""The optional mypyc build (docs/compiled.md) stays opt-in: the default
``pip install .`` builds a pure-Python wheel, needs no C compiler and pulls neither mypy nor
hatch-mypyc."""

from __future__ import annotations

import os
import tomllib
from pathlib import Path
from typing import Any

import pytest

import elgrande

ROOT = Path(__file__).resolve().parent.parent


def _pyproject() -> dict[str, Any]:
    with (ROOT / "pyproject.toml").open("rb") as f:
        return tomllib.load(f)


def test_the_mypyc_hook_is_off_unless_asked_for() -> None:
    data = _pyproject()
    hook = data["tool"]["hatch"]["build"]["targets"]["wheel"]["hooks"]["mypyc"]
    assert hook["enable-by-default"] is False
    assert any(d.startswith("hatch-mypyc") for d in hook["dependencies"])
    # the build system itself asks for hatchling only: no compiler toolchain by default
    assert all(not r.startswith(("hatch-mypyc", "mypy")) for r in data["build-system"]["requires"])


def test_the_compiled_modules_have_their_python_source_beside_them() -> None:
    # a compiled build ships each module's .py next to its extension, so tracebacks,
    # inspect and the engine-knows-no-expansion grep still read the source
    pkg = Path(elgrande.__file__).parent
    for ext in pkg.rglob("*.so"):
        assert (ext.parent / (ext.name.split(".")[0] + ".py")).is_file(), ext


def test_a_compiled_install_compiles_every_module_the_mypyc_table_names() -> None:
    # ELGRANDE_EXPECT_COMPILED=1 (.ci/run's compiled step): the install under test must be
    # the mypyc build, every module of the table's `include` an extension module
    if not os.environ.get("ELGRANDE_EXPECT_COMPILED"):
        pytest.skip("not a compiled install (ELGRANDE_EXPECT_COMPILED=1 asks for one)")
    hook = _pyproject()["tool"]["hatch"]["build"]["targets"]["wheel"]["hooks"]["mypyc"]
    pkg = Path(elgrande.__file__).parent
    wanted: list[Path] = []
    for entry in hook["include"]:
        source = ROOT / entry.strip("/")
        files = sorted(source.rglob("*.py")) if source.is_dir() else [source]
        wanted += [f for f in files if f.name != "__init__.py"
                   and "/" + str(f.relative_to(ROOT)) not in hook["exclude"]]
    assert wanted
    for source in wanted:
        rel = source.relative_to(ROOT / "elgrande")
        installed = pkg / rel
        ext = list(installed.parent.glob(installed.stem + ".*.so"))
        assert ext, f"{rel} is not compiled in this install"


def test_classes_taking_the_plain_methods_compare_hash_and_show_in_every_build() -> None:
    # data classes take elgrande.model.plain's functions as methods (``__eq__ = plain_eq``):
    # a compiled function is not bound as a method, so plain.py stays Python in the
    # compiled build (the mypyc table's exclude); parsed card scripts compare and hash
    from elgrande.dsl.parser import parse

    king = "move the king to regions except king"
    one, two = parse(king), parse(king)
    assert one == two and hash(one) == hash(two) and repr(one) == repr(two)
    assert one != parse("move 3 own caballeros from court to provinces")
    hook = _pyproject()["tool"]["hatch"]["build"]["targets"]["wheel"]["hooks"]["mypyc"]
    assert "/elgrande/model/plain.py" in hook["exclude"]
