"""The one shape of every rules-module hook: ``hook(ctx, *what)``.

A hook is called with a :class:`HookContext` first (the game state, the board, where
events go, the acting player, and the flow when there is one), then only the arguments
that are the hook's own (a place, a count, a value being folded). A hook that changes the
game says so by appending plain-dict events to ``ctx.events`` itself (B8: the log shows
every change), so nothing is buffered in the state to be written out later.

It lives in the model layer so that a scoring (``elgrande.model.scoring``) can hand it on
without importing the engine; ``engine`` and ``flow`` are typed loosely for that reason.
"""

from __future__ import annotations

from typing import Any

import attr

from elgrande.model.board import Board
from elgrande.model.plain import plain_repr
from elgrande.model.state import State


# attr.s, not attrs.define: mypyc makes it a native class (docs/compiled.md);
# init=False and an __init__ of its own, which mypyc compiles
@attr.s(auto_attribs=True, order=False, init=False, repr=False, eq=False)
class HookContext:
    """What every hook is called with first.

    Attributes:
        state: the game state (a hook may change it where its entry in the hook table
            says so).
        board: the board in play.
        events: the sink for the plain-dict events a hook's change causes (B8), in order.
        player: the acting player (seat index), or -1 when no one acts (a scoring, a
            view).
        engine: the flow engine (``elgrande.engine.flow.FlowEngine``), or None where a
            hook runs outside a game's flow (a view, a scoring outside a turn) or inside a
            special action's statement (the primitives' hooks).
        flow: the flow (``elgrande.engine.flow.Flow``), or None as for ``engine``.
    """

    state: State
    board: Board
    events: list[dict[str, Any]]
    player: int = -1
    engine: Any = None
    flow: Any = None

    def __init__(self, state: State, board: Board, events: list[dict[str, Any]],
                 player: int = -1, engine: Any = None, flow: Any = None) -> None:
        self.state = state
        self.board = board
        self.events = events
        self.player = player
        self.engine = engine
        self.flow = flow

    def __repr__(self) -> str:
        return plain_repr(self)
