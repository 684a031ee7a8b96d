"""attrs field helpers shared by the model, the engine and the base rules.

:func:`factory` is ``attrs.field(factory=make)`` typed ``Any``. Typed as attrs types it
(``list[int]``, ``dict[str, Any]``), the optional mypyc build (docs/compiled.md)
checks the class-body value, an attrs placeholder, against that type when the module is
imported and fails (mypyc supports the ``attr.s`` API but not ``attrs.field``:
python/mypy#15267). Typed ``Any``, nothing is checked; attrs sees the same field.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attr


def factory(make: Callable[[], Any]) -> Any:
    """An attrs field whose default is a fresh ``make()`` per instance (``list``,
    ``dict``, ...): the same field as ``attrs.field(factory=make)``."""
    return attr.field(factory=make)


def unsaved(default: Any) -> Any:
    """An attrs field with the plain ``default`` that equality ignores: a hint kept beside
    a position, not part of it (``State.due``; left out of saved games too)."""
    return attr.field(default=default, eq=False)
