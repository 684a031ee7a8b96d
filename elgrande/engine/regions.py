"""Evaluate region-set expressions of the AST against a state (numbers and conditions:
:mod:`elgrande.engine.values`).

A region set is a list of place indices without repeats, in the board's scoring order
(the Castillo after the regions). The pseudo-places :data:`COURT_PLACE` and
:data:`PROVINCES_PLACE` stand for a player's court and provinces in a caballeros move.

Each form of :data:`elgrande.dsl.region_forms.FORMS` has one evaluation here, registered
with ``@evaluates(name, node class name)``; :func:`regions` dispatches on the node's class and
charges the effect's work budget (:meth:`elgrande.engine.context.Ctx.charge`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

from elgrande.dsl import ast
from elgrande.engine.context import Ctx
from elgrande.model.board import SPACE, Board
from elgrande.model.hook_context import HookContext
from elgrande.model.scoring import current_values

#: The court as a place index of a region set: a place of caballeros moves only (not the
#: region form's name ``COURT_FORM`` nor the base game's phase ``COURT_PHASE``).
COURT_PLACE: Final = -2
#: The provinces as a place index of a region set: a place of caballeros moves only.
PROVINCES_PLACE: Final = -3


def place_of(ctx: Ctx, name: str) -> Any:
    """The place index a NAME denotes now (a variable's value, for a secret choice the
    subject's own; else the place of that id), None for a variable that holds nothing;
    charges nothing.

    Raises:
        KeyError: an unknown name (the checker prevents this for loaded cards).
    """
    env = ctx.run.env
    if name in env:
        v = env[name]
        if isinstance(v, dict):  # a secret choice: the subject's own
            return v.get(str(ctx.subject))
        return v
    return ctx.board.index[name]


#: One evaluation per region-set form, by the form's name in
#: :data:`elgrande.dsl.region_forms.FORMS` (a test checks both name the same forms).
Evaluator = Callable[[Ctx, Any], list[int]]
EVALUATORS: Final[dict[str, Evaluator]] = {}
#: The same evaluations by the name of the form's AST class (registered by name: the
#: syntax tree's module is not built until a script is read, elgrande/dsl/__init__.py).
_BY_NODE_NAME: Final[dict[str, Evaluator]] = {}
#: The same evaluations by the form's AST class (what :func:`regions` dispatches on),
#: each class entered at its first evaluation (:func:`_evaluator`).
_BY_NODE_TYPE: Final[dict[type, Evaluator]] = {}


def evaluates(name: str, node: str) -> Callable[[Evaluator], Evaluator]:
    """Register the evaluation of region-set form ``name``, whose AST class is named
    ``node`` (a class of :mod:`elgrande.dsl.ast`; a test checks both against
    :data:`elgrande.dsl.region_forms.FORMS`: the engine does not import the declarations,
    which the parser, checker and docs read).

    Raises:
        ValueError: ``name`` or ``node`` registered twice.
    """
    def deco(fn: Evaluator) -> Evaluator:
        if name in EVALUATORS or node in _BY_NODE_NAME:  # pragma: no cover - a registry slip
            raise ValueError(f"region form {name!r} evaluated twice")
        EVALUATORS[name] = fn
        _BY_NODE_NAME[node] = fn
        return fn
    return deco


def _evaluator(cls: type) -> Evaluator | None:
    """The evaluation of AST class ``cls`` (registered by its name), now kept by the class
    in :data:`_BY_NODE_TYPE`; None: ``cls`` is no region form."""
    if getattr(cls, "__module__", "") != ast.__name__:
        return None
    fn = _BY_NODE_NAME.get(cls.__name__)
    if fn is not None:
        _BY_NODE_TYPE[cls] = fn
    return fn


def by_node_type() -> dict[type, Evaluator]:
    """Every region form's evaluation by its AST class (what :func:`regions` dispatches
    on; the syntax tree's module is built if it was not)."""
    for node in _BY_NODE_NAME:
        _evaluator(getattr(ast, node))
    return dict(_BY_NODE_TYPE)


def regions(ctx: Ctx, node: Any) -> list[int]:
    """The places ``node`` denotes now (see module doc). Each evaluation is charged to the
    effect's work budget: one unit, one per place it examines and one per place it yields.

    Raises:
        KeyError: an unknown name (the checker prevents this for loaded cards).
        TypeError: ``node`` is no region-set expression.
        BudgetExceeded: the effect's work budget is spent.
    """
    evaluate = _BY_NODE_TYPE.get(type(node))
    if evaluate is None:
        evaluate = _evaluator(type(node))
    if evaluate is None:
        raise TypeError(f"not a region expression: {type(node).__name__}")
    run = ctx.run
    run.work += 1  # as ctx.charge(1)
    if run.work > ctx.budget:
        ctx.charge(0)
    out = evaluate(ctx, node)
    run.work += len(out)  # what the caller goes on to do with each place (ctx.charge)
    if run.work > ctx.budget:
        ctx.charge(0)
    return out


@evaluates("name", "Name")
def _name(ctx: Ctx, node: ast.Name) -> list[int]:
    v = place_of(ctx, node.name)
    return [] if v is None else [int(v)]


def region_order(board: Board) -> tuple[int, ...]:
    """The board's regions and expansion areas in scoring order: its ``scoring_order``
    without the off-board spaces that score there (a space is not a region: docs/homebrew.md,
    "Off-board spaces"; it is scored at a general scoring only, B6.4)."""
    order = board.scoring_order
    if not board.spaces:
        return order
    places = board.places
    return tuple(r for r in order if places[r].kind != SPACE)


@evaluates("all_regions", "AllRegions")
def _all_regions(ctx: Ctx, node: ast.AllRegions) -> list[int]:
    b = ctx.board
    return list(b.scoring_order) if not b.spaces else list(region_order(b))


@evaluates("mainland_regions", "MainlandRegions")
def _mainland(ctx: Ctx, node: ast.MainlandRegions) -> list[int]:
    return list(ctx.board.regions)


@evaluates("anywhere", "Anywhere")
def _anywhere(ctx: Ctx, node: ast.Anywhere) -> list[int]:
    b = ctx.board
    return [*(b.scoring_order if not b.spaces else region_order(b)), b.castillo]


@evaluates("castillo", "Castillo")
def _castillo(ctx: Ctx, node: ast.Castillo) -> list[int]:
    return [ctx.board.castillo]


@evaluates("own_grande", "OwnGrande")
def _own_grande(ctx: Ctx, node: ast.OwnGrande) -> list[int]:
    g = ctx.state.grandes[ctx.subject]  # a region or a place a rules module opened to it
    return [g] if g >= 0 and g != ctx.board.castillo else []


@evaluates("grande_of", "GrandeOf")
def _grande_of(ctx: Ctx, node: ast.GrandeOf) -> list[int]:
    g = ctx.state.grandes[int(ctx.run.env[node.name])]  # as _own_grande, of player p
    return [g] if g >= 0 and g != ctx.board.castillo else []


#: The run variable that holds the place of the piece a move moves while its ``to`` set is
#: evaluated (form ``it``; a name no script variable can have).
IT_PLACE: Final = "@it"


@evaluates("it", "It")
def _it(ctx: Ctx, node: ast.It) -> list[int]:
    v = ctx.run.env.get(IT_PLACE)
    return [int(v)] if v is not None else []


@evaluates("king_region", "King")
def _king(ctx: Ctx, node: ast.King) -> list[int]:
    return [ctx.state.king] if ctx.state.king >= 0 else []


@evaluates("court", "Court")
def _court(ctx: Ctx, node: ast.Court) -> list[int]:
    return [COURT_PLACE]


@evaluates("provinces", "Provinces")
def _provinces(ctx: Ctx, node: ast.Provinces) -> list[int]:
    return [PROVINCES_PLACE]


def _scan(ctx: Ctx, units: int = 1) -> tuple[int, ...]:
    """The regions (:func:`region_order`), charging ``units`` per region examined."""
    order = region_order(ctx.board)
    ctx.charge(len(order) * units)
    return tuple(order)


@evaluates("adjacent", "Adjacent")
def _adjacent(ctx: Ctx, node: ast.Adjacent) -> list[int]:
    b = ctx.board
    around = set(regions(ctx, node.of))
    fold = ctx.rules.adjacent if ctx.rules is not None else None
    if fold is not None:  # a lasting map change: one hook context for the whole scan
        hooks = HookContext(ctx.state, b, ctx.events, ctx.subject)
        return [r for r in _scan(ctx, max(len(around), 1)) if r not in around
                and any(fold(hooks, a, r, b.adjacent(a, r)) for a in around if a >= 0)]
    return [r for r in _scan(ctx, max(len(around), 1)) if r not in around
            and any(b.adjacent(a, r) for a in around if a >= 0)]


@evaluates("with_value", "WithValue")
def _with_value(ctx: Ctx, node: ast.WithValue) -> list[int]:
    s, b = ctx.state, ctx.board
    return [r for r in _scan(ctx) if current_values(s, b, r)[0][0] in node.values]


@evaluates("most_caballeros", "MostCaballeros")
def _most(ctx: Ctx, node: ast.MostCaballeros) -> list[int]:
    counts = {r: ctx.state.count_in(r) for r in _scan(ctx)}
    top = max(counts.values(), default=0)
    return [r for r, c in counts.items() if c == top and c > 0]


@evaluates("fewest_caballeros", "FewestCaballeros")
def _fewest(ctx: Ctx, node: ast.FewestCaballeros) -> list[int]:
    counts = {r: c for r in _scan(ctx) if (c := ctx.state.count_in(r)) > 0}
    low = min(counts.values(), default=0)
    return [r for r, c in counts.items() if c == low]


@evaluates("with_own", "WithOwn")
def _with_own(ctx: Ctx, node: ast.WithOwn) -> list[int]:
    s, p = ctx.state, ctx.subject
    return [r for r in _scan(ctx) if s.caballeros[r][p] >= node.at_least]


@evaluates("chosen_once", "ChosenOnce")
def _chosen_once(ctx: Ctx, node: ast.ChosenOnce) -> list[int]:
    b = ctx.board
    picks = ctx.run.env.get(node.name) or {}
    ctx.charge(len(picks))
    tally: dict[int, int] = {}
    for v in picks.values():
        if v is not None:
            tally[v] = tally.get(v, 0) + 1
    order = [*_scan(ctx), b.castillo]
    return [r for r in order if tally.get(r) == 1]


@evaluates("union", "Union")
def _union(ctx: Ctx, node: ast.Union) -> list[int]:
    out: list[int] = []
    run = ctx.run
    for item in node.items:
        for r in regions(ctx, item):
            run.work += 1  # as ctx.charge(1)
            if run.work > ctx.budget:
                ctx.charge(0)
            if r not in out:
                out.append(r)
    return _ordered(ctx, out)


@evaluates("except_", "Except")
def _except(ctx: Ctx, node: ast.Except) -> list[int]:
    drop: set[int] = set()
    for item in node.items:  # plain loops: no comprehension's function a call
        drop.update(regions(ctx, item))
    base = regions(ctx, node.base)
    run = ctx.run
    run.work += len(base)  # as ctx.charge
    if run.work > ctx.budget:
        ctx.charge(0)
    out: list[int] = []
    for r in base:
        if r not in drop:
            out.append(r)
    return out


@evaluates("otherwise", "Otherwise")
def _otherwise(ctx: Ctx, node: ast.Otherwise) -> list[int]:
    return regions(ctx, node.first) or regions(ctx, node.fallback)


def _ordered(ctx: Ctx, places: list[int]) -> list[int]:
    order = {r: i for i, r in enumerate([*ctx.board.scoring_order, ctx.board.castillo])}
    return sorted(places, key=lambda r: order.get(r, -1))
