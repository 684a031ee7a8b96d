"""Where caballeros, the king and a Grande may go (C3, C4, C5, C6): the new areas open to
placement from court by the king's region, why the others are refused, France's room (the
one room rule, :func:`room_left`), and the new areas the king and a Grande may enter.
"""

from __future__ import annotations

from typing import Any

from elgrande.model.board import Board
from elgrande.model.hook_context import HookContext
from elgrande.model.state import State
from elgrande.rules.colonies.figures import (
    _LAST,
    AREA,
    _total,
    colonies_board,
    figures,
    ship_figures,
)


def _king_places(ctx: HookContext, places: list[int]) -> list[int]:
    """C3: of the new areas the king may enter France only (the manifest's king_areas)."""
    board = ctx.board
    return [*places, *(board.index[a] for a in figures(board).king_areas)]


def _grande_places(ctx: HookContext, places: list[int]) -> list[int]:
    """C3: a Grande may be moved into every new area (the King's region and the Castillo
    stay closed to it, B5.2, B1.2); secret discs still show the mainland regions only."""
    board = ctx.board
    return [*places, *colonies_board(board).areas]


def _placement_targets(ctx: HookContext, places: list[int]) -> list[int]:
    """C4: France (an area bordering the king's region: Aragon, Catalonia) takes caballeros
    from court; C5: the ship only while the king is in a coastal region; C6: America and
    the Mediterranean never (reached by ship or special actions)."""
    engine, state = ctx.engine, ctx.state
    b = engine.board
    k = state.king
    if k < 0:
        return list(places)
    g = colonies_board(b)
    adds = g.targets.get(k)
    if adds is None:
        adds = [p.index for p in b.places if p.kind == AREA and b.adjacent(k, p.index)]
        ship = ship_figures(b).get("area")
        if ship in b.index and b.places[k].coastal:
            adds.append(b.index[ship])
        g.targets[k] = adds
    out = list(places)
    for i in adds:
        if i not in out:
            out.append(i)
    return out


def _placement_refused(ctx: HookContext, refused: dict[str, Any]) -> dict[str, Any]:
    """Why a new area is not a placement target now: C4 (France: the king is not in a
    bordering region), C5 (the ship: the king is not in a coastal region), C6 (America and
    the Mediterranean: only by ship or special actions)."""
    state, board = ctx.state, ctx.board
    out = dict(refused)
    k = state.king
    g = colonies_board(board)
    got = g.refused.get(k)
    if got is None:
        got = g.refused[k] = _area_refusals(board, k)
    out.update(got)  # [rule, message] pairs shared: decisions are never changed
    return out


def _area_refusals(board: Board, k: int) -> dict[str, Any]:
    """The refusals of :func:`_placement_refused` with the king in region ``k``."""
    out: dict[str, Any] = {}
    ship = ship_figures(board).get("area")
    fig = figures(board)  # (once, not a call per area)
    for p in board.places:
        if p.kind != AREA or k < 0:
            continue
        if p.id == ship:
            if not board.places[k].coastal:
                out[p.id] = ["C5", "caballeros board the ship from court only while the "
                             "king is in a coastal region"]
        elif p.id in fig.capacity or p.id in fig.king_areas:
            if not board.adjacent(k, p.index):
                out[p.id] = ["C4", f"caballeros enter {p.name} from court only while the "
                             "king is in a region bordering it"]
        else:
            out[p.id] = ["C6", f"{p.name} is reached only by ship or by special actions"]
    return out


def room_left(state: State, place: int, cap: int) -> int:
    """C4: how many more caballeros a place (index) holding at most ``cap`` takes now;
    every colour counts, the black caballeros too (C8). The one room rule of every way in:
    placement from court and the special actions' moves and placements (through
    :func:`_placement_room`, the ``placement_room`` hook, which reckons it inline), ship
    moves (:func:`_ship_keys`, likewise) and the Grand Inquisitor card's black caballeros
    (:func:`_move_black`). A Grande is not a caballero: it takes no room (C3)."""
    return max(0, cap - _total(state.caballeros[place]) - state.neutral[place])


def _placement_room(ctx: HookContext, room: dict[str, Any]) -> dict[str, Any]:
    """C4: France holds at most its capacity (3) caballeros of every colour, black ones
    included (:func:`room_left`)."""
    state, board = ctx.state, ctx.board
    out = dict(room)
    g = _LAST[0] if _LAST and _LAST[0].board is board else colonies_board(board)
    capped = g.room
    if capped is None:
        capped = g.room = [
            (area, board.index[area], int(cap), f"{board.places[board.index[area]].name} "
             f"holds at most {cap} caballeros") for area, cap in g.fig.capacity.items()]
    caballeros, neutral = state.caballeros, state.neutral
    for area, i, cap, why in capped:  # (room_left and its _total, inline: no call)
        held = neutral[i]
        for c in caballeros[i]:
            held += c
        out[area] = [max(0, cap - held), "C4", why]
    return out


def _room_places(board: Board) -> list[str]:
    """The places :func:`_placement_room` names (its ``hook_places``): the areas with a
    capacity (C4), whatever the state."""
    return list(colonies_board(board).fig.capacity)
