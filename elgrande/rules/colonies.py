"""Grand Inquisitor & the Colonies as a rules module (C1-C13; DESIGN.md 2a).

The module keeps its own pieces in ``state.ext["colonies"]`` (a :class:`Pieces`, written as
plain data in JSON; see :func:`pieces`): the offices of the new areas (Ambassador, Envoy,
Captain, Viceroy: C4-C6), the limit table and who sits at it (C10), the free gold and
goods discs lying in the areas, the carriers and the supply (C7). Every figure (office
points, seats, disc values, the areas the king may enter) comes from the set manifest
(``cards/colonies/set.yaml``, :class:`elgrande.data.expansions.Figures`).

Caballeros in the new areas are ordinary places of the board; the neutral (black)
caballeros are ``state.neutral`` and count for ``state.neutral_holder`` (C8) or, unheld,
for nobody (C9: :mod:`elgrande.model.scoring`).

Scoring hooks: ``ranking_counts`` (C10 only seated caballeros count at the limit table; C6
the Viceroy is not counted in America), ``area_bonus`` (C4-C6 office points; C12 first
position only), ``scoring_order`` (C12). ``arrive``/``leave`` keep offices and seats up to
date. The scenario hooks set up and compare the Colonies keys of the case format
(``shared/cases/README.md``).

Decisions beside the cards' own (each a ``choose_option``, answer: an option index; the
options name what each index does): the ship moves (C5), the holder's extra caballero to
court or board (C8, phase ``inquisitor_bonus``), the seat of a limit-table vacancy
(``seat_colours``: the Inquisitor's holder, else the acting player, or the table's mover;
C8, C10), the Castillo's arrivals at the table (``castillo_seat_colours``, the holder; C10),
the new discs the acting player may take at once (``fresh_takes``, C7) and a move's unused
relocations in place (``relocations``, C11). They are asides (hook ``aside``), asked at
once: inside a special action between two statements, elsewhere between phases.
A decision is asked only when there is a real choice.

Which caballeros leave is the mover's choice (C10, C11): a move entry may name a seated or
a standing caballero at the limit table, an office holder or a plain one in France, on the
ship or in America (hooks ``move_which`` and ``leaving``; a send's parts and ship moves
likewise); the Viceroy
may give up the office to take a disc (C6). Interpretations [decision], named so they can be
changed: a move entry naming none takes plain caballeros before carriers and officers, and
standing ones before seated ones (the order before answers could say); an effect
of another player that may send caballeros to the Castillo does not move the owner's
carriers at all (C7); a carrier moved into France or the Castillo drops its disc (C7); an
office stripped by a relocation may be filled by appointment in the same action (C11).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Final

import attr

from elgrande.dsl import ast
from elgrande.engine import decisions as dec
from elgrande.engine.context import Aside, Ctx, Run
from elgrande.engine.decisions import Decision
from elgrande.engine.flow import Flow, FlowEngine
from elgrande.engine.modules import Events, FollowUp, Phase, RulesModule
from elgrande.engine.primitives import _apply_moves, primitive, room_in, within_room
from elgrande.engine.regions import regions
from elgrande.errors import DataError
from elgrande.model.board import Board
from elgrande.model.hook_context import HookContext
from elgrande.model.plain import plain_repr
from elgrande.model.scoring import participants
from elgrande.model.serial import field_names, from_fields, plain_fields
from elgrande.model.state import NOBODY, ExtPieces, State, copy_plain
from elgrande.rules.base import DISCS as DISCS_PHASE
from elgrande.rules.base import SPECIAL as SPECIAL_PHASE
from elgrande.rules.base import hooks_for

NAME: Final = "colonies"
#: An office held by a black (Inquisitor) caballero; its points go to the holder (C8).
BLACK: Final = -2
#: An office nobody holds.
EMPTY: Final = -1
AREA: Final = "area"

_FIGURES: Final[dict[int, tuple[Board, Any]]] = {}
_SHIP: Final[dict[int, tuple[Board, dict[str, Any]]]] = {}


# -- figures and pieces ----------------------------------------------------------------------------
def figures(board: Board) -> Any:
    """The Colonies figures of ``board`` (offices, limit tables, discs, setup; from the
    manifest), cached per board.

    Raises:
        DataError: the manifest cannot be read.
    """
    hit = _FIGURES.get(id(board))
    if hit is not None and hit[0] is board:
        return hit[1]
    from elgrande.data.expansions import load_figures

    fig = load_figures(board)[NAME]
    _FIGURES[id(board)] = (board, fig)
    return fig


def ship_figures(board: Board) -> dict[str, Any]:
    """The manifest's ``ship`` mapping (C5): ``area`` (the ship's area id) and ``ports``
    (the areas ship caballeros may sail to beside the coastal regions)."""
    hit = _SHIP.get(id(board))
    if hit is not None and hit[0] is board:
        return hit[1]
    from elgrande.data.manifests import read_manifest  # (once per board: an import costs)

    data, _pos, _path = read_manifest(NAME, [d.parent for d in board.set_dirs])
    ship = dict(data.get("ship") or {})
    _SHIP[id(board)] = (board, ship)
    return ship


def in_play(board: Board) -> bool:
    """Whether the Colonies set is on ``board`` (a smoke play may run its cards' statements
    on another board: they then do nothing)."""
    return NAME in board.sets


def remember_figures(board: Board, fig: Any) -> None:
    """Use ``fig`` (a library's figures, a fill applied) for ``board``; what was derived
    from other figures is forgotten."""
    hit = _FIGURES.get(id(board))
    if hit is not None and hit[0] is board and hit[1] is fig:
        return  # the figures in use (every game of a library sets them up again)
    _FIGURES[id(board)] = (board, fig)
    for derived in _DERIVED:
        derived.clear()
    _GEO.clear()
    _GEOS.clear()


# attr.s, not attrs.define: mypyc makes them native classes (README, "Compiled build"):
# the hooks read the pieces at every caballero moved and every phase step as struct fields,
# not by hashing keys of nested dicts; init=False and an __init__ of their own (compiled)
@attr.s(auto_attribs=True, order=False, eq=False, init=False, repr=False)
class Table:
    """The limit table (C10), its plain form ``{"region", "seats", "seated", "black"}`` and,
    once set, ``"vacant"`` and ``"chooser"``.

    Attributes:
        region: the id of its region ("" before setup).
        seats: its seats (by player count, from the manifest).
        seated: the caballeros seated there by player.
        black: the black caballeros seated there.
        vacant: the empty seats waiting for the seating decision (None: never settled).
        chooser: who chooses who sits after the table moved (None: C8's decider).
    """

    def __repr__(self) -> str:
        return plain_repr(self)

    region: str
    seats: int
    seated: list[int]
    black: int
    vacant: int | None = None
    chooser: int | None = None

    def __init__(self, region: str, seats: int, seated: list[int], black: int,
                 vacant: int | None = None, chooser: int | None = None) -> None:
        self.region = region
        self.seats = seats
        self.seated = seated
        self.black = black
        self.vacant = vacant
        self.chooser = chooser

    def copy(self) -> Table:
        """An independent copy."""
        return Table(self.region, self.seats, self.seated.copy(), self.black, self.vacant,
                     self.chooser)

    def to_plain(self) -> dict[str, Any]:
        """The plain form (``state.ext`` JSON): the fields, one that is None left out."""
        return plain_fields(self, none_absent=True)

    @classmethod
    def from_plain(cls, data: dict[str, Any]) -> Table:
        """Read :meth:`to_plain`'s form (copied).

        Raises:
            TypeError: a key that is not a field, or a field without default missing."""
        table: Table = from_fields(cls, data)
        return table


@attr.s(auto_attribs=True, order=False, eq=False, init=False, repr=False)
class Pieces(ExtPieces):
    """The Colonies pieces of a game, ``state.ext["colonies"]`` (C4-C13). Its plain form
    (saved games, views, records) is a mapping of the attribute names; an optional piece
    (None here) is absent there.

    Attributes:
        offices: office id -> holder (a player, BLACK or EMPTY) (C4-C6).
        table: the limit table (C10).
        free: area -> disc id -> discs lying there (an area without discs: absent) (C7).
        carriers: ``[area, player, disc]`` of each caballero carrying a disc (C7).
        supply: disc id -> discs in the supply (C7).
        bonus: the Inquisitor holder's extra caballero this turn, "court", "board" or "" (C8).
        open: the action cards on offer when the turn began: what Remove Action Card
            offers (C13).
        sailed: what moved on the ship this turn, ``place`` or ``place:disc`` -> n, and
            ``place:office`` -> 1 for an office taken there on arrival (C5).
        dropped: the carriers the last departure forced out (C7, C11).
        fresh: the new discs the acting player may take at once (C7).
        relocation: the unused relocations of the last move (C11).
        removed: the action cards a special action removed (C13), in saves of format 2
            only (now they leave ``State.offer`` at once): they leave it when it is done.
        carrying: 1 while a carrier arrives by ship (it takes no office, C5).
        castillo_seating: the pending seating of the Castillo's arrivals (C10).
        castillo_chosen: the seats chosen for the Castillo's arrivals (C10).
    """

    def __repr__(self) -> str:
        return plain_repr(self)

    offices: dict[str, int]
    table: Table
    free: dict[str, dict[str, int]]
    carriers: list[list[Any]]
    supply: dict[str, int]
    bonus: str | None = None
    open: list[str] | None = None
    sailed: dict[str, int] | None = None
    dropped: list[list[Any]] | None = None
    fresh: dict[str, Any] | None = None
    relocation: dict[str, Any] | None = None
    removed: list[str] | None = None
    carrying: int | None = None
    castillo_seating: dict[str, Any] | None = None
    castillo_chosen: dict[str, Any] | None = None

    def __init__(self, offices: dict[str, int], table: Table, free: dict[str, dict[str, int]],
                 carriers: list[list[Any]], supply: dict[str, int], bonus: str | None = None,
                 open: list[str] | None = None, sailed: dict[str, int] | None = None,
                 dropped: list[list[Any]] | None = None,
                 fresh: dict[str, Any] | None = None,
                 relocation: dict[str, Any] | None = None,
                 removed: list[str] | None = None, carrying: int | None = None,
                 castillo_seating: dict[str, Any] | None = None,
                 castillo_chosen: dict[str, Any] | None = None) -> None:
        self.offices = offices
        self.table = table
        self.free = free
        self.carriers = carriers
        self.supply = supply
        self.bonus = bonus
        self.open = open
        self.sailed = sailed
        self.dropped = dropped
        self.fresh = fresh
        self.relocation = relocation
        self.removed = removed
        self.carrying = carrying
        self.castillo_seating = castillo_seating
        self.castillo_chosen = castillo_chosen

    def copy(self) -> Pieces:
        """An independent copy (the rare pieces, when present, deep-copied as plain data)."""
        return Pieces(
            self.offices.copy(), self.table.copy(), {a: d.copy() for a, d in self.free.items()},
            [c.copy() for c in self.carriers], self.supply.copy(), self.bonus,
            None if self.open is None else self.open.copy(),
            None if self.sailed is None else self.sailed.copy(),
            None if self.dropped is None else [c.copy() for c in self.dropped],
            None if self.fresh is None else copy_plain(self.fresh),
            None if self.relocation is None else copy_plain(self.relocation),
            None if self.removed is None else self.removed.copy(), self.carrying,
            None if self.castillo_seating is None else copy_plain(self.castillo_seating),
            None if self.castillo_chosen is None else copy_plain(self.castillo_chosen))

    def to_plain(self) -> dict[str, Any]:
        """The plain form (``state.ext["colonies"]`` in JSON): the keys of the attributes,
        an absent optional piece (None) left out."""
        return plain_fields(self, none_absent=True)

    @classmethod
    def from_plain(cls, data: dict[str, Any]) -> Pieces:
        """Read :meth:`to_plain`'s form (a saved game's, a view's; copied).

        Raises:
            DataError: a key this module does not know.
        """
        unknown = sorted(set(data) - set(field_names(cls)))
        if unknown:
            raise DataError("", f"unknown Colonies piece(s) in the state: {', '.join(unknown)}")
        pieces: Pieces = from_fields(cls, data, {"table": Table.from_plain(data["table"])})
        return pieces


def fresh_pieces(board: Board, players: int) -> Pieces:
    """The Colonies pieces before setup: offices empty, no limit table, every disc in the
    supply (C1, C7)."""
    fig = figures(board)
    table = fig.limit_table(players)
    return Pieces({o.id: EMPTY for o in fig.offices},
                  Table("", table.seats if table else 0, [0] * players, 0),
                  {}, [], {d.id: d.supply for d in fig.discs})


def pieces(state: State) -> Pieces | None:
    """The Colonies pieces of ``state``, or None before they exist; the plain form of a
    state read from JSON is turned into :class:`Pieces` here, once (the same pieces)."""
    ext = state.ext.get(NAME)
    if ext is None or type(ext) is Pieces:
        return ext
    got = state.ext[NAME] = Pieces.from_plain(ext)
    return got


def own_pieces(state: State, board: Board) -> Pieces:
    """The Colonies pieces of ``state``, created empty when missing (to change them)."""
    ext = pieces(state)
    if ext is None:
        ext = state.ext[NAME] = fresh_pieces(board, state.players)
    return ext


def _areas(board: Board) -> list[str]:
    return [p.id for p in board.places if p.kind == AREA]


def _count(state: State, place: int, who: int) -> int:
    return state.neutral[place] if who == NOBODY else state.caballeros[place][who]


def _office_who(who: int) -> int:
    """The participant whose caballero an arrival is: a player, or BLACK."""
    return BLACK if who == NOBODY else who


def _payee(state: State, holder: int) -> int | None:
    """Who is paid for an office held by ``holder`` (C8/C9: a black holder pays the
    Inquisitor's holder, or nobody)."""
    if holder == BLACK:
        return state.neutral_holder if state.neutral_holder != NOBODY else None
    return holder if holder >= 0 else None


# -- offices and seats (C4-C6, C10) ----------------------------------------------------------------
def _arrive(ctx: HookContext, place: int, player: int, n: int) -> None:
    """Arrivals take empty offices of the area in arrival order (C4, C5, C6) and free seats
    at the limit table (C10). Carriers never arrive this way (see the ship phase)."""
    state, board = ctx.state, ctx.board
    if n <= 0:
        return
    ext = own_pieces(state, board)
    g = _geo(board)
    offices = g.arriving[place]
    carrying = 0
    if offices:  # carriers take no office
        if ext.carrying:
            carrying = n
        elif ext.dropped is not None:
            for c in ext.dropped:
                if c[1] == player:
                    carrying += 1
    if offices and n > carrying:
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


def _offices_in(board: Board, order: int = 0) -> dict[str, list[Any]]:
    """The offices of each area of ``board`` (C4-C6), cached per board and figures: in
    arrival order (``order`` 0), the later first (1) or in the manifest's order (2)."""
    hit = _OFFICES.get(id(board))
    if hit is None or hit[0] is not board:
        fig = figures(board)
        orders: list[dict[str, list[Any]]] = [{}, {}, {}]
        for i, offices in enumerate((sorted(fig.offices, key=lambda o: o.arrival),
                                     sorted(fig.offices, key=lambda o: -o.arrival),
                                     fig.offices)):
            for o in offices:
                orders[i].setdefault(o.area, []).append(o)
        hit = _OFFICES[id(board)] = (board, fig, orders)
    return hit[2][order]


_OFFICES: Final[dict[int, tuple[Board, Any, list[dict[str, list[Any]]]]]] = {}
#: :func:`_offices_in` orders: the later arrival first, the manifest's.
LATER_FIRST, LISTED = 1, 2


def _by_place(board: Board) -> list[list[list[Any] | None]]:
    """:func:`_offices_in`'s three orders by place index (None: no office there), for
    :func:`_make_geo` (whose geometry the hooks read)."""
    orders = [_offices_in(board, o) for o in range(3)]
    return [[o.get(p.id) for p in board.places] for o in orders]


# attr.s: native classes (README, "Compiled build"): the hooks called for every caballero
# moved, every place scored and every ship step read these as struct fields. The private
# classes have no generated repr: nothing shows them, and attrs compiles it at import
@attr.s(auto_attribs=True, order=False, eq=False, init=False, repr=False)
class _Office:
    """What a scoring reads of an office (C4-C6): its id, name, points, whether its holder
    counts for the ranking and whether it pays in a first-position-only scoring (C12)."""

    id: str
    name: str
    points: int
    ranks: bool
    first_only: bool

    def __init__(self, id: str, name: str, points: int, ranks: bool,
                 first_only: bool) -> None:
        self.id = id
        self.name = name
        self.points = points
        self.ranks = ranks
        self.first_only = first_only


@attr.s(auto_attribs=True, order=False, eq=False, init=False, repr=False)
class _Geo:
    """A board's Colonies geometry, by place index (see :func:`_geo`).

    Attributes:
        board: the board; fig: the figures it was made from.
        ids: the place ids.
        arriving: the office ids of each place in arrival order (C4-C6; [] for none).
        leaving: the same, the later arrival first.
        offices: the offices of each place in the manifest's order (the scoring's).
        discs: the disc ids (C7).
        areas: the indices of the new areas, in the board's order.
        region_ids: the mainland regions' ids, in the board's order.
        office_places: the indices of the places with an office (C4-C6).
        room: the new areas with a capacity (C4), once made (:func:`_placement_room`): id,
            index, capacity and the refusal's text.
        plan: the ship moves' fixed figures (:func:`_ship_plan`) once made (``planned``).
        dests: the ship's destinations by the king's region (:func:`_dests`).
    """

    board: Board
    fig: Any
    ids: list[str]
    arriving: list[list[str]]
    leaving: list[list[str]]
    offices: list[list[_Office]]
    discs: list[str]
    areas: list[int]
    region_ids: list[str]
    office_places: list[int]
    room: list[tuple[str, int, int, str]] | None
    plan: _Plan | None
    planned: bool
    dests: dict[int, _Dests]

    def __init__(self, board: Board, fig: Any, ids: list[str], arriving: list[list[str]],
                 leaving: list[list[str]], offices: list[list[_Office]], discs: list[str],
                 areas: list[int], region_ids: list[str], office_places: list[int],
                 room: list[tuple[str, int, int, str]] | None, plan: _Plan | None,
                 planned: bool, dests: dict[int, _Dests]) -> None:
        self.board = board
        self.fig = fig
        self.ids = ids
        self.arriving = arriving
        self.leaving = leaving
        self.offices = offices
        self.discs = discs
        self.areas = areas
        self.region_ids = region_ids
        self.office_places = office_places
        self.room = room
        self.plan = plan
        self.planned = planned
        self.dests = dests


def _make_geo(board: Board, fig: Any) -> _Geo:
    """The :class:`_Geo` of ``board`` with figures ``fig`` (no ship plan yet)."""
    orders = _by_place(board)
    listed = [[_Office(o.id, o.name, int(o.points), bool(o.ranks), bool(o.first_only))
               for o in os] if os else [] for os in orders[2]]
    return _Geo(board, fig, [p.id for p in board.places],
                [[o.id for o in os] if os else [] for os in orders[0]],
                [[o.id for o in os] if os else [] for os in orders[1]],
                listed, [d.id for d in fig.discs],
                [p.index for p in board.places if p.kind == AREA],
                [board.place_id(r) for r in board.regions],
                [i for i, os in enumerate(listed) if os], None, None, False, {})


#: The geometry in use (the last board asked for), and every board's by id.
_GEO: Final[list[_Geo]] = []
_GEOS: Final[dict[int, _Geo]] = {}


def _geo(board: Board) -> _Geo:
    """The Colonies geometry of ``board`` (cached: the last board's is found without a
    dict look-up, as the hooks ask at every caballero moved)."""
    if _GEO:
        g = _GEO[0]
        if g.board is board:
            return g
    got = _GEOS.get(id(board))
    if got is None or got.board is not board:
        got = _GEOS[id(board)] = _make_geo(board, figures(board))
    _GEO[:] = [got]
    return got


def _leave(ctx: HookContext, place: int, player: int, n: int) -> None:
    """Departures (the counts are already lowered): an office holder leaves last of its
    colour, the later office first (C4-C6: the office then stays empty until an arrival);
    a seat left empty is refilled from those standing beside the table (C10)."""
    state, board = ctx.state, ctx.board
    if n <= 0:
        return
    ext = own_pieces(state, board)
    g = _geo(board)
    pid = g.ids[place]
    left = state.neutral[place] if player == NOBODY else state.caballeros[place][player]
    offices = g.leaving[place]
    officers = 0
    if offices:
        who = BLACK if player == NOBODY else player  # _office_who
        holders = ext.offices
        held = [o for o in offices if holders[o] == who]
        for o in held[:max(0, len(held) - left)]:
            holders[o] = EMPTY
        officers = min(len(held), left)
    dropped = []
    if ext.carriers:
        carried = [c for c in ext.carriers if c[0] == pid and c[1] == player]
        for c in carried[:max(0, len(carried) - (left - officers))]:
            # a carrier forced out (plain caballeros leave first [decision]): its disc
            # returns to the supply, unless a move takes it on (:func:`_moved`, C11)
            ext.carriers.remove(c)
            ext.supply[c[2]] = ext.supply.get(c[2], 0) + 1
            dropped.append(c)
    if dropped or ext.dropped is not None:  # this departure's dropped carriers only (none: no key)
        ext.dropped = dropped
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
    ext = pieces(state)
    if ext is None or not in_play(board):
        return {}
    g = _geo(board)
    table = ext.table
    out: dict[str, dict[str, list[Any]]] = {}
    for src, owners in sources.items():
        i = board.index[src]
        offices = g.leaving[i]
        if not offices and table.region != src:
            continue
        got: dict[str, list[Any]] = {}
        for seat, n in owners.items():
            who = int(seat)
            if offices:
                held = [o for o in offices if ext.offices[o] == _office_who(who)][:n]
                kinds: list[list[Any]] = [[None, n - len(held)]] if n > len(held) else []
                got[seat] = [OFFICE_KEY, kinds + [[o, 1] for o in held]]
            else:
                sat = min(n, table.black if who == NOBODY else table.seated[who])
                kinds = [[False, n - sat]] if n > sat else []
                got[seat] = [SEATED_KEY, kinds + ([[True, sat]] if sat else [])]
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
    ext = pieces(state)
    if ext is None:
        return
    dropped = ext.dropped
    ext.dropped = []
    if not dropped:
        return  # no carrier forced out (the common case)
    g = _geo(board)
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
                               "text": f"{{seat{player}}}'s {disc} carrier reaches "
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


def _total(xs: list[int]) -> int:
    """``sum(xs)`` as a loop the compiled build runs natively (its ``sum`` is a call into
    the interpreter's builtin)."""
    n = 0
    for x in xs:
        n += x
    return n


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


#: :func:`standing` when it need not be asked (no seat free).
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
    labels = [("a black caballero" if w == NOBODY else f"a caballero of player {w}")
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
                                             f"a caballero of {{seat{who}}}")
                           + " at the limit table."})


# -- relocations in place (C11) --------------------------------------------------------------------
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
    ext.relocation = {"left": left, "decider": ctx.player, "stripped": [],
                         "sources": {src: sorted(int(w) for w in owners)
                                     for src, owners in options["sources"].items()}}


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
    g = _geo(board)
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
    return "a black caballero" if w == NOBODY else f"player {w}"


def _relocation_label(board: Board, a: dict[str, Any]) -> str:
    offices = {o.id: o.name for os in _geo(board).offices for o in os}
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


def _castillo_emptied(ctx: HookContext, discs: Any, moves: Any) -> None:
    """Conspiracy (C13), then the limit table (C10, :func:`_seat_arrivals`)."""
    state, board = ctx.state, ctx.board
    _conspiracy(state, board, discs, moves)
    _seat_arrivals(state, board, discs, moves)


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
    ext = pieces(state)
    cs = ext.castillo_seating if ext is not None else None
    if not cs or ext is None:
        wrapped: Decision | None = engine.rules.beneath(_DISCS).decide(engine, state, flow,
                                                                     events)
        return wrapped
    left = {int(p): n - cs["chosen"].get(p, 0) for p, n in cs["arrivals"].items()}
    colours = sorted(p for p, n in left.items() if n > 0)
    name = engine.board.places[engine.board.index[ext.table.region]].name
    return Decision("choose_option", [state.neutral_holder],
                    f"The Castillo empties: {cs['free']} seat(s) free at the limit table in "
                    f"{name} for {sum(left.values())} arriving caballeros; who sits next?",
                    {"labels": [f"a caballero of player {p} ({left[p]} arriving)"
                                for p in colours], CASTILLO_SEAT: colours}, "C10")


def _discs_apply(engine: FlowEngine, state: State, flow: Flow, player: int, norm: Any,
                 events: Events) -> None:
    """B6.1-B6.4 as the base game carries them out, with the holder's seating choice after
    the last disc is set (C10, :func:`_discs_decide`); the discs phase it replaces (the
    base game's, or another module's that wraps it) carries them out."""
    base_apply = engine.rules.beneath(_DISCS).apply
    b = engine.board
    ext = own_pieces(state, b)
    cs = ext.castillo_seating
    if cs:
        p = str(flow.pending.options[CASTILLO_SEAT][int(norm)]) if flow.pending else ""
        cs["chosen"][p] = cs["chosen"].get(p, 0) + 1
        cs["free"] -= 1
        events.append({"event": "seat", "player": player, "seated": int(p),
                       "region": ext.table.region,
                       "text": f"{{who}} seats a caballero of {{seat{p}}} at the limit table."})
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
                               f"{{seat{q}}} {b.places[b.index[r]].name}"
                               for q, r in discs.items()) + "."})
            return
    base_apply(engine, state, flow, player, norm, events)


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


def _king_places(ctx: HookContext, places: list[int]) -> list[int]:
    """C3: of the new areas the king may enter France only (the manifest's king_areas)."""
    board = ctx.board
    return [*places, *(board.index[a] for a in figures(board).king_areas)]


def _grande_places(ctx: HookContext, places: list[int]) -> list[int]:
    """C3: a Grande may be moved into every new area (the King's region and the Castillo
    stay closed to it, B5.2, B1.2); secret discs still show the mainland regions only."""
    board = ctx.board
    return [*places, *_geo(board).areas]


# -- placement from court (C4, C5, C6) -------------------------------------------------------------
def _placement_targets(ctx: HookContext, places: list[int]) -> list[int]:
    """C4: France (an area bordering the king's region: Aragon, Catalonia) takes caballeros
    from court; C5: the ship only while the king is in a coastal region; C6: America and
    the Mediterranean never (reached by ship or special actions)."""
    engine, state = ctx.engine, ctx.state
    b = engine.board
    k = state.king
    if k < 0:
        return list(places)
    key = (id(b), k)
    hit = _TARGETS.get(key)
    if hit is None or hit[0] is not b:
        adds = [p.index for p in b.places if p.kind == AREA and b.adjacent(k, p.index)]
        ship = ship_figures(b).get("area")
        if ship in b.index and b.places[k].coastal:
            adds.append(b.index[ship])
        hit = _TARGETS[key] = (b, adds)
    out = list(places)
    for i in hit[1]:
        if i not in out:
            out.append(i)
    return out


#: The new areas open to placement by board and king's region (C4, C5), in the order
#: :func:`_placement_targets` adds them.
_TARGETS: Final[dict[tuple[int, int], tuple[Board, list[int]]]] = {}


def _placement_refused(ctx: HookContext, refused: dict[str, Any]) -> dict[str, Any]:
    """Why a new area is not a placement target now: C4 (France: the king is not in a
    bordering region), C5 (the ship: the king is not in a coastal region), C6 (America and
    the Mediterranean: only by ship or special actions)."""
    state, board = ctx.state, ctx.board
    out = dict(refused)
    k = state.king
    key = (id(board), k)
    hit = _REFUSED.get(key)
    if hit is None or hit[0] is not board:
        hit = _REFUSED[key] = (board, figures(board), _area_refusals(board, k))
    out.update(hit[2])  # [rule, message] pairs shared: decisions are never changed
    return out


#: The refusals of the new areas by board and king's region (with the figures they came
#: from), see :func:`_area_refusals`.
_REFUSED: Final[dict[tuple[int, int], tuple[Board, Any, dict[str, Any]]]] = {}


def _area_refusals(board: Board, k: int) -> dict[str, Any]:
    """The refusals of :func:`_placement_refused` with the king in region ``k``."""
    out: dict[str, Any] = {}
    ship = ship_figures(board).get("area")
    for p in board.places:
        if p.kind != AREA or k < 0:
            continue
        if p.id == ship:
            if not board.places[k].coastal:
                out[p.id] = ["C5", "caballeros board the ship from court only while the "
                             "king is in a coastal region"]
        elif p.id in figures(board).capacity or p.id in figures(board).king_areas:
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
    :func:`_placement_room`, the ``placement_room`` hook), ship moves (:func:`_ship_keys`)
    and the Grand Inquisitor card's black caballeros (:func:`_move_black`). A Grande is
    not a caballero: it takes no room (C3)."""
    return max(0, cap - _total(state.caballeros[place]) - state.neutral[place])


def _placement_room(ctx: HookContext, room: dict[str, Any]) -> dict[str, Any]:
    """C4: France holds at most its capacity (3) caballeros of every colour, black ones
    included (:func:`room_left`)."""
    state, board = ctx.state, ctx.board
    out = dict(room)
    g = _geo(board)
    capped = g.room
    if capped is None:
        capped = g.room = [
            (area, board.index[area], int(cap), f"{board.places[board.index[area]].name} "
             f"holds at most {cap} caballeros") for area, cap in g.fig.capacity.items()]
    for area, i, cap, why in capped:
        out[area] = [room_left(state, i, cap), "C4", why]
    return out


#: The caches of what is derived from a board's figures (:func:`remember_figures` clears
#: them when the figures change).
_DERIVED: Final[tuple[dict[Any, Any], ...]] = (_OFFICES, _REFUSED)


# -- scoring (C5, C6, C10, C12) --------------------------------------------------------------------
def _ranking_counts(ctx: HookContext, place: int,
                    ranking: tuple[list[int], list[int]]) -> tuple[list[int], list[int]]:
    """C10: at the limit table only seated caballeros count (black ones for their holder or
    nobody); C6: an office holder whose office does not rank (the Viceroy) is not counted.
    On the ship all aboard count for the ranking (its values pay nothing; C3's Grande
    bonus needs the majority aboard), only the Captain scores (C5, :func:`_area_bonus`)."""
    state, board, who, counts = ctx.state, ctx.board, ranking[0], ranking[1]
    ext = pieces(state)
    if ext is None:
        return who, counts
    g = _geo(board)
    table = ext.table
    offices = g.offices[place]
    at_table = table.region == g.ids[place]
    if not at_table and not offices:
        return who, counts  # neither the limit table nor an office here: unchanged
    counts = counts[:]
    who = who[:]
    if at_table:
        counts = [table.seated[w] if w >= 0 else 0 for w in who]
        black = table.black
        if black:
            if state.neutral_holder != NOBODY:
                counts[who.index(state.neutral_holder)] += black
            elif NOBODY in who:
                counts[who.index(NOBODY)] = black
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
    offices = _geo(board).offices[place]
    if not offices:
        return []
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
        payee = _payee(state, ext.offices[o.id])
        if payee is None or (first_only and (not o.first_only or payee != leader)):
            continue
        out.append((payee, o.name, o.points))
    return out


def _scoring_places(ctx: HookContext) -> list[int]:
    """The places :func:`_ranking_counts` and :func:`_area_bonus` may change now: those
    with an office (C4-C6) and the limit table's region (C10)."""
    state, board = ctx.state, ctx.board
    g = _geo(board)
    out = g.office_places[:]
    ext = pieces(state)
    if ext is not None and ext.table.region and ext.table.region in board.index:
        out.append(board.index[ext.table.region])
    return out


def _scoring_order(ctx: HookContext, places: list[int]) -> list[int]:
    """C12: the base order, then the new areas in the manifest's order (France, Ship,
    America, Mediterranean)."""
    board = ctx.board
    out = places[:]
    for i in _geo(board).areas:  # (plain loops: the compiled build runs them natively)
        known = False
        for q in places:
            if q == i:
                known = True
                break
        if not known:
            out.append(i)
    return out


# -- setup (C2) ------------------------------------------------------------------------------------
#: The phase of the secret setup disc (C2), the first of a Colonies game.
SETUP_DISC: Final = "setup_disc"
#: The phase the setup disc is inserted before: the base game's first round.
ROUND: Final = "round"


def _setup(ctx: HookContext, rng: random.Random, start_player: int | None) -> None:
    """C2 after the base setup (which put 2 caballeros in each Grande's region and 9 in
    court: the manifest's figures; the score marker is no caballero, B1.1): 2 black
    caballeros in each of 2 more drawn regions, the limit table (by player count) in one
    more, the setup discs (1 gold in America, 2 goods in the Mediterranean)."""
    engine, state, events = ctx.engine, ctx.state, ctx.events
    b = engine.board
    if NAME in engine.lib.figures:  # the library's (a fill applied): no manifest is read
        remember_figures(b, engine.lib.figures[NAME])
    fig = figures(b)
    ext = state.ext[NAME] = fresh_pieces(b, state.players)
    taken = {state.king, *state.grandes}
    left = [r for r in b.regions if r not in taken]
    rng.shuffle(left)
    n_neutral = int(fig.setup.get("neutral_regions", 0))
    per = int(fig.setup.get("neutral_per_region", 0))
    for r in left[:n_neutral]:
        state.neutral[r] += per
    n_table = int(fig.setup.get("limit_table_regions", 0))
    for r in left[n_neutral:n_neutral + n_table]:
        ext.table.region = b.place_id(r)
    for area, discs in (fig.setup.get("discs") or {}).items():
        for d, n in discs.items():
            ext.free.setdefault(area, {})
            ext.free[area][d] = ext.free[area].get(d, 0) + int(n)
            ext.supply[d] -= int(n)
    names = ", ".join(b.places[r].name for r in left[:n_neutral])
    table = ext.table.region
    events.append({"event": "colonies_setup",
                   "neutral": {b.place_id(r): state.neutral[r] for r in left[:n_neutral]},
                   "limit_table": table, "seats": ext.table.seats,
                   "free": {a: dict(d) for a, d in ext.free.items() if d},
                   "text": f"Colonies: {per} black caballeros of the Grand Inquisitor in "
                           f"each of {names}; the limit table ({ext.table.seats} "
                           f"seats) in {b.places[b.index[table]].name if table else 'no region'}"
                           "; discs: " + ", ".join(
                               f"{n} {d} in {b.places[b.index[a]].name}"
                               for a, ds in ext.free.items() for d, n in ds.items() if n)
                           + "; the new areas: " + ", ".join(
                               pl.name for pl in b.places if pl.kind == "area") + "."})


def _setup_disc_decide(engine: FlowEngine, state: State, flow: Flow,
                       events: Events) -> Decision | None:
    """C2: each player secretly chooses a region with the disc (the 9 mainland regions)."""
    g = _geo(engine.board)
    n = int(g.fig.setup.get("disc_caballeros", 0))
    if not n:
        engine.resume(flow)
        return None
    remaining = [p for p in range(state.players) if str(p) not in flow.secret]
    opts = g.region_ids[:]
    return Decision("secret_region", remaining, f"Set your secret disc: {n} caballeros go "
                    "there from your court (the king's region: they stay in court)",
                    {"per_player": {str(p): opts for p in remaining}}, "C2")


def _setup_disc_apply(engine: FlowEngine, state: State, flow: Flow, player: int, norm: Any,
                      events: Events) -> None:
    """C2: when every disc is set they are revealed and each player places the setup
    caballeros from court in the chosen region (none when it is the king's region)."""
    flow.secret[str(player)] = norm
    if len(flow.secret) < state.players:
        return
    b = engine.board
    n = int(figures(b).setup.get("disc_caballeros", 0))
    chosen = {}  # by seat as a string: events are JSON data
    hooks = HookContext(state, b, events, -1, engine, flow)
    for p in range(state.players):
        r = b.index[flow.secret[str(p)]]
        chosen[str(p)] = b.place_id(r)
        k = min(n, state.court[p])
        if r == state.king or k <= 0:
            continue
        state.court[p] -= k
        state.caballeros[r][p] += k
        _arrive(hooks, r, p, k)
    flow.secret = {}
    events.append({"event": "setup_disc", "discs": chosen,
                   "text": "Setup discs: " + ", ".join(
                       f"{{seat{p}}} {b.places[b.index[r]].name}" for p, r in chosen.items())
                   + f" ({n} caballeros from court each; none in the king's region)."})
    engine.resume(flow)


def _determinise(ctx: HookContext, viewer: int, view: dict[str, Any],
                 rng: random.Random) -> None:
    """Draw the setup discs a view hides (C2; B8.5a)."""
    engine, state, flow = ctx.engine, ctx.state, ctx.flow
    if flow.phase == SETUP_DISC:
        from elgrande.rules.base import draw_secret_discs

        draw_secret_discs(engine, state, flow, viewer, rng)


# -- the ship moves and the discs (C5, C6, C7) -----------------------------------------------------
#: The phase of the ship moves, inserted before every turn's court phase (C5).
SHIP: Final = "ship"


def _carriers(ext: Pieces, place: str, player: int, disc: str | None = None) -> int:
    n = 0
    for c in ext.carriers:  # (a plain loop: the compiled build runs it natively)
        if c[0] == place and c[1] == player and (disc is None or c[2] == disc):
            n += 1
    return n


# attr.s: a native class (README, "Compiled build"): read at every ship step
@attr.s(auto_attribs=True, order=False, eq=False, init=False, repr=False)
class _Plan:
    """The board's fixed figures of the ship moves (C4, C5; see :func:`_ship_plan`).

    Attributes:
        ship: the ship's area id; ship_i: its index.
        ports: the areas ship caballeros may sail to beside the coastal regions.
        dests: the candidate destinations ``(id, index, capacity or -1)`` (the ports and
            coastal regions, not the ship).
        boarding: the ports that are areas without a capacity (where caballeros board the
            ship), ``(id, index)``.
        discs: the carried discs (None first: a caballero carrying nothing).
        boarding_keys: the move key of a caballero carrying nothing boarding from each of
            ``boarding``; boarding_labels: their labels.
    """

    ship: str
    ship_i: int
    ports: list[str]
    dests: list[tuple[str, int, int]]
    boarding: list[tuple[str, int]]
    discs: list[str | None]
    boarding_keys: list[MoveKey]
    boarding_labels: list[str]

    def __init__(self, ship: str, ship_i: int, ports: list[str],
                 dests: list[tuple[str, int, int]], boarding: list[tuple[str, int]],
                 discs: list[str | None], boarding_keys: list[MoveKey],
                 boarding_labels: list[str]) -> None:
        self.ship = ship
        self.ship_i = ship_i
        self.ports = ports
        self.dests = dests
        self.boarding = boarding
        self.discs = discs
        self.boarding_keys = boarding_keys
        self.boarding_labels = boarding_labels


@attr.s(auto_attribs=True, order=False, eq=False, init=False, repr=False)
class _Dests:
    """The ship's destinations with the king in one region (see :func:`_dests`).

    Attributes:
        dests: ``(id, index, capacity or -1)`` in the plan's order (not the king's region,
            B5.2; an area with a capacity only while the king borders it, C4).
        capped: some destination has a capacity (to be checked at each step).
        keys: the move key of a caballero sailing there carrying nothing, by destination.
        labels: the labels of those moves.
        by_disc: the same keys and labels of a caballero carrying a disc, by disc id, once
            made (:func:`_disc_dests`).
    """

    dests: list[tuple[str, int, int]]
    capped: bool
    keys: list[MoveKey]
    labels: list[str]
    by_disc: dict[str, tuple[list[MoveKey], list[str]]]

    def __init__(self, dests: list[tuple[str, int, int]], capped: bool, keys: list[MoveKey],
                 labels: list[str],
                 by_disc: dict[str, tuple[list[MoveKey], list[str]]]) -> None:
        self.dests = dests
        self.capped = capped
        self.keys = keys
        self.labels = labels
        self.by_disc = by_disc


def _ship_plan(board: Board) -> _Plan | None:
    """The board's fixed figures of the ship moves (C4, C5; :class:`_Plan`), cached per
    board and figures. None without a ship."""
    g = _geo(board)
    if g.planned:
        return g.plan
    fig = g.fig
    ship = ship_figures(board)
    ship_id = ship.get("area")
    plan: _Plan | None = None
    if ship_id in board.index:
        ports = [str(x) for x in ship.get("ports") or []]
        cap = fig.capacity
        dests = [(r, board.index[r], int(cap[r]) if r in cap else -1)
                 for r in [*ports, *(board.places[x].id for x in board.regions
                                     if board.places[x].coastal)]
                 if r != ship_id]
        boarding = [(a, board.index[a]) for a in ports
                    if board.places[board.index[a]].kind == AREA and a not in cap]
        keys: list[MoveKey] = [(a, str(ship_id), None) for a, _ in boarding]
        plan = _Plan(str(ship_id), board.index[ship_id], ports, dests, boarding,
                     [None, *(d.id for d in fig.discs)], keys,
                     [_key_label(board, m) for m in keys])
    g.plan = plan
    g.planned = True
    return plan


def ship_moves(engine: FlowEngine, state: State, player: int) -> list[dict[str, Any]]:
    """The single ship moves ``player`` may make now (C5-C7), each a mapping ``{"from",
    "to", "disc"}`` (``disc``: the disc the moving caballero carries, or None) or a disc to
    take ``{"take": disc, "in": area}``. Ship caballeros sail to the ship's ports (France
    only while the king borders it, C4, and while it has room) or a coastal region (not
    the king's, B5.2); caballeros in the ports that are areas board the ship; each
    caballero moves once a turn (C5). A caballero that is no officer and carries nothing
    may take a free disc lying where it is (C7; the Viceroy cannot carry, C6). Last, the
    office holders' moves, with ``"office": id``: the Captain sailing or the Viceroy
    boarding rather than a plain caballero (C11), the Viceroy giving up the office to take
    a disc (C6); so the other moves keep the indices they had before these were offered."""
    return [_as_move(k) for k in _ship_keys(engine, state, player)]


#: A ship move as :func:`ship_moves` lists it, by its values: ``(from, to, disc)`` or
#: ``(disc, area)`` for a disc taken (the label caches use the same key); an office
#: holder's (C6, C11): ``(from, to, None, office)`` or ``(TAKE, disc, area, office)``.
MoveKey = tuple[Any, ...]
#: The first value of an office holder's take key (no place id is ``"take"``).
TAKE: Final = "take"


def _as_move(key: MoveKey) -> dict[str, Any]:
    """The :func:`ship_moves` mapping of a move key."""
    if len(key) == 2:
        return {"take": key[0], "in": key[1]}
    if len(key) == 4:
        if key[0] == TAKE:
            return {"take": key[1], "in": key[2], OFFICE_KEY: key[3]}
        return {"from": key[0], "to": key[1], "disc": None, OFFICE_KEY: key[3]}
    return {"from": key[0], "to": key[1], "disc": key[2]}


def _move_key(m: dict[str, Any]) -> MoveKey:
    """The move key of a :func:`ship_moves` mapping (:func:`_as_move` reversed)."""
    office = m.get(OFFICE_KEY)
    if "take" in m:
        return (m["take"], m["in"]) if office is None else (TAKE, m["take"], m["in"], office)
    return (m["from"], m["to"], m["disc"]) if office is None else (
        m["from"], m["to"], None, office)


def _ship_keys(engine: FlowEngine, state: State, player: int,
               labels: list[str] | None = None) -> list[MoveKey]:
    """:func:`ship_moves` as move keys, in the same order (no mapping made); with
    ``labels``, each move's label (:func:`_move_label`) is appended to it."""
    b = engine.board
    ext = own_pieces(state, b)
    g = _geo(b)
    plan = g.plan if g.planned else _ship_plan(b)
    if plan is None:
        return []
    ship_id = plan.ship
    caballeros = state.caballeros
    carriers: list[Any] = ext.carriers
    mine = [c for c in carriers if c[1] == player] if carriers else carriers
    aboard_n = caballeros[plan.ship_i][player]
    if not aboard_n and not mine:
        for _, i in plan.boarding:
            if caballeros[i][player]:
                break
        else:
            return []  # nobody aboard or in a port to board from, nothing carried
    sailed: dict[str, int] = ext.sailed or _NONE
    out: list[MoveKey] = []
    officers: list[MoveKey] = []  # the office holders' moves (C6, C11)
    aboard: Sequence[str | None]
    if mine:
        aboard = _sailing(aboard_n, ship_id, mine, sailed, plan.discs)
    else:  # _sailing without carriers, inline
        aboard = _PLAIN if aboard_n - int(sailed.get(ship_id, 0)) > 0 else ()
    if aboard:
        k = state.king
        dd = g.dests.get(k)
        if dd is None:
            dd = _dests(g, plan, k)
        for disc in aboard:
            if disc is None:
                keys, texts = dd.keys, dd.labels
            else:
                keys, texts = _disc_dests(b, dd, ship_id, disc)
            if dd.capped:  # an area with room for so many (France, C4)
                for j, (_r, i, cap) in enumerate(dd.dests):
                    if cap < 0 or room_left(state, i, cap) > 0:
                        out.append(keys[j])
                        if labels is not None:
                            labels.append(texts[j])
            else:
                out += keys
                if labels is not None:
                    labels += texts
        if g.arriving[plan.ship_i]:  # C11: the Captain may sail rather than a plain one
            for o in _officers_moving(ext, g, plan.ship_i, player, aboard_n, sailed):
                for r, i, cap in dd.dests:
                    if cap < 0 or cap > _total(caballeros[i]) + state.neutral[i]:
                        officers.append((ship_id, r, None, o))
    free_discs: dict[str, Any] = ext.free
    for j, (a, i) in enumerate(plan.boarding):
        here = caballeros[i][player]
        if here and g.arriving[i]:  # C11: the Viceroy may board rather than a plain one
            for o in _officers_moving(ext, g, i, player, here, sailed):
                officers.append((a, ship_id, None, o))
        if mine:
            for disc in _sailing(here, a, mine, sailed, plan.discs):
                m = plan.boarding_keys[j] if disc is None else (a, ship_id, disc)
                out.append(m)
                if labels is not None:
                    labels.append(plan.boarding_labels[j] if disc is None
                                  else _key_label(b, m))
        elif here - int(sailed.get(a, 0)) > 0:
            out.append(plan.boarding_keys[j])
            if labels is not None:
                labels.append(plan.boarding_labels[j])
        free = free_discs.get(a)
        if free and here > 0 and any(free.values()):  # (no caballero there: none to take)
            for m in _take_keys(state, b, player, a, free):
                if len(m) == 2:
                    _add_key(b, out, labels, m)
                else:
                    officers.append(m)
    for m in officers:  # an office holder's moves last: the others keep their indices
        _add_key(b, out, labels, m)
    return out


def _add_key(b: Board, out: list[MoveKey], labels: list[str] | None, key: MoveKey) -> None:
    """Append a move key to :func:`_ship_keys`'s list (and its label when asked)."""
    out.append(key)
    if labels is not None:
        labels.append(_key_label(b, key))


def _officers_moving(ext: Pieces, g: _Geo, i: int, player: int, here: int,
                     sailed: dict[str, int]) -> list[str]:
    """C5, C11: the offices of place ``i`` whose holder, ``player``'s, may make a ship move
    there as the mover's choice: it has not moved this turn (it did not take the office on
    arriving) and a plain caballero of theirs is there too (otherwise the plain move is the
    officer's; a move naming none moves a plain one)."""
    held = [o for o in g.arriving[i] if ext.offices[o] == player]
    if not held:
        return held
    pid = g.ids[i]
    plain = here - len(held) - (_carriers(ext, pid, player) if ext.carriers else 0)
    if plain <= 0:
        return []
    return [o for o in held if not sailed.get(f"{pid}:{o}")]


#: The discs a caballero that carries nothing sails with: none (C5).
_PLAIN: Final[tuple[str | None, ...]] = (None,)
_NONE: Final[dict[str, int]] = {}


def _sailing(here: int, place: str, mine: list[Any], sailed: dict[str, int],
             discs: list[str | None]) -> list[str | None]:
    """The discs (None: carrying nothing) a caballero of the player in ``place`` (``here``
    of theirs there; ``mine``: the player's carriers ``[area, player, disc]``) may sail
    with: one that has not moved this turn (C5)."""
    got: list[str | None] = []
    at = 0  # the player's carriers here
    for c in mine:
        if c[0] == place:
            at += 1
    if here - at - int(sailed.get(place, 0)) > 0:
        got.append(None)
    if at:
        for d in discs:
            if d is None:
                continue
            n = 0
            for c in mine:
                if c[0] == place and c[2] == d:
                    n += 1
            # the key of what sailed is made only for a disc carried here (most are not)
            if n > 0 and n - int(sailed.get(f"{place}:{d}", 0)) > 0:
                got.append(d)
    return got


def _dests(g: _Geo, plan: _Plan, k: int) -> _Dests:
    """The ship's destinations with the king in ``k`` (:class:`_Dests`), kept in ``g``."""
    b = g.board
    dests = [(r, i, cap) for r, i, cap in plan.dests
             if i != k and (cap < 0 or b.adjacent(k, i))]
    keys: list[MoveKey] = [(plan.ship, r, None) for r, _, _ in dests]
    got = g.dests[k] = _Dests(dests, any(cap >= 0 for _, _, cap in dests), keys,
                              [_key_label(b, m) for m in keys], {})
    return got


def _disc_dests(b: Board, dd: _Dests, ship_id: str,
                disc: str) -> tuple[list[MoveKey], list[str]]:
    """The move keys and labels of a ship caballero carrying ``disc`` sailing to each of
    ``dd.dests`` (C5, C7), kept in ``dd``."""
    got = dd.by_disc.get(disc)
    if got is None:
        keys: list[MoveKey] = [(ship_id, r, disc) for r, _, _ in dd.dests]
        got = dd.by_disc[disc] = (keys, [_key_label(b, m) for m in keys])
    return got


def disc_takes(state: State, board: Board, player: int, area: str,
               free: dict[str, int]) -> list[dict[str, Any]]:
    """The discs of ``free`` (disc id -> n lying in ``area``) a caballero of ``player``
    there may take (C7): one that carries nothing and holds no office (the Viceroy cannot
    carry, C6; the Captain is never a carrier, C5), one disc each: moves ``{"take": disc,
    "in": area}``; or an office holder there who gives up the office to carry it (C6: the
    office stays empty until an arrival): ``{"take": disc, "in": area, "office": id}``."""
    return [_as_move(k) for k in _take_keys(state, board, player, area, free)]


def _take_keys(state: State, board: Board, player: int, area: str,
               free: dict[str, int]) -> list[MoveKey]:
    """:func:`disc_takes` as move keys ``(disc, area)``."""
    ext = own_pieces(state, board)
    i = board.index[area]
    plain = state.caballeros[i][player]
    if plain <= 0:
        return []  # no caballero there, so no plain one
    g = _geo(board)
    held: list[str] = []
    for o in g.offices[i]:
        if ext.offices[o.id] == player:
            plain -= 1  # an officer
            held.append(o.id)
    for c in ext.carriers:
        if c[0] == area and c[1] == player:
            plain -= 1  # a carrier (_carriers)
    out: list[MoveKey] = []
    for d in g.discs:
        if free.get(d, 0) > 0:
            if plain > 0:
                out.append((d, area))
            for o_id in held:  # C6: the officer may give up the office to carry
                out.append((TAKE, d, area, o_id))
    return out


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


def _aside(ctx: HookContext, run: Run | None) -> Aside | None:
    """The side decisions of this module, asked at once when a move calls for them: a
    seat a move emptied (C10: filled at once; e.g. after a court step took a seated
    caballero), the relocations a move left unused (C11, :func:`relocation_decision`,
    inside a special action only) and the new discs the acting player may take at once
    (C7, between phases only). ``run``: the special action's position between two of its
    statements, None between phases (then not inside a special action: its statements
    ask). Called at every step: the pieces are told first (one dict look-up, no call)."""
    state = ctx.state
    got = state.ext.get(NAME)
    if got is None:
        return None  # as _forget_dropped, seat_decision and the others: nothing to do
    ext: Pieces | None = got if type(got) is Pieces else pieces(state)  # else plain JSON
    # the common case first: nothing dropped, no seat waiting, nothing to take or relocate
    if ext is None or ext.dropped is None and ext.fresh is None \
            and not ext.relocation and not ext.table.vacant:
        return None
    b = ctx.board
    if NAME not in b.sets:  # not in_play
        return None
    if run is None and ctx.flow is not None and ctx.flow.phase == SPECIAL_PHASE:
        return None  # the special action's statements ask (run given)
    if ext.dropped is not None:
        _forget_dropped(state)
    d: Decision | None = None
    if run is not None:
        if ext.relocation:
            d = relocation_decision(state, b)
        if d is None and ext.table.vacant:
            d = seat_decision(state, b, ctx.player)
    else:
        if ext.table.vacant:
            d = seat_decision(state, b, ctx.player)
        if d is None and ext.fresh:
            d = fresh_decision(state, b)
    return None if d is None else Aside(NAME, d)


def _aside_apply(ctx: HookContext, aside: Aside, answer: Any) -> None:
    """Apply a checked answer to an aside of :func:`_aside`: the option key of its
    decision says which (C10 seat, C11 relocation, C7 new disc)."""
    d, norm = aside.decision, int(answer)
    if SEAT in d.options:
        apply_seat(ctx.state, ctx.board, d, norm, ctx.events)
    elif RELOCATE in d.options:
        apply_relocation(ctx.state, ctx.board, d, norm, ctx.events)
    elif FRESH in d.options:
        apply_fresh(ctx.engine, ctx.state, d, norm, ctx.events)
    else:
        raise ValueError(f"not a side decision of the {NAME} module: {d.prompt}")


def _movable(ctx: HookContext, place: int, owner: int, to: list[str], n: int) -> int:
    """C7: a carrier cannot be sent to the Castillo by another player: an effect of
    another player that may move caballeros to the Castillo does not move the owner's
    carriers [decision: the caballeros of a move answer are not told apart]."""
    state, board, decider = ctx.state, ctx.board, ctx.player
    if owner == decider or owner < 0:
        return n
    ext = pieces(state)
    if ext is None or not ext.carriers:
        return n  # no carrier at all (_carriers would count none)
    g = _geo(board)
    k = _carriers(ext, g.ids[place], owner)
    if not k or g.ids[board.castillo] not in to:
        return n  # no carrier of the owner's here, or not to the Castillo
    return n - k


def _move_label(b: Board, m: dict[str, Any]) -> str:
    return _labels_of(b).get(tuple(m.values())) or _new_label(b, m)


def _key_label(b: Board, key: MoveKey) -> str:
    """:func:`_move_label` of a move key."""
    hit = _LABELS.get(id(b))
    known = hit[1] if hit is not None and hit[0] is b else _labels_of(b)
    got = known.get(key)
    if got is None:
        got = _new_label(b, _as_move(key))
        if len(key) == 4:  # an office holder's: its mapping's values are not its key
            known[key] = got
    return got


def _labels_of(b: Board) -> dict[tuple[Any, ...], str]:
    """The ship move labels of board ``b`` written so far, by the move's values (a move's
    keys are always made in the same order, see :func:`ship_moves`)."""
    hit = _LABELS.get(id(b))
    if hit is None or hit[0] is not b:
        hit = _LABELS[id(b)] = (b, {})
    return hit[1]


def _new_label(b: Board, m: dict[str, Any]) -> str:
    labels = _labels_of(b)
    if len(labels) >= 4096:
        labels.clear()
    text = labels[tuple(m.values())] = _move_text(b, m)
    return text


_LABELS: Final[dict[int, tuple[Board, dict[tuple[Any, ...], str]]]] = {}


def _office_name(b: Board, office: Any) -> str:
    """An office's name (C4-C6) ("" for None)."""
    if office is None:
        return ""
    return next(o.name for os in _geo(b).offices for o in os if o.id == office)


def _move_text(b: Board, m: dict[str, Any]) -> str:
    office = _office_name(b, m.get(OFFICE_KEY))
    if "take" in m:
        if office:
            return (f"the {office} in {b.places[b.index[m['in']]].name} gives up the office "
                    f"and takes a {m['take']} disc")
        return f"a caballero in {b.places[b.index[m['in']]].name} takes a {m['take']} disc"
    what = f"the {m['disc']} carrier" if m["disc"] else f"the {office}" if office \
        else "a caballero"
    return (f"move {what} from {b.places[b.index[m['from']]].name} to "
            f"{b.places[b.index[m['to']]].name}")


def _ship_decide(engine: FlowEngine, state: State, flow: Flow,
                 events: Events) -> Decision | None:
    """C5: at the start of the turn, ask for one ship move at a time (answer: the index of
    a label; 0 ends the ship moves)."""
    p = flow.actor
    labels = ["no more ship moves"]
    moves = _ship_keys(engine, state, p, labels)
    if not moves:
        engine.resume(flow)
        return None
    options: dict[str, Any] = {"labels": labels}
    if all(len(m) == 4 for m in moves):  # only an office holder's moves (C6, C11)
        options[SKIP] = 0
    d = Decision("choose_option", [p], "Ship moves (C5): choose one, or stop", options, "C5")
    _ASKED.clear()  # (no slice assignment: the compiled build makes a slice object)
    _ASKED.append(d)
    _ASKED.append(state)
    _ASKED.append(moves)
    return d


def apply_ship_move(engine: FlowEngine, state: State, player: int, m: dict[str, Any],
                    events: Events, label: str | None = None) -> None:
    """Carry out one of :func:`ship_moves` (C5-C7): a disc brought to a mainland region
    scores its points at once and returns to the supply (C7); a carrier takes no office
    (C5, C6). ``label``: the move's label (:func:`_move_label`) when the caller has it."""
    if label is None:
        label = _move_label(engine.board, m)
    _apply_ship_key(engine, state, player, _move_key(m), events, label)


def _apply_ship_key(engine: FlowEngine, state: State, player: int, key: MoveKey,
                    events: Events, label: str) -> None:
    """:func:`apply_ship_move` of a move key (:data:`MoveKey`) with its label."""
    b = engine.board
    ext = own_pieces(state, b)
    if len(key) == 2 or key[0] == TAKE:  # a disc taken
        take, area = (key[0], key[1]) if len(key) == 2 else (key[1], key[2])
        ev_take: dict[str, Any] = {"event": "take_disc", "player": player, "disc": take,
                                   "place": area, "text": "{who}: " + label + "."}
        if len(key) == 4:  # C6: the office holder gives up the office to carry
            ext.offices[key[3]] = EMPTY
            ev_take[OFFICE_KEY] = key[3]
        ext.free[area][take] -= 1
        ext.carriers.append([area, player, take])
        events.append(ev_take)
        return
    src_id, dst_id, disc = key[0], key[1], key[2]
    src, dst = b.index[src_id], b.index[dst_id]
    if disc:
        ext.carriers.remove([src_id, player, disc])
    hooks = hooks_for(engine, state, player, None, events)
    if len(key) == 4:  # C11: the office holder leaves (its office stays empty)
        engine.rules.each("leaving", hooks, src, player, 1, OFFICE_KEY, key[3])
    state.caballeros[src][player] -= 1
    engine.rules.each("leave", hooks, src, player, 1)
    state.caballeros[dst][player] += 1
    if disc:
        ext.carrying = 1
    arriving = _geo(b).arriving[dst]
    empty = [o for o in arriving if ext.offices[o] == EMPTY] if arriving else arriving
    engine.rules.each("arrive", hooks, dst, player, 1)
    ext.carrying = None
    sail = dst_id if not disc else f"{dst_id}:{disc}"
    ev: dict[str, Any] = {"event": "ship_move", "player": player, "from": src_id,
                          "to": dst_id, "disc": disc, "text": "{who}: " + label + "."}
    if len(key) == 4:
        ev[OFFICE_KEY] = key[3]
    if disc and b.is_region(dst):
        d = next(x for x in figures(b).discs if x.id == disc)
        state.scores[player] += d.points
        ext.supply[disc] = ext.supply.get(disc, 0) + 1
        ev["points"] = d.points
        ev["text"] += f" The {disc} is delivered: {d.points} points."
        sail = dst_id
    elif disc:
        ext.carriers.append([dst_id, player, disc])
    sailed = ext.sailed
    if sailed is None:
        sailed = ext.sailed = {}
    sailed[sail] = sailed.get(sail, 0) + 1
    for o in empty:  # an office taken on arrival: its holder has moved this turn (C5)
        if ext.offices[o] == player:
            sailed[f"{dst_id}:{o}"] = 1
    events.append(ev)


#: The last ship decision asked, the state it was asked on and its moves (C5, as move
#: keys), so that its answer need not list the moves again; empty once answered.
_ASKED: Final[list[Any]] = []


def _ship_apply(engine: FlowEngine, state: State, flow: Flow, player: int, norm: Any,
                events: Events) -> None:
    if norm == 0:
        engine.resume(flow)
        return
    asked = _ASKED
    d = flow.pending
    if asked and d is not None and asked[0] is d and asked[1] is state:
        key: MoveKey = asked[2][norm - 1]  # the moves of the decision answered, same state
        _ASKED.clear()
        # (its label: _ship_decide made both)
        _apply_ship_key(engine, state, player, key, events, d.options["labels"][norm])
        return
    move = ship_moves(engine, state, player)[norm - 1]
    _ASKED.clear()
    apply_ship_move(engine, state, player, move, events)


# -- the Grand Inquisitor (C8, C9, C11) ------------------------------------------------------------
@primitive("take_inquisitor")
def _take_inquisitor(ctx: Ctx, call: ast.Call) -> Decision | None:
    """C8: the Grand Inquisitor moves to the deciding player's court."""
    ctx.state.neutral_holder = ctx.subject
    ctx.event("inquisitor", holder=ctx.subject,
              text="{who} takes the Grand Inquisitor into their court.")
    return None


def _black_finish(ctx: Ctx, call: ast.Call, d: Decision, answer: Any) -> None:
    _apply_moves(ctx, answer)


@primitive("move_black_caballeros", _black_finish)
def _move_black(ctx: Ctx, call: ast.Call) -> Decision | None:
    """C8, C11: reposition black caballeros between places of the sets; never into or out
    of the king's region (B5.2), never out of the Castillo (B8.2)."""
    s, b = ctx.state, ctx.board
    srcs = [r for r in regions(ctx, call.arg("source"))
            if r >= 0 and r != s.king and r != b.castillo and s.neutral[r]]
    dests = [r for r in regions(ctx, call.arg("to")) if r >= 0 and r != s.king]
    sources = {ctx.rid(r): {str(NOBODY): s.neutral[r]} for r in srcs
               if any(d != r for d in dests)}
    if not sources or not dests:
        return None
    qty: ast.Qty = call.arg("qty")
    available = sum(v[str(NOBODY)] for v in sources.values())
    n = qty.n or 0
    hi = available if qty.mode in ("all", "all_or_some") else min(n, available)
    lo = hi if qty.mode in ("all", "exactly") else 0
    to = [ctx.rid(r) for r in dests]
    # C4: France holds black caballeros too; its room listed only where it binds (a
    # decision that it cannot limit reads as it did before C4 counted them here)
    room = {k: v for k, v in room_in(ctx, ctx.subject, to).items() if v[0] < hi}
    if room:
        lo, hi = within_room(room, to, lo, hi)
        if hi == 0:
            return None
    king = {ctx.rid(s.king): ["B5.2", "nothing enters or leaves the king's region"]} \
        if s.king >= 0 else {}
    options: dict[str, Any] = {"sources": sources, "to": to, "min": lo, "max": hi,
                               "single_source": False, "all": False,
                               "refused_from": king, "refused_to": king}
    if room:
        options["room"] = room
    which = _move_which(HookContext(s, b, ctx.events, ctx.subject), sources)  # C10, C11
    if which:
        options["which"] = which
    return Decision("move_caballeros", [ctx.subject], f"Reposition up to {hi} black "
                    "caballeros (player -1)", options, "C8")


#: The phase in which the Inquisitor's holder chooses where this turn's extra caballero
#: goes (C8), inserted before every turn's court phase.
BONUS: Final = "inquisitor_bonus"
#: The answers of the bonus decision, by option index (C8).
BONUS_LABELS: Final = ("one more caballero to court this turn (provinces or regions to court)",
                "one more caballero from court to the board this turn (with the placement)")
BONUS_WAYS: Final = ("court", "board")


def _can_come_to_court(state: State, board: Board, player: int) -> bool:
    """Whether anything of ``player`` could come to court (B4.1)."""
    if state.provinces[player]:
        return True
    return any(state.caballeros[r][player] for r in board.scoring_order
               if r != state.king and r != board.castillo)


def _bonus_decide(engine: FlowEngine, state: State, flow: Flow,
                  events: Events) -> Decision | None:
    """C8: while the Grand Inquisitor is in the acting player's court they choose, at the
    start of the turn, whether the extra caballero of the turn comes to court or goes from
    court to the board (answer: option 0 court, 1 board). No real choice (nothing could
    come to court): it goes to the board."""
    ext = own_pieces(state, engine.board)
    p = flow.actor
    if p < 0 or state.neutral_holder != p:
        ext.bonus = ""
        engine.resume(flow)
        return None
    if not _can_come_to_court(state, engine.board, p):
        ext.bonus = BONUS_WAYS[1]
        engine.resume(flow)
        return None
    return Decision("choose_option", [p], "The Grand Inquisitor is in your court: your extra "
                    "caballero this turn goes", {"labels": list(BONUS_LABELS)}, "C8")


def _bonus_apply(engine: FlowEngine, state: State, flow: Flow, player: int, norm: Any,
                 events: Events) -> None:
    own_pieces(state, engine.board).bonus = BONUS_WAYS[int(norm)]
    events.append({"event": "inquisitor_bonus", "player": player, "way": BONUS_WAYS[int(norm)],
                   "text": "{who} (Grand Inquisitor): " + BONUS_LABELS[int(norm)] + "."})
    engine.resume(flow)


def _bonus_way(state: State, player: int) -> str:
    """Where ``player``'s extra caballero goes this turn (C8): "court", "board" or ""
    (not the holder). A position set up without the turn's choice (a scenario) gives it to
    court."""
    if state.neutral_holder != player or player < 0:
        return ""
    ext = pieces(state)
    return str(ext.bonus or BONUS_WAYS[0]) if ext is not None else BONUS_WAYS[0]


def _court_limit(ctx: HookContext, limit: int) -> int:
    """C8: the Inquisitor's holder brings one more caballero to court this turn when they
    chose so (:func:`_bonus_decide`)."""
    state, player = ctx.state, ctx.player
    if state.neutral_holder != player:
        return limit  # not the Inquisitor's holder (_bonus_way "")
    return limit + 1 if _bonus_way(state, player) == BONUS_WAYS[0] else limit


def _placement_limit(ctx: HookContext, limit: int) -> int:
    """C8: the Inquisitor's holder places one more caballero from court this turn when
    they chose so (:func:`_bonus_decide`)."""
    state, player = ctx.state, ctx.player
    if state.neutral_holder != player:
        return limit  # not the Inquisitor's holder (_bonus_way "")
    return limit + 1 if _bonus_way(state, player) == BONUS_WAYS[1] else limit


# -- the limit table's moves (C10) -----------------------------------------------------------------
def _table_finish(ctx: Ctx, call: ast.Call, d: Decision, answer: Any) -> None:
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


@primitive("move_limit_table", _table_finish)
def _move_table(ctx: Ctx, call: ast.Call) -> Decision | None:
    """C10: move the limit table to another mainland region of the set, never into or out
    of the king's region (never France: the table stands only in the regions of Spain)."""
    s, b = ctx.state, ctx.board
    if not in_play(b):
        return None
    t = own_pieces(s, b).table
    if t.region and b.index[t.region] == s.king:
        return None
    opts = [r for r in regions(ctx, call.arg("to")) if r >= 0 and b.is_region(r)
            and r != s.king and b.place_id(r) != t.region]
    if not opts:
        return None
    return Decision("choose_region", [ctx.subject], "Move the limit table to",
                    {"choices": [ctx.rid(r) for r in opts],
                     "why": {ctx.rid(s.king): ["C10", "the limit table never enters the "
                                               "king's region"]} if s.king >= 0 else {}},
                    "C10")


@primitive("seat_limit_table")
def _seat_table(ctx: Ctx, call: ast.Call) -> Decision | None:
    """C10: after the table moved, all its region's caballeros sit when they fit (or are
    of one colour); otherwise its mover chooses who sits, one seat at a time
    (:func:`seat_decision`, asked at once as an aside, :func:`_aside`)."""
    s, b = ctx.state, ctx.board
    if not in_play(b):
        return None
    t = own_pieces(s, b).table
    if not t.region:
        return None
    settle_table(s, b)
    if t.vacant:
        t.chooser = ctx.subject
    return None


# -- Remove Action Card (C13) ----------------------------------------------------------------------
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


def _special_action_done(ctx: HookContext) -> None:
    """After a special action was carried out: the gold and goods printed on the card
    appear in their areas (C7: not when declined); removed cards leave the offer (C13)."""
    engine, state, flow, events = ctx.engine, ctx.state, ctx.flow, ctx.events
    b = engine.board
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
        events.append({"event": "discs_appear", "player": flow.actor, "discs": added,
                       "card": flow.card, "text": "New discs: " + ", ".join(
                           f"{n} {d} in {b.places[b.index[where[d]]].name}"
                           for d, n in added.items()) + "."})
    for c in ext.removed or ():  # a save of format 2 (its removals wait until now)
        if c in state.offer:
            state.offer[state.offer.index(c)] = ""
            events.append({"event": "card_removed", "player": flow.actor, "card": c})
    ext.removed = None
    ext.open = None


def _printed_discs(engine: FlowEngine, card_id: str) -> list[tuple[str, str, int]]:
    """The gold and goods discs printed on card ``card_id`` (C7): ``(disc, area, n)`` for
    each disc of the figures with ``n > 0``, in the figures' order; cached per engine."""
    fig = _geo(engine.board).fig  # figures(b)
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


@attr.s(auto_attribs=True, order=False, eq=False, init=False, repr=False)
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
#: of a library finds it; a game of another library makes its own).
_PRINTED: Final[list[_Printed]] = []


# -- Conspiracy (C13) ------------------------------------------------------------------------------
CONSPIRACY: Final = "plot"


def _conspiracy(state: State, board: Board, discs: Any, moves: Any) -> None:
    """C13: at the general scoring a conspirator's Grande goes to the region on their disc
    (with their Castillo caballeros, already moved by B6.3); if the disc shows the king's
    region the Grande stays [decision]. The effect is then spent."""
    for x in [x for x in state.lasting if x.kind == CONSPIRACY]:
        d = discs[x.player]
        if d != state.king:
            state.grandes[x.player] = d
        state.lasting.remove(x)


# -- the log's board summary (C1, C4-C8, C10) ------------------------------------------------------
def _board_summary(ctx: HookContext, names: Sequence[str]) -> list[str]:
    """The Colonies' lines of the log's board summary after a general scoring: the limit
    table (region, seats taken by whom, who stands beside it), the offices and who holds
    them, the gold and goods lying free or carried, and whose court holds the Grand
    Inquisitor (C4-C8, C10)."""
    state, board = ctx.state, ctx.board
    ext = pieces(state)
    if ext is None:
        return []
    fig = figures(board)

    def who(p: int) -> str:
        return "black" if p == BLACK else names[p] if 0 <= p < len(names) else "empty"

    out = []
    t = ext.table
    if t.region:
        r = board.index[t.region]
        seated = [f"{names[p]} {n}" for p, n in enumerate(t.seated) if n]
        seated += [f"black {t.black}"] if t.black else []
        standing = [f"{names[p]} {c - t.seated[p]}" for p, c in enumerate(state.caballeros[r])
                    if c > t.seated[p]]
        standing += [f"black {state.neutral[r] - t.black}"] if state.neutral[r] > t.black \
            else []
        free = t.seats - sum(t.seated) - t.black
        out.append(f"    Limit table in {board.places[r].name} ({t.seats} seats, {free} "
                   f"free): seated {', '.join(seated) or 'nobody'}"
                   + (f"; standing beside it {', '.join(standing)}" if standing else ""))
    out.append("    Offices: " + ", ".join(
        f"{o.name} ({board.places[board.index[o.area]].name}) {who(ext.offices.get(o.id, EMPTY))}"
        for o in fig.offices))
    lying = [f"{n} {d} in {board.places[board.index[a]].name}"
             for a, by in ext.free.items() for d, n in by.items() if n]
    carried = [f"{names[int(p)]}'s {d} in {board.places[board.index[a]].name}"
               for a, p, d in ext.carriers]
    out.append("    Gold and goods: " + (", ".join(lying) or "none lying free")
               + (f"; carried: {', '.join(carried)}" if carried else "")
               + "; supply " + ", ".join(f"{d.name} {ext.supply.get(d.id, 0)}"
                                         for d in fig.discs))
    h = state.neutral_holder
    out.append(f"    {board.neutral_name}: in {names[h]}'s court" if 0 <= h < len(names)
               else f"    {board.neutral_name}: in nobody's court (black caballeros score for "
                    "no one, C9)")
    return out


#: The rule of each new area's offices (C4 France, C5 the ship, C6 America).
_OFFICE_RULES: Final = {"france": "C4", "ship": "C5", "america": "C6"}


def _log_changes(ctx: HookContext, names: Sequence[str],
                 seen: dict[str, Any]) -> list[tuple[str, str]]:
    """The log's lines for what an answer changed that no event says, each as ``(anchor,
    line)`` (the line goes after the answer's last line naming ``anchor``): offices
    taken or left (C4-C6: an arrival becoming Ambassador, Envoy, Captain or Viceroy, an
    office left empty), and what a plot just kept will do (C13). What was told is noted
    in ``seen``; with nothing noted yet nothing is told."""
    state, board = ctx.state, ctx.board
    ext = pieces(state)
    if ext is None:
        return []
    out = _offices_changed(board, names, seen, ext.offices)
    plots = [x.player for x in state.lasting if x.kind == CONSPIRACY]
    if plots or seen.get(CONSPIRACY):
        known = seen.get(CONSPIRACY) or []
        seen[CONSPIRACY] = plots
        out += [(f"as a {CONSPIRACY}", f"  (at the next general scoring {names[p]}'s Grande "
                 f"goes with {names[p]}'s Castillo caballeros to the region on {names[p]}'s "
                 "disc; C13)") for p in plots if p not in known]
    return out


def _offices_changed(board: Board, names: Sequence[str], seen: dict[str, Any],
                     now: dict[str, int]) -> list[tuple[str, str]]:
    """:func:`_log_changes` for the offices (C4-C6)."""
    before = seen.get(NAME)
    if before == now:
        return []
    seen[NAME] = dict(now)
    if before is None:
        return []
    out = []
    for o in figures(board).offices:
        a, h = before.get(o.id, EMPTY), now.get(o.id, EMPTY)
        if a == h:
            continue
        area = board.places[board.index[o.area]].name
        rule = _OFFICE_RULES.get(o.area, "C4")
        if h == EMPTY:
            out.append((area, f"  The {o.name}'s office in {area} is empty ({rule})."))
        else:
            whose = "a black caballero" if h == BLACK else f"{names[h]}'s caballero"
            out.append((area, f"  {whose} in {area} is now the {o.name} ({rule})."))
    return out


#: The decisions this module asks after a move (docs/dsl.md, "Follow-up decisions"), each
#: with its answer form and how a scenario case answers it.
FOLLOW_UPS: Final = (
    FollowUp("C11", "choose_option",
             "inside a special action, after a move (move caballeros, move black "
             "caballeros) that spent fewer relocations than it allows, while one can "
             "still be spent in place; asked again after each one spent",
             f'an option index into ``options["labels"]``: 0 spends no more; option i '
             f'does ``options["{RELOCATE}"][i - 1]``: ``{{"strip": office, "in": area}}`` '
             'strips an office held by a colour the move moves (1 relocation), '
             '``{"appoint": office, "player": p, "in": area}`` appoints a plain caballero '
             "to an office stripped in this action (a second relocation), "
             '``{"unseat": p}`` takes a seated caballero off the limit table (1 '
             'relocation), ``{"seat": p}`` seats a caballero standing beside it in an '
             "empty seat (a second relocation); black caballeros are player -1",
             "the next answer of the ``special`` step, after the move's own answer"),
    FollowUp("C10", "choose_option",
             "when a limit-table seat is empty and caballeros of more than one colour "
             "stand beside the table (with one colour it sits at once): inside a special "
             "action after the statement that emptied it, else between the turn's phases "
             "(after a special action, a court or ship move, at a general scoring); the "
             "Inquisitor's holder chooses, else the acting player (after the table moved: "
             "its mover); asked once per empty seat",
             f'an option index into ``options["labels"]``; ``options["{SEAT}"][i]`` is '
             "the colour option i seats (a player index, -1 a black caballero)",
             "the next answer of the ``special`` step (inside the action, or after its "
             "own answers when the seat opens between phases); after a ``court`` or "
             "``ship`` step, a ``follow_up: [answers]`` step"),
    FollowUp("C7", "choose_option",
             "after a 7th-stack card's special action was carried out (not declined), "
             "when its new gold or goods lie where the acting player has a plain "
             "caballero (no office, carrying nothing) or the Viceroy (C6); asked again "
             "after each disc taken",
             f'an option index into ``options["labels"]``: 0 takes no more; option i '
             f'makes ``options["{FRESH}"][i - 1]``, ``{{"take": disc, "in": area}}``: a '
             'caballero there takes that disc (``"office": "viceroy"``: the Viceroy gives '
             "up the office and takes it, C6; these options come last)",
             "the answers of the ``special`` step after the action's own"),
)

#: The Colonies' discs phase: the base game's (or the one it wraps) with the seating (C10).
_DISCS = Phase(DISCS_PHASE, _discs_decide, _discs_apply, turn_rule="B6.1", goes_to=())
def _check_saved(ctx: HookContext, lib: Any, st: dict[str, Any], fl: dict[str, Any]) -> None:
    """The Colonies pieces of a saved game being loaded (``state.ext.colonies``): of
    :class:`Pieces`' types; offices the manifest's, each held by a player with a caballero
    there, a black caballero or nobody (C4-C6, C8); the limit table in a region, its seats
    the player count's, its seated caballeros in that region (C10); discs of the manifest's
    kinds, never more than their supply (C7); carriers standing where they are (C7).

    Raises:
        SavedGameError: naming the bad field.
    """
    from elgrande.errors import SavedGameError
    from elgrande.play.saved import record

    players = ctx.state.players

    raw = (st.get("ext") or {}).get(NAME)
    if raw is None:
        return
    pre = f"state.ext.{NAME}"
    d = record(raw, Pieces, pre)
    b = lib.board
    fig = figures(b)

    def fail(path: str, message: str) -> None:
        raise SavedGameError(f"{pre}.{path}", message)

    def seat(v: Any, path: str) -> None:
        if type(v) is not int or not 0 <= v < players:
            fail(path, f"no player {v!r} in a {players}-player game")

    cab, neutral = st["caballeros"], st["neutral"]
    areas = {p.id: p.index for p in b.places if p.kind == AREA}
    where = {o.id: o.area for o in fig.offices}
    if set(d["offices"]) != set(where):
        fail("offices", f"must be the offices {', '.join(sorted(where))} (C4-C6)")
    held: dict[tuple[str, int], int] = {}
    for o, who in d["offices"].items():
        if who not in (EMPTY, BLACK):
            seat(who, f"offices.{o}")
        if who != EMPTY:
            held[(where[o], who)] = held.get((where[o], who), 0) + 1
    for (area, who), n in held.items():
        i = b.index.get(area)
        have = 0 if i is None else neutral[i] if who == BLACK else cab[i][who]
        if n > have:
            fail("offices", f"{n} office(s) in {area} held by caballeros not there (C4)")
    t = d["table"]
    limit = fig.limit_table(players)
    seats = limit.seats if limit is not None else 0
    if t["seats"] != seats:
        fail("table.seats", f"the limit table has {seats} seats with {players} players (C10)")
    if len(t["seated"]) != players or any(n < 0 for n in t["seated"]) or t["black"] < 0:
        fail("table.seated", "one count of seated caballeros (>= 0) per player (C10)")
    if t["region"]:
        r = b.index.get(t["region"])
        if r is None or not b.is_region(r):
            fail("table.region", f"{t['region']!r} is not a region (C10)")
        assert r is not None
        if sum(t["seated"]) + t["black"] > seats or t["black"] > neutral[r] or any(
                n > cab[r][p] for p, n in enumerate(t["seated"])):
            fail("table.seated", "more seated caballeros than seats or caballeros there (C10)")
    elif sum(t["seated"]) or t["black"]:
        fail("table.seated", "no caballero sits at a limit table not yet set up (C10)")
    for key in ("vacant", "chooser"):
        if t.get(key) is not None:
            if key == "chooser":
                seat(t[key], "table.chooser")
            elif not 0 <= t[key] <= seats:
                fail("table.vacant", "not a count of the table's seats (C10)")
    supply = {x.id: x.supply for x in fig.discs}
    if set(d["supply"]) != set(supply):
        fail("supply", f"must count the discs {', '.join(sorted(supply))} (C7)")
    used = dict(d["supply"])
    for area, discs in d["free"].items():
        if area not in areas:
            fail(f"free.{area}", "not a new area (C7)")
        for disc, n in discs.items():
            if disc not in supply or n < 0:
                fail(f"free.{area}.{disc}", "not a disc kind, or a negative count (C7)")
            used[disc] += n
    standing: dict[tuple[str, int], int] = {}
    for key in ("carriers", "dropped"):
        for i, c in enumerate(d.get(key) or []):
            if len(c) != 3 or c[0] not in b.index or c[2] not in supply:
                fail(f"{key}[{i}]", "a carrier is [area, player, disc] (C7)")
            seat(c[1], f"{key}[{i}][1]")
            if key == "carriers":
                used[c[2]] += 1
                standing[(c[0], c[1])] = standing.get((c[0], c[1]), 0) + 1
    for disc, n in used.items():
        if d["supply"][disc] < 0 or n > supply[disc]:
            fail(f"supply.{disc}", f"more than the {supply[disc]} discs of this kind (C7)")
    for (area, p), n in standing.items():
        if n > cab[b.index[area]][p]:
            fail("carriers", f"{n} carrier(s) of player {p} in {area}, more than stand there")
    if d.get("bonus") not in (None, "", "court", "board"):
        fail("bonus", "one of '', 'court', 'board' (C8)")
    for key in ("open", "removed"):
        for i, c in enumerate(d.get(key) or []):
            if c and c not in lib.cards.cards:
                fail(f"{key}[{i}]", f"unknown card id {c!r}")
    for k, n in (d.get("sailed") or {}).items():
        if n < 0:
            fail(f"sailed.{k}", "a count cannot be negative")
    if d.get("carrying") not in (None, 0, 1):
        fail("carrying", "0 or 1 (C5)")


MODULE = RulesModule(
    name=NAME,
    phases=(Phase(SETUP_DISC, _setup_disc_decide, _setup_disc_apply, precedes=ROUND,
                  turn_rule="C2", goes_to=()),
            Phase(SHIP, _ship_decide, _ship_apply, precedes="court", turn_rule="C5",
                  goes_to=()),
            Phase(BONUS, _bonus_decide, _bonus_apply, precedes="court", turn_rule="C8",
                  goes_to=()),
            _DISCS),
    lasting_kinds=(CONSPIRACY,),
    placement_key=(),  # C4-C6: the placement hooks depend on the king's region alone
    answer_docs=(
        ("move_caballeros", "C10, C11, which caballeros leave: ``\"seated\": true`` a "
         "caballero seated at the limit table (its seat is then refilled as C10 says; "
         "``false``: one standing beside it), ``\"office\": id`` the holder of that office "
         "(``ambassador``, ``envoy``, ``captain``, ``viceroy``; ``null``: a caballero holding "
         "none), e.g. ``{\"from\": \"america\", \"to\": \"ship\", \"player\": 1, "
         "\"office\": \"viceroy\"}``; without the key, standing and plain caballeros leave "
         "first (the later office first)"),
        ("send_caballeros", "C10, C11, which caballeros are sent from France, the ship, "
         "America or the limit table's region: a source's count may be parts naming them as "
         "moves do, e.g. ``{\"america\": [{\"n\": 1, \"office\": \"viceroy\"}, "
         "{\"n\": 1}]}`` or ``{the table's region id: {\"n\": 1, \"seated\": true}}`` (a seat so "
         "opened is refilled as C10 says; an office so left stays empty until an arrival, "
         "C4-C6); a plain count sends standing and plain caballeros first (the later office "
         "first)"),
        ("choose_option", "the ship moves (C5) and the new discs taken at once (C7): an option "
         "index into ``options[\"labels\"]``; the options include the Captain sailing or the "
         "Viceroy boarding rather than a plain caballero (C11) and the Viceroy giving up the "
         "office to take a disc (C6); as a mapping (scenario ``ship`` steps, "
         "``options[\"fresh_takes\"]``): ``{\"from\", \"to\", \"disc\"}`` or ``{\"take\": "
         "disc, \"in\": area}``, with ``\"office\": id`` for the office holder's move or take"),
    ),
    follow_ups=FOLLOW_UPS,
    scenario="elgrande.rules.colonies_cases",
    hooks={
        # turn
        "setup": _setup, "turn_start": _turn_start,
        "special_action_done": _special_action_done,
        # placement
        "court_limit": _court_limit, "placement_limit": _placement_limit,
        "placement_targets": _placement_targets, "placement_refused": _placement_refused,
        "placement_room": _placement_room, "king_places": _king_places,
        "grande_places": _grande_places,
        # movement
        "movable": _movable, "sendable": _sendable, "move_which": _move_which,
        "leaving": _leaving, "leave": _leave, "arrive": _arrive, "moved": _moved,
        "relocated": _relocated,
        # scoring
        "castillo_emptied": _castillo_emptied, "scoring_order": _scoring_order,
        "scoring_places": _scoring_places, "ranking_counts": _ranking_counts,
        "area_bonus": _area_bonus,
        # view
        "board_summary": _board_summary, "log_changes": _log_changes,
        "determinise": _determinise,
        # saved-game checks
        "check_saved": _check_saved,
        # side decisions
        "aside": _aside, "aside_apply": _aside_apply,
    },
)
