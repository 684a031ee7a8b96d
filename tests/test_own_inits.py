"""The attrs classes that write their own ``__init__`` (``attr.s(..., init=False)``, for the
compiled build: docs/compiled.md) take exactly their declared fields: the same
names in the same order, a field without a default a parameter without one, a plain default
the same default, a ``factory(...)`` default ``None`` (a fresh value made in the body), and
every field set in the body. The plain classes with declared fields and an ``__init__``
(the rules modules' caches: no attrs, docs/performance.md) take their fields in order and
set each. Read from the source, so the check holds in either build."""

from __future__ import annotations

import ast
import functools
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent / "elgrande"


@functools.cache
def _trees() -> tuple[tuple[Path, ast.Module], ...]:
    """Every module of the package, parsed once for both searches."""
    return tuple((path, ast.parse(path.read_text(encoding="utf-8")))
                 for path in sorted(ROOT.rglob("*.py")))


def _own_init_classes() -> list[tuple[str, ast.ClassDef]]:
    found = []
    for path, tree in _trees():
        for node in ast.walk(tree):
            if not isinstance(node, ast.ClassDef):
                continue
            for deco in node.decorator_list:
                if isinstance(deco, ast.Call) and any(
                        k.arg == "init" and isinstance(k.value, ast.Constant)
                        and k.value.value is False for k in deco.keywords):
                    found.append((f"{path.relative_to(ROOT.parent)}:{node.name}", node))
    return found


CLASSES = _own_init_classes()


def test_the_classes_with_an_own_init_are_found() -> None:
    names = {name.rsplit(":", 1)[1] for name, _ in CLASSES}
    assert {"Decision", "State", "Flow", "ScoreLine", "Phase"} <= names


@pytest.mark.parametrize("cls", [c for _, c in CLASSES], ids=[n for n, _ in CLASSES])
def test_an_own_init_takes_exactly_the_declared_fields(cls: ast.ClassDef) -> None:
    fields = [s for s in cls.body if isinstance(s, ast.AnnAssign)
              and isinstance(s.target, ast.Name)
              and not (isinstance(s.annotation, ast.Name) and s.annotation.id == "ClassVar")]
    inits = [s for s in cls.body if isinstance(s, ast.FunctionDef) and s.name == "__init__"]
    assert len(inits) == 1, "init=False but no __init__ of its own"
    init = inits[0]
    params = init.args.args[1:]
    assert [p.arg for p in params] == [f.target.id for f in fields]  # type: ignore[union-attr]
    defaults = [None] * (len(params) - len(init.args.defaults)) + list(init.args.defaults)
    for f, p, d in zip(fields, params, defaults, strict=True):
        name = p.arg
        if f.value is None:
            assert d is None, f"{name}: a required field, but the parameter has a default"
        elif isinstance(f.value, ast.Call) and getattr(f.value.func, "id", "") == "factory":
            assert isinstance(d, ast.Constant) and d.value is None, \
                f"{name}: a factory field, so the parameter's default must be None"
        elif isinstance(f.value, ast.Call) and getattr(f.value.func, "id", "") == "unsaved":
            assert d is not None and ast.dump(d) == ast.dump(f.value.args[0]), \
                f"{name}: the parameter's default differs from the unsaved field's"
        else:
            assert d is not None and ast.dump(d) == ast.dump(f.value), \
                f"{name}: the parameter's default differs from the field's"
    body = ast.dump(init)
    for f in fields:
        name = f.target.id  # type: ignore[union-attr]
        assert f"attr='{name}'" in body or f"value='{name}'" in body, f"{name} is never set"


def _fields(cls: ast.ClassDef) -> list[str]:
    return [s.target.id for s in cls.body
            if isinstance(s, ast.AnnAssign) and isinstance(s.target, ast.Name)]


def _init(cls: ast.ClassDef) -> ast.FunctionDef | None:
    return next((s for s in cls.body if isinstance(s, ast.FunctionDef)
                 and s.name == "__init__"), None)


def _plain_classes() -> list[tuple[str, ast.ClassDef]]:
    """The undecorated classes with declared fields whose ``__init__`` takes as many
    parameters, all fields (records; not the caches that derive their fields from an
    engine or a board)."""
    found = []
    for path, tree in _trees():
        for node in ast.walk(tree):
            if not isinstance(node, ast.ClassDef) or node.decorator_list:
                continue
            init, fields = _init(node), _fields(node)
            params = [p.arg for p in init.args.args[1:]] if init is not None else []
            if fields and len(params) == len(fields) and set(params) == set(fields):
                found.append((f"{path.relative_to(ROOT.parent)}:{node.name}", node))
    return found


PLAIN = _plain_classes()


def test_the_plain_classes_with_fields_are_found() -> None:
    names = {name.rsplit(":", 1)[1] for name, _ in PLAIN}
    assert {"ColoniesBoard", "_Office", "_Plan", "_Dests", "_Printed", "Cache"} <= names


@pytest.mark.parametrize("cls", [c for _, c in PLAIN], ids=[n for n, _ in PLAIN])
def test_a_plain_class_s_init_takes_and_sets_its_declared_fields(cls: ast.ClassDef) -> None:
    fields, init = _fields(cls), _init(cls)
    assert init is not None
    assert [p.arg for p in init.args.args[1:]] == fields
    body = ast.dump(init)
    for name in fields:
        assert f"attr='{name}'" in body, f"{name} is never set"
