"""The optional mypyc build (issue 12, README "Compiled build") stays opt-in: the default
``pip install .`` builds a pure-Python wheel, needs no C compiler and pulls neither mypy nor
hatch-mypyc."""

from __future__ import annotations

import tomllib
from pathlib import Path
from typing import Any

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
