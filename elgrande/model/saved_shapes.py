"""Plain data and attrs-typed forms of a saved game, checked field by field: the first pass
of :func:`elgrande.play.saved.check_saved`.

:func:`plain` bounds plain JSON data (integers, string and list lengths, nesting);
:func:`typed` checks a value against a type hint (``int``, ``str``, ``list[...]``,
``dict[str, ...]``, ``X | None``, ``Any`` or an attrs class); :func:`record` checks the
saved form of an attrs class (field names from ``attrs.fields``, types from its
annotations, read from the source in the compiled build). Every failure raises one
:class:`~elgrande.errors.SavedGameError` naming the bad field's path
(``state.caballeros[3][1]``). An ``int`` is never a ``bool``.
"""

from __future__ import annotations

import ast
import copy
import functools
import math
import sys
import types
import typing
from typing import Any

import attr

from elgrande.errors import SavedGameError
from elgrande.files.resources import is_compiled, python_source

#: Bounds of plain data in a saved game: integer size, string length, list length, depth.
MAX_INT = 10 ** 12
MAX_STR = 10_000
MAX_LIST = 100_000
MAX_DEPTH = 40
#: Player names: short, printable.
MAX_NAME = 40


def _fail(path: str, message: str) -> typing.NoReturn:
    raise SavedGameError(path, message)


# -- pass 1: structure and types ------------------------------------------------------------
@functools.cache
def _hints(cls: type) -> dict[str, Any]:
    """Field name -> resolved type of an attrs class (``Any`` when a hint cannot be read)."""
    module = sys.modules[cls.__module__]
    written = {f.name: f.type for f in attr.fields(cls)}
    if is_compiled(module):  # its annotations are erased (``list``): read the source's
        written = _source_annotations(cls, module)
    else:
        try:
            return typing.get_type_hints(cls)
        except Exception:  # noqa: BLE001 - fall back field by field
            pass
    ns = vars(module)
    out: dict[str, Any] = {}
    for name, hint in written.items():
        try:
            out[name] = eval(hint, ns) if isinstance(hint, str) else hint
        except Exception:  # noqa: BLE001 - an unreadable hint checks as plain data
            out[name] = Any
    return out


def _source_annotations(cls: type, module: types.ModuleType) -> dict[str, Any]:
    """Field name -> annotation text of ``cls`` as written in its module's source (for a
    module of the optional compiled build)."""
    for node in ast.parse(python_source(module)).body:
        if isinstance(node, ast.ClassDef) and node.name == cls.__name__:
            return {st.target.id: ast.unparse(st.annotation) for st in node.body
                    if isinstance(st, ast.AnnAssign) and isinstance(st.target, ast.Name)}
    return {}


def _kind(v: Any) -> str:
    return "a boolean" if isinstance(v, bool) else f"{type(v).__name__}"


def _int(v: Any, path: str) -> int:
    if isinstance(v, bool) or not isinstance(v, int):
        _fail(path, f"must be an integer, not {_kind(v)}")
    if not -MAX_INT <= v <= MAX_INT:
        _fail(path, "integer out of range")
    return v


def _str(v: Any, path: str) -> str:
    if not isinstance(v, str):
        _fail(path, f"must be a string, not {_kind(v)}")
    if len(v) > MAX_STR:
        _fail(path, "string too long")
    return v


def _list(v: Any, path: str) -> list[Any]:
    if not isinstance(v, list):
        _fail(path, f"must be a list, not {_kind(v)}")
    if len(v) > MAX_LIST:
        _fail(path, "list too long")
    return v


def plain(v: Any, path: str, depth: int = 0) -> Any:
    """A copy of JSON-like data ``v`` (None, bool, bounded int, finite float, string, list,
    string-keyed dict), nested at most :data:`MAX_DEPTH` deep.

    Raises:
        SavedGameError: anything else, at ``path``.
    """
    if depth > MAX_DEPTH:
        _fail(path, "nested too deep")
    if v is None or isinstance(v, bool):
        return v
    if isinstance(v, int):
        return _int(v, path)
    if isinstance(v, float):
        if not math.isfinite(v):
            _fail(path, "must be a finite number")
        return v
    if isinstance(v, str):
        return _str(v, path)
    if isinstance(v, list):
        return [plain(x, f"{path}[{i}]", depth + 1) for i, x in enumerate(_list(v, path))]
    if isinstance(v, dict):
        return {_str(k, f"{path} (a key)"): plain(x, f"{path}.{k}", depth + 1)
                for k, x in v.items()}
    _fail(path, f"must be plain JSON data, not {_kind(v)}")


def typed(v: Any, hint: Any, path: str, depth: int = 0) -> Any:
    """A copy of ``v`` checked against the type ``hint`` (``int``, ``str``, ``bool``,
    ``list[...]``, ``dict[str, ...]``, ``X | None``, ``Any``, or an attrs class, whose
    saved form is a dict of its fields).

    Raises:
        SavedGameError: the first mismatch, at its path.
    """
    if depth > MAX_DEPTH:
        _fail(path, "nested too deep")
    if hint is Any or hint is object:
        return plain(v, path, depth)
    origin = typing.get_origin(hint)
    args = typing.get_args(hint)
    if origin in (typing.Union, types.UnionType):
        if v is None and type(None) in args:
            return None
        options = [a for a in args if a is not type(None)]
        if len(options) == 1:
            return typed(v, options[0], path, depth)
        for a in options:
            try:
                return typed(v, a, path, depth)
            except SavedGameError:
                continue
        _fail(path, f"must be one of {', '.join(map(_name, options))}, not {_kind(v)}")
    if hint is bool:
        if not isinstance(v, bool):
            _fail(path, f"must be true or false, not {_kind(v)}")
        return v
    if hint is int:
        return _int(v, path)
    if hint is str:
        return _str(v, path)
    if hint is float:
        if isinstance(v, bool) or not isinstance(v, (int, float)) or not math.isfinite(v):
            _fail(path, f"must be a finite number, not {_kind(v)}")
        return v
    if origin in (list, tuple) or hint in (list, tuple):
        item = args[0] if args else Any
        if item is int or item is str:  # fast path: the long lists of a state
            items = _list(v, path)
            if all(type(x) is item for x in items) and (
                    item is str or all(-MAX_INT <= x <= MAX_INT for x in items)) and (
                    item is int or all(len(x) <= MAX_STR for x in items)):
                return items[:]
        return [typed(x, item, f"{path}[{i}]", depth + 1) for i, x in enumerate(_list(v, path))]
    if origin is dict or hint is dict:
        if not isinstance(v, dict):
            _fail(path, f"must be a mapping, not {_kind(v)}")
        kt, vt = args if args else (str, Any)
        return {typed(k, kt, f"{path} (a key)", depth + 1): typed(x, vt, f"{path}.{k}", depth + 1)
                for k, x in v.items()}
    if isinstance(hint, type) and attr.has(hint):
        return record(v, hint, path, depth)
    return plain(v, path, depth)


def _name(t: Any) -> str:
    return getattr(t, "__name__", str(t))


def record(v: Any, cls: type, path: str, depth: int = 0) -> dict[str, Any]:
    """A copy of the saved form (a dict of fields) of attrs class ``cls``: no unknown key,
    every field without a default present, each value of its field's type.

    Raises:
        SavedGameError: at the bad field's path.
    """
    if not isinstance(v, dict):
        _fail(path, f"must be a mapping of {cls.__name__}'s fields, not {_kind(v)}")
    hints = _hints(cls)
    fields = attr.fields(cls)
    names = {f.name for f in fields}
    for k in v:
        if k not in names:
            _fail(f"{path}.{k}" if isinstance(k, str) else path,
                  f"unknown field of {cls.__name__}")
    out: dict[str, Any] = {}
    for f in fields:
        where = f"{path}.{f.name}" if path else f.name
        if f.name not in v:
            if f.default is attr.NOTHING:
                _fail(where, "missing")
            # the default, as the class fills it in: the checks see what loads
            make = getattr(f.default, "factory", None)  # an attrs.Factory
            out[f.name] = make() if callable(make) else copy.deepcopy(f.default)
            continue
        out[f.name] = typed(v[f.name], hints.get(f.name, Any), where, depth + 1)
    return out
