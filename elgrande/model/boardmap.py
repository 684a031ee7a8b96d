"""The drawn map of a board (a schematic): one shape per place, from the set manifests'
``map:`` sections (loaded by :mod:`elgrande.data.map`). Plain data, no file reading.

Coordinates are SVG user units in a canvas of ``width`` x ``height``; y grows downwards.
"""

from __future__ import annotations

import attr

from elgrande.model.plain import plain_eq, plain_hash, plain_repr

POLYGON = "polygon"
BOX = "box"


# No slots: read-only data (the drawn map: no playout reads it) unpickled with every cached
# library; attrs builds a slotted class twice and unpickles it through a __setstate__
# written in Python (speed).

@attr.frozen(slots=False, repr=False, eq=False)
class Shape:
    """The drawn outline of one place (region, Castillo or expansion area, B1.6).

    Attributes:
        id: the place's data id (as in the manifest's ``regions``/``castillo``/``areas``).
        kind: ``"polygon"`` (``points`` is the outline) or ``"box"`` (a rounded box:
            ``points`` is its top-left and bottom-right corner).
        points: ``(x, y)`` pairs in canvas units.
        label: where the place's name and values are written (canvas units).
        set: the card set whose manifest drew it.
    """

    def __eq__(self, other: object) -> bool:
        return plain_eq(self, other)

    def __hash__(self) -> int:
        return plain_hash(self)

    def __repr__(self) -> str:
        return plain_repr(self)

    id: str
    kind: str
    points: tuple[tuple[float, float], ...]
    label: tuple[float, float]
    set: str = ""

    def centre(self) -> tuple[float, float]:
        """The mean of the outline's points (canvas units)."""
        xs = [p[0] for p in self.points]
        ys = [p[1] for p in self.points]
        return (sum(xs) / len(xs), sum(ys) / len(ys))


@attr.frozen(slots=False, repr=False, eq=False)
class BoardMap:
    """The map canvas and its shapes by place id (DESIGN 2: data in the set manifests).

    Attributes:
        width, height: the canvas size (units).
        shapes: place id -> :class:`Shape`; places without a shape are drawn by the
            renderer in a strip below the map.
        sea: optional background outline (the peninsula), ``(x, y)`` pairs.
    """

    def __eq__(self, other: object) -> bool:
        return plain_eq(self, other)

    def __hash__(self) -> int:
        return plain_hash(self)

    width: float
    height: float
    shapes: dict[str, Shape]
    sea: tuple[tuple[float, float], ...] = ()
