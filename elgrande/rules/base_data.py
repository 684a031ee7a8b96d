"""The base game's data (B1.4, B3-B4, B6.1): its phase names, its part of the flow position
(:class:`BaseRound`: the round's power cards and the turn's progress) and what it derives
once from an engine's library (:class:`BaseCache`: the action stacks' decks, the cards on
offer every round, the regions' ids). The phases that use them are in
:mod:`elgrande.rules.base`.
"""

from __future__ import annotations

from typing import Any, Final

import attr

from elgrande.engine.flow import Flow, FlowEngine, part_type
from elgrande.model.fields import factory, unsaved
from elgrande.model.plain import plain_eq, plain_repr
from elgrande.model.serial import from_fields, plain_fields
from elgrande.model.state import State

# the base game's phase names (Final: mypyc puts the strings in place of a global look-up)
ROUND: Final = "round"
BID: Final = "bid"
COURT_PHASE: Final = "court"  # bringing caballeros to court (B4.1)
CARD: Final = "card"
ORDER: Final = "order"
PLACE: Final = "place"
OFFER: Final = "offer"
VETO: Final = "veto"
SPECIAL: Final = "special"
DISCS: Final = "discs"

#: ``(order decision, state, state.lasting, limit)``: the placement limit (B4.3) a rules
#: module's ``placement_limit`` hook gave the last order decision (B4.5), for the placement
#: its answer "place first" asks at once (that decision still pending, the same state and
#: lasting effects: nothing ran between), by identity; one tuple, replaced whole.
ORDERED: Final[list[tuple[Any, State, list[Any], int] | None]] = [None]
#: The phases of a turn once its action card is taken (B4-B8): ``Flow.card`` is the
#: card under way only in these (it stays set until the next turn begins).
CARD_TAKEN_PHASES: Final = (ORDER, PLACE, OFFER, VETO, SPECIAL)
#: A turn is over and a card's trigger on its end is due: the flow pauses here so that
#: the trigger's body runs (and decides) before the next turn or the round's end (B4, B3.5).
TURN_OVER: Final = "turn_over"
#: The round is over (its cards discarded, B3.5) and a card's trigger on its end is due:
#: the flow pauses here so that the trigger's body runs before the next round (B3.1).
ROUND_OVER: Final = "round_over"
#: A general scoring paused at a step while a card's trigger decides (B6.3, B6.4); what
#: is scored so far is kept in ``State.ext`` under this name too.
SCORING: Final = "scoring"
#: The lasting-effect kind of a Veto card (B8.4).
VETO_KIND: Final = "veto"
#: Cards of kinds with this role are on offer every round and never discarded (B1.4, B3.5).
STANDING: Final = "standing"


# attr.s, not attrs.define: mypyc makes it a native class (docs/compiled.md);
# init=False and an __init__ of its own: mypyc compiles it, where attrs' generated one would
# stay interpreted code that every construction runs (the defaults stay declared for attrs)
@attr.s(auto_attribs=True, order=False, init=False, repr=False, eq=False)
class BaseRound:
    """The base module's part of the flow position (plain data).

    Attributes:
        reused: the cards on offer every round (the King's card).
        first_bidder: who plays the first power card this round (B3.3).
        bid_i: how many power cards have been played this round.
        slot: the offer slot of the card taken this turn (-1: none yet).
        place_first, placed, special_done: the turn's progress (B4.5).
        veto_chain: players who played a Veto in the current window (B8.4);
        veto_queue: players still to be asked in it.
        kept: the current card stays with its taker (a Veto) instead of returning.
        before: the state as it was when the current special action began (a card that
            exceeds its budget is undone whole).
        shared: a flow's copy shares this part (:meth:`copy`): whoever changes it takes
            a copy of its own first (:func:`own_part`). Not part of the position: not
            saved, not compared.

    The action stacks and the face-up offer are pieces of the game, in the state
    (``State.stacks``, ``State.offer``, ``State.offer_origin``).
    """

    def __eq__(self, other: object) -> bool:
        return plain_eq(self, other)

    def __repr__(self) -> str:
        return plain_repr(self)

    reused: list[str]
    first_bidder: int
    bid_i: int = 0
    slot: int = -1
    place_first: bool = True
    placed: bool = False
    special_done: bool = False
    veto_chain: list[int] = factory(list)
    veto_queue: list[int] = factory(list)
    kept: bool = False
    before: State | None = None
    shared: bool = unsaved(False)

    def __init__(self, reused: list[str], first_bidder: int, bid_i: int = 0, slot: int = -1,
                 place_first: bool = True, placed: bool = False, special_done: bool = False,
                 veto_chain: list[int] | None = None, veto_queue: list[int] | None = None,
                 kept: bool = False, before: State | None = None, shared: bool = False
                 ) -> None:
        self.reused = reused
        self.first_bidder = first_bidder
        self.bid_i = bid_i
        self.slot = slot
        self.place_first = place_first
        self.placed = placed
        self.special_done = special_done
        self.veto_chain = [] if veto_chain is None else veto_chain
        self.veto_queue = [] if veto_queue is None else veto_queue
        self.kept = kept
        self.before = before
        self.shared = shared

    def copy(self) -> BaseRound:
        """The part for a copy of the flow, copied on write: this part itself, marked
        ``shared``; the code that changes a base part takes it by :func:`own_part`, which
        gives a flow whose part is shared a copy of its own first (nothing is copied for
        a flow copy that never changes it)."""
        self.shared = True
        return self

    def own_copy(self) -> BaseRound:
        """An independent copy, not shared (the undo state is never changed once taken,
        nor are the veto lists, replaced whole (B8.4): those are shared)."""
        return BaseRound(self.reused, self.first_bidder, self.bid_i, self.slot,
                         self.place_first, self.placed, self.special_done,
                         self.veto_chain, self.veto_queue, self.kept, self.before)

    def to_json(self) -> dict[str, Any]:
        """Plain JSON-able data (fresh lists), the fields in order but ``shared``."""
        return plain_fields(self, ("shared",))

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> BaseRound:
        """Rebuild from :meth:`to_json` (copies the data).

        Raises:
            TypeError: a key that is not a field, or a field without default missing."""
        before = State.from_json(d["before"]) if d.get("before") else None
        part: BaseRound = from_fields(cls, d, {"before": before})
        return part


part_type("base", BaseRound)


def part(flow: Flow) -> BaseRound:
    """The base module's part of ``flow``, to read (:func:`own_part` to change it)."""
    p: BaseRound = flow.parts["base"]
    return p


#: The memo key of :func:`card_facts`' table (``FlowEngine.memo``: one per library).
_CARD_FACTS: Final = "base.card_facts"


def card_facts(engine: FlowEngine, card: str) -> tuple[int, bool]:
    """The action card ``card``'s (an id of ``engine``'s library) number, how many
    caballeros it places from court (B4.3), and whether its special action is compulsory
    (I6: the card says nothing of "may"; no decline follows): read from the library once a
    card and kept in ``engine.memo`` (the library never changes). The one reader of these
    two fields on a turn's path (:func:`placement_limit`, the turn's phases, the modules'
    own tables of a card's facts).

    Raises:
        KeyError: a card not in the library."""
    table: dict[str, tuple[int, bool]] | None = engine.memo.get(_CARD_FACTS)
    if table is None:
        table = engine.memo[_CARD_FACTS] = {}
    got = table.get(card)
    if got is None:
        c = engine.lib.cards.cards[card]
        got = table[card] = (int(c.place), c.optional is False)
    return got


def placement_limit(engine: FlowEngine, state: State, flow: Flow, number: int = -1) -> int:
    """B4.3: how many caballeros the acting player of ``flow`` (a turn's) may place from
    court with the turn's card: its number (:func:`card_facts`; ``number`` when the caller
    read it already, -1: read here), as the rules modules' ``placement_limit`` hook
    changes it (I4, C8, a card's rule change; a hook a module declares for the neutral
    caballeros' holder alone is not called on another player's turn while no rule change
    is live). Raises nothing of its own (a hook may)."""
    if number < 0:
        number = card_facts(engine, flow.card)[0]
    # (no lasting effect: the rule changes' hooks would change nothing, the modules' alone)
    hook = engine.rules.placement_limit if state.lasting else engine.rules.modules_placement_limit
    if hook is None:
        return number
    p = flow.turn_order[flow.turn_i]  # (Flow.actor inline: a turn's)
    if engine.rules.placement_limit_holder and state.neutral_holder != p \
            and not state.lasting:  # a hook for the neutral caballeros' holder alone, on
        return number  # another's turn, no rule change live: unchanged (C8, Rules.holder_only)
    h = engine.last_hooks
    if h is None or h.state is not state or h.player != p:  # (FlowEngine.hooks' common
        h = engine.hooks(state, p, flow)  # case inline: no call)
    h.flow = flow
    got = hook(h, number)
    return got if isinstance(got, int) else int(got)


def own_part(flow: Flow) -> BaseRound:
    """The base module's part of ``flow``, to change: a part a copy of the flow shares
    (``BaseRound.shared``) is replaced in ``flow`` by a copy of its own first. Every
    writer of the part gets it here; readers may read ``flow.parts["base"]``."""
    p: BaseRound = flow.parts["base"]
    if p.shared:
        p = p.own_copy()
        flow.parts = {**flow.parts, "base": p}  # replaced: copies share the dict
    return p


class BaseCache:
    """What the base module derives from an engine's library (board and cards), built once
    per engine (:func:`base_cache`): the library never changes.

    Attributes:
        decks: each action stack's cards, in the manifest's order (dealt shuffled, B1.4).
        standing: the cards on offer every round (role ``standing``, B3.5), by stack.
        region_ids: the mainland regions' ids (the secret disc's options, B6.1).
        disc_why: the board's other places (the Castillo, an expansion's areas) by id ->
            ``[rule, reason]`` a disc set to it is refused with (B6.1).
        discs: the secret-disc decisions (B6.1) made, by the players asked (a tuple),
            shared (decisions never change once made).
    """

    decks: list[list[str]]
    standing: list[str]
    region_ids: list[str]
    disc_why: dict[str, list[str]]
    discs: dict[tuple[int, ...], Any]

    def __init__(self, engine: FlowEngine) -> None:
        lib, b = engine.lib, engine.board
        self.decks = [lib.deck(s) for s in b.stacks]
        self.standing = [c.id for c in sorted(lib.of_role(STANDING), key=lambda c: c.stack)]
        self.region_ids = [b.place_id(r) for r in b.regions]
        many = _NUMBER_WORDS[len(b.regions)] if len(b.regions) < len(_NUMBER_WORDS) \
            else str(len(b.regions))
        self.disc_why = {
            p.id: ["B6.1", f"the disc shows one of the {many} mainland regions; the "
                   f"{p.name} is not one of them"]
            for i, p in enumerate(b.places) if i not in b.regions}
        self.discs = {}


#: Counts in words, for texts that read like the rules' (B6.1: "the nine mainland regions").
_NUMBER_WORDS: Final = ("no", "one", "two", "three", "four", "five", "six", "seven", "eight",
                        "nine", "ten", "eleven", "twelve")


def base_cache(engine: FlowEngine) -> BaseCache:
    """The :class:`BaseCache` of ``engine`` (kept in ``engine.memo["base"]``)."""
    c: BaseCache | None = engine.memo.get("base")
    if c is None:
        c = engine.memo["base"] = BaseCache(engine)
    return c
