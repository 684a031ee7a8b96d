"""The Castillo's arrivals at a general scoring (B6.1-B6.4 with C10; C13): the Colonies'
discs phase, in which the Inquisitor's holder chooses which arriving caballeros sit at the
limit table, and the ``castillo_emptied`` hook (the seats, C10; Conspiracy, C13, is its
card's trigger on the same event).
"""

from __future__ import annotations

from typing import Any, Final

from elgrande.engine.decisions import Decision
from elgrande.engine.flow import Flow, FlowEngine
from elgrande.engine.modules import Events, Phase
from elgrande.model.board import Board
from elgrande.model.hook_context import HookContext
from elgrande.model.seats import seat
from elgrande.model.state import NOBODY, State
from elgrande.rules.base import DISCS as DISCS_PHASE
from elgrande.rules.colonies.figures import NAME
from elgrande.rules.colonies.pieces import Pieces, own_pieces, pieces


def _castillo_emptied(ctx: HookContext, discs: Any, moves: Any) -> None:
    """The limit table (C10, :func:`_seat_arrivals`)."""
    _seat_arrivals(ctx.state, ctx.board, discs, moves)


def _seat_arrivals(state: State, board: Board, discs: Any, moves: Any) -> None:
    """After the Castillo empties (C10): if the limit table's free seats are at least the
    arrivals there, all sit; otherwise the Inquisitor's holder has chosen who sits
    (:func:`_discs_decide`; one colour arriving: no choice, they fill the seats); with no
    holder all arrivals stand and the free seats wait for the next arrivals [decision]."""
    ext = pieces(state)
    if ext is None:
        return
    table = ext.table
    chosen, ext.castillo_chosen = ext.castillo_chosen, None
    if not table.region:
        return
    if chosen is not None:
        for q, k in chosen.items():  # (names of their own: mypyc types a name once)
            table.seated[int(q)] += int(k)
        return
    r = board.index[table.region]
    arrivals = [(m.player, m.caballeros) for m in moves if m.to == r]
    free = table.seats - sum(table.seated) - table.black
    total = sum(n for _, n in arrivals)
    if total <= free or state.neutral_holder != NOBODY:
        for p, n in arrivals:
            sit = min(n, free)
            table.seated[p] += sit
            free -= sit


#: (the revealed discs, the arrivals and the seats chosen so far) and the seats chosen.
#: The option key of that decision: the player each label seats.
CASTILLO_SEAT: Final = "castillo_seat_colours"


def _castillo_arrivals(state: State, board: Board, discs: dict[str, str]) -> dict[int, int]:
    """The caballeros each player's Castillo sends to the limit table's region (B6.3)."""
    ext = pieces(state)
    if ext is None or not ext.table.region:
        return {}
    t = ext.table.region
    return {p: state.caballeros[board.castillo][p] for p in range(state.players)
            if discs.get(str(p)) == t and board.index[t] != state.king
            and state.caballeros[board.castillo][p]}


def _discs_decide(engine: FlowEngine, state: State, flow: Flow,
                  events: Events) -> Decision | None:
    """B6.1, then C10: when the Castillo's caballeros bound for the limit table's region
    outnumber its free seats and are of several colours, the Inquisitor's holder chooses
    who sits, one seat at a time (answer: an option index;
    ``options["castillo_seat_colours"]`` gives the player each label seats), before the
    scoring goes on."""
    ext = state.ext.get(NAME)
    if type(ext) is not Pieces:  # (pieces' common case inline: no call)
        ext = pieces(state)
    cs = ext.castillo_seating if ext is not None else None
    if not cs or ext is None:
        wrapped: Decision | None = engine.rules.replaced[_DISCS].decide(  # (Rules.beneath
            engine, state, flow, events)  # inline: no call)
        return wrapped
    left = {int(p): n - cs["chosen"].get(p, 0) for p, n in cs["arrivals"].items()}
    colours = sorted(p for p, n in left.items() if n > 0)
    name = engine.board.places[engine.board.index[ext.table.region]].name
    return Decision("choose_option", [state.neutral_holder],
                    f"The Castillo empties: {cs['free']} seat(s) free at the limit table in "
                    f"{name} for {sum(left.values())} arriving caballeros; who sits next?",
                    {"labels": [f"a caballero of {seat(p)} ({left[p]} arriving)"
                                for p in colours], CASTILLO_SEAT: colours}, "C10")


def _discs_apply(engine: FlowEngine, state: State, flow: Flow, player: int, norm: Any,
                 events: Events) -> None:
    """B6.1-B6.4 as the base game carries them out, with the holder's seating choice after
    the last disc is set (C10, :func:`_discs_decide`); the discs phase it replaces (the
    base game's, or another module's that wraps it) carries them out."""
    base_apply = engine.rules.replaced[_DISCS].apply  # (Rules.beneath inline: no call)
    b = engine.board
    ext = state.ext.get(NAME)
    if type(ext) is not Pieces:  # (own_pieces' common case inline: no call)
        ext = own_pieces(state, b)
    cs = ext.castillo_seating
    if cs:
        p = str(flow.pending.options[CASTILLO_SEAT][int(norm)]) if flow.pending else ""
        cs["chosen"][p] = cs["chosen"].get(p, 0) + 1
        cs["free"] -= 1
        events.append({"event": "seat", "player": player, "seated": int(p),
                       "region": ext.table.region,
                       "text": f"{{who}} seats a caballero of {seat(int(p))} at the limit table."})
        left = {q: n - cs["chosen"].get(q, 0) for q, n in cs["arrivals"].items()}
        if cs["free"] > 0 and sum(left.values()) > cs["free"] and \
                sum(1 for n in left.values() if n > 0) > 1:
            return
        for q, n in left.items():  # no real choice left: fill the seats still free
            k = min(n, cs["free"])
            cs["chosen"][q] = cs["chosen"].get(q, 0) + k
            cs["free"] -= k
        ext.castillo_seating = None
        ext.castillo_chosen = dict(cs["chosen"])
        flow.secret = {k: v for k, v in cs["discs"].items() if k != str(cs["last"])}
        base_apply(engine, state, flow, int(cs["last"]), cs["discs"][str(cs["last"])], events)
        return
    last = len(flow.secret) == state.players - 1 and str(player) not in flow.secret
    if last and state.neutral_holder != NOBODY and flow.phase == DISCS_PHASE:
        discs = {**flow.secret, str(player): norm}
        arrivals = _castillo_arrivals(state, b, discs)
        t = ext.table
        free = t.seats - sum(t.seated) - t.black
        if len(arrivals) > 1 and sum(arrivals.values()) > free > 0:
            ext.castillo_seating = {"discs": discs, "last": player, "free": free,
                                     "arrivals": {str(p): n for p, n in arrivals.items()},
                                     "chosen": {}}
            flow.secret = {}  # the discs are revealed (B6.2): the holder sees them
            events.append({"event": "discs_revealed", "discs": dict(discs),
                           "text": "Discs revealed: " + ", ".join(
                               f"{seat(int(q))} {b.places[b.index[r]].name}"
                               for q, r in discs.items()) + "."})
            return
    base_apply(engine, state, flow, player, norm, events)


#: The Colonies' discs phase: the base game's (or the one it wraps) with the seating (C10).
_DISCS: Final = Phase(DISCS_PHASE, _discs_decide, _discs_apply, turn_rule="B6.1", goes_to=())
