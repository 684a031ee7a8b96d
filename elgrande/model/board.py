"""The board of a game: map, region values, power-card table, mobile scoreboards.

All figures are loaded from the card sets' manifests (``cards/<set>/set.yaml``) by
:mod:`elgrande.data.manifests`; this module holds none of them and reads no file.
Region ids become small integers (place indices): the mainland regions in scoring order,
then the Castillo, then any expansion areas.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any, Final

import attr

from elgrande.model.boardmap import BoardMap
from elgrande.model.fields import factory
from elgrande.model.plain import plain_eq, plain_hash, plain_reduce, plain_repr

if TYPE_CHECKING:  # built by the sets that declare them (elgrande/model/declared.py)
    from elgrande.model.declared import Space, Token

REGION: Final = "region"
CASTILLO: Final = "castillo"
AREA: Final = "area"
#: An off-board space a set declares (``spaces:`` in its manifest): not a region, no
#: neighbours; pieces go there and come back by card statements (B5.2 never applies).
SPACE: Final = "space"


# attr.s (not attr.frozen): mypyc makes it a native class, whose fields compiled code reads
# natively (docs/compiled.md); init=False and an __init__ of its own, which mypyc compiles;
# frozen: it sets through object.__setattr__
@attr.s(auto_attribs=True, frozen=True, order=False, init=False, repr=False, eq=False)
class Place:
    """A region, the Castillo, or an expansion area.

    Attributes:
        index: the place id used in the state (small int).
        id: the data id, e.g. ``"old_castile"``.
        name: the printed name.
        kind: ``"region"`` (mainland, B1.6), ``"castillo"``, ``"area"`` or ``"space"``
            (an off-board space, :class:`~elgrande.model.declared.Space`).
        values: printed 1st/2nd/3rd values (points).
        adjacent: indices of adjacent places (B1.6).
        coastal: Colonies' coastal flag (C5).
    """

    def __repr__(self) -> str:
        return plain_repr(self)

    def __eq__(self, other: object) -> bool:
        return plain_eq(self, other)

    def __hash__(self) -> int:
        return plain_hash(self)

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return plain_reduce(self)

    index: int
    id: str
    name: str
    kind: str
    values: tuple[int, int, int]
    adjacent: frozenset[int]
    coastal: bool = False

    def __init__(self, index: int, id: str, name: str, kind: str,
                 values: tuple[int, int, int], adjacent: frozenset[int],
                 coastal: bool = False) -> None:
        object.__setattr__(self, "index", index)
        object.__setattr__(self, "id", id)
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "values", values)
        object.__setattr__(self, "adjacent", adjacent)
        object.__setattr__(self, "coastal", coastal)


@attr.frozen(slots=True, repr=False, eq=False)
class Scoreboard:
    """A mobile scoreboard (B1.5): its id (``"8-4-0"``) and values (points by rank)."""

    def __repr__(self) -> str:
        return plain_repr(self)

    def __eq__(self, other: object) -> bool:
        return plain_eq(self, other)

    def __hash__(self) -> int:
        return plain_hash(self)

    index: int
    id: str
    values: tuple[int, int, int]


# No slots for a variant (read at setup only): attrs builds a slotted class twice and
# unpickles it through a __setstate__ written in Python, with every cached library
# (speed). Scoreboard keeps its slots: an unpickled instance's __dict__ is slower to read
# than a slot (+1.8% instructions a game); Place and Board are unpickled through their own
# __init__ (plain_reduce), which leaves no such __dict__.
@attr.frozen(slots=False, repr=False, eq=False)
class Variant:
    """A game-length variant (B3.7): rounds played and rounds after which scoring runs."""

    def __repr__(self) -> str:
        return plain_repr(self)

    def __eq__(self, other: object) -> bool:
        return plain_eq(self, other)

    def __hash__(self) -> int:
        return plain_hash(self)

    id: str
    rounds: tuple[int, ...]
    scoring_after: tuple[int, ...]


# A native class under mypyc, as Place (above)
@attr.s(auto_attribs=True, frozen=True, order=False, init=False, repr=False, eq=False)
class Board:
    """Everything printed that the rules need, for one combination of card sets.

    Built by :func:`elgrande.data.manifests.load_board`. ``rules_modules`` names the rules
    module of each set that has one, in load order (DESIGN 2a); ``stacks`` the numbers of
    the shuffled action stacks (B1.4); ``spaces`` the off-board spaces
    (:class:`~elgrande.model.declared.Space`); ``tokens`` the tokens the sets declare
    (:class:`~elgrande.model.declared.Token`, by id). Indices: ``places[i].index == i``;
    ``regions`` lists the mainland regions in general-scoring order (B6.4); ``castillo`` is
    the Castillo's index.
    """

    def __eq__(self, other: object) -> bool:
        return plain_eq(self, other)

    def __hash__(self) -> int:
        return plain_hash(self)

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        return plain_reduce(self)

    sets: tuple[str, ...]
    places: tuple[Place, ...]
    index: dict[str, int]
    regions: tuple[int, ...]
    castillo: int
    scoring_order: tuple[int, ...]
    scoreboards: tuple[Scoreboard, ...]
    power_cards: dict[int, int]
    caballeros_per_player: int
    setup_grande_region: int
    setup_court: int
    paid_ranks: dict[int, int]
    king_bonus: int
    grande_bonus: int
    min_players: int
    max_players: int
    variants: dict[str, Variant]
    neutral_caballeros: int
    neutral_name: str
    set_dirs: tuple[Path, ...]
    rules_modules: tuple[str, ...] = ()
    stacks: tuple[int, ...] = ()
    lasting_kinds: dict[str, str] = factory(dict)
    map: BoardMap | None = None  # the drawn map (schematic), from the manifests' map:
    spaces: tuple[Space, ...] = ()  # the off-board spaces the sets declare
    tokens: dict[str, Token] = factory(dict)  # the tokens the sets declare, by id

    def __init__(self, sets: tuple[str, ...], places: tuple[Place, ...], index: dict[str, int],
                 regions: tuple[int, ...], castillo: int, scoring_order: tuple[int, ...],
                 scoreboards: tuple[Scoreboard, ...], power_cards: dict[int, int],
                 caballeros_per_player: int, setup_grande_region: int, setup_court: int,
                 paid_ranks: dict[int, int], king_bonus: int, grande_bonus: int, min_players: int,
                 max_players: int, variants: dict[str, Variant], neutral_caballeros: int,
                 neutral_name: str, set_dirs: tuple[Path, ...],
                 rules_modules: tuple[str, ...] = (), stacks: tuple[int, ...] = (),
                 lasting_kinds: dict[str, str] | None = None, map: BoardMap | None = None,
                 spaces: tuple[Space, ...] = (), tokens: dict[str, Token] | None = None) -> None:
        object.__setattr__(self, "sets", sets)
        object.__setattr__(self, "places", places)
        object.__setattr__(self, "index", index)
        object.__setattr__(self, "regions", regions)
        object.__setattr__(self, "castillo", castillo)
        object.__setattr__(self, "scoring_order", scoring_order)
        object.__setattr__(self, "scoreboards", scoreboards)
        object.__setattr__(self, "power_cards", power_cards)
        object.__setattr__(self, "caballeros_per_player", caballeros_per_player)
        object.__setattr__(self, "setup_grande_region", setup_grande_region)
        object.__setattr__(self, "setup_court", setup_court)
        object.__setattr__(self, "paid_ranks", paid_ranks)
        object.__setattr__(self, "king_bonus", king_bonus)
        object.__setattr__(self, "grande_bonus", grande_bonus)
        object.__setattr__(self, "min_players", min_players)
        object.__setattr__(self, "max_players", max_players)
        object.__setattr__(self, "variants", variants)
        object.__setattr__(self, "neutral_caballeros", neutral_caballeros)
        object.__setattr__(self, "neutral_name", neutral_name)
        object.__setattr__(self, "set_dirs", set_dirs)
        object.__setattr__(self, "rules_modules", rules_modules)
        object.__setattr__(self, "stacks", stacks)
        object.__setattr__(self, "lasting_kinds", {} if lasting_kinds is None else lasting_kinds)
        object.__setattr__(self, "map", map)
        object.__setattr__(self, "spaces", spaces)
        object.__setattr__(self, "tokens", {} if tokens is None else tokens)

    def place_id(self, index: int) -> str:
        """The data id of place ``index``."""
        return self.places[index].id

    def place_index(self, place_id: str) -> int:
        """The index of place ``place_id``.

        Raises:
            KeyError: unknown id (message lists close matches).
        """
        try:
            return self.index[place_id]
        except KeyError:
            import difflib

            close = difflib.get_close_matches(place_id, self.index, n=1)
            hint = f"; did you mean {close[0]!r}?" if close else ""
            raise KeyError(f"unknown region {place_id!r}{hint}") from None

    def place_name(self, place: str | int) -> str:
        """The name the board gives a place (B1: the board's places) for texts for people:
        ``place`` an id (``"old_castile"`` -> ``"Old Castile"``) or an index; anything
        else (an id the board does not hold, such as the court) as itself. Raises nothing.
        The one look-up of a place's name: the log, the command line, the page and the
        engine's texts in words all name places by it."""
        if isinstance(place, int) and not isinstance(place, bool):
            return self.places[place].name if 0 <= place < len(self.places) else str(place)
        i = self.index.get(place) if isinstance(place, str) else None
        return str(place) if i is None else self.places[i].name

    def adjacent(self, a: int, b: int) -> bool:
        """True when places ``a`` and ``b`` share a border (B1.6)."""
        return b in self.places[a].adjacent

    def is_region(self, index: int) -> bool:
        """True for the 9 mainland regions (where discs, the king and Grandes may go)."""
        return self.places[index].kind == REGION

    def is_castillo(self, index: int) -> bool:
        """True for the Castillo."""
        return index == self.castillo

    def scoreboard_index(self, sb_id: str) -> int:
        """The index of mobile scoreboard ``sb_id`` (e.g. ``"8-4-0"``).

        Raises:
            KeyError: unknown scoreboard.
        """
        for sb in self.scoreboards:
            if sb.id == sb_id:
                return sb.index
        raise KeyError(f"unknown mobile scoreboard {sb_id!r}")
