"""Piece kinds and their movers: the one implementation of the card language's ``move``
statement, whatever it moves (B8.2 and the rules of each set that has the piece).

The ``move`` primitive (:mod:`elgrande.engine.primitives`) reads the statement's piece
kind and hands it to the game's mover of that kind: no per-piece branch. Each rules module
declares the movers of the pieces its set has (``RulesModule.movers``: the base rules:
caballeros, the king, the Grandes, the mobile scoreboards; an expansion's module its own
pieces), composed per game in load order (``Rules.movers``: a later module's mover of a
kind replaces the earlier one's in that game only), and its mover keeps the set's rules
(rooms, seats, offices: through the hooks). The kinds are declared for the parser,
checker, English and docs in :data:`elgrande.dsl.signatures.PIECE_KINDS` (a test checks
that the shipped modules' movers name the same kinds). A token a set declares as data
(``pieces:`` in its manifest) has no mover of its own: the one token mover
(:mod:`elgrande.engine.tokens`) moves every one.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

import attr

from elgrande.dsl import ast
from elgrande.engine.context import Ctx
from elgrande.engine.decisions import Decision
from elgrande.engine.modules import find_module
from elgrande.engine.tokens import move_token, move_token_finish
from elgrande.errors import DataError

StartFn = Callable[[Ctx, "ast.Call"], Decision | None]
#: A mover's finish may return a follow-up decision of the same statement (e.g. the
#: region, once the player whose piece moves is chosen).
FinishFn = Callable[[Ctx, "ast.Call", Decision, Any], Decision | None]


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


#: The one mover of every token a set declares (``pieces:``; B8.1, B5.2).
TOKEN_MOVER: Final[Mover] = Mover("token", move_token, move_token_finish)


_COMPOSED: Final[dict[tuple[str, ...], dict[str, Mover]]] = {}


def board_movers(modules: tuple[str, ...]) -> dict[str, Mover]:
    """The movers of rules modules ``modules`` (names, in load order) composed as
    ``Rules.movers`` composes them: for an interpreter made without the game's composed
    rules (a tool's, a test's), from the board's ``rules_modules``; a module not found
    declares none."""
    out = _COMPOSED.get(modules)
    if out is None:
        out = {}
        for name in modules:
            try:
                out.update(find_module(name).movers)
            except DataError:
                continue
        _COMPOSED[modules] = out
    return out


def _mover(ctx: Ctx, kind: str) -> Mover | None:
    """The game's mover of piece ``kind``: its rules modules' (``ctx.rules.movers``; those
    of the board's modules without composed rules), else the token mover for a token a set
    in play declares, else None."""
    rules = ctx.rules
    m: Mover | None = (rules.movers if rules is not None
                       else board_movers(ctx.board.rules_modules)).get(kind)
    if m is None and kind in ctx.board.tokens:
        return TOKEN_MOVER
    return m


def move_start(ctx: Ctx, call: ast.Call) -> Decision | None:
    """The ``move`` statement's first step: its piece kind's mover's (nothing happens for
    a kind whose set is not in play: no rules module in play declares a mover for it)."""
    m = _mover(ctx, call.kw.get("piece", ""))  # its piece kind (a name: a str)
    return m.start(ctx, call) if m is not None else None


def move_finish(ctx: Ctx, call: ast.Call, d: Decision, answer: Any) -> Decision | None:
    """The ``move`` statement's answer, applied by its piece kind's mover.

    Raises:
        KeyError: no mover of the kind in this game (it asked nothing, so a saved game's
            load checks refuse such a pending decision first)."""
    kind = call.kw.get("piece", "")
    m = _mover(ctx, kind)
    if m is None:
        raise KeyError(kind)
    return m.finish(ctx, call, d, answer)
