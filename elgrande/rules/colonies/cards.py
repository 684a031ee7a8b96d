"""Action cards of the Colonies that act beyond a move (C13; C5, C8): the hook
``turn_start`` (the turn's ship moves, C5, and the Inquisitor's bonus, C8) and Conspiracy
(the lasting ``plot``, carried out when the Castillo empties). Remove Action Card is a
script of the card language's card forms (``c = choose card from open action cards`` /
``move card c to removed``, C13): it chooses among the cards open when its special action
is carried out, the actor's own card already taken.
"""

from __future__ import annotations

from typing import Any, Final

from elgrande.model.board import Board
from elgrande.model.hook_context import HookContext
from elgrande.model.state import State
from elgrande.rules.colonies.pieces import own_pieces


def _turn_start(ctx: HookContext) -> None:
    """Each turn: no caballero has sailed yet (C5)."""
    engine, state = ctx.engine, ctx.state
    ext = own_pieces(state, engine.board)
    ext.sailed = None  # nobody sailed (absent as empty: less to copy)
    ext.bonus = ""
    ext.fresh = None
    ext.relocation = None
    ext.removed = None  # (a save of format 2 kept its removals here)


CONSPIRACY: Final = "plot"


def _conspiracy(state: State, board: Board, discs: Any, moves: Any) -> None:
    """C13: at the general scoring a conspirator's Grande goes to the region on their disc
    (with their Castillo caballeros, already moved by B6.3); if the disc shows the king's
    region the Grande stays [decision]. The effect is then spent."""
    for x in [x for x in state.lasting if x.kind == CONSPIRACY]:
        d = discs[x.player]
        if d != state.king:
            state.grandes[x.player] = d
        state.lasting.remove(x)
