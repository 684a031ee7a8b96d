"""Evaluate the card language's values: number expressions, players, quantities and
conditions, against a state (docs/dsl.md, "Numbers and conditions").

Every value is a whole number (no Python ``eval``, no floats). Each node evaluated is
charged one unit of the effect's work budget (:meth:`elgrande.engine.context.Ctx.charge`),
and every result is kept within ``-MAX_VALUE..MAX_VALUE``, so a script's arithmetic is
bounded however it is nested. A quantity is never below 0 (``up to 2 - 5`` is ``up to 0``).

Players: ``me`` is the card's player (the run's ``actor``: who carries out the special
action); a variable holds a player index, or None when there was nobody to choose (then
every number of that player is 0).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from elgrande.dsl import ast
from elgrande.engine.context import Ctx
from elgrande.engine.regions import regions

#: The largest value (and, negated, the smallest) an expression may take; beyond it a
#: result is cut to it. Scores and caballero counts are far below it.
MAX_VALUE: Final = 9999


def _bounded(v: int) -> int:
    return MAX_VALUE if v > MAX_VALUE else -MAX_VALUE if v < -MAX_VALUE else v


def player(ctx: Ctx, node: Any) -> int | None:
    """The player index ``node`` (``me`` or a player variable) denotes, None for a
    variable that holds nobody.

    Raises:
        TypeError: ``node`` names no player (the checker prevents this for loaded cards).
    """
    if isinstance(node, ast.Me):
        return ctx.run.actor
    if isinstance(node, ast.PlayerVar):
        v = ctx.run.env.get(node.name)
        return None if v is None else int(v)
    raise TypeError(f"not a player: {type(node).__name__}")


def _count_of(ctx: Ctx, p: int | None, where: Any) -> int:
    """``caballeros of p in court|provinces|SET``."""
    if p is None:
        return 0
    s = ctx.state
    if isinstance(where, ast.Provinces):
        return s.provinces[p]
    if isinstance(where, ast.Court):
        return s.court[p]
    return sum(s.caballeros[r][p] for r in regions(ctx, where) if r >= 0)


def number(ctx: Ctx, node: Any) -> int:
    """The value of number expression ``node`` now, within ``-MAX_VALUE..MAX_VALUE``.

    ``rank of p`` is 1 plus the number of players with more points (tied players share
    a rank); a variable holding nothing (no number could be chosen) is 0.

    Raises:
        TypeError: ``node`` is no number expression (the checker prevents this).
        BudgetExceeded: the effect's work budget is spent.
    """
    ctx.charge(1)
    s = ctx.state
    if isinstance(node, ast.Int):
        return _bounded(node.value)
    if isinstance(node, ast.NumVar):
        v = ctx.run.env.get(node.name)
        return 0 if v is None else _bounded(int(v))
    if isinstance(node, ast.Add):
        return _bounded(number(ctx, node.left) + number(ctx, node.right))
    if isinstance(node, ast.Sub):
        return _bounded(number(ctx, node.left) - number(ctx, node.right))
    if isinstance(node, ast.ScoreOf):
        p = player(ctx, node.player)
        return 0 if p is None else _bounded(s.scores[p])
    if isinstance(node, ast.HighestScore):
        return _bounded(max(s.scores, default=0))
    if isinstance(node, ast.RankOf):
        p = player(ctx, node.player)
        if p is None:
            return 0
        mine = s.scores[p]
        return 1 + sum(1 for v in s.scores if v > mine)
    if isinstance(node, ast.CountOf):
        return _bounded(_count_of(ctx, player(ctx, node.player), node.where))
    if isinstance(node, ast.CountAll):
        return _bounded(sum(s.count_in(r) for r in regions(ctx, node.where) if r >= 0))
    if isinstance(node, ast.CountOwn):
        return _bounded(sum(s.caballeros[r][ctx.subject] for r in regions(ctx, node.where)
                            if r >= 0))
    raise TypeError(f"not a number expression: {type(node).__name__}")


def quantity(ctx: Ctx, qty: ast.Qty) -> int | None:
    """The number of quantity ``qty`` now, never below 0; None for ``all`` and ``all or
    some`` (no number)."""
    if qty.value is not None:
        return max(0, number(ctx, qty.value))
    return None if qty.n is None else max(0, qty.n)


def limits(ctx: Ctx, qty: ast.Qty, available: int) -> tuple[int, int]:
    """(fewest, most) caballeros quantity ``qty`` takes when ``available`` can be taken:
    ``up to N`` (0, min(N, available)); ``exactly N`` and a plain ``N`` (min(N, available)
    both: as many as can, B8.7); ``all`` every one; ``all or some`` (0, available)."""
    return mode_limits(qty.mode, quantity(ctx, qty), available)


def mode_limits(mode: str, qty_n: int | None, available: int) -> tuple[int, int]:
    """:func:`limits` of a quantity's ``mode`` and number ``qty_n`` (already evaluated)."""
    if mode == "up_to":
        return 0, min(qty_n or 0, available)
    if mode == "exactly":
        n = min(qty_n or 0, available)
        return n, n
    if mode == "all":
        return available, available
    return 0, available  # all_or_some


_OPS: Final = {">=": int.__ge__, "<=": int.__le__, "==": int.__eq__, "!=": int.__ne__,
               ">": int.__gt__, "<": int.__lt__}


#: Evaluations of further condition forms, by the name of the AST class (cards as objects
#: register ``PLAYER holds CARD``: elgrande/engine/cards.py; by name: the syntax tree's
#: module is not built until a script is read, elgrande/dsl/__init__.py).
CONDITIONS: Final[dict[str, Callable[[Ctx, Any], bool]]] = {}


def condition(ctx: Ctx, node: Any) -> bool:
    """The truth of a condition now. ``X is SET`` is false when X denotes no region;
    ``and``/``or`` evaluate their right side only when needed; ``set NAME is in play``
    reads the board's sets (``_`` in NAME stands for a set folder's ``-``).

    Raises:
        TypeError: ``node`` is no condition (the checker prevents this).
        BudgetExceeded: the effect's work budget is spent.
    """
    if isinstance(node, ast.IsIn):
        item = regions(ctx, node.item)
        pool = set(regions(ctx, node.set))
        return bool(item) and all(r in pool for r in item)
    if isinstance(node, ast.Compare):
        return bool(_OPS[node.op](number(ctx, node.left), number(ctx, node.right)))
    if isinstance(node, ast.Not):
        return not condition(ctx, node.cond)
    if isinstance(node, ast.And):
        return condition(ctx, node.left) and condition(ctx, node.right)
    if isinstance(node, ast.Or):
        return condition(ctx, node.left) or condition(ctx, node.right)
    if isinstance(node, ast.SetInPlay):
        ctx.charge(1)
        name, sets = node.set_name, ctx.board.sets
        return name in sets or name.replace("_", "-") in sets  # a folder's '-' is '_' here
    more = CONDITIONS.get(type(node).__name__) if isinstance(node, ast.Node) else None
    if more is not None:
        return more(ctx, node)
    raise TypeError(f"not a condition: {type(node).__name__}")
