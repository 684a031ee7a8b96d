"""The game state: plain data, small integers and lists (docs/architecture.md).

Places (regions, the Castillo, expansion areas) and players are indices; the board
(:class:`elgrande.model.board.Board`) says what each index means. A *participant* in a
region's ranking is a player index ``0..players-1`` or :data:`NOBODY` for the neutral
(Inquisitor) caballeros (C9).
"""

from __future__ import annotations

from typing import Any, Final

import attr

from elgrande.model.blank import blank, pure
from elgrande.model.board import Board
from elgrande.model.fields import factory, unsaved
from elgrande.model.plain import plain_eq, plain_repr
from elgrande.model.seats import seat
from elgrande.model.serial import from_fields, plain_fields

#: Owner of neutral caballeros that nobody holds (C9): their rank pays no one.
NOBODY: Final = -1
#: A mobile scoreboard, Grande or the like that is off the board.
OFF_BOARD: Final = -1
#: The fields of :class:`State` a saved game leaves out (not part of the position).
UNSAVED: Final = ("due",)
#: The lists :meth:`State.copy` shares with the state copied (replaced whole, never changed
#: in place; ``lasting`` too while it is empty).
SHARED: Final = ("neutral", "grandes", "scoreboards", "hands", "discards", "bids", "stacks",
                 "offer", "offer_origin", "held")
#: This module runs as Python source: :meth:`State.copy` skips the constructor call.
_PURE: Final = pure(__name__)


#: Types copy_plain returns as they are, without looking further (the common scalars).
_ATOMS: Final = frozenset({int, str, bool, float, type(None)})


def copy_plain(value: Any) -> Any:
    """A deep copy of plain JSON-like data (dicts, lists, tuples as lists, scalars)."""
    t = type(value)
    if t is dict:
        return _copy_dict(value)
    if t is list:
        return _copy_list(value)
    if t in _ATOMS:
        return value
    if isinstance(value, dict):
        return {k: copy_plain(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [copy_plain(v) for v in value]
    return value


# _copy_dict and _copy_list are typed (dict, list): mypyc then copies and walks them with
# its dict and list operations, not the generic object protocol (a state's expansion
# pieces are copied at every special action's undo point)
def _copy_dict(value: dict[Any, Any]) -> dict[Any, Any]:
    """:func:`copy_plain` of a dict (exactly a dict): copied whole in C, then the nested
    values replaced by copies."""
    out = value.copy()
    for k, v in value.items():
        if type(v) not in _ATOMS:
            out[k] = copy_plain(v)
    return out


def _copy_list(value: list[Any]) -> list[Any]:
    """:func:`copy_plain` of a list (exactly a list)."""
    out = value.copy()
    for i in range(len(out)):
        if type(out[i]) not in _ATOMS:
            out[i] = copy_plain(out[i])
    return out


class ExtPieces:
    """The base of a rules module's own pieces kept in ``state.ext[name]`` as a typed object
    rather than plain data (docs/architecture.md): the model copies them with :meth:`copy`
    and writes them with :meth:`to_plain`; a state read from JSON holds the plain form,
    which the module turns back into its object when it first reads it. A subclass compares
    equal to its plain form (a state read back from JSON equals the state written)."""

    def copy(self) -> ExtPieces:
        """An independent copy (what a game's copy or an undo point keeps).

        Raises:
            NotImplementedError: a subclass must implement it."""
        raise NotImplementedError

    def to_plain(self) -> dict[str, Any]:
        """The pieces as plain JSON-like data (fresh, shared with nothing).

        Raises:
            NotImplementedError: a subclass must implement it."""
        raise NotImplementedError

    def __eq__(self, other: object) -> bool:
        if isinstance(other, ExtPieces):
            return self.to_plain() == other.to_plain()
        if isinstance(other, dict):
            return self.to_plain() == other
        return NotImplemented

    # written out: mypyc fails to derive it from __eq__ for a subclass in another module
    def __ne__(self, other: object) -> bool:
        if isinstance(other, (ExtPieces, dict)):
            return not self.__eq__(other)
        return NotImplemented


def _with(rows: list[Any], i: int, row: Any) -> list[Any]:
    """A copy of ``rows`` with ``row`` at ``i`` (a list a copy may share is replaced, never
    changed in place)."""
    out = rows.copy()
    out[i] = row
    return out


def _copy_ext(ext: dict[str, Any]) -> dict[str, Any]:
    """A copy of ``State.ext``: plain data deep-copied, :class:`ExtPieces` by their own
    :meth:`ExtPieces.copy`."""
    out: dict[str, Any] = {}
    for k, v in ext.items():
        out[k] = v.copy() if isinstance(v, ExtPieces) else copy_plain(v)
    return out


# attr.s, not attrs.define: mypyc makes it a native class (docs/compiled.md);
# init=False and an __init__ of its own: mypyc compiles it, where attrs' generated one would
# stay interpreted code that every construction runs (the defaults stay declared for attrs)
@attr.s(auto_attribs=True, order=False, init=False, repr=False, eq=False)
class Lasting:
    """A lasting effect (B8.4 Veto, later: triggers at the next scoring, I8, C13).

    Attributes:
        kind: what it is (``"veto"``, ``"at_next_scoring"``, ...).
        player: the player who holds it.
        expires: the last round in which it may be used (inclusive); 0 = until used.
        card: the id of the card it came from (data, never interpreted by Python).
        data: further plain data the effect needs.
    """

    def __eq__(self, other: object) -> bool:
        return plain_eq(self, other)

    def __repr__(self) -> str:
        return plain_repr(self)

    kind: str
    player: int
    expires: int
    card: str = ""
    data: dict[str, Any] = factory(dict)

    def __init__(self, kind: str, player: int, expires: int, card: str = "",
                 data: dict[str, Any] | None = None) -> None:
        self.kind = kind
        self.player = player
        self.expires = expires
        self.card = card
        self.data = {} if data is None else data

    def copy(self) -> Lasting:
        """An independent copy."""
        return Lasting(self.kind, self.player, self.expires, self.card, dict(self.data))


# attr.s, not attrs.define: mypyc makes it a native class (docs/compiled.md);
# init=False and an __init__ of its own: mypyc compiles it, where attrs' generated one would
# stay interpreted code that every construction runs (the defaults stay declared for attrs)
@attr.s(auto_attribs=True, order=False, init=False, repr=False, eq=False)
class State:
    """Where every piece is, the scores and the hands (B1).

    Attributes:
        players: number of players (2..5).
        caballeros: ``caballeros[place][player]``: caballero counts on the board,
            the Castillo and expansion areas included (a row is never changed in place:
            :meth:`add_caballeros` and :meth:`set_caballeros` replace it, copies share it).
        neutral: ``neutral[place]``: neutral (Inquisitor) caballeros (C1, C9).
        neutral_holder: the player whose court holds the Grand Inquisitor, or NOBODY (C8).
        court, provinces: caballero counts per player (B1.1).
        grandes: the place of each player's Grande (B1.2).
        king: the king's region (B5).
        scoreboards: the place of each mobile scoreboard, or OFF_BOARD (B1.5, B6.9).
        scores: points per player.
        hands: power cards in hand per player (values, ascending) (B1.3).
        discards: played power cards per player (B3.2).
        round: the current round, 1..9 (0 before the first).
        bids: ``[player, value]`` pairs played this round, in order (B3.2).

        A row of ``caballeros``, ``hands``, ``discards``, ``stacks`` or ``held``, the lists
        ``hands``, ``discards``, ``bids`` (and each pair), ``stacks``, ``offer``,
        ``offer_origin``, ``neutral``, ``grandes``, ``scoreboards`` and ``held`` and an
        empty ``lasting`` are never changed in place: a change replaces them whole
        (:meth:`add_caballeros`, :meth:`play_power_card`, :meth:`draw_from_stack`,
        :meth:`add_to_offer`, :meth:`set_grande`, :meth:`add_lasting`, ...), so copies and
        undo points share them.
        lasting: lasting effects (Veto cards held, triggers).
        neutral_holder: see ``neutral``.
        stacks: the action stacks, card ids, top first (B1.4; their order is hidden from
            the players, B8.5a: a view shows each stack sorted).
        offer: the face-up action cards of this round, ``''`` where taken or removed
            (B3.1, B4.1, C13); empty between rounds.
        offer_origin: for each offer slot, the index of the stack it came from and returns
            to (B3.5, B4.6), or -1 for a card on offer every round (B1.4).
        ext: each rules module's own pieces, by module name, as plain JSON-like data
            (dicts, lists, ints, strings) or an :class:`ExtPieces` object of the module
            (written as its plain form): e.g. offices, seats, discs of an expansion.
            The model gives them no meaning; copies and JSON keep them.
        held: per player, the ids of the cards held in their court (a card a special
            action keeps there, until a card moves it; empty lists, or none at all in an
            old save, when nobody holds any); a card's ``while held`` triggers follow its
            holder. A row is never changed in place (:meth:`hold_card`,
            :meth:`release_card` replace it): copies share it.
        draw_key: the key of the random draws during play (a card drawn from the region
            cards or at random: hashed from the seed at setup, never drawn from the
            setup's stream); hidden from every view (B8.5a); 0 in an old save.
        due: something may be due at the next pause of the game (before the flow's next
            phase decides, before a special action's next statement): set by a rules
            module when a change may make it ask a side decision (hook ``aside``), cleared
            by the driver when it asks; while it is False the driver asks nothing there.
            Not part of the position: not saved (a loaded state has it set), not compared.
    """

    def __eq__(self, other: object) -> bool:
        return plain_eq(self, other)

    def __repr__(self) -> str:
        return plain_repr(self)

    players: int
    caballeros: list[list[int]]
    neutral: list[int]
    court: list[int]
    provinces: list[int]
    grandes: list[int]
    king: int
    scoreboards: list[int]
    scores: list[int]
    hands: list[list[int]]
    discards: list[list[int]]
    round: int = 0
    bids: list[list[int]] = factory(list)
    lasting: list[Lasting] = factory(list)
    neutral_holder: int = NOBODY
    stacks: list[list[str]] = factory(list)
    offer: list[str] = factory(list)
    offer_origin: list[int] = factory(list)
    ext: dict[str, Any] = factory(dict)
    held: list[list[str]] = factory(list)
    draw_key: int = 0
    due: bool = unsaved(True)

    def __init__(self, players: int, caballeros: list[list[int]], neutral: list[int],
                 court: list[int], provinces: list[int], grandes: list[int], king: int,
                 scoreboards: list[int], scores: list[int], hands: list[list[int]],
                 discards: list[list[int]], round: int = 0, bids: list[list[int]] | None = None,
                 lasting: list[Lasting] | None = None, neutral_holder: int = NOBODY,
                 stacks: list[list[str]] | None = None, offer: list[str] | None = None,
                 offer_origin: list[int] | None = None,
                 ext: dict[str, Any] | None = None, held: list[list[str]] | None = None,
                 draw_key: int = 0, due: bool = True) -> None:
        self.players = players
        self.caballeros = caballeros
        self.neutral = neutral
        self.court = court
        self.provinces = provinces
        self.grandes = grandes
        self.king = king
        self.scoreboards = scoreboards
        self.scores = scores
        self.hands = hands
        self.discards = discards
        self.round = round
        self.bids = [] if bids is None else bids
        self.lasting = [] if lasting is None else lasting
        self.neutral_holder = neutral_holder
        self.stacks = [] if stacks is None else stacks
        self.offer = [] if offer is None else offer
        self.offer_origin = [] if offer_origin is None else offer_origin
        self.ext = {} if ext is None else ext
        self.held = [] if held is None else held
        self.draw_key = draw_key
        self.due = due

    @classmethod
    def empty(cls, board: Board, players: int) -> State:
        """A state with every caballero in the provinces, king and Grandes unplaced.

        Args:
            board: the loaded board.
            players: 2..5.
        """
        n = len(board.places)
        return cls(
            players=players,
            caballeros=[[0] * players for _ in range(n)],
            neutral=[0] * n,
            court=[0] * players,
            provinces=[board.caballeros_per_player] * players,
            grandes=[OFF_BOARD] * players,
            king=OFF_BOARD,
            scoreboards=[OFF_BOARD] * len(board.scoreboards),
            scores=[0] * players,
            hands=[sorted(board.power_cards) for _ in range(players)],
            discards=[[] for _ in range(players)],
        )

    # -- copies and JSON ---------------------------------------------------------------
    def copy(self) -> State:
        """An independent copy (cheap: lists of ints are sliced, nothing is deep-walked;
        the rows of ``caballeros``, ``hands``, ``discards``, ``stacks`` and ``held`` and
        the pairs of ``bids``, never changed in place, are shared). In the pure build the
        copy is made without the constructor call (:mod:`elgrande.model.blank`), the same
        fields set to the same values."""
        if _PURE:
            c: State = blank(State)
            c.players = self.players
            c.caballeros = self.caballeros.copy()  # rows replaced whole: shared
            c.neutral = self.neutral
            c.court = self.court.copy()
            c.provinces = self.provinces.copy()
            c.grandes = self.grandes
            c.king = self.king
            c.scoreboards = self.scoreboards
            c.scores = self.scores.copy()
            c.hands = self.hands
            c.discards = self.discards
            c.round = self.round
            c.bids = self.bids
            lasting = self.lasting
            c.lasting = [x.copy() for x in lasting] if lasting else lasting
            c.neutral_holder = self.neutral_holder
            c.stacks = self.stacks
            c.offer = self.offer
            c.offer_origin = self.offer_origin
            ext = self.ext
            c.ext = _copy_ext(ext) if ext else {}
            c.held = self.held
            c.draw_key = self.draw_key
            c.due = self.due
            return c
        return State(
            self.players,
            self.caballeros.copy(),  # rows replaced whole, never changed in place: shared
            self.neutral,  # replaced whole, never changed in place: shared
            self.court.copy(),
            self.provinces.copy(),
            self.grandes,  # replaced whole, never changed in place: shared
            self.king,
            self.scoreboards,  # replaced whole, never changed in place: shared
            self.scores.copy(),
            self.hands,  # replaced whole, never changed in place: shared
            self.discards,
            self.round,
            self.bids,
            # an empty list is shared (an effect is added by replacing it, add_lasting)
            [x.copy() for x in self.lasting] if self.lasting else self.lasting,
            self.neutral_holder,
            self.stacks,
            self.offer,
            self.offer_origin,  # replaced whole, never changed in place: shared
            _copy_ext(self.ext) if self.ext else {},
            self.held,  # replaced whole, never changed in place: shared
            self.draw_key,
            self.due,
        )

    def set_to(self, other: State) -> None:
        """Make this state equal to ``other`` in place (independent lists): used to undo a
        special action as a whole."""
        c = other.copy()
        for f in attr.fields(State):
            setattr(self, f.name, getattr(c, f.name))
        self.due = True  # the state before may have had something due

    def to_json(self) -> dict[str, Any]:
        """Plain JSON-able data, the fields in order but :data:`UNSAVED`
        (:func:`~elgrande.model.serial.plain_fields`); :meth:`from_json` rebuilds an equal
        state (a module's :class:`ExtPieces` in ``ext`` written as their plain form)."""
        return plain_fields(self, UNSAVED)

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> State:
        """Rebuild a state written by :meth:`to_json` (the data is copied, never shared).

        Raises:
            TypeError: a key that is not a field, or a field without default missing."""
        lasting = [from_fields(Lasting, x) for x in data.get("lasting", ())]
        state: State = from_fields(cls, data, {"lasting": lasting})
        state.due = True  # anything may be due at the first pause of a loaded game
        return state

    # -- caballeros on the board (their rows are replaced whole: copies share them) -----
    def add_caballeros(self, place: int, player: int, n: int) -> None:
        """Add ``n`` (negative: take) caballeros of ``player`` at place index ``place``
        (B1.1: the caller moves them from or to somewhere else); the row is replaced, not
        changed in place."""
        row = self.caballeros[place].copy()
        row[player] += n
        self.caballeros[place] = row

    def set_caballeros(self, place: int, player: int, n: int) -> None:
        """Set ``player``'s caballeros at place index ``place`` to ``n`` (B1.1: the caller
        accounts for the difference); the row is replaced, not changed in place."""
        row = self.caballeros[place].copy()
        row[player] = n
        self.caballeros[place] = row

    # -- neutral caballeros, lasting effects (replaced whole: copies share them) ---------
    def add_neutral(self, place: int, n: int) -> None:
        """Add ``n`` (negative: take) neutral caballeros at place index ``place`` (C1,
        C9; the caller moves them from or to somewhere else); the list is replaced."""
        neutral = self.neutral.copy()
        neutral[place] += n
        self.neutral = neutral

    def add_lasting(self, effect: Lasting) -> None:
        """Add a lasting effect (B8.4, triggers); the list is replaced, not extended (a
        copy shares an empty one)."""
        self.lasting = self.lasting + [effect]

    # -- Grandes and mobile scoreboards (their lists are replaced whole: copies share them)
    def set_grande(self, player: int, place: int) -> None:
        """Put ``player``'s Grande at place index ``place`` (B1.2, B5.3); the list is
        replaced, not changed in place."""
        grandes = self.grandes.copy()
        grandes[player] = place
        self.grandes = grandes

    def set_scoreboard(self, i: int, place: int) -> None:
        """Put mobile scoreboard ``i`` at place index ``place`` (or OFF_BOARD) (B6.9); the
        list is replaced, not changed in place."""
        boards = self.scoreboards.copy()
        boards[i] = place
        self.scoreboards = boards

    # -- held cards (their rows are replaced whole: copies share them) ------------------
    def hold_card(self, player: int, card: str) -> None:
        """Put ``card`` among the cards held in ``player``'s court (the per-player rows
        made first if an old save has none); the row is replaced."""
        held = self.held.copy()
        held.extend([] for _ in range(self.players - len(held)))
        held[player] = held[player] + [card]
        self.held = held

    def release_card(self, player: int, card: str) -> None:
        """Take ``card`` out of the cards held in ``player``'s court; the row is replaced.

        Raises:
            ValueError: ``player`` does not hold ``card`` (the caller checked it does)."""
        row = self.held[player].copy()
        row.remove(card)
        held = self.held.copy()
        held[player] = row
        self.held = held

    # -- power cards (their rows are replaced whole: copies share them) ----------------
    def play_power_card(self, player: int, value: int) -> None:
        """Move power card ``value`` from ``player``'s hand to their discards and bid it
        this round (B3.2): the hand and discards rows are replaced, not changed in place.

        Raises:
            ValueError: ``value`` is not in the hand (the caller checked it is)."""
        hand = self.hands[player].copy()
        hand.remove(value)
        # _with inline (a call less on every bid)
        hands, discards = self.hands.copy(), self.discards.copy()
        hands[player] = hand
        discards[player] = discards[player] + [value]
        self.hands, self.discards = hands, discards
        self.bids = self.bids + [[player, value]]

    def take_back_power_card(self, player: int, value: int) -> None:
        """Move power card ``value`` from ``player``'s discards back to the hand (kept
        ascending, B1.3): the rows are replaced, not changed in place.

        Raises:
            ValueError: ``value`` is not among the discards (the caller checked it is)."""
        discards = self.discards[player].copy()
        discards.remove(value)
        self.discards = _with(self.discards, player, discards)
        self.hands = _with(self.hands, player, sorted(self.hands[player] + [value]))

    def set_hand(self, player: int, hand: list[int]) -> None:
        """Make ``hand`` (values, ascending, B1.3) ``player``'s hand; the lists are
        replaced, not changed in place."""
        self.hands = _with(self.hands, player, hand)

    def set_discards(self, player: int, discards: list[int]) -> None:
        """Make ``discards`` ``player``'s played power cards (B3.2); replaced whole."""
        self.discards = _with(self.discards, player, discards)

    # -- action stacks (their rows are replaced whole: copies share them) -------------
    def draw_from_stack(self, stack: int) -> str:
        """Take the top card of action stack ``stack`` (B3.1): its id, or '' when the
        stack is empty; the row is replaced, not changed in place."""
        row = self.stacks[stack]
        if not row:
            return ""
        stacks = self.stacks.copy()  # _with inline (a call less on every draw)
        stacks[stack] = row[1:]
        self.stacks = stacks
        return row[0]

    def draw_tops(self) -> list[str]:
        """Take the top card of every action stack (B3.1), as :meth:`draw_from_stack` on
        each in order: their ids, '' for an empty stack; the rows are replaced, not
        changed in place. Raises nothing."""
        stacks = self.stacks.copy()
        tops = []
        for i, row in enumerate(stacks):  # (a loop: no comprehension function made)
            if row:
                tops.append(row[0])
                stacks[i] = row[1:]
            else:
                tops.append("")
        self.stacks = stacks
        return tops

    def add_to_stack(self, stack: int, card: str) -> None:
        """Put ``card`` under action stack ``stack`` (B4.6); the row is replaced."""
        stacks = self.stacks.copy()  # _with inline (a call less on every return)
        stacks[stack] = stacks[stack] + [card]
        self.stacks = stacks

    def take_from_stack(self, stack: int, card: str) -> None:
        """Take ``card`` out of action stack ``stack``; the row is replaced.

        Raises:
            ValueError: ``card`` is not in that stack (the caller checked it is)."""
        row = self.stacks[stack].copy()
        row.remove(card)
        self.stacks = _with(self.stacks, stack, row)

    def set_stack(self, stack: int, row: list[str]) -> None:
        """Make ``row`` (card ids, top first) action stack ``stack`` (B1.4); replaced."""
        self.stacks = _with(self.stacks, stack, row)

    # -- the offer (replaced whole: copies share it) -----------------------------------
    def add_to_offer(self, card: str, origin: int) -> None:
        """Put ``card`` on offer, from stack ``origin`` (-1: none) (B3.1, C13); the lists
        are replaced, not changed in place."""
        self.offer = self.offer + [card]
        self.offer_origin = self.offer_origin + [origin]

    def clear_offer_slot(self, slot: int) -> None:
        """Mark offer slot ``slot`` taken or removed, ``''`` (B3.5, B4.1, C13): the slot
        stays; the list is replaced."""
        offer = self.offer.copy()  # _with inline (a call less on every card taken)
        offer[slot] = ""
        self.offer = offer

    # -- counts ------------------------------------------------------------------------
    def on_board(self, player: int) -> int:
        """Caballeros of ``player`` in regions, the Castillo and expansion areas."""
        return sum(row[player] for row in self.caballeros)

    def total(self, player: int) -> int:
        """All caballeros of ``player``: provinces + court + board (B1.1)."""
        return self.provinces[player] + self.court[player] + self.on_board(player)

    def conservation_errors(self, board: Board) -> list[str]:
        """Check caballero conservation (B1.1) and non-negative counts in one call.

        Returns:
            A list of problems in words; empty when every player has exactly
            ``board.caballeros_per_player`` caballeros and no count is negative.
        """
        problems: list[str] = []
        for p in range(self.players):
            t = self.total(p)
            if t != board.caballeros_per_player:
                problems.append(f"{seat(p)} has {t} caballeros, not "
                                f"{board.caballeros_per_player} (B1.1)")
            if self.provinces[p] < 0 or self.court[p] < 0:
                problems.append(f"{seat(p)} has a negative provinces or court count")
        for i, row in enumerate(self.caballeros):
            if any(c < 0 for c in row) or self.neutral[i] < 0:
                problems.append(f"negative caballero count in {board.place_id(i)}")
        if sum(self.neutral) > board.neutral_caballeros:
            problems.append(f"{sum(self.neutral)} neutral caballeros on the board, more than "
                            f"the {board.neutral_caballeros} there are")
        return problems

    def count_in(self, place: int) -> int:
        """All caballeros in ``place``, every colour and the neutral ones included."""
        return sum(self.caballeros[place]) + self.neutral[place]

