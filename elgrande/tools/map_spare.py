"""Where the drawn land lies outside every place (B1.6: the board's regions are the game;
the printed board's land beyond them is scenery): a spot to say so on the map.

The manifests' ``map.outline`` (:class:`~elgrande.model.boardmap.BoardMap` ``sea``) is the
land drawn behind the places; where no place covers it a new user sees grey land with no
name (f20). :func:`spare_spot` finds the point of that land farthest from every place and
from the coast, so :mod:`elgrande.tools.board_svg` can write "not part of the game" there.
Plain geometry on the map data; no place is named here.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence

from elgrande.model.boardmap import BOX, BoardMap, Shape

Point = tuple[float, float]
#: The sampling step (canvas units) and the least clearance a label needs.
STEP = 10.0
ROOM = 22.0


def _inside(pt: Point, poly: Sequence[Point]) -> bool:
    """Even-odd test: is ``pt`` inside the polygon ``poly``."""
    x, y = pt
    hit = False
    for (x1, y1), (x2, y2) in zip(poly, [*poly[1:], poly[0]], strict=True):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            hit = not hit
    return hit


def _corners(shape: Shape) -> list[Point]:
    """A shape's outline as a polygon (a box's four corners)."""
    if shape.kind != BOX:
        return list(shape.points)
    (x1, y1), (x2, y2) = shape.points[0], shape.points[1]
    return [(x1, y1), (x2, y1), (x2, y2), (x1, y2)]


def _gap(pt: Point, poly: Sequence[Point]) -> float:
    """The distance from ``pt`` to the nearest edge of ``poly``."""
    best = math.inf
    for (x1, y1), (x2, y2) in zip(poly, [*poly[1:], poly[0]], strict=True):
        dx, dy = x2 - x1, y2 - y1
        t = ((pt[0] - x1) * dx + (pt[1] - y1) * dy) / ((dx * dx + dy * dy) or 1.0)
        t = min(1.0, max(0.0, t))
        best = min(best, math.hypot(pt[0] - x1 - t * dx, pt[1] - y1 - t * dy))
    return best


def spare_spot(bmap: BoardMap) -> tuple[Point, float] | None:
    """The point of the drawn land (``bmap.sea``) outside every place's shape that is
    farthest from them and from the coast, and that distance (canvas units, y down).

    Args:
        bmap: the board's map; its ``sea`` outline (``()`` when the sets draw none).
    Returns:
        ``((x, y), clearance)`` or None when there is no outline or no spot with at least
        :data:`ROOM` units of clearance (the places cover the land). Raises nothing; kept per map (a
        server draws often).
    """
    if len(bmap.sea) < 3:
        return None
    return _search(bmap.sea, tuple(tuple(_corners(s)) for s in bmap.shapes.values()))


@functools.lru_cache(maxsize=16)
def _search(sea: tuple[Point, ...], polys: tuple[tuple[Point, ...], ...]
            ) -> tuple[Point, float] | None:
    """:func:`spare_spot` on plain tuples (so it can be kept)."""
    xs, ys = [p[0] for p in sea], [p[1] for p in sea]
    best: tuple[Point, float] | None = None
    y = min(ys)
    while y <= max(ys):
        x = min(xs)
        while x <= max(xs):
            pt = (x, y)
            if _inside(pt, sea) and not any(_inside(pt, p) for p in polys):
                room = min([_gap(pt, sea), *(_gap(pt, p) for p in polys)])
                if room >= ROOM and (best is None or room > best[1]):
                    best = (pt, room)
            x += STEP
        y += STEP
    return best
