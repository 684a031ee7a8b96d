"""The Colonies' figures and geometry (C1, C3-C7, C10): the set manifest's figures of a
board (offices, limit tables, discs, setup, the ship's ports) and what the hooks derive
from them by place index, all in this module's one cache, a :class:`ColoniesBoard` built once
per board (the offices in arrival order, the new areas, the ship's fixed figures, the
placement targets and refusals, the ship move labels), with small helpers over participants
(a player or a black caballero, C8, C9).
"""

from __future__ import annotations

from typing import Any, Final

from elgrande.model.board import Board
from elgrande.model.state import NOBODY, State

NAME: Final = "colonies"
#: An office held by a black (Inquisitor) caballero; its points go to the holder (C8).
BLACK: Final = -2
#: An office nobody holds.
EMPTY: Final = -1
AREA: Final = "area"


def figures(board: Board) -> Any:
    """The Colonies figures of ``board`` (offices, limit tables, discs, setup; from the
    manifest, or the library's set by :func:`remember_figures`): those of its
    :class:`ColoniesBoard`.

    Raises:
        DataError: the manifest cannot be read.
    """
    return colonies_board(board).fig


def ship_figures(board: Board) -> dict[str, Any]:
    """The manifest's ``ship`` mapping (C5): ``area`` (the ship's area id) and ``ports``
    (the areas ship caballeros may sail to beside the coastal regions); read once per
    board, when first asked, into its :class:`ColoniesBoard`."""
    g = colonies_board(board)
    ship = g.ship
    if ship is None:
        from elgrande.data.manifests import read_manifest  # (once per board: an import costs)

        data, _pos, _path = read_manifest(NAME, [d.parent for d in board.set_dirs])
        ship = g.ship = dict(data.get("ship") or {})
    return ship


def in_play(board: Board) -> bool:
    """Whether the Colonies set is on ``board`` (a smoke play may run its cards' statements
    on another board: they then do nothing)."""
    return NAME in board.sets


def remember_figures(board: Board, fig: Any) -> None:
    """Use ``fig`` (a library's figures, a fill applied) for ``board``: its
    :class:`ColoniesBoard` is built again from them (what was derived from other figures is
    forgotten; the manifest's ship mapping is kept)."""
    got = _BOARDS.get(id(board))
    if got is not None and got.board is board and got.fig is fig:
        return  # the figures in use (every game of a library sets them up again)
    ship = got.ship if got is not None and got.board is board else None
    _build(board, fig).ship = ship
    _LAST.clear()


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


def _by_place(board: Board, fig: Any) -> list[list[list[Any] | None]]:
    """The offices of ``fig`` (C4-C6) by place index of ``board`` (None: no office there) in
    three orders: arrival order, the later arrival first, the manifest's order (for
    :func:`_make_geo`)."""
    orders: list[dict[str, list[Any]]] = [{}, {}, {}]
    for i, offices in enumerate((sorted(fig.offices, key=lambda o: o.arrival),
                                 sorted(fig.offices, key=lambda o: -o.arrival),
                                 fig.offices)):
        for o in offices:
            orders[i].setdefault(o.area, []).append(o)
    return [[o.get(p.id) for p in board.places] for o in orders]


# Plain classes with an __init__ of their own: native classes under mypyc (docs/compiled.md),
# as the hooks called for every caballero moved, every place scored and every ship step read
# these as struct fields. Not attr.s: nothing compares, shows or saves these caches, and
# attrs would only compile an __attrs_init__ that nothing calls at every start (about 1.3M
# instructions a class; docs/performance.md, "Start-up and validate")
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


class ColoniesBoard:
    """The one cache of the Colonies module for a board: everything the hooks derive from
    the board and the set's figures, built once per board (:func:`colonies_board`; again
    when a library sets its figures, :func:`remember_figures`), the geometry by place index.
    Its fields filled later are keyed on the board alone, or on the king's region.

    Attributes:
        board: the board; fig: the figures it was made from (C1-C13).
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
        ship: the manifest's ship mapping (C5), once read (:func:`ship_figures`).
        targets: the new areas open to placement from court by the king's region (C4, C5;
            :func:`_placement_targets`).
        refused: the new areas' refusals by the king's region (C4-C6;
            :func:`_placement_refused`).
        labels: the ship move labels written so far, by the move's values (C5-C7;
            :func:`_labels_of`).
        names: each office's name by its id (C4-C6; the relocation labels, C11).
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
    ship: dict[str, Any] | None
    targets: dict[int, list[int]]
    refused: dict[int, dict[str, Any]]
    labels: dict[tuple[Any, ...], str]
    names: dict[str, str]

    def __init__(self, board: Board, fig: Any, ids: list[str], arriving: list[list[str]],
                 leaving: list[list[str]], offices: list[list[_Office]], discs: list[str],
                 areas: list[int], region_ids: list[str], office_places: list[int],
                 room: list[tuple[str, int, int, str]] | None, plan: _Plan | None,
                 planned: bool, dests: dict[int, _Dests], ship: dict[str, Any] | None = None,
                 targets: dict[int, list[int]] | None = None,
                 refused: dict[int, dict[str, Any]] | None = None,
                 labels: dict[tuple[Any, ...], str] | None = None,
                 names: dict[str, str] | None = None) -> None:
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
        self.ship = ship
        self.targets = {} if targets is None else targets
        self.refused = {} if refused is None else refused
        self.labels = {} if labels is None else labels
        self.names = {o.id: o.name for os in offices for o in os} if names is None else names


def _make_geo(board: Board, fig: Any) -> ColoniesBoard:
    """The :class:`ColoniesBoard` of ``board`` with figures ``fig`` (no ship plan yet)."""
    orders = _by_place(board, fig)
    listed = [[_Office(o.id, o.name, int(o.points), bool(o.ranks), bool(o.first_only))
               for o in os] if os else [] for os in orders[2]]
    return ColoniesBoard(board, fig, [p.id for p in board.places],
                [[o.id for o in os] if os else [] for os in orders[0]],
                [[o.id for o in os] if os else [] for os in orders[1]],
                listed, [d.id for d in fig.discs],
                [p.index for p in board.places if p.kind == AREA],
                [board.place_id(r) for r in board.regions],
                [i for i, os in enumerate(listed) if os], None, None, False, {})


#: The one cache of this module: every board's :class:`ColoniesBoard` by ``id(board)`` (the
#: board kept in it: an id is reused only once its board is gone), and the one in use (the
#: last board asked for, found without a dict look-up: the hooks ask at every caballero
#: moved). The hooks called at every move, placement or scored place read it inline
#: (``_LAST[0] if _LAST and _LAST[0].board is board else colonies_board(board)``): in the
#: pure build a call costs more than the rest of the look-up.
_BOARDS: Final[dict[int, ColoniesBoard]] = {}
_LAST: Final[list[ColoniesBoard]] = []


def colonies_board(board: Board) -> ColoniesBoard:
    """The :class:`ColoniesBoard` of ``board``, built on the first call for it.

    Raises:
        DataError: the set manifest cannot be read.
    """
    if _LAST:
        g = _LAST[0]
        if g.board is board:
            return g
    got = _BOARDS.get(id(board))
    if got is None or got.board is not board:
        got = _build(board, None)
    _LAST[:] = [got]
    return got


def _build(board: Board, fig: Any) -> ColoniesBoard:
    """Build and keep the :class:`ColoniesBoard` of ``board`` with figures ``fig`` (None:
    the manifest's)."""
    if fig is None:
        from elgrande.data.expansions import load_figures

        fig = load_figures(board)[NAME]
    got = _BOARDS[id(board)] = _make_geo(board, fig)
    return got


def _total(xs: list[int]) -> int:
    """``sum(xs)`` as a loop the compiled build runs natively (its ``sum`` is a call into
    the interpreter's builtin)."""
    n = 0
    for x in xs:
        n += x
    return n


# a plain native class (docs/compiled.md), as _Office: read at every ship step
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


class _Dests:
    """The ship's destinations with the king in one region (see :func:`_dests`).

    Attributes:
        dests: ``(id, index, capacity or -1)`` in the plan's order (not the king's region,
            B5.2; an area with a capacity only while the king borders it, C4).
        capped: the destinations with a capacity, ``(position in dests, index,
            capacity)`` (to be checked at each step; empty: none).
        keys: the move key of a caballero sailing there carrying nothing, by destination.
        labels: the labels of those moves.
        by_disc: the same keys and labels of a caballero carrying a disc, by disc id, once
            made (:func:`_disc_dests`).
    """

    dests: list[tuple[str, int, int]]
    capped: list[tuple[int, int, int]]
    keys: list[MoveKey]
    labels: list[str]
    by_disc: dict[str, tuple[list[MoveKey], list[str]]]

    def __init__(self, dests: list[tuple[str, int, int]], capped: list[tuple[int, int, int]],
                 keys: list[MoveKey],
                 labels: list[str],
                 by_disc: dict[str, tuple[list[MoveKey], list[str]]]) -> None:
        self.dests = dests
        self.capped = capped
        self.keys = keys
        self.labels = labels
        self.by_disc = by_disc


#: A ship move as :func:`ship_moves` lists it, by its values: ``(from, to, disc)`` or
#: ``(disc, area)`` for a disc taken (the label caches use the same key); an office
#: holder's (C6, C11): ``(from, to, None, office)`` or ``(TAKE, disc, area, office)``.
MoveKey = tuple[Any, ...]


#: The first value of an office holder's take key (no place id is ``"take"``).
TAKE: Final = "take"
