"""The limit table (C10, C8): its free seats, who stands beside it, the seating of an
empty seat (no seat stays empty while caballeros stand beside the table: the Inquisitor's
holder, else the acting player, chooses who sits), and the mover of the ``move``
statement's piece kind ``limit table`` (registered here): the table moves, and its new
region's caballeros sit, the mover choosing who when there are more than seats.
"""

from __future__ import annotations

from typing import Any, Final

from elgrande.dsl import ast
from elgrande.engine.context import Ctx
from elgrande.engine.decisions import Decision
from elgrande.engine.modules import Events
from elgrande.engine.pieces import Mover
from elgrande.engine.regions import regions
from elgrande.model.board import Board
from elgrande.model.seats import seat
from elgrande.model.state import NOBODY, State
from elgrande.rules.colonies.figures import _total, in_play
from elgrande.rules.colonies.pieces import Table, own_pieces, pieces


def _free_seats(table: Table) -> int:
    """The limit table's empty seats an arrival may take: not those waiting for a seating
    choice (``vacant``, C10)."""
    return int(table.seats - _total(table.seated) - table.black
               - (table.vacant or 0))


def standing(state: State, board: Board) -> dict[int, int]:
    """The caballeros standing beside the limit table, by colour (players, NOBODY for the
    black ones), only colours with some (C10)."""
    ext = pieces(state)
    if ext is None or not ext.table.region:
        return {}
    table = ext.table
    r = board.index[table.region]
    row, seated = state.caballeros[r], table.seated
    out: dict[int, int] = {}
    for p in range(state.players):  # (plain loops: the compiled build runs them natively)
        n = row[p] - seated[p]
        if n > 0:
            out[p] = n
    n = state.neutral[r] - table.black
    if n > 0:
        out[NOBODY] = n
    return out


def _sit(table: Table, who: int, n: int) -> None:
    if who == NOBODY:
        table.black += n
    else:
        table.seated[who] += n


#: :func:`standing` when it need not be asked (no seat free): a constant, never written
#: (no cache).
_NOBODY_STANDS: Final[dict[int, int]] = {}


def settle_table(state: State, board: Board) -> None:
    """C10, no seat stays empty while caballeros stand beside the table: when the empty
    seats take every caballero standing beside it, or those standing are of one colour,
    they sit at once (no real choice); otherwise the empty seats wait (``vacant``) for the
    seating decision (:func:`seat_decision`: the Inquisitor's holder, or the acting
    player, chooses who sits)."""
    ext = pieces(state)
    if ext is None or not ext.table.region:
        return
    table = ext.table
    table.vacant = 0
    free = _free_seats(table)
    stand = standing(state, board) if free > 0 else _NOBODY_STANDS
    if free <= 0 or not stand:
        table.chooser = None
        return
    if sum(stand.values()) <= free or len(stand) == 1:
        for who, n in stand.items():
            _sit(table, who, min(n, free))
            free -= min(n, free)
        table.chooser = None
        return
    table.vacant = free
    state.due = True  # the seating decision, at the next pause (hook aside)


#: The option key of a seating decision: the colour (player, or -1 for black) each label
#: seats (C10).
SEAT: Final = "seat_colours"


def seat_decider(state: State, actor: int) -> int:
    """Who fills limit-table vacancies (C8, C10): the Inquisitor's holder, else the acting
    player (seat 0 outside a turn)."""
    if state.neutral_holder != NOBODY:
        return state.neutral_holder
    return max(actor, 0)


def seat_decision(state: State, board: Board, actor: int) -> Decision | None:
    """The seating decision for one empty limit-table seat (C8, C10: the Inquisitor's
    holder, else the acting player; after the table moved, its mover), or None when no seat
    waits (a choice that is no longer real is settled at once).

    Answer form: an option index into ``options["labels"]``; ``options["seat_colours"]``
    gives the colour each label seats (a player index, -1 for a black caballero).
    """
    ext = pieces(state)
    if ext is None or not ext.table.vacant:
        return None
    settle_table(state, board)
    table = ext.table
    if not table.vacant:
        return None
    stand = standing(state, board)
    colours = sorted(stand, key=lambda w: (w == NOBODY, w))
    labels = [("a black caballero" if w == NOBODY else f"a caballero of {seat(w)}")
              + f" ({stand[w]} standing)" for w in colours]
    name = board.places[board.index[table.region]].name
    chooser = table.chooser  # the table's mover (C10), else C8's decider
    who = int(chooser) if chooser is not None else seat_decider(state, actor)
    return Decision("choose_option", [who],
                    f"Limit table in {name}: {table.vacant} seat(s) empty; whose "
                    "caballero standing beside the table sits down?",
                    {"labels": labels, SEAT: colours}, "C10")


def apply_seat(state: State, board: Board, d: Decision, norm: int,
               events: Events) -> None:
    """Seat the colour of option ``norm`` of a :func:`seat_decision` (checked) (C10)."""
    table = own_pieces(state, board).table
    who = int(d.options[SEAT][norm])
    _sit(table, who, 1)
    settle_table(state, board)
    events.append({"event": "seat", "player": d.players[0], "seated": who,
                   "region": table.region,
                   "text": "{who} seats " + ("a black caballero" if who == NOBODY else
                                             f"a caballero of {seat(who)}")
                           + " at the limit table."})


def _table_finish(ctx: Ctx, call: ast.Call, d: Decision, answer: Any) -> None:
    """C10: the table goes to the region answered; the caballeros there stay and sit
    (:func:`_seat_moved`)."""
    ext = own_pieces(ctx.state, ctx.board)
    t = ext.table
    frm = t.region
    t.region = str(answer)
    t.seated = [0] * ctx.state.players
    t.black = 0
    t.vacant = 0
    t.chooser = None
    ctx.event("limit_table", decider=ctx.subject, frm=frm, to=str(answer),
              text=f"{{who}} moves the limit table to "
                   f"{ctx.board.places[ctx.board.index[str(answer)]].name}.")
    _seat_moved(ctx)


def _move_table(ctx: Ctx, call: ast.Call) -> Decision | None:
    """C10 (``move the limit table to SET``): move the limit table to another mainland
    region of the set, never into or out of the king's region (never France: the table
    stands only in the regions of Spain). Not moved, its caballeros are seated as they
    stand (:func:`_seat_moved`)."""
    s, b = ctx.state, ctx.board
    if not in_play(b):
        return None
    t = own_pieces(s, b).table
    if t.region and b.index[t.region] == s.king:
        _seat_moved(ctx)
        return None
    opts = [r for r in regions(ctx, call.arg("to")) if r >= 0 and b.is_region(r)
            and r != s.king and b.place_id(r) != t.region]
    if not opts:
        _seat_moved(ctx)
        return None
    return Decision("choose_region", [ctx.subject],
                    "Move the limit table to a region of your choice",
                    {"choices": [b.places[r].id for r in opts],
                     "why": {ctx.rid(s.king): ["C10", "the limit table never enters the "
                                               "king's region"]} if s.king >= 0 else {}},
                    "C10")


def _seat_moved(ctx: Ctx) -> None:
    """C10: after the table moved, all its region's caballeros sit when they fit (or are
    of one colour); otherwise its mover chooses who sits, one seat at a time
    (:func:`seat_decision`, asked at once as an aside before the card's next statement).
    Part of the table's move: the seats are the table's rule, not the card's."""
    s, b = ctx.state, ctx.board
    t = own_pieces(s, b).table
    if not t.region:
        return
    settle_table(s, b)
    if t.vacant:
        t.chooser = ctx.subject


#: C10: the limit table's mover of the ``move`` statement.
TABLE_MOVER: Final[Mover] = Mover("limit table", _move_table, _table_finish)
