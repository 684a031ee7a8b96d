"""Counting distributions of caballeros without listing them: how many answers a
placement (B4.3), a send (B8.7) or a bring to court (B4.1) has, and the i-th of them, so
that a random answer is one draw from the list it would be.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Mapping
from itertools import accumulate
from operator import sub
from typing import Any

from elgrande.engine.decisions.forms import MAX_LISTED


@functools.lru_cache(maxsize=1024)
def _multisets(k: int, lo: int, hi: int) -> int:
    """How many multisets of ``lo..hi`` caballeros over ``k`` places there are."""
    return sum(math.comb(k + t - 1, t) for t in range(lo, hi + 1))


def binding(to: list[str], room: Mapping[str, Any], hi: int) -> bool:
    """Whether ``room`` (place id -> ``[room, rule id, reason]``, C4) holds some place of
    ``to`` to fewer than ``hi`` caballeros. When none does, every place may take ``hi``:
    the answers, their count and their order are the uncapped ones (B4.3), counted by
    :func:`_multisets` and the table of combinations, not by :func:`_suffix_ways`. Raises
    nothing."""
    for t, r in room.items():  # (a room has a few entries, ``to`` up to a dozen places)
        if r[0] < hi and t in to:
            return True
    return False


def _caps(to: list[str], room: Mapping[str, Any], hi: int) -> list[int]:
    """The most caballeros each place of ``to`` may take (``room``; else ``hi``)."""
    return [max(min(room[t][0], hi), 0) if t in room else hi for t in to]


def _capped_nth(to: list[str], caps: list[int], lo: int, hi: int, i: int) -> dict[str, int]:
    """The ``i``-th answer of :func:`_place_legal`'s list under caps: totals in order,
    each total's multisets in lexicographic order of their places (more of the first
    place first), those within the caps only."""
    ways = _suffix_ways(tuple(caps), hi)
    for total in range(lo, hi + 1):
        size = ways[0][total] if total < len(ways[0]) else 0
        if i >= size:
            i -= size
            continue
        m: dict[str, int] = {}
        left = total
        for j, cap in enumerate(caps):
            if not left:
                break  # the places left take none (and i is 0: one way to place none)
            rest = ways[j + 1]
            # the answers giving this place none come last (more of it first): past all
            # the others, none here, without going through them one count at a time
            row = ways[j]
            here = row[left] if left < len(row) else 0
            none = rest[left] if left < len(rest) else 0
            if i >= here - none:
                i -= here - none
                continue
            for c in range(min(cap, left), -1, -1):
                w = rest[left - c] if left - c < len(rest) else 0
                if i < w:
                    break
                i -= w
            if c:
                m[to[j]] = c
            left -= c
        return m
    raise IndexError("answer index out of range")  # pragma: no cover


def _units(sources: Mapping[str, int]) -> list[str]:
    return [k for k, n in sources.items() for _ in range(n)]


@functools.lru_cache(maxsize=1024)
def _suffix_ways(caps: tuple[int, ...], limit: int) -> list[list[int]]:
    """``ways[k][t]``: how many ways the counts ``0..caps[j]`` for ``j >= k`` add up to
    ``t``, for ``t <= limit`` (cached: callers never change it)."""
    ways = [[1]]
    for cap in reversed(caps):
        nxt = ways[-1]
        n = len(nxt)
        size = min(n + cap, limit + 1)
        if size >= n:  # (cap >= 0): by running sums, no loop of bytecodes: full[t] is
            # nxt[0] + ... + nxt[t] (nxt's total past its end), row[t] the sum of the last
            # cap + 1 of them, full[t] - full[t - cap - 1]
            full = list(accumulate(nxt))
            if size > n:
                full += [full[-1]] * (size - n)
            if size <= cap + 1:  # uncapped up to the limit (the common case: no room, C4)
                ways.append(full)
            else:
                ways.append(full[:cap + 1] + list(map(sub, full[cap + 1:], full)))
            continue
        row = [0] * size
        acc = 0
        for t in range(size):  # a sliding sum of nxt[t - cap .. t]
            if t < n:
                acc += nxt[t]
            if 0 <= t - cap - 1 < n:
                acc -= nxt[t - cap - 1]
            row[t] = acc
        ways.append(row)
    ways.reverse()
    return ways


def _units_count(sources: Mapping[str, int], lo: int, hi: int) -> int:
    """How many answers :func:`_send_legal` lists for these sources and bounds, or -1
    when it lists none (too many)."""
    size = 1
    for n in sources.values():
        size *= n + 1
    if size > 20 * MAX_LISTED:
        return -1
    ways = _suffix_ways(tuple(sources.values()), max(hi, 0))[0]
    n = sum(ways[t] for t in range(max(lo, 0), min(hi, len(ways) - 1) + 1))
    return n if n <= MAX_LISTED else -1


def _units_nth(sources: Mapping[str, int], lo: int, hi: int, i: int) -> dict[str, int]:
    """The ``i``-th answer of :func:`_send_legal`'s list, without listing: the counts
    per source in ``itertools.product`` order (the first source varies slowest), those
    adding up to ``lo..hi`` only."""
    keys = list(sources)
    caps = [sources[k] for k in keys]
    ways = _suffix_ways(tuple(caps), max(hi, 0))
    out: dict[str, int] = {}
    cur = 0
    for k, key in enumerate(keys):
        rest = ways[k + 1]
        for x in range(caps[k] + 1):
            here = cur + x
            fits = sum(rest[t] for t in range(max(lo - here, 0), min(hi - here, len(rest) - 1)
                                             + 1))
            if i < fits:
                break
            i -= fits
        cur += x
        if x:
            out[key] = x
    return out
