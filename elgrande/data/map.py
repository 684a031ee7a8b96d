"""The ``map:`` section of set manifests: reading and checking the drawn board.

Each set's manifest may carry ``map: {width, height, outline, places: {id: shape}}``,
where a shape is ``{polygon: [[x, y], ...], label: [x, y]}`` or ``{box: [x, y, w, h],
label: [x, y]}`` (``label`` defaults to the shape's centre). Later sets add places (the
Colonies' areas) and may widen the canvas. Checked: the place ids exist on the board,
points are numbers inside the canvas, a polygon has at least three points.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from elgrande.data import yamlpos
from elgrande.errors import DataError
from elgrande.model.boardmap import BOX, POLYGON, BoardMap, Shape

#: One set's map section with where it came from: (set id, raw section, path, positions).
Section = tuple[str, Any, str, yamlpos.Positions]


def _fail(sec: Section, sub: tuple[Any, ...], msg: str, hint: str = "") -> DataError:
    _s, _raw, path, pos = sec
    line, col = pos.get(("map", *sub))
    return DataError(path, msg, line, col, hint)


def _number(x: Any) -> bool:
    return isinstance(x, (int, float)) and not isinstance(x, bool)


def _point(sec: Section, sub: tuple[Any, ...], raw: Any, w: float, h: float
           ) -> tuple[float, float]:
    if not (isinstance(raw, list) and len(raw) == 2 and all(_number(v) for v in raw)):
        raise _fail(sec, sub, f"a point must be [x, y] (two numbers), got {raw!r}")
    x, y = float(raw[0]), float(raw[1])
    if not (0 <= x <= w and 0 <= y <= h):
        raise _fail(sec, sub, f"point {raw!r} lies outside the map canvas {w:g} x {h:g}",
                    "enlarge map.width/map.height or move the point")
    return (x, y)


def _shape(sec: Section, pid: str, raw: Any, w: float, h: float) -> Shape:
    sub: tuple[Any, ...] = ("places", pid)
    if not isinstance(raw, dict):
        raise _fail(sec, sub, f"the map shape of {pid!r} must be a mapping with 'polygon' "
                    "or 'box'")
    unknown = set(raw) - {"polygon", "box", "label"}
    if unknown:
        raise _fail(sec, sub, f"unknown field {sorted(unknown)[0]!r} in the map shape of "
                    f"{pid!r}", "fields: polygon or box, label")
    if ("polygon" in raw) == ("box" in raw):
        raise _fail(sec, sub, f"the map shape of {pid!r} needs exactly one of 'polygon' "
                    "and 'box'")
    if "polygon" in raw:
        pts = raw["polygon"]
        if not isinstance(pts, list) or len(pts) < 3:
            raise _fail(sec, (*sub, "polygon"), f"the polygon of {pid!r} needs at least "
                        "three points")
        points = tuple(_point(sec, (*sub, "polygon", i), p, w, h) for i, p in enumerate(pts))
        kind = POLYGON
    else:
        b = raw["box"]
        if not (isinstance(b, list) and len(b) == 4 and all(_number(v) for v in b)
                and b[2] > 0 and b[3] > 0):
            raise _fail(sec, (*sub, "box"), f"a box is [x, y, width, height] with a positive "
                        f"size, got {b!r}")
        points = (_point(sec, (*sub, "box"), [b[0], b[1]], w, h),
                  _point(sec, (*sub, "box"), [b[0] + b[2], b[1] + b[3]], w, h))
        kind = BOX
    if "label" in raw:
        label = _point(sec, (*sub, "label"), raw["label"], w, h)
    else:
        xs = [p[0] for p in points]
        ys = [p[1] for p in points]
        label = (sum(xs) / len(xs), sum(ys) / len(ys))
    return Shape(pid, kind, points, label, sec[0])


def build_map(sections: Sequence[Section], place_ids: Sequence[str]) -> BoardMap | None:
    """Merge and check the ``map:`` sections of the loaded sets, in load order.

    Args:
        sections: one entry per set that has a ``map`` key.
        place_ids: the ids of every place on the board (regions, Castillo, areas).
    Returns:
        The :class:`BoardMap`, or None when no set draws a map.
    Raises:
        DataError: with file, line and column: a malformed section, an unknown place id,
        a point outside the canvas.
    """
    if not sections:
        return None
    width = height = 0.0
    shapes: dict[str, Shape] = {}
    sea: tuple[tuple[float, float], ...] = ()
    known = set(place_ids)
    for sec in sections:
        raw = sec[1]
        if not isinstance(raw, dict):
            raise _fail(sec, (), "'map' must be a mapping with width, height and places")
        unknown = set(raw) - {"width", "height", "outline", "places"}
        if unknown:
            raise _fail(sec, (sorted(unknown)[0],), f"unknown map field "
                        f"{sorted(unknown)[0]!r}", "fields: width, height, outline, places")
        for key in ("width", "height"):
            v = raw.get(key, width if key == "width" else height)
            if not _number(v) or v <= 0:
                raise _fail(sec, (key,), f"map.{key} must be a positive number, got {v!r}")
        width = max(width, float(raw.get("width", width)))
        height = max(height, float(raw.get("height", height)))
        if "outline" in raw:
            pts = raw["outline"]
            if not isinstance(pts, list) or len(pts) < 3:
                raise _fail(sec, ("outline",), "map.outline needs at least three points")
            sea = tuple(_point(sec, ("outline", i), p, width, height)
                        for i, p in enumerate(pts))
        places = raw.get("places") or {}
        if not isinstance(places, dict):
            raise _fail(sec, ("places",), "map.places must map place ids to shapes")
        for pid, shape in places.items():
            if pid not in known:
                import difflib

                close = difflib.get_close_matches(str(pid), known, n=1)
                raise _fail(sec, ("places", pid), f"map shape for unknown place {pid!r}",
                            f"did you mean {close[0]!r}?" if close else
                            "places are the ids of regions, the Castillo and areas")
            shapes[str(pid)] = _shape(sec, str(pid), shape, width, height)
    return BoardMap(width, height, shapes, sea)
