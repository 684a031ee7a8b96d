"""What a scoring gives (B6.1-B6.9, B5.3, B8.6): who got what where, and why — one region's
ranking (:class:`RegionScore`, its lines :class:`ScoreLine`), the Castillo's moves
(:class:`CastilloMove`) and a general scoring (:class:`GeneralScoring`), with their JSON
forms (the log's scoring events).

Kept apart from the scoring rules (:mod:`elgrande.model.scoring`), which import this module
when they score: a game imports it at its first scoring or when a scoring's event is read,
not at start (docs/performance.md, "Start-up and `validate`").
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Final

import attr

from elgrande.model.blank import blank, pure
from elgrande.model.board import Board
from elgrande.model.plain import plain_eq, plain_hash, plain_repr
from elgrande.model.serial import from_fields
from elgrande.model.state import NOBODY


# attr.s (not attrs.frozen): mypyc makes it a native class (docs/compiled.md);
# init=False and an __init__ of its own, which mypyc compiles (attrs' generated one stays
# interpreted code: 7x the cost of a scoring line); frozen: it sets through object.__setattr__
@attr.s(auto_attribs=True, frozen=True, order=False, init=False, repr=False, eq=False)
class ScoreLine:
    """One participant's result in one region.

    Attributes:
        participant: player index, or NOBODY (-1) for unheld neutral caballeros (C9).
        caballeros: the count ranked.
        rank: 1, 2, 3, ... (B6.5).
        points: points from the rank's value (after B6.8 and first-position-only).
        bonuses: ``(reason, points)`` pairs: ``("king", 2)`` (B5.3), ``("grande", 2)`` (B6.6).
    """

    def __eq__(self, other: object) -> bool:
        return plain_eq(self, other)

    def __hash__(self) -> int:
        return plain_hash(self)

    def __repr__(self) -> str:
        return plain_repr(self)

    participant: int
    caballeros: int
    rank: int
    points: int
    bonuses: tuple[tuple[str, int], ...] = ()

    def __init__(self, participant: int, caballeros: int, rank: int, points: int,
                 bonuses: tuple[tuple[str, int], ...] = ()) -> None:
        object.__setattr__(self, "participant", participant)
        object.__setattr__(self, "caballeros", caballeros)
        object.__setattr__(self, "rank", rank)
        object.__setattr__(self, "points", points)
        object.__setattr__(self, "bonuses", bonuses)

    @property
    def total(self) -> int:
        """Points plus bonuses."""
        if not self.bonuses:
            return self.points
        return self.points + sum(b for _, b in self.bonuses)

    def to_json(self) -> dict[str, Any]:
        """Plain data: the fields, ``bonuses`` as ``[[reason, points], ...]``."""
        # written out: a scoring's event is made at every scoring; equal to
        # plain_fields(self) (a test checks), at a fraction of its cost
        b = self.bonuses  # (most lines have none: no comprehension run for them)
        return {"participant": self.participant, "caballeros": self.caballeros,
                "rank": self.rank, "points": self.points,
                "bonuses": [[why, n] for why, n in b] if b else []}

    @classmethod
    def from_json(cls, data: Any) -> ScoreLine:
        """Rebuild from :meth:`to_json`."""
        line: ScoreLine = from_fields(cls, data, {
            "bonuses": tuple((str(why), int(b)) for why, b in data.get("bonuses", ()))})
        return line


# attr.s (not attrs.frozen): mypyc makes it a native class (docs/compiled.md);
# init=False and an __init__ of its own, which mypyc compiles (attrs' generated one stays
# interpreted code: 7x the cost of a scoring line); frozen: it sets through object.__setattr__
@attr.s(auto_attribs=True, frozen=True, order=False, init=False, repr=False, eq=False)
class RegionScore:
    """The scoring of one place.

    Attributes:
        place: the place index.
        values: the 1st/2nd/3rd values used.
        source: ``"printed"`` or the id of the mobile scoreboard lying there (B6.9).
        first_only: True for a first-position-only scoring (B8.6).
        lines: one :class:`ScoreLine` per participant with caballeros there, best first.
    """

    def __eq__(self, other: object) -> bool:
        return plain_eq(self, other)

    def __hash__(self) -> int:
        return plain_hash(self)

    def __repr__(self) -> str:
        return plain_repr(self)

    place: int
    values: tuple[int, int, int]
    source: str
    first_only: bool
    lines: tuple[ScoreLine, ...]

    def __init__(self, place: int, values: tuple[int, int, int], source: str,
                 first_only: bool, lines: tuple[ScoreLine, ...]) -> None:
        object.__setattr__(self, "place", place)
        object.__setattr__(self, "values", values)
        object.__setattr__(self, "source", source)
        object.__setattr__(self, "first_only", first_only)
        object.__setattr__(self, "lines", lines)

    def points(self) -> dict[int, int]:
        """Total points by participant (NOBODY's points go to no one but are listed)."""
        return {ln.participant: ln.total for ln in self.lines}

    def to_json(self) -> dict[str, Any]:
        """Plain data (what a ``score`` event carries): the fields, ``lines`` as
        :meth:`ScoreLine.to_json` dicts."""
        # written out: a scoring's event is made at every scoring; equal to
        # plain_fields(self) (a test checks), at a fraction of its cost
        lines = []
        for ln in self.lines:  # (a loop: no comprehension function made per scoring)
            lines.append(ln.to_json())
        return {"place": self.place, "values": list(self.values), "source": self.source,
                "first_only": self.first_only, "lines": lines}

    @classmethod
    def from_json(cls, data: Any) -> RegionScore:
        """Rebuild from :meth:`to_json`."""
        v = data["values"]
        rs: RegionScore = from_fields(cls, data, {
            "values": (v[0], v[1], v[2]),
            "lines": tuple(ScoreLine.from_json(ln) for ln in data["lines"])})
        return rs

    def describe(self, board: Board, names: Sequence[str]) -> str:
        """One line in words, e.g. ``"Aragon (5/4/1): red 3 -> 5 +2 king; blue 2 -> 4"``."""
        head = (f"{board.places[self.place].name} ({'/'.join(map(str, self.values))}"
                f"{', ' + self.source if self.source != 'printed' else ''}"
                f"{', first only' if self.first_only else ''})")
        parts = []
        for ln in self.lines:
            who = names[ln.participant] if ln.participant != NOBODY else board.neutral_name \
                or "nobody"
            extra = "".join(f" +{b} {r}" for r, b in ln.bonuses)
            parts.append(f"{who} {ln.caballeros} -> {ln.points}{extra}")
        return head + ": " + ("; ".join(parts) if parts else "nobody")


# attr.s (not attrs.frozen): mypyc makes it a native class (docs/compiled.md);
# init=False and an __init__ of its own, which mypyc compiles (attrs' generated one stays
# interpreted code: 7x the cost of a scoring line); frozen: it sets through object.__setattr__
@attr.s(auto_attribs=True, frozen=True, order=False, init=False, repr=False, eq=False)
class CastilloMove:
    """Where a player's Castillo caballeros went at a general scoring (B6.3).

    ``to`` is a place index, or None when the disc showed the king's region (to court).
    """

    def __eq__(self, other: object) -> bool:
        return plain_eq(self, other)

    def __hash__(self) -> int:
        return plain_hash(self)

    def __repr__(self) -> str:
        return plain_repr(self)

    player: int
    caballeros: int
    disc: int
    to: int | None

    def __init__(self, player: int, caballeros: int, disc: int, to: int | None) -> None:
        object.__setattr__(self, "player", player)
        object.__setattr__(self, "caballeros", caballeros)
        object.__setattr__(self, "disc", disc)
        object.__setattr__(self, "to", to)

    def to_json(self) -> dict[str, Any]:
        """Plain data: the fields."""
        # written out: a scoring's event is made at every scoring; equal to
        # plain_fields(self) (a test checks), at a fraction of its cost
        return {"player": self.player, "caballeros": self.caballeros, "disc": self.disc,
                "to": self.to}

    @classmethod
    def from_json(cls, data: Any) -> CastilloMove:
        """Rebuild from :meth:`to_json`."""
        move: CastilloMove = from_fields(cls, data)
        return move


# attr.s (not attrs.frozen): mypyc makes it a native class (docs/compiled.md);
# init=False and an __init__ of its own, which mypyc compiles (attrs' generated one stays
# interpreted code: 7x the cost of a scoring line); frozen: it sets through object.__setattr__
@attr.s(auto_attribs=True, frozen=True, order=False, init=False, repr=False, eq=False)
class GeneralScoring:
    """The result of a general scoring (B6.1-B6.4).

    Attributes:
        discs: the region each player chose with the secret disc (B6.1).
        castillo: the Castillo's scoring (B6.2).
        moves: where each player's Castillo caballeros went (B6.3).
        regions: each region's scoring, in scoring order (B6.4).
        grandes: what the rules modules' ``castillo_emptied`` hooks did once the Castillo
            emptied, before the regions scored: ``(player, from, to, card)`` for each
            Grande that moved (from a place index to another: I9's Grande leaving the
            Castillo); ``card`` is '' (a card's trigger on that step, C13's Conspiracy,
            runs after these hooks and its own lines tell what it moves; a scoring told
            before it did names the card).
    """

    def __eq__(self, other: object) -> bool:
        return plain_eq(self, other)

    def __hash__(self) -> int:
        return plain_hash(self)

    def __repr__(self) -> str:
        return plain_repr(self)

    discs: tuple[int, ...]
    castillo: RegionScore
    moves: tuple[CastilloMove, ...]
    regions: tuple[RegionScore, ...]
    grandes: tuple[tuple[int, int, int, str], ...] = ()

    def __init__(self, discs: tuple[int, ...], castillo: RegionScore,
                 moves: tuple[CastilloMove, ...], regions: tuple[RegionScore, ...],
                 grandes: tuple[tuple[int, int, int, str], ...] = ()) -> None:
        object.__setattr__(self, "discs", discs)
        object.__setattr__(self, "castillo", castillo)
        object.__setattr__(self, "moves", moves)
        object.__setattr__(self, "regions", regions)
        object.__setattr__(self, "grandes", grandes)

    def to_json(self) -> dict[str, Any]:
        """Plain data (what a ``general_scoring`` event carries): the fields, the scorings
        as :meth:`RegionScore.to_json` dicts."""
        # written out: a scoring's event is made at every scoring; equal to
        # plain_fields(self) (a test checks), at a fraction of its cost
        return {"discs": list(self.discs), "castillo": self.castillo.to_json(),
                "moves": [m.to_json() for m in self.moves],
                "regions": [r.to_json() for r in self.regions],
                "grandes": [list(g) for g in self.grandes]}

    @classmethod
    def from_json(cls, data: Any) -> GeneralScoring:
        """Rebuild from :meth:`to_json`."""
        gs: GeneralScoring = from_fields(cls, data, {
            "discs": tuple(data["discs"]), "castillo": RegionScore.from_json(data["castillo"]),
            "moves": tuple(CastilloMove.from_json(m) for m in data["moves"]),
            "regions": tuple(RegionScore.from_json(r) for r in data["regions"]),
            "grandes": tuple((g[0], g[1], g[2], g[3]) for g in data.get("grandes", ()))})
        return gs

    def points(self, players: int) -> list[int]:
        """Points each player gained in this scoring."""
        out = [0] * players
        for rs in (self.castillo, *self.regions):
            for ln in rs.lines:
                if ln.participant != NOBODY:
                    out[ln.participant] += ln.total
        return out


#: This module runs as Python source: the makers below skip the constructor call.
_PURE: Final = pure(__name__)
#: ``object.__setattr__``: sets a frozen instance's ``__dict__`` whole (no field check).
_SET: Final = object.__setattr__


# The makers: in the pure build a frozen attrs class's constructor sets each field through
# ``object.__setattr__`` (about 4k instructions a scoring line made and read); there the
# instance is made without it and its ``__dict__`` set whole, in ``__init__``'s order
# (still frozen: its ``__setattr__`` refuses). The compiled build calls the constructor.
def _made(cls: type, fields: dict[str, Any]) -> Any:
    """An instance of ``cls`` made without its constructor, ``fields`` its ``__dict__``."""
    obj = blank(cls)
    _SET(obj, "__dict__", fields)
    return obj


def new_line(participant: int, caballeros: int, rank: int, points: int,
             bonuses: tuple[tuple[str, int], ...] = ()) -> ScoreLine:
    """``ScoreLine(participant, caballeros, rank, points, bonuses)``, the same instance
    (the scorings' lines, B6.5-B6.8). Raises nothing."""
    ln: ScoreLine = _made(ScoreLine, {
        "participant": participant, "caballeros": caballeros, "rank": rank, "points": points,
        "bonuses": bonuses}) if _PURE else ScoreLine(participant, caballeros, rank, points,
                                                     bonuses)
    return ln


def new_score(place: int, values: tuple[int, int, int], source: str, first_only: bool,
              lines: tuple[ScoreLine, ...]) -> RegionScore:
    """``RegionScore(place, values, source, first_only, lines)``, the same instance (a
    place's scoring, B6.5-B6.9). Raises nothing."""
    rs: RegionScore = _made(RegionScore, {
        "place": place, "values": values, "source": source, "first_only": first_only,
        "lines": lines}) if _PURE else RegionScore(place, values, source, first_only, lines)
    return rs


def new_move(player: int, caballeros: int, disc: int, to: int | None) -> CastilloMove:
    """``CastilloMove(player, caballeros, disc, to)``, the same instance (B6.3). Raises
    nothing."""
    m: CastilloMove = _made(CastilloMove, {
        "player": player, "caballeros": caballeros, "disc": disc,
        "to": to}) if _PURE else CastilloMove(player, caballeros, disc, to)
    return m


def new_scoring(discs: tuple[int, ...], castillo: RegionScore,
                moves: tuple[CastilloMove, ...], regions: tuple[RegionScore, ...],
                grandes: tuple[tuple[int, int, int, str], ...] = ()) -> GeneralScoring:
    """``GeneralScoring(discs, castillo, moves, regions, grandes)``, the same instance
    (B6.1-B6.4). Raises nothing."""
    g: GeneralScoring = _made(GeneralScoring, {
        "discs": discs, "castillo": castillo, "moves": moves, "regions": regions,
        "grandes": grandes}) if _PURE else GeneralScoring(discs, castillo, moves, regions,
                                                          grandes)
    return g
