"""Offices and seats as caballeros come and go (C4-C6, C10, C11, C7): arrivals take empty
offices and free seats (hook ``arrive``), departures leave them (``leave``), the mover
chooses which caballeros leave (``move_which``, ``leaving``; C10, C11), and carriers a move
takes straight out of an area keep their discs (``moved``; C7, C11).
"""

from __future__ import annotations

from typing import Any, Final

from elgrande.engine import decisions as dec
from elgrande.model.hook_context import HookContext
from elgrande.model.seats import seat
from elgrande.model.state import NOBODY, State
from elgrande.rules.colonies.figures import (
    _LAST,
    BLACK,
    EMPTY,
    NAME,
    _office_who,
    colonies_board,
    figures,
    in_play,
    ship_figures,
)
from elgrande.rules.colonies.limit_table import _free_seats, settle_table
from elgrande.rules.colonies.pieces import Pieces, own_pieces, pieces


def _arrive(ctx: HookContext, place: int, player: int, n: int) -> None:
    """Arrivals take empty offices of the area in arrival order (C4, C5, C6) and free seats
    at the limit table (C10). Carriers never arrive this way (see the ship phase)."""
    state, board = ctx.state, ctx.board
    if n <= 0:
        return
    ext = state.ext.get(NAME)
    if type(ext) is not Pieces:  # (own_pieces' common case inline: no call)
        ext = own_pieces(state, board)
    g = _LAST[0] if _LAST and _LAST[0].board is board else colonies_board(board)
    offices = g.arriving[place]
    if offices:  # (most places have none)
        carrying = 0  # carriers take no office
        if ext.carrying:
            carrying = n
        elif ext.dropped is not None:
            for c in ext.dropped:
                if c[1] == player:
                    carrying += 1
        if n > carrying:
            who = BLACK if player == NOBODY else player  # _office_who
            held = ext.offices
            for _ in range(n - carrying):
                for o in offices:
                    if held[o] == EMPTY:
                        held[o] = who
                        break
                else:
                    break
    table = ext.table
    if table.region == g.ids[place]:
        sit = min(_free_seats(table), n)
        if sit > 0:
            if player == NOBODY:
                table.black += sit
            else:
                table.seated[player] += sit


def _leave(ctx: HookContext, place: int, player: int, n: int) -> None:
    """Departures (the counts are already lowered): an office holder leaves last of its
    colour, the later office first (C4-C6: the office then stays empty until an arrival);
    a seat left empty is refilled from those standing beside the table (C10)."""
    state, board = ctx.state, ctx.board
    if n <= 0:
        return
    ext = state.ext.get(NAME)
    if type(ext) is not Pieces:  # (own_pieces' common case inline: no call)
        ext = own_pieces(state, board)
    g = _LAST[0] if _LAST and _LAST[0].board is board else colonies_board(board)
    pid = g.ids[place]
    left = state.neutral[place] if player == NOBODY else state.caballeros[place][player]
    offices = g.leaving[place]
    officers = 0
    if offices:
        who = BLACK if player == NOBODY else player  # _office_who
        holders = ext.offices
        held = []  # (loops here and below: no comprehension's function made)
        for o in offices:
            if holders[o] == who:
                held.append(o)
        officers = len(held)
        if officers > left:  # (none to free, the common case: no slice made)
            for o in held[:officers - left]:
                holders[o] = EMPTY
            officers = left
    dropped = []
    if ext.carriers:
        carried = []
        for c in ext.carriers:
            if c[0] == pid and c[1] == player:
                carried.append(c)
        extra = len(carried) - (left - officers)
        for c in carried[:extra] if extra > 0 else ():
            # a carrier forced out (plain caballeros leave first [decision]): its disc
            # returns to the supply, unless a move takes it on (:func:`_moved`, C11)
            ext.carriers.remove(c)
            ext.supply[c[2]] = ext.supply.get(c[2], 0) + 1
            dropped.append(c)
    if dropped or ext.dropped is not None:  # this departure's dropped carriers only (none: no key)
        ext.dropped = dropped
        state.due = True  # forgotten at the next pause (hook aside)
    table = ext.table
    if table.region != pid:
        return
    if player == NOBODY:
        table.black = min(table.black, left)
    else:
        table.seated[player] = min(table.seated[player], left)
    settle_table(state, board)


#: The option key of a decision asked only for the office holders' choices (C6, C11), which
#: records written before those choices existed do not answer: a replay declines it (0).
SKIP: Final = "skip"


#: The keys a move entry may add to say which caballeros leave (C10, C11; ``move_which``):
#: ``"office": id`` the holder of that office (``null``: a caballero holding none),
#: ``"seated": true`` a caballero seated at the limit table (``false``: one standing).
OFFICE_KEY: Final = "office"


SEATED_KEY: Final = "seated"


dec.answer_keys("move_caballeros", OFFICE_KEY, SEATED_KEY)  # a move may name them


def _move_which(ctx: HookContext,
                sources: dict[str, dict[str, int]]) -> dict[str, dict[str, list[Any]]]:
    """C10, C11: the mover (or sender) chooses which caballeros leave. Of the movable (or
    sendable) caballeros of each colour in a place with offices (France, the ship,
    America): the office holders, one kind each (``"office": id``), and those holding none
    (``"office": null``); at the limit table: the seated (``"seated": true``) and the
    standing (``false``). Listed in the order a move entry naming none takes them: plain
    caballeros first, then the later office first; the standing first (the interpretation
    this module had before the answers could say)."""
    state, board = ctx.state, ctx.board
    ext = state.ext.get(NAME)
    if type(ext) is not Pieces:  # (pieces' common case inline: no call)
        ext = pieces(state)
    if ext is None or not in_play(board):
        return {}
    g = _LAST[0] if _LAST and _LAST[0].board is board else colonies_board(board)
    table = ext.table
    out: dict[str, dict[str, list[Any]]] = {}
    for src, owners in sources.items():
        i = board.index[src]
        offices = g.leaving[i]
        if not offices and table.region != src:
            continue
        got: dict[str, list[Any]] = {}
        for key, n in owners.items():
            who = int(key)
            if offices:
                held = [o for o in offices if ext.offices[o] == _office_who(who)][:n]
                kinds: list[list[Any]] = [[None, n - len(held)]] if n > len(held) else []
                got[key] = [OFFICE_KEY, kinds + [[o, 1] for o in held]]
            else:
                sat = min(n, table.black if who == NOBODY else table.seated[who])
                kinds = [[False, n - sat]] if n > sat else []
                got[key] = [SEATED_KEY, kinds + ([[True, sat]] if sat else [])]
        out[src] = got
    return out


def _leaving(ctx: HookContext, place: int, player: int, n: int, key: str, value: Any) -> None:
    """C10, C11: the caballeros about to leave are those the mover chose
    (:func:`_move_which`): an office holder leaves its office empty (C4-C6: until an
    arrival), seated caballeros leave their seats (C10 then fills them from those standing
    beside the table, :func:`_leave`); plain or standing ones need nothing here."""
    state, board = ctx.state, ctx.board
    if value is None or value is False:
        return
    ext = own_pieces(state, board)
    if key == OFFICE_KEY:
        ext.offices[str(value)] = EMPTY
    elif key == SEATED_KEY:
        table = ext.table
        if player == NOBODY:
            table.black -= n
        else:
            table.seated[player] -= n


def _moved(ctx: HookContext, src: int, dst: int, player: int, n: int) -> None:
    """C11, C7: carriers a special action moved straight out of an area keep their discs:
    into a mainland region the disc is delivered at once (its points to the owner, the
    disc back to the supply); into America, the Mediterranean or onto the ship it is still
    carried; anywhere else (the Castillo, France) it returns to the supply (C7: only the
    owner may send a carrier to the Castillo, :func:`_movable`)."""
    state, board = ctx.state, ctx.board
    ext = state.ext.get(NAME)
    if type(ext) is not Pieces:  # (pieces' common case inline: no call)
        ext = pieces(state)
        if ext is None:
            return
    dropped = ext.dropped
    ext.dropped = []
    state.due = True  # forgotten at the next pause (hook aside)
    if not dropped:
        return  # no carrier forced out (the common case)
    g = colonies_board(board)
    pid, to = g.ids[src], g.ids[dst]
    moving = [c for c in dropped if c[0] == pid and c[1] == player][:n]
    if not moving:
        return
    areas = {d.area for d in figures(board).discs} | {str(ship_figures(board).get("area"))}
    for c in moving:
        disc = c[2]
        if board.is_region(dst) and dst != board.castillo:
            d = next(x for x in figures(board).discs if x.id == disc)
            state.scores[player] += d.points
            ctx.events.append({"event": "disc_delivered", "player": player, "disc": disc,
                               "place": to, "points": d.points,
                               "text": f"{seat(player)}'s {disc} carrier reaches "
                                       f"{board.places[dst].name}: {d.points} points."})
        elif to in areas and ext.supply.get(disc, 0) > 0:
            ext.supply[disc] -= 1
            ext.carriers.append([to, player, disc])


def _forget_dropped(state: State) -> None:
    """Forget the carriers a departure dropped (a move hears of them at once,
    :func:`_moved`; a send or a later arrival never does)."""
    ext = pieces(state)
    if ext is not None:
        ext.dropped = None
