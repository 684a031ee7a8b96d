"""Gold and goods discs (C7, C6): the new discs a 7th-stack card's special action puts in
the areas and the acting player's chance to take them at once, and the carriers another
player's effect cannot send away (hooks ``movable``, ``sendable``).
"""

from __future__ import annotations

from typing import Any, Final

from elgrande.engine.decisions import Decision
from elgrande.engine.flow import FlowEngine
from elgrande.engine.modules import Events
from elgrande.model.board import Board
from elgrande.model.hook_context import HookContext
from elgrande.model.state import State
from elgrande.rules.colonies.figures import _LAST, NAME, colonies_board
from elgrande.rules.colonies.offices import OFFICE_KEY, SKIP
from elgrande.rules.colonies.pieces import Pieces, _carriers, own_pieces, pieces
from elgrande.rules.colonies.ship import apply_ship_move, disc_takes
from elgrande.rules.colonies.ship_labels import _move_label


def _sendable(ctx: HookContext, place: int, owner: int, n: int) -> int:
    """C7: another player's effect cannot send a carrier to the provinces (or court); its
    owner may, and the disc then returns to the supply (:func:`_leave`)."""
    state, board, decider = ctx.state, ctx.board, ctx.player
    if owner == decider:
        return n
    ext = pieces(state)
    if ext is None or not ext.carriers:
        return n  # no carrier at all (_carriers would count none)
    return n - _carriers(ext, board.places[place].id, owner)


#: The option key of the decision to take new discs at once (C7).
FRESH: Final = "fresh_takes"


def fresh_decision(state: State, board: Board) -> Decision | None:
    """C7: the player who carried out a 7th-stack card may have his caballeros take the
    new discs at once, one decision per disc (answer: an option index; 0 takes no more).
    None when no new disc can be taken (then they lie free for the others' turns)."""
    ext = pieces(state)
    fresh = ext.fresh if ext is not None else None
    if ext is None or not fresh:
        return None
    p = int(fresh["player"])
    takes = [t for a, discs in fresh["discs"].items()
             for t in disc_takes(state, board, p, a, {d: min(n, ext.free.get(a, {})
                                                            .get(d, 0))
                                                    for d, n in discs.items()})]
    takes.sort(key=lambda t: OFFICE_KEY in t)  # an office holder's takes last (C6)
    if not takes:
        ext.fresh = None
        return None
    options: dict[str, Any] = {"labels": ["take no new disc now",
                                          *(_move_label(board, t) for t in takes)],
                               FRESH: takes}
    if all(OFFICE_KEY in t for t in takes):  # only the office holder's (C6)
        options[SKIP] = 0
    return Decision("choose_option", [p], "New discs appeared: may your caballeros there "
                    "take them now?", options, "C7")


def apply_fresh(engine: FlowEngine, state: State, d: Decision, norm: int,
                events: Events) -> None:
    """Carry out a checked :func:`fresh_decision` answer (C7)."""
    ext = own_pieces(state, engine.board)
    if norm == 0:
        ext.fresh = None
        return
    take = d.options[FRESH][norm - 1]
    apply_ship_move(engine, state, d.players[0], take, events)
    fresh = ext.fresh
    if fresh is None:
        return
    left = fresh["discs"][take["in"]]
    left[take["take"]] -= 1
    if left[take["take"]] <= 0:
        del left[take["take"]]


def _movable(ctx: HookContext, place: int, owner: int, to: list[str], n: int) -> int:
    """C7: a carrier cannot be sent to the Castillo by another player: an effect of
    another player that may move caballeros to the Castillo does not move the owner's
    carriers [decision: the caballeros of a move answer are not told apart]."""
    state, board, decider = ctx.state, ctx.board, ctx.player
    if owner == decider or owner < 0:
        return n
    ext = state.ext.get(NAME)
    if type(ext) is not Pieces:  # (pieces' common case inline: no call)
        ext = pieces(state)
    if ext is None or not ext.carriers:
        return n  # no carrier at all (_carriers would count none)
    g = _LAST[0] if _LAST and _LAST[0].board is board else colonies_board(board)
    k = _carriers(ext, g.ids[place], owner)
    if not k or g.ids[board.castillo] not in to:
        return n  # no carrier of the owner's here, or not to the Castillo
    return n - k


def _special_action_done(ctx: HookContext) -> None:
    """After a special action was carried out: the gold and goods printed on the card
    appear in their areas (C7: not when declined); removed cards leave the offer (C13)."""
    engine, state, flow, events = ctx.engine, ctx.state, ctx.flow, ctx.events
    b = engine.board
    ext = state.ext.get(NAME)
    if type(ext) is not Pieces:  # (own_pieces' common case inline: no call)
        ext = own_pieces(state, b)
    ext.relocation = None
    added: dict[str, int] = {}
    where: dict[str, str] = {}
    for disc, area, printed in _printed_discs(engine, flow.card):
        n = min(printed, ext.supply.get(disc, 0))
        if n > 0:
            ext.supply[disc] -= n
            free = ext.free.setdefault(area, {})
            free[disc] = free.get(disc, 0) + n
            added[disc] = n
            where[disc] = area
    if added:
        ext.fresh = {"player": flow.actor,
                        "discs": {where[d]: {d: n} for d, n in added.items()}}
        state.due = True  # offered at the next pause (hook aside)
        events.append({"event": "discs_appear", "player": flow.actor, "discs": added,
                       "card": flow.card, "text": "New discs: " + ", ".join(
                           f"{n} {d} in {b.places[b.index[where[d]]].name}"
                           for d, n in added.items()) + "."})
    for c in ext.removed or ():  # a save of format 2 (its removals wait until now)
        if c in state.offer:
            state.clear_offer_slot(state.offer.index(c))
            events.append({"event": "card_removed", "player": flow.actor, "card": c})
    ext.removed = None
    ext.open = None


def _printed_discs(engine: FlowEngine, card_id: str) -> list[tuple[str, str, int]]:
    """The gold and goods discs printed on card ``card_id`` (C7): ``(disc, area, n)`` for
    each disc of the figures with ``n > 0``, in the figures' order; cached per engine."""
    b = engine.board
    fig = (_LAST[0] if _LAST and _LAST[0].board is b else colonies_board(b)).fig  # figures(b)
    lib = engine.lib
    memo = _PRINTED[0] if _PRINTED else None
    if memo is None or memo.fig is not fig or memo.lib is not lib:
        memo = _Printed(lib, fig, {})
        _PRINTED[:] = [memo]
    hit = memo.known.get(card_id)
    if hit is None:
        card = lib.card(card_id)
        unknown = [d.id for d in fig.discs if d.id in card.unknown]
        if unknown:  # never read as 0: only a scenario case without a fill
            from elgrande.data.fills import MissingCardData
            raise MissingCardData([(card_id, d, "unknown") for d in unknown], lib.fills)
        hit = memo.known[card_id] = [(d.id, d.area, n) for d in fig.discs
                                     if (n := int(getattr(card, d.id, 0) or 0)) > 0]
    return hit


# a plain class, as figures._Office (not attr.s: attrs would compile an unused __attrs_init__)
class _Printed:
    """:func:`_printed_discs` of the cards of library ``lib`` with figures ``fig``."""

    lib: Any
    fig: Any
    known: dict[str, list[tuple[str, str, int]]]

    def __init__(self, lib: Any, fig: Any, known: dict[str, list[tuple[str, str, int]]]) -> None:
        self.lib = lib
        self.fig = fig
        self.known = known


#: The :class:`_Printed` of the library and figures in use (the last asked for: every game
#: of a library finds it; a game of another library makes its own). A cache keyed on the
#: library and its figures, not the board: not in the :class:`ColoniesBoard`.
_PRINTED: Final[list[_Printed]] = []
