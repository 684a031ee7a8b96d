"""The figures of a set manifest beyond the board: what the expansions' rules modules read
(limit tables, discs, offices, capacities, setup figures, the hand of combined cards, the
Caballero-card table), typed and checked here so the model's Board stays small.

Each set's figures are read from its own manifest (not merged): the rules modules of the
sets in play compose them (X1-X3). A figure no source gives is ``null`` and named in the
manifest's ``unknown:`` list by dotted key (``caballero_cards.4``); a fill's ``manifest:``
section supplies it (docs/library.md).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

import attr

from elgrande.data import yamlpos
from elgrande.errors import DataError
from elgrande.model.board import Board
from elgrande.model.plain import plain_eq, plain_hash, plain_repr


@attr.frozen(slots=False, repr=False, eq=False)
class LimitTable:
    """A limit table (C10): ``seats``, used with these player counts (C2)."""

    __eq__ = plain_eq
    __hash__ = plain_hash
    __repr__ = plain_repr

    seats: int
    players: tuple[int, ...]


@attr.frozen(slots=False, repr=False, eq=False)
class Disc:
    """A kind of disc (C7): ``id``, ``name``, how many in the ``supply``, the ``points``
    it scores when brought to a mainland region, and the ``area`` where new ones appear."""

    __eq__ = plain_eq
    __hash__ = plain_hash
    __repr__ = plain_repr

    id: str
    name: str
    supply: int
    points: int
    area: str


@attr.frozen(slots=False, repr=False, eq=False)
class Office:
    """An office in an area (C4-C6): the ``arrival``-th caballero to arrive while it is
    empty holds it and scores ``points`` at each scoring of the ``area``; ``ranks``: the
    holder counts for the area's ranking (the Viceroy does not, C6); ``first_only``: it
    pays in a first-position-only scoring, to the first-placed player only (C12)."""

    __eq__ = plain_eq
    __hash__ = plain_hash
    __repr__ = plain_repr

    id: str
    name: str
    area: str
    points: int
    arrival: int
    ranks: bool = True
    first_only: bool = True


@attr.frozen(slots=False, repr=False, eq=False)
class Hand:
    """The combined action/power cards (I1): ``deck`` per player, ``choose`` of them are
    chosen before the game; the beginner option keeps the ``beginner_cards`` values
    divisible by ``beginner_multiple_of``; with action cards on offer (another set's
    stacks) at most ``offer_takers`` players a round take one of them (X2; 0: none)."""

    __eq__ = plain_eq
    __hash__ = plain_hash
    __repr__ = plain_repr

    deck: int
    choose: int
    beginner_multiple_of: int
    beginner_cards: int
    offer_takers: int = 0


@attr.frozen(slots=False, repr=False, eq=False)
class Figures:
    """One set's figures (all empty/None when the set has none of them).

    Attributes:
        set: the set id; path: its manifest.
        setup: the manifest's ``setup`` mapping (B2.3, C2, I2: ``grande_region``,
            ``court``, ``disc_caballeros``, ``neutral_regions``, ...).
        capacity: area id -> most caballeros it holds (C4).
        offices: the offices (C4-C6), in manifest order.
        king_areas: the expansion areas the king may enter (C3).
        limit_tables: the limit tables (C10).
        discs: the disc kinds (C7).
        hand: the combined action/power cards (I1), or None.
        caballero_cards: player count -> the Caballero cards in play (I2, I3); a count
            whose entry is still unknown is absent (see ``unknown``).
        unknown: the dotted keys still unknown after the fill.
        provisional: the dotted keys a fill supplied.
    """

    __eq__ = plain_eq
    __hash__ = plain_hash
    __repr__ = plain_repr

    set: str
    path: str
    setup: dict[str, Any]
    capacity: dict[str, int]
    offices: tuple[Office, ...]
    king_areas: tuple[str, ...]
    limit_tables: tuple[LimitTable, ...]
    discs: tuple[Disc, ...]
    hand: Hand | None
    caballero_cards: dict[int, tuple[int, ...]]
    unknown: tuple[str, ...] = ()
    provisional: tuple[str, ...] = ()

    def limit_table(self, players: int) -> LimitTable | None:
        """The limit table used with ``players`` players (C2), or None."""
        for t in self.limit_tables:
            if players in t.players:
                return t
        return None


def load_figures(board: Board, fills: dict[str, dict[str, Any]] | None = None,
                 search: Sequence[Path] = ()) -> dict[str, Figures]:
    """The figures of each set of ``board``, with a fill's manifest values applied.

    Args:
        board: the board of the sets (place ids are checked against it).
        fills: set id -> dotted key -> value (:attr:`elgrande.data.fills.Fill.manifest`).
    Returns:
        set id -> :class:`Figures`, in load order.
    Raises:
        DataError: a malformed figure (unknown area, a bad number, a limit-table player
        count given twice), located in the manifest; a fill value for a key the manifest
        does not list as unknown (a sourced figure cannot be changed).
    """
    from elgrande.data.manifests import read_manifest  # a build only (speed)

    out: dict[str, Figures] = {}
    for s in board.sets:
        data, pos, path = read_manifest(s, search)
        out[s] = _figures(s, dict(data), pos, path, board, (fills or {}).get(s, {}))
    return out


def _figures(set_id: str, m: dict[str, Any], pos: yamlpos.Positions, path: str, board: Board,
             fill: dict[str, Any]) -> Figures:
    def err(msg: str, *key: Any) -> DataError:
        line, col = pos.get(key)
        return DataError(path, msg, line, col)

    unknown = [str(k) for k in m.get("unknown") or []]
    for key, value in fill.items():
        head, _, tail = str(key).partition(".")
        sub = m.get(head)
        if key not in unknown or not isinstance(sub, dict) or _get(sub, tail) is not None:
            raise err(f"a fill cannot change {key!r} of set {set_id!r}: it is not an unknown "
                      f"figure (unknown: {', '.join(unknown) or 'none'})", head)
        m[head] = {**sub, _key(sub, tail): value}
    still = tuple(k for k in unknown if k not in fill)

    def place(area: Any, *key: Any) -> str:
        if area not in board.index:
            raise err(f"unknown area {area!r}", *key)
        return str(area)

    def num(v: Any, *key: Any) -> int:
        if not isinstance(v, int) or isinstance(v, bool) or v < 0:
            raise err(f"expected a whole number >= 0, got {v!r}", *key)
        return v

    capacity = {place(a, "capacity", a): num(n, "capacity", a)
                for a, n in (m.get("capacity") or {}).items()}
    offices = tuple(
        Office(str(k), str(o.get("name", k)), place(o.get("area"), "offices", k, "area"),
               num(o.get("points"), "offices", k, "points"),
               num(o.get("arrival", 1), "offices", k, "arrival"), bool(o.get("ranks", True)),
               bool(o.get("first_only", True)))
        for k, o in (m.get("offices") or {}).items())
    tables: list[LimitTable] = []
    seen: set[int] = set()
    for i, t in enumerate(m.get("limit_tables") or []):
        players = tuple(num(p, "limit_tables", i, "players") for p in t.get("players") or [])
        if seen & set(players):
            raise err(f"a player count has two limit tables: {sorted(seen & set(players))}",
                      "limit_tables", i)
        seen |= set(players)
        tables.append(LimitTable(num(t.get("seats"), "limit_tables", i, "seats"), players))
    discs = tuple(
        Disc(str(k), str(d.get("name", k)), num(d.get("supply"), "discs", k, "supply"),
             num(d.get("points"), "discs", k, "points"), place(d.get("area"), "discs", k, "area"))
        for k, d in (m.get("discs") or {}).items())
    h = m.get("hand")
    hand = None if not h else Hand(
        num(h.get("deck"), "hand", "deck"), num(h.get("choose"), "hand", "choose"),
        num(h.get("beginner_multiple_of", 0), "hand", "beginner_multiple_of"),
        num(h.get("beginner_cards", 0), "hand", "beginner_cards"),
        num(h.get("offer_takers", 0), "hand", "offer_takers"))
    cards: dict[int, tuple[int, ...]] = {}
    for n, faces in (m.get("caballero_cards") or {}).items():
        if faces is None:
            if f"caballero_cards.{n}" not in unknown:
                raise err(f"caballero_cards.{n} is null but 'unknown' does not name it",
                          "caballero_cards", n)
            continue
        cards[num(n, "caballero_cards", n)] = tuple(num(x, "caballero_cards", n)
                                                    for x in faces)
    for k in (m.get("king_areas") or []):
        place(k, "king_areas")
    setup = dict(m.get("setup") or {})
    for a in (setup.get("discs") or {}):
        place(a, "setup", "discs", a)
    return Figures(set_id, path, setup, capacity, offices,
                   tuple(str(k) for k in m.get("king_areas") or []), tuple(tables), discs,
                   hand, cards, still, tuple(str(k) for k in fill))


def _key(sub: dict[Any, Any], tail: str) -> Any:
    """The key of ``sub`` that the dotted part ``tail`` names (``"4"`` may be the int 4)."""
    for k in sub:
        if str(k) == tail:
            return k
    return tail


def _get(sub: dict[Any, Any], tail: str) -> Any:
    return sub.get(_key(sub, tail))


def unknown_figures(figures: Iterable[Figures]) -> list[tuple[str, str, str]]:
    """``(where, key, why)`` for every figure still unknown, for
    :class:`~elgrande.data.fills.MissingCardData`."""
    return [(f"{f.set} set manifest", k, "unknown")
            for f in figures for k in f.unknown]
