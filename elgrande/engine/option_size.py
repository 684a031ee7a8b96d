"""The size of a decision's options, charged to a card's work budget for every decision
a special action asks (B8: options offered count, so that a card offering huge choices
is stopped like one running long).

The size is the count the interpreter has always charged: one per value held, lists and
mappings counted through, each container one more (a mapping's values, not its keys).
Most of it is counted as the options are built, not walked afterwards: a primitive
that builds a decision may say its size (:func:`offer`: the movers of caballeros count
their sources as they find them, a region choice its choices), and an ``either``'s
decision is counted once, when its script is compiled
(:func:`elgrande.engine.compiled.either_size`). Any other decision is walked
(:func:`size`: each container's items counted at once by ``len``, only its items of no
plain type looked into). Tests check the counts equal the walk's in seeded games of every
set.
"""

from __future__ import annotations

from typing import Any, Final

from elgrande.engine.context import Ctx
from elgrande.engine.decisions import Decision

__all__ = ["offer", "options_size", "reasons_size", "size", "which_size"]

#: The plain value types counted as one each without looking inside.
_PLAIN: Final[frozenset[type]] = frozenset({str, int, bool, float, type(None)})


def size(options: Any) -> int:
    """How many values ``options`` holds (see the module's docstring): 1 for a plain
    value; ``1 + len`` for a list, tuple or mapping, plus what its container items hold
    beyond one each."""
    t = type(options)
    if t is dict:
        items: Any = options.values()
    elif t is list or t is tuple:
        items = options
    elif isinstance(options, dict):
        items = options.values()
    elif isinstance(options, (list, tuple)):
        items = options
    else:
        return 1
    n = 1 + len(items)
    for v in items:
        if type(v) not in _PLAIN:
            n += size(v) - 1
    return n


def which_size(which: dict[str, Any]) -> int:
    """:func:`size` of the kinds a rules module's ``move_which`` hook names (B8.2, B8.7;
    ``{place id: {player: [key, [[value, n], ...]]}}``, see elgrande.engine.hooks), counted
    by loops over that shape, not by a call per container; a part of another shape is
    walked by :func:`size`. Raises nothing."""
    n = 1 + len(which)
    for per in which.values():
        if type(per) is not dict:
            n += size(per) - 1
            continue
        n += len(per)
        for entry in per.values():
            if type(entry) is not list or len(entry) != 2 or type(entry[0]) not in _PLAIN \
                    or type(entry[1]) is not list:
                n += size(entry) - 1
                continue
            pairs = entry[1]
            n += 2 + len(pairs)  # the entry's two values, the list of pairs' items
            for pair in pairs:
                if type(pair) is list and len(pair) == 2 and type(pair[0]) in _PLAIN \
                        and type(pair[1]) in _PLAIN:
                    n += 2
                else:
                    n += size(pair) - 1
    return n


def reasons_size(reasons: dict[str, list[str]]) -> int:
    """:func:`size` of a mapping of refusal reasons, ``{place id: [rule id, message]}``
    (the ``why`` and ``refused`` of the movers' decisions, B5.2, B8.2), counted without
    walking it: the mapping (1) and, per entry, its list of two strings (3)."""
    return 1 + 3 * len(reasons)


def offer(ctx: Ctx, d: Decision, n: int) -> Decision:
    """Say that decision ``d``, about to be returned by a primitive running in ``ctx``,
    has size ``n`` (counted as its options were built: what :func:`size` of its options
    gives); returns ``d``."""
    ctx.offered = d
    ctx.offered_size = n
    return d


def options_size(ctx: Ctx, d: Decision) -> int:
    """The size of decision ``d``'s options: as :func:`offer` said for it in ``ctx``, else
    :func:`size` of its options."""
    if ctx.offered is d:
        ctx.offered = None
        return ctx.offered_size
    return size(d.options)
