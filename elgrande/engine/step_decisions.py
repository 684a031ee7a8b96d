"""Decisions of a card's statements made once from the same inputs and shared (B8:
decisions are never changed once made, so copies of a game and other games may hold the
same one), as the base turn's offer, order and placement decisions are
(docs/performance.md, "Special actions").

A statement whose decision is a function of a few things only (its card, the king's
region, the deciding player, the board), such as a card's move of the king elsewhere,
asks :func:`kept` first with those as the key: on a hit the decision kept is charged to
the work budget as building it was (the region sets' units and its options' size,
:mod:`elgrande.engine.option_size`) and handed out again; else the statement builds it
and :func:`keep` names it for its card (:func:`named`) and keeps it. Only region sets of
the forms :func:`king_bound` accepts make such a key: their places depend on the board,
the king's region and the place of the piece moved (``it``) only.
"""

from __future__ import annotations

from typing import Any, Final

from elgrande.dsl import ast
from elgrande.engine.context import Ctx
from elgrande.engine.decisions import Decision
from elgrande.engine.option_size import offer
from elgrande.model import marks

__all__ = ["keep", "kept", "king_bound", "named"]


def named(d: Decision, card: str) -> Decision:
    """``d``, a decision a statement of card ``card``'s special action asks, with a
    prompt that names the card first (``"{card:ID}: bring up to 2 caballeros to
    court"``, B8: every decision of a special action says whose card it is for); ``d``
    itself when its prompt names a card already. Decisions are never changed in place
    (copies of a game share them): a copy is made. Raises nothing."""
    if d.prompt.startswith("{card:"):
        return d
    return Decision(d.kind, d.players, f"{marks.card(card)}: {d.prompt[:1].lower()}{d.prompt[1:]}",
                    d.options, d.rule)


#: The most decisions kept (a process playing many boards or libraries starts afresh).
MOST_KEPT: Final = 4096
#: The decisions kept, by key (``id`` of the statement, ``id`` of the board, then what
#: the statement's decision depends on): (the statement and the board, kept so that
#: their ids are not reused; the decision named for its card; the work units building
#: it charged before its options' size; that size).
_KEPT: Final[dict[tuple[Any, ...], tuple[Any, Any, Decision, int, int]]] = {}


def kept(ctx: Ctx, call: ast.Call, key: tuple[Any, ...]) -> Decision | None:
    """The decision kept for statement ``call`` at ``key`` (see :data:`_KEPT`), its
    building's units charged to the run (as :meth:`Ctx.charge`) and its size offered
    (:func:`~elgrande.engine.option_size.offer`); None when none is kept, or when those
    units would spend the budget (the statement then builds it, charged as it goes, so
    that it stops where it always did). Raises nothing."""
    hit = _KEPT.get(key)
    if hit is None or hit[0] is not call or hit[1] is not ctx.board:
        return None
    run = ctx.run
    if run.work + hit[3] > ctx.budget:
        return None
    run.work += hit[3]
    return offer(ctx, hit[2], hit[4])


def keep(ctx: Ctx, call: ast.Call, key: tuple[Any, ...], d: Decision, work: int,
         size: int) -> Decision:
    """``d``, just built by statement ``call`` (the run's work was ``work`` before),
    named for the run's card (:func:`named`), kept at ``key`` for :func:`kept` and
    offered with ``size`` (its options' size). Raises nothing."""
    d = named(d, ctx.run.card)
    if len(_KEPT) >= MOST_KEPT:
        _KEPT.clear()
    _KEPT[key] = (call, ctx.board, d, ctx.run.work - work, size)
    return offer(ctx, d, size)


#: :func:`king_bound`'s answers by ``id`` of the node: (the node, kept so that its id is
#: not reused; bound without a fold of the adjacency; bound only if there is none).
_BOUND: Final[dict[int, tuple[Any, bool, bool]]] = {}


def _bound(node: Any) -> tuple[bool, bool]:
    """Whether ``node`` (a region set, or None) is bound by the board, king and ``it``,
    and whether it reads the adjacency (a rules module's ``adjacent`` fold changes it)."""
    # forms of the board, the king's region or ``it`` only (the syntax tree's classes read
    # here, at play: its module is made lazily, elgrande/dsl/__init__.py)
    if node is None or isinstance(node, (ast.AllRegions, ast.MainlandRegions, ast.Anywhere,
                                         ast.Castillo, ast.King, ast.It)):
        return True, False
    if isinstance(node, ast.Adjacent):
        ok, _ = _bound(node.of)
        return ok, True
    if isinstance(node, ast.Except):
        parts = [node.base, *node.items]
    elif isinstance(node, ast.Union):
        parts = list(node.items)
    else:
        return False, False
    adjacent = False
    for part in parts:
        ok, adj = _bound(part)
        if not ok:
            return False, False
        adjacent = adjacent or adj
    return True, adjacent


def king_bound(ctx: Ctx, node: Any) -> bool:
    """Whether region set ``node`` (None: no set) evaluates in ``ctx`` to places that
    depend only on the board, the king's region and ``it`` (the place of the piece a
    move moves): forms of the board and the king (all regions, the mainland, anywhere,
    the Castillo, the king's region, ``it``), their unions and exceptions, and places
    adjacent to such a set while no rules module folds the adjacency. Raises nothing."""
    hit = _BOUND.get(id(node))
    if hit is None or hit[0] is not node:
        if len(_BOUND) >= MOST_KEPT:
            _BOUND.clear()
        ok, adjacent = _bound(node)
        hit = _BOUND[id(node)] = (node, ok, adjacent)
    if not hit[1]:
        return False
    return not hit[2] or ctx.rules is None or ctx.rules.adjacent is None
