"""The AST node classes are frozen, keyword-only attrs classes: keyword construction with
defaults, equality and hashing by class and fields, a field-listing repr, no assignment,
pickling (the library cache keeps parsed scripts), and ``ast.fields``/``ast.replace``.
"""

from __future__ import annotations

import copy
import pickle

import pytest

from elgrande.dsl import ast
from elgrande.dsl.parser import parse

SCRIPT = ("source = choose region from regions except king\n"
          "move up to 5 caballeros of any player from source to anywhere\n")


def test_nodes_are_built_by_keyword_with_defaults() -> None:
    n = ast.Qty(mode="up_to", n=3)
    assert (n.line, n.column, n.mode, n.n) == (0, 0, "up_to", 3)
    assert ast.Qty(mode="all").n is None
    assert ast.fields(ast.Qty) == ("line", "column", "mode", "n", "value", "said")
    with pytest.raises(TypeError, match="missing 1 required keyword-only argument: 'mode'"):
        ast.Qty()
    with pytest.raises(TypeError, match="unexpected keyword argument 'count'"):
        ast.Qty(mode="all", count=2)
    with pytest.raises(TypeError):
        ast.Qty("all")  # type: ignore[misc]


def test_nodes_are_frozen() -> None:
    n = ast.Name(name="x", line=1, column=2)
    with pytest.raises(AttributeError):
        n.name = "y"  # type: ignore[misc]
    with pytest.raises(AttributeError):
        del n.line  # type: ignore[misc]
    with pytest.raises(AttributeError):
        n.other = 1  # type: ignore[attr-defined]
    assert n.name == "x"


def test_equality_and_hash_follow_class_and_fields() -> None:
    a, b = ast.Name(name="x", line=1), ast.Name(name="x", line=1)
    assert a == b and hash(a) == hash(b) and not a != b
    assert a != ast.Name(name="x", line=2)
    assert a != ast.ChosenOnce(name="x", line=1)  # same fields, another class
    assert len({a, b, ast.Name(name="y")}) == 2
    assert repr(a) == "Name(line=1, column=0, name='x')"


def test_a_parsed_script_survives_pickle_copy_and_replace() -> None:
    tree = parse(SCRIPT)
    assert pickle.loads(pickle.dumps(tree)) == tree
    assert copy.deepcopy(tree) == tree
    call = next(n for n in ast.walk(tree) if isinstance(n, ast.Call)
                and n.name == "move")
    moved = ast.replace(call, line=99)
    assert moved.line == 99 and moved.args == call.args and call.line != 99
    with pytest.raises(TypeError):
        ast.replace(call, nonsense=1)


def test_a_calls_kw_is_its_args_by_name_made_once_outside_its_fields() -> None:
    call = next(n for n in ast.walk(parse(SCRIPT)) if isinstance(n, ast.Call)
                and n.name == "move")
    other = next(n for n in ast.walk(parse(SCRIPT)) if isinstance(n, ast.Call)
                 and n.name == "move")
    assert call.kw == dict(call.args) and call.kw is call.kw  # made once, then kept
    for key in ("to", "source", "qty", "whose", "no such parameter"):
        assert call.kw.get(key) is call.arg(key)
    # not a field: equality, hash and repr as before it was read; a copy with other
    # arguments has its own
    assert call == other and hash(call) == hash(other) and repr(call) == repr(other)
    fewer = ast.replace(call, args=call.args[:1])
    assert fewer.kw == dict(call.args[:1]) != call.kw
    assert pickle.loads(pickle.dumps(call)).kw == call.kw
