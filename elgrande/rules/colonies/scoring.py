"""Scoring the new areas and the limit table (C4-C6, C10, C12): who counts for the ranking,
the office points, the places whose scoring this module changes, and the scoring order.
"""

from __future__ import annotations

from elgrande.model.hook_context import HookContext
from elgrande.model.scoring import participants
from elgrande.model.state import NOBODY
from elgrande.rules.colonies.figures import _LAST, BLACK, EMPTY, NAME, colonies_board
from elgrande.rules.colonies.pieces import Pieces, pieces


def _ranking_counts(ctx: HookContext, place: int,
                    ranking: tuple[list[int], list[int]]) -> tuple[list[int], list[int]]:
    """C10: at the limit table only seated caballeros count (black ones for their holder or
    nobody); C6: an office holder whose office does not rank (the Viceroy) is not counted.
    On the ship all aboard count for the ranking (its values pay nothing; C3's Grande
    bonus needs the majority aboard), only the Captain scores (C5, :func:`_area_bonus`)."""
    state, board, who, counts = ctx.state, ctx.board, ranking[0], ranking[1]
    ext = state.ext.get(NAME)
    if type(ext) is not Pieces:  # (pieces' common case inline: no call)
        ext = pieces(state)
        if ext is None:
            return who, counts
    g = _LAST[0] if _LAST and _LAST[0].board is board else colonies_board(board)
    table = ext.table
    offices = g.offices[place]
    at_table = table.region == g.ids[place]
    if not at_table and not offices:
        return who, counts  # neither the limit table nor an office here: unchanged
    # who is only read; counts is this hook's own (the caller's list is not changed)
    if at_table:
        counts = []  # (a loop: no comprehension's function made)
        for w in who:
            counts.append(table.seated[w] if w >= 0 else 0)
        black = table.black
        if black:
            if state.neutral_holder != NOBODY:
                counts[who.index(state.neutral_holder)] += black
            elif NOBODY in who:
                counts[who.index(NOBODY)] = black
    else:
        counts = counts[:]
    for o in offices:
        if o.ranks:
            continue
        holder = ext.offices[o.id]
        target = holder if holder >= 0 else (state.neutral_holder if holder == BLACK else EMPTY)
        if holder == BLACK and state.neutral_holder == NOBODY:
            target = NOBODY
        if target != EMPTY and target in who:
            i = who.index(target)
            counts[i] = max(0, counts[i] - 1)
    return who, counts


def _area_bonus(ctx: HookContext, place: int, first_only: bool) -> list[tuple[int, str, int]]:
    """The office points of the area (C4 Ambassador, Envoy; C5 Captain; C6 Viceroy), paid
    whatever the player count. C12: a first-position-only scoring pays no Captain or
    Viceroy, and the Ambassador/Envoy only to the sole first-placed participant."""
    state, board = ctx.state, ctx.board
    g = _LAST[0] if _LAST and _LAST[0].board is board else colonies_board(board)
    offices = g.offices[place]
    if not offices:
        return []
    ext = state.ext.get(NAME)
    if type(ext) is not Pieces:  # (pieces' common case inline: no call)
        ext = pieces(state)
        if ext is None:
            return []
    out: list[tuple[int, str, int]] = []
    leader: int | None = None
    if first_only:
        who, counts = _ranking_counts(ctx, place, participants(state, place))
        top = max(counts, default=0)
        sole = [w for w, c in zip(who, counts, strict=True) if c == top and c > 0]
        leader = sole[0] if len(sole) == 1 else None
    for o in offices:
        holder = ext.offices[o.id]  # who is paid (_payee, inline: no call)
        if holder == BLACK:
            payee = state.neutral_holder if state.neutral_holder != NOBODY else None
        else:
            payee = holder if holder >= 0 else None
        if payee is None or (first_only and (not o.first_only or payee != leader)):
            continue
        out.append((payee, o.name, o.points))
    return out


def _scoring_places(ctx: HookContext) -> list[int]:
    """The places :func:`_ranking_counts` and :func:`_area_bonus` may change now: those
    with a held office (C4-C6: an empty office ranks nobody out and pays nobody, so both
    hooks leave the others as they are) and the limit table's region (C10)."""
    state, board = ctx.state, ctx.board
    g = _LAST[0] if _LAST and _LAST[0].board is board else colonies_board(board)
    out: list[int] = []
    ext = state.ext.get(NAME)
    if type(ext) is not Pieces:  # (pieces' common case inline: no call)
        ext = pieces(state)
    if ext is None:
        return out  # no pieces: both hooks change nothing
    held = ext.offices
    for i in g.office_places:
        for o in g.offices[i]:
            if held[o.id] != EMPTY:
                out.append(i)
                break
    if ext.table.region and ext.table.region in board.index:
        out.append(board.index[ext.table.region])
    return out


def _scoring_order(ctx: HookContext, places: list[int]) -> list[int]:
    """C12: the base order, then the new areas in the manifest's order (France, Ship,
    America, Mediterranean)."""
    board = ctx.board
    out = places[:]
    g = _LAST[0] if _LAST and _LAST[0].board is board else colonies_board(board)
    for i in g.areas:
        if i not in places:  # (one search in C, not a loop of bytecodes)
            out.append(i)
    return out
