"""Piece kinds and their movers: the one implementation of the card language's ``move``
statement, whatever it moves (B8.2 and the rules of each set that has the piece).

The ``move`` primitive (:mod:`elgrande.engine.primitives`) reads the statement's piece
kind and hands it to the mover registered here under that kind: no per-piece branch. A
rules module registers the movers of the pieces its set has (the base rules: caballeros,
the king, the Grandes, the mobile scoreboards; an expansion's module its own pieces),
and its mover keeps the set's rules (rooms, seats, offices: through the hooks). The kinds
are declared for the parser, checker, English and docs in
:data:`elgrande.dsl.signatures.PIECE_KINDS` (a test checks both name the same kinds).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attr

from elgrande.dsl import ast
from elgrande.engine.context import Ctx
from elgrande.engine.decisions import Decision

StartFn = Callable[[Ctx, ast.Call], Decision | None]
#: A mover's finish may return a follow-up decision of the same statement (e.g. the
#: region, once the player whose piece moves is chosen).
FinishFn = Callable[[Ctx, ast.Call, Decision, Any], Decision | None]


# attr.s with an own __init__, as engine/primitives.py's Primitive (the compiled build)
@attr.s(auto_attribs=True, frozen=True, order=False, init=False, repr=False, eq=False)
class Mover:
    """The mover of one piece kind: ``start(ctx, call)`` does the move at once (None) or
    returns the decision to ask; ``finish(ctx, call, decision, answer)`` applies a checked
    answer (a follow-up decision, or None)."""

    kind: str
    start: StartFn
    finish: FinishFn

    def __init__(self, kind: str, start: StartFn, finish: FinishFn) -> None:
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "start", start)
        object.__setattr__(self, "finish", finish)


#: The movers by piece kind (the kinds of ``PIECE_KINDS``), registered by rules modules.
MOVERS: dict[str, Mover] = {}


#: The Python module that first registered each piece kind's mover: the rules module of
#: the set the kind belongs to (a later module may wrap the mover, e.g. to cite its own
#: rules, without owning the kind).
MOVER_MODULES: dict[str, str] = {}


def register_mover(kind: str, start: StartFn, finish: FinishFn) -> None:
    """Register the mover of piece kind ``kind`` (a rules module at import; registering a
    kind again replaces its mover, so that a module reloaded stays one entry; the first
    registering module stays the kind's owner, :data:`MOVER_MODULES`)."""
    MOVERS[kind] = Mover(kind, start, finish)
    MOVER_MODULES.setdefault(kind, str(getattr(start, "__module__", "") or ""))


def _kind(call: ast.Call) -> str:
    for k, v in call.args:
        if k == "piece":
            return str(v)
    return ""


def move_start(ctx: Ctx, call: ast.Call) -> Decision | None:
    """The ``move`` statement's first step: its piece kind's mover's (nothing happens for
    a kind whose set is not in play: its rules module registered no mover)."""
    m = MOVERS.get(_kind(call))
    return m.start(ctx, call) if m is not None else None


def move_finish(ctx: Ctx, call: ast.Call, d: Decision, answer: Any) -> Decision | None:
    """The ``move`` statement's answer, applied by its piece kind's mover."""
    return MOVERS[_kind(call)].finish(ctx, call, d, answer)
