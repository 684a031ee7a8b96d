"""Off-board spaces: the rules of the places a set declares under ``spaces:`` in its
manifest (:class:`elgrande.model.declared.Space`; docs/homebrew.md, "Sets").

A space is a place that is not a region: no neighbours, no secret disc shows it, no
placement from court by an action card's number reaches it (B4.3). Card statements move
caballeros there and back (``move ... to rome``, ``place ... from court to rome``);
the king goes there only where the space says ``king: true`` (then no region is the
king's region while he stays, B5.2). A space scores only where it says ``scores: true``
(it joins the general scoring after the regions, B6.4; it stays out of every region set,
``regions`` included: :func:`elgrande.engine.regions.region_order`). Where it says
``returns: court`` (or ``provinces``), the caballeros in it go back to their owners at the
next general scoring, once the Castillo is emptied (B6.3), or right after it scored when
it scores.

Data only: this module names no space and no set. The board loader turns it on for any
set that declares a space (:data:`elgrande.data.manifests.SPACES_MODULE`).
"""

from __future__ import annotations

from typing import Any, Final

from elgrande.engine.modules import RulesModule
from elgrande.model.board import Board
from elgrande.model.declared import Space
from elgrande.model.hook_context import HookContext
from elgrande.model.seats import seat

#: The event a space's return makes (its ``text`` says itself in the log).
RETURN_EVENT: Final = "space_return"


def _king_places(ctx: HookContext, places: list[int]) -> list[int]:
    """B5.2 with spaces: the king may also stand in the spaces that say ``king: true``."""
    return [*places, *(sp.index for sp in ctx.board.spaces if sp.king)]


def send_back(ctx: HookContext, space: Space) -> None:
    """Send every player's caballeros in ``space`` to where it says (``returns``: their
    owners' court or provinces), with an event naming who got how many back (a line of
    the general scoring's block in the log: told after the Castillo is emptied).

    Args:
        ctx: the hook context (its state is changed, its events get the event).
        space: a space with ``returns`` set.
    """
    state, board = ctx.state, ctx.board
    row = state.caballeros[space.index]
    back = {p: n for p, n in enumerate(row) if n > 0}
    if not back:
        return
    to = state.court if space.returns == "court" else state.provinces
    for p, n in back.items():
        state.set_caballeros(space.index, p, 0)
        to[p] += n
    name = board.places[space.index].name
    where = "court" if space.returns == "court" else "provinces"
    ctx.events.append({
        "event": RETURN_EVENT, "space": space.id, "to": space.returns,
        "back": {str(p): n for p, n in back.items()},
        "text": f"  {name}: " + ", ".join(f"{seat(p)} takes {n} caballero"
                                        f"{'s' if n != 1 else ''} back to {where}"
                                        for p, n in back.items()) + "."})


def _returning(board: Board) -> list[Space]:
    return [sp for sp in board.spaces if sp.returns]


def _scoring_step(ctx: HookContext, step: str, place: int) -> None:
    """The spaces' returns at a general scoring: an unscored space's caballeros once the
    Castillo is emptied (B6.3); a scored space's right after it scored (B6.4)."""
    if step == "emptied":
        for sp in _returning(ctx.board):
            if not sp.scores:
                send_back(ctx, sp)
    elif step == "region":
        for sp in _returning(ctx.board):
            if sp.scores and sp.index == place:
                send_back(ctx, sp)


def _board_summary(ctx: HookContext, names: Any) -> list[str]:
    """The log's board summary: who has caballeros in each space."""
    lines: list[str] = []
    for sp in ctx.board.spaces:
        row = ctx.state.caballeros[sp.index]
        who = [f"{names[p]} {n}" for p, n in enumerate(row) if n > 0]
        king = " (the king)" if ctx.state.king == sp.index else ""
        if who or king:
            lines.append(f"    {ctx.board.places[sp.index].name}{king}: "
                         + (", ".join(who) or "nobody"))
    return lines


MODULE = RulesModule(
    name="spaces",
    hooks={"king_places": _king_places, "scoring_step": _scoring_step,
           "board_summary": _board_summary},
)
