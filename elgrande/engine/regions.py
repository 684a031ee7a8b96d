"""Evaluate region-set expressions, conditions and numbers of the AST against a state.

A region set is a list of place indices without repeats, in the board's scoring order
(the Castillo after the regions). The pseudo-place :data:`COURT` stands for a player's
court in the sources of send effects.
"""

from __future__ import annotations

from typing import Any

from elgrande.dsl import ast
from elgrande.engine.context import Ctx
from elgrande.model.scoring import current_values

#: The court as a source (send effects only).
COURT = -2


def _var(ctx: Ctx, name: str) -> Any:
    env = ctx.run.env
    if name in env:
        v = env[name]
        if isinstance(v, dict):  # a secret choice: the subject's own
            return v.get(str(ctx.subject))
        return v
    return ctx.board.index[name]


def regions(ctx: Ctx, node: Any) -> list[int]:
    """The places ``node`` denotes now (see module doc).

    Raises:
        KeyError: an unknown name (the checker prevents this for loaded cards).
    """
    b, s = ctx.board, ctx.state
    if isinstance(node, ast.Name):
        v = _var(ctx, node.name)
        return [] if v is None else [int(v)]
    if isinstance(node, ast.AllRegions):
        return list(b.scoring_order)
    if isinstance(node, ast.MainlandRegions):
        return list(b.regions)
    if isinstance(node, ast.Anywhere):
        return [*b.scoring_order, b.castillo]
    if isinstance(node, ast.Castillo):
        return [b.castillo]
    if isinstance(node, ast.King):
        return [s.king] if s.king >= 0 else []
    if isinstance(node, ast.Court):
        return [COURT]
    if isinstance(node, ast.Adjacent):
        around = set(regions(ctx, node.of))
        return [r for r in b.scoring_order if r not in around
                and any(b.adjacent(a, r) for a in around if a >= 0)]
    if isinstance(node, ast.WithValue):
        return [r for r in b.scoring_order
                if current_values(s, b, r)[0][0] in node.values]
    if isinstance(node, ast.MostCaballeros):
        counts = {r: s.count_in(r) for r in b.scoring_order}
        top = max(counts.values(), default=0)
        return [r for r, c in counts.items() if c == top and c > 0]
    if isinstance(node, ast.FewestCaballeros):
        counts = {r: s.count_in(r) for r in b.scoring_order if s.count_in(r) > 0}
        low = min(counts.values(), default=0)
        return [r for r, c in counts.items() if c == low]
    if isinstance(node, ast.WithOwn):
        p = ctx.subject
        return [r for r in b.scoring_order if s.caballeros[r][p] >= node.at_least]
    if isinstance(node, ast.ChosenOnce):
        picks = ctx.run.env.get(node.name) or {}
        tally: dict[int, int] = {}
        for v in picks.values():
            if v is not None:
                tally[v] = tally.get(v, 0) + 1
        order = [*b.scoring_order, b.castillo]
        return [r for r in order if tally.get(r) == 1]
    if isinstance(node, ast.Union):
        out: list[int] = []
        for item in node.items:
            for r in regions(ctx, item):
                if r not in out:
                    out.append(r)
        return _ordered(ctx, out)
    if isinstance(node, ast.Except):
        drop = {r for item in node.items for r in regions(ctx, item)}
        return [r for r in regions(ctx, node.base) if r not in drop]
    if isinstance(node, ast.Otherwise):
        return regions(ctx, node.first) or regions(ctx, node.fallback)
    raise TypeError(f"not a region expression: {type(node).__name__}")


def _ordered(ctx: Ctx, places: list[int]) -> list[int]:
    order = {r: i for i, r in enumerate([*ctx.board.scoring_order, ctx.board.castillo])}
    return sorted(places, key=lambda r: order.get(r, -1))


def number(ctx: Ctx, node: Any) -> int:
    """The value of a number expression now."""
    if isinstance(node, ast.Int):
        return node.value
    if isinstance(node, ast.CountAll):
        return sum(ctx.state.count_in(r) for r in regions(ctx, node.where) if r >= 0)
    if isinstance(node, ast.CountOwn):
        return sum(ctx.state.caballeros[r][ctx.subject] for r in regions(ctx, node.where)
                   if r >= 0)
    raise TypeError(f"not a number expression: {type(node).__name__}")


_OPS = {">=": int.__ge__, "<=": int.__le__, "==": int.__eq__, "!=": int.__ne__,
        ">": int.__gt__, "<": int.__lt__}


def condition(ctx: Ctx, node: Any) -> bool:
    """The truth of a condition now. ``X is SET`` is false when X denotes no region."""
    if isinstance(node, ast.IsIn):
        item = regions(ctx, node.item)
        pool = set(regions(ctx, node.set))
        return bool(item) and all(r in pool for r in item)
    if isinstance(node, ast.Compare):
        return bool(_OPS[node.op](number(ctx, node.left), number(ctx, node.right)))
    if isinstance(node, ast.Not):
        return not condition(ctx, node.cond)
    raise TypeError(f"not a condition: {type(node).__name__}")
