"""Card scripts compiled once: each block of a script's AST turned into a tuple of
:class:`Step` (the statement's kind resolved, an ``if``'s condition made a Python
closure, an ``either``'s label cost and decision size counted), so
that the interpreter runs a statement without walking or classifying its AST again. A
call's primitive is looked up in the registry when it runs
(:data:`elgrande.engine.primitives.PRIMITIVES`, one mapping look-up, as before: a
registry entry replaced later is the one that runs).

Only Python closures over the AST's nodes are made: never Python source, never ``eval``.
The interpreter's position stays plain data (:class:`~elgrande.engine.context.Run`: a
block's path, the next statement's index, ...); a compiled script is found again from the
path, so copies and saves of a game in the middle of a special action are unchanged.

A compiled script is kept per parsed script (:func:`compiled`): the parse cache shares one
AST among the cards whose script text and position are the same
(:func:`elgrande.data.cards.parse_effect`, keyed by their content hash), and a card set
loaded once per process (:func:`elgrande.data.library.load_library`) keeps its ASTs, so
each script of shipped and homebrew cards alike is compiled once per process.

The work each step charges is the interpreter's, unchanged (B8: a card's work budget):
the closures charge what :func:`elgrande.engine.values.condition` and
:func:`~elgrande.engine.values.number` charge, node by node.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

import attr

from elgrande.dsl import ast
from elgrande.engine.choice_sources import note_sources
from elgrande.engine.context import Ctx
from elgrande.engine.values import MAX_VALUE, condition, number

__all__ = ["AS", "CALL", "EACH", "EITHER", "FOR_EACH", "IF", "LABEL_UNITS", "WHEN", "Block",
           "Compiled", "Step", "compiled", "either_size"]

#: Step kinds (the statement classes of :mod:`elgrande.dsl.ast`).
CALL: Final = 0
EACH: Final = 1
FOR_EACH: Final = 2
IF: Final = 3
EITHER: Final = 4
AS: Final = 5
WHEN: Final = 6
#: Work units per AST node of an ``either`` statement's branches (their labels are
#: rendered in English for the decision).
LABEL_UNITS: Final = 2

#: A compiled condition: its truth now (charging the work budget as
#: :func:`elgrande.engine.values.condition` does).
Cond = Callable[[Ctx], bool]
#: A compiled number expression (charging as :func:`elgrande.engine.values.number`).
Num = Callable[[Ctx], int]


def either_size(branches: int) -> int:
    """The size (options offered, as the interpreter counts a decision's options) of an
    ``either`` decision with ``branches`` labels: ``{"labels": [...]}`` is the mapping (1),
    its list (1) and one per label."""
    return 2 + branches


# attr.s, not attrs.define: mypyc makes it a native class (docs/compiled.md)
@attr.s(auto_attribs=True, order=False, init=False, repr=False, eq=False)
class Step:
    """One statement, compiled.

    Attributes:
        kind: :data:`CALL`, :data:`EACH`, :data:`FOR_EACH`, :data:`IF`, :data:`EITHER`,
            :data:`AS` or :data:`WHEN`.
        node: the statement's AST node (primitives take the call itself).
        cond: an ``if``'s compiled condition (None otherwise).
        cost: an ``either``'s label cost (:data:`LABEL_UNITS` per node of its branches).
        size: an ``either``'s decision size (:func:`either_size`).
        labels: an ``either``'s branch labels in English, once rendered (None: not
            yet; the interpreter renders them at the statement's first decision).
        decided: an ``either``'s decisions made, by (card, deciding player): the same
            for every run of that card and player, so shared (decisions are never changed
            once made; None: none made yet).
    """

    kind: int
    node: Any
    cond: Cond | None = None
    cost: int = 0
    size: int = 0
    labels: list[str] | None = None
    decided: dict[tuple[str, int], Any] | None = None

    def __init__(self, kind: int, node: Any, cond: Cond | None = None, cost: int = 0, size: int = 0,
                 labels: list[str] | None = None,
                 decided: dict[tuple[str, int], Any] | None = None) -> None:
        self.kind = kind
        self.node = node
        self.cond = cond
        self.cost = cost
        self.size = size
        self.labels = labels
        self.decided = decided


# attr.s, not attrs.define: mypyc makes it a native class (docs/compiled.md)
@attr.s(auto_attribs=True, order=False, init=False, repr=False, eq=False)
class Block:
    """One block, compiled.

    Attributes:
        steps: its statements, compiled, in order.
        looping: the block lies inside an ``each player:`` or ``for each player`` block
            (then a statement that changes nothing logs that the player did nothing); a
            ``when`` body's blocks count from the body (it runs later, as a run of its
            own starting there).
    """

    steps: tuple[Step, ...]
    looping: bool

    def __init__(self, steps: tuple[Step, ...], looping: bool) -> None:
        self.steps = steps
        self.looping = looping


# attr.s, not attrs.define: mypyc makes it a native class (docs/compiled.md)
@attr.s(auto_attribs=True, order=False, init=False, repr=False, eq=False)
class Compiled:
    """A script, compiled.

    Attributes:
        script: the parsed script.
        top: its top block.
        blocks: every block by its path (pairs of statement index and branch index, as
            :attr:`elgrande.engine.context.Frame.path`), the top block by ``()``.
    """

    script: ast.Script
    top: Block
    blocks: dict[tuple[int, ...], Block]

    def __init__(self, script: ast.Script, top: Block,
                 blocks: dict[tuple[int, ...], Block]) -> None:
        self.script = script
        self.top = top
        self.blocks = blocks

    def block(self, path: list[int]) -> Block:
        """The block at ``path``.

        Raises:
            KeyError: no block there (a path this script's runs never make).
        """
        if not path:
            return self.top
        return self.blocks[tuple(path)]


#: Compiled scripts by ``id`` of the parsed script: (the script, kept so that its id is
#: not reused; its compiled form). Scripts never change.
_CACHE: Final[dict[int, tuple[ast.Script, Compiled]]] = {}
#: Scripts kept at most (many card sets loaded in one process: the cache starts afresh).
_MAX: Final = 4096


def compiled(script: ast.Script) -> Compiled:
    """``script`` compiled (once per parsed script in a process)."""
    hit = _CACHE.get(id(script))
    if hit is not None and hit[0] is script:
        return hit[1]
    if len(_CACHE) >= _MAX:
        _CACHE.clear()
    out = compile_script(script)
    _CACHE[id(script)] = (script, out)
    return out


def compile_script(script: ast.Script) -> Compiled:
    """Compile every block of ``script`` (see the module's docstring); its region
    choices of a move's source are noted (:mod:`elgrande.engine.choice_sources`, B8.2)."""
    note_sources(script)
    blocks: dict[tuple[int, ...], Block] = {}
    top = _block(script.body, (), False, blocks)
    return Compiled(script, top, blocks)


def _block(block: ast.Block, path: tuple[int, ...], looping: bool,
           blocks: dict[tuple[int, ...], Block]) -> Block:
    steps: list[Step] = []
    for i, stmt in enumerate(block.body):
        steps.append(_step(stmt))
        here = (*path, i)
        if isinstance(stmt, (ast.EachPlayer, ast.ForEachPlayer)):
            blocks[(*here, 0)] = _block(stmt.body, (*here, 0), True, blocks)
        elif isinstance(stmt, ast.As):
            blocks[(*here, 0)] = _block(stmt.body, (*here, 0), looping, blocks)
        elif isinstance(stmt, ast.When):  # its body runs later, as a run of its own
            blocks[(*here, 0)] = _block(stmt.body, (*here, 0), False, blocks)
        elif isinstance(stmt, ast.Either):
            for b, branch in enumerate(stmt.branches):
                blocks[(*here, b)] = _block(branch, (*here, b), looping, blocks)
        elif isinstance(stmt, ast.If):
            blocks[(*here, 0)] = _block(stmt.then, (*here, 0), looping, blocks)
            if stmt.otherwise is not None:
                blocks[(*here, 1)] = _block(stmt.otherwise, (*here, 1), looping, blocks)
    return Block(tuple(steps), looping)


def _step(stmt: Any) -> Step:
    if isinstance(stmt, ast.Call):
        return Step(CALL, stmt)
    if isinstance(stmt, ast.EachPlayer):
        return Step(EACH, stmt)
    if isinstance(stmt, ast.ForEachPlayer):
        return Step(FOR_EACH, stmt)
    if isinstance(stmt, ast.If):
        return Step(IF, stmt, cond=compile_condition(stmt.cond))
    if isinstance(stmt, ast.Either):
        nodes = sum(1 for b in stmt.branches for _ in ast.walk(b))
        return Step(EITHER, stmt, cost=LABEL_UNITS * nodes,
                    size=either_size(len(stmt.branches)))
    if isinstance(stmt, ast.As):
        return Step(AS, stmt)
    if isinstance(stmt, ast.When):
        return Step(WHEN, stmt)
    raise AssertionError(f"unknown statement {stmt!r}")  # pragma: no cover


# -- expressions -----------------------------------------------------------------------------
_OPS: Final[dict[str, Callable[[int, int], bool]]] = {
    ">=": int.__ge__, "<=": int.__le__, "==": int.__eq__, "!=": int.__ne__,
    ">": int.__gt__, "<": int.__lt__}


def _bounded(v: int) -> int:
    return MAX_VALUE if v > MAX_VALUE else -MAX_VALUE if v < -MAX_VALUE else v


def compile_condition(node: Any) -> Cond:
    """A closure giving the truth of condition ``node`` now: ``not``, ``and``, ``or`` and
    comparisons compiled, the rest evaluated by
    :func:`elgrande.engine.values.condition` (the same charges either way)."""
    if isinstance(node, ast.Not):
        inner = compile_condition(node.cond)
        return lambda ctx: not inner(ctx)
    if isinstance(node, ast.And):
        left, right = compile_condition(node.left), compile_condition(node.right)
        return lambda ctx: left(ctx) and right(ctx)
    if isinstance(node, ast.Or):
        left, right = compile_condition(node.left), compile_condition(node.right)
        return lambda ctx: left(ctx) or right(ctx)
    if isinstance(node, ast.Compare) and node.op in _OPS:
        op = _OPS[node.op]
        a, b = compile_number(node.left), compile_number(node.right)
        return lambda ctx: bool(op(a(ctx), b(ctx)))
    return lambda ctx: condition(ctx, node)


def compile_number(node: Any) -> Num:
    """A closure giving the value of number expression ``node`` now: whole numbers, sums
    and differences compiled (one unit charged per node, as
    :func:`elgrande.engine.values.number`), the rest evaluated by it."""
    if isinstance(node, ast.Int):
        value = _bounded(node.value)

        def const(ctx: Ctx) -> int:
            ctx.charge(1)
            return value
        return const
    if isinstance(node, (ast.Add, ast.Sub)):
        left, right = compile_number(node.left), compile_number(node.right)
        sign = 1 if isinstance(node, ast.Add) else -1

        def arith(ctx: Ctx) -> int:
            ctx.charge(1)
            a = left(ctx)
            return _bounded(a + sign * right(ctx))
        return arith
    return lambda ctx: number(ctx, node)
