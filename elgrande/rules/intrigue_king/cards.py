"""The cards of Intrigue & the King in play (I1, I3): the combined action/power cards, the
King, Intrigue and Caballero cards of a library (:class:`Cards`), and who holds which award
this round (:func:`awards`, I3); this module's one cache of a library and its board
(:class:`Cache`, built once by :func:`cache_of`); the ``state.ext`` keys of this module."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Final

import attr

from elgrande.data.library import Library
from elgrande.errors import DataError
from elgrande.model import placement
from elgrande.model.board import Board
from elgrande.model.fields import factory
from elgrande.model.plain import plain_eq, plain_hash, plain_repr
from elgrande.model.state import State

if TYPE_CHECKING:
    from elgrande.data.cards import CardDef

DECK, SETUP_DISC = "deck", "setup_disc"
#: The card kind role of a player's combined action/power cards (I1).
HAND_ROLE: Final = "hand"
#: The card kind role of the King, Intrigue and Caballero cards (I3).
AWARD_ROLE: Final = "award"
#: ``state.ext`` key of the game options (``{"beginner": True}``, I1).
OPTIONS: Final = "options"
#: ``state.ext`` key of this module's pieces (``"turn"``: a turn's placement changed by a
#: card in saved games made before such changes were rule changes, ignored);
#: ``"takes"``: the cards taken from the offer this round (X2, :func:`takes`); ``"asked"``:
#: who was offered them this round.
EXT: Final = "intrigue_king"


# -- the cards in play -------------------------------------------------------------------------
# attr.s (not attrs.frozen): mypyc makes it a native class, whose fields compiled code reads
# directly (``docs/compiled.md``); init=False and an __init__ of its own, which mypyc
# compiles; frozen: it sets through object.__setattr__
@attr.s(auto_attribs=True, frozen=True, order=False, init=False, repr=False, eq=False)
class Cards:
    """The Intrigue & the King cards of a library (I1, I3).

    Attributes:
        by_value: card value -> card id of the combined action/power cards in play.
        king: the King card's id; intrigue: the Intrigue card's id ('' when absent).
        caballero: Caballero-card number -> card id.
        table: player count -> the Caballero cards in play (I2), highest first.
        choose: how many cards each player chooses (I1); beginner_multiple_of: the
            beginner option keeps the values divisible by it (I1).
        offer_takers: how many players a round may take one of the action cards other
            sets put on offer (X2; 0: none).
        heads: card value -> the heads on the combined card (B4.1, I4).
    """

    def __eq__(self, other: object) -> bool:
        return plain_eq(self, other)

    def __hash__(self) -> int:
        return plain_hash(self)

    def __repr__(self) -> str:
        return plain_repr(self)

    by_value: dict[int, str]
    king: str
    intrigue: str
    caballero: dict[int, str]
    table: dict[int, tuple[int, ...]]
    choose: int
    beginner_multiple_of: int
    offer_takers: int = 0
    heads: dict[int, int] = factory(dict)

    def __init__(self, by_value: dict[int, str], king: str, intrigue: str,
                 caballero: dict[int, str], table: dict[int, tuple[int, ...]], choose: int,
                 beginner_multiple_of: int, offer_takers: int = 0,
                 heads: Mapping[int, int] | None = None) -> None:
        object.__setattr__(self, "by_value", by_value)
        object.__setattr__(self, "king", king)
        object.__setattr__(self, "intrigue", intrigue)
        object.__setattr__(self, "caballero", caballero)
        object.__setattr__(self, "table", table)
        object.__setattr__(self, "choose", choose)
        object.__setattr__(self, "beginner_multiple_of", beginner_multiple_of)
        object.__setattr__(self, "offer_takers", offer_takers)
        # a dict of its own: compiled code looks values up natively
        object.__setattr__(self, "heads", {} if heads is None else dict(heads))




def card_of_value(lib: Library, value: int) -> CardDef:
    """The combined action/power card of ``value`` (I1).

    Raises:
        KeyError: no card of that value in play.
    """
    return lib.card(cards_of(lib).by_value[value])


def deck_values(lib: Library, beginner: bool = False) -> list[int]:
    """The values a player may choose their hand from (I1): the cards in play, or with the
    beginner option only the values divisible by the manifest's ``beginner_multiple_of``."""
    cs = cards_of(lib)
    values = sorted(cs.by_value)
    if beginner:
        values = [v for v in values if v % cs.beginner_multiple_of == 0]
    return values


# attr.s with an __init__ of its own: a native class under mypyc (as Cards)
@attr.s(auto_attribs=True, frozen=True, order=False, init=False, repr=False, eq=False)
class Awards:
    """Who holds which award this round (I3): ``caballero`` player -> Caballero-card
    number; ``king`` and ``intrigue``: the holders of the King and Intrigue cards."""

    def __eq__(self, other: object) -> bool:
        return plain_eq(self, other)

    def __hash__(self) -> int:
        return plain_hash(self)

    def __repr__(self) -> str:
        return plain_repr(self)

    caballero: dict[int, int]
    king: int
    intrigue: int

    def __init__(self, caballero: dict[int, int], king: int, intrigue: int) -> None:
        object.__setattr__(self, "caballero", caballero)
        object.__setattr__(self, "king", king)
        object.__setattr__(self, "intrigue", intrigue)


def _new_cards(lib: Library) -> Cards:
    """The Intrigue & the King cards of ``lib``, read afresh (:func:`cards_of`).

    Raises:
        DataError: the sets in play give no hand of combined cards (I1).
    """
    hand = next((f.hand for f in lib.figures.values() if f.hand is not None), None)
    if hand is None:
        raise DataError("", "the sets in play give no hand of combined cards (I1)")
    table: dict[int, tuple[int, ...]] = {}
    for f in lib.figures.values():
        for n, row in f.caballero_cards.items():
            table[n] = tuple(sorted(row, reverse=True))
    king = intrigue = ""
    caballero: dict[int, str] = {}
    for c in lib.of_role(AWARD_ROLE):
        awarded = c.data.get("awarded")
        if awarded == "highest":
            king = c.id
        elif awarded == "lowest":
            intrigue = c.id
        elif c.place:
            caballero[c.place] = c.id
    hands = lib.of_role(HAND_ROLE)
    return Cards({c.value: c.id for c in hands}, king, intrigue, caballero,
                 table, hand.choose, hand.beginner_multiple_of, hand.offer_takers,
                 {c.value: c.heads for c in hands})


# A plain class with an __init__ of its own: a native class under mypyc (docs/compiled.md);
# not attr.s: nothing compares or saves a cache, and attrs would only compile an
# __attrs_init__ that nothing calls at every start (docs/performance.md, "Start-up and
# validate"). Not frozen: the fields a game fills as it asks (None or empty until then) are
# set in place (Library and Board are imported at run time, not for type checking only: the
# compiled class looks its field types up when the module loads)
class Cache:
    """This module's cache of one library and its board (a library never changes), built
    once by :func:`cache_of`; every table the rules read of the cards or the board is here.

    Attributes:
        lib: the library; board: its board.
        cards: the cards in play (:class:`Cards`, I1, I3).
        disc_regions: the mainland region ids a setup disc may show (I2), in board order.
        disc_count: the caballeros a setup disc places (I2; 0: no setup disc).
        deck_offers: beginner option -> (the values a player chooses from, how many, I1);
            filled as asked (the beginner option's values need its divisor).
        by_order: a turn order -> (player count, its awards, I3); filled as rounds are
            played (at most 4,096: emptied when full). Awards are never changed, so rounds
            of the same order share them.
        notes: a turn order -> the text of its awards' event (I3), filled as rounds are
            played (at most 4,096 kept).
        held: card id -> whether its special action only keeps a lasting effect (I8,
            :func:`elgrande.rules.intrigue_king.card_play.held_from_play`); filled as
            asked (at most 4,096: emptied when full).
        held_values: the values of the combined cards ``held`` says so of -> their card
            ids (I8); None until first asked.
        facts: card id -> (special action unknown, compulsory, title) (I6;
            :func:`elgrande.rules.intrigue_king.special._card_facts`); filled as asked.
        secret: the I1 deck and I2 setup-disc decisions made, by (phase, beginner option,
            the players asked), shared (decisions never change once made).
    """

    def __repr__(self) -> str:
        """``Cache(lib=..., board=..., ...)``: every field, in order."""
        shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in _CACHE_FIELDS)
        return f"Cache({shown})"

    lib: Library
    board: Board
    cards: Cards
    disc_regions: list[str]
    disc_count: int
    deck_offers: dict[bool, tuple[list[int], int]]
    by_order: dict[tuple[int, ...], tuple[int, Awards]]
    notes: dict[tuple[int, ...], str]
    held: dict[str, bool]
    held_values: dict[int, str] | None
    facts: dict[str, tuple[bool, bool, str]]
    secret: dict[tuple[str, bool, tuple[int, ...]], Any]

    def __init__(self, lib: Library, board: Board, cards: Cards, disc_regions: list[str],
                 disc_count: int,
                 deck_offers: dict[bool, tuple[list[int], int]] | None = None,
                 by_order: dict[tuple[int, ...], tuple[int, Awards]] | None = None,
                 notes: dict[tuple[int, ...], str] | None = None,
                 held: dict[str, bool] | None = None,
                 held_values: dict[int, str] | None = None,
                 facts: dict[str, tuple[bool, bool, str]] | None = None,
                 secret: dict[tuple[str, bool, tuple[int, ...]], Any] | None = None) -> None:
        self.lib = lib
        self.board = board
        self.cards = cards
        self.disc_regions = disc_regions
        self.disc_count = disc_count
        self.deck_offers = {} if deck_offers is None else deck_offers
        self.by_order = {} if by_order is None else by_order
        self.notes = {} if notes is None else notes
        self.held = {} if held is None else held
        self.held_values = held_values
        self.facts = {} if facts is None else facts
        self.secret = {} if secret is None else secret


#: The fields of :class:`Cache`, in order (its repr's).
_CACHE_FIELDS: Final = ("lib", "board", "cards", "disc_regions", "disc_count", "deck_offers",
                        "by_order", "notes", "held", "held_values", "facts", "secret")


def _new_cache(lib: Library) -> Cache:
    """This module's :class:`Cache` of ``lib`` and its board, built (:func:`cache_of`).

    Raises:
        DataError: as :func:`cards_of`.
    """
    board = lib.board
    places = board.places  # places[r].id: board.place_id(r), without a method call
    disc_count = max([int(f.setup.get("disc_caballeros", 0)) for f in lib.figures.values()]
                     + [0])
    return Cache(lib, board, _new_cards(lib), [places[r].id for r in board.regions],
                 disc_count)


class _Caches:
    """The :class:`Cache` of each library seen, by ``id(library)`` (checked by identity),
    and the one :func:`cache_of` answered last (every call of a game asks for the same):
    typed fields, which compiled code reads natively."""

    def __init__(self) -> None:
        self.last: Cache | None = None
        self.by_lib: dict[int, Cache] = {}


#: The caches built (:func:`cache_of`).
_CACHES: Final = _Caches()


def cache_of(lib: Library) -> Cache:
    """This module's :class:`Cache` of ``lib``, built at the first call for it.

    Raises:
        DataError: the sets in play give no hand of combined cards (I1).
    """
    caches = _CACHES
    got = caches.last
    if got is not None and got.lib is lib:
        return got
    got = caches.by_lib.get(id(lib))
    if got is None or got.lib is not lib:
        got = caches.by_lib[id(lib)] = _new_cache(lib)
    caches.last = got
    return got


def cards_of(lib: Library) -> Cards:
    """The Intrigue & the King cards of ``lib`` (its :class:`Cache`'s).

    Raises:
        DataError: the sets in play give no hand of combined cards (I1).
    """
    last = _CACHES.last
    if last is not None and last.lib is lib:
        return last.cards
    return cache_of(lib).cards


def awards(lib: Library, state: State) -> Awards:
    """The awards of this round's played cards ``state.bids`` (I3): the highest value
    takes the King card and the highest Caballero card, the next the next Caballero card,
    ..., the lowest the lowest Caballero card and the Intrigue card.

    Raises:
        DataError: the Caballero cards for this player count are unknown (I2; a fill
        gives them, ``docs/homebrew.md``, section 8).

    The hooks asked at every turn (the placement limit, the action choices) test the
    memo's first case inline and call this only otherwise: a call costs more than the test.
    """
    memo = _AWARDS_MEMO
    got = memo.awards
    if memo.lib is lib and memo.players == state.players:  # (no awards yet: lib None)
        bids = state.bids
        # the very list asked last, no card played since (a played card's pair is never
        # changed in place), or the same cards
        if memo.asked is bids and len(bids) == memo.count or _same_bids(memo.bids, bids):
            memo.asked = bids
            return got
    return _new_awards(lib, state, placement.turn_order(state.bids))


def _new_awards(lib: Library, state: State, order: list[int]) -> Awards:
    """:func:`awards` of the round's turn order ``order`` (I3, I4), remembered as the last
    asked.

    Raises:
        DataError: as :func:`awards`.
    """
    memo = _AWARDS_MEMO
    key = tuple(order)
    last = _CACHES.last  # (cache_of(lib), inline: no call)
    cache = last if last is not None and last.lib is lib else cache_of(lib)
    known = cache.by_order.get(key)
    if known is not None and known[0] == state.players:
        out: Awards = known[1]
    else:
        row = cache.cards.table.get(state.players)
        if row is None:
            raise DataError("", f"the Caballero cards for {state.players} players are "
                            "unknown (I2); play with a fill (--fill provisional; docs/homebrew.md, "
                            "section 8)")
        caballero: dict[int, int] = {}
        for i in range(min(len(order), len(row))):
            caballero[order[i]] = row[i]
        out = Awards(caballero, order[0], order[-1])
        if len(cache.by_order) >= 4096:
            cache.by_order.clear()
        cache.by_order[key] = (state.players, out)
    memo.lib, memo.players, memo.awards = lib, state.players, out
    flat: list[int] = []
    for b in state.bids:
        flat.append(b[0])
        flat.append(b[1])
    memo.bids = flat
    memo.count = len(state.bids)
    memo.asked = state.bids
    return out


def _same_bids(flat: list[int], b: list[list[int]]) -> bool:
    """Whether a round's played cards ``b`` are the ``[player, value]`` pairs ``flat``
    lists one after the other (I3)."""
    if len(flat) != 2 * len(b):
        return False
    for i in range(len(b)):
        y = b[i]
        if flat[2 * i] != y[0] or flat[2 * i + 1] != y[1]:
            return False
    return True


#: The awards of :class:`_AwardsMemo` before any is asked (its ``lib`` None, ``asked``
#: None: never answered).
_NO_AWARDS: Final = Awards({}, -1, -1)


class _AwardsMemo:
    """The last :func:`awards` answered: the library, player count and played cards
    (``player, value, player, value, ...``: a flat copy) it was asked for, and the awards
    (:data:`_NO_AWARDS`: none yet). A class of typed fields: compiled code compares them
    natively (``docs/compiled.md``); the awards are a function of these, never changed. Keyed
    on the round's played cards, so it stays here, beside the library's
    :class:`Cache`."""

    def __init__(self) -> None:
        self.lib: object = None
        self.players = 0
        self.bids: list[int] = []
        #: the cards ``bids`` lists (half its length: the memo's test without two calls)
        self.count = 0
        #: (:data:`_NO_AWARDS` while ``lib`` is None: none asked yet)
        self.awards: Awards = _NO_AWARDS
        #: the ``state.bids`` list last asked about with these cards (compared by
        #: identity first: every turn of a round asks about the same list)
        self.asked: object = None


#: The last :func:`awards` asked (every turn asks for the same round's awards).
_AWARDS_MEMO: Final = _AwardsMemo()


def _options(state: State) -> Mapping[str, Any]:
    opts: Mapping[str, Any] = state.ext.get(OPTIONS) or {}
    return opts


def _drop(state: State, key: str) -> None:
    """Forget this module's piece ``key`` of ``state.ext`` (and the module's entry when
    nothing is left)."""
    mine: dict[str, Any] | None = state.ext.get(EXT)
    if mine and key in mine:
        del mine[key]
        if not mine:
            del state.ext[EXT]
