"""The typed AST of effect scripts: frozen, keyword-only classes with slots.

Every node carries ``line`` and ``column``: 1-based, relative to the *card file* (the
parser shifts script positions by where the script starts in the YAML), so errors point
into the file a designer edits.

Simple statements are all :class:`Call` nodes naming a primitive declared in
:mod:`elgrande.dsl.signatures`; control structures (each player, for each player,
either/or, if) are their own nodes. Expressions describe regions (a single region or a
region set), players, numbers and conditions.

The node classes behave as ``attrs.frozen(slots=True, kw_only=True)`` classes (keyword
construction, equality and hashing by fields, a field-listing ``repr``, no assignment,
pickling) but are built by :class:`_NodeMeta` without generating code per class: there are
forty of them, and generating their methods was a fifth of the cold start (issue 12).
"""

from __future__ import annotations

from typing import Any, ClassVar, dataclass_transform

from attrs.exceptions import FrozenInstanceError


@dataclass_transform(kw_only_default=True, frozen_default=True, eq_default=True)
class _NodeMeta(type):
    """Makes a node class: its annotated public names are its fields (after the inherited
    ones), held in ``__slots__``; a class-level value is the field's default."""

    def __new__(mcls, name: str, bases: tuple[type, ...], ns: dict[str, Any]) -> _NodeMeta:
        own = tuple(f for f in ns.get("__annotations__", {}) if not f.startswith("_"))
        defaults = {f: ns.pop(f) for f in own if f in ns}
        ns["__slots__"] = own
        cls = super().__new__(mcls, name, bases, ns)
        cls._fields = tuple(getattr(cls, "_fields", ())) + own  # type: ignore[attr-defined]
        cls._defaults = {**getattr(cls, "_defaults", {}), **defaults}  # type: ignore[attr-defined]
        return cls


def _rebuild(cls: type[Node], values: tuple[Any, ...]) -> Node:
    """The node of class ``cls`` with field ``values`` (for pickling)."""
    node = object.__new__(cls)
    for f, v in zip(cls._fields, values, strict=True):
        object.__setattr__(node, f, v)
    return node


class Node(metaclass=_NodeMeta):
    """Base class: a source position in the card file."""

    _fields: ClassVar[tuple[str, ...]]
    _defaults: ClassVar[dict[str, Any]]
    line: int = 0
    column: int = 0

    def __init__(self, **values: Any) -> None:
        cls = type(self)
        for f in cls._fields:
            if f in values:
                v = values.pop(f)
            elif f in cls._defaults:
                v = cls._defaults[f]
            else:
                raise TypeError(f"{cls.__name__}() missing keyword argument {f!r}")
            object.__setattr__(self, f, v)
        if values:
            raise TypeError(f"{cls.__name__}() got an unexpected keyword argument "
                            f"{next(iter(values))!r}")

    def _values(self) -> tuple[Any, ...]:
        return tuple(getattr(self, f) for f in type(self)._fields)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self._values() == other._values()

    def __ne__(self, other: object) -> bool:
        eq = self.__eq__(other)
        return eq if eq is NotImplemented else not eq

    def __hash__(self) -> int:
        return hash((type(self).__qualname__, *self._values()))

    def __repr__(self) -> str:
        inner = ", ".join(f"{f}={getattr(self, f)!r}" for f in type(self)._fields)
        return f"{type(self).__name__}({inner})"

    def __setattr__(self, name: str, value: Any) -> None:
        raise FrozenInstanceError()

    def __delattr__(self, name: str) -> None:
        raise FrozenInstanceError()

    def __reduce__(self) -> tuple[Any, tuple[type[Node], tuple[Any, ...]]]:
        return (_rebuild, (type(self), self._values()))


def fields(cls: type[Node]) -> tuple[str, ...]:
    """The field names of node class ``cls``, inherited ones (``line``, ``column``) first."""
    return cls._fields


def replace(node: Node, **changes: Any) -> Any:
    """A copy of ``node`` with the fields ``changes`` replaced (like ``attrs.evolve``).

    Raises:
        TypeError: a name that is not a field of the node.
    """
    values = dict(zip(type(node)._fields, node._values(), strict=True))
    values.update(changes)
    return type(node)(**values)


# -- region / region-set expressions -----------------------------------------------------
class Name(Node):
    """A variable or a region id (resolved by the checker against the board and the
    variables assigned so far)."""

    name: str


class AllRegions(Node):
    """``regions``: every region where caballeros may stand for scoring: the mainland
    regions and the expansion areas, never the Castillo (B8.6, C3)."""


class MainlandRegions(Node):
    """``mainland regions``: the 9 regions of Spain (what a secret disc can show, B6.1)."""


class Anywhere(Node):
    """``anywhere``: the regions and the Castillo (B8.2)."""


class Castillo(Node):
    """``castillo``."""


class OwnGrande(Node):
    """``own grande``: the region of the deciding player's Grande (I8: "another region"
    than it)."""


class King(Node):
    """``king``: the king's region."""


class Court(Node):
    """``court``: a player's court, as a source of caballeros (send effects only)."""


class Adjacent(Node):
    """``adjacent to X``: the regions adjacent to region(s) X."""

    of: Node


class WithValue(Node):
    """``regions with value 4 and 5``: regions whose current first value is one of
    ``values`` (B8.6: a mobile scoreboard's value counts; never the Castillo)."""

    values: tuple[int, ...]


class MostCaballeros(Node):
    """``regions with most caballeros`` (all colours; every tied region; B8.6)."""


class FewestCaballeros(Node):
    """``regions with fewest caballeros`` (empty regions ignored; B8.6)."""


class WithOwn(Node):
    """``regions with [at least N] own caballeros`` (the deciding player's; N default 1)."""

    at_least: int = 1


class ChosenOnce(Node):
    """``pick chosen by exactly one player``: regions of a secret choice chosen by exactly
    one player."""

    name: str


class Union(Node):
    """``A or B or C``."""

    items: tuple[Node, ...]


class Except(Node):
    """``A except B, C``."""

    base: Node
    items: tuple[Node, ...]


class Otherwise(Node):
    """``A otherwise B``: A, or B when A is empty."""

    first: Node
    fallback: Node


# -- players, quantities ------------------------------------------------------------------
class AnyPlayer(Node):
    """``of any player``: caballeros of every colour (neutral ones too, C8)."""


class Opponents(Node):
    """``of opponents``: caballeros of every colour but the deciding player's (C8: neutral
    ones too)."""


class PlayerVar(Node):
    """``of p``: caballeros of the player bound to variable ``name``."""

    name: str


class Each(Node):
    """``each player`` / ``each other player`` (clockwise from the acting player's left,
    B8.7; ``each player`` starts with the acting player), optionally only those ``with own
    caballeros in SET`` (the affected players, B8.5)."""

    others: bool
    having: Node | None = None


class Qty(Node):
    """How many: ``mode`` is ``"up_to"``, ``"exactly"``, ``"all"`` or ``"all_or_some"``;
    ``n`` is the number for the first two."""

    mode: str
    n: int | None = None


# -- numbers and conditions ----------------------------------------------------------------
class Int(Node):
    """A whole number."""

    value: int


class CountAll(Node):
    """``caballeros in X``: caballeros of every colour in region(s) X."""

    where: Node


class CountOwn(Node):
    """``own caballeros in X``: the deciding player's caballeros in region(s) X."""

    where: Node


class IsIn(Node):
    """``X is A or B``: region X is one of the regions of the set."""

    item: Node
    set: Node


class Compare(Node):
    """``number OP number`` with OP one of ``>= <= == != > <``."""

    left: Node
    op: str
    right: Node


class Not(Node):
    """``not cond``."""

    cond: Node


# -- choices (arguments of the ``choose`` primitive) ----------------------------------------
class RegionChoice(Node):
    """``choose region from SET``."""

    set: Node


class NumberChoice(Node):
    """``choose number from LO to HI``."""

    low: int
    high: int


class PlayerChoice(Node):
    """``choose player from PLAYERS``."""

    players: Node


# -- statements -----------------------------------------------------------------------------
class Call(Node):
    """A primitive statement: ``name`` is a primitive declared in
    :data:`elgrande.dsl.signatures.SIGNATURES`; ``args`` maps its parameter names to values
    (nodes, ints, strings or None for an omitted optional part)."""

    name: str
    args: tuple[tuple[str, Any], ...]

    def arg(self, key: str) -> Any:
        """The value of parameter ``key`` (None when absent)."""
        for k, v in self.args:
            if k == key:
                return v
        return None


class Block(Node):
    """A sequence of statements."""

    body: tuple[Node, ...]


class EachPlayer(Node):
    """``each [other] player: BLOCK``: the block runs once per player in turn order
    (B8.7); inside it, ``own`` means that player's and that player decides."""

    each: Each
    body: Block


class ForEachPlayer(Node):
    """``for each [other] player p: BLOCK``: the block runs once per player with ``p``
    bound; the acting player still decides."""

    each: Each
    var: str
    body: Block


class Either(Node):
    """``either: A or: B ...``: the deciding player picks one branch."""

    branches: tuple[Block, ...]


class If(Node):
    """``if COND: A [else: B]``."""

    cond: Node
    then: Block
    otherwise: Block | None = None


class Script(Node):
    """A whole effect script."""

    body: Block


def walk(node: Any) -> Any:
    """Yield ``node`` and every node below it, depth first (a generator of Nodes)."""
    stack = [node]
    while stack:
        n = stack.pop()
        if isinstance(n, Node):
            yield n
            for f in type(n)._fields:
                v = getattr(n, f)
                if isinstance(v, tuple):
                    for x in reversed(v):
                        if isinstance(x, tuple) and len(x) == 2:
                            stack.append(x[1])
                        else:
                            stack.append(x)
                elif isinstance(v, Node):
                    stack.append(v)
