"""Action cards of the Colonies that act beyond a move (C13; C5, C8): Remove Action Card
(primitive ``remove_action_card``, from the cards open when the turn began: hook
``turn_start``, which also starts the turn's ship moves, C5, and the Inquisitor's bonus,
C8). Conspiracy (C13) is a script of its card file: a trigger on the emptied Castillo
(``when castillo emptied once``, :mod:`elgrande.engine.triggers`).
"""

from __future__ import annotations

from typing import Any

from elgrande.dsl import ast
from elgrande.engine.context import Ctx
from elgrande.engine.decisions import Decision
from elgrande.engine.primitives import primitive
from elgrande.model.hook_context import HookContext
from elgrande.rules.colonies.figures import in_play
from elgrande.rules.colonies.pieces import own_pieces


def _remove_finish(ctx: Ctx, call: ast.Call, d: Decision, answer: Any) -> None:
    card = str(answer)
    offer = ctx.state.offer
    ctx.event("remove_card", decider=ctx.subject, removed=card,
              text=f"{{who}} removes {{card:{card}}} from this round's offer.")
    if card in offer:  # out of the offer: nobody takes it this round (C13)
        offer[offer.index(card)] = ""
        ctx.event("card_removed", player=ctx.run.actor, card=card)


@primitive("remove_action_card", _remove_finish)
def _remove_card(ctx: Ctx, call: ast.Call) -> Decision | None:
    """C13: remove a face-up action card still open to the players after you (of those
    on offer when the turn began); it leaves ``State.offer`` at once, nobody may take it
    this round. Undoing the special action (``State.set_to``) puts it back."""
    if not in_play(ctx.board):
        return None
    open_ = list(own_pieces(ctx.state, ctx.board).open or ())
    if not open_:
        return None
    return Decision("choose_action_card", [ctx.subject], "Remove one open action card for "
                    "this round", {"choices": open_, "why": {}}, "C13")


def _turn_start(ctx: HookContext) -> None:
    """Each turn: no caballero has sailed yet (C5); the open cards are noted for Remove
    Action Card (C13)."""
    engine, state = ctx.engine, ctx.state
    ext = own_pieces(state, engine.board)
    ext.sailed = None  # nobody sailed (absent as empty: less to copy)
    ext.bonus = ""
    ext.fresh = None
    ext.relocation = None
    ext.open = [c for c in state.offer if c]  # the open cards
    ext.removed = None  # (a save of format 2 kept its removals here)
