"""The kind whose answer places caballeros from court onto the board
(``place_caballeros``, B4.3, B5.1; a place's room, a capacity a rules module declares).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Mapping
from typing import Any, Final

from elgrande.engine.decisions.chance import Random, draw_below, draw_int
from elgrande.engine.decisions.counting import (
    _capped_nth,
    _caps,
    _multisets,
    _suffix_ways,
    binding,
)
from elgrande.engine.decisions.decision import COUNTED, Decision, DecisionKind, _rule, register
from elgrande.engine.decisions.forms import (
    MAX_LISTED,
    _counts,
    _refused,
    shown,
)
from elgrande.errors import IllegalMove
from elgrande.model.counted import noun


def _spread(rng: Random, total: int, targets: list[str],
            room: Mapping[str, Any] | None = None) -> dict[str, int]:
    out: dict[str, int] = {}
    for _ in range(total):
        open_ = [t for t in targets if not room or t not in room
                 or out.get(t, 0) < room[t][0]]
        if not open_:
            break
        t = open_[draw_below(rng, len(open_))]
        out[t] = out.get(t, 0) + 1
    return out


class PlaceKind(DecisionKind):
    """Caballeros from court onto the board (B4.3, B5.1): ``{region id: caballeros}``."""

    def __init__(self, name: str) -> None:
        super().__init__(name)
        self.inline = COUNTED  # Decision.random_answer draws count/nth inline
        self.as_is = True  # trusted gives a legal answer back as it is: applied so, no call

    def check(self, d: Decision, p: int, answer: Any) -> dict[str, int]:
        """options: to [ids], max, min, refused {id: [rule, message]}, optional room {id: [most
        caballeros it may still take, rule, message]} (a place's capacity)."""
        got = self.plain_checked(d, p, answer)  # the common answer, valid
        if got is not None:
            return got
        o = d.options
        rule = _rule(d, "B4.3")
        moves = _counts(answer, rule)
        for k in moves:
            if k not in o["to"]:
                _refused(o, "refused", k)
                raise IllegalMove(rule, f"{shown(k)} is not a region caballeros may be placed "
                                  f"in now (allowed: {', '.join(o['to'])})")
        for k, n in moves.items():
            room = o.get("room", {}).get(k)
            if room is not None and n > room[0]:
                raise IllegalMove(room[1], f"{k!r} has room for {room[0]} more "
                                  f"{noun(room[0], 'caballero')}, "
                                  f"not {n}: {room[2]}")
        total = sum(moves.values())
        if total > o["max"]:
            raise IllegalMove(rule, f"at most {o['max']} caballeros may be placed, not {total}")
        if total < o.get("min", 0):
            raise IllegalMove(rule, f"at least {o['min']} caballeros must be placed, not {total}")
        return moves

    def plain_checked(self, d: Decision, p: int, answer: Any) -> dict[str, int] | None:
        """A right answer in normal form (a dict of place ids, str, to counts above 0,
        B4.3), checked and copied in one loop: the copy (:meth:`check`'s result, and
        :func:`~elgrande.engine.decisions.forms.plain_answer`'s); else None."""
        if type(answer) is not dict:
            return None
        o = d.options
        to, room, total = o["to"], o.get("room"), 0
        out: dict[str, int] = {}
        # (no v <= MAX_INT: a count past the most placed fails total <= max below;
        # against MAX_INT, beyond CPython 3.11's one-digit ints, no comparison is fast)
        for k, v in answer.items():  # (a loop: no comprehension function made)
            if type(v) is not int or v <= 0 or type(k) is not str or k not in to \
                    or (room and k in room and v > room[k][0]):
                return None
            total += v
            out[k] = v
        if o.get("min", 0) <= total <= o["max"]:
            return out
        return None

    def trusted(self, d: Decision, p: int, answer: Any) -> Any:
        """A legal answer in normal form as it is: it names no place with 0 (as check's
        result; legal, nth and random make none; B4.3). Raises nothing: an answer from
        elsewhere is not checked (the trusted path's contract)."""
        return answer

    def legal(self, d: Decision, p: int) -> list[Any] | None:
        o = d.options
        to, lo, hi = o["to"], o.get("min", 0), o["max"]
        if not to:
            return [{}] if lo == 0 else None
        # multisets of t caballeros over k places: C(k + t - 1, t); count before listing
        if _multisets(len(to), lo, hi) > MAX_LISTED:
            return None
        out: list[Any] = []
        for total in range(lo, hi + 1):
            for combo in itertools.combinations_with_replacement(to, total):
                m: dict[str, int] = {}
                for t in combo:
                    m[t] = m.get(t, 0) + 1
                room = o.get("room", {})
                if any(t in room and n > room[t][0] for t, n in m.items()):
                    continue
                out.append(m)
                if len(out) > MAX_LISTED:
                    return None
        return out

    def random(self, d: Decision, p: int, rng: Random) -> Any:
        o = d.options
        if not o["to"]:
            return {}
        return _spread(rng, draw_int(rng, o.get("min", 0), o["max"]), o["to"], o.get("room"))

    def count(self, d: Decision, p: int) -> int:
        """How many answers :meth:`legal` lists (-1: none, too many; a ``room`` limit
        drops the answers that overfill a place)."""
        o = d.options
        to, lo, hi = o["to"], o.get("min", 0), o["max"]
        if not to:
            return 1 if lo == 0 else -1
        n = _multisets(len(to), lo, hi)
        if n > MAX_LISTED:
            return -1
        room = o.get("room")
        if room and (lo < 0 or binding(to, room, hi)):
            caps = _caps(to, room, hi)
            _CAPPED.clear()  # (for nth of the same decision: decisions never change)
            _CAPPED.append(d)
            _CAPPED.append(caps)
            ways = _suffix_ways(tuple(caps), hi)[0]
            if lo >= 0:  # ways[lo..hi] (those there), summed in C, not by a generator
                return sum(ways[lo:hi + 1])
            return sum(ways[t] for t in range(lo, min(hi, len(ways) - 1) + 1))
        return n

    def nth(self, d: Decision, p: int, i: int) -> dict[str, int]:
        """The ``i``-th answer of :meth:`legal`'s list, without listing: totals in
        order, each total's multisets in lexicographic order (combinations with replacement).
        """
        o = d.options
        to, lo, hi = o["to"], o.get("min", 0), o["max"]
        k = len(to)
        if not k:
            return {}
        room = o.get("room")
        if room:
            if _CAPPED and _CAPPED[0] is d:  # count's caps of this decision (capped)
                return _capped_nth(to, _CAPPED[1], lo, hi, i)
            if lo < 0 or binding(to, room, hi):
                return _capped_nth(to, _caps(to, room, hi), lo, hi, i)
        rows = _ROWS.get((k, lo, hi))
        if rows is None:
            rows = _rows(k, lo, hi)
        if rows:  # the i-th answer read from the table of the list (made once)
            m: dict[str, int] = {}
            for v, n in rows[i]:
                t = to[v]
                m[t] = m[t] + n if t in m else n  # (a place listed twice: as below)
            return m
        # comb[n][r]: math.comb(n, r), read from a table (_pascal's, made: no call)
        comb = _PASCAL if _PASCAL and k + hi <= 32 else _pascal(k + hi)
        for total in range(lo, hi + 1):
            size = comb[k + total - 1][total]
            if i >= size:
                i -= size
                continue
            m = {}
            v = 0
            for left in range(total, 0, -1):  # choose the next place index v (non-decreasing)
                while True:
                    rest = comb[k - v + left - 2][left - 1]  # multisets starting with v
                    if i < rest:
                        break
                    i -= rest
                    v += 1
                m[to[v]] = m.get(to[v], 0) + 1
            return m
        raise IndexError("answer index out of range")  # pragma: no cover


#: :func:`_rows`' tables by ``(places, min, max)``, made once and shared (never changed).
_ROWS: Final[dict[tuple[int, int, int], list[tuple[tuple[int, int], ...]]]] = {}


def _rows(k: int, lo: int, hi: int) -> list[tuple[tuple[int, int], ...]]:
    """The uncapped answers of placing ``lo..hi`` caballeros over ``k`` places in
    :meth:`PlaceKind.legal`'s order (totals in order, each total's multisets in
    lexicographic order), each as its ``(place index, caballeros)`` pairs in place order;
    empty when they are more than :data:`MAX_LISTED` (a draw then goes step by step, and
    :meth:`PlaceKind.nth` walks the combinations) or ``lo < 0``. Kept in :data:`_ROWS`."""
    rows: list[tuple[tuple[int, int], ...]] = []
    if lo >= 0 and _multisets(k, lo, hi) <= MAX_LISTED:
        for total in range(lo, hi + 1):
            for combo in itertools.combinations_with_replacement(range(k), total):
                m: dict[int, int] = {}
                for v in combo:
                    m[v] = m.get(v, 0) + 1
                rows.append(tuple(m.items()))
    _ROWS[(k, lo, hi)] = rows
    return rows


#: The last capped placement :meth:`PlaceKind.count` counted and its caps (C4), for
#: :meth:`PlaceKind.nth` of the same decision (a random answer asks both); by identity.
_CAPPED: Final[list[Any]] = []

#: :func:`_pascal`'s table up to 32: every placement of the shipped sets.
_PASCAL: Final[list[list[int]]] = []


def _pascal(n: int) -> list[list[int]]:
    """A table ``t`` with ``t[a][b] == math.comb(a, b)`` for ``0 <= a, b <= n`` (0 where
    ``b > a``), shared: never changed once made."""
    if n <= 32:
        if not _PASCAL:
            _PASCAL.extend(_comb_rows(32))
        return _PASCAL
    return _comb_rows(n)


def _comb_rows(n: int) -> list[list[int]]:
    """The rows of :func:`_pascal`'s table up to ``n``."""
    return [[math.comb(a, b) for b in range(n + 1)] for a in range(n + 1)]


register(PlaceKind("place_caballeros"))
