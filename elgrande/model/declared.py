"""What a set declares as data beyond the printed board (docs/homebrew.md, "Sets"): its
off-board spaces (:class:`Space`) and its tokens (:class:`Token`), which
:class:`elgrande.model.board.Board` holds. Kept out of :mod:`elgrande.model.board`: a game
of sets that declare none (every shipped set) does not build these classes
(docs/performance.md, "Start-up and validate").
"""

from __future__ import annotations

import attr

from elgrande.model.plain import plain_eq, plain_hash, plain_repr


@attr.frozen(slots=True, repr=False, eq=False)
class Space:
    """What a set declares of an off-board space (``spaces:`` in its manifest): a place
    that is not a region, where caballeros (and the king, when ``king``) may go by card
    statements and from which they come back.

    Attributes:
        index: its place index (``board.places[index].kind == "space"``).
        id: the data id, e.g. ``"rome"`` (the name scripts use).
        king: the king may stand there (a card moves him there; no region is then the
            king's region, B5.2).
        scores: it is scored at a general scoring like an area (its ``values``), after
            the regions (B6.4; it is in ``Board.scoring_order``, never in a region set);
            else never scored.
        returns: where the caballeros in it go at the next general scoring, once the
            Castillo is emptied (B6.3): ``"court"`` or ``"provinces"`` of their owners, or
            ``""`` (they stay).
        set: the set that declares it.
    """

    def __repr__(self) -> str:
        return plain_repr(self)

    def __eq__(self, other: object) -> bool:
        return plain_eq(self, other)

    def __hash__(self) -> int:
        return plain_hash(self)

    index: int
    id: str
    king: bool = False
    scores: bool = False
    returns: str = ""
    set: str = ""


@attr.frozen(slots=True, repr=False, eq=False)
class Token:
    """A token a set declares as data (``pieces:`` in its manifest): a piece with no code
    of its own that the one ``move`` statement moves (``move the ID to SET``,
    :mod:`elgrande.engine.tokens`), shown on the board with its name.

    Attributes:
        id: what scripts name it by after ``the`` (lowercase words, e.g. ``"legate"``).
        name: the printed name (e.g. ``"the Legate"``).
        start: the id of the place it stands in at the start (``""``: off the board).
        set: the set that declares it.
        doc: what it is, for the docs (free text).
    """

    def __repr__(self) -> str:
        return plain_repr(self)

    def __eq__(self, other: object) -> bool:
        return plain_eq(self, other)

    def __hash__(self) -> int:
        return plain_hash(self)

    id: str
    name: str
    start: str = ""
    set: str = ""
    doc: str = ""
