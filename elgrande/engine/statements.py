"""Which card set a statement needs: a statement that a set's rules module implements (its
primitive is defined in ``elgrande.rules.<module>``) plays only while that module is in
play. A script using one in a game without that set is refused up front with
``E-SET-NOT-IN-PLAY`` naming the set, at the statement's position, instead of failing
when the card is played (docs/homebrew.md, "Sets").

The sets are found from the data (the shipped manifests' ``rules:``), never named here.
"""

from __future__ import annotations

import os
from typing import TYPE_CHECKING, Final

from elgrande.dsl import ast
from elgrande.engine.modules import find_module
from elgrande.engine.primitives import PRIMITIVES
from elgrande.errors import CardError, DataError
from elgrande.files.resources import cards_dir
from elgrande.model.board import Board

if TYPE_CHECKING:
    from elgrande.data.library import Library

#: The code of the error.
CODE = "E-SET-NOT-IN-PLAY"
#: The package whose modules are the sets' rules modules.
_RULES_PACKAGE: Final = "elgrande.rules."


def _module_sets() -> dict[str, list[str]]:
    """Rules module name -> the shipped sets whose manifest names it (``rules:``); every
    such module imported, so that its statements are registered."""
    from elgrande.data.sets import read_manifest, shipped_set_ids

    out: dict[str, list[str]] = {}
    for s in shipped_set_ids():
        try:
            mod = read_manifest(s)[0].get("rules")
        except DataError:
            continue
        if isinstance(mod, str):
            out.setdefault(mod, []).append(s)
            try:
                find_module(mod)
            except DataError:
                continue
    return out


def piece_owner(piece: str, modules: list[str]) -> str:
    """The first of rules modules ``modules`` (names, in load order) that declares a mover
    of piece kind ``piece`` (``RulesModule.movers``): the module of the set the kind
    belongs to (a later module may replace its mover without owning the kind); ``""``:
    none does."""
    for mod in modules:
        try:
            if piece in find_module(mod).movers:
                return mod
        except DataError:
            continue
    return ""


def owner(name: str) -> str:
    """The rules module that implements statement ``name`` (``""``: the engine's own, or
    unknown)."""
    prim = PRIMITIVES.get(name)
    if prim is None:
        return ""
    where = str(getattr(prim.start, "__module__", "") or "")
    if not where.startswith(_RULES_PACKAGE):
        return ""
    return where[len(_RULES_PACKAGE):].split(".", 1)[0]


def _movers(module: str) -> list[str]:
    """The piece kinds rules module ``module`` declares movers of (none: not found)."""
    try:
        return list(find_module(module).movers)
    except DataError:
        return []


def _calls(node: ast.Node) -> list[ast.Call]:
    """The statements (calls) under ``node``, reading the nodes' attributes directly
    (cheaper than :func:`elgrande.dsl.ast.walk`: this runs for every script when an engine
    is made)."""
    out: list[ast.Call] = []
    stack: list[object] = [node]
    while stack:
        n = stack.pop()
        if isinstance(n, ast.Call):
            out.append(n)  # a statement with a block of its own: that block's statements
            stack.extend(v for _, v in n.args if isinstance(v, (ast.Block, tuple)))
        elif isinstance(n, ast.Node):
            stack.extend(vars(n).values())
        elif isinstance(n, tuple):
            stack.extend(n)
    return out


def _register_engine_statements() -> None:
    """Register the statements the engine implements itself (the card statements and
    ``gain|lose N points``, C1-C13, B2.4): the interpreter imports their modules, which a
    game imports only when its first card is played; a check made before that imports them
    here, else every statement of theirs would look like a rules module's."""
    from elgrande.engine import cards, points  # noqa: F401 - registers their statements


def missing_sets(script: ast.Script, path: str, board: Board) -> list[CardError]:
    """``E-SET-NOT-IN-PLAY`` for each statement of ``script`` (from the file ``path``) that
    a rules module not in play on ``board`` implements, naming the set(s) that bring it."""
    calls = _calls(script)
    if not calls:
        return []
    known: dict[str, list[str]] | None = None
    if any(c.name not in PRIMITIVES for c in calls):
        _register_engine_statements()  # a check before any card is played (a start)
        if any(c.name not in PRIMITIVES for c in calls):
            known = _module_sets()  # registers the statements of every shipped module
    out: list[CardError] = []
    in_play: set[str] | None = None  # the piece kinds the modules in play move
    for c in calls:
        piece = c.arg("piece") if c.name == "move" else None
        if piece is not None:
            if in_play is None:
                in_play = {k for m in board.rules_modules for k in _movers(m)}
            if str(piece) in in_play or str(piece) in board.tokens:
                continue
            if known is None:
                known = _module_sets()
            mod = piece_owner(str(piece), list(known))
        else:
            mod = owner(c.name)
        if not mod or mod in board.rules_modules:
            continue
        if known is None:
            known = _module_sets()
        sets = known.get(mod) or [mod]
        out.append(CardError(
            path, f"this statement needs the card set {' or '.join(map(repr, sets))}, which "
            f"is not in play (sets in play: {', '.join(board.sets)})", c.line, c.column,
            f"play with --sets {','.join([*board.sets, sets[0]])}, or validate with "
            f"--sets naming the sets the card is meant for", code=CODE))
    return out


def check_sets(lib: Library) -> None:
    """Refuse a game whose cards use a statement of a set not in play. The shipped sets'
    own cards are not read (each uses the statements of its own sets only: the tests
    check every one), so a game of shipped cards pays a path comparison per card.

    Raises:
        CardError: the first ``E-SET-NOT-IN-PLAY`` (its file and position).
    """
    shipped = os.path.join(cards_dir(), "")
    for cid in lib.scripts:  # a shipped card's script is not read (nor unpickled)
        c = lib.cards.cards[cid]
        path = c.effect_path or c.path
        if path.startswith(shipped):
            continue
        for err in missing_sets(lib.scripts[cid], path, lib.board):
            raise CardError(err.path, f"{CODE}: {err.message}", err.line, err.column,
                            err.hint, CODE)
