"""The Colonies pieces of a game (C4-C13): :class:`Pieces` in ``state.ext["colonies"]``
(the offices and their holders C4-C6, the limit table C10, gold and goods lying free or
carried C7, the turn's notes), their plain form, and how a rule reads or creates them.
"""

from __future__ import annotations

from typing import Any, Final

import attr

from elgrande.errors import DataError
from elgrande.model.blank import blank, pure
from elgrande.model.board import Board
from elgrande.model.plain import plain_repr
from elgrande.model.serial import field_names, from_fields, plain_fields
from elgrande.model.state import ExtPieces, State, copy_plain
from elgrande.rules.colonies.figures import EMPTY, NAME, figures

#: This module runs as Python source: :meth:`Pieces.copy` and :meth:`Table.copy` skip the
#: constructor call (:mod:`elgrande.model.blank`).
_PURE: Final = pure(__name__)


# attr.s, not attrs.define: mypyc makes them native classes (docs/compiled.md):
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
        """An independent copy (in the pure build without the constructor call:
        :mod:`elgrande.model.blank`)."""
        if _PURE:
            c: Table = blank(Table)
            c.region, c.seats, c.seated = self.region, self.seats, self.seated.copy()
            c.black, c.vacant, c.chooser = self.black, self.vacant, self.chooser
            return c
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
        open: the action cards on offer when the turn began, in saves made before Remove
            Action Card chose from ``State.offer`` itself (C13); no longer set.
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
        """An independent copy (the rare pieces, when present, deep-copied as plain data).
        A special action's undo point makes one (B8, C4-C13): the discs lying free and the
        carriers are copied by loops (no comprehension's function made)."""
        free: dict[str, dict[str, int]] = {}
        for a, d in self.free.items():
            free[a] = d.copy()
        carriers: list[list[Any]] = []
        for c in self.carriers:
            carriers.append(c.copy())
        # the rare pieces: None mostly (each read once)
        opened, sailed, dropped = self.open, self.sailed, self.dropped
        fresh, relocation, removed = self.fresh, self.relocation, self.removed
        seating, chosen = self.castillo_seating, self.castillo_chosen
        if opened is not None:
            opened = opened.copy()
        if sailed is not None:
            sailed = sailed.copy()
        if dropped is not None:
            dropped = [c.copy() for c in dropped]
        if fresh is not None:
            fresh = copy_plain(fresh)
        if relocation is not None:
            relocation = copy_plain(relocation)
        if removed is not None:
            removed = removed.copy()
        if seating is not None:
            seating = copy_plain(seating)
        if chosen is not None:
            chosen = copy_plain(chosen)
        if _PURE:  # without the constructor call (elgrande.model.blank): the same fields
            p: Pieces = blank(Pieces)
            p.offices, p.table, p.free = self.offices.copy(), self.table.copy(), free
            p.carriers, p.supply, p.bonus = carriers, self.supply.copy(), self.bonus
            p.open, p.sailed, p.dropped, p.fresh = opened, sailed, dropped, fresh
            p.relocation, p.removed, p.carrying = relocation, removed, self.carrying
            p.castillo_seating, p.castillo_chosen = seating, chosen
            return p
        return Pieces(self.offices.copy(), self.table.copy(), free, carriers,
                      self.supply.copy(), self.bonus, opened, sailed, dropped, fresh,
                      relocation, removed, self.carrying, seating, chosen)

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
    """The Colonies pieces of ``state``, created empty when missing (to change them). The
    hooks called at every move or turn test its common case inline (``state.ext.get(NAME)``
    of type :class:`Pieces`) and call it only otherwise: a call costs more than the test."""
    ext = state.ext.get(NAME)
    if type(ext) is Pieces:  # the common case, without the call of pieces()
        return ext
    ext = pieces(state)
    if ext is None:
        ext = state.ext[NAME] = fresh_pieces(board, state.players)
    return ext


def _carriers(ext: Pieces, place: str, player: int, disc: str | None = None) -> int:
    n = 0
    for c in ext.carriers:  # (a plain loop: the compiled build runs it natively)
        if c[0] == place and c[1] == player and (disc is None or c[2] == disc):
            n += 1
    return n
