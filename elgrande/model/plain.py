"""One ``__eq__``, ``__hash__`` and ``__repr__`` shared by attrs data classes (speed).

attrs compiles the methods it generates for each class when the class's module is
imported: the repr, eq and hash it writes for a data class were about half of that
class's build (~1.5M of ~3M instructions for a class of four fields), and the data
classes' builds are a large part of a cold start's and of ``elgrande validate``'s own
work. A class built with ``eq=False, repr=False`` that takes these functions as its
methods (``__eq__ = plain_eq``, ...) behaves as the generated ones did, and nothing is
compiled:

- :func:`plain_eq`: equal when of the same class with equal field values in field order
  (compared as a tuple, so a value is first compared by identity, as in containers);
  a class defining ``__eq__`` without ``__hash__`` is unhashable, as attrs makes a
  mutable class with ``eq=True``;
- :func:`plain_hash`: the hash of the class's qualified name and the field values (attrs
  hashes a string of its own for the class: equal objects hash equal either way, and, as
  with attrs, the same objects hash the same in every process with the same
  ``PYTHONHASHSEED``: a set of them is iterated in the same order);
- :func:`plain_repr`: ``Name(a=1, b='x')``, the fields whose ``repr`` is on, each through
  ``repr`` or the field's repr callable (no guard against an object that contains
  itself: the data classes hold no cycles).

Fields with ``eq=False`` are left out of the comparison and the hash, as attrs does; a
field's ``eq_key`` is not supported (none has one).
"""

from __future__ import annotations

from operator import attrgetter
from typing import Any

import attr

#: class -> a getter of its compared field values (a tuple; the value for one field).
_GETTERS: dict[type, Any] = {}


def _values(cls: type) -> Any:
    get = _GETTERS.get(cls)
    if get is None:
        names = [a.name for a in attr.fields(cls) if a.eq]
        get = _GETTERS[cls] = attrgetter(*names) if names else (lambda obj: ())
    return get


def plain_eq(self: Any, other: object) -> bool:
    """``self == other`` as attrs generates it: NotImplemented for another class, else
    whether the field values are equal."""
    if other.__class__ is not self.__class__:
        return NotImplemented  # type: ignore[no-any-return]  # typed Any outside a class
    get = _values(self.__class__)
    return bool(get(self) == get(other))


def plain_hash(self: Any) -> int:
    """The hash of a frozen attrs object: of its class's qualified name (a string, not
    the class object, whose hash changes from process to process) and its field values.

    Raises:
        TypeError: a field value is unhashable (as attrs' hash would).
    """
    cls = self.__class__
    return hash((cls.__qualname__, _values(cls)(self)))


def plain_repr(self: Any) -> str:
    """``Name(a=1, b='x')`` as attrs generates it."""
    shown = ", ".join(
        f"{a.name}={(repr if a.repr is True else a.repr)(getattr(self, a.name))}"
        for a in attr.fields(type(self)) if a.repr is not False)
    return f"{type(self).__qualname__.rsplit('>.', 1)[-1]}({shown})"


def plain_reduce(self: Any) -> tuple[Any, tuple[Any, ...]]:
    """``__reduce__`` of a class with an ``__init__`` of its own that takes every field in
    order (``tests/test_own_inits.py`` checks that): the class and its field values, so
    pickling and copying rebuild it through that ``__init__``. A native class of the
    compiled build (docs/compiled.md) needs it: it is made only by calling its class."""
    cls = self.__class__
    return cls, tuple([getattr(self, a.name) for a in attr.fields(cls)])
