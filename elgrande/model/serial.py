"""Plain data from attrs classes and back, generated from their fields (``attrs.fields``):
the one serialisation of the model's, the engine's and the rules modules' data classes
(saved games, views, events), with no list of field names beside the class.

- :func:`to_plain`: a value as JSON-like data: an attrs object as the mapping of its
  fields, in declaration order; tuples as lists; an object with a ``to_json`` (a
  decision) or ``to_plain`` (a module's ``ExtPieces``) by that method; everything fresh.
- :func:`from_fields`: an attrs class rebuilt from such a mapping: every field present is
  copied (plain data), an absent one keeps its default; the fields that hold objects
  (nested classes) are given built by the caller.
- :func:`copy_fields`: an independent copy of an attrs object, field by field.
"""

from __future__ import annotations

from typing import Any, Final

import attr

#: Types to_plain returns as they are (the common scalars).
_ATOMS: Final = frozenset({int, str, bool, float, type(None)})
#: Field names of each attrs class, in declaration order (read once per class).
_NAMES: Final[dict[type, tuple[str, ...]]] = {}


def field_names(cls: type) -> tuple[str, ...]:
    """The names of attrs class ``cls``'s fields, in declaration order (cached)."""
    names = _NAMES.get(cls)
    if names is None:
        names = _NAMES[cls] = tuple(f.name for f in attr.fields(cls))
    return names


def to_plain(value: Any) -> Any:
    """``value`` as plain JSON-like data, sharing no list or dict with it (see the module
    docstring for what each kind of value becomes)."""
    t = type(value)
    if t in _ATOMS:
        return value
    if t is list or t is tuple:
        return _plain_list(value)
    if t is dict:
        return _plain_dict(value)
    write = getattr(value, "to_json", None) or getattr(value, "to_plain", None)
    if write is not None:
        return write()
    if attr.has(t):
        return plain_fields(value)
    if isinstance(value, dict):
        return _plain_dict(dict(value))
    if isinstance(value, (list, tuple)):
        return _plain_list(list(value))
    return value


# typed (list, dict): mypyc then walks them with its list and dict operations
def _plain_list(value: list[Any] | tuple[Any, ...]) -> list[Any]:
    out = list(value)
    for i in range(len(out)):
        if type(out[i]) not in _ATOMS:
            out[i] = to_plain(out[i])
    return out


def _plain_dict(value: dict[Any, Any]) -> dict[Any, Any]:
    out = value.copy()
    for k, v in value.items():
        if type(v) not in _ATOMS:
            out[k] = to_plain(v)
    return out


def plain_fields(obj: Any, omit: tuple[str, ...] = (),
                 none_absent: bool = False) -> dict[str, Any]:
    """The fields of attrs object ``obj`` (but those in ``omit``, and those whose value is
    None if ``none_absent``) as a mapping of plain data (:func:`to_plain` of each value),
    in declaration order."""
    out: dict[str, Any] = {}
    for name in field_names(type(obj)):
        if name not in omit:
            v = getattr(obj, name)
            if v is None and none_absent:
                continue
            out[name] = v if type(v) in _ATOMS else to_plain(v)
    return out


def from_fields(cls: type, data: dict[str, Any], built: dict[str, Any] | None = None) -> Any:
    """An instance of attrs class ``cls`` from the mapping ``data`` of its fields: each
    field in ``built`` (nested objects, made by the caller) as given, each other field
    present in ``data`` as a copy of its plain data, an absent one left to its default.

    Raises:
        TypeError: a field without a default missing, or a key that is not a field.
    """
    kw: dict[str, Any] = {}
    names = field_names(cls)
    for k, v in data.items():
        if k not in names:
            raise TypeError(f"{cls.__name__} has no field {k!r}")
        kw[k] = v if type(v) in _ATOMS else _copy_plain(v)
    if built:
        kw.update(built)
    return cls(**kw)


def _copy_plain(value: Any) -> Any:
    """A deep copy of plain data (lists and tuples as lists, dicts, scalars)."""
    t = type(value)
    if t is list or t is tuple:
        return [v if type(v) in _ATOMS else _copy_plain(v) for v in value]
    if t is dict:
        return {k: v if type(v) in _ATOMS else _copy_plain(v) for k, v in value.items()}
    return value


def copy_fields(obj: Any, built: dict[str, Any] | None = None) -> Any:
    """An independent copy of attrs object ``obj``: each field in ``built`` as given,
    each other copied (an object by its ``copy()``, plain data deeply)."""
    kw: dict[str, Any] = {}
    for name in field_names(type(obj)):
        v = getattr(obj, name)
        if type(v) not in _ATOMS:
            copy = getattr(v, "copy", None) if not isinstance(v, (list, dict, tuple)) else None
            v = copy() if copy is not None else _copy_plain(v)
        kw[name] = v
    if built:
        kw.update(built)
    return type(obj)(**kw)


__all__ = ["copy_fields", "field_names", "from_fields", "plain_fields", "to_plain"]
