"""A base class whose eq, hash and repr are :mod:`elgrande.model.plain`'s, for attrs data
classes built with ``eq=False, repr=False`` (attrs then compiles none of them per class:
the cold start, docs/performance.md "Start-up and validate").

The functions are called from methods rather than assigned in the class body: the compiled
build compiles ``elgrande/model/`` (docs/compiled.md), and a compiled function assigned as a
class attribute is not bound as a method (``repr(obj)`` would call it with no argument).
"""

from __future__ import annotations

from elgrande.model.plain import plain_eq, plain_hash, plain_repr


class PlainMethods:
    """``==``, ``hash`` and ``repr`` as attrs generates them for a frozen data class
    (:func:`elgrande.model.plain.plain_eq`, ``plain_hash``, ``plain_repr``); no slots of its
    own, so a slotted subclass keeps no ``__dict__``.

    Raises:
        TypeError: ``hash`` of an object with an unhashable field value, as attrs' would.
    """

    __slots__ = ()

    def __eq__(self, other: object) -> bool:
        return plain_eq(self, other)

    def __hash__(self) -> int:
        return plain_hash(self)

    def __repr__(self) -> str:
        return plain_repr(self)
