"""Relocations spent in place (C11): what a move's unused relocations may still do
(strip or appoint an office, C4-C6; unseat or seat a caballero at the limit table, C10) and
the decision offering them.
"""

from __future__ import annotations

from typing import Any, Final

from elgrande.engine.decisions import Decision
from elgrande.engine.modules import Events
from elgrande.model.board import Board
from elgrande.model.hook_context import HookContext
from elgrande.model.seats import seat
from elgrande.model.state import NOBODY, State
from elgrande.rules.colonies.figures import (
    _LAST,
    BLACK,
    EMPTY,
    _count,
    _office_who,
    colonies_board,
    in_play,
)
from elgrande.rules.colonies.limit_table import _sit, settle_table, standing
from elgrande.rules.colonies.pieces import _carriers, own_pieces, pieces

#: The option key of the decision on a move's unused relocations (C11).
RELOCATE: Final = "relocations"


def _relocated(ctx: HookContext, options: dict[str, Any], moves: Any) -> None:
    """C11: a relocation special action may spend relocations without moving a caballero
    to another place: note how many of the move's relocations are left, by whom and on
    which colours in which places (:func:`relocation_decision` offers them)."""
    if not in_play(ctx.board):
        return
    ext = own_pieces(ctx.state, ctx.board)
    left = int(options["max"]) - sum(int(m[3]) for m in moves)
    if options.get("all") or left <= 0:
        ext.relocation = None
        return
    ctx.state.due = True  # offered at the next pause (hook aside)
    sources: dict[str, list[int]] = {}
    for src, owners in options["sources"].items():  # (loops: no generator made)
        whos = []
        for w in owners:
            whos.append(int(w))
        whos.sort()
        sources[src] = whos
    ext.relocation = {"left": left, "decider": ctx.player, "stripped": [], "sources": sources}


def relocation_actions(state: State, board: Board) -> list[dict[str, Any]]:
    """What the unused relocations of the last move may do (C11), each costing one: strip
    an office held by a colour the effect moves (``{"strip": office, "in": area}``),
    appoint a plain caballero of such a colour to an office stripped in this action
    (``{"appoint": office, "player": p, "in": area}``: a second relocation), take a seated
    caballero off the limit table, leaving it beside (``{"unseat": p}``), or seat a
    caballero of such a colour standing beside the table in an empty seat instead of the
    C10 chooser (``{"seat": p}``: a second relocation). Black caballeros are player -1."""
    ext = pieces(state)
    rel = ext.relocation if ext is not None else None
    if ext is None or not rel:
        return []
    out: list[dict[str, Any]] = []
    table = ext.table
    g = colonies_board(board)
    for src, whos in rel["sources"].items():
        offices = g.offices[board.index[src]] if src in board.index else []
        for o in offices:
            holder = ext.offices[o.id]
            colour = NOBODY if holder == BLACK else holder
            if holder != EMPTY and colour in whos:
                out.append({"strip": o.id, "in": src})
        for o in offices:
            if o.id not in rel["stripped"] or ext.offices[o.id] != EMPTY:
                continue
            for w in whos:
                held = sum(1 for x in offices if ext.offices[x.id] == _office_who(w))
                plain = _count(state, board.index[src], w) - held - (
                    _carriers(ext, src, w) if w >= 0 else 0)
                if plain > 0:
                    out.append({"appoint": o.id, "player": w, "in": src})
        if table.region == src:
            for w in whos:
                if (table.black if w == NOBODY else table.seated[w]) > 0:
                    out.append({"unseat": w})
            if table.vacant:
                stand = standing(state, board)
                out += [{"seat": w} for w in whos if stand.get(w, 0) > 0]
    return out


def _who_label(w: int) -> str:
    return "a black caballero" if w == NOBODY else seat(w)


def _relocation_label(board: Board, a: dict[str, Any]) -> str:
    offices = (_LAST[0] if _LAST and _LAST[0].board is board else colonies_board(board)).names
    if "strip" in a:
        return f"strip the {offices[a['strip']]} of office (1 relocation)"
    if "appoint" in a:
        return (f"appoint {_who_label(a['player'])}'s caballero as {offices[a['appoint']]} "
                "(a second relocation)")
    if "unseat" in a:
        return f"take {_who_label(a['unseat'])}'s caballero off the limit table (1 relocation)"
    return f"seat {_who_label(a['seat'])}'s caballero at the limit table (a second relocation)"


def relocation_decision(state: State, board: Board) -> Decision | None:
    """C11: spend one of the last move's unused relocations in place (answer: an option
    index into ``options["labels"]``, 0 spends no more; ``options["relocations"]`` lists
    what each other option does, see :func:`relocation_actions`), or None."""
    ext = pieces(state)
    rel = ext.relocation if ext is not None else None
    if ext is None or not rel:
        return None
    acts = relocation_actions(state, board)
    if not acts:
        ext.relocation = None
        return None
    return Decision("choose_option", [int(rel["decider"])],
                    f"{rel['left']} relocation(s) of this special action left: use one "
                    "without moving a caballero elsewhere?",
                    {"labels": ["use no more relocations",
                                *(_relocation_label(board, a) for a in acts)],
                     RELOCATE: acts}, "C11")


def apply_relocation(state: State, board: Board, d: Decision, norm: int,
                     events: Events) -> None:
    """Carry out a checked :func:`relocation_decision` answer (C11); an unseated seat is
    refilled as C10 says (:func:`settle_table`)."""
    ext = own_pieces(state, board)
    rel = ext.relocation
    if norm == 0 or not rel:
        ext.relocation = None
        return
    a = d.options[RELOCATE][norm - 1]
    table = ext.table
    if "strip" in a:
        ext.offices[a["strip"]] = EMPTY
        rel["stripped"].append(a["strip"])
    elif "appoint" in a:
        ext.offices[a["appoint"]] = _office_who(int(a["player"]))
    elif "unseat" in a:
        w = int(a["unseat"])
        if w == NOBODY:
            table.black -= 1
        else:
            table.seated[w] -= 1
        table.vacant = (table.vacant or 0) + 1  # C10 fills it (or a second relocation)
        table.chooser = None
    else:
        _sit(table, int(a["seat"]), 1)
        table.vacant = max(0, (table.vacant or 0) - 1)
    rel["left"] -= 1
    if rel["left"] <= 0:
        ext.relocation = None
    if "unseat" not in a:
        settle_table(state, board)
    events.append({"event": "relocate", "player": d.players[0], "relocation": dict(a),
                   "text": "{who}: " + _relocation_label(board, a) + "."})
