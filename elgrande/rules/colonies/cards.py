"""Action cards of the Colonies that act beyond a move (C13; C5, C8): the hook
``turn_start`` (the turn's ship moves, C5, and the Inquisitor's bonus, C8). Remove Action
Card is a script of the card language's card forms (``c = choose card from open action
cards`` / ``move card c to removed``, C13): it chooses among the cards open when its special
action is carried out, the actor's own card already taken. Conspiracy (C13) is a script of
its card file too: a trigger on the emptied Castillo (``when castillo emptied once``,
:mod:`elgrande.engine.triggers`).
"""

from __future__ import annotations

from elgrande.model.hook_context import HookContext
from elgrande.rules.colonies.figures import NAME
from elgrande.rules.colonies.pieces import Pieces, own_pieces


def _turn_start(ctx: HookContext) -> None:
    """Each turn: no caballero has sailed yet (C5)."""
    state = ctx.state
    ext = state.ext.get(NAME)
    if type(ext) is not Pieces:  # (own_pieces' common case inline: no call)
        ext = own_pieces(state, ctx.board)
    ext.sailed = None  # nobody sailed (absent as empty: less to copy)
    ext.bonus = ""
    ext.fresh = None
    ext.relocation = None
    ext.removed = None  # (a save of format 2 kept its removals here)
