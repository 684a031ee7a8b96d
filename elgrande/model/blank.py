"""Instances made without their constructor: the copies of the hot classes in the pure build.

A search copies a game for every playout (docs/performance.md, ``Game.copy()``). In the
pure build, calling a class runs ``type.__call__``, packs the arguments into a tuple and
enters its ``__init__`` in a new interpreter frame: about a third of what a copy of
``State`` or ``Flow`` spends. A copy there makes its instance with :data:`blank` and sets
each field itself. The compiled build (docs/compiled.md) keeps the constructor call:
mypyc's native classes allow no instance made without ``__init__``, and a compiled call is
cheap. ``tests/test_copies_fields.py`` checks that both ways set every field.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any, Final

from elgrande.files.resources import is_compiled

#: ``object.__new__``, typed to give ``Any``: ``c: State = blank(State)`` is an instance
#: with no field set yet (the caller sets them all).
blank: Final[Callable[[type], Any]] = object.__new__


def pure(module: str) -> bool:
    """Whether the module named ``module`` (imported, in ``sys.modules``) runs as Python
    source, not from the compiled build: its copies may then use :data:`blank`.

    Raises:
        KeyError: no module of that name is imported."""
    return not is_compiled(sys.modules[module])
