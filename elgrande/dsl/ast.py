"""The typed AST of effect scripts: frozen attrs classes.

Every node carries ``line`` and ``column``: 1-based, relative to the *card file* (the
parser shifts script positions by where the script starts in the YAML), so errors point
into the file a designer edits.

Simple statements are all :class:`Call` nodes naming a primitive declared in
:mod:`elgrande.dsl.signatures`; control structures (each player, for each player,
either/or, if) are their own nodes. Expressions describe regions (a single region or a
region set), players, numbers and conditions.
"""

from __future__ import annotations

from functools import cached_property
from typing import Any

import attrs

from elgrande.model.plain import plain_eq, plain_hash, plain_repr


@attrs.frozen(slots=False, kw_only=True, repr=False, eq=False)
class Node:
    """Base class: a source position in the card file.

    The node classes share this ``__repr__`` (``Name(line=1, column=0, name='x')``, as
    attrs writes it), ``__eq__`` and ``__hash__`` instead of each generating its own:
    attrs compiles every generated method when the module is imported, and the generated
    repr, eq and hash were half of the AST's import time (speed). They behave as attrs'
    would (:mod:`elgrande.model.plain`): nodes are equal when of the same class with equal fields
    (in field order), and a node's hash is that of its class and fields.

    A node class with no fields of its own is a plain subclass: it has this class's
    fields and ``__init__`` as they are, and building it costs nothing at import (an attrs
    class build is about 1M instructions). The classes have no slots (``slots=False``):
    attrs builds a slotted class twice and gives it a ``__setstate__`` in Python, so a
    cached library's few hundred nodes unpickled that way cost more than their
    ``__dict__`` (speed: cold start 424.2M -> 416.6M instructions).
    """

    line: int = 0
    column: int = 0

    __eq__ = plain_eq
    __hash__ = plain_hash
    __repr__ = plain_repr


# -- region / region-set expressions -----------------------------------------------------
@attrs.frozen(slots=False, kw_only=True, repr=False, eq=False)
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


@attrs.frozen(slots=False, kw_only=True, repr=False, eq=False)
class GrandeOf(Node):
    """``grande of p``: the region of the Grande of the player in variable ``p`` (B1.2;
    none while it is in the Castillo, I9)."""

    name: str


class It(Node):
    """``it``: the place of the piece a ``move`` moves (a Grande, the king), in the
    statement's ``to`` set only (``move grande of opponents to adjacent to it``)."""


class King(Node):
    """``king``: the king's region."""


class Court(Node):
    """``court``: a player's court, as a place caballeros move from or to (``move``)."""


@attrs.frozen(slots=False, kw_only=True, repr=False, eq=False)
class Adjacent(Node):
    """``adjacent to X``: the regions adjacent to region(s) X."""

    of: Node


@attrs.frozen(slots=False, kw_only=True, repr=False, eq=False)
class WithValue(Node):
    """``regions with value 4 and 5``: regions whose current first value is one of
    ``values`` (B8.6: a mobile scoreboard's value counts; never the Castillo)."""

    values: tuple[int, ...]


class MostCaballeros(Node):
    """``regions with most caballeros`` (all colours; every tied region; B8.6)."""


class FewestCaballeros(Node):
    """``regions with fewest caballeros`` (empty regions ignored; B8.6)."""


@attrs.frozen(slots=False, kw_only=True, repr=False, eq=False)
class WithOwn(Node):
    """``regions with [at least N] own caballeros`` (the deciding player's; N default 1)."""

    at_least: int = 1


@attrs.frozen(slots=False, kw_only=True, repr=False, eq=False)
class ChosenOnce(Node):
    """``pick chosen by exactly one player``: regions of a secret choice chosen by exactly
    one player."""

    name: str


@attrs.frozen(slots=False, kw_only=True, repr=False, eq=False)
class Union(Node):
    """``A or B or C``."""

    items: tuple[Node, ...]


@attrs.frozen(slots=False, kw_only=True, repr=False, eq=False)
class Except(Node):
    """``A except B, C``."""

    base: Node
    items: tuple[Node, ...]


@attrs.frozen(slots=False, kw_only=True, repr=False, eq=False)
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


@attrs.frozen(slots=False, kw_only=True, repr=False, eq=False)
class PlayerVar(Node):
    """``of p``: caballeros of the player bound to variable ``name``."""

    name: str


@attrs.frozen(slots=False, kw_only=True, repr=False, eq=False)
class Each(Node):
    """``each player`` / ``each other player`` (clockwise from the acting player's left,
    B8.7; ``each player`` starts with the acting player), optionally only those ``with own
    caballeros in SET`` (the affected players, B8.5)."""

    others: bool
    having: Node | None = None


@attrs.frozen(slots=False, kw_only=True, repr=False, eq=False)
class Qty(Node):
    """How many: ``mode`` is ``"up_to"``, ``"exactly"``, ``"all"`` or ``"all_or_some"``;
    ``n`` is the number for the first two when the script writes a whole number, ``value``
    the number expression when it writes another (a variable, ``score of me``, ``n + 1``;
    then ``n`` is None). ``said``: the script wrote ``exactly`` (its English says so); a
    plain ``N`` (mode ``"exactly"``, ``said`` false) plays as ``exactly N``: as many as
    can, up to N (B8.7), :func:`elgrande.engine.values.limits`."""

    mode: str
    n: int | None = None
    value: Node | None = None
    said: bool = False


# -- numbers and conditions ----------------------------------------------------------------
@attrs.frozen(slots=False, kw_only=True, repr=False, eq=False)
class Int(Node):
    """A whole number."""

    value: int


@attrs.frozen(slots=False, kw_only=True, repr=False, eq=False)
class CountAll(Node):
    """``caballeros in X``: caballeros of every colour in region(s) X."""

    where: Node


@attrs.frozen(slots=False, kw_only=True, repr=False, eq=False)
class CountOwn(Node):
    """``own caballeros in X``: the deciding player's caballeros in region(s) X."""

    where: Node


class Provinces(Node):
    """``provinces``: a player's provinces, as a place caballeros move from (to court,
    B4.1) or to (B8.7), and in ``caballeros of PLAYER in provinces``."""


@attrs.frozen(slots=False, kw_only=True, repr=False, eq=False)
class NumVar(Node):
    """A variable read as a number (``n`` of ``n = choose number ...``)."""

    name: str


@attrs.frozen(slots=False, kw_only=True, repr=False, eq=False)
class ScoreOf(Node):
    """``score of PLAYER``: the player's points now."""

    player: Node


class HighestScore(Node):
    """``highest score``: the most points any player has now."""


@attrs.frozen(slots=False, kw_only=True, repr=False, eq=False)
class RankOf(Node):
    """``rank of PLAYER``: 1 for the leader; players tied share the best rank (one more
    than the number of players with more points)."""

    player: Node


@attrs.frozen(slots=False, kw_only=True, repr=False, eq=False)
class CountOf(Node):
    """``caballeros of PLAYER in court|provinces|SET``: that player's caballeros in their
    court, their provinces or the regions of the set."""

    player: Node
    where: Node


@attrs.frozen(slots=False, kw_only=True, repr=False, eq=False)
class Binary(Node):
    """Two operands, ``left`` and ``right`` (the base of the operators below)."""

    left: Node
    right: Node


class Add(Binary):
    """``N + M``."""


class Sub(Binary):
    """``N - M``."""


class And(Binary):
    """``A and B``: both conditions hold (B is not evaluated when A fails)."""


class Or(Binary):
    """``A or B``: one of the conditions holds (B is not evaluated when A holds)."""


@attrs.frozen(slots=False, kw_only=True, repr=False, eq=False)
class SetInPlay(Node):
    """``set NAME is in play``: the card set ``set_name`` is one of the game's sets."""

    set_name: str


@attrs.frozen(slots=False, kw_only=True, repr=False, eq=False)
class IsIn(Node):
    """``X is A or B``: region X is one of the regions of the set (``the TOKEN is in SET``:
    the place where the token stands is one of them)."""

    item: Node
    set: Node


@attrs.frozen(slots=False, kw_only=True, repr=False, eq=False)
class Compare(Node):
    """``number OP number`` with OP one of ``>= <= == != > <``."""

    left: Node
    op: str
    right: Node


@attrs.frozen(slots=False, kw_only=True, repr=False, eq=False)
class Not(Node):
    """``not cond``."""

    cond: Node


# -- choices (arguments of the ``choose`` primitive) ----------------------------------------
@attrs.frozen(slots=False, kw_only=True, repr=False, eq=False)
class RegionChoice(Node):
    """``choose region from SET``."""

    set: Node


@attrs.frozen(slots=False, kw_only=True, repr=False, eq=False)
class NumberChoice(Node):
    """``choose number from LO to HI``."""

    low: int
    high: int


@attrs.frozen(slots=False, kw_only=True, repr=False, eq=False)
class PlayerChoice(Node):
    """``choose player from PLAYERS``."""

    players: Node


# -- cards as objects (places a script takes cards from, draws from and gives to) ----------
@attrs.frozen(slots=False, kw_only=True, repr=False, eq=False)
class CardHolder(Node):
    """A player who holds cards: ``me`` (the card's player) or a player variable
    (``name``; None for ``me``)."""

    name: str | None = None


@attrs.frozen(slots=False, kw_only=True, repr=False, eq=False)
class CardPlace(Node):
    """A place of cards: ``open action cards`` (this round's offer, B3.1), ``stack N``
    (B1.4; drawn from the top), ``region cards`` (the region-card deck, B2.1: drawn at
    random), ``held cards of PLAYER`` (cards held in that player's court) or ``removed``
    (out of this round's offer: nobody may take it, it is discarded at round end, C13).
    ``kind`` is ``"open"``, ``"stack"``, ``"region"``, ``"held"`` or ``"removed"``."""

    kind: str
    n: int = 0
    holder: CardHolder | None = None


@attrs.frozen(slots=False, kw_only=True, repr=False, eq=False)
class CardRef(Node):
    """A card: ``this card`` (``name`` None), a card variable or a card id."""

    name: str | None = None


@attrs.frozen(slots=False, kw_only=True, repr=False, eq=False)
class RegionOfCard(Node):
    """``region of c``: the region of region card ``c`` (B2.1)."""

    card: CardRef


@attrs.frozen(slots=False, kw_only=True, repr=False, eq=False)
class RegionOfToken(Node):
    """``region of the legate``: the place where a token a set declares stands (none while
    it is off the board; B8.1)."""

    token: str


@attrs.frozen(slots=False, kw_only=True, repr=False, eq=False)
class Holds(Node):
    """``PLAYER holds CARD``: the card is held in that player's court."""

    holder: CardHolder
    card: CardRef


# -- statements -----------------------------------------------------------------------------
@attrs.frozen(slots=False, kw_only=True, repr=False, eq=False)
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

    @cached_property
    def kw(self) -> Any:  # a dict[str, Any] whose get() gives Any, as arg() does
        """``args`` as a dict by parameter name, made at the first read and kept in the
        node's ``__dict__`` (not a field: equality, hash and repr are the fields'; a node
        never changes): ``call.kw.get(key)`` is :meth:`arg` as one native look-up, which
        the engine's statements make at every run. Never change it."""
        return dict(self.args)


@attrs.frozen(slots=False, kw_only=True, repr=False, eq=False)
class Block(Node):
    """A sequence of statements."""

    body: tuple[Node, ...]


@attrs.frozen(slots=False, kw_only=True, repr=False, eq=False)
class EachPlayer(Node):
    """``each [other] player: BLOCK``: the block runs once per player in turn order
    (B8.7); inside it, ``own`` means that player's and that player decides."""

    each: Each
    body: Block


@attrs.frozen(slots=False, kw_only=True, repr=False, eq=False)
class ForEachPlayer(Node):
    """``for each [other] player p: BLOCK``: the block runs once per player with ``p``
    bound; the acting player still decides."""

    each: Each
    var: str
    body: Block


@attrs.frozen(slots=False, kw_only=True, repr=False, eq=False)
class Either(Node):
    """``either: A or: B ...``: the deciding player picks one branch."""

    branches: tuple[Block, ...]


@attrs.frozen(slots=False, kw_only=True, repr=False, eq=False)
class If(Node):
    """``if COND: A [else: B]``."""

    cond: Node
    then: Block
    otherwise: Block | None = None


class Me(Node):
    """``me``: the card's player (who carries out the special action; in a trigger, its
    owner: for ``while held``, the card's holder)."""


@attrs.frozen(slots=False, kw_only=True, repr=False, eq=False)
class As(Node):
    """``as PLAYER: BLOCK``: the block's decisions are PLAYER's (the deciding player of
    the block: "own", the views and the action-space masks are theirs)."""

    player: Node
    body: Block


#: The events a ``when`` may name -> the named event (hook) of the engine that fires it.
EVENTS: dict[str, str] = {
    "turn starts": "turn_start", "turn ends": "turn_end", "round starts": "round_start",
    "round ends": "round_end", "card taken": "card_taken",
    "castillo emptied": "castillo_emptied", "regions scored": "regions_scored",
    "caballeros arrive": "arrive",
}


@attrs.frozen(slots=False, kw_only=True, repr=False, eq=False)
class When(Node):
    """``when EVENT [of PLAYERS] DURATION: BLOCK``: running it keeps the block as a
    trigger, run at each matching event while the duration lasts (a general scoring waits
    at its step for the block's decisions); a trigger set off more than 8 times by one
    event refuses the answer that set it off, the game as before it.

    Attributes:
        event: a key of :data:`EVENTS` (``"turn starts"``, ...).
        where: for ``caballeros arrive in SET``, the region set (else None).
        whose: the players whose turn, card or caballeros count (None: anyone's).
        duration: ``"once"``, ``"this turn"``, ``"end of this round"``, ``"end of next
            round"``, ``"next scoring"`` or ``"while held"``.
        body: the block run when it fires.
    """

    event: str
    where: Node | None = None
    whose: Node | None = None
    duration: str
    body: Block


@attrs.frozen(slots=False, kw_only=True, repr=False, eq=False)
class Script(Node):
    """A whole effect script."""

    body: Block


def fields(cls: type[Node]) -> tuple[str, ...]:
    """The field names of node class ``cls``, inherited ones (``line``, ``column``) first."""
    return tuple(f.name for f in attrs.fields(cls))


def replace(node: Node, **changes: Any) -> Any:
    """A copy of ``node`` with the fields ``changes`` replaced (``attrs.evolve``).

    Raises:
        TypeError: a name that is not a field of the node.
    """
    return attrs.evolve(node, **changes)


def walk(node: Any) -> Any:
    """Yield ``node`` and every node below it, depth first (a generator of Nodes)."""
    stack = [node]
    while stack:
        n = stack.pop()
        if isinstance(n, Node):
            yield n
            for f in attrs.fields(type(n)):
                v = getattr(n, f.name)
                if isinstance(v, tuple):
                    for x in reversed(v):
                        if isinstance(x, tuple) and len(x) == 2:
                            stack.append(x[1])
                        else:
                            stack.append(x)
                elif isinstance(v, Node):
                    stack.append(v)
